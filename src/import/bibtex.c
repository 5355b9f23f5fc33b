/*
 * bibtex.c: a BibTeX library's entries (bibtex_read.c) merged into the
 * publications (bibtex.h): matched, structured, reported.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/bibtex.h"
#ifdef HAVE_BTPARSE
#include "import/bibtex_int.h"
#endif
#include "import/init.h"

#ifndef HAVE_BTPARSE
int
bibtex_merge(const char *file, const struct langs *ls, const cJSON *profile,
    cJSON *pubs, struct bibtex_counts *n, struct buf *report, char *err,
    size_t errlen)
{
	return bibtex_merge_buffer(file, NULL, 0, ls, profile, pubs, n,
	    report, err, errlen);
}

int
bibtex_merge_buffer(const char *file, const char *data, size_t len,
    const struct langs *ls, const cJSON *profile, cJSON *pubs,
    struct bibtex_counts *n, struct buf *report, char *err, size_t errlen)
{
	(void)data; (void)len; (void)ls; (void)profile; (void)pubs; (void)n;
	(void)report;
	snprintf(err, errlen, "%s: this perfil-fcgi was built without "
	    "libbtparse (configure --with-btparse; Debian's libbtparse-dev)",
	    file);
	return -1;
}
#else

/* An entry type and the kind of publication it is (NULL: skipped). */
static const struct {
	const char *type;
	const char *kind;
} types[] = {
	{ "article", "article" }, { "inproceedings", "inproceedings" },
	{ "conference", "inproceedings" }, { "book", "book" },
	{ "incollection", "incollection" }, { "inbook", "inbook" },
	{ "phdthesis", "phdthesis" }, { "mastersthesis", "mastersthesis" },
	{ "techreport", "techreport" }, { "misc", "misc" },
	{ "online", "online" }, { "electronic", "online" },
	{ "www", "online" }, { "dataset", "dataset" },
	{ "software", "software" },
};

/* The LaTeX s as text, a new string, or NULL (out of memory). */
static char *
text(const char *s)
{
	struct buf b;

	buf_init(&b);
	if (bibtex_tex_to_utf8(s, &b) == -1) {
		buf_free(&b);
		return NULL;
	}
	buf_cstr(&b);
	return b.oom ? (buf_free(&b), NULL) : buf_detach(&b);
}

/* Adds member name with the text of e's field fld, if it has one. */
static int
put_text(struct bibtex_lib *lb, const struct bibtex_entry *e, cJSON *o,
    const char *name, const char *fld)
{
	char	*v, *t;
	cJSON	*s;

	if ((v = bibtex_field(lb, e, fld)) == NULL)
		return 0;
	if ((t = text(v)) == NULL)
		return -1;
	if (*t == '\0') {
		free(t);
		return 0;
	}
	s = cJSON_AddStringToObject(o, name, t);
	free(t);
	return s == NULL ? -1 : 0;
}

/*
 * Adds member name with e's verbatim field fld (url, doi), if it has
 * one: as written, since biblatex and BibTeX's \url and \doi take it
 * so ("a_b--c~d" is a URL, not a subscript, a dash and a no-break
 * space).  A value with a backslash, which neither a URL nor a DOI
 * has, was escaped as LaTeX (an older /publications.bib's
 * "a\_b\textasciitilde{}d"): it is read as LaTeX.
 */
static int
put_verbatim(struct bibtex_lib *lb, const struct bibtex_entry *e, cJSON *o,
    const char *name, const char *fld)
{
	char	*v;

	if ((v = bibtex_field(lb, e, fld)) == NULL)
		return 0;
	if (strchr(v, '\\') != NULL)
		return put_text(lb, e, o, name, fld);
	if (*v == '\0')
		return 0;
	return cJSON_AddStringToObject(o, name, v) == NULL ? -1 : 0;
}

/* The tokens of a name part joined by spaces, as text; NULL when
 * empty or out of memory. */
