/*
 * dates.h: the ISO dates of the content (YYYY, YYYY-MM, YYYY-MM-DD)
 * and their human form per language, rendered with ICU's date
 * formatting: the skeleton "y", "MMMMy" or "yMMMMd" (by the date's
 * precision) through udatpg's best pattern for the locale, so "2019-03"
 * is "marzo de 2019" in es and "March 2019" in en.
 *
 * A period is "START SEP END", or "START SEP PRESENT" without an end,
 * or START alone when both are the same; the words around the dates
 * come from the label set of the language (date.range, date.present,
 * date.detail: the content loader fills a struct date_labels).
 *
 * A period's length ("5 years, 9 months") is date_duration's: ICU's number
 * formatter with a duration unit skeleton and its list formatter.
 *
 * Ownership: nothing is allocated; results go into caller buffers.
 */
#ifndef PERFIL_DATES_H
#define PERFIL_DATES_H

#include <stddef.h>

#include "http/request.h"

struct date {
	int	 year, month, day;	/* month, day 0 when not given */
};

/* The words a period needs, per language. */
struct date_labels {
	const char *locale;		/* ICU locale of the dates */
	const char *range_sep;		/* between start and end */
	const char *present;		/* an end not given */
	const char *detail_sep;		/* between a period and its text */
};

int	 date_parse(const char *, struct date *);
int	 date_cmp(const struct date *, const struct date *);
int	 date_format(const struct date *, const char *locale, char *out,
	    size_t outsz);
int	 date_period(const struct date *start, const struct date *end,
	    const struct date_labels *, char *out, size_t outsz);
int	 date_duration(const struct date *start, const struct date *end,
	    const char *locale, char *out, size_t outsz);

#endif /* PERFIL_DATES_H */
