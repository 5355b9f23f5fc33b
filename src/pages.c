/*
 * pages.c: HTML pages, markdown negotiation, the 404 page and the
 * agent files, all rendered once by site_build.
 *
 * A page's HTML is its markdown rendered by cmark in safe mode (raw
 * HTML and dangerous URLs are dropped) inside one layout: language,
 * title, description, canonical and hreflang links, navigation with a
 * language switch, inline CSS (light and dark) and, on the home page,
 * schema.org Person JSON-LD.  No scripts, no external assets, no
 * cookies.  The Content-Security-Policy allows exactly the inline
 * style, by its SHA-256 hash computed here.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmark.h>

#include "agents.h"
#include "pages.h"
#include "resume.h"
#include "sha256.h"

#define T(l, es, en)	((l) == LANG_EN ? (en) : (es))

#define TYPE_HTML	"text/html; charset=utf-8"
#define TYPE_MARKDOWN	"text/markdown; charset=utf-8"
#define CACHE_404	"public, max-age=60"

static const char css[] =
    ":root{color-scheme:light dark;--bg:#fbfaf7;--fg:#1d1b19;"
    "--muted:#5c5650;--accent:#8a3b12;--line:#e4ded6;--code:#f1ece5}"
    "@media (prefers-color-scheme:dark){:root{--bg:#16130f;--fg:#ece6de;"
    "--muted:#b3aaa0;--accent:#f0a36f;--line:#3a332c;--code:#241f1a}}"
    "*{box-sizing:border-box}"
    "html{-webkit-text-size-adjust:100%;text-size-adjust:100%}"
    "body{margin:0;background:var(--bg);color:var(--fg);"
    "font:1.0625rem/1.65 system-ui,-apple-system,\"Segoe UI\",Roboto,"
    "sans-serif}"
    ".skip{position:absolute;left:-999rem}"
    ".skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem}"
    "header,main,footer{max-width:46rem;margin:0 auto;padding:0 1.25rem}"
    "header{border-bottom:1px solid var(--line)}"
    "nav ul{list-style:none;margin:0;padding:.75rem 0;display:flex;"
    "flex-wrap:wrap;gap:.25rem 1.1rem}"
    "nav a{display:inline-block;padding:.3rem 0}"
    "nav a[aria-current=page]{font-weight:600;text-decoration:none;"
    "border-bottom:2px solid var(--accent)}"
    "nav .lang{margin-left:auto}"
    "a{color:var(--accent);text-underline-offset:.15em}"
    "a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}"
    "h1{font-size:2rem;line-height:1.2;margin:2.25rem 0 1rem}"
    "h2{font-size:1.35rem;line-height:1.3;margin:2.25rem 0 .5rem}"
    "h3{font-size:1.05rem;margin:1.75rem 0 .5rem;overflow-wrap:anywhere}"
    "li{margin:.2rem 0}"
    "code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"
    "monospace;font-size:.88em;background:var(--code);padding:.1em .3em;"
    "border-radius:3px;overflow-wrap:anywhere}"
    "pre{background:var(--code);padding:.75rem 1rem;overflow-x:auto;"
    "border-radius:6px}"
    "pre code{padding:0;background:none;overflow-wrap:normal}"
    "footer{margin-top:3rem;padding-top:1rem;padding-bottom:2.5rem;"
    "border-top:1px solid var(--line);color:var(--muted);font-size:.9rem}";

static void
html_url(struct buf *b, const struct app *app, const char *path)
{
	buf_markup_text(b, app->cfg->base_url);
	buf_markup_text(b, path);
}

/*
 * Appends the H1 of markdown md (its first "# " line, backslash
 * escapes removed) to b, or nothing.
 */
static void
md_title(struct buf *b, const char *md)
{
	const char *p = md, *end;

	while (p != NULL && strncmp(p, "# ", 2) != 0)
		if ((p = strchr(p, '\n')) != NULL)
			p++;
	if (p == NULL)
		return;
	for (p += 2, end = strchr(p, '\n'); *p != '\0' && p != end; p++) {
		if (*p == '\\' && p[1] != '\0' && p + 1 != end)
			p++;
		buf_putc(b, *p);
	}
}

/*
 * Appends the schema.org Person of the profile as JSON-LD.  Every "<"
 * is written as \u003c so that no string can close the script element.
 * Returns 0, or -1 out of memory.
 */
