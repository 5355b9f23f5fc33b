/*
 * settings_read.c: the readers of site.json's members whose shape no
 * field kind says (FIELD_READER in settings.h's SITE_SETTINGS): the
 * pages, the Content Signals and security.txt's contacts, and what
 * frees them.  settings.c
 * has checked the file against its declarations first.  Also the
 * helpers both files read members with (settings_fail, settings_plain,
 * settings_dup, settings_text): settings.c calls this file, never the
 * other way.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/url.h"
#include "content/settings_int.h"

/* Formats "MEMBER: reason" into err (settings_load puts the file's
 * path in front); always returns -1. */
int
settings_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* A non-empty string without control characters other than none. */
int
settings_plain(const cJSON *v)
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

char *
settings_dup(const cJSON *v)
{
	return strdup(v->valuestring);
}

/*
 * Reads a translated text: a string (the same in every language) or
 * an object with one string per language.  Fills out[] with copies.
 * Returns 0, or -1 with err set.
 */
int
settings_text(const cJSON *v, const char *what, const struct langs *ls,
    char *out[LANG__MAX], char *err, size_t errlen)
{
	const cJSON *m;
	int	 l;

	if (cJSON_IsString(v)) {
		if (!settings_plain(v))
			return settings_fail(err, errlen,
			    "%s: must be a non-empty "
			    "text without control characters", what);
		for (l = 0; l < ls->n; l++)
			if ((out[l] = settings_dup(v)) == NULL)
				return settings_fail(err, errlen,
				    "out of memory");
		return 0;
	}
	if (!cJSON_IsObject(v))
		return settings_fail(err, errlen,
		    "%s: expected a text, a string or an "
		    "object with one string per language", what);
	cJSON_ArrayForEach(m, v)
		if (lang_find(ls, m->string, strlen(m->string)) == -1)
			return settings_fail(err, errlen,
			    "%s.%.40s: unknown language "
			    "(not in languages)", what, m->string);
	for (l = 0; l < ls->n; l++) {
		m = cJSON_GetObjectItemCaseSensitive(v, lang_code(ls,
		    (enum lang)l));
		if (m == NULL)
			return settings_fail(err, errlen,
			    "%s.%s: missing translation",
			    what, lang_code(ls, (enum lang)l));
		if (!settings_plain(m))
			return settings_fail(err, errlen,
			    "%s.%s: must be a non-empty "
			    "string without control characters", what,
			    lang_code(ls, (enum lang)l));
		if ((out[l] = settings_dup(m)) == NULL)
			return settings_fail(err, errlen, "out of memory");
	}
	return 0;
}

/* site.json's names of the signals (settings_signal_name gives
 * robots.txt's). */
