/*
 * dates.c: parsing ISO content dates and formatting them with ICU.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uloc.h>
#include <unicode/ulistformatter.h>
#include <unicode/unumberformatter.h>
#include <unicode/ustring.h>

#include "content/dates.h"
#include "base/util.h"

/*
 * Best patterns already asked of udatpg, by locale and skeleton:
 * opening a pattern generator costs about 2 ms (it loads the locale's
 * data) and a content set has dozens of dates, at every start-up and
 * reload.  Plain data, no ICU object kept; a mutex, since a reload may
 * run beside anything else.
 */
#define PATTERN_CACHE	24

static struct {
	char	 locale[LANG_TAG_MAX + 32];	/* format_locale's */
	const char *skel;		/* a literal below: compared by address */
	UChar	 pat[64];
	int32_t	 len;
} patterns[PATTERN_CACHE];
static size_t npatterns;
static pthread_mutex_t patterns_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * Puts in pat (64 UChars) the locale's best pattern for skeleton skel.
 * Returns its length, or -1 if ICU fails.
 */
static int32_t
best_pattern(const char *locale, const char *skel, UChar *pat)
{
	UDateTimePatternGenerator *gen;
	UErrorCode e = U_ZERO_ERROR;
	UChar	 uskel[16];
	int32_t	 n = -1;
	size_t	 i;

	pthread_mutex_lock(&patterns_lock);
	for (i = 0; i < npatterns; i++)
		if (patterns[i].skel == skel &&
		    strcmp(patterns[i].locale, locale) == 0) {
			memcpy(pat, patterns[i].pat, sizeof(patterns[i].pat));
			n = patterns[i].len;
			goto out;
		}
	u_uastrcpy(uskel, skel);
	gen = udatpg_open(locale, &e);
	n = udatpg_getBestPattern(gen, uskel, -1, pat, 64, &e);
	if (gen != NULL)
		udatpg_close(gen);
	if (U_FAILURE(e) || n >= 64) {
		n = -1;
		goto out;
	}
	if (npatterns < PATTERN_CACHE &&
	    strlen(locale) < sizeof(patterns[0].locale)) {
		snprintf(patterns[npatterns].locale,
		    sizeof(patterns[npatterns].locale), "%s", locale);
		patterns[npatterns].skel = skel;
		memcpy(patterns[npatterns].pat, pat,
		    sizeof(patterns[npatterns].pat));
		patterns[npatterns].len = n;
		npatterns++;
	}
out:
	pthread_mutex_unlock(&patterns_lock);
	return n;
}

static int	 date_format_icu(const struct date *, const char *, char *,
		    size_t);

/* Reads exactly n digits at s into *v; returns 0 or -1. */
static int
digits(const char *s, int n, int *v)
{
	int	 i;

	*v = 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		*v = *v * 10 + (s[i] - '0');
	}
	return 0;
}

static int
days_in_month(int y, int m)
{
	static const int days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30,
	    31, 30, 31 };

	if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		return 29;
	return days[m - 1];
}

/*
 * Parses "YYYY", "YYYY-MM" or "YYYY-MM-DD" (a real calendar date, year
 * 1000 to 9999) into d.  Returns 0, or -1 if s is anything else.
 */
int
date_parse(const char *s, struct date *d)
{
	size_t	 len = strlen(s);

	memset(d, 0, sizeof(*d));
	if ((len != 4 && len != 7 && len != 10) ||
	    digits(s, 4, &d->year) == -1 || d->year < 1000)
		return -1;
	if (len >= 7 && (s[4] != '-' || digits(s + 5, 2, &d->month) == -1 ||
	    d->month < 1 || d->month > 12))
		return -1;
	if (len == 10 && (s[7] != '-' || digits(s + 8, 2, &d->day) == -1 ||
	    d->day < 1 || d->day > days_in_month(d->year, d->month)))
		return -1;
	return 0;
}

/*
 * Compares two dates at the precision both have: "2019" equals
 * "2019-03".  Returns <0, 0 or >0.
 */
