/*
 * json.h: reading a member of a cJSON object that validation has
 * already checked (content.h), without a NULL test at every use; and
 * the JSON path of a member ("[2].url") built in place while a tree is
 * walked, for the scans that name the member they report.
 *
 * Ownership: the strings returned are the tree's (or static ""); a
 * path is the caller's buffer of JSON_PATH_MAX bytes.
 */
#ifndef PERFIL_JSON_H
#define PERFIL_JSON_H

#include <cjson/cJSON.h>

#include <stddef.h>

#define JSON_PATH_MAX	512	/* bytes of a path, its NUL included */

const char	*json_str(const cJSON *, const char *name);
/* Append "[i]", or ".name" ("name" at the top), to path[0..len), cut
 * at JSON_PATH_MAX - 1 bytes as snprintf would; return its length. */
size_t		 json_path_index(char *, size_t len, int i);
size_t		 json_path_member(char *, size_t len, const char *name);

struct buf;
/* Appends the JSON of o to the buffer: the same bytes as cJSON_Print
 * (format 1) or cJSON_PrintUnformatted (0), without the copies its
 * buffer takes as it grows (cJSON grows it by copying once hooks are
 * set, json_arena.h) and the string it returns.  0, or -1 out of
 * memory or for an invalid item. */
int		 json_print(const cJSON *, int format, struct buf *);

#endif /* PERFIL_JSON_H */
