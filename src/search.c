/*
 * search.c: folding with ICU, the per-language index built at
 * start-up, scoring, snippets and the searchContent handler.  See
 * search.h for the matching rules.
 */
#include "config.h"

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
	return U_FAILURE(e) ? -1 : 0;
}

/* Appends n folded bytes, each mapped back to original offset off. */
static void
emit(struct buf *out, struct buf *map, const char *p, size_t n,
    uint32_t off)
{
	size_t	 i;

	buf_append(out, p, n);
	if (map != NULL)
		for (i = 0; i < n; i++)
			buf_append(map, &off, sizeof(off));
}

/*
 * Folds s[0..n) (valid UTF-8) one code point at a time: NFKC_Casefold,
 * then NFD, then nonspacing and enclosing marks dropped.  Sets *fold
 * (NUL-terminated) and *fold_len and, if map is not NULL, *map: one
 * original offset per folded byte plus map[fold_len] == n.  Returns 0,
 * or -1 on invalid UTF-8 or exhausted memory.  The caller frees *fold
 * and *map.
 */
int
search_fold(const char *s, size_t n, char **fold, size_t *fold_len,
    uint32_t **map)
{
	struct buf out, mb;
	UChar	 in[2], a[64], b[256];
	UErrorCode e;
	UChar32	 c, d;
	int32_t	 i = 0, k, na, nb, len;
	uint32_t start, end;
	char	 u8[4];
	int	 t;

	if (n > INT32_MAX / 2 || fold_init() == -1)
		return -1;
	len = (int32_t)n;
	buf_init(&out);
	buf_init(&mb);
	while (i < len) {
		start = (uint32_t)i;
		U8_NEXT(s, i, len, c);
		if (c < 0)
			goto err;
		if (c < 0x80) {
			u8[0] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
			emit(&out, map ? &mb : NULL, u8, 1, start);
			continue;
		}
		k = 0;
		U16_APPEND_UNSAFE(in, k, c);
		e = U_ZERO_ERROR;
		na = unorm2_normalize(nfkc_cf, in, k, a, 64, &e);
		if (U_FAILURE(e))
			goto err;
		nb = unorm2_normalize(nfd, a, na, b, 256, &e);
		if (U_FAILURE(e))
			goto err;
		for (k = 0; k < nb;) {
			U16_NEXT(b, k, nb, d);
			t = u_charType(d);
			if (t == U_NON_SPACING_MARK || t == U_ENCLOSING_MARK)
				continue;
			na = 0;
			U8_APPEND_UNSAFE(u8, na, d);
			emit(&out, map ? &mb : NULL, u8, (size_t)na, start);
		}
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
	U8_PREV(fold, 0, i, c);
	return c < 0 || !u_isalnum(c);
}

/* Returns the folded offset of the first word-prefix match, or SIZE_MAX. */
static size_t
find_term(const struct search_field *f, const struct search_term *t)
{
	const char *p = f->fold, *end = f->fold + f->fold_len, *hit;

	while (p < end && (hit = memmem(p, (size_t)(end - p), t->s,
	    t->len)) != NULL) {
		if (word_start(f->fold, (size_t)(hit - f->fold)))
			return (size_t)(hit - f->fold);
		p = hit + 1;
	}
	return SIZE_MAX;
}

static void
field_free(struct search_field *f)
{
	free(f->text);
	free(f->fold);
	free(f->map);
}

static int
field_set(struct search_field *f, const char *s, size_t n)
{
	if ((f->text = malloc(n + 1)) == NULL)
		return -1;
	memcpy(f->text, s, n);
	f->text[n] = '\0';
	f->len = n;
	return search_fold(s, n, &f->fold, &f->fold_len, &f->map);
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
 * per-request parts.  Returns 0 or -1 (out of memory).
 */
static int
doc_set(struct search_doc *d, const char *type, const char *slug,
    const char *title, const char *body, size_t body_len, const char *url)
{
	struct buf b;

	d->type = type;
	if ((d->slug = strdup(slug)) == NULL ||
	    (d->url = strdup(url)) == NULL ||
	    field_set(&d->title, title, strlen(title)) == -1 ||
	    field_set(&d->body, body, body_len) == -1)
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
 * Adds the next document of language l; empties body.  Returns 0 or -1
 * (out of memory).
 */
static int
add_doc(struct search_index *ix, enum lang l, const char *type,
    const char *slug, const char *title, struct buf *body,
    struct buf *url)
{
	struct search_doc *d;

	if (body->oom || url->oom)
		return -1;
	d = &ix->docs[l][ix->len[l]++];
	if (doc_set(d, type, slug, title, buf_cstr(body), body->len,
	    buf_cstr(url)) == -1)
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
				    title_of(o, r->fields), &body, &url) == -1)
					goto out;
				continue;
			}
			ef = field_find(r->fields, r->hit_each)->sub->sub;
			cJSON_ArrayForEach(e,
			    cJSON_GetObjectItemCaseSensitive(o, r->hit_each)) {
				body_parts(&body, o, r->fields);
				if (add_doc(ix, l, r->hit, it->slug,
				    title_of(e, ef), &body, &url) == -1)
					goto out;
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
	for (l = 0; l < m->langs.n; l++)
		if (build_lang(ix, m, base_url, (enum lang)l) == -1)
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

/* Best first: score descending, then index order (type, file order). */
static int
hit_cmp(const void *pa, const void *pb)
{
	const struct search_hit *a = pa, *b = pb;

	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return a->doc < b->doc ? -1 : a->doc > b->doc;
}

/*
 * Scores every document of language l against q and writes the hits
 * (score > 0) into hits, which has room for ix->len[l] entries, best
 * first.  Returns the number of hits.
 */
size_t
search_run(const struct search_index *ix, enum lang l,
    const struct search_query *q, struct search_hit *hits)
{
	const struct search_doc *d;
	struct search_hit h;
	size_t	 i, j, p, n = 0;

	for (i = 0; i < ix->len[l]; i++) {
		d = &ix->docs[l][i];
		h.doc = d;
		h.score = 0;
		h.title_at = h.title_end = h.body_at = h.body_end = SIZE_MAX;
		for (j = 0; j < q->nterms; j++) {
			if ((p = find_term(&d->title, &q->term[j])) !=
			    SIZE_MAX) {
				h.score += 2;
				if (p < h.title_at) {
					h.title_at = p;
					h.title_end = p + q->term[j].len;
				}
			}
			if ((p = find_term(&d->body, &q->term[j])) !=
			    SIZE_MAX) {
				h.score += 1;
				if (p < h.body_at) {
					h.body_at = p;
					h.body_end = p + q->term[j].len;
				}
			}
		}
		if (h.score > 0)
			hits[n++] = h;
	}
	if (n > 1)
		qsort(hits, n, sizeof(*hits), hit_cmp);
	return n;
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

/* Maps a folded span of f back to the original text. */
static void
span_back(const struct search_field *f, size_t at, size_t end,
    size_t *oat, size_t *oend)
{
	*oat = f->map[at];
	/* The match ends with the original code point its last byte
	 * came from, whole. */
	*oend = end > at ? fwd_cps(f->text, f->len, f->map[end - 1], 1) :
	    *oat;
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
	n = ix->len[x->lang];
	if (n > 0 && (hits = arena_alloc(x->arena, n * sizeof(*hits))) ==
	    NULL) {
		err_send(x, ERR_INTERNAL, "Retry the request later.",
		    "The server ran out of memory while searching.");
		goto out;
	}
	total = n > 0 ? search_run(ix, x->lang, &q, hits) : 0;
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
		buf_printf(b, "%d}", hits[i].score);
	}
	buf_putc(b, ']');
	api_end(x, (long)count, (long)total);
out:
	search_query_free(&q);
}
