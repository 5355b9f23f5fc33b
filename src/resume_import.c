/*
 * resume_import.c: a content directory from a JSON Resume document.
 * Every member the importer reads is named in one table per section
 * (known); any other member of the document is reported as not
 * imported, so nothing is dropped silently.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <unicode/uloc.h>
#include <unicode/ustring.h>
#include <unicode/utrans.h>

#include "resume_import.h"
#include "resume_values.h"

/* The placeholders: marked "TODO" so that grep finds every one. */
#define TODO_EMAIL	"todo@example.org"
#define TODO_URL	"https://example.org/todo"
#define TODO_YEARS	"0+"
#define TODO_COUNTRY	"ES"

/* The members of each section the importer reads (NULL ends a list). */
static const char *const known_top[] = { "$schema", "basics", "work",
	"education", "skills", "projects", "certificates", "references",
	"languages", "meta", NULL };
static const char *const known_basics[] = { "name", "label", "image",
	"email", "url", "summary", "location", "profiles", NULL };
static const char *const known_location[] = { "city", "region",
	"countryCode", NULL };
static const char *const known_profile[] = { "network", "url",
	"username", NULL };
static const char *const known_work[] = { "name", "position",
	"startDate", "endDate", "summary", NULL };
static const char *const known_education[] = { "institution", "area",
	"studyType", "startDate", "endDate", NULL };
static const char *const known_skill[] = { "name", "keywords", "years",
	NULL };
static const char *const known_project[] = { "name", "description",
	"keywords", "url", NULL };
static const char *const known_certificate[] = { "name", "date", "issuer",
	"url", NULL };
static const char *const known_reference[] = { "name", "reference", "url",
	NULL };
static const char *const known_language[] = { "language", NULL };
static const char *const known_meta[] = { "canonical", "version",
	"lastModified", "language", NULL };

struct imp {
	const cJSON *doc;
	enum lang lang;		/* the document's */
	struct buf *report;
	UTransliterator *tr;	/* slugs: Any-Latin; Latin-ASCII; Lower */
	int	 oom;
};

static const char *
str(const cJSON *o, const char *key)
{
	const char *s = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(o, key));

	return s != NULL && *s != '\0' ? s : NULL;
}

/* One report line: a placeholder written into file at field. */
static const char *
todo(struct imp *m, const char *file, const char *field, const char *value,
    const char *why)
{
	buf_printf(m->report, "placeholder: %s: %s = \"%s\" (%s)\n", file,
	    field, value, why);
	return value;
}

