/*
 * markdown.c: the markdown of the pages written from the profile and
 * biography (home, about, contact), of the owner's own pages (the
 * content's pages/NAME.LANG.md) and of the 404 page; the site's pages
 * in order, with their paths, label and summary per language; the
 * markdown escaping every renderer shares.  The developer portal is
 * portal.c's, the CV's pages cv.c's.
 *
 * libcmark implements CommonMark without tables, so the pages use
 * headings, paragraphs and lists only.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "content/dates.h"
#include "core/errors.h"
#include "site/markdown.h"
#include "content/settings.h"


/*
 * Appends template t of the settings with every "@@path@@" replaced by
 * that string of the profile p (settings_check_templates has checked
 * them), as markdown text.
 */
void
md_template(struct buf *b, const char *t, const cJSON *p)
{
	struct buf plain;
	const char *at, *end;
	const cJSON *v;

	buf_init(&plain);
	while ((at = strstr(t, "@@")) != NULL &&
	    (end = strstr(at + 2, "@@")) != NULL) {
		buf_append(&plain, t, (size_t)(at - t));
		if ((v = settings_lookup(p, at + 2, (size_t)(end - at - 2))) !=
		    NULL)
			buf_puts(&plain, v->valuestring);
		t = end + 2;
	}
	buf_puts(&plain, t);
	md_text(b, buf_cstr(&plain));
	if (plain.oom)
		b->oom = 1;
	buf_free(&plain);
}

/*
 * The portrait's URL on the pages: the fingerprinted URL of the media
 * file profile.image names (media.h; written into buf), else the
 * image's URL as written, else "".
 */
const char *
md_portrait(const struct app *app, char buf[MD_URL_MAX])
{
	const struct media_file *f = app->model->media != NULL ?
	    app->model->media->portrait : NULL;

	if (f != NULL)
		return media_url(f, app->cfg->base_url, buf, MD_URL_MAX);
	return json_str(app->model->profile.obj[LANG_DEFAULT], "image");
}

/*
 * Returns 1 if s, at a '&', would be read as a character reference
 * ("&amp;", "&#42;", "&#x2A;": CommonMark 2.5; any name, so that none
 * cmark knows is missed).
 */
