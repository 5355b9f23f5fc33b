/*
 * mcp.c: the MCP endpoint (mcp.h).  Start-up renders what does not
 * depend on a request (each language's tool list and instructions,
 * the resource list); a request checks the transport's rules, parses
 * one JSON-RPC message and answers it, running the API's own request
 * for a tool call or a resource read.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents.h"
#include "api.h"
#include "errors.h"
#include "labels.h"
#include "markdown.h"
#include "mcp.h"
#include "openapi.h"
#include "resume.h"
#include "routes.h"

/* The protocol revisions this server speaks, the newest first: the
 * one it offers when a client asks for another. */
static const char *const versions[] = {
	"2025-11-25", "2025-06-18", "2025-03-26", NULL
};

/* JSON-RPC error codes (JSON-RPC 2.0; -32002: MCP's resource not
 * found). */
enum rpc_code {
	RPC_PARSE = -32700,
	RPC_INVALID_REQUEST = -32600,
	RPC_NO_METHOD = -32601,
	RPC_INVALID_PARAMS = -32602,
	RPC_NO_RESOURCE = -32002
};

/* A resource: a markdown page or the JSON Resume in one language. */
struct mcp_res {
	char	*uri;		/* base URL + path */
	char	*path;		/* the site path it is read from */
};

struct mcp {
	char	*tools[LANG__MAX];	/* tools/list results, JSON */
	char	*instructions[LANG__MAX];	/* initialize's, markdown */
	char	*resources;		/* resources/list result, JSON */
	struct mcp_res *res;
	size_t	 nres;
	char	 origin[256];		/* scheme://host[:port] of the base
					 * URL: the one Origin allowed */
};

/* The tools: the API's operations but the health check. */
static int
is_tool(const struct app *app, const struct route *r)
{
	return r->kind == ROUTE_API && r->handler != RH_HEALTH &&
	    route_live(app->model, r);
}

/* --- Start-up ----------------------------------------------------------- */

#define REF_SCHEMAS	"#/components/schemas/"

/*
 * Rewrites every "$ref" to an OpenAPI component schema under n into a
 * reference to "#/$defs/NAME" and copies the schema it names (and the
 * ones that one names) from schemas into defs.  Returns 0, or -1 for
 * a name the components lack or out of memory.
 */
static int
rewrite_refs(cJSON *n, const cJSON *schemas, cJSON *defs)
{
	cJSON	*c, *cp;
	const cJSON *src;
	const char *name;
	char	 ref[128];

	for (c = n->child; c != NULL; c = c->next) {
		if (c->string == NULL || strcmp(c->string, "$ref") != 0 ||
		    !cJSON_IsString(c) || strncmp(c->valuestring, REF_SCHEMAS,
		    strlen(REF_SCHEMAS)) != 0) {
			if ((cJSON_IsObject(c) || cJSON_IsArray(c)) &&
			    rewrite_refs(c, schemas, defs) == -1)
				return -1;
			continue;
		}
		name = c->valuestring + strlen(REF_SCHEMAS);
		if (xsnprintf(ref, sizeof(ref), "#/$defs/%s", name) == -1)
			return -1;
		if (!cJSON_HasObjectItem(defs, name)) {
			if ((src = cJSON_GetObjectItemCaseSensitive(schemas,
			    name)) == NULL ||
			    (cp = cJSON_Duplicate(src, 1)) == NULL)
				return -1;
			/* Added first, so that a cycle ends here. */
			cJSON_AddItemToObject(defs, name, cp);
			if (rewrite_refs(cp, schemas, defs) == -1)
				return -1;
		}
		if (cJSON_SetValuestring(c, ref) == NULL)
			return -1;
	}
	return 0;
}

/* The OpenAPI operation of route r: paths[PATH].get. */
static const cJSON *
operation(const struct app *app, const struct route *r)
{
	const cJSON *paths;

	paths = cJSON_GetObjectItemCaseSensitive(app->openapi->doc, "paths");
	return cJSON_GetObjectItemCaseSensitive(
	    cJSON_GetObjectItemCaseSensitive(paths, r->path), "get");
}

/*
 * The input schema of route r's tool, from its OpenAPI parameters:
 * the path's slug and the query's parameters with their bounds, and
 * lang.  Headers are the transport's, not arguments.  Returns NULL
 * when out of memory or the document lacks them.
 */