/* Reports the members of o that list does not name, as not imported. */
static void
unknown(struct imp *m, const char *where, const cJSON *o,
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
static void
unknown_each(struct imp *m, const char *where, const cJSON *a,
    const char *const *list)
{
	const cJSON *e;
	char	 path[128];
	int	 i = 0;

	cJSON_ArrayForEach(e, a) {
		snprintf(path, sizeof(path), "%s[%d]", where, i++);
		unknown(m, path, e, list);
	}
}

/* A translated text: s in every language (to be translated). */
static cJSON *
text(struct imp *m, const char *s)
{
	cJSON	*o;
	int	 l;

	if ((o = cJSON_CreateObject()) == NULL) {
		m->oom = 1;
		return NULL;
	}
	for (l = 0; l < langs_fallback.n; l++)
		if (cJSON_AddStringToObject(o, lang_code(&langs_fallback,
		    (enum lang)l), s) == NULL)
			m->oom = 1;
	return o;
}

static void
add(struct imp *m, cJSON *o, const char *key, cJSON *v)
{
	if (v == NULL || !cJSON_AddItemToObject(o, key, v)) {
		cJSON_Delete(v);
		m->oom = 1;
	}
}

static void
add_str(struct imp *m, cJSON *o, const char *key, const char *s)
{
	add(m, o, key, cJSON_CreateString(s));
}

/* "[i].name", in f, for the report. */
static const char *
at(char *f, size_t len, int i, const char *name)
{
	snprintf(f, len, "[%d].%s", i, name);
	return f;
}

/* The field name of item i in a report line (f and i are the caller's). */
#define AT(name)	at(f, sizeof(f), i, (name))

/* Adds the item o to the array a. */
static void
push(struct imp *m, cJSON *a, cJSON *o)
{
	if (o == NULL || !cJSON_AddItemToArray(a, o)) {
		cJSON_Delete(o);
		m->oom = 1;
	}
}

static cJSON *
new_obj(struct imp *m)
{
	cJSON	*o = cJSON_CreateObject();

	if (o == NULL)
		m->oom = 1;
	return o;
}

static void
profile_location(struct imp *m, cJSON *p, const cJSON *b)
{
	const cJSON *loc = cJSON_GetObjectItemCaseSensitive(b, "location");
	const char *cc = str(loc, "countryCode");
	char	 up[3];
	cJSON	*o;

	if ((o = new_obj(m)) == NULL)
		return;
	add(m, o, "city", text(m, str(loc, "city") != NULL ?
	    str(loc, "city") : todo(m, "profile.json", "location.city",
	    "TODO: city", "basics.location.city is missing")));
	add(m, o, "region", text(m, str(loc, "region") != NULL ?
	    str(loc, "region") : todo(m, "profile.json", "location.region",
	    "TODO: region", "basics.location.region is missing")));
	if (cc != NULL && strlen(cc) == 2 && isalpha((unsigned char)cc[0]) &&
	    isalpha((unsigned char)cc[1])) {
		up[0] = (char)toupper((unsigned char)cc[0]);
		up[1] = (char)toupper((unsigned char)cc[1]);
		up[2] = '\0';
		add_str(m, o, "country", up);
	} else
		add_str(m, o, "country", todo(m, "profile.json",
		    "location.country", TODO_COUNTRY, "basics.location."
		    "countryCode is missing or not two letters: set yours"));
	add(m, o, "remote", cJSON_CreateBool(0));
	todo(m, "profile.json", "location.remote", "false",
	    "JSON Resume does not say whether you work remotely");
	add(m, p, "location", o);
	unknown(m, "basics.location", loc, known_location);
}

static void
profile_links(struct imp *m, cJSON *p, const cJSON *b)
{
	const cJSON *e, *list = cJSON_GetObjectItemCaseSensitive(b,
	    "profiles");
	cJSON	*a, *o;
	int	 i = 0;

	if (cJSON_GetArraySize(list) == 0 ||
	    (a = cJSON_CreateArray()) == NULL)
		return;
	cJSON_ArrayForEach(e, list) {
		if (resume_url_ok(str(e, "url")) == NULL) {
			buf_printf(m->report, "not imported: basics.profiles"
			    "[%d] (no http(s) url; perfil links profiles by "
			    "URL)\n", i++);
			continue;
		}
		i++;
		if ((o = new_obj(m)) == NULL)
			break;
		add_str(m, o, "label", str(e, "network") != NULL ?
		    str(e, "network") : str(e, "url"));
		add_str(m, o, "url", str(e, "url"));
		push(m, a, o);
	}
	if (cJSON_GetArraySize(a) > 0)
		add(m, p, "profiles", a);
	else
		cJSON_Delete(a);
	unknown_each(m, "basics.profiles", list, known_profile);
}

static void
profile_languages(struct imp *m, cJSON *p)
{
	const cJSON *e, *list = cJSON_GetObjectItemCaseSensitive(m->doc,
	    "languages");
	const char *code;
	cJSON	*a;
	int	 i = 0;

	if (cJSON_GetArraySize(list) == 0 ||
	    (a = cJSON_CreateArray()) == NULL)
		return;
	cJSON_ArrayForEach(e, list) {
		if (str(e, "language") == NULL ||
		    (code = resume_language_code(str(e, "language"),
		    lang_code(&langs_fallback, m->lang))) == NULL)
			buf_printf(m->report, "not imported: languages[%d] "
			    "(\"%s\": no ISO 639-1 code found for it)\n", i,
			    str(e, "language") ? str(e, "language") : "");
		else
			push(m, a, cJSON_CreateString(code));
		i++;
	}
	if (cJSON_GetArraySize(a) > 0)
		add(m, p, "languages", a);
	else
		cJSON_Delete(a);
	unknown_each(m, "languages", list, known_language);
}

/* profile.json from basics (and the first position for a job title). */
static cJSON *
profile(struct imp *m)
{
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(m->doc, "basics");
	const char *label = str(b, "label"), *s;
	cJSON	*p, *av;

	if ((p = new_obj(m)) == NULL)
		return NULL;
	add_str(m, p, "name", str(b, "name") != NULL ? str(b, "name") :
	    todo(m, "profile.json", "name", "TODO: your name",
	    "basics.name is missing"));
	add(m, p, "headline", text(m, label != NULL ? label : todo(m,
	    "profile.json", "headline", "TODO: headline", "basics.label is "
	    "missing")));
	if (label == NULL)
		label = str(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(
		    m->doc, "work"), 0), "position");
	add(m, p, "job_title", text(m, label != NULL ? label : todo(m,
	    "profile.json", "job_title", "TODO: job title", "neither "
	    "basics.label nor a position")));
	add(m, p, "summary", text(m, str(b, "summary") != NULL ?
	    str(b, "summary") : todo(m, "profile.json", "summary",
	    "TODO: summary", "basics.summary is missing")));
	profile_location(m, p, b);
	profile_languages(m, p);
	s = str(b, "email");
	add_str(m, p, "email", s != NULL && strchr(s, '@') != NULL ? s :
	    todo(m, "profile.json", "email", TODO_EMAIL, "basics.email is "
	    "missing"));
	add_str(m, p, "url", resume_url_ok(str(b, "url")) != NULL ?
	    str(b, "url") : todo(m, "profile.json", "url", TODO_URL,
	    "basics.url is missing or not an http(s) URL"));
	if (resume_url_ok(str(b, "image")) != NULL)
		add_str(m, p, "image", str(b, "image"));
	else if (str(b, "image") != NULL)
		buf_printf(m->report, "not imported: basics.image (\"%s\" is "
		    "not an http(s) URL)\n", str(b, "image"));
	if ((av = new_obj(m)) != NULL) {
		add(m, av, "open_to_work", cJSON_CreateBool(0));
		add(m, av, "statement", text(m, todo(m, "profile.json",
		    "availability.statement", "TODO: availability", "JSON "
		    "Resume has no availability; open_to_work is false")));
		add(m, p, "availability", av);
	}
	profile_links(m, p, b);
	unknown(m, "basics", b, known_basics);
	return p;
}

