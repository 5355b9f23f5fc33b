/*
 * prerender.c: default-parameter API answers rendered at start-up.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/encoding.h"
#include "http/snap.h"
#include "core/errors.h"
#include "server/prerender.h"
#include "core/routes.h"

struct pre_entry {
	const struct route *route;
	size_t	 item;			/* the item's index in route->coll,
					 * or NO_ITEM */
	enum lang lang;
	struct rendered r;		/* with its gzip and br variants */
};

#define NO_ITEM	((size_t)-1)

/* The entries of one route in one language: e[first..first+n), in
 * the order of the collection's items. */
struct pre_block {
	size_t	 first, n;
};

struct prerender {
	struct pre_entry *e;
	size_t	 len, cap;
	struct pre_block *block;	/* [route index * LANG__MAX + lang] */
};

/*
 * Renders route (with slug, if any) in lang through handle_request and
 * stores the answer with its compressed variants.  An answer other
 * than 200 is not stored (it will be rendered per request as before).
 * Returns 0, or -1 when out of memory.
 */
static int
add(struct prerender *pr, const struct app *app, handle_synthetic_fn *run,
    const struct route *r, size_t item, enum lang lang,
    struct response *resp, struct arena *arena)
{
	const char *slug = item == NO_ITEM ? NULL :
	    app->model->coll[r->coll].items[item].slug;
	char	 path[512], query[8 + LANG_TAG_MAX];
	struct pre_entry *e;
	size_t	 prefix = strcspn(r->path, "{"), len;
	const char *data;
	char	*body;

	if (xsnprintf(path, sizeof(path), "%.*s%s", (int)prefix, r->path,
	    slug ? slug : "") == -1)
		return 0;	/* too long to matter: not pre-rendered */
	snprintf(query, sizeof(query), "lang=%s", lang_code(app->langs, lang));
	if (run(app, "GET", path, query, NULL, resp,
	    arena) == -1)
		return 0;
	if (resp->status != 200 || resp->body.oom || resp->etag[0] == '\0')
		return 0;
	if (pr->len == pr->cap) {
		size_t	 cap = pr->cap ? 2 * pr->cap : 32;
		struct pre_entry *ne;

		if ((ne = realloc(pr->e, cap * sizeof(*ne))) == NULL)
			return -1;
		pr->e = ne;
		pr->cap = cap;
	}
	e = &pr->e[pr->len];
	memset(e, 0, sizeof(*e));
	data = resp_body(resp, &len);
	if ((body = malloc(len + 1)) == NULL)
		return -1;
	memcpy(body, data, len);
	body[len] = '\0';
	e->route = r;
	e->item = item;
	e->lang = lang;
	pr->len++;		/* from here on prerender_free frees it */
	return enc_keep(&e->r, body, len, resp->etag);
}

/*
 * Builds the table for app, whose own prerender must still be NULL (so
 * that the handlers really render).  Items are named by their index in
 * app's model, so that the model's strings may move (app_load).
 * Returns the table, or NULL with a message in err.
 */
