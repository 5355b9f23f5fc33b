/*
 * head.c: link previews (Open Graph and a Twitter summary card), the
 * schema.org ProfilePage JSON-LD and the SVG monogram icon, all from
 * the profile and the collections of the model.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include "base/json.h"
#include "base/dedup.h"
#include "content/identity.h"
#include "site/head.h"

/* Appends base + path, escaped for an attribute. */
static void
attr_url(struct buf *b, const struct app *app, const char *path)
{
	buf_markup_text(b, app->cfg->base_url);
	buf_markup_text(b, path);
}

/* Appends <meta property="NAME" content="VALUE">. */
static void
meta(struct buf *b, const char *attr, const char *name, const char *value)
{
	buf_printf(b, "<meta %s=\"%s\" content=\"", attr, name);
	buf_markup_text(b, value);
	buf_puts(b, "\">\n");
}

/*
 * Appends who the page's author is on the open web, for every page:
 * a <link rel="me"> to each of the owner's profiles (what Mastodon and
 * IndieAuth verify, whatever page they are given) and, when one of
 * them is a fediverse account (identity.h), <meta
 * name="fediverse:creator"> with its handle, which Mastodon shows as
 * the author of a shared link.
 */
void
head_identity(const struct app *app, struct buf *b)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(
	    app->model->profile.obj[LANG_DEFAULT], "profiles"), *e;
	char	 acct[IDENTITY_ACCT_MAX];

	cJSON_ArrayForEach(e, v) {
		buf_puts(b, "<link rel=\"me\" href=\"");
		buf_markup_text(b, json_str(e, "url"));
		buf_puts(b, "\">\n");
	}
	if (identity_fediverse_profile(v, acct, sizeof(acct)) != NULL)
		meta(b, "name", "fediverse:creator", acct);
}

/*
 * Appends the Open Graph and Twitter card tags of a page in language
 * l: title, description, canonical URL, type, the portrait when the
 * profile has one, the locale and the other languages' locales
 * (from ICU: the language with its likely region).
 */
void
head_preview(const struct app *app, const struct head_preview *pv,
    enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l];
	char	 url[MD_URL_MAX];
	const char *image = md_portrait(app, url);
	int	 a;

	meta(b, "property", "og:title", pv->title);
	meta(b, "property", "og:description", pv->description);
	buf_puts(b, "<meta property=\"og:url\" content=\"");
	attr_url(b, app, pv->path[l]);
	buf_puts(b, "\">\n");
	meta(b, "property", "og:type", pv->profile ? "profile" : "website");
	meta(b, "property", "og:site_name", json_str(p, "name"));
	if (*image != '\0') {
		meta(b, "property", "og:image", image);
		meta(b, "property", "og:image:alt", json_str(p, "name"));
	}
	meta(b, "property", "og:locale", labels_og_locale(app->labels, l));
	for (a = 0; a < app->langs->n; a++)
		if (a != (int)l)
			meta(b, "property", "og:locale:alternate",
			    labels_og_locale(app->labels, (enum lang)a));
	meta(b, "name", "twitter:card", "summary");
	meta(b, "name", "twitter:title", pv->title);
	meta(b, "name", "twitter:description", pv->description);
}

/* An organization {"@type": type, "name", "url"} or NULL. */
static cJSON *
organization(const char *type, const char *name, const char *url)
{
	cJSON	*o;

	if ((o = cJSON_CreateObject()) == NULL)
		return NULL;
	cJSON_AddStringToObject(o, "@type", type);
	cJSON_AddStringToObject(o, "name", name);
	if (url != NULL && *url != '\0')
		cJSON_AddStringToObject(o, "url", url);
	return o;
}

/* The member name of every item of collection c in language l, as an
 * array of its strings, and for each the index of the first earlier
 * one equal to it, or -1 (str_first_equal); -1 out of memory, both
 * NULL. */
static int
members(const struct collection *c, enum lang l, const char *name,
    const char ***s, long **first)
{
	size_t	 i;

	*first = NULL;
	if ((*s = calloc(c->len > 0 ? c->len : 1, sizeof(**s))) == NULL ||
	    (*first = calloc(c->len > 0 ? c->len : 1, sizeof(**first))) ==
	    NULL)
		goto oom;
	for (i = 0; i < c->len; i++)
		(*s)[i] = json_str(c->items[i].obj[l], name);
	if (str_first_equal(*s, c->len, *first) == -1)
		goto oom;
	return 0;
oom:
	free(*s);
	free(*first);
	*s = NULL;
	*first = NULL;
	return -1;
}

