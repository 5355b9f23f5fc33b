/*
 * check_fonts.c: what the font warning names (src/site/cv_fonts.c,
 * issue 45).  cv_fonts_package maps a character to the Debian package
 * whose fonts have it through the table of ICU scripts: CJK to
 * fonts-noto-cjk (their shared punctuation and full-width forms too),
 * every other script to fonts-noto-core, private use to none.  The
 * scan, against a font configuration holding DejaVu Sans alone, writes
 * one line per package with the first character's file and field and
 * the count of the others, and lists the packages once each.
 * cv_fonts_context sets a language's text in DejaVu Sans where it has
 * the language's letters, else in the families fontconfig has for the
 * language first, with DejaVu Sans after them.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fontconfig/fontconfig.h>
#include <pango/pango.h>

#include "site/cv_fonts.h"

static const struct {
	UChar32	 c;
	const char *package;	/* NULL: none */
	UScriptCode script;	/* the character's own */
} cases[] = {
	{ 0x4F50, "fonts-noto-cjk", USCRIPT_HAN },		/* 佐 */
	{ 0x3042, "fonts-noto-cjk", USCRIPT_HIRAGANA },		/* あ */
	{ 0x30AB, "fonts-noto-cjk", USCRIPT_KATAKANA },		/* カ */
	{ 0xD55C, "fonts-noto-cjk", USCRIPT_HANGUL },		/* 한 */
	{ 0x3105, "fonts-noto-cjk", USCRIPT_BOPOMOFO },		/* ㄅ */
	{ 0x3002, "fonts-noto-cjk", USCRIPT_COMMON },		/* 。 */
	{ 0x30FC, "fonts-noto-cjk", USCRIPT_COMMON },		/* ー */
	{ 0xFF08, "fonts-noto-cjk", USCRIPT_COMMON },		/* （ */
	{ 0x0E01, "fonts-noto-core", USCRIPT_THAI },		/* ก */
	{ 0x0915, "fonts-noto-core", USCRIPT_DEVANAGARI },	/* क */
	{ 0x0964, "fonts-noto-core", USCRIPT_COMMON },		/* । */
	{ 0x0627, "fonts-noto-core", USCRIPT_ARABIC },		/* ا */
	{ 0x05D0, "fonts-noto-core", USCRIPT_HEBREW },		/* א */
	{ 0x10D0, "fonts-noto-core", USCRIPT_GEORGIAN },	/* ა */
	{ 0x2605, "fonts-noto-core", USCRIPT_COMMON },		/* ★ */
	{ 0xE000, NULL, USCRIPT_UNKNOWN },			/* private use */
	{ 0x100000, NULL, USCRIPT_UNKNOWN },
};

START_TEST(package_of_character)
{
	const char *p;
	UScriptCode sc;

	p = cv_fonts_package(cases[_i].c, &sc);
	if (cases[_i].package == NULL)
		ck_assert_msg(p == NULL, "U+%04X: %s", (unsigned)cases[_i].c, p);
	else
		ck_assert_msg(p != NULL && strcmp(p, cases[_i].package) == 0,
		    "U+%04X: %s, not %s", (unsigned)cases[_i].c,
		    p ? p : "(none)", cases[_i].package);
	ck_assert_int_eq(sc, cases[_i].script);
}
END_TEST

/* Makes fontconfig's current configuration DejaVu Sans alone. */
static void
dejavu_alone(void)
{
	FcPattern *pat, *m;
	FcResult r;
	FcChar8 *file;
	FcConfig *c;

	ck_assert(FcInit());
	pat = FcNameParse((const FcChar8 *)"DejaVu Sans");
	FcConfigSubstitute(NULL, pat, FcMatchPattern);
	FcDefaultSubstitute(pat);
	m = FcFontMatch(NULL, pat, &r);
	ck_assert(m != NULL);
	ck_assert(FcPatternGetString(m, FC_FILE, 0, &file) == FcResultMatch);
	ck_assert_msg(strstr((const char *)file, "DejaVuSans") != NULL,
	    "DejaVu Sans is %s", file);
	c = FcConfigCreate();
	ck_assert(FcConfigAppFontAddFile(c, file));
	ck_assert(FcConfigSetCurrent(c));
	FcConfigDestroy(c);
	FcPatternDestroy(m);
	FcPatternDestroy(pat);
}

