/*
 * content_json.c: the API object of a validated item in each language
 * (members in declaration order, translated texts resolved, dates and
 * periods written in the language by dates.c) and its compact JSON,
 * which the API's lists serve as is.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_arena.h"
#include "content/content_int.h"

/*
 * The API value of the FIELD_DATED member text (NULL if absent) of
 * object v in language l: the period of v's start and end (when it
 * has a start), then the text.  NULL if out of memory or ICU fails.
 */
static cJSON *
convert_dated(const struct vctx *c, const cJSON *v, const cJSON *text,
    enum lang l)
{
	const struct date_labels *lb = &c->dl[l];
	const cJSON *s, *e, *t = NULL;
	struct date ds, de;
	char	 period[512], *out;
	cJSON	*r;

	if (text != NULL)
		t = cJSON_GetObjectItemCaseSensitive(text,
		    lang_code(c->langs, l));
	if ((s = cJSON_GetObjectItemCaseSensitive(v, "start")) == NULL)
		return cJSON_CreateStringReference(t->valuestring);
	e = cJSON_GetObjectItemCaseSensitive(v, "end");
	if (date_parse(s->valuestring, &ds) == -1 ||
	    (e != NULL && date_parse(e->valuestring, &de) == -1) ||
	    date_period(&ds, e != NULL ? &de : NULL, lb, period,
	    sizeof(period)) == -1)
		return NULL;
	if (t == NULL)
		return cJSON_CreateString(period);
	if ((out = malloc(strlen(period) + strlen(lb->detail_sep) +
	    strlen(t->valuestring) + 1)) == NULL)
		return NULL;
	strcpy(out, period);
	strcat(out, lb->detail_sep);
	strcat(out, t->valuestring);
	r = cJSON_CreateString(out);
	free(out);
	return r;
}

/* The API string of a WHEN value: the text, or the date formatted. */
static cJSON *
convert_when(const struct vctx *c, const cJSON *v, enum lang l)
{
	struct date d;
	char	 s[128];

	if (!cJSON_IsString(v))
		return cJSON_CreateStringReference(
		    cJSON_GetObjectItemCaseSensitive(v, lang_code(c->langs,
		    l))->valuestring);
	if (date_parse(v->valuestring, &d) == -1 ||
	    date_format(&d, c->dl[l].locale, s, sizeof(s)) == -1)
		return NULL;
	return cJSON_CreateString(s);
}

/*
 * Builds the API value of v (already validated) for language l.
 * Returns it, or NULL if out of memory or ICU fails.  The strings it
 * takes from v as they are are references to v's (cJSON frees them
 * with v, never with the result), and the member names are the
 * declarations' static names: at 1,000 items per collection the copies
 * were about a fifth of the model.  v must outlive the result.
 */
static cJSON *
convert(const struct vctx *c, const cJSON *v, const struct field *d,
    enum lang l)
{
	const struct field *f;
	const cJSON *m;
	cJSON	*out, *cv;

	switch (d->kind) {
	case F_WHEN:
		return convert_when(c, v, l);
	case F_TEXT:
		m = cJSON_GetObjectItemCaseSensitive(v, lang_code(c->langs,
		    l));
		return cJSON_CreateStringReference(m->valuestring);
	case F_BOOL:
		return cJSON_CreateBool(cJSON_IsTrue(v));
	case F_OBJECT:
		if ((out = cJSON_CreateObject()) == NULL)
			return NULL;
		for (f = d->sub; f->name != NULL; f++) {
			m = cJSON_GetObjectItemCaseSensitive(v, f->name);
			if ((f->flags & FIELD_ISO) && f > d->sub) {
				m = cJSON_GetObjectItemCaseSensitive(v,
				    f[-1].name);
				if (!cJSON_IsString(m))
					continue;	/* absent, or a text */
				cv = cJSON_CreateStringReference(
				    m->valuestring);
			} else if (f->flags & FIELD_DATED) {
				if (m == NULL && !cJSON_HasObjectItem(v,
				    "start"))
					continue;
				cv = convert_dated(c, v, m, l);
			} else if (m == NULL || (f->flags & FIELD_CONTENT))
				continue;
			else
				cv = convert(c, m, f, l);
			if (cv == NULL ||
			    !cJSON_AddItemToObjectCS(out, f->name, cv)) {
				cJSON_Delete(cv);
				cJSON_Delete(out);
				return NULL;
			}
		}
		return out;
	case F_ARRAY:
		if ((out = cJSON_CreateArray()) == NULL)
			return NULL;
		cJSON_ArrayForEach(m, v) {
			if ((cv = convert(c, m, d->sub, l)) == NULL ||
			    !cJSON_AddItemToArray(out, cv)) {
				cJSON_Delete(cv);
				cJSON_Delete(out);
				return NULL;
			}
		}
		return out;
	default:
		return cJSON_CreateStringReference(v->valuestring);
	}
}

/*
 * The translated-text object for the string v of field f, else NULL:
 * with names set, a name's (FIELD_NAME) is {"CODE": v} for every
 * language of the site; without, on a single-language site any other
 * text's (and a WHEN's that is not a date) is {"CODE": v}.
 */
