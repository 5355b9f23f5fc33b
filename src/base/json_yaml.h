/*
 * json_yaml.h: a cJSON tree written as YAML with libyaml's emitter.
 *
 * Block style; strings that a YAML 1.1 or 1.2 reader would take for
 * another type (numbers, booleans, null, dates, indicators) are quoted,
 * so the YAML parses back to exactly the JSON document.
 *
 * Ownership: json_yaml appends to the caller's struct buf and keeps
 * nothing; the tree stays the caller's.
 */
#ifndef PERFIL_JSON_YAML_H
#define PERFIL_JSON_YAML_H

#include <cjson/cJSON.h>

#include "base/util.h"

/* Appends the YAML form of doc to out; returns 0, or -1 on failure. */
int	 json_yaml(const cJSON *doc, struct buf *out);

#endif /* PERFIL_JSON_YAML_H */
