/*
 * module.h: parts of perfil-fcgi in shared objects of their own, loaded
 * on their first use, so that a start that does not need them maps none
 * of the libraries they bring: the PDF (site/pdf_module.h: cairo, pango,
 * fontconfig and thirty more) and the LinkedIn archive's reader
 * (import/linkedin_zip.h: libzip, and OpenSSL's libcrypto through it).
 * Each exports one table that starts with a struct module_head, and
 * nothing else; configure's --disable-modules links them in instead, as
 * the self-contained build always does.
 */
#ifndef PERFIL_MODULE_H
#define PERFIL_MODULE_H

#include <stddef.h>

/*
 * What says a module is this build's: its table's ABI number, the
 * package's version and two sizes of the structures it shares with the
 * responder.  Any difference and the module is not used.
 */
struct module_head {
	int		 abi;
	const char	*version;
	size_t		 size[2];
};

/*
 * Writes to path (size bytes) where the module file is: an installed
 * perfil-fcgi (its directory ends with the configured bindir, perhaps
 * under a DESTDIR) takes the configured module directory under the same
 * root; one in a build tree takes the file beside it.  Returns 0, or -1
 * when the executable's path is unknown (no /proc): then the configured
 * directory itself.
 */
int		 module_path(const char *file, char *path, size_t size);

/*
 * Opens each module file named (NULL-terminated list) for a later
 * module_open: main calls it before the process gives up root for
 * --user, which may no longer reach the file (a build under /root).
 */
void		 module_preopen(const char *const *files);

/*
 * Closes what module_preopen opened: a generation's leader calls it
 * before it forks its workers, which load no module and hold no file.
 */
void		 module_forget(void);

/*
 * Loads the module file (module_path; the descriptor module_preopen
 * kept, through /proc/self/fd) and returns its table symbol when
 * its head is want's; kept loaded until exit.  Otherwise NULL, after one
 * line on standard error: "the WHAT module FILE: REASON; WITHOUT".
 */
const void	*module_open(const char *file, const char *symbol,
		    const struct module_head *want, const char *what,
		    const char *without);

#endif /* PERFIL_MODULE_H */
