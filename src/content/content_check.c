/*
 * content_check.c: validating content values against their
 * declarations (resource.h).  Every problem is recorded as "FILE:
 * FIELD.PATH: reason" and checking goes on, so that one run reports
 * every problem of a content set (content_load prints them).
 */
#include "config.h"

#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uloc.h>

#include "base/url.h"
#include "base/dedup.h"
#include "content/content_check.h"
#include "content/names.h"

/*
 * Records the problem "FILE: PATH: reason" and goes on: loading reports
 * every problem of a content set in one run.  Always returns -1.
 */
int
vc_fail(struct vctx *c, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vc_failv(c, c->file, c->pathlen ? c->path : "(top level)", fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * Records the problem "FILE: WHERE: reason" (vc_fail's line with the
 * file and the place given).  Always returns -1.
 */
int
vc_failv(struct vctx *c, const char *file, const char *where,
    const char *fmt, va_list ap)
{
	char	 reason[256];

	vsnprintf(reason, sizeof(reason), fmt, ap);
	if (c->nerr++ < CONTENT_MAX_ERRORS)
		buf_printf(&c->errs, "%s%s%s: %s\n", file,
		    where != NULL ? ": " : "", where != NULL ? where : "",
		    reason);
	return -1;
}

/* Appends ".name" (or "name" at the start) or "[i]" to the path. */
size_t
vc_push(struct vctx *c, const char *name, int index)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t	 old = c->pathlen, len = old, cap = sizeof(c->path) - 1;
	const unsigned char *p;
	int	 n;

	if (name == NULL) {
		n = snprintf(c->path + old, sizeof(c->path) - old, "[%d]",
		    index);
		if (n < 0 || (size_t)n >= sizeof(c->path) - old)
			c->pathlen = cap;
		else
			c->pathlen = old + (size_t)n;
		return old;
	}
	/*
	 * The name as written, but a control character as \uXXXX: the
	 * path goes into the log, one problem a line.
	 */
	if (old > 0 && len < cap)
		c->path[len++] = '.';
	for (p = (const unsigned char *)name; *p != '\0' && len < cap; p++) {
		if (*p >= 0x20 && *p != 0x7f) {
			c->path[len++] = (char)*p;
			continue;
		}
		if (len + 6 > cap)
			break;
		memcpy(c->path + len, "\\u00", 4);
		c->path[len + 4] = hex[*p >> 4];
		c->path[len + 5] = hex[*p & 15];
		len += 6;
	}
	c->path[len] = '\0';
	c->pathlen = len;
	return old;
}

void
vc_pop(struct vctx *c, size_t old)
{
	c->pathlen = old;
	c->path[old] = '\0';
}

static int
all_of(const char *s, const char *set)
{
	return *s != '\0' && s[strspn(s, set)] == '\0';
}

/* The number of bytes of s in set. */
static size_t
count_of(const char *s, const char *set)
{
	size_t	 n = 0;

	for (; *s != '\0'; s++)
		n += strchr(set, *s) != NULL;
	return n;
}

#define DIGITS	"0123456789"
#define LOWER	"abcdefghijklmnopqrstuvwxyz"
#define UPPER	"ABCDEFGHIJKLMNOPQRSTUVWXYZ"

/* Returns 1 if s is in the NULL-ended list ICU gives. */
static int
icu_knows(const char *const *list, const char *s)
{
	for (; list != NULL && *list != NULL; list++)
		if (strcmp(*list, s) == 0)
			return 1;
	return 0;
}

static int
valid_email(const char *s)
{
	const char *at = strchr(s, '@'), *dot;
	size_t	 i;

	if (at == NULL || at == s || strchr(at + 1, '@') != NULL)
		return 0;
	dot = strrchr(at + 1, '.');
	if (dot == NULL || dot == at + 1 || dot[1] == '\0')
		return 0;
	for (i = 0; s[i] != '\0'; i++)
		if ((unsigned char)s[i] <= 0x20 || s[i] == 0x7f ||
		    strchr("\"(),:;<>[\\]", s[i]) != NULL)
			return 0;
	return 1;
}

/*
 * A string member: present, a string, non-empty, valid UTF-8, without
 * control characters (C0 and DEL; prose may have tabs and newlines).
 * A \u0000 escape is caught on the raw file (nul_escape), since the
 * parsed string ends there.
 */
static int
check_string(struct vctx *c, const cJSON *v, int prose)
{
	const unsigned char *p;
	size_t	 n;

	if (!cJSON_IsString(v) || v->valuestring == NULL)
		return vc_fail(c, "expected a string");
	if (v->valuestring[0] == '\0')
		return vc_fail(c, "must not be empty");
	if (!utf8_valid(v->valuestring, strlen(v->valuestring)))
		return vc_fail(c, "not valid UTF-8");
	/*
	 * Shaping (the PDF, a browser) takes time quadratic in the length
	 * of one character: "a" and 55,000 accents took pango 44 s.
	 */
	if ((n = utf8_longest_cluster(v->valuestring,
	    strlen(v->valuestring), CONTENT_MAX_CLUSTER)) == (size_t)-1)
		return vc_fail(c, "out of memory");
	if (n > CONTENT_MAX_CLUSTER)
		return vc_fail(c, "a character (a base and its combining "
		    "marks) of more than %d code points", CONTENT_MAX_CLUSTER);
	for (p = (const unsigned char *)v->valuestring; *p != '\0'; p++)
		if ((*p < 0x20 || *p == 0x7f) &&
		    !(prose && (*p == '\t' || *p == '\n')))
			return vc_fail(c, "control character U+%04X is not "
			    "allowed%s", *p, prose ? " (only tab and newline "
			    "are)" : "");
	return 0;
}


/*
 * A translated value: an object with one value per language, each a
 * string of prose or, with each (FIELD_PER_LANG), each's value; with
 * flags FIELD_NAME, a plain string (a name) too.
 */
static int
validate_text(struct vctx *c, const cJSON *v, unsigned int flags,
    const struct field *each)
{
	const cJSON *m;
	size_t	 old;
	int	 i, rc = 0;

	if (cJSON_IsString(v) && (flags & FIELD_NAME))
		return check_string(c, v, 0);
	if (!cJSON_IsObject(v))
		return vc_fail(c, "expected a translated text, an object "
		    "with one string per language (%s)%s", c->lang_all,
		    c->langs->n == 1 || (flags & FIELD_NAME) ? " or a string"
		    : "");
	cJSON_ArrayForEach(m, v) {
		if (lang_find(c->langs, m->string, strlen(m->string)) == -1) {
			old = vc_push(c, m->string, 0);
			rc = vc_fail(c, "unknown language (expected %s)",
			    c->lang_all);
			vc_pop(c, old);
		}
	}
	for (i = 0; i < c->langs->n; i++) {
		old = vc_push(c, lang_code(c->langs, (enum lang)i), 0);
		m = cJSON_GetObjectItemCaseSensitive(v,
		    lang_code(c->langs, (enum lang)i));
		if (m == NULL)
			rc = vc_fail(c, "missing translation");
		else if (each != NULL ? content_validate(c, m, each) == -1 :
		    check_string(c, m, !(flags & FIELD_NAME)) == -1)
			rc = -1;
		vc_pop(c, old);
	}
	return rc;
}

/*
 * The start and end of an object, when it has them (both already
 * valid dates): an end needs a start and must not come before it.
 */
static int
check_period(struct vctx *c, const cJSON *v)
{
	const cJSON *s, *e;
	struct date ds, de;
	size_t	 old;
	int	 rc = 0;

	s = cJSON_GetObjectItemCaseSensitive(v, "start");
	e = cJSON_GetObjectItemCaseSensitive(v, "end");
	if (e == NULL || !cJSON_IsString(e) ||
	    (s != NULL && !cJSON_IsString(s)))
		return 0;	/* not dates: reported already */
	old = vc_push(c, "end", 0);
	if (s == NULL)
		rc = vc_fail(c, "an end needs a start");
	else if (date_parse(s->valuestring, &ds) == 0 &&
	    date_parse(e->valuestring, &de) == 0 && date_cmp(&de, &ds) < 0)
		rc = vc_fail(c, "ends (%s) before it starts (%s)",
		    e->valuestring, s->valuestring);
	vc_pop(c, old);
	return rc;
}

static int
validate_object(struct vctx *c, const cJSON *v, const struct field *fields)
{
	const struct field *f;
	const cJSON *m;
	unsigned char *seen;
	size_t	 old, nf;
	int	 rc = 0;

	if (!cJSON_IsObject(v))
		return vc_fail(c, "expected an object");
	/*
	 * One pass, linear in the members: a known name is found in the
	 * (short, fixed) field list and counted, so a duplicate is a
	 * known name seen twice; an unknown name is refused as such
	 * (twice or not).  Past CONTENT_MAX_ERRORS problems the rest of
	 * the object is not looked at: the file is refused already.
	 */
	for (nf = 0; fields[nf].name != NULL; nf++)
		continue;
	if ((seen = calloc(nf + 1, 1)) == NULL)
		return vc_fail(c, "out of memory");
	cJSON_ArrayForEach(m, v) {
		if (c->nerr >= CONTENT_MAX_ERRORS)
			break;
		f = field_find(fields, m->string);
		old = vc_push(c, m->string, 0);
		if (f == NULL || (f->flags & FIELD_API))
			rc = vc_fail(c, "unknown field");
		else if (seen[f - fields])
			rc = vc_fail(c, "duplicate field");
		else
			seen[f - fields] = 1;
		vc_pop(c, old);
	}
	free(seen);
	if (rc == -1 && c->nerr >= CONTENT_MAX_ERRORS)
		return -1;
	for (f = fields; f->name != NULL; f++) {
		if (f->flags & FIELD_API)
			continue;
		m = cJSON_GetObjectItemCaseSensitive(v, f->name);
		old = vc_push(c, f->name, 0);
		if (m == NULL) {
			if (f->flags & FIELD_CONTRACT)
				c->contract_gap = 1;
			if ((f->flags & FIELD_REQUIRED) &&
			    !((f->flags & FIELD_DATED) &&
			    cJSON_HasObjectItem(v, "start")))
				rc = vc_fail(c, "missing required field");
		} else if (!(f->flags & FIELD_READER) &&
		    content_validate(c, m, f) == -1)
			rc = -1;
		vc_pop(c, old);
	}
	if (check_period(c, v) == -1)
		rc = -1;
	return rc;
}

/* Whether s is a DOI: "10.", 4 to 9 digits, "/", a suffix of
 * printable characters without spaces, at most the kind's length. */
static int
valid_doi(const char *s)
{
	size_t	 n;

	if (strncmp(s, "10.", 3) != 0 || strlen(s) > fkinds[F_DOI].maxlen)
		return 0;
	n = strspn(s + 3, DIGITS);
	if (n < 4 || n > 9 || s[3 + n] != '/' || s[4 + n] == '\0')
		return 0;
	for (s += 4 + n; *s != '\0'; s++)
		if ((unsigned char)*s <= ' ' || *s == 0x7f)
			return 0;
	return 1;
}

/*
 * A string's declared values (d->values) and pattern (d->pattern, a
 * POSIX extended regular expression), when the field declares them.
 * Returns 0, or -1 with c->err set.
 */
static int
check_declared(struct vctx *c, const struct field *d, const char *s)
{
	const char *const *v;
	regex_t	 re;
	int	 m;

	if (d->values != NULL) {
		for (v = d->values; *v != NULL; v++)
			if (strcmp(*v, s) == 0)
				break;
		if (*v == NULL)
			return vc_fail(c, "not one of the known values (%s%s): "
			    "\"%.80s\"", d->values[0], d->values[1] != NULL ?
			    ", ..." : "", s);
	}
	if (d->pattern != NULL) {
		if (regcomp(&re, d->pattern, REG_EXTENDED | REG_NOSUB) != 0)
			return vc_fail(c, "cannot compile the pattern %s",
			    d->pattern);
		m = regexec(&re, s, 0, NULL, 0);
		regfree(&re);
		if (m != 0)
			return vc_fail(c, "must match %s: \"%.80s\"",
			    d->pattern, s);
	}
	return 0;
}

/* Validates v against d; returns 0 or -1 with c->err set. */
int
content_validate(struct vctx *c, const cJSON *v, const struct field *d)
{
	struct field one;
	struct date dt;
	const cJSON *e;
	const char *s;
	char	 why[128];
	size_t	 old;
	int	 i, rc;

	if ((d->flags & FIELD_PER_LANG) && cJSON_IsObject(v)) {
		one = *d;
		one.flags &= ~(unsigned int)FIELD_PER_LANG;
		return validate_text(c, v, 0, &one);
	}
	switch (d->kind) {
	case F_WHEN:
		if (!cJSON_IsString(v))
			return validate_text(c, v, d->flags, NULL);
		/* FALLTHROUGH */
	case F_DATE:
		if (check_string(c, v, 0) == -1)
			return -1;
		if (date_parse(v->valuestring, &dt) == -1)
			return vc_fail(c, "expected an ISO date YYYY, YYYY-MM "
			    "or YYYY-MM-DD: \"%.80s\"", v->valuestring);
		return 0;
	case F_TEXT:
		return validate_text(c, v, d->flags, NULL);
	case F_BOOL:
		if (!cJSON_IsBool(v))
			return vc_fail(c, "expected true or false");
		return 0;
	case F_OBJECT:
		return validate_object(c, v, d->sub);
	case F_ARRAY:
		if (!cJSON_IsArray(v))
			return vc_fail(c, "expected an array");
		if (cJSON_GetArraySize(v) == 0)
			return vc_fail(c, "must not be empty");
		i = 0;
		rc = 0;
		cJSON_ArrayForEach(e, v) {
			old = vc_push(c, NULL, i++);
			if (content_validate(c, e, d->sub) == -1)
				rc = -1;
			vc_pop(c, old);
		}
		return rc;
	default:
		break;
	}
	if (check_string(c, v, 0) == -1)
		return -1;
	s = v->valuestring;
	switch (d->kind) {
	case F_URI:
		if (url_check(s, URL_LINK, why, sizeof(why)) == -1)
			return vc_fail(c, "%s: \"%.80s\"", why, s);
		break;
	case F_EMAIL:
		if (!valid_email(s))
			return vc_fail(c, "not an e-mail address: \"%.80s\"",
			    s);
		break;
	case F_SLUG:
		if (!all_of(s, LOWER DIGITS "-") ||
		    strlen(s) > fkinds[F_SLUG].maxlen)
			return vc_fail(c, "slug must match ^[a-z0-9-]+$ "
			    "(at most 100 characters): \"%.80s\"", s);
		break;
	case F_COUNTRY:
		if (strlen(s) != 2 || !all_of(s, UPPER))
			return vc_fail(c, "expected an ISO 3166-1 alpha-2 "
			    "country code such as ES: \"%.80s\"", s);
		if (!icu_knows(uloc_getISOCountries(), s))
			return vc_fail(c, "unknown country code \"%s\" (not in "
			    "ISO 3166-1 as ICU knows it)", s);
		break;
	case F_LANGCODE:
		if (strlen(s) != 2 || !all_of(s, LOWER))
			return vc_fail(c, "expected an ISO 639-1 language code "
			    "such as es: \"%.80s\"", s);
		if (!icu_knows(uloc_getISOLanguages(), s))
			return vc_fail(c, "unknown language code \"%s\" (not "
			    "in ISO 639-1 as ICU knows it)", s);
		break;
	case F_PHONE:
		if (!all_of(s + (*s == '+'), DIGITS " ()./-") ||
		    strlen(s) > fkinds[F_PHONE].maxlen ||
		    count_of(s, DIGITS) < 3)
			return vc_fail(c, "expected a telephone number: "
			    "digits, spaces and +()./- (a + only first, at "
			    "least 3 digits, at most %zu characters): "
			    "\"%.80s\"", fkinds[F_PHONE].maxlen, s);
		break;
	case F_YEAR:
		if (strlen(s) != 4 || !all_of(s, DIGITS))
			return vc_fail(c, "expected a four-digit year: "
			    "\"%.80s\"", s);
		break;
	case F_DOI:
		if (!valid_doi(s))
			return vc_fail(c, "expected a DOI, 10.NNNN/suffix "
			    "(4 to 9 digits, a suffix without spaces, at most "
			    "%zu bytes): \"%.80s\"", fkinds[F_DOI].maxlen, s);
		break;
	case F_YEARS:
		if (strlen(s) < 2 || strlen(s) > 4 ||
		    s[strlen(s) - 1] != '+' ||
		    strspn(s, DIGITS) != strlen(s) - 1)
			return vc_fail(c, "expected years as digits and a plus "
			    "sign, such as 5+: \"%.80s\"", s);
		break;
	default:
		break;
	}
	return check_declared(c, d, s);
}

/*
 * For each of the n items of doc, the index of the first earlier item
 * with the same slug, or -1, in first[] (str_first_equal: at 1,000
 * items the pairwise comparison was a tenth of start-up).  Returns 0,
 * or -1 out of memory.
 */
static int
dup_slugs(const cJSON *doc, int n, long *first)
{
	const char **v;
	const cJSON *e, *s;
	int	 i = 0, rc;

	if ((v = calloc((size_t)n + 1, sizeof(*v))) == NULL)
		return -1;
	cJSON_ArrayForEach(e, doc) {
		s = cJSON_GetObjectItemCaseSensitive(e, "slug");
		v[i++] = cJSON_IsString(s) ? s->valuestring : NULL;
	}
	rc = str_first_equal(v, (size_t)i, first);
	free(v);
	return rc;
}

/*
 * Validates every item of a collection file against el, and that no
 * two share a slug.  Reports every problem; returns 0 or -1.
 */
int
content_check_items(struct vctx *c, const cJSON *doc, const struct field *el)
{
	const cJSON *e, *s;
	size_t	 old, oldslug;
	long	*first;
	int	 i = 0, n = cJSON_GetArraySize(doc), rc = 0;

	if ((first = calloc((size_t)n + 1, sizeof(*first))) == NULL ||
	    dup_slugs(doc, n, first) == -1) {
		free(first);
		return vc_fail(c, "out of memory");
	}
	cJSON_ArrayForEach(e, doc) {
		old = vc_push(c, NULL, i);
		if (content_validate(c, e, el) == -1)
			rc = -1;
		s = cJSON_GetObjectItemCaseSensitive(e, "slug");
		if (first[i] != -1) {
			oldslug = vc_push(c, "slug", 0);
			rc = vc_fail(c, "duplicate slug \"%s\" (also at [%ld])",
			    s->valuestring, first[i]);
			vc_pop(c, oldslug);
		}
		vc_pop(c, old);
		i++;
	}
	free(first);
	return rc;
}

/* Member code of translated text v, or v itself when a plain string. */
static const char *
in_lang(const cJSON *v, const char *code)
{
	if (cJSON_IsString(v))
		return v->valuestring;
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v,
	    code));
}

