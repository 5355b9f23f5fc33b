/*
 * check_names.c: the order of a person's names per language
 * (src/content/names.c, issue 44).  CLDR's person-name data in ICU
 * (personNames/nameOrderLocales) lists the languages that write the
 * given name first and those that write the family name first; one it
 * names in neither accepts both.  A profile's name must be its given
 * and family names in that order, joined by one space (U+0020 or the
 * ideographic U+3000).  These were held only by the black-box files,
 * through profile.json and a whole stack.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/names.h"

/*
 * The order CLDR gives each language (docs/languages.md: given name
 * first in English or Spanish, family name first in Japanese, Chinese,
 * Korean, Vietnamese or Hungarian).  A tag with a region or script
 * reads its language's list.
 */
static const struct {
	const char *lang;
	enum names_order want;
} orders[] = {
	{ "en", NAMES_GIVEN_FIRST },
	{ "en-IN", NAMES_GIVEN_FIRST },
	{ "es", NAMES_GIVEN_FIRST },
	/* es_419 and yue have person-name data of their own without the
	 * lists: they inherit es's and root's, as CLDR does. */
	{ "es-419", NAMES_GIVEN_FIRST },
	{ "es-MX", NAMES_GIVEN_FIRST },
	{ "de", NAMES_GIVEN_FIRST },
	{ "fr-CA", NAMES_GIVEN_FIRST },
	{ "ru", NAMES_GIVEN_FIRST },
	{ "ar", NAMES_GIVEN_FIRST },
	{ "hi", NAMES_GIVEN_FIRST },
	{ "th", NAMES_GIVEN_FIRST },
	{ "ja", NAMES_FAMILY_FIRST },
	{ "zh", NAMES_FAMILY_FIRST },
	{ "zh-Hant-TW", NAMES_FAMILY_FIRST },
	{ "ko", NAMES_FAMILY_FIRST },
	{ "vi", NAMES_FAMILY_FIRST },
	{ "hu", NAMES_FAMILY_FIRST },
	{ "yue", NAMES_FAMILY_FIRST },
	/* A language ICU has no data for: neither list names it. */
	{ "xx", NAMES_EITHER },
};

START_TEST(names_order_rule)
{
	enum names_order o = names_order(orders[_i].lang);

	ck_assert_msg(o == orders[_i].want, "%s: %s, want %s",
	    orders[_i].lang, names_order_text(o),
	    names_order_text(orders[_i].want));
}
END_TEST

/* Whether a name is its given and family names in an order. */
static const struct {
	const char *name, *given, *family;
	enum names_order o;
	int	 want;
} wholes[] = {
	{ "Misaki Sato", "Misaki", "Sato", NAMES_GIVEN_FIRST, 1 },
	{ "Misaki Sato", "Misaki", "Sato", NAMES_FAMILY_FIRST, 0 },
	{ "Misaki Sato", "Misaki", "Sato", NAMES_EITHER, 1 },
	{ "Sato Misaki", "Misaki", "Sato", NAMES_FAMILY_FIRST, 1 },
	{ "Sato Misaki", "Misaki", "Sato", NAMES_GIVEN_FIRST, 0 },
	{ "Sato Misaki", "Misaki", "Sato", NAMES_EITHER, 1 },
	{ "佐藤 美咲", "美咲", "佐藤", NAMES_FAMILY_FIRST, 1 },
	{ "佐藤\u3000美咲", "美咲", "佐藤", NAMES_FAMILY_FIRST, 1 },
	{ "美咲\u3000佐藤", "美咲", "佐藤", NAMES_EITHER, 1 },
	{ "Kovács János", "János", "Kovács", NAMES_FAMILY_FIRST, 1 },
	{ "김 민준", "민준", "김", NAMES_FAMILY_FIRST, 1 },
	/* The whole family name: two surnames, Spanish style. */
	{ "Ana García Márquez", "Ana", "García Márquez", NAMES_GIVEN_FIRST,
	    1 },
	{ "Ana García", "Ana", "García Márquez", NAMES_GIVEN_FIRST, 0 },
	{ "Ana María García", "Ana María", "García", NAMES_GIVEN_FIRST, 1 },
	/* One space, no other: none, two, a tab, a no-break space. */
	{ "佐藤美咲", "美咲", "佐藤", NAMES_FAMILY_FIRST, 0 },
	{ "Misaki  Sato", "Misaki", "Sato", NAMES_GIVEN_FIRST, 0 },
	{ "Misaki\tSato", "Misaki", "Sato", NAMES_EITHER, 0 },
	{ "Misaki\u00a0Sato", "Misaki", "Sato", NAMES_EITHER, 0 },
	{ "Misaki Sato ", "Misaki", "Sato", NAMES_GIVEN_FIRST, 0 },
	/* The names themselves, whole and as written. */
	{ "Misakiko Sato", "Misaki", "Sato", NAMES_GIVEN_FIRST, 0 },
	{ "Misaki Satou", "Misaki", "Sato", NAMES_GIVEN_FIRST, 0 },
	{ "misaki sato", "Misaki", "Sato", NAMES_GIVEN_FIRST, 0 },
	{ "Misaki Tanaka", "Misaki", "Sato", NAMES_EITHER, 0 },
};

START_TEST(names_whole_rule)
{
	ck_assert_msg(names_whole(wholes[_i].name, wholes[_i].given,
	    wholes[_i].family, wholes[_i].o) == wholes[_i].want,
	    "\"%s\" of given \"%s\", family \"%s\" (%s): want %d",
	    wholes[_i].name, wholes[_i].given, wholes[_i].family,
	    names_order_text(wholes[_i].o), wholes[_i].want);
}
END_TEST

/* What the content check's message says must be, per order. */
static const struct {
	enum names_order o;
	const char *want;
} texts[] = {
	{ NAMES_GIVEN_FIRST, "given_name, a space, and the whole family_name" },
	{ NAMES_FAMILY_FIRST,
	    "the whole family_name, a space, and given_name" },
	{ NAMES_EITHER, "in either order" },
};

START_TEST(names_order_text_rule)
{
	const char *t = names_order_text(texts[_i].o);

	ck_assert_ptr_nonnull(t);
	ck_assert_msg(strstr(t, texts[_i].want) != NULL,
	    "\"%s\" does not say \"%s\"", t, texts[_i].want);
}
END_TEST

static Suite *
names_suite(void)
{
	Suite	*s = suite_create("names");
	TCase	*tc = tcase_create("names");

	tcase_add_loop_test(tc, names_order_rule, 0,
	    (int)(sizeof(orders) / sizeof(orders[0])));
	tcase_add_loop_test(tc, names_whole_rule, 0,
	    (int)(sizeof(wholes) / sizeof(wholes[0])));
	tcase_add_loop_test(tc, names_order_text_rule, 0,
	    (int)(sizeof(texts) / sizeof(texts[0])));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(names_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
