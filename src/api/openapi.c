/*
 * openapi.c: generating, rendering and serving the OpenAPI document.
 *
 * Three sources and nothing else: the route table (paths, operation
 * ids, summaries, parameters with their bounds and defaults), the
 * schema declarations of schemas.c (docs/contract.md's resources,
 * field by field) and the loaded content (examples, produced by
 * running the real handlers).  Facts the prose states come from where
 * they are declared (errors.h, response.h, encoding.h, resource.c).
 *
 * This file writes info and paths, renders and serves the document;
 * the tree helpers and the components section are
 * openapi_components.c's (openapi_int.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "http/snap.h"
#include "base/json_yaml.h"
#include "content/labels.h"
#include "api/openapi_int.h"
#include "core/routes.h"
#include "content/settings.h"

/* --- Examples from the real handlers ---------------------------------- */

/*
 * The request path and query that exemplify route r: a {slug} is the
 * first item of its collection, an integer marked PARAM_EXAMPLE is at
 * its minimum (a collection is asked for one item), a required search
 * text is the first word of the first project's slug.
 * Returns 0, or -1 if the content offers nothing to show.
 */
static int
example_request(const struct app *app, const struct route *r, char *path,
    size_t pathlen, char *query, size_t querylen)
{
	const struct collection *c;
	const struct route_param *p;
	const char *brace, *first;
	size_t	 n;

	if ((brace = strchr(r->path, '{')) != NULL) {
		c = r->coll < COLL__MAX ? &app->model->coll[r->coll] : NULL;
		if (c == NULL || c->len == 0)
			return -1;
		if (xsnprintf(path, pathlen, "%.*s%s", (int)(brace - r->path),
		    r->path, c->items[0].slug) == -1)
			return -1;
	} else if (xsnprintf(path, pathlen, "%s", r->path) == -1)
		return -1;
	query[0] = '\0';
	for (p = route_param_next(r, NULL); p != NULL;
	    p = route_param_next(r, p)) {
		n = strlen(query);
		if (p->kind == PARAM_KIND_INT && (p->flags & PARAM_EXAMPLE)) {
			if (xsnprintf(query + n, querylen - n, "%s%s=%ld",
			    n ? "&" : "", req_param_name(p->id), p->min) == -1)
				return -1;
		} else if (p->kind == PARAM_KIND_STRING && p->required) {
			c = &app->model->coll[COLL_PROJECTS];
			if (c->len == 0)
				return -1;
			first = c->items[0].slug;
			if (xsnprintf(query + n, querylen - n, "%s%s=%.*s",
			    n ? "&" : "", req_param_name(p->id),
			    (int)strcspn(first, "-"), first) == -1)
				return -1;
		}
	}
	return 0;
}

/*
 * Health's content changes with every load (its time, and its
 * fingerprint with the files' times): the example shows fixed values,
 * so that the document and its ETag are the same in every process that
 * serves the same content.
 */
static void
health_example(struct gen *g, cJSON *body)
{
	cJSON	*c;

	c = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(
	    body, "data"), "content");
	if (c == NULL)
		return;
	cJSON_DeleteItemFromObjectCaseSensitive(c, "fingerprint");
	cJSON_DeleteItemFromObjectCaseSensitive(c, "loaded_at");
	gen_put_str(g, c, "fingerprint", "0123456789abcdef");
	gen_put_str(g, c, "loaded_at", "2026-01-01T00:00:00Z");
}

/* Adds the example body of a route's 200 in every language. */
static int
route_examples(struct gen *g, const struct route *r, cJSON *media,
    char *err, size_t errlen)
{
	char	 path[512], query[256], query_l[300], summary[160];
	cJSON	*ex = NULL, *body;
	const char *code;
	int	 l;

	if (example_request(g->app, r, path, sizeof(path), query,
	    sizeof(query)) == -1)
		return 0;	/* no content to show: no example */
	for (l = 0; l < g->app->langs->n; l++) {
		code = g->langs[l];
		if (xsnprintf(query_l, sizeof(query_l), "%s%s%s%s", query,
		    l > 0 && *query ? "&" : "", l > 0 ? "lang=" : "",
		    l > 0 ? code : "") == -1)
			return -1;
		if ((body = gen_sample(g, "GET", path, query_l, 200)) == NULL) {
			snprintf(err, errlen, "openapi: the example request "
			    "GET %s?%s of %s does not answer 200", path,
			    query_l, r->operation_id);
			return -1;
		}
		if (r->flags & ROUTE_STATUS)
			health_example(g, body);
		if (l == 0)
			snprintf(summary, sizeof(summary), "%s (the default)",
			    g->name[l]);
		else
			snprintf(summary, sizeof(summary), "%s (lang=%s or "
			    "Accept-Language: %s)", g->name[l], code, code);
		if (ex == NULL)
			ex = gen_put_obj(g, media, "examples");
		gen_put_example(g, ex, code, summary, body);
	}
	return 0;
}

