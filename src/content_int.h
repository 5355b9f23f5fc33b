/*
 * content_int.h: what the three parts of the content loader share:
 * content.c reads the files and builds the model, content_check.c
 * validates each value against its declaration (resource.h), and
 * content_json.c makes the API object of each item per language.
 * Not for other modules: they read content.h.
 *
 * Ownership: a struct vctx lives on content_load's stack for one load;
 * its errs buffer is freed by content_load.
 */
#ifndef PERFIL_CONTENT_INT_H
#define PERFIL_CONTENT_INT_H

#include <stdarg.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "content.h"
#include "dates.h"
#define CONTENT_MAX_ERRORS	200	/* reported; the rest are counted */

/* Validation state: where we are, and every problem found so far. */
struct vctx {
	const char *file;
	char	 path[512];
	size_t	 pathlen;
	struct buf errs;		/* "FILE: PATH: reason\n" lines */
	int	 nerr;
	const struct langs *langs;	/* the site's languages */
	char	 lang_all[LANG__MAX * 4 + 8];	/* "es and en", for errors */
	struct date_labels dl[LANG__MAX]; /* their date words */
	struct media_set *media;	/* media/, read first; NULL when it
					 * failed */
	const char *base_url;
};

int	 vc_failv(struct vctx *, const char *file, const char *where,
	    const char *fmt, va_list) __attribute__((format(printf, 4, 0)));
int	 vc_fail(struct vctx *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
size_t	 vc_push(struct vctx *, const char *name, int index);
void	 vc_pop(struct vctx *, size_t old);
int	 content_validate(struct vctx *, const cJSON *, const struct field *);
int	 content_check_items(struct vctx *, const cJSON *doc,
	    const struct field *el);
int	 content_check_names(struct vctx *, const cJSON *profile);
void	 content_normalise(const struct vctx *, cJSON *, const struct field *,
	    int names);
const char *content_default_lang_field(const struct field *);
int	 content_media_load(struct vctx *, const char *dir,
	    struct media_set **);
int	 content_render_item(struct vctx *, struct item *, const cJSON *src,
	    const struct field *, const char *api_base, const char *keep);

#endif /* PERFIL_CONTENT_INT_H */