/*
 * Whether the profile's name is, in each language, its given_name and
 * family_name in the order of that language (names.h); 0 or -1.  When
 * all three are plain strings (the same in every language), one error
 * names the member alone.
 */
int
content_check_names(struct vctx *c, const cJSON *doc)
{
	const cJSON *n, *g, *f;
	const char *code, *nl, *gl, *fl;
	enum names_order o;
	size_t	 old;
	int	 i, plain, rc = 0;

	n = cJSON_GetObjectItemCaseSensitive(doc, "name");
	g = cJSON_GetObjectItemCaseSensitive(doc, "given_name");
	f = cJSON_GetObjectItemCaseSensitive(doc, "family_name");
	if (g == NULL || f == NULL)
		return 0;
	plain = cJSON_IsString(n) && cJSON_IsString(g) && cJSON_IsString(f);
	for (i = 0; i < c->langs->n && !(plain && rc == -1); i++) {
		code = lang_code(c->langs, (enum lang)i);
		nl = in_lang(n, code);
		gl = in_lang(g, code);
		fl = in_lang(f, code);
		o = names_order(code);
		if (nl == NULL || gl == NULL || fl == NULL ||
		    names_whole(nl, gl, fl, o))
			continue;
		old = vc_push(c, "name", 0);
		if (plain && c->langs->n == 1)
			vc_fail(c, "must be %s", names_order_text(o));
		else if (plain)
			vc_fail(c, "must be %s in %s (give the name per "
			    "language when the orders differ)",
			    names_order_text(o), code);
		else {
			vc_push(c, code, 0);
			vc_fail(c, "must be %s (the order of %s)",
			    names_order_text(o), code);
		}
		vc_pop(c, old);
		rc = -1;
	}
	return rc;
}

