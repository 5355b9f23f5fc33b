/*
 * handler.c: one request from environment to response.  The order of
 * checks is the contract's: a malformed request line (400), an unknown
 * route (404), a method other than GET/HEAD/OPTIONS (405), a malformed
 * query string (400 bad_request), then parameter values (400
 * invalid_parameter), then the handler.
 */
#include "config.h"

#include <string.h>
#include <time.h>

#include "api/api.h"
#include "http/encoding.h"
#include "core/errors.h"
#include "server/handler.h"
#include "mcp/mcp.h"
#include "api/openapi.h"
#include "site/pages.h"
#include "server/prerender.h"
#include "core/routes.h"
#include "api/search.h"
#include "site/webfinger.h"

/* The function behind each handler the route table names. */
static void (*const route_handlers[RH__MAX])(struct ctx *) = {
	[RH_HEALTH] = api_health,
	[RH_PROFILE] = api_profile,
	[RH_ABOUT] = api_about,
	[RH_LIST] = api_list,
	[RH_ITEM] = api_item,
	[RH_SEARCH] = search_handler,
	[RH_OPENAPI] = openapi_serve,
	[RH_PAGE] = pages_page,
	[RH_DOC] = pages_doc,
	[RH_PROJECT_PAGE] = pages_project,
	[RH_CV_VARIANT] = pages_cv_variant,
	[RH_MEDIA] = pages_media,
	[RH_WEBFINGER] = webfinger_serve,
	[RH_MCP] = mcp_serve,
	[RH_MCP_CARD] = mcp_card_serve,
};

/* Quotes raw client bytes for a message: printable ASCII as is, the
 * rest percent-encoded, at most 80 bytes of input. */
static const char *
show_raw(struct arena *a, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	struct buf b;
	const char *p;
	char	*out;
	size_t	 i;

	buf_init(&b);
	for (i = 0; s[i] != '\0' && i < 80; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c > 0x20 && c < 0x7f)
			buf_putc(&b, (char)c);
		else {
			char	 esc[3] = { '%', hex[c >> 4], hex[c & 0xf] };

			buf_append(&b, esc, 3);
		}
	}
	if (s[i] != '\0')
		buf_puts(&b, "...");
	out = arena_strndup(a, buf_cstr(&b), b.len);
	buf_free(&b);
	p = out ? out : "";
	return p;
}

static void
not_found_route(struct ctx *x)
{
	const char *path = x->req->path, *slug;
	size_t	 len = strlen(path);
	char	*trimmed, *hint = NULL;

	if (len > 1 && path[len - 1] == '/' &&
	    (trimmed = arena_strndup(x->arena, path, len - 1)) != NULL &&
	    route_match(trimmed, &slug, x->arena) != NULL)
		hint = arena_printf(x->arena, "Remove the trailing slash: "
		    "%s%s.", x->app->cfg->base_url,
		    arena_excerpt(x->arena, trimmed, len - 1, 200));
	if (hint == NULL)
		hint = arena_printf(x->arena, "Every endpoint starts with "
		    "/api/v1/; see the list in %s/openapi.json or at %s.",
		    x->app->cfg->base_url,
		    x->app->doc_url[x->app->doc_lang]);
	err_send(x, ERR_NOT_FOUND, hint ? hint : "See /openapi.json.",
	    "No API endpoint matches the path '%s'.",
	    arena_excerpt(x->arena, path, len, 200));
}

