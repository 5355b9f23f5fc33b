/*
 * mcp.c: the MCP endpoint (mcp.h), its transport: HTTP's rules for
 * /mcp, the protocol revision of each request (its MCP-Protocol-Version
 * header, then its _meta), the headers 2026-07-28 mirrors the body in,
 * then one JSON-RPC message parsed and handed to the method table
 * (mcp_rpc.c).  Start-up renders what does not depend on a request
 * (mcp_tools.c).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "mcp/mcp.h"
#include "mcp/mcp_int.h"
#include "base/sha256.h"
#include "http/snap.h"

/*
 * Builds what the endpoint answers that no request changes.  Needs
 * the OpenAPI document and the page paths (app_load builds them
 * first).  Returns NULL with a message in err.
 */
struct mcp *
mcp_build(const struct app *app, char *err, size_t errlen)
{
	struct mcp *m;
	const char *host, *end;
	int	 l;

	if ((m = calloc(1, sizeof(*m))) == NULL)
		goto oom;
	host = strstr(app->cfg->base_url, "://");
	host = host != NULL ? host + 3 : app->cfg->base_url;
	end = strchr(host, '/');
	snprintf(m->origin, sizeof(m->origin), "%.*s",
	    (int)(end != NULL ? end - app->cfg->base_url :
	    (long)strlen(app->cfg->base_url)), app->cfg->base_url);
	for (l = 0; l < app->langs->n; l++)
		if ((m->tools[l] = mcp_tools_list(app, (enum lang)l)) ==
		    NULL || (m->instructions[l] =
		    mcp_tools_instructions(app, (enum lang)l)) == NULL)
			goto oom;
	if (mcp_tools_resources(m, app) == -1 || mcp_card_build(m, app) == -1)
		goto oom;
	return m;
oom:
	snprintf(err, errlen, "MCP endpoint: out of memory, or the OpenAPI "
	    "document lacks an operation's schema");
	mcp_free(m);
	return NULL;
}

void
mcp_free(struct mcp *m)
{
	size_t	 i;

	if (m == NULL)
		return;
	for (i = 0; i < LANG__MAX; i++) {
		free(m->tools[i]);
		free(m->instructions[i]);
	}
	for (i = 0; i < m->nres; i++) {
		free(m->res[i].uri);
		free(m->res[i].path);
	}
	free(m->res);
	free(m->resources);
	enc_free(&m->card);
	free(m);
}

/*
 * Writes m into the snapshot's stream, or reads it back (snap.h), in
 * mcp_free's order.  Read back, every language of the site has its
 * tools and instructions.  Returns m (read: a new one), or NULL
 * (failed).
 */
struct mcp *
mcp_snap(struct snap *sn, struct mcp *m, const struct app *app)
{
	size_t	 i, n;
	int	 l;

	if (sn->reading && (m = calloc(1, sizeof(*m))) == NULL) {
		snap_fail(sn, "out of memory");
		return NULL;
	}
	for (l = 0; l < LANG__MAX; l++) {
		snap_str(sn, &m->tools[l]);
		snap_str(sn, &m->instructions[l]);
		if (sn->reading && snap_ok(sn) && l < app->langs->n &&
		    (m->tools[l] == NULL || m->instructions[l] == NULL))
			snap_fail(sn, "a language without MCP tools");
	}
	n = m->nres;
	m->res = snap_array(sn, m->res, &n, sizeof(*m->res), 4096);
	m->nres = n;
	for (i = 0; i < m->nres; i++) {
		snap_str(sn, &m->res[i].uri);
		snap_str(sn, &m->res[i].path);
		if (sn->reading && snap_ok(sn) && (m->res[i].uri == NULL ||
		    m->res[i].path == NULL))
			snap_fail(sn, "an MCP resource without its path");
	}
	snap_str(sn, &m->resources);
	snap_fixed(sn, m->origin, sizeof(m->origin));
	snap_rendered(sn, &m->card);
	if (sn->reading && snap_ok(sn) && m->resources == NULL)
		snap_fail(sn, "no MCP resources list");
	if (!snap_ok(sn)) {
		if (sn->reading)
			mcp_free(m);
		return NULL;
	}
	return m;
}

