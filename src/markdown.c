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

#include "cv.h"
#include "errors.h"
#include "markdown.h"
#include "settings.h"


/* The page numbers of the owner's pages in the site's order: by
 * site.json's order, then by name (the model's order). */
static void
owner_order(const struct app *app, int *out)
{
	const struct model *m = app->model;
	const struct page_setting *ps;
	long	 key[OWNER_PAGE__MAX], k;
	int	 i, j, v;

	for (i = 0; i < m->nowner; i++) {
		ps = settings_page(app->settings, m->owner[i].name);
		k = ps != NULL ? ps->order : 0;
		for (j = i; j > 0 && key[j - 1] > k; j--) {
			key[j] = key[j - 1];
			out[j] = out[j - 1];
		}
		v = SITE_PAGE__MAX + i;
		key[j] = k;
		out[j] = v;
	}
}

/*
 * Checks that the owner's page k takes no path of the site's: a made
 * page's, the first segment of any route ("api", "projects"), the
 * home's twin "/index.md" or a language's "/CODE".  Returns 0, or -1
 * with err naming its file.
 */
static int
owner_name_free(const struct app *app, int k, char *err, size_t errlen)
{
	const char *name = app->model->owner[k].name, *p, *end, *by = NULL;
	size_t	 i, len = strlen(name);

	for (i = 0; i < routes_len && by == NULL; i++) {
		p = routes[i].path + 1;
		if ((end = strpbrk(p, "/{")) == NULL)
			end = p + strlen(p);
		if ((size_t)(end - p) == len && strncmp(p, name, len) == 0)
			by = routes[i].kind == ROUTE_PAGE ? "a page of the "
			    "site's" : "a route of the site's";
	}
	if (by == NULL && strcmp(name, "index") == 0)
		by = "reserved (/index.md is the home page's markdown)";
	if (by == NULL && lang_find(app->langs, name, len) != -1)
		by = "the site in that language";
	if (by == NULL)
		return 0;
	snprintf(err, errlen, "%s/pages/%s.%s.md: (top level): the page "
	    "name \"%s\" is taken: /%s is %s; rename the page's files", app->cfg->content_dir,
	    name, lang_code(app->langs, LANG_DEFAULT), name, name, by);
	return -1;
}

/*
 * The label and summary of owner page k (page number pg) in language
 * l: site.json's title, else the file's "# " line; its description,
 * else the title.  Returns 0, or -1 with err set.
 */
