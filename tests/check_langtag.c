/*
 * check_langtag.c: the languages a site names (src/content/langtag.c,
 * issue 44).  A tag is taken in ICU's canonical form when ICU has
 * locale data of its own for its language, script and region; what is
 * no BCP 47 tag (RFC 5646), an extension or private use is refused, as
 * are a language ICU does not know and a region it has no data for.
 * Then the codes whose label sets a tag reads.  These were held only by
 * the black-box files, through site.json and a whole stack.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/langtag.h"

#define WHAT		"site.json: languages[1]"
#define NOT_A_TAG	"expected a BCP 47 language tag of at most 35 " \
			    "characters"
#define NO_LANGUAGE	"unknown language code"
#define NO_LOCALE	"ICU has no locale data for this script or region"

static const struct {
	const char *tag;
	const char *canonical;	/* NULL: refused */
	const char *want;	/* when refused, part of the reason */
} tags[] = {
	/* Case by RFC 5646 2.1.1: language lower, script title, region
	 * upper. */
	{ "es", "es", NULL },
	{ "EN-in", "en-IN", NULL },
	{ "zh-hant-tw", "zh-Hant-TW", NULL },
	{ "SR-latn-rs", "sr-Latn-RS", NULL },
	{ "pt-BR", "pt-BR", NULL },
	{ "es-419", "es-419", NULL },
	/* Deprecated codes and their Preferred-Value in the IANA
	 * registry: languages, a region, an extended language and a
	 * grandfathered tag. */
	{ "iw", "he", NULL },
	{ "in", "id", NULL },
	{ "mo", "ro", NULL },
	{ "de-DD", "de-DE", NULL },
	{ "zh-yue", "yue", NULL },
	{ "en-GB-oed", "en-GB-oxendict", NULL },
	/* Variants are kept, in ICU's (UTS #35) order; 35 characters, the
	 * bound of RFC 5646 4.4.1, is the longest tag taken. */
	{ "de-CH-1901", "de-CH-1901", NULL },
	{ "sl-Latn-SI-rozaj-biske-1994-alalc97",
	    "sl-Latn-SI-1994-alalc97-biske-rozaj", NULL },
	{ "sl-Latn-SI-rozaj-biske-1994-fonxsamp", NULL, "at most 35" },
	/* No BCP 47 tag, or more than a language, script, region and
	 * variants. */
	{ "", NULL, NOT_A_TAG },
	{ NULL, NULL, NOT_A_TAG },
	{ "en_IN", NULL, NOT_A_TAG },
	{ "en-XX-foo-bar", NULL, NOT_A_TAG },
	{ " en", NULL, NOT_A_TAG },
	{ "en-", NULL, NOT_A_TAG },
	{ "en--US", NULL, NOT_A_TAG },
	{ "e", NULL, NOT_A_TAG },
	{ "de-u-co-phonebk", NULL, NOT_A_TAG },
	{ "en-US-u-va-posix", NULL, NOT_A_TAG },
	{ "en-US-POSIX", NULL, NOT_A_TAG },
	{ "ar-t-ar-m0-alaloc", NULL, NOT_A_TAG },
	{ "en-US-x-twain", NULL, NOT_A_TAG },
	{ "x-whatever", NULL, NOT_A_TAG },
	/* Languages ICU has no locale data for. */
	{ "english", NULL, NO_LANGUAGE " \"english\"" },
	{ "xx", NULL, NO_LANGUAGE " \"xx\"" },
	{ "und", NULL, NO_LANGUAGE },
	{ "qaa", NULL, NO_LANGUAGE },
	{ "i-klingon", NULL, NO_LANGUAGE },
	/* A region or script ICU has no data for: not the language's. */
	{ "de-JP", NULL, NO_LOCALE " of the language (it has \"de\")" },
	{ "en-Cyrl", NULL, NO_LOCALE " of the language (it has \"en\")" },
	{ "ja-Latn", NULL, NO_LOCALE " of the language (it has \"ja\")" },
};