static int
md_entity(const char *s)
{
	size_t	 n;

	n = strspn(s + 1, "#0123456789"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
	return n > 0 && n <= 32 && s[1 + n] == ';';
}

/* Returns 1 if s, at a '#' of the text that begins at start, would be
 * a heading's closing sequence: "#"s after white space, and only white
 * space after them (CommonMark 4.2). */
static int
md_closing(const char *start, const char *s)
{
	size_t	 n = strspn(s, "#");

	return s > start && strchr(" \t\n\r", s[-1]) != NULL &&
	    s[n + strspn(s + n, " \t\n\r")] == '\0';
}

/*
 * Appends the full stop of language l between two sentences (end 0:
 * cite.stop as it is, ". ", "。", "। ", " " in Thai) or at the end of a
 * paragraph (end 1: without its trailing space, nothing in Thai): the
 * CV's and the pages' own sentences, as a citation's.
 */
void
md_stop(struct buf *b, const struct app *app, enum lang l, int end)
{
	const char *s = LBL(app, l, "cite.stop");
	size_t	 n = strlen(s);

	while (end && n > 0 && s[n - 1] == ' ')
		n--;
	buf_append(b, s, n);
}

/*
 * Appends s as inline markdown text that cmark renders as written, in
 * a paragraph, a list item, a heading or a link: the characters that
 * could start emphasis, code, links, raw HTML or a character reference
 * are backslash-escaped, and so is what would make the line a block (a
 * heading, quote, list, thematic break or code fence) and a heading's
 * closing "#"s.  A line break is a space, and the white space before
 * the text is left out, as a paragraph or heading leaves it out (it
 * would make an indented code block).
 */
void
md_text(struct buf *b, const char *s)
{
	const char *start;
	size_t	 n;

	s += strspn(s, " \t\n\r");
	start = s;
	if (*s != '\0' && strchr("#>-+=~", *s) != NULL) {
		buf_putc(b, '\\');
		buf_putc(b, *s++);
	} else if ((n = strspn(s, "0123456789")) > 0 && n <= 9 &&
	    (s[n] == '.' || s[n] == ')') && strchr(" \t\n\r", s[n + 1]) !=
	    NULL) {
		/* An ordered list's marker ("1. ", "2019) "); strchr finds
		 * the NUL too. */
		buf_append(b, s, n);
		buf_putc(b, '\\');
		buf_putc(b, s[n]);
		s += n + 1;
	}
	for (;;) {
		n = strcspn(s, "\\`*_[]<&#\n\r");
		buf_append(b, s, n);
		if (s[n] == '\0')
			return;
		s += n;
		if (*s == '\n' || *s == '\r')
			buf_putc(b, ' ');
		else if ((*s == '&' && !md_entity(s)) ||
		    (*s == '#' && !md_closing(start, s)))
			buf_putc(b, *s);
		else {
			buf_putc(b, '\\');
			buf_putc(b, *s);
		}
		s++;
	}
}

/*
 * The length of the first part of a CV's markdown s[0..n): up to its
 * next line that starts "## " (a section's heading) after the first
 * byte, n when none does.  The CV's pages and text render it a part at
 * a time (layout.c, cv_text.c), the same bytes as the whole at once:
 * cv.c writes every text through md_text, which writes no line break
 * and escapes whatever would open a block, so no block and no link
 * reference runs from one part into the next (check_markdown.c).
 */
size_t
md_section(const char *s, size_t n)
{
	const char *e;

	if (n < 2)
		return n;
	e = memmem(s + 1, n - 1, "\n## ", 4);
	return e != NULL ? (size_t)(e + 1 - s) : n;
}

/*
 * Appends a URL for a link destination, percent-encoding what would
 * end or break it; a '&' that would start a character reference
 * ("&amp;" would be read as "&") is written "&amp;": cmark reads the
 * references of a destination before its backslash escapes.
 */
void
md_url(struct buf *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	unsigned char c;

	for (; *s != '\0'; s++) {
		c = (unsigned char)*s;
		if (c <= 0x20 || c == 0x7f || strchr("()<>\\`", c) != NULL) {
			buf_putc(b, '%');
			buf_putc(b, hex[c >> 4]);
			buf_putc(b, hex[c & 0xf]);
		} else if (c == '&' && md_entity(s))
			buf_puts(b, "&amp;");
		else
			buf_putc(b, (char)c);
	}
}

/* Appends "[text](base + path)": a link into the site. */
void
md_link_site(struct buf *b, const struct app *app, const char *text,
    const char *path)
{
	buf_putc(b, '[');
	md_text(b, text);
	buf_puts(b, "](");
	md_url(b, app->cfg->base_url);
	md_url(b, path);
	buf_putc(b, ')');
}

/* Appends "## LABEL\n\n". */
void
md_heading(struct buf *b, const struct app *app, enum lang l, const char *key)
{
	buf_puts(b, "## ");
	buf_puts(b, LBL(app, l, key));
	buf_puts(b, "\n\n");
}

/* Appends one "- [label](url)" line per profile link. */
static void
profile_links(struct buf *b, const cJSON *v)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, v) {
		buf_puts(b, "- [");
		md_text(b, json_str(e, "label"));
		buf_puts(b, "](");
		md_url(b, json_str(e, "url"));
		buf_puts(b, ")\n");
	}
}

/* The API path of the profile in language l ("?lang=" when not the
 * default language). */
const char *
md_profile_api_path(const struct app *app, enum lang l, char *buf, size_t len)
{
	if (l == LANG_DEFAULT)
		return "/api/v1/profile";
	snprintf(buf, len, "/api/v1/profile?lang=%s", lang_code(app->langs,
	    l));
	return buf;
}