static const char *const signal_members[SIGNAL__MAX] = {
	[SIGNAL_SEARCH] = "search", [SIGNAL_AI_INPUT] = "ai_input",
	[SIGNAL_AI_TRAIN] = "ai_train",
};

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
			return settings_fail(err, errlen,
			    "%s.%.40s: unknown field "
			    "(expected description, title, place, order or "
			    "optional)", what, m->string);
		snprintf(sub, sizeof(sub), "%s.%s", what, m->string);
		if (i > 0 && i != 2)	/* place: any page's */
			ps->owner_only = 1;
		if (i == 0 && settings_text(m, sub, ls, ps->description, err,
		    errlen) == -1)
			return -1;
		if (i == 1 && settings_text(m, sub, ls, ps->title, err,
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
				return settings_fail(err, errlen,
				    "%s: expected "
				    "\"nav\" (the main menu) or \"footer\"",
				    sub);
		}
		if (i == 3) {
			if (!cJSON_IsNumber(m) ||
			    !whole_in(m->valuedouble, -1000, 1000))
				return settings_fail(err, errlen,
				    "%s: expected a whole "
				    "number from -1000 to 1000", sub);
			ps->order = (long)m->valuedouble;
		}
		if (i == 4) {
			if (!cJSON_IsBool(m))
				return settings_fail(err, errlen,
				    "%s: expected true "
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
int
settings_read_pages(const cJSON *v, struct settings *s, char *err,
    size_t errlen)
{
	struct page_setting *ps;
	const cJSON *m;
	char	 what[64];

	if (!cJSON_IsObject(v))
		return settings_fail(err, errlen,
		    "pages: expected an object of pages "
		    "by name");
	cJSON_ArrayForEach(m, v) {
		snprintf(what, sizeof(what), "pages.%.40s", m->string);
		if (site_page_find(m->string) == -1 &&
		    !owner_name_valid(m->string, strlen(m->string)))
			return settings_fail(err, errlen,
			    "%s: not a page name (a "
			    "site page, or NAME of a file pages/NAME.LANG.md:"
			    " 1 to %d characters a-z, 0-9 and \"-\")", what,
			    OWNER_NAME_MAX);
		if (settings_page(s, m->string) != NULL)
			return settings_fail(err, errlen,
			    "%s: duplicate field", what);
		if (s->npages == PAGE__MAX)
			return settings_fail(err, errlen, "pages: more than %d",
			    PAGE__MAX);
		ps = &s->pages[s->npages++];
		ps->place = -1;
		if ((ps->name = strdup(m->string)) == NULL)
			return settings_fail(err, errlen, "out of memory");
		if (page_object(m) ? get_page_object(m, what, ps, &s->langs,
		    err, errlen) == -1 : settings_text(m, what, &s->langs,
		    ps->description, err, errlen) == -1)
			return -1;
		if (ps->owner_only && site_page_find(m->string) != -1)
			return settings_fail(err, errlen,
			    "%s: a page of the site's "
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
int
settings_read_signals(const cJSON *v, struct settings *s, char *err,
    size_t errlen)
{
	const cJSON *m;
	int	 i;

	if (!cJSON_IsObject(v))
		return settings_fail(err, errlen,
		    "content_signals: expected an object "
		    "of search, ai_input and ai_train");
	cJSON_ArrayForEach(m, v) {
		for (i = 0; i < SIGNAL__MAX; i++)
			if (strcmp(m->string, signal_members[i]) == 0)
				break;
		if (i == SIGNAL__MAX)
			return settings_fail(err, errlen,
			    "content_signals.%.40s: "
			    "unknown field (expected search, ai_input or "
			    "ai_train)", m->string);
		if (cJSON_IsNull(m))
			s->signals[i] = SIGNAL_UNSTATED;
		else if (cJSON_IsBool(m))
			s->signals[i] = cJSON_IsTrue(m) ? SIGNAL_YES :
			    SIGNAL_NO;
		else
			return settings_fail(err, errlen,
			    "content_signals.%s: expected "
			    "true (yes), false (no) or null (not stated)",
			    m->string);
	}
	return 0;
}

/* What security.txt's Contact may be (RFC 9116, 2.5.3): "mailto:"
 * with an address, an https URL, or "tel:" with a number; its Policy,
 * an https URL. */
#define SECURITY_CONTACT	(URL_MAILTO | URL_HTTPS | URL_TEL | \
				    URL_QUERY | URL_FRAGMENT)
#define SECURITY_POLICY		(URL_HTTPS | URL_QUERY | URL_FRAGMENT)

/*
 * Reads "security": contact (a URI or an array of 1 to
 * SECURITY_MAX_CONTACTS of them, security_uri) and policy (an https
 * URL).  Returns 0, or -1 with err set.
 */
static int
settings_get_security(const cJSON *v, struct security *sec, char *err,
    size_t errlen)
{
	const cJSON *m, *e;
	char	 what[16], why[128];
	int	 i = 0;

	if (!cJSON_IsObject(v))
		return settings_fail(err, errlen,
		    "security: expected an object with "
		    "contact and, optionally, policy");
	cJSON_ArrayForEach(m, v)
		if (strcmp(m->string, "contact") != 0 &&
		    strcmp(m->string, "policy") != 0)
			return settings_fail(err, errlen,
			    "security.%.40s: unknown "
			    "field (expected contact or policy)", m->string);
	m = cJSON_GetObjectItemCaseSensitive(v, "contact");
	if (m == NULL || (cJSON_IsArray(m) && (cJSON_GetArraySize(m) < 1 ||
	    cJSON_GetArraySize(m) > SECURITY_MAX_CONTACTS)) ||
	    (!cJSON_IsArray(m) && !cJSON_IsString(m)))
		return settings_fail(err, errlen,
		    "security.contact: required, a URI "
		    "or an array of 1 to %d URIs (mailto:, https: or tel:)",
		    SECURITY_MAX_CONTACTS);
	/* One URI is an array of one. */
	for (e = cJSON_IsArray(m) ? m->child : m; e != NULL;
	    e = cJSON_IsArray(m) ? e->next : NULL) {
		if (cJSON_IsArray(m))
			snprintf(what, sizeof(what), "[%d]", i++);
		else
			what[0] = '\0';
		if (!settings_plain(e))
			return settings_fail(err, errlen,
			    "security.contact%s: not a "
			    "mailto:, https: or tel: URI", what);
		if (url_check(e->valuestring, SECURITY_CONTACT, why,
		    sizeof(why)) == -1)
			return settings_fail(err, errlen,
			    "security.contact%s: %s", what, why);
		if ((sec->contact[sec->ncontact++] = settings_dup(e)) == NULL)
			return settings_fail(err, errlen, "out of memory");
	}
	if ((m = cJSON_GetObjectItemCaseSensitive(v, "policy")) != NULL) {
		if (!settings_plain(m))
			return settings_fail(err, errlen,
			    "security.policy: not an "
			    "absolute https URI");
		if (url_check(m->valuestring, SECURITY_POLICY, why,
		    sizeof(why)) == -1)
			return settings_fail(err, errlen,
			    "security.policy: %s", why);
		if ((sec->policy = settings_dup(m)) == NULL)
			return settings_fail(err, errlen, "out of memory");
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

int
settings_read_security(const cJSON *v, struct settings *s, char *err,
    size_t errlen)
{
	return settings_get_security(v, &s->security, err, errlen);
}

/* Frees what settings_read_pages allocated (SITE_SETTINGS' drop). */
void
settings_drop_pages(struct settings *s)
{
	size_t	 i;
	int	 l;

	for (i = 0; i < s->npages; i++) {
		free(s->pages[i].name);
		for (l = 0; l < LANG__MAX; l++) {
			free(s->pages[i].description[l]);
			free(s->pages[i].title[l]);
		}
	}
}

/* Frees what settings_read_security allocated. */
void
settings_drop_security(struct settings *s)
{
	size_t	 i;

	for (i = 0; i < s->security.ncontact; i++)
		free(s->security.contact[i]);
	free(s->security.policy);
}
