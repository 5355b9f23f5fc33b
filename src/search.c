/*
 * search.c: folding with ICU, the per-language index built at
 * start-up, scoring, snippets and the searchContent handler.  See
 * search.h for the matching rules.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include "api.h"
#include "errors.h"
#include "routes.h"
#include "search.h"

#define BODY_SEP	" \xc2\xb7 "	/* between the parts of a composed body */
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

static void
fold_table_init(void)
{
	char	 u8[FOLD_CP_MAX];
	UChar32	 c;
	int	 n;

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

static int
fold_init(void)
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
 * Folds the code point c (not ASCII) through ICU: NFKC_Casefold, then
 * NFD, then nonspacing and enclosing marks dropped.  Writes the UTF-8
 * into out (FOLD_CP_MAX bytes).  Returns its length, or -1 if ICU
 * fails.
 */
static int
fold_icu(UChar32 c, char *out)
{
	UChar	 in[2], a[64], b[256];
	UErrorCode e = U_ZERO_ERROR;
	UChar32	 d;
	int32_t	 k = 0, na, nb;
	int	 n = 0, t;

	U16_APPEND_UNSAFE(in, k, c);
	na = unorm2_normalize(nfkc_cf, in, k, a, 64, &e);
	if (U_FAILURE(e))
		return -1;
	nb = unorm2_normalize(nfd, a, na, b, 256, &e);
	if (U_FAILURE(e))
		return -1;
	for (k = 0; k < nb;) {
		U16_NEXT(b, k, nb, d);
		t = u_charType(d);
		if (t == U_NON_SPACING_MARK || t == U_ENCLOSING_MARK)
			continue;
		U8_APPEND_UNSAFE(out, n, d);
	}
	return n;
}

/*
 * Folds the code point at s[*i] (of len bytes) as fold_icu says (ASCII:
 * lowered; U+0080 to U+024F: from fold_table), writes the folded UTF-8
 * into out (FOLD_CP_MAX bytes) and advances *i past the code point.
 * Returns the folded length (0 for a dropped mark), or -1 on invalid
 * UTF-8 or an ICU failure.  fold_init must have succeeded.
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
 * Folds s[0..n) (valid UTF-8) one code point at a time (fold_cp).
 * Sets *fold (NUL-terminated) and *fold_len and, if map is not NULL,
 * *map: one original offset per folded byte plus map[fold_len] == n.
 * Returns 0, or -1 on invalid UTF-8 or exhausted memory.  The caller
 * frees *fold and *map.
 */
int
search_fold(const char *s, size_t n, char **fold, size_t *fold_len,
    uint32_t **map)
{
	struct buf out, mb;
	char	 u8[FOLD_CP_MAX];
	int32_t	 i = 0, len;
	uint32_t start, end;
	int	 k, m;

	if (n > INT32_MAX / 2 || fold_init() == -1)
		return -1;
	len = (int32_t)n;
	buf_init(&out);
	buf_init(&mb);
	while (i < len) {
		/* A run of ASCII without a map: lowered in one go (most of
		 * the content, and fold_cp per byte was a fifth of the
		 * start-up at 1,000 items per collection). */
		if (map == NULL && (unsigned char)s[i] < 0x80) {
			for (k = i; k < len && (unsigned char)s[k] < 0x80; k++)
				continue;
			if (buf_reserve(&out, (size_t)(k - i)) == -1)
				goto err;
			for (; i < k; i++)
				out.data[out.len++] = (char)(s[i] >= 'A' &&
				    s[i] <= 'Z' ? s[i] + 32 : s[i]);
			out.data[out.len] = '\0';
			continue;
		}
		start = (uint32_t)i;
		if ((k = fold_cp(s, len, &i, u8)) == -1)
			goto err;
		buf_append(&out, u8, (size_t)k);
		if (map != NULL)
			for (m = 0; m < k; m++)
				buf_append(&mb, &start, sizeof(start));
	}
	end = (uint32_t)n;
	if (map != NULL)
		buf_append(&mb, &end, sizeof(end));
	if (out.oom || mb.oom)
		goto err;
	*fold_len = out.len;
	if ((*fold = buf_detach(&out)) == NULL)
		goto err;
	if (map != NULL && (*map = (uint32_t *)(void *)buf_detach(&mb)) ==
	    NULL) {
		free(*fold);
		goto err;
	}
	return 0;
err:
	buf_free(&out);
	buf_free(&mb);
	return -1;
}

static int
is_space(UChar32 c)
{
	/* In ASCII, White_Space is TAB to CR and the space. */
	if (c >= 0 && c < 0x80)
		return c == ' ' || (c >= '\t' && c <= '\r');
	return u_isUWhiteSpace(c);
}

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

static void
field_free(struct search_field *f)
{
	if (f->shared)
		return;
	free(f->text);
	free(f->fold);
}

static int
field_set(struct search_field *f, const char *s, size_t n)
{
	if ((f->text = malloc(n + 1)) == NULL)
		return -1;
	memcpy(f->text, s, n);
	f->text[n] = '\0';
	f->len = n;
	return search_fold(s, n, &f->fold, &f->fold_len, NULL);
}

/* The string member name of a validated content object. */
static const char *
member(const cJSON *o, const char *name)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(o, name);

	return cJSON_IsString(m) ? m->valuestring : "";
}

