/*
 * cv_fonts.h: the fonts of the CV's PDF (cv_pdf.c) and what they
 * cannot draw.
 *
 * The PDF names one family list (CV_FONTS_FAMILY); pango asks
 * fontconfig for each character and falls back over every installed
 * font (Debian's Noto fonts for the scripts DejaVu lacks), so a font
 * is found for a character when any font fontconfig knows has it.
 * fontconfig reads its configuration once per process, from
 * FONTCONFIG_FILE when that is set (a shared host's upload bundles
 * its fonts with a fonts.conf naming them: docs/deployment.md).
 *
 * cv_fonts_scan_json and cv_fonts_scan_text list the characters of the
 * content no installed font has, which the PDF would show as a box:
 * --check prints them as warnings, a start or a reload logs them.
 *
 * Ownership: cv_fonts_context returns a context the caller unrefs; the
 * process's font map is kept (cv_fonts.c says why).  The scans append
 * to the caller's struct buf.
 */
#ifndef PERFIL_CV_FONTS_H
#define PERFIL_CV_FONTS_H

#include <cjson/cJSON.h>
#include <pango/pango.h>

#include "base/util.h"

/* The body's family list; fontconfig falls back from it. */
#define CV_FONTS_FAMILY	"DejaVu Sans, sans-serif"

/* At most this many characters named per field (the rest counted). */
#define CV_FONTS_SHOW_MAX	8

struct cv_fonts_scan;

PangoContext	*cv_fonts_context(const char *lang);
PangoFontDescription *cv_fonts_desc(double size, int bold, int italic);
struct cv_fonts_scan *cv_fonts_scan_new(void);
void		 cv_fonts_scan_free(struct cv_fonts_scan *);
int		 cv_fonts_scan_json(struct cv_fonts_scan *, const cJSON *,
		    const char *file, const char *path, struct buf *out);

#endif /* PERFIL_CV_FONTS_H */
