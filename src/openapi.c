/*
 * openapi.c: generating, rendering and serving the OpenAPI document.
 *
 * Three sources and nothing else: the route table (paths, operation
 * ids, summaries, parameters with their bounds and defaults), the
 * schema declarations of schemas.c (docs/contract.md's resources, field by
 * field) and
 * the loaded content (examples, produced by running the real handlers).
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "errors.h"
#include "json_yaml.h"
#include "openapi.h"
#include "labels.h"
#include "routes.h"
#include "schemas.h"
#include "settings.h"

#define SCHEMA_REF	"#/components/schemas/"

/* --- Building cJSON trees --------------------------------------------- */

/* The generator's state: allocation failures are remembered, not
 * checked at every call, and reported once at the end. */
struct gen {
	const struct app *app;
	handle_synthetic_fn *run;	/* runs the example requests */
	int	 failed;
	const char *langs[LANG__MAX + 1];	/* the codes, NULL-ended */
	char	 name[LANG__MAX][64];	/* their English names */
};

/* Adds item to parent (under key, or appended when key is NULL) and
 * returns it; on any failure frees item, marks g and returns NULL. */
static cJSON *
put(struct gen *g, cJSON *parent, const char *key, cJSON *item)
{
	cJSON_bool ok;

	if (item == NULL || parent == NULL) {
		cJSON_Delete(item);
		g->failed = 1;
		return NULL;
	}
	ok = key != NULL ? cJSON_AddItemToObject(parent, key, item) :
	    cJSON_AddItemToArray(parent, item);
	if (!ok) {
		cJSON_Delete(item);
		g->failed = 1;
		return NULL;
	}
	return item;
}

static cJSON *
put_obj(struct gen *g, cJSON *parent, const char *key)
{
	return put(g, parent, key, cJSON_CreateObject());
}

static cJSON *
put_arr(struct gen *g, cJSON *parent, const char *key)
{
	return put(g, parent, key, cJSON_CreateArray());
}

static void
put_str(struct gen *g, cJSON *parent, const char *key, const char *s)
{
	put(g, parent, key, cJSON_CreateString(s));
}

static void
put_num(struct gen *g, cJSON *parent, const char *key, double n)
{
	put(g, parent, key, cJSON_CreateNumber(n));
}

static void
put_bool(struct gen *g, cJSON *parent, const char *key, int b)
{
	put(g, parent, key, cJSON_CreateBool(b));
}

/* Adds {"$ref": "#/components/<section>/<name>"}. */
static cJSON *
put_ref(struct gen *g, cJSON *parent, const char *key, const char *section,
    const char *name)
{
	char	 ref[128];
	cJSON	*o;

	if (xsnprintf(ref, sizeof(ref), "#/components/%s/%s", section,
	    name) == -1) {
		g->failed = 1;
		return NULL;
	}
	o = put_obj(g, parent, key);
	put_str(g, o, "$ref", ref);
	return o;
}

static void	object_schema(struct gen *, cJSON *, const struct field *,
		    int);

/* Fills a string schema: type, format, pattern, enum. */
static void
string_schema(struct gen *g, cJSON *s, const char *format,
    const char *pattern, const char *const *values)
{
	cJSON	*e;

	put_str(g, s, "type", "string");
	if (format != NULL)
		put_str(g, s, "format", format);
	if (pattern != NULL)
		put_str(g, s, "pattern", pattern);
	if (values != NULL) {
		e = put_arr(g, s, "enum");
		for (; *values != NULL; values++)
			put_str(g, e, NULL, *values);
	}
}

