/*
 * pdf_ua.h: completes the catalog of a tagged PDF cairo wrote into a
 * struct buf with what PDF/UA-1 asks and cairo cannot write: the
 * document language (/Lang), /ViewerPreferences with DisplayDocTitle,
 * and the XMP metadata that identifies the file as PDF/UA-1
 * (pdfuaid:part), with its dc:title, dc:language and dc:relation (the
 * plain-text CV), /Tabs /S on each
 * page, and its painting outside the structure marked as artifacts
 * (pdf_artifact.h), typed; by an incremental update appended to it.
 *
 * Ownership: appends to the caller's buffer; keeps nothing.
 */
#ifndef PERFIL_PDF_UA_H
#define PERFIL_PDF_UA_H

#include "base/util.h"
#include "site/pdf_artifact.h"

/* What the XMP metadata says: the texts cairo's document information
 * dictionary holds (cairo_pdf_surface_set_metadata), and the language;
 * what the artifacts are. */
struct pdf_ua_meta {
	const char *lang;	/* BCP 47 */
	const char *title, *author, *subject, *creator;	/* UTF-8 */
	const char *relation;	/* the same CV as plain text (a URL), or
				 * NULL */
	const struct pdf_artifact_kinds *artifacts;	/* or NULL */
};

int	 pdf_ua_catalog(struct buf *, const struct pdf_ua_meta *);

#endif /* PERFIL_PDF_UA_H */
