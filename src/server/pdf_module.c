/*
 * pdf_module.c: cv_pdf.h's and cv_fonts.h's functions in a responder
 * built with the PDF module (pdf_module.h): each loads perfil-pdf.so
 * once, on the first call, and calls its table.
 *
 * The module is looked for at one place (pdf_path.c).  A module that
 * is missing, fails to load, or comes from another build (its table's
 * version, ABI or structure sizes differ) is not used: one line on
 * standard error says which file and why, and the responder serves
 * without a PDF, as a build without one does (/cv.pdf answers 404, the
 * pages and llms.txt leave it out).
 */
#include "config.h"

#include <dlfcn.h>
#include <err.h>
#include <limits.h>
#include <pthread.h>
#include <string.h>

#include "base/util.h"
#include "site/cv_fonts.h"
#include "site/cv_pdf.h"
#include "site/pdf_module.h"

static pthread_once_t	 once = PTHREAD_ONCE_INIT;
static const struct pdf_ops *ops;

static void
load(void)
{
	char	 path[PATH_MAX];
	const struct pdf_ops *o;
	void	*h;

	(void)pdf_module_path(path, sizeof(path));
	if ((h = dlopen(path, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		warnx("the PDF module: %s; no PDF is made", dlerror());
		return;
	}
	o = dlsym(h, PDF_MODULE_SYMBOL);
	if (o == NULL || o->abi != PDF_MODULE_ABI ||
	    strcmp(o->version, PACKAGE_VERSION) != 0 ||
	    o->app_size != sizeof(struct app) ||
	    o->model_size != sizeof(struct model)) {
		warnx("the PDF module %s is not this build's (%s %s); "
		    "no PDF is made", path, PACKAGE_NAME, PACKAGE_VERSION);
		dlclose(h);
		return;
	}
	/* Kept open until exit: the fonts it opened live in it. */
	ops = o;
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