/* Fills the schema of one value of field f (its element, for arrays). */
static void
value_schema(struct gen *g, cJSON *s, const struct field *f)
{
	const struct fkind_info *k = &fkinds[f->kind];
	const char *pattern = f->pattern ? f->pattern : k->pattern;
	cJSON	*e, *it;
	size_t	 i;

	if (f->kind == F_OBJECT) {
		object_schema(g, s, f->sub, f->flags & FIELD_CLOSED);
		return;
	}
	put_str(g, s, "type", k->type);
	if (f->kind == F_ARRAY) {
		it = put_obj(g, s, "items");
		value_schema(g, it, f->sub);
		return;
	}
	if (k->format != NULL)
		put_str(g, s, "format", k->format);
	if (pattern != NULL)
		put_str(g, s, "pattern", pattern);
	if (k->maxlen > 0)
		put_num(g, s, "maxLength", (double)k->maxlen);
	if (f->values != NULL) {
		e = put_arr(g, s, "enum");
		for (i = 0; f->values[i] != NULL; i++)
			put_str(g, e, NULL, f->values[i]);
	} else if (f->kind == F_HITTYPE) {
		e = put_arr(g, s, "enum");
		for (i = 0; i < COLL__MAX; i++)
			if (resources[i].hit != NULL)
				put_str(g, e, NULL, resources[i].hit);
	}
}

/*
 * Fills an object schema from a member list: the API's view, so
 * content-only members are left out.
 */
static void
object_schema(struct gen *g, cJSON *s, const struct field *f, int closed)
{
	cJSON	*props, *req, *p;

	put_str(g, s, "type", "object");
	req = put_arr(g, s, "required");
	props = put_obj(g, s, "properties");
	for (; f->name != NULL; f++) {
		if (f->flags & FIELD_CONTENT)
			continue;
		if (f->flags & FIELD_REQUIRED)
			put_str(g, req, NULL, f->name);
		p = put_obj(g, props, f->name);
		value_schema(g, p, f);
		if (f->flags & FIELD_DEFAULT_LANG) {
			/* "Date written, in Spanish.": the default language */
			char	 d[256];

			if (xsnprintf(d, sizeof(d), "%s, in %s.",
			    f->description, g->name[LANG_DEFAULT]) == -1)
				g->failed = 1;
			put_str(g, p, "description", d);
		} else
			put_str(g, p, "description", f->description);
	}
	if (closed)
		put_bool(g, s, "additionalProperties", 0);
}

static int
schema_known(const char *name)
{
	size_t	 i;

	for (i = 0; i < nschemas; i++)
		if (strcmp(schemas[i]->schema, name) == 0)
			return 1;
	return 0;
}

/* --- Examples from the real handlers ---------------------------------- */

/*
 * Sends one request through the dispatcher and returns its body parsed
 * (the caller frees it) when the status is want, else NULL.
 */
static cJSON *
sample(const struct gen *g, const char *method, const char *path,
    const char *query, int want)
{
	struct response r;
	struct arena a;
	const char *data;
	size_t	 len;
	cJSON	*body = NULL;

	resp_init(&r);
	arena_init(&a, 4096);
	if (g->run(g->app, method, path, query, NULL, &r, &a) == -1)
		r.status = 0;
	if (r.status == want && (data = resp_body(&r, &len)) != NULL &&
	    len > 0)
		body = cJSON_ParseWithLength(data, len);
	arena_free(&a);
	resp_free(&r);
	return body;
}

/* Adds {summary, value} under examples[key]; takes value. */
static void
put_example(struct gen *g, cJSON *examples, const char *key,
    const char *summary, cJSON *value)
{
	cJSON	*e;

	if ((e = put_obj(g, examples, key)) == NULL) {
		cJSON_Delete(value);
		return;
	}
	put_str(g, e, "summary", summary);
	put(g, e, "value", value);
}

