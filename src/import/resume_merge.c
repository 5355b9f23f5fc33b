/*
 * resume_merge.c: several sources, one language each, as one content
 * set (resume_merge.h).
 *
 * Each source is read (JSON Resume, or a LinkedIn archive made into
 * one) and imported alone: the first in every language of the site (its
 * texts copied into each), the others in their own language (texts as
 * plain strings).  Then each other source's content is walked beside the
 * first's: where the first has a translated text, the other's string
 * becomes that language's; where both have a plain string (a value the
 * content holds once for every language: a slug, a date, a URL, a name)
 * and they differ, the first's is kept and the difference reported.
 *
 * Items of a collection are matched by position when their dates and
 * URLs agree (the same members, the same values); otherwise with the
 * first item of the first source not yet matched whose dates and URLs
 * agree and that shares at least one date; an item matching none is left
 * out and reported, and an item of the first source that no other
 * matched keeps the copies to translate (reported too).  Arrays inside
 * an item (highlights, skills) are matched by position.  Last, an item
 * whose title is not in Latin letters in the first source's language
 * but is in another's gets its slug from that title (resume_slugs.h),
 * and the control characters the loader refuses become spaces
 * (init_clean), reported, whatever the number of sources; before that,
 * a member that only stands in for another (a publication's publisher
 * that is its venue in every language: resource.h's stand_in) is
 * dropped, as the export made it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/url.h"
#include "import/linkedin.h"
#include "http/request.h"
#include "content/resource.h"
#include "import/resume_import.h"
#include "import/resume_merge.h"
#include "import/resume_slugs.h"
#include "import/resume_values.h"
#include "content/settings.h"

struct merge {
	const struct langs *ls;
	enum lang lang;		/* the other source's */
	const char *file;	/* its file */
	struct buf *report;
	int	 unmatched;	/* items left out */
};

/* Whether o is a translated text: one string per language of ls. */
static int
is_text(const struct langs *ls, const cJSON *o)
{
	const cJSON *e;
	int	 n = 0;

	if (!cJSON_IsObject(o))
		return 0;
	cJSON_ArrayForEach(e, o) {
		if (!cJSON_IsString(e) || lang_find(ls, e->string,
		    strlen(e->string)) < 0)
			return 0;
		n++;
	}
	return n == ls->n;
}

/* Whether s looks like an ISO date or an http(s) URL: what identifies
 * an item across languages. */
static int
is_key_value(const char *key, const cJSON *v)
{
	return cJSON_IsString(v) && strcmp(key, "slug") != 0 &&
	    (resume_date_ok(v->valuestring) != NULL ||
	    url_check(v->valuestring, URL_LINK, NULL, 0) == 0);
}

/*
 * How well item s of the other source matches item p of the first: -1
 * when a date or URL they both have differs, else the number of dates
 * and URLs they share.
 */
static int
score(const cJSON *p, const cJSON *s)
{
	const cJSON *e, *f;
	int	 n = 0;

	cJSON_ArrayForEach(e, p) {
		if (!is_key_value(e->string, e))
			continue;
		f = cJSON_GetObjectItemCaseSensitive(s, e->string);
		if (f == NULL)
			continue;
		if (!cJSON_IsString(f) || strcmp(f->valuestring,
		    e->valuestring) != 0)
			return -1;
		n++;
	}
	cJSON_ArrayForEach(f, s)
		if (is_key_value(f->string, f) &&
		    cJSON_GetObjectItemCaseSensitive(p, f->string) == NULL)
			return -1;
	return n;
}

static void merge_value(struct merge *, cJSON *p, const cJSON *s,
    const char *path, const struct field *decl, const struct field *members);

/*
 * A short description of item o for the report: its first texts, a
 * translated text by its default language's string ("Cricket, ..."); an
 * item without any, the member that would name it ("no name"), members
 * declaring its members.
 */
static const char *
describe(const struct merge *m, const cJSON *o, const struct field *members,
    char *out, size_t len)
{
	const struct field *f;
	const cJSON *e;
	const char *v;
	size_t	 n = 0;
	int	 w;

	*out = '\0';
	cJSON_ArrayForEach(e, o) {
		if (e->string == NULL || strcmp(e->string, "slug") == 0 ||
		    n >= len)
			continue;
		if (cJSON_IsString(e))
			v = e->valuestring;
		else if (is_text(m->ls, e))
			v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
			    e, lang_code(m->ls, LANG_DEFAULT)));
		else
			continue;
		if (v == NULL || *v == '\0')
			continue;
		w = snprintf(out + n, len - n, "%s%s", n ? ", " : "", v);
		n = w < 0 ? len : n + (size_t)w;
		if (n > 80)
			break;
	}
	if (n > 0)
		return out;
	for (f = members; f != NULL && f->name != NULL; f++)
		if (f->flags & FIELD_TITLE)
			break;
	snprintf(out, len, "no %s", f != NULL && f->name != NULL ? f->name :
	    "text");
	return out;
}

