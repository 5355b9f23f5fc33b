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

#include "markdown.h"

int	 cv_pdf(const struct app *, enum lang, struct buf *);

#endif /* PERFIL_CV_PDF_H */
