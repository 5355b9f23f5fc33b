/*
 * bibtex_out.c: the publications as BibTeX (bibtex_out.h).
 *
 * Each publication is an entry of its kind (@misc without one) under
 * its BibTeX key (its slug without one).  The venue is the field its
 * kind has for it (journal, booktitle, school, institution,
 * howpublished), the issue is number, the date year and month.  Names
 * are written "von Last, Jr, First", an organisation's in braces,
 * "and others" when the byline goes on.  Values are in braces with
 * LaTeX's specials escaped, so that --add-bibtex's LaTeX reader
 * (import/bibtex_tex.c) gives back the same text: an en dash is --, a
 * no-break space ~.  The url and doi fields are verbatim (biblatex's
 * data model; \url and \doi in BibTeX's styles), written as they are.
 */
#include "config.h"

#include <string.h>

#include "base/json.h"
#include "content/page_list.h"
#include "site/bibtex_out.h"
#include "site/site_paths.h"

/* s with LaTeX's specials escaped (the reader's inverse). */
static void
put_escaped(struct buf *b, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '\\': buf_puts(b, "\\textbackslash{}"); break;
		case '{': buf_puts(b, "\\textbraceleft{}"); break;
		case '}': buf_puts(b, "\\textbraceright{}"); break;
		case '~': buf_puts(b, "\\textasciitilde{}"); break;
		case '^': buf_puts(b, "\\textasciicircum{}"); break;
		case '&': case '%': case '$': case '#': case '_':
			buf_putc(b, '\\');
			buf_putc(b, *s);
			break;
		case '-':
			/* a literal "--" stays two hyphens */
			buf_puts(b, s[1] == '-' ? "-{}" : "-");
			break;
		case '`': case '\'':
			buf_putc(b, *s);
			if (s[1] == *s)
				buf_puts(b, "{}");
			break;
		default:
			if (strncmp(s, "\u2013", 3) == 0) {
				buf_puts(b, "--");
				s += 2;
			} else if (strncmp(s, "\u2014", 3) == 0) {
				buf_puts(b, "---");
				s += 2;
			} else if (strncmp(s, "\u00a0", 2) == 0) {
				buf_putc(b, '~');
				s += 1;
			} else
				buf_putc(b, *s);
		}
	}
}

/* "  name = {value},\n" when the value is a non-empty string. */
static void
put_field(struct buf *b, const char *name, const cJSON *v)
{
	if (!cJSON_IsString(v) || v->valuestring[0] == '\0')
		return;
	buf_printf(b, "  %s = {", name);
	put_escaped(b, v->valuestring);
	buf_puts(b, "},\n");
}

/*
 * "  name = {value},\n" for a verbatim field (url, doi), when the value
 * is a non-empty string: a reader takes it as written, so LaTeX's
 * specials stay as they are ("a_b%20", not "a\_b\%20").  Braces must
 * pair in a braced value: when they do not (a DOI may hold one; a URL
 * cannot), each is percent-encoded, as a DOI's or a URL's link has it.
 */
static void
put_verbatim(struct buf *b, const char *name, const cJSON *v)
{
	const char *s;
	int	 depth = 0, paired = 1;

	if (!cJSON_IsString(v) || v->valuestring[0] == '\0')
		return;
	for (s = v->valuestring; *s != '\0' && paired; s++)
		if (*s == '{')
			depth++;
		else if (*s == '}' && --depth < 0)
			paired = 0;
	paired = paired && depth == 0;
	buf_printf(b, "  %s = {", name);
	for (s = v->valuestring; *s != '\0'; s++)
		if (!paired && (*s == '{' || *s == '}'))
			buf_puts(b, *s == '{' ? "%7B" : "%7D");
		else
			buf_putc(b, *s);
	buf_puts(b, "},\n");
}

/* o's string member name, NULL when absent or empty. */
static const char *
member(const cJSON *o, const char *name)
{
	const char *s = json_str(o, name);

	return s != NULL && *s != '\0' ? s : NULL;
}