/*
 * The request path and query that exemplify route r: a {slug} is the
 * first item of its collection, a collection is asked for one item,
 * a search text is the first word of the first project's slug.
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
	for (p = r->params; p->id != PARAM__MAX; p++) {
		n = strlen(query);
		if (p->id == PARAM_LIMIT) {
			if (xsnprintf(query + n, querylen - n, "%slimit=1",
			    n ? "&" : "") == -1)
				return -1;
		} else if (p->kind == PARAM_KIND_STRING) {
			c = &app->model->coll[COLL_PROJECTS];
			if (c->len == 0)
				return -1;
			first = c->items[0].slug;
			if (xsnprintf(query + n, querylen - n, "%sq=%.*s",
			    n ? "&" : "", (int)strcspn(first, "-"),
			    first) == -1)
				return -1;
		}
	}
	return 0;
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
		if ((body = sample(g, "GET", path, query_l, 200)) == NULL) {
			snprintf(err, errlen, "openapi: the example request "
			    "GET %s?%s of %s does not answer 200", path,
			    query_l, r->operation_id);
			return -1;
		}
		if (l == 0)
			snprintf(summary, sizeof(summary), "%s (the default)",
			    g->name[l]);
		else
			snprintf(summary, sizeof(summary), "%s (lang=%s or "
			    "Accept-Language: %s)", g->name[l], code, code);
		if (ex == NULL)
			ex = put_obj(g, media, "examples");
		put_example(g, ex, code, summary, body);
	}
	return 0;
}

/* --- Components -------------------------------------------------------- */

static void
put_header(struct gen *g, cJSON *headers, const char *name,
    const char *description, int required, const char *pattern,
    const char *const *values)
{
	cJSON	*h;

	h = put_obj(g, headers, name);
	put_str(g, h, "description", description);
	put_bool(g, h, "required", required);
	string_schema(g, put_obj(g, h, "schema"), NULL, pattern, values);
}

static const char *const cache_public[] = { CACHE_PUBLIC, NULL };
static const char *const cache_none[] = { CACHE_NONE, NULL };
static const char *const any_origin[] = { "*", NULL };
static const char *const allowed[] = { "GET, HEAD, OPTIONS", NULL };
static const char *const expose[] = { "ETag, Content-Language", NULL };
static const char *const nosniff[] = { "nosniff", NULL };
static const char *const codings[] = { "gzip", "br", NULL };

static void
components_headers(struct gen *g, cJSON *comp)
{
	cJSON	*h = put_obj(g, comp, "headers");

	put_header(g, h, "Cache-Control", "Successful responses may be "
	    "cached for 5 minutes, 1 hour in shared caches.", 1, NULL,
	    cache_public);
	put_header(g, h, "Cache-Control-Error", "Errors are never cached.",
	    1, NULL, cache_none);
	put_header(g, h, "ETag", "Strong entity tag of this representation; "
	    "send it back in If-None-Match to revalidate. Each content "
	    "coding has its own: -gz or -br inside the quotes.", 1,
	    "^\"[0-9a-f]{16}(-gz|-br)?\"$", NULL);
	put_header(g, h, "Content-Language", "Language of the "
	    "representation.", 1, NULL, g->langs);
	put_header(g, h, "Vary", "The representation depends on "
	    "Accept-Language and Accept-Encoding.", 1,
	    "^Accept-Language, ?Accept-Encoding$", NULL);
	put_header(g, h, "Content-Encoding", "gzip or br when "
	    "Accept-Encoding asked for it (answers rendered per request: "
	    "from 8 KiB); absent for identity.", 0, NULL, codings);
	put_header(g, h, "Access-Control-Allow-Origin", "CORS is open to "
	    "every origin.", 1, NULL, any_origin);
	put_header(g, h, "Allow", "The methods the endpoint accepts.", 1,
	    NULL, allowed);
	put_header(g, h, "Access-Control-Expose-Headers", "Response headers "
	    "a browser script may read.", 1, NULL, expose);
	put_header(g, h, "X-Content-Type-Options", "Browsers must not guess "
	    "another media type.", 1, NULL, nosniff);
}

/* The descriptions of the lang and Accept-Language parameters. */
static void
lang_descriptions(struct gen *g, struct buf *lang, struct buf *al)
{
	int	 n = g->app->langs->n, l;

	buf_puts(lang, "Language of the response: ");
	for (l = 0; l < n; l++)
		buf_printf(lang, "%s%s (%s)", list_sep(l, n, " or "),
		    g->langs[l], g->name[l]);
	buf_printf(lang, ". Takes precedence over Accept-Language; without "
	    "either the response is in %s.", g->name[0]);
	buf_puts(al, "Standard language negotiation (q-values honoured); ");
	for (l = 1; l < n; l++)
		buf_printf(al, "%s selects %s, ", g->langs[l], g->name[l]);
	buf_printf(al, "%s %s. Ignored when lang is given.", n == 1 ?
	    "every response is in" : "anything else", g->name[0]);
	if (lang->oom || al->oom)
		g->failed = 1;
}