/* --- Paths ------------------------------------------------------------- */

/* Adds the parameters of route r's operation: the {slug}, the route's
 * own query parameters, then the ones every operation shares. */
static void
route_parameters(struct gen *g, const struct route *r, cJSON *op)
{
	const struct route_param *rp;
	cJSON	*ps = gen_put_arr(g, op, "parameters"), *p, *s;

	if (strchr(r->path, '{') != NULL) {
		p = gen_put_obj(g, ps, NULL);
		gen_put_str(g, p, "name", "slug");
		gen_put_str(g, p, "in", "path");
		gen_put_bool(g, p, "required", 1);
		gen_put_strf(g, p, "description", "The slug field of one item "
		    "of %s; an unknown slug is %d %s.", r->coll < COLL__MAX ?
		    content_coll_name(r->coll) : "the collection",
		    err_status(ERR_NOT_FOUND), err_code_name(ERR_NOT_FOUND));
		gen_value_schema(g, gen_put_obj(g, p, "schema"), field_find(
		    resources[r->coll < COLL__MAX ? r->coll : 0].fields,
		    "slug"));
	}
	for (rp = route_param_next(r, NULL); rp != NULL;
	    rp = route_param_next(r, rp)) {
		p = gen_put_obj(g, ps, NULL);
		gen_put_str(g, p, "name", req_param_name(rp->id));
		gen_put_str(g, p, "in", "query");
		gen_put_bool(g, p, "required", rp->required);
		gen_put_str(g, p, "description", route_param_description(
		    g->app->labels, r, rp, LABELS_DOC));
		s = gen_put_obj(g, p, "schema");
		if (rp->kind == PARAM_KIND_STRING) {
			gen_put_str(g, s, "type", "string");
			gen_put_num(g, s, "minLength", (double)rp->min);
			gen_put_num(g, s, "maxLength", (double)rp->max);
			/* Not only white space (ECMA-262 \S). */
			gen_put_str(g, s, "pattern", "\\S");
		} else {
			gen_put_str(g, s, "type", "integer");
			gen_put_num(g, s, "minimum", (double)rp->min);
			gen_put_num(g, s, "maximum", (double)rp->max);
			gen_put_num(g, s, "default", (double)rp->def);
		}
	}
	gen_put_ref(g, ps, NULL, "parameters", "lang");
	gen_put_ref(g, ps, NULL, "parameters", "Accept-Language");
	gen_put_ref(g, ps, NULL, "parameters", "Accept-Encoding");
	gen_put_ref(g, ps, NULL, "parameters", "If-None-Match");
	gen_put_ref(g, ps, NULL, "parameters", "If-Match");
}