/* --- A request ---------------------------------------------------------- */

/* True when the request may come from Origin o: none (not a browser),
 * or the site's own origin. */
static int
origin_allowed(const struct ctx *x, const char *o)
{
	return o == NULL || strcasecmp(o, x->app->mcp->origin) == 0;
}

/*
 * The transport's checks that need no body, in the order of
 * docs/mcp.md: method, Origin, size, Accept, Content-Type and
 * Content-Encoding, the query.  Their errors have no id (the body is
 * not read yet).  Returns 0, or -1 after answering.
 */
static int
transport(struct mcp_call *c)
{
	struct ctx *x = c->x;
	const struct request *req = x->req;
	const struct req_param *lp = &req->param[PARAM_LANG];
	const char *ct = req->content_type, *ce = req->content_encoding;
	int	 l;

	if (req->method == METHOD_OPTIONS) {
		mcp_answer(x, 204);
		x->resp->content_type = NULL;
		resp_header(x->resp, "Allow", "POST, OPTIONS");
		return -1;
	}
	if (strcmp(req->method_name, "POST") != 0) {
		mcp_error(c, 405, MCP_E_INVALID_REQUEST, NULL, "Method not "
		    "allowed: send each JSON-RPC message with POST. This "
		    "server offers no event stream (GET) and no session "
		    "(DELETE).");
		resp_header(x->resp, "Allow", "POST, OPTIONS");
		return -1;
	}
	if (!origin_allowed(x, req->origin)) {
		mcp_error(c, 403, MCP_E_INVALID_REQUEST, NULL, "Forbidden: the "
		    "Origin %s is not this site's (%s).", mcp_safe(x->arena,
		    req->origin, 100), x->app->mcp->origin);
		return -1;
	}
	if (req->body_len > REQ_BODY_MAX) {
		mcp_error(c, 413, MCP_E_INVALID_REQUEST, NULL, "The request "
		    "body is larger than %d bytes.", REQ_BODY_MAX);
		return -1;
	}
	if (!req_accepts_json(req->accept)) {
		mcp_error(c, 406, MCP_E_INVALID_REQUEST, NULL, "Not "
		    "acceptable: this server answers application/json; list "
		    "it in Accept (with text/event-stream).");
		return -1;
	}
	if (ct == NULL || strncasecmp(ct, "application/json", 16) != 0 ||
	    (ct[16] != '\0' && ct[16] != ';' && ct[16] != ' ')) {
		mcp_error(c, 415, MCP_E_INVALID_REQUEST, NULL, "Unsupported "
		    "media type: send the JSON-RPC message with Content-Type: "
		    "application/json.");
		return -1;
	}
	if (ce != NULL && *ce != '\0' && strcasecmp(ce, "identity") != 0) {
		mcp_error(c, 415, MCP_E_INVALID_REQUEST, NULL, "Unsupported "
		    "content coding %s: send the JSON-RPC message "
		    "uncompressed, without Content-Encoding.",
		    mcp_safe(x->arena, ce, 40));
		resp_header(x->resp, "Accept-Encoding", "identity");
		return -1;
	}
	if (req->bad_query) {
		mcp_error(c, 400, MCP_E_INVALID_REQUEST, NULL, "The query is "
		    "malformed (a bad escape, %%00 or bytes that are not "
		    "UTF-8); the endpoint takes only ?lang=CODE.");
		return -1;
	}
	if (lp->value != NULL) {
		if (lp->count > 1 || (l = lang_match(x->app->langs, lp->value,
		    lp->len)) == -1) {
			mcp_error(c, 400, MCP_E_INVALID_REQUEST, NULL, "The "
			    "query's lang must be given once, one of %s.",
			    x->app->lang_rule);
			return -1;
		}
		x->lang = (enum lang)l;
	}
	return 0;
}

/* Header value v without the optional white space around it (RFC 9110
 * section 5.5), in the arena; NULL stays NULL. */
