/*
 * slug.c: slugs for imported items, made from titles and names (slug.h).
 */
#include "config.h"

#include <ctype.h>
#include <search.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <unicode/utrans.h>

#include "content/slug.h"

/*
 * The transliterations (ICU ids): "han" turns ideographs into their
 * Chinese readings, for a language written in ideographs alone; "kana"
 * reads kana and leaves ideographs out, for everything else.
 */
/*
 * Both end by removing what stands inside a word, not between words: an
 * apostrophe ("O'Brien", the Thai vowel's mark ICU writes as one), the
 * modifier letters of Arabic's and Hebrew's ayn ("ʿ", "ʻ") and the "~"
 * of a small kana ("u~i").  Made one "-" with the rest, they cut words
 * in two: "phas-a-thiy", "al-rbyt", "u-ikipedia".
 */
#define SLUG_INWORD	"[\\u0027\\u2019\\u007E[:Lm:][:Sk:][:Mn:]] Remove"
#define SLUG_HAN	"Any-Latin; Latin-ASCII; " SLUG_INWORD "; Lower"
#define SLUG_KANA	"Katakana-Latin; Hiragana-Latin; [:Ideographic:] " \
			"Remove; Any-Latin; Latin-ASCII; " SLUG_INWORD "; Lower"
#define SLUG_BASE_MAX	80	/* bytes of a slug before "-N" */
/*
 * Code points of a text transliterated, at most: a slug keeps
 * SLUG_BASE_MAX bytes, and an ideograph's reading is at most 7 letters
 * and a space, so 128 fill the 1,024 UChars of slug_make's buffer at
 * most; a longer title is read from its start.
 */
#define SLUG_TEXT_MAX	128

struct slug_rules {
	UTransliterator *han;	/* NULL: the language is not of ideographs
				 * alone */
	UTransliterator *kana;
};

static UTransliterator *
open_id(const char *id)
{
	UErrorCode e = U_ZERO_ERROR;
	UChar	 u[256];

	if (strlen(id) >= sizeof(u) / sizeof(u[0]))
		return NULL;
	u_uastrcpy(u, id);
	return utrans_openU(u, -1, UTRANS_FORWARD, NULL, 0, NULL, &e);
}

/*
 * The rules for texts in language lang (a site's BCP 47 tag): Chinese
 * readings only where ICU says the language is written in ideographs
 * alone.  For traditional Chinese (zh-Hant, zh-TW, zh-HK) ICU names
 * Bopomofo beside them, the phonetic annotation, which no title is
 * written in.  Returns NULL out of memory or when ICU lacks its data.
 */
struct slug_rules *
slug_rules_open(const char *lang)
{
	UErrorCode e = U_ZERO_ERROR;
	UScriptCode sc[8];
	struct slug_rules *r;
	int32_t	 n;

	if ((r = calloc(1, sizeof(*r))) == NULL)
		return NULL;
	n = uscript_getCode(lang != NULL ? lang : "", sc, 8, &e);
	if (U_SUCCESS(e) && n >= 1 && sc[0] == USCRIPT_HAN && (n == 1 ||
	    (n == 2 && sc[1] == USCRIPT_BOPOMOFO)))
		r->han = open_id(SLUG_HAN);
	if ((r->kana = open_id(SLUG_KANA)) == NULL) {
		slug_rules_close(r);
		return NULL;
	}
	return r;
}

void
slug_rules_close(struct slug_rules *r)
{
	if (r == NULL)
		return;
	if (r->han != NULL)
		utrans_close(r->han);
	if (r->kana != NULL)
		utrans_close(r->kana);
	free(r);
}

/* Whether s has a code point of script sc (or, sc USCRIPT_HAN, an
 * ideograph). */
static int
has_script(const char *s, UScriptCode sc)
{
	UErrorCode e = U_ZERO_ERROR;
	int32_t	 i = 0, n = (int32_t)strlen(s);
	UChar32	 c;

	while (i < n) {
		U8_NEXT(s, i, n, c);
		if (c < 0)
			continue;
		if (sc == USCRIPT_HAN ? u_hasBinaryProperty(c,
		    UCHAR_IDEOGRAPHIC) : uscript_getScript(c, &e) == sc)
			return 1;
	}
	return 0;
}

/*
 * Whether text is written in Latin letters: most of its letters are of
 * the Latin script (ICU's uscript_getScript).  A caller with a title in
 * several languages makes the slug from such a one where there is one.
 */
int
slug_latin_text(const char *text)
{
	UErrorCode e = U_ZERO_ERROR;
	int32_t	 i = 0, n = (int32_t)strlen(text), latin = 0, other = 0;
	UChar32	 c;

	while (i < n) {
		U8_NEXT(text, i, n, c);
		if (c < 0 || !u_isalpha(c))
			continue;
		if (uscript_getScript(c, &e) == USCRIPT_LATIN)
			latin++;
		else
			other++;
	}
	return latin > 0 && latin >= other;
}

/*
 * A set of slugs for n items at most: the slugs given and, for each
 * base, the number to try next ("base-2", "base-3", ...), in two glibc
 * hash tables (hsearch_r), so that n items named alike take n steps,
 * not n squared (5,000 took minutes).  Returns 0, or -1 out of memory.
 */
