/*
 * check_openapi.c: the OpenAPI document against the route table that
 * dispatches requests.  No API route is undocumented, no documented
 * path is unserved, the documents are not operations, every $ref
 * resolves, and the three URLs serve the pre-rendered bytes.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "core/errors.h"
#include "base/json_yaml.h"
#include "content/labels.h"
#include "api/openapi.h"
#include "core/routes.h"
#include "testenv.h"

static const cJSON *
doc(void)
{
	return test_app.openapi->doc;
}

static const cJSON *
at(const cJSON *o, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(o, key);
}

static const char *
str_at(const cJSON *o, const char *key)
{
	const cJSON *v = at(o, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Resolves a local "#/components/..." reference, or NULL. */
static const cJSON *
resolve(const char *ref)
{
	char	 buf[256], *p, *seg;
	const cJSON *n = doc();

	if (strncmp(ref, "#/", 2) != 0 || strlen(ref) >= sizeof(buf))
		return NULL;
	strcpy(buf, ref + 2);
	for (seg = buf; seg != NULL && n != NULL; seg = p) {
		if ((p = strchr(seg, '/')) != NULL)
			*p++ = '\0';
		n = at(n, seg);
	}
	return n;
}

/* The path a request for route r takes: {slug} is the first item. */
static const char *
served_path(const struct route *r)
{
	static char path[512];
	const char *brace = strchr(r->path, '{');
	const struct collection *c;

	if (brace == NULL)
		return r->path;
	ck_assert_int_lt(r->coll, COLL__MAX);
	c = &test_app.model->coll[r->coll];
	ck_assert_uint_gt(c->len, 0);
	snprintf(path, sizeof(path), "%.*s%s", (int)(brace - r->path),
	    r->path, c->items[0].slug);
	return path;
}

/* A query with every required parameter of r given a valid value. */
static const char *
served_query(const struct route *r)
{
	const struct route_param *p;

	static char q[64];

	for (p = route_param_next(r, NULL); p != NULL;
	    p = route_param_next(r, p))
		if (p->required && p->kind == PARAM_KIND_STRING) {
			snprintf(q, sizeof(q), "%s=a", req_param_name(p->id));
			return q;
		}
	return "";
}

START_TEST(every_api_route_is_documented)
{
	const cJSON *paths = at(doc(), "paths"), *op, *p, *s, *data, *meta;
	const struct route_param *rp;
	const struct route *r;
	size_t	 i;
	int	 found;

	ck_assert_ptr_nonnull(paths);
	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (r->kind != ROUTE_API)
			continue;
		op = at(at(paths, r->path), "get");
		if (!route_live(test_app.model, r)) {
			/* a collection the content lacks (OPT_HIDDEN) */
			ck_assert_msg(op == NULL, "%s is documented", r->path);
			ck_assert_ptr_null(at(at(doc(), "components"),
			    "schemas") != NULL ? at(at(at(doc(), "components"),
			    "schemas"), route_schema(r)) : NULL);
			continue;
		}
		ck_assert_msg(op != NULL, "%s is not documented", r->path);
		ck_assert_str_eq(str_at(op, "operationId"), r->operation_id);
		/* The summary is the English label set's (labels.h). */
		ck_assert_str_eq(str_at(op, "summary"), route_summary(
		    test_app.labels, r, LABELS_DOC));
		ck_assert_str_ne(str_at(op, "summary"), "");
		/* The 200 schema names the route's schema and meta. */
		s = at(at(at(at(at(op, "responses"), "200"), "content"),
		    MEDIA_JSON), "schema");
		ck_assert_ptr_nonnull(s);
		data = at(at(s, "properties"), "data");
		meta = at(at(s, "properties"), "meta");
		if (r->collection) {
			ck_assert_str_eq(str_at(data, "type"), "array");
			data = at(data, "items");
		}
		ck_assert_ptr_nonnull(resolve(str_at(data, "$ref")));
		ck_assert_str_eq(strrchr(str_at(data, "$ref"), '/') + 1,
		    route_schema(r));
		ck_assert_str_eq(str_at(meta, "$ref"), r->collection ?
		    "#/components/schemas/CollectionMeta" :
		    "#/components/schemas/Meta");
		/* Each route parameter, with its bounds. */
		for (rp = route_param_next(r, NULL); rp != NULL;
		    rp = route_param_next(r, rp)) {
			found = 0;
			cJSON_ArrayForEach(p, at(op, "parameters")) {
				if (str_at(p, "name") == NULL ||
				    strcmp(str_at(p, "name"),
				    req_param_name(rp->id)) != 0)
					continue;
				found = 1;
				ck_assert_str_eq(str_at(p, "in"), "query");
				ck_assert_int_eq(cJSON_IsTrue(at(p, "required")),
				    rp->required);
				s = at(p, "schema");
				if (rp->kind == PARAM_KIND_STRING) {
					ck_assert_int_eq(at(s, "minLength")->
					    valueint, rp->min);
					ck_assert_int_eq(at(s, "maxLength")->
					    valueint, rp->max);
				} else {
					ck_assert_str_eq(str_at(s, "type"),
					    "integer");
					ck_assert_int_eq(at(s, "minimum")->
					    valueint, rp->min);
					ck_assert_int_eq(at(s, "maximum")->
					    valueint, rp->max);
					ck_assert_int_eq(at(s, "default")->
					    valueint, rp->def);
				}
			}
			ck_assert_msg(found, "%s: parameter %s undocumented",
			    r->path, req_param_name(rp->id));
		}
		/* A {slug} path documents its path parameter and 404. */
		if (strchr(r->path, '{') != NULL) {
			p = cJSON_GetArrayItem(at(op, "parameters"), 0);
			ck_assert_str_eq(str_at(p, "name"), "slug");
			ck_assert_str_eq(str_at(p, "in"), "path");
			ck_assert_str_eq(str_at(at(p, "schema"), "pattern"),
			    "^[a-z0-9-]+$");
			ck_assert_ptr_nonnull(at(at(op, "responses"), "404"));
		}
	}
}
END_TEST

