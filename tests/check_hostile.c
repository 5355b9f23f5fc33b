/*
 * check_hostile.c: hostile environments through the whole request
 * handler: FastCGI variables missing or malformed, and headers that
 * must not change the answer.  Each case must give a defined 4xx in
 * the JSON error envelope under /api, never a 5xx.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/errors.h"
#include "testenv.h"

/* Runs a raw NULL-terminated environment. */
static struct response *
run_env(char **env)
{
	arena_reset(&test_arena);
	handle_request(&test_app, env, NULL, 0, &test_resp, &test_arena);
	resp_serialize(&test_resp, &test_wire);
	return &test_resp;
}

/* Asserts a JSON error envelope with the given status and code. */
static void
assert_json_error(int status, const char *code)
{
	cJSON	*j = cJSON_Parse(test_body()), *e;

	ck_assert_msg(j != NULL, "not JSON: %s", test_body());
	e = cJSON_GetObjectItem(j, "error");
	ck_assert_int_eq(test_resp.status, status);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(cJSON_GetArraySize(e), 5);
	ck_assert_int_eq(cJSON_GetObjectItem(e, "status")->valueint, status);
	ck_assert_str_eq(cJSON_GetObjectItem(e, "code")->valuestring, code);
	ck_assert(has_header("Content-Type", TYPE_JSON));
	cJSON_Delete(j);
}

START_TEST(empty_environment)
{
	char	*env[] = { NULL };

	run_env(env);
	assert_json_error(400, "bad_request");
}
END_TEST

START_TEST(null_environment)
{
	run_env(NULL);
	assert_json_error(400, "bad_request");
}
END_TEST

START_TEST(no_method)
{
	char	*env[] = { "DOCUMENT_URI=/api/v1/health", NULL };

	run_env(env);
	assert_json_error(400, "bad_request");
}
END_TEST

START_TEST(no_path)
{
	char	*env[] = { "REQUEST_METHOD=GET", "QUERY_STRING=lang=en",
	    NULL };

	run_env(env);
	ck_assert_int_eq(test_resp.status, 400);
	ck_assert(test_resp.status < 500);
}
END_TEST

START_TEST(only_script_filename)
{
	char	*env[] = { "SCRIPT_FILENAME=x", NULL };

	run_env(env);
	assert_json_error(400, "bad_request");
}
END_TEST

START_TEST(malformed_variables)
{
	static char *const bad[][4] = {
		{ "REQUEST_METHOD=", "DOCUMENT_URI=/api/v1/health", NULL },
		{ "REQUEST_METHOD=G ET", "DOCUMENT_URI=/api/v1/health", NULL },
		{ "REQUEST_METHOD=GET", "DOCUMENT_URI=/api/v1/\xff", NULL },
		{ "REQUEST_METHOD=GET", "REQUEST_URI=/api/v1/%zz", NULL },
		{ "REQUEST_METHOD=GET", "REQUEST_URI=/api/v1/%C0%AE", NULL },
		{ "REQUEST_METHOD=GET", "SCRIPT_NAME=/api",
		    "PATH_INFO=/v1/\xc3", NULL },
	};
	size_t	 i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		run_env((char **)bad[i]);
		assert_json_error(400, "bad_request");
	}
}
END_TEST

START_TEST(cgi_style_path)
{
	char	*a[] = { "REQUEST_METHOD=GET",
	    "REQUEST_URI=/api/v1/health?x=1", NULL };
	char	*b[] = { "REQUEST_METHOD=GET", "SCRIPT_NAME=/api",
	    "PATH_INFO=/v1/health", NULL };

	run_env(a);
	ck_assert_int_eq(test_resp.status, 200);
	run_env(b);
	ck_assert_int_eq(test_resp.status, 200);
}
END_TEST

START_TEST(method_override_ignored)
{
	run("POST", "/api/v1/profile", NULL,
	    "HTTP_X_HTTP_METHOD_OVERRIDE=GET", "HTTP_X_METHOD_OVERRIDE=GET",
	    NULL);
	assert_json_error(405, "method_not_allowed");
	run("GET", "/api/v1/profile", NULL,
	    "HTTP_X_HTTP_METHOD_OVERRIDE=DELETE", NULL, NULL);
	ck_assert_int_eq(test_resp.status, 200);
}
END_TEST