static int
owner_texts(const struct app *app, struct site_paths *sp, int k, enum lang l,
    char *err, size_t errlen)
{
	const struct owner_page *o = &app->model->owner[k];
	const struct page_setting *ps = settings_page(app->settings, o->name);
	struct buf t;
	int	 pg = SITE_PAGE__MAX + k;

	if (ps != NULL && ps->title[l] != NULL)
		sp->label[pg][l] = ps->title[l];
	else {
		buf_init(&t);
		md_title(&t, o->md[l]);
		if (t.oom || buf_cstr(&t) == NULL) {
			buf_free(&t);
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		if (t.len == 0) {
			buf_free(&t);
			snprintf(err, errlen, "%s/pages/%s.%s.md: (top level): "
			    "no title: "
			    "begin the page with a line \"# Title\", or give "
			    "site.json's pages.%s.title", app->cfg->content_dir,
			    o->name, lang_code(app->langs, l), o->name);
			return -1;
		}
		sp->label[pg][l] = sp->title[k][l] = buf_detach(&t);
	}
	sp->summary[pg][l] = ps != NULL && ps->description[l] != NULL ?
	    ps->description[l] : sp->label[pg][l];
	return 0;
}

/*
 * Builds the site's pages (struct site_paths): the made pages and,
 * after SITE_OWNER_AFTER, the owner's pages, with their paths in every
 * language of app (lang_path), label and summary (labels, settings and
 * the owner's files; a label key no set has is remembered in
 * app->labels->missing, which app_load reports).  Returns them (the
 * caller frees them with site_paths_free), or NULL with err set: an
 * owner page's name taken by the site or without a title.  A member of
 * site.json's "pages" for a page the content does not have describes
 * nothing, and is no error: removing a page's files unpublishes it.
 */
struct site_paths *
site_paths_build(const struct app *app, char *err, size_t errlen)
{
	const struct page_setting *ps;
	struct site_paths *sp;
	char	 tmp[PAGE_PATH_MAX], key[64], base[OWNER_NAME_MAX + 2];
	char	 md[OWNER_NAME_MAX + 8];
	const char *s;
	int	 pg, l, k, i;

	if ((sp = calloc(1, sizeof(*sp))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	for (pg = 0; pg < SITE_PAGE__MAX; pg++) {
		sp->order[sp->n++] = pg;
		if (pg == SITE_OWNER_AFTER) {
			owner_order(app, sp->order + sp->n);
			sp->n += app->model->nowner;
		}
	}
	for (i = 0; i < sp->n; i++) {
		pg = sp->order[i];
		k = pg - SITE_PAGE__MAX;
		if (k >= 0) {
			sp->name[pg] = app->model->owner[k].name;
			if (owner_name_free(app, k, err, errlen) == -1)
				goto fail;
			ps = settings_page(app->settings, sp->name[pg]);
			sp->place[pg] = ps != NULL && ps->place != -1 ?
			    (enum page_place)ps->place : PAGE_FOOTER;
			sp->optional[pg] = ps != NULL && ps->optional;
			snprintf(base, sizeof(base), "/%s", sp->name[pg]);
		} else {
			sp->name[pg] = site_pages[pg].name;
			ps = settings_page(app->settings, sp->name[pg]);
			sp->place[pg] = ps != NULL && ps->place != -1 ?
			    (enum page_place)ps->place : site_pages[pg].place;
			snprintf(base, sizeof(base), "%s", site_pages[pg].path);
		}
		/* the markdown twin: PATH.md, "/index.md" for "/" */
		snprintf(md, sizeof(md), "%s.md", strcmp(base, "/") == 0 ?
		    "/index" : base);
		for (l = 0; l < app->langs->n; l++) {
			snprintf(sp->path[pg][l], sizeof(sp->path[pg][l]),
			    "%s", lang_path(app->langs, (enum lang)l, base,
			    tmp, sizeof(tmp)));
			snprintf(sp->md_path[pg][l],
			    sizeof(sp->md_path[pg][l]), "%s",
			    lang_path(app->langs, (enum lang)l, md, tmp,
			    sizeof(tmp)));
			if (k >= 0) {
				if (owner_texts(app, sp, k, (enum lang)l, err,
				    errlen) == -1)
					goto fail;
				continue;
			}
			snprintf(key, sizeof(key), "page.%s.label",
			    sp->name[pg]);
			sp->label[pg][l] = LBL(app, l, key);
			ps = settings_page(app->settings, sp->name[pg]);
			if ((s = ps != NULL ? ps->description[l] : NULL) ==
			    NULL) {
				snprintf(key, sizeof(key), "page.%s.summary",
				    sp->name[pg]);
				s = LBL(app, l, key);
			}
			sp->summary[pg][l] = s;
		}
	}
	return sp;
fail:
	site_paths_free(sp);
	return NULL;
}

void
site_paths_free(struct site_paths *sp)
{
	int	 k, l;

	if (sp == NULL)
		return;
	for (k = 0; k < OWNER_PAGE__MAX; k++)
		for (l = 0; l < LANG__MAX; l++)
			free(sp->title[k][l]);
	free(sp);
}

/* The page number of the owner's page called name, or -1. */
int
site_owner_find(const struct app *app, const char *name)
{
	int	 k;

	for (k = 0; k < app->model->nowner; k++)
		if (strcmp(app->model->owner[k].name, name) == 0)
			return SITE_PAGE__MAX + k;
	return -1;
}

/* The path of page pg in language l ("/en/about"). */
const char *
site_page_path(const struct app *app, int pg, enum lang l)
{
	return app->paths->path[pg][l];
}

/* The path of the markdown twin of page pg in language l. */
const char *
site_page_md_path(const struct app *app, int pg, enum lang l)
{
	return app->paths->md_path[pg][l];
}

/* The navigation label of a page: a made page's label
 * "page.NAME.label", an owner page's title. */
const char *
site_page_label(const struct app *app, int pg, enum lang l)
{
	return app->paths->label[pg][l];
}

/* The one-line description of a page: site.json's, else a made page's
 * label "page.NAME.summary", an owner page's title. */
const char *
site_page_summary(const struct app *app, int pg, enum lang l)
{
	return app->paths->summary[pg][l];
}

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

/* The string member name of o, or "" (validated content has them). */
const char *
md_str(const cJSON *o, const char *name)
{
	const char *s;

	s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, name));
	return s != NULL ? s : "";
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
	return md_str(app->model->profile.obj[LANG_DEFAULT], "image");
}

/*
 * Appends s as inline markdown text: the characters that could start
 * emphasis, code, links or raw HTML are backslash-escaped, and so is a
 * character that would make the line a heading, quote or list.
 */
void
md_text(struct buf *b, const char *s)
{
	size_t	 n;

	if (*s == '#' || *s == '>' || *s == '-' || *s == '+' || *s == '=')
		buf_putc(b, '\\');
	for (;;) {
		n = strcspn(s, "\\`*_[]<\n\r");
		buf_append(b, s, n);
		if (s[n] == '\0')
			return;
		s += n;
		if (*s == '\n' || *s == '\r')
			buf_putc(b, ' ');
		else {
			buf_putc(b, '\\');
			buf_putc(b, *s);
		}
		s++;
	}
}

/* Appends a URL for a link destination, percent-encoding what would
 * end or break it. */
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
		} else
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