/* The 200 response of a route: {data, meta} with its headers. */
static cJSON *
success_response(struct gen *g, const struct route *r, cJSON *resps)
{
	cJSON	*ok, *h, *m, *s, *props, *req, *data;

	ok = gen_put_obj(g, resps, "200");
	gen_put_str(g, ok, "description", r->collection ? "A page of the "
	    "collection in the {data, meta} envelope." : "The resource in "
	    "the {data, meta} envelope.");
	h = gen_put_obj(g, ok, "headers");
	gen_put_ref(g, h, "Cache-Control", "headers", "Cache-Control");
	gen_put_ref(g, h, "ETag", "headers", "ETag");
	gen_put_ref(g, h, "Content-Language", "headers", "Content-Language");
	gen_put_ref(g, h, "Vary", "headers", "Vary");
	gen_put_ref(g, h, "Content-Encoding", "headers", "Content-Encoding");
	gen_put_ref(g, h, "Access-Control-Allow-Origin", "headers",
	    "Access-Control-Allow-Origin");
	if (r->flags & ROUTE_STATUS) {	/* the reloads (api.c) */
		gen_put_ref(g, h, "Perfil-Content", "headers",
		    "Perfil-Content");
		gen_put_ref(g, h, "Perfil-Reload-Refused", "headers",
		    "Perfil-Reload-Refused");
	}
	m = gen_put_obj(g, gen_put_obj(g, ok, "content"), MEDIA_JSON);
	s = gen_put_obj(g, m, "schema");
	gen_put_str(g, s, "type", "object");
	req = gen_put_arr(g, s, "required");
	gen_put_str(g, req, NULL, "data");
	gen_put_str(g, req, NULL, "meta");
	props = gen_put_obj(g, s, "properties");
	if (r->collection) {
		data = gen_put_obj(g, props, "data");
		gen_put_str(g, data, "type", "array");
		gen_put_ref(g, data, "items", "schemas", route_schema(r));
		gen_put_ref(g, props, "meta", "schemas", "CollectionMeta");
	} else {
		gen_put_ref(g, props, "data", "schemas", route_schema(r));
		gen_put_ref(g, props, "meta", "schemas", "Meta");
	}
	gen_put_bool(g, s, "additionalProperties", 0);
	return m;
}

static int
paths(struct gen *g, cJSON *doc, char *err, size_t errlen)
{
	const struct route *r;
	const char *summary, *description;
	cJSON	*ps = gen_put_obj(g, doc, "paths"), *op, *resps, *media;
	size_t	 i;

	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (r->kind != ROUTE_API || !route_live(g->app->model, r))
			continue;
		if (route_schema(r) == NULL ||
		    !gen_schema_known(route_schema(r))) {
			snprintf(err, errlen, "openapi: route %s names no "
			    "known schema (%s)", r->path,
			    route_schema(r) ? route_schema(r) : "none");
			return -1;
		}
		op = gen_put_obj(g, gen_put_obj(g, ps, r->path), "get");
		gen_put_str(g, op, "operationId", r->operation_id);
		/* The English texts: en.json's (labels.h, LABELS_DOC). */
		summary = route_summary(g->app->labels, r, LABELS_DOC);
		description = route_description(g->app->labels, r,
		    LABELS_DOC);
		gen_put_str(g, op, "summary", summary);
		gen_put_str(g, op, "description", description != NULL ?
		    description : summary);
		route_parameters(g, r, op);
		resps = gen_put_obj(g, op, "responses");
		media = success_response(g, r, resps);
		if (route_examples(g, r, media, err, errlen) == -1)
			return -1;
		gen_put_ref(g, resps, "304", "responses", "NotModified");
		gen_put_ref(g, resps, "400", "responses", "BadRequest");
		if (strchr(r->path, '{') != NULL)
			gen_put_ref(g, resps, "404", "responses", "NotFound");
		gen_put_ref(g, resps, "405", "responses", "MethodNotAllowed");
		gen_put_ref(g, resps, "412", "responses", "PreconditionFailed");
		gen_put_ref(g, resps, "500", "responses", "InternalError");
		gen_put_ref(g, resps, "default", "responses", "OtherError");
	}
	return 0;
}

/* --- The document ------------------------------------------------------- */

/*
 * Appends the overview's opening: what the API publishes (resource.c's
 * collections the content has, by name) and its envelope.
 */
static void
overview_intro(struct gen *g, struct buf *d)
{
	int	 c, k = 0, n = 0;

	for (c = 0; c < COLL__MAX; c++)
		n += content_coll_live(g->app->model, (enum coll)c);
	buf_puts(d, "Read-only JSON API publishing one person's professional "
	    "profile: profile, biography, ");
	for (c = 0; c < COLL__MAX; c++)
		if (content_coll_live(g->app->model, (enum coll)c))
			buf_printf(d, "%s%s", list_sep(k++, n, " and "),
			    resources[c].name);
	buf_puts(d, ", plus a keyword search. No authentication; every "
	    "operation is GET.\n"
	    "\n"
	    "**Envelope.** Every success is `application/json; "
	    "charset=utf-8` shaped `{data, meta}`: `meta` is `Meta`, or "
	    "`CollectionMeta` (with `total`, `limit`, `offset`) on "
	    "collections and search.\n"
	    "\n");
}