static int
json_ld(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *v, *e;
	cJSON	*ld, *o, *a;
	char	*s, *c;
	int	 rc = -1;

	if ((ld = cJSON_CreateObject()) == NULL)
		return -1;
	cJSON_AddStringToObject(ld, "@context", "https://schema.org");
	cJSON_AddStringToObject(ld, "@type", "Person");
	cJSON_AddStringToObject(ld, "name", md_str(p, "name"));
	if (*md_str(p, "given_name") != '\0')
		cJSON_AddStringToObject(ld, "givenName",
		    md_str(p, "given_name"));
	if (*md_str(p, "family_name") != '\0')
		cJSON_AddStringToObject(ld, "familyName",
		    md_str(p, "family_name"));
	cJSON_AddStringToObject(ld, "jobTitle", md_str(p, "job_title"));
	cJSON_AddStringToObject(ld, "description", md_str(p, "summary"));
	cJSON_AddStringToObject(ld, "email", md_str(p, "email"));
	cJSON_AddStringToObject(ld, "url", md_str(p, "url"));
	if (*md_str(p, "image") != '\0')
		cJSON_AddStringToObject(ld, "image", md_str(p, "image"));
	v = cJSON_GetObjectItemCaseSensitive(p, "location");
	if ((o = cJSON_AddObjectToObject(ld, "address")) != NULL) {
		cJSON_AddStringToObject(o, "@type", "PostalAddress");
		cJSON_AddStringToObject(o, "addressLocality", md_str(v, "city"));
		cJSON_AddStringToObject(o, "addressRegion", md_str(v, "region"));
		cJSON_AddStringToObject(o, "addressCountry",
		    md_str(v, "country"));
	}
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "co_founder_of")) !=
	    NULL && (o = cJSON_AddObjectToObject(ld, "worksFor")) != NULL) {
		cJSON_AddStringToObject(o, "@type", "Organization");
		cJSON_AddStringToObject(o, "name", md_str(v, "name"));
		cJSON_AddStringToObject(o, "url", md_str(v, "url"));
		cJSON_AddStringToObject(o, "description", md_str(v, "role"));
	}
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "knows_about")) != NULL)
		cJSON_AddItemToObject(ld, "knowsAbout",
		    cJSON_Duplicate(v, 1));
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "languages")) != NULL)
		cJSON_AddItemToObject(ld, "knowsLanguage",
		    cJSON_Duplicate(v, 1));
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "profiles")) != NULL &&
	    (a = cJSON_AddArrayToObject(ld, "sameAs")) != NULL)
		cJSON_ArrayForEach(e, v)
			cJSON_AddItemToArray(a,
			    cJSON_CreateString(md_str(e, "url")));
	if ((s = cJSON_PrintUnformatted(ld)) == NULL)
		goto out;
	buf_puts(b, "<script type=\"application/ld+json\">");
	for (c = s; *c != '\0'; c++)
		if (*c == '<')
			buf_puts(b, "\\u003c");
		else
			buf_putc(b, *c);
	buf_puts(b, "</script>\n");
	free(s);
	rc = 0;
out:
	cJSON_Delete(ld);
	return rc;
}

/*
 * Appends the whole HTML document of a page (page < 0: the 404 page)
 * whose markdown is md.  Returns 0, or -1 on failure.
 */
static int
layout(const struct app *app, int page, enum lang l, const char *md,
    struct buf *b)
{
	const cJSON *prof = app->model->profile.obj[l];
	const char *name = md_str(prof, "name");
	enum lang other = l == LANG_EN ? LANG_ES : LANG_EN;
	char	*body;
	int	 pg, a;