static void
components_parameters(struct gen *g, cJSON *comp)
{
	cJSON	*ps = put_obj(g, comp, "parameters"), *p, *s;
	struct buf lang, al;

	buf_init(&lang);
	buf_init(&al);
	lang_descriptions(g, &lang, &al);
	p = put_obj(g, ps, "lang");
	put_str(g, p, "name", "lang");
	put_str(g, p, "in", "query");
	put_bool(g, p, "required", 0);
	put_str(g, p, "description", buf_cstr(&lang));
	string_schema(g, put_obj(g, p, "schema"), NULL, NULL, g->langs);

	p = put_obj(g, ps, "Accept-Language");
	put_str(g, p, "name", "Accept-Language");
	put_str(g, p, "in", "header");
	put_bool(g, p, "required", 0);
	put_str(g, p, "description", buf_cstr(&al));
	buf_free(&lang);
	buf_free(&al);
	s = put_obj(g, p, "schema");
	put_str(g, s, "type", "string");
	put_str(g, p, "example", "en-GB,en;q=0.9,es;q=0.5");

	p = put_obj(g, ps, "Accept-Encoding");
	put_str(g, p, "name", "Accept-Encoding");
	put_str(g, p, "in", "header");
	put_bool(g, p, "required", 0);
	put_str(g, p, "description", "Standard content-coding negotiation "
	    "(q-values honoured): br or gzip; brotli first on a tie. "
	    "Without it, or when malformed, the response is not "
	    "compressed.");
	s = put_obj(g, p, "schema");
	put_str(g, s, "type", "string");
	put_str(g, p, "example", "gzip, deflate, br");

	p = put_obj(g, ps, "If-None-Match");
	put_str(g, p, "name", "If-None-Match");
	put_str(g, p, "in", "header");
	put_bool(g, p, "required", 0);
	put_str(g, p, "description", "ETag(s) of a cached representation; "
	    "if one matches, the answer is 304 without a body.");
	s = put_obj(g, p, "schema");
	put_str(g, s, "type", "string");

	p = put_obj(g, ps, "If-Match");
	put_str(g, p, "name", "If-Match");
	put_str(g, p, "in", "header");
	put_bool(g, p, "required", 0);
	put_str(g, p, "description", "\"*\" or ETag(s) the client expects "
	    "(RFC 9110, strong comparison); when none is current the "
	    "answer is 412 with the code bad_request.");
	s = put_obj(g, p, "schema");
	put_str(g, s, "type", "string");
}

/* An error response of components.responses, with its examples. */
static cJSON *
error_response(struct gen *g, cJSON *resps, const char *name,
    const char *description, int allow)
{
	cJSON	*r, *h, *m;

	r = put_obj(g, resps, name);
	put_str(g, r, "description", description);
	h = put_obj(g, r, "headers");
	put_ref(g, h, "Cache-Control", "headers", "Cache-Control-Error");
	put_ref(g, h, "Access-Control-Allow-Origin", "headers",
	    "Access-Control-Allow-Origin");
	if (allow)
		put_ref(g, h, "Allow", "headers", "Allow");
	m = put_obj(g, put_obj(g, r, "content"), MEDIA_JSON);
	put_ref(g, m, "schema", "schemas", "Error");
	return m;
}

/* Adds one generated error example to media (when the request gives
 * the expected status). */
static void
error_example(struct gen *g, cJSON *media, const char *key,
    const char *summary, const char *method, const char *path,
    const char *query, int status)
{
	cJSON	*ex, *body;

	if ((body = sample(g, method, path, query, status)) == NULL)
		return;
	if ((ex = cJSON_GetObjectItemCaseSensitive(media, "examples")) ==
	    NULL)
		ex = put_obj(g, media, "examples");
	put_example(g, ex, key, summary, body);
}