/*
 * Writes into out the length of item it's period (its content-only
 * start and end; no end: to the present) in language l, "5 years,
 * 9 months" (date_duration).  Returns out, or "" when the item has no start
 * or ICU fails.
 */
const char *
md_duration(const struct app *app, const struct item *it, enum lang l,
    char *out, size_t outsz)
{
	const char *s = json_str(it->src, "start"), *e = json_str(it->src, "end");
	struct date ds, de;

	if (date_parse(s, &ds) == -1 || (*e != '\0' &&
	    date_parse(e, &de) == -1) || date_duration(&ds, *e != '\0' ?
	    &de : NULL, lang_code(app->langs, l), out, outsz) == -1)
		*out = '\0';
	return out;
}

/*
 * Appends the section saying what the owner does now: each position of
 * the experience without an end (role, organization, period and its
 * length), or nothing when there is none.
 */
static void
home_now(const struct app *app, enum lang l, struct buf *b)
{
	const struct collection *c = &app->model->coll[COLL_EXPERIENCE];
	const struct item *it;
	char	 d[128];
	size_t	 i;
	int	 n = 0;

	for (i = 0; i < c->len; i++) {
		it = &c->items[i];
		if (*json_str(it->src, "start") == '\0' ||
		    *json_str(it->src, "end") != '\0')
			continue;
		if (n++ == 0)
			md_heading(b, app, l, "home.now");
		buf_puts(b, "- **");
		md_text(b, json_str(it->obj[l], "role"));
		buf_puts(b, "**, ");
		md_text(b, json_str(it->obj[l], "organization"));
		buf_puts(b, " · ");
		md_text(b, json_str(it->obj[l], "period"));
		if (*md_duration(app, it, l, d, sizeof(d)) != '\0') {
			buf_puts(b, " · ");
			md_text(b, d);
		}
		buf_putc(b, '\n');
	}
	if (n > 0)
		buf_putc(b, '\n');
}

/*
 * The renderers of the pages of page_list.h (page_render_fn): each
 * appends the markdown of page self in language l to b.
 */
void
md_home(const struct app *app, int self, enum lang l,
    struct buf *b)
{
	md_home_head(app, l, b);
	md_home_rest(app, self, l, b);
}

/* The home page in two parts, which cv.c's cv_home renders with
 * site.json's "home_highlight" between: who the person is and what
 * they do now; then the rest. */
void
md_home_head(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *co;
	char	 url[MD_URL_MAX];
	const char *image;

	buf_puts(b, "# ");
	md_text(b, json_str(p, "name"));
	buf_puts(b, "\n\n");
	if (*(image = md_portrait(app, url)) != '\0') {
		buf_puts(b, "![");
		md_text(b, json_str(p, "name"));
		buf_puts(b, "](");
		md_url(b, image);
		buf_puts(b, ")\n\n");
	}
	/* A headline that only repeats the job title (an imported
	 * resume's one "label" fills both) is said once. */
	if (strcmp(json_str(p, "headline"), json_str(p, "job_title")) != 0) {
		md_text(b, json_str(p, "headline"));
		buf_puts(b, "\n\n");
	}
	md_text(b, json_str(p, "job_title"));
	if ((co = cJSON_GetObjectItemCaseSensitive(p, "co_founder_of")) !=
	    NULL) {
		md_stop(b, app, l, 0);
		md_text(b, json_str(co, "role"));
		buf_printf(b, " %s [", LBL(app, l, "word.of"));
		md_text(b, json_str(co, "name"));
		buf_puts(b, "](");
		md_url(b, json_str(co, "url"));
		buf_puts(b, ")");
	}
	md_stop(b, app, l, 1);
	buf_puts(b, "\n\n");
	md_text(b, json_str(p, "summary"));
	buf_puts(b, "\n\n");
	home_now(app, l, b);
}

