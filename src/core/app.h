/*
 * app.h: the configuration and everything built from it at start-up
 * (the content model and the derived documents), shared read-only by
 * all requests of a worker.  Types only: the builder is app_load.h's,
 * so the renderers that read a struct app never include it.
 *
 * Ownership: app_load (app_load.h) fills a struct app that app_free
 * releases.
 */
#ifndef PERFIL_APP_H
#define PERFIL_APP_H

#include <stdatomic.h>

#include "content/content.h"
#include "base/watch.h"

struct site;
struct search_index;
struct prerender;
struct mcp;
struct settings;
struct snapshot;
struct labels;

#define PERFIL_API_VERSION	"1.1.0"

struct config {
	const char *content_dir;
	const char *base_url;		/* no trailing slash */
	const char *labels_dir;		/* the label sets (labels.h) */
	int	 strict;		/* --strict: placeholders are errors */
	int	 base_given;		/* --base-url given: it wins over
					 * site.json's "base_url" */
	int	 reload_ms;		/* --reload-check, in ms; 0: off */
	int	 reload_timeout_ms;	/* --reload-timeout, in ms */
	int	 hang_ms;		/* --hang-timeout, in ms: a leader
					 * without a beat this long is
					 * killed (leader.h), a worker's
					 * thread REQUEST_READ_MS longer
					 * (worker.h) */
	const char *log_file;		/* --log-file, or NULL */
	const char *cache_dir;		/* --cache-dir, or NULL: the
					 * compressed variants' cache
					 * (enc_cache.h) */
	int	 static_copy;		/* --export: the agent files and the
					 * portal say the copy is static */
};

struct openapi;
struct site_paths;

struct app {
	const struct config *cfg;	/* a copy of app_load's, with the
					 * base URL site.json may set */
	struct model *model;
	struct settings *settings;	/* site.json (settings.h) */
	const struct langs *langs;	/* settings->langs: the site's */
	struct labels *labels;		/* UI texts (labels.h) */
	struct site_paths *paths;	/* page paths per language
					 * (markdown.h) */
	char	*doc_url[LANG__MAX];	/* developer portal */
	enum lang doc_lang;		/* the language error envelopes and
					 * the OpenAPI document link to and
					 * are written in: English (en, else
					 * a tag of it: en-IN) when the site
					 * has it, else the default */
	char	*source_url[LANG__MAX];	/* the website */
	char	 lang_rule[LANG__MAX * 4 + 8];	/* "es or en", for lang= */
	char	*lang_once;		/* hint: lang given twice */
	char	*lang_hint;		/* hint: lang not configured */
	struct openapi *openapi;	/* the OpenAPI document, rendered */
	struct site *site;		/* pages and agent files (pages.h) */
	struct search_index *search;	/* search.h */
	struct prerender *prerender;	/* default answers (prerender.h) */
	struct mcp *mcp;		/* the MCP endpoint's (mcp.h) */
	char	*placeholders;		/* "FILE: PATH: "VALUE" (why)" lines
					 * (placeholder.h), or NULL */
	int	 nplaceholders;
	char	*variant_gaps;		/* settings_variants_gaps' lines
					 * (--check's warnings), or NULL */
	char	*glyphs;		/* "FILE: PATH: U+XXXX "c" and N
					 * other characters (...)" lines, one
					 * per Debian font package: characters
					 * no installed font has (cv_fonts.h),
					 * or NULL */
	char	*font_packages;		/* those packages, one a line, or
					 * NULL (--font-packages) */
	char	 fingerprint[WATCH_FP_LEN + 1];	/* of the content loaded
						 * (watch.h) */
	char	 loaded_at[WATCH_TIME_LEN + 1];	/* when, UTC */
	const struct watch_status *reload;	/* the last reload's
						 * outcome, shared by the
						 * supervisor, or NULL */
	const char *base_path;		/* the base URL's path ("/~ana"),
					 * "" when none: routes start
					 * after it (handler.c) */
	size_t	 base_path_len;
	int	 cv_pdf[LANG__MAX];	/* /cv.pdf is made this load
					 * (cv_pdf_fits): the card and
					 * llms.txt link it */
	struct snapshot *snapshot;	/* the file the renders were read
					 * back from (snapshot.h), whose
					 * bytes they point into; or NULL */
	int	 snapshot_written;	/* this load wrote its snapshot
					 * (app_serve_from_snapshot) */
	struct cv_md *cv_md;		/* during the load only (below) */
};

/*
 * The full CV's markdown /cv.pdf and /cv.txt are made from (cv_page,
 * CV_FOR_PDF), rendered once per language before the load's renders
 * (cv_for_pdf).  readers[l] counts the documents still to read md[l];
 * the last one frees it (cv_md_done), so that at 1,000 items per
 * collection its 8 MB are not held through the renders that follow.
 */
struct cv_md {
	struct buf md[LANG__MAX];
	atomic_int readers[LANG__MAX];
};

#endif /* PERFIL_APP_H */