/*
 * Appends the sentence naming the fields the API gives in the default
 * language lang whatever the request's: the collections' members
 * flagged FIELD_DEFAULT_LANG in resource.c, each named by its
 * collection's hit type (or name) and its own name ("project
 * description").  Nothing when there are none, or when site.json does
 * not set default_language_fields (every field in the language asked).
 */
static void
overview_default_lang(const struct gen *g, struct buf *d, const char *lang)
{
	const struct resource *r;
	const struct field *f;
	int	 c, n = 0;

	if (!g->app->settings->default_language_fields)
		return;
	for (c = 0; c < COLL__MAX; c++) {
		r = &resources[c];
		for (f = r->fields; f->name != NULL; f++) {
			if (!(f->flags & FIELD_DEFAULT_LANG))
				continue;
			if (n++ == 0)
				buf_printf(d, "Some fields are always in %s (",
				    lang);
			else
				buf_puts(d, ", ");
			buf_printf(d, "%s %s", r->hit != NULL ? r->hit :
			    r->name, f->name);
		}
	}
	if (n > 0)
		buf_puts(d, "). ");
}

/* Appends the overview's paragraph on the site's languages. */
static void
overview_language(struct gen *g, struct buf *d)
{
	int	 n = g->app->langs->n, l;

	buf_printf(d, "**Language.** %s by default. ", g->name[0]);
	for (l = 1; l < n; l++)
		buf_printf(d, "%s`lang=%s`", l == 1 ? "" : ", ", g->langs[l]);
	buf_printf(d, "%s`lang=%s`%s selects the language; without it, "
	    "`Accept-Language` is negotiated (q-values honoured). The answer "
	    "carries `Content-Language` and `Vary: Accept-Language`. ",
	    n > 1 ? " (or " : "", g->langs[0], n > 1 ? ")" : "");
	overview_default_lang(g, d, g->name[0]);
	buf_puts(d, "Error messages are in English.\n\n");
}

/* Appends the paragraphs on caching (response.h's values), CORS and
 * versioning. */
static void
overview_http(struct gen *g, struct buf *d)
{
	char	 methods[64];

	buf_printf(d, "**Caching.** Successes carry `Cache-Control: %s` and "
	    "a strong `ETag`; `If-None-Match` with a current tag answers "
	    "`304 Not Modified` without a body. Errors carry "
	    "`Cache-Control: %s`.\n"
	    "\n"
	    "**CORS.** Open to every origin: `Access-Control-Allow-Origin: "
	    "*` on %s (preflight answered with 204).\n"
	    "\n"
	    "**Versioning.** The major version is in the path (`/api/v1`); "
	    "`info.version` equals `Health.api_version`, the semantic version "
	    "of the contract. Within v1 fields and endpoints are only added; "
	    "removing or renaming a field or an operation id ships under "
	    "`/api/v2`.\n"
	    "\n", CACHE_PUBLIC, CACHE_NONE,
	    gen_say_list(g, methods, sizeof(methods), ALLOWED_METHODS));
}

/* Appends the overview's paragraph on errors: errors.h's codes and
 * their statuses. */
static void
overview_errors(struct buf *d)
{
	int	 e;

	buf_puts(d, "**Errors.** Every non-2xx response under `/api` is the "
	    "JSON `Error` envelope, never HTML: `error.status` (the HTTP "
	    "status), `error.code` (");
	for (e = 0; e < ERR__MAX; e++)
		buf_printf(d, "%s`%s`", e > 0 ? ", " : "",
		    err_code_name((enum err_code)e));
	buf_printf(d, "; never renamed), `error.message`, `error.hint` (how "
	    "to recover) and `error.documentation_url`. A bad parameter is "
	    "%d `%s`, an unknown resource or route %d `%s`, any write method "
	    "%d `%s` with an `Allow` header, an `If-Match` naming no current "
	    "tag 412 `%s`.\n"
	    "\n", err_status(ERR_INVALID_PARAMETER),
	    err_code_name(ERR_INVALID_PARAMETER), err_status(ERR_NOT_FOUND),
	    err_code_name(ERR_NOT_FOUND), err_status(ERR_METHOD_NOT_ALLOWED),
	    err_code_name(ERR_METHOD_NOT_ALLOWED),
	    err_code_name(ERR_BAD_REQUEST));
}

