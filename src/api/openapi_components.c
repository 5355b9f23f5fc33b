/*
 * openapi_components.c: the lower half of the OpenAPI generator
 * (openapi_int.h): growing the cJSON tree, running the example
 * requests, the schemas of values and objects, and the components
 * section: schemas, parameters, headers and the error responses.
 *
 * The facts the descriptions state are taken from where they are
 * declared: the cache lifetimes and header values from response.h,
 * the codings and the compression threshold from encoding.h, the
 * error codes from errors.h, the fields from resource.c.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/errors.h"
#include "api/openapi_int.h"
#include "core/routes.h"
#include "content/schemas.h"
#include "content/settings.h"

/* --- Building cJSON trees --------------------------------------------- */

/* Adds item to parent (under key, or appended when key is NULL) and
 * returns it; on any failure frees item, marks g and returns NULL. */
cJSON *
gen_put(struct gen *g, cJSON *parent, const char *key, cJSON *item)
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

cJSON *
gen_put_obj(struct gen *g, cJSON *parent, const char *key)
{
	return gen_put(g, parent, key, cJSON_CreateObject());
}

cJSON *
gen_put_arr(struct gen *g, cJSON *parent, const char *key)
{
	return gen_put(g, parent, key, cJSON_CreateArray());
}

void
gen_put_str(struct gen *g, cJSON *parent, const char *key, const char *s)
{
	gen_put(g, parent, key, cJSON_CreateString(s));
}

/* As gen_put_str, the string formatted from fmt and ap. */
static void
put_vstrf(struct gen *g, cJSON *parent, const char *key, const char *fmt,
    va_list ap)
{
	struct buf b;

	buf_init(&b);
	buf_vprintf(&b, fmt, ap);
	if (b.oom)
		g->failed = 1;
	else
		gen_put_str(g, parent, key, buf_cstr(&b));
	buf_free(&b);
}

/* As gen_put_str, the string formatted from fmt. */
void
gen_put_strf(struct gen *g, cJSON *parent, const char *key,
    const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	put_vstrf(g, parent, key, fmt, ap);
	va_end(ap);
}

void
gen_put_num(struct gen *g, cJSON *parent, const char *key, double n)
{
	gen_put(g, parent, key, cJSON_CreateNumber(n));
}

void
gen_put_bool(struct gen *g, cJSON *parent, const char *key, int b)
{
	gen_put(g, parent, key, cJSON_CreateBool(b));
}

/* Adds {"$ref": "#/components/<section>/<name>"}. */
cJSON *
gen_put_ref(struct gen *g, cJSON *parent, const char *key, const char *section,
    const char *name)
{
	char	 ref[128];
	cJSON	*o;

	if (xsnprintf(ref, sizeof(ref), "#/components/%s/%s", section,
	    name) == -1) {
		g->failed = 1;
		return NULL;
	}
	o = gen_put_obj(g, parent, key);
	gen_put_str(g, o, "$ref", ref);
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

	gen_put_str(g, s, "type", "string");
	if (format != NULL)
		gen_put_str(g, s, "format", format);
	if (pattern != NULL)
		gen_put_str(g, s, "pattern", pattern);
	if (values != NULL) {
		e = gen_put_arr(g, s, "enum");
		for (; *values != NULL; values++)
			gen_put_str(g, e, NULL, *values);
	}
}