/* The Person's worksFor: the employer, else the consultancy
 * co-founded; alumniOf: the education's institutions. */
static void
person_organizations(const struct app *app, enum lang l, cJSON *ld)
{
	const cJSON *p = app->model->profile.obj[l], *v;
	const struct collection *c = &app->model->coll[COLL_EDUCATION];
	const char **name;
	long	*first;
	cJSON	*a;
	size_t	 i;

	if ((v = cJSON_GetObjectItemCaseSensitive(p, "employer")) == NULL)
		v = cJSON_GetObjectItemCaseSensitive(p, "co_founder_of");
	if (v != NULL)
		cJSON_AddItemToObject(ld, "worksFor", organization(
		    "Organization", json_str(v, "name"), json_str(v, "url")));
	if (!c->present || c->len == 0 ||
	    (a = cJSON_AddArrayToObject(ld, "alumniOf")) == NULL)
		return;
	/* Once per institution: a second degree from the same one is not
	 * a second alumniOf. */
	if (members(c, l, "institution", &name, &first) == -1)
		return;
	for (i = 0; i < c->len; i++)
		if (first[i] == -1)
			cJSON_AddItemToArray(a, organization(
			    "EducationalOrganization", name[i], NULL));
	free(name);
	free(first);
}

/* The Person's hasCredential: one EducationalOccupationalCredential
 * per certification. */
static void
person_credentials(const struct app *app, enum lang l, cJSON *ld)
{
	const struct collection *c = &app->model->coll[COLL_CERTIFICATIONS];
	const cJSON *o;
	cJSON	*a, *cr;
	size_t	 i;

	if (!c->present || c->len == 0 ||
	    (a = cJSON_AddArrayToObject(ld, "hasCredential")) == NULL)
		return;
	for (i = 0; i < c->len; i++) {
		o = c->items[i].obj[l];
		if ((cr = cJSON_CreateObject()) == NULL)
			return;
		cJSON_AddStringToObject(cr, "@type",
		    "EducationalOccupationalCredential");
		cJSON_AddStringToObject(cr, "name", json_str(o, "title"));
		cJSON_AddStringToObject(cr, "credentialCategory",
		    "certificate");
		cJSON_AddStringToObject(cr, "url", json_str(o, "credential_url"));
		cJSON_AddItemToObject(cr, "recognizedBy", organization(
		    "Organization", json_str(o, "institution"), NULL));
		cJSON_AddItemToArray(a, cr);
	}
}

/* Adds the string s to the array a unless a has it: the JSON-LD lists
 * a language, an award or a profile once however often the content
 * gives it. */
static void
add_unique(cJSON *a, const char *s)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, a)
		if (cJSON_IsString(e) && strcmp(e->valuestring, s) == 0)
			return;
	cJSON_AddItemToArray(a, cJSON_CreateString(s));
}

/*
 * The Person's property prop as the member name of every item of
 * collection k (schema.org's knowsLanguage from the spoken languages,
 * award from the awards, both texts).  Returns 1 when it added it, 0
 * when the content has none.
 */
static int
person_titles(const struct app *app, enum lang l, cJSON *ld, enum coll k,
    const char *prop, const char *name)
{
	const struct collection *c = &app->model->coll[k];
	const char **s;
	long	*first;
	cJSON	*a;
	size_t	 i;

	if (!c->present || c->len == 0 ||
	    (a = cJSON_AddArrayToObject(ld, prop)) == NULL)
		return 0;
	if (members(c, l, name, &s, &first) == -1)
		return 1;
	for (i = 0; i < c->len; i++)
		if (first[i] == -1)
			cJSON_AddItemToArray(a, cJSON_CreateString(s[i]));
	free(s);
	free(first);
	return 1;
}

