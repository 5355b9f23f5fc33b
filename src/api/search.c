/*
 * search.c: folding with ICU, query terms and snippets; the index
 * and scoring are in search_index.c, the handler in search_handler.c.
 * See search.h for the matching rules.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/utext.h>
#include <unicode/uset.h>
#include <unicode/ustring.h>
#include <unicode/utrans.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include "api/search.h"

#define SNIPPET_LEAD	40	/* characters kept before the first match */
#define ELLIPSIS	"\xe2\x80\xa6"	/* U+2026 */

/* ICU's normalizers; owned by ICU, never freed. */
static const UNormalizer2 *nfkc_cf, *nfd;

/* The most bytes one code point folds to: 256 UTF-16 units, each
 * at most one code point of up to 4 UTF-8 bytes. */
#define FOLD_CP_MAX	1024

/*
 * The folds of U+0080 to U+024F (Latin-1 Supplement, Latin Extended-A
 * and -B: the accented letters of the content's languages), asked of
 * ICU once: folding them through ICU each time was most of a search's
 * snippets and a large part of the start-up.  len FOLD_NONE: longer
 * than s, ask ICU.
 */
#define FOLD_TABLE_END	0x250
#define FOLD_NONE	0xff
static struct {
	uint8_t	 len;
	char	 s[7];
} fold_table[FOLD_TABLE_END - 0x80];
static pthread_once_t fold_table_once = PTHREAD_ONCE_INIT;
static int fold_table_ready;

static int	 fold_icu(UChar32, char *);

/*
 * What the transliterations SEARCH_FOLD_ID and SEARCH_FOLD_RULES make
 * of each code point they change, asked of ICU once (its source set, one code point
 * at a time), in code point order: folding looks each folded code point
 * up here.  A code point it drops has len 0.
 *
 * SEARCH_FOLD_ID's table is made the first time a code point of its
 * source script ("Hiragana" of "Hiragana-Katakana") is folded, and holds
 * only code points of that script: opening a transliterator by its id
 * starts ICU's registry of them, 137 million instructions (a seventh
 * of the demo's load), which content without that script never needs.
 * SEARCH_FOLD_RULES's own rules compile without it (3 million).
 */
struct xfold {
	UChar32	 from;
	uint8_t	 len;
	char	 s[15];
};
struct xfold_table {
	struct xfold *x;
	size_t	 n;
};
static struct xfold_table xfold_rules, xfold_id;
static UScriptCode xfold_id_script = USCRIPT_INVALID_CODE;
static pthread_once_t xfold_id_once = PTHREAD_ONCE_INIT;

/*
 * Adds to tb (cap entries) what t changes of its source set: of script
 * sc only, unless sc is USCRIPT_INVALID_CODE.
 */
static void
xfold_add(UTransliterator *t, struct xfold_table *tb, size_t cap,
    UScriptCode sc)
{
	UErrorCode e = U_ZERO_ERROR;
	USet	*set;
	UChar	 buf[16];
	UChar32	 c, d, lo, hi;
	int32_t	 i, k, len, limit, n;
	int	 fits;

	set = uset_openEmpty();
	utrans_getSourceSet(t, 0, set, &e);
	n = U_SUCCESS(e) ? uset_getItemCount(set) : 0;
	for (i = 0; i < n; i++) {
		e = U_ZERO_ERROR;
		if (uset_getItem(set, i, &lo, &hi, NULL, 0, &e) != 0 ||
		    U_FAILURE(e))
			continue;	/* a string, not a range */
		for (c = lo; c <= hi && tb->n < cap; c++) {
			struct xfold *x = &tb->x[tb->n];

			e = U_ZERO_ERROR;
			if (sc != USCRIPT_INVALID_CODE &&
			    (uscript_getScript(c, &e) != sc || U_FAILURE(e)))
				continue;
			len = 0;
			U16_APPEND_UNSAFE(buf, len, c);
			limit = len;
			utrans_transUChars(t, buf, &len, 16, 0, &limit, &e);
			if (U_FAILURE(e))
				continue;
			d = -1;
			if (len == U16_LENGTH(c)) {
				k = 0;
				U16_NEXT(buf, k, len, d);
			}
			if (d == c)
				continue;	/* unchanged */
			x->from = c;
			x->len = 0;
			for (k = 0, fits = 1; k < len && fits;) {
				U16_NEXT(buf, k, len, d);
				if (x->len + U8_LENGTH(d) > (int)sizeof(x->s))
					fits = 0;
				else
					U8_APPEND_UNSAFE(x->s, x->len, d);
			}
			if (fits)
				tb->n++;	/* else too long: left as it is */
		}
	}
	uset_close(set);
}

