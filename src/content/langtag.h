/*
 * langtag.h: BCP 47 language tags ("es", "en-IN", "zh-Hant-TW"), the
 * languages a site names in site.json and --languages.
 *
 * A tag is accepted in ICU's canonical form (uloc_toLanguageTag: "en-IN"
 * for "EN-in") when ICU has locale data of its own for its language,
 * script and region, so that dates, lists and names follow the region
 * (docs/languages.md).  Extensions and private use are refused.  The
 * label sets of a tag are found by the codes it names, in order.
 *
 * Ownership: no state; the caller owns every buffer.
 */
#ifndef PERFIL_LANGTAG_H
#define PERFIL_LANGTAG_H

#include <stddef.h>

#include "http/request.h"

/* The codes whose label sets a tag reads: the tag, its language, the
 * language with its likely script. */
#define LANGTAG_CODES_MAX	3

int	 langtag_canonical(const char *tag, const char *what,
	    char out[LANG_TAG_MAX + 1], char *err, size_t errlen);
int	 langtag_label_codes(const char *tag,
	    char out[LANGTAG_CODES_MAX][LANG_TAG_MAX + 1]);

#endif /* PERFIL_LANGTAG_H */
