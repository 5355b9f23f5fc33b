/*
 * card.c: the owner's card (card.h), written as HTML from the profile
 * in the page's language, and rel="me" on the links to the owner's
 * profiles in the rest of a page.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "base/json.h"
#include "content/settings.h"
#include "site/card.h"
#include "site/cv.h"
#include "content/media.h"

/* The icons' drawings (24 by 24, stroked with the text's colour). */
static const char *const icon_mail =
    "<rect x=\"3\" y=\"5\" width=\"18\" height=\"14\" rx=\"2\"/>"
    "<path d=\"m3 7 9 6 9-6\"/>";
static const char *const icon_phone =
    "<path d=\"M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 "
    "1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2\"/>";
static const char *const icon_web =
    "<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M3 12h18M12 3a14 14 "
    "0 0 1 0 18M12 3a14 14 0 0 0 0 18\"/>";
static const char *const icon_place =
    "<path d=\"M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11z\"/>"
    "<circle cx=\"12\" cy=\"10\" r=\"2.5\"/>";
static const char *const icon_file =
    "<path d=\"M14 3H6v18h12V7z\"/><path d=\"M14 3v4h4M12 11v6m-3-3 3 3 "
    "3-3\"/>";
static const char *const icon_link =
    "<path d=\"M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1\"/>"
    "<path d=\"M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1\"/>";

/* Appends an icon, hidden from assistive technology. */
static void
icon(struct buf *b, const char *drawing)
{
	buf_printf(b, "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\">%s"
	    "</svg>", drawing);
}

/* Appends <span class="cls">s</span> (escaped); nothing for "". */
static void
span(struct buf *b, const char *cls, const char *s)
{
	if (*s == '\0')
		return;
	buf_printf(b, "<span class=\"%s\">", cls);
	buf_markup_text(b, s);
	buf_puts(b, "</span>");
}

/* Appends the host of URL u (its text between "//" and the path). */
static void
host_text(struct buf *b, const char *u)
{
	const char *p = strstr(u, "//");
	char	 host[256];

	p = p != NULL ? p + 2 : u;
	snprintf(host, sizeof(host), "%.*s", (int)strcspn(p, "/?#"), p);
	buf_markup_text(b, host);
}

/* Appends one line of the contact list: icon, then a link. */
static void
contact(struct buf *b, const char *drawing, const char *cls,
    const char *rel, const char *href_pre, const char *href,
    const char *text, int host)
{
	buf_puts(b, "<li>");
	icon(b, drawing);
	buf_printf(b, "<a class=\"%s\"%s href=\"%s", cls, rel, href_pre);
	buf_markup_text(b, href);
	buf_puts(b, "\">");
	if (host)
		host_text(b, text);
	else
		buf_markup_text(b, text);
	buf_puts(b, "</a></li>\n");
}

/* Appends the place line: locality, region, country's name. */
static void
place(const struct app *app, enum lang l, const cJSON *loc, struct buf *b)
{
	char	 country[128];

	if (loc == NULL)
		return;
	buf_puts(b, "<p class=\"where\">");
	icon(b, icon_place);
	span(b, "p-locality", json_str(loc, "city"));
	if (*json_str(loc, "region") != '\0') {
		buf_markup_text(b, LBL(app, l, "list.comma"));
		span(b, "p-region", json_str(loc, "region"));
	}
	if (*json_str(loc, "country") != '\0' &&
	    country_display_name(json_str(loc, "country"),
	    lang_code(app->langs, l), country, sizeof(country)) == 0) {
		buf_markup_text(b, LBL(app, l, "list.comma"));
		span(b, "p-country-name", country);
	}
	buf_puts(b, "</p>\n");
}

