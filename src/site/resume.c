/*
 * resume.c: the JSON Resume 1.0 export.  The collections' sections
 * follow their declaration (resources[].resume, resource.h): one loop
 * over the rows, in the order they declare.  Every text comes from the
 * API objects of the model (item->obj[l], which hold every field in
 * language l); ISO dates come from the items' source objects (the
 * content's "start", "end" and ISO "date"), and are left out when the
 * content has none (a free-text period is never parsed into a date).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uloc.h>
#include <unicode/ustring.h>

#include "base/json.h"
#include "site/resume.h"
#include "content/settings.h"
#include "site/cv.h"

#define RESUME_SCHEMA \
	"https://raw.githubusercontent.com/jsonresume/resume-schema/" \
	"v1.0.0/schema.json"
#define RESUME_VERSION	"v1.0.0"

static const char *
str(const cJSON *o, const char *key)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

/*
 * The tree is printed and deleted within the render that builds it,
 * while the content and the settings live: it holds their strings and
 * the declarations' and literal keys by reference (not copied, not
 * freed with it), and copies only the texts made for it.  At 1,000
 * items per collection that halves a JSON Resume's tree, which two
 * threads each hold at the load's peak.
 */

/* o[key] = item (NULL: none, out of memory); key is not copied. */
static cJSON *
add(cJSON *o, const char *key, cJSON *item)
{
	if (item != NULL && !cJSON_AddItemToObjectCS(o, key, item)) {
		cJSON_Delete(item);
		item = NULL;
	}
	return item;
}

/* Appends the content's string s to array a; 0, or -1 without memory. */
static int
push(cJSON *a, const char *s)
{
	return cJSON_AddItemToArray(a, cJSON_CreateStringReference(s)) ? 0 :
	    -1;
}

/* Adds o[key] = s when s is a non-empty string of the content, the
 * settings or the program; 0, or -1 without memory. */
static int
put(cJSON *o, const char *key, const char *s)
{
	if (s == NULL || *s == '\0')
		return 0;
	return add(o, key, cJSON_CreateStringReference(s)) == NULL ? -1 : 0;
}

/* put, for a text made for the document (copied). */
static int
put_copy(cJSON *o, const char *key, const char *s)
{
	if (s == NULL || *s == '\0')
		return 0;
	return add(o, key, cJSON_CreateString(s)) == NULL ? -1 : 0;
}

/* Copies field from of src into o as key. */
static int
copy(cJSON *o, const char *key, const cJSON *src, const char *from)
{
	return put(o, key, str(src, from));
}

/*
 * The ISO date key ("start", "end", "date") of an item's source object
 * (struct item src), or NULL: content that gives a date only as text
 * (a translated "date" object) has none, and the export leaves the
 * field out rather than parse the text.
 */
static const char *
iso_date(const struct item *it, const char *key)
{
	const char *s;
	size_t	 i;

	if (it->src == NULL || (s = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(it->src, key))) == NULL)
		return NULL;
	for (i = 0; s[i] != '\0'; i++)
		if ((s[i] < '0' || s[i] > '9') && s[i] != '-')
			return NULL;
	return i >= 4 ? s : NULL;
}

/* The text key of an item's source object in language l (a string,
 * or one translation of an {"es": .., "en": ..} object), or NULL. */
static const char *
src_text(const struct app *app, const struct item *it, const char *key,
    enum lang l)
{
	const cJSON *v;

	if (it->src == NULL ||
	    (v = cJSON_GetObjectItemCaseSensitive(it->src, key)) == NULL)
		return NULL;
	if (cJSON_IsObject(v))
		v = cJSON_GetObjectItemCaseSensitive(v,
		    lang_code(app->langs, l));
	return cJSON_GetStringValue(v);
}

/*
 * Whether item it's source has a member that another exported row of
 * rows writes as one of f's from[] (education's study_type exported as
 * studyType): then f's joined text is not exported again.
 */
