/*
 * settings.c: reading and checking the site settings file (site.json).
 *
 * SITE_SETTINGS (settings.h) expands here into the field list the
 * content's validator checks the file with (an unknown member, a wrong
 * type or an empty text is an error "site.json: MEMBER: reason", as
 * for the other content files), the reader that copies each member by
 * its store or its own reader, settings_free and the template check.
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


#include "base/url.h"
#include "content/content_check.h"
#include "content/identity.h"
#include "content/langtag.h"
#include "content/settings_int.h"

#define SETTINGS_MAX_SIZE	(256 * 1024)

static const char *const pronoun_names[PRON__MAX] = {
	[PRON_NONE] = "none", [PRON_SHE] = "she", [PRON_HE] = "he",
	[PRON_THEY] = "they",
};

const char *
settings_pronoun_name(enum pronouns p)
{
	return pronoun_names[p];
}

/* The signals as robots.txt writes them; site.json's member names are
 * these with "_" for "-" (signal_members). */
static const char *const signal_names[SIGNAL__MAX] = {
	[SIGNAL_SEARCH] = "search", [SIGNAL_AI_INPUT] = "ai-input",
	[SIGNAL_AI_TRAIN] = "ai-train",
};

/*
 * The default of each signal when site.json does not set it: found by
 * search engines and read by agents answering a question about the
 * person (what the site is for), but not training data, the one use a
 * person publishing a CV cannot take back (docs/site.md).
 */
static const enum signal_value signal_defaults[SIGNAL__MAX] = {
	[SIGNAL_SEARCH] = SIGNAL_YES, [SIGNAL_AI_INPUT] = SIGNAL_YES,
	[SIGNAL_AI_TRAIN] = SIGNAL_NO,
};

const char *
settings_signal_name(enum content_signal c)
{
	return signal_names[c];
}

/* Checks that v is a language tag ICU has data for; what names it. */
static int
get_code(const cJSON *v, const char *what, char out[LANG_TAG_MAX + 1],
    char *err, size_t errlen)
{
	return langtag_canonical(cJSON_GetStringValue(v), what, out, err,
	    errlen);
}

/*
 * Reads "base_url": the site's public base URL when --base-url is not
 * given (a shared host, where the command line is not the owner's): an
 * absolute http(s) URL without query or fragment, kept without its
 * trailing slashes.  Returns 0, or -1 with err set.
 */
static int
get_base_url(const cJSON *v, char **out, char *err, size_t errlen)
{
	const char *u = cJSON_GetStringValue(v);
	char	 why[128];
	size_t	 n;

	if (u == NULL)
		return settings_fail(err, errlen, "base_url: expected a "
		    "string, such as \"https://www.example.org\"");
	if (url_check(u, URL_BASE, why, sizeof(why)) == -1)
		return settings_fail(err, errlen, "base_url: %s", why);
	if ((*out = strdup(u)) == NULL)
		return settings_fail(err, errlen, "out of memory");
	/* A URL with a host: the last slash is never the host's. */
	while ((n = strlen(*out)) > 0 && (*out)[n - 1] == '/')
		(*out)[n - 1] = '\0';
	return 0;
}

/*
 * Reads "languages": an array of 1..LANG__MAX distinct BCP 47 tags ICU
 * has data for (settings_lang_tag), kept in their canonical form.  A language needs no label set: the labels a set
 * lacks fall back (labels.h).  Absent, the set stays langs_fallback.
 * Returns 0, or -1 with err set.
 */
