/*
 * check_url.c: the one URL rule (src/base/url.c, issue 43).  Each place
 * that takes a URL asks url_check with the flags of what it allows;
 * these cases hold the rule to RFC 3986 and to the flags: schemes,
 * user information, control characters (0x7F too), spaces, IDN and
 * percent-encoding, fragments, javascript: and data:.  Before it, five
 * validators disagreed on userinfo, '@' in a path and 0x7F.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/url.h"

#define SECURITY	(URL_MAILTO | URL_HTTPS | URL_TEL | URL_QUERY | \
			    URL_FRAGMENT)

static const struct {
	const char *url;
	unsigned int flags;
	const char *want;	/* NULL: accepted; else part of the reason */
} cases[] = {
	/* Schemes: http and https; others only where a flag names them. */
	{ "https://a.example", URL_LINK, NULL },
	{ "http://a.example/x/y", URL_LINK, NULL },
	{ "ftp://a.example/l", URL_LINK, "not an absolute http(s) URI" },
	{ "javascript:alert(1)", URL_LINK, "not an absolute http(s) URI" },
	{ "JavaScript:alert(1)", URL_LINK, "not an absolute http(s) URI" },
	{ "data:text/html,<b>x</b>", URL_LINK, "'<' is not allowed" },
	{ "data:text/plain,x", URL_LINK, "not an absolute http(s) URI" },
	{ "HTTPS://a.example", URL_LINK, "not an absolute http(s) URI" },
	{ "//a.example/x", URL_LINK, "not an absolute http(s) URI" },
	{ "/cert.pdf", URL_LINK, "not an absolute http(s) URI" },
	{ "not_a_url", URL_LINK, "not an absolute http(s) URI" },
	{ "http://a.example", URL_HTTPS, "not an absolute https URI" },
	{ "mailto:ana@a.example", URL_LINK, "not an absolute http(s) URI" },
	{ "mailto:ana@a.example", SECURITY, NULL },
	{ "mailto:ana", SECURITY, "not an e-mail address" },
	{ "mailto:@a.example", SECURITY, "not an e-mail address" },
	{ "tel:+34-600-000-000", SECURITY, NULL },
	{ "tel:+34(600)", SECURITY, NULL },
	{ "tel:call-me", SECURITY, "not a telephone number" },
	{ "http://a.example", SECURITY, "not a mailto:, https: or tel: URI" },
	{ "https://a.example/.well-known/security", SECURITY, NULL },
	/* User information: refused unless allowed. */
	{ "https://u:p@a.example", URL_LINK, "user information" },
	{ "https://u@a.example/", URL_BASE, "user information" },
	{ "https://u@a.example/", URL_LINK | URL_USERINFO, NULL },
	/* '@' in a path is no user information (a Mastodon profile). */
	{ "https://mastodon.example/@ana", URL_LINK, NULL },
	{ "https://mastodon.example/@ana", URL_BASE, NULL },
	/* Control characters, 0x7F included, and spaces: never. */
	{ "https://a.example/\x01", URL_LINK, "control character U+0001" },
	{ "https://a.example/\x1f", URL_LINK, "control character U+001F" },
	{ "https://a.example/\x7f", URL_LINK, "control character U+007F" },
	{ "https://a.example/\x7f", URL_LINK | URL_USERINFO, "U+007F" },
	{ "https://a.example/\t", URL_LINK, "control character U+0009" },
	{ "https://a.example/a b", URL_LINK, "a space at byte 20" },
	{ " https://a.example", URL_LINK, "a space at byte 1" },
	{ "https://a.example/a%20b", URL_LINK, NULL },
	/* Characters RFC 3986 does not allow; percent-encoding. */
	{ "https://a.example/\"", URL_LINK, "'\"' is not allowed" },
	{ "https://a.example/a\\b", URL_LINK, "'\\' is not allowed" },
	{ "https://a.example/{x}", URL_LINK, "'{' is not allowed" },
	{ "https://a.example/%zz", URL_LINK, "'%' at byte 19" },
	{ "https://a.example/%4", URL_LINK, "two hexadecimal digits" },
	{ "https://a.example/a[1]", URL_LINK, "'[' is not allowed" },
	{ "https://a.example/%C3%A9", URL_LINK, NULL },
	/* IDN and other scripts: UTF-8 taken as percent-encoded. */
	{ "https://bücher.example/", URL_LINK, NULL },
	{ "https://xn--bcher-kva.example/", URL_BASE, NULL },
	{ "https://a.example/año/日本", URL_LINK, NULL },
	{ "https://a.example/\xc3", URL_LINK, "not valid UTF-8" },
	/* Hosts and ports. */
	{ "https://", URL_LINK, "empty host" },
	{ "https:///x", URL_BASE, "empty host" },
	{ "https://:80/", URL_LINK, "empty host" },
	{ "https://.example/", URL_LINK, "starts with a dot" },
	{ "http://127.0.0.1:8080", URL_BASE, NULL },
	{ "http://[::1]:8080/x", URL_BASE, NULL },
	{ "https://a.example:0/", URL_LINK, "port" },
	{ "https://a.example:65536/", URL_LINK, "port" },
	{ "https://a.example:443/", URL_LINK, NULL },
	/* Query and fragment: where the flags allow them. */
	{ "https://a.example/?q=1#top", URL_LINK, NULL },
	{ "https://a.example/?q=1", URL_BASE, "a query (?...)" },
	{ "https://a.example/#top", URL_BASE, "a fragment (#...)" },
	{ "https://a.example/#top", URL_HTTP | URL_QUERY, "a fragment" },
	/* Empty, and the base URL's length. */
	{ "", URL_LINK, "an empty URI" },
	{ NULL, URL_LINK, "an empty URI" },
};