/* "Position, Organization" (or either alone), for titles. */
static void
role_at(const cJSON *w, char *out, size_t len)
{
	const char *pos = str(w, "position"), *org = str(w, "name");

	snprintf(out, len, "%s%s%s", pos != NULL ? pos : "",
	    pos != NULL && org != NULL ? ", " : "", org != NULL ? org : "");
}

static int
by_year(const void *a, const void *b)
{
	return strcmp(str(*(cJSON *const *)a, "year"),
	    str(*(cJSON *const *)b, "year"));
}

/* about.json: the summary, and a timeline of the dated positions. */
static cJSON *
about(struct imp *m)
{
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(m->doc, "basics");
	const cJSON *w;
	cJSON	*a, *tl, *e, *items[256];
	char	 year[5], title[512];
	size_t	 n = 0, i;
	time_t	 now;

	if ((a = new_obj(m)) == NULL || (tl = cJSON_CreateArray()) == NULL) {
		m->oom = 1;
		return a;
	}
	add(m, a, "summary", text(m, str(b, "summary") != NULL ?
	    str(b, "summary") : todo(m, "about.json", "summary",
	    "TODO: biography", "basics.summary is missing")));
	cJSON_ArrayForEach(w, cJSON_GetObjectItemCaseSensitive(m->doc,
	    "work")) {
		if (resume_date_ok(str(w, "startDate")) == NULL || n == 256 ||
		    (e = new_obj(m)) == NULL)
			continue;
		snprintf(year, sizeof(year), "%s", str(w, "startDate"));
		role_at(w, title, sizeof(title));
		add_str(m, e, "year", year);
		add(m, e, "title", text(m, title));
		add(m, e, "description", text(m, str(w, "summary") != NULL ?
		    str(w, "summary") : title));
		items[n++] = e;
	}
	qsort(items, n, sizeof(items[0]), by_year);	/* oldest first */
	for (i = 0; i < n; i++)
		push(m, tl, items[i]);
	if (n == 0 && (e = new_obj(m)) != NULL) {
		now = time(NULL);
		strftime(year, sizeof(year), "%Y", gmtime(&now));
		add_str(m, e, "year", year);
		add(m, e, "title", text(m, todo(m, "about.json",
		    "timeline[0].title", "TODO: milestone", "no position "
		    "has a start date to build the timeline from")));
		add(m, e, "description", text(m, "TODO: milestone"));
		push(m, tl, e);
	}
	add(m, a, "timeline", tl);
	return a;
}

