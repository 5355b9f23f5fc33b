/*
 * search_index.c: the per-language search index built at start-up
 * (documents, their folded titles and bodies, the word-start postings)
 * and scoring a query against it.  See search.h for the matching
 * rules.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

#include "api/search.h"

#define BODY_SEP	" \xc2\xb7 "	/* between the parts of a composed body */

/* Returns 1 if a match may start at byte pos of the folded text. */
static int
word_start(const char *fold, size_t pos)
{
	int32_t	 i = (int32_t)pos;
	UChar32	 c;

	if (pos == 0)
		return 1;
	/* A byte below 0x80 is a whole ASCII character, and the ASCII
	 * letters and digits are exactly the ones u_isalnum takes. */
	c = (unsigned char)fold[pos - 1];
	if (c < 0x80)
		return !((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		    (c >= 'A' && c <= 'Z'));
	U8_PREV(fold, 0, i, c);
	return c < 0 || !u_isalnum(c);
}

/* Strings of the index are packed into blocks of this size. */
#define STRINGS_BLOCK	((size_t)64 * 1024)

/*
 * A word start while the index is built: documents' field (search_post)
 * and folded offset, and its bucket (bucket_of), in field and offset
 * order.
 */
struct start {
	uint32_t field;
	uint32_t at;
	uint32_t bucket;
};

/* What building one language's documents reuses from field to field. */
struct build {
	struct search_index *ix;
	enum lang l;
	UBreakIterator *bi;	/* the language's word breaks, or NULL */
	struct buf fold;	/* a field's folded text */
	struct buf map;		/* its original offsets (search_fold_buf) */
	struct buf mark;	/* its word starts by ICU (mark_words) */
	struct buf starts;	/* every field's word starts (struct start) */
};

/*
 * The bucket of the word start at fold[at] (see search_post): an ASCII
 * first byte with the next byte; else a hash of the first code point
 * alone, above every ASCII bucket (the first two bytes of a kana or an
 * ideograph are shared by 64 code points, whose starts one bucket held).
 */
static uint32_t
bucket_of(const char *fold, size_t len, size_t at)
{
	unsigned char c = (unsigned char)fold[at];
	uint32_t h = 2166136261u;	/* FNV-1a */
	size_t	 n, i;

	if (c < 0x80)
		return (uint32_t)c << 8 |
		    (at + 1 < len ? (unsigned char)fold[at + 1] : 0);
	n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
	for (i = at; i < at + n && i < len; i++)
		h = (h ^ (unsigned char)fold[i]) * 16777619u;
	return 0x8000 | (h & 0x7fff);
}

/* Whether a break iterator's rule status is a word's (not spaces or
 * punctuation). */
#define WORDY(st)	((st) >= UBRK_WORD_NUMBER)
#define IDEO(st)	((st) >= UBRK_WORD_IDEO && (st) < UBRK_WORD_IDEO_LIMIT)
#define COMPOUND	3	/* ideographs: a word this long is a compound */

/*
 * Marks in mark (one byte per byte of text) the word starts ICU's word
 * break iterator bi finds in text[0..n): the start of each word it
 * gives (dictionary-based for the scripts written without spaces), and
 * each code point of a word of COMPOUND or more ideographs (a compound
 * such as "地域医療": ICU gives dictionary words of kana the ideographic
 * status too, so the code points themselves are asked).  Returns 0, or -1 if ICU fails.
 */
static int
mark_words(UBreakIterator *bi, const char *text, size_t n, uint8_t *mark)
{
	UErrorCode e = U_ZERO_ERROR;
	UText	*ut;
	UChar32	 c;
	int32_t	 p, q, i, cps, st;

	if ((ut = utext_openUTF8(NULL, text, (int64_t)n, &e)) == NULL ||
	    U_FAILURE(e))
		return -1;
	ubrk_setUText(bi, ut, &e);
	if (U_FAILURE(e)) {
		utext_close(ut);
		return -1;
	}
	for (p = ubrk_first(bi); (q = ubrk_next(bi)) != UBRK_DONE; p = q) {
		if (!WORDY(st = ubrk_getRuleStatus(bi)))
			continue;
		mark[p] = 1;
		if (!IDEO(st))
			continue;
		for (i = p, cps = 0; i < q; cps++) {
			U8_NEXT(text, i, q, c);
			if (c < 0 || !u_hasBinaryProperty(c, UCHAR_IDEOGRAPHIC))
				break;
		}
		if (i < q || cps < COMPOUND)
			continue;
		for (i = p; i < q;) {
			mark[i] = 1;
			U8_FWD_1(text, i, q);
		}
	}
	utext_close(ut);
	return 0;
}

/*
 * Whether c, beyond ASCII, is a letter of Latin-1 or Latin Extended-A
 * (U+00C0-U+017F but the signs U+00D7 and U+00F7), or punctuation
 * that folds to punctuation or a space: the no-break space, ¡ « · » ¿,
 * the dashes and quotation marks of U+2010-U+201F, the ellipsis.
 */
static int
latin_char(UChar32 c)
{
	if (c >= 0xc0 && c <= 0x17f)
		return c != 0xd7 && c != 0xf7;
	return c == 0xa0 || c == 0xa1 || c == 0xab || c == 0xb7 ||
	    c == 0xbb || c == 0xbf || (c >= 0x2010 && c <= 0x201f) ||
	    c == 0x2026;
}

/*
 * Returns 1 when every code point of text[0..n) is ASCII or latin_char.
 * In such a text ICU's word breaks add no start to word_start's: they
 * part no run of letters and digits (UAX #29's WB5 and WB8-WB10), so
 * the character before each word they find is neither a letter nor a
 * digit, and folding keeps it so.  mark_words was a third of the
 * index's build on such text (1,000 items per collection).
 */
static int
latin_letters(const char *text, size_t n)
{
	int32_t	 i = 0;
	UChar32	 c;

	while (i < (int32_t)n) {
		if ((unsigned char)text[i] < 0x80) {
			i++;
			continue;
		}
		U8_NEXT(text, i, (int32_t)n, c);
		if (c < 0 || !latin_char(c))
			return 0;
	}
	return 1;
}

/*
 * Appends the word starts (search.h, "Matching") of f, field number
 * field, to b->starts: the folded offsets of code points where
 * word_start holds or where the original code point they come from
 * starts a word for b->bi (mark_words).  b->map gives the original
 * offset of each folded byte.  Returns 0 or -1.
 */
static int
field_starts(struct build *b, const struct search_field *f,
    uint32_t field)
{
	const uint32_t *map = (const uint32_t *)(void *)b->map.data;
	uint8_t	*mark = NULL;
	struct start st;
	size_t	 at;

	if (b->bi != NULL && f->len > 0 && !latin_letters(f->text, f->len)) {
		buf_reset(&b->mark);
		if (buf_reserve(&b->mark, f->len + 1) == -1)
			return -1;
		mark = (uint8_t *)b->mark.data;
		memset(mark, 0, f->len + 1);
		if (mark_words(b->bi, f->text, f->len, mark) == -1)
			mark = NULL;	/* ICU failed: the old starts */
	}
	st.field = field;
	for (at = 0; at < f->fold_len; at++) {
		if (((unsigned char)f->fold[at] & 0xc0) == 0x80)
			continue;
		if (word_start(f->fold, at) || (mark != NULL &&
		    mark[map[at]] && (at == 0 || map[at - 1] != map[at]))) {
			st.at = (uint32_t)at;
			st.bucket = bucket_of(f->fold, f->fold_len, at);
			buf_append(&b->starts, &st, sizeof(st));
		}
	}
	return b->starts.oom ? -1 : 0;
}

/*
 * Copies and folds s[0..n) into f, field number field of the index,
 * with its word starts.  Returns 0 or -1.
 */
static int
field_set(struct build *b, struct search_field *f, uint32_t field,
    const char *s, size_t n)
{
	struct arena *a = &b->ix->strings;

	if ((f->text = arena_strndup(a, s, n)) == NULL)
		return -1;
	f->len = n;
	if (search_fold_buf(s, n, &b->fold, &b->map) == -1 ||
	    (f->fold = arena_strndup(a, buf_cstr(&b->fold),
	    b->fold.len)) == NULL)
		return -1;
	f->fold_len = b->fold.len;
	return field_starts(b, f, field);
}

/* The string member name of a validated content object. */
static const char *
member(const cJSON *o, const char *name)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(o, name);

	return cJSON_IsString(m) ? m->valuestring : "";
}

