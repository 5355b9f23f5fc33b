/*
 * content.c: loading, validating and pre-rendering the content files.
 *
 * Each file has a declared schema (the fdef tables below).  Loading is
 * two passes over the parsed JSON: validate() checks every member
 * against the schema and stops at the first problem with a message
 * "FILE: FIELD.PATH: reason"; convert() then builds the API object for
 * each language, members in schema order, translated texts resolved.
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uloc.h>

#include "content.h"
#include "dates.h"
#include "labels.h"

#define CONTENT_MAX_FILE	(4 * 1024 * 1024)

#define profile_f	(resource_profile.fields)
#define about_f		(resource_about.fields)

static const char *const page_files[PAGE_DOC__MAX] = { "privacy", "lab" };

#define CONTENT_MAX_ERRORS	200	/* reported; the rest are counted */

/* Validation state: where we are, and every problem found so far. */
struct vctx {
	const char *file;
	char	 path[512];
	size_t	 pathlen;
	struct buf errs;		/* "FILE: PATH: reason\n" lines */
	int	 nerr;
	const struct langs *langs;	/* the site's languages */
	char	 lang_all[LANG__MAX * 4 + 8];	/* "es and en", for errors */
	struct date_labels dl[LANG__MAX]; /* their date words */
};

const char *
content_coll_name(enum coll c)
{
	return resources[c].name;
}

const char *
content_page_name(enum page_doc p)
{
	return page_files[p];
}

const char *
content_coll_file(enum coll c)
{
	return resources[c].file;
}

static int
fail(struct vctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * Records the problem "FILE: PATH: reason" and goes on: loading reports
 * every problem of a content set in one run.  Always returns -1.
 */
static int
fail(struct vctx *c, const char *fmt, ...)
{
	char	 reason[256];
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	if (c->nerr++ < CONTENT_MAX_ERRORS)
		buf_printf(&c->errs, "%s: %s: %s\n", c->file,
		    c->pathlen ? c->path : "(top level)", reason);
	return -1;
}

/* Appends ".name" (or "name" at the start) or "[i]" to the path. */
static size_t
path_push(struct vctx *c, const char *name, int index)
{
	size_t	 old = c->pathlen;
	int	 n;

	if (name != NULL)
		n = snprintf(c->path + old, sizeof(c->path) - old, "%s%s",
		    old ? "." : "", name);
	else
		n = snprintf(c->path + old, sizeof(c->path) - old, "[%d]",
		    index);
	if (n < 0 || (size_t)n >= sizeof(c->path) - old)
		c->pathlen = sizeof(c->path) - 1;
	else
		c->pathlen = old + (size_t)n;
	return old;
}

static void
path_pop(struct vctx *c, size_t old)
{
	c->pathlen = old;
	c->path[old] = '\0';
}

static int
all_of(const char *s, const char *set)
{
	return *s != '\0' && s[strspn(s, set)] == '\0';
}

#define DIGITS	"0123456789"
#define LOWER	"abcdefghijklmnopqrstuvwxyz"
#define UPPER	"ABCDEFGHIJKLMNOPQRSTUVWXYZ"

/* Returns NULL if s is an absolute http(s) URL, else what is wrong. */
static const char *
uri_problem(const char *s)
{
	const char *host;
	size_t	 i, auth;

	if ((host = url_authority(s)) == NULL)
		return "not an absolute http(s) URI";
	for (i = 0; s[i] != '\0'; i++)
		if ((unsigned char)s[i] <= 0x20 || s[i] == 0x7f ||
		    strchr("\"<>\\^`{|}", s[i]) != NULL)
			return "a space, control or unsafe character in a URI";
	auth = strcspn(host, "/?#");
	if (memchr(host, '@', auth) != NULL)
		return "user information (user@) is not allowed in a URI";
	if (auth == 0 || *host == ':' || *host == '.')
		return "the URI has an empty host";
	return NULL;
}

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

	if (!cJSON_IsString(v) || v->valuestring == NULL)
		return fail(c, "expected a string");
	if (v->valuestring[0] == '\0')
		return fail(c, "must not be empty");
	if (!utf8_valid(v->valuestring, strlen(v->valuestring)))
		return fail(c, "not valid UTF-8");
	for (p = (const unsigned char *)v->valuestring; *p != '\0'; p++)
		if ((*p < 0x20 || *p == 0x7f) &&
		    !(prose && (*p == '\t' || *p == '\n')))
			return fail(c, "control character U+%04X is not "
			    "allowed%s", *p, prose ? " (only tab and newline "
			    "are)" : "");
	return 0;
}

