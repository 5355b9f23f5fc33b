/*
 * agents.c: llms.txt (llmstxt.org format), agents.md, the sitemap,
 * robots.txt, the web app manifest, security.txt and the adapters of
 * the other documents' builders; the discovery documents (the API and
 * AI catalogs) are discovery.c's.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/json.h"
#include "site/agents.h"
#include "site/bibtex_out.h"
#include "site/cv.h"
#ifdef HAVE_PDF
#include "site/cv_pdf.h"
#include "site/cv_text.h"
#endif
#include "site/head.h"
#include "site/markdown.h"
#include "api/openapi.h"
#include "site/portal.h"
#include "http/response.h"
#include "site/resume.h"
#include "site/vcard.h"


/* Appends "- [text](base + path)". */
static void
item(struct buf *b, const struct app *app, const char *text,
    const char *path)
{
	buf_puts(b, "- [");
	md_text(b, text);
	buf_puts(b, "](");
	md_url(b, app->cfg->base_url);
	md_url(b, path);
	buf_putc(b, ')');
}

/* The URL path of an API route for a link: no {slug} routes, required
 * parameters filled, lang= outside the default language.  Returns NULL
 * to skip. */
static const char *
api_link(const struct app *app, const struct route *r, enum lang l,
    char *buf, size_t len)
{
	const struct route_param *p;
	char	 q[64] = "", lq[16] = "";

	if (strchr(r->path, '{') != NULL)
		return NULL;
	for (p = route_param_next(r, NULL); p != NULL;
	    p = route_param_next(r, p))
		if (p->required && p->kind == PARAM_KIND_STRING)
			snprintf(q, sizeof(q), "?%s=%s", req_param_name(p->id),
			    LBL(app, l, "example.query"));
	if (l != LANG_DEFAULT)
		snprintf(lq, sizeof(lq), "%clang=%s", *q ? '&' : '?',
		    lang_code(app->langs, l));
	if (xsnprintf(buf, len, "%s%s%s", r->path, q, lq) == -1)
		return NULL;
	return buf;
}

/*
 * Appends the line of llms.txt under the quote: site.json's
 * llms_summary, else the job title and the consultancy co-founded.
 */
static void
llms_summary(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *co;

	if (app->settings->llms_summary[l] != NULL) {
		md_template(b, app->settings->llms_summary[l], p);
		return;
	}
	md_text(b, json_str(p, "job_title"));
	if ((co = cJSON_GetObjectItemCaseSensitive(p, "co_founder_of")) !=
	    NULL) {
		buf_puts(b, ". ");
		md_text(b, json_str(co, "role"));
		buf_printf(b, " %s ", LBL(app, l, "word.of"));
		md_text(b, json_str(co, "name"));
	}
	buf_putc(b, '.');
}

/* The head of llms.txt: name, quote, summary and the other versions. */
static void
llms_head(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l];
	struct buf url;
	char	 name[64], tmp[64];
	int	 o;

	buf_puts(b, "# ");
	md_text(b, json_str(p, "name"));
	buf_puts(b, "\n\n> ");
	md_text(b, json_str(p, "headline"));
	buf_puts(b, ". ");
	lbl_fill(b, app->labels, l, "llms.intro", (const char *const []){
	    "multilingual", app->langs->n == 1 ? "" : LBL(app, l,
	    app->langs->n == 2 ?
	    "llms.bilingual" : "llms.multilingual"), NULL });
	if (app->settings->licence.name != NULL) {
		buf_printf(b, "; %s ", LBL(app, l, "llms.licence"));
		md_text(b, app->settings->licence.name);
	}
	buf_puts(b, ".\n\n");
	llms_summary(app, l, b);
	buf_printf(b, " %s", LBL(app, l, "llms.markdown"));
	buf_init(&url);
	for (o = 0; o < app->langs->n; o++) {
		if (o == (int)l)
			continue;
		labels_language_name(app->labels, o, l, name, sizeof(name));
		buf_reset(&url);
		md_url(&url, app->cfg->base_url);
		md_url(&url, LPATH(app, o, site_doc_path(DOC_LLMS)));
		buf_putc(b, ' ');
		lbl_fill(b, app->labels, l, "llms.twin", (const char *const []){
		    "lang", name, "url", buf_cstr(&url), NULL });
	}
	if (url.oom)
		b->oom = 1;
	buf_free(&url);
	buf_puts(b, ".\n\n");
}

