/*
 * content_snap.c: the model as app_load leaves it, once it has dropped
 * the items' objects (content.h), written into a snapshot's stream and
 * read back (http/snap.h, server/snapshot.h): a start from a snapshot
 * then reads no content file.
 *
 * Read back, a collection's slugs, JSON and printed objects point into
 * the stream (the collection is lent: content_free leaves them); the
 * profile's and the biography's JSON, the owner's pages and the media
 * are copied, and their objects parsed again.  The source of those two
 * is printed compactly in the stream and written back printed again,
 * so a stream holds it only as cJSON prints it (a stream taken is
 * written back as the same bytes).  Everything a request looks up with
 * is checked: every item has its JSON in each of the site's languages
 * and none in another, a slug is one string, the media are sorted by
 * name and of a known type, and the portrait and the favicon are among
 * them.
 */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "content/content.h"
#include "http/snap.h"

#define EACH_MAX	((size_t)1 << 24)	/* a collection's hit_each */

/* A lent string of the stream that is one C string (slugs, names). */
static void
one_string(struct snap *s, const char **p)
{
	static const char why[] = "an empty slug, or one with a NUL inside";
	char	*q = (char *)(uintptr_t)*p;

	snap_cstr(s, &q, why);
	if (s->reading && snap_ok(s) && (q == NULL || q[0] == '\0'))
		snap_fail(s, why);
	*p = q;
}

/* Item it's JSON in each of nl languages (none in others), lent. */
static void
item_json(struct snap *s, struct item *it, int nl)
{
	int	 l;

	for (l = 0; l < LANG__MAX; l++) {
		snap_text(s, &it->json[l], &it->json_len[l]);
		if (s->reading && snap_ok(s) && (it->json[l] != NULL) !=
		    (l < nl))
			snap_fail(s, "an item without its JSON in a language "
			    "of the site, or with one in another");
	}
}

/*
 * The profile or the biography: its source printed, its JSON; read
 * back, both copied and parsed (src, obj[]).
 */
static void
single(struct snap *s, struct item *it, int nl)
{
	char	*p = NULL, *again;
	size_t	 n = 0;
	int	 l;

	if (!s->reading) {
		if ((p = cJSON_PrintUnformatted(it->src)) == NULL) {
			snap_fail(s, "out of memory");
			return;
		}
		n = strlen(p);
		snap_text(s, &p, &n);
		cJSON_free(p);
		for (l = 0; l < LANG__MAX; l++)
			snap_text(s, &it->json[l], &it->json_len[l]);
		return;
	}
	snap_text(s, &p, &n);
	if (snap_ok(s) && (p == NULL ||
	    (it->src = cJSON_ParseWithLength(p, n)) == NULL))
		snap_fail(s, "a source that is not JSON");
	if (snap_ok(s)) {
		again = cJSON_PrintUnformatted(it->src);
		if (again == NULL || strlen(again) != n ||
		    memcmp(again, p, n) != 0)
			snap_fail(s, "a source not printed as it is written");
		cJSON_free(again);
	}
	for (l = 0; l < LANG__MAX && snap_ok(s); l++) {
		p = NULL;
		snap_text(s, &p, &n);
		if (snap_ok(s) && (p != NULL) != (l < nl))
			snap_fail(s, "an item without its JSON in a language "
			    "of the site, or with one in another");
		if (!snap_ok(s) || p == NULL)
			continue;
		if ((it->json[l] = malloc(n + 1)) == NULL) {
			snap_fail(s, "out of memory");
			continue;
		}
		memcpy(it->json[l], p, n + 1);
		it->json_len[l] = n;
		if ((it->obj[l] = cJSON_ParseWithLength(p, n)) == NULL)
			snap_fail(s, "an item's JSON that is not JSON");
	}
}

/* A collection's items: their slugs, JSON and printed objects. */
static void
collection(struct snap *s, struct collection *c, int nl)
{
	struct item *it;
	size_t	 i;

	snap_int(s, &c->present, 0, 1);
	if (!s->reading && c->len > 0 && c->block == NULL && !c->lent)
		snap_fail(s, "a collection whose objects are not dropped");
	c->items = snap_array(s, c->items, &c->len, sizeof(*c->items),
	    CONTENT_ITEMS_MAX);
	/* Read back, what the items hold is the stream's, even when the
	 * read fails half-way (content_free then leaves it). */
	c->lent |= s->reading;
	snap_str(s, &c->slugs);
	snap_size(s, &c->each, EACH_MAX);
	for (i = 0; i < c->len && snap_ok(s); i++) {
		it = &c->items[i];
		one_string(s, &it->slug);
		item_json(s, it, nl);
		snap_text(s, &it->objects, &it->objects_len);
	}
	if (!s->reading)
		return;
	if (snap_ok(s) && c->slugs == NULL)
		snap_fail(s, "a collection without its list of slugs");
	if (snap_ok(s) && content_index_slugs(c) == -1)
		snap_fail(s, "out of memory");
}