static int
exported_apart(const struct item *it, const struct resume_field *rows,
    const struct resume_field *f)
{
	const struct resume_field *g;
	int	 k;

	for (g = rows; g->member != NULL && it->src != NULL; g++)
		for (k = 0; k < 3; k++)
			if (g != f && g->order > 0 && g->key != NULL &&
			    f->from[k] != NULL &&
			    strcmp(g->key, f->from[k]) == 0 &&
			    cJSON_HasObjectItem(it->src, g->member))
				return 1;
	return 0;
}

/* "/resume.json" in the default language, "/CODE/resume.json" else. */
const char *
resume_path(const struct app *app, enum lang l, char *buf, size_t len)
{
	return lang_path(app->langs, l, site_doc_path(DOC_RESUME), buf, len);
}

/*
 * The user name of a profile URL: its last path segment without a
 * leading "@" ("https://mastodon.example/@ana" is "ana"), or NULL.
 */
static const char *
username(const char *url, char *out, size_t len)
{
	const char *p, *end, *seg;

	if (url == NULL || (p = strstr(url, "://")) == NULL)
		return NULL;
	p += 3;
	end = p + strcspn(p, "?#");
	while (end > p && end[-1] == '/')
		end--;
	for (seg = end; seg > p && seg[-1] != '/'; seg--)
		continue;
	if (seg == p)		/* the host alone */
		return NULL;
	if (*seg == '@')
		seg++;
	if (seg >= end || (size_t)(end - seg) >= len)
		return NULL;
	memcpy(out, seg, (size_t)(end - seg));
	out[end - seg] = '\0';
	return out;
}

static int
basics_location(cJSON *b, const struct app *app, const cJSON *p)
{
	const cJSON *loc = cJSON_GetObjectItemCaseSensitive(p, "location");
	const cJSON *src = cJSON_GetObjectItemCaseSensitive(
	    app->model->profile.src, "location");	/* content-only */
	cJSON	*o;

	if (loc == NULL)
		return 0;
	if ((o = add(b, "location", cJSON_CreateObject())) == NULL)
		return -1;
	return copy(o, "address", src, "address") | copy(o, "postalCode", src,
	    "postal_code") | copy(o, "city", loc, "city") | copy(o, "region",
	    loc, "region") | copy(o, "countryCode", loc, "country");
}

static int
basics_profiles(cJSON *b, const struct app *app, const cJSON *p)
{
	const cJSON *e, *src = cJSON_GetObjectItemCaseSensitive(
	    app->model->profile.src, "profiles");	/* usernames */
	const char *u;
	cJSON	*a, *o;
	char	 user[256];
	int	 i = 0, rc = 0;

	if ((a = add(b, "profiles", cJSON_CreateArray())) == NULL)
		return -1;
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(p,
	    "profiles")) {
		if ((o = cJSON_CreateObject()) == NULL ||
		    !cJSON_AddItemToArray(a, o))
			return -1;
		rc |= copy(o, "network", e, "label");
		if ((u = str(cJSON_GetArrayItem(src, i++), "username")) ==
		    NULL)
			u = username(str(e, "url"), user, sizeof(user));
		rc |= put_copy(o, "username", u);
		rc |= copy(o, "url", e, "url");
	}
	return rc;
}

/* The basics; a variant v's own headline is its label, its own summary
 * the summary (NULL, or none of its own: the profile's). */
static int
basics(cJSON *r, const struct app *app, const struct cv_variant *v,
    enum lang l)
{
	const cJSON *p = app->model->profile.obj[l];
	cJSON	*b;

	if ((b = add(r, "basics", cJSON_CreateObject())) == NULL)
		return -1;
	if (v != NULL && (v->headline[l] != NULL || v->summary[l] != NULL))
		return copy(b, "name", p, "name") | put(b, "label",
		    v->headline[l] != NULL ? v->headline[l] :
		    json_str(p, "job_title")) |
		    copy(b, "image", p, "image") | copy(b, "email", p, "email") |
		    copy(b, "phone", app->model->profile.src, "phone") |
		    copy(b, "url", p, "url") | put(b, "summary",
		    cv_variant_text(app, v, l, "summary")) |
		    basics_location(b, app, p) | basics_profiles(b, app, p);
	return copy(b, "name", p, "name") | copy(b, "label", p, "job_title") |
	    copy(b, "image", p, "image") | copy(b, "email", p, "email") |
	    copy(b, "phone", app->model->profile.src, "phone") |
	    copy(b, "url", p, "url") | copy(b, "summary", p, "summary") |
	    basics_location(b, app, p) | basics_profiles(b, app, p);
}

