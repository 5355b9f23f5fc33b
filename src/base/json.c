/*
 * json.c: cJSON member getters, and printing a tree into a buffer
 * (json.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"

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

/* s as cJSON's print_string_ptr writes it (NULL: ""). */
static void
print_string(const char *s, struct buf *b)
{
	if (s == NULL)
		buf_puts(b, "\"\"");
	else
		buf_cjson_string(b, s, strlen(s));
}

/* n tabs. */
static void
tabs(struct buf *b, int n)
{
	while (n-- > 0)
		buf_putc(b, '\t');
}

/* print_value at depth (the containers around it). */
static int
print_value(const cJSON *o, int format, int depth, struct buf *b)
{
	const cJSON *e;
	char	*s;

	switch (o->type & 0xff) {
	case cJSON_NULL:
		buf_puts(b, "null");
		return 0;
	case cJSON_False:
		buf_puts(b, "false");
		return 0;
	case cJSON_True:
		buf_puts(b, "true");
		return 0;
	case cJSON_Number:
		/* cJSON's own digits (%1.15g, else %1.17g, and the
		 * locale's decimal point made '.'): numbers are few. */
		if ((s = cJSON_PrintUnformatted(o)) == NULL)
			return -1;
		buf_puts(b, s);
		cJSON_free(s);
		return 0;
	case cJSON_Raw:
		if (o->valuestring == NULL)
			return -1;
		buf_puts(b, o->valuestring);
		return 0;
	case cJSON_String:
		print_string(o->valuestring, b);
		return 0;
	case cJSON_Array:
		buf_putc(b, '[');
		for (e = o->child; e != NULL; e = e->next) {
			if (print_value(e, format, depth + 1, b) == -1)
				return -1;
			if (e->next != NULL)
				buf_puts(b, format ? ", " : ",");
		}
		buf_putc(b, ']');
		return 0;
	case cJSON_Object:
		buf_puts(b, format ? "{\n" : "{");
		for (e = o->child; e != NULL; e = e->next) {
			if (format)
				tabs(b, depth + 1);
			print_string(e->string, b);
			buf_puts(b, format ? ":\t" : ":");
			if (print_value(e, format, depth + 1, b) == -1)
				return -1;
			if (e->next != NULL)
				buf_putc(b, ',');
			if (format)
				buf_putc(b, '\n');
		}
		if (format)
			tabs(b, depth);
		buf_putc(b, '}');
		return 0;
	default:
		return -1;
	}
}

int
json_print(const cJSON *o, int format, struct buf *b)
{
	if (o == NULL || print_value(o, format, 0, b) == -1)
		return -1;
	return b->oom ? -1 : 0;
}