static const char *
trim_ows(struct arena *a, const char *v)
{
	size_t	 n;

	if (v == NULL)
		return NULL;
	v += strspn(v, " \t");
	for (n = strlen(v); n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t');)
		n--;
	return arena_strndup(a, v, n);
}

/* True when the Mcp-Name value h names s: the same bytes, or their
 * base64 between "=?base64?" and "?=" (2026-07-28's encoding of what
 * is not plain ASCII). */
static int
name_matches(struct arena *a, const char *h, const char *s)
{
	size_t	 n = strlen(h), sl = strlen(s), el;
	char	*enc;

	if (n < 11 || strncmp(h, "=?base64?", 9) != 0 ||
	    strcmp(h + n - 2, "?=") != 0)
		return strcmp(h, s) == 0;
	el = 4 * ((sl + 2) / 3) + 1;
	if ((enc = arena_alloc(a, el)) == NULL ||
	    base64_encode((const unsigned char *)s, sl, enc, el) == -1)
		return 0;
	return strlen(enc) == n - 11 && memcmp(h + 9, enc, n - 11) == 0;
}

/*
 * The protocol revision of the request: its MCP-Protocol-Version
 * header; without one, a request whose _meta names a revision is a
 * modern client's that lacks the header it must send, and any other
 * is a client of 2025-03-26, which had no header.  Returns 0, or -1
 * after answering.
 */
static int
choose_revision(struct mcp_call *c, const char *hv)
{
	struct arena *a = c->x->arena;
	const cJSON *meta;
	const char *v;
	struct buf d;
	size_t	 i;

	meta = cJSON_GetObjectItemCaseSensitive(c->params, "_meta");
	if (hv == NULL) {
		if (cJSON_HasObjectItem(meta,
		    "io.modelcontextprotocol/protocolVersion")) {
			mcp_error(c, 400, MCP_E_HEADER_MISMATCH, NULL, "Header "
			    "mismatch: the MCP-Protocol-Version header is "
			    "missing; send it with the revision _meta names.");
			return -1;
		}
		c->era = MCP_ERA_LEGACY;
		c->version = "2025-03-26";
		return 0;
	}
	if ((v = mcp_version_known(hv)) == NULL) {
		buf_init(&d);
		buf_puts(&d, "{\"supported\":[");
		for (i = 0; mcp_versions[i] != NULL; i++)
			buf_printf(&d, "%s\"%s\"", i > 0 ? "," : "",
			    mcp_versions[i]);
		buf_puts(&d, "],\"requested\":");
		v = mcp_safe(a, hv, 40);
		buf_json_string(&d, v, strlen(v));
		buf_putc(&d, '}');
		mcp_error(c, 400, MCP_E_UNSUPPORTED_VERSION, d.oom ? NULL :
		    buf_cstr(&d), "Unsupported protocol version %s. Supported: "
		    "%s, %s, %s and %s.", v, mcp_versions[0], mcp_versions[1],
		    mcp_versions[2], mcp_versions[3]);
		buf_free(&d);
		return -1;
	}
	c->era = strcmp(v, MCP_MODERN) == 0 ? MCP_ERA_MODERN : MCP_ERA_LEGACY;
	c->version = v;
	return 0;
}

/*
 * 2026-07-28's rules for a message: _meta with the revision and the
 * client's capabilities (-32602), the revision equal to the header's,
 * Mcp-Method equal to the method and Mcp-Name to the name or URI of a
 * call, a read or a prompt (-32020), each with 400.  method is mlen
 * bytes (SIZE_MAX: it holds U+0000).  Returns 0, or -1 after
 * answering.
 */
static int
modern_checks(struct mcp_call *c, const char *method, size_t mlen)
{
	struct arena *a = c->x->arena;
	const struct request *req = c->x->req;
	const cJSON *meta, *pv, *src = NULL;
	const char *mm, *nm;

	meta = cJSON_GetObjectItemCaseSensitive(c->params, "_meta");
	pv = cJSON_GetObjectItemCaseSensitive(meta,
	    "io.modelcontextprotocol/protocolVersion");
	if (!cJSON_IsObject(meta) || !cJSON_IsString(pv) ||
	    !cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(meta,
	    "io.modelcontextprotocol/clientCapabilities"))) {
		mcp_error(c, 400, MCP_E_INVALID_PARAMS, NULL, "Invalid params: "
		    "revision %s needs params._meta with "
		    "io.modelcontextprotocol/protocolVersion (a string) and "
		    "io.modelcontextprotocol/clientCapabilities (an object).",
		    MCP_MODERN);
		return -1;
	}
	if (strcmp(pv->valuestring, c->version) != 0) {
		mcp_error(c, 400, MCP_E_HEADER_MISMATCH, NULL, "Header "
		    "mismatch: MCP-Protocol-Version is %s, _meta's "
		    "protocolVersion %s.", c->version, arena_excerpt(a,
		    pv->valuestring, strlen(pv->valuestring), 40));
		return -1;
	}
	mm = trim_ows(a, req->mcp_method);
	if (mm == NULL || strlen(mm) != mlen || memcmp(mm, method, mlen) != 0) {
		mcp_error(c, 400, MCP_E_HEADER_MISMATCH, NULL, "Header "
		    "mismatch: the Mcp-Method header %s%s%s does not name the "
		    "body's method.", mm == NULL ? "is missing: it" : "'",
		    mm == NULL ? "" : mcp_safe(a, mm, 80), mm == NULL ? "" :
		    "'");
		return -1;
	}
	if (strcmp(method, "tools/call") == 0 ||
	    strcmp(method, "prompts/get") == 0)
		src = cJSON_GetObjectItemCaseSensitive(c->params, "name");
	else if (strcmp(method, "resources/read") == 0)
		src = cJSON_GetObjectItemCaseSensitive(c->params, "uri");
	else
		return 0;
	nm = trim_ows(a, req->mcp_name);
	if (cJSON_IsString(src) ? nm == NULL || !name_matches(a, nm,
	    src->valuestring) : nm != NULL) {
		mcp_error(c, 400, MCP_E_HEADER_MISMATCH, NULL, "Header "
		    "mismatch: the Mcp-Name header %s%s%s does not name the "
		    "body's %s.", nm == NULL ? "is missing: it" : "'",
		    nm == NULL ? "" : mcp_safe(a, nm, 80), nm == NULL ? "" :
		    "'", strcmp(method, "resources/read") == 0 ? "uri" :
		    "name");
		return -1;
	}
	return 0;
}