static int	validate(struct vctx *, const cJSON *, const struct field *);

static int
validate_text(struct vctx *c, const cJSON *v)
{
	const cJSON *m;
	size_t	 old;
	int	 i, rc = 0;

	if (!cJSON_IsObject(v))
		return fail(c, "expected a translated text, an object "
		    "with one string per language (%s)%s", c->lang_all,
		    c->langs->n == 1 ? " or a string" : "");
	cJSON_ArrayForEach(m, v) {
		if (lang_find(c->langs, m->string, strlen(m->string)) == -1) {
			old = path_push(c, m->string, 0);
			rc = fail(c, "unknown language (expected %s)",
			    c->lang_all);
			path_pop(c, old);
		}
	}
	for (i = 0; i < c->langs->n; i++) {
		old = path_push(c, lang_code(c->langs, (enum lang)i), 0);
		m = cJSON_GetObjectItemCaseSensitive(v,
		    lang_code(c->langs, (enum lang)i));
		if (m == NULL)
			rc = fail(c, "missing translation");
		else if (check_string(c, m, 1) == -1)
			rc = -1;
		path_pop(c, old);
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
	old = path_push(c, "end", 0);
	if (s == NULL)
		rc = fail(c, "an end needs a start");
	else if (date_parse(s->valuestring, &ds) == 0 &&
	    date_parse(e->valuestring, &de) == 0 && date_cmp(&de, &ds) < 0)
		rc = fail(c, "ends (%s) before it starts (%s)",
		    e->valuestring, s->valuestring);
	path_pop(c, old);
	return rc;
}

static int
validate_object(struct vctx *c, const cJSON *v, const struct field *fields)
{
	const struct field *f;
	const cJSON *m, *prev;
	size_t	 old;
	int	 rc = 0;

	if (!cJSON_IsObject(v))
		return fail(c, "expected an object");
	cJSON_ArrayForEach(m, v) {
		f = field_find(fields, m->string);
		old = path_push(c, m->string, 0);
		if (f == NULL || (f->flags & FIELD_API))
			rc = fail(c, "unknown field");
		for (prev = v->child; prev != m; prev = prev->next)
			if (strcmp(prev->string, m->string) == 0) {
				rc = fail(c, "duplicate field");
				break;
			}
		path_pop(c, old);
	}
	for (f = fields; f->name != NULL; f++) {
		if (f->flags & FIELD_API)
			continue;
		m = cJSON_GetObjectItemCaseSensitive(v, f->name);
		old = path_push(c, f->name, 0);
		if (m == NULL) {
			if ((f->flags & FIELD_REQUIRED) &&
			    !((f->flags & FIELD_DATED) &&
			    cJSON_HasObjectItem(v, "start")))
				rc = fail(c, "missing required field");
		} else if (validate(c, m, f) == -1)
			rc = -1;
		path_pop(c, old);
	}
	if (check_period(c, v) == -1)
		rc = -1;
	return rc;
}

/* Validates v against d; returns 0 or -1 with c->err set. */
static int
validate(struct vctx *c, const cJSON *v, const struct field *d)
{
	struct date dt;
	const cJSON *e;
	const char *s, *why;
	size_t	 old;
	int	 i, rc;

	switch (d->kind) {
	case F_WHEN:
		if (!cJSON_IsString(v))
			return validate_text(c, v);
		/* FALLTHROUGH */
	case F_DATE:
		if (check_string(c, v, 0) == -1)
			return -1;
		if (date_parse(v->valuestring, &dt) == -1)
			return fail(c, "expected an ISO date YYYY, YYYY-MM or "
			    "YYYY-MM-DD: \"%.80s\"", v->valuestring);
		return 0;
	case F_TEXT:
		return validate_text(c, v);
	case F_BOOL:
		if (!cJSON_IsBool(v))
			return fail(c, "expected true or false");
		return 0;
	case F_OBJECT:
		return validate_object(c, v, d->sub);
	case F_ARRAY:
		if (!cJSON_IsArray(v))
			return fail(c, "expected an array");
		if (cJSON_GetArraySize(v) == 0)
			return fail(c, "must not be empty");
		i = 0;
		rc = 0;
		cJSON_ArrayForEach(e, v) {
			old = path_push(c, NULL, i++);
			if (validate(c, e, d->sub) == -1)
				rc = -1;
			path_pop(c, old);
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
		if ((why = uri_problem(s)) != NULL)
			return fail(c, "%s: \"%.80s\"", why, s);
		break;
	case F_EMAIL:
		if (!valid_email(s))
			return fail(c, "not an e-mail address: \"%.80s\"", s);
		break;
	case F_SLUG:
		if (!all_of(s, LOWER DIGITS "-") ||
		    strlen(s) > fkinds[F_SLUG].maxlen)
			return fail(c, "slug must match ^[a-z0-9-]+$ "
			    "(at most 100 characters): \"%.80s\"", s);
		break;
	case F_COUNTRY:
		if (strlen(s) != 2 || !all_of(s, UPPER))
			return fail(c, "expected an ISO 3166-1 alpha-2 "
			    "country code such as ES: \"%.80s\"", s);
		if (!icu_knows(uloc_getISOCountries(), s))
			return fail(c, "unknown country code \"%s\" (not in "
			    "ISO 3166-1 as ICU knows it)", s);
		break;
	case F_LANGCODE:
		if (strlen(s) != 2 || !all_of(s, LOWER))
			return fail(c, "expected an ISO 639-1 language code "
			    "such as es: \"%.80s\"", s);
		if (!icu_knows(uloc_getISOLanguages(), s))
			return fail(c, "unknown language code \"%s\" (not in "
			    "ISO 639-1 as ICU knows it)", s);
		break;
	case F_YEAR:
		if (strlen(s) != 4 || !all_of(s, DIGITS))
			return fail(c, "expected a four-digit year: \"%.80s\"",
			    s);
		break;
	case F_YEARS:
		if (strlen(s) < 2 || strlen(s) > 4 ||
		    s[strlen(s) - 1] != '+' ||
		    strspn(s, DIGITS) != strlen(s) - 1)
			return fail(c, "expected years as digits and a plus "
			    "sign, such as 5+: \"%.80s\"", s);
		break;
	default:
		break;
	}
	return 0;
}

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
			if (f->flags & FIELD_DATED) {
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
 * Reads a whole regular file into a NUL-terminated malloc'd buffer,
 * without a leading UTF-8 byte-order mark (editors add one; it is
 * dropped, not refused).  The file is opened non-blocking and must be
 * a regular file, so a FIFO or a device never hangs a start-up or a
 * reload.  Returns NULL with a problem recorded on failure.
 */
static char *
read_file(struct vctx *c, const char *path, size_t *lenp)
{
	struct stat st;
	char	*data = NULL;
	size_t	 len = 0;
	ssize_t	 n;
	int	 fd;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY |
	    O_CLOEXEC)) == -1) {
		fail(c, "cannot open: %s", strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) == -1) {
		fail(c, "cannot read: %s", strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		fail(c, "not a regular file");
		goto out;
	}
	if (st.st_size > CONTENT_MAX_FILE) {
		fail(c, "file is larger than %d bytes", CONTENT_MAX_FILE);
		goto out;
	}
	if ((data = malloc((size_t)st.st_size + 1)) == NULL) {
		fail(c, "out of memory");
		goto out;
	}
	while (len < (size_t)st.st_size && (n = read(fd, data + len,
	    (size_t)st.st_size - len)) != 0) {
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			fail(c, "cannot read: %s", strerror(errno));
			goto bad;
		}
		len += (size_t)n;
	}
	if (len != (size_t)st.st_size) {
		fail(c, "cannot read: the file changed while it was read");
		goto bad;
	}
	data[len] = '\0';
	if (len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0) {
		memmove(data, data + 3, len - 3 + 1);
		len -= 3;
	}
	if (memchr(data, '\0', len) != NULL || !utf8_valid(data, len)) {
		fail(c, "file is not valid UTF-8 text");
		goto bad;
	}
	*lenp = len;
	goto out;
bad:
	free(data);
	data = NULL;
out:
	close(fd);
	return data;
}

