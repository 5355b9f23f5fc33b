/*
 * cv.c: the résumé page, the project list and the project pages.
 *
 * Every text comes from the API object of an item in the page's
 * language (item->obj[l]): the periods and dates are the ones the API
 * renders, so the page and the API cannot disagree.  Headings and link
 * words are labels (labels/LANG.json).
 */
#include "config.h"

#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "site/cv.h"
#include "site/cv_pdf.h"
#include "content/dates.h"
#include "content/settings.h"

/*
 * The path of project slug's page in language l, or of its markdown
 * twin when md is set: "/projects/SLUG", "/en/projects/SLUG.md".
 * Returns out, or "" when it does not fit.
 */
const char *
cv_project_path(const struct app *app, enum lang l, const char *slug, int md,
    char *out, size_t outsz)
{
	if (xsnprintf(out, outsz, "%s/%s%s", site_page_path(app, SITE_PROJECTS,
	    l), slug, md ? ".md" : "") == -1)
		return "";
	return out;
}

/* Appends "[text](url)" for an absolute URL. */
static void
link(struct buf *b, const char *text, const char *url)
{
	buf_putc(b, '[');
	md_text(b, text);
	buf_puts(b, "](");
	md_url(b, url);
	buf_putc(b, ')');
}

/* Appends the strings of array a joined by the language's comma
 * (list.comma: ", ", "、", "، "). */
static void
joined(const struct app *app, enum lang l, struct buf *b, const cJSON *a)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, a) {
		if (e != a->child)
			buf_puts(b, LBL(app, l, "list.comma"));
		md_text(b, cJSON_GetStringValue(e) ? cJSON_GetStringValue(e) :
		    "");
	}
}

/*
 * Appends the texts of item it's array member name in language l
 * (content_item_array), one list line each, then a blank line;
 * nothing when it has none.
 */
static void
texts_list(const struct app *app, enum lang l, const struct item *it,
    const char *name, struct buf *b)
{
	const cJSON *e;
	const char *s;
	int	 n = 0;

	cJSON_ArrayForEach(e, content_item_array(it, name, l)) {
		if ((s = content_text(app->langs, e, l)) == NULL)
			continue;
		buf_puts(b, "- ");
		md_text(b, s);
		buf_putc(b, '\n');
		n++;
	}
	if (n > 0)
		buf_putc(b, '\n');
}

/* The collection c when the content has it and it holds items. */
static const struct collection *
coll(const struct app *app, enum coll c)
{
	const struct collection *co = &app->model->coll[c];

	return co->present && co->len > 0 ? co : NULL;
}

/*
 * The path of variant v's CV in language l in form f (cv.h):
 * "/cv/NAME", "/en/cv/NAME.md", "/cv/NAME.pdf", "/cv/NAME.txt",
 * "/en/resume/NAME.json".  Returns out, or "" when it does not fit.
 */
const char *
cv_variant_path(const struct app *app, const struct cv_variant *v,
    enum lang l, enum cv_form f, char *out, size_t outsz)
{
	static const char *const suffix[] = {
		[CV_FORM_PAGE] = "", [CV_FORM_MD] = ".md",
		[CV_FORM_PDF] = ".pdf", [CV_FORM_TXT] = ".txt",
		[CV_FORM_RESUME] = ".json",
	};
	const char *code = l == LANG_DEFAULT ? "" : lang_prefix(app->langs, l);

	if (xsnprintf(out, outsz, "%s%s%s/%s%s", *code != '\0' ? "/" : "",
	    code, f == CV_FORM_RESUME ? "/resume" : "/cv", v->name,
	    suffix[f]) == -1)
		return "";
	return out;
}

/* The headline and summary of variant v (NULL: the full CV) in
 * language l: its own when site.json gives them, else the profile's. */
const char *
cv_variant_text(const struct app *app, const struct cv_variant *v,
    enum lang l, const char *member)
{
	char	*const *own = v == NULL ? NULL : strcmp(member,
	    "headline") == 0 ? v->headline : strcmp(member, "summary") == 0 ?
	    v->summary : NULL;

	if (own != NULL && own[l] != NULL)
		return own[l];
	return json_str(app->model->profile.obj[l], member);
}