static int
xfold_cmp(const void *a, const void *b)
{
	const struct xfold *x = a, *y = b;

	return (x->from > y->from) - (x->from < y->from);
}

/* Fills tb from t, of script sc only (xfold_add), and closes t. */
static void
xfold_fill(UTransliterator *t, struct xfold_table *tb, UScriptCode sc)
{
	UErrorCode e = U_ZERO_ERROR;
	USet	*set;
	size_t	 cap = 0;

	if (t == NULL)
		return;
	set = uset_openEmpty();
	utrans_getSourceSet(t, 0, set, &e);
	if (U_SUCCESS(e))
		cap = (size_t)uset_size(set);
	uset_close(set);
	if (cap > 0 && (tb->x = calloc(cap, sizeof(*tb->x))) != NULL)
		xfold_add(t, tb, cap, sc);
	utrans_close(t);
	if (tb->n > 0)
		qsort(tb->x, tb->n, sizeof(*tb->x), xfold_cmp);
}

/* Fills xfold_id from SEARCH_FOLD_ID, once (pthread_once). */
static void
xfold_id_init(void)
{
	UErrorCode e = U_ZERO_ERROR;
	UParseError pe;
	UTransliterator *t;
	UChar	 id[32];

	u_unescape(SEARCH_FOLD_ID, id, 32);
	t = utrans_openU(id, -1, UTRANS_FORWARD, NULL, 0, &pe, &e);
	xfold_fill(U_SUCCESS(e) ? t : NULL, &xfold_id, xfold_id_script);
}

/*
 * Fills xfold_rules from SEARCH_FOLD_RULES and finds SEARCH_FOLD_ID's
 * source script (the name before its "-"), once.
 */
static void
xfold_init(void)
{
	UErrorCode e = U_ZERO_ERROR;
	UParseError pe;
	UTransliterator *t;
	UScriptCode sc[1];
	UChar	 rules[128], rid[] = { 'f', 'o', 'l', 'd', 0 };
	char	 src[32];

	u_unescape(SEARCH_FOLD_RULES, rules, 128);
	t = utrans_openU(rid, -1, UTRANS_FORWARD, rules, -1, &pe, &e);
	xfold_fill(U_SUCCESS(e) ? t : NULL, &xfold_rules,
	    USCRIPT_INVALID_CODE);
	snprintf(src, sizeof(src), "%.*s", (int)strcspn(SEARCH_FOLD_ID, "-"),
	    SEARCH_FOLD_ID);
	e = U_ZERO_ERROR;
	if (uscript_getCode(src, sc, 1, &e) == 1 && U_SUCCESS(e))
		xfold_id_script = sc[0];
}