	buf_printf(b, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\">\n<title>",
	    lang_code(l));
	if (page == SITE_HOME)
		buf_markup_text(b, name);
	else {
		struct buf t;

		buf_init(&t);
		md_title(&t, md);
		buf_markup_text(b, buf_cstr(&t));
		buf_free(&t);
		buf_puts(b, " · ");
		buf_markup_text(b, name);
	}
	buf_puts(b, "</title>\n<meta name=\"description\" content=\"");
	if (page == SITE_HOME)
		buf_markup_text(b, md_str(prof, "headline"));
	else if (page < 0)
		buf_markup_text(b, LBL(app, l, "nf.description"));
	else {
		buf_markup_text(b, name);
		buf_puts(b, ": ");
		buf_markup_text(b, site_page_summary(app, page, l));
		buf_putc(b, '.');
	}
	buf_puts(b, "\">\n<meta name=\"color-scheme\" content=\"light dark\">"
	    "\n");
	if (page < 0)
		buf_puts(b, "<meta name=\"robots\" content=\"noindex\">\n");
	else {
		buf_puts(b, "<link rel=\"canonical\" href=\"");
		html_url(b, app, site_pages[page].path[l]);
		buf_puts(b, "\">\n");
		for (a = 0; a < LANG__MAX; a++) {
			buf_printf(b, "<link rel=\"alternate\" hreflang=\"%s\" "
			    "href=\"", lang_code(a));
			html_url(b, app, site_pages[page].path[a]);
			buf_puts(b, "\">\n");
		}
		buf_puts(b, "<link rel=\"alternate\" hreflang=\"x-default\" "
		    "href=\"");
		html_url(b, app, site_pages[page].path[LANG_ES]);
		buf_puts(b, "\">\n<link rel=\"alternate\" "
		    "type=\"text/markdown\" href=\"");
		html_url(b, app, site_pages[page].md_path[l]);
		buf_puts(b, "\">\n");
	}
	buf_puts(b, "<link rel=\"manifest\" href=\"");
	html_url(b, app, "/manifest.webmanifest");
	buf_printf(b, "\">\n<style>%s</style>\n", css);
	if (page == SITE_HOME && json_ld(app, l, b) == -1)
		return -1;
	buf_printf(b, "</head>\n<body>\n<a class=\"skip\" href=\"#main\">%s"
	    "</a>\n<header>\n<nav aria-label=\"%s\">\n<ul>\n",
	    LBL(app, l, "nav.skip"), LBL(app, l, "nav.main"));
	for (pg = 0; pg < SITE_PAGE__MAX; pg++) {
		if (!site_page_published(app, pg))
			continue;
		buf_puts(b, "<li><a href=\"");
		html_url(b, app, site_pages[pg].path[l]);
		buf_puts(b, pg == page ? "\" aria-current=\"page\">" : "\">");
		buf_markup_text(b, site_page_label(app, pg, l));
		buf_puts(b, "</a></li>\n");
	}
	buf_puts(b, "<li class=\"lang\"><a href=\"");
	html_url(b, app, site_pages[page < 0 ? SITE_HOME : page].path[other]);
	buf_printf(b, "\" hreflang=\"%s\" lang=\"%s\">%s</a></li>\n</ul>\n"
	    "</nav>\n</header>\n<main id=\"main\">\n", lang_code(other),
	    lang_code(other), LBL(app, other, "lang.name"));
	if ((body = cmark_markdown_to_html(md, strlen(md),
	    CMARK_OPT_DEFAULT | CMARK_OPT_SAFE)) == NULL)
		return -1;
	buf_puts(b, body);
	free(body);
	buf_puts(b, "</main>\n<footer>\n<p>");
	buf_markup_text(b, name);
	if (app->settings->licence.name != NULL) {
		buf_puts(b, ". ");
		buf_puts(b, LBL(app, l, "footer.licence"));
		buf_putc(b, ' ');
		buf_puts(b, "<a href=\"");
		buf_markup_text(b, app->settings->licence.url[l]);
		buf_puts(b, "\">");
		buf_markup_text(b, app->settings->licence.name);
		buf_puts(b, "</a>");
	}
	buf_puts(b, ". ");
	if (page >= 0) {
		buf_puts(b, "<a href=\"");
		html_url(b, app, site_pages[page].md_path[l]);
		buf_puts(b, "\">");
		buf_puts(b, LBL(app, l, "footer.markdown"));
		buf_puts(b, "</a> · ");
	}
	buf_puts(b, "<a href=\"");
	html_url(b, app, T(l, "/llms.txt", "/en/llms.txt"));
	buf_puts(b, "\">llms.txt</a> · <a href=\"");
	html_url(b, app, T(l, "/agents.md", "/en/agents.md"));
	buf_puts(b, "\">agents.md</a> · <a href=\"");
	html_url(b, app, "/api/v1/health");
	buf_puts(b, "\">");
	buf_puts(b, LBL(app, l, "footer.api_status"));
	buf_puts(b, "</a>. ");
	buf_puts(b, LBL(app, l, "footer.no_tracking"));
	buf_puts(b, "</p>\n");
	buf_puts(b, "</footer>\n</body>\n</html>\n");
	return b->oom ? -1 : 0;
}

/* Moves b's bytes into sb, tags them and keeps their compressed
 * variants (encoding.h).  Returns 0 or -1. */
static int
keep(struct site_bytes *sb, struct buf *b)
{
	size_t	 len = b->len;
	char	*data;

	if (b->oom)
		return -1;
	buf_cstr(b);
	if ((data = buf_detach(b)) == NULL)
		return -1;
	return enc_keep(sb, data, len, NULL);
}

/* "<BASE PATH>; rel="alternate"; type="TYPE"", malloc'd. */
static char *
link_value(const struct app *app, const char *path, const char *type)
{
	struct buf b;

	buf_init(&b);
	buf_printf(&b, "<%s%s>; rel=\"alternate\"; type=\"%s\"",
	    app->cfg->base_url, path, type);
	if (b.oom) {
		buf_free(&b);
		return NULL;
	}
	buf_cstr(&b);
	return buf_detach(&b);
}

