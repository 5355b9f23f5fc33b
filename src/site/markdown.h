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

#include "core/app.h"
#include "content/labels.h"
#include "content/page_list.h"
#include "core/routes.h"
#include "content/settings.h"
#include "site/site_paths.h"

void	 md_template(struct buf *, const char *, const cJSON *);

/*
 * A page's renderer (the last column of SITE_PAGES): appends the
 * markdown of page self in language l to b.  pages.c ends it with
 * md_finish.
 */
typedef void page_render_fn(const struct app *, int self, enum lang l,
	    struct buf *b);
page_render_fn md_home, md_about, md_contact, md_owner_page;
void	 md_home_head(const struct app *, enum lang, struct buf *);
void	 md_home_rest(const struct app *, int self, enum lang, struct buf *);

int	 md_finish(struct buf *);
void	 md_not_found(const struct app *, enum lang, struct buf *);

size_t	 md_section(const char *, size_t);

/* Shared with the agent files. */
void	 md_text(struct buf *, const char *);
void	 md_stop(struct buf *, const struct app *, enum lang, int end);
void	 md_url(struct buf *, const char *);
void	 md_link_site(struct buf *, const struct app *, const char *text,
	    const char *path);
void	 md_heading(struct buf *, const struct app *, enum lang,
	    const char *key);
const char *md_profile_api_path(const struct app *, enum lang, char *,
	    size_t);
const char *md_duration(const struct app *, const struct item *, enum lang,
	    char *, size_t);
#define MD_URL_MAX	1280	/* a media file's URL: base URL + name */
const char *md_portrait(const struct app *, char buf[MD_URL_MAX]);

#endif /* PERFIL_MARKDOWN_H */