/* Appends the links to the listed variants of the CV (site.json's
 * cv_variants), a line under the full CV's head; none: nothing. */
static void
cv_variant_links(const struct app *app, enum lang l, struct buf *b)
{
	const struct cv_variants *vs = &app->settings->cv_variants;
	char	 path[256];
	int	 i, n = 0;

	for (i = 0; i < vs->n; i++) {
		if (!vs->v[i].listed)
			continue;
		if (n++ == 0) {
			md_text(b, LBL(app, l, "cv.variants"));
			buf_puts(b, " ");
		} else
			buf_puts(b, " · ");
		md_link_site(b, app, vs->v[i].name, cv_variant_path(app,
		    &vs->v[i], l, CV_FORM_PAGE, path, sizeof(path)));
	}
	if (n > 0)
		buf_puts(b, "\n\n");
}

/* The head of the CV (of variant v, NULL: the full one): name,
 * headline, title, location and contact, summary. */
static void
cv_head(const struct app *app, const struct cv_variant *v, enum lang l,
    struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *loc;
	const char *email = json_str(p, "email"), *phone, *s;
	const char *headline = cv_variant_text(app, v, l, "headline");
	char	 country[128];

	loc = cJSON_GetObjectItemCaseSensitive(p, "location");
	buf_puts(b, "# ");
	md_text(b, json_str(p, "name"));
	buf_puts(b, "\n\n");
	/* Said once when the headline only repeats the job title. */
	if (strcmp(headline, json_str(p, "job_title")) != 0) {
		md_text(b, headline);
		buf_puts(b, "\n\n");
	}
	md_text(b, json_str(p, "job_title"));
	buf_puts(b, " · ");
	md_text(b, json_str(loc, "city"));
	buf_puts(b, LBL(app, l, "list.comma"));
	md_text(b, json_str(loc, "region"));
	buf_puts(b, " (");
	/* the country's name in the page's language, as the card says it
	 * (ICU), not its code: "(Japan)", "(日本)" */
	if (country_display_name(json_str(loc, "country"), lang_code(app->langs,
	    l), country, sizeof(country)) == 0)
		md_text(b, country);
	else
		md_text(b, json_str(loc, "country"));
	buf_puts(b, ") · [");
	md_text(b, email);
	buf_puts(b, "](mailto:");
	md_url(b, email);
	buf_puts(b, ") · ");
	/* content-only (FIELD_CONTENT): the source's */
	phone = json_str(app->model->profile.src, "phone");
	if (*phone != '\0') {
		buf_putc(b, '[');
		md_text(b, phone);
		buf_puts(b, "](tel:");
		for (s = phone; *s != '\0'; s++)
			if (*s == '+' || (*s >= '0' && *s <= '9'))
				buf_putc(b, *s);
		buf_puts(b, ") · ");
	}
	link(b, LBL(app, l, "contact.website"), json_str(p, "url"));
	buf_puts(b, "\n\n");
	md_text(b, cv_variant_text(app, v, l, "summary"));
	buf_puts(b, "\n\n");
}

/*
 * The entries of one section, one function per collection: each
 * appends item it in language l.  The section's heading and loop are
 * cv_page's.
 */
/*
 * Appends label key of language l with its @@name@@ the value v, as
 * markdown text ("5+ years", "Grade: First class").
 */
static void
labelled(const struct app *app, enum lang l, struct buf *b, const char *key,
    const char *name, const char *v)
{
	struct buf t;

	buf_init(&t);
	lbl_fill(&t, app->labels, l, key, (const char *const []){ name, v,
	    NULL });
	md_text(b, buf_cstr(&t));
	if (t.oom)
		b->oom = 1;
	buf_free(&t);
}

static void
job(const struct app *app, enum lang l, const struct item *it,
    struct buf *b)
{
	const cJSON *o = it->obj[l];
	const char *where;
	char	 d[128];