/*
 * Returns the line of the first \u0000 escape in the JSON text s (an
 * escape, not a literal backslash followed by "u0000"), or 0.  cJSON
 * would cut the string there, so it is refused before parsing.
 */
static int
nul_escape(const char *s)
{
	int	 line = 1, in = 0;

	for (; *s != '\0'; s++) {
		if (*s == '\n')
			line++;
		else if (*s == '"')
			in = !in;
		else if (in && *s == '\\') {
			if (s[1] == 'u' && strncmp(s + 2, "0000", 4) == 0)
				return line;
			if (s[1] != '\0')
				s++;
		}
	}
	return 0;
}

/* Parses dir/name as JSON; NULL with c->err ("line L, column C"). */
static cJSON *
parse_file(struct vctx *c, const char *dir, const char *name,
    char *pathbuf, size_t pathsize)
{
	const char *end = NULL, *p;
	cJSON	*root;
	char	*data;
	size_t	 len;
	int	 line = 1, col = 1;

	if (xsnprintf(pathbuf, pathsize, "%s/%s", dir, name) == -1) {
		c->file = name;
		fail(c, "content directory path too long");
		return NULL;
	}
	c->file = pathbuf;
	c->pathlen = 0;
	c->path[0] = '\0';
	if ((data = read_file(c, pathbuf, &len)) == NULL)
		return NULL;
	if ((line = nul_escape(data)) != 0) {
		fail(c, "line %d: \\u0000 (a NUL character) is not allowed "
		    "in text", line);
		free(data);
		return NULL;
	}
	line = 1;
	root = cJSON_ParseWithLengthOpts(data, len + 1, &end, 1);
	if (root == NULL) {
		if (end == NULL)
			end = cJSON_GetErrorPtr();
		if (end != NULL && end >= data && end <= data + len)
			for (p = data; p < end; p++) {
				if (*p == '\n') {
					line++;
					col = 1;
				} else if (((unsigned char)*p & 0xc0) != 0x80)
					col++;
			}
		fail(c, "invalid JSON near line %d, column %d", line, col);
	}
	free(data);
	return root;
}