/* Appends info.description, the overview of the API. */
static void
overview(struct gen *g, struct buf *d)
{
	overview_intro(g, d);
	overview_language(g, d);
	overview_http(g, d);
	overview_errors(d);
	buf_puts(d, "This document is generated at start-up from the route "
	    "table that dispatches the requests; it is also served as YAML "
	    "at `/api/openapi.yaml`.");
	if (g->app->cfg->static_copy)	/* --export: what the copy lacks */
		buf_printf(d, "\n\n%s", lbl(g->app->labels, LABELS_DOC,
		    "static.note"));
	if (d->oom)
		g->failed = 1;
}

static void
info(struct gen *g, cJSON *doc)
{
	const cJSON *p = g->app->model->profile.obj[g->app->doc_lang];
	struct buf d;
	const struct licence *lc = &g->app->settings->licence;
	const cJSON *name, *email, *url;
	cJSON	*in, *c, *l;

	buf_init(&d);
	in = gen_put_obj(g, doc, "info");
	gen_put_str(g, in, "title", "Professional profile API");
	gen_put_str(g, in, "version", PERFIL_API_VERSION);
	gen_put_str(g, in, "summary", "Read-only JSON API of one person's "
	    "professional profile.");
	overview(g, &d);
	gen_put_str(g, in, "description", buf_cstr(&d));
	buf_free(&d);
	name = cJSON_GetObjectItemCaseSensitive(p, "name");
	email = cJSON_GetObjectItemCaseSensitive(p, "email");
	url = cJSON_GetObjectItemCaseSensitive(p, "url");
	c = gen_put_obj(g, in, "contact");
	if (cJSON_IsString(name))
		gen_put_str(g, c, "name", name->valuestring);
	if (cJSON_IsString(url))
		gen_put_str(g, c, "url", url->valuestring);
	if (cJSON_IsString(email))
		gen_put_str(g, c, "email", email->valuestring);
	if (lc->name == NULL)
		return;
	l = gen_put_obj(g, in, "license");
	if (lc->attribution) {
		char	 n[256];

		if (xsnprintf(n, sizeof(n), "%s (the data; use requires "
		    "attribution)", lc->name) == -1)
			g->failed = 1;
		gen_put_str(g, l, "name", n);
	} else
		gen_put_str(g, l, "name", lc->name);
	if (lc->spdx != NULL)
		gen_put_str(g, l, "identifier", lc->spdx);
	else
		gen_put_str(g, l, "url", lc->url[g->app->doc_lang]);
}

/*
 * Renders the tree as compact JSON with a final newline: a third
 * smaller than cJSON's indented form, and every API answer is compact
 * too (the YAML form is the one written for people).
 */
static char *
render_json(const cJSON *doc, size_t *len)
{
	char	*s, *t;
	size_t	 n;

	if ((s = cJSON_PrintUnformatted(doc)) == NULL)
		return NULL;
	n = strlen(s);
	if ((t = realloc(s, n + 2)) == NULL) {
		free(s);
		return NULL;
	}
	t[n] = '\n';
	t[n + 1] = '\0';
	*len = n + 1;
	return t;
}

/*
 * Builds the document for app (whose model and URLs are loaded) and
 * renders it.  Returns it, or NULL with a message in err.
 */
