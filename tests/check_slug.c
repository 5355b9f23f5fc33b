/*
 * check_slug.c: the slugs an import makes (src/content/slug.c, issue
 * 44).  A title becomes lower-case ASCII by ICU's transliteration for
 * its script (kana by ICU's kana rules, ideographs in Chinese readings
 * only for a language of ideographs alone and never beside kana, every
 * other script by Any-Latin), then each run of anything but [a-z0-9]
 * one "-"; ideographs left out are reported.  slug_latin_text tells
 * which of a title's languages is in Latin letters, and the slug set
 * keeps the slugs of a file unique.  Owners writing Thai, Hindi and
 * Japanese met wrong slugs before (jing-dou-da-xue for 京都大学); these
 * were held only by the black-box imports, through a whole stack.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uclean.h>

#include "content/slug.h"

#define DROPPED		"leaves out the ideographs of"

/*
 * One title each, in a language, into a set of its own: the slug, and
 * whether a "slug:" line says ideographs were left out.  The expected
 * slugs are ICU's own transliterations (Thai's after ISO 11940,
 * Chinese in pinyin), taken to ASCII by Latin-ASCII: "ü" is "u", not
 * German's "ue".  They are the documented rule, not the romanization a
 * reader of the language would choose.
 */
static const struct {
	const char *lang, *text, *want;
	int	 dropped;
} slugs[] = {
	/* Latin letters: the documented title, German, Spanish,
	 * Vietnamese, Polish, Turkish, full-width forms. */
	{ "en", "FairJP: a fairness toolkit for Japanese text classifiers",
	    "fairjp-a-fairness-toolkit-for-japanese-text-classifiers", 0 },
	{ "en", "  C++ & C#, version 2.0!  ", "c-c-version-2-0", 0 },
	{ "de", "Straße", "strasse", 0 },
	{ "de", "Müller & Söhne", "muller-sohne", 0 },
	{ "es", "¿Señor Muñoz?", "senor-munoz", 0 },
	{ "vi", "Đà Nẵng", "da-nang", 0 },
	{ "pl", "Łódź", "lodz", 0 },
	{ "tr", "İstanbul", "istanbul", 0 },
	{ "ja", "ＡＢＣ", "abc", 0 },
	/* Cyrillic and Greek. */
	{ "ru", "Привет, мир", "privet-mir", 0 },
	{ "uk", "Київ", "kiiv", 0 },
	{ "el", "Θεσσαλονίκη", "thessalonike", 0 },
	/* Arabic, Persian and Hebrew: consonants, as they are written. */
	{ "ar", "محمد", "mhmd", 0 },
	{ "fa", "دانشگاه تهران", "danshgah-thran", 0 },
	{ "he", "שלום עולם", "slwm-wlm", 0 },
	/* Thai (ICU parts the words) and Devanagari. */
	{ "th", "สวัสดีชาวโลก", "swasdi-chaw-lok", 0 },
	{ "th", "มหาวิทยาลัยเชียงใหม่", "mhawithyalay-cheiynghim", 0 },
	{ "hi", "नमस्ते दुनिया", "namaste-duniya", 0 },
	{ "hi", "ज़िला बजट ट्रैकर", "zila-bajata-traikara", 0 },
	/* Kana by ICU's kana rules; ideographs beside kana, or in a
	 * language not of ideographs alone, left out and reported. */
	{ "ja", "リサーチエンジニア", "risachienjinia", 0 },
	{ "ja", "リサーチエンジニア, ことばラボ", "risachienjinia-kotobarabo",
	    0 },
	{ "ja", "がっこう", "gakkou", 0 },
	{ "ja", "京都大学", "item", 1 },
	{ "ja", "言葉コーパス", "kopasu", 1 },
	{ "ko", "서울대학교", "seouldaehaggyo", 0 },
	{ "ko", "서울大學校", "seoul", 1 },
	/* Chinese: pinyin, unless kana say the text is Japanese. */
	{ "zh", "清华大学", "qing-hua-da-xue", 0 },
	{ "zh", "博士后研究员, 清华大学",
	    "bo-shi-hou-yan-jiu-yuan-qing-hua-da-xue", 0 },
	{ "zh", "Python 开发", "python-kai-fa", 0 },
	{ "zh", "東京のコーパス", "nokopasu", 1 },
	/* Traditional Chinese: ICU gives its script as Han and Bopomofo. */
	{ "zh-TW", "臺灣大學", "tai-wan-da-xue", 0 },
	{ "zh-Hant-HK", "香港中文大學", "xiang-gang-zhong-wen-da-xue", 0 },
	/* What ICU writes inside a word is no word's end: Thai's vowel
	 * mark (an apostrophe), Arabic's and Hebrew's ayn (modifier
	 * letters), a small kana's "~", an apostrophe of a name. */
	{ "th", "ภาษาไทย", "phasa-thiy", 0 },
	{ "ar", "العربية", "alrbyt", 0 },
	{ "ar", "جامعة القاهرة", "jamt-alqahrt", 0 },
	{ "he", "עברית", "bryt", 0 },
	{ "ja", "ウィキペディア", "uikipedia", 0 },
	{ "ja", "ヴァイオリン", "vuaiorin", 0 },
	{ "en", "O'Brien & D’Arcy", "obrien-darcy", 0 },
	{ "en", "rock ~ roll", "rock-roll", 0 },
	/* A title longer than the buffers is read from its start; bytes
	 * that are not UTF-8 are a word's end. */
	{ "zh", "北京大学北京大学北京大学北京大学北京大学北京大学北京大学"
	    "北京大学北京大学北京大学北京大学北京大学北京大学北京大学"
	    "北京大学北京大学北京大学北京大学北京大学北京大学北京大学"
	    "北京大学北京大学北京大学北京大学北京大学北京大学北京大学"
	    "北京大学北京大学北京大学北京大学北京大学北京大学北京大学",
	    "bei-jing-da-xue-bei-jing-da-xue-bei-jing-da-xue-bei-jing-da-"
	    "xue-bei-jing-da-xue", 0 },
	{ "en", "caf\xc3 au lait", "caf-au-lait", 0 },
	{ "en", "caf\xc3", "caf", 0 },
	/* Nothing left: "item". */
	{ "en", "", "item", 0 },
	{ "en", NULL, "item", 0 },
	{ "en", "¡¿!?", "item", 0 },
};