/*
 * The working languages (profile.json's codes), named by ICU in
 * language l: JSON Resume's languages when the content has no spoken
 * languages (whose section, with fluency, is then the collection's).
 */
static int
languages(cJSON *r, const struct app *app, enum lang l)
{
	const cJSON *p = app->model->profile.obj[l], *e;
	cJSON	*a, *o;
	UChar	 u[64];
	char	 name[192];
	const char *code;
	UErrorCode ec;
	int32_t	 n;
	int	 rc = 0;

	if (app->model->coll[COLL_SPOKEN_LANGUAGES].len > 0)
		return 0;
	if ((a = add(r, "languages", cJSON_CreateArray())) == NULL)
		return -1;
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(p,
	    "languages")) {
		if ((code = cJSON_GetStringValue(e)) == NULL)
			continue;
		ec = U_ZERO_ERROR;
		n = uloc_getDisplayLanguage(code, lang_code(app->langs, l), u,
		    (int32_t)(sizeof(u) / sizeof(u[0])), &ec);
		if (U_SUCCESS(ec))
			u_strToUTF8(name, (int32_t)sizeof(name), NULL, u, n,
			    &ec);
		if (U_FAILURE(ec) || ec == U_STRING_NOT_TERMINATED_WARNING)
			snprintf(name, sizeof(name), "%s", code);
		if ((o = cJSON_CreateObject()) == NULL ||
		    !cJSON_AddItemToArray(a, o))
			return -1;
		rc |= put_copy(o, "language", name);
	}
	return rc;
}

/* Adds an array of the strings of list (NULL: nothing). */
static int
strings(cJSON *o, const char *key, const cJSON *list)
{
	const cJSON *e;
	cJSON	*a;

	if ((a = add(o, key, cJSON_CreateArray())) == NULL)
		return -1;
	cJSON_ArrayForEach(e, list)
		if (cJSON_IsString(e) && push(a, e->valuestring) == -1)
			return -1;
	return 0;
}

/* RK_TEXTS: the texts of item it's array member f->member in language
 * l (an API member, or a content-only one from the source), as f->key;
 * none: left out. */
static int
texts(const struct app *app, cJSON *o, const struct resume_field *f,
    const struct item *it, enum lang l)
{
	const cJSON *list = content_item_array(it, f->member, l), *e;
	const char *s;
	cJSON	*a;

	if (cJSON_GetArraySize(list) == 0)
		return 0;
	if ((a = add(o, f->key, cJSON_CreateArray())) == NULL)
		return -1;
	cJSON_ArrayForEach(e, list)
		if ((s = content_text(app->langs, e, l)) != NULL &&
		    push(a, s) == -1)
			return -1;
	return 0;
}

/* RK_SKILLS: the names of a category's skills as f->key, and their
 * years in a map name -> years as f->from[1] (left out when none has
 * years). */
static int
skills(cJSON *o, const struct resume_field *f, const cJSON *list)
{
	const cJSON *e;
	cJSON	*kw, *years;
	int	 rc = 0;

	if ((kw = add(o, f->key, cJSON_CreateArray())) == NULL ||
	    (years = add(o, f->from[1], cJSON_CreateObject())) == NULL)
		return -1;
	cJSON_ArrayForEach(e, list) {
		if (str(e, "name") == NULL)
			continue;
		if (push(kw, str(e, "name")) == -1)
			return -1;
		rc |= put(years, str(e, "name"), str(e, "years"));
	}
	if (years->child == NULL)	/* no skill has years */
		cJSON_DeleteItemFromObjectCaseSensitive(o, f->from[1]);
	return rc;
}

