/*
 * check_handler.c: routing, parameters, envelopes and headers through
 * the whole request handler, fed synthetic environments.
 */
#include "config.h"

#include <check.h>
#include <time.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "core/errors.h"
#include "core/routes.h"
#include "testenv.h"

static cJSON *
body_json(void)
{
	cJSON	*j = cJSON_Parse(test_body());

	ck_assert_msg(j != NULL, "body is not JSON: %s",
	    test_body());
	return j;
}

/* Asserts the error envelope: exactly five members, status echoed. */
static void
assert_error(int status, const char *code)
{
	cJSON	*j = body_json(), *e = cJSON_GetObjectItem(j, "error");

	ck_assert_int_eq(test_resp.status, status);
	ck_assert_int_eq(cJSON_GetArraySize(j), 1);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(cJSON_GetArraySize(e), 5);
	ck_assert_int_eq(cJSON_GetObjectItem(e, "status")->valueint, status);
	ck_assert_str_eq(cJSON_GetObjectItem(e, "code")->valuestring, code);
	ck_assert(cJSON_IsString(cJSON_GetObjectItem(e, "message")));
	ck_assert(cJSON_IsString(cJSON_GetObjectItem(e, "hint")));
	ck_assert_str_eq(cJSON_GetObjectItem(e,
	    "documentation_url")->valuestring, TEST_BASE "/en/developers");
	ck_assert(has_header("Content-Type", TYPE_JSON));
	ck_assert(has_header("Cache-Control", "no-store"));
	ck_assert(has_header("Access-Control-Allow-Origin", "*"));
	cJSON_Delete(j);
}

static const char *
error_message(void)
{
	static char msg[1024];
	cJSON	*j = body_json();

	snprintf(msg, sizeof(msg), "%s", cJSON_GetObjectItem(
	    cJSON_GetObjectItem(j, "error"), "message")->valuestring);
	cJSON_Delete(j);
	return msg;
}

START_TEST(every_route_answers)
{
	size_t	 i;
	char	 path[256];
	cJSON	*j;

	for (i = 0; i < routes_len; i++) {
		if (routes[i].kind != ROUTE_API)
			continue;
		snprintf(path, sizeof(path), "%s", routes[i].path);
		if (strstr(path, "{slug}") != NULL)
			snprintf(strstr(path, "{slug}"), 64, "%s",
			    test_app.model->coll[COLL_PROJECTS].items[0].slug);
		run("GET", path, "q=cloud", NULL, NULL, NULL);
		if (!route_live(test_app.model, &routes[i])) {
			/* a collection the content lacks (OPT_HIDDEN) */
			ck_assert_msg(test_resp.status == 404, "%s: %d",
			    path, test_resp.status);
			continue;
		}
		ck_assert_msg(test_resp.status == 200, "%s: %d", path,
		    test_resp.status);
		j = body_json();
		ck_assert_int_eq(cJSON_GetArraySize(j), 2);
		ck_assert_ptr_nonnull(cJSON_GetObjectItem(j, "data"));
		ck_assert_ptr_nonnull(cJSON_GetObjectItem(j, "meta"));
		cJSON_Delete(j);
	}
}
END_TEST

/*
 * A refused reload, as the supervisor records it: health says it in
 * its Perfil-Reload-Refused header with when and which file (relative
 * to the content directory), nothing of the message (the log has it);
 * its data stays closed (SPEC.md).
 */
