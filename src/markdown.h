/*
 * markdown.h: the markdown of every website page, written from the
 * content model and the route table at start-up.  The markdown is the
 * one representation of a page: pages.c renders it to HTML, agents
 * read it as is.
 *
 * Ownership: functions here append to a caller's struct buf; nothing
 * is kept.
 */
#ifndef PERFIL_MARKDOWN_H
#define PERFIL_MARKDOWN_H

#include "app.h"
#include "labels.h"
#include "page_list.h"
#include "routes.h"
#include "settings.h"

/* The label key in language l (labels.h). */
#define LBL(app, l, key)	lbl((app)->labels, (l), (key))
/* Site path p in language l (lang_path), built in the caller's char
 * array tmp. */
#define LPATH(app, l, p)	lang_path((app)->langs, (l), (p), tmp, sizeof(tmp))

#define PAGE_PATH_MAX	(OWNER_NAME_MAX + 16)	/* "/CODE/NAME.md" */

/*
 * The site's pages as this load publishes them: the made pages of
 * page_list.h and the owner's pages of the content (page numbers in
 * page_list.h), their order in every list, place, paths ("/en/about"),
 * navigation label and summary in every language; built once per load.
 */
struct site_paths {
	int	 n;			/* pages published */
	int	 order[PAGE__MAX];	/* their numbers, in the site's order */
	const char *name[PAGE__MAX];
	enum page_place place[PAGE__MAX];
	int	 optional[PAGE__MAX];	/* llms.txt lists it under Optional */
	char	 path[PAGE__MAX][LANG__MAX][PAGE_PATH_MAX];
	char	 md_path[PAGE__MAX][LANG__MAX][PAGE_PATH_MAX];
	const char *label[PAGE__MAX][LANG__MAX];
	const char *summary[PAGE__MAX][LANG__MAX];
	char	*title[OWNER_PAGE__MAX][LANG__MAX];	/* "# " lines */
	char	*sections[LANG__MAX];	/* the CV's summary, its
					 * @@sections@@ filled */
};

struct site_paths *site_paths_build(const struct app *, char *err,
	    size_t errlen);
void	 site_paths_free(struct site_paths *);
int	 site_owner_find(const struct app *, const char *name);
const char *site_page_path(const struct app *, int page, enum lang);
const char *site_page_md_path(const struct app *, int page, enum lang);
const char *site_page_summary(const struct app *, int page, enum lang);
const char *site_page_label(const struct app *, int page, enum lang);
void	 md_template(struct buf *, const char *, const cJSON *);

/*
 * A page's renderer (the last column of SITE_PAGES): appends the
 * markdown of page self in language l to b.  pages.c ends it with
 * md_finish.
 */
typedef void page_render_fn(const struct app *, int self, enum lang l,
	    struct buf *b);
page_render_fn md_home, md_about, md_contact, md_owner_page;

int	 md_finish(struct buf *);
void	 md_title(struct buf *, const char *md);
void	 md_not_found(const struct app *, enum lang, struct buf *);

/* Shared with the agent files. */
void	 md_text(struct buf *, const char *);
void	 md_url(struct buf *, const char *);
void	 md_link_site(struct buf *, const struct app *, const char *text,
	    const char *path);
void	 md_heading(struct buf *, const struct app *, enum lang,
	    const char *key);
const char *md_profile_api_path(const struct app *, enum lang, char *,
	    size_t);
const char *md_str(const cJSON *, const char *name);
#define MD_URL_MAX	1280	/* a media file's URL: base URL + name */
const char *md_portrait(const struct app *, char buf[MD_URL_MAX]);
int	 site_has_route(const char *path);
int	 site_page_published(const struct app *, int page);
enum lang site_path_lang(const struct app *, const char *path,
	    const char **rest);

#endif /* PERFIL_MARKDOWN_H */
