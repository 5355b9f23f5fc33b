/*
 * pages.c: HTML pages, markdown negotiation, the 404 page and the
 * agent files, all rendered once by site_build (the HTML document
 * around a page's markdown is layout.c's).
 *
 * A page's HTML is its markdown rendered by cmark in safe mode (raw
 * HTML and dangerous URLs are dropped) inside one layout: language,
 * title, description, canonical and hreflang links, navigation with a
 * language switch, inline CSS (light and dark) and, on the home page,
 * schema.org Person JSON-LD.  No scripts, no external assets, no
 * cookies.  The Content-Security-Policy allows exactly the inline
 * style, by its SHA-256 hash (layout_csp).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmark.h>

#include "base/json.h"
#include "base/phase.h"
#include "core/errors.h"
#include "site/agents.h"
#include "content/settings.h"
#include "site/cv.h"
#include "site/cv_text.h"
#include "site/discovery.h"
#ifdef HAVE_PDF
#include "site/cv_pdf.h"
#endif
#include "site/head.h"
#include "site/layout.h"
#include "site/pages.h"
#include "site/portal.h"
#include "site/resume.h"
#include "site/vcard.h"

#define TYPE_HTML	"text/html; charset=utf-8"
#define TYPE_MARKDOWN	"text/markdown; charset=utf-8"
#define TYPE_PDF	"application/pdf"
#define CACHE_404	"public, max-age=60"
/* A media file under its fingerprinted URL (pages_media). */
#define CACHE_IMMUTABLE	"public, max-age=31536000, immutable"
/* An SVG opened as a document runs no script and loads nothing. */
#define CSP_SVG		"default-src 'none'; style-src 'unsafe-inline'; " \
			    "sandbox"

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
send_bytes(struct ctx *x, const struct rendered *sb)
{
	struct response *r = x->resp;

	resp_header(r, "X-Content-Type-Options", "nosniff");
	if (enc_answer(sb, x->req, r) == -1) {
		err_send(x, ERR_INTERNAL, "Retry the request later.",
		    "The answer could not be decompressed.");
		return;
	}
	if (r->status == 200 && resp_etag_matches(r, x->req->if_none_match)) {
		r->status = 304;
		resp_drop_body(r);
	}
}

/*
 * A website page: markdown for a ".md" path or an Accept header that
 * prefers text/markdown, else HTML.  route->arg is the page, or -1 for
 * the owner's pages: the one found by the name in x->slug.
 */
void
pages_page(struct ctx *x)
{
	const struct site *s = x->app->site;
	struct response *r = x->resp;
	int	 pg = x->route->arg, md;
	enum lang l = x->lang;

	if (pg == -1)
		pg = x->slug != NULL ? site_owner_find(x->app, x->slug) : -1;
	if (!site_page_published(x->app, pg)) {
		pages_not_found(x);
		return;
	}
	md = ends_with_md(x->req->path) ||
	    req_accepts_markdown(x->req->accept);
	r->content_type = md ? TYPE_MARKDOWN : TYPE_HTML;
	r->cache_control = CACHE_PUBLIC;
	r->content_language = lang_code(x->app->langs, l);
	resp_header(r, "Vary", "Accept");
	resp_header(r, "Link", md ? s->link_html[pg][l] : s->link_md[pg][l]);
	if (!md)
		html_headers(r, s);
	send_bytes(x, md ? &s->md[pg][l] : &s->html[pg][l]);
}

/* A document of SITE_DOCS, the same whatever Accept says: route->arg
 * is the document, its row says how to serve it. */
