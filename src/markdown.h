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
#include "routes.h"
#include "labels.h"
#include "settings.h"

/* The label key in language l (labels.h). */
#define LBL(app, l, key)	lbl((app)->labels, (l), (key))
/* Site path p in language l (lang_path), built in the caller's char
 * array tmp. */
#define LPATH(app, l, p)	lang_path((app)->langs, (l), (p), tmp, sizeof(tmp))

enum site_page {
	SITE_HOME,
	SITE_ABOUT,
	SITE_CV,
	SITE_PROJECTS,
	SITE_CONTACT,
	SITE_PRIVACY,
	SITE_LAB,
	SITE_DEVELOPERS,
	SITE_PAGE__MAX
};

/* A page's addresses (in the default language) and names. */
struct site_page_info {
	const char *path;		/* "/about" */
	const char *md_path;		/* "/about.md" */
	const char *name;		/* in label keys: "page.NAME.label" */
	int	 set;			/* its enum settings_page */
	int	 footer;		/* linked from the footer, not the nav */
};

extern const struct site_page_info site_pages[SITE_PAGE__MAX];

/* Every page's paths ("/en/about"), navigation label and summary in
 * every language of the site, built once per load. */
struct site_paths {
	char	 path[SITE_PAGE__MAX][LANG__MAX][32];
	char	 md_path[SITE_PAGE__MAX][LANG__MAX][32];
	const char *label[SITE_PAGE__MAX][LANG__MAX];
	const char *summary[SITE_PAGE__MAX][LANG__MAX];
};

struct site_paths *site_paths_build(const struct app *);
const char *site_page_path(const struct app *, enum site_page, enum lang);
const char *site_page_md_path(const struct app *, enum site_page,
	    enum lang);

const char *site_page_summary(const struct app *, enum site_page,
	    enum lang);
const char *site_page_label(const struct app *, enum site_page, enum lang);
const char *md_route_summary(const struct app *, const struct route *,
	    enum lang);
const char *md_route_description(const struct app *, const struct route *,
	    enum lang);
void	 md_language_section(const struct app *, enum lang, const char *key,
	    struct buf *);
void	 md_template(struct buf *, const char *, const cJSON *);
int	 md_page(const struct app *, enum site_page, enum lang, struct buf *);
int	 md_finish(struct buf *);
void	 md_not_found(const struct app *, enum lang, struct buf *);

/* Shared with the agent files. */
void	 md_text(struct buf *, const char *);
void	 md_url(struct buf *, const char *);
void	 md_link_site(struct buf *, const struct app *, const char *text,
	    const char *path);
void	 md_route_example(const struct app *, const struct route *,
	    enum lang, struct buf *);
void	 md_route_params(const struct app *, const struct route *,
	    enum lang, const char *indent, struct buf *);
const char *md_str(const cJSON *, const char *name);
int	 site_has_route(const char *path);
int	 site_page_published(const struct app *, enum site_page);
enum lang site_path_lang(const struct app *, const char *path,
	    const char **rest);

#endif /* PERFIL_MARKDOWN_H */
