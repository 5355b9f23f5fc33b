/*
 * pdf_artifact.h: marks as artifacts (ISO 32000-1, 14.8.2.2) what a
 * page content stream of a tagged PDF paints outside every marked-
 * content sequence, which cairo 1.16 cannot tag (it has no Artifact
 * tag): the CV's footer and rules.
 *
 * Ownership: appends to the caller's buffer; keeps nothing.
 */
#ifndef PERFIL_PDF_ARTIFACT_H
#define PERFIL_PDF_ARTIFACT_H

#include "base/util.h"

/* The largest decoded content stream it rewrites (a CV page holds
 * about 20 KiB). */
#define PDF_ARTIFACT_MAX	((size_t)4 * 1024 * 1024)

int	 pdf_artifact_wrap(const char *, size_t, struct buf *);
int	 pdf_artifact_flate(const unsigned char *, size_t, struct buf *);

#endif /* PERFIL_PDF_ARTIFACT_H */
