/*
 * init.h: writing a new content directory (perfil-fcgi --init DIR).
 *
 * A struct init_content describes the files in memory: the JSON
 * documents as cJSON trees (NULL: the file is not written; only the
 * optional ones may be NULL), the markdown pages as text (NULL: the
 * page is not written) and a README.  A new directory is written
 * whole or not at all: init_stage puts the files into a temporary
 * directory beside the target (same parent), JSON with 2-space
 * indentation, keys in the order given, with a site.json naming the
 * description's languages; the caller loads it from there with the
 * loader's own rules, then init_commit renames it into place or
 * init_discard removes it.  init_clean makes an import's strings what
 * the loader accepts (control characters become spaces, each reported);
 * init_text writes a translated text for the description's languages
 * (a plain string for one language); init_skeleton fills a description
 * with the minimal skeleton that --init writes.  Other writers (an
 * import from another format) fill their own description and stage it.
 *
 * Ownership: init_stage only reads the description; init_clean edits
 * its strings in place.  What
 * init_skeleton builds belongs to the description; init_content_free
 * deletes the cJSON trees of any description (the strings are never
 * freed: they are the caller's or static).
 */
#ifndef PERFIL_INIT_H
#define PERFIL_INIT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "content/content.h"

/* The language of --init without --languages (and a document that
 * states none): English, the language JSON Resume's schema is in. */
#define INIT_LANGUAGE	"en"

/* The longest path of a content directory --init writes (and of its
 * temporary directory): the loader's paths of the files beneath it,
 * DIR/NAME, have at most 1,023 bytes, which leaves 63 for the names. */
#define INIT_DIR_MAX	960
/* The temporary directory's name, in the target's parent, before
 * mkdtemp's six characters. */
#define INIT_TEMP_PREFIX ".perfil-init-"

struct init_content {
	cJSON	*profile;			/* profile.json */
	cJSON	*about;				/* about.json */
	cJSON	*coll[COLL__MAX];		/* arrays, resource.c's files */
	const char *readme;			/* README.md, or NULL */
	struct langs langs;			/* site.json's, [0] the
						 * default; texts in these */
};

int	 init_skeleton(struct init_content *, const struct langs *);
cJSON	*init_text(const struct langs *, const char *);
void	 init_content_free(struct init_content *);
int	 init_clean(struct init_content *, struct buf *report);
int	 init_stage(const char *dir, const struct init_content *, char *tmp,
	    size_t tmplen, char *err, size_t errlen);
int	 init_commit(const char *tmp, const char *dir, char *err,
	    size_t errlen);
int	 init_discard(const char *tmp);
int	 init_json_print(const cJSON *, struct buf *);
int	 init_replace(const char *dir, const char *name, const char *text,
	    size_t len, char *err, size_t errlen);

#endif /* PERFIL_INIT_H */
