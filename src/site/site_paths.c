/*
 * site_paths.c: the site's path table, built once per content load
 * (struct site_paths, site_paths.h): which pages this load publishes,
 * in which order, at which paths in every language, with which label
 * and summary; and the questions every renderer asks of it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "site/site_paths.h"

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

/* The first route whose path's first segment ("cv" of "/cv/{variant}")
 * is seg, or NULL. */
static const struct route *
route_by_segment(const char *seg)
{
	const char *p, *end;
	size_t	 i, len = strlen(seg);

	for (i = 0; i < routes_len; i++) {
		p = routes[i].path + 1;
		if ((end = strpbrk(p, "/{")) == NULL)
			end = p + strlen(p);
		if ((size_t)(end - p) == len && strncmp(p, seg, len) == 0)
			return &routes[i];
	}
	return NULL;
}

/*
 * Checks that the owner's page k takes no path or name of the site's:
 * a made page's, the first segment of any route ("api", "projects"),
 * the home's twin "/index.md", a document's path as its own twin
 * ("/agents.md"), a language's "/CODE", and a made page's name
 * ("home": site.json's "pages" names both kinds of page).  Returns 0,
 * or -1 with err naming its file.
 */
static int
owner_name_free(const struct app *app, int k, char *err, size_t errlen)
{
	const char *name = app->model->owner[k].name, *by = NULL;
	const struct route *rt;
	char	 twin[OWNER_NAME_MAX + 5];
	size_t	 len = strlen(name);

	if ((rt = route_by_segment(name)) != NULL)
		by = rt->kind == ROUTE_PAGE ? "a page of the site's" :
		    "a route of the site's";
	snprintf(twin, sizeof(twin), "/%s.md", name);
	if (by == NULL && strcmp(name, "index") == 0)
		by = "reserved (/index.md is the home page's markdown)";
	if (by == NULL && site_has_route(twin))
		by = "reserved (its markdown twin's path is a document of the "
		    "site's)";
	if (by == NULL && site_page_find(name) != -1)
		by = "reserved (a page of the site's has the name, which "
		    "site.json's \"pages\" gives it)";
	if (by == NULL && lang_match(app->langs, name, len) != -1)
		by = "the site in that language";
	if (by == NULL)
		return 0;
	snprintf(err, errlen, "%s/pages/%s.%s.md: (top level): the page "
	    "name \"%s\" is taken: /%s is %s; rename the page's files", app->cfg->content_dir,
	    name, lang_code(app->langs, LANG_DEFAULT), name, name, by);
	return -1;
}

/*
 * Checks that no language but the default has a prefix ("/cv/", Chuvash's)
 * that is the first segment of a route: "/cv/industry" would be both a
 * page in that language and a variant of the CV.  Returns 0, or -1 with
 * err naming site.json.
 */