	buf_puts(b, "### ");
	md_text(b, json_str(o, "role"));
	buf_puts(b, "\n\n**");
	md_text(b, json_str(o, "organization"));
	buf_puts(b, "** · ");
	/* content-only (FIELD_CONTENT): where the job was, when given */
	where = content_text(app->langs, cJSON_GetObjectItemCaseSensitive(
	    it->src, "location"), l);
	if (where != NULL && *where != '\0') {
		md_text(b, where);
		buf_puts(b, " · ");
	}
	md_text(b, json_str(o, "period"));
	if (*md_duration(app, it, l, d, sizeof(d)) != '\0') {
		buf_puts(b, " · ");
		md_text(b, d);
	}
	buf_puts(b, "\n\n");
	md_text(b, json_str(o, "description"));
	buf_puts(b, "\n\n");
	texts_list(app, l, it, "highlights", b);
}

static void
project(const struct app *app, enum lang l, const struct item *it,
    struct buf *b)
{
	const cJSON *o = it->obj[l];
	char	 path[256];

	buf_puts(b, "### ");
	md_link_site(b, app, json_str(o, "title"), cv_project_path(app, l,
	    it->slug, 0, path, sizeof(path)));
	buf_puts(b, "\n\n");
	md_text(b, json_str(o, "description"));
	buf_printf(b, "\n\n%s: ", LBL(app, l, "cv.stack"));
	joined(app, l, b, cJSON_GetObjectItemCaseSensitive(o, "stack"));
	md_stop(b, app, l, 0);
	link(b, LBL(app, l, "cv.website"), json_str(o, "url"));
	buf_puts(b, "\n\n");
	texts_list(app, l, it, "highlights", b);
}

static void
skill_category(const struct app *app, enum lang l, const struct item *it,
    struct buf *b)
{
	const cJSON *o = it->obj[l], *s, *a;

	buf_puts(b, "- **");
	md_text(b, json_str(o, "category"));
	buf_puts(b, "**: ");
	a = cJSON_GetObjectItemCaseSensitive(o, "skills");
	cJSON_ArrayForEach(s, a) {
		if (s != a->child)
			buf_puts(b, LBL(app, l, "list.comma"));
		md_text(b, json_str(s, "name"));
		if (cJSON_GetObjectItemCaseSensitive(s, "years") == NULL)
			continue;	/* none given: none shown */
		buf_puts(b, " (");
		labelled(app, l, b, "cv.years", "years", json_str(s, "years"));
		buf_putc(b, ')');
	}
	buf_putc(b, '\n');
}

static void
certification(const struct app *app, enum lang l, const struct item *it,
    struct buf *b)
{
	const cJSON *o = it->obj[l];

	buf_puts(b, "- **");
	md_text(b, json_str(o, "title"));
	buf_puts(b, "**");
	buf_puts(b, LBL(app, l, "list.comma"));
	md_text(b, json_str(o, "institution"));
	buf_puts(b, LBL(app, l, "list.comma"));
	md_text(b, json_str(o, "date"));
	md_stop(b, app, l, 0);
	link(b, LBL(app, l, "cv.credential"), json_str(o, "credential_url"));
	buf_putc(b, '\n');
}

static void
education(const struct app *app, enum lang l, const struct item *it,
    struct buf *b)
{
	const cJSON *o = it->obj[l];
	const char *score;

	buf_puts(b, "- **");
	md_text(b, json_str(o, "institution"));
	buf_puts(b, "**: ");
	md_text(b, json_str(o, "detail"));
	/* content-only (FIELD_CONTENT): the grade, in the page's language */
	score = content_text(app->langs, cJSON_GetObjectItemCaseSensitive(
	    it->src, "score"), l);
	if (score != NULL && *score != '\0') {
		buf_puts(b, " · ");
		labelled(app, l, b, "cv.score", "score", score);
	}
	buf_putc(b, '\n');
}

static void
recommendation(const struct app *app, enum lang l, const struct item *it,
    struct buf *b)
{
	const cJSON *o = it->obj[l];

	buf_puts(b, "### ");
	md_text(b, json_str(o, "name"));
	buf_puts(b, "\n\n");
	md_text(b, json_str(o, "date"));
	buf_puts(b, " · ");
	link(b, LBL(app, l, "cv.profile"), json_str(o, "recommender_url"));
	buf_puts(b, "\n\n> ");
	md_text(b, json_str(o, "comment"));
	buf_puts(b, "\n\n");
}