int
date_cmp(const struct date *a, const struct date *b)
{
	if (a->year != b->year)
		return a->year < b->year ? -1 : 1;
	if (a->month == 0 || b->month == 0 || a->month == b->month) {
		if (a->month == 0 || b->month == 0 || a->day == 0 ||
		    b->day == 0 || a->day == b->day)
			return 0;
		return a->day < b->day ? -1 : 1;
	}
	return a->month < b->month ? -1 : 1;
}

/*
 * Dates already formatted, by locale and date: opening an ICU date
 * format costs about 0.1 ms, and content at the loader's maximum has
 * thousands of dates, mostly the same few dozen (measured: a third of
 * the start-up at 1,000 items per collection).  Periods too
 * (date_duration: an ICU unit and list formatter opened for each, a
 * tenth of that start-up), kept as the date whose year is minus their
 * months: no date has one.  Plain data, no ICU object kept; open
 * addressing over a short probe, a date that finds no room is
 * formatted each time; a mutex, as for the patterns.
 */
#define FORMAT_CACHE	1024
#define FORMAT_PROBE	8

static struct {
	char	 locale[LANG_TAG_MAX + 1];	/* "" when the slot is free */
	struct date d;
	char	 text[112];
} formats[FORMAT_CACHE];
static pthread_mutex_t formats_lock = PTHREAD_MUTEX_INITIALIZER;

/* The first slot of d in locale. */
static size_t
format_slot(const struct date *d, const char *locale)
{
	size_t	 h = (size_t)d->year * 372 + (size_t)d->month * 31 +
		    (size_t)d->day;

	for (; *locale != '\0'; locale++)
		h = h * 31 + (unsigned char)*locale;
	return h % FORMAT_CACHE;
}

/*
 * Copies the cached form of d in locale into out (outsz bytes) or,
 * with store, puts out there.  Returns 1 when it copied, else 0.
 */
static int
format_cached(const struct date *d, const char *locale, char *out,
    size_t outsz, int store)
{
	size_t	 i, k, slot = format_slot(d, locale);
	int	 rc = 0;

	if (strlen(locale) >= sizeof(formats[0].locale))
		return 0;
	pthread_mutex_lock(&formats_lock);
	for (k = 0; k < FORMAT_PROBE; k++) {
		i = (slot + k) % FORMAT_CACHE;
		if (formats[i].locale[0] == '\0') {
			if (store && strlen(out) < sizeof(formats[i].text)) {
				memcpy(&formats[i].d, d, sizeof(*d));
				snprintf(formats[i].text,
				    sizeof(formats[i].text), "%s", out);
				snprintf(formats[i].locale,
				    sizeof(formats[i].locale), "%s", locale);
			}
			break;
		}
		if (memcmp(&formats[i].d, d, sizeof(*d)) == 0 &&
		    strcmp(formats[i].locale, locale) == 0) {
			if (!store && strlen(formats[i].text) < outsz) {
				memcpy(out, formats[i].text,
				    strlen(formats[i].text) + 1);
				rc = 1;
			}
			break;
		}
	}
	pthread_mutex_unlock(&formats_lock);
	return rc;
}

/*
 * Writes d in the human form of locale ("marzo de 2019", "March 14,
 * 2019", "2019") into out.  Returns 0, or -1 if ICU fails or out is
 * too small.
 */
int
date_format(const struct date *d, const char *locale, char *out,
    size_t outsz)
{
	if (format_cached(d, locale, out, outsz, 0))
		return 0;
	if (date_format_icu(d, locale, out, outsz) == -1)
		return -1;
	(void)format_cached(d, locale, out, outsz, 1);
	return 0;
}

/* Writes the len UChars of text as UTF-8 into out (outsz bytes, NUL
 * included).  Returns 0, or -1 when it fails or does not fit. */
static int
utf8_out(const UChar *text, int32_t len, char *out, size_t outsz)
{
	UErrorCode e = U_ZERO_ERROR;
	int32_t	 n;

	u_strToUTF8(out, (int32_t)outsz, &n, text, len, &e);
	return U_FAILURE(e) || e == U_STRING_NOT_TERMINATED_WARNING ||
	    (size_t)n >= outsz ? -1 : 0;
}

