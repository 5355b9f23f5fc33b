/*
 * content_int.h: what the three parts of the content loader share:
 * content.c reads the files and builds the model, content_check.c
 * validates each value against its declaration (resource.h,
 * content_check.h), and
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

#include "content/content.h"
#include "content/content_check.h"
void	 content_normalise(const struct vctx *, cJSON *, const struct field *,
	    int names);
int	 content_media_load(struct vctx *, const char *dir,
	    struct media_set **);
int	 content_render_item(struct vctx *, struct item *, cJSON *src,
	    const struct field *, const char *api_base);
size_t	 content_objects_span(const char *dir, int nlangs);

/* The largest content file read (read_beneath's limit). */
#define CONTENT_MAX_FILE	(4 * 1024 * 1024)

#endif /* PERFIL_CONTENT_INT_H */