void
md_home_rest(const struct app *app, int self, enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *v, *e;
	char	 tmp[64];
	int	 pg, i;

	if ((v = cJSON_GetObjectItemCaseSensitive(p, "knows_about")) != NULL) {
		md_heading(b, app, l, "home.expertise");
		cJSON_ArrayForEach(e, v) {
			buf_puts(b, "- ");
			md_text(b, cJSON_GetStringValue(e) ?
			    cJSON_GetStringValue(e) : "");
			buf_putc(b, '\n');
		}
		buf_putc(b, '\n');
	}
	md_heading(b, app, l, "home.on_site");
	for (i = 0; i < app->paths->n; i++) {
		if ((pg = app->paths->order[i]) == self)
			continue;
		buf_puts(b, "- ");
		md_link_site(b, app, site_page_label(app, pg, l),
		    site_page_path(app, pg, l));
		buf_puts(b, ": ");
		md_text(b, site_page_summary(app, pg, l));
		buf_puts(b, "\n");
	}
	buf_puts(b, "- ");
	md_link_site(b, app, LBL(app, l, "home.profile_json"),
	    md_profile_api_path(app, l, tmp, sizeof(tmp)));
	buf_printf(b, ": %s\n", LBL(app, l, "home.profile_json.summary"));
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "profiles")) != NULL) {
		buf_putc(b, '\n');
		md_heading(b, app, l, "home.elsewhere");
		profile_links(b, v);
	}
}

void
md_about(const struct app *app, int self, enum lang l,
    struct buf *b)
{
	const cJSON *a = app->model->about.obj[l], *e;
	struct buf api;

	(void)self;
	buf_printf(b, "# %s\n\n", LBL(app, l, "about.title"));
	md_text(b, json_str(a, "summary"));
	buf_puts(b, "\n\n");
	md_heading(b, app, l, "about.timeline");
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(a,
	    "timeline")) {
		buf_puts(b, "- **");
		md_text(b, json_str(e, "year"));
		buf_puts(b, ": ");
		md_text(b, json_str(e, "title"));
		buf_puts(b, ".** ");
		md_text(b, json_str(e, "description"));
		buf_putc(b, '\n');
	}
	buf_puts(b, "\n");
	buf_init(&api);
	md_link_site(&api, app, "API", site_page_path(app, SITE_DEVELOPERS, l));
	lbl_fill(b, app->labels, l, "about.more",
	    (const char *const []){ "api", buf_cstr(&api), NULL });
	buf_puts(b, "\n");
	if (api.oom)
		b->oom = 1;
	buf_free(&api);
}