/* True when [p, end) is only JSON's white space (the body has no NUL
 * after it: the worker's buffer holds the previous request's bytes). */
static int
only_ws(const char *p, const char *end)
{
	for (; p < end; p++)
		if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
			return 0;
	return 1;
}

/*
 * Whether [p, p + len) holds a control character JSON allows nowhere:
 * any below U+0020 but tab, line feed and carriage return (in a string
 * they are escaped).  cJSON skips them all as white space, the raw
 * scans below do not: refused first, the two read the same text.
 */
static int
has_control(const char *p, size_t len)
{
	size_t	 i;

	for (i = 0; i < len; i++)
		if ((unsigned char)p[i] < 0x20 && p[i] != '\t' &&
		    p[i] != '\n' && p[i] != '\r')
			return 1;
	return 0;
}

/* The request's id as the JSON token it sent (cJSON would print 1e400
 * as null and 12345678901234567890 rounded), in the arena; NULL when
 * it has none or not a string or a number. */
static const char *
raw_id(struct arena *a, const char *body, size_t len, const cJSON *id)
{
	const char *v;
	size_t	 vl;
	char	*s;

	if (!cJSON_IsString(id) && !cJSON_IsNumber(id))
		return NULL;
	if (mcp_raw_member(body, len, "id", &v, &vl) == 0)
		return arena_strndup(a, v, vl);
	/* A key written with escapes ("\u0069d"): the value as cJSON
	 * reads it. */
	if ((s = cJSON_PrintUnformatted(id)) == NULL)
		return NULL;
	v = arena_strndup(a, s, strlen(s));
	free(s);
	return v;
}

/*
 * The handler of /mcp: any method (the dispatcher leaves them to it).
 * A request answers 200 with its JSON-RPC response (or the error's own
 * status); a notification or a response answers 202 without a body;
 * what is not one JSON-RPC message answers 400 with an error.
 */
