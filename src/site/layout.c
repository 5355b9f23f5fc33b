/*
 * layout.c: the HTML document around a page's markdown: head (title,
 * description, canonical and hreflang links, icon, manifest, link
 * previews, JSON-LD on the profile pages, the one inline style),
 * navigation with a language switch, the body rendered by cmark in
 * safe mode and the footer.  No scripts, no external assets.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmark.h>

#include "base/json.h"
#include "base/sha256.h"
#include "base/url.h"
#include "site/card.h"
#include "site/head.h"
#include "site/layout.h"
#include "site/markdown.h"


/*
 * The one inline style (its SHA-256 is in the CSP), before the
 * theme's variables (layout_style).  Light and dark by
 * prefers-color-scheme; one column on phones, the CV's section names
 * in a side column from 52rem; print on A4 without the navigation.
 */
static const char layout_css[] =
    ":root{color-scheme:light dark;--bg:" THEME_BG_LIGHT ";--fg:#1d1b19;"
    "--muted:#5c5650;--line:#e4ded6;--code:#f1ece5;--card:#f3efe8}"
    "@media (prefers-color-scheme:dark){:root{--bg:" THEME_BG_DARK ";"
    "--fg:#ece6de;--muted:#b3aaa0;--line:#3a332c;--code:#241f1a;"
    "--card:#1f1b16}}"
    "*{box-sizing:border-box}"
    "html{-webkit-text-size-adjust:100%;text-size-adjust:100%}"
    "body{margin:0;background:var(--bg);color:var(--fg);"
    "font:1.0625rem/1.65 var(--font)}"
    ".skip{position:absolute;inset-inline-start:-999rem}"
    ".skip:focus{position:static;display:block;padding:.5rem 1.25rem}"
    "header,main,footer{max-width:46rem;margin:0 auto;padding:0 1.25rem}"
    "main.wide,header,footer{max-width:62rem}"
    "header{border-bottom:1px solid var(--line)}main{overflow-wrap:break-word}"
    "nav ul{list-style:none;margin:0;padding:.6rem 0;display:flex;"
    "flex-wrap:wrap;gap:0 1.1rem}"
    "nav a{display:inline-block;padding:.3rem 0;white-space:nowrap;"
    "color:var(--fg);text-decoration:none}"
    "nav a:hover{color:var(--accent)}"
    "nav a[aria-current=page]{color:var(--accent);"
    "box-shadow:inset 0 -2px var(--accent)}"
    "nav .lang{margin-inline-start:auto}"
    "a{color:var(--accent);text-underline-offset:.15em}"
    "a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}"
    ".nw{white-space:nowrap}"
    "h1{font-size:clamp(1.6rem,7vw,2.3rem);line-height:1.15;"
    "margin:2.25rem 0 1rem;letter-spacing:-.01em}"
    "h2{font-size:1.3rem;line-height:1.3;margin:2.25rem 0 .5rem}"
    "h3{font-size:1.05rem;margin:1.75rem 0 .25rem;overflow-wrap:anywhere}"
    "h3 code{font-size:1em;background:none;padding:0}"
    "h3+p{margin-top:0}"
    "[dir=rtl] :is(a,code,time,bdi){unicode-bidi:plaintext}"
    "[dir=rtl] pre{direction:ltr;text-align:left}"
    "li{margin:.2rem 0}"
    "img{max-width:100%;height:auto}"
    "main p>img{display:block;width:8rem;height:8rem;object-fit:cover;"
    "border-radius:50%;background:var(--code)}"
    ".card{margin:2.25rem 0 1rem}"
    ".intro{display:flex;flex-wrap:wrap;align-items:center;"
    "gap:1rem 1.75rem}"
    ".intro img{width:8.5rem;height:8.5rem;object-fit:cover;"
    "border-radius:50%;background:var(--code);font-size:.75rem;"
    "box-shadow:0 0 0 4px var(--bg),0 0 0 5px var(--line)}"
    ".intro>div{flex:1 1 16rem;min-width:0}"
    ".intro h1{margin:0 0 .35rem}"
    ".intro p{margin:.1rem 0}"
    ".role{font-size:1.15rem;font-weight:600}"
    ".also,.where{color:var(--muted)}"
    ".lede{font-size:1.15rem;margin:1.25rem 0 .5rem}"
    "svg{width:1.05em;height:1.05em;flex:none;fill:none;"
    "stroke:currentColor;stroke-width:2;stroke-linecap:round;"
    "stroke-linejoin:round;vertical-align:-.15em;margin-inline-end:.35rem}"
    ".contact{list-style:none;padding:.6rem 0;margin:1rem 0;display:flex;"
    "flex-wrap:wrap;gap:.2rem 1.4rem;border-block:1px solid var(--line)}"
    ".contact li{display:flex;align-items:center;margin:0;"
    "overflow-wrap:anywhere}"
    ".contact svg{color:var(--muted)}"
    ".cv-pdf{margin:0 0 1rem;font-weight:600}"
    "blockquote{margin:.5rem 0 1rem;padding-inline-start:1rem;"
    "border-inline-start:3px solid var(--accent);color:var(--muted)}"
    "code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"
    "monospace;font-size:.88em;background:var(--code);padding:.1em .3em;"
    "border-radius:3px;overflow-wrap:anywhere}"
    "pre{background:var(--code);padding:.75rem 1rem;overflow-x:auto;"
    "border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere;"
    "border-inline-start:3px solid var(--line)}"
    "pre code{padding:0;background:none}"
    "h2{padding-bottom:.2rem;border-bottom:1px solid var(--line)}"
    ".page-home h2+ul{padding-inline-start:1.1rem}"
    ".page-project h1+ul{list-style:none;padding:.75rem 1rem;"
    "background:var(--card);border-radius:6px;border-inline-start:3px solid "
    "var(--accent)}"
    ".page-project h1+ul li{margin:.1rem 0}"
    "@media screen and (min-width:52rem){"
    ".sections{display:grid;grid-template-columns:10rem minmax(0,1fr);"
    "column-gap:2.5rem}"
    ".sections>*{grid-column:2;margin-top:0;margin-bottom:.6rem}"
    ".sections>h3{margin:1.4rem 0 .1rem}"
    ".sections>h2{grid-column:1;margin:1.9rem 0 0;border:0;padding:0;"
    "font-size:.8rem;line-height:1.9;text-transform:uppercase;"
    "letter-spacing:.09em;color:var(--muted);text-align:end}"
    ".sections>h2+*{margin-top:1.9rem}"
    ".sections>h2+h3{margin-top:1.9rem}}"
    "footer{margin-top:3rem;padding-top:1rem;padding-bottom:2.5rem;"
    "border-top:1px solid var(--line);color:var(--muted);font-size:.9rem}"
    "footer ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;"
    "gap:0 1rem}"
    "@media (max-width:30rem){nav ul{gap:0 .75rem;font-size:.95rem}"
    ".intro img{width:6.5rem;height:6.5rem}}"
    "@media print{header,footer,.skip{display:none}"
    "body{font:9pt/1.35 var(--font);background:#fff;color:#000}"
    "main,main.wide{max-width:none;padding:0}"
    "a{color:#000;text-decoration:none}"
    "main a[href^=http]::after{content:\" (\" attr(href) \")\";"
    "font-size:.8em;overflow-wrap:anywhere}"
    "main :is(h1,h2,h3) a[href]::after,.contact a::after{content:none}"
    "h1{font-size:16pt;margin:0 0 .1rem}"
    "h2{font-size:12pt;margin:.7rem 0 .15rem;break-after:avoid;"
    "border-bottom:1px solid #999}"
    "h3{font-size:9.5pt;margin:.4rem 0 0;break-after:avoid}"
    "p{margin:.1rem 0 .2rem}li{margin:0}ul{margin:.15rem 0}"
    "li,blockquote{break-inside:avoid}"
    "blockquote{margin:0 0 .3rem;padding-inline-start:.5rem}"
    "blockquote p{margin:0}main img{display:none}"
    ".card{margin:0}.contact{margin:.2rem 0;padding:.2rem 0;"
    "border-color:#999}.lede,.role{font-size:10pt}"
    "svg,.cv-pdf{display:none}"
    "@page{size:A4;margin:1.1cm 1.4cm}}";

