/*
 * settings.c: reading and checking the site settings file (site.json).
 *
 * The file is small and flat, so it is checked member by member here:
 * an unknown member, a wrong type or an empty text is an error
 * "site.json: MEMBER: reason", as for the other content files.
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <unicode/uloc.h>

#include "settings.h"

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
static const char *const signal_members[SIGNAL__MAX] = {
	[SIGNAL_SEARCH] = "search", [SIGNAL_AI_INPUT] = "ai_input",
	[SIGNAL_AI_TRAIN] = "ai_train",
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

static int
fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Formats "MEMBER: reason" into err (settings_load puts the file's
 * path in front); always returns -1. */
static int
fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* A non-empty string without control characters other than none. */
static int
plain_string(const cJSON *v)
{
	const unsigned char *s;

	if (!cJSON_IsString(v) || v->valuestring == NULL ||
	    v->valuestring[0] == '\0')
		return 0;
	for (s = (const unsigned char *)v->valuestring; *s != '\0'; s++)
		if (*s < 0x20 || *s == 0x7f)
			return 0;
	return 1;
}

static char *
dup_string(const cJSON *v)
{
	return strdup(v->valuestring);
}

/*
 * Reads a translated text: a string (the same in every language) or
 * an object with one string per language.  Fills out[] with copies.
 * Returns 0, or -1 with err set.
 */
static int
get_text(const cJSON *v, const char *what, const struct langs *ls,
    char *out[LANG__MAX], char *err, size_t errlen)
{
	const cJSON *m;
	int	 l;

	if (cJSON_IsString(v)) {
		if (!plain_string(v))
			return fail(err, errlen, "%s: must be a non-empty "
			    "text without control characters", what);
		for (l = 0; l < ls->n; l++)
			if ((out[l] = dup_string(v)) == NULL)
				return fail(err, errlen, "out of memory");
		return 0;
	}
	if (!cJSON_IsObject(v))
		return fail(err, errlen, "%s: expected a text, a string or an "
		    "object with one string per language", what);
	cJSON_ArrayForEach(m, v)
		if (lang_find(ls, m->string, strlen(m->string)) == -1)
			return fail(err, errlen, "%s.%.40s: unknown language "
			    "(not in languages)", what, m->string);
	for (l = 0; l < ls->n; l++) {
		m = cJSON_GetObjectItemCaseSensitive(v, lang_code(ls,
		    (enum lang)l));
		if (m == NULL)
			return fail(err, errlen, "%s.%s: missing translation",
			    what, lang_code(ls, (enum lang)l));
		if (!plain_string(m))
			return fail(err, errlen, "%s.%s: must be a non-empty "
			    "string without control characters", what,
			    lang_code(ls, (enum lang)l));
		if ((out[l] = dup_string(m)) == NULL)
			return fail(err, errlen, "out of memory");
	}
	return 0;
}

/*
 * Returns 1 if c is an ISO 639-1 code ICU has locale data for (a
 * language it can name, format dates and lists in), else 0.
 */
static int
icu_has_language(const char *c)
{
	const char *const *known;
	char	 lang[16];
	UErrorCode ec;
	int32_t	 i, n;

	for (known = uloc_getISOLanguages(); *known != NULL; known++)
		if (strcmp(*known, c) == 0)
			break;
	if (*known == NULL)
		return 0;
	n = uloc_countAvailable();
	for (i = 0; i < n; i++) {
		ec = U_ZERO_ERROR;
		uloc_getLanguage(uloc_getAvailable(i), lang, sizeof(lang), &ec);
		if (U_SUCCESS(ec) && strcmp(lang, c) == 0)
			return 1;
	}
	return 0;
}

