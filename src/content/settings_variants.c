/*
 * settings_variants.c: site.json's "cv_variants" (settings_variants.h):
 * read and checked here, each message "cv_variants.NAME.MEMBER: reason"
 * (settings.c puts the file in front), and what the CV's renderers ask
 * of a variant: its sections and whether it takes an item.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "content/content.h"
#include "content/settings_int.h"
#include "content/settings_variants.h"

/* The members a variant may have, for messages. */
#define VARIANT_MEMBERS	"sections, tags, headline, summary, max_items, listed"

/* Returns 1 when s is a tag: a slug as content's (resource.c). */
static int
is_tag(const char *s)
{
	size_t	 n = strlen(s);

	return n > 0 && n <= fkinds[F_SLUG].maxlen &&
	    strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == n;
}

/* Reads variant v's "tags" array a.  Returns 0, or -1 with err set. */
static int
read_tags(const cJSON *a, struct cv_variant *v, char *err, size_t errlen)
{
	const cJSON *e;
	int	 i = 0, k;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > CV_VARIANT_TAGS_MAX)
		return settings_fail(err, errlen, "cv_variants.%s.tags: "
		    "expected an array of at most %d tags (slugs such as "
		    "\"industry\")", v->name, CV_VARIANT_TAGS_MAX);
	cJSON_ArrayForEach(e, a) {
		if (!cJSON_IsString(e) || !is_tag(e->valuestring))
			return settings_fail(err, errlen, "cv_variants.%s."
			    "tags[%d]: expected a tag, a slug of a-z, 0-9 and "
			    "\"-\" (at most %zu characters)", v->name, i,
			    fkinds[F_SLUG].maxlen);
		for (k = 0; k < v->ntags; k++)
			if (strcmp(v->tags[k], e->valuestring) == 0)
				return settings_fail(err, errlen,
				    "cv_variants.%s.tags[%d]: \"%s\" is listed "
				    "twice", v->name, i, e->valuestring);
		if ((v->tags[v->ntags++] = strdup(e->valuestring)) == NULL)
			return settings_fail(err, errlen, "out of memory");
		i++;
	}
	return 0;
}

/* Reads member m of variant v.  Returns 0, or -1 with err set. */
static int
read_member(const cJSON *m, const struct langs *ls, struct cv_variant *v,
    char *err, size_t errlen)
{
	char	 what[96];

	snprintf(what, sizeof(what), "cv_variants.%s.%s", v->name, m->string);
	if (strcmp(m->string, "sections") == 0)
		return settings_cv_list(m, what, &v->sections, err, errlen);
	if (strcmp(m->string, "tags") == 0)
		return read_tags(m, v, err, errlen);
	if (strcmp(m->string, "headline") == 0)
		return settings_text(m, what, ls, v->headline, err, errlen);
	if (strcmp(m->string, "summary") == 0)
		return settings_text(m, what, ls, v->summary, err, errlen);
	if (strcmp(m->string, "max_items") == 0) {
		if (!cJSON_IsNumber(m) || m->valuedouble != (double)m->valueint ||
		    m->valueint < 1 || m->valueint > CV_VARIANT_ITEMS_MAX)
			return settings_fail(err, errlen, "%s: expected a whole "
			    "number from 1 to %d", what, CV_VARIANT_ITEMS_MAX);
		v->max_items = m->valueint;
		return 0;
	}
	if (strcmp(m->string, "listed") == 0) {
		if (!cJSON_IsBool(m))
			return settings_fail(err, errlen, "%s: expected true "
			    "or false", what);
		v->listed = cJSON_IsTrue(m);
		return 0;
	}
	return settings_fail(err, errlen, "%s: unknown member (one of "
	    VARIANT_MEMBERS ")", what);
}

/*
 * Reads "cv_variants", object o, into out (languages ls for the
 * texts): at most CV_VARIANTS_MAX variants, each named by a slug and
 * an object of the members above.  Returns 0, or -1 with err set;
 * what it read so far stays in out for settings_variants_free.
 */