/* The items of collection array s into p's (see the file's comment). */
static void
merge_items(struct merge *m, cJSON *p, const cJSON *s, const char *path,
    const struct field *members)
{
	const cJSON *e;
	cJSON	*q, *r, *item;
	char	 at[256], what[256];
	unsigned char *taken;
	int	 np = cJSON_GetArraySize(p), i = 0, j, best, search;

	/* The search beyond the position is bounded: past
	 * RESUME_MERGE_MAX_PAIRS pairs, entries match by position alone. */
	search = (long)np * cJSON_GetArraySize(s) <= RESUME_MERGE_MAX_PAIRS;
	if ((taken = calloc((size_t)np + 1, 1)) == NULL)
		return;
	q = p->child;
	cJSON_ArrayForEach(e, s) {
		best = -1;
		item = q;	/* p's item at position i */
		if (i < np && !taken[i] && score(q, e) >= 0)
			best = i;
		if (q != NULL)
			q = q->next;
		for (j = 0, r = p->child; search && best == -1 && r != NULL;
		    j++, r = r->next)
			if (!taken[j] && score(r, e) > 0)
				best = j;
		if (best == -1) {
			buf_printf(m->report, "%s: not matched: %s[%d] (%s): "
			    "no item of the first source has its position "
			    "and dates; left out\n", m->file, path, i,
			    describe(m, e, members, what, sizeof(what)));
			m->unmatched++;
		} else {
			taken[best] = 1;
			snprintf(at, sizeof(at), "%s[%d]", path, best);
			if (best != i)
				for (item = p->child, j = 0; j < best; j++)
					item = item->next;
			merge_value(m, item, e, at, NULL, members);
		}
		i++;
	}
	for (j = 0, q = p->child; q != NULL; j++, q = q->next)
		if (!taken[j])
			buf_printf(m->report, "%s: not matched: %s[%d] (%s) "
			    "has no item in %s: its %s texts are copies to "
			    "translate\n", m->file, path, j, describe(m, q,
			    members, what, sizeof(what)), m->file,
			    lang_code(m->ls, m->lang));
	free(taken);
}

/*
 * A name (a TEXT with FIELD_NAME, resource.h) held as one string for
 * every language, p, made the translated text whose language m->lang is
 * s and every other p's (in place: p becomes the object).
 */
static void
name_per_language(struct merge *m, cJSON *p, const char *s)
{
	char	*old = p->valuestring;
	cJSON	*v;
	int	 l;

	p->valuestring = NULL;
	p->type = cJSON_Object;
	for (l = 0; l < m->ls->n; l++)
		if ((v = cJSON_CreateString(l == (int)m->lang ? s : old)) ==
		    NULL || !cJSON_AddItemToObject(p, lang_code(m->ls,
		    (enum lang)l), v)) {
			cJSON_Delete(v);
			m->report->oom = 1;
		}
	cJSON_free(old);
}

/*
 * s (the other source's) into p (the first's) at path; decl declares
 * p (NULL: unknown), members p's members when it is an object (for a
 * collection, its items').
 */