/*
 * Copies the problems found into err, one "FILE: FIELD.PATH: reason"
 * per line (no newline after the last); what does not fit is counted
 * in a last line.
 */
void
vc_report(struct vctx *c, char *err, size_t errlen)
{
	const char *s = buf_cstr(&c->errs);
	size_t	 len, cut;
	int	 shown = 0, n;
	char	 more[64];

	if (c->errs.oom || c->nerr == 0) {
		snprintf(err, errlen, "content: out of memory");
		return;
	}
	len = strlen(s);
	if (len > 0 && s[len - 1] == '\n')
		len--;
	for (cut = 0; cut < len; cut++)
		if (s[cut] == '\n')
			shown++;
	shown++;
	n = c->nerr - shown;
	more[0] = '\0';
	if (n > 0)
		snprintf(more, sizeof(more), "\n... and %d more problems", n);
	while (len + strlen(more) >= errlen && len > 0) {
		/* drop whole lines from the end until it fits */
		while (len > 0 && s[len - 1] != '\n')
			len--;
		if (len > 0)
			len--;
		n++;
		snprintf(more, sizeof(more), "\n... and %d more problems", n);
	}
	snprintf(err, errlen, "%.*s%s", (int)len, s, len > 0 ? more :
	    more + (more[0] ? 1 : 0));
}

