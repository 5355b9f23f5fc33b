/*
 * check_request.c: request parsing, strict numbers, percent-decoding
 * and negotiation.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "request.h"

static struct arena A;

static void
setup(void)
{
	arena_init(&A, 4096);
}

static void
teardown(void)
{
	arena_free(&A);
}

START_TEST(uint_accepts_plain_decimal)
{
	long	 v = -1;

	ck_assert_int_eq(req_parse_uint("5", 1, 1, 100, &v), 0);
	ck_assert_int_eq(v, 5);
	ck_assert_int_eq(req_parse_uint("100", 3, 1, 100, &v), 0);
	ck_assert_int_eq(v, 100);
	ck_assert_int_eq(req_parse_uint("0", 1, 0, 1000, &v), 0);
	ck_assert_int_eq(v, 0);
	ck_assert_int_eq(req_parse_uint("007", 3, 1, 100, &v), 0);
	ck_assert_int_eq(v, 7);
}
END_TEST

START_TEST(uint_rejects_everything_else)
{
	static const char *const bad[] = {
		"", "abc", "1.5", "-1", "+5", " 5", "5 ", "0x10", "1e2",
		"5abc", "101", "0", "123456789012345678901234567890",
		"9223372036854775808", "\xef\xbc\x95" /* fullwidth 5 */,
	};
	size_t	 i;
	long	 v = 42;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(req_parse_uint(bad[i], strlen(bad[i]), 1, 100,
		    &v) == -1, "accepted '%s'", bad[i]);
		ck_assert_int_eq(v, 42);
	}
}
END_TEST

START_TEST(decode_percent_and_plus)
{
	char	*out;
	size_t	 n;

	ck_assert_int_eq(req_decode("dise%C3%B1o+web", 15, 1, &A, &out,
	    &n), 0);
	ck_assert_str_eq(out, "dise\xc3\xb1o web");
	ck_assert_uint_eq(n, strlen("dise\xc3\xb1o web"));
	ck_assert_int_eq(req_decode("a+b", 3, 0, &A, &out, &n), 0);
	ck_assert_str_eq(out, "a+b");
	ck_assert_int_eq(req_decode("%2e%2e%2f", 9, 1, &A, &out, &n), 0);
	ck_assert_str_eq(out, "../");
	ck_assert_int_eq(req_decode("%252e", 5, 1, &A, &out, &n), 0);
	ck_assert_str_eq(out, "%2e");
}
END_TEST

START_TEST(decode_rejects_malformed)
{
	static const char *const bad[] = {
		"%", "%4", "%G0", "a%", "%00", "%C3%28", "%FF", "%C0%AE",
		"%ED%A0%80" /* surrogate */, "%F4%90%80%80" /* > U+10FFFF */,
		"%E2%82" /* truncated */, "\xff",
	};
	size_t	 i, n;
	char	*out;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(req_decode(bad[i], strlen(bad[i]), 1, &A, &out,
		    &n) == -1, "accepted '%s'", bad[i]);
}
END_TEST

START_TEST(query_known_unknown_and_duplicates)
{
	struct request r;

	memset(&r, 0, sizeof(r));
	ck_assert_int_eq(req_parse_query(&r,
	    "limit=5&&foo=bar&=x&offset&q=a&q=b&lang=en;x=1", &A), REQ_OK);
	ck_assert_str_eq(r.param[PARAM_LIMIT].value, "5");
	ck_assert_int_eq(r.param[PARAM_LIMIT].count, 1);
	ck_assert_str_eq(r.param[PARAM_OFFSET].value, "");
	ck_assert_int_eq(r.param[PARAM_Q].count, 2);
	ck_assert_str_eq(r.param[PARAM_Q].value, "a");
	/* ';' is not a separator: the value of lang is "en;x=1". */
	ck_assert_str_eq(r.param[PARAM_LANG].value, "en;x=1");

	memset(&r, 0, sizeof(r));
	ck_assert_int_eq(req_parse_query(&r, "x=%G0", &A), REQ_BAD_QUERY);
	ck_assert_str_eq(r.bad_key, "x=%G0");
	memset(&r, 0, sizeof(r));
	ck_assert_int_eq(req_parse_query(&r, "q=%00", &A), REQ_BAD_QUERY);
}
END_TEST

