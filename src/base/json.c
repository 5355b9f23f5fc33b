/*
 * json.c: cJSON member getters (json.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

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

/* Appends s to path[0..len), cut at JSON_PATH_MAX - 1 bytes. */
static size_t
path_append(char *path, size_t len, const char *s)
{
	size_t	 n = strlen(s);

	if (n > JSON_PATH_MAX - 1 - len)
		n = JSON_PATH_MAX - 1 - len;
	memcpy(path + len, s, n);
	path[len + n] = '\0';
	return len + n;
}

size_t
json_path_index(char *path, size_t len, int i)
{
	char	 ix[16];

	snprintf(ix, sizeof(ix), "[%d]", i);
	return path_append(path, len, ix);
}

size_t
json_path_member(char *path, size_t len, const char *name)
{
	if (len > 0)
		len = path_append(path, len, ".");
	return path_append(path, len, name);
}