static void
merge_value(struct merge *m, cJSON *p, const cJSON *s, const char *path,
    const struct field *decl, const struct field *members)
{
	const struct field *f, *el;
	const cJSON *e;
	cJSON	*q, *v;
	char	 at[256];
	int	 i = 0;

	if (is_text(m->ls, p)) {
		if (!cJSON_IsString(s)) {
			buf_printf(m->report, "%s: not matched: %s (not a "
			    "text there)\n", m->file, path);
			return;
		}
		if ((v = cJSON_CreateString(s->valuestring)) != NULL)
			cJSON_ReplaceItemInObjectCaseSensitive(p,
			    lang_code(m->ls, m->lang), v);
		return;
	}
	if (cJSON_IsString(p)) {
		if (!cJSON_IsString(s) || strcmp(p->valuestring,
		    s->valuestring) == 0 || strcmp(path + strlen(path) -
		    (strlen(path) >= 4 ? 4 : 0), "slug") == 0)
			return;	/* equal texts are kept once */
		if (decl != NULL && decl->kind == F_TEXT &&
		    (decl->flags & FIELD_NAME)) {
			name_per_language(m, p, s->valuestring);
			return;
		}
		buf_printf(m->report, "%s: differs: %s: \"%s\" here, \"%s\" in "
		    "the first source; kept \"%s\" (the content holds one "
		    "value for every language)\n", m->file, path,
		    s->valuestring, p->valuestring, p->valuestring);
		return;
	}
	if (cJSON_IsArray(p) && cJSON_IsArray(s)) {
		el = decl != NULL ? decl->sub : NULL;
		if (p->child != NULL && cJSON_IsObject(p->child) &&
		    !is_text(m->ls, p->child) && strchr(path, '[') == NULL) {
			merge_items(m, p, s, path, el != NULL &&
			    el->kind == F_OBJECT ? el->sub : members);
			return;
		}
		if (cJSON_GetArraySize(p) != cJSON_GetArraySize(s))
			buf_printf(m->report, "%s: not matched: %s (%d items "
			    "here, %d in the first source; matched by "
			    "position)\n", m->file, path,
			    cJSON_GetArraySize(s), cJSON_GetArraySize(p));
		for (q = p->child, e = s->child; q != NULL && e != NULL;
		    q = q->next, e = e->next) {
			snprintf(at, sizeof(at), "%s[%d]", path, i++);
			merge_value(m, q, e, at, el, el != NULL &&
			    el->kind == F_OBJECT ? el->sub : NULL);
		}
		return;
	}
	if (cJSON_IsObject(p) && cJSON_IsObject(s)) {
		cJSON_ArrayForEach(q, p) {
			snprintf(at, sizeof(at), "%s%s%s", path, *path ? "." :
			    "", q->string);
			f = members != NULL ? field_find(members, q->string) :
			    NULL;
			if ((e = cJSON_GetObjectItemCaseSensitive(s,
			    q->string)) != NULL)
				merge_value(m, q, e, at, f, f != NULL &&
				    f->kind == F_OBJECT ? f->sub : NULL);
		}
		cJSON_ArrayForEach(e, s)
			if (cJSON_GetObjectItemCaseSensitive(p, e->string) ==
			    NULL)
				buf_printf(m->report, "%s: dropped: %s%s%s (the "
				    "first source has none)\n", m->file, path,
				    *path ? "." : "", e->string);
	}
}

/* Source src read and imported in the languages ls. */
static int
import_one(const struct resume_source *src, const struct langs *ls,
    struct init_content *c, struct buf *report, char *err, size_t errlen)
{
	cJSON	*doc;
	int	 rc;

	doc = src->linkedin ? linkedin_read(src->file, report, err, errlen) :
	    resume_read(src->file, err, errlen);
	if (doc == NULL) {
		memset(c, 0, sizeof(*c));
		return -1;
	}
	rc = resume_import_doc(src->file, doc, ls, c, report, err, errlen);
	cJSON_Delete(doc);
	return rc;
}

/* The lines of r but those starting with "translate: " (and, from a
 * source but the first, "placeholder: " and "slug: ": the first's name
 * the same fields, and its slugs are kept), into out, each prefixed
 * with "FILE: " when file is not NULL. */
static void
copy_report(struct buf *out, struct buf *r, const char *file, int first)
{
	const char *p = buf_cstr(r), *nl;

	for (; *p != '\0'; p = nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		if (strncmp(p, "translate: ", 11) != 0 && (first ||
		    (strncmp(p, "placeholder: ", 13) != 0 &&
		    strncmp(p, "slug: ", 6) != 0))) {
			if (file != NULL)
				buf_printf(out, "%s: ", file);
			buf_append(out, p, (size_t)(nl - p));
			buf_putc(out, '\n');
		}
		if (*nl == '\0')
			break;
	}
}

/* The site's languages: want, else the sources' LANGs in order. */
static int
site_langs(const struct resume_source *src, int n, const struct langs *want,
    struct langs *ls, char *err, size_t errlen)
{
	char	 list[256] = "";
	size_t	 k = 0;
	int	 i, w;

	if (want != NULL && want->n > 0) {
		*ls = *want;
	} else {
		for (i = 0; i < n; i++) {
			w = snprintf(list + k, sizeof(list) - k, "%s%s",
			    k ? "," : "", src[i].lang);
			if (w < 0 || (size_t)w >= sizeof(list) - k)
				break;
			k += (size_t)w;
		}
		if (settings_parse_languages(list, ls, err, errlen) == -1)
			return -1;
	}
	for (i = 0; i < n; i++)
		if (lang_match(ls, src[i].lang, strlen(src[i].lang)) < 0) {
			snprintf(err, errlen, "%s=%s: %s is not one of the "
			    "site's languages (--languages)", src[i].lang,
			    src[i].file, src[i].lang);
			return -1;
		}
	return 0;
}

/*
 * Whether v (a string, or a translated text) is what the export puts
 * for stand-in value sv of a member of declaration d (resource.h's
 * stand_in): the same text in every language, a DOI as its link.
 */
