/*
 * settings_cv.h: two members of site.json about the CV (settings_cv.c):
 *   "cv_order": ["publications", "experience", ...]: the CV's sections
 *	in that order (the page /cv, its PDF and /resume.json's sections);
 *	the collections it leaves out follow in their usual places;
 *   "home_highlight": "publications": the collection the home page shows
 *	(as the CV's section of it), when the content has items.
 * Each names collections by their file's name (resource.c: "projects",
 * "experience", "skills", ..., "spoken-languages").  Kept apart from
 * settings.c so that each is one small parser with its check.
 *
 * Ownership: plain values, nothing allocated.
 */
#ifndef PERFIL_SETTINGS_CV_H
#define PERFIL_SETTINGS_CV_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "content/resource.h"

struct settings_cv {
	unsigned char order[COLL__MAX];	/* "cv_order": enum coll, n of them */
	int	 n;
	int	 highlight;		/* "home_highlight": enum coll + 1;
					 * 0: none */
};

/* The rules of "cv_order" for any member naming the CV's sections (what:
 * its name in messages, "cv_variants.NAME.sections"). */
int	 settings_cv_list(const cJSON *, const char *what,
	    struct settings_cv *, char *err, size_t errlen);
int	 settings_cv_order(const cJSON *, struct settings_cv *, char *err,
	    size_t errlen);
int	 settings_cv_highlight(const cJSON *, struct settings_cv *, char *err,
	    size_t errlen);
/* Every collection in the CV's order: "cv_order"'s, then the others in
 * their places (resources[].cv); those not on the CV left out.
 * Returns how many are in seq. */
int	 settings_cv_sequence(const struct settings_cv *,
	    enum coll seq[COLL__MAX]);
struct model;
struct buf;
/* A line in out for each collection "cv_order" or "home_highlight" names
 * that the content m has no item of (--check's warnings).  Returns how
 * many. */
int	 settings_cv_gaps(const struct settings_cv *, const struct model *,
	    struct buf *out);

#endif /* PERFIL_SETTINGS_CV_H */