static int
lang_prefixes_free(const struct app *app, char *err, size_t errlen)
{
	const struct route *rt;
	const char *pfx;
	int	 l;

	for (l = 1; l < app->langs->n; l++) {
		pfx = lang_prefix(app->langs, (enum lang)l);
		if ((rt = route_by_segment(pfx)) == NULL)
			continue;
		snprintf(err, errlen, "%s/site.json: languages: \"%s\" cannot "
		    "have its pages under /%s/: /%s is a route of the site's "
		    "(%s); name the language with its region (\"%s-XX\") or "
		    "make it the first, the default, served at /",
		    app->cfg->content_dir, lang_code(app->langs, (enum lang)l),
		    pfx, pfx, rt->path, lang_code(app->langs, (enum lang)l));
		return -1;
	}
	return 0;
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
		site_md_title(&t, o->md[l]);
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
 * The CV's summary in language l, label key ("page.cv.summary") with
 * its @@sections@@ filled: the headings of the CV's sections the
 * content has, in the CV's order, joined as the language joins a list
 * (labels_join), so that the home page names the owner's sections and
 * no others.  Kept in sp; NULL out of memory.
 */
static const char *
sections_summary(const struct app *app, struct site_paths *sp,
    const char *key, enum lang l)
{
	const struct collection *c;
	const char *items[COLL__MAX];
	char	 hk[64];
	struct buf list, b;
	int	 place, k, n = 0;

	for (place = 1; place <= COLL__MAX; place++)
		for (k = 0; k < COLL__MAX; k++) {
			c = &app->model->coll[k];
			if (resources[k].cv != place || !c->present ||
			    c->len == 0)
				continue;
			snprintf(hk, sizeof(hk), "cv.%s", resources[k].name);
			items[n++] = LBL(app, l, hk);
		}
	buf_init(&list);
	buf_init(&b);
	labels_join(&list, items, n, lang_code(app->langs, l));
	lbl_fill(&b, app->labels, l, key, (const char *const []){
	    "sections", buf_cstr(&list) != NULL ? list.data : "", NULL });
	buf_free(&list);
	if (b.oom || buf_cstr(&b) == NULL) {
		buf_free(&b);
		return NULL;
	}
	sp->sections[l] = buf_detach(&b);
	buf_free(&b);
	return sp->sections[l];
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

	if (lang_prefixes_free(app, err, errlen) == -1)
		return NULL;
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
				if (pg == SITE_CV && (s = sections_summary(app,
				    sp, key, (enum lang)l)) == NULL)
					goto oom;
			}
			sp->summary[pg][l] = s;
		}
	}
	return sp;
oom:
	snprintf(err, errlen, "out of memory");
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
	for (l = 0; l < LANG__MAX; l++)
		free(sp->sections[l]);
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
 * default for "/PREFIX/..." and "/PREFIX" (its lang_prefix, "en-in":
 * that case only), else the default.  *rest (when
 * rest is not NULL) gets the path without the prefix ("/en/about" gives
 * "/about", "/en/" gives "/"); "/en" is left whole, so it matches no
 * page (a 404 in English).
 */
enum lang
site_path_lang(const struct app *app, const char *path, const char **rest)
{
	const char *pfx;
	size_t	 n;
	int	 l;

	if (rest != NULL)
		*rest = path;
	if (path[0] != '/')
		return LANG_DEFAULT;
	n = strcspn(path + 1, "/");
	for (l = 1; l < app->langs->n; l++) {
		pfx = lang_prefix(app->langs, (enum lang)l);
		if (strlen(pfx) == n && strncmp(path + 1, pfx, n) == 0)
			break;
	}
	if (l >= app->langs->n)
		return LANG_DEFAULT;
	if (rest != NULL && path[1 + n] == '/')
		*rest = path + 1 + n;
	return (enum lang)l;
}

/*
 * Appends the H1 of markdown md to b, or nothing: the text of its first
 * line starting with "# ", as CommonMark reads an ATX heading (4.2):
 * without its line end (LF or CRLF), the white space around it and a
 * closing sequence of "#"s, a backslash before ASCII punctuation
 * removed.  The <title> of every page and the label of an owner page.
 */
void
site_md_title(struct buf *b, const char *md)
{
	const char *p = md, *end, *e;

	while (p != NULL && strncmp(p, "# ", 2) != 0)
		if ((p = strchr(p, '\n')) != NULL)
			p++;
	if (p == NULL)
		return;
	p += 2;
	p += strspn(p, " \t");
	end = p + strcspn(p, "\r\n");
	while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	for (e = end; e > p && e[-1] == '#'; e--)
		continue;
	if (e < end && (e == p || e[-1] == ' ' || e[-1] == '\t'))
		for (end = e; end > p && (end[-1] == ' ' || end[-1] == '\t');
		    end--)
			continue;
	for (; p < end; p++) {
		if (*p == '\\' && p + 1 < end && strchr("!\"#$%&'()*+,-./:;"
		    "<=>?@[\\]^_`{|}~", p[1]) != NULL)
			p++;
		buf_putc(b, *p);
	}
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
