/*
 * resume_import.c: a content directory from a JSON Resume document.
 * The collections' sections follow their declaration
 * (resources[].resume, resource.h): one loop over the rows of each,
 * which also name every member the importer reads; the other sections
 * name theirs in one table each (known).  Any other member of the
 * document is reported as not imported, so nothing is dropped
 * silently.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <unicode/uloc.h>
#include <unicode/ustring.h>

#include "resume_import.h"
#include "resume_values.h"
#include "settings.h"
#include "slug.h"

/* The placeholders: marked "TODO" so that grep finds every one. */
#define TODO_EMAIL	"todo@example.org"
#define TODO_COUNTRY	"ES"

/* The members of each section the importer reads (NULL ends a list);
 * the top level also has the collections' sections (resources[]). */
static const char *const known_top[] = { "$schema", "basics",
	"languages", "meta", NULL };
static const char *const known_basics[] = { "name", "label", "image",
	"email", "phone", "url", "summary", "location", "profiles", NULL };
static const char *const known_location[] = { "address", "postalCode",
	"city", "region", "countryCode", NULL };
static const char *const known_profile[] = { "network", "url",
	"username", NULL };
static const char *const known_meta[] = { "canonical", "version",
	"lastModified", "language", NULL };

struct imp {
	const cJSON *doc;
	struct langs langs;	/* the site's */
	enum lang lang;		/* the document's, one of langs */
	struct buf *report;
	struct slug_rules *slugs; /* in the document's language (slug.h) */
	int	 years;		/* skills given the placeholder years */
	const struct resume_field *years_f;	/* their row */
	const char *years_file;		/* its collection's */
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

/* A translated text: s in every language of the site (init_text). */
static cJSON *
text(struct imp *m, const char *s)
{
	cJSON	*o;

	if ((o = init_text(&m->langs, s)) == NULL)
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
	if (str(loc, "address") != NULL)
		add_str(m, o, "address", str(loc, "address"));
	if (str(loc, "postalCode") != NULL)
		add_str(m, o, "postal_code", str(loc, "postalCode"));
	add(m, o, "remote", cJSON_CreateBool(0));
	todo(m, "profile.json", "location.remote", "false",
	    "JSON Resume does not say whether you work remotely");
	add(m, p, "location", o);
	unknown(m, "basics.location", loc, known_location);
}

/* Whether url's path ends with name (or "@name"), as the export
 * derives a user name; then the content need not repeat it. */
static int
url_ends_with(const char *url, const char *name)
{
	size_t	 n = strlen(url), k = strlen(name);

	while (n > 0 && url[n - 1] == '/')
		n--;
	return n > k && strncmp(url + n - k, name, k) == 0 &&
	    (url[n - k - 1] == '/' || url[n - k - 1] == '@');
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
		if (str(e, "username") != NULL && !url_ends_with(str(e, "url"),
		    str(e, "username")))
			add_str(m, o, "username", str(e, "username"));
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
		    INIT_LANGUAGE, &m->langs)) == NULL)
			buf_printf(m->report, "not a working language: "
			    "languages[%d] (\"%s\": no ISO 639-1 code found "
			    "for profile.json; spoken-languages.json has "
			    "it)\n", i, str(e, "language") ?
			    str(e, "language") : "");
		else
			push(m, a, cJSON_CreateString(code));
		i++;
	}
	if (cJSON_GetArraySize(a) > 0)
		add(m, p, "languages", a);
	else
		cJSON_Delete(a);
	/* Their members, fluency too, are the spoken languages' (the
	 * collection's rows), which report any other. */
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
	if ((s = str(b, "phone")) != NULL && resume_phone_ok(s) != NULL)
		add_str(m, p, "phone", s);
	else if (s != NULL)
		buf_printf(m->report, "not imported: basics.phone (\"%s\" is "
		    "not a telephone number: digits, spaces and +()./-)\n", s);
	add_str(m, p, "url", resume_url_ok(str(b, "url")) != NULL ?
	    str(b, "url") : todo(m, "profile.json", "url", RESUME_TODO_URL,
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

/* One item of a collection being imported. */
struct row {
	const struct resource *res;	/* the collection */
	const cJSON *e;			/* the document's item */
	cJSON	*o;			/* the content's item */
	struct slug_set *taken;		/* the slugs so far */
	int	 i;			/* e's index in the section */
	int	 dated;			/* a start date was imported */
};

/* Row f's placeholder, reported as item r's. */
static const char *
placeholder(struct imp *m, const struct row *r, const struct resume_field *f)
{
	char	 at[128];

	if (f->flags & RF_UNINDEXED)
		snprintf(at, sizeof(at), "%s", f->member);
	else
		snprintf(at, sizeof(at), "[%d].%s", r->i, f->member);
	return todo(m, r->res->file, at, f->todo, f->why);
}

/* The members f->from of e joined by ", " ("Position, Organization"),
 * in out (truncated to len). */
static const char *
joined(const struct resume_field *f, const cJSON *e, char *out, size_t len)
{
	const char *s;
	size_t	 k, n = 0;
	int	 w;

	*out = '\0';
	for (k = 0; k < sizeof(f->from) / sizeof(f->from[0]); k++) {
		if (f->from[k] == NULL || (s = str(e, f->from[k])) == NULL ||
		    n >= len)
			continue;
		w = snprintf(out + n, len - n, "%s%s", n > 0 ? ", " : "", s);
		n = w < 0 ? len : n + (size_t)w;
	}
	return out;
}

/* One skill of r's category: its years from the map f->from[1] (which
 * perfil's export writes), else the placeholder, counted. */
static void
skill(struct imp *m, cJSON *list, const struct row *r,
    const struct resume_field *f, const char *name)
{
	const char *y = str(cJSON_GetObjectItemCaseSensitive(r->e,
	    f->from[1]), name);
	cJSON	*o;

	if (name == NULL || (o = new_obj(m)) == NULL)
		return;
	add_str(m, o, "name", name);
	if (y == NULL || strlen(y) < 2 || strlen(y) > 4 ||
	    y[strlen(y) - 1] != '+' || strspn(y, "0123456789") !=
	    strlen(y) - 1)
		y = f->todo;
	add_str(m, o, "years", y);
	if (strcmp(y, f->todo) == 0) {
		m->years++;
		m->years_f = f;
		m->years_file = r->res->file;
	}
	push(m, list, o);
}

/* RK_STRINGS and RK_SKILLS: the array member f of r's item. */
static void
array(struct imp *m, struct row *r, const struct resume_field *f)
{
	const cJSON *k;
	cJSON	*a;

	if ((a = cJSON_CreateArray()) == NULL)
		m->oom = 1;
	cJSON_ArrayForEach(k, cJSON_GetObjectItemCaseSensitive(r->e,
	    f->kind == RK_SKILLS ? f->from[0] : f->key)) {
		if (cJSON_GetStringValue(k) == NULL || *k->valuestring == '\0')
			continue;
		if (f->kind == RK_SKILLS)
			skill(m, a, r, f, k->valuestring);
		else
			push(m, a, cJSON_CreateString(k->valuestring));
	}
	if (a != NULL && cJSON_GetArraySize(a) == 0) {
		if (f->kind == RK_SKILLS)	/* a skill alone */
			skill(m, a, r, f, str(r->e, f->from[2]));
		else
			push(m, a, cJSON_CreateString(placeholder(m, r, f)));
	}
	add(m, r->o, f->member, a);
}

/* Reports the member f->key of r's item, value v, as not imported. */
static void
not_imported(struct imp *m, const struct row *r, const struct resume_field *f,
    const char *v, const char *why)
{
	buf_printf(m->report, "not imported: %s[%d].%s (\"%s\" %s)\n",
	    r->res->resume->key, r->i, f->key, v, why);
}

/* RK_TEXTS: the non-empty strings of r's array f->key, each a text in
 * every language; none, the member is left out. */
static void
texts(struct imp *m, struct row *r, const struct resume_field *f)
{
	const cJSON *k;
	cJSON	*a;

	if ((a = cJSON_CreateArray()) == NULL) {
		m->oom = 1;
		return;
	}
	cJSON_ArrayForEach(k, cJSON_GetObjectItemCaseSensitive(r->e, f->key))
		if (cJSON_GetStringValue(k) != NULL &&
		    *k->valuestring != '\0')
			push(m, a, text(m, k->valuestring));
	if (cJSON_GetArraySize(a) > 0)
		add(m, r->o, f->member, a);
	else
		cJSON_Delete(a);
}

/* Imports row f of the item r into r->o (see enum resume_kind). */
static void
import_field(struct imp *m, struct row *r, const struct resume_field *f)
{
	const char *v = f->key != NULL ? str(r->e, f->key) : NULL;
	char	 buf[512], sl[128];

	switch (f->kind) {
	case RK_SLUG:
		add_str(m, r->o, f->member, slug_make(m->slugs, joined(f, r->e,
		    buf, sizeof(buf)), r->taken, sl, sizeof(sl), m->report,
		    r->res->file, r->i));
		break;
	case RK_TEXT:
		if (v != NULL || f->todo != NULL)
			add(m, r->o, f->member, text(m, v != NULL ? v :
			    placeholder(m, r, f)));
		break;
	case RK_STRING:
		if (v != NULL || f->todo != NULL)
			add_str(m, r->o, f->member, v != NULL ? v :
			    placeholder(m, r, f));
		break;
	case RK_URL:
		if (resume_url_ok(v) != NULL || f->todo != NULL)
			add_str(m, r->o, f->member, resume_url_ok(v) != NULL ?
			    v : placeholder(m, r, f));
		else if (v != NULL)
			not_imported(m, r, f, v, "is not an http(s) URL");
		break;
	case RK_WHEN:
		if (resume_date_ok(v) != NULL)
			add_str(m, r->o, f->member, v);
		else if (f->todo != NULL)
			add(m, r->o, f->member, text(m, placeholder(m, r, f)));
		else if (v != NULL)
			not_imported(m, r, f, v, "is not an ISO date");
		break;
	case RK_TEXTS:
		texts(m, r, f);
		break;
	case RK_START:
	case RK_END:
		if (f->kind == RK_END && !r->dated)
			break;
		if (resume_date_ok(v) != NULL) {
			add_str(m, r->o, f->member, v);
			r->dated = 1;
		} else if (v != NULL)
			not_imported(m, r, f, v, "is not an ISO date");
		break;
	case RK_PERIOD:
		if (!r->dated)
			add(m, r->o, f->member, text(m, placeholder(m, r, f)));
		break;
	case RK_STRINGS:
	case RK_SKILLS:
		array(m, r, f);
		break;
	case RK_DETAIL:
		if (*joined(f, r->e, buf, sizeof(buf)) != '\0')
			add(m, r->o, f->member, text(m, buf));
		else if (!r->dated)
			add(m, r->o, f->member, text(m, placeholder(m, r, f)));
		break;
	}
}

/* Whether item e lacks a member its collection's rows require. */
static int
skipped(const struct resume_field *f, const cJSON *e)
{
	for (; f->member != NULL; f++)
		if ((f->flags & RF_KEY) && str(e, f->key) == NULL)
			return 1;
	return 0;
}

/* The members the rows f read, NULL-ended in out (n entries). */
static const char *const *
known_rows(const struct resume_field *f, const char **out, size_t n)
{
	size_t	 i = 0, k;

	for (; f->member != NULL; f++) {
		if (f->from[0] == NULL && f->key != NULL && i + 1 < n)
			out[i++] = f->key;
		for (k = 0; k < sizeof(f->from) / sizeof(f->from[0]); k++)
			if (f->from[k] != NULL && i + 1 < n)
				out[i++] = f->from[k];
	}
	out[i] = NULL;
	return out;
}

/* A required collection the document leaves empty: its declared
 * item, the texts translated objects as in content files. */
static cJSON *
todo_item(struct imp *m, const struct resource *res)
{
	cJSON	*a, *e, *f, *next;

	if ((a = cJSON_CreateArray()) == NULL ||
	    (e = cJSON_Parse(res->resume->todo_item)) == NULL) {
		m->oom = 1;
		return a;
	}
	for (f = e->child; f != NULL; f = next) {
		next = f->next;
		if (cJSON_IsString(f) && strncmp(f->valuestring, "TODO: ", 6)
		    == 0)
			cJSON_ReplaceItemInObjectCaseSensitive(e, f->string,
			    text(m, f->valuestring));
	}
	push(m, a, e);
	buf_printf(m->report, "placeholder: %s: one TODO item (the document "
	    "has none, and perfil requires at least one)\n", res->file);
	return a;
}

/*
 * The content array of collection c from its section: every row of
 * the declaration per item, then the members no row reads reported.
 * Empty, an optional collection is NULL (no file), a required one its
 * declared item.
 */
static cJSON *
collection(struct imp *m, enum coll c)
{
	const struct resource *res = &resources[c];
	const struct resume_field *f;
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(m->doc,
	    res->resume->key);
	const char *known[32];
	struct slug_set taken;
	struct row r;
	cJSON	*a;

	if (slug_set_init(&taken, (size_t)cJSON_GetArraySize(list)) == -1 ||
	    (a = cJSON_CreateArray()) == NULL) {
		slug_set_free(&taken);
		m->oom = 1;
		return NULL;
	}
	memset(&r, 0, sizeof(r));
	r.res = res;
	r.taken = &taken;
	r.i = -1;
	cJSON_ArrayForEach(r.e, list) {
		r.i++;
		if (skipped(res->resume->fields, r.e))
			continue;
		if ((r.o = new_obj(m)) == NULL)
			break;
		r.dated = 0;
		for (f = res->resume->fields; f->member != NULL; f++)
			import_field(m, &r, f);
		push(m, a, r.o);
	}
	slug_set_free(&taken);
	unknown_each(m, res->resume->key, list, known_rows(res->resume->fields,
	    known, sizeof(known) / sizeof(known[0])));
	if (cJSON_GetArraySize(a) > 0)
		return a;
	cJSON_Delete(a);
	return res->optional || res->resume->todo_item == NULL ? NULL :
	    todo_item(m, res);
}

/* The collections JSON Resume has, in the report's order. */
static void
collections(struct imp *m, struct init_content *ic)
{
	int	 n, c;

	for (n = 1; n <= COLL__MAX; n++)
		for (c = 0; c < COLL__MAX; c++)
			if (resources[c].resume != NULL &&
			    resources[c].resume->import_order == n)
				ic->coll[c] = collection(m, (enum coll)c);
	if (m->years > 0)
		buf_printf(m->report, "placeholder: %s: %s = \"%s\" for %d "
		    "skills (%s)\n", m->years_file,
		    m->years_f->from[1], m->years_f->todo, m->years,
		    m->years_f->why);
}

/* Reports the top-level members no section reads. */
static void
unknown_top(struct imp *m)
{
	const char *known[sizeof(known_top) / sizeof(known_top[0]) +
	    COLL__MAX];
	size_t	 i;
	int	 c;

	for (i = 0; known_top[i] != NULL; i++)
		known[i] = known_top[i];
	for (c = 0; c < COLL__MAX; c++)
		if (resources[c].resume != NULL)
			known[i++] = resources[c].resume->key;
	known[i] = NULL;
	unknown(m, "", m->doc, known);
}

/*
 * The site's languages and the document's among them: those given
 * (want, when its n is not 0), the document's meta.language when it
 * is one of them, else the first; without want, meta.language alone
 * when it is a language ICU knows, else INIT_LANGUAGE.
 */
static void
doc_langs(struct imp *m, const struct langs *want)
{
	const char *meta = str(cJSON_GetObjectItemCaseSensitive(m->doc,
	    "meta"), "language");
	char	 err[256];
	int	 l;

	m->lang = LANG_DEFAULT;
	if (want != NULL && want->n > 0) {
		m->langs = *want;
		if (meta == NULL)
			return;
		for (l = 0; l < want->n; l++)
			if (strcmp(meta, lang_code(want, (enum lang)l)) == 0) {
				m->lang = (enum lang)l;
				return;
			}
		buf_printf(m->report, "not imported: meta.language (\"%s\" is "
		    "not one of --languages; texts go into %s)\n", meta,
		    lang_code(want, LANG_DEFAULT));
		return;
	}
	if (meta != NULL && settings_parse_languages(meta, &m->langs, err,
	    sizeof(err)) == 0 && m->langs.n == 1)
		return;
	if (meta != NULL)
		buf_printf(m->report, "not imported: meta.language (\"%s\" is "
		    "not an ISO 639-1 code ICU knows; texts go into %s)\n",
		    meta, INIT_LANGUAGE);
	settings_parse_languages(INIT_LANGUAGE, &m->langs, err, sizeof(err));
}

/*
 * Fills c from the JSON Resume document in file, its texts in the
 * languages ls (or, when ls is NULL or its n 0, the document's own:
 * doc_langs), and appends the report (placeholders, members not
 * imported, copies to translate) to report.  Returns 0, or -1 with a
 * message in err.
 */
int
resume_import(const char *file, const struct langs *ls,
    struct init_content *c, struct buf *report, char *err, size_t errlen)
{
	struct imp m;
	int	 l;

	memset(c, 0, sizeof(*c));
	memset(&m, 0, sizeof(m));
	m.report = report;
	if ((m.doc = resume_read(file, err, errlen)) == NULL)
		return -1;
	doc_langs(&m, ls);
	m.slugs = slug_rules_open(lang_code(&m.langs, m.lang));
	c->langs = m.langs;
	c->profile = profile(&m);
	c->about = about(&m);
	collections(&m, c);
	unknown_top(&m);
	unknown(&m, "meta", cJSON_GetObjectItemCaseSensitive(m.doc, "meta"),
	    known_meta);
	for (l = 0; l < m.langs.n; l++)
		if (l != (int)m.lang)
			buf_printf(report, "translate: every text is in %s; "
			    "the %s texts are copies to translate\n",
			    lang_code(&m.langs, m.lang),
			    lang_code(&m.langs, (enum lang)l));
	slug_rules_close(m.slugs);
	cJSON_Delete((cJSON *)m.doc);
	if (m.oom || report->oom) {
		init_content_free(c);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}