/* Regression: "*" inside a list used to match and give a 304. */
START_TEST(if_none_match_star)
{
	static const char *const junk[] = {
		"HTTP_IF_NONE_MATCH=*, junk", "HTTP_IF_NONE_MATCH=\"a\", *",
		"HTTP_IF_NONE_MATCH=**", "HTTP_IF_NONE_MATCH=* x",
		"HTTP_IF_NONE_MATCH=,,,", "HTTP_IF_NONE_MATCH=W/",
		"HTTP_IF_NONE_MATCH=\"", "HTTP_IF_NONE_MATCH=garbage",
	};
	size_t	 i;

	for (i = 0; i < sizeof(junk) / sizeof(junk[0]); i++) {
		run("GET", "/api/v1/profile", NULL, junk[i], NULL, NULL);
		ck_assert_msg(test_resp.status == 200, "%s: %d", junk[i],
		    test_resp.status);
	}
	run("GET", "/api/v1/profile", NULL, "HTTP_IF_NONE_MATCH= * ", NULL,
	    NULL);
	ck_assert_int_eq(test_resp.status, 304);
}
END_TEST

START_TEST(huge_accept_language)
{
	static char h[9000];
	size_t	 n;

	n = (size_t)snprintf(h, sizeof(h), "HTTP_ACCEPT_LANGUAGE=");
	while (n + 16 < sizeof(h))
		n += (size_t)snprintf(h + n, sizeof(h) - n, "xx;q=0.%03zu, ",
		    n % 1000);
	snprintf(h + n, sizeof(h) - n, "en");
	run("GET", "/api/v1/profile", NULL, h, NULL, NULL);
	ck_assert_int_eq(test_resp.status, 200);
}
END_TEST

/*
 * POSTs body (len bytes) to /mcp; asserts an answer under 500 whose body
 * is one JSON object (a JSON-RPC response or error) or, for 202, empty.
 * Returns the status.
 */
static int
mcp_post(const char *body, size_t len)
{
	char	*env[] = { "REQUEST_METHOD=POST", "DOCUMENT_URI=/mcp",
	    "CONTENT_TYPE=application/json", NULL };
	cJSON	*j;

	arena_reset(&test_arena);
	handle_request(&test_app, env, body, len, &test_resp, &test_arena);
	resp_serialize(&test_resp, &test_wire);
	ck_assert_int_lt(test_resp.status, 500);
	if (test_resp.status == 202)
		ck_assert_str_eq(test_body(), "");
	else {
		j = cJSON_Parse(test_body());
		ck_assert_msg(cJSON_IsObject(j), "not a JSON object: %.200s",
		    test_body());
		ck_assert(cJSON_HasObjectItem(j, "result") ||
		    cJSON_HasObjectItem(j, "error"));
		cJSON_Delete(j);
	}
	return test_resp.status;
}

/* Pathological JSON-RPC bodies: deep, long, wide, odd numbers, NUL
 * bytes, invalid UTF-8, larger than the bound. */