/*
 * The entry of an item of a collection without a layout of its own
 * (below), from the collection's declaration (resource.c): its title
 * (the FIELD_TITLE member, else the first text) as a heading, then its
 * other texts joined by " · ", then its links, then each array of
 * texts as a list.  As a list line (list set): "- **title**: texts",
 * the arrays' texts joined by ", ".
 */
static void
plain(const struct app *app, enum lang l, const struct item *it,
    struct buf *b, const struct field *fields, int list)
{
	const struct field *f, *title = NULL;
	const cJSON *o = it->obj[l], *e;
	const char *s;
	int	 n = 0, k;

	for (f = fields; f->name != NULL && title == NULL; f++)
		if (f->flags & FIELD_TITLE)
			title = f;
	for (f = fields; f->name != NULL && title == NULL; f++)
		if (f->kind == F_TEXT || f->kind == F_STRING)
			title = f;
	buf_puts(b, list ? "- **" : "### ");
	md_text(b, title != NULL ? json_str(o, title->name) : it->slug);
	buf_puts(b, list ? "**" : "\n\n");
	for (f = fields; f->name != NULL; f++) {
		if (f == title || (f->flags & (FIELD_CONTENT | FIELD_ISO)) ||
		    f->kind == F_SLUG || f->kind == F_URI ||
		    f->kind == F_BOOL || f->kind == F_INT ||
		    f->kind == F_OBJECT || f->kind == F_ARRAY ||
		    *json_str(o, f->name) == '\0')
			continue;
		buf_puts(b, n++ ? " · " : list ? ": " : "");
		md_text(b, json_str(o, f->name));
	}
	for (f = fields; f->name != NULL; f++) {
		if (f->kind != F_URI || (f->flags & FIELD_API) ||
		    *json_str(o, f->name) == '\0')
			continue;
		buf_puts(b, n++ ? " · " : list ? ": " : "");
		link(b, json_str(o, f->name), json_str(o, f->name));
	}
	for (f = fields; f->name != NULL; f++) {
		if (f->kind != F_ARRAY || f->sub == NULL ||
		    (f->sub->kind != F_TEXT && f->sub->kind != F_STRING))
			continue;
		if (!list) {
			buf_puts(b, n ? "\n\n" : "");
			n = 0;
			texts_list(app, l, it, f->name, b);
			continue;
		}
		k = 0;
		cJSON_ArrayForEach(e, content_item_array(it, f->name, l)) {
			if ((s = content_text(app->langs, e, l)) == NULL)
				continue;
			buf_puts(b, k++ ? LBL(app, l, "list.comma") : n ?
			    " · " : ": ");
			md_text(b, s);
		}
		n += k;
	}
	buf_puts(b, list ? "\n" : n ? "\n\n" : "");
}

/*
 * A publication with structure (authors, venue, ...) as a citation, in
 * the one style docs/site.md ("Citations") describes: the authors (the
 * owner's name in bold; past site.json's citation_authors, "et al."),
 * the year in parentheses; the title; the venue in italics, volume,
 * (issue), pages; the DOI as a link (else the URL).  The parts are
 * joined by the language's comma (list.comma) and full stop
 * (cite.stop).  Without structure (no kind, no authors): plain, as
 * before.
 */
static void
publication(const struct app *app, enum lang l, const struct item *it,
    struct buf *b)
{
	const cJSON *o = it->obj[l], *a = cJSON_GetObjectItemCaseSensitive(o,
	    "authors"), *e;
	const char *comma = LBL(app, l, "list.comma"), *stop = LBL(app, l,
	    "cite.stop"), *iso = json_str(o, "date_iso");
	int	 max = app->settings->citation_authors > 0 ?
	    app->settings->citation_authors : CITATION_AUTHORS, n = 0;
	char	 url[256];