static void
components_responses(struct gen *g, cJSON *comp)
{
	const struct route *api = NULL, *list = NULL, *slug = NULL;
	cJSON	*resps = put_obj(g, comp, "responses"), *r, *h, *m;
	char	 path[512];
	size_t	 i;

	for (i = 0; i < routes_len; i++) {
		if (routes[i].kind != ROUTE_API)
			continue;
		if (api == NULL)
			api = &routes[i];
		if (list == NULL && routes[i].collection &&
		    strchr(routes[i].path, '{') == NULL)
			list = &routes[i];
		if (slug == NULL && strchr(routes[i].path, '{') != NULL)
			slug = &routes[i];
	}

	r = put_obj(g, resps, "NotModified");
	put_str(g, r, "description", "Not Modified: If-None-Match matched "
	    "the current ETag; no body. The headers are those of the 200 "
	    "it stands for.");
	h = put_obj(g, r, "headers");
	put_ref(g, h, "ETag", "headers", "ETag");
	put_ref(g, h, "Cache-Control", "headers", "Cache-Control");
	put_ref(g, h, "Content-Language", "headers", "Content-Language");
	put_ref(g, h, "Vary", "headers", "Vary");
	put_ref(g, h, "Access-Control-Allow-Origin", "headers",
	    "Access-Control-Allow-Origin");
	put_ref(g, h, "Access-Control-Expose-Headers", "headers",
	    "Access-Control-Expose-Headers");
	put_ref(g, h, "X-Content-Type-Options", "headers",
	    "X-Content-Type-Options");

	m = error_response(g, resps, "BadRequest", "Bad Request: "
	    "invalid_parameter when a query parameter is repeated, missing "
	    "or out of range (the message names it, its allowed range and "
	    "the value received); bad_request when the query string is not "
	    "well-formed UTF-8.", 0);
	if (api != NULL)
		error_example(g, m, "lang", "An unknown language", "GET",
		    api->path, "lang=fr", 400);
	if (list != NULL)
		error_example(g, m, "limit", "A limit out of range", "GET",
		    list->path, "limit=0", 400);

	m = error_response(g, resps, "NotFound", "Not Found: the resource "
	    "or the endpoint does not exist. Every unknown path under /api "
	    "answers this envelope.", 0);
	error_example(g, m, "route", "An unknown route", "GET",
	    "/api/v1/nope", "", 404);
	if (slug != NULL && xsnprintf(path, sizeof(path), "%.*sno-such-slug",
	    (int)(strchr(slug->path, '{') - slug->path), slug->path) != -1)
		error_example(g, m, "slug", "An unknown slug; the hint lists "
		    "the known ones", "GET", path, "", 404);

	m = error_response(g, resps, "MethodNotAllowed", "Method Not "
	    "Allowed: the API is read-only. Any method other than GET, "
	    "HEAD and OPTIONS on an endpoint answers this, with the Allow "
	    "header.", 1);
	if (api != NULL)
		error_example(g, m, "post", "A write attempt", "POST",
		    api->path, "", 405);

	error_response(g, resps, "PreconditionFailed", "Precondition "
	    "Failed: If-Match names no current entity tag of the resource "
	    "(strong comparison; \"*\" always matches). The code is "
	    "bad_request.", 0);

	error_response(g, resps, "InternalError", "Internal Server Error: "
	    "the service failed to answer (for example out of memory).", 0);
	error_response(g, resps, "OtherError", "Any other error status, "
	    "such as those the web server in front of the service answers "
	    "itself (413 for a large body on a read, 502, 503 or 504 when the "
	    "service is down or slow): the same envelope.", 0);
}

static void
components(struct gen *g, cJSON *doc)
{
	cJSON	*comp = put_obj(g, doc, "components"), *ss, *s;
	size_t	 i;

	ss = put_obj(g, comp, "schemas");
	for (i = 0; i < nschemas; i++) {
		s = put_obj(g, ss, schemas[i]->schema);
		put_str(g, s, "description", schemas[i]->description);
		object_schema(g, s, schemas[i]->fields, schemas[i]->closed);
	}
	components_parameters(g, comp);
	components_headers(g, comp);
	components_responses(g, comp);
}

