/*
 * search_snap.c: the search index written into a snapshot's stream and
 * read back (snap.h, server/snapshot.h), so that a start from a
 * snapshot does not fold and break every text again.
 *
 * Read back, the documents' strings, the word starts and the buckets
 * point into the stream (the index is lent: search_free leaves them), and everything search_run and
 * the snippets index with is checked: each document's type is a
 * collection's, a shared body follows the document that holds it, the
 * buckets rise to the number of word starts, and each word start is a
 * field's, within its folded text.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api/search.h"
#include "content/resource.h"
#include "http/snap.h"

/* The index of the collection whose hit type is type, or -1. */
static int
type_index(const char *type)
{
	int	 k;

	for (k = 0; k < COLL__MAX; k++)
		if (resources[k].hit != NULL &&
		    strcmp(resources[k].hit, type) == 0)
			return k;
	return -1;
}

/* A string of a document, lent when read back (its length is not
 * kept: it ends at its NUL). */
static void
text(struct snap *sn, char **p)
{
	snap_cstr(sn, p, "a search text with a NUL inside");
}

/* A field's text and folded text; read back, neither holds a NUL. */
static void
field(struct snap *sn, struct search_field *f)
{
	snap_text(sn, &f->text, &f->len);
	snap_text(sn, &f->fold, &f->fold_len);
	if (sn->reading && snap_ok(sn) && (f->text == NULL ||
	    f->fold == NULL || strlen(f->text) != f->len ||
	    strlen(f->fold) != f->fold_len))
		snap_fail(sn, "a search text cut short");
}

/* The documents of one language. */
static void
docs(struct snap *sn, struct search_index *ix, int l)
{
	struct search_doc *d;
	size_t	 i, n = ix->len[l], owner = 0;
	int	 t, sh;

	ix->docs[l] = snap_array(sn, ix->docs[l], &n, sizeof(*ix->docs[l]),
	    UINT32_MAX / 2);
	if (!snap_ok(sn))
		return;
	ix->len[l] = n;
	for (i = 0; i < n && snap_ok(sn); i++) {
		d = &ix->docs[l][i];
		t = sn->reading ? 0 : type_index(d->type);
		snap_int(sn, &t, 0, COLL__MAX - 1);
		if (sn->reading && snap_ok(sn) && (d->type =
		    resources[t].hit) == NULL)
			snap_fail(sn, "a search document of no type");
		text(sn, &d->slug);
		text(sn, &d->url);
		field(sn, &d->title);
		sh = d->body.shared;
		snap_int(sn, &sh, 0, 1);
		if (!sh) {
			field(sn, &d->body);
			owner = i;
		} else if (sn->reading && snap_ok(sn)) {
			/* The body of the document before that holds it
			 * (search_run counts it there). */
			if (i == 0)
				snap_fail(sn, "a shared body with no owner");
			d->body = ix->docs[l][owner].body;
			d->body.shared = 1;
		}
		if (sn->reading && snap_ok(sn) && (d->slug == NULL ||
		    d->url == NULL))
			snap_fail(sn, "a search document without its parts");
	}
}

/* The word starts of one language, by bucket. */
static void
posts(struct snap *sn, struct search_index *ix, int l)
{
	const struct search_doc *d, *docs = ix->docs[l];
	const struct search_post *p;
	size_t	 i, np, nd = ix->len[l];
	int	 has = ix->bucket[l] != NULL;

	snap_int(sn, &has, 0, 1);
	if (!has || !snap_ok(sn))
		return;
	snap_lent(sn, (void **)&ix->bucket[l], (SEARCH_BUCKETS + 1) *
	    sizeof(*ix->bucket[l]), sizeof(*ix->bucket[l]));
	if (!snap_ok(sn))
		return;
	np = ix->bucket[l][SEARCH_BUCKETS];
	if (sn->reading) {
		if (ix->bucket[l][0] != 0)
			snap_fail(sn, "search buckets out of order");
		for (i = 0; i < SEARCH_BUCKETS && snap_ok(sn); i++)
			if (ix->bucket[l][i] > ix->bucket[l][i + 1])
				snap_fail(sn, "search buckets out of order");
		if (np > (sn->len - sn->pos) / sizeof(*ix->post[l]))
			snap_fail(sn, "more word starts than bytes");
	}
	snap_lent(sn, (void **)&ix->post[l], np * sizeof(*ix->post[l]),
	    sizeof(uint32_t));
	if (!sn->reading || !snap_ok(sn))
		return;
	/* A million of them at scale: one test each, no call. */
	for (i = 0, p = ix->post[l]; i < np; i++, p++) {
		if (p->field / 2 >= nd) {
			snap_fail(sn, "a word start of no document");
			break;
		}
		d = &docs[p->field / 2];
		if (p->at >= (p->field & 1 ? d->body.fold_len :
		    d->title.fold_len)) {
			snap_fail(sn, "a word start beyond its text");
			break;
		}
	}
}

/*
 * Writes ix into the snapshot's stream, or reads it back, for a site
 * of nlangs languages.  Returns the index (read: a new one, lent), or
 * NULL (failed; sn says why).
 */
struct search_index *
search_snap(struct snap *sn, struct search_index *ix, int nlangs)
{
	int	 l;

	if (sn->reading && (ix = calloc(1, sizeof(*ix))) == NULL) {
		snap_fail(sn, "out of memory");
		return NULL;
	}
	if (sn->reading)
		ix->lent = 1;
	for (l = 0; l < LANG__MAX && snap_ok(sn); l++) {
		docs(sn, ix, l);
		posts(sn, ix, l);
		if (sn->reading && snap_ok(sn) && l < nlangs &&
		    ix->bucket[l] == NULL)
			snap_fail(sn, "a language without its search index");
	}
	if (!snap_ok(sn)) {
		if (sn->reading)
			search_free(ix);
		return NULL;
	}
	return ix;
}