/*
 * Adds the next document of language b->l: folds title and body;
 * empties body.  With share not NULL the body is that of the document
 * share (the document of the same item before it, same text), not a
 * copy.  Returns 0 or -1 (out of memory).
 */
static int
add_doc(struct build *b, const char *type, const char *slug,
    const char *title, struct buf *body, struct buf *url,
    const struct search_doc *share)
{
	struct search_index *ix = b->ix;
	struct search_doc *d;
	uint32_t field;

	if (body->oom || url->oom)
		return -1;
	field = (uint32_t)(2 * ix->len[b->l]);
	d = &ix->docs[b->l][ix->len[b->l]++];
	d->type = type;
	if (share != NULL) {
		d->body = share->body;
		d->body.shared = 1;
	}
	if ((d->slug = arena_strndup(&ix->strings, slug,
	    strlen(slug))) == NULL ||
	    (d->url = arena_strndup(&ix->strings, buf_cstr(url),
	    url->len)) == NULL ||
	    field_set(b, &d->title, field, title, strlen(title)) == -1 ||
	    (share == NULL && field_set(b, &d->body, field + 1,
	    buf_cstr(body), body->len) == -1))
		return -1;
	buf_reset(body);
	return 0;
}

/* Appends the parts of a body, BODY_SEP between non-empty ones. */
static void
body_part(struct buf *b, const char *s)
{
	if (*s == '\0')
		return;
	if (b->len > 0)
		buf_puts(b, BODY_SEP);
	buf_puts(b, s);
}