static cJSON *
input_schema(const struct app *app, const cJSON *op)
{
	const cJSON *p, *comp, *lang, *in, *s;
	cJSON	*sch, *props, *req, *prop;

	comp = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(
	    app->openapi->doc, "components"), "parameters");
	lang = cJSON_GetObjectItemCaseSensitive(comp, "lang");
	if ((sch = cJSON_CreateObject()) == NULL)
		return NULL;
	cJSON_AddStringToObject(sch, "type", "object");
	props = cJSON_AddObjectToObject(sch, "properties");
	req = cJSON_AddArrayToObject(sch, "required");
	cJSON_AddBoolToObject(sch, "additionalProperties", 0);
	if (props == NULL || req == NULL)
		goto fail;
	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(op,
	    "parameters")) {
		if (cJSON_HasObjectItem(p, "$ref")) {
			if (strcmp(cJSON_GetStringValue(
			    cJSON_GetObjectItemCaseSensitive(p, "$ref")),
			    "#/components/parameters/lang") != 0)
				continue;
			p = lang;
		}
		in = cJSON_GetObjectItemCaseSensitive(p, "in");
		s = cJSON_GetObjectItemCaseSensitive(p, "schema");
		if (!cJSON_IsString(in) || s == NULL ||
		    (strcmp(in->valuestring, "query") != 0 &&
		    strcmp(in->valuestring, "path") != 0))
			continue;
		if ((prop = cJSON_Duplicate(s, 1)) == NULL)
			goto fail;
		cJSON_AddItemToObject(props, cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(p, "name")), prop);
		cJSON_AddStringToObject(prop, "description",
		    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(p,
		    "description")));
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p,
		    "required")))
			cJSON_AddItemToArray(req, cJSON_CreateString(
			    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
			    p, "name"))));
	}
	return sch;
fail:
	cJSON_Delete(sch);
	return NULL;
}

/* The output schema of route r's tool: the OpenAPI document's 200
 * answer {data, meta}, its references resolved into $defs. */
static cJSON *
output_schema(const struct app *app, const cJSON *op)
{
	const cJSON *s, *schemas;
	cJSON	*out, *defs;

	s = cJSON_GetObjectItemCaseSensitive(op, "responses");
	s = cJSON_GetObjectItemCaseSensitive(s, "200");
	s = cJSON_GetObjectItemCaseSensitive(s, "content");
	s = cJSON_GetObjectItemCaseSensitive(s, MEDIA_JSON);
	s = cJSON_GetObjectItemCaseSensitive(s, "schema");
	schemas = cJSON_GetObjectItemCaseSensitive(
	    cJSON_GetObjectItemCaseSensitive(app->openapi->doc, "components"),
	    "schemas");
	if (s == NULL || (out = cJSON_Duplicate(s, 1)) == NULL)
		return NULL;
	if ((defs = cJSON_CreateObject()) == NULL ||
	    rewrite_refs(out, schemas, defs) == -1) {
		cJSON_Delete(defs);
		cJSON_Delete(out);
		return NULL;
	}
	cJSON_AddItemToObject(out, "$defs", defs);
	return out;
}

/* The tools/list result in language l, rendered. */
static char *
tools_list(const struct app *app, enum lang l)
{
	const struct route *r;
	const cJSON *op;
	const char *d;
	cJSON	*res, *tools, *t, *ann, *in, *out;
	struct buf desc;
	char	*s = NULL;
	size_t	 i;

	buf_init(&desc);
	if ((res = cJSON_CreateObject()) == NULL ||
	    (tools = cJSON_AddArrayToObject(res, "tools")) == NULL)
		goto out;
	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (!is_tool(app, r))
			continue;
		if ((op = operation(app, r)) == NULL ||
		    (in = input_schema(app, op)) == NULL)
			goto out;
		if ((out = output_schema(app, op)) == NULL) {
			cJSON_Delete(in);
			goto out;
		}
		buf_reset(&desc);
		buf_puts(&desc, route_summary(app->labels, r, l));
		buf_putc(&desc, '.');
		if ((d = route_description(app->labels, r, l)) != NULL)
			buf_printf(&desc, " %s", d);
		buf_printf(&desc, " (GET %s%s)", app->cfg->base_url, r->path);
		if ((t = cJSON_CreateObject()) == NULL) {
			cJSON_Delete(in);
			cJSON_Delete(out);
			goto out;
		}
		cJSON_AddItemToArray(tools, t);
		cJSON_AddStringToObject(t, "name", r->operation_id);
		cJSON_AddStringToObject(t, "title", route_summary(app->labels,
		    r, l));
		cJSON_AddStringToObject(t, "description", buf_cstr(&desc));
		cJSON_AddItemToObject(t, "inputSchema", in);
		cJSON_AddItemToObject(t, "outputSchema", out);
		if ((ann = cJSON_AddObjectToObject(t, "annotations")) != NULL) {
			cJSON_AddBoolToObject(ann, "readOnlyHint", 1);
			cJSON_AddBoolToObject(ann, "destructiveHint", 0);
			cJSON_AddBoolToObject(ann, "idempotentHint", 1);
			cJSON_AddBoolToObject(ann, "openWorldHint", 0);
		}
	}
	if (!desc.oom)
		s = cJSON_PrintUnformatted(res);