/* Appends the contact list: email, telephone, website, profiles. */
static void
contacts(const struct app *app, const cJSON *p, struct buf *b)
{
	const char *phone, *s;
	const cJSON *e;
	char	 tel[64];
	size_t	 n = 0;

	buf_puts(b, "<ul class=\"contact\">\n");
	if (*json_str(p, "email") != '\0')
		contact(b, icon_mail, "u-email", "", "mailto:",
		    json_str(p, "email"), json_str(p, "email"), 0);
	/* content-only (FIELD_CONTENT): the source's */
	if (*(phone = json_str(app->model->profile.src, "phone")) != '\0') {
		for (s = phone; *s != '\0' && n + 1 < sizeof(tel); s++)
			if (*s == '+' || (*s >= '0' && *s <= '9'))
				tel[n++] = *s;
		tel[n] = '\0';
		contact(b, icon_phone, "p-tel", "", "tel:", tel, phone, 0);
	}
	if (*json_str(p, "url") != '\0')
		contact(b, icon_web, "u-url", "", "", json_str(p, "url"),
		    json_str(p, "url"), 1);
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(p, "profiles"))
		contact(b, icon_link, "u-url", " rel=\"me\"", "",
		    json_str(e, "url"), json_str(e, "label"), 0);
	buf_puts(b, "</ul>\n");
}

/* Appends a line linking the listed variants of the CV (site.json's
 * cv_variants), when there are any. */
static void
variant_links(const struct app *app, enum lang l, struct buf *b)
{
	const struct cv_variants *vs = &app->settings->cv_variants;
	char	 path[256];
	int	 i, n = 0;

	for (i = 0; i < vs->n; i++) {
		if (!vs->v[i].listed)
			continue;
		if (n++ == 0) {
			buf_puts(b, "<p class=\"cv-variants\">");
			buf_markup_text(b, LBL(app, l, "cv.variants"));
			buf_puts(b, " ");
		} else
			buf_puts(b, " · ");
		buf_puts(b, "<a href=\"");
		buf_markup_text(b, app->cfg->base_url);
		buf_markup_text(b, cv_variant_path(app, &vs->v[i], l,
		    CV_FORM_PAGE, path, sizeof(path)));
		buf_puts(b, "\">");
		buf_markup_text(b, vs->v[i].name);
		buf_puts(b, "</a>");
	}
	if (n > 0)
		buf_puts(b, "</p>\n");
}

/*
 * Appends the owner's card in language l (card.h): the whole of what
 * the top of the home page and the CV say about the person, as an
 * h-card.
 */
void
card_html(const struct app *app, const struct card_cv *cv, enum lang l,
    struct buf *b)
{
	const char *headline = cv_variant_text(app, cv->variant, l,
	    "headline");
	const cJSON *p = app->model->profile.obj[l], *e, *co;
	const struct media_file *f = app->model->media != NULL ?
	    app->model->media->portrait : NULL;
	char	 url[MD_URL_MAX];
	const char *image = md_portrait(app, url), *name = json_str(p, "name");

