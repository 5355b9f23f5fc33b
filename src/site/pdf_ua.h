/*
 * pdf_ua.h: completes the catalog of a tagged PDF cairo wrote into a
 * struct buf with what PDF/UA-1 asks and cairo cannot write: the
 * document language (/Lang), /ViewerPreferences with DisplayDocTitle,
 * and the XMP metadata that identifies the file as PDF/UA-1
 * (pdfuaid:part), with its dc:title, dc:language and dc:relation (the
 * plain-text CV), /Tabs /S on each
 * page, and its painting outside the structure marked as artifacts
 * (pdf_artifact.h), typed; /Lang on each structure element in another
 * language than the document's, /Alt on each the caller describes (a
 * Figure); by an incremental update appended to it.
 *
 * Ownership: appends to the caller's buffer; keeps nothing.
 */
#ifndef PERFIL_PDF_UA_H
#define PERFIL_PDF_UA_H

#include "base/util.h"
#include "site/pdf_artifact.h"

/* A structure element given what cairo ignores on a tag: the index-th
 * cairo was asked to open (from 0), its role, its language when not
 * the document's, its alternate description (ISO 32000-1, 14.9.3). */
struct pdf_ua_attr {
	size_t	 index;
	const char *role;	/* "Span", "Link", "Figure" */
	const char *lang;	/* BCP 47, or NULL */
	const char *alt;	/* UTF-8, at most PDF_UA_ALT_MAX bytes, or
				 * NULL */
};

#define PDF_UA_ALT_MAX	1000

/* What the XMP metadata says: the texts cairo's document information
 * dictionary holds (cairo_pdf_surface_set_metadata), and the language;
 * what the artifacts are; the elements given a language or a
 * description. */
struct pdf_ua_meta {
	const char *lang;	/* BCP 47 */
	const char *title, *author, *subject, *creator;	/* UTF-8 */
	const char *relation;	/* the same CV as plain text (a URL), or
				 * NULL */
	const struct pdf_artifact_kinds *artifacts;	/* or NULL */
	const struct pdf_ua_attr *attrs;	/* by index, ascending */
	size_t	 nattrs;
	size_t	 nelems;	/* the structure elements opened */
};

int	 pdf_ua_catalog(struct buf *, const struct pdf_ua_meta *);

#endif /* PERFIL_PDF_UA_H */