/*
 * Appends the page's whole inline style: the layout's CSS, then the
 * variables of the owner's theme (settings.h, theme.h): the accent of
 * each colour scheme and the font stack.  The same bytes for every
 * page of a content load; pages.c hashes them for the CSP.
 */
void
layout_style(const struct app *app, struct buf *b)
{
	const struct theme *t = &app->settings->theme;

	buf_puts(b, layout_css);
	buf_printf(b, ":root{--accent:%s;--font:%s}"
	    "@media (prefers-color-scheme:dark){:root{--accent:%s}}",
	    t->accent[0], theme_font_css(t->font), t->accent[1]);
}

static void
html_url(struct buf *b, const struct app *app, const char *path)
{
	buf_markup_text(b, app->cfg->base_url);
	buf_markup_text(b, path);
}

/* Sets v to site page pg (-1: the 404 page), with its paths. */
void
layout_view_page(const struct app *app, struct view *v, int pg)
{
	int	 l;

	memset(v, 0, sizeof(*v));
	v->page = pg;
	for (l = 0; l < app->langs->n && pg >= 0; l++) {
		v->path[l] = site_page_path(app, pg, l);
		v->md_path[l] = site_page_md_path(app, pg, l);
	}
}

#define NOWRAP_MAX	16	/* hyphenated words of a name looked for */

