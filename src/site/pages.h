/*
 * pages.h: the website face.  At start-up site_build renders every
 * page (markdown from markdown.c, HTML through cmark in one layout),
 * the 404 page and the agent files, per language, into one immutable
 * struct site; the largest pieces (the CV's page, the CV variants'
 * forms, /cv.txt and /resume.json, one language at a time) go to
 * whichever of the load's two threads is free first (site_build_shared
 * runs on the other), and the PDFs of the variants the other thread
 * took are typeset once both are done (site_build_pdfs).  The handlers
 * only pick the bytes and the headers, but for a project's page,
 * rendered per request (pages_project).
 *
 * Ownership: site_new allocates the struct site; the caller releases
 * it with site_free, whatever the builders returned.
 */
#ifndef PERFIL_PAGES_H
#define PERFIL_PAGES_H

#include <stdatomic.h>

#include "http/encoding.h"
#include "http/snap.h"
#include "core/ctx.h"
#include "site/markdown.h"
#include "site/cv.h"

/* A variant of the CV (site.json's cv_variants), every form of it in
 * every language, rendered once by site_build like /cv's. */
struct site_variant {
	struct rendered form[CV_FORM__MAX][LANG__MAX];	/* cv.h's forms;
					 * CV_FORM_PAGE: the HTML, MD the
					 * markdown; a PDF not made: empty */
	char	*link_md[LANG__MAX];	/* Link on the HTML */
	char	*link_html[LANG__MAX];	/* Link on the markdown */
	struct buf pdf_md[LANG__MAX];	/* a load's only: the markdown of
					 * a PDF left to site_build_pdfs */
	atomic_int pdf_left[LANG__MAX];	/* 1: pdf_md is whole, 2: typeset */
};

struct site {
	struct rendered md[PAGE__MAX][LANG__MAX];
	struct rendered html[PAGE__MAX][LANG__MAX];
	char	*link_md[PAGE__MAX][LANG__MAX];	/* Link on HTML */
	char	*link_html[PAGE__MAX][LANG__MAX];	/* Link on markdown */
	struct rendered nf_md[LANG__MAX];		/* 404 */
	struct rendered nf_html[LANG__MAX];
	struct rendered doc[SITE_DOC__MAX][LANG__MAX];
	char	*csp;			/* with the inline style's hash */
	struct site_variant *var;	/* settings' cv_variants, in order */
	int	 nvar;
	atomic_int taken;		/* shared documents taken (a load) */
	void	(*pdf_left)(void *);	/* a load's: called on the other
					 * thread when it left a PDF */
	void	*pdf_left_arg;
};

struct site	*site_new(const struct app *);
int		 site_build(const struct app *, struct site *, char *err,
		    size_t errlen);
int		 site_build_shared(const struct app *, struct site *, int);
int		 site_build_pdfs(const struct app *, struct site *);
int		 site_cv_md_readers(const struct app *, enum lang);
int		 site_doc_render(const struct app *, int doc, enum lang,
		    struct buf *);
void		 site_free(struct site *);
void		 site_snap(struct snap *, struct site *, int nvar);

void		 pages_page(struct ctx *);	/* ROUTE_PAGE, arg: page */
void		 pages_doc(struct ctx *);	/* ROUTE_DOC, arg: doc */
void		 pages_project(struct ctx *);	/* a project's page */
void		 pages_media(struct ctx *);	/* /media/NAME */
void		 pages_cv_variant(struct ctx *);	/* /cv/NAME...,
						 * /resume/NAME.json */
void		 pages_not_found(struct ctx *);
const struct route *pages_match_md(const char *path, const char **slug,
		    struct arena *);

#endif /* PERFIL_PAGES_H */
