/*
 * layout.h: the one HTML layout of the website's pages (layout.c).
 *
 * Ownership: layout appends to a caller's struct buf; a struct view
 * only points at strings its caller keeps alive while layout runs.
 */
#ifndef PERFIL_LAYOUT_H
#define PERFIL_LAYOUT_H

#include "site/markdown.h"

/* What the layout needs to know about the page it wraps. */
struct cv_variant;

struct view {
	int	 page;			/* enum site_page, -1: the 404 page */
	int	 item;			/* one item's page under page */
	const char *path[LANG__MAX];	/* canonical paths */
	const char *md_path[LANG__MAX];	/* markdown twins */
	const char *description;	/* NULL: the page's summary */
	const struct cv_variant *variant; /* SITE_CV: a variant's (site.json's
					 * cv_variants), NULL: the full CV */
	int	 variant_pdf;		/* the variant's PDF was made */
	int	 noindex;		/* meta robots noindex (an unlisted
					 * variant) */
	struct cmark_node *cv_doc;	/* SITE_CV: a variant's markdown
					 * its PDF and text are made from
					 * (cv_for_pdf), parsed: the page's
					 * sections come from it; NULL:
					 * parsed from the page's, a
					 * section at a time */
};


void	 layout_style(const struct app *, struct buf *);
char	*layout_csp(const struct app *);
void	 layout_view_page(const struct app *, struct view *, int page);
int	 layout(const struct app *, const struct view *, enum lang,
	    const char *md, struct buf *);

#endif /* PERFIL_LAYOUT_H */
