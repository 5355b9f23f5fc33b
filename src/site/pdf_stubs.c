/*
 * pdf_stubs.c: cv_pdf.h's and cv_fonts.h's functions in a responder
 * built with the PDF module (pdf_module.h): each loads perfil-pdf.so
 * once, on the first call, and calls its table.
 *
 * The module is looked for at one place (base/module.h).  A module that
 * is missing, fails to load, or comes from another build (its table's
 * version, ABI or structure sizes differ) is not used: one line on
 * standard error says which file and why, and the responder serves
 * without a PDF, as a build without one does (/cv.pdf answers 404, the
 * pages and llms.txt leave it out).
 */
#include "config.h"

#include <pthread.h>

#include "base/module.h"
#include "base/util.h"
#include "site/cv_fonts.h"
#include "site/cv_pdf.h"
#include "site/pdf_module.h"

static pthread_once_t	 once = PTHREAD_ONCE_INIT;
static const struct pdf_ops *ops;

static void
load(void)
{
	static const struct module_head want = PDF_MODULE_HEAD;

	ops = module_open(PDF_MODULE_NAME, PDF_MODULE_SYMBOL, &want, "PDF",
	    "no PDF is made");
}

static const struct pdf_ops *
pdf(void)
{
	pthread_once(&once, load);
	return ops;
}

int
cv_pdf(const struct app *app, enum lang l, struct buf *out)
{
	const struct pdf_ops *o = pdf();

	return o == NULL ? 1 : o->cv_pdf(app, l, out);
}

int
cv_pdf_of(const struct app *app, const struct cv_variant *v, enum lang l,
    const struct buf *md, struct cmark_node *doc, struct buf *out)
{
	const struct pdf_ops *o = pdf();

	return o == NULL ? 1 : o->cv_pdf_of(app, v, l, md, doc, out);
}

int
cv_pdf_fits(const struct app *app, enum lang l)
{
	const struct pdf_ops *o = pdf();

	return o == NULL ? 0 : o->cv_pdf_fits(app, l);
}

struct cv_fonts_scan *
cv_fonts_scan_new(void)
{
	const struct pdf_ops *o = pdf();

	return o == NULL ? NULL : o->scan_new();
}

/* The rest take a scan that cv_fonts_scan_new made: the module is in. */
void
cv_fonts_scan_free(struct cv_fonts_scan *sc)
{
	if (sc != NULL)
		ops->scan_free(sc);
}

int
cv_fonts_scan_json(struct cv_fonts_scan *sc, const cJSON *j,
    const char *file, const char *path)
{
	return ops->scan_json(sc, j, file, path);
}

int
cv_fonts_scan_report(const struct cv_fonts_scan *sc, struct buf *out)
{
	return ops->scan_report(sc, out);
}

void
cv_fonts_scan_packages(const struct cv_fonts_scan *sc, struct buf *out)
{
	ops->scan_packages(sc, out);
}