static char *
part(const bt_name *nm, bt_namepart p)
{
	struct buf b;
	char	*t;
	int	 i;

	if (nm->part_len[p] == 0)
		return NULL;
	buf_init(&b);
	for (i = 0; i < nm->part_len[p]; i++) {
		if (nm->parts[p][i] == NULL)
			continue;
		if (b.len > 0)
			buf_putc(&b, ' ');
		buf_puts(&b, nm->parts[p][i]);
	}
	t = text(buf_cstr(&b));
	buf_free(&b);
	if (t != NULL && *t == '\0') {
		free(t);
		t = NULL;
	}
	return t;
}



/* The first string of a text (a string, or an object of them). */
static const char *
first_text(const cJSON *v)
{
	if (cJSON_IsString(v))
		return v->valuestring;
	if (cJSON_IsObject(v) && v->child != NULL &&
	    cJSON_IsString(v->child))
		return v->child->valuestring;
	return NULL;
}

/* Whether family and given are the profile's owner's name. */
static int
is_owner(const cJSON *profile, const char *family, const char *given)
{
	const char *pf, *pg, *pn, *sp;
	char	 a[256], b[256];

	pf = first_text(cJSON_GetObjectItemCaseSensitive(profile,
	    "family_name"));
	pg = first_text(cJSON_GetObjectItemCaseSensitive(profile,
	    "given_name"));
	if (pf == NULL && (pn = first_text(cJSON_GetObjectItemCaseSensitive(
	    profile, "name"))) != NULL) {
		pf = (sp = strrchr(pn, ' ')) != NULL ? sp + 1 : pn;
		if (pg == NULL)
			pg = pn;
	}
	if (pf == NULL || family == NULL)
		return 0;
	bibtex_fold(pf, a, sizeof(a));
	bibtex_fold(family, b, sizeof(b));
	if (strcmp(a, b) != 0)
		return 0;
	return pg == NULL || given == NULL ||
	    tolower((unsigned char)*pg) == tolower((unsigned char)*given);
}

/*
 * name without its empty comma-separated parts ("Tanaka, , Hiroshi" is
 * "Tanaka, Hiroshi"), in out (len bytes): libbtparse hands back a part
 * it never filled for an empty one.
 */
static void
drop_empty_parts(const char *name, char *out, size_t len)
{
	const char *p, *start = name;
	size_t	 n = 0, k;
	int	 depth = 0;

	for (p = name; ; p++) {
		if (*p == '{')
			depth++;
		else if (*p == '}' && depth > 0)
			depth--;
		if ((*p != ',' || depth > 0) && *p != '\0')
			continue;
		while (start < p && (*start == ' ' || *start == '\t' ||
		    *start == '\n'))
			start++;
		k = (size_t)(p - start);
		if (k > 0 && n + k + 3 < len) {
			if (n > 0) {
				memcpy(out + n, ", ", 2);
				n += 2;
			}
			memcpy(out + n, start, k);
			n += k;
		}
		if (*p == '\0')
			break;
		start = p + 1;
	}
	out[n] = '\0';
}

/*
 * The authors of e as content's "authors" and "more_authors" in o:
 * each name split by btparse ("First von Last", "von Last, First",
 * "von Last, Jr, First", {Corporate Name}), "others" the flag.
 */