/* start and end, or a placeholder period text when there is no start. */
static void
dates(struct imp *m, cJSON *o, const cJSON *src, const char *file,
    const char *field, const char *where, int i)
{
	const char *s = str(src, "startDate"), *e = str(src, "endDate");
	char	 f[128];

	if (resume_date_ok(s) != NULL) {
		add_str(m, o, "start", s);
		if (resume_date_ok(e) != NULL)
			add_str(m, o, "end", e);
		else if (e != NULL)
			buf_printf(m->report, "not imported: %s[%d].endDate "
			    "(\"%s\" is not an ISO date)\n", where, i, e);
		return;
	}
	if (s != NULL)
		buf_printf(m->report, "not imported: %s[%d].startDate (\"%s\" "
		    "is not an ISO date)\n", where, i, s);
	snprintf(f, sizeof(f), "[%d].%s", i, field);
	if (field != NULL)
		add(m, o, field, text(m, todo(m, file, f, "TODO: dates",
		    "no start date")));
}

static cJSON *
experience(struct imp *m)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(m->doc, "work");
	const cJSON *w;
	cJSON	*a, *o;
	char	 sl[128], buf[512];
	int	 i = 0;

	if ((a = cJSON_CreateArray()) == NULL) {
		m->oom = 1;
		return NULL;
	}
	cJSON_ArrayForEach(w, list) {
		if ((o = new_obj(m)) == NULL)
			break;
		role_at(w, buf, sizeof(buf));
		add_str(m, o, "slug", resume_slug(m->tr, buf, a, sl,
		    sizeof(sl)));
		add(m, o, "role", text(m, str(w, "position") != NULL ?
		    str(w, "position") : todo(m, "experience.json", "role",
		    "TODO: role", "work[].position is missing")));
		add(m, o, "organization", text(m, str(w, "name") != NULL ?
		    str(w, "name") : todo(m, "experience.json", "organization",
		    "TODO: organization", "work[].name is missing")));
		dates(m, o, w, "experience.json", "period", "work", i);
		add(m, o, "description", text(m, str(w, "summary") != NULL ?
		    str(w, "summary") : todo(m, "experience.json",
		    "description", "TODO: description", "work[].summary is "
		    "missing")));
		push(m, a, o);
		i++;
	}
	unknown_each(m, "work", list, known_work);
	return a;
}

static cJSON *
education(struct imp *m)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(m->doc,
	    "education");
	const cJSON *e;
	const char *st, *ar;
	cJSON	*a, *o;
	char	 sl[128], buf[512];
	int	 i = 0;

	if (cJSON_GetArraySize(list) == 0 || (a = cJSON_CreateArray()) ==
	    NULL)
		return NULL;
	cJSON_ArrayForEach(e, list) {
		if ((o = new_obj(m)) == NULL)
			break;
		add_str(m, o, "slug", resume_slug(m->tr, str(e, "institution"),
		    a, sl, sizeof(sl)));
		add(m, o, "institution", text(m, str(e, "institution") != NULL ?
		    str(e, "institution") : todo(m, "education.json",
		    "institution", "TODO: institution", "education[]."
		    "institution is missing")));
		st = str(e, "studyType");
		ar = str(e, "area");
		snprintf(buf, sizeof(buf), "%s%s%s", st != NULL ? st : "",
		    st != NULL && ar != NULL ? ", " : "", ar != NULL ? ar : "");
		dates(m, o, e, "education.json", NULL, "education", i);
		if (*buf != '\0')
			add(m, o, "detail", text(m, buf));
		else if (str(o, "start") == NULL)
			add(m, o, "detail", text(m, todo(m, "education.json",
			    "detail", "TODO: programme", "neither dates nor "
			    "studyType/area")));
		push(m, a, o);
		i++;
	}
	unknown_each(m, "education", list, known_education);
	return a;
}

