/*
 * bibtex_out.h: the publications as a BibTeX library
 * (/publications.bib, one per language; docs/resume.md, "BibTeX").
 *
 * bibtex_out appends the library of language l to b: an @comment
 * naming its source, then one entry per publication in the content's
 * order, in UTF-8, that --add-bibtex reads back to the same content.
 * Returns 0, 1 when the content has no publication (the 404 page), or
 * -1 out of memory.
 *
 * Ownership: b is the caller's; nothing else is allocated.
 */
#ifndef PERFIL_BIBTEX_OUT_H
#define PERFIL_BIBTEX_OUT_H

#include "core/app.h"

int	 bibtex_out(const struct app *, enum lang, struct buf *);

#endif /* PERFIL_BIBTEX_OUT_H */