/* The default-language string of field name of it (rendered). */
static const char *
default_text(const struct item *it, const char *name)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
	    it->obj[LANG_DEFAULT], name));
}

/*
 * The member of list f the API gives in the default language whatever
 * the request's language (FIELD_DEFAULT_LANG), or NULL.
 */
static const char *
default_lang_field(const struct field *f)
{
	for (; f->name != NULL; f++)
		if (f->flags & FIELD_DEFAULT_LANG)
			return f->name;
	return NULL;
}

/* {"CODE": v} for the translated-text string v of kind, else NULL. */
static cJSON *
text_object(const struct vctx *c, const cJSON *v, enum fkind kind)
{
	struct date dt;
	cJSON	*o;

	if (!cJSON_IsString(v) || !(kind == F_TEXT || (kind == F_WHEN &&
	    date_parse(v->valuestring, &dt) == -1)))
		return NULL;
	if ((o = cJSON_CreateObject()) != NULL &&
	    !cJSON_AddItemToObject(o, lang_code(c->langs, LANG_DEFAULT),
	    cJSON_Duplicate(v, 0))) {
		cJSON_Delete(o);
		o = NULL;
	}
	return o;	/* NULL out of memory: validation reports it */
}

/*
 * On a single-language site a translated text may be a plain string:
 * turns every such string of v (declared by d) into the object
 * {"CODE": string} the rest of the program reads, before validation.
 * A WHEN string that is not a date is a text too.
 */
static void
normalise(const struct vctx *c, cJSON *v, const struct field *d)
{
	const struct field *f;
	cJSON	*m, *o;
	int	 i = 0;

	if (d->kind == F_OBJECT && cJSON_IsObject(v))
		for (f = d->sub; f->name != NULL; f++) {
			m = cJSON_GetObjectItemCaseSensitive(v, f->name);
			if (m == NULL)
				continue;
			if ((o = text_object(c, m, f->kind)) != NULL)
				cJSON_ReplaceItemInObjectCaseSensitive(v,
				    f->name, o);
			else
				normalise(c, m, f);
		}
	if (d->kind == F_ARRAY && cJSON_IsArray(v) && d->sub != NULL)
		for (m = v->child; m != NULL; i++) {
			cJSON	*next = m->next;

			if ((o = text_object(c, m, d->sub->kind)) != NULL)
				cJSON_ReplaceItemInArray(v, i, o);
			else
				normalise(c, m, d->sub);
			m = next;
		}
}

