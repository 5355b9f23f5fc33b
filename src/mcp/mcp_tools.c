/*
 * mcp_tools.c: what the MCP endpoint serves (mcp_int.h).  Start-up
 * renders what does not depend on a request: each language's tool
 * list and instructions, the resource list.  A tool call or a resource
 * read runs the site's own GET request for it (the API's operation, a
 * markdown page) and answers with what it answered.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/json.h"
#include "site/agents.h"
#include "api/api.h"
#include "core/errors.h"
#include "content/labels.h"
#include "content/settings.h"
#include "site/markdown.h"
#include "mcp/mcp_int.h"
#include "api/openapi.h"
#include "site/pages.h"
#include "core/routes.h"

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
char *
mcp_tools_list(const struct app *app, enum lang l)
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

/* The instructions in language l (initialize's, server/discover's):
 * the agent guide's introduction and the facts not to get wrong
 * (agents.md's). */
char *
mcp_tools_instructions(const struct app *app, enum lang l)
{
	struct buf b, name;
	char	*s;

	buf_init(&b);
	buf_init(&name);
	md_text(&name, json_str(app->model->profile.obj[l], "name"));
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

/* True when a document of media type t is text a client can read as a
 * resource (not the CV's PDF, not an image). */
static int
doc_is_text(const char *t)
{
	return strncmp(t, "text/", 5) == 0 ||
	    (strncmp(t, "application/", 12) == 0 &&
	    (strstr(t, "json") != NULL || strstr(t, "xml") != NULL ||
	    strstr(t, "yaml") != NULL));
}

/* True when a page of the site is named by the n bytes of s. */
static int
page_named(const struct app *app, const char *s, size_t n)
{
	const char *name;
	int	 i;

	for (i = 0; i < app->paths->n; i++) {
		name = app->paths->name[app->paths->order[i]];
		if (strlen(name) == n && memcmp(name, s, n) == 0)
			return 1;
	}
	return 0;
}

/*
 * The resources: every page's markdown twin and every document of the
 * table (SITE_DOCS, page_list.h) that is per language and text (the
 * agent files, the JSON Resume, the vCard, ...), in every language
 * where the content has it, and each variant of the CV's markdown
 * (site.json's cv_variants, "cv-NAME.CODE"), listed and kept by URI.  A
 * document added to the table becomes a resource with no change here.
 */
int
mcp_tools_resources(struct mcp *m, const struct app *app)
{
	const struct site_doc_info *di;
	const struct cv_variant *vr;
	const struct rendered *r;
	cJSON	*res, *list;
	char	 name[128], tmp[128], mime[64];
	const char *code, *file;
	int	 i, l, pg, d, rc = -1;

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
		for (d = 0; d < SITE_DOC__MAX; d++) {
			di = &site_docs[d];
			r = &app->site->doc[d][l];
			if (!(di->flags & DOC_PER_LANG) || (di->flags &
			    (DOC_PER_REQUEST | DOC_REDIRECT)) ||
			    !doc_is_text(di->type) || (r->data == NULL &&
			    r->cdata[CODING_GZIP] == NULL))
				continue;
			file = strrchr(di->path, '/') + 1;
			snprintf(name, sizeof(name), "%.*s.%s",
			    (int)strcspn(file, "."), file, code);
			/* cv.txt beside the page cv: named cv-txt */
			if (page_named(app, file, strcspn(file, ".")))
				snprintf(name, sizeof(name), "%.*s-%s.%s",
				    (int)strcspn(file, "."), file,
				    file + strcspn(file, ".") +
				    (file[strcspn(file, ".")] != '\0'), code);
			snprintf(mime, sizeof(mime), "%.*s",
			    (int)strcspn(di->type, "; "), di->type);
			if (add_resource(m, app, list, lang_path(app->langs,
			    (enum lang)l, di->path, tmp, sizeof(tmp)), name,
			    file, NULL, mime) == -1)
				goto out;
		}
		for (i = 0; i < app->settings->cv_variants.n; i++) {
			vr = &app->settings->cv_variants.v[i];
			snprintf(name, sizeof(name), "cv-%s.%s", vr->name, code);
			if (add_resource(m, app, list, cv_variant_path(app, vr,
			    (enum lang)l, CV_FORM_MD, tmp, sizeof(tmp)), name,
			    site_page_label(app, SITE_CV, (enum lang)l),
			    vr->headline[l], "text/markdown") == -1)
				goto out;
		}
	}
	if ((m->resources = cJSON_PrintUnformatted(res)) != NULL)
		rc = 0;
out:
	cJSON_Delete(res);
	return rc;
}

/*
 * Runs the site's GET path?query through the dispatcher (ctx.run: the
 * API or the website answers it exactly as for a client) into a
 * response of its own; fn reads it.
 */
