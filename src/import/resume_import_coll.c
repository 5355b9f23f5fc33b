/*
 * resume_import_coll.c: the collections of a JSON Resume import.  Each
 * collection's section follows its declaration (resources[].resume,
 * resource.h): one loop over the rows, which also name every member
 * the import reads; the others are reported as not imported.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/url.h"
#include "content/content_check.h"
#include "import/resume_import_int.h"
#include "import/resume_values.h"

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
placeholder(struct rimp *m, const struct row *r, const struct resume_field *f)
{
	char	 at[128];

	if (f->flags & RF_UNINDEXED)
		snprintf(at, sizeof(at), "%s", f->member);
	else
		snprintf(at, sizeof(at), "[%d].%s", r->i, f->member);
	return rimp_todo(m, r->res->file, at, f->todo, f->why);
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
		if (f->from[k] == NULL || (s = rimp_str(e, f->from[k])) == NULL ||
		    n >= len)
			continue;
		w = snprintf(out + n, len - n, "%s%s", n > 0 ? ", " : "", s);
		n = w < 0 ? len : n + (size_t)w;
	}
	return out;
}

/* One skill of r's category: its years from the map f->from[1] (which
 * perfil's export writes) when they are years ("5+"); else none, which
 * pages and the API show as none (a value that is not years is
 * reported). */
static void
skill(struct rimp *m, cJSON *list, const struct row *r,
    const struct resume_field *f, const char *name)
{
	const char *y = rimp_str(cJSON_GetObjectItemCaseSensitive(r->e,
	    f->from[1]), name);
	cJSON	*o;

	if (name == NULL || (o = rimp_new_obj(m)) == NULL)
		return;
	rimp_add_str(m, o, "name", name);
	if (y != NULL && (strlen(y) < 2 || strlen(y) > 4 ||
	    y[strlen(y) - 1] != '+' || strspn(y, "0123456789") !=
	    strlen(y) - 1))
		buf_printf(m->report, "not imported: %s[%d].%s.%s (\"%s\" is "
		    "not years, a number followed by \"+\")\n",
		    r->res->resume->key, r->i, f->from[1], name, y);
	else if (y != NULL)
		rimp_add_str(m, o, "years", y);
	rimp_push(m, list, o);
}

/* RK_STRINGS and RK_SKILLS: the array member f of r's item. */
static void
array(struct rimp *m, struct row *r, const struct resume_field *f)
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
			rimp_push(m, a, cJSON_CreateString(k->valuestring));
	}
	if (a != NULL && cJSON_GetArraySize(a) == 0) {
		if (f->kind == RK_SKILLS)	/* a skill alone */
			skill(m, a, r, f, rimp_str(r->e, f->from[2]));
		else
			rimp_push(m, a, cJSON_CreateString(placeholder(m, r, f)));
	}
	rimp_add(m, r->o, f->member, a);
}

/* Reports the member f->key of r's item, value v, as not imported. */
static void
not_imported(struct rimp *m, const struct row *r, const struct resume_field *f,
    const char *v, const char *why)
{
	buf_printf(m->report, "not imported: %s[%d].%s (\"%s\" %s)\n",
	    r->res->resume->key, r->i, f->key, v, why);
}

/* RK_TEXTS: the non-empty strings of r's array f->key, each a text in
 * every language; none, the member is left out. */
static void
texts(struct rimp *m, struct row *r, const struct resume_field *f)
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
			rimp_push(m, a, rimp_text(m, k->valuestring));
	if (cJSON_GetArraySize(a) > 0)
		rimp_add(m, r->o, f->member, a);
	else
		cJSON_Delete(a);
}

/* RK_TAGS: the strings of r's array f->key that are slugs (the tags a
 * CV variant selects); each other one is reported, none: left out. */
static void
tags(struct rimp *m, struct row *r, const struct resume_field *f)
{
	const cJSON *k;
	cJSON	*a;
	const char *s;

	if ((a = cJSON_CreateArray()) == NULL) {
		m->oom = 1;
		return;
	}
	cJSON_ArrayForEach(k, cJSON_GetObjectItemCaseSensitive(r->e, f->key)) {
		if ((s = cJSON_GetStringValue(k)) == NULL || *s == '\0')
			continue;
		if (strlen(s) <= fkinds[F_SLUG].maxlen && strspn(s, "abcdefghijklmnopqrstuvwxyz"
		    "0123456789-") == strlen(s))
			rimp_push(m, a, cJSON_CreateString(s));
		else
			not_imported(m, r, f, s, "is not a tag (a slug: a-z, "
			    "0-9 and \"-\")");
	}
	if (cJSON_GetArraySize(a) > 0)
		rimp_add(m, r->o, f->member, a);
	else
		cJSON_Delete(a);
}