/* One skill of a category: its years from the "years" map perfil's
 * export writes, else the placeholder. */
static void
skill(struct imp *m, cJSON *list, const cJSON *cat, const char *name)
{
	const char *y = str(cJSON_GetObjectItemCaseSensitive(cat, "years"),
	    name);
	cJSON	*o;

	if ((o = new_obj(m)) == NULL)
		return;
	add_str(m, o, "name", name);
	if (y != NULL && strlen(y) >= 2 && strlen(y) <= 4 &&
	    y[strlen(y) - 1] == '+' && strspn(y, "0123456789") ==
	    strlen(y) - 1)
		add_str(m, o, "years", y);
	else
		add_str(m, o, "years", TODO_YEARS);
	push(m, list, o);
}

static cJSON *
skills(struct imp *m, int *years_todo)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(m->doc,
	    "skills");
	const cJSON *c, *k;
	cJSON	*a, *o, *sk;
	char	 sl[128];

	if ((a = cJSON_CreateArray()) == NULL) {
		m->oom = 1;
		return NULL;
	}
	cJSON_ArrayForEach(c, list) {
		if (str(c, "name") == NULL ||
		    (o = new_obj(m)) == NULL)
			continue;
		add(m, o, "category", text(m, str(c, "name")));
		add_str(m, o, "slug", resume_slug(m->tr, str(c, "name"), a, sl,
		    sizeof(sl)));
		if ((sk = cJSON_CreateArray()) == NULL) {
			cJSON_Delete(o);
			m->oom = 1;
			break;
		}
		cJSON_ArrayForEach(k, cJSON_GetObjectItemCaseSensitive(c,
		    "keywords"))
			if (cJSON_GetStringValue(k) != NULL &&
			    *k->valuestring != '\0')
				skill(m, sk, c, k->valuestring);
		if (cJSON_GetArraySize(sk) == 0)	/* a skill alone */
			skill(m, sk, c, str(c, "name"));
		cJSON_ArrayForEach(k, sk)
			if (strcmp(str(k, "years"), TODO_YEARS) == 0)
				(*years_todo)++;
		add(m, o, "skills", sk);
		push(m, a, o);
	}
	unknown_each(m, "skills", list, known_skill);
	return a;
}

static cJSON *
projects(struct imp *m)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(m->doc,
	    "projects");
	const cJSON *p, *k;
	cJSON	*a, *o, *st;
	char	 sl[128], f[64];
	int	 i = 0;

	if ((a = cJSON_CreateArray()) == NULL) {
		m->oom = 1;
		return NULL;
	}
	cJSON_ArrayForEach(p, list) {
		if ((o = new_obj(m)) == NULL)
			break;
		add_str(m, o, "slug", resume_slug(m->tr, str(p, "name"), a, sl,
		    sizeof(sl)));
		add(m, o, "title", text(m, str(p, "name") != NULL ?
		    str(p, "name") : todo(m, "projects.json", AT("title"),
		    "TODO: title", "projects[].name is missing")));
		add(m, o, "description", text(m, str(p, "description") !=
		    NULL ? str(p, "description") : todo(m, "projects.json",
		    AT("description"), "TODO: description",
		    "projects[].description is missing")));
		if ((st = cJSON_CreateArray()) == NULL)
			m->oom = 1;
		cJSON_ArrayForEach(k, cJSON_GetObjectItemCaseSensitive(p,
		    "keywords"))
			if (cJSON_GetStringValue(k) != NULL &&
			    *k->valuestring != '\0')
				push(m, st, cJSON_CreateString(k->valuestring));
		if (st != NULL && cJSON_GetArraySize(st) == 0)
			push(m, st, cJSON_CreateString(todo(m,
			    "projects.json", AT("stack"), "TODO: technology",
			    "projects[].keywords is empty; perfil needs a "
			    "stack")));
		add(m, o, "stack", st);
		add_str(m, o, "url", resume_url_ok(str(p, "url")) != NULL ?
		    str(p, "url") : todo(m, "projects.json", AT("url"),
		    TODO_URL, "projects[].url is missing or not http(s)"));
		push(m, a, o);
		i++;
	}
	unknown_each(m, "projects", list, known_project);
	return a;
}