/* The author list, "von Last, Jr, First and ..."; without a given
 * name, "von Last" ("von Last, {}" when it has more than one word). */
static void
put_authors(struct buf *b, const cJSON *o)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "authors"), *e;
	const char *fam, *giv, *suf;
	int	 i = 0;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) == 0)
		return;
	buf_puts(b, "  author = {");
	cJSON_ArrayForEach(e, a) {
		fam = member(e, "family");
		giv = member(e, "given");
		suf = member(e, "suffix");
		if (i++ > 0)
			buf_puts(b, " and ");
		if (fam == NULL) {
			buf_putc(b, '{');
			put_escaped(b, json_str(e, "name"));
			buf_putc(b, '}');
			continue;
		}
		put_escaped(b, fam);
		if (suf != NULL) {
			buf_puts(b, ", ");
			put_escaped(b, suf);
			buf_puts(b, giv != NULL ? ", " : ", {}");
		} else if (giv != NULL)
			buf_puts(b, ", ");
		else if (strchr(fam, ' ') != NULL)
			/* No given name: "García Márquez" alone is read
			 * "First Last" (given García); an empty one keeps
			 * the words together as the family name. */
			buf_puts(b, ", {}");
		if (giv != NULL)
			put_escaped(b, giv);
	}
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "more_authors")))
		buf_puts(b, " and others");
	buf_puts(b, "},\n");
}

/* One publication's entry. */
static void
put_entry(struct buf *b, const cJSON *o, const char *slug)
{
	const char *kind = member(o, "kind"), *key = member(o,
	    "bibtex_key"), *iso = member(o, "date_iso");
	const cJSON *venue = cJSON_GetObjectItemCaseSensitive(o, "venue");

	if (kind == NULL)
		kind = "misc";
	buf_printf(b, "@%s{%s,\n", kind, key != NULL ? key : slug);
	put_authors(b, o);
	put_field(b, "title", cJSON_GetObjectItemCaseSensitive(o, "title"));
	put_field(b, resource_venue_field(kind), venue);
	put_field(b, "publisher", cJSON_GetObjectItemCaseSensitive(o,
	    "publisher"));
	put_field(b, "volume", cJSON_GetObjectItemCaseSensitive(o, "volume"));
	put_field(b, "number", cJSON_GetObjectItemCaseSensitive(o, "issue"));
	put_field(b, "pages", cJSON_GetObjectItemCaseSensitive(o, "pages"));
	if (iso != NULL && strlen(iso) >= 4) {
		buf_printf(b, "  year = {%.4s},\n", iso);
		if (strlen(iso) >= 7)
			buf_printf(b, "  month = {%d},\n", (iso[5] - '0') * 10 +
			    (iso[6] - '0'));
	}
	put_verbatim(b, "doi", cJSON_GetObjectItemCaseSensitive(o, "doi"));
	put_verbatim(b, "url", cJSON_GetObjectItemCaseSensitive(o, "url"));
	buf_puts(b, "}\n\n");
}

int
bibtex_out(const struct app *app, enum lang l, struct buf *b)
{
	const struct collection *c = &app->model->coll[COLL_PUBLICATIONS];
	char	 tmp[PAGE_PATH_MAX + 64];
	size_t	 k;

	if (c->len == 0)
		return 1;
	buf_printf(b, "@comment{%s%s, perfil-fcgi %s, from %s}\n\n",
	    app->cfg->base_url, LPATH(app, l, site_doc_path(
	    DOC_PUBLICATIONS_BIB)), PACKAGE_VERSION,
	    resources[COLL_PUBLICATIONS].file);
	for (k = 0; k < c->len; k++)
		if (c->items[k].obj[l] != NULL)
			put_entry(b, c->items[k].obj[l], c->items[k].slug);
	return b->oom ? -1 : 0;
}