START_TEST(url_rule)
{
	char	 why[128];
	int	 rc;

	strcpy(why, "(none)");
	rc = url_check(cases[_i].url, cases[_i].flags, why, sizeof(why));
	if (cases[_i].want == NULL)
		ck_assert_msg(rc == 0, "%s refused: %s", cases[_i].url, why);
	else {
		ck_assert_msg(rc == -1, "%s accepted", cases[_i].url);
		ck_assert_msg(strstr(why, cases[_i].want) != NULL,
		    "%s: \"%s\" does not say \"%s\"", cases[_i].url, why,
		    cases[_i].want);
	}
	/* Without a buffer, the same answer. */
	ck_assert_int_eq(url_check(cases[_i].url, cases[_i].flags, NULL, 0),
	    rc);
}
END_TEST

/* URL_SHORT: at most URL_SHORT_MAX bytes. */
START_TEST(url_short)
{
	char	 u[URL_SHORT_MAX + 2], why[128];

	memset(u, 'a', sizeof(u) - 1);
	u[sizeof(u) - 1] = '\0';
	memcpy(u, "https://a.example/", 18);
	ck_assert_int_eq(url_check(u, URL_LINK, why, sizeof(why)), 0);
	ck_assert_int_eq(url_check(u, URL_BASE, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "more than 200 bytes"));
	u[URL_SHORT_MAX] = '\0';
	ck_assert_int_eq(url_check(u, URL_BASE, why, sizeof(why)), 0);
}
END_TEST

/* A reason longer than the buffer is cut, never overrun. */
START_TEST(url_why_bounded)
{
	char	 why[8] = "1234567";

	ck_assert_int_eq(url_check("ftp://x", URL_LINK, why, 4), -1);
	ck_assert_str_eq(why, "not");
	ck_assert_int_eq(why[4], '5');
}
END_TEST

/* The origin of an http(s) URL, for the CSP; NULL when there is none
 * a CSP source can hold. */
START_TEST(url_origin_parsed)
{
	char	 o[64];

	ck_assert_str_eq(url_origin("https://img.example/p/a.jpg?x#y", o,
	    sizeof(o)), "https://img.example");
	ck_assert_str_eq(url_origin("http://img.example:8080", o, sizeof(o)),
	    "http://img.example:8080");
	ck_assert_str_eq(url_origin("http://[::1]/a.jpg", o, sizeof(o)),
	    "http://[::1]");
	ck_assert_ptr_null(url_origin("https://u@img.example/", o,
	    sizeof(o)));
	ck_assert_ptr_null(url_origin("https://bücher.example/", o,
	    sizeof(o)));
	ck_assert_ptr_null(url_origin("javascript:alert(1)", o, sizeof(o)));
	ck_assert_ptr_null(url_origin("https://img.example/", o, 10));
}
END_TEST

START_TEST(url_host_parsed)
{
	char	 h[64];

	ck_assert_str_eq(url_host("https://WWW.Example.org/~ana", h,
	    sizeof(h)), "www.example.org");
	ck_assert_str_eq(url_host("http://127.0.0.1:8080", h, sizeof(h)),
	    "127.0.0.1");
	ck_assert_str_eq(url_host("http://[::1]:8080/", h, sizeof(h)), "::1");
	ck_assert_ptr_null(url_host("mailto:a@example.org", h, sizeof(h)));
	ck_assert_ptr_null(url_host("https://example.org/", h, 11));
}
END_TEST

static Suite *
url_suite(void)
{
	Suite	*s = suite_create("url");
	TCase	*tc = tcase_create("url_check");

	tcase_add_loop_test(tc, url_rule, 0,
	    (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, url_short);
	tcase_add_test(tc, url_why_bounded);
	tcase_add_test(tc, url_origin_parsed);
	tcase_add_test(tc, url_host_parsed);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(url_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
