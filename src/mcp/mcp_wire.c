/*
 * mcp_wire.c: the JSON-RPC wire of the MCP endpoint, below the transport
 * (mcp.c), the method table (mcp_rpc.c) and what the methods serve
 * (mcp_tools.c): the revisions spoken, an answer's headers, the result
 * and error envelopes (errors.c's err_rpc_body), and the bounded raw scan
 * of a body (the id's token, U+0000, nesting) made before cJSON's tree is
 * trusted.  It calls none of the three.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/errors.h"
#include "site/markdown.h"
#include "mcp/mcp_int.h"

/* The headers of every answer: never stored by a cache. */
void
mcp_answer(struct ctx *x, int status)
{
	struct response *r = x->resp;

	resp_reset(r);
	r->status = status;
	r->cache_control = CACHE_NONE;
	r->content_language = lang_code(x->app->langs, x->lang);
	resp_header(r, "X-Content-Type-Options", "nosniff");
	resp_header(r, "Vary", "Accept-Language, Origin");
	if (status != 202)
		r->content_type = TYPE_JSON;
}
/* The protocol revisions this server speaks, the newest first: the
 * modern one, then those with initialize (the first of them is what
 * initialize offers a client that asks for another). */
const char *const mcp_versions[] = {
	MCP_MODERN, MCP_LEGACY, "2025-06-18", "2025-03-26", NULL
};

/* Adds the capabilities to res: tools, resources and prompts, whose
 * lists never change while the server runs (a content reload starts
 * anew); the legacy era says so with listChanged false.  initialize,
 * server/discover and the server card (mcp_card.c) say them. */
void
mcp_capabilities(cJSON *res, enum mcp_era era)
{
	cJSON	*cap, *t, *r, *p;

	cap = cJSON_AddObjectToObject(res, "capabilities");
	t = cJSON_AddObjectToObject(cap, "tools");
	r = cJSON_AddObjectToObject(cap, "resources");
	p = cJSON_AddObjectToObject(cap, "prompts");
	if (era == MCP_ERA_LEGACY) {
		cJSON_AddBoolToObject(t, "listChanged", 0);
		cJSON_AddBoolToObject(r, "listChanged", 0);
		cJSON_AddBoolToObject(p, "listChanged", 0);
	}
}

/* A protocol revision this server speaks, or NULL. */
const char *
mcp_version_known(const char *v)
{
	size_t	 i;

	for (i = 0; v != NULL && mcp_versions[i] != NULL; i++)
		if (strcmp(v, mcp_versions[i]) == 0)
			return mcp_versions[i];
	return NULL;
}

/*
 * A copy of s (at most max bytes) that is safe in a JSON answer
 * whatever its bytes: what is not printable ASCII becomes '?'.  For
 * header values, which are ASCII by HTTP's rules and may hold anything
 * a client sent.
 */
const char *
mcp_safe(struct arena *a, const char *s, size_t max)
{
	size_t	 n = strlen(s), i;
	char	*p;

	if (n > max)
		n = max;
	if ((p = arena_alloc(a, n + (n < strlen(s) ? 4 : 1))) == NULL)
		return "";
	for (i = 0; i < n; i++)
		p[i] = s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?';
	strcpy(p + n, n < strlen(s) ? "..." : "");
	return p;
}

/* Answers status with a JSON-RPC error: code, data (JSON text or
 * NULL), a message (printf), the request's id as it was sent. */
void
mcp_error(struct mcp_call *c, int status, int code, const char *data,
    const char *fmt, ...)
{
	struct buf msg;
	va_list	 ap;

	mcp_answer(c->x, status);
	buf_init(&msg);
	va_start(ap, fmt);
	buf_vprintf(&msg, fmt, ap);
	va_end(ap);
	err_rpc_body(&c->x->resp->body, c->id, code, data, msg.oom ?
	    "The server ran out of memory." : buf_cstr(&msg));
	buf_free(&msg);
}

/*
 * Answers a result: json is an object's JSON text.  In the modern era
 * every result says it is complete, and a cacheable one (lists, reads,
 * discovery) carries the caching hints of the site's public answers:
 * the same data for everyone ("public"), fresh for the max-age the
 * API's Cache-Control gives.
 */