START_TEST(health_reload_refused)
{
	static struct watch_status st;
	char	 reason[512], want[256];
	cJSON	*j;

	snprintf(reason, sizeof(reason), "%s/skills.json: (top level): "
	    "invalid \"JSON\" \xc3\xa9\n%s/profile.json: second",
	    test_cfg.content_dir, test_cfg.content_dir);
	watch_status_set(&st, "0123456789abcdef", reason,
	    test_cfg.content_dir);
	test_app.reload = &st;
	run("GET", "/api/v1/health", NULL, NULL, NULL, NULL);
	test_app.reload = NULL;
	ck_assert_int_eq(test_resp.status, 200);
	snprintf(want, sizeof(want), "at=\"%s\", fingerprint=\"0123456789"
	    "abcdef\", reason=\"skills.json: refused; the reason is in the "
	    "log\"", st.at);
	ck_assert(has_header("Perfil-Reload-Refused", want));
	/* Nothing of the message, nor a path outside the content. */
	watch_status_set(&st, "0123456789abcdef", "/usr/share/perfil/labels/"
	    "es.json: nav.main: \"secret draft\"", test_cfg.content_dir);
	test_app.reload = &st;
	run("GET", "/api/v1/health", NULL, NULL, NULL, NULL);
	test_app.reload = NULL;
	snprintf(want, sizeof(want), "at=\"%s\", fingerprint=\"0123456789"
	    "abcdef\", reason=\"a file outside the content directory: "
	    "refused; the reason is in the log\"", st.at);
	ck_assert(has_header("Perfil-Reload-Refused", want));
	j = body_json();
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(j, "data")),
	    4);
	cJSON_Delete(j);
	/* The supervisor's own reason (no content dir to strip: a load out
	 * of time) is shown as it is, its first line only. */
	watch_status_set(&st, "0123456789abcdef", "the load did not finish "
	    "within 3 s (--reload-timeout)\nsecond line", NULL);
	test_app.reload = &st;
	run("GET", "/api/v1/health", NULL, NULL, NULL, NULL);
	test_app.reload = NULL;
	snprintf(want, sizeof(want), "at=\"%s\", fingerprint=\"0123456789"
	    "abcdef\", reason=\"the load did not finish within 3 s "
	    "(--reload-timeout)\"", st.at);
	ck_assert(has_header("Perfil-Reload-Refused", want));
	/* An accepted reload clears it. */
	watch_status_set(&st, "fedcba9876543210", NULL, NULL);
	test_app.reload = &st;
	run("GET", "/api/v1/health", NULL, NULL, NULL, NULL);
	test_app.reload = NULL;
	ck_assert(!resp_has_header(&test_resp, "Perfil-Reload-Refused"));
	ck_assert(resp_has_header(&test_resp, "Perfil-Content"));
}
END_TEST

START_TEST(health_and_meta)
{
	cJSON	*j, *d, *m;
	char	 want[128];

	run("GET", "/api/v1/health", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(test_resp.status, 200);
	j = body_json();
	d = cJSON_GetObjectItem(j, "data");
	m = cJSON_GetObjectItem(j, "meta");
	ck_assert_int_eq(cJSON_GetArraySize(d), 4);	/* closed: SPEC.md */
	ck_assert_str_eq(cJSON_GetObjectItem(d, "status")->valuestring, "ok");
	ck_assert_uint_eq(strlen(test_app.fingerprint), WATCH_FP_LEN);
	snprintf(want, sizeof(want), "fingerprint=\"%s\", loaded-at=\"%s\"",
	    test_app.fingerprint, test_app.loaded_at);
	ck_assert(has_header("Perfil-Content", want));
	ck_assert_str_eq(cJSON_GetObjectItem(d, "api_version")->valuestring,
	    PERFIL_API_VERSION);
	ck_assert_str_eq(cJSON_GetObjectItem(d, "openapi_url")->valuestring,
	    TEST_BASE "/openapi.json");
	ck_assert_int_eq(cJSON_GetArraySize(m), 4);
	ck_assert_int_eq(cJSON_GetObjectItem(m, "count")->valueint, 1);
	ck_assert_str_eq(cJSON_GetObjectItem(m, "self")->valuestring,
	    TEST_BASE "/api/v1/health");
	ck_assert_str_eq(cJSON_GetObjectItem(m, "source")->valuestring,
	    TEST_BASE "/");
	ck_assert(has_header("Cache-Control", CACHE_PUBLIC));
	ck_assert(has_header("Content-Language", "es"));
	ck_assert(has_header("Vary", "Accept-Language, Accept-Encoding"));
	ck_assert(has_header("X-Content-Type-Options", "nosniff"));
	cJSON_Delete(j);
}
END_TEST

START_TEST(pagination)
{
	const struct collection *c = &test_app.model->coll[COLL_PROJECTS];
	cJSON	*j, *m;

	run("GET", "/api/v1/projects", "offset=1&limit=2&lang=en", NULL,
	    NULL, NULL);
	ck_assert_int_eq(test_resp.status, 200);
	j = body_json();
	m = cJSON_GetObjectItem(j, "meta");
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(j, "data")),
	    2);
	ck_assert_int_eq(cJSON_GetObjectItem(m, "count")->valueint, 2);
	ck_assert_int_eq(cJSON_GetObjectItem(m, "total")->valueint,
	    (int)c->len);
	ck_assert_int_eq(cJSON_GetObjectItem(m, "limit")->valueint, 2);
	ck_assert_int_eq(cJSON_GetObjectItem(m, "offset")->valueint, 1);
	ck_assert_str_eq(cJSON_GetObjectItem(m, "self")->valuestring,
	    TEST_BASE "/api/v1/projects?limit=2&offset=1&lang=en");
	ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(
	    cJSON_GetObjectItem(j, "data"), 0), "slug")->valuestring,
	    c->items[1].slug);
	cJSON_Delete(j);

	run("GET", "/api/v1/projects", "offset=1000", NULL, NULL, NULL);
	j = body_json();
	m = cJSON_GetObjectItem(j, "meta");
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(j, "data")),
	    0);
	ck_assert_int_eq(cJSON_GetObjectItem(m, "total")->valueint,
	    (int)c->len);
	cJSON_Delete(j);
}
END_TEST

