/*
 * check_dates.c: the content's ISO dates (src/content/dates.c, issue
 * 44), held here rather than through a running stack: what date_parse
 * takes and refuses, date_cmp at mixed precisions, date_format's human
 * form per locale and precision as ICU 72 (Debian 12) writes it,
 * date_period with its label words, and date_duration's years and
 * months, to an end given and to the current month.  Each form is
 * asked twice, the second time from the module's cache, and into a
 * buffer one byte short, which must fail.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <unicode/uchar.h>
#include <unicode/uclean.h>
#include <unicode/unumsys.h>
#include <unicode/utf8.h>

#include "content/dates.h"

/*
 * date_parse: the three forms, real calendar days only (the Gregorian
 * leap rule, centuries included), nothing before or after.  NULL is
 * no input the API takes (date_parse reads it with strlen), so no row
 * has it.
 */
static const struct {
	const char *s;
	int	 rc;
	int	 year, month, day;
} parses[] = {
	{ "2019", 0, 2019, 0, 0 },
	{ "2019-03", 0, 2019, 3, 0 },
	{ "2019-03-14", 0, 2019, 3, 14 },
	{ "2020-02-29", 0, 2020, 2, 29 },
	{ "2000-02-29", 0, 2000, 2, 29 },
	{ "1000-01-01", 0, 1000, 1, 1 },
	{ "9999-12-31", 0, 9999, 12, 31 },
	/* Months and days out of range. */
	{ "2019-00", -1, 0, 0, 0 },
	{ "2019-13", -1, 0, 0, 0 },
	{ "2019-03-00", -1, 0, 0, 0 },
	{ "2019-03-32", -1, 0, 0, 0 },
	{ "2019-04-31", -1, 0, 0, 0 },
	/* February 29 outside a leap year, 1900 a century that is not. */
	{ "2019-02-29", -1, 0, 0, 0 },
	{ "1900-02-29", -1, 0, 0, 0 },
	/* Years before 1000, signs, spaces, other separators, lengths. */
	{ "0999", -1, 0, 0, 0 },
	{ "+201", -1, 0, 0, 0 },
	{ "2019-+3", -1, 0, 0, 0 },
	{ "2019-03--1", -1, 0, 0, 0 },
	{ " 2019", -1, 0, 0, 0 },
	{ "2019-03-14 ", -1, 0, 0, 0 },
	{ "2019/03", -1, 0, 0, 0 },
	{ "2019-3", -1, 0, 0, 0 },
	{ "", -1, 0, 0, 0 },
};

START_TEST(parse_case)
{
	struct date d;
	const char *s = parses[_i].s;

	ck_assert_msg(date_parse(s, &d) == parses[_i].rc,
	    "\"%s\": date_parse did not return %d", s, parses[_i].rc);
	if (parses[_i].rc == 0)
		ck_assert_msg(d.year == parses[_i].year &&
		    d.month == parses[_i].month && d.day == parses[_i].day,
		    "\"%s\" read as %d-%d-%d", s, d.year, d.month, d.day);
}
END_TEST

/* date_cmp: at the precision both dates have; want is the sign. */
static const struct {
	const char *a, *b;
	int	 want;
} cmps[] = {
	{ "2019", "2020", -1 },
	{ "2020-01", "2019-12", 1 },
	{ "2019-03", "2019-11", -1 },
	{ "2019-03-14", "2019-03-02", 1 },
	{ "2019-03-31", "2019-04-01", -1 },
	{ "2019-03-14", "2019-03-14", 0 },
	/* A coarser date equals every finer one inside it. */
	{ "2019", "2019-03", 0 },
	{ "2019-03", "2019-03-14", 0 },
	{ "2019", "2019-12-31", 0 },
};

static int
sign(int v)
{
	return v < 0 ? -1 : v > 0;
}