/*
 * Fills it with a copy of the validated source object and the
 * per-language API objects and their printed JSON; the JSON gives field
 * keep (or none, NULL) in the default language.
 */
static int
render_item(struct vctx *c, struct item *it, const cJSON *src,
    const struct field *d, const char *api_base, const char *keep)
{
	cJSON	*o;
	int	 l;

	if ((it->src = cJSON_Duplicate(src, 1)) == NULL)
		return fail(c, "out of memory");
	for (l = 0; l < c->langs->n; l++) {
		/* it->src, which lives as long as o: o refers to its
		 * strings (see convert). */
		if ((o = convert(c, it->src, d, (enum lang)l)) == NULL)
			return fail(c, "out of memory or date formatting "
			    "failed");
		it->obj[l] = o;
		if (api_base != NULL) {
			char	 url[1024];

			if (xsnprintf(url, sizeof(url), "%s/%s", api_base,
			    it->slug) == -1)
				return fail(c, "URL too long");
			if (cJSON_AddStringToObject(o, "api_url", url) == NULL)
				return fail(c, "out of memory");
		}
		if (keep != NULL && l != LANG_DEFAULT) {
			cJSON	*api, *v;

			if ((api = cJSON_Duplicate(o, 1)) == NULL ||
			    (v = cJSON_CreateString(default_text(it, keep))) ==
			    NULL || !cJSON_ReplaceItemInObjectCaseSensitive(api,
			    keep, v)) {
				cJSON_Delete(api);
				return fail(c, "out of memory");
			}
			it->json[l] = cJSON_PrintUnformatted(api);
			cJSON_Delete(api);
		} else
			it->json[l] = cJSON_PrintUnformatted(o);
		if (it->json[l] == NULL)
			return fail(c, "out of memory");
		it->json_len[l] = strlen(it->json[l]);
	}
	return 0;
}

static int
load_single(struct vctx *c, const char *dir, const char *file,
    const struct field *fields, struct item *it)
{
	struct field root = { .kind = F_OBJECT, .flags = FIELD_REQUIRED,
	    .sub = fields };
	char	 path[1024];
	cJSON	*doc;
	int	 rc = -1;

	if ((doc = parse_file(c, dir, file, path, sizeof(path))) == NULL)
		return -1;
	if (c->langs->n == 1)
		normalise(c, doc, &root);
	if (validate(c, doc, &root) == -1)
		goto out;
	if (fields == profile_f) {
		const cJSON *n, *g, *f;

		n = cJSON_GetObjectItemCaseSensitive(doc, "name");
		g = cJSON_GetObjectItemCaseSensitive(doc, "given_name");
		f = cJSON_GetObjectItemCaseSensitive(doc, "family_name");
		if (g != NULL && f != NULL) {
			size_t	 gl = strlen(g->valuestring);

			if (strncmp(n->valuestring, g->valuestring, gl) != 0 ||
			    n->valuestring[gl] != ' ' ||
			    strcmp(n->valuestring + gl + 1,
			    f->valuestring) != 0) {
				path_push(c, "name", 0);
				fail(c, "must be given_name, a space, and the "
				    "whole family_name");
				goto out;
			}
		}
	} else if (fields == about_f) {
		const cJSON *t, *e, *y;
		const char *last = "";
		int	 i = 0;

		t = cJSON_GetObjectItemCaseSensitive(doc, "timeline");
		cJSON_ArrayForEach(e, t) {
			y = cJSON_GetObjectItemCaseSensitive(e, "year");
			if (strcmp(y->valuestring, last) < 0) {
				path_push(c, "timeline", 0);
				path_push(c, NULL, i);
				path_push(c, "year", 0);
				fail(c, "timeline must be oldest first "
				    "(%s comes after %s)", y->valuestring,
				    last);
				goto out;
			}
			last = y->valuestring;
			i++;
		}
	}
	rc = render_item(c, it, doc, &root, NULL, NULL);
out:
	cJSON_Delete(doc);
	return rc;
}