int
slug_set_init(struct slug_set *ss, size_t n)
{
	memset(ss, 0, sizeof(*ss));
	ss->cap = 2 * n + 2;	/* a slug and a base each */
	if ((ss->keys = calloc(ss->cap, sizeof(*ss->keys))) == NULL ||
	    hcreate_r(2 * n + 16, &ss->taken) == 0 ||
	    hcreate_r(2 * n + 16, &ss->next) == 0) {
		slug_set_free(ss);
		return -1;
	}
	return 0;
}

void
slug_set_free(struct slug_set *ss)
{
	size_t	 i;

	hdestroy_r(&ss->taken);
	hdestroy_r(&ss->next);
	for (i = 0; i < ss->nkeys; i++)
		free(ss->keys[i]);
	free(ss->keys);
	memset(ss, 0, sizeof(*ss));
}

/* Finds key in table t, or with enter adds it (data d); NULL when not
 * there, or when it cannot be added. */
static ENTRY *
slug_find(struct slug_set *ss, struct hsearch_data *t, const char *key,
    intptr_t d, int enter)
{
	ENTRY	 e = { (char *)key, (void *)d }, *found = NULL;

	if (hsearch_r(e, FIND, &found, t) != 0 || !enter)
		return found;
	if (ss->nkeys == ss->cap || (e.key = strdup(key)) == NULL)
		return NULL;
	ss->keys[ss->nkeys++] = e.key;
	return hsearch_r(e, ENTER, &found, t) != 0 ? found : NULL;
}

/* Adds slug, an item's own, to ss, so that slug_make makes no other
 * item the same.  Returns 0, or -1 out of memory. */
int
slug_set_take(struct slug_set *ss, const char *slug)
{
	return slug_find(ss, &ss->taken, slug, 0, 1) != NULL ? 0 : -1;
}

/*
 * A slug from text, by rules r (slug.h), unique in ss, which then holds
 * it too; "item" when nothing is left of the text.  When ideographs
 * were left out (the slug does not say them), a line of report names
 * the slug, as item index of file.  Returns out.
 */
char *
slug_make(struct slug_rules *r, const char *text, struct slug_set *ss,
    char *out, size_t len, struct buf *report, const char *file, int index)
{
	UTransliterator *tr = NULL;
	UChar	 u[1024];
	char	 a[3 * 1024 + 1], base[SLUG_BASE_MAX + 16];
	ENTRY	*next;
	UErrorCode ec = U_ZERO_ERROR;
	int32_t	 n = 0, lim, cut, cps, tlen;
	size_t	 i, o = 0;
	intptr_t k;
	int	 dropped = 0;

	if (text == NULL)
		text = "";
	if (r != NULL) {
		/* Chinese readings for a Chinese text only, never where
		 * kana say the text is Japanese. */
		if (r->han != NULL && !has_script(text, USCRIPT_HIRAGANA) &&
		    !has_script(text, USCRIPT_KATAKANA))
			tr = r->han;
		else {
			tr = r->kana;
			dropped = has_script(text, USCRIPT_HAN);
		}
	}
	/* The text's first SLUG_TEXT_MAX code points (a byte that is not
	 * UTF-8 one each), bad bytes U+FFFD; half as many while the
	 * transliteration does not fit. */
	tlen = (int32_t)strnlen(text, INT32_MAX);
	for (cps = SLUG_TEXT_MAX; cps > 0; cps /= 2) {
		for (cut = 0, i = 0; cut < tlen && i < (size_t)cps; i++)
			U8_FWD_1(text, cut, tlen);
		ec = U_ZERO_ERROR;
		u_strFromUTF8WithSub(u, 1024, &n, text, cut, 0xFFFD, NULL,
		    &ec);
		lim = n;
		if (U_SUCCESS(ec) && tr != NULL)
			utrans_transUChars(tr, u, &n, 1024, 0, &lim, &ec);
		if (U_SUCCESS(ec) && ec != U_STRING_NOT_TERMINATED_WARNING)
			break;
	}
	if (cps == 0)
		n = 0;
	ec = U_ZERO_ERROR;
	u_strToUTF8(a, (int32_t)sizeof(a), NULL, u, n, &ec);
	if (U_FAILURE(ec))
		a[0] = '\0';
	for (i = 0; a[i] != '\0' && o < SLUG_BASE_MAX; i++) {
		if (islower((unsigned char)a[i]) ||
		    isdigit((unsigned char)a[i]))
			base[o++] = a[i];
		else if (isupper((unsigned char)a[i]))
			base[o++] = (char)tolower((unsigned char)a[i]);
		else if (o > 0 && base[o - 1] != '-')
			base[o++] = '-';
	}
	while (o > 0 && base[o - 1] == '-')
		o--;
	base[o] = '\0';
	if (o == 0)
		snprintf(base, sizeof(base), "item");
	next = slug_find(ss, &ss->next, base, 1, 1);
	for (k = next != NULL ? (intptr_t)next->data : 1;; k++) {
		if (k == 1)
			snprintf(out, len, "%s", base);
		else
			snprintf(out, len, "%s-%ld", base, (long)k);
		if (slug_find(ss, &ss->taken, out, 0, 0) == NULL)
			break;
	}
	if (next != NULL)
		next->data = (void *)(k + 1);
	(void)slug_find(ss, &ss->taken, out, 0, 1);
	if (dropped && report != NULL)
		buf_printf(report, "slug: %s: [%d].slug = \"%s\" leaves out "
		    "the ideographs of \"%s\" (no reading of them is sure): "
		    "set a slug of your own\n", file, index, out, text);
	return out;
}
