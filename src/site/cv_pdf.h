/*
 * cv_pdf.h: the résumé as a PDF (/cv.pdf, /CODE/cv.pdf), typeset
 * once per content load from the markdown of /cv (cv.h's cv_page), so
 * that the PDF says what the page says, in the same order and words.
 * Built only with cairo and pango (configure's HAVE_PDF).
 *
 * Ownership: cv_pdf appends to a caller's struct buf; nothing is kept
 * (the fonts pango opened are released before it returns).
 */
#ifndef PERFIL_CV_PDF_H
#define PERFIL_CV_PDF_H

#include "site/markdown.h"

/*
 * The longest /cv (its markdown, in bytes) typeset as a PDF: about 27
 * A4 pages.  Typesetting costs about 5 ms of CPU a page, per language
 * and content load (docs/site.md); a longer CV (content generated for
 * a benchmark, 1,000 items a collection: 9 s of CPU) gets no PDF
 * (/cv.pdf answers 404, llms.txt leaves it out) and the load says so
 * on standard error.
 */
#define CV_PDF_MAX	((size_t)128 * 1024)

int	 cv_pdf(const struct app *, enum lang, struct buf *);
struct cv_variant;
/* The PDF of a variant of the CV (site.json's cv_variants; NULL: the
 * full CV, cv_pdf's): the same returns. */
int	 cv_variant_pdf(const struct app *, const struct cv_variant *,
	    enum lang, struct buf *);
struct buf;
/* The same from the CV's markdown (cv_for_pdf's), for a caller that
 * also makes the plain text and the page from it (cv_text_of): doc is
 * md parsed by cmark, read only; NULL parses md here. */
struct cmark_node;
int	 cv_pdf_of(const struct app *, const struct cv_variant *, enum lang,
	    const struct buf *md, struct cmark_node *doc, struct buf *);
int	 cv_pdf_fits(const struct app *, enum lang);

#endif /* PERFIL_CV_PDF_H */