/* Returns 1 if dir/name does not exist (a dangling link does). */
static int
absent(const char *dir, const char *name)
{
	struct stat st;
	char	 path[1024];

	if (xsnprintf(path, sizeof(path), "%s/%s", dir, name) == -1)
		return 0;
	return lstat(path, &st) == -1 && errno == ENOENT;
}

/*
 * Validates every item of a collection file against el, and that no
 * two share a slug.  Reports every problem; returns 0 or -1.
 */
static int
check_items(struct vctx *c, const cJSON *doc, const struct field *el)
{
	const cJSON *e, *s, *p;
	size_t	 old, oldslug;
	int	 i = 0, j, rc = 0;

	cJSON_ArrayForEach(e, doc) {
		old = path_push(c, NULL, i);
		if (validate(c, e, el) == -1)
			rc = -1;
		s = cJSON_GetObjectItemCaseSensitive(e, "slug");
		j = 0;
		for (p = doc->child; cJSON_IsString(s) && p != e; p = p->next) {
			const cJSON *ps = cJSON_GetObjectItemCaseSensitive(p,
			    "slug");

			if (cJSON_IsString(ps) &&
			    strcmp(ps->valuestring, s->valuestring) == 0) {
				oldslug = path_push(c, "slug", 0);
				rc = fail(c, "duplicate slug \"%s\" (also at "
				    "[%d])", s->valuestring, j);
				path_pop(c, oldslug);
				break;
			}
			j++;
		}
		path_pop(c, old);
		i++;
	}
	return rc;
}

static int
by_slug_cmp(const void *a, const void *b)
{
	return strcmp((*(const struct item *const *)a)->slug,
	    (*(const struct item *const *)b)->slug);
}

static int
slug_key_cmp(const void *key, const void *e)
{
	return strcmp(key, (*(const struct item *const *)e)->slug);
}

static int
load_collection(struct vctx *c, const char *dir, const char *base_url,
    enum coll k, struct collection *out)
{
	struct field el = { .kind = F_OBJECT, .flags = FIELD_REQUIRED,
	    .sub = resources[k].fields };
	struct buf slugs;
	const cJSON *e, *s;
	char	 path[1024], api_base[1024];
	cJSON	*doc;
	size_t	 i, n, old;
	int	 rc = -1;

	buf_init(&slugs);
	if (resources[k].optional && absent(dir, resources[k].file)) {
		if ((out->slugs = strdup("")) == NULL)
			return fail(c, "out of memory");
		return 0;
	}
	out->present = 1;
	if ((doc = parse_file(c, dir, resources[k].file, path,
	    sizeof(path))) == NULL)
		return -1;
	if (!cJSON_IsArray(doc)) {
		fail(c, "expected an array of %s", resources[k].name);
		goto out;
	}
	n = (size_t)cJSON_GetArraySize(doc);
	if (n > 1000) {
		fail(c, "more than 1000 items");
		goto out;
	}
	if (n > 0 && (out->items = calloc(n, sizeof(*out->items))) == NULL) {
		fail(c, "out of memory");
		goto out;
	}
	if (xsnprintf(api_base, sizeof(api_base), "%s/api/v1/%s", base_url,
	    resources[k].name) == -1) {
		fail(c, "base URL too long");
		goto out;
	}
	if (c->langs->n == 1) {
		cJSON	*it;

		cJSON_ArrayForEach(it, doc)
			normalise(c, it, &el);
	}
	if (check_items(c, doc, &el) == -1)
		goto out;
	i = 0;
	cJSON_ArrayForEach(e, doc) {
		old = path_push(c, NULL, (int)i);
		s = cJSON_GetObjectItemCaseSensitive(e, "slug");
		if ((out->items[i].slug = strdup(s->valuestring)) == NULL) {
			fail(c, "out of memory");
			goto out;
		}
		out->len = i + 1;
		if (render_item(c, &out->items[i], e, &el,
		    resources[k].self_url ? api_base : NULL,
		    default_lang_field(resources[k].fields)) == -1)
			goto out;
		path_pop(c, old);
		if (i > 0)
			buf_puts(&slugs, ", ");
		buf_puts(&slugs, out->items[i].slug);
		i++;
	}
	if (slugs.oom) {
		fail(c, "out of memory");
		goto out;
	}
	out->slugs = buf_detach(&slugs);
	if (out->len > 0 &&
	    (out->by_slug = calloc(out->len, sizeof(*out->by_slug))) == NULL) {
		fail(c, "out of memory");
		goto out;
	}
	for (i = 0; i < out->len; i++)
		out->by_slug[i] = &out->items[i];
	if (out->len > 0)
		qsort(out->by_slug, out->len, sizeof(*out->by_slug),
		    by_slug_cmp);
	rc = 0;
out:
	buf_free(&slugs);
	cJSON_Delete(doc);
	return rc;
}