/*
 * Checks doc, the parsed file path, against the member declarations
 * fields (resource.h) with the validator of the content files, so that
 * any file declared like a collection (site.json, settings.c) gets the
 * same checks and the same messages: "PATH: FIELD: reason", a line
 * each, every problem of the file.  Texts are in the languages ls.
 * Returns 0, or -1 with the problems in err.
 */
int
content_check_object(const char *path, const cJSON *doc,
    const struct field *fields, const struct langs *ls, char *err,
    size_t errlen)
{
	const struct field top = { .kind = F_OBJECT, .sub = fields };
	struct vctx c;
	int	 rc = 0;

	memset(&c, 0, sizeof(c));
	buf_init(&c.errs);
	c.file = path;
	c.langs = ls;
	lang_list(c.langs, " and ", c.lang_all, sizeof(c.lang_all));
	if (content_validate(&c, doc, &top) == -1 || c.errs.oom) {
		vc_report(&c, err, errlen);
		rc = -1;
	}
	buf_free(&c.errs);
	return rc;
}

/*
 * Checks an owner page's markdown (c->file) before cmark sees it: cmark
 * builds a node of some 300 bytes for each block quote or list item,
 * and a 4 MiB line of '>' took 1.2 GB and 13 s.  A page is at most
 * CONTENT_PAGE_MAX bytes, no line opens more than CONTENT_PAGE_DEPTH
 * block quotes and list items, and the page has at most
 * CONTENT_PAGE_BLOCKS of their markers, and at most CONTENT_PAGE_MARKUP
 * bytes of inline markup (each "*a*" is two nodes).  Linear in len.  Returns 0, or
 * -1 with the problem (and its line) recorded.
 */