START_TEST(cmp_case)
{
	struct date a, b;

	ck_assert_int_eq(date_parse(cmps[_i].a, &a), 0);
	ck_assert_int_eq(date_parse(cmps[_i].b, &b), 0);
	ck_assert_msg(sign(date_cmp(&a, &b)) == cmps[_i].want,
	    "%s against %s: %d, not %d", cmps[_i].a, cmps[_i].b,
	    date_cmp(&a, &b), cmps[_i].want);
	ck_assert_msg(sign(date_cmp(&b, &a)) == -cmps[_i].want,
	    "%s against %s: %d, not %d", cmps[_i].b, cmps[_i].a,
	    date_cmp(&b, &a), -cmps[_i].want);
}
END_TEST

/*
 * Whether every decimal digit of text is one of the ten of locale's
 * default numbering system, which ICU takes from CLDR: Arabic-Indic
 * (U+0660...) for ar, whose region by likely subtags is Egypt; Latin
 * for hi and th, whose Devanagari and Thai digits CLDR lists only as
 * "native", not as the default.  An ICU or a test expecting other
 * digits fails here, not only on the string.
 */
static void
assert_digits(const char *locale, const char *text)
{
	UNumberingSystem *ns;
	UErrorCode e = U_ZERO_ERROR;
	UChar	 ten[16];
	UChar32	 c;
	int32_t	 i = 0, len = (int32_t)strlen(text), n;

	ns = unumsys_open(locale, &e);
	ck_assert_msg(U_SUCCESS(e) && !unumsys_isAlgorithmic(ns),
	    "%s: no decimal numbering system", locale);
	n = unumsys_getDescription(ns, ten, 16, &e);
	unumsys_close(ns);
	ck_assert_msg(U_SUCCESS(e) && n == 10, "%s: digits", locale);
	while (i < len) {
		U8_NEXT(text, i, len, c);
		ck_assert_msg(c >= 0, "\"%s\" is not UTF-8", text);
		if (u_charType(c) == U_DECIMAL_DIGIT_NUMBER)
			ck_assert_msg(c == ten[u_charDigitValue(c)],
			    "%s: U+%04X in \"%s\" is not of its digits",
			    locale, (unsigned int)c, text);
	}
}

/*
 * date_format: each precision in each locale.  The year, month and
 * day each appear, so a wrong month or a day off by one fails, and
 * the order is the locale's (CLDR's availableFormats through udatpg).
 */
static const struct {
	const char *date, *locale, *want;
} formats[] = {
	{ "2019", "es", "2019" },
	{ "2019-03", "es", "marzo de 2019" },
	{ "2019-03-14", "es", "14 de marzo de 2019" },
	{ "2019", "en", "2019" },
	{ "2019-03", "en", "March 2019" },
	{ "2019-03-14", "en", "March 14, 2019" },
	{ "2019", "en-IN", "2019" },
	{ "2019-11", "en-IN", "November 2019" },
	{ "2019-11-02", "en-IN", "2 November 2019" },
	{ "2019", "de", "2019" },
	{ "2019-03", "de", "März 2019" },
	{ "2020-02-29", "de", "29. Februar 2020" },
	{ "2019", "ja", "2019年" },
	{ "2019-03", "ja", "2019年3月" },
	{ "2019-03-14", "ja", "2019年3月14日" },
	{ "2019", "zh", "2019年" },
	{ "2019-12", "zh", "2019年12月" },
	{ "2019-12-31", "zh", "2019年12月31日" },
	{ "2019", "ko", "2019년" },
	{ "2019-03", "ko", "2019년 3월" },
	{ "2019-03-14", "ko", "2019년 3월 14일" },
	/* CLDR 42's ar: Arabic-Indic digits by default. */
	{ "2019", "ar", "٢٠١٩" },
	{ "2019-03", "ar", "مارس ٢٠١٩" },
	{ "2019-03-14", "ar", "١٤ مارس ٢٠١٩" },
	{ "2019", "he", "2019" },
	{ "2019-03", "he", "מרץ 2019" },
	{ "2019-03-14", "he", "14 במרץ 2019" },
	/* hi: Latin digits, CLDR's default (Devanagari are "native"). */
	{ "2019", "hi", "2019" },
	{ "2019-02", "hi", "फ़रवरी 2019" },
	{ "2019-02-28", "hi", "28 फ़रवरी 2019" },
	/*
	 * th: the locale's calendar is the Buddhist one (CLDR's calendar
	 * preference for TH), so 2019 is 2562 (docs/languages.md: a Thai
	 * period in the Buddhist era), Latin digits as for hi.  The era
	 * is named for the year alone: th's Buddhist "y" is "G y".
	 */
	{ "2019", "th", "พ.ศ. 2562" },
	{ "2019-03", "th", "มีนาคม 2562" },
	{ "2019-03-14", "th", "14 มีนาคม 2562" },
	/*
	 * fa, ps and ar-SA: their locales' calendars (Persian; Islamic Umm
	 * al-Qura) do not start their years and months with Gregorian
	 * ones, and a content date of a year or a month has no single
	 * year of them ("2019" was "۱۳۹۷": 1397 ended on 20 March 2019).
	 * Dates there are Gregorian, in the locale's words and digits.
	 */
	{ "2019", "fa", "۲۰۱۹" },
	{ "2019-03", "fa", "مارس ۲۰۱۹" },
	{ "2019-03-14", "fa", "۱۴ مارس ۲۰۱۹" },
	{ "2019", "ps", "۲۰۱۹" },
	{ "2019-03", "ps", "۲۰۱۹ مارچ" },
	{ "2019", "ar-SA", "٢٠١٩" },
	{ "2019-03", "ar-SA", "مارس ٢٠١٩" },
	{ "2019-03-14", "ar-SA", "١٤ مارس ٢٠١٩" },
};