static int
get_languages(const cJSON *v, struct langs *ls, char *err, size_t errlen)
{
	const cJSON *e;
	char	 what[32], c[LANG_TAG_MAX + 1];
	int	 i = 0;

	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) < 1 ||
	    cJSON_GetArraySize(v) > LANG__MAX)
		return settings_fail(err, errlen,
		    "languages: expected an array of 1 "
		    "to %d language codes, the default first", LANG__MAX);
	memset(ls, 0, sizeof(*ls));
	cJSON_ArrayForEach(e, v) {
		snprintf(what, sizeof(what), "languages[%d]", i);
		if (get_code(e, what, c, err, errlen) == -1)
			return -1;
		if (lang_find(ls, c, strlen(c)) != -1)
			return settings_fail(err, errlen,
			    "languages[%d]: \"%s\" is "
			    "listed twice", i, c);
		lang_set(ls, i++, c);
		ls->n = i;
	}
	return 0;
}

/*
 * Reads list, comma-separated language tags with the default first
 * ("en,nb", "hi,en-IN"), as "languages" is read: each a BCP 47 tag ICU
 * has data for, none twice.  Returns 0, or -1 with err naming the bad one.
 */
int
settings_parse_languages(const char *list, struct langs *ls, char *err,
    size_t errlen)
{
	cJSON	*a;
	const char *p, *comma;
	char	 code[LANG_TAG_MAX + 2];
	size_t	 n;
	int	 rc = -1;

	if ((a = cJSON_CreateArray()) == NULL)
		return settings_fail(err, errlen, "out of memory");
	for (p = list; ; p = comma + 1) {
		comma = strchr(p, ',');
		n = comma != NULL ? (size_t)(comma - p) : strlen(p);
		/* a longer one is cut one past the bound: still too long */
		snprintf(code, sizeof(code), "%.*s", n < sizeof(code) ?
		    (int)n : (int)sizeof(code) - 1, p);
		if (!cJSON_AddItemToArray(a, cJSON_CreateString(code))) {
			settings_fail(err, errlen, "out of memory");
			goto out;
		}
		if (comma == NULL)
			break;
	}
	rc = get_languages(a, ls, err, errlen);
out:
	cJSON_Delete(a);
	return rc;
}

/* Reads "licence", which the validator checked against licence_f:
 * what is left is the SPDX identifier's characters. */
static int
get_licence(const cJSON *v, const struct langs *ls, struct licence *lc,
    char *err, size_t errlen)
{
	const cJSON *m;

	m = cJSON_GetObjectItemCaseSensitive(v, "name");
	if ((lc->name = settings_dup(m)) == NULL)
		return settings_fail(err, errlen, "out of memory");
	if (settings_text(cJSON_GetObjectItemCaseSensitive(v, "url"),
	    "licence.url", ls, lc->url, err, errlen) == -1)
		return -1;
	if ((m = cJSON_GetObjectItemCaseSensitive(v, "spdx")) != NULL) {
		if (strspn(m->valuestring, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "abcdefghijklmnopqrstuvwxyz0123456789.-+") !=
		    strlen(m->valuestring))
			return settings_fail(err, errlen,
			    "licence.spdx: expected an "
			    "SPDX identifier such as CC-BY-4.0");
		if ((lc->spdx = settings_dup(m)) == NULL)
			return settings_fail(err, errlen, "out of memory");
	}
	lc->attribution = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v,
	    "attribution"));
	return 0;
}

static int
get_pronouns(const cJSON *v, enum pronouns *p, char *err, size_t errlen)
{
	int	 i;

	if (cJSON_IsString(v))
		for (i = 0; i < PRON__MAX; i++)
			if (strcmp(v->valuestring, pronoun_names[i]) == 0) {
				*p = (enum pronouns)i;
				return 0;
			}
	return settings_fail(err, errlen,
	    "pronouns: expected one of \"she\", \"he\", "
	    "\"they\" or \"none\" (none: the person is named, never "
	    "referred to by a pronoun)");
}

/* The readers of the members (SITE_SETTINGS' read column): each copies
 * value v into s and checks what its declaration does not say.
 * Returns 0, or -1 with err set. */
typedef int read_fn(const cJSON *v, struct settings *s, char *err,
    size_t errlen);

static int
read_languages(const cJSON *v, struct settings *s, char *err, size_t errlen)
{
	(void)v;	/* read first, before every text (get_members) */
	(void)s;
	(void)err;
	(void)errlen;
	return 0;
}

