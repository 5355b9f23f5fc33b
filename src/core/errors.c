/*
 * errors.c: rendering the error envelope.  Messages and hints are in
 * English whatever the negotiated language (they are for developers);
 * errors are never cached.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/errors.h"

static const struct {
	const char *name;
	int	 status;
} codes[ERR__MAX] = {
#define X(e, name, status)	[ERR_##e] = { name, status },
	ERR_CODES(X)
#undef X
};

const char *
err_code_name(enum err_code c)
{
	return codes[c].name;
}

int
err_status(enum err_code c)
{
	return codes[c].status;
}

/*
 * Replaces whatever the response held with the error envelope for
 * code, a message formatted from fmt and the given hint, under the
 * HTTP status (the code's own when 0).
 */
static void
err_vsend(struct ctx *x, int status, enum err_code code, const char *hint,
    const char *fmt, va_list ap)
{
	struct response *r = x->resp;
	cJSON	*root = NULL, *e;
	char	 msg[1024], *json = NULL;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	resp_reset(r);
	r->status = status != 0 ? status : codes[code].status;
	r->content_type = TYPE_JSON;
	r->cache_control = CACHE_NONE;
	r->content_language = "en";
	r->omit_body = x->req != NULL && x->req->method == METHOD_HEAD;
	resp_header(r, "Access-Control-Allow-Origin", "*");
	resp_header(r, "X-Content-Type-Options", "nosniff");
	resp_header(r, "Vary", "Accept-Language");

	if ((root = cJSON_CreateObject()) == NULL ||
	    (e = cJSON_AddObjectToObject(root, "error")) == NULL ||
	    cJSON_AddNumberToObject(e, "status", r->status) == NULL ||
	    cJSON_AddStringToObject(e, "code", codes[code].name) == NULL ||
	    cJSON_AddStringToObject(e, "message", msg) == NULL ||
	    cJSON_AddStringToObject(e, "hint", hint) == NULL ||
	    cJSON_AddStringToObject(e, "documentation_url",
	    x->app->doc_url[x->app->doc_lang]) == NULL ||
	    (json = cJSON_PrintUnformatted(root)) == NULL) {
		/* Out of memory: a fixed body still keeps the contract. */
		r->status = 500;
		buf_reset(&r->body);
		buf_puts(&r->body, "{\"error\":{\"status\":500,\"code\":"
		    "\"internal_error\",\"message\":\"The server ran out of "
		    "memory.\",\"hint\":\"Retry the request later.\","
		    "\"documentation_url\":");
		buf_json_string(&r->body, x->app->doc_url[x->app->doc_lang],
		    strlen(x->app->doc_url[x->app->doc_lang]));
		buf_puts(&r->body, "}}");
	} else
		buf_puts(&r->body, json);
	free(json);
	cJSON_Delete(root);
}

void
err_send(struct ctx *x, enum err_code code, const char *hint,
    const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	err_vsend(x, 0, code, hint, fmt, ap);
	va_end(ap);
}

/* As err_send, for a status the code does not imply (412 bad_request). */
void
err_send_status(struct ctx *x, int status, enum err_code code,
    const char *hint, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	err_vsend(x, status, code, hint, fmt, ap);
	va_end(ap);
}

/*
 * Appends the JSON-RPC 2.0 error envelope to b: id is the request's
 * id as the JSON token it sent (NULL: null), data JSON text (NULL:
 * none).  A message that is not valid UTF-8 (a caller's bug: header
 * bytes must be made safe first) is replaced, so that the answer is
 * always JSON in UTF-8.
 */
void
err_rpc_body(struct buf *b, const char *id, int code, const char *data,
    const char *message)
{
	if (!utf8_valid(message, strlen(message)))
		message = "The request could not be answered.";
	buf_puts(b, "{\"jsonrpc\":\"2.0\",\"id\":");
	buf_puts(b, id != NULL ? id : "null");
	buf_printf(b, ",\"error\":{\"code\":%d,\"message\":", code);
	buf_json_string(b, message, strlen(message));
	if (data != NULL) {
		buf_puts(b, ",\"data\":");
		buf_puts(b, data);
	}
	buf_puts(b, "}}\n");
}
