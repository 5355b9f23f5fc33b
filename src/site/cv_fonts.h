/*
 * cv_fonts.h: the fonts of the CV's PDF (cv_pdf.c) and what they
 * cannot draw.
 *
 * The PDF names one family list per language (cv_fonts_context):
 * CV_FONTS_FAMILY where DejaVu Sans has the language's letters, else
 * the families fontconfig prefers for the language before it; pango
 * asks fontconfig for each character and falls back over every
 * installed font (Debian's Noto fonts for the scripts DejaVu lacks),
 * so a font is found for a character when any font fontconfig knows
 * has it.
 * fontconfig reads its configuration once per process, from
 * FONTCONFIG_FILE when that is set (a shared host's upload bundles
 * its fonts with a fonts.conf naming them: docs/deployment.md).
 *
 * cv_fonts_scan_json counts the characters of the content no installed
 * font has, which the PDF would show as a box, by the Debian package
 * whose fonts have them (cv_fonts_package: a table of ICU scripts);
 * cv_fonts_scan_report writes one line per package, which --check
 * prints as warnings and a start or a reload logs, and
 * cv_fonts_scan_packages the packages alone (--font-packages).
 *
 * Ownership: cv_fonts_context returns a context the caller unrefs; the
 * process's font map is kept (cv_fonts.c says why).  The reports
 * append to the caller's struct buf; cv_fonts_package's names are
 * static.
 */
#ifndef PERFIL_CV_FONTS_H
#define PERFIL_CV_FONTS_H

#include <cjson/cJSON.h>
#include <pango/pango.h>
#include <unicode/uscript.h>

#include "base/util.h"

/* The body's family list where its first family has the language's
 * letters; fontconfig falls back from it.  In another language the
 * language's own families come first (cv_fonts_context), at most
 * CV_FONTS_LANG_MAX of them. */
#define CV_FONTS_FIRST	"DejaVu Sans"
#define CV_FONTS_FAMILY	CV_FONTS_FIRST ", sans-serif"
#define CV_FONTS_LANG_MAX	3

/* At most this many scripts named per package (the rest elided). */
#define CV_FONTS_SCRIPTS_MAX	6

struct cv_fonts_scan;

PangoContext	*cv_fonts_context(const char *lang);
PangoFontDescription *cv_fonts_desc(PangoContext *, double size, int bold,
		    int italic);
struct cv_fonts_scan *cv_fonts_scan_new(void);
void		 cv_fonts_scan_free(struct cv_fonts_scan *);
int		 cv_fonts_scan_json(struct cv_fonts_scan *, const cJSON *,
		    const char *file, const char *path);
int		 cv_fonts_scan_report(const struct cv_fonts_scan *,
		    struct buf *out);
void		 cv_fonts_scan_packages(const struct cv_fonts_scan *,
		    struct buf *out);
const char	*cv_fonts_package(UChar32, UScriptCode *);

#endif /* PERFIL_CV_FONTS_H */