/* The schema.org Person of the profile in language l, or NULL. */
static cJSON *
person(const struct app *app, enum lang l)
{
	const cJSON *p = app->model->profile.obj[l], *v, *e;
	char	 url[MD_URL_MAX];
	const char *image;
	cJSON	*ld, *o, *a;

	if ((ld = cJSON_CreateObject()) == NULL)
		return NULL;
	cJSON_AddStringToObject(ld, "@type", "Person");
	cJSON_AddStringToObject(ld, "name", json_str(p, "name"));
	if (*json_str(p, "given_name") != '\0')
		cJSON_AddStringToObject(ld, "givenName",
		    json_str(p, "given_name"));
	if (*json_str(p, "family_name") != '\0')
		cJSON_AddStringToObject(ld, "familyName",
		    json_str(p, "family_name"));
	cJSON_AddStringToObject(ld, "jobTitle", json_str(p, "job_title"));
	cJSON_AddStringToObject(ld, "description", json_str(p, "summary"));
	cJSON_AddStringToObject(ld, "email", json_str(p, "email"));
	v = app->model->profile.src;	/* phone is content-only */
	if (*json_str(v, "phone") != '\0')
		cJSON_AddStringToObject(ld, "telephone", json_str(v, "phone"));
	cJSON_AddStringToObject(ld, "url", json_str(p, "url"));
	if (*(image = md_portrait(app, url)) != '\0')
		cJSON_AddStringToObject(ld, "image", image);
	v = cJSON_GetObjectItemCaseSensitive(p, "location");
	if ((o = cJSON_AddObjectToObject(ld, "address")) != NULL) {
		cJSON_AddStringToObject(o, "@type", "PostalAddress");
		cJSON_AddStringToObject(o, "addressLocality", json_str(v, "city"));
		cJSON_AddStringToObject(o, "addressRegion", json_str(v, "region"));
		cJSON_AddStringToObject(o, "addressCountry",
		    json_str(v, "country"));
	}
	person_organizations(app, l, ld);
	person_credentials(app, l, ld);
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "knows_about")) != NULL &&
	    (a = cJSON_AddArrayToObject(ld, "knowsAbout")) != NULL)
		cJSON_ArrayForEach(e, v)
			add_unique(a, cJSON_GetStringValue(e) ?
			    cJSON_GetStringValue(e) : "");
	if (!person_titles(app, l, ld, COLL_SPOKEN_LANGUAGES, "knowsLanguage",
	    "language") && (v = cJSON_GetObjectItemCaseSensitive(p,
	    "languages")) != NULL)
		cJSON_AddItemToObject(ld, "knowsLanguage",
		    cJSON_Duplicate(v, 1));
	person_titles(app, l, ld, COLL_AWARDS, "award", "title");
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "profiles")) != NULL &&
	    (a = cJSON_AddArrayToObject(ld, "sameAs")) != NULL)
		cJSON_ArrayForEach(e, v)
			add_unique(a, json_str(e, "url"));
	return ld;
}

/*
 * Appends the schema.org ProfilePage at path (language l) whose
 * mainEntity is the Person, as a JSON-LD script.  Every "<" is written
 * as \u003c so that no string can close the script element.  Returns
 * 0, or -1 out of memory.
 */
int
head_json_ld(const struct app *app, const char *path, enum lang l,
    struct buf *b)
{
	cJSON	*ld, *pe;
	char	*s, *c;
	struct buf url;
	int	 rc = -1;

	if ((ld = cJSON_CreateObject()) == NULL)
		return -1;
	buf_init(&url);
	buf_printf(&url, "%s%s", app->cfg->base_url, path);
	cJSON_AddStringToObject(ld, "@context", "https://schema.org");
	cJSON_AddStringToObject(ld, "@type", "ProfilePage");
	cJSON_AddStringToObject(ld, "url", buf_cstr(&url));
	cJSON_AddStringToObject(ld, "inLanguage", lang_code(app->langs, l));
	if (url.oom || (pe = person(app, l)) == NULL)
		goto out;
	cJSON_AddItemToObject(ld, "mainEntity", pe);
	if ((s = cJSON_PrintUnformatted(ld)) == NULL)
		goto out;
	buf_puts(b, "<script type=\"application/ld+json\">");
	for (c = s; *c != '\0'; c++)
		if (*c == '<')
			buf_puts(b, "\\u003c");
		else
			buf_putc(b, *c);
	buf_puts(b, "</script>\n");
	free(s);
	rc = 0;
out:
	buf_free(&url);
	cJSON_Delete(ld);
	return rc;
}