static int
read_licence(const cJSON *v, struct settings *s, char *err, size_t errlen)
{
	return get_licence(v, &s->langs, &s->licence, err, errlen);
}

static int
read_label_fallback(const cJSON *v, struct settings *s, char *err,
    size_t errlen)
{
	return get_code(v, "label_fallback", s->label_fallback, err, errlen);
}

static int
read_pronouns(const cJSON *v, struct settings *s, char *err, size_t errlen)
{
	return get_pronouns(v, &s->pronouns, err, errlen);
}

static int
read_base_url(const cJSON *v, struct settings *s, char *err, size_t errlen)
{
	return get_base_url(v, &s->base_url, err, errlen);
}

static int
read_theme(const cJSON *v, struct settings *s, char *err, size_t errlen)
{
	return theme_parse(v, &s->theme, err, errlen);
}

static int
read_cv_order(const cJSON *v, struct settings *s, char *err, size_t errlen)
{
	return settings_cv_order(v, &s->cv, err, errlen);
}

static int
read_cv_variants(const cJSON *v, struct settings *s, char *err,
    size_t errlen)
{
	return settings_variants_read(v, &s->langs, &s->cv_variants, err,
	    errlen);
}

static void
drop_cv_variants(struct settings *s)
{
	settings_variants_free(&s->cv_variants);
}

static int
read_home_highlight(const cJSON *v, struct settings *s, char *err,
    size_t errlen)
{
	return settings_cv_highlight(v, &s->cv, err, errlen);
}

/* citation_authors: a whole number from 1 to CITATION_AUTHORS_MAX. */
static int
read_citation_authors(const cJSON *v, struct settings *s, char *err,
    size_t errlen)
{
	if (!cJSON_IsNumber(v) || !whole_in(v->valuedouble, 1,
	    CITATION_AUTHORS_MAX))
		return settings_fail(err, errlen, "citation_authors: expected "
		    "a whole number from 1 to %d (the authors a citation "
		    "names before \"et al.\")", CITATION_AUTHORS_MAX);
	s->citation_authors = (int)v->valuedouble;
	return 0;
}

/* A string member checked by check (identity.h), copied as it is. */
static int
read_checked(const cJSON *v, const char *name,
    int (*check)(const char *, char *, size_t), char **out, char *err,
    size_t errlen)
{
	char	 why[160];

	if (check(v->valuestring, why, sizeof(why)) == -1)
		return settings_fail(err, errlen, "%s: %s", name, why);
	if ((*out = settings_dup(v)) == NULL)
		return settings_fail(err, errlen, "out of memory");
	return 0;
}

static int
read_webfinger(const cJSON *v, struct settings *s, char *err, size_t errlen)
{
	return read_checked(v, "webfinger", identity_acct_check,
	    &s->webfinger, err, errlen);
}

static int
read_atproto_did(const cJSON *v, struct settings *s, char *err,
    size_t errlen)
{
	return read_checked(v, "atproto_did", identity_did_check,
	    &s->atproto_did, err, errlen);
}

#define REQ	FIELD_REQUIRED
#define FLD(n, k, fl)		{ .name = n, .kind = F_##k, .flags = fl }
#define SUB(n, k, fl, s)	{ .name = n, .kind = F_##k, .flags = fl, \
				    .sub = s }

static const struct field licence_f[] = {
	FLD("name", STRING, REQ),
	FLD("url", URI, REQ | FIELD_PER_LANG),
	FLD("spdx", STRING, 0),
	FLD("attribution", BOOL, 0),
	{ .name = NULL }
};

static const struct field fact_f = FLD(NULL, STRING, FIELD_PER_LANG);
static const struct field cv_name_f = FLD(NULL, STRING, 0);

/* What frees a member of store OWN (SITE_SETTINGS' drop). */
typedef void drop_fn(struct settings *);