START_TEST(format_case)
{
	struct date d;
	char	 out[128];
	size_t	 n = strlen(formats[_i].want);
	const char *loc = formats[_i].locale;

	ck_assert_int_eq(date_parse(formats[_i].date, &d), 0);
	/* One byte short, before anything is cached: ICU's path. */
	ck_assert_msg(date_format(&d, loc, out, n) == -1,
	    "%s %s: fits in %zu bytes", loc, formats[_i].date, n);
	ck_assert_int_eq(date_format(&d, loc, out, sizeof(out)), 0);
	ck_assert_str_eq(out, formats[_i].want);
	assert_digits(loc, out);
	/* Again, from the cache: the same, short and exact. */
	memset(out, 'x', sizeof(out));
	ck_assert_int_eq(date_format(&d, loc, out, n + 1), 0);
	ck_assert_str_eq(out, formats[_i].want);
	ck_assert_int_eq(date_format(&d, loc, out, n), -1);
}
END_TEST

/* The label words of four languages, as in labels/LANG.json. */
static const struct date_labels labels[] = {
	{ "es", " – ", "actualidad", " · " },
	{ "ja", "～", "現在", " · " },
	{ "ar", " – ", "حتى الآن", " · " },
	{ "th", " – ", "ปัจจุบัน", " · " },
};

/* date_period; end NULL: no end, the present. */
static const struct {
	const char *start, *end;
	int	 lb;
	const char *want;
} periods[] = {
	{ "2019-03", "2024-11", 0, "marzo de 2019 – noviembre de 2024" },
	{ "2019-03", "2019-03", 0, "marzo de 2019" },
	{ "2019-03", NULL, 0, "marzo de 2019 – actualidad" },
	/* The same year at two precisions is not the same date. */
	{ "2019", "2019-03", 0, "2019 – marzo de 2019" },
	{ "2019-03", "2024-11", 1, "2019年3月～2024年11月" },
	{ "2019", NULL, 1, "2019年～現在" },
	{ "2019-03-14", "2020", 2, "١٤ مارس ٢٠١٩ – ٢٠٢٠" },
	{ "2019", "2019", 3, "พ.ศ. 2562" },
};