out:
	buf_free(&desc);
	cJSON_Delete(res);
	return s;
}

/* initialize's instructions in language l: the agent guide's
 * introduction and the facts not to get wrong (agents.md's). */
static char *
instructions(const struct app *app, enum lang l)
{
	struct buf b, name;
	char	*s;

	buf_init(&b);
	buf_init(&name);
	md_text(&name, md_str(app->model->profile.obj[l], "name"));
	lbl_fill(&b, app->labels, l, "guide.intro", (const char *const []){
	    "name", buf_cstr(&name), NULL });
	buf_puts(&b, "\n\n");
	agents_facts(app, l, &b);
	buf_puts(&b, LBL(app, l, "mcp.summary"));
	buf_puts(&b, ".\n");
	s = b.oom || name.oom ? NULL : buf_detach(&b);
	buf_free(&b);
	buf_free(&name);
	return s;
}

/* Adds one resource to the list and the table. */
static int
add_resource(struct mcp *m, const struct app *app, cJSON *list,
    const char *path, const char *name, const char *title,
    const char *desc, const char *mime)
{
	struct mcp_res *r;
	cJSON	*o;

	if ((r = realloc(m->res, (m->nres + 1) * sizeof(*r))) == NULL)
		return -1;
	m->res = r;
	r = &m->res[m->nres];
	r->path = strdup(path);
	r->uri = malloc(strlen(app->cfg->base_url) + strlen(path) + 1);
	if (r->path == NULL || r->uri == NULL) {
		free(r->path);
		free(r->uri);
		return -1;
	}
	m->nres++;
	strcpy(r->uri, app->cfg->base_url);
	strcat(r->uri, path);
	if ((o = cJSON_CreateObject()) == NULL)
		return -1;
	cJSON_AddItemToArray(list, o);
	cJSON_AddStringToObject(o, "uri", r->uri);
	cJSON_AddStringToObject(o, "name", name);
	cJSON_AddStringToObject(o, "title", title);
	if (desc != NULL)
		cJSON_AddStringToObject(o, "description", desc);
	cJSON_AddStringToObject(o, "mimeType", mime);
	return 0;
}

/* The resources: every page's markdown twin and the JSON Resume, in
 * every language, listed and kept by URI. */
static int
resource_list(struct mcp *m, const struct app *app)
{
	cJSON	*res, *list;
	char	 name[128], tmp[64];
	const char *code;
	int	 i, l, pg, rc = -1;

	if ((res = cJSON_CreateObject()) == NULL ||
	    (list = cJSON_AddArrayToObject(res, "resources")) == NULL)
		goto out;
	for (l = 0; l < app->langs->n; l++) {
		code = lang_code(app->langs, (enum lang)l);
		for (i = 0; i < app->paths->n; i++) {
			pg = app->paths->order[i];
			snprintf(name, sizeof(name), "%s.%s",
			    app->paths->name[pg], code);
			if (add_resource(m, app, list, site_page_md_path(app,
			    pg, (enum lang)l), name, site_page_label(app, pg,
			    (enum lang)l), site_page_summary(app, pg,
			    (enum lang)l), "text/markdown") == -1)
				goto out;
		}
		snprintf(name, sizeof(name), "resume.%s", code);
		if (add_resource(m, app, list, resume_path(app, (enum lang)l,
		    tmp, sizeof(tmp)), name, "JSON Resume",
		    LBL(app, l, "llms.resume"), "application/json") == -1)
			goto out;
	}
	if ((m->resources = cJSON_PrintUnformatted(res)) != NULL)
		rc = 0;
out:
	cJSON_Delete(res);
	return rc;
}

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
		if ((m->tools[l] = tools_list(app, (enum lang)l)) == NULL ||
		    (m->instructions[l] = instructions(app,
		    (enum lang)l)) == NULL)
			goto oom;
	if (resource_list(m, app) == -1)
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
	free(m);
}

