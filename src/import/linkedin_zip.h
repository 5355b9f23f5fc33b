/*
 * linkedin_zip.h: the LinkedIn archive's reader (linkedin_zip.c), the
 * only part of the import that calls libzip.  With modules
 * (base/module.h) it is perfil-zip.so, which exports perfil_zip_ops and
 * nothing else, and import/zip_stubs.c loads it on the first import;
 * without, linkedin.c calls li_zip_read and li_zip_read_buffer directly.
 *
 * Each fills ar with the archive's entries (the bytes of those wanted()
 * names, the names of all) and returns 0, or -1 with the message in
 * err; ar is the caller's to free (li_archive_free) either way.
 */
#ifndef PERFIL_LINKEDIN_ZIP_H
#define PERFIL_LINKEDIN_ZIP_H

#include <stddef.h>

#include "base/module.h"
#include "import/linkedin_int.h"

#define ZIP_MODULE_ABI		1
#define ZIP_MODULE_NAME		"perfil-zip.so"
#define ZIP_MODULE_SYMBOL	"perfil_zip_ops"
#define ZIP_MODULE_HEAD	{ ZIP_MODULE_ABI, PACKAGE_VERSION,		\
	{ sizeof(struct li_archive), sizeof(struct li_entry) } }

struct zip_ops {
	struct module_head head;
	int	(*read)(const char *, int (*)(const char *),
		    struct li_archive *, char *, size_t);
	int	(*read_buffer)(const void *, size_t, const char *,
		    int (*)(const char *), struct li_archive *, char *,
		    size_t);
};

extern const struct zip_ops perfil_zip_ops;

int	 li_zip_read(const char *zip, int (*wanted)(const char *),
	    struct li_archive *, char *err, size_t errlen);
int	 li_zip_read_buffer(const void *data, size_t len, const char *name,
	    int (*wanted)(const char *), struct li_archive *, char *err,
	    size_t errlen);

#endif /* PERFIL_LINKEDIN_ZIP_H */