/* --- Paths ------------------------------------------------------------- */

static void
route_parameters(struct gen *g, const struct route *r, cJSON *op)
{
	const struct route_param *rp;
	cJSON	*ps = put_arr(g, op, "parameters"), *p, *s;
	char	 desc[256];

	if (strchr(r->path, '{') != NULL) {
		p = put_obj(g, ps, NULL);
		put_str(g, p, "name", "slug");
		put_str(g, p, "in", "path");
		put_bool(g, p, "required", 1);
		if (xsnprintf(desc, sizeof(desc), "The slug field of one item "
		    "of %s; an unknown slug is 404 not_found.",
		    r->coll < COLL__MAX ? content_coll_name(r->coll) :
		    "the collection") == -1)
			g->failed = 1;
		put_str(g, p, "description", desc);
		value_schema(g, put_obj(g, p, "schema"), field_find(
		    resources[r->coll < COLL__MAX ? r->coll : 0].fields,
		    "slug"));
	}
	for (rp = r->params; rp->id != PARAM__MAX; rp++) {
		p = put_obj(g, ps, NULL);
		put_str(g, p, "name", req_param_name(rp->id));
		put_str(g, p, "in", "query");
		put_bool(g, p, "required", rp->required);
		put_str(g, p, "description", route_param_description(
		    g->app->labels, r, rp, LABELS_DOC));
		s = put_obj(g, p, "schema");
		if (rp->kind == PARAM_KIND_STRING) {
			put_str(g, s, "type", "string");
			put_num(g, s, "minLength", (double)rp->min);
			put_num(g, s, "maxLength", (double)rp->max);
			/* Not only white space (ECMA-262 \S). */
			put_str(g, s, "pattern", "\\S");
		} else {
			put_str(g, s, "type", "integer");
			put_num(g, s, "minimum", (double)rp->min);
			put_num(g, s, "maximum", (double)rp->max);
			put_num(g, s, "default", (double)rp->def);
		}
	}
	put_ref(g, ps, NULL, "parameters", "lang");
	put_ref(g, ps, NULL, "parameters", "Accept-Language");
	put_ref(g, ps, NULL, "parameters", "Accept-Encoding");
	put_ref(g, ps, NULL, "parameters", "If-None-Match");
	put_ref(g, ps, NULL, "parameters", "If-Match");
}

/* The 200 response of a route: {data, meta} with its headers. */
static cJSON *
success_response(struct gen *g, const struct route *r, cJSON *resps)
{
	cJSON	*ok, *h, *m, *s, *props, *req, *data;

	ok = put_obj(g, resps, "200");
	put_str(g, ok, "description", r->collection ? "A page of the "
	    "collection in the {data, meta} envelope." : "The resource in "
	    "the {data, meta} envelope.");
	h = put_obj(g, ok, "headers");
	put_ref(g, h, "Cache-Control", "headers", "Cache-Control");
	put_ref(g, h, "ETag", "headers", "ETag");
	put_ref(g, h, "Content-Language", "headers", "Content-Language");
	put_ref(g, h, "Vary", "headers", "Vary");
	put_ref(g, h, "Content-Encoding", "headers", "Content-Encoding");
	put_ref(g, h, "Access-Control-Allow-Origin", "headers",
	    "Access-Control-Allow-Origin");
	m = put_obj(g, put_obj(g, ok, "content"), MEDIA_JSON);
	s = put_obj(g, m, "schema");
	put_str(g, s, "type", "object");
	req = put_arr(g, s, "required");
	put_str(g, req, NULL, "data");
	put_str(g, req, NULL, "meta");
	props = put_obj(g, s, "properties");
	if (r->collection) {
		data = put_obj(g, props, "data");
		put_str(g, data, "type", "array");
		put_ref(g, data, "items", "schemas", route_schema(r));
		put_ref(g, props, "meta", "schemas", "CollectionMeta");
	} else {
		put_ref(g, props, "data", "schemas", route_schema(r));
		put_ref(g, props, "meta", "schemas", "Meta");
	}
	put_bool(g, s, "additionalProperties", 0);
	return m;
}

