/*
 * settings_variants.h: site.json's "cv_variants" (settings_variants.c),
 * the CV for one audience beside the full /cv:
 *
 *   "cv_variants": {
 *     "industry": {
 *       "sections": ["experience", "projects", "skills"],
 *       "tags": ["industry"],
 *       "headline": {"es": "...", "en": "..."},
 *       "summary": {"es": "...", "en": "..."},
 *       "max_items": 4,
 *       "listed": true
 *     }
 *   }
 *
 * A variant's name is a slug (a-z, 0-9, "-", 1 to OWNER_NAME_MAX
 * characters); its sections follow cv_order's rules (settings_cv.h),
 * absent: the full CV's; its tags select the items that carry one of
 * them (content's "tags", resource.c), and an item without tags is in
 * every variant; headline and summary replace the profile's (a text:
 * one string, or one per language); max_items caps each section;
 * listed (false when absent) links it from /cv and the sitemap, else
 * it is reachable by its URL and marked noindex.
 *
 * Ownership: struct cv_variants owns its array and every string in it;
 * settings_variants_free frees them (settings_free calls it).
 */
#ifndef PERFIL_SETTINGS_VARIANTS_H
#define PERFIL_SETTINGS_VARIANTS_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "content/page_list.h"
#include "content/settings_cv.h"
#include "http/request.h"

#define CV_VARIANTS_MAX		16	/* variants in site.json */
#define CV_VARIANT_TAGS_MAX	32	/* tags one variant selects */
#define CV_VARIANT_ITEMS_MAX	1000	/* the largest max_items */

struct cv_variant {
	char	 name[OWNER_NAME_MAX + 1];	/* "industry": /cv/industry */
	struct settings_cv sections;	/* n 0: the full CV's sequence */
	char	*tags[CV_VARIANT_TAGS_MAX];
	int	 ntags;
	char	*headline[LANG__MAX];	/* NULL: the profile's */
	char	*summary[LANG__MAX];	/* NULL: the profile's */
	int	 max_items;		/* per section; 0: every item */
	int	 listed;		/* linked from /cv, in the sitemap */
};

struct cv_variants {
	struct cv_variant *v;		/* in site.json's order */
	int	 n;
};

struct item;
struct model;
struct buf;

int	 settings_variants_read(const cJSON *, const struct langs *,
	    struct cv_variants *, char *err, size_t errlen);
void	 settings_variants_free(struct cv_variants *);
/* The variant named name (len bytes), or NULL. */
const struct cv_variant *settings_variant_find(const struct cv_variants *,
	    const char *name, size_t len);
/* Returns 1 when item it is on variant v's CV (v NULL: the full CV):
 * it has no tags, or one of v's. */
int	 settings_variant_takes(const struct cv_variant *, const struct item *);
/* The sections of variant v in order (v NULL or without sections: the
 * full CV's, settings_cv_sequence of cv).  Returns how many. */
int	 settings_variant_sequence(const struct settings_cv *cv,
	    const struct cv_variant *, enum coll seq[COLL__MAX]);
/* Appends to out a line for each tag a variant selects that no item of
 * m carries, and for each tag of a collection's items that no variant
 * selects (at its first item, with how many more items carry it); nothing
 * when there is no variant (--check's warnings; read from the items'
 * sources, so before content_drop_objects).  Returns how many (out's
 * oom set when memory ran out). */
int	 settings_variants_gaps(const struct cv_variants *,
	    const struct model *, struct buf *out);

#endif /* PERFIL_SETTINGS_VARIANTS_H */
