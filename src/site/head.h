/*
 * head.h: what the <head> of a page says about it to link previews and
 * search engines (Open Graph, Twitter card, schema.org JSON-LD), who
 * the page's author is on the open web (rel="me", fediverse:creator),
 * and the site icon: an SVG monogram of the person's initials.
 *
 * Ownership: the writers append to a caller's struct buf.  Nothing is
 * kept.
 */
#ifndef PERFIL_HEAD_H
#define PERFIL_HEAD_H

#include "site/markdown.h"

/* What a page's preview needs. */
struct head_preview {
	const char *title;		/* the <title> text */
	const char *description;
	const char *path[LANG__MAX];	/* canonical path per language */
	int	 profile;		/* og:type profile, else website */
};

void	 head_preview(const struct app *, const struct head_preview *,
	    enum lang, struct buf *);
int	 head_json_ld(const struct app *, const char *path, enum lang,
	    struct buf *);
void	 head_icon(const struct app *, struct buf *);
void	 head_identity(const struct app *, struct buf *);

#endif /* PERFIL_HEAD_H */