/* Appends llms.txt for language l.  Returns 0 (SITE_DOCS' builder). */
int
agents_llms(const struct app *app, enum lang l, struct buf *b)
{
	const struct route *r;
	const char *path, *d;
	char	 tmp[512], label[256];
	size_t	 i;
	int	 pg, o;

	llms_head(app, l, b);
	portal_static_note(app, l, b);
	buf_printf(b, "## %s\n\n", LBL(app, l, "llms.pages"));
	for (i = 0; i < (size_t)app->paths->n; i++) {
		if (app->paths->optional[pg = app->paths->order[i]])
			continue;
		item(b, app, site_page_label(app, pg, l),
		    site_page_md_path(app, pg, l));
		buf_puts(b, ": ");
		md_text(b, site_page_summary(app, pg, l));
		buf_putc(b, '\n');
	}
	/* The CV's PDF, when built with it (HAVE_PDF) and made this load. */
	if (app->cv_pdf[l] && xsnprintf(label, sizeof(label),
	    "%s (PDF)", site_page_label(app, SITE_CV, l)) != -1) {
		item(b, app, label, LPATH(app, l, DOC_CV_PDF_PATH));
		buf_printf(b, ": %s\n", LBL(app, l, "llms.cv_pdf"));
	}
	if (xsnprintf(label, sizeof(label), "%s (%s)",
	    site_page_label(app, SITE_CV, l), LBL(app, l, "cv.txt")) != -1) {
		item(b, app, label, LPATH(app, l, site_doc_path(DOC_CV_TXT)));
		buf_printf(b, ": %s\n", LBL(app, l, "llms.cv_txt"));
	}
	if (app->model->coll[COLL_PROJECTS].len > 0) {
		buf_printf(b, "\n## %s\n\n", LBL(app, l, "projects.title"));
		cv_project_links(app, l, b);
	}
	buf_puts(b, "\n## API\n\n");
	item(b, app, LBL(app, l, "llms.guide"),
	    LPATH(app, l, site_doc_path(DOC_AGENTS)));
	buf_printf(b, ": %s\n", LBL(app, l, "llms.guide.summary"));
	if (site_has_route(site_doc_path(DOC_OPENAPI))) {
		item(b, app, "OpenAPI 3.1", site_doc_path(DOC_OPENAPI));
		buf_printf(b, ": %s\n", LBL(app, l, "llms.openapi"));
	}
	item(b, app, "JSON Resume", resume_path(app, l, tmp, sizeof(tmp)));
	buf_printf(b, ": %s\n", LBL(app, l, "llms.resume"));
	item(b, app, "API catalog", site_doc_path(DOC_API_CATALOG));
	buf_printf(b, ": %s\n", LBL(app, l, "llms.catalog"));
	if (portal_has_mcp(app)) {
		item(b, app, "MCP", portal_mcp_path(app, l, tmp, sizeof(tmp)));
		buf_printf(b, ": %s\n", LBL(app, l, "mcp.summary"));
		item(b, app, "MCP server card", site_doc_path(DOC_MCP_CARD));
		buf_putc(b, '\n');
	}
	item(b, app, "AI catalog", site_doc_path(DOC_AI_CATALOG));
	buf_putc(b, '\n');
	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (r->kind != ROUTE_API || !route_live(app->model, r) ||
		    (path = api_link(app, r, l, tmp, sizeof(tmp))) == NULL)
			continue;
		item(b, app, route_summary(app->labels, r, l), path);
		buf_printf(b, ": `%s`", r->operation_id);
		if ((d = route_description(app->labels, r, l)) != NULL) {
			buf_puts(b, ". ");
			md_text(b, d);
		}
		buf_putc(b, '\n');
	}
	buf_puts(b, "\n## Optional\n\n");
	for (i = 0; i < (size_t)app->paths->n; i++) {
		if (!app->paths->optional[pg = app->paths->order[i]])
			continue;
		item(b, app, site_page_label(app, pg, l),
		    site_page_md_path(app, pg, l));
		buf_puts(b, ": ");
		md_text(b, site_page_summary(app, pg, l));
		buf_putc(b, '\n');
	}
	for (o = 0; o < app->langs->n; o++) {
		if (o == (int)l)
			continue;
		item(b, app, LBL(app, o, "lang.version"),
		    LPATH(app, o, site_doc_path(DOC_LLMS)));
		buf_putc(b, '\n');
	}
	item(b, app, "vCard", LPATH(app, l, site_doc_path(DOC_VCARD)));
	buf_printf(b, ": %s\n", LBL(app, l, "llms.vcard"));
	item(b, app, "Sitemap", site_doc_path(DOC_SITEMAP));
	buf_putc(b, '\n');
	return 0;
}