/* Appends the first UTF-8 character of s, uppercase when ASCII. */
static void
initial(struct buf *b, const char *s)
{
	size_t	 n = 1;

	while (*s == ' ')
		s++;
	if (*s == '\0')
		return;
	if (((unsigned char)*s & 0xe0) == 0xc0)
		n = 2;
	else if (((unsigned char)*s & 0xf0) == 0xe0)
		n = 3;
	else if (((unsigned char)*s & 0xf8) == 0xf0)
		n = 4;
	if (n == 1 && *s >= 'a' && *s <= 'z') {
		buf_putc(b, (char)(*s - 'a' + 'A'));
		return;
	}
	if (strnlen(s, n) == n)
		buf_append(b, s, n);
}

/*
 * Returns 1 when the first letter of s is of a script with letter case
 * (ICU: Latin, Greek, Cyrillic, Armenian...), whose names make
 * initials; 0 for the others (Han, kana, Hangul, Arabic, Devanagari,
 * Thai...), where a monogram is the name's first character.
 */
static int
cased_script(const char *s)
{
	UErrorCode ec = U_ZERO_ERROR;
	int32_t	 i = 0, len = (int32_t)strlen(s);
	UChar32	 c;
	UScriptCode sc;

	while (i < len) {
		U8_NEXT(s, i, len, c);
		if (c < 0 || !u_isalpha(c))
			continue;
		sc = uscript_getScript(c, &ec);
		return U_SUCCESS(ec) && uscript_isCased(sc);
	}
	return 0;
}

/* Appends the first character of s with the marks that follow it (a
 * base letter and its combining marks: "क्" of Devanagari, "ส" of
 * Thai). */
static void
first_char(struct buf *b, const char *s)
{
	int32_t	 i = 0, end, len = (int32_t)strlen(s);
	UChar32	 c;

	while (i < len && s[i] == ' ')
		i++;
	end = i;
	if (end < len)
		U8_NEXT(s, end, len, c);
	while (end < len) {
		i = end;
		U8_NEXT(s, end, len, c);
		if (c < 0 || !(U_GET_GC_MASK(c) & U_GC_M_MASK)) {
			end = i;
			break;
		}
	}
	for (i = 0; i < end && s[i] == ' '; i++)
		continue;
	buf_append(b, s + i, (size_t)(end - i));
}

/*
 * Appends the site icon: an SVG monogram in the site's colours.  A
 * name in a script with letter case gives the initials of the given
 * and family names (else of the first two words of the name); another
 * name (Japanese, Arabic...) gives the name in a cased script one of
 * the site's languages has, if any ("Misaki Sato" beside "佐藤 美咲"),
 * else its first character ("佐"): initials of such a name mean
 * nothing, and Arabic letters set side by side would join.
 */
void
head_icon(const struct app *app, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[LANG_DEFAULT];
	const char *given, *family, *name, *sp;
	struct buf in;
	int	 l;

	for (l = 0; l < app->langs->n; l++)
		if (cased_script(json_str(app->model->profile.obj[l], "name")))
			break;
	if (l < app->langs->n)
		p = app->model->profile.obj[l];
	given = json_str(p, "given_name");
	family = json_str(p, "family_name");
	name = json_str(p, "name");
	buf_init(&in);
	if (l == app->langs->n)
		first_char(&in, name);
	else if (*given != '\0' && *family != '\0') {
		initial(&in, given);
		initial(&in, family);
	} else {
		initial(&in, name);
		if ((sp = strchr(name, ' ')) != NULL)
			initial(&in, sp + 1);
	}
	buf_puts(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "viewBox=\"0 0 64 64\"><rect width=\"64\" height=\"64\" "
	    "rx=\"14\" fill=\"#8a3b12\"/><text x=\"32\" y=\"42\" "
	    "font-family=\"system-ui,sans-serif\" font-size=\"28\" "
	    "font-weight=\"700\" text-anchor=\"middle\" fill=\"#fbfaf7\">");
	buf_markup_text(b, buf_cstr(&in));
	buf_puts(b, "</text></svg>\n");
	if (in.oom)
		b->oom = 1;
	buf_free(&in);
}
