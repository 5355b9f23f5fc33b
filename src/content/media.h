/*
 * media.h: the files a site serves itself from its content's media/
 * directory (a portrait, other images, a PDF of the CV, a favicon),
 * at /media/NAME.
 *
 * media/ is flat: NAME is one file name of letters, digits, ".", "_"
 * and "-", not starting with "."; its extension picks the type from a
 * fixed table (media_type), and the first bytes must match it
 * (media_sniff, which also reads an image's size in pixels).  Files
 * are read into memory when the content loads (content_media.c), so
 * that a reload is atomic and no request touches the file system;
 * request handling looks them up by name (media_find), never by path.
 *
 * Ownership: a struct media_set belongs to the model (content.h);
 * content_free releases it with media_free.
 */
#ifndef PERFIL_MEDIA_H
#define PERFIL_MEDIA_H

#include <stddef.h>

#define MEDIA_DIR		"media"
#define MEDIA_MAX_FILE		(4 * 1024 * 1024)	/* bytes per file */
#define MEDIA_MAX_TOTAL		(16 * 1024 * 1024)	/* all files */
#define MEDIA_MAX_FILES		200
#define MEDIA_NAME_MAX		100			/* bytes of a name */

/* What a media type is, which decides how it is served and used. */
enum media_kind {
	MEDIA_IMAGE,		/* raster image: an <img>, a portrait */
	MEDIA_SVG,		/* vector image, served sandboxed */
	MEDIA_ICON,		/* .ico: a favicon only */
	MEDIA_DOCUMENT		/* PDF */
};

struct media_type {
	const char *ext;	/* lower case, without the dot */
	const char *type;	/* Content-Type */
	enum media_kind kind;
};

struct media_file {
	char	*name;		/* "portrait.png": the path under /media/ */
	const struct media_type *type;
	char	*data;		/* the bytes */
	size_t	 len;
	char	 etag[24];	/* quoted strong tag: a hash of the bytes */
	char	 fp[9];		/* its first 8 hex digits: the ?v= value
				 * of the fingerprinted URL */
	unsigned width, height;	/* pixels; 0 when not read (SVG, ICO,
				 * AVIF, PDF) */
};

struct media_set {
	struct media_file *files;	/* sorted by name (strcmp) */
	size_t	 n;
	size_t	 total;			/* bytes of all files */
	const struct media_file *portrait;	/* profile.image, if one */
	const struct media_file *favicon;	/* media/favicon.{svg,png,ico} */
};

const struct media_type *media_type(const char *name);
int		 media_name_ok(const char *name);
const char	*media_sniff(const struct media_type *, const char *data,
		    size_t len, unsigned *width, unsigned *height);
const struct media_file *media_find(const struct media_set *,
		    const char *name);
const char	*media_local_name(const char *ref);
const char	*media_url(const struct media_file *, const char *base_url,
		    char *buf, size_t len);
void		 media_free(struct media_set *);

#endif /* PERFIL_MEDIA_H */