/* Appends the attribution or licence section, when there is a licence. */
static void
guide_licence(const struct app *app, enum lang l, struct buf *b)
{
	const struct licence *lc = &app->settings->licence;

	if (lc->name == NULL)
		return;
	buf_printf(b, "## %s (", LBL(app, l, lc->attribution ?
	    "guide.attribution" : "guide.licence"));
	md_text(b, lc->name);
	buf_printf(b, ")\n\n%s [", LBL(app, l, "guide.licensed"));
	md_text(b, lc->name);
	buf_puts(b, "](");
	md_url(b, lc->url[l]);
	buf_puts(b, ").");
	if (lc->attribution) {
		buf_printf(b, " %s %s", LBL(app, l, "guide.attribute"),
		    LBL(app, l, "quote.open"));
		md_text(b, json_str(app->model->profile.obj[l], "name"));
		buf_printf(b, ", %s (", app->cfg->base_url);
		md_text(b, lc->name);
		buf_printf(b, ")%s, %s.", LBL(app, l, "quote.close"),
		    LBL(app, l, "guide.attribute.link"));
	}
	buf_putc(b, '\n');
}

/* The facts section of agents.md and of the MCP server's instructions
 * (mcp_tools.c): name, name rule, site.json's facts, title, location and
 * availability. */
void
agents_facts(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *loc;
	size_t	 i;

	loc = cJSON_GetObjectItemCaseSensitive(p, "location");
	buf_printf(b, "## %s\n\n- %s %s", LBL(app, l, "guide.facts"),
	    LBL(app, l, "guide.full_name"), LBL(app, l, "quote.open"));
	md_text(b, json_str(p, "name"));
	buf_printf(b, "%s.", LBL(app, l, "quote.close"));
	if (app->settings->name_rule[l] != NULL) {
		buf_putc(b, ' ');
		md_template(b, app->settings->name_rule[l], p);
	}
	buf_putc(b, '\n');
	for (i = 0; i < app->settings->nfacts; i++) {
		buf_puts(b, "- ");
		md_template(b, app->settings->facts[i][l], p);
		buf_putc(b, '\n');
	}
	buf_printf(b, "- %s: ", LBL(app, l, "guide.current_title"));
	md_text(b, json_str(p, "job_title"));
	buf_printf(b, ". %s: ", LBL(app, l, "contact.location"));
	md_text(b, json_str(loc, "city"));
	buf_puts(b, ", ");
	md_text(b, json_str(loc, "region"));
	buf_printf(b, ".\n- %s: ", LBL(app, l, "guide.availability"));
	md_text(b, json_str(cJSON_GetObjectItemCaseSensitive(p,
	    "availability"), "statement"));
	buf_printf(b, "\n- %s\n\n", LBL(app, l, "guide.quote"));
}

