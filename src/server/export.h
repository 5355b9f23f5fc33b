/*
 * export.h: the whole site as static files (--export DIR).
 *
 * Every URL the export writes is answered by the responder's own
 * dispatcher (handle_synthetic, handler.h): one synthetic GET per URL,
 * the identity body written as it would be sent, so that the files
 * equal the responder's bytes.  The list of URLs comes from the route
 * table (routes.h) and the loaded content (items, owner pages, media,
 * languages); nothing in here renders.
 *
 * Ownership: export_site allocates and frees everything it uses; the
 * app is only read.
 */
#ifndef PERFIL_EXPORT_H
#define PERFIL_EXPORT_H

#include <stddef.h>

#include "core/app.h"

/* The marker file of an export: a DIR holding it may be replaced. */
#define EXPORT_MARKER		".perfil-export"
/* The manifest of an export: "KEY<TAB>FILE<TAB>TYPE<TAB>CACHE" lines,
 * KEY the object name an object store serves the file under. */
#define EXPORT_MANIFEST		".perfil-types"
/* Bounds of one export (the content's own limits keep far below). */
#define EXPORT_FILES_MAX	200000
#define EXPORT_BYTES_MAX	((size_t)4 << 30)
#define EXPORT_DIR_MAX		3800	/* bytes of DIR's path */

struct export_stats {
	size_t	 files;		/* files written */
	size_t	 bytes;		/* their bytes */
};

int	 export_site(const struct app *, const char *dir,
	    struct export_stats *, struct buf *left, char *err,
	    size_t errlen);
int	 export_target_ok(const char *dir, char *err, size_t errlen);

/* export_dir.c: DIR's sibling "DIR.WHAT-PID"; a directory removed with
 * all it holds; the finished export renamed to DIR. */
int	 export_temp_name(const char *dir, const char *what, char *tmp,
	    size_t len);
void	 export_remove_dir(const char *path);
int	 export_commit(const char *tmp, const char *dir, char *err,
	    size_t errlen);

#endif /* PERFIL_EXPORT_H */
