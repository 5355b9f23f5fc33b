/*
 * check_cv_lang.c: which language a string of the content is written in
 * when it is not the page's (src/site/cv_lang.c, issue 48), and where a
 * found string is a whole word.  cv_lang_of takes the string of language
 * l as language m's when it is m's string too and all its letters are of
 * m's scripts and none of l's (ICU); none when two languages would do,
 * when the scripts are shared, when no other language has the string.
 * cv_lang_inside_word says a place is inside a word when letters or
 * digits of one script are on both sides.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "http/request.h"
#include "site/cv_lang.h"

static const struct {
	const char *langs;	/* the site's, comma-separated */
	const char *text;	/* the translated text, JSON */
	const char *page;	/* the page's language */
	const char *want;	/* the language it is in, NULL: the page's */
} cases[] = {
	/* an English title given as the Japanese one too */
	{ "ja,en", "{\"ja\": \"Kotoba Corpus\", \"en\": \"Kotoba Corpus\"}",
	  "ja", "en" },
	{ "ja,en", "{\"ja\": \"Kotoba Corpus\", \"en\": \"Kotoba Corpus\"}",
	  "en", NULL },
	/* a Japanese one left untranslated in English */
	{ "ja,en", "{\"ja\": \"言葉コーパス\", \"en\": \"言葉コーパス\"}",
	  "en", "ja" },
	{ "ja,en", "{\"ja\": \"言葉コーパス\", \"en\": \"Kotoba Corpus\"}",
	  "ja", NULL },
	/* a mixed string has letters of the page's scripts */
	{ "ja,en", "{\"ja\": \"Python入門\", \"en\": \"Python入門\"}",
	  "ja", NULL },
	/* Latin is both Spanish's and English's */
	{ "es,en", "{\"es\": \"Celosía\", \"en\": \"Celosía\"}", "es", NULL },
	/* two languages would do */
	{ "ja,en,fr", "{\"ja\": \"Kotoba\", \"en\": \"Kotoba\", "
	  "\"fr\": \"Kotoba\"}", "ja", NULL },
	{ "ja,en,fr", "{\"ja\": \"Kotoba\", \"en\": \"Kotoba\", "
	  "\"fr\": \"Le Kotoba\"}", "ja", "en" },
	/* no other language has it: the Arabic string alone */
	{ "ar,en", "{\"ar\": \"Deep Learning\", \"en\": \"التعلم\"}", "ar",
	  NULL },
	/* Hindi and Thai copies in an English page */
	{ "hi,en", "{\"hi\": \"ज़िला बजट\", \"en\": \"ज़िला बजट\"}", "en",
	  "hi" },
	{ "th,en", "{\"th\": \"ข้าว\", \"en\": \"ข้าว\"}", "en", "th" },
	/* digits and punctuation alone are no language's */
	{ "ja,en", "{\"ja\": \"2024 (3)\", \"en\": \"2024 (3)\"}", "ja", NULL },
	/* not a translated text of the site */
	{ "ja,en", "\"Kotoba Corpus\"", "ja", NULL },
	{ "ja,en", "{\"ja\": \"Kotoba\", \"de\": \"Kotoba\"}", "ja", NULL },
};

START_TEST(language_of_text)
{
	struct langs ls;
	const char *p, *got, *want = cases[_i].want;
	cJSON	*v;
	size_t	 n;

	memset(&ls, 0, sizeof(ls));
	for (p = cases[_i].langs; *p != '\0'; p += n + (p[n] == ',')) {
		n = strcspn(p, ",");
		ck_assert(n < sizeof(ls.code[0]) && ls.n < LANG__MAX);
		memcpy(ls.code[ls.n++], p, n);
	}
	ck_assert((v = cJSON_Parse(cases[_i].text)) != NULL);
	got = cv_lang_of(&ls, v, (enum lang)lang_find(&ls, cases[_i].page,
	    strlen(cases[_i].page)));
	if (want == NULL)
		ck_assert_msg(got == NULL, "%s on a %s page: %s", cases[_i].text,
		    cases[_i].page, got);
	else
		ck_assert_msg(got != NULL && strcmp(got, want) == 0,
		    "%s on a %s page: %s, not %s", cases[_i].text,
		    cases[_i].page, got ? got : "(none)", want);
	cJSON_Delete(v);
}
END_TEST

/* Where a text found in a block's text is a whole word. */
START_TEST(word_edges)
{
	static const char t[] = "Rahul: R (8+), 「Kotoba Corpus」の、"
	    "Kotoba Corpusの研究";
	const char *k = strstr(t, "Kotoba");

	ck_assert_int_eq(cv_lang_inside_word(t, strlen(t), 0), 0);
	ck_assert_int_eq(cv_lang_inside_word(t, strlen(t), strlen(t)), 0);
	ck_assert_int_eq(cv_lang_inside_word(t, strlen(t), 1), 1); /* R|a */
	ck_assert_int_eq(cv_lang_inside_word(t, strlen(t), 5), 0); /* l|: */
	ck_assert_int_eq(cv_lang_inside_word(t, strlen(t), 8), 0); /* R| */
	ck_assert_int_eq(cv_lang_inside_word(t, strlen(t),
	    (size_t)(k - t)), 0);			/* 「|K */
	ck_assert_int_eq(cv_lang_inside_word(t, strlen(t),
	    (size_t)(k - t) + 3), 1);			/* Kot|oba */
	k = strstr(k + 1, "Kotoba");
	ck_assert_int_eq(cv_lang_inside_word(t, strlen(t),
	    (size_t)(k - t) + strlen("Kotoba Corpus")), 0);	/* s|の */
}
END_TEST

int
main(void)
{
	Suite	*su = suite_create("cv_lang");
	TCase	*tc = tcase_create("core");
	SRunner	*sr;
	int	 failed;

	tcase_add_loop_test(tc, language_of_text, 0,
	    (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, word_edges);
	suite_add_tcase(su, tc);
	sr = srunner_create(su);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