START_TEST(invalid_parameters)
{
	static const char *const bad[] = {
		"limit=abc", "limit=1.5", "limit=", "limit=-1", "limit=%2B5",
		"limit=%205", "limit=0x10", "limit=1e2", "limit=0",
		"limit=101", "offset=1001", "offset=-1",
		"limit=123456789012345678901234567890", "limit=1&limit=2",
		"lang=fr", "lang=e", "lang=en-", "lang=en-GB", "lang=",
	};
	size_t	 i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		run("GET", "/api/v1/skills", bad[i], NULL, NULL, NULL);
		ck_assert_msg(test_resp.status == 400, "%s", bad[i]);
		assert_error(400, "invalid_parameter");
	}
	run("GET", "/api/v1/skills", "limit=abc", NULL, NULL, NULL);
	ck_assert_str_eq(error_message(), "Parameter 'limit' must be an "
	    "integer from 1 to 100; received 'abc'.");
	/* A language tag is matched without regard to case (RFC 5646). */
	run("GET", "/api/v1/skills", "lang=EN", NULL, NULL, NULL);
	ck_assert_int_eq(test_resp.status, 200);
	ck_assert_str_eq(test_resp.content_language, "en");
	/* Parameters unknown to a route are ignored. */
	run("GET", "/api/v1/profile", "limit=abc&foo=1", NULL, NULL, NULL);
	ck_assert_int_eq(test_resp.status, 200);
}
END_TEST

START_TEST(bad_requests)
{
	static const char *const bad[] = {
		"%", "%4", "x=%G0", "q=%00", "q=%C3%28", "q=%FF", "lang=%C0%AE",
	};
	size_t	 i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		run("GET", "/api/v1/profile", bad[i], NULL, NULL, NULL);
		assert_error(400, "bad_request");
	}
	run(NULL, "/api/v1/profile", NULL, NULL, NULL, NULL);
	assert_error(400, "bad_request");
	run("GET", "/api/v1/\xc3\x28", NULL, NULL, NULL, NULL);
	assert_error(400, "bad_request");
}
END_TEST

START_TEST(not_found)
{
	static const char *const paths[] = {
		"/api", "/api/", "/api/v2/health", "/api/v1/nope",
		"/api/v1/health/", "/api/v1/health.md", "/api/v1/projects/ABC",
		"/api/v1/projects/no-such-project", "/api/v1/projects/a/b",
		"/api/v1//health",
	};
	size_t	 i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		run("GET", paths[i], NULL, NULL, NULL, NULL);
		ck_assert_msg(test_resp.status == 404, "%s", paths[i]);
		assert_error(404, "not_found");
	}
	run("POST", "/api/v1/nope", NULL, NULL, NULL, NULL);
	assert_error(404, "not_found");
}
END_TEST