void
pages_doc(struct ctx *x)
{
	const struct site *s = x->app->site;
	struct response *r = x->resp;
	int	 d = x->route->arg;
	unsigned f = site_docs[d].flags;
	enum lang l = f & DOC_PER_LANG ? x->lang : LANG_DEFAULT;
	int	 n;

	r->content_type = site_docs[d].type;
	r->cache_control = CACHE_PUBLIC;
	if (f & DOC_PER_LANG)
		r->content_language = lang_code(x->app->langs, l);
	if (f & DOC_CORS)
		resp_header(r, "Access-Control-Allow-Origin", "*");
	if (f & DOC_CATALOG_LINK)	/* RFC 9727, 2: on GET and HEAD */
		resp_header(r, "Link", arena_printf(x->arena,
		    DISCOVERY_LINK_CATALOG,
		    x->app->cfg->base_url, site_doc_path(d)));
	if (f & DOC_PER_REQUEST) {	/* security.txt: its Expires */
		if (site_doc_render(x->app, d, l, &r->body) != 0) {
			buf_reset(&r->body);
			pages_not_found(x);
			return;
		}
		resp_header(r, "X-Content-Type-Options", "nosniff");
		return;
	}
	if (s->doc[d][l].data == NULL && s->doc[d][l].cdata[CODING_GZIP] ==
	    NULL) {		/* not made this load: the CV's PDF */
		pages_not_found(x);
		return;
	}
	if (f & DOC_REDIRECT) {	/* the builder wrote where to */
		const char *to = s->doc[d][l].data != NULL ?
		    s->doc[d][l].data : "";

		n = (int)strcspn(to, "\n");
		r->status = 301;
		resp_header(r, "Location", arena_printf(x->arena, "%s%.*s",
		    x->app->cfg->base_url, n, to));
	}
	send_bytes(x, &s->doc[d][l]);
}

/*
 * A variant of the CV (site.json's cv_variants), pre-rendered by
 * build_variant: route "/cv/{slug}" (arg 0), the slug the variant's
 * name, then nothing (HTML, or markdown by Accept), ".md", ".pdf" or
 * ".txt"; route "/resume/{slug}" (arg 1), the name then ".json".  An
 * unknown name or suffix, or a PDF not made, is the site's 404.  An
 * unlisted variant's every form says X-Robots-Tag: noindex.
 */
void
pages_cv_variant(struct ctx *x)
{
	static const struct {
		const char *suffix;
		enum cv_form form;
	} forms[] = {
		{ ".md", CV_FORM_MD }, { ".pdf", CV_FORM_PDF },
		{ ".txt", CV_FORM_TXT },
	};
	const struct site *s = x->app->site;
	const struct cv_variant *cv;
	const struct site_variant *sv;
	const struct rendered *sb;
	struct response *r = x->resp;
	const char *slug = x->slug != NULL ? x->slug : "", *dot;
	enum cv_form f = x->route->arg == 1 ? CV_FORM_RESUME : CV_FORM_PAGE;
	enum lang l = x->lang;
	size_t	 i, n = strlen(slug);

	if ((dot = strrchr(slug, '.')) != NULL) {
		n = (size_t)(dot - slug);
		for (i = 0; f == CV_FORM_PAGE && i < sizeof(forms) /
		    sizeof(forms[0]); i++)
			if (strcmp(dot, forms[i].suffix) == 0)
				f = forms[i].form;
		if (f == CV_FORM_PAGE || (f == CV_FORM_RESUME &&
		    strcmp(dot, ".json") != 0))
			f = CV_FORM__MAX;
	} else if (f == CV_FORM_RESUME)
		f = CV_FORM__MAX;
	if (f == CV_FORM__MAX || (cv = settings_variant_find(
	    &x->app->settings->cv_variants, slug, n)) == NULL) {
		pages_not_found(x);
		return;
	}
	sv = &s->var[cv - x->app->settings->cv_variants.v];
	if (f == CV_FORM_PAGE && req_accepts_markdown(x->req->accept))
		f = CV_FORM_MD;
	sb = &sv->form[f][l];
	if (sb->data == NULL && sb->cdata[CODING_GZIP] == NULL) {
		pages_not_found(x);	/* a PDF not made this load */
		return;
	}
	r->cache_control = CACHE_PUBLIC;
	r->content_language = lang_code(x->app->langs, l);
	if (!cv->listed)
		resp_header(r, "X-Robots-Tag", "noindex");
	switch (f) {
	case CV_FORM_PAGE:
	case CV_FORM_MD:
		r->content_type = f == CV_FORM_MD ? TYPE_MARKDOWN : TYPE_HTML;
		resp_header(r, "Vary", "Accept");
		resp_header(r, "Link", f == CV_FORM_MD ? sv->link_html[l] :
		    sv->link_md[l]);
		if (f == CV_FORM_PAGE)
			html_headers(r, s);
		break;
	case CV_FORM_PDF:
		r->content_type = TYPE_PDF;
		break;
	case CV_FORM_TXT:
		r->content_type = site_docs[DOC_CV_TXT].type;
		break;
	default:
		r->content_type = site_docs[DOC_RESUME].type;
		resp_header(r, "Access-Control-Allow-Origin", "*");
		break;
	}
	send_bytes(x, sb);
}