/* A WHEN value: the ISO date, or a marked translated placeholder. */
static cJSON *
when(struct imp *m, const char *date, const char *file, const char *field,
    const char *why)
{
	if (resume_date_ok(date) != NULL)
		return cJSON_CreateString(date);
	return text(m, todo(m, file, field, "TODO: date", why));
}

static cJSON *
certifications(struct imp *m)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(m->doc,
	    "certificates");
	const cJSON *c;
	cJSON	*a, *o;
	char	 sl[128], f[64];
	int	 i = 0;

	if (cJSON_GetArraySize(list) == 0 || (a = cJSON_CreateArray()) ==
	    NULL)
		return NULL;
	cJSON_ArrayForEach(c, list) {
		if ((o = new_obj(m)) == NULL)
			break;
		add_str(m, o, "slug", resume_slug(m->tr, str(c, "name"), a, sl,
		    sizeof(sl)));
		add(m, o, "title", text(m, str(c, "name") != NULL ?
		    str(c, "name") : todo(m, "certifications.json", AT("title"),
		    "TODO: title", "certificates[].name is missing")));
		add_str(m, o, "institution", str(c, "issuer") != NULL ?
		    str(c, "issuer") : todo(m, "certifications.json",
		    AT("institution"), "TODO: issuer", "certificates[].issuer "
		    "is missing"));
		add(m, o, "date", when(m, str(c, "date"),
		    "certifications.json", AT("date"), "certificates[].date is "
		    "missing or not ISO"));
		add_str(m, o, "credential_url", resume_url_ok(str(c, "url")) !=
		    NULL ? str(c, "url") : todo(m, "certifications.json",
		    AT("credential_url"), TODO_URL, "certificates[].url is "
		    "missing or not http(s)"));
		push(m, a, o);
		i++;
	}
	unknown_each(m, "certificates", list, known_certificate);
	return a;
}

static cJSON *
recommendations(struct imp *m)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(m->doc,
	    "references");
	const cJSON *r;
	cJSON	*a, *o;
	char	 sl[128], f[64];
	int	 i = 0;

	if (cJSON_GetArraySize(list) == 0 || (a = cJSON_CreateArray()) ==
	    NULL)
		return NULL;
	cJSON_ArrayForEach(r, list) {
		if ((o = new_obj(m)) == NULL)
			break;
		add_str(m, o, "slug", resume_slug(m->tr, str(r, "name"), a, sl,
		    sizeof(sl)));
		add_str(m, o, "name", str(r, "name") != NULL ? str(r, "name") :
		    todo(m, "recommendations.json", AT("name"), "TODO: name",
		    "references[].name is missing"));
		add(m, o, "date", when(m, str(r, "date"),
		    "recommendations.json", AT("date"), "JSON Resume "
		    "references have no date"));
		add(m, o, "comment", text(m, str(r, "reference") != NULL ?
		    str(r, "reference") : todo(m, "recommendations.json",
		    AT("comment"), "TODO: comment", "references[].reference is "
		    "missing")));
		add_str(m, o, "recommender_url", resume_url_ok(str(r, "url")) !=
		    NULL ? str(r, "url") : todo(m, "recommendations.json",
		    AT("recommender_url"), TODO_URL, "JSON Resume references "
		    "have no URL"));
		push(m, a, o);
		i++;
	}
	unknown_each(m, "references", list, known_reference);
	return a;
}

