/*
 * content_check.h: the validator of content values against their
 * declarations (resource.h): one for every file declared like a
 * collection, the content's files (content.c) and the site settings
 * (settings.c, content_check_object).  Every problem is recorded as
 * "FILE: FIELD.PATH: reason" and checking goes on.  It reads no file
 * and knows no model, so that any loader of floor 1 may call it.
 *
 * Ownership: a struct vctx lives on its loader's stack for one load;
 * its errs buffer is freed by that loader.
 */
#ifndef PERFIL_CONTENT_CHECK_H
#define PERFIL_CONTENT_CHECK_H

#include <stdarg.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "content/dates.h"
#include "http/request.h"
#include "content/resource.h"
#include "base/util.h"

struct media_set;

#define CONTENT_MAX_ERRORS	200	/* reported; the rest are counted */
#define CONTENT_PAGE_MAX	(1 << 20)	/* bytes of one owner page */
#define CONTENT_PAGES_MAX	(4 << 20)	/* of all pages, all languages */
#define CONTENT_PAGE_DEPTH	32	/* block quotes and lists on a line */
#define CONTENT_PAGE_BLOCKS	65536	/* block quote and list markers */
#define CONTENT_PAGE_MARKUP	65536	/* inline markup: *_`[]<>!&\\ */
#define CONTENT_MAX_CLUSTER	32	/* code points in one character: a
					 * base and its marks (UAX #15's
					 * stream-safe text allows 31) */

/* Validation state: where we are, and every problem found so far. */
struct vctx {
	const char *file;
	char	 path[512];
	size_t	 pathlen;
	struct buf errs;		/* "FILE: PATH: reason\n" lines */
	int	 nerr;
	const struct langs *langs;	/* the site's languages */
	char	 lang_all[LANG__MAX * 4 + 8];	/* "es and en", for errors */
	struct date_labels dl[LANG__MAX]; /* their date words */
	struct media_set *media;	/* media/, read first; NULL when it
					 * failed */
	const char *base_url;
	int	 contract_gap;		/* an object lacks a FIELD_CONTRACT
					 * member (resource.h) */
};

int	 vc_failv(struct vctx *, const char *file, const char *where,
	    const char *fmt, va_list) __attribute__((format(printf, 4, 0)));
int	 vc_fail(struct vctx *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
size_t	 vc_push(struct vctx *, const char *name, int index);
void	 vc_pop(struct vctx *, size_t old);
void	 vc_report(struct vctx *, char *err, size_t errlen);
int	 content_validate(struct vctx *, const cJSON *, const struct field *);
int	 content_check_page(struct vctx *, const char *md, size_t len);
int	 content_check_items(struct vctx *, const cJSON *doc,
	    const struct field *el);
int	 content_check_names(struct vctx *, const cJSON *profile);
int	 content_check_object(const char *path, const cJSON *,
	    const struct field *, const struct langs *, char *err,
	    size_t errlen);
#endif /* PERFIL_CONTENT_CHECK_H */