/*
 * Appends len bytes of HTML s (from cmark: tags and escaped text) with
 * every hyphenated word of the name n in the text wrapped in
 * <span class="nw">, so that the name never breaks at its hyphen.
 * Text without such a word is copied in runs.
 */
static void
nowrap_words(struct buf *b, const char *s, size_t len, const char *n)
{
	const char *w[NOWRAP_MAX], *end, *stop = s + len, *run;
	size_t	 wl[NOWRAP_MAX], nw = 0, i;
	int	 tag = 0;

	for (; *n != '\0' && nw < NOWRAP_MAX; n = *end ? end + 1 : end) {
		end = n + strcspn(n, " ");
		if (memchr(n, '-', (size_t)(end - n)) != NULL) {
			w[nw] = n;
			wl[nw++] = (size_t)(end - n);
		}
	}
	for (run = s; s < stop; s++) {
		if (*s == '<')
			tag = 1;
		else if (*s == '>')
			tag = 0;
		if (tag)
			continue;
		for (i = 0; i < nw; i++)
			if (*s == *w[i] && (size_t)(stop - s) >= wl[i] &&
			    memcmp(s, w[i], wl[i]) == 0)
				break;
		if (i == nw)
			continue;
		buf_append(b, run, (size_t)(s - run));
		buf_puts(b, "<span class=\"nw\">");
		buf_append(b, s, wl[i]);
		buf_puts(b, "</span>");
		s += wl[i] - 1;
		run = s + 1;
	}
	buf_append(b, run, (size_t)(stop - run));
}

/* Appends n bytes of cmark's HTML s with its void elements written as
 * HTML, not XHTML ("<img ...>" for "<img ... />"; text has no raw ">"). */
static void
html_void(struct buf *b, const char *s, size_t n)
{
	const char *end = s + n, *p;

	while ((p = strstr(s, " />")) != NULL && p < end) {
		buf_append(b, s, (size_t)(p - s));
		buf_putc(b, '>');
		s = p + 3;
	}
	buf_append(b, s, (size_t)(end - s));
}

/*
 * The media file an <img> src value (n bytes, HTML-escaped) names, or
 * NULL: "BASE/media/NAME" or "/media/NAME", with or without a query.
 */
