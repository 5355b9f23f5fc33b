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

#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

#include "base/url.h"
#include "import/resume_import.h"
#include "import/resume_import_int.h"
#include "import/resume_shape.h"
#include "import/resume_values.h"
#include "content/settings.h"
#include "content/slug.h"

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


static void
profile_location(struct rimp *m, cJSON *p, const cJSON *b)
{
	const cJSON *loc = cJSON_GetObjectItemCaseSensitive(b, "location");
	const char *cc = rimp_str(loc, "countryCode");
	char	 up[3];
	cJSON	*o;

	if ((o = rimp_new_obj(m)) == NULL)
		return;
	rimp_add(m, o, "city", rimp_text(m, rimp_str(loc, "city") != NULL ?
	    rimp_str(loc, "city") : rimp_todo(m, "profile.json", "location.city",
	    "TODO: city", "basics.location.city is missing")));
	rimp_add(m, o, "region", rimp_text(m, rimp_str(loc, "region") != NULL ?
	    rimp_str(loc, "region") : rimp_todo(m, "profile.json", "location.region",
	    "TODO: region", "basics.location.region is missing")));
	if (cc != NULL && strlen(cc) == 2 && isalpha((unsigned char)cc[0]) &&
	    isalpha((unsigned char)cc[1])) {
		up[0] = (char)toupper((unsigned char)cc[0]);
		up[1] = (char)toupper((unsigned char)cc[1]);
		up[2] = '\0';
		rimp_add_str(m, o, "country", up);
	} else
		rimp_add_str(m, o, "country", rimp_todo(m, "profile.json",
		    "location.country", TODO_COUNTRY, "basics.location."
		    "countryCode is missing or not two letters: set yours"));
	if (rimp_str(loc, "address") != NULL)
		rimp_add_str(m, o, "address", rimp_str(loc, "address"));
	if (rimp_str(loc, "postalCode") != NULL)
		rimp_add_str(m, o, "postal_code", rimp_str(loc, "postalCode"));
	rimp_add(m, o, "remote", cJSON_CreateBool(0));
	rimp_todo(m, "profile.json", "location.remote", "false",
	    "JSON Resume does not say whether you work remotely");
	rimp_add(m, p, "location", o);
	rimp_unknown(m, "basics.location", loc, known_location);
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
profile_links(struct rimp *m, cJSON *p, const cJSON *b)
{
	const cJSON *e, *list = cJSON_GetObjectItemCaseSensitive(b,
	    "profiles");
	cJSON	*a, *o;
	char	 why[128];
	int	 i = 0;

	if (cJSON_GetArraySize(list) == 0 ||
	    (a = cJSON_CreateArray()) == NULL)
		return;
	cJSON_ArrayForEach(e, list) {
		if (url_check(rimp_str(e, "url"), URL_LINK, why,
		    sizeof(why)) == -1) {
			buf_printf(m->report, "not imported: basics.profiles"
			    "[%d] (url: %s; perfil links profiles by URL)\n",
			    i++, why);
			continue;
		}
		i++;
		if ((o = rimp_new_obj(m)) == NULL)
			break;
		rimp_add_str(m, o, "label", rimp_str(e, "network") != NULL ?
		    rimp_str(e, "network") : rimp_str(e, "url"));
		rimp_add_str(m, o, "url", rimp_str(e, "url"));
		if (rimp_str(e, "username") != NULL && !url_ends_with(rimp_str(e, "url"),
		    rimp_str(e, "username")))
			rimp_add_str(m, o, "username", rimp_str(e, "username"));
		rimp_push(m, a, o);
	}
	if (cJSON_GetArraySize(a) > 0)
		rimp_add(m, p, "profiles", a);
	else
		cJSON_Delete(a);
	rimp_unknown_each(m, "basics.profiles", list, known_profile);
}

static void
profile_languages(struct rimp *m, cJSON *p)
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
		if (rimp_str(e, "language") == NULL ||
		    (code = resume_language_code(rimp_str(e, "language"),
		    INIT_LANGUAGE, &m->langs)) == NULL)
			buf_printf(m->report, "not a working language: "
			    "languages[%d] (\"%s\": no ISO 639-1 code found "
			    "for profile.json; spoken-languages.json has "
			    "it)\n", i, rimp_str(e, "language") ?
			    rimp_str(e, "language") : "");
		else
			rimp_push(m, a, cJSON_CreateString(code));
		i++;
	}
	if (cJSON_GetArraySize(a) > 0)
		rimp_add(m, p, "languages", a);
	else
		cJSON_Delete(a);
	/* Their members, fluency too, are the spoken languages' (the
	 * collection's rows), which report any other. */
}