/* --- A request ---------------------------------------------------------- */

/* The headers of every answer: never stored by a cache. */
static void
answer(struct ctx *x, int status)
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

/* Appends "id" with the request's id (JSON), or null. */
static void
put_id(struct buf *b, const cJSON *id)
{
	char	*s;

	buf_puts(b, "{\"jsonrpc\":\"2.0\",\"id\":");
	if (id != NULL && (s = cJSON_PrintUnformatted(id)) != NULL) {
		buf_puts(b, s);
		free(s);
	} else
		buf_puts(b, "null");
}

/* Answers status with a JSON-RPC error: code, message (printf). */
static void
rpc_error(struct ctx *x, int status, const cJSON *id, int code,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void
rpc_error(struct ctx *x, int status, const cJSON *id, int code,
    const char *fmt, ...)
{
	struct buf *b = &x->resp->body;
	struct buf msg;
	va_list	 ap;

	answer(x, status);
	buf_init(&msg);
	va_start(ap, fmt);
	buf_vprintf(&msg, fmt, ap);
	va_end(ap);
	put_id(b, id);
	buf_printf(b, ",\"error\":{\"code\":%d,\"message\":", code);
	buf_json_string(b, buf_cstr(&msg), msg.len);
	buf_puts(b, "}}\n");
	buf_free(&msg);
}

/* Answers a result: raw JSON text. */
static void
rpc_result(struct ctx *x, const cJSON *id, const char *json)
{
	struct buf *b = &x->resp->body;

	answer(x, 200);
	put_id(b, id);
	buf_puts(b, ",\"result\":");
	buf_puts(b, json);
	buf_puts(b, "}\n");
}

/* Answers a result built as a tree, which it frees. */
static void
rpc_result_tree(struct ctx *x, const cJSON *id, cJSON *res)
{
	char	*s;

	if (res == NULL || (s = cJSON_PrintUnformatted(res)) == NULL) {
		cJSON_Delete(res);
		rpc_error(x, 200, id, -32603, "The server ran out of memory "
		    "while answering; retry later.");
		return;
	}
	rpc_result(x, id, s);
	free(s);
	cJSON_Delete(res);
}

/* A protocol revision this server speaks, or NULL. */
static const char *
version_known(const char *v)
{
	size_t	 i;

	for (i = 0; v != NULL && versions[i] != NULL; i++)
		if (strcmp(v, versions[i]) == 0)
			return versions[i];
	return NULL;
}

/* initialize: the revision the client asked for when this server
 * speaks it, else the newest; capabilities; instructions. */
static void
rpc_initialize(struct ctx *x, const cJSON *id, const cJSON *params)
{
	const char *v;
	cJSON	*res, *cap, *info;

	v = version_known(cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(params, "protocolVersion")));
	if ((res = cJSON_CreateObject()) == NULL)
		goto oom;
	cJSON_AddStringToObject(res, "protocolVersion", v != NULL ? v :
	    versions[0]);
	cap = cJSON_AddObjectToObject(res, "capabilities");
	cJSON_AddBoolToObject(cJSON_AddObjectToObject(cap, "tools"),
	    "listChanged", 0);
	cJSON_AddBoolToObject(cJSON_AddObjectToObject(cap, "resources"),
	    "listChanged", 0);
	info = cJSON_AddObjectToObject(res, "serverInfo");
	cJSON_AddStringToObject(info, "name", PACKAGE_NAME);
	cJSON_AddStringToObject(info, "version", PACKAGE_VERSION);
	cJSON_AddStringToObject(info, "title", md_str(
	    x->app->model->profile.obj[x->lang], "name"));
	cJSON_AddStringToObject(info, "websiteUrl",
	    x->app->source_url[x->lang]);
	cJSON_AddStringToObject(res, "instructions",
	    x->app->mcp->instructions[x->lang]);
oom:
	rpc_result_tree(x, id, res);
}

/*
 * Runs the site's GET path?query through the dispatcher, as the API
 * or the website answers it, into a response of its own; fn reads it.
 */
static void
run_get(struct ctx *x, const char *path, const char *query,
    void (*fn)(struct ctx *, const cJSON *, const struct response *,
    void *), const cJSON *id, void *arg)
{
	struct response r;
	struct arena a;

	resp_init(&r);
	arena_init(&a, 16 * 1024);
	if (x->run(x->app, "GET", path, query, NULL, &r, &a) == -1)
		r.status = 500;
	fn(x, id, &r, arg);
	arena_free(&a);
	resp_free(&r);
}