static const struct media_file *
img_media(const struct app *app, const char *base, size_t blen,
    const char *src, size_t n)
{
	char	 name[MEDIA_NAME_MAX + 1];
	size_t	 len;

	if (n > blen && memcmp(src, base, blen) == 0) {
		src += blen;
		n -= blen;
	}
	if (n <= sizeof(MEDIA_DIR) + 1 ||
	    memcmp(src, "/" MEDIA_DIR "/", sizeof(MEDIA_DIR) + 1) != 0)
		return NULL;
	src += sizeof(MEDIA_DIR) + 1;
	n -= sizeof(MEDIA_DIR) + 1;
	for (len = 0; len < n && src[len] != '?'; len++)
		continue;
	if (len > MEDIA_NAME_MAX)
		return NULL;
	memcpy(name, src, len);
	name[len] = '\0';
	return media_find(app->model->media, name);
}

/*
 * Appends the n bytes of cmark's HTML s with width and height given to
 * every <img> of a media file whose size is known (media.h), so that
 * the page keeps its layout while the image loads.
 */
static void
img_sizes(struct buf *b, const struct app *app, const char *s, size_t n)
{
	static const char tag[] = "<img src=\"";
	const struct media_file *f;
	const char *end = s + n, *p, *src, *q, *gt;
	struct buf base;

	buf_init(&base);
	buf_markup_text(&base, app->cfg->base_url);
	while ((p = memmem(s, (size_t)(end - s), tag, sizeof(tag) - 1)) !=
	    NULL) {
		src = p + sizeof(tag) - 1;
		if ((q = memchr(src, '"', (size_t)(end - src))) == NULL ||
		    (gt = memchr(q, '>', (size_t)(end - q))) == NULL)
			break;
		f = img_media(app, buf_cstr(&base), base.len, src,
		    (size_t)(q - src));
		buf_append(b, s, (size_t)(gt - s));
		if (f != NULL && f->width > 0)
			buf_printf(b, " width=\"%u\" height=\"%u\"",
			    f->width, f->height);
		s = gt;
	}
	buf_append(b, s, (size_t)(end - s));
	if (base.oom)
		b->oom = 1;
	buf_free(&base);
}

/* Appends cmark's HTML h with the name kept whole (its hyphenated
 * words never break at the hyphen), the media images' sizes and
 * rel="me" on the links to the owner's profiles. */
static void
body_html(struct buf *b, const struct app *app, const char *h,
    const char *name)
{
	struct buf n, t, u, r;

	size_t	 len = strlen(h);

	/* Each pass into a buffer of about its input's size, freed once
	 * the next pass has read it: a CV page of 5 MB at 1,000 items per
	 * collection held four copies grown by doubling (37 MB). */
	buf_init(&n);
	buf_init(&t);
	buf_init(&u);
	buf_init(&r);
	buf_markup_text(&n, name);
	if (buf_reserve(&t, len + len / 16) == 0)
		html_void(&t, h, len);
	if (buf_reserve(&u, t.len + t.len / 16) == 0)
		img_sizes(&u, app, buf_cstr(&t), t.len);
	if (t.oom)
		u.oom = 1;
	buf_free(&t);
	if (buf_reserve(&r, u.len + u.len / 16) == 0)
		card_rel_me(app, buf_cstr(&u), u.len, &r);
	if (u.oom)
		r.oom = 1;
	buf_free(&u);
	if (buf_reserve(b, r.len + r.len / 16) == 0)
		nowrap_words(b, buf_cstr(&r), r.len, buf_cstr(&n));
	if (n.oom || r.oom)
		b->oom = 1;
	buf_free(&n);
	buf_free(&r);
}

#define TITLE_MAX	70	/* characters a title shows in search results */

/* Appends the page's <title> text (without the element); an item's
 * page leaves the name out when both would not fit in TITLE_MAX. */
static void
page_title(struct buf *b, const struct app *app, const struct view *v,
    enum lang l, const char *md)
{
	const char *name = json_str(app->model->profile.obj[l], "name");
	struct buf t;

