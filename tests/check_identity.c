/*
 * check_identity.c: the owner's identity on the open web
 * (src/content/identity.c, issue 48): which profile is a fediverse
 * account and its handle, and the syntax of site.json's WebFinger
 * account and Bluesky DID.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/identity.h"

/* The fediverse rule: a network's name as the label, https://HOST/@USER
 * as the URL. */
static const struct {
	const char *label, *url;
	const char *want;	/* the handle, or NULL: not an account */
} fedi[] = {
	{ "Mastodon", "https://mastodon.example/@rocio", "@rocio@mastodon.example" },
	{ "mastodon", "https://Social.Example.ORG/@Ana_B", "@Ana_B@social.example.org" },
	{ "Pixelfed", "https://pixelfed.example/@ana.b/", "@ana.b@pixelfed.example" },
	{ "Misskey", "https://mk.example/@a-b", "@a-b@mk.example" },
	{ "GoToSocial", "https://gts.example/@x", "@x@gts.example" },
	/* RFC 3986's normal form: an unreserved letter percent-encoded,
	 * an IDN host (GLib's GUri gives its ASCII form). */
	{ "Mastodon", "https://mastodon.example/@ro%63io", "@rocio@mastodon.example" },
	{ "Mastodon", "https://bücher.example/@ana", "@ana@xn--bcher-kva.example" },
	/* Not a fediverse network's name, whatever the URL. */
	{ "GitHub", "https://github.example/@rocio", NULL },
	{ "Mastodon profile", "https://mastodon.example/@rocio", NULL },
	{ "", "https://mastodon.example/@rocio", NULL },
	{ NULL, "https://mastodon.example/@rocio", NULL },
	/* Not of the form https://HOST/@USER. */
	{ "Mastodon", "http://mastodon.example/@rocio", NULL },
	{ "Mastodon", "https://mastodon.example/rocio", NULL },
	{ "Mastodon", "https://mastodon.example/users/rocio", NULL },
	{ "Mastodon", "https://mastodon.example/@", NULL },
	{ "Mastodon", "https://mastodon.example/@rocio/123", NULL },
	{ "Mastodon", "https://mastodon.example/@rocio//", NULL },
	{ "Mastodon", "https://mastodon.example/@rocio?x=1", NULL },
	{ "Mastodon", "https://mastodon.example/@rocio#top", NULL },
	{ "Mastodon", "https://mastodon.example:8443/@rocio", NULL },
	{ "Mastodon", "https://u@mastodon.example/@rocio", NULL },
	{ "Mastodon", "https://[::1]/@rocio", NULL },
	{ "Mastodon", "https://-a.example/@rocio", NULL },
	{ "Mastodon", "mastodon.example/@rocio", NULL },
	{ "Mastodon", "", NULL },
	{ "Mastodon", NULL, NULL },
	{ "Mastodon", "https://m.example/@"
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	    NULL },	/* a user of 65 */
};

START_TEST(fediverse_rule)
{
	char	 acct[IDENTITY_ACCT_MAX];
	int	 rc;

	strcpy(acct, "(untouched)");
	rc = identity_fediverse(fedi[_i].label, fedi[_i].url, acct,
	    sizeof(acct));
	if (fedi[_i].want == NULL) {
		ck_assert_msg(rc == 0, "%s %s: taken as %s", fedi[_i].label,
		    fedi[_i].url, acct);
		ck_assert_str_eq(acct, "(untouched)");
	} else {
		ck_assert_msg(rc == 1, "%s %s: not taken", fedi[_i].label,
		    fedi[_i].url);
		ck_assert_str_eq(acct, fedi[_i].want);
	}
}
END_TEST

/* A handle that does not fit the buffer is no handle. */
START_TEST(fediverse_small_buffer)
{
	char	 acct[8];

	ck_assert_int_eq(identity_fediverse("Mastodon",
	    "https://mastodon.example/@rocio", acct, sizeof(acct)), 0);
}
END_TEST

/* The first fediverse profile of the list. */
START_TEST(fediverse_first)
{
	char	 acct[IDENTITY_ACCT_MAX];
	cJSON	*a = cJSON_Parse("[{\"label\": \"GitHub\", \"url\": "
	    "\"https://github.example/x\"}, {\"label\": \"Mastodon\", "
	    "\"url\": \"https://m.example/users/x\"}, {\"label\": "
	    "\"Pixelfed\", \"url\": \"https://p.example/@x\"}, {\"label\": "
	    "\"Mastodon\", \"url\": \"https://m.example/@y\"}]");
	const cJSON *e;

	ck_assert_ptr_nonnull(a);
	e = identity_fediverse_profile(a, acct, sizeof(acct));
	ck_assert_ptr_eq(e, cJSON_GetArrayItem(a, 2));
	ck_assert_str_eq(acct, "@x@p.example");
	ck_assert_ptr_null(identity_fediverse_profile(NULL, acct,
	    sizeof(acct)));
	cJSON_Delete(a);
}
END_TEST

