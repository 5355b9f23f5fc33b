/*
 * resume_import_tree.c: the builders both parts of the JSON Resume import
 * use (resume_import.c for the profile and about, resume_import_coll.c for
 * the collections): members read as strings, TODO placeholders and the
 * report's lines, the trees built with the out-of-memory flag set instead of
 * a check at every call.  It calls neither part.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/resume_import_int.h"

const char *
rimp_str(const cJSON *o, const char *key)
{
	const char *s = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(o, key));

	return s != NULL && *s != '\0' ? s : NULL;
}

/* One report line: a placeholder written into file at field. */
const char *
rimp_todo(struct rimp *m, const char *file, const char *field,
    const char *value, const char *why)
{
	buf_printf(m->report, "placeholder: %s: %s = \"%s\" (%s)\n", file,
	    field, value, why);
	return value;
}

/* Reports the members of o that list does not name, as not imported. */
void
rimp_unknown(struct rimp *m, const char *where, const cJSON *o,
    const char *const *list)
{
	const cJSON *e;
	const char *const *k;

	cJSON_ArrayForEach(e, o) {
		for (k = list; *k != NULL; k++)
			if (strcmp(*k, e->string) == 0)
				break;
		if (*k == NULL)
			buf_printf(m->report, "not imported: %s%s%s (perfil "
			    "has no place for it)\n", where, *where ? "." : "",
			    e->string);
	}
}

/* The same check over every object of an array section. */
void
rimp_unknown_each(struct rimp *m, const char *where, const cJSON *a,
    const char *const *list)
{
	const cJSON *e;
	char	 path[128];
	int	 i = 0;

	cJSON_ArrayForEach(e, a) {
		snprintf(path, sizeof(path), "%s[%d]", where, i++);
		rimp_unknown(m, path, e, list);
	}
}

/* A translated text: s in every language of the site (init_text). */
cJSON *
rimp_text(struct rimp *m, const char *s)
{
	cJSON	*o;

	if ((o = init_text(&m->langs, s)) == NULL)
		m->oom = 1;
	return o;
}

void
rimp_add(struct rimp *m, cJSON *o, const char *key, cJSON *v)
{
	if (v == NULL || !cJSON_AddItemToObject(o, key, v)) {
		cJSON_Delete(v);
		m->oom = 1;
	}
}

void
rimp_add_str(struct rimp *m, cJSON *o, const char *key, const char *s)
{
	rimp_add(m, o, key, cJSON_CreateString(s));
}

/* Adds the item o to the array a. */
void
rimp_push(struct rimp *m, cJSON *a, cJSON *o)
{
	if (o == NULL || !cJSON_AddItemToArray(a, o)) {
		cJSON_Delete(o);
		m->oom = 1;
	}
}

cJSON *
rimp_new_obj(struct rimp *m)
{
	cJSON	*o = cJSON_CreateObject();

	if (o == NULL)
		m->oom = 1;
	return o;
}

/* The duplicates' walk: the path so far (shared by every level), the
 * lines reported and the nodes seen, each bounded. */
struct dups {
	struct rimp *m;
	char	 path[512];
	int	 lines;
	long	 nodes;
};

#define DUPS_LINES	20		/* reported, then a count */
#define DUPS_NODES	1000000		/* looked at (a 4 MiB document has
					 * fewer) */

static int
name_cmp(const void *a, const void *b)
{
	return strcmp((*(const cJSON *const *)a)->string,
	    (*(const cJSON *const *)b)->string);
}

/* The duplicate names of object o (sorted copies of its members'
 * pointers: n log n, whatever its size), then its children. */
static void
dups_walk(struct dups *d, const cJSON *v, size_t len)
{
	const cJSON **k, *e;
	size_t	 n = 0, i, j;
	int	 idx = 0;

	if (++d->nodes > DUPS_NODES || (!cJSON_IsObject(v) &&
	    !cJSON_IsArray(v)))
		return;
	cJSON_ArrayForEach(e, v)
		n++;
	if (cJSON_IsObject(v) && n > 1) {
		if ((k = calloc(n, sizeof(*k))) == NULL) {
			d->m->oom = 1;
			return;
		}
		i = 0;
		cJSON_ArrayForEach(e, v)
			k[i++] = e;
		qsort(k, n, sizeof(*k), name_cmp);
		for (i = 0; i < n; i = j) {
			for (j = i + 1; j < n && strcmp(k[i]->string,
			    k[j]->string) == 0; j++)
				continue;
			if (j - i < 2 || d->lines++ >= DUPS_LINES)
				continue;
			buf_printf(d->m->report, "duplicate key: %.*s%s%s "
			    "(%zu times: the first is imported, the others "
			    "ignored)\n", (int)len, d->path, len ? "." : "",
			    k[i]->string, j - i);
		}
		free(k);
	}
	cJSON_ArrayForEach(e, v) {
		if (cJSON_IsObject(v))
			snprintf(d->path + len, sizeof(d->path) - len, "%s%s",
			    len ? "." : "", e->string);
		else
			snprintf(d->path + len, sizeof(d->path) - len, "[%d]",
			    idx++);
		dups_walk(d, e, strnlen(d->path, sizeof(d->path) - 1));
	}
	d->path[len] = '\0';
}

/*
 * Reports every member name an object of the document has more than
 * once (JSON leaves its meaning open; cJSON, like most readers, takes
 * the first): at most DUPS_LINES lines, then their count.
 */
void
rimp_duplicates(struct rimp *m, const cJSON *doc)
{
	static struct dups d;	/* the path: not on the stack */

	memset(&d, 0, sizeof(d));
	d.m = m;
	dups_walk(&d, doc, 0);
	if (d.lines > DUPS_LINES)
		buf_printf(m->report, "duplicate key: %d more names "
		    "duplicated\n", d.lines - DUPS_LINES);
}