/* A required collection the document leaves empty: one marked item. */
static cJSON *
required(struct imp *m, cJSON *a, enum coll k)
{
	static const char *const items[COLL__MAX] = {
		[COLL_PROJECTS] = "[{\"slug\": \"todo\", \"title\": "
		    "\"TODO: project\", "
		    "\"description\": \"TODO: description\", "
		    "\"stack\": [\"TODO\"], \"url\": \"" TODO_URL "\"}]",
		[COLL_EXPERIENCE] = "[{\"slug\": \"todo\", \"role\": "
		    "\"TODO: role\", \"organization\": \"TODO: organization\", "
		    "\"period\": \"TODO: dates\", \"description\": "
		    "\"TODO: description\"}]",
		[COLL_SKILLS] = "[{\"category\": \"TODO: category\", "
		    "\"slug\": \"todo\", \"skills\": [{\"name\": \"TODO\", "
		    "\"years\": \"" TODO_YEARS "\"}]}]",
	};
	cJSON	*t, *e, *f, *next;

	if (a != NULL && cJSON_GetArraySize(a) > 0)
		return a;
	cJSON_Delete(a);
	if ((t = cJSON_Parse(items[k])) == NULL) {
		m->oom = 1;
		return NULL;
	}
	/* Texts are translated objects in content files. */
	e = cJSON_GetArrayItem(t, 0);
	for (f = e->child; f != NULL; f = next) {
		next = f->next;
		if (cJSON_IsString(f) && strncmp(f->valuestring, "TODO: ", 6)
		    == 0)
			cJSON_ReplaceItemInObjectCaseSensitive(e, f->string,
			    text(m, f->valuestring));
	}
	buf_printf(m->report, "placeholder: %s: one TODO item (the document "
	    "has none, and perfil requires at least one)\n",
	    content_coll_file(k));
	return t;
}

/* The document's language: meta.language when the site has it. */
static enum lang
doc_lang(struct imp *m)
{
	const char *want = str(cJSON_GetObjectItemCaseSensitive(m->doc,
	    "meta"), "language");
	int	 l;

	if (want == NULL)
		return LANG_DEFAULT;
	for (l = 0; l < langs_fallback.n; l++)
		if (strcmp(want, lang_code(&langs_fallback, l)) == 0)
			return (enum lang)l;
	buf_printf(m->report, "not imported: meta.language (\"%s\" is not "
	    "one of this build's languages; texts go into %s)\n", want,
	    lang_code(&langs_fallback, LANG_DEFAULT));
	return LANG_DEFAULT;
}

/*
 * Fills c from the JSON Resume document in file and appends the
 * report (placeholders, members not imported) to report.  Returns 0,
 * or -1 with a message in err.
 */
int
resume_import(const char *file, struct init_content *c, struct buf *report,
    char *err, size_t errlen)
{
	struct imp m;
	UErrorCode ec = U_ZERO_ERROR;
	UChar	 id[64];
	int	 l, years = 0;

	memset(c, 0, sizeof(*c));
	memset(&m, 0, sizeof(m));
	m.report = report;
	if ((m.doc = resume_read(file, err, errlen)) == NULL)
		return -1;
	u_uastrcpy(id, "Any-Latin; Latin-ASCII; Lower");
	m.tr = utrans_openU(id, -1, UTRANS_FORWARD, NULL, 0, NULL, &ec);
	m.lang = doc_lang(&m);
	c->profile = profile(&m);
	c->about = about(&m);
	c->coll[COLL_EXPERIENCE] = required(&m, experience(&m),
	    COLL_EXPERIENCE);
	c->coll[COLL_EDUCATION] = education(&m);
	c->coll[COLL_SKILLS] = required(&m, skills(&m, &years), COLL_SKILLS);
	c->coll[COLL_PROJECTS] = required(&m, projects(&m), COLL_PROJECTS);
	c->coll[COLL_CERTIFICATIONS] = certifications(&m);
	c->coll[COLL_RECOMMENDATIONS] = recommendations(&m);
	if (years > 0)
		buf_printf(report, "placeholder: skills.json: years = \"%s\" "
		    "for %d skills (JSON Resume has no years per skill)\n",
		    TODO_YEARS, years);
	unknown(&m, "", m.doc, known_top);
	unknown(&m, "meta", cJSON_GetObjectItemCaseSensitive(m.doc, "meta"),
	    known_meta);
	for (l = 0; l < langs_fallback.n; l++)
		if (l != (int)m.lang)
			buf_printf(report, "translate: every text is in %s; "
			    "the %s texts are copies to translate\n",
			    lang_code(&langs_fallback, m.lang),
			    lang_code(&langs_fallback, (enum lang)l));
	if (m.tr != NULL)
		utrans_close(m.tr);
	cJSON_Delete((cJSON *)m.doc);
	if (m.oom || report->oom) {
		init_content_free(c);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}