/* Checks that v is a language code ICU has data for; what names it. */
static int
get_code(const cJSON *v, const char *what, char out[4], char *err,
    size_t errlen)
{
	const char *c = cJSON_GetStringValue(v);

	if (c == NULL || strlen(c) != 2 || c[0] < 'a' || c[0] > 'z' ||
	    c[1] < 'a' || c[1] > 'z')
		return fail(err, errlen, "%s: expected an ISO 639-1 code in "
		    "lower case such as \"es\"", what);
	if (!icu_has_language(c))
		return fail(err, errlen, "%s: unknown language code \"%s\" "
		    "(not an ISO 639-1 code ICU has locale data for)", what,
		    c);
	memcpy(out, c, 3);
	return 0;
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
	size_t	 n, skip = 0;

	if (u != NULL && strncmp(u, "http://", 7) == 0)
		skip = 7;
	else if (u != NULL && strncmp(u, "https://", 8) == 0)
		skip = 8;
	if (skip == 0 || strpbrk(u, " \t\r\n\"<>\\?#") != NULL ||
	    strlen(u) > 200 || u[skip] == '\0' || u[skip] == '/')
		return fail(err, errlen, "base_url: expected an absolute "
		    "http(s) URL without query or fragment, such as "
		    "\"https://www.example.org\"");
	if ((*out = strdup(u)) == NULL)
		return fail(err, errlen, "out of memory");
	while ((n = strlen(*out)) > skip + 1 && (*out)[n - 1] == '/')
		(*out)[n - 1] = '\0';
	return 0;
}

/*
 * Reads "languages": an array of 1..LANG__MAX distinct ISO 639-1 codes
 * ICU has data for.  A language needs no label set: the labels a set
 * lacks fall back (labels.h).  Absent, the set stays langs_fallback.
 * Returns 0, or -1 with err set.
 */
static int
get_languages(const cJSON *v, struct langs *ls, char *err, size_t errlen)
{
	const cJSON *e;
	char	 what[32], c[4];
	int	 i = 0;

	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) < 1 ||
	    cJSON_GetArraySize(v) > LANG__MAX)
		return fail(err, errlen, "languages: expected an array of 1 "
		    "to %d language codes, the default first", LANG__MAX);
	memset(ls, 0, sizeof(*ls));
	cJSON_ArrayForEach(e, v) {
		snprintf(what, sizeof(what), "languages[%d]", i);
		if (get_code(e, what, c, err, errlen) == -1)
			return -1;
		if (lang_find(ls, c, 2) != -1)
			return fail(err, errlen, "languages[%d]: \"%s\" is "
			    "listed twice", i, c);
		memcpy(ls->code[i++], c, 3);
		ls->n = i;
	}
	return 0;
}

/*
 * Reads list, comma-separated language codes with the default first
 * ("en,nb"), as "languages" is read: each an ISO 639-1 code ICU has
 * data for, none twice.  Returns 0, or -1 with err naming the bad one.
 */