static void
drop_licence(struct settings *s)
{
	int	 l;

	free(s->licence.name);
	free(s->licence.spdx);
	for (l = 0; l < LANG__MAX; l++)
		free(s->licence.url[l]);
}

static const struct field settings_f[] = {
#define X(m, k, fl, sub, st, rd, dr)	SUB(#m, k, fl, sub),
	SITE_SETTINGS(X)
#undef X
	{ .name = NULL }
};

/* How a member of SITE_SETTINGS is kept in struct settings. */
enum setting_store {
	STORE_TEXT,		/* char *[LANG__MAX] */
	STORE_TEXTS,		/* char *[SETTINGS_MAX_TEXTS][LANG__MAX]
				 * and its count */
	STORE_STRING,		/* char * */
	STORE_BOOL,		/* int */
	STORE_OWN		/* its own: read fills it, drop frees it */
};

/* A row of SITE_SETTINGS but its field (settings_f, same index). */
struct setting {
	enum setting_store store;
	size_t	 off;		/* the member (not OWN) */
	size_t	 count;		/* TEXTS: its count, n<name> */
	read_fn	*read;		/* NULL: copied by its store */
	drop_fn	*drop;		/* OWN: frees it, or NULL */
};

#define OFF_TEXT(m)	offsetof(struct settings, m)
#define OFF_TEXTS(m)	offsetof(struct settings, m)
#define OFF_STRING(m)	offsetof(struct settings, m)
#define OFF_BOOL(m)	offsetof(struct settings, m)
#define OFF_OWN(m)	0
#define COUNT_TEXT(m)	0
#define COUNT_TEXTS(m)	offsetof(struct settings, n##m)
#define COUNT_STRING(m)	0
#define COUNT_BOOL(m)	0
#define COUNT_OWN(m)	0

static const struct setting settings_rows[] = {
#define X(m, k, fl, sub, st, rd, dr)	{ .store = STORE_##st,	\
	    .off = OFF_##st(m), .count = COUNT_##st(m), .read = rd,	\
	    .drop = dr },
	SITE_SETTINGS(X)
#undef X
};

#define SETTINGS__MAX	(sizeof(settings_rows) / sizeof(settings_rows[0]))

/* The member of s at offset off (a row's off or count). */
static void *
member(const struct settings *s, size_t off)
{
	return (char *)s + off;
}

/* Reads array v, member what, into row r's texts (store TEXTS); the
 * validator has checked each element's shape.  Returns 0, or -1 with
 * err set. */
static int
read_texts(const cJSON *v, const char *what, const struct setting *r,
    struct settings *s, char *err, size_t errlen)
{
	char	*(*texts)[LANG__MAX] = member(s, r->off);
	size_t	*n = member(s, r->count);
	const cJSON *e;
	char	 elem[64];

	if (cJSON_GetArraySize(v) > SETTINGS_MAX_TEXTS)
		return settings_fail(err, errlen, "%s: more than %d", what,
		    SETTINGS_MAX_TEXTS);
	cJSON_ArrayForEach(e, v) {
		snprintf(elem, sizeof(elem), "%s[%zu]", what, *n);
		if (settings_text(e, elem, &s->langs, texts[(*n)++], err,
		    errlen) == -1)
			return -1;
	}
	return 0;
}

/*
 * Reads value v of member f, row r, into s: by its reader when it has
 * one, else by its store.  Returns 0, or -1 with err set.
 */
static int
read_member(const struct field *f, const struct setting *r, const cJSON *v,
    struct settings *s, char *err, size_t errlen)
{
	char	**str;

	if (r->read != NULL)
		return r->read(v, s, err, errlen);
	switch (r->store) {
	case STORE_TEXT:
		return settings_text(v, f->name, &s->langs,
		    member(s, r->off), err, errlen);
	case STORE_TEXTS:
		return read_texts(v, f->name, r, s, err, errlen);
	case STORE_STRING:
		str = member(s, r->off);
		if ((*str = settings_dup(v)) == NULL)
			return settings_fail(err, errlen, "out of memory");
		return 0;
	case STORE_BOOL:
		*(int *)member(s, r->off) = cJSON_IsTrue(v);
		return 0;
	case STORE_OWN:
		break;
	}
	return 0;
}