static int
stood_in(const cJSON *v, const cJSON *sv, const struct field *d)
{
	const cJSON *e;
	size_t	 n = d != NULL && d->kind == F_DOI ? strlen(DOI_LINK) : 0;

	if (cJSON_IsObject(v)) {
		cJSON_ArrayForEach(e, v)
			if (!stood_in(e, sv, d))
				return 0;
		return v->child != NULL;
	}
	if (!cJSON_IsString(v) || !cJSON_IsString(sv) ||
	    strncmp(v->valuestring, DOI_LINK, n) != 0)
		return 0;
	return strcmp(v->valuestring + n, sv->valuestring) == 0;
}

/*
 * Drops from the items of c each member that only stands in for
 * another (a publication's publisher that is its venue, its url the
 * link of its DOI in every language): what /resume.json wrote where
 * the content had none, so that the round trip gives the content back.
 */
static void
drop_stand_ins(struct init_content *c)
{
	const struct resume_field *f;
	cJSON	*it;
	int	 k;

	for (k = 0; k < COLL__MAX; k++) {
		if (resources[k].resume == NULL || c->coll[k] == NULL)
			continue;
		for (f = resources[k].resume->fields; f->member != NULL; f++) {
			if (f->stand_in == NULL)
				continue;
			cJSON_ArrayForEach(it, c->coll[k])
				if (stood_in(cJSON_GetObjectItemCaseSensitive(
				    it, f->member),
				    cJSON_GetObjectItemCaseSensitive(it,
				    f->stand_in), field_find(
				    resources[k].fields, f->stand_in)))
					cJSON_DeleteItemFromObjectCaseSensitive(
					    it, f->member);
		}
	}
}

int
resume_merge_import(const struct resume_source *src, int n,
    const struct langs *want, struct init_content *c, struct buf *report,
    char *err, size_t errlen)
{
	struct init_content o;
	struct langs ls, one;
	struct merge m;
	struct buf r;
	int	 i, l, covered[LANG__MAX] = { 0 }, coll;

	memset(c, 0, sizeof(*c));
	if (n == 1 && src[0].lang == NULL) {
		if (import_one(&src[0], want, c, report, err, errlen) == -1)
			return -1;
		drop_stand_ins(c);
		init_clean(c, report);
		goto done;
	}
	for (i = 0; i < n; i++)
		if (src[i].lang == NULL) {
			snprintf(err, errlen, "%s: with several sources, each "
			    "needs its language: LANG=%s", src[i].file,
			    src[i].file);
			return -1;
		}
	if (site_langs(src, n, want, &ls, err, errlen) == -1)
		return -1;
	buf_init(&r);
	if (import_one(&src[0], &ls, c, &r, err, errlen) == -1)
		goto fail;
	copy_report(report, &r, n > 1 ? src[0].file : NULL, 1);
	covered[lang_match(&ls, src[0].lang, strlen(src[0].lang))] = 1;
	for (i = 1; i < n; i++) {
		l = lang_match(&ls, src[i].lang, strlen(src[i].lang));
		if (covered[l]) {
			snprintf(err, errlen, "%s=%s: a second source for %s",
			    src[i].lang, src[i].file, src[i].lang);
			goto fail;
		}
		covered[l] = 1;
		if (settings_parse_languages(src[i].lang, &one, err, errlen)
		    == -1)
			goto fail;
		buf_reset(&r);
		if (import_one(&src[i], &one, &o, &r, err, errlen) == -1)
			goto fail;
		copy_report(report, &r, src[i].file, 0);
		memset(&m, 0, sizeof(m));
		m.ls = &ls;
		m.lang = (enum lang)l;
		m.file = src[i].file;
		m.report = report;
		merge_value(&m, c->profile, o.profile, "profile", NULL,
		    resource_profile.fields);
		merge_value(&m, c->about, o.about, "about", NULL,
		    resource_about.fields);
		for (coll = 0; coll < COLL__MAX; coll++) {
			if (c->coll[coll] != NULL && o.coll[coll] != NULL)
				merge_value(&m, c->coll[coll], o.coll[coll],
				    resources[coll].file, NULL,
				    resources[coll].fields);
			else if (o.coll[coll] != NULL)
				buf_printf(report, "%s: dropped: %s (the first "
				    "source has none)\n", src[i].file,
				    resources[coll].file);
		}
		init_content_free(&o);
	}
	/* Slugs from the titles in Latin letters (resume_slugs.h). */
	resume_slugs_latin(c, (enum lang)lang_match(&ls, src[0].lang,
	    strlen(src[0].lang)), report);
	for (l = 0; l < ls.n; l++)
		if (!covered[l])
			buf_printf(report, "translate: no source in %s: its "
			    "texts are copies of %s's to translate\n",
			    lang_code(&ls, (enum lang)l), src[0].file);
	buf_free(&r);
	drop_stand_ins(c);
	init_clean(c, report);
done:
	if (report->oom) {
		snprintf(err, errlen, "out of memory");
		init_content_free(c);
		return -1;
	}
	return 0;
fail:
	buf_free(&r);
	init_content_free(c);
	return -1;
}