static cJSON *
text_object(const struct vctx *c, const cJSON *v, const struct field *f,
    int names)
{
	struct date dt;
	cJSON	*o;
	int	 i, n;

	if (!cJSON_IsString(v))
		return NULL;
	if (f->kind == F_TEXT && (f->flags & FIELD_NAME))
		n = names ? c->langs->n : 0;
	else if (!names && c->langs->n == 1 && (f->kind == F_TEXT ||
	    (f->kind == F_WHEN && date_parse(v->valuestring, &dt) == -1)))
		n = 1;
	else
		n = 0;
	if (n == 0 || (o = cJSON_CreateObject()) == NULL)
		return NULL;	/* out of memory: validation reports it */
	for (i = 0; i < n; i++)
		if (!cJSON_AddItemToObject(o, lang_code(c->langs, (enum lang)i),
		    cJSON_Duplicate(v, 0))) {
			cJSON_Delete(o);
			return NULL;
		}
	return o;
}

/*
 * Turns every string of v (declared by d) that stands for a translated
 * text into the object {"CODE": string, ...} the rest of the program
 * reads: without names, before validation, any text's but a name's on
 * a single-language site; with names, after it (a name's plain string
 * is checked, and its errors named, once), a name's (FIELD_NAME) on
 * any site (text_object).
 */
void
content_normalise(const struct vctx *c, cJSON *v, const struct field *d,
    int names)
{
	const struct field *f;
	cJSON	*m, *o;
	int	 i = 0;

	if (d->kind == F_OBJECT && cJSON_IsObject(v))
		for (f = d->sub; f->name != NULL; f++) {
			m = cJSON_GetObjectItemCaseSensitive(v, f->name);
			if (m == NULL)
				continue;
			if ((o = text_object(c, m, f, names)) != NULL)
				cJSON_ReplaceItemInObjectCaseSensitive(v,
				    f->name, o);
			else
				content_normalise(c, m, f, names);
		}
	if (d->kind == F_ARRAY && cJSON_IsArray(v) && d->sub != NULL)
		for (m = v->child; m != NULL; i++) {
			cJSON	*next = m->next;

			if ((o = text_object(c, m, d->sub, names)) != NULL)
				cJSON_ReplaceItemInArray(v, i, o);
			else
				content_normalise(c, m, d->sub, names);
			m = next;
		}
}

/*
 * Fills it with the validated source object src, which it takes (the
 * caller's document no longer holds it: a copy of every item cost a
 * twentieth of a load at 1,000 items per collection), and the
 * per-language API objects and their printed JSON, each member in its
 * language.  it->src is it's to free, even on failure.
 */
int
content_render_item(struct vctx *c, struct item *it, cJSON *src,
    const struct field *d, const char *api_base)
{
	struct json_arena *a;
	cJSON	*o;
	int	 l;

	it->src = src;
	for (l = 0; l < c->langs->n; l++) {
		/* it->src, which lives as long as o: o refers to its
		 * strings (see convert). */
		if ((o = convert(c, it->src, d, (enum lang)l)) == NULL)
			return vc_fail(c, "out of memory or date formatting "
			    "failed");
		it->obj[l] = o;
		if (api_base != NULL) {
			char	 url[1024];

			if (xsnprintf(url, sizeof(url), "%s/%s", api_base,
			    it->slug) == -1)
				return vc_fail(c, "URL too long");
			if (cJSON_AddStringToObject(o, "api_url", url) == NULL)
				return vc_fail(c, "out of memory");
		}
		/* The JSON outlives the objects, and is freed by free():
		 * malloc's, as the print's growing buffer. */
		a = json_arena_leave();
		it->json[l] = cJSON_PrintUnformatted(o);
		json_arena_enter(a);
		if (it->json[l] == NULL)
			return vc_fail(c, "out of memory");
		it->json_len[l] = strlen(it->json[l]);
	}
	return 0;
}

/*
 * The API JSON of item it in language l with member keep in the
 * default language; 0, or -1 out of memory (it unchanged).
 */
static int
keep_default(struct item *it, const char *keep, enum lang l)
{
	const char *def;
	cJSON	*api, *v;
	char	*json;

	def = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
	    it->obj[LANG_DEFAULT], keep));
	if (def == NULL)
		return 0;	/* an item without it (an undated text) */
	if ((api = cJSON_Duplicate(it->obj[l], 1)) == NULL ||
	    (v = cJSON_CreateString(def)) == NULL ||
	    !cJSON_ReplaceItemInObjectCaseSensitive(api, keep, v) ||
	    (json = cJSON_PrintUnformatted(api)) == NULL) {
		cJSON_Delete(api);
		return -1;
	}
	cJSON_Delete(api);
	free(it->json[l]);
	it->json[l] = json;
	it->json_len[l] = strlen(json);
	return 0;
}

/*
 * The original contract's rule, for a site whose site.json sets
 * default_language_fields: the API's JSON of every item, in every
 * language, gives the member its collection declares FIELD_DEFAULT_LANG
 * (resource.c) in the default language.  The objects, which pages,
 * search and the CV read, keep every translation.  Runs before
 * content_drop_objects; 0, or -1 out of memory.
 */
int
content_keep_default_lang(struct model *m)
{
	const struct field *f;
	struct collection *cl;
	size_t	 i;
	int	 k, l;

	for (k = 0; k < COLL__MAX; k++) {
		for (f = resources[k].fields; f->name != NULL; f++)
			if (f->flags & FIELD_DEFAULT_LANG)
				break;
		if (f->name == NULL)
			continue;
		cl = &m->coll[k];
		for (i = 0; i < cl->len; i++)
			for (l = 1; l < m->langs.n; l++)
				if (keep_default(&cl->items[i], f->name,
				    (enum lang)l) == -1)
					return -1;
	}
	return 0;
}