int
settings_variants_read(const cJSON *o, const struct langs *ls,
    struct cv_variants *out, char *err, size_t errlen)
{
	const cJSON *e, *m;
	struct cv_variant *v;
	int	 n = cJSON_GetArraySize(o);

	if (!cJSON_IsObject(o) || n > CV_VARIANTS_MAX)
		return settings_fail(err, errlen, "cv_variants: expected an "
		    "object of at most %d variants, each {\"sections\": [...], "
		    "\"tags\": [...], ...} under its name", CV_VARIANTS_MAX);
	if (n == 0)
		return 0;
	if ((out->v = calloc((size_t)n, sizeof(*out->v))) == NULL)
		return settings_fail(err, errlen, "out of memory");
	cJSON_ArrayForEach(e, o) {
		if (!owner_name_valid(e->string, strlen(e->string)))
			return settings_fail(err, errlen, "cv_variants.%.60s: "
			    "invalid name: a variant's name is its URL "
			    "(/cv/NAME): 1 to %d characters a-z, 0-9 and \"-\" "
			    "(not first or last)", e->string, OWNER_NAME_MAX);
		if (settings_variant_find(out, e->string,
		    strlen(e->string)) != NULL)
			return settings_fail(err, errlen, "cv_variants.%s: "
			    "given twice", e->string);
		v = &out->v[out->n++];
		memcpy(v->name, e->string, strlen(e->string) + 1);
		if (!cJSON_IsObject(e))
			return settings_fail(err, errlen, "cv_variants.%s: "
			    "expected an object (" VARIANT_MEMBERS ")",
			    v->name);
		cJSON_ArrayForEach(m, e)
			if (read_member(m, ls, v, err, errlen) == -1)
				return -1;
	}
	return 0;
}

void
settings_variants_free(struct cv_variants *vs)
{
	int	 i, k;

	for (i = 0; i < vs->n; i++) {
		for (k = 0; k < vs->v[i].ntags; k++)
			free(vs->v[i].tags[k]);
		for (k = 0; k < LANG__MAX; k++) {
			free(vs->v[i].headline[k]);
			free(vs->v[i].summary[k]);
		}
	}
	free(vs->v);
	vs->v = NULL;
	vs->n = 0;
}

const struct cv_variant *
settings_variant_find(const struct cv_variants *vs, const char *name,
    size_t len)
{
	int	 i;

	for (i = 0; i < vs->n; i++)
		if (strlen(vs->v[i].name) == len &&
		    memcmp(vs->v[i].name, name, len) == 0)
			return &vs->v[i];
	return NULL;
}

/* Item it's "tags" (content's), or NULL. */
static const cJSON *
item_tags(const struct item *it)
{
	return it->src != NULL ? cJSON_GetObjectItemCaseSensitive(it->src,
	    "tags") : NULL;
}

/* Returns 1 when variant v selects tag t. */
static int
selects(const struct cv_variant *v, const char *t)
{
	int	 k;

	for (k = 0; k < v->ntags; k++)
		if (strcmp(v->tags[k], t) == 0)
			return 1;
	return 0;
}

int
settings_variant_takes(const struct cv_variant *v, const struct item *it)
{
	const cJSON *tags = item_tags(it), *t;

	if (v == NULL || cJSON_GetArraySize(tags) == 0)
		return 1;
	cJSON_ArrayForEach(t, tags)
		if (cJSON_IsString(t) && selects(v, t->valuestring))
			return 1;
	return 0;
}

int
settings_variant_sequence(const struct settings_cv *cv,
    const struct cv_variant *v, enum coll seq[COLL__MAX])
{
	int	 i;

	if (v == NULL || v->sections.n == 0)
		return settings_cv_sequence(cv, seq);
	for (i = 0; i < v->sections.n; i++)
		seq[i] = (enum coll)v->sections.order[i];
	return v->sections.n;
}