/*
 * A file of the content's media/ directory (media.h): route
 * "/media/{slug}", the slug its name, looked up in the set read at
 * content load (never a path: a name the set lacks, "..", a dot-file,
 * is the site's 404).  Its type is its extension's, its tag a hash of
 * its bytes (handle_site answers If-None-Match with a 304), its bytes
 * sent as they are (images are compressed already: no other coding,
 * no Vary).  The pages link to the fingerprinted URL "?v=FP" (the
 * tag's first 8 hex digits), which is a new URL whenever the file
 * changes, so that it may be kept a year unchanged (CACHE_IMMUTABLE);
 * any other URL of the file (none, another or a stale ?v=) is kept as
 * long as a page and then revalidated.  An SVG is served with a CSP
 * that sandboxes it when opened as a document.
 */
void
pages_media(struct ctx *x)
{
	const struct media_file *f;
	struct response *r = x->resp;
	const char *q = x->req->query != NULL ? x->req->query : "";

	if ((f = media_find(x->app->model->media, x->slug != NULL ?
	    x->slug : "")) == NULL) {
		pages_not_found(x);
		return;
	}
	r->content_type = f->type->type;
	r->cache_control = strncmp(q, "v=", 2) == 0 &&
	    strcmp(q + 2, f->fp) == 0 ? CACHE_IMMUTABLE : CACHE_PUBLIC;
	memcpy(r->etag, f->etag, sizeof(r->etag));
	resp_header(r, "X-Content-Type-Options", "nosniff");
	if (f->type->kind == MEDIA_SVG)
		resp_header(r, "Content-Security-Policy", CSP_SVG);
	r->kept = f->data;
	r->kept_len = f->len;
}

/* pages_project's answer for its item it, in markdown with md. */
static void
project_answer(struct ctx *x, const struct item *it, int md)
{
	const struct app *app = x->app;
	struct response *r = x->resp;
	char	 path[LANG__MAX][256], mdp[LANG__MAX][256];
	struct view v;
	struct buf m;
	enum lang l = x->lang;
	char	*link;
	int	 k;

	layout_view_page(app, &v, SITE_PROJECTS);
	v.item = 1;
	for (k = 0; k < app->langs->n; k++) {
		v.path[k] = cv_project_path(app, k, it->slug, 0, path[k],
		    sizeof(path[k]));
		v.md_path[k] = cv_project_path(app, k, it->slug, 1, mdp[k],
		    sizeof(mdp[k]));
	}
	v.description = json_str(it->obj[l], "description");
	md = md || req_accepts_markdown(x->req->accept);
	r->content_type = md ? TYPE_MARKDOWN : TYPE_HTML;
	r->cache_control = CACHE_PUBLIC;
	r->content_language = lang_code(app->langs, l);
	resp_header(r, "Vary", "Accept");
	buf_init(&m);
	discovery_page_link(app, SITE_PROJECTS, md ? v.path[l] :
	    v.md_path[l], md ? "text/html" : "text/markdown", !md, &m);
	link = m.oom ? NULL : arena_strndup(x->arena, buf_cstr(&m), m.len);
	buf_free(&m);
	if (link == NULL) {
		r->body.oom = 1;	/* handle_site: a 500 */
		return;
	}
	resp_header(r, "Link", link);
	if (!md)
		html_headers(r, app->site);
	resp_header(r, "X-Content-Type-Options", "nosniff");
	if (md) {
		cv_project(app, it, l, &r->body);
		return;
	}
	buf_init(&m);
	cv_project(app, it, l, &m);
	if (m.oom || buf_cstr(&m) == NULL ||
	    layout(app, &v, l, m.data, &r->body) == -1)
		r->body.oom = 1;
	buf_free(&m);
}