/* Fills the schema of one value of field f (its element, for arrays). */
void
gen_value_schema(struct gen *g, cJSON *s, const struct field *f)
{
	const struct fkind_info *k = &fkinds[f->kind];
	const char *pattern = f->pattern ? f->pattern : k->pattern;
	cJSON	*e, *it;
	size_t	 i;

	if (f->kind == F_OBJECT) {
		object_schema(g, s, f->sub, f->flags & FIELD_CLOSED);
		return;
	}
	gen_put_str(g, s, "type", k->type);
	if (f->kind == F_ARRAY) {
		it = gen_put_obj(g, s, "items");
		gen_value_schema(g, it, f->sub);
		return;
	}
	if (k->format != NULL)
		gen_put_str(g, s, "format", k->format);
	if (pattern != NULL)
		gen_put_str(g, s, "pattern", pattern);
	if (k->maxlen > 0)
		gen_put_num(g, s, "maxLength", (double)k->maxlen);
	if (f->values != NULL) {
		e = gen_put_arr(g, s, "enum");
		for (i = 0; f->values[i] != NULL; i++)
			gen_put_str(g, e, NULL, f->values[i]);
	} else if (f->kind == F_HITTYPE) {
		/* The searchable collections the content serves. */
		e = gen_put_arr(g, s, "enum");
		for (i = 0; i < COLL__MAX; i++)
			if (resources[i].hit != NULL && content_coll_live(
			    g->app->model, (enum coll)i))
				gen_put_str(g, e, NULL, resources[i].hit);
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

	gen_put_str(g, s, "type", "object");
	req = gen_put_arr(g, s, "required");
	props = gen_put_obj(g, s, "properties");
	for (; f->name != NULL; f++) {
		if (f->flags & FIELD_CONTENT)
			continue;
		if ((f->flags & FIELD_REQUIRED) || ((f->flags &
		    FIELD_CONTRACT) && !g->app->model->contract_gap))
			gen_put_str(g, req, NULL, f->name);
		p = gen_put_obj(g, props, f->name);
		gen_value_schema(g, p, f);
		if ((f->flags & FIELD_DEFAULT_LANG) &&
		    g->app->settings->default_language_fields)
			/* "Date written, in Spanish.": the default language */
			gen_put_strf(g, p, "description", "%s, in %s.",
			    f->description, g->name[LANG_DEFAULT]);
		else if (f->flags & FIELD_DEFAULT_LANG)
			/* its description ends where the language is said */
			gen_put_strf(g, p, "description", "%s.",
			    f->description);
		else
			gen_put_str(g, p, "description", f->description);
	}
	if (closed)
		gen_put_bool(g, s, "additionalProperties", 0);
}

/* Whether components.schemas has a schema called name. */
int
gen_schema_known(const char *name)
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
cJSON *
gen_sample(const struct gen *g, const char *method, const char *path,
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
void
gen_put_example(struct gen *g, cJSON *examples, const char *key,
    const char *summary, cJSON *value)
{
	cJSON	*e;

	if ((e = gen_put_obj(g, examples, key)) == NULL) {
		cJSON_Delete(value);
		return;
	}
	gen_put_str(g, e, "summary", summary);
	gen_put(g, e, "value", value);
}

/* --- Facts in words ---------------------------------------------------- */

/*
 * Writes into dst a lifetime of s seconds in words, in the largest
 * unit that divides it ("5 minutes", "1 hour").  Returns dst.
 */
static const char *
say_seconds(struct gen *g, char *dst, size_t len, long s)
{
	static const struct {
		long	 seconds;
		const char *name;
	} units[] = {
		{ 86400, "day" }, { 3600, "hour" }, { 60, "minute" },
		{ 1, "second" },
	};
	size_t	 i = 0;
	long	 n;

	while (units[i].seconds > 1 && (s == 0 || s % units[i].seconds != 0))
		i++;
	n = s / units[i].seconds;
	if (xsnprintf(dst, len, "%ld %s%s", n, units[i].name,
	    n == 1 ? "" : "s") == -1)
		g->failed = 1;
	return dst;
}

/* Writes into dst a size of n bytes in words ("8 KiB"); returns dst. */
static const char *
say_bytes(struct gen *g, char *dst, size_t len, size_t n)
{
	int	 rc;

	if (n > 0 && n % 1024 == 0)
		rc = xsnprintf(dst, len, "%zu KiB", n / 1024);
	else
		rc = xsnprintf(dst, len, "%zu bytes", n);
	if (rc == -1)
		g->failed = 1;
	return dst;
}

/*
 * Writes into dst what word says of every content coding but identity
 * (enc_coding_name: "gzip", enc_tag_suffix: "-gz"), joined by sep with
 * conj before the last: "gzip or br", "-gz|-br".  Returns dst.
 */
static const char *
say_codings(struct gen *g, char *dst, size_t len,
    const char *(*word)(enum coding), const char *sep, const char *conj)
{
	size_t	 n = 0;
	int	 c, rc;

	dst[0] = '\0';
	for (c = CODING_IDENTITY + 1; c < CODING__MAX; c++) {
		rc = xsnprintf(dst + n, len - n, "%s%s",
		    c == CODING_IDENTITY + 1 ? "" : c + 1 == CODING__MAX ?
		    conj : sep, word((enum coding)c));
		if (rc == -1) {
			g->failed = 1;
			break;
		}
		n += (size_t)rc;
	}
	return dst;
}

/*
 * Writes into dst a comma-separated list as prose, " and " before its
 * last item: "GET, HEAD, OPTIONS" becomes "GET, HEAD and OPTIONS".
 * Returns dst.
 */
const char *
gen_say_list(struct gen *g, char *dst, size_t len, const char *list)
{
	const char *last = NULL, *p;

	for (p = list; (p = strstr(p, ", ")) != NULL; p += 2)
		last = p;
	if ((last == NULL ? xsnprintf(dst, len, "%s", list) :
	    xsnprintf(dst, len, "%.*s and %s", (int)(last - list), list,
	    last + 2)) == -1)
		g->failed = 1;
	return dst;
}

/* --- Components -------------------------------------------------------- */

static void	put_header(struct gen *, cJSON *, const char *, int,
		    const char *, const char *const *, const char *, ...)
		    __attribute__((format(printf, 7, 8)));

/*
 * Adds a header of components.headers: required or not, a string
 * schema with pattern and values (either may be NULL), and the
 * description formatted from fmt.
 */
static void
put_header(struct gen *g, cJSON *headers, const char *name, int required,
    const char *pattern, const char *const *values, const char *fmt, ...)
{
	cJSON	*h;
	va_list	 ap;

	h = gen_put_obj(g, headers, name);
	va_start(ap, fmt);
	put_vstrf(g, h, "description", fmt, ap);
	va_end(ap);
	gen_put_bool(g, h, "required", required);
	string_schema(g, gen_put_obj(g, h, "schema"), NULL, pattern, values);
}

static const char *const cache_public[] = { CACHE_PUBLIC, NULL };
static const char *const cache_none[] = { CACHE_NONE, NULL };
static const char *const any_origin[] = { "*", NULL };
static const char *const allowed[] = { ALLOWED_METHODS, NULL };
static const char *const expose[] = { EXPOSE_HEADERS, NULL };
static const char *const nosniff[] = { "nosniff", NULL };

/* Adds components.headers, the headers the responses refer to. */
static void
components_headers(struct gen *g, cJSON *comp)
{
	cJSON	*h = gen_put_obj(g, comp, "headers");
	const char *codings[CODING__MAX];	/* but identity, NULL-ended */
	char	 age[32], shared[32], from[32], names[64], suffixes[64];
	char	 alt[64], pattern[96];
	int	 c;

	for (c = CODING_IDENTITY + 1; c < CODING__MAX; c++)
		codings[c - 1] = enc_coding_name((enum coding)c);
	codings[CODING__MAX - 1] = NULL;
	say_codings(g, names, sizeof(names), enc_coding_name, ", ", " or ");
	say_codings(g, suffixes, sizeof(suffixes), enc_tag_suffix, ", ",
	    " or ");
	if (xsnprintf(pattern, sizeof(pattern), "^\"[0-9a-f]{16}(%s)?\"$",
	    say_codings(g, alt, sizeof(alt), enc_tag_suffix, "|", "|")) == -1)
		g->failed = 1;

	put_header(g, h, "Cache-Control", 1, NULL, cache_public,
	    "Successful responses may be cached for %s, %s in shared "
	    "caches.", say_seconds(g, age, sizeof(age), CACHE_MAX_AGE),
	    say_seconds(g, shared, sizeof(shared), CACHE_S_MAXAGE));
	put_header(g, h, "Cache-Control-Error", 1, NULL, cache_none,
	    "Errors are never cached.");
	put_header(g, h, "ETag", 1, pattern, NULL, "Strong entity tag of "
	    "this representation; send it back in If-None-Match to "
	    "revalidate. Each content coding has its own: %s inside the "
	    "quotes.", suffixes);
	put_header(g, h, "Content-Language", 1, NULL, g->langs, "Language "
	    "of the representation.");
	put_header(g, h, "Vary", 1, "^Accept-Language, ?Accept-Encoding$",
	    NULL, "The representation depends on Accept-Language and "
	    "Accept-Encoding.");
	put_header(g, h, "Content-Encoding", 0, NULL, codings, "%s when "
	    "Accept-Encoding asked for it (answers rendered per request: "
	    "from %s); absent for identity.", names,
	    say_bytes(g, from, sizeof(from), ENC_DYNAMIC_MIN));
	put_header(g, h, "Access-Control-Allow-Origin", 1, NULL, any_origin,
	    "CORS is open to every origin.");
	put_header(g, h, "Allow", 1, NULL, allowed, "The methods the "
	    "endpoint accepts.");
	put_header(g, h, "Access-Control-Expose-Headers", 1, NULL, expose,
	    "Response headers a browser script may read.");
	put_header(g, h, "X-Content-Type-Options", 1, NULL, nosniff,
	    "Browsers must not guess another media type.");
	put_header(g, h, "Perfil-Content", 1, "^fingerprint=\"[0-9a-f]{16}\", "
	    "loaded-at=\"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}"
	    "Z\"$", NULL, "Which content is served: its fingerprint (16 hex "
	    "digits that change with any change to the content files) and "
	    "when it was loaded (UTC), as an RFC 9651 dictionary.");
	put_header(g, h, "Perfil-Reload-Refused", 0, "^at=\"[^\"]+\", "
	    "fingerprint=\"[0-9a-f]{16}\", reason=\".*\"$", NULL, "Present "
	    "while the last reload was refused (the content found failed "
	    "validation; the content of Perfil-Content keeps serving): when "
	    "(UTC), the refused set's fingerprint and which file (relative "
	    "to the content directory; the reason is in the server's log), "
	    "as an RFC 9651 dictionary.");
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

/* Adds the optional parameter NAME, in IN, to ps: its name, place and
 * description (desc, or none when NULL: the caller formats it next).
 * Returns it, for its schema and example. */
static cJSON *
optional_param(struct gen *g, cJSON *ps, const char *name, const char *in,
    const char *desc)
{
	cJSON	*p = gen_put_obj(g, ps, name);

	gen_put_str(g, p, "name", name);
	gen_put_str(g, p, "in", in);
	gen_put_bool(g, p, "required", 0);
	if (desc != NULL)
		gen_put_str(g, p, "description", desc);
	return p;
}

/* Adds components.parameters, the ones every operation shares:
 * language, content coding and the conditional headers. */
static void
components_parameters(struct gen *g, cJSON *comp)
{
	cJSON	*ps = gen_put_obj(g, comp, "parameters"), *p, *s;
	struct buf lang, al;

	buf_init(&lang);
	buf_init(&al);
	lang_descriptions(g, &lang, &al);
	p = optional_param(g, ps, "lang", "query", buf_cstr(&lang));
	string_schema(g, gen_put_obj(g, p, "schema"), NULL, NULL, g->langs);

	p = optional_param(g, ps, "Accept-Language", "header", buf_cstr(&al));
	buf_free(&lang);
	buf_free(&al);
	s = gen_put_obj(g, p, "schema");
	gen_put_str(g, s, "type", "string");
	gen_put_str(g, p, "example", "en-GB,en;q=0.9,es;q=0.5");

	p = optional_param(g, ps, "Accept-Encoding", "header", NULL);
	gen_put_str(g, p, "description", "Standard content-coding negotiation "
	    "(q-values honoured): br or gzip; brotli first on a tie. "
	    "Without it, or when malformed, the response is not "
	    "compressed.");
	s = gen_put_obj(g, p, "schema");
	gen_put_str(g, s, "type", "string");
	gen_put_str(g, p, "example", "gzip, deflate, br");

	p = optional_param(g, ps, "If-None-Match", "header", NULL);
	gen_put_str(g, p, "description", "ETag(s) of a cached representation; "
	    "if one matches, the answer is 304 without a body.");
	s = gen_put_obj(g, p, "schema");
	gen_put_str(g, s, "type", "string");

	p = optional_param(g, ps, "If-Match", "header", NULL);
	gen_put_strf(g, p, "description", "\"*\" or ETag(s) the client expects "
	    "(RFC 9110, strong comparison); when none is current the "
	    "answer is 412 with the code %s.",
	    err_code_name(ERR_BAD_REQUEST));
	s = gen_put_obj(g, p, "schema");
	gen_put_str(g, s, "type", "string");
}

static cJSON	*error_response(struct gen *, cJSON *, const char *, int,
		    const char *, ...) __attribute__((format(printf, 5, 6)));

/*
 * Adds an error response of components.responses, its description
 * formatted from fmt, with the Allow header when allow is set.
 * Returns its media type object, for the examples.
 */
static cJSON *
error_response(struct gen *g, cJSON *resps, const char *name, int allow,
    const char *fmt, ...)
{
	cJSON	*r, *h, *m;
	va_list	 ap;

	r = gen_put_obj(g, resps, name);
	va_start(ap, fmt);
	put_vstrf(g, r, "description", fmt, ap);
	va_end(ap);
	h = gen_put_obj(g, r, "headers");
	gen_put_ref(g, h, "Cache-Control", "headers", "Cache-Control-Error");
	gen_put_ref(g, h, "Access-Control-Allow-Origin", "headers",
	    "Access-Control-Allow-Origin");
	if (allow)
		gen_put_ref(g, h, "Allow", "headers", "Allow");
	m = gen_put_obj(g, gen_put_obj(g, r, "content"), MEDIA_JSON);
	gen_put_ref(g, m, "schema", "schemas", "Error");
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

	if ((body = gen_sample(g, method, path, query, status)) == NULL)
		return;
	if ((ex = cJSON_GetObjectItemCaseSensitive(media, "examples")) ==
	    NULL)
		ex = gen_put_obj(g, media, "examples");
	gen_put_example(g, ex, key, summary, body);
}

/*
 * Adds components.responses: 304 and the error envelopes, each with
 * examples answered by the real handlers for the first API route, the
 * first collection and the first route with a {slug}.
 */
static void
components_responses(struct gen *g, cJSON *comp)
{
	const struct route *api = NULL, *list = NULL, *slug = NULL;
	cJSON	*resps = gen_put_obj(g, comp, "responses"), *r, *h, *m;
	char	 path[512], methods[64];
	size_t	 i;

	for (i = 0; i < routes_len; i++) {
		if (routes[i].kind != ROUTE_API ||
		    !route_live(g->app->model, &routes[i]))
			continue;
		if (api == NULL)
			api = &routes[i];
		if (list == NULL && routes[i].collection &&
		    strchr(routes[i].path, '{') == NULL)
			list = &routes[i];
		if (slug == NULL && strchr(routes[i].path, '{') != NULL)
			slug = &routes[i];
	}

	r = gen_put_obj(g, resps, "NotModified");
	gen_put_str(g, r, "description", "Not Modified: If-None-Match matched "
	    "the current ETag; no body. The headers are those of the 200 "
	    "it stands for.");
	h = gen_put_obj(g, r, "headers");
	gen_put_ref(g, h, "ETag", "headers", "ETag");
	gen_put_ref(g, h, "Cache-Control", "headers", "Cache-Control");
	gen_put_ref(g, h, "Content-Language", "headers", "Content-Language");
	gen_put_ref(g, h, "Vary", "headers", "Vary");
	gen_put_ref(g, h, "Access-Control-Allow-Origin", "headers",
	    "Access-Control-Allow-Origin");
	gen_put_ref(g, h, "Access-Control-Expose-Headers", "headers",
	    "Access-Control-Expose-Headers");
	gen_put_ref(g, h, "X-Content-Type-Options", "headers",
	    "X-Content-Type-Options");

	m = error_response(g, resps, "BadRequest", 0, "Bad Request: %s when "
	    "a query parameter is repeated, missing or out of range (the "
	    "message names it, its allowed range and the value received); "
	    "%s when the query string is not well-formed UTF-8.",
	    err_code_name(ERR_INVALID_PARAMETER),
	    err_code_name(ERR_BAD_REQUEST));
	if (api != NULL)
		error_example(g, m, "lang", "An unknown language", "GET",
		    api->path, "lang=fr", 400);
	if (list != NULL)
		error_example(g, m, "limit", "A limit out of range", "GET",
		    list->path, "limit=0", 400);

	m = error_response(g, resps, "NotFound", 0, "Not Found: the resource "
	    "or the endpoint does not exist. Every unknown path under /api "
	    "answers this envelope.");
	error_example(g, m, "route", "An unknown route", "GET",
	    "/api/v1/nope", "", 404);
	if (slug != NULL && xsnprintf(path, sizeof(path), "%.*sno-such-slug",
	    (int)(strchr(slug->path, '{') - slug->path), slug->path) != -1)
		error_example(g, m, "slug", "An unknown slug; the hint lists "
		    "the known ones", "GET", path, "", 404);

	m = error_response(g, resps, "MethodNotAllowed", 1, "Method Not "
	    "Allowed: the API is read-only. Any method other than %s on an "
	    "endpoint answers this, with the Allow header.",
	    gen_say_list(g, methods, sizeof(methods), ALLOWED_METHODS));
	if (api != NULL)
		error_example(g, m, "post", "A write attempt", "POST",
		    api->path, "", 405);

	error_response(g, resps, "PreconditionFailed", 0, "Precondition "
	    "Failed: If-Match names no current entity tag of the resource "
	    "(strong comparison; \"*\" always matches). The code is %s.",
	    err_code_name(ERR_BAD_REQUEST));

	error_response(g, resps, "InternalError", 0, "Internal Server Error: "
	    "the service failed to answer (for example out of memory).");
	error_response(g, resps, "OtherError", 0, "Any other error status, "
	    "such as those the web server in front of the service answers "
	    "itself (413 for a large body on a read, 502, 503 or 504 when the "
	    "service is down or slow): the same envelope.");
}

/* Adds the components section: schemas, parameters, headers and
 * responses. */
void
gen_components(struct gen *g, cJSON *doc)
{
	cJSON	*comp = gen_put_obj(g, doc, "components"), *ss, *s;
	size_t	 i;

	ss = gen_put_obj(g, comp, "schemas");
	for (i = 0; i < nschemas; i++) {
		if (schemas[i] >= resources && schemas[i] < resources +
		    COLL__MAX && !content_coll_live(g->app->model,
		    (enum coll)(schemas[i] - resources)))
			continue;
		s = gen_put_obj(g, ss, schemas[i]->schema);
		gen_put_str(g, s, "description", schemas[i]->description);
		object_schema(g, s, schemas[i]->fields, schemas[i]->closed);
	}
	components_parameters(g, comp);
	components_headers(g, comp);
	components_responses(g, comp);
}