START_TEST(langtag_rule)
{
	char	 out[LANG_TAG_MAX + 1], again[LANG_TAG_MAX + 1], err[512];
	int	 rc;

	strcpy(out, "(none)");
	strcpy(err, "(none)");
	rc = langtag_canonical(tags[_i].tag, WHAT, out, err, sizeof(err));
	if (tags[_i].canonical != NULL) {
		ck_assert_msg(rc == 0, "%s refused: %s", tags[_i].tag, err);
		ck_assert_str_eq(out, tags[_i].canonical);
		/* Canonical: taken again, it is the same. */
		ck_assert_int_eq(langtag_canonical(out, WHAT, again, err,
		    sizeof(err)), 0);
		ck_assert_str_eq(again, out);
	} else {
		ck_assert_msg(rc == -1, "%s accepted as %s", tags[_i].tag,
		    out);
		ck_assert_msg(strncmp(err, WHAT ": ", strlen(WHAT) + 2) == 0,
		    "%s: \"%s\" does not start with the place", tags[_i].tag,
		    err);
		ck_assert_msg(strstr(err, tags[_i].want) != NULL,
		    "%s: \"%s\" does not say \"%s\"", tags[_i].tag, err,
		    tags[_i].want);
	}
}
END_TEST

/* A reason longer than the buffer is cut, never overrun. */
START_TEST(langtag_err_bounded)
{
	char	 out[LANG_TAG_MAX + 1], err[8] = "1234567";

	ck_assert_int_eq(langtag_canonical("de-JP", "x", out, err, 4), -1);
	ck_assert_str_eq(err, "x: ");
	ck_assert_int_eq(err[4], '5');
}
END_TEST

/*
 * The codes whose label sets a canonical tag reads, in order: the tag,
 * its language, the language with the script ICU's likely subtags give
 * the tag; each once.  labels/ has zh-Hans.json and zh-Hant.json, so
 * that Taiwan and Hong Kong read traditional characters.
 */
static const struct {
	const char *tag;
	const char *codes[LANGTAG_CODES_MAX];	/* NULL after the last */
} label_codes[] = {
	{ "es", { "es", "es-Latn" } },
	{ "en-IN", { "en-IN", "en", "en-Latn" } },
	{ "zh", { "zh", "zh-Hans" } },
	{ "zh-Hans", { "zh-Hans", "zh" } },
	{ "zh-TW", { "zh-TW", "zh", "zh-Hant" } },
	{ "zh-HK", { "zh-HK", "zh", "zh-Hant" } },
	{ "zh-Hant-TW", { "zh-Hant-TW", "zh", "zh-Hant" } },
	{ "sr", { "sr", "sr-Cyrl" } },
	{ "sr-Latn", { "sr-Latn", "sr" } },
	{ "pa-Arab", { "pa-Arab", "pa" } },
	{ "ja", { "ja", "ja-Jpan" } },
	{ "hi-Latn", { "hi-Latn", "hi" } },
	{ "de-CH-1901", { "de-CH-1901", "de", "de-Latn" } },
};

START_TEST(langtag_label_codes_rule)
{
	char	 out[LANGTAG_CODES_MAX][LANG_TAG_MAX + 1];
	int	 i, n, want;

	memset(out, 0, sizeof(out));
	n = langtag_label_codes(label_codes[_i].tag, out);
	for (want = 0; want < LANGTAG_CODES_MAX &&
	    label_codes[_i].codes[want] != NULL; want++)
		;
	ck_assert_msg(n == want, "%s: %d codes, want %d", label_codes[_i].tag,
	    n, want);
	for (i = 0; i < n; i++)
		ck_assert_str_eq(out[i], label_codes[_i].codes[i]);
}
END_TEST

static Suite *
langtag_suite(void)
{
	Suite	*s = suite_create("langtag");
	TCase	*tc = tcase_create("langtag");

	tcase_add_loop_test(tc, langtag_rule, 0,
	    (int)(sizeof(tags) / sizeof(tags[0])));
	tcase_add_test(tc, langtag_err_bounded);
	tcase_add_loop_test(tc, langtag_label_codes_rule, 0,
	    (int)(sizeof(label_codes) / sizeof(label_codes[0])));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(langtag_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
