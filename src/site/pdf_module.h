/*
 * pdf_module.h: the PDF's entry points as one table (base/module.h).  A
 * build with modules (configure's PDF_MODULE, the default but for the
 * self-contained build) puts the PDF's code and its libraries (cairo,
 * pango, fontconfig and the thirty they bring) in perfil-pdf.so, which
 * exports this table as perfil_pdf_ops and nothing else; the responder
 * loads it on its first PDF (site/pdf_stubs.c), so a start that reads
 * a snapshot maps none of them.  The responder's functions that the
 * module calls are named in src/server/pdf_imports (a linker response
 * file).  A build without modules links the same code in and calls
 * cv_pdf.h's and cv_fonts.h's functions directly.
 */
#ifndef PERFIL_PDF_MODULE_H
#define PERFIL_PDF_MODULE_H

#include <cjson/cJSON.h>

#include "base/module.h"
#include "core/app.h"

/* Raised whenever a member of struct pdf_ops changes. */
#define PDF_MODULE_ABI		1
#define PDF_MODULE_NAME		"perfil-pdf.so"
#define PDF_MODULE_SYMBOL	"perfil_pdf_ops"

struct buf;
struct cmark_node;
struct cv_fonts_scan;
struct cv_variant;

/* The head of the table: this build's (PDF_MODULE_HEAD). */
#define PDF_MODULE_HEAD	{ PDF_MODULE_ABI, PACKAGE_VERSION,		\
	{ sizeof(struct app), sizeof(struct model) } }

struct pdf_ops {
	struct module_head head;
	int	(*cv_pdf)(const struct app *, enum lang, struct buf *);
	int	(*cv_pdf_of)(const struct app *, const struct cv_variant *,
		    enum lang, const struct buf *, struct cmark_node *,
		    struct buf *);
	int	(*cv_pdf_fits)(const struct app *, enum lang);
	struct cv_fonts_scan *(*scan_new)(void);
	void	(*scan_free)(struct cv_fonts_scan *);
	int	(*scan_json)(struct cv_fonts_scan *, const cJSON *,
		    const char *, const char *);
	int	(*scan_report)(const struct cv_fonts_scan *, struct buf *);
	void	(*scan_packages)(const struct cv_fonts_scan *, struct buf *);
};

extern const struct pdf_ops perfil_pdf_ops;

#endif /* PERFIL_PDF_MODULE_H */