void
mcp_result(struct mcp_call *c, const char *json, int cacheable)
{
	struct buf *b = &c->x->resp->body;

	mcp_answer(c->x, 200);
	buf_puts(b, "{\"jsonrpc\":\"2.0\",\"id\":");
	buf_puts(b, c->id != NULL ? c->id : "null");
	buf_puts(b, ",\"result\":");
	if (c->era != MCP_ERA_MODERN || *json != '{') {
		buf_puts(b, json);
		buf_puts(b, "}\n");
		return;
	}
	buf_puts(b, "{\"resultType\":\"complete\"");
	if (cacheable)
		buf_printf(b, ",\"ttlMs\":%d,\"cacheScope\":\"public\"",
		    CACHE_MAX_AGE * 1000);
	json++;
	json += strspn(json, " \t\r\n");
	if (*json != '}')
		buf_putc(b, ',');
	buf_puts(b, json);
	buf_puts(b, "}\n");
}

/* Answers a result built as a tree, which it frees; NULL is out of
 * memory. */
void
mcp_result_tree(struct mcp_call *c, cJSON *res, int cacheable)
{
	char	*s;

	if (res == NULL || (s = cJSON_PrintUnformatted(res)) == NULL) {
		cJSON_Delete(res);
		mcp_error(c, 200, MCP_E_INTERNAL, NULL, "The server ran out "
		    "of memory while answering; retry later.");
		return;
	}
	mcp_result(c, s, cacheable);
	free(s);
	cJSON_Delete(res);
}
/* --- The raw body ------------------------------------------------------- */

/*
 * The raw scans below read the body's bytes once, without recursion,
 * so that their work is linear in its length (at most REQ_BODY_MAX).
 */

/* The end of the JSON string opening at p (its '"'), or end. */
static const char *
str_end(const char *p, const char *end)
{
	for (p++; p < end && *p != '"'; p++)
		if (*p == '\\' && p + 1 < end)
			p++;
	return p < end ? p + 1 : end;
}

/* True when the JSON text [p, end) nests arrays and objects at most
 * max deep (the strings' brackets are not counted). */
int
mcp_raw_depth_ok(const char *p, size_t len, int max)
{
	const char *end = p + len;
	int	 depth = 0;

	while (p < end) {
		if (*p == '"') {
			p = str_end(p, end);
			continue;
		}
		if ((*p == '[' || *p == '{') && ++depth > max)
			return 0;
		if (*p == ']' || *p == '}')
			depth--;
		p++;
	}
	return 1;
}

/* The end of the JSON value starting at p (valid JSON: cJSON parsed
 * it before), or end. */
static const char *
value_end(const char *p, const char *end)
{
	int	 depth = 0;

	do {
		if (*p == '"')
			p = str_end(p, end);
		else {
			if (*p == '[' || *p == '{')
				depth++;
			else if (*p == ']' || *p == '}')
				depth--;
			else if (depth == 0) {
				while (p < end && strchr(",}] \t\r\n", *p) ==
				    NULL)
					p++;
				break;
			}
			p++;
		}
	} while (p < end && depth > 0);
	return p < end ? p : end;
}

static const char *
skip_ws(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' ||
	    *p == '\n'))
		p++;
	return p;
}

/*
 * Finds the first member named key (written without escapes, as every
 * client writes "id" and "method") of the top-level object of the JSON
 * text [p, p + len), which cJSON has parsed: its value's raw token in
 * val and vlen.  Returns 0, or -1 when there is none.
 */
int
mcp_raw_member(const char *p, size_t len, const char *key, const char **val,
    size_t *vlen)
{
	const char *end = p + len, *k, *ke, *v;
	size_t	 klen = strlen(key);

	p = skip_ws(p, end);
	if (p >= end || *p != '{')
		return -1;
	for (p++; p < end; ) {
		p = skip_ws(p, end);
		if (p >= end || *p != '"')
			return -1;
		k = p + 1;
		ke = str_end(p, end) - 1;
		p = skip_ws(ke + 1, end);
		if (p >= end || *p != ':')
			return -1;
		v = skip_ws(p + 1, end);
		p = value_end(v, end);
		if ((size_t)(ke - k) == klen && memcmp(k, key, klen) == 0) {
			*val = v;
			*vlen = (size_t)(p - v);
			return 0;
		}
		p = skip_ws(p, end);
		if (p >= end || *p != ',')
			return -1;
		p++;
	}
	return -1;
}

/* True when the JSON text [p, p + len) has a string holding U+0000
 * (the escape \u0000: the body's raw bytes have no NUL, mcp_serve
 * refused every control character JSON does not allow). */
int
mcp_raw_has_nul(const char *p, size_t len)
{
	const char *end = p + len;

	for (; p < end; p++) {
		if (*p != '\\' || p + 1 >= end)
			continue;
		if (p[1] == 'u' && end - p >= 6 && strncmp(p + 2, "0000", 4) == 0)
			return 1;
		p++;		/* the escaped character */
	}
	return 0;
}