void
md_contact(const struct app *app, int self, enum lang l,
    struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *loc, *av, *v, *e;
	const char *email = json_str(p, "email"), *codes[LANG_LIST_MAX];
	struct buf names;
	char	 tmp[64], name[128];
	int	 n;

	(void)self;
	loc = cJSON_GetObjectItemCaseSensitive(p, "location");
	av = cJSON_GetObjectItemCaseSensitive(p, "availability");
	buf_printf(b, "# %s\n\n", LBL(app, l, "contact.title"));
	buf_printf(b, "- %s: [", LBL(app, l, "contact.email"));
	md_text(b, email);
	buf_puts(b, "](mailto:");
	md_url(b, email);
	buf_printf(b, ")\n- %s: [", LBL(app, l, "contact.website"));
	md_text(b, json_str(p, "url"));
	buf_puts(b, "](");
	md_url(b, json_str(p, "url"));
	/* The same card for an address book (vcard.c). */
	buf_printf(b, ")\n- %s: [%s](", LBL(app, l, "contact.vcard"),
	    site_doc_path(DOC_VCARD) + 1);
	md_url(b, app->cfg->base_url);
	md_url(b, LPATH(app, l, site_doc_path(DOC_VCARD)));
	buf_printf(b, ")\n- %s: ", LBL(app, l, "contact.location"));
	md_text(b, json_str(loc, "city"));
	buf_puts(b, ", ");
	md_text(b, json_str(loc, "region"));
	buf_puts(b, " (");
	country_display_name(json_str(loc, "country"), lang_code(app->langs, l),
	    name, sizeof(name));
	md_text(b, name);
	buf_puts(b, ")");
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(loc, "remote")))
		buf_printf(b, "; %s", LBL(app, l, "contact.remote"));
	buf_putc(b, '\n');
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "languages")) != NULL) {
		/* By name in the page's language, as ICU lists them. */
		n = 0;
		cJSON_ArrayForEach(e, v)
			if (n < LANG_LIST_MAX && cJSON_IsString(e))
				codes[n++] = e->valuestring;
		buf_init(&names);
		lang_names_list(&names, codes, n, lang_code(app->langs, l));
		buf_printf(b, "- %s: ", LBL(app, l, "contact.languages"));
		md_text(b, buf_cstr(&names));
		if (names.oom)
			b->oom = 1;
		buf_free(&names);
		buf_putc(b, '\n');
	}
	buf_putc(b, '\n');
	md_heading(b, app, l, "contact.availability");
	md_text(b, json_str(av, "statement"));
	buf_puts(b, "\n");
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "profiles")) != NULL) {
		buf_putc(b, '\n');
		md_heading(b, app, l, "contact.profiles");
		profile_links(b, v);
	}
	buf_putc(b, '\n');
	md_heading(b, app, l, "contact.program");
	buf_printf(b, "%s\n\n", LBL(app, l, "contact.program.text"));
	buf_printf(b, "```sh\ncurl -s '%s%s'\n```\n", app->cfg->base_url,
	    md_profile_api_path(app, l, tmp, sizeof(tmp)));
}

/* Appends the owner's markdown of page pg in language l (an owner
 * page, page_list.h). */
void
md_owner_page(const struct app *app, int pg, enum lang l, struct buf *b)
{
	buf_puts(b, app->model->owner[pg - SITE_PAGE__MAX].md[l]);
}

/*
 * Ends the markdown in b with exactly one newline.  Returns 0, or -1
 * when b ran out of memory.
 */
int
md_finish(struct buf *b)
{
	if (b->len > 0 && b->data[b->len - 1] != '\n')
		buf_putc(b, '\n');
	/* One newline at the end; the text stays NUL-terminated, which
	 * buf_detach's trimmed copy relies on. */
	while (b->len > 1 && b->data[b->len - 2] == '\n')
		b->data[--b->len] = '\0';
	return b->oom ? -1 : 0;
}

/* Appends the markdown of the 404 page: where to go instead. */
void
md_not_found(const struct app *app, enum lang l, struct buf *b)
{
	char	 tmp[64];

	buf_printf(b, "# %s\n\n%s\n\n- ", LBL(app, l, "nf.title"),
	    LBL(app, l, "nf.intro"));
	md_link_site(b, app, site_page_label(app, SITE_HOME, l),
	    site_page_path(app, SITE_HOME, l));
	buf_printf(b, ": %s\n- ", LBL(app, l, "nf.home"));
	md_link_site(b, app, LBL(app, l, "dev.title"),
	    site_page_path(app, SITE_DEVELOPERS, l));
	buf_printf(b, ": %s\n- ", LBL(app, l, "nf.developers"));
	md_link_site(b, app, "llms.txt", LPATH(app, l, site_doc_path(DOC_LLMS)));
	buf_printf(b, ": %s\n- ", LBL(app, l, "dev.llms"));
	md_link_site(b, app, "API", md_profile_api_path(app, l, tmp,
	    sizeof(tmp)));
	buf_printf(b, ": %s\n\n", LBL(app, l, "nf.api"));
	lbl_fill(b, app->labels, l, "nf.markdown", (const char *const []){
	    "about_md", site_page_md_path(app, SITE_ABOUT, l), NULL });
	buf_putc(b, '\n');
}