	if (!cJSON_IsArray(a) && *json_str(o, "kind") == '\0') {
		plain(app, l, it, b, resources[COLL_PUBLICATIONS].fields, 0);
		return;
	}
	cJSON_ArrayForEach(e, a) {
		if (n == max)
			break;
		buf_puts(b, n++ ? comma : "");
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "owner"))) {
			buf_puts(b, "**");
			md_text(b, json_str(e, "name"));
			buf_puts(b, "**");
		} else
			md_text(b, json_str(e, "name"));
	}
	if (n > 0 && (n < cJSON_GetArraySize(a) || cJSON_IsTrue(
	    cJSON_GetObjectItemCaseSensitive(o, "more_authors")))) {
		buf_puts(b, comma);
		buf_puts(b, LBL(app, l, "cite.et_al"));
	}
	if (strlen(iso) >= 4)
		buf_printf(b, "%s(%.4s)", n > 0 ? " " : "", iso);
	if (n > 0 || strlen(iso) >= 4)
		buf_puts(b, stop);
	md_text(b, json_str(o, "title"));
	buf_puts(b, stop);
	if (*json_str(o, "venue") != '\0' ||
	    *json_str(o, "publisher") != '\0') {
		buf_putc(b, '*');
		md_text(b, *json_str(o, "venue") ? json_str(o, "venue") :
		    json_str(o, "publisher"));
		buf_putc(b, '*');
		if (*json_str(o, "volume") != '\0') {
			buf_puts(b, comma);
			md_text(b, json_str(o, "volume"));
		}
		if (*json_str(o, "issue") != '\0') {
			buf_puts(b, *json_str(o, "volume") ? "(" : comma);
			md_text(b, json_str(o, "issue"));
			buf_puts(b, *json_str(o, "volume") ? ")" : "");
		}
		if (*json_str(o, "pages") != '\0') {
			buf_puts(b, comma);
			md_text(b, json_str(o, "pages"));
		}
		buf_puts(b, stop);
	}
	if (*json_str(o, "doi") != '\0' && xsnprintf(url, sizeof(url),
	    "https://doi.org/%s", json_str(o, "doi")) != -1)
		link(b, url, url);
	else if (*json_str(o, "url") != '\0')
		link(b, json_str(o, "url"), json_str(o, "url"));
	/* trailing spaces of the full stop ("。" has none) */
	while (b->len > 0 && b->data[b->len - 1] == ' ')
		b->len--;
	buf_puts(b, "\n\n");
}

/* After the publications: their BibTeX library (/publications.bib). */
static void
publications_tail(const struct app *app, enum lang l, struct buf *b)
{
	char	 tmp[PAGE_PATH_MAX + 64];

	md_link_site(b, app, LBL(app, l, "cite.bibtex"), LPATH(app, l,
	    site_doc_path(DOC_PUBLICATIONS_BIB)));
	buf_puts(b, "\n\n");
}

/*
 * The collections whose entries have a layout of their own; the others
 * on the CV (resource.c's cv) are written by plain.
 */
static const struct cv_layout {
	int	 list;			/* entries are list lines */
	void	(*entry)(const struct app *, enum lang, const struct item *,
		    struct buf *);
	void	(*tail)(const struct app *, enum lang, struct buf *);
					/* after the entries, or NULL */
} layouts[COLL__MAX] = {
	[COLL_PUBLICATIONS] = { 0, publication, publications_tail },
	[COLL_EXPERIENCE] = { 0, job, NULL },
	[COLL_PROJECTS] = { 0, project, NULL },
	[COLL_SKILLS] = { 1, skill_category, NULL },
	[COLL_CERTIFICATIONS] = { 1, certification, NULL },
	[COLL_EDUCATION] = { 1, education, NULL },
	[COLL_RECOMMENDATIONS] = { 0, recommendation, NULL },
	[COLL_SPOKEN_LANGUAGES] = { 1, NULL, NULL },	/* plain, as list lines */
	[COLL_INTERESTS] = { 1, NULL, NULL },
	[COLL_AWARDS] = { 1, NULL, NULL },
};

/* Returns 1 when variant v (NULL: the full CV) shows some item of c. */
static int
cv_section_has(const struct cv_variant *v, const struct collection *c)
{
	size_t	 i;

	for (i = 0; i < c->len; i++)
		if (settings_variant_takes(v, &c->items[i]))
			return 1;
	return 0;
}

/* Appends one section of the CV (of variant v, NULL: the full one):
 * collection k's heading and the entries v takes, at most its
 * max_items; none: no section. */
static void
cv_section(const struct app *app, const struct cv_variant *v, enum lang l,
    enum coll k, struct buf *b)
{
	const struct cv_layout *lay = &layouts[k];
	const struct collection *c;
	char	 key[64];
	size_t	 i;
	int	 n = 0;