START_TEST(methods)
{
	static const char *const writes[] = {
		"POST", "PUT", "PATCH", "DELETE", "TRACE", "PROPFIND",
	};
	size_t	 i;

	for (i = 0; i < sizeof(writes) / sizeof(writes[0]); i++) {
		run(writes[i], "/api/v1/projects", NULL, NULL, NULL, NULL);
		assert_error(405, "method_not_allowed");
		ck_assert(has_header("Allow", "GET, HEAD, OPTIONS"));
		ck_assert_ptr_nonnull(strstr(error_message(), "read-only"));
	}
	run("OPTIONS", "/api/v1/projects", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(test_resp.status, 204);
	ck_assert(has_header("Allow", "GET, HEAD, OPTIONS"));
	ck_assert(has_header("Access-Control-Allow-Methods",
	    "GET, HEAD, OPTIONS"));
	ck_assert_ptr_nonnull(strstr(buf_cstr(&test_wire), "\r\n\r\n"));
	ck_assert_str_eq(strstr(buf_cstr(&test_wire), "\r\n\r\n"), "\r\n\r\n");

	run("HEAD", "/api/v1/profile", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(test_resp.status, 200);
	ck_assert(has_header("Content-Type", TYPE_JSON));
	ck_assert_str_eq(strstr(buf_cstr(&test_wire), "\r\n\r\n"), "\r\n\r\n");
}
END_TEST

START_TEST(language_and_etags)
{
	char	 es[32], en[32], inm[96];

	run("GET", "/api/v1/about", NULL, NULL, NULL, NULL);
	snprintf(es, sizeof(es), "%s", test_resp.etag);
	run("GET", "/api/v1/about", NULL, "HTTP_ACCEPT_LANGUAGE=fr, en;q=0.5",
	    NULL, NULL);
	ck_assert(has_header("Content-Language", "en"));
	snprintf(en, sizeof(en), "%s", test_resp.etag);
	ck_assert_str_ne(es, en);
	ck_assert_uint_eq(strlen(es), 18);
	/* The query parameter wins over the header. */
	run("GET", "/api/v1/about", "lang=es", "HTTP_ACCEPT_LANGUAGE=en",
	    NULL, NULL);
	ck_assert_str_eq(test_resp.etag, es);

	snprintf(inm, sizeof(inm), "HTTP_IF_NONE_MATCH=\"x\", W/%s", es);
	run("GET", "/api/v1/about", NULL, inm, NULL, NULL);
	ck_assert_int_eq(test_resp.status, 304);
	ck_assert_uint_eq(test_resp.body.len, 0);
	ck_assert(test_resp.kept == NULL);
	ck_assert(has_header("ETag", es));
	run("GET", "/api/v1/about", NULL, "HTTP_IF_NONE_MATCH=*", NULL, NULL);
	ck_assert_int_eq(test_resp.status, 304);
	run("GET", "/api/v1/about", NULL, "HTTP_IF_NONE_MATCH=junk\"", NULL,
	    NULL);
	ck_assert_int_eq(test_resp.status, 200);
}
END_TEST

START_TEST(unknown_project_hint_lists_slugs)
{
	cJSON	*j;
	const char *hint;

	run("GET", "/api/v1/projects/nope", NULL, NULL, NULL, NULL);
	j = body_json();
	hint = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "error"),
	    "hint")->valuestring;
	ck_assert_ptr_nonnull(strstr(hint,
	    test_app.model->coll[COLL_PROJECTS].items[0].slug));
	ck_assert_ptr_nonnull(strstr(hint, "/api/v1/projects"));
	cJSON_Delete(j);
}
END_TEST

/*
 * Behind the nginx site's micro-cache (PERFIL_MICROCACHE=1) a success
 * expires at the end of the current second (X-Accel-Expires: @NOW); an
 * error never carries it, nor does any answer without the parameter.
 */
START_TEST(microcache_expiry)
{
	const char *w, *at;
	long long t0, t1, stamp;

	t0 = (long long)time(NULL);
	ck_assert_int_eq(run("GET", "/api/v1/profile", NULL,
	    "PERFIL_MICROCACHE=1", NULL, NULL)->status, 200);
	t1 = (long long)time(NULL);
	w = buf_cstr(&test_wire);
	ck_assert_ptr_nonnull(at = strstr(w, "\r\nX-Accel-Expires: @"));
	stamp = strtoll(at + strlen("\r\nX-Accel-Expires: @"), NULL, 10);
	ck_assert(stamp >= t0 && stamp <= t1);
	ck_assert_int_eq(run("GET", "/about", NULL, "PERFIL_MICROCACHE=1",
	    NULL, NULL)->status, 200);
	ck_assert_ptr_nonnull(strstr(buf_cstr(&test_wire), "X-Accel-Expires"));
	ck_assert_int_eq(run("GET", "/api/v1/nope", NULL, "PERFIL_MICROCACHE=1",
	    NULL, NULL)->status, 404);
	ck_assert_ptr_null(strstr(buf_cstr(&test_wire), "X-Accel-Expires"));
	ck_assert_int_eq(run("GET", "/api/v1/profile", NULL, NULL, NULL,
	    NULL)->status, 200);
	ck_assert_ptr_null(strstr(buf_cstr(&test_wire), "X-Accel-Expires"));
}
END_TEST

static Suite *
handler_suite(void)
{
	Suite	*s = suite_create("handler");
	TCase	*tc = tcase_create("api");

	tcase_add_unchecked_fixture(tc, testenv_setup, testenv_teardown);
	tcase_add_test(tc, every_route_answers);
	tcase_add_test(tc, health_and_meta);
	tcase_add_test(tc, health_reload_refused);
	tcase_add_test(tc, pagination);
	tcase_add_test(tc, invalid_parameters);
	tcase_add_test(tc, bad_requests);
	tcase_add_test(tc, not_found);
	tcase_add_test(tc, methods);
	tcase_add_test(tc, language_and_etags);
	tcase_add_test(tc, unknown_project_hint_lists_slugs);
	tcase_add_test(tc, microcache_expiry);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(handler_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