/* Adds to res an array member key holding one new object, which it
 * returns; NULL when res is NULL or out of memory. */
static cJSON *
add_one(cJSON *res, const char *key)
{
	cJSON	*a, *o;

	if (res == NULL || (a = cJSON_AddArrayToObject(res, key)) == NULL ||
	    (o = cJSON_CreateObject()) == NULL)
		return NULL;
	cJSON_AddItemToArray(a, o);
	return o;
}

/* A tool's result with one text content block, or NULL out of memory. */
static cJSON *
text_result(const char *text)
{
	cJSON	*res, *t;

	res = cJSON_CreateObject();
	if ((t = add_one(res, "content")) == NULL) {
		cJSON_Delete(res);
		return NULL;
	}
	cJSON_AddStringToObject(t, "type", "text");
	cJSON_AddStringToObject(t, "text", text);
	return res;
}

/* The result of a tool call from the API's answer r: 200 is the
 * structured content (and its text); an error is the tool's error,
 * the API's error object as its text. */
static void
tool_result(struct ctx *x, const cJSON *id, const struct response *r,
    void *arg)
{
	const char *body;
	cJSON	*res;
	size_t	 len;

	(void)arg;
	body = resp_body(r, &len);	/* kept bytes end with no NUL */
	if ((body = arena_strndup(x->arena, body, len)) == NULL ||
	    (res = text_result(body)) == NULL) {
		rpc_result_tree(x, id, NULL);
		return;
	}
	if (r->status == 200)
		cJSON_AddItemToObject(res, "structuredContent",
		    cJSON_ParseWithLength(body, len));
	else
		cJSON_AddBoolToObject(res, "isError", 1);
	rpc_result_tree(x, id, res);
}

/* A tool error of the server's own (an argument of the wrong type or
 * unknown), in the API's error object. */
static void
tool_error(struct ctx *x, const cJSON *id, const char *message,
    const char *hint)
{
	struct buf b;
	cJSON	*res;

	buf_init(&b);
	buf_printf(&b, "{\"error\":{\"status\":400,\"code\":\"%s\","
	    "\"message\":", err_code_name(ERR_INVALID_PARAMETER));
	buf_json_string(&b, message, strlen(message));
	buf_puts(&b, ",\"hint\":");
	buf_json_string(&b, hint, strlen(hint));
	buf_puts(&b, "}}");
	if ((res = text_result(buf_cstr(&b))) != NULL)
		cJSON_AddBoolToObject(res, "isError", 1);
	buf_free(&b);
	rpc_result_tree(x, id, res);
}

/* Appends "&NAME=" and argument a as the query value: a string as is,
 * a whole number in digits, anything else as its JSON text (for the
 * API to refuse as it refuses that text). */
static void
put_arg(struct buf *q, const char *name, const cJSON *a)
{
	char	*s;

	buf_printf(q, "%s%s=", q->len > 0 ? "&" : "", name);
	if (cJSON_IsString(a)) {
		api_query_value(q, a->valuestring);
		return;
	}
	if (cJSON_IsNumber(a) && whole_in(a->valuedouble, -999999999999999.0,
	    999999999999999.0)) {
		buf_printf(q, "%ld", (long)a->valuedouble);
		return;
	}
	if ((s = cJSON_PrintUnformatted(a)) != NULL) {
		api_query_value(q, s);
		free(s);
	}
}

/* tools/call: the API's request for the tool's route, with the
 * arguments as its parameters. */
