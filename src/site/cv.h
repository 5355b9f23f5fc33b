/*
 * cv.h: the markdown of the résumé page (/cv), the project list
 * (/projects) and one page per project (/projects/SLUG), written from
 * the API objects of the model (item->obj[l]), so the pages say what
 * the API says, in the page's language.  Optional collections that
 * are absent leave their section out.
 *
 * Ownership: the writers append to a caller's struct buf; the path
 * helpers write into a caller's buffer.  Nothing is kept.
 */
#ifndef PERFIL_CV_H
#define PERFIL_CV_H

#include "site/markdown.h"

page_render_fn cv_page, cv_projects, cv_home; /* page_list.h's */
/* cv_page's self when cv_pdf.c typesets it for /cv.pdf (not the page). */
#define CV_FOR_PDF	(-1)
/* The forms of a variant's CV (site.json's cv_variants), by path. */
enum cv_form {
	CV_FORM_PAGE,		/* /cv/NAME (HTML or markdown by Accept) */
	CV_FORM_MD,		/* /cv/NAME.md */
	CV_FORM_PDF,		/* /cv/NAME.pdf */
	CV_FORM_TXT,		/* /cv/NAME.txt */
	CV_FORM_RESUME,		/* /resume/NAME.json */
	CV_FORM__MAX
};
struct cv_variant;
void	 cv_variant_page(const struct app *, const struct cv_variant *,
	    int self, enum lang, struct buf *);
const char *cv_variant_path(const struct app *, const struct cv_variant *,
	    enum lang, enum cv_form, char *out, size_t outsz);
const char *cv_variant_text(const struct app *, const struct cv_variant *,
	    enum lang, const char *member);
const struct buf *cv_for_pdf(const struct app *, const struct cv_variant *,
	    enum lang, struct buf *tmp);
int	 cv_md_render(struct app *);
void	 cv_md_done(const struct app *, enum lang);
void	 cv_md_free(struct app *);
void	 cv_pdf_left_out(const char *path, size_t len);
void	 cv_project(const struct app *, const struct item *, enum lang,
	    struct buf *);
const char *cv_project_path(const struct app *, enum lang,
	    const char *slug, int md, char *out, size_t outsz);
void	 cv_project_links(const struct app *, enum lang, struct buf *);

#endif /* PERFIL_CV_H */