static char *
make_csp(const struct app *app)
{
	unsigned char d[SHA256_LEN];
	char	 h[64];
	struct buf b;

	(void)app;
	sha256(css, strlen(css), d);
	if (base64_encode(d, sizeof(d), h, sizeof(h)) == -1)
		return NULL;
	buf_init(&b);
	buf_printf(&b, "default-src 'none'; style-src 'sha256-%s'; "
	    "manifest-src 'self'; base-uri 'none'; form-action 'none'; "
	    "frame-ancestors 'none'", h);
	if (b.oom) {
		buf_free(&b);
		return NULL;
	}
	buf_cstr(&b);
	return buf_detach(&b);
}

/*
 * Renders everything the website serves.  Returns the site, or NULL
 * with a message in err.
 */
struct site *
site_build(const struct app *app, char *err, size_t errlen)
{
	struct site *s;
	struct buf b;
	int	 pg, l, ok = 1;

	if ((s = calloc(1, sizeof(*s))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	buf_init(&b);
	for (pg = 0; pg < SITE_PAGE__MAX && ok; pg++)
		for (l = 0; l < LANG__MAX && ok; l++) {
			if (!site_page_published(app, pg))
				continue;
			ok = md_page(app, pg, l, &b) == 0 &&
			    keep(&s->md[pg][l], &b) == 0 &&
			    layout(app, pg, l, s->md[pg][l].data, &b) == 0 &&
			    keep(&s->html[pg][l], &b) == 0 &&
			    (s->link_md[pg][l] = link_value(app,
			    site_pages[pg].md_path[l], "text/markdown")) !=
			    NULL && (s->link_html[pg][l] = link_value(app,
			    site_pages[pg].path[l], "text/html")) != NULL;
		}
	for (l = 0; l < LANG__MAX && ok; l++) {
		md_not_found(app, l, &b);
		ok = keep(&s->nf_md[l], &b) == 0 &&
		    layout(app, -1, l, s->nf_md[l].data, &b) == 0 &&
		    keep(&s->nf_html[l], &b) == 0;
		if (ok) {
			agents_llms(app, l, &b);
			ok = keep(&s->doc[DOC_LLMS][l], &b) == 0;
		}
		if (ok) {
			agents_guide(app, l, &b);
			ok = keep(&s->doc[DOC_AGENTS][l], &b) == 0;
		}
		if (ok)
			ok = resume_build(app, l, &b) == 0 &&
			    keep(&s->doc[DOC_RESUME][l], &b) == 0;
	}
	if (ok) {
		agents_sitemap(app, &b);
		ok = keep(&s->doc[DOC_SITEMAP][LANG_ES], &b) == 0;
	}
	if (ok) {
		agents_robots(app, &b);
		ok = keep(&s->doc[DOC_ROBOTS][LANG_ES], &b) == 0;
	}
	if (ok)
		ok = agents_manifest(app, &b) == 0 &&
		    keep(&s->doc[DOC_MANIFEST][LANG_ES], &b) == 0;
	if (ok)
		ok = (s->csp = make_csp(app)) != NULL;
	buf_free(&b);
	if (!ok) {
		snprintf(err, errlen, "rendering the website pages failed "
		    "(out of memory)");
		site_free(s);
		return NULL;
	}
	return s;
}

void
site_free(struct site *s)
{
	int	 i, l;

	if (s == NULL)
		return;
	for (l = 0; l < LANG__MAX; l++) {
		for (i = 0; i < SITE_PAGE__MAX; i++) {
			enc_free(&s->md[i][l]);
			enc_free(&s->html[i][l]);
			free(s->link_md[i][l]);
			free(s->link_html[i][l]);
		}
		for (i = 0; i < SITE_DOC__MAX; i++)
			enc_free(&s->doc[i][l]);
		enc_free(&s->nf_md[l]);
		enc_free(&s->nf_html[l]);
	}
	free(s->csp);
	free(s);
}

static int
ends_with_md(const char *path)
{
	size_t	 n = strlen(path);

	return n > 3 && strcmp(path + n - 3, ".md") == 0;
}

/* The headers every HTML representation carries. */
static void
html_headers(struct response *r, const struct site *s)
{
	resp_header(r, "Content-Security-Policy", s->csp);
	resp_header(r, "Referrer-Policy", "no-referrer");
	resp_header(r, "X-Frame-Options", "DENY");
}

/* Answers with the variant of sb that Accept-Encoding prefers, or 304
 * when If-None-Match holds that variant's tag. */
static void
send_bytes(struct ctx *x, const struct site_bytes *sb)
{
	struct response *r = x->resp;

	resp_header(r, "X-Content-Type-Options", "nosniff");
	enc_answer(sb, x->req, r);
	if (r->status == 200 && resp_etag_matches(r, x->req->if_none_match)) {
		r->status = 304;
		buf_reset(&r->body);
	}
}

/*
 * A website page: markdown for a ".md" path or an Accept header that
 * prefers text/markdown, else HTML.  route->arg is the page.
 */
void
pages_page(struct ctx *x)
{
	const struct site *s = x->app->site;
	struct response *r = x->resp;
	int	 pg = x->route->arg, md;
	enum lang l = site_path_lang(x->route->path);

	if (!site_page_published(x->app, pg)) {
		pages_not_found(x);
		return;
	}
	md = ends_with_md(x->req->path) ||
	    req_accepts_markdown(x->req->accept);
	r->content_type = md ? TYPE_MARKDOWN : TYPE_HTML;
	r->cache_control = CACHE_PUBLIC;
	r->content_language = lang_code(l);
	resp_header(r, "Vary", "Accept");
	resp_header(r, "Link", md ? s->link_html[pg][l] : s->link_md[pg][l]);
	if (!md)
		html_headers(r, s);
	send_bytes(x, md ? &s->md[pg][l] : &s->html[pg][l]);
}

/* An agent or discovery file, the same whatever Accept says.
 * route->arg is the document. */
void
pages_doc(struct ctx *x)
{
	static const char *const types[SITE_DOC__MAX] = {
		[DOC_LLMS] = "text/plain; charset=utf-8",
		[DOC_AGENTS] = TYPE_MARKDOWN,
		[DOC_RESUME] = "application/json",
		[DOC_SITEMAP] = "application/xml; charset=utf-8",
		[DOC_ROBOTS] = "text/plain; charset=utf-8",
		[DOC_MANIFEST] = "application/manifest+json",
	};
	const struct site *s = x->app->site;
	struct response *r = x->resp;
	int	 d = x->route->arg;
	int	 per_lang = d == DOC_LLMS || d == DOC_AGENTS ||
	    d == DOC_RESUME;
	enum lang l = per_lang ? site_path_lang(x->route->path) : LANG_ES;

	r->content_type = types[d];
	r->cache_control = CACHE_PUBLIC;
	if (per_lang)
		r->content_language = lang_code(l);
	if (d == DOC_MANIFEST || d == DOC_RESUME)
		resp_header(r, "Access-Control-Allow-Origin", "*");
	send_bytes(x, &s->doc[d][l]);
}

/*
 * The 404 of every unknown path outside /api: markdown when asked for
 * (Accept or a ".md" path), else the HTML page.  English under /en/,
 * else by Accept-Language.
 */
void
pages_not_found(struct ctx *x)
{
	const struct site *s = x->app->site;
	struct response *r = x->resp;
	enum lang l;
	int	 md;

	resp_reset(r);
	l = site_path_lang(x->req->path) == LANG_EN ? LANG_EN :
	    req_negotiate_lang(x->req->accept_language);
	md = ends_with_md(x->req->path) ||
	    req_accepts_markdown(x->req->accept);
	r->status = 404;
	r->content_type = md ? TYPE_MARKDOWN : TYPE_HTML;
	r->cache_control = CACHE_404;
	r->content_language = lang_code(l);
	resp_header(r, "Vary", "Accept, Accept-Language");
	if (!md)
		html_headers(r, s);
	send_bytes(x, md ? &s->nf_md[l] : &s->nf_html[l]);
}

/*
 * The page route of a ".md" path: "/about.md" is /about, "/index.md"
 * and "/en/index.md" the homes.  Returns NULL when there is none.
 */
const struct route *
pages_match_md(const char *path, struct arena *a)
{
	const struct route *r;
	const char *slug;
	char	*stem;
	size_t	 n = strlen(path);

	if (!ends_with_md(path) ||
	    (stem = arena_strndup(a, path, n - 3)) == NULL ||
	    stem[n - 4] == '/')
		return NULL;
	if (strcmp(stem, "/index") == 0)
		stem[1] = '\0';
	else if (strcmp(stem, "/en/index") == 0)
		stem[4] = '\0';
	else if (strcmp(stem, "/") == 0 || strcmp(stem, "/en/") == 0)
		return NULL;
	r = route_match(stem, &slug, a);
	return r != NULL && r->kind == ROUTE_PAGE ? r : NULL;
}
