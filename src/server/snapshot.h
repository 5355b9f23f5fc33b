/*
 * snapshot.h: a load's renders kept in a file for the next start of
 * the same site (--cache-dir), so that it skips them.
 *
 * What a load makes of its content (the model requests read, as
 * app_load leaves it: content.h; the placeholders and the variants'
 * warnings; the website's pages, their markdown twins and agent files,
 * the CV in every variant and form, the PDF, the JSON Resume, the
 * OpenAPI documents, the pre-rendered API answers, MCP's lists and
 * card, each with its compressed variants; the search index) depends on
 * nothing but what the file's key names:
 *
 *	build	the build ids of the program and of every library loaded
 *		(a rebuild or a library upgrade makes other bytes)
 *	fonts	the font directories fontconfig reads (the PDF's glyphs)
 *	date	the UTC day: durations ("8 years 4 months") count to it,
 *		security.txt expires a year after it
 *	content	the content and label files (their fingerprint, as the
 *		reload watch takes it: path, size, inode, modification
 *		and change times of every file, watch.h)
 *	site	the content and label directories, the base URL and the
 *		options and variables that change a render
 *
 * A start whose key is the file's takes all of it from there and reads
 * no content file: the files are those a load that succeeded read, so
 * --check and --strict say what that load said (the placeholders and
 * warnings are kept); any other start loads and renders everything and
 * writes the file for the next (a new file renamed over the old).
 *
 * Safety: the key is text in the file, compared line by line, and the
 * first line that differs is the reason the file is ignored ("made
 * from other content or labels").  The file is mapped whole, read-only,
 * and trusted only when it is a regular file owned by this process's
 * user and writable by no one else (as its directory), its trailer's
 * length and CRC-32 match, and every count, length, index and string of
 * the stream is within bounds and agrees with the content just loaded
 * (snap.h); anything else is a line in the log, and the load renders
 * as if there were no file.  A file that passes is trusted as the
 * content is: whoever can write it as this user can write the content.
 * It is written mode 0400 and replaced by rename, never changed in
 * place; one truncated under a process that maps it (by root, or its
 * owner after a chmod) ends that process with SNAPSHOT_LOST_STATUS at
 * its first read past the new end, not with a crash (snapshot.c).
 */
#ifndef PERFIL_SNAPSHOT_H
#define PERFIL_SNAPSHOT_H

#include <stddef.h>

#include "core/app.h"

/* Bounds of a snapshot file read back. */
#define SNAPSHOT_MAX_BYTES	((size_t)1 << 30)
#define SNAPSHOT_KEY_MAX	((size_t)64 * 1024)

/* The status a process ends with when the snapshot it maps was
 * truncated under it (snapshot.c: the guard); its leader ends with it
 * too, and the supervisor loads the content again. */
#define SNAPSHOT_LOST_STATUS	75

struct snapshot;

/*
 * The key of a load of cfg's site whose content has fingerprint fp
 * (app_load's), as text; NULL out of memory.  site names the site as
 * the compressed variants' cache does.
 */
char	*snapshot_key(const struct config *cfg, const char *site,
	    const char *fp);
/*
 * Takes the program's build id for the keys (the build ids of the objects
 * loaded, and the PDF module's file): main calls it first, before a PDF
 * loads the module and its libraries, so that every process of a program
 * has the same; snapshot_key calls it too.
 */
void	 snapshot_init(void);

/*
 * Reads the snapshot of site (its name: the key's site line) from
 * dir, when one is there with this key.  Returns it, or NULL with the
 * reason in note ("" when there is none).
 */
struct snapshot *snapshot_open(const char *dir, const char *site,
	    const char *key, char *note, size_t notelen);

/*
 * Fills app's model, placeholders, variant_gaps and renders (cv_pdf,
 * glyphs, font_packages, site, openapi, prerender, mcp, search) from
 * sn, which app then keeps (app->snapshot) and frees; app's settings
 * and labels are loaded, its model is NULL.  Returns 0; or -1 with the
 * reason in note and those members NULL (sn freed).
 */
int	 snapshot_restore(struct snapshot *sn, struct app *app, char *note,
	    size_t notelen);

/* Restores from the bytes p[0..n) of a stream alone (fuzz_snapshot). */
int	 snapshot_restore_stream(const void *p, size_t n, struct app *app,
	    char *note, size_t notelen);

/*
 * Writes app's renders as the snapshot of site with key into dir.
 * Returns 0 with what was written in note, or -1 with why not.
 */
int	 snapshot_write(const struct app *app, const char *dir,
	    const char *site, const char *key, char *note, size_t notelen);

void	 snapshot_free(struct snapshot *);

#endif /* PERFIL_SNAPSHOT_H */
