/*
 * resume_values.h: JSON Resume values as perfil needs them (the
 * import's helpers).
 *
 * Ownership: resume_read returns a tree the caller deletes; the other
 * functions return their argument, NULL, or the caller's out buffer.
 */
#ifndef PERFIL_RESUME_VALUES_H
#define PERFIL_RESUME_VALUES_H

#include <search.h>
#include <stddef.h>

#include <cjson/cJSON.h>
#include <unicode/utrans.h>

#include "request.h"

const char	*resume_url_ok(const char *);
const char	*resume_date_ok(const char *);
const char	*resume_phone_ok(const char *);
/* The slugs of one collection being imported (resume_values.c). */
struct slug_set {
	struct hsearch_data taken, next;
	char	**keys;		/* the tables' keys, owned */
	size_t	 nkeys, cap;
};

int		 slug_set_init(struct slug_set *, size_t n);
void		 slug_set_free(struct slug_set *);
char		*resume_slug(UTransliterator *, const char *name,
		    struct slug_set *, char *out, size_t len);
const char	*resume_language_code(const char *name,
		    const char *schema_lang, const struct langs *);
cJSON		*resume_read(const char *file, char *err, size_t errlen);

#endif /* PERFIL_RESUME_VALUES_H */