	if (v->page == SITE_HOME && !v->item) {
		buf_puts(b, name);
		return;
	}
	buf_init(&t);
	site_md_title(&t, md);
	if (strcmp(buf_cstr(&t), name) == 0)
		buf_puts(b, site_page_label(app, v->page, l));
	else
		buf_puts(b, buf_cstr(&t));
	if (!v->item || utf8_count(buf_cstr(&t), strlen(buf_cstr(&t))) +
	    utf8_count(name, strlen(name)) + 3 <= TITLE_MAX)
		buf_printf(b, " · %s", name);
	if (t.oom)
		b->oom = 1;
	buf_free(&t);
}

/* Appends the page's description (plain text). */
static void
page_description(struct buf *b, const struct app *app, const struct view *v,
    enum lang l)
{
	const cJSON *prof = app->model->profile.obj[l];

	if (v->description != NULL)
		buf_puts(b, v->description);
	else if (v->page == SITE_HOME)
		buf_puts(b, json_str(prof, "headline"));
	else if (v->page < 0)
		buf_puts(b, LBL(app, l, "nf.description"));
	else
		buf_printf(b, "%s: %s.", json_str(prof, "name"),
		    site_page_summary(app, v->page, l));
}

/* Appends the links of the head: canonical, alternates, icon, manifest. */
static void
head_links(struct buf *b, const struct app *app, const struct view *v,
    enum lang l)
{
	const struct media_file *fav;
	char	 url[MD_URL_MAX];
	int	 a;

	if (v->page < 0 || v->noindex)
		buf_puts(b, "<meta name=\"robots\" content=\"noindex\">\n");
	if (v->page >= 0) {
		buf_puts(b, "<link rel=\"canonical\" href=\"");
		html_url(b, app, v->path[l]);
		buf_puts(b, "\">\n");
		for (a = 0; a < app->langs->n; a++) {
			buf_printf(b, "<link rel=\"alternate\" hreflang=\"%s\" "
			    "href=\"", lang_code(app->langs, (enum lang)a));
			html_url(b, app, v->path[a]);
			buf_puts(b, "\">\n");
		}
		buf_puts(b, "<link rel=\"alternate\" hreflang=\"x-default\" "
		    "href=\"");
		html_url(b, app, v->path[LANG_DEFAULT]);
		buf_puts(b, "\">\n<link rel=\"alternate\" "
		    "type=\"text/markdown\" href=\"");
		html_url(b, app, v->md_path[l]);
		buf_puts(b, "\">\n");
	}
	if ((fav = app->model->media->favicon) != NULL) {
		/* The content's own (media.h), fingerprinted. */
		buf_printf(b, "<link rel=\"icon\" type=\"%s\" href=\"",
		    fav->type->type);
		buf_markup_text(b, media_url(fav, app->cfg->base_url, url,
		    sizeof(url)));
	} else {
		buf_puts(b, "<link rel=\"icon\" type=\"image/svg+xml\" "
		    "href=\"");
		html_url(b, app, site_doc_path(DOC_ICON));
	}
	buf_puts(b, "\">\n<link rel=\"manifest\" href=\"");
	html_url(b, app, site_doc_path(DOC_MANIFEST));
	buf_puts(b, "\">\n");
}