/* The "Calling the API" section: routes and examples. */
static void
guide_calling(const struct app *app, enum lang l, struct buf *b)
{
	const struct route *r;
	size_t	 i;

	buf_printf(b, "## %s\n\n", LBL(app, l, "guide.calling"));
	lbl_fill(b, app->labels, l, "guide.calling.text",
	    (const char *const []){ "base", app->cfg->base_url, NULL });
	buf_puts(b, "\n\n");
	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (r->kind != ROUTE_API || !route_live(app->model, r))
			continue;
		buf_printf(b, "- `GET %s` (`%s`): ", r->path,
		    r->operation_id);
		md_text(b, route_summary(app->labels, r, l));
		buf_puts(b, ".\n");
	}
	buf_printf(b, "\n%s\n\n```sh\n", LBL(app, l, "guide.examples"));
	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (r->kind == ROUTE_API && route_live(app->model, r) &&
		    (r->collection ||
		    strchr(r->path, '{') != NULL ||
		    strcmp(r->operation_id, "getProfile") == 0))
			portal_route_example(app, r, l, b);
	}
	buf_puts(b, "```\n\n");
}

/* Appends agents.md for language l.  Returns 0. */
int
agents_guide(const struct app *app, enum lang l, struct buf *b)
{
	const char *base = app->cfg->base_url;
	const struct route *r;
	struct buf name, portal;
	char	 tmp[64];
	size_t	 i;

	buf_init(&name);
	buf_init(&portal);
	md_text(&name, json_str(app->model->profile.obj[l], "name"));
	buf_printf(b, "# %s\n\n", LBL(app, l, "guide.title"));
	lbl_fill(b, app->labels, l, "guide.intro", (const char *const []){
	    "name", buf_cstr(&name), NULL });
	buf_puts(b, "\n\n");
	portal_static_note(app, l, b);
	agents_facts(app, l, b);

	buf_printf(b, "## %s\n\n%s\n\n", LBL(app, l, "guide.reading"),
	    LBL(app, l, "guide.reading.text"));
	buf_printf(b, "```sh\ncurl -s -H 'Accept: text/markdown' '%s%s'\n"
	    "curl -s '%s%s'\n```\n\n", base, site_page_path(app, SITE_ABOUT, l),
	    base, site_page_md_path(app, SITE_HOME, l));
	buf_printf(b, "%s [llms.txt](%s%s).\n\n", LBL(app, l, "guide.index"),
	    base, LPATH(app, l, site_doc_path(DOC_LLMS)));
	guide_calling(app, l, b);
	portal_mcp(app, l, b);
	portal_language_section(app, l, "guide.language", b);
	buf_printf(b, "## %s\n\n", LBL(app, l, "guide.limits"));
	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (r->kind != ROUTE_API || route_param_next(r, NULL) == NULL ||
		    !route_live(app->model, r))
			continue;
		buf_printf(b, "- `GET %s`:\n", r->path);
		portal_route_params(app, r, l, "  ", b);
	}
	buf_printf(b, "- %s\n\n", LBL(app, l, "guide.rate"));
	lbl_fill(b, app->labels, l, "guide.caching", (const char *const []){
	    "cache", CACHE_PUBLIC, NULL });
	buf_puts(b, "\n\n");
	buf_printf(&portal, "%s%s", base, site_page_md_path(app,
	    SITE_DEVELOPERS, l));
	lbl_fill(b, app->labels, l, "guide.errors", (const char *const []){
	    "portal", buf_cstr(&portal), NULL });
	buf_puts(b, "\n\n");
	guide_licence(app, l, b);
	if (site_has_route(site_doc_path(DOC_OPENAPI)))
		buf_printf(b, "\n%s: [OpenAPI 3.1](%s%s).\n",
		    LBL(app, l, "guide.openapi"), base,
		    site_doc_path(DOC_OPENAPI));
	if (name.oom || portal.oom)
		b->oom = 1;
	buf_free(&name);
	buf_free(&portal);
	return 0;
}

static void
xml_url(struct buf *b, const struct app *app, const char *path)
{
	buf_markup_text(b, app->cfg->base_url);
	buf_markup_text(b, path);
}

