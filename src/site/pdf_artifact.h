/*
 * pdf_artifact.h: marks as artifacts (ISO 32000-1, 14.8.2.2) what a
 * page content stream of a tagged PDF paints outside every marked-
 * content sequence, which cairo 1.16 cannot tag (it has no Artifact
 * tag): the CV's footer and rules, typed by what they paint (struct
 * pdf_artifact_kinds: the caller knows what it drew outside elements).
 *
 * Ownership: appends to the caller's buffer; keeps nothing.
 */
#ifndef PERFIL_PDF_ARTIFACT_H
#define PERFIL_PDF_ARTIFACT_H

#include "base/util.h"

/* The largest decoded content stream it rewrites (a CV page holds
 * about 20 KiB). */
#define PDF_ARTIFACT_MAX	((size_t)4 * 1024 * 1024)

/* The property list of each artifact (ISO 32000-1, 14.8.2.2.2), by
 * what it paints; NULL for an untyped artifact (/Artifact BMC). */
struct pdf_artifact_kinds {
	const char *text;	/* a text object: "<< /Type /Pagination
				 * /Subtype /Footer >>" */
	const char *path;	/* a path: "<< /Type /Layout >>" */
};

int	 pdf_artifact_wrap(const char *, size_t,
	    const struct pdf_artifact_kinds *, struct buf *);
int	 pdf_artifact_flate(const unsigned char *, size_t,
	    const struct pdf_artifact_kinds *, struct buf *);

#endif /* PERFIL_PDF_ARTIFACT_H */
