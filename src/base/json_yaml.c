/*
 * json_yaml.c: a cJSON tree written as YAML with libyaml's emitter.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <yaml.h>

#include "base/json_yaml.h"

static int
yaml_write(void *data, unsigned char *bytes, size_t len)
{
	struct buf *b = data;

	buf_append(b, bytes, len);
	return !b->oom;
}

/*
 * Returns 1 when s may be written as a plain YAML scalar and still
 * read back as the same string under both YAML 1.1 and 1.2 resolution
 * rules: it must start with a letter, '/', '_' or '$' (so never a
 * number, a date or an indicator) and not be a null or boolean word.
 */
static int
plain_is_string(const char *s)
{
	static const char *const words[] = { "null", "true", "false", "yes",
	    "no", "on", "off", "y", "n", NULL };
	const char *const *w;
	unsigned char c = (unsigned char)s[0];

	if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '/' ||
	    c == '_' || c == '$'))
		return 0;
	for (w = words; *w != NULL; w++)
		if (strcasecmp(s, *w) == 0)
			return 0;
	return 1;
}

static int
emit_scalar(yaml_emitter_t *e, const char *s, int is_string)
{
	yaml_event_t ev;
	yaml_scalar_style_t style = YAML_ANY_SCALAR_STYLE;
	int	 plain;

	plain = !is_string || plain_is_string(s);
	if (!plain)
		style = strchr(s, '\n') != NULL ? YAML_LITERAL_SCALAR_STYLE :
		    YAML_DOUBLE_QUOTED_SCALAR_STYLE;
	else if (is_string && strchr(s, '\n') != NULL)
		style = YAML_LITERAL_SCALAR_STYLE;
	if (!yaml_scalar_event_initialize(&ev, NULL, NULL,
	    (yaml_char_t *)(uintptr_t)s, (int)strlen(s), plain, 1, style))
		return -1;
	return yaml_emitter_emit(e, &ev) ? 0 : -1;
}

/* Emits the events of one cJSON value, recursively. */
static int
emit_node(yaml_emitter_t *e, const cJSON *n)
{
	yaml_event_t ev;
	const cJSON *c;
	char	 num[64], *x;

	if (cJSON_IsObject(n)) {
		if (!yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
		    YAML_BLOCK_MAPPING_STYLE) || !yaml_emitter_emit(e, &ev))
			return -1;
		cJSON_ArrayForEach(c, n)
			if (emit_scalar(e, c->string, 1) == -1 ||
			    emit_node(e, c) == -1)
				return -1;
		if (!yaml_mapping_end_event_initialize(&ev))
			return -1;
		return yaml_emitter_emit(e, &ev) ? 0 : -1;
	}
	if (cJSON_IsArray(n)) {
		if (!yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
		    YAML_BLOCK_SEQUENCE_STYLE) || !yaml_emitter_emit(e, &ev))
			return -1;
		cJSON_ArrayForEach(c, n)
			if (emit_node(e, c) == -1)
				return -1;
		if (!yaml_sequence_end_event_initialize(&ev))
			return -1;
		return yaml_emitter_emit(e, &ev) ? 0 : -1;
	}
	if (cJSON_IsString(n))
		return emit_scalar(e, n->valuestring, 1);
	if (cJSON_IsBool(n))
		return emit_scalar(e, cJSON_IsTrue(n) ? "true" : "false", 0);
	if (cJSON_IsNumber(n)) {
		if (whole_in(n->valuedouble, -9007199254740991.0,
		    9007199254740991.0))
			snprintf(num, sizeof(num), "%.0f", n->valuedouble);
		else {
			snprintf(num, sizeof(num), "%.17g", n->valuedouble);
			/* YAML 1.1 reads "1e+17" as a string, "1.0e+17" as a
			 * float. */
			if (strchr(num, '.') == NULL &&
			    (x = strchr(num, 'e')) != NULL) {
				memmove(x + 2, x, strlen(x) + 1);
				memcpy(x, ".0", 2);
			}
		}
		return emit_scalar(e, num, 0);
	}
	return emit_scalar(e, "null", 0);
}

/*
 * Appends doc as one YAML document to out, through libyaml's emitter
 * (block style, UTF-8, no line folding).  Returns 0 or -1.
 */
int
json_yaml(const cJSON *doc, struct buf *out)
{
	yaml_emitter_t e;
	yaml_event_t ev;
	int	 rc = -1;

	if (!yaml_emitter_initialize(&e))
		return -1;
	yaml_emitter_set_output(&e, yaml_write, out);
	yaml_emitter_set_unicode(&e, 1);
	yaml_emitter_set_width(&e, -1);
	yaml_emitter_set_indent(&e, 2);
	if (!yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING) ||
	    !yaml_emitter_emit(&e, &ev))
		goto out;
	if (!yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1) ||
	    !yaml_emitter_emit(&e, &ev))
		goto out;
	if (emit_node(&e, doc) == -1)
		goto out;
	if (!yaml_document_end_event_initialize(&ev, 1) ||
	    !yaml_emitter_emit(&e, &ev))
		goto out;
	if (!yaml_stream_end_event_initialize(&ev) ||
	    !yaml_emitter_emit(&e, &ev) || !yaml_emitter_flush(&e))
		goto out;
	rc = 0;
out:
	yaml_emitter_delete(&e);
	return rc;
}
