/*
 * init_clean.c: an import's values made what the loader accepts before
 * they are written.  A control character in a string (a tab in a
 * LinkedIn CSV cell, U+0007 in a JSON Resume label) is refused by the
 * content's validator (content_check.c: none in a single-line field,
 * tab and newline only in prose); here it becomes a space, and the
 * import's report says where.  The walk follows the declarations of
 * resource.c as the validator does.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "import/init.h"

/* Where the walk is: the file, the member path so far, the report. */
struct clean {
	const char *file;
	char	 path[256];
	size_t	 len;
	struct buf *report;
	int	 n;			/* strings cleaned */
};

/* Appends a member name (or, name NULL, the index i) to the path;
 * returns the old length for clean_pop. */
static size_t
clean_push(struct clean *k, const char *name, int i)
{
	size_t	 old = k->len;
	int	 w;

	if (name != NULL)
		w = snprintf(k->path + k->len, sizeof(k->path) - k->len,
		    "%s%s", k->len > 0 ? "." : "", name);
	else
		w = snprintf(k->path + k->len, sizeof(k->path) - k->len,
		    "[%d]", i);
	if (w > 0)
		k->len += (size_t)w < sizeof(k->path) - k->len ? (size_t)w :
		    sizeof(k->path) - k->len - 1;
	return old;
}

static void
clean_pop(struct clean *k, size_t old)
{
	k->len = old;
	k->path[old] = '\0';
}

/*
 * Replaces each control character of v's string (C0 and DEL; in prose
 * not tab and newline) with a space, and reports it.
 */
static void
clean_string(struct clean *k, cJSON *v, int prose)
{
	unsigned char *p;
	unsigned int first = 0;
	int	 n = 0;

	if (!cJSON_IsString(v) || v->valuestring == NULL)
		return;
	for (p = (unsigned char *)v->valuestring; *p != '\0'; p++)
		if ((*p < 0x20 || *p == 0x7f) &&
		    !(prose && (*p == '\t' || *p == '\n'))) {
			if (n++ == 0)
				first = *p;
			*p = ' ';
		}
	if (n == 0)
		return;
	k->n++;
	if (n == 1)
		buf_printf(k->report, "cleaned: %s: %s: control character "
		    "U+%04X became a space (%s)\n", k->file, k->path, first,
		    prose ? "prose keeps only tab and newline" :
		    "not allowed in a single-line field");
	else
		buf_printf(k->report, "cleaned: %s: %s: %d control "
		    "characters (U+%04X first) became spaces (%s)\n",
		    k->file, k->path, n, first, prose ? "prose keeps only tab "
		    "and newline" : "not allowed in a single-line field");
}

static void clean_value(struct clean *, cJSON *, const struct field *);

/* The members of object o that members declares. */
static void
clean_members(struct clean *k, cJSON *o, const struct field *members)
{
	const struct field *f;
	cJSON	*e;
	size_t	 old;

	if (!cJSON_IsObject(o) || members == NULL)
		return;
	cJSON_ArrayForEach(e, o) {
		if (e->string == NULL ||
		    (f = field_find(members, e->string)) == NULL)
			continue;
		old = clean_push(k, e->string, 0);
		clean_value(k, e, f);
		clean_pop(k, old);
	}
}

/* A translated text (a string, or one per language; each value each's
 * when given): prose unless flags say a name. */
static void
clean_text(struct clean *k, cJSON *v, unsigned int flags,
    const struct field *each)
{
	cJSON	*m;
	size_t	 old;

	if (!cJSON_IsObject(v)) {
		clean_string(k, v, !(flags & FIELD_NAME));
		return;
	}
	cJSON_ArrayForEach(m, v) {
		old = clean_push(k, m->string != NULL ? m->string : "?", 0);
		if (each != NULL)
			clean_value(k, m, each);
		else
			clean_string(k, m, !(flags & FIELD_NAME));
		clean_pop(k, old);
	}
}

/* v as declared by d (content_validate's walk). */
static void
clean_value(struct clean *k, cJSON *v, const struct field *d)
{
	struct field one;
	cJSON	*e;
	size_t	 old;
	int	 i = 0;

	if ((d->flags & FIELD_PER_LANG) && cJSON_IsObject(v)) {
		one = *d;
		one.flags &= ~(unsigned int)FIELD_PER_LANG;
		clean_text(k, v, 0, &one);
		return;
	}
	switch (d->kind) {
	case F_TEXT:
		clean_text(k, v, d->flags, NULL);
		return;
	case F_WHEN:
		if (!cJSON_IsString(v)) {
			clean_text(k, v, d->flags, NULL);
			return;
		}
		break;
	case F_OBJECT:
		clean_members(k, v, d->sub);
		return;
	case F_ARRAY:
		if (d->sub == NULL || !cJSON_IsArray(v))
			return;
		cJSON_ArrayForEach(e, v) {
			old = clean_push(k, NULL, i++);
			clean_value(k, e, d->sub);
			clean_pop(k, old);
		}
		return;
	default:
		break;
	}
	clean_string(k, v, 0);
}

/*
 * Replaces the control characters the loader refuses in c's strings
 * with spaces, one report line per string changed ("cleaned: FILE:
 * PATH: ...").  Returns the number of strings changed.
 */
int
init_clean(struct init_content *c, struct buf *report)
{
	struct clean k;
	cJSON	*e;
	size_t	 old;
	int	 co, i;

	memset(&k, 0, sizeof(k));
	k.report = report;
	k.file = resource_profile.file;
	clean_members(&k, c->profile, resource_profile.fields);
	k.file = resource_about.file;
	clean_members(&k, c->about, resource_about.fields);
	for (co = 0; co < COLL__MAX; co++) {
		if (!cJSON_IsArray(c->coll[co]))
			continue;
		k.file = resources[co].file;
		i = 0;
		cJSON_ArrayForEach(e, c->coll[co]) {
			old = clean_push(&k, NULL, i++);
			clean_members(&k, e, resources[co].fields);
			clean_pop(&k, old);
		}
	}
	return k.n;
}
