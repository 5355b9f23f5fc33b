/*
 * resume_import.h: a new content directory from a JSON Resume document
 * (perfil-fcgi --init DIR --from-resume FILE).
 *
 * The site's languages are those given (--languages), else the
 * document's meta.language alone when ICU knows it, else English
 * (INIT_LANGUAGE).  With one language every text is a plain string;
 * with several, the document's texts go into its language
 * (meta.language when it is one of them, else the default) and are
 * copied into the others to be translated.  What perfil requires and the
 * document lacks is filled with placeholders marked "TODO" that the
 * validator accepts; what perfil cannot hold is listed.  Both lists go
 * to the report, one line each, and into the README written with the
 * content.
 *
 * Ownership: resume_import fills a struct init_content (init.h) that
 * the caller frees with init_content_free (c->readme is left NULL for
 * the caller), and appends the report to the caller's struct buf.
 */
#ifndef PERFIL_RESUME_IMPORT_H
#define PERFIL_RESUME_IMPORT_H

#include "import/init.h"

int	 resume_import(const char *file, const struct langs *,
	    struct init_content *, struct buf *report, char *err,
	    size_t errlen);
int	 resume_import_doc(const char *file, const cJSON *doc,
	    const struct langs *, struct init_content *, struct buf *report,
	    char *err, size_t errlen);

#endif /* PERFIL_RESUME_IMPORT_H */