	if ((c = coll(app, k)) == NULL || !cv_section_has(v, c))
		return;
	snprintf(key, sizeof(key), "cv.%s", resources[k].name);
	buf_printf(b, "## %s\n\n", LBL(app, l, key));
	for (i = 0; i < c->len; i++) {
		if (!settings_variant_takes(v, &c->items[i]))
			continue;
		if (v != NULL && v->max_items > 0 && n++ == v->max_items)
			break;
		if (lay->entry != NULL)
			lay->entry(app, l, &c->items[i], b);
		else
			plain(app, l, &c->items[i], b, resources[k].fields,
			    lay->list);
	}
	if (lay->list)
		buf_putc(b, '\n');	/* a blank line after a list */
	if (lay->tail != NULL)
		lay->tail(app, l, b);
}

/*
 * Appends the markdown of the résumé page in language l: the head,
 * then every collection on the CV in its place (site.json's "cv_order",
 * else resource.c's cv) whose content has items (an absent optional
 * collection leaves its section out).
 */
void
cv_page(const struct app *app, int self, enum lang l,
    struct buf *b)
{
	cv_variant_page(app, NULL, self, l, b);
}

/*
 * Appends the markdown of variant v's CV (NULL: the full /cv) in
 * language l: its head, then its sections in its order with the items
 * it takes.  The full CV's page (self SITE_CV, not CV_FOR_PDF) links
 * the listed variants under its head.
 */
void
cv_variant_page(const struct app *app, const struct cv_variant *v, int self,
    enum lang l, struct buf *b)
{
	enum coll seq[COLL__MAX];
	int	 i, n;

	cv_head(app, v, l, b);
	if (v == NULL && self == SITE_CV)
		cv_variant_links(app, l, b);
	n = settings_variant_sequence(&app->settings->cv, v, seq);
	for (i = 0; i < n; i++)
		cv_section(app, v, l, seq[i], b);
}

/* The home page (page_list.h's renderer): markdown.c's, with the
 * CV's section of site.json's "home_highlight" collection, when it has
 * items, after who the person is and what they do now. */
void
cv_home(const struct app *app, int self, enum lang l, struct buf *b)
{
	if (app->settings->cv.highlight == 0) {
		md_home(app, self, l, b);
		return;
	}
	md_home_head(app, l, b);
	cv_section(app, NULL, l, (enum coll)(app->settings->cv.highlight - 1), b);
	md_home_rest(app, self, l, b);
}

/* Appends the markdown of the project list in language l. */
void
cv_projects(const struct app *app, int self, enum lang l,
    struct buf *b)
{
	const struct collection *c = &app->model->coll[COLL_PROJECTS];
	const cJSON *o;
	char	 path[256];
	size_t	 i;

	(void)self;
	buf_printf(b, "# %s\n\n%s\n\n", LBL(app, l, "projects.title"),
	    LBL(app, l, "projects.intro"));
	for (i = 0; i < c->len; i++) {
		o = c->items[i].obj[l];
		buf_puts(b, "## ");
		md_link_site(b, app, json_str(o, "title"), cv_project_path(app, l,
		    c->items[i].slug, 0, path, sizeof(path)));
		buf_puts(b, "\n\n");
		md_text(b, json_str(o, "description"));
		buf_printf(b, "\n\n%s: ", LBL(app, l, "cv.stack"));
		joined(app, l, b, cJSON_GetObjectItemCaseSensitive(o, "stack"));
		md_stop(b, app, l, 1);
		buf_puts(b, "\n\n");
	}
}

/*
 * Appends the markdown of project it's page in language l: its facts
 * at a glance under the title (technologies, website, the API), then
 * its description and highlights.
 */
void
cv_project(const struct app *app, const struct item *it, enum lang l,
    struct buf *b)
{
	const cJSON *o = it->obj[l];