/*
 * Checks the parsed file doc, dir/site.json, against settings_f with
 * the content's validator, then reads its members in the file's order
 * into s.  Returns 0, or -1 with err set: the validator's lines (with
 * the file's path), or a reader's "MEMBER: reason" (*prefixed 1: the
 * caller puts the path in front).
 */
static int
get_members(const cJSON *doc, const char *dir, struct settings *s,
    int *bare, char *err, size_t errlen)
{
	const struct field *f;
	const cJSON *m;
	char	 path[1024];

	*bare = 1;
	/* First: every text below has one translation per language. */
	if (cJSON_IsObject(doc) && (m = cJSON_GetObjectItemCaseSensitive(doc,
	    "languages")) != NULL && get_languages(m, &s->langs, err,
	    errlen) == -1)
		return -1;
	snprintf(path, sizeof(path), "%s/%s", dir, SETTINGS_FILE);
	if (content_check_object(path, doc, settings_f, &s->langs, err,
	    errlen) == -1) {
		*bare = 0;
		return -1;
	}
	cJSON_ArrayForEach(m, doc)
		for (f = settings_f; f->name != NULL; f++)
			if (strcmp(f->name, m->string) == 0 &&
			    read_member(f, &settings_rows[f - settings_f], m, s,
			    err, errlen) == -1)
				return -1;
	return 0;
}

/*
 * Reads dir/site.json (read_beneath, util.h: the reader of every
 * content file).  Returns it, or NULL with *absent set when there is
 * no such file, or NULL with err set on any other failure.
 */
static char *
slurp(const char *dir, int *absent, char *err, size_t errlen)
{
	char	 why[256], *data;
	size_t	 len;

	if ((data = read_beneath(dir, SETTINGS_FILE, SETTINGS_MAX_SIZE, &len,
	    absent, why, sizeof(why))) == NULL && !*absent)
		settings_fail(err, errlen, "(top level): %s", why);
	return data;
}

/* Puts "DIR/site.json: " in front of the message in err. */
static void
prefix_path(const char *dir, char *err, size_t errlen)
{
	char	 msg[512];

	snprintf(msg, sizeof(msg), "%s", err);
	snprintf(err, errlen, "%s/%s: %s", dir, SETTINGS_FILE, msg);
}

/*
 * Loads dir/site.json.  A missing file gives the empty settings (no
 * licence, no pronouns, no facts; languages es and en; untranslated
 * labels in English).  Returns the settings, or
 * NULL with a message in err.  The caller frees them with
 * settings_free.
 */
struct settings *
settings_load(const char *dir, char *err, size_t errlen)
{
	struct settings *s;
	cJSON	*doc = NULL;
	char	*data;
	int	 absent, bare = 1;

	if ((s = calloc(1, sizeof(*s))) == NULL) {
		settings_fail(err, errlen, "out of memory");
		return NULL;
	}
	s->langs = langs_fallback;
	theme_default(&s->theme);
	memcpy(s->label_fallback, "en", 3);
	memcpy(s->signals, signal_defaults, sizeof(s->signals));
	if ((data = slurp(dir, &absent, err, errlen)) == NULL) {
		if (absent)
			return s;
		goto err;
	}
	if ((doc = cJSON_ParseWithOpts(data, NULL, 1)) == NULL) {
		settings_fail(err, errlen, "(top level): invalid JSON");
		goto err;
	}
	if (get_members(doc, dir, s, &bare, err, errlen) == -1)
		goto err;
	free(data);
	cJSON_Delete(doc);
	return s;
err:
	free(data);
	cJSON_Delete(doc);
	settings_free(s);
	if (bare)
		prefix_path(dir, err, errlen);
	return NULL;
}