/*
 * Fills doc: folds title and body, renders the JSON around the
 * per-request parts.  With share not NULL the body is share's (the
 * document of the same item before it, same text), not a copy.
 * Returns 0 or -1 (out of memory).
 */
static int
doc_set(struct search_doc *d, const char *type, const char *slug,
    const char *title, const char *body, size_t body_len, const char *url,
    const struct search_field *share)
{
	struct buf b;

	d->type = type;
	if (share != NULL) {
		d->body = *share;
		d->body.shared = 1;
	}
	if ((d->slug = strdup(slug)) == NULL ||
	    (d->url = strdup(url)) == NULL ||
	    field_set(&d->title, title, strlen(title)) == -1 ||
	    (share == NULL && field_set(&d->body, body, body_len) == -1))
		return -1;
	buf_init(&b);
	buf_printf(&b, "{\"type\":\"%s\",\"slug\":", type);
	buf_json_string(&b, slug, strlen(slug));
	buf_puts(&b, ",\"title\":");
	buf_json_string(&b, title, strlen(title));
	buf_puts(&b, ",\"snippet\":");
	if (b.oom || (d->head = buf_detach(&b)) == NULL) {
		buf_free(&b);
		return -1;
	}
	buf_puts(&b, ",\"url\":");
	buf_json_string(&b, url, strlen(url));
	buf_puts(&b, ",\"score\":");
	if (b.oom || (d->tail = buf_detach(&b)) == NULL) {
		buf_free(&b);
		return -1;
	}
	return 0;
}

static void
doc_free(struct search_doc *d)
{
	free(d->slug);
	free(d->url);
	free(d->head);
	free(d->tail);
	field_free(&d->title);
	field_free(&d->body);
}

/*
 * Adds the next document of language l; empties body.  With share, the
 * body is that of the document share (see doc_set).  Returns 0 or -1
 * (out of memory).
 */
static int
add_doc(struct search_index *ix, enum lang l, const char *type,
    const char *slug, const char *title, struct buf *body,
    struct buf *url, const struct search_doc *share)
{
	struct search_doc *d;