/*
 * Whether the byline's name is the owner's (basics.name): the same, or
 * the same last word (the family name) and the same first letter (an
 * initial), as the BibTeX import marks "Tanaka, H." for Hiroshi Tanaka.
 */
static int
owner_name(const char *owner, const char *name)
{
	const char *a, *b;

	if (owner == NULL || strcmp(owner, name) == 0)
		return owner != NULL;
	a = strrchr(owner, ' ');
	b = strrchr(name, ' ');
	if (a == NULL || b == NULL || strcasecmp(a, b) != 0)
		return 0;
	return (unsigned char)*owner < 0x80 &&
	    tolower((unsigned char)*owner) == tolower((unsigned char)*name);
}

/* RK_AUTHORS: each non-empty string of r's array f->key an author of
 * that name, marked the owner's by owner_name; none, the member is left
 * out. */
static void
authors(struct rimp *m, struct row *r, const struct resume_field *f)
{
	const char *owner = rimp_str(cJSON_GetObjectItemCaseSensitive(m->doc,
	    "basics"), "name");
	const cJSON *k;
	cJSON	*a, *o;

	if ((a = cJSON_CreateArray()) == NULL) {
		m->oom = 1;
		return;
	}
	cJSON_ArrayForEach(k, cJSON_GetObjectItemCaseSensitive(r->e, f->key)) {
		if (cJSON_GetStringValue(k) == NULL || *k->valuestring == '\0' ||
		    (o = rimp_new_obj(m)) == NULL)
			continue;
		rimp_add_str(m, o, "name", k->valuestring);
		if (owner_name(owner, k->valuestring))
			rimp_add(m, o, "owner", cJSON_CreateTrue());
		rimp_push(m, a, o);
	}
	if (cJSON_GetArraySize(a) > 0)
		rimp_add(m, r->o, f->member, a);
	else
		cJSON_Delete(a);
}

/*
 * Whether string v is a value member f of r's collection may hold,
 * where its declaration checks more than text does (a pattern, a list
 * of values, a kind such as DOI); else the validator's reason in why.
 * Plain texts pass: init_clean makes them what the loader takes.
 */
static int
declared_ok(const struct row *r, const struct resume_field *f, const char *v,
    char *why, size_t len)
{
	static const char top[] = ": (top level): ";
	const struct field *d = field_find(r->res->fields, f->member);
	struct vctx c;
	cJSON	*s;
	const char *e;
	int	 ok;

	if (d == NULL || ((d->kind == F_STRING || d->kind == F_TEXT) &&
	    d->pattern == NULL && d->values == NULL))
		return 1;
	if ((s = cJSON_CreateString(v)) == NULL)
		return 1;		/* the loader checks it again */
	memset(&c, 0, sizeof(c));
	c.file = "";
	buf_init(&c.errs);
	ok = content_validate(&c, s, d) == 0;
	if (!ok) {
		e = buf_cstr(&c.errs);
		if (strncmp(e, top, sizeof(top) - 1) == 0)
			e += sizeof(top) - 1;
		snprintf(why, len, "%.*s", (int)strcspn(e, "\n"), e);
	}
	buf_free(&c.errs);
	cJSON_Delete(s);
	return ok;
}

