/*
 * pdf_ops.c: the PDF's entry points as the table that perfil-pdf.so
 * exports (pdf_module.h).
 */
#include "config.h"

#include "base/util.h"
#include "site/cv_fonts.h"
#include "site/cv_pdf.h"
#include "site/pdf_module.h"

const struct pdf_ops perfil_pdf_ops = {
	.head = PDF_MODULE_HEAD,
	.cv_pdf = cv_pdf,
	.cv_pdf_of = cv_pdf_of,
	.cv_pdf_fits = cv_pdf_fits,
	.scan_new = cv_fonts_scan_new,
	.scan_free = cv_fonts_scan_free,
	.scan_json = cv_fonts_scan_json,
	.scan_report = cv_fonts_scan_report,
	.scan_packages = cv_fonts_scan_packages,
};