int
settings_parse_languages(const char *list, struct langs *ls, char *err,
    size_t errlen)
{
	cJSON	*a;
	const char *p, *comma;
	char	 code[16];
	size_t	 n;
	int	 rc = -1;

	if ((a = cJSON_CreateArray()) == NULL)
		return fail(err, errlen, "out of memory");
	for (p = list; ; p = comma + 1) {
		comma = strchr(p, ',');
		n = comma != NULL ? (size_t)(comma - p) : strlen(p);
		snprintf(code, sizeof(code), "%.*s", n < sizeof(code) ?
		    (int)n : (int)sizeof(code) - 1, p);
		if (!cJSON_AddItemToArray(a, cJSON_CreateString(code))) {
			fail(err, errlen, "out of memory");
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

static int
valid_url(const char *s)
{
	const char *host;

	if ((host = url_authority(s)) == NULL)
		return 0;
	return *host != '\0' && *host != '/' && *host != ':' &&
	    strchr(host, '@') == NULL && strpbrk(s, " \"<>\\^`{|}") == NULL;
}

static int
get_licence(const cJSON *v, const struct langs *ls, struct licence *lc,
    char *err, size_t errlen)
{
	const cJSON *m;
	int	 l;

	if (!cJSON_IsObject(v))
		return fail(err, errlen, "licence: expected an object");
	cJSON_ArrayForEach(m, v)
		if (strcmp(m->string, "name") != 0 &&
		    strcmp(m->string, "url") != 0 &&
		    strcmp(m->string, "spdx") != 0 &&
		    strcmp(m->string, "attribution") != 0)
			return fail(err, errlen, "licence.%s: unknown field",
			    m->string);
	m = cJSON_GetObjectItemCaseSensitive(v, "name");
	if (m == NULL || !plain_string(m))
		return fail(err, errlen, "licence.name: required, a "
		    "non-empty string such as \"CC0 1.0\"");
	if ((lc->name = dup_string(m)) == NULL)
		return fail(err, errlen, "out of memory");
	if ((m = cJSON_GetObjectItemCaseSensitive(v, "url")) == NULL)
		return fail(err, errlen, "licence.url: required, the address "
		    "of the licence text");
	if (get_text(m, "licence.url", ls, lc->url, err, errlen) == -1)
		return -1;
	for (l = 0; l < ls->n; l++)
		if (!valid_url(lc->url[l]))
			return fail(err, errlen, "licence.url: not an absolute "
			    "http(s) URL: \"%.80s\"", lc->url[l]);
	if ((m = cJSON_GetObjectItemCaseSensitive(v, "spdx")) != NULL) {
		if (!plain_string(m) || strspn(m->valuestring, "ABCDEFGHIJ"
		    "KLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-+") !=
		    strlen(m->valuestring))
			return fail(err, errlen, "licence.spdx: expected an "
			    "SPDX identifier such as CC-BY-4.0");
		if ((lc->spdx = dup_string(m)) == NULL)
			return fail(err, errlen, "out of memory");
	}
	if ((m = cJSON_GetObjectItemCaseSensitive(v, "attribution")) != NULL) {
		if (!cJSON_IsBool(m))
			return fail(err, errlen, "licence.attribution: "
			    "expected true or false");
		lc->attribution = cJSON_IsTrue(m);
	}
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
	return fail(err, errlen, "pronouns: expected one of \"she\", \"he\", "
	    "\"they\" or \"none\" (none: the person is named, never "
	    "referred to by a pronoun)");
}

static int
get_facts(const cJSON *v, struct settings *s, char *err, size_t errlen)
{
	const cJSON *e;
	char	 what[32];

	if (!cJSON_IsArray(v))
		return fail(err, errlen, "facts: expected an array of texts");
	if (cJSON_GetArraySize(v) > SETTINGS_MAX_FACTS)
		return fail(err, errlen, "facts: more than %d",
		    SETTINGS_MAX_FACTS);
	cJSON_ArrayForEach(e, v) {
		snprintf(what, sizeof(what), "facts[%zu]", s->nfacts);
		if (get_text(e, what, &s->langs, s->facts[s->nfacts++], err,
		    errlen) == -1)
			return -1;
	}
	return 0;
}

/* The members of a page's object in "pages" (besides a bare text). */
static const char *const page_members[] = {
	"description", "title", "place", "order", "optional", NULL
};

/* Returns 1 when v is a page's object of page_members, not a text. */
static int
page_object(const cJSON *v)
{
	int	 i;

	for (i = 0; cJSON_IsObject(v) && page_members[i] != NULL; i++)
		if (cJSON_GetObjectItemCaseSensitive(v, page_members[i]) !=
		    NULL)
			return 1;
	return 0;
}

/*
 * Reads the object form of page ps, "pages.NAME" in what: description,
 * title, place ("nav" or "footer"), order (an integer), optional (a
 * boolean).  Returns 0, or -1 with err set.
 */
static int
get_page_object(const cJSON *v, const char *what, struct page_setting *ps,
    const struct langs *ls, char *err, size_t errlen)
{
	const cJSON *m;
	char	 sub[96];
	int	 i;

	cJSON_ArrayForEach(m, v) {
		for (i = 0; page_members[i] != NULL; i++)
			if (strcmp(m->string, page_members[i]) == 0)
				break;
		if (page_members[i] == NULL)
			return fail(err, errlen, "%s.%.40s: unknown field "
			    "(expected description, title, place, order or "
			    "optional)", what, m->string);
		snprintf(sub, sizeof(sub), "%s.%s", what, m->string);
		if (i > 0 && i != 2)	/* place: any page's */
			ps->owner_only = 1;
		if (i == 0 && get_text(m, sub, ls, ps->description, err,
		    errlen) == -1)
			return -1;
		if (i == 1 && get_text(m, sub, ls, ps->title, err,
		    errlen) == -1)
			return -1;
		if (i == 2) {
			if (cJSON_IsString(m) && strcmp(m->valuestring,
			    "nav") == 0)
				ps->place = PAGE_NAV;
			else if (cJSON_IsString(m) && strcmp(m->valuestring,
			    "footer") == 0)
				ps->place = PAGE_FOOTER;
			else
				return fail(err, errlen, "%s: expected "
				    "\"nav\" (the main menu) or \"footer\"",
				    sub);
		}
		if (i == 3) {
			if (!cJSON_IsNumber(m) ||
			    !whole_in(m->valuedouble, -1000, 1000))
				return fail(err, errlen, "%s: expected a whole "
				    "number from -1000 to 1000", sub);
			ps->order = (long)m->valuedouble;
		}
		if (i == 4) {
			if (!cJSON_IsBool(m))
				return fail(err, errlen, "%s: expected true "
				    "or false", sub);
			ps->optional = cJSON_IsTrue(m);
		}
	}
	return 0;
}

/*
 * Reads "pages": by page name, a description (a text) or an object of
 * page_members.  A made page (page_list.h) takes a description and a
 * place only;
 * any other name must be an owner page's, which site_paths_build
 * checks against the content.  Returns 0, or -1 with err set.
 */
static int
get_pages(const cJSON *v, struct settings *s, char *err, size_t errlen)
{
	struct page_setting *ps;
	const cJSON *m;
	char	 what[64];

	if (!cJSON_IsObject(v))
		return fail(err, errlen, "pages: expected an object of pages "
		    "by name");
	cJSON_ArrayForEach(m, v) {
		snprintf(what, sizeof(what), "pages.%.40s", m->string);
		if (site_page_find(m->string) == -1 &&
		    !owner_name_valid(m->string, strlen(m->string)))
			return fail(err, errlen, "%s: not a page name (a "
			    "site page, or NAME of a file pages/NAME.LANG.md:"
			    " 1 to %d characters a-z, 0-9 and \"-\")", what,
			    OWNER_NAME_MAX);
		if (settings_page(s, m->string) != NULL)
			return fail(err, errlen, "%s: duplicate field", what);
		if (s->npages == PAGE__MAX)
			return fail(err, errlen, "pages: more than %d",
			    PAGE__MAX);
		ps = &s->pages[s->npages++];
		ps->place = -1;
		if ((ps->name = strdup(m->string)) == NULL)
			return fail(err, errlen, "out of memory");
		if (page_object(m) ? get_page_object(m, what, ps, &s->langs,
		    err, errlen) == -1 : get_text(m, what, &s->langs,
		    ps->description, err, errlen) == -1)
			return -1;
		if (ps->owner_only && site_page_find(m->string) != -1)
			return fail(err, errlen, "%s: a page of the site's "
			    "own takes a description and a place only; "
			    "title, order and optional are for the owner's "
			    "pages (pages/NAME.LANG.md)", what);
	}
	return 0;
}

/*
 * Reads "content_signals": an object of search, ai_input and ai_train,
 * each true (yes), false (no) or null (not stated).  A member left out
 * keeps its default (signal_defaults).  Returns 0, or -1 with err set.
 */
static int
get_signals(const cJSON *v, struct settings *s, char *err, size_t errlen)
{
	const cJSON *m;
	int	 i;

	if (!cJSON_IsObject(v))
		return fail(err, errlen, "content_signals: expected an object "
		    "of search, ai_input and ai_train");
	cJSON_ArrayForEach(m, v) {
		for (i = 0; i < SIGNAL__MAX; i++)
			if (strcmp(m->string, signal_members[i]) == 0)
				break;
		if (i == SIGNAL__MAX)
			return fail(err, errlen, "content_signals.%.40s: "
			    "unknown field (expected search, ai_input or "
			    "ai_train)", m->string);
		if (cJSON_IsNull(m))
			s->signals[i] = SIGNAL_UNSTATED;
		else if (cJSON_IsBool(m))
			s->signals[i] = cJSON_IsTrue(m) ? SIGNAL_YES :
			    SIGNAL_NO;
		else
			return fail(err, errlen, "content_signals.%s: expected "
			    "true (yes), false (no) or null (not stated)",
			    m->string);
	}
	return 0;
}

/*
 * Returns 1 when s is a contact URI security.txt may carry (RFC 9116,
 * 2.5.3): "mailto:" with an address, an https URL, or "tel:" with a
 * number of digits, "+", "-", "." and "(", ")".
 */
static int
security_uri(const char *s)
{
	const char *at;

	if (strncmp(s, "mailto:", 7) == 0)
		return (at = strchr(s + 7, '@')) != NULL && at > s + 7 &&
		    at[1] != '\0' && strpbrk(s, " \"<>\\^`{|}") == NULL;
	if (strncmp(s, "tel:", 4) == 0)
		return s[4] != '\0' &&
		    strspn(s + 4, "+0123456789-.()") == strlen(s + 4);
	return strncmp(s, "https://", 8) == 0 && valid_url(s);
}

/*
 * Reads "security": contact (a URI or an array of 1 to
 * SECURITY_MAX_CONTACTS of them, security_uri) and policy (an https
 * URL).  Returns 0, or -1 with err set.
 */
static int
get_security(const cJSON *v, struct security *sec, char *err,
    size_t errlen)
{
	const cJSON *m, *e;
	char	 what[16];
	int	 i = 0;

	if (!cJSON_IsObject(v))
		return fail(err, errlen, "security: expected an object with "
		    "contact and, optionally, policy");
	cJSON_ArrayForEach(m, v)
		if (strcmp(m->string, "contact") != 0 &&
		    strcmp(m->string, "policy") != 0)
			return fail(err, errlen, "security.%.40s: unknown "
			    "field (expected contact or policy)", m->string);
	m = cJSON_GetObjectItemCaseSensitive(v, "contact");
	if (m == NULL || (cJSON_IsArray(m) && (cJSON_GetArraySize(m) < 1 ||
	    cJSON_GetArraySize(m) > SECURITY_MAX_CONTACTS)) ||
	    (!cJSON_IsArray(m) && !cJSON_IsString(m)))
		return fail(err, errlen, "security.contact: required, a URI "
		    "or an array of 1 to %d URIs (mailto:, https: or tel:)",
		    SECURITY_MAX_CONTACTS);
	/* One URI is an array of one. */
	for (e = cJSON_IsArray(m) ? m->child : m; e != NULL;
	    e = cJSON_IsArray(m) ? e->next : NULL) {
		if (cJSON_IsArray(m))
			snprintf(what, sizeof(what), "[%d]", i++);
		else
			what[0] = '\0';
		if (!plain_string(e) || !security_uri(e->valuestring))
			return fail(err, errlen, "security.contact%s: not a "
			    "mailto:, https: or tel: URI", what);
		if ((sec->contact[sec->ncontact++] = dup_string(e)) == NULL)
			return fail(err, errlen, "out of memory");
	}
	if ((m = cJSON_GetObjectItemCaseSensitive(v, "policy")) != NULL) {
		if (!plain_string(m) || strncmp(m->valuestring, "https://",
		    8) != 0 || !valid_url(m->valuestring))
			return fail(err, errlen, "security.policy: not an "
			    "absolute https URL");
		if ((sec->policy = dup_string(m)) == NULL)
			return fail(err, errlen, "out of memory");
	}
	return 0;
}

/* The member of "pages" for page name, or NULL. */
const struct page_setting *
settings_page(const struct settings *s, const char *name)
{
	size_t	 i;

	for (i = 0; i < s->npages; i++)
		if (strcmp(s->pages[i].name, name) == 0)
			return &s->pages[i];
	return NULL;
}

/* Checks and copies the members of the parsed file into s. */
static int
get_members(const cJSON *doc, struct settings *s, char *err, size_t errlen)
{
	const cJSON *m, *prev;

	if (!cJSON_IsObject(doc))
		return fail(err, errlen, "(top level): expected an object");
	/* First: every text below has one translation per language. */
	if ((m = cJSON_GetObjectItemCaseSensitive(doc, "languages")) != NULL &&
	    get_languages(m, &s->langs, err, errlen) == -1)
		return -1;
	cJSON_ArrayForEach(m, doc) {
		for (prev = doc->child; prev != m; prev = prev->next)
			if (strcmp(prev->string, m->string) == 0)
				return fail(err, errlen, "%.40s: duplicate "
				    "field", m->string);
		if (strcmp(m->string, "languages") == 0)
			continue;
		if (strcmp(m->string, "licence") == 0) {
			if (get_licence(m, &s->langs, &s->licence, err,
			    errlen) == -1)
				return -1;
		} else if (strcmp(m->string, "label_fallback") == 0) {
			if (get_code(m, "label_fallback", s->label_fallback,
			    err, errlen) == -1)
				return -1;
		} else if (strcmp(m->string, "pronouns") == 0) {
			if (get_pronouns(m, &s->pronouns, err, errlen) == -1)
				return -1;
		} else if (strcmp(m->string, "name_rule") == 0) {
			if (get_text(m, "name_rule", &s->langs,
			    s->name_rule, err, errlen) == -1)
				return -1;
		} else if (strcmp(m->string, "llms_summary") == 0) {
			if (get_text(m, "llms_summary", &s->langs,
			    s->llms_summary, err,
			    errlen) == -1)
				return -1;
		} else if (strcmp(m->string, "facts") == 0) {
			if (get_facts(m, s, err, errlen) == -1)
				return -1;
		} else if (strcmp(m->string, "base_url") == 0) {
			if (get_base_url(m, &s->base_url, err, errlen) == -1)
				return -1;
		} else if (strcmp(m->string, "fictional") == 0) {
			if (!cJSON_IsBool(m))
				return fail(err, errlen, "fictional: expected "
				    "true or false");
			s->fictional = cJSON_IsTrue(m);
		} else if (strcmp(m->string, "pages") == 0) {
			if (get_pages(m, s, err, errlen) == -1)
				return -1;
		} else if (strcmp(m->string, "content_signals") == 0) {
			if (get_signals(m, s, err, errlen) == -1)
				return -1;
		} else if (strcmp(m->string, "security") == 0) {
			if (get_security(m, &s->security, err, errlen) == -1)
				return -1;
		} else if (strcmp(m->string, "theme") == 0) {
			if (theme_parse(m, &s->theme, err, errlen) == -1)
				return -1;
		} else if (strcmp(m->string, "cv_order") == 0) {
			if (settings_cv_order(m, &s->cv, err, errlen) == -1)
				return -1;
		} else if (strcmp(m->string, "home_highlight") == 0) {
			if (settings_cv_highlight(m, &s->cv, err, errlen)
			    == -1)
				return -1;
		} else
			return fail(err, errlen, "%.40s: unknown field",
			    m->string);
	}
	return 0;
}

/*
 * Reads dir/site.json into a NUL-terminated buffer, beneath dir and
 * never blocking (open_beneath; only a regular file is read).  Returns
 * it, or NULL with *absent set when there is no such file, or NULL
 * with err set on any other failure.
 */
static char *
slurp(const char *dir, int *absent, char *err, size_t errlen)
{
	struct stat st;
	char	*data = NULL;
	FILE	*f = NULL;
	size_t	 len;
	int	 fd;

	*absent = 0;
	if ((fd = open_beneath(dir, SETTINGS_FILE)) == -1 ||
	    (f = fdopen(fd, "rb")) == NULL) {
		if (errno == ENOENT)
			*absent = 1;
		else
			fail(err, errlen, "(top level): cannot open: %s",
			    open_beneath_error(errno));
		if (fd != -1)
			close(fd);
		return NULL;
	}
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		fail(err, errlen, "(top level): not a regular file");
		goto out;
	}
	if ((data = malloc(SETTINGS_MAX_SIZE + 1)) == NULL) {
		fail(err, errlen, "out of memory");
		goto out;
	}
	len = fread(data, 1, SETTINGS_MAX_SIZE + 1, f);
	if (ferror(f) || len > SETTINGS_MAX_SIZE) {
		fail(err, errlen, ferror(f) ? "(top level): cannot read" :
		    "(top level): file is larger than %d bytes",
		    SETTINGS_MAX_SIZE);
		free(data);
		data = NULL;
		goto out;
	}
	data[len] = '\0';
	if (memchr(data, '\0', len) != NULL || !utf8_valid(data, len)) {
		fail(err, errlen, "(top level): file is not valid UTF-8 "
		    "text");
		free(data);
		data = NULL;
	}
out:
	fclose(f);
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
	int	 absent;

	if ((s = calloc(1, sizeof(*s))) == NULL) {
		fail(err, errlen, "out of memory");
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
		fail(err, errlen, "(top level): invalid JSON");
		goto err;
	}
	if (get_members(doc, s, err, errlen) == -1)
		goto err;
	free(data);
	cJSON_Delete(doc);
	return s;
err:
	free(data);
	cJSON_Delete(doc);
	settings_free(s);
	prefix_path(dir, err, errlen);
	return NULL;
}

void
settings_free(struct settings *s)
{
	size_t	 i;
	int	 l;

	if (s == NULL)
		return;
	free(s->base_url);
	free(s->licence.name);
	free(s->licence.spdx);
	for (i = 0; i < s->security.ncontact; i++)
		free(s->security.contact[i]);
	free(s->security.policy);
	for (l = 0; l < LANG__MAX; l++) {
		free(s->licence.url[l]);
		free(s->name_rule[l]);
		free(s->llms_summary[l]);
		for (i = 0; i < s->nfacts; i++)
			free(s->facts[i][l]);
		for (i = 0; i < s->npages; i++) {
			free(s->pages[i].description[l]);
			free(s->pages[i].title[l]);
		}
	}
	for (i = 0; i < s->npages; i++)
		free(s->pages[i].name);
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
			return fail(err, errlen, "%s: \"@@\" without its "
			    "closing \"@@\"", what);
		if (settings_lookup(profile, p + 2, (size_t)(end - p - 2)) ==
		    NULL)
			return fail(err, errlen, "%s: @@%.*s@@ names no text "
			    "of profile.json", what, (int)(end - p - 2) > 60 ?
			    60 : (int)(end - p - 2), p + 2);
	}
	return 0;
}

/*
 * Checks the templates of s against the profile of each language.
 * Returns 0, or -1 with a message in err.
 */
int
settings_check_templates(const struct settings *s, const char *dir,
    const cJSON *const profile[LANG__MAX], char *err, size_t errlen)
{
	char	 what[32];
	size_t	 i;
	int	 l;

	for (l = 0; l < s->langs.n; l++) {
		if (check_one(s->name_rule[l], "name_rule", profile[l], err,
		    errlen) == -1 || check_one(s->llms_summary[l],
		    "llms_summary", profile[l], err, errlen) == -1)
			goto err;
		for (i = 0; i < s->nfacts; i++) {
			snprintf(what, sizeof(what), "facts[%zu]", i);
			if (check_one(s->facts[i][l], what, profile[l], err,
			    errlen) == -1)
				goto err;
		}
	}
	return 0;
err:
	prefix_path(dir, err, errlen);
	return -1;
}