/* Returns 1 when some item of m carries tag t. */
static int
carried(const struct model *m, const char *t)
{
	const cJSON *e, *tags;
	size_t	 i;
	int	 c;

	for (c = 0; c < COLL__MAX; c++)
		for (i = 0; i < m->coll[c].len; i++) {
			tags = item_tags(&m->coll[c].items[i]);
			cJSON_ArrayForEach(e, tags)
				if (cJSON_IsString(e) &&
				    strcmp(e->valuestring, t) == 0)
					return 1;
		}
	return 0;
}

/* An item's tag that no variant selects: where (item i, tag k). */
struct stray {
	const char	*tag;
	size_t		 i;
	int		 k;
};

/* By tag, then by place. */
static int
stray_cmp(const void *a, const void *b)
{
	const struct stray *x = a, *y = b;
	int	 c = strcmp(x->tag, y->tag);

	if (c != 0)
		return c;
	if (x->i != y->i)
		return x->i < y->i ? -1 : 1;
	return (x->k > y->k) - (x->k < y->k);
}

/*
 * Appends collection c's lines of the tags no variant of vs selects:
 * one per tag, at its first item, with how many more carry it (at
 * 1,000 items, a line per item buried the other warnings).  Returns
 * how many lines, or -1 out of memory.
 */
static int
strays(const struct cv_variants *vs, const struct collection *cl,
    enum coll c, struct buf *out)
{
	const cJSON *e, *tags;
	struct stray *st, one;
	struct buf places;
	size_t	 i, n, a, b, more;
	int	 j, k, any, lines = 0;

	buf_init(&places);
	for (i = 0; i < cl->len; i++) {
		tags = item_tags(&cl->items[i]);
		k = 0;
		cJSON_ArrayForEach(e, tags) {
			for (any = 0, j = 0; j < vs->n && !any; j++)
				any = selects(&vs->v[j], e->valuestring);
			if (!any) {
				one.tag = e->valuestring;
				one.i = i;
				one.k = k;
				buf_append(&places, &one, sizeof(one));
			}
			k++;
		}
	}
	if (places.oom) {
		buf_free(&places);
		return -1;
	}
	/* malloc's alignment: the buffer holds the array. */
	st = (struct stray *)(void *)places.data;
	n = places.len / sizeof(*st);
	if (n > 0)
		qsort(st, n, sizeof(*st), stray_cmp);
	for (a = 0; a < n; a = b) {
		/* The other items of the tag (an item that repeats it
		 * counted once). */
		for (more = 0, b = a + 1; b < n &&
		    strcmp(st[b].tag, st[a].tag) == 0; b++)
			more += st[b].i != st[b - 1].i;
		buf_printf(out, "%s: [%zu].tags[%d]: \"%s\": no variant of "
		    "site.json's cv_variants selects this tag: ",
		    resources[c].file, st[a].i, st[a].k, st[a].tag);
		if (more == 0)
			buf_puts(out, "the item is on the full CV only\n");
		else
			buf_printf(out, "this item and %zu more that carry "
			    "it are on the full CV only\n", more);
		lines++;
	}
	buf_free(&places);
	return lines;
}

int
settings_variants_gaps(const struct cv_variants *vs, const struct model *m,
    struct buf *out)
{
	int	 c, k, j, n = 0, r;

	/* Without variants, tags select nothing and serve only as the
	 * JSON Resume's keywords: nothing to warn of. */
	if (vs->n == 0)
		return 0;
	for (j = 0; j < vs->n; j++)
		for (k = 0; k < vs->v[j].ntags; k++)
			if (!carried(m, vs->v[j].tags[k])) {
				buf_printf(out, "site.json: cv_variants.%s.tags"
				    "[%d]: \"%s\": no item carries this tag: "
				    "the variant shows untagged items only "
				    "there\n", vs->v[j].name, k,
				    vs->v[j].tags[k]);
				n++;
			}
	for (c = 0; c < COLL__MAX; c++) {
		if ((r = strays(vs, &m->coll[c], (enum coll)c, out)) == -1) {
			out->oom = 1;
			return n + 1;
		}
		n += r;
	}
	return n;
}
