/*
 * names.c: the order of a person's names in a language (names.h).
 */
#include "config.h"

#include <string.h>

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
 * The order of names in language lang (a BCP 47 tag), from the
 * language's own CLDR data: the list that names lang itself says it;
 * "und" (any language) in a list, or no data, says nothing.
 */
enum names_order
names_order(const char *lang)
{
	UErrorCode e = U_ZERO_ERROR;
	UResourceBundle *r, *pn = NULL, *nol = NULL, *a = NULL;
	enum names_order o = NAMES_EITHER;

	r = ures_open(NULL, lang, &e);
	pn = ures_getByKey(r, "personNames", NULL, &e);
	nol = ures_getByKey(pn, "nameOrderLocales", NULL, &e);
	if (U_SUCCESS(e)) {
		a = ures_getByKey(nol, "surnameFirst", NULL, &e);
		if (U_SUCCESS(e) && listed(a, lang))
			o = NAMES_FAMILY_FIRST;
		e = U_ZERO_ERROR;
		a = ures_getByKey(nol, "givenFirst", a, &e);
		if (U_SUCCESS(e) && listed(a, lang))
			o = o == NAMES_FAMILY_FIRST ? NAMES_EITHER :
			    NAMES_GIVEN_FIRST;
	}
	ures_close(a);
	ures_close(nol);
	ures_close(pn);
	ures_close(r);
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