static void
run_get(struct mcp_call *c, const char *path, const char *query,
    void (*fn)(struct mcp_call *, const struct response *, void *),
    void *arg)
{
	struct response r;
	struct arena a;

	resp_init(&r);
	arena_init(&a, 16 * 1024);
	if (c->x->run(c->x->app, "GET", path, query, NULL, &r, &a) == -1)
		r.status = 500;
	fn(c, &r, arg);
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
tool_result(struct mcp_call *c, const struct response *r, void *arg)
{
	const char *body;
	cJSON	*res;
	size_t	 len;

	(void)arg;
	body = resp_body(r, &len);	/* kept bytes end with no NUL */
	if ((body = arena_strndup(c->x->arena, body, len)) == NULL ||
	    (res = text_result(body)) == NULL) {
		mcp_result_tree(c, NULL, 0);
		return;
	}
	if (r->status == 200)
		cJSON_AddItemToObject(res, "structuredContent",
		    cJSON_ParseWithLength(body, len));
	else
		cJSON_AddBoolToObject(res, "isError", 1);
	mcp_result_tree(c, res, 0);
}

/* A tool error of the server's own (an argument of the wrong type or
 * unknown), in the API's error object. */
static void
tool_error(struct mcp_call *c, const char *message, const char *hint)
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
	mcp_result_tree(c, res, 0);
}

/*
 * Appends "&NAME=" and argument a as the query value, when a has the
 * type the parameter's schema gives it: a string for a text parameter
 * (lang, q), a number for an integer one (limit, offset: whole numbers
 * in digits, any other number as its JSON text for the API to refuse
 * as it refuses that text).  Returns 0, or -1 for a value of another
 * type (the string "5" for an integer), which is not sent.
 */
static int
put_arg(struct buf *q, const char *name, enum param_kind kind,
    const cJSON *a)
{
	char	*s;

	if (kind == PARAM_KIND_STRING ? !cJSON_IsString(a) :
	    !cJSON_IsNumber(a))
		return -1;
	buf_printf(q, "%s%s=", q->len > 0 ? "&" : "", name);
	if (cJSON_IsString(a))
		api_query_value(q, a->valuestring);
	else if (whole_in(a->valuedouble, -999999999999999.0,
	    999999999999999.0))
		buf_printf(q, "%ld", (long)a->valuedouble);
	else if ((s = cJSON_PrintUnformatted(a)) != NULL) {
		api_query_value(q, s);
		free(s);
	}
	return 0;
}

/* The route of the tool named name (compared whole), or NULL. */
static const struct route *
tool_route(const struct app *app, const char *name)
{
	size_t	 i;

	for (i = 0; i < routes_len; i++)
		if (is_tool(app, &routes[i]) &&
		    strcmp(routes[i].operation_id, name) == 0)
			return &routes[i];
	return NULL;
}

/*
 * Checks the arguments against route r: each one of the route's, of
 * its schema's type, and the slug when the path has one.  Fills the
 * query q and the path; returns NULL, or the message of a tool error.
 */
static const char *
tool_args(struct mcp_call *c, const struct route *r, const cJSON *args,
    struct buf *q, struct buf *path)
{
	struct arena *ar = c->x->arena;
	const struct route_param *p;
	const cJSON *a, *slug = NULL;
	const int has_slug = strstr(r->path, "{slug}") != NULL;

	cJSON_ArrayForEach(a, args) {
		int	 known = strcmp(a->string, "lang") == 0;

		if (has_slug && strcmp(a->string, "slug") == 0) {
			slug = a;
			continue;
		}
		for (p = route_param_next(r, NULL); p != NULL && !known;
		    p = route_param_next(r, p))
			known = strcmp(a->string, req_param_name(p->id)) == 0;
		if (!known)
			return arena_printf(ar, "Argument '%s' is not one of "
			    "this tool's.", arena_excerpt(ar, a->string,
			    strlen(a->string), 80));
	}
	if (has_slug && (!cJSON_IsString(slug) ||
	    *slug->valuestring == '\0' ||
	    strchr(slug->valuestring, '/') != NULL))
		return "Argument 'slug' is required: one item's slug, a "
		    "string without '/'.";
	for (p = route_param_next(r, NULL); p != NULL;
	    p = route_param_next(r, p))
		if ((a = cJSON_GetObjectItemCaseSensitive(args,
		    req_param_name(p->id))) != NULL &&
		    put_arg(q, req_param_name(p->id), p->kind, a) == -1)
			return arena_printf(ar, "Argument '%s' must be %s, as "
			    "the tool's inputSchema says.",
			    req_param_name(p->id), p->kind ==
			    PARAM_KIND_INT ? "an integer" : "a string");
	if ((a = cJSON_GetObjectItemCaseSensitive(args, "lang")) != NULL) {
		if (put_arg(q, "lang", PARAM_KIND_STRING, a) == -1)
			return "Argument 'lang' must be a string, a language "
			    "code.";
	} else
		buf_printf(q, "%slang=%s", q->len > 0 ? "&" : "",
		    lang_code(c->x->app->langs, c->x->lang));
	buf_append(path, r->path, strcspn(r->path, "{"));
	if (slug != NULL)
		buf_puts(path, slug->valuestring);
	return NULL;
}