/*
 * The parameter table (routes.h): every row on some route, lang never
 * in it (the dispatcher's), a route taking a parameter at most once,
 * an integer's default within its bounds.
 */
START_TEST(parameter_table_is_sound)
{
	const struct route_param *p, *q;
	const struct route *r;
	size_t	 i, j;
	int	 used;

	for (j = 0; j < route_params_len; j++) {
		p = &route_params[j];
		ck_assert_int_ne(p->id, PARAM_LANG);
		ck_assert_int_lt(p->id, PARAM__MAX);
		ck_assert_int_le(p->min, p->max);
		if (p->kind == PARAM_KIND_INT) {
			ck_assert_int_ge(p->def, p->min);
			ck_assert_int_le(p->def, p->max);
		}
		used = 0;
		for (i = 0; i < routes_len; i++)
			for (q = route_param_next(&routes[i], NULL); q != NULL;
			    q = route_param_next(&routes[i], q))
				used |= q == p;
		ck_assert_msg(used, "parameter row %zu (%s) is on no route",
		    j, req_param_name(p->id));
	}
	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		for (p = route_param_next(r, NULL); p != NULL;
		    p = route_param_next(r, p))
			for (q = route_param_next(r, p); q != NULL;
			    q = route_param_next(r, q))
				ck_assert_msg(q->id != p->id, "%s takes %s "
				    "twice", r->operation_id,
				    req_param_name(p->id));
	}
}
END_TEST

START_TEST(every_documented_path_is_served)
{
	const cJSON *path, *method;
	const struct route *r;
	const char *slug;
	struct response *resp;
	int	 n = 0;

	cJSON_ArrayForEach(path, at(doc(), "paths")) {
		arena_reset(&test_arena);
		r = NULL;
		for (size_t i = 0; i < routes_len; i++)
			if (strcmp(routes[i].path, path->string) == 0)
				r = &routes[i];
		ck_assert_msg(r != NULL, "%s is documented but not in the "
		    "route table", path->string);
		ck_assert_msg(r->kind == ROUTE_API, "%s is documented but "
		    "is not an API route", path->string);
		cJSON_ArrayForEach(method, path)
			ck_assert_str_eq(method->string, "get");
		ck_assert_ptr_eq(route_match(served_path(r), &slug,
		    &test_arena), r);
		resp = run("GET", served_path(r), served_query(r), NULL, NULL,
		    NULL);
		ck_assert_msg(resp->status == 200, "GET %s: %d",
		    served_path(r), resp->status);
		n++;
	}
	ck_assert_int_gt(n, 0);
}
END_TEST

START_TEST(documents_and_pages_are_not_operations)
{
	const cJSON *paths = at(doc(), "paths"), *path, *op;
	size_t	 i, ids = 0, j;
	const char *seen[256];

	for (i = 0; i < routes_len; i++)
		if (routes[i].kind != ROUTE_API)
			ck_assert_msg(at(paths, routes[i].path) == NULL,
			    "%s is documented as an operation",
			    routes[i].path);
	/* Operation ids are unique. */
	cJSON_ArrayForEach(path, paths)
		cJSON_ArrayForEach(op, path) {
			for (j = 0; j < ids; j++)
				ck_assert_str_ne(seen[j],
				    str_at(op, "operationId"));
			ck_assert_uint_lt(ids, 256);
			seen[ids++] = str_at(op, "operationId");
		}
}
END_TEST

