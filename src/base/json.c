/*
 * json.c: cJSON member getters (json.h).
 */
#include "config.h"

#include "base/json.h"

/* The string member name of o, or "" when o has none (validated
 * content has them). */
const char *
json_str(const cJSON *o, const char *name)
{
	const char *s;

	s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, name));
	return s != NULL ? s : "";
}