START_TEST(slug_rule)
{
	struct slug_rules *r;
	struct slug_set ss;
	struct buf report;
	char	 out[128];

	buf_init(&report);
	ck_assert_ptr_nonnull(r = slug_rules_open(slugs[_i].lang));
	ck_assert_int_eq(slug_set_init(&ss, 4), 0);
	ck_assert_ptr_eq(slug_make(r, slugs[_i].text, &ss, out, sizeof(out),
	    &report, "projects.json", 0), out);
	ck_assert_msg(strcmp(out, slugs[_i].want) == 0, "%s \"%s\": \"%s\", "
	    "want \"%s\"", slugs[_i].lang, slugs[_i].text, out,
	    slugs[_i].want);
	ck_assert_msg((strstr(buf_cstr(&report), DROPPED) != NULL) ==
	    slugs[_i].dropped, "%s \"%s\": report \"%s\"", slugs[_i].lang,
	    slugs[_i].text, buf_cstr(&report));
	slug_set_free(&ss);
	slug_rules_close(r);
	buf_free(&report);
}
END_TEST

/* The line that names a slug leaving ideographs out: file and item. */
START_TEST(slug_report_line)
{
	struct slug_rules *r = slug_rules_open("ja");
	struct slug_set ss;
	struct buf report;
	char	 out[128];

	buf_init(&report);
	ck_assert_int_eq(slug_set_init(&ss, 2), 0);
	slug_make(r, "京都大学", &ss, out, sizeof(out), &report,
	    "projects.json", 0);
	slug_make(r, "深層学習", &ss, out, sizeof(out), &report,
	    "projects.json", 1);
	ck_assert_str_eq(buf_cstr(&report),
	    "slug: projects.json: [0].slug = \"item\" leaves out the "
	    "ideographs of \"京都大学\" (no reading of them is sure): set a "
	    "slug of your own\n"
	    "slug: projects.json: [1].slug = \"item-2\" leaves out the "
	    "ideographs of \"深層学習\" (no reading of them is sure): set a "
	    "slug of your own\n");
	/* Without a report, the same slug. */
	slug_make(r, "大学", &ss, out, sizeof(out), NULL, "projects.json", 2);
	ck_assert_str_eq(out, "item-3");
	slug_set_free(&ss);
	slug_rules_close(r);
	buf_free(&report);
}
END_TEST

/* At most 80 bytes before "-N", never ending in "-". */
START_TEST(slug_length)
{
	struct slug_rules *r = slug_rules_open("en");
	struct slug_set ss;
	char	 text[200], want[100], want2[104], out[128];

	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(slug_set_init(&ss, 3), 0);
	memset(text, 'a', 100);
	text[100] = '\0';
	memset(want, 'a', 80);
	want[80] = '\0';
	ck_assert_str_eq(slug_make(r, text, &ss, out, sizeof(out), NULL,
	    "f", 0), want);
	snprintf(want2, sizeof(want2), "%s-2", want);
	ck_assert_str_eq(slug_make(r, text, &ss, out, sizeof(out), NULL,
	    "f", 1), want2);
	/* The 80th byte a "-": 79 letters. */
	memcpy(text + 79, " bbb", 5);
	want[79] = '\0';
	ck_assert_str_eq(slug_make(r, text, &ss, out, sizeof(out), NULL,
	    "f", 2), want);
	slug_set_free(&ss);
	slug_rules_close(r);
}
END_TEST

