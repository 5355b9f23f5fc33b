/*
 * pdf_path.c: where the PDF module is (pdf_module.h), for the responder
 * that loads it (pdf_module.c) and the snapshot's key, which names the
 * module's file (snapshot.c).
 */
#include "config.h"

#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "site/pdf_module.h"

#ifdef PDF_MODULE
/*
 * Writes to path (size bytes) where the module is, from the executable's
 * own path: an installed perfil-fcgi (its directory ends with the
 * configured bindir, perhaps under a DESTDIR) takes the configured module
 * directory under the same root; one in a build tree takes the module
 * beside it.  Returns 0, or -1 when the executable's path is unknown (no
 * /proc): then the configured directory itself.
 */
int
pdf_module_path(char *path, size_t size)
{
	char	 exe[PATH_MAX];
	const char *bindir = PERFIL_BINDIR;
	ssize_t	 n;
	size_t	 dlen, blen = strlen(bindir);
	char	*slash;

	if ((n = readlink("/proc/self/exe", exe, sizeof(exe) - 1)) <= 0)
		goto configured;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		goto configured;
	*slash = '\0';
	dlen = (size_t)(slash - exe);
	if (dlen >= blen && strcmp(exe + dlen - blen, bindir) == 0) {
		/* Installed: the same root, the configured directory. */
		exe[dlen - blen] = '\0';
		return xsnprintf(path, size, "%s%s/%s", exe,
		    PERFIL_PDF_MODULE_DIR, PDF_MODULE_NAME) == -1 ? -1 : 0;
	}
	return xsnprintf(path, size, "%s/%s", exe, PDF_MODULE_NAME) == -1 ?
	    -1 : 0;
configured:
	if (xsnprintf(path, size, "%s/%s", PERFIL_PDF_MODULE_DIR,
	    PDF_MODULE_NAME) == -1)
		path[0] = '\0';
	return -1;
}
#endif /* PDF_MODULE */