static void
rpc_tool_call(struct ctx *x, const cJSON *id, const cJSON *params)
{
	const struct route *r = NULL;
	const struct route_param *p;
	const cJSON *name, *args, *a, *slug = NULL;
	struct buf q, path, names;
	const char *msg = NULL;
	size_t	 i;

	name = cJSON_GetObjectItemCaseSensitive(params, "name");
	args = cJSON_GetObjectItemCaseSensitive(params, "arguments");
	if (!cJSON_IsString(name) || (args != NULL && !cJSON_IsObject(args) &&
	    !cJSON_IsNull(args))) {
		rpc_error(x, 200, id, RPC_INVALID_PARAMS, "tools/call needs "
		    "params.name (a string) and params.arguments (an object, "
		    "or none).");
		return;
	}
	for (i = 0; i < routes_len && r == NULL; i++)
		if (is_tool(x->app, &routes[i]) &&
		    strcmp(routes[i].operation_id, name->valuestring) == 0)
			r = &routes[i];
	if (r == NULL) {
		rpc_error(x, 200, id, RPC_INVALID_PARAMS, "Unknown tool: %s. "
		    "tools/list names the tools.", arena_excerpt(x->arena,
		    name->valuestring, strlen(name->valuestring), 80));
		return;
	}
	buf_init(&q);
	buf_init(&path);
	buf_init(&names);
	/* Every argument must be one of the route's. */
	cJSON_ArrayForEach(a, args) {
		int	 known = strcmp(a->string, "lang") == 0;

		if (strcmp(a->string, "slug") == 0 &&
		    strstr(r->path, "{slug}") != NULL) {
			slug = a;
			continue;
		}
		for (p = r->params; p->id != PARAM__MAX && !known; p++)
			known = strcmp(a->string, req_param_name(p->id)) == 0;
		if (!known) {
			buf_printf(&names, "Argument '%s' is not one of this "
			    "tool's.", arena_excerpt(x->arena, a->string,
			    strlen(a->string), 80));
			msg = buf_cstr(&names);
			break;
		}
	}
	if (msg == NULL && strstr(r->path, "{slug}") != NULL &&
	    (!cJSON_IsString(slug) || *slug->valuestring == '\0' ||
	    strchr(slug->valuestring, '/') != NULL))
		msg = "Argument 'slug' is required: one item's slug, a "
		    "string without '/'.";
	if (msg != NULL) {
		tool_error(x, id, msg, "Send only the arguments the tool's "
		    "inputSchema lists (tools/list).");
		goto out;
	}
	for (p = r->params; p->id != PARAM__MAX; p++)
		if ((a = cJSON_GetObjectItemCaseSensitive(args,
		    req_param_name(p->id))) != NULL)
			put_arg(&q, req_param_name(p->id), a);
	if ((a = cJSON_GetObjectItemCaseSensitive(args, "lang")) != NULL)
		put_arg(&q, "lang", a);
	else
		buf_printf(&q, "%slang=%s", q.len > 0 ? "&" : "",
		    lang_code(x->app->langs, x->lang));
	buf_append(&path, r->path, strcspn(r->path, "{"));
	if (slug != NULL)
		buf_puts(&path, slug->valuestring);
	if (q.oom || path.oom)
		rpc_result_tree(x, id, NULL);
	else
		run_get(x, buf_cstr(&path), buf_cstr(&q), tool_result, id,
		    NULL);
out:
	buf_free(&q);
	buf_free(&path);
	buf_free(&names);
}

/* The result of resources/read from the site's answer r. */
static void
read_result(struct ctx *x, const cJSON *id, const struct response *r,
    void *arg)
{
	const struct mcp_res *res = arg;
	const char *body, *type;
	cJSON	*out, *c;
	size_t	 len;

	if (r->status != 200) {
		rpc_error(x, 200, id, -32603, "Reading %s failed with HTTP "
		    "status %d.", res->uri, r->status);
		return;
	}
	body = resp_body(r, &len);	/* kept bytes end with no NUL */
	if ((body = arena_strndup(x->arena, body, len)) == NULL) {
		rpc_result_tree(x, id, NULL);
		return;
	}
	type = r->content_type != NULL ? r->content_type : "text/plain";
	out = cJSON_CreateObject();
	if ((c = add_one(out, "contents")) == NULL) {
		cJSON_Delete(out);
		rpc_result_tree(x, id, NULL);
		return;
	}
	cJSON_AddStringToObject(c, "uri", res->uri);
	/* The media type without its parameters ("; charset=utf-8"). */
	cJSON_AddItemToObject(c, "mimeType", cJSON_CreateString(
	    arena_strndup(x->arena, type, strcspn(type, "; "))));
	cJSON_AddItemToObject(c, "text", cJSON_CreateString(body));
	rpc_result_tree(x, id, out);
}

