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

#include "http/request.h"

const char	*resume_date_ok(const char *);
const char	*resume_phone_ok(const char *);
const char	*resume_language_code(const char *name,
		    const char *schema_lang, const struct langs *);
cJSON		*resume_read(const char *file, char *err, size_t errlen);

#endif /* PERFIL_RESUME_VALUES_H */
