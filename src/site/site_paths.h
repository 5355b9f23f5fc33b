/*
 * site_paths.h: the site's path table (struct site_paths), built once
 * per content load and reached as app->paths: the pages this load
 * publishes (the made pages of page_list.h and the owner's pages of
 * the content), their order, places, paths, labels and summaries in
 * every language; a site path's language; whether the route table
 * serves a path.  Every renderer asks it; it asks no renderer.
 *
 * Ownership: site_paths_build's result is the caller's (site_paths_free);
 * the strings the accessors return belong to it or to the labels.
 */
#ifndef PERFIL_SITE_PATHS_H
#define PERFIL_SITE_PATHS_H

#include "core/app.h"
#include "content/page_list.h"
#include "content/labels.h"
#include "core/routes.h"
#include "content/settings.h"

/* Site path p in language l (lang_path), built in the caller's char
 * array tmp. */
#define LPATH(app, l, p)	\
	lang_path((app)->langs, (l), (p), tmp, sizeof(tmp))

/* The longest page path, "/PREFIX/NAME.md": a tag's prefix of
 * LANG_TAG_MAX, a name of OWNER_NAME_MAX, and the NUL. */
#define PAGE_PATH_MAX	(LANG_TAG_MAX + OWNER_NAME_MAX + 6)

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
int	 site_has_route(const char *path);
int	 site_page_published(const struct app *, int page);
enum lang site_path_lang(const struct app *, const char *path,
	    const char **rest);
void	 site_md_title(struct buf *, const char *md);

#endif /* PERFIL_SITE_PATHS_H */