/* tools/call: the API's request for the tool's route, with the
 * arguments as its parameters. */
void
mcp_tools_call(struct mcp_call *c)
{
	const struct route *r;
	const cJSON *name, *args;
	struct buf q, path;
	const char *msg;

	name = cJSON_GetObjectItemCaseSensitive(c->params, "name");
	args = cJSON_GetObjectItemCaseSensitive(c->params, "arguments");
	if (!cJSON_IsString(name) || (args != NULL && !cJSON_IsObject(args) &&
	    !cJSON_IsNull(args))) {
		mcp_error(c, 200, MCP_E_INVALID_PARAMS, NULL, "tools/call needs "
		    "params.name (a string) and params.arguments (an object, "
		    "or none).");
		return;
	}
	if (c->has_nul) {
		/* cJSON ends its strings at the first U+0000: a name or an
		 * argument holding one would be taken for its prefix. */
		mcp_error(c, 200, MCP_E_INVALID_PARAMS, NULL, "A string of "
		    "the request holds U+0000 (\\u0000), which no tool name "
		    "or argument may.");
		return;
	}
	if ((r = tool_route(c->x->app, name->valuestring)) == NULL) {
		mcp_error(c, 200, MCP_E_INVALID_PARAMS, NULL, "Unknown tool: "
		    "%s. tools/list names the tools.", arena_excerpt(
		    c->x->arena, name->valuestring, strlen(name->valuestring),
		    80));
		return;
	}
	buf_init(&q);
	buf_init(&path);
	if ((msg = tool_args(c, r, args, &q, &path)) != NULL)
		tool_error(c, msg, "Send only the arguments the tool's "
		    "inputSchema lists (tools/list), each of its type.");
	else if (q.oom || path.oom)
		mcp_result_tree(c, NULL, 0);
	else
		run_get(c, buf_cstr(&path), buf_cstr(&q), tool_result, NULL);
	buf_free(&q);
	buf_free(&path);
}

/* The result of resources/read from the site's answer r. */
static void
read_result(struct mcp_call *c, const struct response *r, void *arg)
{
	const struct mcp_res *res = arg;
	const char *body, *type;
	cJSON	*out, *o;
	size_t	 len;

	if (r->status != 200) {
		mcp_error(c, 200, MCP_E_INTERNAL, NULL, "Reading %s failed "
		    "with HTTP status %d.", res->uri, r->status);
		return;
	}
	body = resp_body(r, &len);	/* kept bytes end with no NUL */
	if ((body = arena_strndup(c->x->arena, body, len)) == NULL) {
		mcp_result_tree(c, NULL, 0);
		return;
	}
	type = r->content_type != NULL ? r->content_type : "text/plain";
	out = cJSON_CreateObject();
	if ((o = add_one(out, "contents")) == NULL) {
		cJSON_Delete(out);
		mcp_result_tree(c, NULL, 0);
		return;
	}
	cJSON_AddStringToObject(o, "uri", res->uri);
	/* The media type without its parameters ("; charset=utf-8"). */
	cJSON_AddItemToObject(o, "mimeType", cJSON_CreateString(
	    arena_strndup(c->x->arena, type, strcspn(type, "; "))));
	cJSON_AddItemToObject(o, "text", cJSON_CreateString(body));
	mcp_result_tree(c, out, 1);
}

/*
 * resources/read: one of the listed URIs (compared whole), never any
 * other path.  An unknown one is 2026-07-28's -32602 (2025-11-25's
 * -32002), with the URI in the error's data.
 */
void
mcp_tools_read(struct mcp_call *c)
{
	const struct mcp *m = c->x->app->mcp;
	const cJSON *uri;
	cJSON	*data;
	char	*d;
	size_t	 i;

	uri = cJSON_GetObjectItemCaseSensitive(c->params, "uri");
	if (!cJSON_IsString(uri)) {
		mcp_error(c, 200, MCP_E_INVALID_PARAMS, NULL, "resources/read "
		    "needs params.uri, a string.");
		return;
	}
	for (i = 0; i < m->nres && !c->has_nul; i++)
		if (strcmp(m->res[i].uri, uri->valuestring) == 0) {
			run_get(c, m->res[i].path, NULL, read_result,
			    &m->res[i]);
			return;
		}
	d = NULL;
	if ((data = cJSON_CreateObject()) != NULL &&
	    cJSON_AddStringToObject(data, "uri", uri->valuestring) != NULL)
		d = cJSON_PrintUnformatted(data);
	cJSON_Delete(data);
	mcp_error(c, 200, c->era == MCP_ERA_MODERN ? MCP_E_INVALID_PARAMS :
	    MCP_E_NO_RESOURCE, d, "Resource not found: %s. resources/list "
	    "names the resources.", arena_excerpt(c->x->arena,
	    uri->valuestring, strlen(uri->valuestring), 200));
	free(d);
}