/*
 * The locale dates are formatted in: locale itself when its calendar
 * counts the Gregorian years and months (gregorian; buddhist, Thai's,
 * and roc only number the years otherwise), else locale in the
 * Gregorian calendar.  A content date of a year or a month is no day:
 * in Persian's calendar (fa) or the Islamic ones (ar-SA) "2019" would
 * be the year of its first day, 1397 where 2019 is most of 1398.
 * Returns 0, or -1 when ICU fails or the name does not fit.
 */
static int
format_locale(const char *locale, char *out, size_t outsz)
{
	static const char *const same[] = { "gregorian", "iso8601",
	    "buddhist", "roc" };
	UErrorCode e = U_ZERO_ERROR;
	UCalendar *cal;
	const char *type;
	size_t	 i;

	if ((cal = ucal_open(NULL, 0, locale, UCAL_DEFAULT, &e)) == NULL)
		return -1;
	type = ucal_getType(cal, &e);
	for (i = 0; U_SUCCESS(e) && type != NULL &&
	    i < sizeof(same) / sizeof(same[0]); i++)
		if (strcmp(type, same[i]) == 0)
			break;
	ucal_close(cal);
	if (U_FAILURE(e) || type == NULL)
		return -1;
	if (xsnprintf(out, outsz, "%s", locale) == -1)
		return -1;
	if (i < sizeof(same) / sizeof(same[0]))
		return 0;
	uloc_setKeywordValue("calendar", "gregorian", out, (int32_t)outsz,
	    &e);
	return U_FAILURE(e) || e == U_STRING_NOT_TERMINATED_WARNING ? -1 : 0;
}

/* date_format without the cache. */
static int
date_format_icu(const struct date *d, const char *locale, char *out,
    size_t outsz)
{
	static const char *const skels[] = { "y", "MMMMy", "yMMMMd" };
	UDateFormat *fmt = NULL;
	UCalendar *cal = NULL;
	UErrorCode e = U_ZERO_ERROR;
	UChar	 pat[64], text[128], tz[4];
	char	 loc[LANG_TAG_MAX + 32];
	int32_t	 n, len;
	int	 rc = -1;

	u_uastrcpy(tz, "UTC");
	if (format_locale(locale, loc, sizeof(loc)) == -1)
		return -1;
	locale = loc;
	if ((n = best_pattern(locale, skels[d->day ? 2 : d->month ? 1 : 0],
	    pat)) < 0)
		return -1;
	fmt = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, tz, -1, pat, n,
	    &e);
	cal = ucal_open(tz, -1, locale, UCAL_GREGORIAN, &e);
	if (U_FAILURE(e))
		goto out;
	ucal_clear(cal);
	ucal_setDate(cal, d->year, d->month ? d->month - 1 : 0,
	    d->day ? d->day : 1, &e);
	len = udat_format(fmt, ucal_getMillis(cal, &e), text, 128, NULL, &e);
	if (U_FAILURE(e) || len >= 128)
		goto out;
	if (utf8_out(text, len, out, outsz) == -1)
		goto out;
	rc = 0;
out:
	if (cal != NULL)
		ucal_close(cal);
	if (fmt != NULL)
		udat_close(fmt);
	return rc;
}

/*
 * Writes the period from start to end (NULL: to the present) in the
 * language of lb into out.  Returns 0 or -1 (ICU failed, out too
 * small).
 */
int
date_period(const struct date *start, const struct date *end,
    const struct date_labels *lb, char *out, size_t outsz)
{
	char	 a[128], b[128];
	int	 n;

	if (date_format(start, lb->locale, a, sizeof(a)) == -1)
		return -1;
	if (end != NULL && memcmp(start, end, sizeof(*end)) == 0)
		n = xsnprintf(out, outsz, "%s", a);
	else if (end == NULL)
		n = xsnprintf(out, outsz, "%s%s%s", a, lb->range_sep,
		    lb->present);
	else if (date_format(end, lb->locale, b, sizeof(b)) == -1)
		return -1;
	else
		n = xsnprintf(out, outsz, "%s%s%s", a, lb->range_sep, b);
	return n < 0 ? -1 : 0;
}