	buf_puts(b, "<div class=\"h-card card\">\n<div class=\"intro\">\n");
	if (*image != '\0') {
		buf_puts(b, "<img src=\"");
		buf_markup_text(b, image);
		buf_puts(b, "\" alt=\"");
		buf_markup_text(b, name);
		buf_puts(b, "\"");
		if (f != NULL && f->width > 0)
			buf_printf(b, " width=\"%u\" height=\"%u\"", f->width,
			    f->height);
		buf_puts(b, " class=\"u-photo\">\n");
	}
	buf_puts(b, "<div>\n<h1>");
	span(b, "p-name", name);
	buf_puts(b, "</h1>\n<p class=\"role\">");
	span(b, "p-job-title", json_str(p, "job_title"));
	if ((e = cJSON_GetObjectItemCaseSensitive(p, "employer")) != NULL &&
	    *json_str(e, "name") != '\0') {
		buf_puts(b, " · ");
		if (*json_str(e, "url") != '\0') {
			buf_puts(b, "<a class=\"p-org\" href=\"");
			buf_markup_text(b, json_str(e, "url"));
			buf_puts(b, "\">");
			buf_markup_text(b, json_str(e, "name"));
			buf_puts(b, "</a>");
		} else
			span(b, "p-org", json_str(e, "name"));
	}
	buf_puts(b, "</p>\n");
	if ((co = cJSON_GetObjectItemCaseSensitive(p, "co_founder_of")) !=
	    NULL) {
		buf_puts(b, "<p class=\"also\">");
		buf_markup_text(b, json_str(co, "role"));
		buf_puts(b, " ");
		buf_markup_text(b, LBL(app, l, "word.of"));
		buf_puts(b, " ");
		buf_markup_text(b, json_str(co, "name"));
		buf_puts(b, "</p>\n");
	}
	place(app, l, cJSON_GetObjectItemCaseSensitive(p, "location"), b);
	buf_puts(b, "</div>\n</div>\n");
	/* Said once when the headline only repeats the job title. */
	if (strcmp(headline, json_str(p, "job_title")) != 0) {
		buf_puts(b, "<p class=\"lede\">");
		buf_markup_text(b, headline);
		buf_puts(b, "</p>\n");
	}
	contacts(app, p, b);
	/* The CV as a PDF (cv_pdf.c), when this load made one, and as
	 * plain text (cv_text.c). */
	{
		char	 tmp[64], path[256];

		buf_puts(b, "<p class=\"cv-pdf\">");
		if (cv->pdf) {
			buf_puts(b, "<a href=\"");
			buf_markup_text(b, app->cfg->base_url);
			buf_markup_text(b, cv->variant != NULL ?
			    cv_variant_path(app, cv->variant, l, CV_FORM_PDF,
			    path, sizeof(path)) :
			    LPATH(app, l, DOC_CV_PDF_PATH));
			buf_puts(b, "\" type=\"application/pdf\">");
			icon(b, icon_file);
			buf_markup_text(b, LBL(app, l, "cv.pdf"));
			buf_puts(b, "</a> · ");
		}
		buf_puts(b, "<a href=\"");
		buf_markup_text(b, app->cfg->base_url);
		buf_markup_text(b, cv->variant != NULL ? cv_variant_path(app,
		    cv->variant, l, CV_FORM_TXT, path, sizeof(path)) :
		    LPATH(app, l, site_doc_path(DOC_CV_TXT)));
		buf_puts(b, "\" type=\"text/plain\">");
		buf_markup_text(b, LBL(app, l, "cv.txt"));
		buf_puts(b, "</a></p>\n");
	}
	if (cv->others)
		variant_links(app, l, b);
	buf_puts(b, "<p class=\"p-note\">");
	buf_markup_text(b, cv_variant_text(app, cv->variant, l, "summary"));
	buf_puts(b, "</p>\n</div>\n");
}

/*
 * Appends the n bytes of HTML s with rel="me" on every link to one of
 * the owner's profiles (profile.json "profiles"): the open web's claim
 * that the page and the profile are the same person's.
 */
void
card_rel_me(const struct app *app, const char *s, size_t n, struct buf *b)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(
	    app->model->profile.obj[LANG_DEFAULT], "profiles"), *e;
	const char *end = s + n, *p, *best;
	size_t	 blen;
	struct buf a;

	buf_init(&a);
	for (;;) {
		best = NULL;
		blen = 0;
		cJSON_ArrayForEach(e, v) {
			buf_reset(&a);
			buf_puts(&a, "<a href=\"");
			buf_markup_text(&a, json_str(e, "url"));
			buf_puts(&a, "\">");
			if (a.len > 0 && (p = memmem(s, (size_t)(end - s),
			    buf_cstr(&a), a.len)) != NULL &&
			    (best == NULL || p < best)) {
				best = p;
				blen = a.len;
			}
		}
		if (best == NULL)
			break;
		buf_append(b, s, (size_t)(best - s) + blen - 1);
		buf_puts(b, " rel=\"me\">");
		s = best + blen;
	}
	buf_append(b, s, (size_t)(end - s));
	if (a.oom)
		b->oom = 1;
	buf_free(&a);
}