/* Appends <head>, its contents and the opening <body>. */
static int
page_head(const struct app *app, const struct view *v, enum lang l,
    const char *md, struct buf *b)
{
	struct head_preview pv;
	struct buf title, desc;
	int	 a, rc = 0;

	buf_init(&title);
	buf_init(&desc);
	page_title(&title, app, v, l, md);
	page_description(&desc, app, v, l);
	buf_printf(b, "<!DOCTYPE html>\n<html lang=\"%s\"%s>\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\">\n<title>",
	    lang_code(app->langs, l), labels_rtl(app->labels, l) ?
	    " dir=\"rtl\"" : "");
	buf_markup_text(b, buf_cstr(&title));
	buf_puts(b, "</title>\n<meta name=\"description\" content=\"");
	buf_markup_text(b, buf_cstr(&desc));
	buf_puts(b, "\">\n<meta name=\"color-scheme\" content=\"light dark\">"
	    "\n");
	head_links(b, app, v, l);
	head_identity(app, b);
	if (v->page >= 0) {
		memset(&pv, 0, sizeof(pv));
		pv.title = buf_cstr(&title);
		pv.description = buf_cstr(&desc);
		for (a = 0; a < app->langs->n; a++)
			pv.path[a] = v->path[a];
		pv.profile = !v->item && (v->page == SITE_HOME ||
		    v->page == SITE_CV);
		head_preview(app, &pv, l, b);
	}
	buf_puts(b, "<style>");
	layout_style(app, b);
	buf_puts(b, "</style>\n");
	/* The person's structured data: the home's and the full CV's (a
	 * variant's would name what the variant leaves out). */
	if (!v->item && v->variant == NULL && (v->page == SITE_HOME ||
	    v->page == SITE_CV))
		rc = head_json_ld(app, v->path[l], l, b);
	if (title.oom || desc.oom)
		rc = -1;
	buf_free(&title);
	buf_free(&desc);
	return rc;
}

/* Appends the site navigation; the language links (none on a
 * single-language site) go to the other languages' versions of the
 * page. */
static void
page_nav(const struct app *app, const struct view *v, enum lang l,
    struct buf *b)
{
	const char *code;
	int	 pg, other, i;

	/* Labels are the owner's text (CONTENT/labels): escaped. */
	buf_puts(b, "<a class=\"skip\" href=\"#main\">");
	buf_markup_text(b, LBL(app, l, "nav.skip"));
	buf_puts(b, "</a>\n<header>\n<nav aria-label=\"");
	buf_markup_text(b, LBL(app, l, "nav.main"));
	buf_puts(b, "\">\n<ul>\n");
	for (i = 0; i < app->paths->n; i++) {
		if (app->paths->place[pg = app->paths->order[i]] != PAGE_NAV)
			continue;
		buf_puts(b, "<li><a href=\"");
		html_url(b, app, site_page_path(app, pg, l));
		buf_puts(b, pg == v->page && !v->item ?
		    "\" aria-current=\"page\">" : "\">");
		buf_markup_text(b, site_page_label(app, pg, l));
		buf_puts(b, "</a></li>\n");
	}
	for (other = 0; other < app->langs->n; other++) {
		if (other == (int)l)
			continue;
		code = lang_code(app->langs, (enum lang)other);
		buf_puts(b, "<li class=\"lang\"><a href=\"");
		html_url(b, app, v->page < 0 ? site_page_path(app, SITE_HOME,
		    (enum lang)other) : v->path[other]);
		buf_printf(b, "\" hreflang=\"%s\" lang=\"%s\"%s>", code, code,
		    labels_rtl(app->labels, (enum lang)other) ==
		    labels_rtl(app->labels, l) ? "" : labels_rtl(app->labels,
		    (enum lang)other) ? " dir=\"rtl\"" : " dir=\"ltr\"");
		buf_markup_text(b, labels_own_name(app->labels,
		    (enum lang)other));
		buf_puts(b, "</a></li>\n");
	}
	buf_puts(b, "</ul>\n</nav>\n</header>\n");
}

/* Appends the footer: name, licence, the footer pages, the twins. */
static void
page_footer(const struct app *app, const struct view *v, enum lang l,
    struct buf *b)
{
	const char *name = json_str(app->model->profile.obj[l], "name");
	char	 tmp[64];
	int	 pg, i;