/* Checks that every "$ref" under n resolves; returns how many. */
static int
check_refs(const cJSON *n)
{
	const cJSON *c;
	int	 count = 0;

	if (n->string != NULL && strcmp(n->string, "$ref") == 0) {
		ck_assert_msg(resolve(n->valuestring) != NULL,
		    "dangling $ref %s", n->valuestring);
		return 1;
	}
	cJSON_ArrayForEach(c, n)
		count += check_refs(c);
	return count;
}

START_TEST(every_ref_resolves)
{
	ck_assert_int_gt(check_refs(doc()), 50);
}
END_TEST

START_TEST(info_matches_health_and_configuration)
{
	const cJSON *d = doc(), *codes, *c;
	cJSON	*body;
	int	 i = 0;

	ck_assert_str_eq(str_at(d, "openapi"), "3.1.0");
	ck_assert_str_eq(str_at(at(d, "info"), "version"),
	    PERFIL_API_VERSION);
	ck_assert_str_eq(str_at(at(at(d, "info"), "license"), "identifier"),
	    "CC-BY-4.0");
	ck_assert_str_eq(str_at(cJSON_GetArrayItem(at(d, "servers"), 0),
	    "url"), TEST_BASE);
	run("GET", "/api/v1/health", NULL, NULL, NULL, NULL);
	body = cJSON_Parse(test_body());
	ck_assert_str_eq(str_at(at(body, "data"), "api_version"),
	    str_at(at(d, "info"), "version"));
	cJSON_Delete(body);
	/* The error code enum is errors.c's list, in order. */
	codes = at(at(at(at(at(at(at(d, "components"), "schemas"), "Error"),
	    "properties"), "error"), "properties"), "code");
	cJSON_ArrayForEach(c, at(codes, "enum")) {
		ck_assert_int_lt(i, ERR__MAX);
		ck_assert_str_eq(c->valuestring, err_code_name(i));
		i++;
	}
	ck_assert_int_eq(i, ERR__MAX);
}
END_TEST

/*
 * The prose states what the program declares: the overview names
 * every error code and every field kept in the default language, and
 * the headers' values are response.h's and encoding.h's.
 */
START_TEST(prose_follows_the_declarations)
{
	const char *d = str_at(at(doc(), "info"), "description");
	const cJSON *h = at(at(doc(), "components"), "headers");
	const struct field *f;
	char	 want[128];
	int	 i;

	ck_assert_ptr_nonnull(d);
	for (i = 0; i < ERR__MAX; i++) {
		snprintf(want, sizeof(want), "`%s`", err_code_name(i));
		ck_assert_msg(strstr(d, want) != NULL, "%s", want);
	}
	for (i = 0; i < COLL__MAX; i++)
		for (f = resources[i].fields; f->name != NULL; f++) {
			if (!(f->flags & FIELD_DEFAULT_LANG))
				continue;
			snprintf(want, sizeof(want), "%s %s", resources[i].hit ?
			    resources[i].hit : resources[i].name, f->name);
			ck_assert_msg(strstr(d, want) != NULL, "%s", want);
		}
	ck_assert(strstr(d, "`Cache-Control: " CACHE_PUBLIC "`") != NULL);
	ck_assert(strstr(d, "`Cache-Control: " CACHE_NONE "`") != NULL);
	ck_assert_str_eq(cJSON_GetArrayItem(at(at(at(h, "Cache-Control"),
	    "schema"), "enum"), 0)->valuestring, CACHE_PUBLIC);
	ck_assert_str_eq(cJSON_GetArrayItem(at(at(at(h, "Allow"), "schema"),
	    "enum"), 0)->valuestring, ALLOWED_METHODS);
	ck_assert_str_eq(cJSON_GetArrayItem(at(at(at(h,
	    "Access-Control-Expose-Headers"), "schema"), "enum"),
	    0)->valuestring, EXPOSE_HEADERS);
	for (i = CODING_IDENTITY + 1; i < CODING__MAX; i++)
		ck_assert_str_eq(cJSON_GetArrayItem(at(at(at(h,
		    "Content-Encoding"), "schema"), "enum"), i - 1)->valuestring,
		    enc_coding_name(i));
}
END_TEST