/*
 * Loads the markdown pages.  A page is optional: absent in every
 * language, it is not published (m->has_page); absent in only some,
 * it is an error.
 */
static int
load_pages(struct vctx *c, const char *dir, struct model *m)
{
	char	 name[LANG__MAX][64], path[1024];
	size_t	 len;
	int	 p, l, missing, rc = 0;

	for (p = 0; p < PAGE_DOC__MAX; p++) {
		missing = 0;
		for (l = 0; l < c->langs->n; l++) {
			snprintf(name[l], sizeof(name[l]), "pages/%s.%s.md",
			    page_files[p], lang_code(c->langs, (enum lang)l));
			missing += absent(dir, name[l]);
		}
		if (missing == c->langs->n)
			continue;
		for (l = 0; l < c->langs->n; l++) {
			if (xsnprintf(path, sizeof(path), "%s/%s", dir,
			    name[l]) == -1) {
				c->file = name[l];
				rc = fail(c, "content path too long");
				continue;
			}
			c->file = path;
			c->pathlen = 0;
			if (missing > 0 && absent(dir, name[l]))
				rc = fail(c, "missing: a page exists in "
				    "every language or in none");
			else if ((m->page_md[p][l] = read_file(c, path,
			    &len)) == NULL)
				rc = -1;
		}
		m->has_page[p] = 1;
	}
	return rc;
}

/*
 * Copies the problems found into err, one "FILE: FIELD.PATH: reason"
 * per line (no newline after the last); what does not fit is counted
 * in a last line.
 */
static void
report(struct vctx *c, char *err, size_t errlen)
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
 * Loads every content file under dir, its texts in the languages ls
 * (NULL: langs_fallback), the words around dates from the label sets
 * lb.  Returns the model, or NULL with every problem found in err, one
 * "FILE: FIELD.PATH: reason" a line.  The caller frees the model with
 * content_free.
 */
struct model *
content_load(const char *dir, const char *base_url, const struct langs *ls,
    const struct labels *lb, char *err, size_t errlen)
{
	struct vctx c;
	struct model *m;
	size_t	 i;
	int	 k, l;

	memset(&c, 0, sizeof(c));
	buf_init(&c.errs);
	c.file = dir;
	c.langs = ls != NULL ? ls : &langs_fallback;
	lang_list(c.langs, " and ", c.lang_all, sizeof(c.lang_all));
	for (l = 0; l < c.langs->n; l++) {
		c.dl[l].locale = lang_code(c.langs, (enum lang)l);
		c.dl[l].range_sep = lbl_find(lb, (enum lang)l, "date.range");
		c.dl[l].present = lbl_find(lb, (enum lang)l, "date.present");
		c.dl[l].detail_sep = lbl_find(lb, (enum lang)l,
		    "date.detail");
		if (c.dl[l].range_sep == NULL || c.dl[l].present == NULL ||
		    c.dl[l].detail_sep == NULL) {
			snprintf(err, errlen, "label set %s: date.range, "
			    "date.present and date.detail are required",
			    c.dl[l].locale);
			return NULL;
		}
	}
	if ((m = calloc(1, sizeof(*m))) == NULL) {
		snprintf(err, errlen, "%s: out of memory", dir);
		return NULL;
	}
	m->langs = *c.langs;
	/* Every file is loaded even after a failure: all problems at once. */
	load_single(&c, dir, resource_profile.file, profile_f, &m->profile);
	load_single(&c, dir, resource_about.file, about_f, &m->about);
	for (k = 0; k < COLL__MAX; k++)
		load_collection(&c, dir, base_url, (enum coll)k, &m->coll[k]);
	load_pages(&c, dir, m);
	for (i = 0; c.nerr == 0 && i < m->coll[COLL_SKILLS].len; i++)
		m->skills += (size_t)cJSON_GetArraySize(cJSON_GetObjectItem(
		    m->coll[COLL_SKILLS].items[i].obj[LANG_DEFAULT], "skills"));
	if (c.nerr == 0 && !c.errs.oom) {
		buf_free(&c.errs);
		return m;
	}
	report(&c, err, errlen);
	buf_free(&c.errs);
	content_free(m);
	return NULL;
}