	buf_puts(b, "<footer>\n<p>");
	buf_puts(b, strchr(name, '-') != NULL ? "<span class=\"nw\">" :
	    "<span>");
	buf_markup_text(b, name);
	buf_puts(b, "</span>");
	if (app->settings->licence.name != NULL) {
		buf_markup_text(b, LBL(app, l, "cite.stop"));
		buf_markup_text(b, LBL(app, l, "footer.licence"));
		buf_puts(b, " <a href=\"");
		buf_markup_text(b, app->settings->licence.url[l]);
		buf_puts(b, "\">");
		buf_markup_text(b, app->settings->licence.name);
		buf_puts(b, "</a>");
	}
	buf_markup_text(b, LBL(app, l, "cite.stop"));
	buf_markup_text(b, LBL(app, l, "footer.no_tracking"));
	buf_puts(b, "</p>\n<ul>\n");
	for (i = 0; i < app->paths->n; i++) {
		if (app->paths->place[pg = app->paths->order[i]] !=
		    PAGE_FOOTER)
			continue;
		buf_puts(b, "<li><a href=\"");
		html_url(b, app, site_page_path(app, pg, l));
		buf_puts(b, "\">");
		buf_markup_text(b, site_page_label(app, pg, l));
		buf_puts(b, "</a></li>\n");
	}
	if (v->page >= 0) {
		buf_puts(b, "<li><a href=\"");
		html_url(b, app, v->md_path[l]);
		buf_puts(b, "\">");
		buf_markup_text(b, LBL(app, l, "footer.markdown"));
		buf_puts(b, "</a></li>\n");
	}
	buf_puts(b, "<li><a href=\"");
	html_url(b, app, LPATH(app, l, site_doc_path(DOC_LLMS)));
	buf_puts(b, "\">llms.txt</a></li>\n<li><a href=\"");
	html_url(b, app, LPATH(app, l, site_doc_path(DOC_AGENTS)));
	buf_puts(b, "\">agents.md</a></li>\n<li><a href=\"");
	html_url(b, app, "/api/v1/health");
	buf_puts(b, "\">");
	buf_markup_text(b, LBL(app, l, "footer.api_status"));
	buf_puts(b, "</a></li>\n</ul>\n</footer>\n");
}

/* Appends the owner's card (card.h) of page v with the name kept
 * whole. */
static void
card_body(const struct app *app, const struct view *v, enum lang l,
    struct buf *b)
{
	struct card_cv cv;
	struct buf c, n;

	memset(&cv, 0, sizeof(cv));
	cv.variant = v->variant;
	cv.pdf = v->variant != NULL ? v->variant_pdf : app->cv_pdf[l];
	cv.others = v->page == SITE_CV && v->variant == NULL;
	buf_init(&c);
	buf_init(&n);
	card_html(app, &cv, l, &c);
	buf_markup_text(&n, json_str(app->model->profile.obj[l], "name"));
	nowrap_words(b, buf_cstr(&c), c.len, buf_cstr(&n));
	if (c.oom || n.oom)
		b->oom = 1;
	buf_free(&c);
	buf_free(&n);
}

/*
 * The HTML of a CV's sections from doc (struct view's cv_doc): a CV
 * page's markdown is the one its PDF and text are made from from its
 * first section on (only the full CV's page lists the variants, under
 * its head), so it is what doc renders from its first level-2 heading,
 * the first "<h2>": no text before it renders as one (markdown.c
 * escapes every '<').  malloc'd; NULL out of memory.
 */
static char *
sections_html(cmark_node *doc)
{
	char	*html, *h2;

	if ((html = cmark_render_html(doc, CMARK_OPT_DEFAULT |
	    CMARK_OPT_SAFE)) == NULL)
		return NULL;
	if ((h2 = strstr(html, "<h2>")) == NULL)
		*html = '\0';
	else
		memmove(html, h2, strlen(h2) + 1);
	return html;
}

/*
 * Appends the HTML of a CV page's sections, rest (its markdown from the
 * first "## " on), one section at a time (md_section): cmark's tree and
 * output, and body_html's passes, then hold one section, not the whole
 * CV (at 1,000 items per collection 30 MB and more for a page of 5 MB,
 * on each of a load's two threads at once).  Returns 0, or -1 out of
 * memory.
 */
