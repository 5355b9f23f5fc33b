/*
 * cv_text.h: the résumé as plain text (/cv.txt, cv_text.c): /cv's
 * words in reading order, no markup, lines of at most CV_TEXT_WIDTH
 * code points.
 *
 * Ownership: cv_text appends to the caller's struct buf.
 */
#ifndef PERFIL_CV_TEXT_H
#define PERFIL_CV_TEXT_H

#include "core/app.h"

#define CV_TEXT_WIDTH	100

/* Appends the CV of language l; returns 0, or -1 out of memory. */
int	 cv_text(const struct app *, enum lang, struct buf *);
struct cv_variant;
/* The same of a variant of the CV (site.json's cv_variants; NULL: the
 * full CV, cv_text's). */
int	 cv_variant_text_doc(const struct app *, const struct cv_variant *,
	    enum lang, struct buf *);

#endif /* PERFIL_CV_TEXT_H */