	if (body->oom || url->oom)
		return -1;
	d = &ix->docs[l][ix->len[l]++];
	if (doc_set(d, type, slug, title, buf_cstr(body), body->len,
	    buf_cstr(url), share != NULL ? &share->body : NULL) == -1)
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
 * Appends to b the parts of API object o that the member list f marks
 * FIELD_BODY, in declaration order: strings as they are, arrays of
 * strings joined with ", ".
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
			buf_puts(&j, cJSON_IsString(e) ? e->valuestring : "");
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
build_lang(struct search_index *ix, const struct model *m,
    const char *base_url, enum lang l)
{
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
				if (add_doc(ix, l, r->hit, it->slug,
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
				if (add_doc(ix, l, r->hit, it->slug,
				    title_of(e, ef), &body, &url, first) == -1)
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

/* The bucket of the word start at fold[at] (see search_post). */
static uint32_t
bucket_of(const char *fold, size_t len, size_t at)
{
	return (uint32_t)(unsigned char)fold[at] << 8 |
	    (at + 1 < len ? (unsigned char)fold[at + 1] : 0);
}

/*
 * Calls fn(arg, i, at) for every word start at of document field i
 * (document index * 2, + 1 for the body) of language l, in field and
 * offset order: the code point starts where word_start holds.  Bodies
 * shared with an earlier document are skipped.
 */
static void
each_start(const struct search_index *ix, enum lang l,
    void (*fn)(void *, uint32_t, const char *, size_t, size_t), void *arg)
{
	const struct search_field *f;
	size_t	 i, at;
	int	 k;

	for (i = 0; i < ix->len[l]; i++)
		for (k = 0; k < 2; k++) {
			f = k ? &ix->docs[l][i].body : &ix->docs[l][i].title;
			if (f->shared)
				continue;
			for (at = 0; at < f->fold_len; at++)
				if (((unsigned char)f->fold[at] & 0xc0) !=
				    0x80 && word_start(f->fold, at))
					fn(arg, (uint32_t)(2 * i + k),
					    f->fold, f->fold_len, at);
		}
}

static void
count_start(void *arg, uint32_t field, const char *fold, size_t len,
    size_t at)
{
	uint32_t *bucket = arg;

	(void)field;
	bucket[bucket_of(fold, len, at) + 1]++;
}

struct fill {
	struct search_post *post;
	uint32_t *next;		/* the next free entry of each bucket */
};

static void
fill_start(void *arg, uint32_t field, const char *fold, size_t len,
    size_t at)
{
	struct fill *fl = arg;
	struct search_post *p;

	p = &fl->post[fl->next[bucket_of(fold, len, at)]++];
	p->field = field;
	p->at = (uint32_t)at;
}

/*
 * Builds the word starts of language l, bucketed by a counting sort
 * (two passes), so each bucket is in field and offset order.  Returns
 * 0 or -1 (out of memory, or more than UINT32_MAX of anything).
 */
static int
build_posts(struct search_index *ix, enum lang l)
{
	struct fill fl;
	size_t	 b;

	if (ix->len[l] > UINT32_MAX / 2)
		return -1;
	if ((ix->bucket[l] = calloc(SEARCH_BUCKETS + 1,
	    sizeof(*ix->bucket[l]))) == NULL)
		return -1;
	each_start(ix, l, count_start, ix->bucket[l]);
	for (b = 1; b <= SEARCH_BUCKETS; b++)
		ix->bucket[l][b] += ix->bucket[l][b - 1];
	fl.post = NULL;
	if (ix->bucket[l][SEARCH_BUCKETS] > 0 &&
	    (fl.post = calloc(ix->bucket[l][SEARCH_BUCKETS],
	    sizeof(*fl.post))) == NULL)
		return -1;
	ix->post[l] = fl.post;
	if ((fl.next = malloc(SEARCH_BUCKETS * sizeof(*fl.next))) == NULL)
		return -1;
	memcpy(fl.next, ix->bucket[l], SEARCH_BUCKETS * sizeof(*fl.next));
	each_start(ix, l, fill_start, &fl);
	free(fl.next);
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
	int	 l;

	if (fold_init() == -1) {
		snprintf(err, errlen, "search: ICU normalizers unavailable");
		return NULL;
	}
	if ((ix = calloc(1, sizeof(*ix))) == NULL)
		goto nomem;
	for (l = 0; l < LANG__MAX; l++)
		if (build_lang(ix, m, base_url, (enum lang)l) == -1 ||
		    build_posts(ix, (enum lang)l) == -1)
			goto nomem;
	return ix;
nomem:
	snprintf(err, errlen, "search: out of memory building the index");
	search_free(ix);
	return NULL;
}

void
search_free(struct search_index *ix)
{
	size_t	 i;
	int	 l;

	if (ix == NULL)
		return;
	for (l = 0; l < LANG__MAX; l++) {
		for (i = 0; i < ix->len[l]; i++)
			doc_free(&ix->docs[l][i]);
		free(ix->docs[l]);
		free(ix->post[l]);
		free(ix->bucket[l]);
	}
	free(ix);
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

	memset(q, 0, sizeof(*q));
	if (search_fold(s, len, &q->folded, &q->folded_len, NULL) == -1)
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

#define SCORE_MAX	(3 * SEARCH_MAX_TERMS)	/* 2 + 1 per term */
_Static_assert(SCORE_MAX < 100, "search_handler writes scores as two digits");

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

/* Compares term t with the word start p of index ix in language l. */
static int
post_matches(const struct search_index *ix, enum lang l,
    const struct search_post *p, const struct search_term *t)
{
	const struct search_doc *d = &ix->docs[l][p->field >> 1];
	const struct search_field *f = p->field & 1 ? &d->body : &d->title;

	/* The bucket has the first two bytes (the second 0 at the end). */
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
 * one-byte term: the 256 buckets of its byte); a document gathers 2
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
	size_t	 at[SCORE_MAX + 2] = { 0 };
	size_t	 i, j, n = ix->len[l], owner = 0, lo, hi, total = 0, k;
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
		lo = (size_t)(unsigned char)t->s[0] << 8;
		hi = lo + 256;
		if (t->len > 1) {
			lo |= (unsigned char)t->s[1];
			hi = lo + 1;
		}
		pend = ix->post[l] + ix->bucket[l][hi];
		for (p = ix->post[l] + ix->bucket[l][lo]; p < pend; p++)
			if (post_matches(ix, l, p, t))
				tally_match(&ty[p->field >> 1],
				    (int)(p->field & 1), j, p->at, t->len);
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
			at[SCORE_MAX - y->title_j + 1]++;
			total++;
		}
	}
	for (sc = 1; sc <= SCORE_MAX + 1; sc++)
		at[sc] += at[sc - 1];
	for (i = 0; i < n; i++) {
		y = &ty[i];
		if (y->title_j == 0)
			continue;
		if ((k = at[SCORE_MAX - y->title_j]++) >= max)
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

/*
 * GET /api/v1/search: folds q, scans the index of the negotiated
 * language, answers the best limit hits.  q's length and limit were
 * checked by the dispatcher; the terms are checked here.
 */
void
search_handler(struct ctx *x)
{
	const struct search_index *ix = x->app->search;
	struct buf *b = &x->resp->body;
	struct search_query q;
	struct search_hit *hits = NULL;
	char	 snip[4 * SEARCH_SNIPPET_MAX + 8];
	size_t	 i, n, total, count, qlen = strlen(x->q);
	const char *shown;

	shown = arena_excerpt(x->arena, x->q, qlen, 80);
	switch (search_query_parse(&q, x->q, qlen)) {
	case SEARCH_Q_OK:
		break;
	case SEARCH_Q_EMPTY:
		err_send(x, ERR_INVALID_PARAMETER, "Retry with one or more "
		    "words in q, for example ?q=cloud.", "Parameter 'q' must "
		    "contain at least one search term (text between spaces); "
		    "received '%s'.", shown);
		goto out;
	case SEARCH_Q_TOO_MANY:
		err_send(x, ERR_INVALID_PARAMETER, "Retry with fewer words "
		    "in q: keep the most specific ones.", "Parameter 'q' "
		    "must have from 1 to %d distinct search terms; received "
		    "'%s'.", SEARCH_MAX_TERMS, shown);
		goto out;
	case SEARCH_Q_FAIL:
		err_send(x, ERR_INTERNAL, "Retry the request later.",
		    "The server could not process the search terms.");
		goto out;
	}
	if ((hits = arena_alloc(x->arena, (size_t)x->limit *
	    sizeof(*hits))) == NULL) {
		err_send(x, ERR_INTERNAL, "Retry the request later.",
		    "The server ran out of memory while searching.");
		goto out;
	}
	total = search_run(ix, x->lang, &q, hits, (size_t)x->limit);
	count = total < (size_t)x->limit ? total : (size_t)x->limit;
	x->offset = 0;
	api_begin(x);
	buf_putc(b, '[');
	for (i = 0; i < count; i++) {
		if (i > 0)
			buf_putc(b, ',');
		buf_puts(b, hits[i].doc->head);
		n = search_snippet(&hits[i], snip, sizeof(snip));
		buf_json_string(b, snip, n);
		buf_puts(b, hits[i].doc->tail);
		/* The score, 1 to SCORE_MAX, without printf. */
		if (hits[i].score >= 10)
			buf_putc(b, (char)('0' + hits[i].score / 10));
		buf_putc(b, (char)('0' + hits[i].score % 10));
		buf_putc(b, '}');
	}
	buf_putc(b, ']');
	api_end(x, (long)count, (long)total);
out:
	search_query_free(&q);
}