/* Imports row f of the item r into r->o (see enum resume_kind). */
static void
import_field(struct rimp *m, struct row *r, const struct resume_field *f)
{
	const char *v = f->key != NULL ? rimp_str(r->e, f->key) : NULL;
	char	 buf[512], sl[128], why[256], msg[320];
	int	 ok;

	switch (f->kind) {
	case RK_SLUG:
		rimp_add_str(m, r->o, f->member, slug_make(m->slugs, joined(f,
		    r->e, buf, sizeof(buf)), r->taken, sl, sizeof(sl),
		    m->report, r->res->file, r->i));
		break;
	case RK_TEXT:
		if (v != NULL || f->todo != NULL)
			rimp_add(m, r->o, f->member, rimp_text(m, v != NULL ? v :
			    placeholder(m, r, f)));
		break;
	case RK_STRING:
		if (v != NULL && !declared_ok(r, f, v, why, sizeof(why))) {
			xsnprintf(msg, sizeof(msg), "is refused: %s", why);
			not_imported(m, r, f, v, msg);
			v = NULL;
		}
		if (v != NULL || f->todo != NULL)
			rimp_add_str(m, r->o, f->member, v != NULL ? v :
			    placeholder(m, r, f));
		break;
	case RK_AUTHORS:
		authors(m, r, f);
		break;
	case RK_BOOL:
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r->e,
		    f->key)))
			rimp_add(m, r->o, f->member, cJSON_CreateTrue());
		break;
	case RK_URL:
		ok = url_check(v, URL_LINK, why, sizeof(why)) == 0;
		if (ok || f->todo != NULL)
			rimp_add_str(m, r->o, f->member, ok ? v :
			    placeholder(m, r, f));
		if (!ok && v != NULL) {
			xsnprintf(msg, sizeof(msg), "is not an http(s) URL: %s",
			    why);
			not_imported(m, r, f, v, msg);
		}
		break;
	case RK_WHEN:
		if (resume_date_ok(v) != NULL)
			rimp_add_str(m, r->o, f->member, v);
		else if (f->todo != NULL)
			rimp_add(m, r->o, f->member, rimp_text(m, placeholder(m, r, f)));
		else if (v != NULL)
			not_imported(m, r, f, v, "is not an ISO date");
		break;
	case RK_TEXTS:
		texts(m, r, f);
		break;
	case RK_TAGS:
		tags(m, r, f);
		break;
	case RK_START:
	case RK_END:
		if (f->kind == RK_END && !r->dated)
			break;
		if (resume_date_ok(v) != NULL) {
			rimp_add_str(m, r->o, f->member, v);
			r->dated = 1;
		} else if (v != NULL)
			not_imported(m, r, f, v, "is not an ISO date");
		break;
	case RK_PERIOD:
		if (!r->dated)
			rimp_add(m, r->o, f->member, rimp_text(m, placeholder(m, r, f)));
		break;
	case RK_STRINGS:
	case RK_SKILLS:
		array(m, r, f);
		break;
	case RK_DETAIL:
		if (*joined(f, r->e, buf, sizeof(buf)) != '\0')
			rimp_add(m, r->o, f->member, rimp_text(m, buf));
		else if (!r->dated)
			rimp_add(m, r->o, f->member, rimp_text(m, placeholder(m, r, f)));
		break;
	}
}

/* Whether item e lacks a member its collection's rows require. */
static int
skipped(const struct resume_field *f, const cJSON *e)
{
	for (; f->member != NULL; f++)
		if ((f->flags & RF_KEY) && rimp_str(e, f->key) == NULL)
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
todo_item(struct rimp *m, const struct resource *res)
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
			    rimp_text(m, f->valuestring));
	}
	rimp_push(m, a, e);
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
collection(struct rimp *m, enum coll c)
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
		if ((r.o = rimp_new_obj(m)) == NULL)
			break;
		r.dated = 0;
		for (f = res->resume->fields; f->member != NULL; f++)
			import_field(m, &r, f);
		rimp_push(m, a, r.o);
	}
	slug_set_free(&taken);
	rimp_unknown_each(m, res->resume->key, list, known_rows(res->resume->fields,
	    known, sizeof(known) / sizeof(known[0])));
	if (cJSON_GetArraySize(a) > 0)
		return a;
	cJSON_Delete(a);
	return res->optional || res->resume->todo_item == NULL ? NULL :
	    todo_item(m, res);
}

/* The collections JSON Resume has, in the report's order. */
void
rimp_collections(struct rimp *m, struct init_content *ic)
{
	int	 n, c;

	for (n = 1; n <= COLL__MAX; n++)
		for (c = 0; c < COLL__MAX; c++)
			if (resources[c].resume != NULL &&
			    resources[c].resume->import_order == n)
				ic->coll[c] = collection(m, (enum coll)c);
}

