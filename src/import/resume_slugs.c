/*
 * resume_slugs.c: the slugs of a merged import, from the title written
 * in Latin letters (resume_slugs.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/resource.h"
#include "content/slug.h"
#include "http/request.h"
#include "import/resume_slugs.h"

#define TITLE_MAX	512	/* bytes of a title, as the import's */
#define SLUG_LEN	128

/* The content members the slug row of rows makes its slug from (its
 * from[], JSON Resume's keys, through the rows that read them), into
 * out[3] (NULL where none).  Returns 0, or -1 without a slug row. */
static int
title_members(const struct resume_field *rows, const char *out[3])
{
	const struct resume_field *s, *f;
	size_t	 k;

	for (s = rows; s->member != NULL && s->kind != RK_SLUG; s++)
		continue;
	if (s->member == NULL)
		return -1;
	for (k = 0; k < 3; k++) {
		out[k] = NULL;
		for (f = rows; s->from[k] != NULL && f->member != NULL; f++)
			if (f->kind != RK_SLUG && f->key != NULL &&
			    strcmp(f->key, s->from[k]) == 0) {
				out[k] = f->member;
				break;
			}
	}
	return 0;
}

/* Item o's title in language code: its members m[] joined by ", ", as
 * the import joins them; a member may be one string for every language
 * or a text with one per language.  Returns out. */
static const char *
title_in(const cJSON *o, const char *const m[3], const char *code,
    char *out, size_t len)
{
	const cJSON *v;
	const char *s;
	size_t	 k, n = 0;
	int	 w;

	*out = '\0';
	for (k = 0; k < 3; k++) {
		if (m[k] == NULL || n >= len)
			continue;
		v = cJSON_GetObjectItemCaseSensitive(o, m[k]);
		s = cJSON_IsObject(v) ? cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(v, code)) :
		    cJSON_GetStringValue(v);
		if (s == NULL || *s == '\0')
			continue;
		w = snprintf(out + n, len - n, "%s%s", n > 0 ? ", " : "", s);
		n = w < 0 ? len : n + (size_t)w;
	}
	return out;
}

/* Removes from report the line about slug old of file that says it
 * leaves out ideographs (slug_make's): that slug is gone. */
static void
drop_stale(struct buf *report, const char *file, const char *old)
{
	char	 head[128], tail[SLUG_LEN + 32];
	char	*p, *nl, *end;

	if (report->len == 0)
		return;
	snprintf(head, sizeof(head), "slug: %s: [", file);
	snprintf(tail, sizeof(tail), "].slug = \"%s\" leaves out", old);
	end = report->data + report->len;
	for (p = report->data; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			return;
		*nl = '\0';
		if (strstr(p, head) != NULL && strstr(p, tail) != NULL) {
			*nl = '\n';
			memmove(p, nl + 1, (size_t)(end - nl - 1));
			report->len -= (size_t)(nl + 1 - p);
			report->data[report->len] = '\0';
			return;
		}
		*nl = '\n';
	}
}

/*
 * The language whose title of item o makes its slug: -1 (keep the
 * slug) when its title in the first source's language is in Latin
 * letters or no other language's is; else the first other language of
 * ls whose title is.
 */
static int
latin_lang(const cJSON *o, const char *const m[3], const struct langs *ls,
    enum lang first)
{
	char	 t[TITLE_MAX];
	int	 l;

	if (slug_latin_text(title_in(o, m, lang_code(ls, first), t,
	    sizeof(t))))
		return -1;
	for (l = 0; l < ls->n; l++)
		if (l != (int)first && slug_latin_text(title_in(o, m,
		    lang_code(ls, (enum lang)l), t, sizeof(t))))
			return l;
	return -1;
}

/* Collection k of c: the slugs of the items latin_lang names a
 * language for made again from that title, the others kept. */
static void
remake(struct init_content *c, enum coll k, enum lang first,
    struct slug_rules **rules, struct buf *report)
{
	const struct resource *res = &resources[k];
	const char *m[3];
	char	 t[TITLE_MAX], sl[SLUG_LEN], old[SLUG_LEN];
	struct slug_set ss;
	cJSON	*o, *s;
	int	*from, n, i, any = 0;

	if (res->resume == NULL || c->coll[k] == NULL ||
	    title_members(res->resume->fields, m) == -1 ||
	    (n = cJSON_GetArraySize(c->coll[k])) == 0)
		return;
	if ((from = calloc((size_t)n, sizeof(*from))) == NULL) {
		report->oom = 1;
		return;
	}
	i = 0;
	cJSON_ArrayForEach(o, c->coll[k])
		any |= (from[i++] = latin_lang(o, m, &c->langs, first)) >= 0;
	if (!any || slug_set_init(&ss, (size_t)n) == -1) {
		report->oom |= any;
		free(from);
		return;
	}
	i = 0;
	cJSON_ArrayForEach(o, c->coll[k])
		if (from[i++] == -1 && (s = cJSON_GetObjectItemCaseSensitive(o,
		    "slug")) != NULL && cJSON_IsString(s) &&
		    slug_set_take(&ss, s->valuestring) == -1)
			report->oom = 1;
	i = 0;
	cJSON_ArrayForEach(o, c->coll[k]) {
		if (from[i] >= 0 && (rules[from[i]] != NULL ||
		    (rules[from[i]] = slug_rules_open(lang_code(&c->langs,
		    (enum lang)from[i]))) != NULL)) {
			s = cJSON_GetObjectItemCaseSensitive(o, "slug");
			snprintf(old, sizeof(old), "%s", cJSON_IsString(s) ?
			    s->valuestring : "");
			slug_make(rules[from[i]], title_in(o, m, lang_code(
			    &c->langs, (enum lang)from[i]), t, sizeof(t)), &ss,
			    sl, sizeof(sl), report, res->file, i);
			if (s == NULL || cJSON_SetValuestring(s, sl) == NULL)
				report->oom = 1;
			drop_stale(report, res->file, old);
		}
		i++;
	}
	slug_set_free(&ss);
	free(from);
}

void
resume_slugs_latin(struct init_content *c, enum lang first,
    struct buf *report)
{
	struct slug_rules *rules[LANG__MAX] = { NULL };
	int	 k, l;

	for (k = 0; k < COLL__MAX; k++)
		remake(c, (enum coll)k, first, rules, report);
	for (l = 0; l < LANG__MAX; l++)
		slug_rules_close(rules[l]);
}