/* site.json's "webfinger" and "atproto_did". */
static const struct {
	int	 did;		/* 1: identity_did_check, 0: _acct_check */
	const char *s;
	const char *want;	/* NULL: accepted; else part of the reason */
} ids[] = {
	{ 0, "rocio@rocio.example", NULL },
	{ 0, "Ana.B-c_d~e+f@sub.example.org", NULL },
	{ 0, "rocio@127.0.0.1", NULL },
	{ 0, "acct:rocio@rocio.example", "without \"acct:\"" },
	{ 0, "rocio", "no \"@\"" },
	{ 0, "@rocio.example", "1 to 64 characters" },
	{ 0, "ro cio@rocio.example", "only letters, digits" },
	{ 0, "ro/cio@rocio.example", "only letters, digits" },
	{ 0, "rocio@", "not a domain name" },
	{ 0, "rocio@rocio..example", "not a domain name" },
	{ 0, "rocio@-rocio.example", "not a domain name" },
	{ 0, "rocio@rocio.example:443", "not a domain name" },
	{ 0, "rocio@rocio.example/x", "not a domain name" },
	{ 0, "rocio@bücher.example", "not a domain name" },
	{ 0, "", "no \"@\"" },
	{ 1, "did:plc:ewvi7nxzyoun6zhxrhs64oiz", NULL },
	{ 1, "did:plc:abcdefghijklmnopqrstuvwx", NULL },
	{ 1, "did:web:rocio.example", NULL },
	{ 1, "did:web:a-b.c.example", NULL },
	{ 1, "did:plc:ewvi7nxzyoun6zhxrhs64oi", "24 characters" },
	{ 1, "did:plc:ewvi7nxzyoun6zhxrhs64oizz", "24 characters" },
	{ 1, "did:plc:EWVI7NXZYOUN6ZHXRHS64OIZ", "base32" },
	{ 1, "did:plc:ewvi7nxzyoun6zhxrhs64oi1", "base32" },
	{ 1, "did:plc:", "24 characters" },
	{ 1, "did:web:localhost", "domain name" },
	{ 1, "did:web:Rocio.example", "lower case" },
	{ 1, "did:web:rocio.example%3A8080", "domain name" },
	{ 1, "did:web:rocio.example:user:ana", "domain name" },
	{ 1, "did:web:", "domain name" },
	{ 1, "did:key:z6Mkabc", "\"did:plc:\" or \"did:web:\"" },
	{ 1, "DID:PLC:ewvi7nxzyoun6zhxrhs64oiz", "\"did:plc:\" or" },
	{ 1, "ewvi7nxzyoun6zhxrhs64oiz", "\"did:plc:\" or" },
	{ 1, "", "\"did:plc:\" or" },
};

START_TEST(id_syntax)
{
	char	 why[160];
	int	 rc;

	strcpy(why, "(none)");
	rc = ids[_i].did ? identity_did_check(ids[_i].s, why, sizeof(why)) :
	    identity_acct_check(ids[_i].s, why, sizeof(why));
	if (ids[_i].want == NULL)
		ck_assert_msg(rc == 0, "%s refused: %s", ids[_i].s, why);
	else {
		ck_assert_msg(rc == -1, "%s accepted", ids[_i].s);
		ck_assert_msg(strstr(why, ids[_i].want) != NULL,
		    "%s: \"%s\" does not say \"%s\"", ids[_i].s, why,
		    ids[_i].want);
	}
}
END_TEST

/* The longest DNS name and the longest label; one more is refused. */
START_TEST(host_bounds)
{
	char	 h[IDENTITY_HOST_MAX + 2];
	size_t	 i;

	for (i = 0; i < IDENTITY_HOST_MAX; i++)
		h[i] = i % 64 == 63 ? '.' : 'a';
	h[IDENTITY_HOST_MAX] = '\0';
	ck_assert_int_eq(identity_host_valid(h, strlen(h)), 1);
	h[IDENTITY_HOST_MAX] = 'a';
	h[IDENTITY_HOST_MAX + 1] = '\0';
	ck_assert_int_eq(identity_host_valid(h, strlen(h)), 0);
	memset(h, 'a', 64);
	h[64] = '\0';
	ck_assert_int_eq(identity_host_valid(h, 63), 1);
	ck_assert_int_eq(identity_host_valid(h, 64), 0);
}
END_TEST

static Suite *
identity_suite(void)
{
	Suite	*s = suite_create("identity");
	TCase	*tc = tcase_create("identity");

	tcase_add_loop_test(tc, fediverse_rule, 0,
	    (int)(sizeof(fedi) / sizeof(fedi[0])));
	tcase_add_test(tc, fediverse_small_buffer);
	tcase_add_test(tc, fediverse_first);
	tcase_add_loop_test(tc, id_syntax, 0,
	    (int)(sizeof(ids) / sizeof(ids[0])));
	tcase_add_test(tc, host_bounds);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(identity_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
