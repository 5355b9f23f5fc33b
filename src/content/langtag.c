/*
 * langtag.c: BCP 47 language tags as a site names its languages, in
 * ICU's canonical form and held to ICU's locale data (langtag.h).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <unicode/uloc.h>
#include <unicode/ures.h>

#include "content/langtag.h"

static int
fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Writes the message into err; returns -1. */
static int
fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Fails with the reason for a value that is no language tag, or one
 * with an extension or private use. */
static int
not_a_tag(char *err, size_t errlen, const char *what)
{
	return fail(err, errlen, "%s: expected a BCP 47 language tag of at "
	    "most %d characters: a language, optionally its script and "
	    "region, such as \"es\", \"en-IN\" or \"zh-Hant-TW\"", what,
	    LANG_TAG_MAX);
}

/*
 * Returns 1 if BCP 47 tag t has a singleton subtag, which starts an
 * extension ("-u-") or private use ("-x-"), else 0.
 */
static int
has_singleton(const char *t)
{
	size_t	 n;

	for (; *t != '\0'; t += n + (t[n] == '-'))
		if ((n = strcspn(t, "-")) == 1)
			return 1;
	return 0;
}

/*
 * Returns 1 if lang is a language code ICU lists (ISO 639) and has
 * locale data for (a language it can name, format dates and lists in),
 * else 0.
 */
static int
icu_has_language(const char *lang)
{
	const char *const *known;
	char	 have[16];
	UErrorCode ec;
	int32_t	 i, n;

	for (known = uloc_getISOLanguages(); *known != NULL; known++)
		if (strcmp(*known, lang) == 0)
			break;
	if (*known == NULL)
		return 0;
	n = uloc_countAvailable();
	for (i = 0; i < n; i++) {
		ec = U_ZERO_ERROR;
		uloc_getLanguage(uloc_getAvailable(i), have, sizeof(have), &ec);
		if (U_SUCCESS(ec) && strcmp(have, lang) == 0)
			return 1;
	}
	return 0;
}

/*
 * The language, script and region of ICU locale id loc with its likely
 * subtags added ("en_Latn_IN" for en_IN), into out.  Returns 0 or -1.
 */
static int
likely_base(const char *loc, char *out, size_t outlen)
{
	char	 full[ULOC_FULLNAME_CAPACITY], l[16], s[8], r[8];
	UErrorCode ec = U_ZERO_ERROR;

	uloc_addLikelySubtags(loc, full, sizeof(full), &ec);
	uloc_getLanguage(full, l, sizeof(l), &ec);
	uloc_getScript(full, s, sizeof(s), &ec);
	uloc_getCountry(full, r, sizeof(r), &ec);
	if (U_FAILURE(ec))
		return -1;
	return xsnprintf(out, outlen, "%s_%s_%s", l, s, r) == -1 ? -1 : 0;
}

/*
 * Returns 1 if ICU has locale data of its own for ICU locale id loc:
 * the bundle it opens for loc is loc's, or one that stands for the
 * same language, script and region (en_IN for en-Latn-IN), not a
 * fallback to its language alone (de for de-JP).  Else 0.
 */
static int
icu_has_locale(const char *loc)
{
	UResourceBundle *rb;
	UErrorCode ec = U_ZERO_ERROR;
	const char *actual;
	char	 want[64], got[64];
	int	 ok = 0;

	rb = ures_open(NULL, loc, &ec);
	if (U_FAILURE(ec) || ec == U_USING_DEFAULT_WARNING) {
		ures_close(rb);
		return 0;
	}
	actual = ures_getLocaleByType(rb, ULOC_ACTUAL_LOCALE, &ec);
	if (U_SUCCESS(ec) && actual != NULL && likely_base(loc, want,
	    sizeof(want)) == 0 && likely_base(actual, got, sizeof(got)) == 0)
		ok = strcmp(want, got) == 0;
	ures_close(rb);
	return ok;
}