void
mcp_serve(struct ctx *x)
{
	const struct request *req = x->req;
	const cJSON *id, *method, *v;
	struct mcp_call c;
	const char *end, *raw;
	cJSON	*msg = NULL;
	size_t	 mlen, rl;

	memset(&c, 0, sizeof(c));
	c.x = x;
	c.era = MCP_ERA_LEGACY;
	c.version = MCP_LEGACY;
	x->lang = req_negotiate_lang(req->accept_language, x->app->langs);
	if (transport(&c) == -1)
		return;
	if (req->body == NULL || !utf8_valid(req->body, req->body_len) ||
	    has_control(req->body, req->body_len)) {
		mcp_error(&c, 400, MCP_E_PARSE, NULL, "Parse error: the body "
		    "is not one JSON value in UTF-8.");
		return;
	}
	if (!mcp_raw_depth_ok(req->body, req->body_len, MCP_DEPTH_MAX)) {
		mcp_error(&c, 400, MCP_E_INVALID_REQUEST, NULL, "Invalid "
		    "request: the JSON nests arrays and objects more than %d "
		    "deep.", MCP_DEPTH_MAX);
		return;
	}
	if ((msg = cJSON_ParseWithLengthOpts(req->body, req->body_len, &end,
	    0)) == NULL || !only_ws(end, req->body + req->body_len)) {
		mcp_error(&c, 400, MCP_E_PARSE, NULL, "Parse error: the body "
		    "is not one JSON value in UTF-8.");
		goto out;
	}
	if (cJSON_IsArray(msg)) {
		mcp_error(&c, 400, MCP_E_INVALID_REQUEST, NULL, "Invalid "
		    "request: JSON-RPC batches are not supported (MCP %s and "
		    "%s); send one message per POST.", MCP_MODERN, MCP_LEGACY);
		goto out;
	}
	id = cJSON_GetObjectItemCaseSensitive(msg, "id");
	method = cJSON_GetObjectItemCaseSensitive(msg, "method");
	v = cJSON_GetObjectItemCaseSensitive(msg, "jsonrpc");
	c.id = raw_id(x->arena, req->body, req->body_len, id);
	c.params = cJSON_GetObjectItemCaseSensitive(msg, "params");
	c.has_nul = mcp_raw_has_nul(req->body, req->body_len);
	if (!cJSON_IsObject(msg) || !cJSON_IsString(v) ||
	    strcmp(v->valuestring, "2.0") != 0 ||
	    (id != NULL && !cJSON_IsString(id) && !cJSON_IsNumber(id))) {
		mcp_error(&c, 400, MCP_E_INVALID_REQUEST, NULL, "Invalid "
		    "request: not a JSON-RPC 2.0 object (jsonrpc \"2.0\", a "
		    "string method, an id that is a string or a number).");
		goto out;
	}
	if (method == NULL && id != NULL &&
	    (cJSON_HasObjectItem(msg, "result") ||
	    cJSON_HasObjectItem(msg, "error"))) {
		mcp_answer(x, 202);	/* a response: nothing asked it */
		goto out;
	}
	if (!cJSON_IsString(method)) {
		mcp_error(&c, 400, MCP_E_INVALID_REQUEST, NULL, "Invalid "
		    "request: method must be a string.");
		goto out;
	}
	/* A method holding U+0000 ("tools/call\u0000x") is no method. */
	mlen = strlen(method->valuestring);
	if (mcp_raw_member(req->body, req->body_len, "method", &raw, &rl) ==
	    0 ? mcp_raw_has_nul(raw, rl) : c.has_nul)
		mlen = (size_t)-1;
	if (choose_revision(&c, trim_ows(x->arena, req->mcp_version)) == -1 ||
	    (c.era == MCP_ERA_MODERN &&
	    modern_checks(&c, method->valuestring, mlen) == -1))
		goto out;
	if (id == NULL) {
		mcp_answer(x, 202);	/* a notification, accepted */
		goto out;
	}
	mcp_dispatch(&c, method->valuestring, mlen);
out:
	cJSON_Delete(msg);
}