/* Frees it's objects and, with own (not in its collection's block),
 * its slug and JSON. */
static void
item_free(struct item *it, int own)
{
	int	 l;

	for (l = 0; l < LANG__MAX; l++) {
		cJSON_Delete(it->obj[l]);
		if (own)
			free(it->json[l]);
	}
	cJSON_Delete(it->src);
	if (own)
		free((char *)it->slug);
}

void
content_free(struct model *m)
{
	size_t	 i;
	int	 k, p, l;

	if (m == NULL)
		return;
	item_free(&m->profile, 1);
	item_free(&m->about, 1);
	for (k = 0; k < COLL__MAX; k++) {
		for (i = 0; i < m->coll[k].len; i++)
			item_free(&m->coll[k].items[i],
			    m->coll[k].block == NULL);
		free(m->coll[k].block);
		free(m->coll[k].by_slug);
		free(m->coll[k].items);
		free(m->coll[k].slugs);
	}
	for (p = 0; p < PAGE_DOC__MAX; p++)
		for (l = 0; l < LANG__MAX; l++)
			free(m->page_md[p][l]);
	free(m);
}

/*
 * Frees the source and API objects of collection k's items (src and
 * obj[] become NULL); their slugs and printed JSON stay, moved into
 * one block.  app_load calls it once everything rendered from them at
 * start-up is rendered, for the collections whose items no request
 * renders (content.h).  Returns 0, or -1 out of memory (nothing
 * changed).
 */
int
content_drop_objects(struct model *m, enum coll k)
{
	struct collection *c = &m->coll[k];
	struct item *it;
	size_t	 i, n = 0;
	char	*p;
	int	 l;

	/* What stays, the slugs and the JSON, moves into one block first:
	 * the pages they shared with the objects become wholly free, so
	 * that malloc_trim can give them back. */
	for (i = 0; i < c->len; i++) {
		it = &c->items[i];
		n += strlen(it->slug) + 1;
		for (l = 0; l < LANG__MAX; l++)
			n += it->json[l] != NULL ? it->json_len[l] + 1 : 0;
	}
	if (c->len == 0 || c->block != NULL || (c->block = malloc(n)) == NULL)
		return c->len == 0 || c->block != NULL ? 0 : -1;
	for (i = 0, p = c->block; i < c->len; i++) {
		it = &c->items[i];
		n = strlen(it->slug) + 1;
		memcpy(p, it->slug, n);
		free((char *)it->slug);
		it->slug = p;
		p += n;
		for (l = 0; l < LANG__MAX; l++) {
			if (it->json[l] != NULL) {
				memcpy(p, it->json[l], it->json_len[l] + 1);
				free(it->json[l]);
				it->json[l] = p;
				p += it->json_len[l] + 1;
			}
			cJSON_Delete(it->obj[l]);
			it->obj[l] = NULL;
		}
		cJSON_Delete(it->src);
		it->src = NULL;
	}
	return 0;
}

/* Returns the item of collection k with that slug, or NULL (a binary
 * search: the cost of a request does not grow with the content). */
const struct item *
content_find(const struct model *m, enum coll k, const char *slug)
{
	struct item *const *p;

	if (m->coll[k].len == 0)
		return NULL;
	p = bsearch(slug, m->coll[k].by_slug, m->coll[k].len,
	    sizeof(*p), slug_key_cmp);
	return p != NULL ? *p : NULL;
}