/* The JSON Resume documents in the sitemap, with their alternates. */
static void
sitemap_resume(const struct app *app, struct buf *b)
{
	char	 tmp[64];
	int	 l, a;

	for (l = 0; l < app->langs->n; l++) {
		buf_puts(b, "  <url>\n    <loc>");
		xml_url(b, app, resume_path(app, l, tmp, sizeof(tmp)));
		buf_puts(b, "</loc>\n");
		for (a = 0; a < app->langs->n; a++) {
			buf_printf(b, "    <xhtml:link rel=\"alternate\" "
			    "hreflang=\"%s\" href=\"", lang_code(app->langs,
			    (enum lang)a));
			xml_url(b, app, resume_path(app, a, tmp, sizeof(tmp)));
			buf_puts(b, "\"/>\n");
		}
		buf_puts(b, "    <xhtml:link rel=\"alternate\" "
		    "hreflang=\"x-default\" href=\"");
		xml_url(b, app, resume_path(app, LANG_DEFAULT, tmp,
		    sizeof(tmp)));
		buf_puts(b, "\"/>\n  </url>\n");
	}
}

/* Appends the <url> of each language of a page whose paths per
 * language are path, with the hreflang alternates. */
static void
sitemap_page(const struct app *app, const char *const *path, struct buf *b)
{
	int	 l, a;

	for (l = 0; l < app->langs->n; l++) {
		buf_puts(b, "  <url>\n    <loc>");
		xml_url(b, app, path[l]);
		buf_puts(b, "</loc>\n");
		for (a = 0; a < app->langs->n; a++) {
			buf_printf(b, "    <xhtml:link rel=\"alternate\" "
			    "hreflang=\"%s\" href=\"", lang_code(app->langs,
			    (enum lang)a));
			xml_url(b, app, path[a]);
			buf_puts(b, "\"/>\n");
		}
		buf_puts(b, "    <xhtml:link rel=\"alternate\" "
		    "hreflang=\"x-default\" href=\"");
		xml_url(b, app, path[LANG_DEFAULT]);
		buf_puts(b, "\"/>\n  </url>\n");
	}
}

/* Appends sitemap.xml: every page, every project's page, the CV as
 * plain text and each listed variant of the CV (site.json's
 * cv_variants; an unlisted one is noindex and left out) in every
 * language, each with its hreflang alternates. */
int
agents_sitemap(const struct app *app, enum lang unused, struct buf *b)
{
	const struct collection *c = &app->model->coll[COLL_PROJECTS];
	char	 tmp[LANG__MAX][256];
	const char *path[LANG__MAX];
	size_t	 i;
	int	 pg, l;

	buf_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"\n"
	    "        xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n");
	for (i = 0; i < (size_t)app->paths->n; i++) {
		pg = app->paths->order[i];
		for (l = 0; l < app->langs->n; l++)
			path[l] = site_page_path(app, pg, l);
		sitemap_page(app, path, b);
	}
	for (i = 0; i < c->len; i++) {
		for (l = 0; l < app->langs->n; l++)
			path[l] = cv_project_path(app, l, c->items[i].slug, 0,
			    tmp[l], sizeof(tmp[l]));
		sitemap_page(app, path, b);
	}
	for (l = 0; l < app->langs->n; l++)
		path[l] = lang_path(app->langs, l, site_doc_path(DOC_CV_TXT),
		    tmp[l], sizeof(tmp[l]));
	sitemap_page(app, path, b);
	for (i = 0; i < (size_t)app->settings->cv_variants.n; i++) {
		if (!app->settings->cv_variants.v[i].listed)
			continue;
		for (l = 0; l < app->langs->n; l++)
			path[l] = cv_variant_path(app,
			    &app->settings->cv_variants.v[i], l, CV_FORM_PAGE,
			    tmp[l], sizeof(tmp[l]));
		sitemap_page(app, path, b);
	}
	sitemap_resume(app, b);
	buf_puts(b, "</urlset>\n");
	(void)unused;
	return 0;
}