	buf_puts(b, "# ");
	md_text(b, json_str(o, "title"));
	buf_printf(b, "\n\n- **%s**: ", LBL(app, l, "cv.stack"));
	joined(app, l, b, cJSON_GetObjectItemCaseSensitive(o, "stack"));
	buf_printf(b, "\n- **%s**: ", LBL(app, l, "cv.website"));
	link(b, json_str(o, "url"), json_str(o, "url"));
	buf_printf(b, "\n- **%s**: ", LBL(app, l, "cv.api"));
	link(b, json_str(o, "api_url"), json_str(o, "api_url"));
	buf_puts(b, "\n\n");
	md_text(b, json_str(o, "description"));
	buf_puts(b, "\n\n");
	texts_list(app, l, it, "highlights", b);
	md_link_site(b, app, LBL(app, l, "cv.all_projects"),
	    site_page_path(app, SITE_PROJECTS, l));
	buf_puts(b, "\n");
}

/* Appends one llms.txt line per project page in language l. */
void
cv_project_links(const struct app *app, enum lang l, struct buf *b)
{
	const struct collection *c = &app->model->coll[COLL_PROJECTS];
	char	 path[256];
	size_t	 i;

	for (i = 0; i < c->len; i++) {
		buf_puts(b, "- ");
		md_link_site(b, app, json_str(c->items[i].obj[l], "title"),
		    cv_project_path(app, l, c->items[i].slug, 1, path,
		    sizeof(path)));
		buf_putc(b, '\n');
	}
}

/*
 * Says on standard error that the PDF at path is left out: its CV's
 * markdown is len bytes, more than CV_PDF_MAX (cv_pdf.h).  The PDF's
 * module says it for the full CV's, either thread of a load for a
 * variant's (pages_build.c).  Both threads may say it at once, and
 * warnx writes its prefix, message and newline apart: the stream's
 * lock keeps the line whole (two on one line were counted as one).
 */
void
cv_pdf_left_out(const char *path, size_t len)
{
	flockfile(stderr);
	warnx("warning: %s left out: the CV is %zu KiB of text, more than "
	    "the %zu KiB a PDF is made from", path, len / 1024,
	    (size_t)CV_PDF_MAX / 1024);
	funlockfile(stderr);
}

/*
 * The markdown of variant v's CV (NULL: the full one) as its PDF and
 * plain text are made from (CV_FOR_PDF): for the full CV the load's
 * copy (app->cv_md, rendered once for both), else rendered into tmp,
 * which the caller frees.  NULL when out of memory.
 */
const struct buf *
cv_for_pdf(const struct app *app, const struct cv_variant *v, enum lang l,
    struct buf *tmp)
{
	if (v == NULL && app->cv_md != NULL && app->cv_md->md[l].data != NULL)
		return &app->cv_md->md[l];
	cv_variant_page(app, v, CV_FOR_PDF, l, tmp);
	return tmp->oom || buf_cstr(tmp) == NULL ? NULL : tmp;
}

/*
 * Renders the full CV's markdown in each language into app->cv_md (a
 * load's, struct cv_md in app.h), its readers not yet counted.
 * Returns 0, or -1 out of memory.
 */
int
cv_md_render(struct app *app)
{
	int	 l;

	if ((app->cv_md = calloc(1, sizeof(*app->cv_md))) == NULL)
		return -1;
	for (l = 0; l < app->langs->n; l++) {
		cv_page(app, CV_FOR_PDF, (enum lang)l, &app->cv_md->md[l]);
		if (app->cv_md->md[l].oom ||
		    buf_cstr(&app->cv_md->md[l]) == NULL)
			return -1;
	}
	return 0;
}

/* Frees what the last readers have not freed of app->cv_md. */
void
cv_md_free(struct app *app)
{
	int	 l;

	if (app->cv_md == NULL)
		return;
	for (l = 0; l < LANG__MAX; l++)
		buf_free(&app->cv_md->md[l]);
	free(app->cv_md);
	app->cv_md = NULL;
}

/*
 * A document that reads the full CV's markdown in language l through
 * cv_for_pdf is done with it: the last of them frees it (struct cv_md,
 * app.h).  Nothing without the load's copy.
 */
void
cv_md_done(const struct app *app, enum lang l)
{
	struct cv_md *c = app->cv_md;

	if (c != NULL && atomic_fetch_sub_explicit(&c->readers[l], 1,
	    memory_order_acq_rel) == 1) {
		buf_free(&c->md[l]);
		buf_init(&c->md[l]);
	}
}