/* profile.json from basics (and the first position for a job title). */
static cJSON *
profile(struct rimp *m)
{
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(m->doc, "basics");
	const char *label = rimp_str(b, "label"), *s;
	char	 why[128], msg[160];
	cJSON	*p, *av;

	if ((p = rimp_new_obj(m)) == NULL)
		return NULL;
	rimp_add_str(m, p, "name", rimp_str(b, "name") != NULL ? rimp_str(b, "name") :
	    rimp_todo(m, "profile.json", "name", "TODO: your name",
	    "basics.name is missing"));
	rimp_add(m, p, "headline", rimp_text(m, label != NULL ? label : rimp_todo(m,
	    "profile.json", "headline", "TODO: headline", "basics.label is "
	    "missing")));
	if (label == NULL)
		label = rimp_str(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(
		    m->doc, "work"), 0), "position");
	rimp_add(m, p, "job_title", rimp_text(m, label != NULL ? label : rimp_todo(m,
	    "profile.json", "job_title", "TODO: job title", "neither "
	    "basics.label nor a position")));
	rimp_add(m, p, "summary", rimp_text(m, rimp_str(b, "summary") != NULL ?
	    rimp_str(b, "summary") : rimp_todo(m, "profile.json", "summary",
	    "TODO: summary", "basics.summary is missing")));
	profile_location(m, p, b);
	profile_languages(m, p);
	s = rimp_str(b, "email");
	rimp_add_str(m, p, "email", s != NULL && strchr(s, '@') != NULL ? s :
	    rimp_todo(m, "profile.json", "email", TODO_EMAIL, "basics.email is "
	    "missing"));
	if ((s = rimp_str(b, "phone")) != NULL && resume_phone_ok(s) != NULL)
		rimp_add_str(m, p, "phone", s);
	else if (s != NULL)
		buf_printf(m->report, "not imported: basics.phone (\"%s\" is "
		    "not a telephone number: digits, spaces and +()./-)\n", s);
	if (url_check((s = rimp_str(b, "url")), URL_LINK, why,
	    sizeof(why)) == 0)
		rimp_add_str(m, p, "url", s);
	else {
		if (s == NULL)
			xsnprintf(msg, sizeof(msg), "basics.url is missing");
		else
			xsnprintf(msg, sizeof(msg), "basics.url is not an "
			    "http(s) URL: %s", why);
		rimp_add_str(m, p, "url", rimp_todo(m, "profile.json", "url",
		    RESUME_TODO_URL, msg));
	}
	if (url_check(rimp_str(b, "image"), URL_LINK, why, sizeof(why)) == 0)
		rimp_add_str(m, p, "image", rimp_str(b, "image"));
	else if (rimp_str(b, "image") != NULL)
		buf_printf(m->report, "not imported: basics.image (\"%s\" is "
		    "not an http(s) URL: %s)\n", rimp_str(b, "image"), why);
	if ((av = rimp_new_obj(m)) != NULL) {
		rimp_add(m, av, "open_to_work", cJSON_CreateBool(0));
		rimp_add(m, av, "statement", rimp_text(m, rimp_todo(m, "profile.json",
		    "availability.statement", "TODO: availability", "JSON "
		    "Resume has no availability; open_to_work is false")));
		rimp_add(m, p, "availability", av);
	}
	profile_links(m, p, b);
	rimp_unknown(m, "basics", b, known_basics);
	return p;
}

/* "Position, Organization" (or either alone), for titles. */
static void
role_at(const cJSON *w, char *out, size_t len)
{
	const char *pos = rimp_str(w, "position"), *org = rimp_str(w, "name");

	snprintf(out, len, "%s%s%s", pos != NULL ? pos : "",
	    pos != NULL && org != NULL ? ", " : "", org != NULL ? org : "");
}

