/*
 * content_drop.c: the items' objects, in an arena sized for them
 * (json_arena.h), dropped once a load has rendered from them
 * (content.h), and parsed back for the one request that renders an
 * item: a project's page.
 */
#include "config.h"

#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_arena.h"
#include "base/util.h"
#include "content/content_int.h"

/*
 * Item it's source and API objects as one array printed compactly,
 * [src, obj[0], obj[1], ...] (content_item_parse's), malloc'd; NULL
 * out of memory.
 */
static char *
print_objects(const struct item *it, int nl)
{
	cJSON	*a;
	char	*p = NULL;
	int	 l, ok;

	if ((a = cJSON_CreateArray()) == NULL)
		return NULL;
	ok = cJSON_AddItemToArray(a, cJSON_CreateObjectReference(
	    it->src != NULL ? it->src->child : NULL));
	for (l = 0; ok && l < nl; l++)
		ok = cJSON_AddItemToArray(a, cJSON_CreateObjectReference(
		    it->obj[l] != NULL ? it->obj[l]->child : NULL));
	if (ok)
		p = cJSON_PrintUnformatted(a);
	cJSON_Delete(a);
	return p;
}

/*
 * The address space for the items' objects of the collections' files
 * in dir (json_arena_new): at 1,000 items per collection in two
 * languages they took 3.7 times the files' bytes.  Four times, for the
 * source and each language; past that, malloc's.
 */
size_t
content_objects_span(const char *dir, int nlangs)
{
	struct stat st;
	char	 path[1024];
	size_t	 n = 0;
	int	 k;

	for (k = 0; k < COLL__MAX; k++)
		if (xsnprintf(path, sizeof(path), "%s/%s", dir,
		    resources[k].file) != -1 && stat(path, &st) == 0 &&
		    S_ISREG(st.st_mode) && st.st_size <= CONTENT_MAX_FILE)
			n += (size_t)st.st_size;
	return n * 4 * (size_t)(1 + nlangs);
}

/*
 * Gives back the memory of m's items' objects in one go (json_arena.h)
 * once they are dropped from every collection; while any item still
 * has its objects, nothing.
 */
static void
drop_arena(struct model *m)
{
	const struct collection *c;
	int	 k, l;

	for (k = 0; m->arena != NULL && k < COLL__MAX; k++) {
		c = &m->coll[k];
		if (c->len == 0)
			continue;
		if (c->items[0].src != NULL)
			return;
		for (l = 0; l < LANG__MAX; l++)
			if (c->items[0].obj[l] != NULL)
				return;
	}
	json_arena_free(m->arena);
	m->arena = NULL;
}

/*
 * Frees the source and API objects of collection k's items (src and
 * obj[] become NULL); their slugs and printed JSON stay, moved into
 * one block, and with keep the objects printed (objects) too.
 * app_load calls it once everything rendered from them at start-up is
 * rendered (content.h).  The call that leaves no collection with its
 * objects gives their arena back.  Returns 0, or -1 out of memory
 * (nothing changed).
 */
int
content_drop_objects(struct model *m, enum coll k, int keep)
{
	struct collection *c = &m->coll[k];
	struct item *it;
	char	**obj = NULL;
	size_t	 i, n = 0, len;
	char	*p;
	int	 l, rc = -1;

	if (c->len == 0 || c->block != NULL || c->lent) {
		drop_arena(m);
		return 0;
	}
	if (keep && (obj = calloc(c->len, sizeof(*obj))) == NULL)
		return -1;
	/* What stays, the slugs and the JSON, moves into one block first:
	 * the pages they shared with the objects become wholly free, so
	 * that malloc_trim can give them back. */
	for (i = 0; i < c->len; i++) {
		it = &c->items[i];
		n += strlen(it->slug) + 1;
		for (l = 0; l < LANG__MAX; l++)
			n += it->json[l] != NULL ? it->json_len[l] + 1 : 0;
		if (keep) {
			if ((obj[i] = print_objects(it, m->langs.n)) == NULL)
				goto out;
			n += strlen(obj[i]) + 1;
		}
	}
	if ((c->block = malloc(n)) == NULL)
		goto out;
	for (i = 0, p = c->block; i < c->len; i++) {
		it = &c->items[i];
		n = strlen(it->slug) + 1;
		memcpy(p, it->slug, n);
		free((char *)it->slug);
		it->slug = p;
		p += n;
		for (l = 0; l < LANG__MAX; l++) {
			if (it->json[l] != NULL) {
				memcpy(p, it->json[l], it->json_len[l] + 1);
				free(it->json[l]);
				it->json[l] = p;
				p += it->json_len[l] + 1;
			}
			cJSON_Delete(it->obj[l]);
			it->obj[l] = NULL;
		}
		if (obj != NULL) {
			len = strlen(obj[i]);
			memcpy(p, obj[i], len + 1);
			it->objects = p;
			it->objects_len = len;
			p += len + 1;
		}
		cJSON_Delete(it->src);
		it->src = NULL;
	}
	rc = 0;
	drop_arena(m);
out:
	for (i = 0; obj != NULL && i < c->len; i++)
		cJSON_free(obj[i]);
	free(obj);
	return rc;
}

/*
 * An item whose objects were dropped, as a request that renders it
 * needs it: *out is it with src and obj[] parsed from its objects (the
 * rest as it is).  The caller frees them with content_item_unparse.
 * Returns 0, or -1 (out of memory, or none kept) with nothing to free.
 */
int
content_item_parse(const struct item *it, struct item *out)
{
	cJSON	*a, *e;
	int	 l;

	*out = *it;
	out->src = NULL;
	memset(out->obj, 0, sizeof(out->obj));
	if (it->objects == NULL || (a = cJSON_ParseWithLength(it->objects,
	    it->objects_len)) == NULL)
		return -1;
	out->src = cJSON_DetachItemFromArray(a, 0);
	for (l = 0; l < LANG__MAX && (e = cJSON_DetachItemFromArray(a, 0)) !=
	    NULL; l++)
		out->obj[l] = e;
	cJSON_Delete(a);
	return 0;
}

/* Frees what content_item_parse made. */
void
content_item_unparse(struct item *it)
{
	int	 l;

	cJSON_Delete(it->src);
	for (l = 0; l < LANG__MAX; l++)
		cJSON_Delete(it->obj[l]);
	memset(it, 0, sizeof(*it));
}
