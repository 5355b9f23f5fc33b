/*
 * json.h: reading a member of a cJSON object that validation has
 * already checked (content.h), without a NULL test at every use.
 *
 * Ownership: the strings returned are the tree's (or static "").
 */
#ifndef PERFIL_JSON_H
#define PERFIL_JSON_H

#include <cjson/cJSON.h>

const char	*json_str(const cJSON *, const char *name);

#endif /* PERFIL_JSON_H */