/* RK_AUTHORS: the names of a byline's authors, in order, as key;
 * none: left out. */
static int
authors(cJSON *o, const char *key, const cJSON *list)
{
	const cJSON *e;
	cJSON	*a;

	if (cJSON_GetArraySize(list) == 0)
		return 0;
	if ((a = add(o, key, cJSON_CreateArray())) == NULL)
		return -1;
	cJSON_ArrayForEach(e, list)
		if (str(e, "name") != NULL && push(a, str(e, "name")) == -1)
			return -1;
	return 0;
}

/*
 * The text row f exports from item it of collection res: its API
 * member, else its content-only member (FIELD_CONTENT); neither, its
 * stand-in's value (a DOI as its link, written in buf).  NULL: none.
 */
static const char *
row_text(const struct app *app, const struct resource *res,
    const struct resume_field *f, const struct item *it, enum lang l,
    char *buf, size_t len)
{
	const struct field *d;
	const char *v;
	int	 n;

	if ((v = str(it->obj[l], f->member)) == NULL)
		v = src_text(app, it, f->member, l);
	if ((v != NULL && *v != '\0') || f->stand_in == NULL ||
	    (v = str(it->obj[l], f->stand_in)) == NULL)
		return v;
	if ((d = field_find(res->fields, f->stand_in)) == NULL ||
	    d->kind != F_DOI)
		return v;
	n = snprintf(buf, len, "%s%s", DOI_LINK, v);
	return n < 0 || (size_t)n >= len ? NULL : buf;
}

/* The member of item it that row f (of collection res) exports, as
 * f->key of o. */
static int
export_field(const struct app *app, cJSON *o, const struct resource *res,
    const struct resume_field *f, const struct item *it, enum lang l)
{
	const cJSON *s = it->obj[l];
	const char *v;
	char	 link[512];

	switch (f->kind) {
	case RK_TEXT:
	case RK_STRING:
	case RK_URL:
		v = row_text(app, res, f, it, l, link, sizeof(link));
		return v == link ? put_copy(o, f->key, v) : put(o, f->key, v);
	case RK_AUTHORS:
		return authors(o, f->key, cJSON_GetObjectItemCaseSensitive(s,
		    f->member));
	case RK_BOOL:
		if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(s,
		    f->member)))
			return 0;
		return add(o, f->key, cJSON_CreateTrue()) == NULL ? -1 : 0;
	case RK_WHEN:
	case RK_START:
	case RK_END:
		return put(o, f->key, iso_date(it, f->member));
	case RK_STRINGS:
		return strings(o, f->key, cJSON_GetObjectItemCaseSensitive(s,
		    f->member));
	case RK_SKILLS:
		return skills(o, f, cJSON_GetObjectItemCaseSensitive(s,
		    f->member));
	case RK_DETAIL:
		if (exported_apart(it, res->resume->fields, f))
			return 0;
		return put(o, f->key, src_text(app, it, f->member, l));
	case RK_TEXTS:
		return texts(app, o, f, it, l);
	case RK_TAGS:
		if (cJSON_GetArraySize(content_item_array(it, f->member,
		    l)) == 0)
			return 0;
		return strings(o, f->key, content_item_array(it, f->member,
		    l));
	default:		/* the import's alone */
		return 0;
	}
}

/* The row of fields exported in place n, or NULL. */
static const struct resume_field *
field_at(const struct resume_field *f, int n)
{
	for (; f->member != NULL; f++)
		if (f->order == n)
			return f;
	return NULL;
}

/* The JSON Resume section of collection c: its items (those variant v
 * takes, at most its max_items; v NULL: all), row by row. */
static int
section(cJSON *r, const struct app *app, const struct cv_variant *v,
    enum coll c, enum lang l)
{
	const struct collection *col = &app->model->coll[c];
	const struct resume_field *f;
	cJSON	*a, *o;
	size_t	 k;
	int	 n, rc = 0, taken = 0;