/* resources/read: one of the listed URIs, never any other path. */
static void
rpc_resource_read(struct ctx *x, const cJSON *id, const cJSON *params)
{
	const struct mcp *m = x->app->mcp;
	const cJSON *uri;
	size_t	 i;

	uri = cJSON_GetObjectItemCaseSensitive(params, "uri");
	if (!cJSON_IsString(uri)) {
		rpc_error(x, 200, id, RPC_INVALID_PARAMS, "resources/read "
		    "needs params.uri, a string.");
		return;
	}
	for (i = 0; i < m->nres; i++)
		if (strcmp(m->res[i].uri, uri->valuestring) == 0) {
			run_get(x, m->res[i].path, NULL, read_result, id,
			    &m->res[i]);
			return;
		}
	rpc_error(x, 200, id, RPC_NO_RESOURCE, "Resource not found: %s. "
	    "resources/list names the resources.", arena_excerpt(x->arena,
	    uri->valuestring, strlen(uri->valuestring), 200));
}

/* Answers one JSON-RPC request (it has an id). */
static void
rpc_request(struct ctx *x, const char *method, const cJSON *id,
    const cJSON *params)
{
	if (params != NULL && !cJSON_IsObject(params)) {
		rpc_error(x, 200, id, RPC_INVALID_PARAMS, "params must be an "
		    "object.");
		return;
	}
	if (strcmp(method, "initialize") == 0)
		rpc_initialize(x, id, params);
	else if (strcmp(method, "ping") == 0)
		rpc_result(x, id, "{}");
	else if (strcmp(method, "tools/list") == 0)
		rpc_result(x, id, x->app->mcp->tools[x->lang]);
	else if (strcmp(method, "tools/call") == 0)
		rpc_tool_call(x, id, params);
	else if (strcmp(method, "resources/list") == 0)
		rpc_result(x, id, x->app->mcp->resources);
	else if (strcmp(method, "resources/templates/list") == 0)
		rpc_result(x, id, "{\"resourceTemplates\":[]}");
	else if (strcmp(method, "resources/read") == 0)
		rpc_resource_read(x, id, params);
	else
		rpc_error(x, 200, id, RPC_NO_METHOD, "Method not found: %s. "
		    "This server answers initialize, ping, tools/list, "
		    "tools/call, resources/list and resources/read.",
		    arena_excerpt(x->arena, method, strlen(method), 80));
}

/* True when an Accept header admits application/json: it names that
 * type, its "application" wildcard or the full wildcard, with a q
 * other than 0.  No header admits everything. */
static int
accepts_json(const char *accept)
{
	const char *p = accept, *e, *q;
	size_t	 n;

	if (accept == NULL)
		return 1;
	while (*p != '\0') {
		p += strspn(p, " \t,");
		e = p + strcspn(p, ",");
		n = strcspn(p, " \t;,");
		if ((n == 16 && strncasecmp(p, "application/json", 16) == 0) ||
		    (n == 13 && strncasecmp(p, "application/*", 13) == 0) ||
		    (n == 3 && strncmp(p, "*/*", 3) == 0)) {
			q = p + n;
			while (q < e && (q = strchr(q, ';')) != NULL &&
			    q < e) {
				q++;
				q += strspn(q, " \t");
				if (strncasecmp(q, "q=", 2) == 0 &&
				    strtod(q + 2, NULL) == 0)
					goto next;
			}
			return 1;
		}
next:
		p = e;
	}
	return 0;
}

/* True when the request may come from Origin o: none (not a browser),
 * or the site's own origin. */
static int
origin_allowed(const struct ctx *x, const char *o)
{
	return o == NULL || strcasecmp(o, x->app->mcp->origin) == 0;
}

/*
 * The transport's checks, in the order of docs/mcp.md: method,
 * Origin, size, protocol version, Accept, Content-Type, lang.
 * Returns 0, or -1 after answering.
 */
