/*
 * resume_import_int.h: what the JSON Resume import's files share
 * (resume_import.c: the document, profile and about; resume_import_coll.c:
 * the collections; resume_import_tree.c the builders both use, calling
 * neither; resume_shape.c checks the document's shape first).  Calls run
 * one way: resume_import.c -> resume_import_coll.c -> resume_import_tree.c.
 * Prefix rimp_.
 *
 * Ownership: struct rimp points into the caller's document and report;
 * the rimp_ builders return trees the caller adds to its own (or
 * deletes), setting oom when an allocation fails.
 */
#ifndef PERFIL_RESUME_IMPORT_INT_H
#define PERFIL_RESUME_IMPORT_INT_H

#include <cjson/cJSON.h>

#include "import/init.h"
#include "content/resource.h"
#include "content/slug.h"
#include "base/util.h"

struct rimp {
	const cJSON *doc;
	struct langs langs;	/* the site's */
	enum lang lang;		/* the document's, one of langs */
	struct buf *report;
	struct slug_rules *slugs; /* in the document's language (slug.h) */
	int	 oom;
};

const char	*rimp_str(const cJSON *, const char *key);
const char	*rimp_todo(struct rimp *, const char *file, const char *field,
		    const char *value, const char *why);
void		 rimp_duplicates(struct rimp *, const cJSON *doc);
void		 rimp_unknown(struct rimp *, const char *where,
		    const cJSON *, const char *const *list);
void		 rimp_unknown_each(struct rimp *, const char *where,
		    const cJSON *, const char *const *list);
cJSON		*rimp_text(struct rimp *, const char *);
void		 rimp_add(struct rimp *, cJSON *, const char *key, cJSON *);
void		 rimp_add_str(struct rimp *, cJSON *, const char *key,
		    const char *);
void		 rimp_push(struct rimp *, cJSON *, cJSON *);
cJSON		*rimp_new_obj(struct rimp *);
void		 rimp_collections(struct rimp *, struct init_content *);

#endif /* PERFIL_RESUME_IMPORT_INT_H */