	if (col->len == 0)	/* an optional file left out */
		return 0;
	if ((a = add(r, resources[c].resume->key, cJSON_CreateArray())) ==
	    NULL)
		return -1;
	for (k = 0; k < col->len; k++) {
		if (!settings_variant_takes(v, &col->items[k]))
			continue;
		if (v != NULL && v->max_items > 0 && taken++ == v->max_items)
			break;
		if ((o = cJSON_CreateObject()) == NULL ||
		    !cJSON_AddItemToArray(a, o))
			return -1;
		for (n = 1; (f = field_at(resources[c].resume->fields, n)) !=
		    NULL; n++)
			rc |= export_field(app, o, &resources[c], f,
			    &col->items[k], l);
	}
	if (v != NULL && cJSON_GetArraySize(a) == 0)	/* none taken */
		cJSON_DeleteItemFromObjectCaseSensitive(r,
		    resources[c].resume->key);
	return rc;
}

static int
meta(cJSON *r, const struct app *app, const struct cv_variant *v,
    enum lang l)
{
	cJSON	*m;
	char	 path[256], url[1024];

	if ((m = add(r, "meta", cJSON_CreateObject())) == NULL)
		return -1;
	snprintf(url, sizeof(url), "%s%s", app->cfg->base_url, v != NULL ?
	    cv_variant_path(app, v, l, CV_FORM_RESUME, path, sizeof(path)) :
	    resume_path(app, l, path, sizeof(path)));
	return put_copy(m, "canonical", url) | put(m, "version",
	    RESUME_VERSION) | put(m, "language", lang_code(app->langs, l));
}

/*
 * Appends the JSON Resume document of language l to b (indented, as
 * people read it).  Returns 0, or -1 when memory ran out.
 */
int
resume_build(const struct app *app, enum lang l, struct buf *b)
{
	return resume_build_variant(app, NULL, l, b);
}

/*
 * Appends the JSON Resume document of variant v of the CV (site.json's
 * cv_variants) in language l to b: its sections in its order, each with
 * the items it takes; v NULL: resume_build's.  Returns 0, or -1 when
 * memory ran out.
 */
int
resume_build_variant(const struct app *app, const struct cv_variant *v,
    enum lang l, struct buf *b)
{
	enum coll seq[COLL__MAX];
	cJSON	*r;
	int	 n, c, i, rc = -1;

	if ((r = cJSON_CreateObject()) == NULL)
		return -1;
	if (put(r, "$schema", RESUME_SCHEMA) == -1 ||
	    basics(r, app, v, l) != 0)
		goto out;
	/* The sections' order: a variant's own, alone; else site.json's
	 * "cv_order" (the CV's), else the declared one. */
	if (v != NULL) {
		n = settings_variant_sequence(&app->settings->cv, v, seq);
		for (i = 0; i < n; i++)
			if (resources[seq[i]].resume != NULL &&
			    section(r, app, v, seq[i], l) != 0)
				goto out;
	} else if (app->settings->cv.n > 0) {
		n = settings_cv_sequence(&app->settings->cv, seq);
		for (i = 0; i < n; i++)
			if (resources[seq[i]].resume != NULL &&
			    section(r, app, NULL, seq[i], l) != 0)
				goto out;
		for (c = 0; c < COLL__MAX; c++)	/* not on the CV */
			if (resources[c].resume != NULL && resources[c].cv ==
			    0 && section(r, app, NULL, (enum coll)c, l) != 0)
				goto out;
	} else
		for (n = 1; n <= COLL__MAX; n++)
			for (c = 0; c < COLL__MAX; c++)
				if (resources[c].resume != NULL &&
				    resources[c].resume->order == n &&
				    section(r, app, NULL, (enum coll)c, l) != 0)
					goto out;
	/* Printed straight into b: the whole document once, where
	 * cJSON_Print held a growing copy and then a string of it (a
	 * JSON Resume of 4.6 MB at 1,000 items per collection). */
	if (languages(r, app, l) != 0 || meta(r, app, v, l) != 0 ||
	    json_print(r, 1, b) == -1)
		goto out;
	buf_putc(b, '\n');
	rc = 0;
out:
	cJSON_Delete(r);
	return rc;
}