/*
 * Writes count whole units in locale with ICU's number formatter
 * (unit skeleton, the units' full names: "5 years", "9 meses") into u
 * (cap UChars).  Returns the length, or -1.  The full names, not the
 * short width: short is cryptic in some languages ("3 a y 11 m." in
 * Spanish).
 */
static int32_t
unit_format(const char *locale, const char *unit, int count, UChar *u,
    int32_t cap)
{
	UNumberFormatter *f;
	UFormattedNumber *r;
	UErrorCode e = U_ZERO_ERROR;
	UChar	 skel[64];
	char	 s[64];
	int32_t	 n = -1;

	snprintf(s, sizeof(s), "measure-unit/duration-%s "
	    "unit-width-full-name", unit);
	u_uastrcpy(skel, s);
	f = unumf_openForSkeletonAndLocale(skel, -1, locale, &e);
	r = unumf_openResult(&e);
	if (U_SUCCESS(e)) {
		unumf_formatInt(f, count, r, &e);
		n = unumf_resultToString(r, u, cap, &e);
	}
	if (r != NULL)
		unumf_closeResult(r);
	if (f != NULL)
		unumf_close(f);
	return U_FAILURE(e) || n >= cap ? -1 : n;
}

/*
 * Writes the length of the period from start to end (NULL: to today,
 * UTC) in locale into out: whole years and months, the months counted
 * inclusively (a start without a month is January, an end without one
 * December; "2019-03" to "2024-11" is 5 years 9 months), each through
 * ICU's unit formatter with the units' full names and the two joined
 * by ICU's list formatter for units ("5 years, 9 months"; "5 años y 9
 * meses").
 * Returns 0, or -1 (ICU failed, out too small, end before start).
 */
int
date_duration(const struct date *start, const struct date *end,
    const char *locale, char *out, size_t outsz)
{
	UListFormatter *lf = NULL;
	UErrorCode e = U_ZERO_ERROR;
	struct date key = { 0, 0, 0 };
	UChar	 parts[2][64], text[160];
	const UChar *items[2];
	int32_t	 lens[2], len;
	struct tm tm;
	time_t	 now;
	int	 months, ey, em, k = 0, rc = -1;

	if (end != NULL) {
		ey = end->year;
		em = end->month ? end->month : 12;
	} else {
		now = time(NULL);
		gmtime_r(&now, &tm);
		ey = tm.tm_year + 1900;
		em = tm.tm_mon + 1;
	}
	months = ey * 12 + em - (start->year * 12 + (start->month ?
	    start->month : 1)) + 1;
	if (months < 1)
		return -1;
	key.year = -months;
	if (format_cached(&key, locale, out, outsz, 0))
		return 0;
	if (months / 12 > 0 && (lens[k] = unit_format(locale, "year",
	    months / 12, parts[k], 64)) >= 0)
		items[k] = parts[k], k++;
	else if (months / 12 > 0)
		return -1;
	if (months % 12 > 0 && (lens[k] = unit_format(locale, "month",
	    months % 12, parts[k], 64)) >= 0)
		items[k] = parts[k], k++;
	else if (months % 12 > 0)
		return -1;
	lf = ulistfmt_openForType(locale, ULISTFMT_TYPE_UNITS,
	    ULISTFMT_WIDTH_WIDE, &e);
	len = ulistfmt_format(lf, items, lens, k, text, 160, &e);
	if (U_FAILURE(e) || len >= 160)
		goto out;
	if (utf8_out(text, len, out, outsz) == -1)
		goto out;
	(void)format_cached(&key, locale, out, outsz, 1);
	rc = 0;
out:
	if (lf != NULL)
		ulistfmt_close(lf);
	return rc;
}