START_TEST(mcp_hostile_bodies)
{
	static const char *const bodies[] = {
		"", " ", "null", "0", "\"x\"", "[]", "{}", "[{}]",
		"{\"jsonrpc\":\"2.0\",\"id\":1e400,\"method\":\"ping\"}",
		"{\"jsonrpc\":\"2.0\",\"id\":-0.5,\"method\":\"ping\"}",
		"{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}",
		"{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}",
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
		    "\"params\":{\"name\":\"listProjects\",\"arguments\":"
		    "{\"limit\":1e300,\"offset\":-1e300}}}",
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
		    "\"params\":{\"name\":\"listProjects\",\"arguments\":"
		    "{\"limit\":{\"a\":[1,2]},\"lang\":[\"en\"]}}}",
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
		    "\"params\":{\"name\":\"getProject\",\"arguments\":"
		    "{\"slug\":\"../../etc/passwd\"}}}",
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
		    "\"params\":{\"name\":\"getProject\",\"arguments\":"
		    "{\"slug\":\"a\\u0000b\"}}}",
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
		    "\"params\":{\"name\":\"searchContent\",\"arguments\":"
		    "{\"q\":\"%00\\u0000&lang=xx\"}}}",
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\","
		    "\"params\":{\"uri\":\"/etc/passwd\"}}",
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
		    "\"params\":{\"protocolVersion\":7}}",
		"{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"ping\"}",
	};
	static char big[REQ_BODY_MAX + 2];
	size_t	 i, n;

	for (i = 0; i < sizeof(bodies) / sizeof(bodies[0]); i++)
		mcp_post(bodies[i], strlen(bodies[i]));
	/* A NUL byte inside the body. */
	ck_assert_int_eq(mcp_post("{\"jsonrpc\":\"2.0\",\0\"id\":1}", 22),
	    400);
	/* Nested 30,000 deep: cJSON's depth limit, a parse error. */
	for (n = 0; n < 30000; n++)
		big[n] = '[';
	ck_assert_int_eq(mcp_post(big, n), 400);
	/* The same depth inside params. */
	n = (size_t)snprintf(big, sizeof(big), "{\"jsonrpc\":\"2.0\",\"id\":1,"
	    "\"method\":\"ping\",\"params\":{\"x\":");
	while (n < 40000)
		big[n++] = '{';
	ck_assert_int_eq(mcp_post(big, n), 400);
	/* Ten thousand members in arguments. */
	n = (size_t)snprintf(big, sizeof(big), "{\"jsonrpc\":\"2.0\",\"id\":1,"
	    "\"method\":\"tools/call\",\"params\":{\"name\":\"getProfile\","
	    "\"arguments\":{");
	for (i = 0; i < 5000; i++)
		n += (size_t)snprintf(big + n, sizeof(big) - n, "%s\"k%zu\":1",
		    i ? "," : "", i);
	n += (size_t)snprintf(big + n, sizeof(big) - n, "}}}");
	ck_assert_int_eq(mcp_post(big, n), 200);
	/* One byte over the bound. */
	memset(big, ' ', sizeof(big));
	ck_assert_int_eq(mcp_post(big, REQ_BODY_MAX + 1), 413);
	/* A short message with the bytes of a longer one after it (the
	 * worker's buffer): only len bytes count. */
	memcpy(big, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", 40);
	ck_assert_int_eq(mcp_post(big, 40), 200);
}
END_TEST

/* Ids come back as the token sent, whatever cJSON would print; the
 * scan for it ends at the body's length (the worker's buffer goes on). */
START_TEST(mcp_ids_as_sent)
{
	static const char *const ids[] = {
		"1e400", "12345678901234567890", "9007199254740993", "\"x\"",
		"0", "-1", "-0.5e-3", "\"a\\\"}id\"", "\"\\u00e9\"",
	};
	static char buf[512];
	char	 want[128];
	size_t	 i;
	int	 n;

	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		/* The id last, then bytes of another message after len. */
		n = snprintf(buf, sizeof(buf), "{\"x\":{\"id\":2},\"jsonrpc\":"
		    "\"2.0\",\"method\":\"ping\",\"id\" : %s }999,\"id\":3}",
		    ids[i]);
		ck_assert_int_eq(mcp_post(buf, (size_t)n - 11), 200);
		snprintf(want, sizeof(want), "{\"jsonrpc\":\"2.0\",\"id\":%s,",
		    ids[i]);
		ck_assert_msg(strncmp(test_body(), want, strlen(want)) == 0,
		    "id %s answered as %.80s", ids[i], test_body());
	}
	/* A method holding U+0000 is no method; nesting past the bound is
	 * refused before cJSON recurses. */
	n = snprintf(buf, sizeof(buf), "{\"jsonrpc\":\"2.0\",\"id\":1,"
	    "\"method\":\"ping\\u0000\"}");
	ck_assert_int_eq(mcp_post(buf, (size_t)n), 200);
	ck_assert_ptr_nonnull(strstr(test_body(), "-32601"));
	n = snprintf(buf, sizeof(buf), "{\"jsonrpc\":\"2.0\",\"id\":1,"
	    "\"method\":\"ping\",\"params\":{\"x\":\"[[[[\",\"y\":%s}}",
	    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]");
	ck_assert_int_eq(mcp_post(buf, (size_t)n), 200);
	n = snprintf(buf, sizeof(buf), "{\"jsonrpc\":\"2.0\",\"id\":1,"
	    "\"method\":\"ping\",\"params\":{\"y\":%s}}",
	    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]");
	ck_assert_int_eq(mcp_post(buf, (size_t)n), 400);
	ck_assert_ptr_nonnull(strstr(test_body(), "-32600"));
}
END_TEST

static Suite *
hostile_suite(void)
{
	Suite	*s = suite_create("hostile");
	TCase	*tc = tcase_create("env");

	tcase_add_unchecked_fixture(tc, testenv_setup, testenv_teardown);
	tcase_add_test(tc, empty_environment);
	tcase_add_test(tc, null_environment);
	tcase_add_test(tc, no_method);
	tcase_add_test(tc, no_path);
	tcase_add_test(tc, only_script_filename);
	tcase_add_test(tc, malformed_variables);
	tcase_add_test(tc, cgi_style_path);
	tcase_add_test(tc, method_override_ignored);
	tcase_add_test(tc, if_none_match_star);
	tcase_add_test(tc, huge_accept_language);
	tcase_add_test(tc, mcp_hostile_bodies);
	tcase_add_test(tc, mcp_ids_as_sent);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(hostile_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