/* Frees the allocations of row r's member in s. */
static void
free_member(struct settings *s, const struct setting *r)
{
	char	**text = member(s, r->off);
	char	*(*texts)[LANG__MAX] = member(s, r->off);
	size_t	 i;
	int	 l;

	switch (r->store) {
	case STORE_TEXT:
		for (l = 0; l < LANG__MAX; l++)
			free(text[l]);
		break;
	case STORE_TEXTS:
		for (i = 0; i < *(size_t *)member(s, r->count); i++)
			for (l = 0; l < LANG__MAX; l++)
				free(texts[i][l]);
		break;
	case STORE_STRING:
		free(*text);
		break;
	case STORE_BOOL:
		break;
	case STORE_OWN:
		if (r->drop != NULL)
			r->drop(s);
		break;
	}
}

void
settings_free(struct settings *s)
{
	size_t	 i;

	if (s == NULL)
		return;
	for (i = 0; i < SETTINGS__MAX; i++)
		free_member(s, &settings_rows[i]);
	free(s);
}

/*
 * The string at a dotted path ("co_founder_of.role", len bytes) in
 * obj, or NULL when there is none.
 */
const cJSON *
settings_lookup(const cJSON *obj, const char *path, size_t len)
{
	char	 name[64];
	const char *dot;
	size_t	 n;

	while (obj != NULL) {
		dot = memchr(path, '.', len);
		n = dot != NULL ? (size_t)(dot - path) : len;
		if (n == 0 || n >= sizeof(name))
			return NULL;
		memcpy(name, path, n);
		name[n] = '\0';
		obj = cJSON_GetObjectItemCaseSensitive(obj, name);
		if (dot == NULL)
			return cJSON_IsString(obj) ? obj : NULL;
		path += n + 1;
		len -= n + 1;
	}
	return NULL;
}

/* Checks that every "@@path@@" of t names a string of profile. */
static int
check_one(const char *t, const char *what, const cJSON *profile, char *err,
    size_t errlen)
{
	const char *p, *end;

	for (p = t; t != NULL && (p = strstr(p, "@@")) != NULL;
	    p = end + 2) {
		if ((end = strstr(p + 2, "@@")) == NULL)
			return settings_fail(err, errlen,
			    "%s: \"@@\" without its "
			    "closing \"@@\"", what);
		if (settings_lookup(profile, p + 2, (size_t)(end - p - 2)) ==
		    NULL)
			return settings_fail(err, errlen,
			    "%s: @@%.*s@@ names no text "
			    "of profile.json", what, (int)(end - p - 2) > 60 ?
			    60 : (int)(end - p - 2), p + 2);
	}
	return 0;
}

/*
 * Checks the templates of s, the members of store TEXT and TEXTS,
 * against the profile of each language.  Returns 0, or -1 with a
 * message in err.
 */
int
settings_check_templates(const struct settings *s, const char *dir,
    const cJSON *const profile[LANG__MAX], char *err, size_t errlen)
{
	const struct setting *r;
	char	*const *text;
	char	*const (*texts)[LANG__MAX];
	char	 what[64];
	size_t	 i, k;
	int	 l;

	for (l = 0; l < s->langs.n; l++)
		for (k = 0; k < SETTINGS__MAX; k++) {
			r = &settings_rows[k];
			text = member(s, r->off);
			if (r->store == STORE_TEXT && check_one(text[l],
			    settings_f[k].name, profile[l], err, errlen) == -1)
				goto err;
			if (r->store != STORE_TEXTS)
				continue;
			texts = member(s, r->off);
			for (i = 0; i < *(const size_t *)member(s,
			    r->count); i++) {
				snprintf(what, sizeof(what), "%s[%zu]",
				    settings_f[k].name, i);
				if (check_one(texts[i][l], what, profile[l],
				    err, errlen) == -1)
					goto err;
			}
		}
	return 0;
err:
	prefix_path(dir, err, errlen);
	return -1;
}
