/*
 * zip_stubs.c: linkedin_zip.h's functions in a responder built with
 * modules (base/module.h): each loads perfil-zip.so once, on the first
 * import, and calls its table.  Without the module (missing, or another
 * build's) the import fails with a message that says so, after the
 * line module_open writes on standard error.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>

#include "base/module.h"
#include "import/linkedin_zip.h"

static pthread_once_t	 once = PTHREAD_ONCE_INIT;
static const struct zip_ops *ops;

static void
load(void)
{
	static const struct module_head want = ZIP_MODULE_HEAD;

	ops = module_open(ZIP_MODULE_NAME, ZIP_MODULE_SYMBOL, &want,
	    "LinkedIn import's", "no LinkedIn archive can be read");
}

static int
missing(const char *name, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: cannot be read: the LinkedIn import's "
	    "module %s did not load (standard error says why)", name,
	    ZIP_MODULE_NAME);
	return -1;
}

int
li_zip_read(const char *zip, int (*wanted)(const char *),
    struct li_archive *ar, char *err, size_t errlen)
{
	pthread_once(&once, load);
	return ops == NULL ? missing(zip, err, errlen) :
	    ops->read(zip, wanted, ar, err, errlen);
}

int
li_zip_read_buffer(const void *data, size_t len, const char *name,
    int (*wanted)(const char *), struct li_archive *ar, char *err,
    size_t errlen)
{
	pthread_once(&once, load);
	return ops == NULL ? missing(name, err, errlen) :
	    ops->read_buffer(data, len, name, wanted, ar, err, errlen);
}