static void
preflight(struct ctx *x)
{
	struct response *r = x->resp;
	const char *h = x->req->acr_headers;

	r->status = 204;
	r->cache_control = CACHE_PUBLIC;
	resp_header(r, "Allow", ALLOWED_METHODS);
	resp_header(r, "Access-Control-Allow-Origin", "*");
	resp_header(r, "Access-Control-Allow-Methods", ALLOWED_METHODS);
	if (h != NULL && *h != '\0' && strlen(h) <= 512 &&
	    strspn(h, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_, ") == strlen(h))
		resp_header(r, "Access-Control-Allow-Headers", h);
	else
		resp_header(r, "Access-Control-Allow-Headers",
		    "Accept, Accept-Language, If-None-Match");
	resp_header(r, "Access-Control-Max-Age", "86400");
	resp_header(r, "X-Content-Type-Options", "nosniff");
}

static int
bad_param(struct ctx *x, const struct route_param *p, const char *rule,
    const char *hint)
{
	const struct req_param *v = &x->req->param[p->id];

	err_send(x, ERR_INVALID_PARAMETER, hint,
	    "Parameter '%s' must be %s; received '%s'.",
	    req_param_name(p->id), rule,
	    arena_excerpt(x->arena, v->value, v->len, 80));
	return -1;
}

/*
 * True when the UTF-8 text s of n bytes is only white space as
 * ECMA-262 defines \s (OpenAPI's pattern "\S" for q says the same).
 */
static int
only_space(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	unsigned long cp;
	int	 len;

	while (p < end) {
		if (*p < 0x80) {
			cp = *p;
			len = 1;
		} else if ((*p & 0xe0) == 0xc0 && end - p >= 2) {
			cp = (unsigned long)(*p & 0x1f) << 6 | (p[1] & 0x3f);
			len = 2;
		} else if ((*p & 0xf0) == 0xe0 && end - p >= 3) {
			cp = (unsigned long)(*p & 0x0f) << 12 |
			    (unsigned long)(p[1] & 0x3f) << 6 | (p[2] & 0x3f);
			len = 3;
		} else
			return 0;	/* four bytes: never a space */
		if (!(cp == ' ' || (cp >= '\t' && cp <= '\r') ||
		    cp == 0xa0 || cp == 0x1680 ||
		    (cp >= 0x2000 && cp <= 0x200a) || cp == 0x2028 ||
		    cp == 0x2029 || cp == 0x202f || cp == 0x205f ||
		    cp == 0x3000 || cp == 0xfeff))
			return 0;
		p += len;
	}
	return 1;
}

/*
 * Checks the text parameter p (a search text) and applies it in
 * x->val.  Returns 0, or -1 after sending the 400 error.
 */
static int
check_string(struct ctx *x, const struct route_param *p)
{
	const struct req_param *v = &x->req->param[p->id];
	const char *name = req_param_name(p->id);
	char	*rule, *hint;
	long	 n;

	rule = arena_printf(x->arena, "a search text of %ld to %ld "
	    "characters", p->min, p->max);
	if (v->count > 1) {
		hint = arena_printf(x->arena, "Send %s once, with all the "
		    "search terms separated by spaces.", name);
		err_send(x, ERR_INVALID_PARAMETER, hint ? hint : "Send the "
		    "parameter once.", "Parameter '%s' was given %d times; "
		    "it may be given at most once.", name, v->count);
		return -1;
	}
	if (v->value == NULL && !p->required)
		return 0;
	hint = arena_printf(x->arena, v->value == NULL ? "Add %s with one "
	    "or more words, for example ?%s=cloud." : "Retry with one or "
	    "more words in %s, for example ?%s=cloud.", name, name);
	if (v->value == NULL) {
		err_send(x, ERR_INVALID_PARAMETER, hint ? hint : "Add the "
		    "parameter.", "Parameter '%s' is required: %s; received "
		    "nothing.", name, rule ? rule : "a search text");
		return -1;
	}
	n = (long)utf8_count(v->value, v->len);
	if (n < p->min || n > p->max)
		return bad_param(x, p, rule ? rule : "a search text",
		    hint ? hint : "Retry with one or more words.");
	/* The right length, but white space alone (a lone U+FEFF too): no
	 * term, not a bad length. */
	if (only_space(v->value, v->len)) {
		err_send(x, ERR_INVALID_PARAMETER, hint ? hint : "Retry with "
		    "one or more words.", "Parameter '%s' must contain at "
		    "least one search term (text between spaces); received "
		    "only white space '%s'.", name, arena_excerpt(x->arena,
		    v->value, v->len, 80));
		return -1;
	}
	x->val[p->id].s = v->value;
	return 0;
}

/*
 * Checks the integer parameter p against its bounds and applies it (or
 * its default) in x->val.  Returns 0, or -1 after sending the 400
 * error.
 */
static int
check_int(struct ctx *x, const struct route_param *p)
{
	const struct req_param *v = &x->req->param[p->id];
	const char *name = req_param_name(p->id);
	char	*rule, *hint;
	long	 n;

	rule = arena_printf(x->arena, "an integer from %ld to %ld",
	    p->min, p->max);
	hint = arena_printf(x->arena, "Retry with %s=%ld (any whole "
	    "number from %ld to %ld), or omit %s to use the default "
	    "(%ld).", name, p->def, p->min, p->max, name, p->def);
	if (v->count > 1) {
		err_send(x, ERR_INVALID_PARAMETER, hint ? hint :
		    "Send the parameter once.", "Parameter '%s' was "
		    "given %d times; it may be given at most once.",
		    name, v->count);
		return -1;
	}
	n = p->def;
	if (v->value != NULL && req_parse_uint(v->value, v->len,
	    p->min, p->max, &n) == -1)
		return bad_param(x, p, rule ? rule : "an integer",
		    hint ? hint : "Omit the parameter.");
	x->val[p->id].n = n;
	return 0;
}

/*
 * Validates lang and the route's parameters and fills x.  Returns 0,
 * or -1 after sending the 400 error.
 */
static int
check_params(struct ctx *x)
{
	const struct req_param *v;
	const struct route_param *p;

	v = &x->req->param[PARAM_LANG];
	if (v->count > 1) {
		err_send(x, ERR_INVALID_PARAMETER, x->app->lang_once,
		    "Parameter 'lang' was given %d times; it may be given "
		    "at most once.", v->count);
		return -1;
	}
	if (v->value != NULL) {
		int	 l = lang_match(x->app->langs, v->value, v->len);

		if (l == -1) {
			static const struct route_param lp = {
				.id = PARAM_LANG, .kind = PARAM_KIND_STRING };

			return bad_param(x, &lp, x->app->lang_rule,
			    x->app->lang_hint);
		}
		x->lang = (enum lang)l;
	} else
		x->lang = req_negotiate_lang(x->req->accept_language,
		    x->app->langs);

	for (p = route_param_next(x->route, NULL); p != NULL;
	    p = route_param_next(x->route, p))
		if ((p->kind == PARAM_KIND_STRING ? check_string(x, p) :
		    check_int(x, p)) == -1)
			return -1;
	return 0;
}

/* Adds the headers of every successful API response. */
static void
success_headers(struct ctx *x)
{
	struct response *r = x->resp;

	r->content_type = TYPE_JSON;
	r->cache_control = CACHE_PUBLIC;
	r->content_language = lang_code(x->app->langs, x->lang);
	resp_header(r, "Access-Control-Allow-Origin", "*");
	resp_header(r, "Access-Control-Expose-Headers", EXPOSE_HEADERS);
	resp_header(r, "X-Content-Type-Options", "nosniff");
	resp_header(r, "Vary", "Accept-Language");
	r->vary_encoding = 1;	/* Accept-Encoding too: see encoding.h */
}

static void
handle_api(struct ctx *x, enum req_status st)
{
	struct request *req = x->req;

	if (st == REQ_BAD_PATH || st == REQ_BAD_METHOD) {
		err_send(x, ERR_BAD_REQUEST, "Send a GET request for a path "
		    "that is valid UTF-8, such as /api/v1/profile.",
		    st == REQ_BAD_PATH ? "The request path is malformed or "
		    "not valid UTF-8." : "The request has no valid method.");
		return;
	}
	if ((x->route = route_match(req->path, &x->slug,
	    x->arena)) == NULL || x->route->kind == ROUTE_PAGE ||
	    !route_live(x->app->model, x->route)) {
		x->route = NULL;
		not_found_route(x);
		return;
	}
	if (req->method == METHOD_OPTIONS) {
		preflight(x);
		return;
	}
	if (req->method != METHOD_GET && req->method != METHOD_HEAD) {
		err_send(x, ERR_METHOD_NOT_ALLOWED, "Use GET, HEAD or "
		    "OPTIONS; the API is read-only and accepts no writes.",
		    "The endpoint %s is read-only; the method %s is not "
		    "allowed.", arena_excerpt(x->arena, req->path,
		    strlen(req->path), 200), req->method_name);
		resp_header(x->resp, "Allow", ALLOWED_METHODS);
		return;
	}
	if (st == REQ_BAD_QUERY) {
		err_send(x, ERR_BAD_REQUEST, "Percent-encode the query string "
		    "as UTF-8 (RFC 3986), for example ?q=dise%C3%B1o.",
		    "The query string is malformed near '%s': an invalid "
		    "percent-escape, a NUL byte or invalid UTF-8.",
		    show_raw(x->arena, req->bad_key ? req->bad_key : ""));
		return;
	}
	if (check_params(x) == -1)
		return;
	/* Default parameters: the answer rendered at start-up, with its
	 * ETag (prerender.c); otherwise the handler renders it now. */
	if (!prerender_serve(x))
		route_handlers[x->route->handler](x);
	if (x->resp->status != 200)
		return;
	if (x->resp->body.oom) {
		err_send(x, ERR_INTERNAL, "Retry the request later.",
		    "The server ran out of memory while answering.");
		return;
	}
	if (x->route->kind == ROUTE_API)
		success_headers(x);
	if (x->resp->etag[0] == '\0') {	/* else pre-rendered */
		resp_set_etag(x->resp);
		enc_answer_now(req, x->resp);
	}
	if (resp_if_match_fails(x->resp, req->if_match)) {
		err_send_status(x, 412, ERR_BAD_REQUEST, "Send If-Match with "
		    "the ETag of the current representation, or *, or omit "
		    "it.", "If-Match names no current entity tag of %s.",
		    arena_excerpt(x->arena, req->path, strlen(req->path),
		    200));
		return;
	}
	if (resp_etag_matches(x->resp, req->if_none_match)) {
		x->resp->status = 304;
		resp_drop_body(x->resp);
	}
}

/* A plain-text answer outside /api, for the cases pages do not own. */
static void
site_text(struct ctx *x, int status, const char *text)
{
	struct response *r = x->resp;

	resp_reset(r);
	r->status = status;
	r->content_type = "text/plain; charset=utf-8";
	r->cache_control = CACHE_NONE;
	resp_header(r, "X-Content-Type-Options", "nosniff");
	buf_puts(&r->body, text);
}

/*
 * Everything outside /api: documents and pages from the route table,
 * GET and HEAD only.  Handlers set their own type and cache headers.
 */
static void
handle_site(struct ctx *x, enum req_status st)
{
	struct request *req = x->req;
	const char *path;

	if (st == REQ_BAD_PATH) {
		site_text(x, 400, "Bad request: the path is malformed.\n");
		return;
	}
	/* "/CODE/..." of a language other than the default: its pages and
	 * per-language documents only. */
	x->lang = site_path_lang(x->app, req->path, &path);
	if (path == req->path)
		x->lang = LANG_DEFAULT;	/* "/cv" is a page even if cv is
					 * a language (Chuvash) */
	if ((x->route = route_match(path, &x->slug, x->arena)) == NULL)
		x->route = pages_match_md(path, &x->slug, x->arena);
	if (x->route != NULL && x->lang != LANG_DEFAULT &&
	    !route_per_lang(x->route))
		x->route = NULL;
	if (x->route == NULL || x->route->kind == ROUTE_API) {
		x->route = NULL;
		pages_not_found(x);
		return;
	}
	if (x->route->handler == RH_MCP) {	/* POST: its own methods */
		route_handlers[RH_MCP](x);
		return;
	}
	if (req->method == METHOD_OPTIONS) {
		preflight(x);
		return;
	}
	if (req->method != METHOD_GET && req->method != METHOD_HEAD) {
		site_text(x, 405, "Method not allowed: this site is "
		    "read-only (" ALLOWED_METHODS ").\n");
		resp_header(x->resp, "Allow", ALLOWED_METHODS);
		return;
	}
	route_handlers[x->route->handler](x);
	if (x->resp->status == 200 && x->resp->body.oom) {
		site_text(x, 500, "Internal server error: out of memory; "
		    "retry later.\n");
		return;
	}
	/* Pages answer If-None-Match themselves; the rest here, with the
	 * tag of the variant chosen (encoding.h) or, for what was
	 * rendered now (a project's page), of the body, compressed as
	 * enc_answer_now decides. */
	if (x->resp->status == 200) {
		if (x->resp->etag[0] == '\0') {
			resp_set_etag(x->resp);
			enc_answer_now(req, x->resp);
		}
		if (resp_etag_matches(x->resp, req->if_none_match)) {
			x->resp->status = 304;
			resp_drop_body(x->resp);
		}
	}
	if ((x->resp->status == 200 || x->resp->status == 304) &&
	    resp_if_match_fails(x->resp, req->if_match)) {
		site_text(x, 412, "Precondition failed: If-Match names no "
		    "current entity tag of this document.\n");
		return;
	}
	/* Every public document may be read by any origin's scripts. */
	if ((x->resp->status == 200 || x->resp->status == 304) &&
	    !resp_has_header(x->resp, "Access-Control-Allow-Origin"))
		resp_header(x->resp, "Access-Control-Allow-Origin", "*");
}

/*
 * A site under a sub-path of its host (a base URL such as
 * https://example.org/~ana, a shared host's user directory): the web
 * server passes the whole path (REQUEST_URI), and the routes start
 * after the base URL's path.  A path outside it stays as it is.
 */
static void
strip_base_path(const struct app *app, struct request *req)
{
	size_t	 n = app->base_path_len;

	if (n == 0)
		return;
	if (strncmp(req->path, app->base_path, n) == 0 &&
	    (req->path[n] == '/' || req->path[n] == '\0'))
		req->path = req->path[n] == '\0' ? "/" : req->path + n;
}

/*
 * Handles one request: reads envp and the body read of it (body_len
 * bytes, REQ_BODY_MAX + 1 when it was larger; NULL for none), fills
 * resp.  Every allocation is in arena or in resp's buffers.  Never
 * fails: a problem becomes an error response.
 */
void
handle_request(const struct app *app, char **envp, const char *body,
    size_t body_len, struct response *resp, struct arena *arena)
{
	struct request req;
	struct ctx x;
	enum req_status st;

	resp_reset(resp);
	memset(&x, 0, sizeof(x));
	x.app = app;
	x.req = &req;
	x.resp = resp;
	x.arena = arena;
	x.lang = LANG_DEFAULT;
	x.run = handle_synthetic;
	st = req_parse(&req, envp, arena);
	req.body = body;
	req.body_len = body_len;
	req.bad_query = st == REQ_BAD_QUERY;
	strip_base_path(app, &req);
	if (route_is_api_path(req.path) || st == REQ_BAD_METHOD)
		handle_api(&x, st);
	else
		handle_site(&x, st);
	if (req.method == METHOD_HEAD)
		resp->omit_body = 1;
	/* The nginx site's micro-cache keeps a success to the end of the
	 * current second, so that it never serves an answer more than a
	 * second older than the responder's (a content reload); nginx counts
	 * fastcgi_cache_valid in whole seconds, which allowed two.  nginx
	 * hides the header from clients. */
	if (req.microcache && resp->status == 200)
		resp->expires_at = (long long)time(NULL);
}

/*
 * The one way to run a request that no client sent: the start-up
 * builders (pre-rendered answers, OpenAPI examples) and the unit tests
 * use it.  method (NULL: none), path, query (NULL: none) and extra
 * "NAME=value" environment entries (a NULL-ended list, or NULL, at
 * most 8) make the environment.  The arena is reset first; the answer
 * is in resp.  Returns 0, or -1 if the environment does not fit.
 */
int
handle_synthetic(const struct app *app, const char *method,
    const char *path, const char *query, const char *const *extra,
    struct response *resp, struct arena *arena)
{
	char	*env[12];
	size_t	 n = 0;

	arena_reset(arena);
	if (method != NULL &&
	    (env[n++] = arena_printf(arena, "REQUEST_METHOD=%s", method)) ==
	    NULL)
		return -1;
	if ((env[n++] = arena_printf(arena, "DOCUMENT_URI=%s", path)) == NULL)
		return -1;
	if (query != NULL &&
	    (env[n++] = arena_printf(arena, "QUERY_STRING=%s", query)) == NULL)
		return -1;
	for (; extra != NULL && *extra != NULL; extra++) {
		if (n == sizeof(env) / sizeof(env[0]) - 1)
			return -1;
		env[n++] = (char *)*extra;
	}
	env[n] = NULL;
	handle_request(app, env, NULL, 0, resp, arena);
	return 0;
}