static int
cv_sections_html(struct buf *b, const struct app *app, const char *rest,
    const char *name)
{
	size_t	 n = strlen(rest), k;
	char	*h;

	for (; n > 0; rest += k, n -= k) {
		k = md_section(rest, n);
		if ((h = cmark_markdown_to_html(rest, k, CMARK_OPT_DEFAULT |
		    CMARK_OPT_SAFE)) == NULL)
			return -1;
		body_html(b, app, h, name);
		free(h);
	}
	return b->oom ? -1 : 0;
}

/*
 * Appends the whole HTML document of the page v whose markdown is md.
 * Returns 0, or -1 on failure.
 */
int
layout(const struct app *app, const struct view *v, enum lang l,
    const char *md, struct buf *b)
{
	const char *cls = "", *rest = md, *name;
	char	*body;
	int	 card;

	if (page_head(app, v, l, md, b) == -1)
		return -1;
	name = json_str(app->model->profile.obj[l], "name");
	buf_puts(b, "</head>\n<body>\n");
	page_nav(app, v, l, b);
	card = !v->item && (v->page == SITE_HOME || v->page == SITE_CV);
	if (v->item && v->page == SITE_PROJECTS)
		cls = " class=\"page-project\"";
	else if (card)
		cls = v->page == SITE_HOME ? " class=\"wide page-home\"" :
		    " class=\"wide page-cv\"";
	buf_printf(b, "<main id=\"main\"%s>\n", cls);
	if (card) {
		/* The card says what the markdown says before its first
		 * section; the sections follow, the CV's beside their
		 * names. */
		card_body(app, v, l, b);
		rest = (rest = strstr(md, "\n## ")) != NULL ? rest + 1 : "";
		buf_puts(b, v->page == SITE_CV ? "<div class=\"sections\">\n" :
		    "<div>\n");
	}
	if (card && v->page == SITE_CV && v->cv_doc == NULL) {
		if (cv_sections_html(b, app, rest, name) == -1)
			return -1;
	} else {
		if (v->cv_doc != NULL && card)
			body = sections_html(v->cv_doc);
		else
			body = cmark_markdown_to_html(rest, strlen(rest),
			    CMARK_OPT_DEFAULT | CMARK_OPT_SAFE);
		if (body == NULL)
			return -1;
		body_html(b, app, body, name);
		free(body);
	}
	if (card)
		buf_puts(b, "</div>\n");
	buf_puts(b, "</main>\n");
	page_footer(app, v, l, b);
	buf_puts(b, "</body>\n</html>\n");
	return b->oom ? -1 : 0;
}

/*
 * The Content-Security-Policy of every page: the inline style allowed
 * by its SHA-256 hash (the theme's too: per content load), a portrait
 * on another host by its origin.  malloc'd; NULL out of memory.
 */
char *
layout_csp(const struct app *app)
{
	unsigned char d[SHA256_LEN];
	char	 h[64], origin[256];
	const char *image, *o = NULL;
	struct buf b;

	/* A portrait on another host: its origin too (one of media/ is
	 * 'self'). */
	image = json_str(app->model->profile.obj[LANG_DEFAULT], "image");
	if (*image != '\0' && app->model->media->portrait == NULL)
		o = url_origin(image, origin, sizeof(origin));
	buf_init(&b);
	layout_style(app, &b);	/* the theme's too: per content load */
	if (b.oom) {
		buf_free(&b);
		return NULL;
	}
	sha256(buf_cstr(&b), b.len, d);
	buf_reset(&b);
	if (base64_encode(d, sizeof(d), h, sizeof(h)) == -1) {
		buf_free(&b);
		return NULL;
	}
	buf_printf(&b, "default-src 'none'; style-src 'sha256-%s'; "
	    "img-src 'self'%s%s; connect-src 'self'; manifest-src 'self'; "
	    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'", h,
	    o != NULL ? " " : "", o != NULL ? o : "");
	if (b.oom) {
		buf_free(&b);
		return NULL;
	}
	buf_cstr(&b);
	return buf_detach(&b);
}