/*
 * Appends robots.txt: everything allowed, the owner's Content Signals
 * (site.json's "content_signals", contentsignals.org) in the group of
 * every user agent, the sitemap.  A signal not stated is left out; no
 * signal stated, no line.
 */
int
agents_robots(const struct app *app, enum lang unused, struct buf *b)
{
	const enum signal_value *v = app->settings->signals;
	int	 i, n = 0;

	buf_printf(b, "# Everything here is public; crawlers and agents are "
	    "welcome.\n# Agents: %s%s and %s%s\n",
	    app->cfg->base_url, site_doc_path(DOC_LLMS), app->cfg->base_url,
	    site_doc_path(DOC_AGENTS));
	for (i = 0; i < SIGNAL__MAX; i++)
		if (v[i] != SIGNAL_UNSTATED && n++ == 0)
			buf_puts(b, "# Content signals (contentsignals.org): "
			    "search (a search index: links and\n# excerpts), "
			    "ai-input (live input to an AI answer), ai-train "
			    "(training or\n# fine-tuning a model); yes allows "
			    "the use, no does not, one left out is\n# "
			    "neither.\n");
	buf_puts(b, "User-agent: *\nAllow: /\n");
	for (i = 0, n = 0; i < SIGNAL__MAX; i++)
		if (v[i] != SIGNAL_UNSTATED)
			buf_printf(b, "%s%s=%s", n++ == 0 ? "Content-Signal: " :
			    ", ", settings_signal_name(i), v[i] == SIGNAL_YES ?
			    "yes" : "no");
	buf_printf(b, "%s\nSitemap: %s%s\n", n > 0 ? "\n" : "",
	    app->cfg->base_url, site_doc_path(DOC_SITEMAP));
	(void)unused;
	return 0;
}

/* Appends doc as indented JSON and a newline, and deletes it.  Returns
 * 0, or -1 out of memory. */
int
agents_json(cJSON *doc, struct buf *b)
{
	char	*s;

	if ((s = cJSON_Print(doc)) == NULL) {
		cJSON_Delete(doc);
		return -1;
	}
	buf_puts(b, s);
	buf_putc(b, '\n');
	free(s);
	cJSON_Delete(doc);
	return 0;
}

/*
 * Appends security.txt (RFC 9116) as of now: site.json's contacts and
 * policy, the site's languages, its canonical URL and an Expires 364
 * days after the start of today (UTC): the RFC asks for less than a
 * year, and a card rendered per request never goes stale however long
 * the server runs.
 */
