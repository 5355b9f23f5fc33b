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
/* The same from the CV's markdown md (cv_for_pdf's), for a caller that
 * also makes the PDF and the page from it (cv_pdf_of, struct view's
 * cv_doc): doc is md parsed by cmark, read only; NULL parses md here,
 * a section at a time (md_section). */
struct cmark_node;
int	 cv_text_of(const struct app *, enum lang, const struct buf *md,
	    struct cmark_node *doc, struct buf *);

/*
 * Appends text[0..len) as one paragraph of the text, wrapped, its first
 * line after first ("- " for a list item); icu_only: every break found
 * by ICU's line break iterator, without the shortcuts for one line and
 * for Latin text (tests/check_cv_text.c compares the two).  Returns 0,
 * or -1 out of memory.
 */
int	 cv_text_paragraph(struct buf *, const char *text, size_t len,
	    const char *first, const char *locale, int icu_only);

#endif /* PERFIL_CV_TEXT_H */