START_TEST(parse_environment)
{
	char	*env[] = {
		"REQUEST_METHOD=HEAD", "DOCUMENT_URI=/api/v1/profile",
		"QUERY_STRING=lang=en", "HTTP_ACCEPT_LANGUAGE=es",
		"HTTP_IF_NONE_MATCH=\"x\"", NULL
	};
	char	*apache[] = {
		"REQUEST_METHOD=GET", "SCRIPT_NAME=", "PATH_INFO=/api/v1/about",
		NULL
	};
	char	*raw[] = {
		"REQUEST_METHOD=DELETE", "REQUEST_URI=/api/v1/%70rofile?x=1",
		NULL
	};
	char	*nomethod[] = { "DOCUMENT_URI=/", NULL };
	char	*badpath[] = { "REQUEST_METHOD=GET",
		"DOCUMENT_URI=/api/\xc3\x28", NULL };
	struct request r;

	ck_assert_int_eq(req_parse(&r, env, &A), REQ_OK);
	ck_assert_int_eq(r.method, METHOD_HEAD);
	ck_assert_str_eq(r.path, "/api/v1/profile");
	ck_assert_str_eq(r.param[PARAM_LANG].value, "en");
	ck_assert_str_eq(r.accept_language, "es");
	ck_assert_str_eq(r.if_none_match, "\"x\"");

	ck_assert_int_eq(req_parse(&r, apache, &A), REQ_OK);
	ck_assert_str_eq(r.path, "/api/v1/about");

	ck_assert_int_eq(req_parse(&r, raw, &A), REQ_OK);
	ck_assert_int_eq(r.method, METHOD_OTHER);
	ck_assert_str_eq(r.method_name, "DELETE");
	ck_assert_str_eq(r.path, "/api/v1/profile");

	ck_assert_int_eq(req_parse(&r, nomethod, &A), REQ_BAD_METHOD);
	ck_assert_int_eq(req_parse(&r, badpath, &A), REQ_BAD_PATH);
	ck_assert_int_eq(req_parse(&r, NULL, &A), REQ_BAD_METHOD);
}
END_TEST

START_TEST(negotiate_language)
{
	static const struct {
		const char *header;
		enum lang want;
	} t[] = {
		{ NULL, LANG_ES },
		{ "", LANG_ES },
		{ "en", LANG_EN },
		{ "EN-us", LANG_EN },
		{ "en-GB,en;q=0.9", LANG_EN },
		{ "fr, en;q=0.5", LANG_EN },
		{ "fr", LANG_ES },
		{ "es;q=0.1, en;q=0.9", LANG_EN },
		{ "en;q=0", LANG_ES },
		{ "en;q=0.5, es;q=0.5", LANG_EN },	/* first wins a tie */
		{ "en;q=abc", LANG_ES },		/* malformed: ignored */
		{ "en;q=1.5", LANG_ES },
		{ "*", LANG_ES },
		{ ",,,;;;q=,en", LANG_EN },
		{ "de-DE;q=0.9, *;q=0.1, en;q=0.2", LANG_EN },
	};
	size_t	 i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		ck_assert_msg(req_negotiate_lang(t[i].header) == t[i].want,
		    "Accept-Language '%s'", t[i].header ? t[i].header : "NULL");
}
END_TEST

START_TEST(negotiate_language_hostile_header)
{
	struct buf b;
	int	 i;

	buf_init(&b);
	for (i = 0; i < 800; i++)
		buf_printf(&b, "x%d;q=0.%03d, ", i, i % 1000);
	buf_puts(&b, "en");
	/* Only the first 64 ranges are read: English is never reached. */
	ck_assert_int_eq(req_negotiate_lang(buf_cstr(&b)), LANG_ES);
	buf_free(&b);
}
END_TEST

START_TEST(accept_markdown)
{
	ck_assert_int_eq(req_accepts_markdown(NULL), 0);
	ck_assert_int_eq(req_accepts_markdown("text/markdown"), 1);
	ck_assert_int_eq(req_accepts_markdown("text/html, text/markdown"), 1);
	ck_assert_int_eq(req_accepts_markdown(
	    "text/html;q=1, text/markdown;q=0.5"), 0);
	ck_assert_int_eq(req_accepts_markdown("text/markdown;q=0"), 0);
	ck_assert_int_eq(req_accepts_markdown("*/*"), 0);
}
END_TEST

static Suite *
request_suite(void)
{
	Suite	*s = suite_create("request");
	TCase	*tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, uint_accepts_plain_decimal);
	tcase_add_test(tc, uint_rejects_everything_else);
	tcase_add_test(tc, decode_percent_and_plus);
	tcase_add_test(tc, decode_rejects_malformed);
	tcase_add_test(tc, query_known_unknown_and_duplicates);
	tcase_add_test(tc, parse_environment);
	tcase_add_test(tc, negotiate_language);
	tcase_add_test(tc, negotiate_language_hostile_header);
	tcase_add_test(tc, accept_markdown);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(request_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