static int
paths(struct gen *g, cJSON *doc, char *err, size_t errlen)
{
	const struct route *r;
	const char *summary, *description;
	cJSON	*ps = put_obj(g, doc, "paths"), *op, *resps, *media;
	size_t	 i;

	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (r->kind != ROUTE_API)
			continue;
		if (route_schema(r) == NULL || !schema_known(route_schema(r))) {
			snprintf(err, errlen, "openapi: route %s names no "
			    "known schema (%s)", r->path,
			    route_schema(r) ? route_schema(r) : "none");
			return -1;
		}
		op = put_obj(g, put_obj(g, ps, r->path), "get");
		put_str(g, op, "operationId", r->operation_id);
		/* The English texts: en.json's (labels.h, LABELS_DOC). */
		summary = route_summary(g->app->labels, r, LABELS_DOC);
		description = route_description(g->app->labels, r,
		    LABELS_DOC);
		put_str(g, op, "summary", summary);
		put_str(g, op, "description", description != NULL ?
		    description : summary);
		route_parameters(g, r, op);
		resps = put_obj(g, op, "responses");
		media = success_response(g, r, resps);
		if (route_examples(g, r, media, err, errlen) == -1)
			return -1;
		put_ref(g, resps, "304", "responses", "NotModified");
		put_ref(g, resps, "400", "responses", "BadRequest");
		if (strchr(r->path, '{') != NULL)
			put_ref(g, resps, "404", "responses", "NotFound");
		put_ref(g, resps, "405", "responses", "MethodNotAllowed");
		put_ref(g, resps, "412", "responses", "PreconditionFailed");
		put_ref(g, resps, "500", "responses", "InternalError");
		put_ref(g, resps, "default", "responses", "OtherError");
	}
	return 0;
}

/* --- The document ------------------------------------------------------- */

static const char overview[] =
"Read-only JSON API publishing one person's professional profile: "
"profile, biography, projects, experience, skills, certifications, "
"education and recommendations, plus a keyword search. No "
"authentication; every operation is GET.\n"
"\n"
"**Envelope.** Every success is `application/json; charset=utf-8` "
"shaped `{data, meta}`: `meta` is `Meta`, or `CollectionMeta` (with "
"`total`, `limit`, `offset`) on collections and search.\n"
"\n";

/* Then the language paragraph (overview_language), then this. */
static const char overview_rest[] =
"\n"
"**Caching.** Successes carry `Cache-Control: " CACHE_PUBLIC "` and a "
"strong `ETag`; `If-None-Match` with a current tag answers `304 Not "
"Modified` without a body. Errors carry `Cache-Control: no-store`.\n"
"\n"
"**CORS.** Open to every origin: `Access-Control-Allow-Origin: *` on "
"GET, HEAD and OPTIONS (preflight answered with 204).\n"
"\n"
"**Versioning.** The major version is in the path (`/api/v1`); "
"`info.version` equals `Health.api_version`, the semantic version of "
"the contract. Within v1 fields and endpoints are only added; removing "
"or renaming a field or an operation id ships under `/api/v2`.\n"
"\n"
"**Errors.** Every non-2xx response under `/api` is the JSON `Error` "
"envelope, never HTML: `error.status` (the HTTP status), `error.code` "
"(`bad_request`, `invalid_parameter`, `not_found`, "
"`method_not_allowed`, `internal_error`; never renamed), "
"`error.message`, `error.hint` (how to recover) and "
"`error.documentation_url`. A bad parameter is 400 "
"`invalid_parameter`, an unknown resource or route 404 `not_found`, any "
"write method 405 `method_not_allowed` with an `Allow` header, an "
"`If-Match` naming no current tag 412 `bad_request`.\n"
"\n"
"This document is generated at start-up from the route table that "
"dispatches the requests; it is also served as YAML at "
"`/api/openapi.yaml`.";