/*
 * Appends to j the text of array element e: a string as it is; an
 * object (sub: its members) its members that sub marks FIELD_BODY,
 * joined with " " (a publication's authors by their names).
 */
static void
element_text(struct buf *j, const cJSON *e, const struct field *sub)
{
	const struct field *g;
	size_t	 at = j->len;

	if (cJSON_IsString(e)) {
		buf_puts(j, e->valuestring);
		return;
	}
	for (g = sub; g != NULL && g->name != NULL; g++) {
		if (!(g->flags & FIELD_BODY) || *member(e, g->name) == '\0')
			continue;
		if (j->len > at)
			buf_putc(j, ' ');
		buf_puts(j, member(e, g->name));
	}
}

/*
 * Appends to b the parts of API object o that the member list f marks
 * FIELD_BODY, in declaration order: strings as they are, arrays joined
 * with ", " (each element by element_text).
 */
static void
body_parts(struct buf *b, const cJSON *o, const struct field *f)
{
	const cJSON *arr, *e;
	struct buf j;

	for (; f->name != NULL; f++) {
		if (!(f->flags & FIELD_BODY))
			continue;
		if (f->kind != F_ARRAY) {
			body_part(b, member(o, f->name));
			continue;
		}
		buf_init(&j);
		arr = cJSON_GetObjectItemCaseSensitive(o, f->name);
		cJSON_ArrayForEach(e, arr) {
			if (e != arr->child)
				buf_puts(&j, ", ");
			element_text(&j, e, f->sub != NULL ? f->sub->sub :
			    NULL);
		}
		body_part(b, buf_cstr(&j));
		b->oom |= j.oom;
		buf_free(&j);
	}
}

/* Returns the value of the member of o that f marks FIELD_TITLE. */
static const char *
title_of(const cJSON *o, const struct field *f)
{
	for (; f->name != NULL; f++)
		if (f->flags & FIELD_TITLE)
			return member(o, f->name);
	return "";
}