int
content_check_page(struct vctx *c, const char *md, size_t len)
{
	const char *p = md, *end = md + len, *q;
	size_t	 line = 1, depth, blocks = 0, markup = 0;

	if (len > CONTENT_PAGE_MAX)
		return vc_fail(c, "a page is at most %d bytes", CONTENT_PAGE_MAX);
	for (q = md; q < end; q++)
		if (strchr("*_`[]<>!&\\", *q) != NULL && *q != '\0' &&
		    ++markup > CONTENT_PAGE_MARKUP)
			return vc_fail(c, "more than %d bytes of markup "
			    "(*_`[]<>!&\\) in one page", CONTENT_PAGE_MARKUP);
	while (p < end) {
		for (depth = 0;; depth++) {
			while (p < end && (*p == ' ' || *p == '\t'))
				p++;
			if (p < end && *p == '>') {
				p++;
				continue;
			}
			if (end - p >= 2 && strchr("-*+", *p) != NULL &&
			    (p[1] == ' ' || p[1] == '\t')) {
				p += 2;
				continue;
			}
			for (q = p; q < end && q - p < 9 && *q >= '0' &&
			    *q <= '9'; q++)
				continue;
			if (q > p && end - q >= 2 && (*q == '.' || *q == ')') &&
			    (q[1] == ' ' || q[1] == '\t')) {
				p = q + 2;
				continue;
			}
			break;
		}
		if (depth > CONTENT_PAGE_DEPTH)
			return vc_fail(c, "line %zu: more than %d block quotes "
			    "and list items nested on one line", line,
			    CONTENT_PAGE_DEPTH);
		if ((blocks += depth) > CONTENT_PAGE_BLOCKS)
			return vc_fail(c, "line %zu: more than %d block quote "
			    "and list item markers in one page", line,
			    CONTENT_PAGE_BLOCKS);
		if ((q = memchr(p, '\n', (size_t)(end - p))) == NULL)
			break;
		p = q + 1;
		line++;
	}
	return 0;
}