static int
transport(struct ctx *x)
{
	const struct request *req = x->req;
	const struct req_param *lp = &req->param[PARAM_LANG];
	const char *ct = req->content_type;
	int	 l;

	if (req->method == METHOD_OPTIONS) {
		answer(x, 204);
		x->resp->content_type = NULL;
		resp_header(x->resp, "Allow", "POST, OPTIONS");
		return -1;
	}
	if (strcmp(req->method_name, "POST") != 0) {
		rpc_error(x, 405, NULL, RPC_INVALID_REQUEST, "Method not "
		    "allowed: send each JSON-RPC message with POST. This "
		    "server offers no event stream (GET) and no session "
		    "(DELETE).");
		resp_header(x->resp, "Allow", "POST, OPTIONS");
		return -1;
	}
	if (!origin_allowed(x, req->origin)) {
		rpc_error(x, 403, NULL, RPC_INVALID_REQUEST, "Forbidden: the "
		    "Origin %s is not this site's (%s).", arena_excerpt(
		    x->arena, req->origin, strlen(req->origin), 100),
		    x->app->mcp->origin);
		return -1;
	}
	if (req->body_len > REQ_BODY_MAX) {
		rpc_error(x, 413, NULL, RPC_INVALID_REQUEST, "The request "
		    "body is larger than %d bytes.", REQ_BODY_MAX);
		return -1;
	}
	if (req->mcp_version != NULL && version_known(req->mcp_version) ==
	    NULL) {
		rpc_error(x, 400, NULL, RPC_INVALID_REQUEST, "Unsupported "
		    "MCP-Protocol-Version: %s. Supported: %s, %s, %s.",
		    arena_excerpt(x->arena, req->mcp_version,
		    strlen(req->mcp_version), 40), versions[0], versions[1],
		    versions[2]);
		return -1;
	}
	if (!accepts_json(req->accept)) {
		rpc_error(x, 406, NULL, RPC_INVALID_REQUEST, "Not acceptable: "
		    "this server answers application/json; list it in "
		    "Accept (with text/event-stream).");
		return -1;
	}
	if (ct == NULL || strncasecmp(ct, "application/json", 16) != 0 ||
	    (ct[16] != '\0' && ct[16] != ';' && ct[16] != ' ')) {
		rpc_error(x, 415, NULL, RPC_INVALID_REQUEST, "Unsupported "
		    "media type: send the JSON-RPC message with Content-Type: "
		    "application/json.");
		return -1;
	}
	if (lp->value != NULL) {
		if (lp->count > 1 || (l = lang_find(x->app->langs, lp->value,
		    lp->len)) == -1) {
			rpc_error(x, 400, NULL, RPC_INVALID_REQUEST, "The "
			    "query's lang must be given once, one of %s.",
			    x->app->lang_rule);
			return -1;
		}
		x->lang = (enum lang)l;
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
 * The handler of /mcp: any method (the dispatcher leaves them to it).
 * A request answers 200 with its JSON-RPC response; a notification
 * or a response answers 202 without a body; what is not one JSON-RPC
 * message answers 400 with an error whose id is null.
 */
void
mcp_serve(struct ctx *x)
{
	const struct request *req = x->req;
	const cJSON *id, *method, *v;
	const char *end;
	cJSON	*msg = NULL;

	x->lang = req_negotiate_lang(req->accept_language, x->app->langs);
	if (transport(x) == -1)
		return;
	if (req->body == NULL || !utf8_valid(req->body, req->body_len) ||
	    (msg = cJSON_ParseWithLengthOpts(req->body, req->body_len, &end,
	    0)) == NULL || !only_ws(end, req->body + req->body_len)) {
		rpc_error(x, 400, NULL, RPC_PARSE, "Parse error: the body is "
		    "not one JSON value in UTF-8.");
		goto out;
	}
	if (cJSON_IsArray(msg)) {
		rpc_error(x, 400, NULL, RPC_INVALID_REQUEST, "Invalid "
		    "request: JSON-RPC batches are not supported (MCP %s); "
		    "send one message per POST.", versions[0]);
		goto out;
	}
	id = cJSON_GetObjectItemCaseSensitive(msg, "id");
	method = cJSON_GetObjectItemCaseSensitive(msg, "method");
	v = cJSON_GetObjectItemCaseSensitive(msg, "jsonrpc");
	if (!cJSON_IsObject(msg) || !cJSON_IsString(v) ||
	    strcmp(v->valuestring, "2.0") != 0 ||
	    (id != NULL && !cJSON_IsString(id) && !cJSON_IsNumber(id))) {
		rpc_error(x, 400, NULL, RPC_INVALID_REQUEST, "Invalid "
		    "request: not a JSON-RPC 2.0 object (jsonrpc \"2.0\", a "
		    "string method, an id that is a string or a number).");
		goto out;
	}
	if (method == NULL && id != NULL &&
	    (cJSON_HasObjectItem(msg, "result") ||
	    cJSON_HasObjectItem(msg, "error"))) {
		answer(x, 202);		/* a response: nothing asked it */
		goto out;
	}
	if (!cJSON_IsString(method)) {
		rpc_error(x, 400, id, RPC_INVALID_REQUEST, "Invalid request: "
		    "method must be a string.");
		goto out;
	}
	if (id == NULL) {
		answer(x, 202);		/* a notification, accepted */
		goto out;
	}
	rpc_request(x, method->valuestring, id,
	    cJSON_GetObjectItemCaseSensitive(msg, "params"));
out:
	cJSON_Delete(msg);
}
