/*
 * linkedin.c: a LinkedIn data archive (linkedin.h), read within bounds
 * by linkedin_zip.c (libzip; with modules, perfil-zip.so) and mapped by
 * linkedin_map.c.  Only the files the import maps are inflated.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/linkedin.h"
#include "import/linkedin_int.h"
#ifdef HAVE_LIBZIP
#include "import/linkedin_zip.h"
#endif

void
li_archive_free(struct li_archive *ar)
{
	size_t	 i;

	for (i = 0; i < ar->n; i++) {
		free(ar->e[i].name);
		free(ar->e[i].data);
	}
	free(ar->e);
	ar->e = NULL;
	ar->n = 0;
}

int
linkedin_available(void)
{
#ifdef HAVE_LIBZIP
	return 1;
#else
	return 0;
#endif
}

#ifdef HAVE_LIBZIP
/* The archive's entries (linkedin_zip.c), mapped (linkedin_map.c). */
static cJSON *
mapped(int rc, struct li_archive *ar, const char *name, struct buf *report,
    char *err, size_t errlen)
{
	cJSON	*doc = NULL;

	if (rc == 0)
		doc = li_map(ar, name, report, err, errlen);
	li_archive_free(ar);
	return doc;
}

cJSON *
linkedin_read(const char *zip, struct buf *report, char *err, size_t errlen)
{
	struct li_archive ar = { NULL, 0 };

	return mapped(li_zip_read(zip, li_wanted, &ar, err, errlen), &ar, zip,
	    report, err, errlen);
}

cJSON *
linkedin_read_buffer(const void *data, size_t len, const char *name,
    struct buf *report, char *err, size_t errlen)
{
	struct li_archive ar = { NULL, 0 };

	return mapped(li_zip_read_buffer(data, len, name, li_wanted, &ar, err,
	    errlen), &ar, name, report, err, errlen);
}
#else
cJSON *
linkedin_read(const char *zip, struct buf *report, char *err, size_t errlen)
{
	(void)report;
	snprintf(err, errlen, "%s: this perfil-fcgi was built without libzip "
	    "(configure --without-libzip, or the self-contained build); "
	    "--from-linkedin needs a build with it (Debian: libzip-dev)", zip);
	return NULL;
}

cJSON *
linkedin_read_buffer(const void *data, size_t len, const char *name,
    struct buf *report, char *err, size_t errlen)
{
	(void)data;
	(void)len;
	return linkedin_read(name, report, err, errlen);
}
#endif