static int
by_year(const void *a, const void *b)
{
	return strcmp(rimp_str(*(cJSON *const *)a, "year"),
	    rimp_str(*(cJSON *const *)b, "year"));
}

/* about.json: the summary, and a timeline of the dated positions. */
static cJSON *
about(struct rimp *m)
{
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(m->doc, "basics");
	const cJSON *w;
	cJSON	*a, *tl, *e, *items[256];
	char	 year[5], title[512];
	size_t	 n = 0, i;
	time_t	 now;

	if ((a = rimp_new_obj(m)) == NULL || (tl = cJSON_CreateArray()) == NULL) {
		m->oom = 1;
		return a;
	}
	rimp_add(m, a, "summary", rimp_text(m, rimp_str(b, "summary") != NULL ?
	    rimp_str(b, "summary") : rimp_todo(m, "about.json", "summary",
	    "TODO: biography", "basics.summary is missing")));
	cJSON_ArrayForEach(w, cJSON_GetObjectItemCaseSensitive(m->doc,
	    "work")) {
		if (resume_date_ok(rimp_str(w, "startDate")) == NULL || n == 256 ||
		    (e = rimp_new_obj(m)) == NULL)
			continue;
		snprintf(year, sizeof(year), "%s", rimp_str(w, "startDate"));
		role_at(w, title, sizeof(title));
		rimp_add_str(m, e, "year", year);
		rimp_add(m, e, "title", rimp_text(m, title));
		rimp_add(m, e, "description", rimp_text(m, rimp_str(w, "summary") != NULL ?
		    rimp_str(w, "summary") : title));
		items[n++] = e;
	}
	qsort(items, n, sizeof(items[0]), by_year);	/* oldest first */
	for (i = 0; i < n; i++)
		rimp_push(m, tl, items[i]);
	if (n == 0 && (e = rimp_new_obj(m)) != NULL) {
		now = time(NULL);
		strftime(year, sizeof(year), "%Y", gmtime(&now));
		rimp_add_str(m, e, "year", year);
		rimp_add(m, e, "title", rimp_text(m, rimp_todo(m, "about.json",
		    "timeline[0].title", "TODO: milestone", "no position "
		    "has a start date to build the timeline from")));
		rimp_add(m, e, "description", rimp_text(m, "TODO: milestone"));
		rimp_push(m, tl, e);
	}
	rimp_add(m, a, "timeline", tl);
	return a;
}

/* Reports the top-level members no section reads. */
static void
unknown_top(struct rimp *m)
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
	rimp_unknown(m, "", m->doc, known);
}

/* Adds the letters of every string under j to count, by script
 * (Common and Inherited apart). */
static void
count_scripts(const cJSON *j, int32_t count[USCRIPT_CODE_LIMIT])
{
	const cJSON *c;
	const uint8_t *s;
	int32_t	 i, n;
	UChar32	 ch;
	UScriptCode sc;
	UErrorCode e;

	if (cJSON_IsString(j) && j->valuestring != NULL) {
		s = (const uint8_t *)j->valuestring;
		n = (int32_t)strlen(j->valuestring);
		for (i = 0; i < n;) {
			U8_NEXT(s, i, n, ch);
			e = U_ZERO_ERROR;
			if (ch < 0 || !u_isalpha(ch) ||
			    (sc = uscript_getScript(ch, &e)) <= USCRIPT_INHERITED ||
			    U_FAILURE(e) || sc >= USCRIPT_CODE_LIMIT)
				continue;
			count[sc]++;
		}
	}
	cJSON_ArrayForEach(c, j)
		count_scripts(c, count);
}

/*
 * A document that names no language goes into INIT_LANGUAGE: when most
 * of its letters are of a script that language is not written in
 * (ICU's likely script of it), the report says so and how to name the
 * language, instead of a site in Thai or Hindi that says it is English.
 */