/* Appends the overview with its paragraph on the site's languages. */
static void
overview_language(struct gen *g, struct buf *d)
{
	int	 n = g->app->langs->n, l;

	buf_puts(d, overview);
	buf_printf(d, "**Language.** %s by default. ", g->name[0]);
	for (l = 1; l < n; l++)
		buf_printf(d, "%s`lang=%s`", l == 1 ? "" : ", ", g->langs[l]);
	buf_printf(d, "%s`lang=%s`%s selects the language; without it, "
	    "`Accept-Language` is negotiated (q-values honoured). The answer "
	    "carries `Content-Language` and `Vary: Accept-Language`. Some "
	    "fields are always in %s (project description, experience "
	    "period, certification date, recommendation date). Error "
	    "messages are in English.\n", n > 1 ? " (or " : "", g->langs[0],
	    n > 1 ? ")" : "", g->name[0]);
	buf_puts(d, overview_rest);
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
	in = put_obj(g, doc, "info");
	put_str(g, in, "title", "Professional profile API");
	put_str(g, in, "version", PERFIL_API_VERSION);
	put_str(g, in, "summary", "Read-only JSON API of one person's "
	    "professional profile.");
	overview_language(g, &d);
	put_str(g, in, "description", buf_cstr(&d));
	buf_free(&d);
	name = cJSON_GetObjectItemCaseSensitive(p, "name");
	email = cJSON_GetObjectItemCaseSensitive(p, "email");
	url = cJSON_GetObjectItemCaseSensitive(p, "url");
	c = put_obj(g, in, "contact");
	if (cJSON_IsString(name))
		put_str(g, c, "name", name->valuestring);
	if (cJSON_IsString(url))
		put_str(g, c, "url", url->valuestring);
	if (cJSON_IsString(email))
		put_str(g, c, "email", email->valuestring);
	if (lc->name == NULL)
		return;
	l = put_obj(g, in, "license");
	if (lc->attribution) {
		char	 n[256];

		if (xsnprintf(n, sizeof(n), "%s (the data; use requires "
		    "attribution)", lc->name) == -1)
			g->failed = 1;
		put_str(g, l, "name", n);
	} else
		put_str(g, l, "name", lc->name);
	if (lc->spdx != NULL)
		put_str(g, l, "identifier", lc->spdx);
	else
		put_str(g, l, "url", lc->url[g->app->doc_lang]);
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
	put_str(&g, doc, "openapi", "3.1.0");
	info(&g, doc);
	put_str(&g, doc, "jsonSchemaDialect",
	    "https://spec.openapis.org/oas/3.1/dialect/base");
	srv = put_obj(&g, put_arr(&g, doc, "servers"), NULL);
	put_str(&g, srv, "url", app->cfg->base_url);
	put_str(&g, srv, "description", "This service.");
	ext = put_obj(&g, doc, "externalDocs");
	put_str(&g, ext, "description", "Developer portal");
	put_str(&g, ext, "url", app->doc_url[app->doc_lang]);
	/* No operation needs credentials. */
	put_arr(&g, doc, "security");
	if (paths(&g, doc, err, errlen) == -1)
		goto fail;
	components(&g, doc);
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
	if (enc_keep_smallest(&o->text[OPENAPI_YAML], buf_detach(&yaml),
	    len, NULL) == -1)
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

/* Route handler of the document; route->arg is the format. */
void
openapi_serve(struct ctx *x)
{
	const struct openapi *o = x->app->openapi;
	enum openapi_format f = x->route->arg == OPENAPI_YAML ? OPENAPI_YAML :
	    OPENAPI_JSON;

	if (o == NULL) {
		err_send(x, ERR_INTERNAL, "Retry the request later.",
		    "The OpenAPI document is not available.");
		return;
	}
	x->resp->status = 200;
	openapi_headers(x->resp, f);
	enc_answer(&o->text[f], x->req, x->resp);
}