static int
put_authors(struct bibtex_lib *lb, const struct bibtex_entry *e,
    const cJSON *profile, cJSON *o)
{
	bt_stringlist *l;
	bt_name	*nm;
	cJSON	*a, *au;
	char	*v, *first, *von, *last, *jr, *fam, one[1024];
	struct buf name;
	int	 i, rc = -1, more = 0;

	if ((v = bibtex_field(lb, e, "author")) == NULL &&
	    (v = bibtex_field(lb, e, "editor")) == NULL)
		return 0;
	if ((l = bt_split_list(v, "and", (char *)lb->file, e->line,
	    "name")) == NULL)
		return 0;
	if ((a = cJSON_AddArrayToObject(o, "authors")) == NULL)
		goto out;
	buf_init(&name);
	for (i = 0; i < l->num_items; i++) {
		if (l->items[i] == NULL)
			continue;
		if (strcmp(l->items[i], "others") == 0) {
			more = 1;
			continue;
		}
		drop_empty_parts(l->items[i], one, sizeof(one));
		if (one[0] == '\0' || (nm = bt_split_name(one,
		    (char *)lb->file, e->line, i)) == NULL)
			continue;
		first = part(nm, BTN_FIRST);
		von = part(nm, BTN_VON);
		last = part(nm, BTN_LAST);
		jr = part(nm, BTN_JR);
		bt_free_name(nm);
		au = cJSON_CreateObject();
		cJSON_AddItemToArray(a, au);
		buf_reset(&name);
		/* {Corporate Name}: one braced token, no other part */
		if (first == NULL && von == NULL && jr == NULL && last != NULL &&
		    one[0] == '{' && strchr(one, ' ') != NULL) {
			cJSON_AddStringToObject(au, "name", last);
			free(last);
			continue;
		}
		fam = NULL;
		if (von != NULL || last != NULL) {
			buf_printf(&name, "%s%s%s", von ? von : "", von && last ?
			    " " : "", last ? last : "");
			fam = strdup(buf_cstr(&name));
			buf_reset(&name);
		}
		buf_printf(&name, "%s%s%s%s%s", first ? first : "",
		    first && fam ? " " : "", fam ? fam : "", jr ? ", " : "",
		    jr ? jr : "");
		cJSON_AddStringToObject(au, "name", buf_cstr(&name));
		if (fam != NULL)
			cJSON_AddStringToObject(au, "family", fam);
		if (first != NULL)
			cJSON_AddStringToObject(au, "given", first);
		if (jr != NULL)
			cJSON_AddStringToObject(au, "suffix", jr);
		if (is_owner(profile, last, first))
			cJSON_AddBoolToObject(au, "owner", 1);
		free(first);
		free(von);
		free(last);
		free(jr);
		free(fam);
	}
	buf_free(&name);
	if (cJSON_GetArraySize(a) == 0)
		cJSON_DeleteItemFromObjectCaseSensitive(o, "authors");
	if (more)
		cJSON_AddBoolToObject(o, "more_authors", 1);
	rc = name.oom ? -1 : 0;
out:
	bt_free_list(l);
	return rc;
}

/* "YYYY" or "YYYY-MM" of e's year and month, in out; "" without a
 * four-digit year. */
static void
entry_date(struct bibtex_lib *lb, const struct bibtex_entry *e, char *out,
    size_t len)
{
	const char *y = bibtex_field(lb, e, "year"), *m;
	int	 k, mon = 0;

	*out = '\0';
	if (y == NULL || strlen(y) != 4 || strspn(y, "0123456789") != 4)
		return;
	if ((m = bibtex_field(lb, e, "month")) != NULL) {
		if (strspn(m, "0123456789") == strlen(m) && *m != '\0')
			mon = atoi(m);
		else
			for (k = 0; k < 12; k++)
				if (strncasecmp(m, bibtex_months[k], 3) == 0)
					mon = k + 1;
	}
	if (mon >= 1 && mon <= 12)
		snprintf(out, len, "%s-%02d", y, mon);
	else
		snprintf(out, len, "%s", y);
}

/* The slug of key k: lower-case letters and digits, '-' between runs,
 * unique in pubs ("-2", "-3", ...). */
static void
key_slug(const char *k, const cJSON *pubs, char *out, size_t len)
{
	const cJSON *p;
	char	 base[80];
	size_t	 n = 0;
	int	 i, taken;

	for (; *k != '\0' && n + 2 < sizeof(base); k++)
		if (isalnum((unsigned char)*k) && !((unsigned char)*k & 0x80))
			base[n++] = (char)tolower((unsigned char)*k);
		else if (n > 0 && base[n - 1] != '-')
			base[n++] = '-';
	while (n > 0 && base[n - 1] == '-')
		n--;
	base[n] = '\0';
	if (n == 0)
		snprintf(base, sizeof(base), "publication");
	for (i = 1; ; i++) {
		if (i == 1)
			snprintf(out, len, "%s", base);
		else
			snprintf(out, len, "%s-%d", base, i);
		taken = 0;
		cJSON_ArrayForEach(p, pubs)
			if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(p,
			    "slug")) && strcmp(cJSON_GetObjectItemCaseSensitive(p,
			    "slug")->valuestring, out) == 0)
				taken = 1;
		if (!taken)
			return;
	}
}