START_TEST(period_case)
{
	struct date s, e;
	char	 out[256];
	size_t	 n = strlen(periods[_i].want);

	ck_assert_int_eq(date_parse(periods[_i].start, &s), 0);
	if (periods[_i].end != NULL)
		ck_assert_int_eq(date_parse(periods[_i].end, &e), 0);
	ck_assert_int_eq(date_period(&s, periods[_i].end != NULL ? &e : NULL,
	    &labels[periods[_i].lb], out, sizeof(out)), 0);
	ck_assert_str_eq(out, periods[_i].want);
	ck_assert_int_eq(date_period(&s, periods[_i].end != NULL ? &e : NULL,
	    &labels[periods[_i].lb], out, n + 1), 0);
	ck_assert_str_eq(out, periods[_i].want);
	ck_assert_int_eq(date_period(&s, periods[_i].end != NULL ? &e : NULL,
	    &labels[periods[_i].lb], out, n), -1);
}
END_TEST

/*
 * date_duration: whole years and months, the months counted
 * inclusively (one month from a month to itself), a start without a
 * month from January, an end without one to December, days ignored.
 * want NULL: refused (the end before the start).  In ar and he, CLDR
 * writes one and two of a unit as words ("شهر", "חודשיים"), no digit.
 */
static const struct {
	const char *start, *end, *locale, *want;
} durations[] = {
	{ "2019-03", "2024-11", "en", "5 years, 9 months" },
	{ "2019-03", "2024-11", "es", "5 años y 9 meses" },
	{ "2019-03", "2019-03", "en", "1 month" },
	{ "2019-03-31", "2019-04-01", "en", "2 months" },
	{ "2019", "2019", "en", "1 year" },
	{ "2019", "2019-06", "en", "6 months" },
	{ "2019-03", "2019", "en", "10 months" },
	{ "2019-03", "2020-02", "de", "1 Jahr" },
	{ "2019-03", "2020-03", "de", "1 Jahr, 1 Monat" },
	{ "2019-03", "2024-11", "ja", "5 年 9 か月" },
	{ "2018-06", "2019-01", "ja", "8 か月" },
	{ "2019-03", "2024-11", "hi", "5 वर्ष और 9 महीने" },
	{ "2019-03", "2019-03", "hi", "1 महीना" },
	{ "2019-03", "2024-11", "th", "5 ปี และ 9 เดือน" },
	{ "2019", "2020", "th", "2 ปี" },
	{ "2019-03", "2024-11", "ar", "٥ سنوات و٩ أشهر" },
	{ "2019-03", "2020-03", "ar", "سنة وشهر" },
	{ "2019-03", "2019-04", "he", "חודשיים" },
	{ "2019-03", "2019-02", "en", NULL },
	{ "2020", "2019-12", "en", NULL },
};

/*
 * Whether text is a length a reader can take: a word (a letter), no
 * "(0+)"-style leftovers, the locale's digits.
 */
static void
assert_words(const char *locale, const char *text)
{
	UChar32	 c;
	int32_t	 i = 0, len = (int32_t)strlen(text);
	int	 letters = 0;

	while (i < len) {
		U8_NEXT(text, i, len, c);
		ck_assert_msg(c >= 0, "\"%s\" is not UTF-8", text);
		letters += u_isalpha(c) != 0;
	}
	ck_assert_msg(letters > 0, "%s: no word in \"%s\"", locale, text);
	ck_assert_msg(strpbrk(text, "()+") == NULL, "%s: \"%s\"", locale,
	    text);
	assert_digits(locale, text);
}

START_TEST(duration_case)
{
	struct date s, e;
	char	 out[160];
	const char *loc = durations[_i].locale, *want = durations[_i].want;
	size_t	 n;

	ck_assert_int_eq(date_parse(durations[_i].start, &s), 0);
	ck_assert_int_eq(date_parse(durations[_i].end, &e), 0);
	if (want == NULL) {
		ck_assert_msg(date_duration(&s, &e, loc, out, sizeof(out)) ==
		    -1, "%s to %s: \"%s\"", durations[_i].start,
		    durations[_i].end, out);
		return;
	}
	n = strlen(want);
	ck_assert_msg(date_duration(&s, &e, loc, out, n) == -1,
	    "%s: \"%s\" fits in %zu bytes", loc, want, n);
	ck_assert_int_eq(date_duration(&s, &e, loc, out, sizeof(out)), 0);
	ck_assert_str_eq(out, want);
	assert_words(loc, out);
	memset(out, 'x', sizeof(out));
	ck_assert_int_eq(date_duration(&s, &e, loc, out, n + 1), 0);
	ck_assert_str_eq(out, want);
	ck_assert_int_eq(date_duration(&s, &e, loc, out, n), -1);
}
END_TEST

