/*
 * init.h: writing a new content directory (perfil-fcgi --init DIR).
 *
 * A struct init_content describes the files in memory: the JSON
 * documents as cJSON trees (NULL: the file is not written; only the
 * optional ones may be NULL), the markdown pages as text (NULL: the
 * page is not written) and a README.  init_write puts them into a new
 * directory, JSON with 2-space indentation, keys in the order given,
 * with a site.json naming the description's languages; init_text
 * writes a translated text for them (a plain string for one language);
 * init_skeleton fills a description with the minimal skeleton that
 * --init writes.  Other writers (an import from another format) fill
 * their own description and call init_write.
 *
 * Ownership: init_write only reads the description.  What
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
int	 init_write(const char *dir, const struct init_content *, char *err,
	    size_t errlen);
int	 init_json_print(const cJSON *, struct buf *);

#endif /* PERFIL_INIT_H */