/* Returns 1 when the route table serves exactly this path. */
int
site_has_route(const char *path)
{
	size_t	 i;

	for (i = 0; i < routes_len; i++)
		if (strcmp(routes[i].path, path) == 0)
			return 1;
	return 0;
}

/*
 * The language of a site path: a configured language other than the
 * default for "/CODE/..." and "/CODE", else the default.  *rest (when
 * rest is not NULL) gets the path without the prefix ("/en/about" gives
 * "/about", "/en/" gives "/"); "/en" is left whole, so it matches no
 * page (a 404 in English).
 */
enum lang
site_path_lang(const struct app *app, const char *path, const char **rest)
{
	int	 l;

	if (rest != NULL)
		*rest = path;
	if (path[0] != '/' || strlen(path) < 3 ||
	    (path[3] != '/' && path[3] != '\0'))
		return LANG_DEFAULT;
	if ((l = lang_find(app->langs, path + 1, 2)) <= 0)
		return LANG_DEFAULT;
	if (rest != NULL && path[3] == '/')
		*rest = path + 3;
	return (enum lang)l;
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
		md_text(b, md_str(e, "label"));
		buf_puts(b, "](");
		md_url(b, md_str(e, "url"));
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
		if (*md_str(it->src, "start") == '\0' ||
		    *md_str(it->src, "end") != '\0')
			continue;
		if (n++ == 0)
			md_heading(b, app, l, "home.now");
		buf_puts(b, "- **");
		md_text(b, md_str(it->obj[l], "role"));
		buf_puts(b, "**, ");
		md_text(b, md_str(it->obj[l], "organization"));
		buf_puts(b, " · ");
		md_text(b, md_str(it->obj[l], "period"));
		if (*cv_duration(app, it, l, d, sizeof(d)) != '\0') {
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
	const cJSON *p = app->model->profile.obj[l], *co, *v, *e;
	char	 tmp[64], url[MD_URL_MAX];
	const char *image;
	int	 pg, i;

	buf_puts(b, "# ");
	md_text(b, md_str(p, "name"));
	buf_puts(b, "\n\n");
	if (*(image = md_portrait(app, url)) != '\0') {
		buf_puts(b, "![");
		md_text(b, md_str(p, "name"));
		buf_puts(b, "](");
		md_url(b, image);
		buf_puts(b, ")\n\n");
	}
	/* A headline that only repeats the job title (an imported
	 * resume's one "label" fills both) is said once. */
	if (strcmp(md_str(p, "headline"), md_str(p, "job_title")) != 0) {
		md_text(b, md_str(p, "headline"));
		buf_puts(b, "\n\n");
	}
	md_text(b, md_str(p, "job_title"));
	if ((co = cJSON_GetObjectItemCaseSensitive(p, "co_founder_of")) !=
	    NULL) {
		buf_puts(b, ". ");
		md_text(b, md_str(co, "role"));
		buf_printf(b, " %s [", LBL(app, l, "word.of"));
		md_text(b, md_str(co, "name"));
		buf_puts(b, "](");
		md_url(b, md_str(co, "url"));
		buf_puts(b, ")");
	}
	buf_puts(b, ".\n\n");
	md_text(b, md_str(p, "summary"));
	buf_puts(b, "\n\n");
	home_now(app, l, b);
	cv_highlight(app, l, b);
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
	md_text(b, md_str(a, "summary"));
	buf_puts(b, "\n\n");
	md_heading(b, app, l, "about.timeline");
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(a,
	    "timeline")) {
		buf_puts(b, "- **");
		md_text(b, md_str(e, "year"));
		buf_puts(b, ": ");
		md_text(b, md_str(e, "title"));
		buf_puts(b, ".** ");
		md_text(b, md_str(e, "description"));
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
	const char *email = md_str(p, "email"), *codes[LANG_LIST_MAX];
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
	md_text(b, md_str(p, "url"));
	buf_puts(b, "](");
	md_url(b, md_str(p, "url"));
	/* The same card for an address book (vcard.c). */
	buf_printf(b, ")\n- %s: [%s](", LBL(app, l, "contact.vcard"),
	    PATH_VCARD + 1);
	md_url(b, app->cfg->base_url);
	md_url(b, LPATH(app, l, PATH_VCARD));
	buf_printf(b, ")\n- %s: ", LBL(app, l, "contact.location"));
	md_text(b, md_str(loc, "city"));
	buf_puts(b, ", ");
	md_text(b, md_str(loc, "region"));
	buf_puts(b, " (");
	country_display_name(md_str(loc, "country"), lang_code(app->langs, l),
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
	md_text(b, md_str(av, "statement"));
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
 * Appends the H1 of markdown md (its first "# " line, backslash
 * escapes removed) to b, or nothing: the <title> of every page and the
 * label of an owner page.
 */
void
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
	md_link_site(b, app, "llms.txt", LPATH(app, l, "/llms.txt"));
	buf_printf(b, ": %s\n- ", LBL(app, l, "dev.llms"));
	md_link_site(b, app, "API", md_profile_api_path(app, l, tmp,
	    sizeof(tmp)));
	buf_printf(b, ": %s\n\n", LBL(app, l, "nf.api"));
	lbl_fill(b, app->labels, l, "nf.markdown", (const char *const []){
	    "about_md", site_page_md_path(app, SITE_ABOUT, l), NULL });
	buf_putc(b, '\n');
}

/*
 * Returns 1 if page pg is published: every made page, and the owner's
 * pages the content has (a page number beyond them, of an earlier
 * load, is not).
 */
int
site_page_published(const struct app *app, int pg)
{
	return pg >= 0 && pg < SITE_PAGE__MAX + app->model->nowner;
}