START_TEST(one_line_per_package)
{
	struct cv_fonts_scan *s;
	struct buf out, pk;
	cJSON	*v;
	const char *t;
	int	 n;

	dejavu_alone();
	v = cJSON_Parse("{\"name\": \"Ana \u4f50\u85e4\", \"a\": [\"x\", "
	    "\"\u4f50\u3002\"], \"th\": \"\u0e02\u0e49\u0e32\u0e27\", "
	    "\"ok\": \"\u00e9t\u00e9\"}");
	ck_assert(v != NULL);
	ck_assert((s = cv_fonts_scan_new()) != NULL);
	n = cv_fonts_scan_json(s, v, "dir/profile.json", "");
	ck_assert_int_eq(n, 3);		/* three strings hold one */
	buf_init(&out);
	buf_init(&pk);
	ck_assert_int_eq(cv_fonts_scan_report(s, &out), 2);
	cv_fonts_scan_packages(s, &pk);
	t = buf_cstr(&out);
	/* 佐 藤 。: three characters in two fields */
	ck_assert_msg(strstr(t, "dir/profile.json: name: U+4F50 \"\u4f50\" and "
	    "2 other characters (Han) in 2 fields: no installed font has "
	    "them, the PDF shows boxes; Debian's fonts-noto-cjk has them "
	    "(apt-get install fonts-noto-cjk)\n") == t, "%s", t);
	ck_assert_msg(strstr(t, "dir/profile.json: th: U+0E02 \"\u0e02\" and "
	    "3 other characters (Thai) in 1 field: ") != NULL, "%s", t);
	ck_assert_msg(strstr(t, "fonts-noto-core has them") != NULL, "%s", t);
	ck_assert_str_eq(buf_cstr(&pk), "fonts-noto-cjk\nfonts-noto-core\n");
	buf_free(&out);
	buf_free(&pk);
	cv_fonts_scan_free(s);
	cJSON_Delete(v);
}
END_TEST

START_TEST(nothing_missing)
{
	struct cv_fonts_scan *s;
	struct buf out;
	cJSON	*v;

	dejavu_alone();
	v = cJSON_Parse("{\"a\": \"\u00e9t\u00e9 \u0391\u03b8\u03ae\u03bd\u03b1 "
	    "\u041c\u043e\u0441\u043a\u0432\u0430\"}");
	ck_assert((s = cv_fonts_scan_new()) != NULL);
	ck_assert_int_eq(cv_fonts_scan_json(s, v, "f", ""), 0);
	buf_init(&out);
	ck_assert_int_eq(cv_fonts_scan_report(s, &out), 0);
	cv_fonts_scan_packages(s, &out);
	ck_assert_uint_eq(out.len, 0);
	buf_free(&out);
	cv_fonts_scan_free(s);
	cJSON_Delete(v);
}
END_TEST

/* Returns 1 when fontconfig's current configuration has a font of
 * family (all of them when NULL) with the letters of language lang. */
static int
has_lang(const char *family, const char *lang)
{
	FcPattern *pat;
	FcObjectSet *os;
	FcFontSet *fs;
	int	 n;

	pat = FcPatternCreate();
	FcPatternAddString(pat, FC_LANG, (const FcChar8 *)lang);
	if (family != NULL)
		FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)family);
	os = FcObjectSetBuild(FC_FAMILY, (char *)NULL);
	fs = FcFontList(NULL, pat, os);
	n = fs != NULL ? fs->nfont : 0;
	if (fs != NULL)
		FcFontSetDestroy(fs);
	FcObjectSetDestroy(os);
	FcPatternDestroy(pat);
	return n > 0;
}

/*
 * Checks the families of a PDF in language lang against fontconfig's
 * current configuration: the body's list (pango writes it without the
 * space) when DejaVu Sans has the language's letters or no font has
 * them; else first a family that has them, the body's list last.
 */
static void
check_families(const char *lang)
{
	static const char body[] = "DejaVu Sans,sans-serif";
	PangoContext *pc;
	const char *f;
	char	 first[256];
	size_t	 n;

	ck_assert((pc = cv_fonts_context(lang)) != NULL);
	f = pango_font_description_get_family(
	    pango_context_get_font_description(pc));
	ck_assert(f != NULL);
	if (has_lang("DejaVu Sans", lang) || !has_lang(NULL, lang))
		ck_assert_msg(strcmp(f, body) == 0, "%s: %s", lang, f);
	else {
		n = strcspn(f, ",");
		ck_assert_msg(n > 0 && n < strlen(f) && strlen(f) > strlen(body) &&
		    strcmp(f + strlen(f) - strlen(body), body) == 0 &&
		    f[strlen(f) - strlen(body) - 1] == ',', "%s: %s", lang, f);
		snprintf(first, sizeof(first), "%.*s", (int)n, f);
		ck_assert_msg(has_lang(first, lang),
		    "%s: %s has not its letters", lang, f);
	}
	g_object_unref(pc);
}

START_TEST(families_by_language)
{
	static const char *langs[] = { "es", "ar", "ru", "th", "hi", "ja",
	    "ko" };
	size_t	 i;

	ck_assert(FcInit());
	for (i = 0; i < sizeof(langs) / sizeof(langs[0]); i++)
		check_families(langs[i]);
	/* DejaVu alone: its own list for every language */
	dejavu_alone();
	ck_assert(!has_lang(NULL, "th"));
	for (i = 0; i < sizeof(langs) / sizeof(langs[0]); i++)
		check_families(langs[i]);
}
END_TEST

int
main(void)
{
	Suite	*su = suite_create("fonts");
	TCase	*tc = tcase_create("core");
	SRunner	*sr;
	int	 failed;

	tcase_add_loop_test(tc, package_of_character, 0,
	    (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, one_line_per_package);
	tcase_add_test(tc, nothing_missing);
	tcase_add_test(tc, families_by_language);
	suite_add_tcase(su, tc);
	sr = srunner_create(su);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	/* The configurations dejavu_alone made current, for valgrind. */
	FcFini();
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