struct prerender *
prerender_build(const struct app *app, handle_synthetic_fn *run, char *err,
    size_t errlen)
{
	struct prerender *pr;
	struct response resp;
	struct arena arena;
	const struct route *r;
	const struct collection *c;
	size_t	 i, j;
	int	 l, rc = 0;

	if ((pr = calloc(1, sizeof(*pr))) == NULL ||
	    (pr->block = calloc(routes_len * LANG__MAX,
	    sizeof(*pr->block))) == NULL) {
		free(pr);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	resp_init(&resp);
	arena_init(&arena, 16384);
	for (i = 0; i < routes_len && rc == 0; i++) {
		r = &routes[i];
		/* Health reads the reload status per request (api.c). */
		if (r->kind != ROUTE_API || !route_live(app->model, r) ||
		    (r->flags & ROUTE_STATUS))
			continue;
		for (l = 0; l < app->langs->n && rc == 0; l++) {
			pr->block[i * LANG__MAX + l].first = pr->len;
			if (strchr(r->path, '{') == NULL)
				rc = add(pr, app, run, r, NO_ITEM,
				    (enum lang)l, &resp, &arena);
			else if (r->coll < COLL__MAX) {
				c = &app->model->coll[r->coll];
				for (j = 0; j < c->len && rc == 0; j++)
					if (c->items[j].slug != NULL)
						rc = add(pr, app, run, r, j,
						    (enum lang)l, &resp,
						    &arena);
			}
			pr->block[i * LANG__MAX + l].n = pr->len -
			    pr->block[i * LANG__MAX + l].first;
		}
	}
	arena_free(&arena);
	resp_free(&resp);
	if (rc == -1) {
		prerender_free(pr);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	return pr;
}

void
prerender_free(struct prerender *pr)
{
	size_t	 i;

	if (pr == NULL)
		return;
	for (i = 0; i < pr->len; i++)
		enc_free(&pr->e[i].r);
	free(pr->e);
	free(pr->block);
	free(pr);
}

/*
 * Writes pr into the snapshot's stream, or reads it back (snap.h):
 * every entry by its route's index, item and language, then the
 * blocks.  Read back, each is checked against app (the route table,
 * the model's collections, the site's languages) and the blocks must
 * cover the entries in item order, as prerender_serve searches them.
 * Returns the table (read: a new one), or NULL (failed; sn says why).
 */
struct prerender *
prerender_snap(struct snap *sn, struct prerender *pr, const struct app *app)
{
	const struct pre_block *b;
	struct pre_entry *e;
	size_t	 i, j, ri, n;
	int	 l;

	if (sn->reading && (pr = calloc(1, sizeof(*pr))) == NULL) {
		snap_fail(sn, "out of memory");
		return NULL;
	}
	n = pr->len;
	pr->e = snap_array(sn, pr->e, &n, sizeof(*pr->e), SIZE_MAX / 2);
	if (sn->reading)
		pr->len = pr->cap = n;
	for (i = 0; i < pr->len && snap_ok(sn); i++) {
		e = &pr->e[i];
		ri = sn->reading ? 0 : (size_t)(e->route - routes);
		snap_size(sn, &ri, routes_len - 1);
		snap_size(sn, &e->item, SIZE_MAX);
		l = (int)e->lang;
		snap_int(sn, &l, 0, app->langs->n - 1);
		e->lang = (enum lang)l;
		snap_rendered(sn, &e->r);
		if (!sn->reading || !snap_ok(sn))
			continue;
		e->route = &routes[ri];
		if (e->item != NO_ITEM && (e->route->coll >= COLL__MAX ||
		    e->item >= app->model->coll[e->route->coll].len))
			snap_fail(sn, "an answer of an item the content lacks");
	}
	if (sn->reading && snap_ok(sn) &&
	    (pr->block = calloc(routes_len * LANG__MAX,
	    sizeof(*pr->block))) == NULL)
		snap_fail(sn, "out of memory");
	for (i = 0; i < routes_len * LANG__MAX && snap_ok(sn); i++) {
		snap_size(sn, &pr->block[i].first, pr->len);
		snap_size(sn, &pr->block[i].n, pr->len - pr->block[i].first);
		b = &pr->block[i];
		for (j = b->first; sn->reading && j < b->first + b->n; j++)
			if (pr->e[j].route != &routes[i / LANG__MAX] ||
			    (int)pr->e[j].lang != (int)(i % LANG__MAX) ||
			    (j > b->first && pr->e[j].item <= pr->e[j - 1].item))
				snap_fail(sn, "answers out of order");
	}
	if (!snap_ok(sn)) {
		if (sn->reading)
			prerender_free(pr);
		return NULL;
	}
	return pr;
}

/*
 * For a validated request (x->lang and x->val applied): when every
 * parameter has its default (a text parameter: absent) and the answer
 * was pre-rendered, puts the variant Accept-Encoding prefers (its body,
 * tag and coding) in x->resp and returns 1; else returns 0 and the
 * caller runs the handler.
 */
int
prerender_serve(struct ctx *x)
{
	const struct prerender *pr = x->app->prerender;
	const struct route_param *p;
	const struct pre_entry *e;
	const struct pre_block *b;
	const struct item *it;
	size_t	 lo, hi, mid, want;

	if (pr == NULL)
		return 0;
	for (p = route_param_next(x->route, NULL); p != NULL;
	    p = route_param_next(x->route, p))
		if (p->kind == PARAM_KIND_STRING ? x->val[p->id].s != NULL :
		    x->val[p->id].n != p->def)
			return 0;
	b = &pr->block[(size_t)(x->route - routes) * LANG__MAX + x->lang];
	want = NO_ITEM;
	if (x->slug != NULL) {
		if (x->route->coll >= COLL__MAX || (it = content_find(
		    x->app->model, x->route->coll, x->slug)) == NULL)
			return 0;
		want = (size_t)(it - x->app->model->coll[x->route->coll].items);
	}
	/* The block is in item order (an answer other than 200 is left
	 * out): a binary search by item. */
	for (lo = b->first, hi = b->first + b->n; lo < hi; ) {
		mid = lo + (hi - lo) / 2;
		e = &pr->e[mid];
		if (e->item == want) {
			if (enc_answer(&e->r, x->req, x->resp) == -1)
				err_send(x, ERR_INTERNAL, "Retry the request "
				    "later.", "The answer could not be "
				    "decompressed.");
			return 1;
		}
		if (e->item < want)	/* NO_ITEM, SIZE_MAX, sorts last */
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}
