/*
 * placeholder.c: finding the placeholder values of a content set
 * (placeholder.h).
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "content/placeholder.h"

#define SHOW_MAX	80	/* bytes of a value a warning quotes */

/* Returns 1 when host (len bytes, any case) is s or ends in ".s". */
static int
host_is(const char *host, size_t len, const char *s)
{
	size_t	 n = strlen(s);

	return (len == n && strncasecmp(host, s, n) == 0) || (len > n &&
	    host[len - n - 1] == '.' && strncasecmp(host + len - n, s,
	    n) == 0);
}

/*
 * Returns why s is a placeholder ("TODO", "an example.org/.com/.net
 * host (RFC 2606)", "a .example host (RFC 2606)"), or NULL.  A TODO is
 * the word in capitals (not "TODOS"); a host is any run of letters,
 * digits, "." and "-" with a dot in it, as in an email address or a URL,
 * in any case.
 */
const char *
placeholder_why(const char *s, int fictional)
{
	const char *p, *t;
	size_t	 len;

	for (p = s; (p = strstr(p, "TODO")) != NULL; p += 4)
		if ((p == s || !isalpha((unsigned char)p[-1])) &&
		    !isalpha((unsigned char)p[4]))
			return "TODO";
	for (p = s; *p != '\0'; p = t) {
		for (t = p; isalnum((unsigned char)*t) || *t == '.' ||
		    *t == '-'; t++)
			continue;
		len = (size_t)(t - p);
		while (len > 0 && p[len - 1] == '.')
			len--;
		if (len > 0 && memchr(p, '.', len) != NULL) {
			if (host_is(p, len, "example.org") ||
			    host_is(p, len, "example.com") ||
			    host_is(p, len, "example.net"))
				return "an example.org/.com/.net host "
				    "(RFC 2606)";
			if (!fictional && len > 8 && strncasecmp(p + len - 8,
			    ".example", 8) == 0)
				return "a .example host (RFC 2606)";
		}
		if (t == p)
			t++;
	}
	return NULL;
}

/* Appends "FILE: PATH: "VALUE" (WHY)\n", the value cut to SHOW_MAX. */
static void
report(struct buf *out, const char *file, const char *path, const char *s,
    const char *why)
{
	buf_printf(out, "%s: %s: \"%.*s%s\" (%s)\n", file, path,
	    (int)(strlen(s) > SHOW_MAX ? SHOW_MAX : strlen(s)), s,
	    strlen(s) > SHOW_MAX ? "..." : "", why);
}

/*
 * scan of placeholder_scan_json: path[0..len) is v's JSON path, in a
 * buffer of PATH_MAX_LEN bytes that each level extends and gives back
 * (formatting each member's path anew was most of the scan).
 */
static int
scan(const cJSON *v, const char *file, char *path, size_t len,
    int fictional, struct buf *out)
{
	const cJSON *e;
	const char *why;
	size_t	 sub;
	int	 n = 0, i = 0;

	if (cJSON_IsString(v)) {
		if ((why = placeholder_why(v->valuestring, fictional)) ==
		    NULL)
			return 0;
		report(out, file, len > 0 ? path : "(top level)",
		    v->valuestring, why);
		return 1;
	}
	cJSON_ArrayForEach(e, v) {
		if (cJSON_IsArray(v))
			sub = json_path_index(path, len, i++);
		else
			sub = json_path_member(path, len, e->string);
		n += scan(e, file, path, sub, fictional, out);
		path[len] = '\0';
	}
	return n;
}

/*
 * Appends one line per placeholder string under v, at JSON path path
 * ("" for the top; "name", "[2].url") of file.  Returns their number.
 */
int
placeholder_scan_json(const cJSON *v, const char *file, const char *path,
    int fictional, struct buf *out)
{
	char	 buf[JSON_PATH_MAX];

	snprintf(buf, sizeof(buf), "%s", path);
	return scan(v, file, buf, strlen(buf), fictional, out);
}

/*
 * Appends one line per line of text (a markdown page) that holds a
 * placeholder: "FILE: line N: ...".  Returns their number (out->oom set
 * when a long line could not be copied).
 */
int
placeholder_scan_text(const char *text, const char *file, int fictional,
    struct buf *out)
{
	const char *p, *end, *why;
	char	 stack[1024], *line, where[32];
	size_t	 len;
	int	 n = 0, no = 1;

	for (p = text; *p != '\0'; p = *end ? end + 1 : end, no++) {
		if ((end = strchr(p, '\n')) == NULL)
			end = p + strlen(p);
		len = (size_t)(end - p);
		/* The whole line: a paragraph is one, however long. */
		if ((line = len < sizeof(stack) ? stack : malloc(len + 1)) ==
		    NULL) {
			out->oom = 1;
			break;
		}
		memcpy(line, p, len);
		line[len] = '\0';
		if ((why = placeholder_why(line, fictional)) != NULL) {
			snprintf(where, sizeof(where), "line %d", no);
			report(out, file, where, line, why);
			n++;
		}
		if (line != stack)
			free(line);
	}
	return n;
}