/* The owner's pages: each name and its markdown in every language. */
static void
owner_pages(struct snap *s, struct model *m, int nl)
{
	int	 k, l;

	snap_int(s, &m->nowner, 0, OWNER_PAGE__MAX);
	for (k = 0; k < m->nowner && snap_ok(s); k++) {
		snap_fixed(s, m->owner[k].name, sizeof(m->owner[k].name));
		for (l = 0; l < LANG__MAX; l++) {
			snap_str(s, &m->owner[k].md[l]);
			if (s->reading && snap_ok(s) &&
			    (m->owner[k].md[l] != NULL) != (l < nl))
				snap_fail(s, "a page without its markdown in "
				    "a language of the site, or with one in "
				    "another");
		}
		if (s->reading && snap_ok(s) && (m->owner[k].name[0] == '\0' ||
		    (k > 0 && strcmp(m->owner[k - 1].name,
		    m->owner[k].name) >= 0)))
			snap_fail(s, "pages not sorted by name");
	}
}

/* The index of f in set (or -1 for NULL), to be visited. */
static int
file_index(const struct media_set *set, const struct media_file *f)
{
	return f != NULL ? (int)(f - set->files) : -1;
}

/* media/: its files, whole, and which is the portrait and the icon. */
static void
media(struct snap *s, struct media_set *set)
{
	struct media_file *f;
	size_t	 i, sum = 0;
	int	 w, h, portrait, favicon;

	set->files = snap_array(s, set->files, &set->n, sizeof(*set->files),
	    MEDIA_MAX_FILES);
	snap_size(s, &set->total, MEDIA_MAX_TOTAL);
	for (i = 0; i < set->n && snap_ok(s); i++) {
		f = &set->files[i];
		snap_str(s, &f->name);
		snap_size(s, &f->len, MEDIA_MAX_FILE);
		snap_block(s, (void **)&f->data, f->len);
		snap_fixed(s, f->etag, sizeof(f->etag));
		snap_fixed(s, f->fp, sizeof(f->fp));
		w = (int)f->width;
		h = (int)f->height;
		snap_int(s, &w, 0, INT_MAX);
		snap_int(s, &h, 0, INT_MAX);
		if (!s->reading || !snap_ok(s))
			continue;
		f->width = (unsigned)w;
		f->height = (unsigned)h;
		sum += f->len;
		if (f->name == NULL || !media_name_ok(f->name) ||
		    (f->type = media_type(f->name)) == NULL)
			snap_fail(s, "a media file of no known name or type");
		else if (i > 0 && strcmp(set->files[i - 1].name, f->name) >= 0)
			snap_fail(s, "media files not sorted by name");
	}
	portrait = file_index(set, set->portrait);
	favicon = file_index(set, set->favicon);
	snap_int(s, &portrait, -1, (int)set->n - 1);
	snap_int(s, &favicon, -1, (int)set->n - 1);
	if (!s->reading || !snap_ok(s))
		return;
	if (sum != set->total)
		snap_fail(s, "media files whose sizes are not their total");
	set->portrait = portrait >= 0 ? &set->files[portrait] : NULL;
	set->favicon = favicon >= 0 ? &set->files[favicon] : NULL;
}

struct model *
content_snap(struct snap *s, struct model *m, const struct langs *ls)
{
	int	 k;

	if (s->reading) {
		if (snap_ok(s) && ((m = calloc(1, sizeof(*m))) == NULL ||
		    (m->media = calloc(1, sizeof(*m->media))) == NULL))
			snap_fail(s, "out of memory");
		if (!snap_ok(s)) {
			content_free(m);
			return NULL;
		}
		m->langs = *ls;
	}
	single(s, &m->profile, ls->n);
	single(s, &m->about, ls->n);
	for (k = 0; k < COLL__MAX; k++)
		collection(s, &m->coll[k], ls->n);
	owner_pages(s, m, ls->n);
	media(s, m->media);
	snap_int(s, &m->contract_gap, 0, 1);
	if (s->reading && !snap_ok(s)) {
		content_free(m);
		return NULL;
	}
	return m;
}