/*
 * Without an end, to the current month (UTC): starts that many months
 * (or, with year, that many years, from January) before it; a
 * negative number is a start after it, refused.
 */
static const struct {
	int	 back;
	int	 year;
} nows[] = {
	{ 0, 0 }, { 5, 0 }, { 12, 0 }, { 70, 0 }, { -1, 0 }, { 3, 1 },
};

/* English's "N years, M months" for months, as date_duration's. */
static void
english_length(int months, char *out, size_t outsz)
{
	int	 y = months / 12, m = months % 12;

	if (y > 0 && m > 0)
		snprintf(out, outsz, "%d year%s, %d month%s", y,
		    y == 1 ? "" : "s", m, m == 1 ? "" : "s");
	else if (y > 0)
		snprintf(out, outsz, "%d year%s", y, y == 1 ? "" : "s");
	else
		snprintf(out, outsz, "%d month%s", m, m == 1 ? "" : "s");
}

START_TEST(duration_now)
{
	struct date s, e;
	struct tm tm;
	time_t	 t;
	char	 out[160], explicit[160], want[64];
	int	 cur, months, rc, rc2, tries;

	/* Asked again if the month turned in between. */
	for (tries = 0; tries < 2; tries++) {
		t = time(NULL);
		gmtime_r(&t, &tm);
		cur = (tm.tm_year + 1900) * 12 + tm.tm_mon;
		memset(&s, 0, sizeof(s));
		if (nows[_i].year) {
			s.year = tm.tm_year + 1900 - nows[_i].back;
			months = nows[_i].back * 12 + tm.tm_mon + 1;
		} else {
			s.year = (cur - nows[_i].back) / 12;
			s.month = (cur - nows[_i].back) % 12 + 1;
			months = nows[_i].back + 1;
		}
		rc = date_duration(&s, NULL, "en", out, sizeof(out));
		e.year = tm.tm_year + 1900;
		e.month = tm.tm_mon + 1;
		e.day = 0;
		rc2 = date_duration(&s, &e, "en", explicit, sizeof(explicit));
		t = time(NULL);
		gmtime_r(&t, &tm);
		if ((tm.tm_year + 1900) * 12 + tm.tm_mon == cur)
			break;
	}
	if (months < 1) {
		ck_assert_int_eq(rc, -1);
		ck_assert_int_eq(rc2, -1);
		return;
	}
	english_length(months, want, sizeof(want));
	ck_assert_int_eq(rc, 0);
	ck_assert_str_eq(out, want);
	ck_assert_int_eq(rc2, 0);
	ck_assert_str_eq(explicit, want);
}
END_TEST

#define NROWS(a)	((int)(sizeof(a) / sizeof((a)[0])))

static Suite *
dates_suite(void)
{
	Suite	*s = suite_create("dates");
	TCase	*tc = tcase_create("dates");

	tcase_add_loop_test(tc, parse_case, 0, NROWS(parses));
	tcase_add_loop_test(tc, cmp_case, 0, NROWS(cmps));
	tcase_add_loop_test(tc, format_case, 0, NROWS(formats));
	tcase_add_loop_test(tc, period_case, 0, NROWS(periods));
	tcase_add_loop_test(tc, duration_case, 0, NROWS(durations));
	tcase_add_loop_test(tc, duration_now, 0, NROWS(nows));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(dates_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	/*
	 * ICU's own caches (plural rules, locale data) hold their strings
	 * by interior pointers, which valgrind counts as possibly lost;
	 * dates.c keeps no ICU object, so all can go.
	 */
	u_cleanup();
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