/*
 * A project's page: route ".../projects/{slug}", the slug ending in
 * ".md" for the markdown twin.  An unknown slug is the site's 404.
 *
 * Rendered per request, unlike the other pages: there is one per
 * project in every language, so keeping them all rendered would make
 * start-up and memory grow with the content (at 1,000 projects, 1.2 s
 * and 25 MB more: docs/performance.md, "Scale").  One costs tens of
 * microseconds, its item's objects parsed (content.h) included; like
 * every answer rendered per request, it is compressed only from
 * encoding.h's ENC_DYNAMIC_MIN bytes, and its tag is the hash of its
 * bytes (handle_site sets it and answers If-None-Match).
 */
void
pages_project(struct ctx *x)
{
	const struct app *app = x->app;
	const struct item *found;
	struct item one;
	struct response *r = x->resp;
	const char *slug = x->slug != NULL ? x->slug : "";
	enum lang l = x->lang;
	int	 md = 0;

	if (ends_with_md(slug)) {
		md = 1;
		if ((slug = arena_strndup(x->arena, slug,
		    strlen(slug) - 3)) == NULL) {
			r->body.oom = 1;	/* handle_site: a 500 */
			return;
		}
	}
	if ((found = content_find(app->model, COLL_PROJECTS, slug)) == NULL) {
		pages_not_found(x);
		return;
	}
	/* Its objects: the load's, or parsed from their print once the
	 * load dropped them (content.h); else a 500 (handle_site). */
	if (found->obj[l] != NULL)
		project_answer(x, found, md);
	else if (content_item_parse(found, &one) == -1)
		r->body.oom = 1;
	else {
		project_answer(x, &one, md);
		content_item_unparse(&one);
	}
}

/*
 * The 404 of every unknown path outside /api: markdown when asked for
 * (Accept or a ".md" path), else the HTML page.  Under "/CODE/" in
 * that language, else by Accept-Language.
 */
void
pages_not_found(struct ctx *x)
{
	const struct site *s = x->app->site;
	struct response *r = x->resp;
	enum lang l;
	int	 md;

	resp_reset(r);
	if ((l = site_path_lang(x->app, x->req->path, NULL)) == LANG_DEFAULT)
		l = req_negotiate_lang(x->req->accept_language,
		    x->app->langs);
	md = ends_with_md(x->req->path) ||
	    req_accepts_markdown(x->req->accept);
	r->status = 404;
	r->content_type = md ? TYPE_MARKDOWN : TYPE_HTML;
	r->cache_control = CACHE_404;
	r->content_language = lang_code(x->app->langs, l);
	resp_header(r, "Vary", "Accept, Accept-Language");
	if (!md)
		html_headers(r, s);
	send_bytes(x, md ? &s->nf_md[l] : &s->nf_html[l]);
}

/*
 * The page route of a ".md" path (without its language prefix):
 * "/about.md" is /about, "/index.md" the home, "/talks.md" the owner's
 * page talks (its name in *slug).  Returns NULL when there is none.
 */
const struct route *
pages_match_md(const char *path, const char **slug, struct arena *a)
{
	const struct route *r;
	char	*stem;
	size_t	 n = strlen(path);

	if (!ends_with_md(path) ||
	    (stem = arena_strndup(a, path, n - 3)) == NULL ||
	    stem[n - 4] == '/')
		return NULL;
	if (strcmp(stem, "/index") == 0)
		stem[1] = '\0';
	else if (strcmp(stem, "/") == 0)
		return NULL;
	r = route_match(stem, slug, a);
	return r != NULL && r->kind == ROUTE_PAGE ? r : NULL;
}