/* The documents one item gives: one, or one per element of hit_each. */
static size_t
item_docs(const struct resource *r, const struct item *it, enum lang l)
{
	if (r->hit == NULL)
		return 0;
	if (r->hit_each == NULL)
		return 1;
	return (size_t)cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(
	    it->obj[l], r->hit_each));
}

/*
 * Builds the documents of language l in tie-break order: the
 * searchable collections in served order, items in file order.  What
 * is title and what is body comes from the declarations of
 * resource.c; a resource with hit_each (skills) gives one document per
 * element of that array, titled by the element, its body the item's.
 */
static int
build_lang(struct build *bd, const struct model *m, const char *base_url)
{
	struct search_index *ix = bd->ix;
	enum lang l = bd->l;
	const struct resource *r;
	const struct field *ef;
	const struct search_doc *first;
	const cJSON *o, *e;
	struct buf body, url;
	size_t	 i, n = 0;
	int	 k, rc = -1;

	for (k = 0; k < COLL__MAX; k++)
		for (i = 0; i < m->coll[k].len; i++)
			n += item_docs(&resources[k], &m->coll[k].items[i], l);
	if (n > 0 && (ix->docs[l] = calloc(n, sizeof(**ix->docs))) == NULL)
		return -1;
	buf_init(&body);
	buf_init(&url);
	for (k = 0; k < COLL__MAX; k++) {
		r = &resources[k];
		if (r->hit == NULL)
			continue;
		for (i = 0; i < m->coll[k].len; i++) {
			const struct item *it = &m->coll[k].items[i];

			o = it->obj[l];
			buf_reset(&url);
			if (r->self_url)
				buf_printf(&url, "%s/api/v1/%s/%s", base_url,
				    r->name, it->slug);
			else
				buf_printf(&url, "%s/api/v1/%s", base_url,
				    r->name);
			if (r->hit_each == NULL) {
				body_parts(&body, o, r->fields);
				if (add_doc(bd, r->hit, it->slug,
				    title_of(o, r->fields), &body, &url,
				    NULL) == -1)
					goto out;
				continue;
			}
			/* The item's documents share one body: the first
			 * holds it. */
			ef = field_find(r->fields, r->hit_each)->sub->sub;
			first = NULL;
			cJSON_ArrayForEach(e,
			    cJSON_GetObjectItemCaseSensitive(o, r->hit_each)) {
				if (first == NULL)
					body_parts(&body, o, r->fields);
				if (add_doc(bd, r->hit, it->slug,
				    title_of(e, ef), &body, &url,
				    first) == -1)
					goto out;
				if (first == NULL)
					first = &ix->docs[l][ix->len[l] - 1];
			}
		}
	}
	rc = 0;
out:
	buf_free(&body);
	buf_free(&url);
	return rc;
}

/*
 * Builds the word starts of language b->l from b->starts, bucketed by
 * a counting sort, so each bucket is in field and offset order.
 * Returns 0 or -1 (out of memory, or more than UINT32_MAX of anything).
 */