/* Whether a title is in Latin letters: most of its letters are. */
static const struct {
	const char *text;
	int	 want;
} latins[] = {
	{ "Machine Learning for Agriculture", 1 },
	{ "ＡＢＣ", 1 },
	{ "Python 开发", 1 },
	{ "AB 研究", 1 },
	{ "AI 研究所", 0 },
	{ "การเรียนรู้ของเครื่องสำหรับการเกษตร", 0 },
	{ "चुनाव डेटा एक्सप्लोरर", 0 },
	{ "研究員, 京都大学", 0 },
	{ "リサーチエンジニア", 0 },
	{ "", 0 },
};

START_TEST(slug_latin_rule)
{
	ck_assert_msg(slug_latin_text(latins[_i].text) == latins[_i].want,
	    "\"%s\": want %d", latins[_i].text, latins[_i].want);
}
END_TEST

/*
 * Slugs unique in their file: the slugs kept (slug_set_take), then new
 * ones made in order, equal titles numbered from 2 past every slug
 * taken.
 */
static const struct {
	const char *lang;
	const char *take[3];	/* NULL after the last */
	struct {
		const char *text, *want;
	} make[4];		/* text NULL after the last */
} sets[] = {
	{ "en", { NULL }, { { "Data", "data" }, { "Data", "data-2" },
	    { "data!", "data-3" } } },
	{ "en", { "data" }, { { "Data", "data-2" }, { "Data", "data-3" } } },
	{ "en", { "data-2" }, { { "Data", "data" }, { "Data", "data-3" } } },
	{ "en", { NULL }, { { "Data 2", "data-2" }, { "Data", "data" },
	    { "Data", "data-3" } } },
	{ "es", { NULL }, { { "Año", "ano" }, { "Ano", "ano-2" },
	    { "AÑO", "ano-3" } } },
	{ "ja", { "item-2" }, { { "京都大学", "item" },
	    { "深層学習", "item-3" }, { "", "item-4" } } },
	{ "th", { NULL }, { { "สถิติ", "sthiti" }, { "สถิติ", "sthiti-2" } } },
	{ "hi", { "hindi" }, { { "हिन्दी", "hindi-2" } } },
};

START_TEST(slug_unique)
{
	struct slug_rules *r;
	struct slug_set ss;
	char	 out[128];
	int	 i;

	ck_assert_ptr_nonnull(r = slug_rules_open(sets[_i].lang));
	ck_assert_int_eq(slug_set_init(&ss, 7), 0);
	for (i = 0; i < 3 && sets[_i].take[i] != NULL; i++)
		ck_assert_int_eq(slug_set_take(&ss, sets[_i].take[i]), 0);
	for (i = 0; i < 4 && sets[_i].make[i].text != NULL; i++) {
		slug_make(r, sets[_i].make[i].text, &ss, out, sizeof(out),
		    NULL, "f", i);
		ck_assert_msg(strcmp(out, sets[_i].make[i].want) == 0,
		    "set %d, \"%s\": \"%s\", want \"%s\"", _i,
		    sets[_i].make[i].text, out, sets[_i].make[i].want);
	}
	slug_set_free(&ss);
	slug_rules_close(r);
}
END_TEST

/* 5,000 titles alike: each its own slug (the hash tables, issue 22). */
START_TEST(slug_many_alike)
{
	struct slug_rules *r = slug_rules_open("en");
	struct slug_set ss;
	char	 out[128], want[32];
	int	 i;

	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(slug_set_init(&ss, 5000), 0);
	for (i = 0; i < 5000; i++) {
		slug_make(r, "Project", &ss, out, sizeof(out), NULL, "f", i);
		if (i == 0)
			snprintf(want, sizeof(want), "project");
		else
			snprintf(want, sizeof(want), "project-%d", i + 1);
		ck_assert_str_eq(out, want);
	}
	slug_set_free(&ss);
	slug_rules_close(r);
}
END_TEST

static Suite *
slug_suite(void)
{
	Suite	*s = suite_create("slug");
	TCase	*tc = tcase_create("slug");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, slug_rule, 0,
	    (int)(sizeof(slugs) / sizeof(slugs[0])));
	tcase_add_test(tc, slug_report_line);
	tcase_add_test(tc, slug_length);
	tcase_add_loop_test(tc, slug_latin_rule, 0,
	    (int)(sizeof(latins) / sizeof(latins[0])));
	tcase_add_loop_test(tc, slug_unique, 0,
	    (int)(sizeof(sets) / sizeof(sets[0])));
	tcase_add_test(tc, slug_many_alike);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(slug_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	/* ICU's transliterator registry, which valgrind would count as
	 * possibly lost (its tables point inside their blocks). */
	u_cleanup();
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
