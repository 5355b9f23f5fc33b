/*
 * names.c: the order of a person's names in a language (names.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>

#include "content/names.h"

/* Whether the string array a (an ICU table member) holds lang, a
 * BCP 47 tag, or its language ("en" for en-IN). */
static int
listed(UResourceBundle *a, const char *lang)
{
	UErrorCode e = U_ZERO_ERROR;
	const UChar *s;
	char	 code[16];
	int32_t	 i, n, len;

	n = ures_getSize(a);
	for (i = 0; i < n; i++) {
		e = U_ZERO_ERROR;
		s = ures_getStringByIndex(a, i, &len, &e);
		if (U_FAILURE(e) || len <= 0 || len >= (int32_t)sizeof(code))
			continue;
		u_UCharsToChars(s, code, len);
		code[len] = '\0';
		if (strcmp(code, lang) == 0 || (strlen(code) ==
		    strcspn(lang, "-") && strncmp(code, lang,
		    strlen(code)) == 0))
			return 1;
	}
	return 0;
}

/*
 * Into loc, the parent of the locale person-name table pn comes from
 * ("es" for es_419's, "root" for yue's).  Returns 0, or -1 at the root.
 */
static int
parent(const UResourceBundle *pn, char *loc, size_t len)
{
	UErrorCode e = U_ZERO_ERROR;
	const char *from;

	from = ures_getLocaleByType(pn, ULOC_ACTUAL_LOCALE, &e);
	if (U_FAILURE(e) || from == NULL || *from == '\0' ||
	    strcmp(from, "root") == 0)
		return -1;
	uloc_getParent(from, loc, (int32_t)len, &e);
	if (U_FAILURE(e) || e == U_STRING_NOT_TERMINATED_WARNING)
		return -1;
	if (*loc == '\0')
		snprintf(loc, len, "root");
	return 0;
}

/*
 * The order of names in language lang (a BCP 47 tag), from the
 * language's own CLDR data: the list that names lang itself says it;
 * "und" (any language) in a list, or no data, says nothing.  A locale
 * whose person-name table has no lists (es_419, yue) inherits its
 * parent's, as CLDR has it: ures_getByKey falls back to a parent only
 * for a whole top-level resource.
 */
enum names_order
names_order(const char *lang)
{
	UErrorCode e;
	UResourceBundle *r, *pn, *nol, *a;
	enum names_order o = NAMES_EITHER;
	char	 loc[ULOC_FULLNAME_CAPACITY];
	int	 up, more = 1;

	snprintf(loc, sizeof(loc), "%s", lang);
	for (up = 0; more && up < 8; up++) {
		e = U_ZERO_ERROR;
		a = NULL;
		r = ures_open(NULL, loc, &e);
		pn = ures_getByKey(r, "personNames", NULL, &e);
		nol = ures_getByKey(pn, "nameOrderLocales", NULL, &e);
		if (U_SUCCESS(e)) {
			more = 0;
			a = ures_getByKey(nol, "surnameFirst", NULL, &e);
			if (U_SUCCESS(e) && listed(a, lang))
				o = NAMES_FAMILY_FIRST;
			e = U_ZERO_ERROR;
			a = ures_getByKey(nol, "givenFirst", a, &e);
			if (U_SUCCESS(e) && listed(a, lang))
				o = o == NAMES_FAMILY_FIRST ? NAMES_EITHER :
				    NAMES_GIVEN_FIRST;
		} else
			more = pn != NULL && parent(pn, loc, sizeof(loc)) == 0;
		ures_close(a);
		ures_close(nol);
		ures_close(pn);
		ures_close(r);
	}
	return o;
}

/* Whether s is a, a space (U+0020 or the ideographic U+3000), then b. */
static int
joined(const char *s, const char *a, const char *b)
{
	size_t	 al = strlen(a);

	if (strncmp(s, a, al) != 0)
		return 0;
	s += al;
	if (*s == ' ')
		s++;
	else if (strncmp(s, "\xe3\x80\x80", 3) == 0)
		s += 3;
	else
		return 0;
	return strcmp(s, b) == 0;
}

/* Whether name is given and family joined by a space in order o. */
int
names_whole(const char *name, const char *given, const char *family,
    enum names_order o)
{
	return (o != NAMES_FAMILY_FIRST && joined(name, given, family)) ||
	    (o != NAMES_GIVEN_FIRST && joined(name, family, given));
}

/* What names_whole asks, for an error message. */
const char *
names_order_text(enum names_order o)
{
	switch (o) {
	case NAMES_GIVEN_FIRST:
		return "given_name, a space, and the whole family_name";
	case NAMES_FAMILY_FIRST:
		return "the whole family_name, a space, and given_name";
	default:
		return "given_name and the whole family_name, in either "
		    "order, with a space between";
	}
}