struct openapi *
openapi_build(const struct app *app, handle_synthetic_fn *run, char *err,
    size_t errlen)
{
	struct gen g = { .app = app, .run = run };
	struct openapi *o;
	struct buf yaml;
	cJSON	*doc, *srv, *ext;
	char	*json;
	size_t	 len;
	int	 l;

	for (l = 0; l < app->langs->n; l++) {
		g.langs[l] = lang_code(app->langs, (enum lang)l);
		lang_display_name(g.langs[l], "en", g.name[l],
		    sizeof(g.name[l]));
	}
	if ((o = calloc(1, sizeof(*o))) == NULL ||
	    (o->doc = doc = cJSON_CreateObject()) == NULL)
		goto oom;
	gen_put_str(&g, doc, "openapi", "3.1.0");
	info(&g, doc);
	gen_put_str(&g, doc, "jsonSchemaDialect",
	    "https://spec.openapis.org/oas/3.1/dialect/base");
	srv = gen_put_obj(&g, gen_put_arr(&g, doc, "servers"), NULL);
	gen_put_str(&g, srv, "url", app->cfg->base_url);
	gen_put_str(&g, srv, "description", "This service.");
	ext = gen_put_obj(&g, doc, "externalDocs");
	gen_put_str(&g, ext, "description", "Developer portal");
	gen_put_str(&g, ext, "url", app->doc_url[app->doc_lang]);
	/* No operation needs credentials. */
	gen_put_arr(&g, doc, "security");
	if (paths(&g, doc, err, errlen) == -1)
		goto fail;
	gen_components(&g, doc);
	if (g.failed)
		goto oom;
	if ((json = render_json(doc, &len)) == NULL ||
	    enc_keep_smallest(&o->text[OPENAPI_JSON], json, len, NULL) == -1)
		goto oom;
	buf_init(&yaml);
	if (json_yaml(doc, &yaml) == -1 || yaml.oom) {
		buf_free(&yaml);
		snprintf(err, errlen, "openapi: cannot render YAML");
		goto fail;
	}
	len = yaml.len;
	/* The YAML form at the quality of every other answer: 1.2-1.4 KB
	 * more than at /openapi.json's, for a 20-25 ms less CPU per load
	 * (encoding.c). */
	if (enc_keep(&o->text[OPENAPI_YAML], buf_detach(&yaml), len,
	    NULL) == -1)
		goto oom;
	return o;
oom:
	snprintf(err, errlen, "openapi: out of memory");
fail:
	openapi_free(o);
	return NULL;
}

void
openapi_free(struct openapi *o)
{
	int	 f;

	if (o == NULL)
		return;
	cJSON_Delete(o->doc);
	for (f = 0; f < OPENAPI__MAX; f++)
		enc_free(&o->text[f]);
	free(o);
}

/*
 * Writes o's renders into the snapshot's stream, or reads them back
 * (snap.h).  The tree is not kept: it serves the load's renders only
 * (mcp_tools_list), which a snapshot read back does not run.  Returns
 * the document (read: a new one, doc NULL), or NULL (failed).
 */
struct openapi *
openapi_snap(struct snap *sn, struct openapi *o)
{
	int	 f;

	if (sn->reading && (o = calloc(1, sizeof(*o))) == NULL) {
		snap_fail(sn, "out of memory");
		return NULL;
	}
	for (f = 0; f < OPENAPI__MAX; f++)
		snap_rendered(sn, &o->text[f]);
	for (f = 0; sn->reading && f < OPENAPI__MAX; f++)
		if (o->text[f].len == 0)
			snap_fail(sn, "no OpenAPI document");
	if (!snap_ok(sn)) {
		if (sn->reading)
			openapi_free(o);
		return NULL;
	}
	return o;
}

/* --- Serving ------------------------------------------------------------------ */

const char *
openapi_type(enum openapi_format f)
{
	return f == OPENAPI_YAML ? TYPE_YAML : TYPE_JSON;
}

/*
 * The headers of the document, the same at /openapi.json (site) and
 * under /api: the API's caching and CORS.  The dispatcher answers
 * If-None-Match.
 */
void
openapi_headers(struct response *r, enum openapi_format f)
{
	r->content_type = openapi_type(f);
	r->cache_control = CACHE_PUBLIC;
	r->content_language = "en";
	resp_header(r, "Access-Control-Allow-Origin", "*");
	resp_header(r, "Access-Control-Expose-Headers", "ETag");
	resp_header(r, "X-Content-Type-Options", "nosniff");
}

/* Route handler of the document; route->arg is its row of SITE_DOCS
 * (page_list.h), DOC_OPENAPI_YAML the YAML form. */
void
openapi_serve(struct ctx *x)
{
	const struct openapi *o = x->app->openapi;
	enum openapi_format f = x->route->arg == DOC_OPENAPI_YAML ?
	    OPENAPI_YAML : OPENAPI_JSON;

	if (o == NULL) {
		err_send(x, ERR_INTERNAL, "Retry the request later.",
		    "The OpenAPI document is not available.");
		return;
	}
	x->resp->status = 200;
	openapi_headers(x->resp, f);
	if (enc_answer(&o->text[f], x->req, x->resp) == -1)
		err_send(x, ERR_INTERNAL, "Retry the request later.",
		    "The OpenAPI document could not be decompressed.");
}
