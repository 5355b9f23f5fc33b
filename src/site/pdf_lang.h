/*
 * pdf_lang.h: sets the document language (/Lang) of a PDF cairo wrote
 * into a struct buf, by an incremental update appended to it.
 *
 * Ownership: appends to the caller's buffer; keeps nothing.
 */
#ifndef PERFIL_PDF_LANG_H
#define PERFIL_PDF_LANG_H

#include "base/util.h"

int	 pdf_lang_set(struct buf *, const char *lang);

#endif /* PERFIL_PDF_LANG_H */