START_TEST(examples_are_real_responses)
{
	const cJSON *ex, *v;
	struct response *resp;
	cJSON	*served;

	ex = at(at(at(at(at(at(at(at(doc(), "paths"), "/api/v1/projects"),
	    "get"), "responses"), "200"), "content"), MEDIA_JSON), "examples");
	v = at(at(ex, "es"), "value");
	ck_assert_ptr_nonnull(v);
	resp = run("GET", "/api/v1/projects", "limit=1", NULL, NULL, NULL);
	ck_assert_int_eq(resp->status, 200);
	served = cJSON_Parse(test_body());
	ck_assert(cJSON_Compare(served, v, 1));
	cJSON_Delete(served);
	ck_assert_str_eq(str_at(at(at(at(ex, "en"), "value"), "meta"),
	    "source"), TEST_BASE "/en/");
}
END_TEST

START_TEST(three_urls_serve_the_rendered_document)
{
	const struct openapi *o = test_app.openapi;
	struct response *resp;
	char	 etag[24];

	resp = run("GET", "/openapi.json", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(resp->status, 200);
	ck_assert_str_eq(resp->content_type, TYPE_JSON);
	ck_assert_uint_eq(resp->kept_len, o->text[OPENAPI_JSON].len);
	ck_assert(memcmp(resp->kept, o->text[OPENAPI_JSON].data,
	    o->text[OPENAPI_JSON].len) == 0);
	ck_assert(has_header("Access-Control-Allow-Origin", "*"));
	ck_assert(has_header("Cache-Control", CACHE_PUBLIC));
	memcpy(etag, resp->etag, sizeof(etag));

	resp = run("GET", "/api/openapi.json", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(resp->status, 200);
	ck_assert_str_eq(resp->content_type, TYPE_JSON);
	ck_assert_str_eq(resp->etag, etag);
	ck_assert(memcmp(resp->kept, o->text[OPENAPI_JSON].data,
	    o->text[OPENAPI_JSON].len) == 0);
	ck_assert(has_header("X-Content-Type-Options", "nosniff"));

	resp = run("GET", "/api/openapi.yaml", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(resp->status, 200);
	ck_assert_str_eq(resp->content_type, "application/yaml");
	ck_assert_uint_eq(resp->kept_len, o->text[OPENAPI_YAML].len);
	ck_assert(memcmp(resp->kept, o->text[OPENAPI_YAML].data,
	    o->text[OPENAPI_YAML].len) == 0);
	ck_assert(strncmp(o->text[OPENAPI_YAML].data, "openapi: \"3.1.0\"\n",
	    17) == 0);
}
END_TEST

START_TEST(yaml_quotes_what_would_not_read_back_as_a_string)
{
	cJSON	*d = cJSON_Parse("{\"a\":\"true\",\"b\":\"1.0\",\"c\":\"\","
	    "\"d\":\"No\",\"e\":\"plain text\",\"f\":2,\"g\":false,"
	    "\"h\":null,\"200\":\"x: y\",\"i\":[\"~\",\"2024-01-01\"]}");
	struct buf b;

	ck_assert_ptr_nonnull(d);
	buf_init(&b);
	ck_assert_int_eq(json_yaml(d, &b), 0);
	ck_assert_str_eq(buf_cstr(&b), "a: \"true\"\nb: \"1.0\"\nc: \"\"\n"
	    "d: \"No\"\ne: plain text\nf: 2\ng: false\nh: null\n"
	    "\"200\": 'x: y'\ni:\n- \"~\"\n- \"2024-01-01\"\n");
	buf_free(&b);
	cJSON_Delete(d);
}
END_TEST

static Suite *
openapi_suite(void)
{
	Suite	*s = suite_create("openapi");
	TCase	*tc = tcase_create("document");

	tcase_add_unchecked_fixture(tc, testenv_setup, testenv_teardown);
	tcase_add_test(tc, every_api_route_is_documented);
	tcase_add_test(tc, parameter_table_is_sound);
	tcase_add_test(tc, every_documented_path_is_served);
	tcase_add_test(tc, documents_and_pages_are_not_operations);
	tcase_add_test(tc, every_ref_resolves);
	tcase_add_test(tc, info_matches_health_and_configuration);
	tcase_add_test(tc, prose_follows_the_declarations);
	tcase_add_test(tc, examples_are_real_responses);
	tcase_add_test(tc, three_urls_serve_the_rendered_document);
	tcase_add_test(tc, yaml_quotes_what_would_not_read_back_as_a_string);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(openapi_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