/* The structured fields of e, as a publication's members (in o). */
static int
structure(struct bibtex_lib *lb, const struct bibtex_entry *e, const char *kind,
    const cJSON *profile, cJSON *o)
{
	if (cJSON_AddStringToObject(o, "kind", kind) == NULL ||
	    put_authors(lb, e, profile, o) == -1 ||
	    put_text(lb, e, o, "venue", resource_venue_field(kind)) == -1 ||
	    put_text(lb, e, o, "volume", "volume") == -1 ||
	    put_text(lb, e, o, "issue", "number") == -1 ||
	    put_text(lb, e, o, "pages", "pages") == -1 ||
	    put_verbatim(lb, e, o, "doi", "doi") == -1 ||
	    cJSON_AddStringToObject(o, "bibtex_key", e->key) == NULL)
		return -1;
	return 0;
}

/* The members structure() writes, which a match replaces. */
static const char *const structured[] = { "kind", "authors",
    "more_authors", "venue", "volume", "issue", "pages", "doi",
    "bibtex_key", NULL };

/* The publication of pubs that s (an entry's structure, title, year)
 * matches: same DOI, else key, else folded title and year; or NULL. */
static cJSON *
find_match(cJSON *pubs, const cJSON *s, const char *title, const char *date)
{
	cJSON	*p, *t, *d;
	const char *doi = first_text(cJSON_GetObjectItemCaseSensitive(s,
	    "doi")), *key = first_text(cJSON_GetObjectItemCaseSensitive(s,
	    "bibtex_key")), *pd;
	char	 a[512], b[512];

	cJSON_ArrayForEach(p, pubs) {
		pd = first_text(cJSON_GetObjectItemCaseSensitive(p, "doi"));
		if (doi != NULL && pd != NULL && strcasecmp(doi, pd) == 0)
			return p;
	}
	cJSON_ArrayForEach(p, pubs) {
		pd = first_text(cJSON_GetObjectItemCaseSensitive(p,
		    "bibtex_key"));
		if (key != NULL && pd != NULL && strcmp(key, pd) == 0)
			return p;
	}
	bibtex_fold(title, a, sizeof(a));
	cJSON_ArrayForEach(p, pubs) {
		d = cJSON_GetObjectItemCaseSensitive(p, "date");
		if (!cJSON_IsString(d) || strncmp(d->valuestring, date, 4) != 0)
			continue;
		t = cJSON_GetObjectItemCaseSensitive(p, "title");
		if (cJSON_IsString(t)) {
			bibtex_fold(t->valuestring, b, sizeof(b));
			if (strcmp(a, b) == 0)
				return p;
		}
		for (t = cJSON_IsObject(t) ? t->child : NULL; t != NULL;
		    t = t->next) {
			if (!cJSON_IsString(t))
				continue;
			bibtex_fold(t->valuestring, b, sizeof(b));
			if (strcmp(a, b) == 0)
				return p;
		}
	}
	return NULL;
}

/* Moves the members of s into p, replacing p's structured members. */
static void
update(cJSON *p, cJSON *s)
{
	cJSON	*m;
	int	 k;

	for (k = 0; structured[k] != NULL; k++)
		cJSON_DeleteItemFromObjectCaseSensitive(p, structured[k]);
	while ((m = s->child) != NULL) {
		cJSON_DetachItemViaPointer(s, m);
		cJSON_AddItemToObject(p, m->string, m);
	}
}

/* Merges entry e into pubs (the report says what became of it). */
static int
merge_entry(struct bibtex_lib *lb, const struct bibtex_entry *e,
    const struct langs *ls, const cJSON *profile, cJSON *pubs,
    struct bibtex_counts *n, struct buf *report)
{
	const char *kind = NULL;
	char	 date[16], slug[96], *title = NULL, *v;
	cJSON	*s = NULL, *p, *old = NULL;
	size_t	 k;
	int	 rc = -1;