static void
script_hint(struct rimp *m, const char *file)
{
	int32_t	 count[USCRIPT_CODE_LIMIT];
	char	 full[ULOC_FULLNAME_CAPACITY], script[8];
	const char *name;
	UErrorCode e = U_ZERO_ERROR;
	int32_t	 i, top = 0;

	memset(count, 0, sizeof(count));
	count_scripts(m->doc, count);
	for (i = 1; i < USCRIPT_CODE_LIMIT; i++)
		if (count[i] > count[top])
			top = i;
	uloc_addLikelySubtags(INIT_LANGUAGE, full, sizeof(full), &e);
	uloc_getScript(full, script, sizeof(script), &e);
	name = uscript_getShortName((UScriptCode)top);
	if (U_FAILURE(e) || count[top] == 0 || name == NULL ||
	    strcmp(name, script) == 0)
		return;
	buf_printf(m->report, "check: %s gives no language (meta.language) "
	    "and most of its letters are in the %s script, which %s is "
	    "not written in: its texts went into %s; name their language: "
	    "--from-resume LANG=%s\n", file,
	    uscript_getName((UScriptCode)top), INIT_LANGUAGE, INIT_LANGUAGE,
	    file);
}

/*
 * The site's languages and the document's among them: those given
 * (want, when its n is not 0), the document's meta.language when it
 * is one of them, else the first; without want, meta.language alone
 * when it is a language ICU knows, else INIT_LANGUAGE.
 */
static void
doc_langs(struct rimp *m, const struct langs *want, const char *file)
{
	const char *meta = rimp_str(cJSON_GetObjectItemCaseSensitive(m->doc,
	    "meta"), "language");
	char	 err[256];
	int	 l;

	m->lang = LANG_DEFAULT;
	if (want != NULL && want->n > 0) {
		m->langs = *want;
		if (meta == NULL)
			return;
		if ((l = lang_match(want, meta, strlen(meta))) != -1) {
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
		    "not a language tag ICU knows; texts go into %s)\n",
		    meta, INIT_LANGUAGE);
	else
		script_hint(m, file);
	settings_parse_languages(INIT_LANGUAGE, &m->langs, err, sizeof(err));
}

/*
 * Fills c from the JSON Resume document doc (read from file, which
 * messages name), its texts in the languages ls (or, when ls is NULL
 * or its n 0, the document's own: doc_langs), and appends the report
 * (placeholders, members not imported, copies to translate) to report.
 * The document's shape is checked first (resume_shape.c).  Returns 0,
 * or -1 with a message in err ("FILE: FIELD: reason").
 */
int
resume_import_doc(const char *file, const cJSON *doc,
    const struct langs *ls, struct init_content *c, struct buf *report,
    char *err, size_t errlen)
{
	struct rimp m;
	int	 l;

	memset(c, 0, sizeof(*c));
	memset(&m, 0, sizeof(m));
	m.report = report;
	if (resume_shape_check(doc, file, err, errlen) == -1)
		return -1;
	m.doc = doc;
	rimp_duplicates(&m, doc);
	doc_langs(&m, ls, file);
	m.slugs = slug_rules_open(lang_code(&m.langs, m.lang));
	c->langs = m.langs;
	c->profile = profile(&m);
	c->about = about(&m);
	rimp_collections(&m, c);
	unknown_top(&m);
	rimp_unknown(&m, "meta", cJSON_GetObjectItemCaseSensitive(m.doc, "meta"),
	    known_meta);
	for (l = 0; l < m.langs.n; l++)
		if (l != (int)m.lang)
			buf_printf(report, "translate: every text is in %s; "
			    "the %s texts are copies to translate\n",
			    lang_code(&m.langs, m.lang),
			    lang_code(&m.langs, (enum lang)l));
	slug_rules_close(m.slugs);
	if (m.oom || report->oom) {
		init_content_free(c);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

/* resume_import_doc on the document in file. */
int
resume_import(const char *file, const struct langs *ls,
    struct init_content *c, struct buf *report, char *err, size_t errlen)
{
	cJSON	*doc;
	int	 rc;

	memset(c, 0, sizeof(*c));
	if ((doc = resume_read(file, err, errlen)) == NULL)
		return -1;
	rc = resume_import_doc(file, doc, ls, c, report, err, errlen);
	cJSON_Delete(doc);
	return rc;
}