static int
build_posts(struct build *b)
{
	struct search_index *ix = b->ix;
	const struct start *st = (const struct start *)(void *)b->starts.data;
	struct search_post *post;
	uint32_t *bucket;
	size_t	 i, n = b->starts.len / sizeof(*st);
	enum lang l = b->l;

	if (ix->len[l] > UINT32_MAX / 2 || n > UINT32_MAX)
		return -1;
	if ((bucket = ix->bucket[l] = calloc(SEARCH_BUCKETS + 1,
	    sizeof(*bucket))) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		bucket[st[i].bucket + 1]++;
	for (i = 1; i <= SEARCH_BUCKETS; i++)
		bucket[i] += bucket[i - 1];
	if (n == 0)
		return 0;
	if ((post = ix->post[l] = malloc(n * sizeof(*post))) == NULL)
		return -1;
	/* Each bucket's next free entry, kept in the buckets themselves
	 * while they are filled (each then holds its end: shifted back
	 * below). */
	for (i = 0; i < n; i++) {
		post[bucket[st[i].bucket]].field = st[i].field;
		post[bucket[st[i].bucket]++].at = st[i].at;
	}
	memmove(bucket + 1, bucket, SEARCH_BUCKETS * sizeof(*bucket));
	bucket[0] = 0;
	return 0;
}

/*
 * Builds the index of both languages from the model.  Returns it (free
 * with search_free), or NULL with a message in err.
 */
struct search_index *
search_build(const struct model *m, const char *base_url, char *err,
    size_t errlen)
{
	struct search_index *ix;
	struct build b;
	UErrorCode e;
	int	 l, rc = 0;

	if (search_fold_init() == -1) {
		snprintf(err, errlen, "search: ICU normalizers unavailable");
		return NULL;
	}
	if ((ix = calloc(1, sizeof(*ix))) == NULL)
		goto nomem;
	arena_init(&ix->strings, STRINGS_BLOCK);
	memset(&b, 0, sizeof(b));
	b.ix = ix;
	for (l = 0; l < m->langs.n && rc == 0; l++) {
		/* The language's word breaks (without ICU's break data:
		 * none, only the starts after a non-letter). */
		e = U_ZERO_ERROR;
		b.l = (enum lang)l;
		b.bi = ubrk_open(UBRK_WORD, lang_code(&m->langs, b.l), NULL,
		    0, &e);
		if (U_FAILURE(e))
			b.bi = NULL;
		buf_reset(&b.starts);
		rc = build_lang(&b, m, base_url) == -1 || build_posts(&b) == -1;
		ubrk_close(b.bi);
	}
	buf_free(&b.fold);
	buf_free(&b.map);
	buf_free(&b.mark);
	buf_free(&b.starts);
	if (rc == 0)
		return ix;
nomem:
	snprintf(err, errlen, "search: out of memory building the index");
	search_free(ix);
	return NULL;
}

void
search_free(struct search_index *ix)
{
	int	 l;

	if (ix == NULL)
		return;
	for (l = 0; l < LANG__MAX; l++) {
		free(ix->docs[l]);
		if (!ix->lent) {
			free(ix->post[l]);
			free(ix->bucket[l]);
		}
	}
	arena_free(&ix->strings);
	free(ix);
}

#define NONE	UINT32_MAX	/* no match in a field */

/* What one request knows of one document while it scores. */
struct tally {
	uint32_t title_at, title_end;	/* folded span of the first match */
	uint32_t body_at, body_end;	/* NONE if none */
	uint8_t	 title_n, body_n;	/* distinct terms found in each */
	uint8_t	 title_j, body_j;	/* 1 + the last term counted */
};

/* Records in y a match of term j (length len) at folded offset at. */
static void
tally_match(struct tally *y, int body, size_t j, uint32_t at, size_t len)
{
	uint8_t	*cnt = body ? &y->body_n : &y->title_n;
	uint8_t	*last = body ? &y->body_j : &y->title_j;
	uint32_t *fat = body ? &y->body_at : &y->title_at;
	uint32_t *fend = body ? &y->body_end : &y->title_end;

	if (*last != j + 1) {
		*last = (uint8_t)(j + 1);
		(*cnt)++;
	}
	if (at < *fat) {
		*fat = at;
		*fend = at + (uint32_t)len;
	}
}

/*
 * Whether term t is at folded offset p->at - a of the field of word
 * start p (a: 0, or one of t's anchors); an ASCII bucket has already
 * matched the first two bytes (the second 0 at the end), a hash bucket
 * nothing for sure.
 */
static int
post_matches(const struct search_index *ix, enum lang l,
    const struct search_post *p, const struct search_term *t, size_t a)
{
	const struct search_doc *d = &ix->docs[l][p->field >> 1];
	const struct search_field *f = p->field & 1 ? &d->body : &d->title;

	if (a > 0 || (unsigned char)t->s[0] >= 0x80)	/* a hash bucket */
		return p->at >= a && p->at - a + t->len <= f->fold_len &&
		    memcmp(f->fold + p->at - a, t->s, t->len) == 0;
	if (t->len < 2)
		return 1;
	return p->at + t->len <= f->fold_len && (t->len == 2 ||
	    memcmp(f->fold + p->at + 2, t->s + 2, t->len - 2) == 0);
}

static size_t
span(uint32_t v)
{
	return v == NONE ? SIZE_MAX : (size_t)v;
}

/*
 * Scores the documents of language l against q and writes the best
 * hits (score > 0), at most max of them, into hits, best first: score
 * descending, then index order (type, file order).  Returns the number
 * of hits in all, which may be more than max.
 *
 * Each term is compared only at the word starts of its bucket (for a
 * one-byte term: the 256 buckets of its byte), and for each of its
 * anchors at the word starts of the anchor's bucket, where the whole
 * term must surround it; a document gathers 2
 * points per term found in its title, 1 per term found in its body,
 * and in each field the first match (the lowest offset; on a tie, the
 * earlier term), exactly what a scan of every field for every term
 * finds.  A shared body's matches count for every document that shares
 * it.  The order is a counting sort on the score, written straight
 * into hits: a request allocates one tally per document and nothing per
 * hit.
 */
size_t
search_run(const struct search_index *ix, enum lang l,
    const struct search_query *q, struct search_hit *hits, size_t max)
{
	const struct search_post *p, *pend;
	const struct search_term *t;
	struct tally *ty, *y;
	size_t	 at[SEARCH_SCORE_MAX + 2] = { 0 };
	size_t	 i, j, n = ix->len[l], owner = 0, lo, hi, total = 0, k, a;
	int	 sc;

	if (n == 0)
		return 0;
	if ((ty = malloc(n * sizeof(*ty))) == NULL)
		return 0;
	for (i = 0; i < n; i++) {
		ty[i].title_at = ty[i].title_end = NONE;
		ty[i].body_at = ty[i].body_end = NONE;
		ty[i].title_n = ty[i].body_n = 0;
		ty[i].title_j = ty[i].body_j = 0;
	}
	for (j = 0; j < q->nterms; j++) {
		t = &q->term[j];
		for (k = 0; k <= t->nanchors; k++) {
			a = k == 0 ? 0 : t->anchor[k - 1];
			lo = (size_t)(unsigned char)t->s[a] << 8;
			hi = lo + 256;
			if ((unsigned char)t->s[a] >= 0x80) {
				lo = bucket_of(t->s, t->len, a);
				hi = lo + 1;
			} else if (t->len - a > 1) {
				lo |= (unsigned char)t->s[a + 1];
				hi = lo + 1;
			}
			pend = ix->post[l] + ix->bucket[l][hi];
			for (p = ix->post[l] + ix->bucket[l][lo]; p < pend;
			    p++)
				if (post_matches(ix, l, p, t, a))
					tally_match(&ty[p->field >> 1],
					    (int)(p->field & 1), j,
					    p->at - (uint32_t)a, t->len);
		}
	}
	/* A shared body's figures are its owner's, the document before
	 * that holds it.  Then the scores, counted by value. */
	for (i = 0; i < n; i++) {
		y = &ty[i];
		if (!ix->docs[l][i].body.shared)
			owner = i;
		else {
			y->body_n = ty[owner].body_n;
			y->body_at = ty[owner].body_at;
			y->body_end = ty[owner].body_end;
		}
		/* title_j is free now: it keeps the score. */
		y->title_j = (uint8_t)(2 * y->title_n + y->body_n);
		if (y->title_j > 0) {
			at[SEARCH_SCORE_MAX - y->title_j + 1]++;
			total++;
		}
	}
	for (sc = 1; sc <= SEARCH_SCORE_MAX + 1; sc++)
		at[sc] += at[sc - 1];
	for (i = 0; i < n; i++) {
		y = &ty[i];
		if (y->title_j == 0)
			continue;
		if ((k = at[SEARCH_SCORE_MAX - y->title_j]++) >= max)
			continue;
		hits[k].doc = &ix->docs[l][i];
		hits[k].score = y->title_j;
		hits[k].title_at = span(y->title_at);
		hits[k].title_end = span(y->title_end);
		hits[k].body_at = span(y->body_at);
		hits[k].body_end = span(y->body_end);
	}
	free(ty);
	return total;
}