static void
security_txt(const struct app *app, time_t now, struct buf *b)
{
	const struct security *sec = &app->settings->security;
	char	 when[32];
	struct tm tm;
	time_t	 exp;
	size_t	 i;
	int	 l;

	exp = now - now % 86400 + 364 * 86400;
	gmtime_r(&exp, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	buf_printf(b, "# Security contacts of %s (RFC 9116), from the "
	    "site's settings.\n", app->cfg->base_url);
	for (i = 0; i < sec->ncontact; i++)
		buf_printf(b, "Contact: %s\n", sec->contact[i]);
	buf_printf(b, "Expires: %s\n", when);
	if (sec->policy != NULL)
		buf_printf(b, "Policy: %s\n", sec->policy);
	buf_puts(b, "Preferred-Languages: ");
	for (l = 0; l < app->langs->n; l++)
		buf_printf(b, "%s%s", l > 0 ? ", " : "",
		    lang_code(app->langs, l));
	buf_printf(b, "\nCanonical: %s%s\n", app->cfg->base_url,
	    site_doc_path(DOC_SECURITY));
}

/* Appends security.txt as of now; returns 1 (none) when site.json
 * names no contact. */
int
agents_security(const struct app *app, enum lang unused, struct buf *b)
{
	(void)unused;
	if (app->settings->security.ncontact == 0)
		return 1;
	security_txt(app, time(NULL), b);
	return 0;
}

/* Appends the web app manifest.  Returns 0, or -1 out of memory. */
int
agents_manifest(const struct app *app, enum lang unused, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[LANG_DEFAULT];
	const char *given = json_str(p, "given_name");
	cJSON	*m, *icons, *icon;

	if ((m = cJSON_CreateObject()) == NULL)
		return -1;
	cJSON_AddStringToObject(m, "name", json_str(p, "name"));
	cJSON_AddStringToObject(m, "short_name", *given != '\0' ? given :
	    json_str(p, "name"));
	cJSON_AddStringToObject(m, "description", json_str(p, "headline"));
	cJSON_AddStringToObject(m, "lang", lang_code(app->langs,
	    LANG_DEFAULT));
	cJSON_AddStringToObject(m, "dir", "ltr");
	cJSON_AddStringToObject(m, "start_url", "/");
	cJSON_AddStringToObject(m, "scope", "/");
	cJSON_AddStringToObject(m, "display", "browser");
	cJSON_AddStringToObject(m, "background_color", "#fbfaf7");
	cJSON_AddStringToObject(m, "theme_color", "#8a3b12");
	if ((icons = cJSON_AddArrayToObject(m, "icons")) != NULL &&
	    (icon = cJSON_CreateObject()) != NULL) {
		cJSON_AddStringToObject(icon, "src", site_doc_path(DOC_ICON));
		cJSON_AddStringToObject(icon, "sizes", "any");
		cJSON_AddStringToObject(icon, "type", "image/svg+xml");
		cJSON_AddStringToObject(icon, "purpose", "any");
		cJSON_AddItemToArray(icons, icon);
	}
	(void)unused;
	return agents_json(m, b);
}

/* --- The documents built elsewhere (SITE_DOCS' builders) ---------------- */

/* A document its own handler serves (the OpenAPI document's paths):
 * nothing to build here. */
int
agents_none(const struct app *app, enum lang l, struct buf *b)
{
	(void)app;
	(void)l;
	(void)b;
	return 1;
}

/* The JSON Resume (resume.c). */
int
agents_resume(const struct app *app, enum lang l, struct buf *b)
{
	return resume_build(app, l, b);
}

/* The vCard (vcard.c), which names its own URL. */
int
agents_vcard(const struct app *app, enum lang l, struct buf *b)
{
	char	 tmp[64];

	vcard_build(app, l, LPATH(app, l, site_doc_path(DOC_VCARD)), b);
	return 0;
}

#ifdef HAVE_PDF
/* The CV's PDF (cv_pdf.c): 1, none, when too long for one. */
int
agents_cv_pdf(const struct app *app, enum lang l, struct buf *b)
{
	return cv_pdf(app, l, b);
}
#endif

/* The CV as plain text (cv_text.c). */
int
agents_cv_txt(const struct app *app, enum lang l, struct buf *b)
{
	return cv_text(app, l, b);
}

/* The publications as BibTeX (bibtex_out.c); 1, none, without any. */
int
agents_bibtex(const struct app *app, enum lang l, struct buf *b)
{
	return bibtex_out(app, l, b);
}

/* The monogram icon (head.c). */
int
agents_icon(const struct app *app, enum lang l, struct buf *b)
{
	(void)l;
	head_icon(app, b);
	return 0;
}

/* Where /favicon.ico redirects (DOC_REDIRECT): the content's favicon
 * in media/, else the monogram icon. */
int
agents_favicon(const struct app *app, enum lang l, struct buf *b)
{
	(void)l;
	if (app->model->media->favicon != NULL)
		buf_printf(b, "/" MEDIA_DIR "/%s\n",
		    app->model->media->favicon->name);
	else
		buf_printf(b, "%s\n", site_doc_path(DOC_ICON));
	return 0;
}

/* /.well-known/atproto-did: site.json's DID alone, the handle's proof
 * for Bluesky; 1 (none) when it names no DID. */
int
agents_atproto_did(const struct app *app, enum lang l, struct buf *b)
{
	(void)l;
	if (app->settings->atproto_did == NULL)
		return 1;
	buf_puts(b, app->settings->atproto_did);
	return 0;
}