/* c's entry in tb, or NULL. */
static const struct xfold *
xfold_in(const struct xfold_table *tb, UChar32 c)
{
	size_t	 lo = 0, hi = tb->n, mid;

	if (tb->n == 0 || c < tb->x[0].from || c > tb->x[tb->n - 1].from)
		return NULL;
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (tb->x[mid].from < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < tb->n && tb->x[lo].from == c ? &tb->x[lo] : NULL;
}

/* The transliteration of c (xfold), or NULL when it keeps c. */
static const struct xfold *
xfold_find(UChar32 c)
{
	UErrorCode e = U_ZERO_ERROR;

	if (xfold_id_script != USCRIPT_INVALID_CODE &&
	    uscript_getScript(c, &e) == xfold_id_script && U_SUCCESS(e)) {
		pthread_once(&xfold_id_once, xfold_id_init);
		return xfold_in(&xfold_id, c);
	}
	return xfold_in(&xfold_rules, c);
}

static void
fold_table_init(void)
{
	char	 u8[FOLD_CP_MAX];
	UChar32	 c;
	int	 n;

	xfold_init();
	for (c = 0x80; c < FOLD_TABLE_END; c++) {
		n = fold_icu(c, u8);
		if (n < 0 || n > (int)sizeof(fold_table[0].s)) {
			fold_table[c - 0x80].len = FOLD_NONE;
			continue;
		}
		fold_table[c - 0x80].len = (uint8_t)n;
		memcpy(fold_table[c - 0x80].s, u8, (size_t)n);
	}
	fold_table_ready = 1;
}

/* Gets ICU's normalizers and fills fold_table, once.  Returns 0 or -1. */
int
search_fold_init(void)
{
	UErrorCode e = U_ZERO_ERROR;

	if (nfkc_cf == NULL)
		nfkc_cf = unorm2_getNFKCCasefoldInstance(&e);
	if (U_FAILURE(e))
		return -1;
	if (nfd == NULL)
		nfd = unorm2_getNFDInstance(&e);
	if (U_FAILURE(e))
		return -1;
	pthread_once(&fold_table_once, fold_table_init);
	return 0;
}

/*
 * Whether the nonspacing and enclosing marks of script sc are accents
 * or optional pointing that folding drops: Latin, Greek, Cyrillic and
 * Armenian accents, Hebrew niqqud, Arabic and Syriac harakat, the kana
 * voicing marks; and a mark of no script (Inherited, Common) with no
 * letter to take one from.  Every other script keeps its marks: in
 * Thai, Lao, Khmer, Myanmar, Tibetan and the Indic scripts they are
 * vowels, tones and consonant modifiers that make the word (ขาว is not
 * ข้าว, चना is not चुनाव).
 */
static int
marks_fold(UScriptCode sc)
{
	switch (sc) {
	case USCRIPT_LATIN:
	case USCRIPT_GREEK:
	case USCRIPT_CYRILLIC:
	case USCRIPT_ARMENIAN:
	case USCRIPT_HEBREW:
	case USCRIPT_ARABIC:
	case USCRIPT_SYRIAC:
	case USCRIPT_HIRAGANA:
	case USCRIPT_KATAKANA:
	case USCRIPT_HAN:
	case USCRIPT_COMMON:
	case USCRIPT_INHERITED:
	case USCRIPT_INVALID_CODE:
		return 1;
	default:
		return 0;
	}
}

/*
 * Whether folding drops mark d, of the decomposition whose first code
 * point is base (a mark itself when c was a lone mark): by d's own
 * script (ICU's uscript_getScript: Thai's and Devanagari's marks are
 * of their script), and for a mark of none (Inherited or Common, such
 * as U+0301) by base's, when base is a letter (marks_fold).
 */
static int
mark_dropped(UChar32 d, UChar32 base)
{
	UErrorCode e = U_ZERO_ERROR;
	UScriptCode sc;
	int	 t;

	sc = uscript_getScript(d, &e);
	if (U_FAILURE(e))
		return 1;
	if (sc == USCRIPT_INHERITED || sc == USCRIPT_COMMON) {
		t = u_charType(base);
		if (t == U_NON_SPACING_MARK || t == U_ENCLOSING_MARK)
			return 1;
		e = U_ZERO_ERROR;
		sc = uscript_getScript(base, &e);
		if (U_FAILURE(e))
			return 1;
	}
	return marks_fold(sc);
}

/*
 * Folds the code point c (not ASCII) through ICU: NFKC_Casefold, then
 * NFD, then nonspacing and enclosing marks dropped where their script
 * says they are accents (mark_dropped), then each code point left
 * transliterated (xfold).  Writes the UTF-8 into out (FOLD_CP_MAX
 * bytes).  Returns its length, or -1 if ICU fails.
 */
static int
fold_icu(UChar32 c, char *out)
{
	UChar	 in[2], a[64], b[256];
	UErrorCode e = U_ZERO_ERROR;
	const struct xfold *x;
	UChar32	 d, base = 0;
	int32_t	 k = 0, na, nb;
	int	 n = 0, t;

	U16_APPEND_UNSAFE(in, k, c);
	na = unorm2_normalize(nfkc_cf, in, k, a, 64, &e);
	if (U_FAILURE(e))
		return -1;
	nb = unorm2_normalize(nfd, a, na, b, 256, &e);
	if (U_FAILURE(e))
		return -1;
	if (nb > 0)
		U16_GET(b, 0, 0, nb, base);
	for (k = 0; k < nb;) {
		U16_NEXT(b, k, nb, d);
		t = u_charType(d);
		if ((t == U_NON_SPACING_MARK || t == U_ENCLOSING_MARK) &&
		    mark_dropped(d, base))
			continue;
		if ((x = xfold_find(d)) != NULL) {
			memcpy(out + n, x->s, x->len);
			n += x->len;
			continue;
		}
		U8_APPEND_UNSAFE(out, n, d);
	}
	return n;
}

/*
 * Folds the code point at s[*i] (of len bytes) as fold_icu says (ASCII:
 * lowered; U+0080 to U+024F: from fold_table), writes the folded UTF-8
 * into out (FOLD_CP_MAX bytes) and advances *i past the code point.
 * Returns the folded length (0 for a dropped mark), or -1 on invalid
 * UTF-8 or an ICU failure.  search_fold_init must have succeeded.
 */
static int
fold_cp(const char *s, int32_t len, int32_t *i, char *out)
{
	UChar32	 c;

	U8_NEXT(s, *i, len, c);
	if (c < 0)
		return -1;
	if (c < 0x80) {
		out[0] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
		return 1;
	}
	if (c < FOLD_TABLE_END && fold_table_ready &&
	    fold_table[c - 0x80].len != FOLD_NONE) {
		memcpy(out, fold_table[c - 0x80].s, fold_table[c - 0x80].len);
		return fold_table[c - 0x80].len;
	}
	return fold_icu(c, out);
}

/*
 * Folds s[0..n) (valid UTF-8) one code point at a time (fold_cp) into
 * out, emptied first (NUL-terminated) and, if map is not NULL, into
 * map, emptied first: one original offset (uint32_t) per folded byte,
 * then n.  The buffers are the caller's, to reuse from text to text (the
 * index's build folds every field).  Returns 0, or -1 on invalid UTF-8
 * or exhausted memory (the buffers' contents are then undefined).
 */
int
search_fold_buf(const char *s, size_t n, struct buf *out, struct buf *mb)
{
	char	 u8[FOLD_CP_MAX];
	int32_t	 i = 0, len;
	uint32_t start, end;
	int	 k, m;

	if (n > INT32_MAX / 2 || search_fold_init() == -1)
		return -1;
	len = (int32_t)n;
	buf_reset(out);
	if (mb != NULL)
		buf_reset(mb);
	/* Folding keeps most text's length: one allocation each, where
	 * growing by doubling from 256 bytes was half of the fold's time
	 * in the index's build at 1,000 items per collection. */
	if (buf_reserve(out, n) == -1 || (mb != NULL &&
	    buf_reserve(mb, (n + 1) * sizeof(start)) == -1))
		return -1;
	while (i < len) {
		/* A run of ASCII: lowered in one go, each byte mapped to
		 * its own offset (most of the content: fold_cp per byte
		 * was a fifth of the start-up at 1,000 items per
		 * collection, and of the index's build with a map). */
		if ((unsigned char)s[i] < 0x80) {
			for (k = i; k < len && (unsigned char)s[k] < 0x80; k++)
				continue;
			if (buf_reserve(out, (size_t)(k - i)) == -1 ||
			    (mb != NULL && buf_reserve(mb, (size_t)(k - i) *
			    sizeof(start)) == -1))
				return -1;
			for (; i < k; i++) {
				out->data[out->len++] = (char)(s[i] >= 'A' &&
				    s[i] <= 'Z' ? s[i] + 32 : s[i]);
				if (mb == NULL)
					continue;
				start = (uint32_t)i;
				memcpy(mb->data + mb->len, &start, sizeof(start));
				mb->len += sizeof(start);
			}
			out->data[out->len] = '\0';
			continue;
		}
		start = (uint32_t)i;
		if ((k = fold_cp(s, len, &i, u8)) == -1)
			return -1;
		buf_append(out, u8, (size_t)k);
		if (mb != NULL)
			for (m = 0; m < k; m++)
				buf_append(mb, &start, sizeof(start));
	}
	end = (uint32_t)n;
	if (mb != NULL)
		buf_append(mb, &end, sizeof(end));
	return out->oom || (mb != NULL && mb->oom) ? -1 : 0;
}

static int
is_space(UChar32 c)
{
	/* In ASCII, White_Space is TAB to CR and the space. */
	if (c >= 0 && c < 0x80)
		return c == ' ' || (c >= '\t' && c <= '\r');
	return u_isUWhiteSpace(c);
}

/*
 * Sets t's anchors: the offsets in t where ICU's word break iterator
 * starts a word right after another word.  An ASCII term has none (its
 * letters and digits make one word).  If ICU fails, none.
 */
static void
term_anchors(struct search_term *t)
{
	UErrorCode e = U_ZERO_ERROR;
	UBreakIterator *bi;
	UText	*ut;
	int32_t	 p, q, prev_end = -1;
	size_t	 i;

	t->nanchors = 0;
	for (i = 0; i < t->len && (unsigned char)t->s[i] < 0x80; i++)
		continue;
	if (i == t->len)
		return;
	bi = ubrk_open(UBRK_WORD, NULL, NULL, 0, &e);
	ut = utext_openUTF8(NULL, t->s, (int64_t)t->len, &e);
	ubrk_setUText(bi, ut, &e);
	if (U_SUCCESS(e))
		for (p = ubrk_first(bi); (q = ubrk_next(bi)) != UBRK_DONE;
		    p = q) {
			if (ubrk_getRuleStatus(bi) < UBRK_WORD_NUMBER) {
				prev_end = -1;
				continue;
			}
			if (p == prev_end && p > 0 &&
			    t->nanchors < SEARCH_MAX_ANCHORS)
				t->anchor[t->nanchors++] = (uint16_t)p;
			prev_end = q;
		}
	utext_close(ut);
	ubrk_close(bi);
}

/*
 * Folds q and splits it on white space (any Unicode White_Space) into
 * distinct terms.  Returns SEARCH_Q_OK, SEARCH_Q_EMPTY (no term),
 * SEARCH_Q_TOO_MANY (more than SEARCH_MAX_TERMS distinct terms) or
 * SEARCH_Q_FAIL.  Whatever it returns, search_query_free releases q.
 */
enum search_qstatus
search_query_parse(struct search_query *q, const char *s, size_t len)
{
	struct search_term t;
	const char *f;
	int32_t	 i = 0, prev, n;
	size_t	 j, start = SIZE_MAX;
	UChar32	 c;
	struct buf b;

	memset(q, 0, sizeof(*q));
	buf_init(&b);
	if (search_fold_buf(s, len, &b, NULL) == -1) {
		buf_free(&b);
		return SEARCH_Q_FAIL;
	}
	q->folded_len = b.len;
	if ((q->folded = buf_detach(&b)) == NULL)
		return SEARCH_Q_FAIL;
	f = q->folded;
	n = (int32_t)q->folded_len;
	for (;;) {
		prev = i;
		c = -1;
		if (i < n)
			U8_NEXT(f, i, n, c);
		if (c >= 0 && !is_space(c)) {
			if (start == SIZE_MAX)
				start = (size_t)prev;
			continue;
		}
		if (start != SIZE_MAX) {
			t.s = f + start;
			t.len = (size_t)prev - start;
			start = SIZE_MAX;
			for (j = 0; j < q->nterms; j++)
				if (q->term[j].len == t.len &&
				    memcmp(q->term[j].s, t.s, t.len) == 0)
					break;
			if (j == q->nterms) {
				if (q->nterms == SEARCH_MAX_TERMS)
					return SEARCH_Q_TOO_MANY;
				term_anchors(&t);
				q->term[q->nterms++] = t;
			}
		}
		if (prev >= n)
			break;
	}
	return q->nterms == 0 ? SEARCH_Q_EMPTY : SEARCH_Q_OK;
}

void
search_query_free(struct search_query *q)
{
	free(q->folded);
	memset(q, 0, sizeof(*q));
}

/* Decodes the code point at text[*i] and advances *i past it. */
static UChar32
next_cp(const char *text, size_t len, size_t *i)
{
	int32_t	 k = (int32_t)*i;
	UChar32	 c;

	U8_NEXT(text, k, (int32_t)len, c);
	*i = (size_t)k;
	return c;
}

/* Moves i back by up to n code points; returns the new offset. */
static size_t
back_cps(const char *text, size_t i, size_t n)
{
	int32_t	 k = (int32_t)i;

	while (n-- > 0 && k > 0)
		U8_BACK_1((const uint8_t *)text, 0, k);
	return (size_t)k;
}

/* Moves i forward by up to n code points; returns the new offset. */
static size_t
fwd_cps(const char *text, size_t len, size_t i, size_t n)
{
	int32_t	 k = (int32_t)i;

	while (n-- > 0 && k < (int32_t)len)
		U8_FWD_1((const uint8_t *)text, k, (int32_t)len);
	return (size_t)k;
}

/* Returns 1 if text[from..to) is empty or only white space. */
static int
all_space(const char *text, size_t len, size_t from, size_t to)
{
	while (from < to)
		if (!is_space(next_cp(text, len, &from)))
			return 0;
	return 1;
}

/*
 * The first word start in [s, at]: the offset after the first run of
 * white space in [s, at), or at when there is none.
 */
static size_t
word_after(const char *text, size_t len, size_t s, size_t at)
{
	size_t	 i = s, prev;
	int	 seen = 0;

	while (i < at) {
		prev = i;
		if (is_space(next_cp(text, len, &i)))
			seen = 1;
		else if (seen)
			return prev;
	}
	return at;
}

/*
 * Writes into out an excerpt of text[0..len) of at most
 * SEARCH_SNIPPET_MAX characters around the match text[at..match_end):
 * the whole text when it fits, else a window starting up to
 * SNIPPET_LEAD characters before the match, cut at white space where
 * possible and always between code points, with "…" where text was
 * left out.  out must hold 4 * SEARCH_SNIPPET_MAX + 8 bytes.  Returns
 * the length (out is NUL-terminated), 0 if out is too small.
 */
size_t
search_excerpt(const char *text, size_t len, size_t at, size_t match_end,
    char *out, size_t outsz)
{
	size_t	 s, e, w, i, prev, n = 0;
	UChar32	 c;

	if (outsz < 4 * SEARCH_SNIPPET_MAX + 8)
		return 0;
	if (at > len)
		at = len;
	if (fwd_cps(text, len, 0, SEARCH_SNIPPET_MAX) == len) {
		memcpy(out, text, len);
		out[len] = '\0';
		return len;
	}
	s = back_cps(text, at, SNIPPET_LEAD);
	if (s > 0)
		s = word_after(text, len, s, at);
	/* Room for the text: the limit less one ellipsis per cut end. */
	e = fwd_cps(text, len, s, SEARCH_SNIPPET_MAX - (s > 0) - 1);
	if (e == len) {
		/* The end is in view: start earlier to use the room. */
		w = back_cps(text, len, SEARCH_SNIPPET_MAX - 1);
		if (w < s && (w = word_after(text, len, w, at)) < s)
			s = w;
	} else {
		/* Cut at the last white space after the match, if any. */
		for (i = match_end < s ? s : match_end, w = SIZE_MAX;
		    i < e;) {
			prev = i;
			if (is_space(next_cp(text, len, &i)))
				w = prev;
		}
		if (w != SIZE_MAX)
			e = w;
	}
	/* Trim white space at both ends of the window. */
	while (s < e) {
		i = s;
		if (!is_space(next_cp(text, len, &i)))
			break;
		s = i;
	}
	while (e > s) {
		i = back_cps(text, e, 1);
		prev = i;
		c = next_cp(text, len, &prev);
		if (!is_space(c))
			break;
		e = i;
	}
	if (!all_space(text, len, 0, s)) {
		memcpy(out, ELLIPSIS, 3);
		n = 3;
	}
	memcpy(out + n, text + s, e - s);
	n += e - s;
	if (!all_space(text, len, e, len)) {
		memcpy(out + n, ELLIPSIS, 3);
		n += 3;
	}
	out[n] = '\0';
	return n;
}

/*
 * Maps the folded span [at, end) of f back to the original text:
 * *oat is where the code point that gave folded byte at starts, and
 * the match ends with the original code point its last byte came from,
 * whole.  The index keeps no map (4 bytes per folded byte): the text
 * is folded again, one code point at a time, up to the span's end.
 */
static void
span_back(const struct search_field *f, size_t at, size_t end,
    size_t *oat, size_t *oend)
{
	char	 u8[FOLD_CP_MAX];
	int32_t	 i = 0, len = (int32_t)f->len, start;
	size_t	 pos = 0;
	int	 k;

	*oat = *oend = f->len;
	while (i < len) {
		start = i;
		if ((unsigned char)f->text[i] < 0x80) {
			i++;	/* ASCII folds to one byte */
			k = 1;
		} else if ((k = fold_cp(f->text, len, &i, u8)) == -1)
			return;
		if (at >= pos && at < pos + (size_t)k)
			*oat = (size_t)start;
		pos += (size_t)k;
		if (end > at && end - 1 < pos) {
			*oend = (size_t)i;
			break;
		}
		if (end <= at && *oat != f->len) {
			*oend = *oat;
			break;
		}
	}
}

/*
 * The snippet of a hit: an excerpt of the body around its first match,
 * else of the title around its first match.  Same contract as
 * search_excerpt.
 */
size_t
search_snippet(const struct search_hit *h, char *out, size_t outsz)
{
	const struct search_field *f;
	size_t	 at, end;

	if (h->body_at != SIZE_MAX) {
		f = &h->doc->body;
		span_back(f, h->body_at, h->body_end, &at, &end);
	} else if (h->title_at != SIZE_MAX) {
		f = &h->doc->title;
		span_back(f, h->title_at, h->title_end, &at, &end);
	} else {
		f = &h->doc->body;
		at = end = 0;
	}
	return search_excerpt(f->text, f->len, at, end, out, outsz);
}

