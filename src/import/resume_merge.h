/*
 * resume_merge.h: one content set from several sources, one language
 * each (--init DIR --from-resume LANG=FILE ... --from-linkedin
 * [LANG=]ZIP; docs/resume.md, "Several languages").  The first source is
 * imported in every language of the site; each other one is imported
 * in its own and its texts go into the first's, item by item, matched
 * across the sources by position and dates (resume_merge.c says how).
 * What could not be matched, or differs where the content holds one
 * value for every language, is reported per file and field.
 *
 * Ownership: as resume_import (resume_import.h): c is the caller's to
 * free with init_content_free.
 */
#ifndef PERFIL_RESUME_MERGE_H
#define PERFIL_RESUME_MERGE_H

#include "import/init.h"

/* The most sources one --init takes. */
#define RESUME_MERGE_MAX	8
/* Entries of a section compared beyond their position: at most this
 * many pairs (first file's x another's), else by position alone. */
#define RESUME_MERGE_MAX_PAIRS	1000000L

struct resume_source {
	const char *file;
	const char *lang;	/* LANG= given, or NULL */
	int	 linkedin;	/* a LinkedIn archive, not JSON Resume */
};

int	 resume_merge_import(const struct resume_source *, int n,
	    const struct langs *want, struct init_content *,
	    struct buf *report, char *err, size_t errlen);

#endif /* PERFIL_RESUME_MERGE_H */
