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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content.h"
#include "dates.h"

#define CONTENT_MAX_FILE	(4 * 1024 * 1024)

#define profile_f	(resource_profile.fields)
#define about_f		(resource_about.fields)

static const char *const page_files[PAGE_DOC__MAX] = { "privacy", "lab" };


/* Validation state: where we are, and the message when it fails. */
struct vctx {
	const char *file;
	char	 path[512];
	size_t	 pathlen;
	char	*err;
	size_t	 errlen;
};

const char *
content_coll_name(enum coll c)
{
	return resources[c].name;
}

const char *
content_coll_file(enum coll c)
{
	return resources[c].file;
}

static int
fail(struct vctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Formats "FILE: PATH: reason" into c->err; always returns -1. */
static int
fail(struct vctx *c, const char *fmt, ...)
{
	char	 reason[256];
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	snprintf(c->err, c->errlen, "%s: %s: %s", c->file,
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

static int
valid_uri(const char *s)
{
	const char *host;
	size_t	 i;

	if (strncmp(s, "https://", 8) == 0)
		host = s + 8;
	else if (strncmp(s, "http://", 7) == 0)
		host = s + 7;
	else
		return 0;
	if (*host == '\0' || *host == '/' || *host == ':' || *host == '.')
		return 0;
	for (i = 0; s[i] != '\0'; i++)
		if ((unsigned char)s[i] <= 0x20 || s[i] == 0x7f ||
		    strchr("\"<>\\^`{|}", s[i]) != NULL)
			return 0;
	return 1;
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

/* A string member: present, a string, non-empty, valid UTF-8. */
static int
check_string(struct vctx *c, const cJSON *v)
{
	if (!cJSON_IsString(v) || v->valuestring == NULL)
		return fail(c, "expected a string");
	if (v->valuestring[0] == '\0')
		return fail(c, "must not be empty");
	if (!utf8_valid(v->valuestring, strlen(v->valuestring)))
		return fail(c, "not valid UTF-8");
	return 0;
}

static int	validate(struct vctx *, const cJSON *, const struct field *);

static int
validate_text(struct vctx *c, const cJSON *v)
{
	const cJSON *m;
	size_t	 old;
	int	 i;

	if (!cJSON_IsObject(v))
		return fail(c, "expected a translated text, an object "
		    "with \"es\" and \"en\" strings");
	cJSON_ArrayForEach(m, v) {
		if (strcmp(m->string, "es") != 0 &&
		    strcmp(m->string, "en") != 0) {
			old = path_push(c, m->string, 0);
			fail(c, "unknown language (expected es and en)");
			path_pop(c, old);
			return -1;
		}
	}
	for (i = 0; i < LANG__MAX; i++) {
		old = path_push(c, lang_code((enum lang)i), 0);
		m = cJSON_GetObjectItemCaseSensitive(v,
		    lang_code((enum lang)i));
		if (m == NULL) {
			fail(c, "missing translation");
			path_pop(c, old);
			return -1;
		}
		if (check_string(c, m) == -1) {
			path_pop(c, old);
			return -1;
		}
		path_pop(c, old);
	}
	return 0;
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
	if (e == NULL)
		return 0;
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

	if (!cJSON_IsObject(v))
		return fail(c, "expected an object");
	cJSON_ArrayForEach(m, v) {
		f = field_find(fields, m->string);
		old = path_push(c, m->string, 0);
		if (f == NULL || (f->flags & FIELD_API)) {
			fail(c, "unknown field");
			path_pop(c, old);
			return -1;
		}
		for (prev = v->child; prev != m; prev = prev->next)
			if (strcmp(prev->string, m->string) == 0) {
				fail(c, "duplicate field");
				path_pop(c, old);
				return -1;
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
			    cJSON_HasObjectItem(v, "start"))) {
				fail(c, "missing required field");
				path_pop(c, old);
				return -1;
			}
		} else if (validate(c, m, f) == -1) {
			path_pop(c, old);
			return -1;
		}
		path_pop(c, old);
	}
	return check_period(c, v);
}

/* Validates v against d; returns 0 or -1 with c->err set. */
static int
validate(struct vctx *c, const cJSON *v, const struct field *d)
{
	struct date dt;
	const cJSON *e;
	const char *s;
	size_t	 old;
	int	 i;

	switch (d->kind) {
	case F_WHEN:
		if (!cJSON_IsString(v))
			return validate_text(c, v);
		/* FALLTHROUGH */
	case F_DATE:
		if (check_string(c, v) == -1)
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
		cJSON_ArrayForEach(e, v) {
			old = path_push(c, NULL, i++);
			if (validate(c, e, d->sub) == -1) {
				path_pop(c, old);
				return -1;
			}
			path_pop(c, old);
		}
		return 0;
	default:
		break;
	}
	if (check_string(c, v) == -1)
		return -1;
	s = v->valuestring;
	switch (d->kind) {
	case F_URI:
		if (!valid_uri(s))
			return fail(c, "not an absolute http(s) URI: \"%.80s\"",
			    s);
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
		break;
	case F_LANGCODE:
		if (strlen(s) != 2 || !all_of(s, LOWER))
			return fail(c, "expected an ISO 639-1 language code "
			    "such as es: \"%.80s\"", s);
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
convert_dated(const cJSON *v, const cJSON *text, enum lang l)
{
	const struct date_labels *lb = &dates_labels[l];
	const cJSON *s, *e, *t = NULL;
	struct date ds, de;
	char	 period[512], *out;
	cJSON	*r;

	if (text != NULL)
		t = cJSON_GetObjectItemCaseSensitive(text, lang_code(l));
	if ((s = cJSON_GetObjectItemCaseSensitive(v, "start")) == NULL)
		return cJSON_CreateString(t->valuestring);
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
convert_when(const cJSON *v, enum lang l)
{
	struct date d;
	char	 s[128];

	if (!cJSON_IsString(v))
		return cJSON_CreateString(cJSON_GetObjectItemCaseSensitive(v,
		    lang_code(l))->valuestring);
	if (date_parse(v->valuestring, &d) == -1 ||
	    date_format(&d, dates_labels[l].locale, s, sizeof(s)) == -1)
		return NULL;
	return cJSON_CreateString(s);
}

/*
 * Builds the API value of v (already validated) for language l.
 * Returns it, or NULL if out of memory or ICU fails.
 */
static cJSON *
convert(const cJSON *v, const struct field *d, enum lang l)
{
	const struct field *f;
	const cJSON *m;
	cJSON	*out, *cv;

	switch (d->kind) {
	case F_WHEN:
		return convert_when(v, l);
	case F_TEXT:
		m = cJSON_GetObjectItemCaseSensitive(v, lang_code(l));
		return cJSON_CreateString(m->valuestring);
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
				cv = convert_dated(v, m, l);
			} else if (m == NULL || (f->flags & FIELD_CONTENT))
				continue;
			else
				cv = convert(m, f, l);
			if (cv == NULL ||
			    !cJSON_AddItemToObject(out, f->name, cv)) {
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
			if ((cv = convert(m, d->sub, l)) == NULL ||
			    !cJSON_AddItemToArray(out, cv)) {
				cJSON_Delete(cv);
				cJSON_Delete(out);
				return NULL;
			}
		}
		return out;
	default:
		return cJSON_CreateString(v->valuestring);
	}
}

/*
 * Reads a whole file into a NUL-terminated malloc'd buffer.  Returns
 * NULL with c->err set on failure.
 */
static char *
read_file(struct vctx *c, const char *path, size_t *lenp)
{
	FILE	*f;
	char	*data = NULL;
	size_t	 len;
	long	 sz;

	if ((f = fopen(path, "rb")) == NULL) {
		fail(c, "cannot open: %s", strerror(errno));
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) == -1 || (sz = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) == -1) {
		fail(c, "cannot read: %s", strerror(errno));
		goto out;
	}
	if (sz > CONTENT_MAX_FILE) {
		fail(c, "file is larger than %d bytes", CONTENT_MAX_FILE);
		goto out;
	}
	if ((data = malloc((size_t)sz + 1)) == NULL) {
		fail(c, "out of memory");
		goto out;
	}
	len = fread(data, 1, (size_t)sz, f);
	if (ferror(f) || len != (size_t)sz) {
		fail(c, "cannot read: short read");
		free(data);
		data = NULL;
		goto out;
	}
	data[len] = '\0';
	if (memchr(data, '\0', len) != NULL || !utf8_valid(data, len)) {
		fail(c, "file is not valid UTF-8 text");
		free(data);
		data = NULL;
		goto out;
	}
	*lenp = len;
out:
	fclose(f);
	return data;
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
	    it->obj[LANG_ES], name));
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
	for (l = 0; l < LANG__MAX; l++) {
		if ((o = convert(src, d, (enum lang)l)) == NULL)
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
		if (keep != NULL && l != LANG_ES) {
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
	size_t	 i, j, n, old;
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
	i = 0;
	cJSON_ArrayForEach(e, doc) {
		old = path_push(c, NULL, (int)i);
		if (validate(c, e, &el) == -1)
			goto out;
		s = cJSON_GetObjectItemCaseSensitive(e, "slug");
		for (j = 0; j < i; j++)
			if (strcmp(out->items[j].slug, s->valuestring) == 0) {
				path_push(c, "slug", 0);
				fail(c, "duplicate slug \"%s\" (also at [%zu])",
				    s->valuestring, j);
				goto out;
			}
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
	int	 p, l, missing;

	for (p = 0; p < PAGE_DOC__MAX; p++) {
		missing = 0;
		for (l = 0; l < LANG__MAX; l++) {
			snprintf(name[l], sizeof(name[l]), "pages/%s.%s.md",
			    page_files[p], lang_code((enum lang)l));
			missing += absent(dir, name[l]);
		}
		if (missing == LANG__MAX)
			continue;
		for (l = 0; l < LANG__MAX; l++) {
			if (xsnprintf(path, sizeof(path), "%s/%s", dir,
			    name[l]) == -1) {
				c->file = name[l];
				return fail(c, "content path too long");
			}
			c->file = path;
			c->pathlen = 0;
			if (missing > 0 && absent(dir, name[l]))
				return fail(c, "missing: a page exists in "
				    "every language or in none");
			if ((m->page_md[p][l] = read_file(c, path,
			    &len)) == NULL)
				return -1;
		}
		m->has_page[p] = 1;
	}
	return 0;
}

/*
 * Loads every content file under dir.  Returns the model, or NULL with
 * a message "FILE: FIELD.PATH: reason" in err.  The caller frees the
 * model with content_free.
 */
struct model *
content_load(const char *dir, const char *base_url, char *err,
    size_t errlen)
{
	struct vctx c;
	struct model *m;
	int	 k;

	memset(&c, 0, sizeof(c));
	c.err = err;
	c.errlen = errlen;
	c.file = dir;
	if ((m = calloc(1, sizeof(*m))) == NULL) {
		fail(&c, "out of memory");
		return NULL;
	}
	if (load_single(&c, dir, resource_profile.file, profile_f,
	    &m->profile) == -1 ||
	    load_single(&c, dir, resource_about.file, about_f,
	    &m->about) == -1)
		goto err;
	for (k = 0; k < COLL__MAX; k++)
		if (load_collection(&c, dir, base_url, (enum coll)k,
		    &m->coll[k]) == -1)
			goto err;
	if (load_pages(&c, dir, m) == -1)
		goto err;
	return m;
err:
	content_free(m);
	return NULL;
}

static void
item_free(struct item *it)
{
	int	 l;

	for (l = 0; l < LANG__MAX; l++) {
		cJSON_Delete(it->obj[l]);
		free(it->json[l]);
	}
	cJSON_Delete(it->src);
	free((char *)it->slug);
}

void
content_free(struct model *m)
{
	size_t	 i;
	int	 k, p, l;

	if (m == NULL)
		return;
	item_free(&m->profile);
	item_free(&m->about);
	for (k = 0; k < COLL__MAX; k++) {
		for (i = 0; i < m->coll[k].len; i++)
			item_free(&m->coll[k].items[i]);
		free(m->coll[k].items);
		free(m->coll[k].slugs);
	}
	for (p = 0; p < PAGE_DOC__MAX; p++)
		for (l = 0; l < LANG__MAX; l++)
			free(m->page_md[p][l]);
	free(m);
}

/* Returns the item of collection k with that slug, or NULL. */
const struct item *
content_find(const struct model *m, enum coll k, const char *slug)
{
	size_t	 i;

	for (i = 0; i < m->coll[k].len; i++)
		if (strcmp(m->coll[k].items[i].slug, slug) == 0)
			return &m->coll[k].items[i];
	return NULL;
}