	for (k = 0; k < sizeof(types) / sizeof(types[0]); k++)
		if (strcmp(types[k].type, e->type) == 0)
			kind = types[k].kind;
	if (kind == NULL || (v = bibtex_field(lb, e, "title")) == NULL) {
		buf_printf(report, "skipped %s (line %d): %s\n", e->key,
		    e->line, kind == NULL ? "an entry type perfil does not "
		    "publish" : "no title");
		n->skipped++;
		return 0;
	}
	if ((title = text(v)) == NULL || (s = cJSON_CreateObject()) == NULL ||
	    structure(lb, e, kind, profile, s) == -1)
		goto out;
	entry_date(lb, e, date, sizeof(date));
	if ((p = find_match(pubs, s, title, date)) != NULL) {
		if ((old = cJSON_Duplicate(p, 1)) == NULL)
			goto out;
		update(p, s);
		if (cJSON_GetObjectItemCaseSensitive(p, "date") == NULL &&
		    *date != '\0')
			cJSON_AddStringToObject(p, "date", date);
		if (cJSON_Compare(old, p, 1)) {
			n->unchanged++;
		} else {
			n->updated++;
			buf_printf(report, "updated %s: %s\n",
			    cJSON_GetObjectItemCaseSensitive(p, "slug") ?
			    cJSON_GetObjectItemCaseSensitive(p,
			    "slug")->valuestring : "?", e->key);
		}
		rc = 0;
		goto out;
	}
	key_slug(e->key, pubs, slug, sizeof(slug));
	if ((p = cJSON_CreateObject()) == NULL)
		goto out;
	cJSON_AddItemToArray(pubs, p);
	cJSON_AddStringToObject(p, "slug", slug);
	cJSON_AddItemToObject(p, "title", init_text(ls, title));
	if (put_text(lb, e, p, "publisher", "publisher") == -1)
		goto out;
	if (*date != '\0')
		cJSON_AddStringToObject(p, "date", date);
	if (put_verbatim(lb, e, p, "url", "url") == -1)
		goto out;
	update(p, s);
	n->added++;
	buf_printf(report, "added %s: %s\n", slug, e->key);
	rc = 0;
out:
	cJSON_Delete(old);
	cJSON_Delete(s);
	free(title);
	return rc;
}

int
bibtex_merge(const char *file, const struct langs *ls, const cJSON *profile,
    cJSON *pubs, struct bibtex_counts *n, struct buf *report, char *err,
    size_t errlen)
{
	return bibtex_merge_buffer(file, NULL, 0, ls, profile, pubs, n,
	    report, err, errlen);
}

int
bibtex_merge_buffer(const char *file, const char *data, size_t len,
    const struct langs *ls, const cJSON *profile, cJSON *pubs,
    struct bibtex_counts *n, struct buf *report, char *err, size_t errlen)
{
	struct bibtex_lib lb = { .file = file, .data = data, .len = len,
	    .err = err, .errlen = errlen };
	cJSON	*work = NULL;
	int	 i, rc = -1;

	memset(n, 0, sizeof(*n));
	if (bibtex_read(&lb) == -1)
		goto out;
	/* Merge into a copy: a failure leaves pubs as it was. */
	if ((work = cJSON_Duplicate(pubs, 1)) == NULL)
		goto oom;
	for (i = 0; i < lb.n; i++)
		if (merge_entry(&lb, &lb.e[i], ls, profile, work, n,
		    report) == -1)
			goto oom;
	while (pubs->child != NULL)
		cJSON_Delete(cJSON_DetachItemViaPointer(pubs, pubs->child));
	while (work->child != NULL)
		cJSON_AddItemToArray(pubs, cJSON_DetachItemViaPointer(work,
		    work->child));
	buf_printf(report, "%s: %d added, %d updated, %d unchanged, "
	    "%d skipped\n", file, n->added, n->updated, n->unchanged,
	    n->skipped);
	rc = 0;
	goto out;
oom:
	snprintf(err, errlen, "out of memory");
out:
	cJSON_Delete(work);
	bibtex_lib_free(&lb);
	return rc;
}
#endif /* HAVE_BTPARSE */