/*
 * Puts in out the canonical form of BCP 47 tag c ("en-IN" for "EN-in",
 * "he" for "iw", by ICU's uloc_forLanguageTag and uloc_toLanguageTag):
 * a language, optionally a script, a region and variants, no extension
 * or private use, and locale data in ICU for its language, script and
 * region.  Returns 0, or -1 with err "WHAT: reason".
 */
int
langtag_canonical(const char *c, const char *what, char out[LANG_TAG_MAX + 1],
    char *err, size_t errlen)
{
	char	 loc[ULOC_FULLNAME_CAPACITY], lang[16];
	UErrorCode ec = U_ZERO_ERROR;
	int32_t	 parsed = 0;

	if (c != NULL && *c != '\0' && strlen(c) <= LANG_TAG_MAX)
		uloc_forLanguageTag(c, loc, sizeof(loc), &parsed, &ec);
	if (c == NULL || *c == '\0' || strlen(c) > LANG_TAG_MAX ||
	    U_FAILURE(ec) || (size_t)parsed != strlen(c) ||
	    strchr(loc, '@') != NULL)
		return not_a_tag(err, errlen, what);
	/* The canonical tag first ("iw" is he), then its locale id.  An
	 * extension may come back: ICU reads en-US-u-va-posix as
	 * en_US_POSIX, which it writes so again. */
	uloc_toLanguageTag(loc, out, LANG_TAG_MAX + 1, 1, &ec);
	if (U_SUCCESS(ec) && ec != U_STRING_NOT_TERMINATED_WARNING &&
	    has_singleton(out))
		return not_a_tag(err, errlen, what);
	if (U_SUCCESS(ec) && ec != U_STRING_NOT_TERMINATED_WARNING)
		uloc_forLanguageTag(out, loc, sizeof(loc), NULL, &ec);
	if (U_FAILURE(ec) || ec == U_STRING_NOT_TERMINATED_WARNING)
		return fail(err, errlen, "%s: \"%s\": ICU cannot "
		    "write it as a language tag", what, c);
	uloc_getLanguage(loc, lang, sizeof(lang), &ec);
	if (U_FAILURE(ec) || !icu_has_language(lang))
		return fail(err, errlen, "%s: unknown language code "
		    "\"%s\" (not a language ICU has locale data for)", what,
		    c);
	if (!icu_has_locale(loc))
		return fail(err, errlen, "%s: \"%s\": ICU has no "
		    "locale data for this script or region of the language "
		    "(it has \"%s\")", what, c, lang);
	return 0;
}

/*
 * The codes whose label sets language tag names, in the order their
 * keys are looked up: the tag itself ("zh-Hant-TW"), its language
 * ("zh"), and the language with the script ICU gives the tag (likely
 * subtags: "zh-Hant"; "zh-Hans" for zh), each once.  Returns how many
 * were written into out.
 */
int
langtag_label_codes(const char *tag,
    char out[LANGTAG_CODES_MAX][LANG_TAG_MAX + 1])
{
	char	 loc[ULOC_FULLNAME_CAPACITY], full[ULOC_FULLNAME_CAPACITY];
	char	 lang[12], script[8];
	UErrorCode ec = U_ZERO_ERROR;
	int	 n = 1, i;

	snprintf(out[0], sizeof(out[0]), "%s", tag);
	uloc_forLanguageTag(tag, loc, sizeof(loc), NULL, &ec);
	uloc_getLanguage(loc, lang, sizeof(lang), &ec);
	if (U_FAILURE(ec) || lang[0] == '\0')
		return n;
	snprintf(out[n++], sizeof(out[0]), "%s", lang);
	uloc_addLikelySubtags(loc, full, sizeof(full), &ec);
	uloc_getScript(full, script, sizeof(script), &ec);
	if (U_SUCCESS(ec) && script[0] != '\0')
		snprintf(out[n++], sizeof(out[0]), "%s-%s", lang, script);
	for (i = 1; i < n; i++)		/* "zh-Hant" is itself */
		if (strcmp(out[i], out[0]) == 0) {
			memmove(out[i], out[i + 1], (size_t)(n - i - 1) *
			    sizeof(out[0]));
			n--;
			i--;
		}
	return n;
}
