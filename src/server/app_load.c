/*
 * app_load.c: building the immutable application state at start-up.
 */
#include "config.h"

#ifdef HAVE_MALLOC_TRIM
#include <malloc.h>
#endif

#include <err.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/heap.h"
#include "server/app_load.h"
#include "site/cv.h"
#ifdef HAVE_PDF
#include "site/cv_fonts.h"
#include "site/cv_pdf.h"
#endif
#include "server/handler.h"
#include "mcp/mcp.h"
#include "api/openapi.h"
#include "site/pages.h"
#include "api/search.h"
#include "server/prerender.h"
#include "core/routes.h"
#include "content/settings.h"
#include "content/labels.h"
#include "site/markdown.h"
#include "content/placeholder.h"
#include "base/phase.h"
#include "base/watch.h"
#include "http/enc_cache.h"
#include "http/encoding.h"
#include "server/snapshot.h"

static char	*lang_hint(const struct langs *, int);

/*
 * Keeps in app->variant_gaps the lines of site.json's CV variants
 * whose tags no item carries and of items' tags no variant selects
 * (settings_variants_gaps): read from the items' sources, which
 * content_drop_objects frees.  Returns 0, or -1 out of memory.
 */
static int
find_variant_gaps(struct app *app)
{
	struct buf b;

	buf_init(&b);
	if (settings_variants_gaps(&app->settings->cv_variants, app->model,
	    &b) > 0 && (b.oom || buf_cstr(&b) == NULL ||
	    (app->variant_gaps = buf_detach(&b)) == NULL)) {
		buf_free(&b);
		return -1;
	}
	buf_free(&b);
	return 0;
}

/*
 * Lists the placeholders of the loaded content (placeholder.h) in
 * app->placeholders: the JSON files' strings by file and path, the
 * owner's pages by line.  With --strict (cfg->strict) any is an error,
 * all of them in err.  Returns 0, or -1 with err set.
 */
static int
find_placeholders(struct app *app, char *err, size_t errlen)
{
	const struct model *m = app->model;
	const int f = app->settings->fictional;
	const char *dir = app->cfg->content_dir;
	struct buf b;
	char	 file[1024], path[32];
	size_t	 i;
	int	 k, l, n = 0;

	buf_init(&b);
	snprintf(file, sizeof(file), "%s/%s", dir, resource_profile.file);
	n += placeholder_scan_json(m->profile.src, file, "", f, &b);
	snprintf(file, sizeof(file), "%s/%s", dir, resource_about.file);
	n += placeholder_scan_json(m->about.src, file, "", f, &b);
	for (k = 0; k < COLL__MAX; k++)
		for (i = 0; i < m->coll[k].len; i++) {
			snprintf(file, sizeof(file), "%s/%s", dir,
			    resources[k].file);
			snprintf(path, sizeof(path), "[%zu]", i);
			n += placeholder_scan_json(m->coll[k].items[i].src,
			    file, path, f, &b);
		}
	for (k = 0; k < m->nowner; k++)
		for (l = 0; l < app->langs->n; l++) {
			snprintf(file, sizeof(file), "%s/pages/%s.%s.md", dir,
			    m->owner[k].name, lang_code(app->langs,
			    (enum lang)l));
			n += placeholder_scan_text(m->owner[k].md[l], file, f,
			    &b);
		}
	if (b.oom) {
		buf_free(&b);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	app->nplaceholders = n;
	app->placeholders = n > 0 ? buf_detach(&b) : NULL;
	buf_free(&b);
	if (n > 0 && app->cfg->strict) {
		snprintf(err, errlen, "%s: %d placeholder%s, refused by "
		    "--strict:\n%s", dir, n, n == 1 ? "" : "s",
		    app->placeholders);
		/* no newline after the last line, as content errors */
		if (strlen(err) > 0 && err[strlen(err) - 1] == '\n')
			err[strlen(err) - 1] = '\0';
		return -1;
	}
	return 0;
}

#ifdef HAVE_PDF
/*
 * Lists in app->glyphs, one line per Debian font package, the
 * characters of the content files the PDF shows (the profile, the
 * biography, the collections) that no installed font has, with the
 * first's file, field and character (cv_fonts.h), and the packages in
 * app->font_packages.  Warnings only: the page shows them with the
 * reader's fonts.
 */
static void
find_glyphs(struct app *app)
{
	const struct model *m = app->model;
	const char *dir = app->cfg->content_dir;
	struct cv_fonts_scan *sc;
	struct buf b, p;
	char	 file[1024], path[32];
	size_t	 i;
	int	 k, n = 0;

	if ((sc = cv_fonts_scan_new()) == NULL)
		return;
	snprintf(file, sizeof(file), "%s/%s", dir, resource_profile.file);
	n += cv_fonts_scan_json(sc, m->profile.src, file, "");
	snprintf(file, sizeof(file), "%s/%s", dir, resource_about.file);
	n += cv_fonts_scan_json(sc, m->about.src, file, "");
	for (k = 0; k < COLL__MAX; k++)
		for (i = 0; i < m->coll[k].len; i++) {
			snprintf(file, sizeof(file), "%s/%s", dir,
			    resources[k].file);
			snprintf(path, sizeof(path), "[%zu]", i);
			n += cv_fonts_scan_json(sc, m->coll[k].items[i].src,
			    file, path);
		}
	buf_init(&b);
	buf_init(&p);
	if (n > 0) {
		cv_fonts_scan_report(sc, &b);
		cv_fonts_scan_packages(sc, &p);
	}
	cv_fonts_scan_free(sc);
	app->glyphs = b.len > 0 && !b.oom ? buf_detach(&b) : NULL;
	app->font_packages = p.len > 0 && !p.oom ? buf_detach(&p) : NULL;
	buf_free(&b);
	buf_free(&p);
}
#endif

static char *
join3(const char *a, const char *b, const char *c)
{
	size_t	 n = strlen(a) + strlen(b) + strlen(c) + 1;
	char	*p;

	if ((p = malloc(n)) != NULL)
		snprintf(p, n, "%s%s%s", a, b, c);
	return p;
}

/* The API's half of the renders of app_load, which runs it on a
 * thread of its own beside the website's half (site_build).  It starts
 * as soon as the content is loaded, with the search index, which reads
 * only the model; the rest waits for the go (half_go), once app_load
 * has built what it reads.  The two halves only read what app_load
 * built before them, and each writes its own members of the app. */
struct half {
	struct app *app;
	struct site *site;	/* site_build's, being built */
	pthread_t t;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int	 threaded;	/* the half runs on t */
	int	 go;		/* 0 wait, 1 render, -1 stop */
	int	 done;		/* the half has returned (under mu) */
	int	 pdf_left;	/* it left a variant's PDF (under mu) */
	char	 err[1024];
	int	 rc;
};

/* Whether the half may go on (1) or stops (0): it waits for the go
 * when it runs on a thread of its own. */
static int
half_wait(struct half *h)
{
	int	 go;

	if (!h->threaded)
		return 1;
	pthread_mutex_lock(&h->mu);
	while (h->go == 0)
		pthread_cond_wait(&h->cv, &h->mu);
	go = h->go;
	pthread_mutex_unlock(&h->mu);
	return go == 1;
}

static void *
api_half(void *arg)
{
	struct half *h = arg;
	struct app *app = h->app;
	struct phase_clock pc;

	h->rc = -1;
	phase_start(&pc, "api");
	if ((app->search = search_build(app->model, app->cfg->base_url,
	    h->err, sizeof(h->err))) == NULL)
		return NULL;
	phase_mark(&pc, "search index");
	if (!half_wait(h))
		return NULL;
	if ((app->openapi = openapi_build(app, handle_synthetic, h->err,
	    sizeof(h->err))) == NULL)
		return NULL;
	phase_mark(&pc, "OpenAPI");
	/* Last: it runs the real handlers over everything above. */
	if ((app->prerender = prerender_build(app, handle_synthetic,
	    h->err, sizeof(h->err))) == NULL)
		return NULL;
	phase_mark(&pc, "pre-rendered API answers");
	/* The website's largest pieces site_build has not taken (the
	 * CV's page, the CV variants' forms, /cv.txt, /resume.json, one
	 * language at a time), so that neither thread waits while work
	 * is left.  On a thread of its own it typesets no PDF: a
	 * variant's is left to the loading thread (site_build_pdfs). */
	if (site_build_shared(app, h->site, !h->threaded) == -1) {
		snprintf(h->err, sizeof(h->err), "rendering the website "
		    "pages failed (out of memory)");
		return NULL;
	}
	h->rc = 0;
	return NULL;
}

/* The half's thread: api_half, then the word that it is done (for
 * render's wait on the variants' PDFs), whichever way it returned. */
static void *
half_run(void *arg)
{
	struct half *h = arg;

	api_half(h);
	pthread_mutex_lock(&h->mu);
	h->done = 1;
	pthread_cond_broadcast(&h->cv);
	pthread_mutex_unlock(&h->mu);
	return NULL;
}

/* The site's word from the half's thread that it left a variant's PDF
 * to this one (site_build_pdfs). */
static void
half_pdf_left(void *arg)
{
	struct half *h = arg;

	pthread_mutex_lock(&h->mu);
	h->pdf_left = 1;
	pthread_cond_broadcast(&h->cv);
	pthread_mutex_unlock(&h->mu);
}

/* Waits until the half's thread leaves a PDF or is done (without a
 * thread it is done).  Returns 1 while it runs, 0 once done. */
static int
half_wait_pdf(struct half *h)
{
	int	 running;

	if (!h->threaded)
		return 0;
	pthread_mutex_lock(&h->mu);
	while (!h->done && !h->pdf_left)
		pthread_cond_wait(&h->cv, &h->mu);
	h->pdf_left = 0;
	running = !h->done;
	pthread_mutex_unlock(&h->mu);
	return running;
}

/* Starts the API's half on a thread of its own, if one can be made
 * (else half_go runs it). */
static void
half_start(struct half *h, struct app *app)
{
	memset(h, 0, sizeof(*h));
	h->app = app;
	if (pthread_mutex_init(&h->mu, NULL) != 0)
		return;
	if (pthread_cond_init(&h->cv, NULL) != 0) {
		pthread_mutex_destroy(&h->mu);
		return;
	}
	/* Set before the thread reads it. */
	h->threaded = 1;
	if (pthread_create(&h->t, NULL, half_run, h) != 0) {
		h->threaded = 0;
		pthread_cond_destroy(&h->cv);
		pthread_mutex_destroy(&h->mu);
	}
}

/* Lets the half go on (go 1) into site, or stops it (go -1); without a
 * thread, runs it here (go 1).  Call once. */
static void
half_go(struct half *h, struct site *site, int go)
{
	h->site = site;
	if (!h->threaded) {
		if (go == 1)
			api_half(h);
		return;
	}
	pthread_mutex_lock(&h->mu);
	h->go = go;
	pthread_cond_signal(&h->cv);
	pthread_mutex_unlock(&h->mu);
}

/* Waits for the half's thread to end. */
static void
half_join(struct half *h)
{
	if (!h->threaded)
		return;
	pthread_join(h->t, NULL);
	pthread_cond_destroy(&h->cv);
	pthread_mutex_destroy(&h->mu);
	h->threaded = 0;
}

/* A line of the caches (what is "cache" or "snapshot"), on standard
 * error and in the log file. */
static void
cache_log(const struct config *cfg, const char *what, const char *note)
{
	char	 pre[32];

	if (note[0] == '\0')
		return;
	warnx("%s: %s", what, note);
	snprintf(pre, sizeof(pre), "%s: ", what);
	watch_log(cfg->log_file, pre, note);
}

/* The site's name in the caches' files (--cache-dir): the content and
 * label directories and the base URL. */
static void
site_name(const struct config *cfg, char *key, size_t keylen)
{
	char	 c[PATH_MAX], l[PATH_MAX];

	if (realpath(cfg->content_dir, c) == NULL)
		snprintf(c, sizeof(c), "%s", cfg->content_dir);
	if (cfg->labels_dir == NULL || realpath(cfg->labels_dir, l) == NULL)
		snprintf(l, sizeof(l), "%s", cfg->labels_dir != NULL ?
		    cfg->labels_dir : "");
	snprintf(key, keylen, "%s\n%s\n%s", c, l, cfg->base_url);
}

/* Starts the load's cache of compressed variants (--cache-dir,
 * enc_cache.h), its file named by the site. */
static void
cache_begin(const struct config *cfg, const char *site)
{
	char	 note[8192];

	if (cfg->cache_dir == NULL)
		return;
	(void)enc_cache_open(cfg->cache_dir, site, note, sizeof(note));
	cache_log(cfg, "cache", note);
}

/* Ends it: the load's variants are written only when it succeeded. */
static void
cache_end(const struct config *cfg, int keep)
{
	char	 note[8192];

	if (cfg->cache_dir == NULL)
		return;
	(void)enc_cache_close(keep, note, sizeof(note));
	cache_log(cfg, "cache", note);
}

/*
 * Renders everything requests read from the loaded content: the CV's
 * markdown, then the website here and the API's half on another
 * thread, then MCP's lists.  Returns 0, or -1 with err set.
 */
static int
render(struct app *app, struct half *half, struct phase_clock *pc,
    char *err, size_t errlen)
{
	struct site *site;
	int	 l, rc, pdf_ok = 1;

	/* The CV's markdown for the PDF and the plain text, once
	 * (cv_for_pdf), until both have read it (cv_md_done). */
	if (cv_md_render(app) == -1)
		goto oom;
	for (l = 0; l < app->langs->n; l++)
		atomic_init(&app->cv_md->readers[l], site_cv_md_readers(app,
		    (enum lang)l));
	phase_mark(pc, "the CV's markdown");
#ifdef HAVE_PDF
	for (l = 0; l < app->langs->n; l++)
		app->cv_pdf[l] = cv_pdf_fits(app, (enum lang)l);
	find_glyphs(app);
	phase_mark(pc, "fonts: the content's glyphs");
#endif
	if ((site = site_new(app)) == NULL)
		goto oom;
	site->pdf_left = half_pdf_left;
	site->pdf_left_arg = half;
	half_go(half, site, 1);
	rc = site_build(app, site, err, errlen);
	/* The PDFs of the CV variants the API's thread renders: this
	 * thread typesets them (pango's font map is one per process), as
	 * they come while it goes on, the last once it is done. */
	do {
		if (rc == 0 && pdf_ok && site_build_pdfs(app, site) == -1)
			pdf_ok = 0;
	} while (half_wait_pdf(half));
	half_join(half);
	if (rc == 0 && pdf_ok && half->rc == 0 &&
	    site_build_pdfs(app, site) == -1)
		pdf_ok = 0;
	if (rc == 0 && !pdf_ok) {
		snprintf(err, errlen, "typesetting a CV variant's PDF "
		    "failed");
		rc = -1;
	}
	phase_mark(pc, "renders: the website's here, the API's beside");
	/* Whole or not at all: app_free frees it. */
	app->site = site;
	if (rc == -1) {
		site_free(app->site);
		app->site = NULL;
	}
	if (app->site != NULL && half->rc == -1)
		snprintf(err, errlen, "%s", half->err);
	if (app->site == NULL || half->rc == -1 ||
	    (app->mcp = mcp_build(app, err, errlen)) == NULL)
		return -1;
	phase_mark(pc, "MCP");
	return 0;
oom:
	snprintf(err, errlen, "out of memory");
	return -1;
}

/*
 * Takes the model, the renders and the search index from the snapshot
 * read (sn, which it frees or gives to app).  Returns 1 when it did, 0
 * when sn did not serve (the caller loads the content and renders).
 */
static int
restore(struct app *app, struct snapshot *sn, struct phase_clock *pc)
{
	char	 note[8192];
	int	 rc;

	rc = snapshot_restore(sn, app, note, sizeof(note)) == 0;
	cache_log(app->cfg, "snapshot", note);
	phase_mark(pc, "model and renders read back from the snapshot");
	return rc;
}

/*
 * Loads the content named by cfg and derives what requests need; with
 * only_snapshot, from the snapshot or not at all.  Returns 0, or -1
 * with a message in err (nothing is left allocated).
 */
static int
load(struct app *app, const struct config *cfg, int only_snapshot, char *err,
    size_t errlen)
{
	struct phase_clock pc;
	struct labels_src src;
	struct snapshot *sn = NULL;
	struct half half;
	struct config *own;
	const char *dirs[2];
	char	 pre[LANG_TAG_MAX + 2], site_labels[1024];
	char	 site[3 * PATH_MAX + 64], note[8192], *key = NULL;
	int	 k, l, restored = 0, halved = 0;

	memset(app, 0, sizeof(*app));
	phase_start(&pc, "load");
	/* The fingerprint before reading: an edit made while loading
	 * changes it again, and the watch (supervisor.c) loads again. */
	dirs[0] = cfg->content_dir;
	dirs[1] = cfg->labels_dir;
	watch_fingerprint(dirs, 2, app->fingerprint);
	watch_time(app->loaded_at);
	if ((own = malloc(sizeof(*own))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	*own = *cfg;
	app->cfg = own;
	if ((app->settings = settings_load(cfg->content_dir, err,
	    errlen)) == NULL)
		goto fail;
	/* site.json's base URL, unless --base-url was given. */
	if (!cfg->base_given && app->settings->base_url != NULL)
		own->base_url = app->settings->base_url;
	cfg = own;
	/* The base URL's path, found once (not per request). */
	app->base_path = strstr(cfg->base_url, "://");
	if (app->base_path == NULL ||
	    (app->base_path = strchr(app->base_path + 3, '/')) == NULL)
		app->base_path = "";
	app->base_path_len = strlen(app->base_path);
	app->langs = &app->settings->langs;
	phase_mark(&pc, "fingerprint, site.json");
	if ((app->labels = calloc(1, sizeof(*app->labels))) == NULL)
		goto oom;
	/* The site's own label sets beside its content (labels.h). */
	if (xsnprintf(site_labels, sizeof(site_labels), "%s/labels",
	    cfg->content_dir) == -1) {
		snprintf(err, errlen, "%s: content directory path too long",
		    cfg->content_dir);
		goto fail;
	}
	src.dir = cfg->labels_dir;
	src.site_dir = site_labels;
	src.fallback = app->settings->label_fallback;
	if (labels_from(app->labels, &src, app->langs,
	    app->settings->pronouns, err, errlen) == -1) {
		free(app->labels);
		app->labels = NULL;
		goto fail;
	}
	phase_mark(&pc, "label sets");
	/* Blocks up to a CV page's kept in the heap until heap_load_end
	 * (heap.h): for a start from the snapshot too. */
	heap_load_begin();
	/* With --cache-dir, the snapshot of this site's last load, when
	 * it has this load's key (snapshot.h). */
	if (cfg->cache_dir != NULL) {
		site_name(cfg, site, sizeof(site));
		key = snapshot_key(cfg, site, app->fingerprint);
		phase_mark(&pc, "snapshot's key");
		if (key != NULL) {
			sn = snapshot_open(cfg->cache_dir, site, key, note,
			    sizeof(note));
			cache_log(cfg, "snapshot", note);
			phase_mark(&pc, "snapshot read");
		}
	}
	/* The model and the renders: read back from a snapshot with this
	 * load's key, else loaded and made (and the snapshot written at
	 * the end).  The key holds the content's fingerprint: the files
	 * are those the snapshot was made from, which were valid. */
	restored = sn != NULL && restore(app, sn, &pc);
	sn = NULL;
	if (!restored && only_snapshot) {
		snprintf(err, errlen, "no snapshot with this load's key");
		goto fail;
	}
	if (!restored) {
		if ((app->model = content_load(cfg->content_dir,
		    cfg->base_url, app->langs, app->labels, err,
		    errlen)) == NULL ||
		    settings_check_templates(app->settings, cfg->content_dir,
		    (const cJSON *const *)app->model->profile.obj, err,
		    errlen) == -1)
			goto fail;
		/* site.json's default_language_fields: the original
		 * contract's four fields in the default language in every
		 * API answer. */
		if (app->settings->default_language_fields &&
		    content_keep_default_lang(app->model) == -1)
			goto oom;
		phase_mark(&pc, "content: parse, validate, items' JSON");
		/* The API's half from here: its search index needs the
		 * model only, and is made while this thread goes on. */
		half_start(&half, app);
		halved = 1;
		if (find_variant_gaps(app) == -1)
			goto oom;
		if (find_placeholders(app, err, errlen) == -1)
			goto fail;
	}
	if ((app->paths = site_paths_build(app, err, errlen)) == NULL)
		goto fail;
	phase_mark(&pc, "variant tags, placeholders, site paths");
	for (l = 0; l < app->langs->n; l++) {
		/* "" for the default language, "/PREFIX" for the others */
		snprintf(pre, sizeof(pre), "%s%s", l == 0 ? "" : "/",
		    l == 0 ? "" : lang_prefix(app->langs, (enum lang)l));
		app->doc_url[l] = join3(cfg->base_url, pre, "/developers");
		app->source_url[l] = join3(cfg->base_url, pre, "/");
		if (app->doc_url[l] == NULL || app->source_url[l] == NULL)
			goto oom;
	}
	/* The English documents' language: en, else an English tag
	 * (en-IN), else the default, as Accept-Language: en would pick. */
	app->doc_lang = req_negotiate_lang("en", app->langs);
	lang_list(app->langs, " or ", app->lang_rule, sizeof(app->lang_rule));
	if ((app->lang_once = lang_hint(app->langs, 0)) == NULL ||
	    (app->lang_hint = lang_hint(app->langs, 1)) == NULL)
		goto oom;
	if (!restored) {
		cache_begin(cfg, site);
		if (render(app, &half, &pc, err, errlen) == -1)
			goto fail;
	}
	if (app->labels->missing != NULL) {
		snprintf(err, errlen, "%s/%s.json: no label has the key "
		    "\"%s\"", cfg->labels_dir, LABELS_DOC_CODE,
		    app->labels->missing);
		goto fail;
	}
	phase_mark(&pc, "MCP");
	cv_md_free(app);
	/* What no request reads: the items' objects; an item page parses
	 * its item's, kept printed, per request (content.h).  On this
	 * thread alone: freed by two, into each other's arenas, they took
	 * longer (docs/performance.md). */
	heap_load_drop();
	for (k = 0; k < COLL__MAX; k++)
		if (content_drop_objects(app->model, (enum coll)k,
		    route_item_pages((enum coll)k)) == -1)
			goto oom;
	phase_mark(&pc, "items' objects dropped");
	/* This thread's compressors and their scratch buffer (encoding.c):
	 * a worker forked after this would carry them. */
	enc_thread_done();
	/* The free pages back to the system, the serving settings back
	 * (heap.h). */
	heap_load_end();
	phase_mark(&pc, "heap trimmed");
	if (!restored) {
		cache_end(cfg, 1);
		phase_mark(&pc, "compressed variants' cache written");
		if (key != NULL) {
			app->snapshot_written = snapshot_write(app,
			    cfg->cache_dir, site, key, note, sizeof(note)) == 0;
			cache_log(cfg, "snapshot", note);
			phase_mark(&pc, "snapshot written");
		}
	}
	free(key);
	phase_rss(&pc);
	return 0;
oom:
	snprintf(err, errlen, "out of memory");
fail:
	if (halved) {
		half_go(&half, NULL, -1);
		half_join(&half);
	}
	enc_thread_done();
	heap_load_end();
	snapshot_free(sn);
	free(key);
	cache_end(cfg, 0);
	app_free(app);
	return -1;
}

int
app_load(struct app *app, const struct config *cfg, char *err, size_t errlen)
{
	return load(app, cfg, 0, err, errlen);
}

void
app_serve_from_snapshot(struct app *app, const struct config *cfg)
{
	struct app again;
	char	 err[1024];

	if (!app->snapshot_written || app->snapshot != NULL)
		return;
	if (load(&again, cfg, 1, err, sizeof(err)) == -1)
		return;		/* the load logged why (cache_log) */
	app_free(app);
	*app = again;
#ifdef HAVE_MALLOC_TRIM
	malloc_trim(0);
#endif
}

/*
 * The hint of a lang= error, built once per load (the language names
 * come from ICU): "Send lang once, as lang=es or lang=en, or omit it."
 * or, with unknown set, "Retry with lang=en for English or lang=es for
 * Spanish, or omit lang to use Accept-Language (default Spanish)." (the
 * default named last there, first in the list).  Returns a malloc'd
 * string, or NULL out of memory.
 */
static char *
lang_hint(const struct langs *ls, int unknown)
{
	char	 name[128];
	struct buf b;
	int	 i, k;

	buf_init(&b);
	buf_puts(&b, unknown ? "Retry with " : "Send lang once, as ");
	for (k = 0; k < ls->n; k++) {
		i = unknown ? (k + 1) % ls->n : k;
		buf_puts(&b, list_sep(k, ls->n, " or "));
		buf_printf(&b, "lang=%s", ls->code[i]);
		if (unknown) {
			lang_display_name(ls->code[i], "en", name,
			    sizeof(name));
			buf_printf(&b, " for %s", name);
		}
	}
	if (unknown) {
		lang_display_name(ls->code[LANG_DEFAULT], "en", name,
		    sizeof(name));
		buf_printf(&b, ", or omit lang to use Accept-Language "
		    "(default %s).", name);
	} else
		buf_puts(&b, ", or omit it.");
	if (b.oom) {
		buf_free(&b);
		return NULL;
	}
	return buf_detach(&b);
}

void
app_free(struct app *app)
{
	int	 l;

	site_paths_free(app->paths);
	openapi_free(app->openapi);
	site_free(app->site);
	search_free(app->search);
	prerender_free(app->prerender);
	mcp_free(app->mcp);
	content_free(app->model);
	settings_free(app->settings);
	if (app->labels != NULL)
		labels_free(app->labels);
	free(app->labels);
	for (l = 0; l < LANG__MAX; l++) {
		free(app->doc_url[l]);
		free(app->source_url[l]);
	}
	free(app->lang_once);
	free(app->lang_hint);
	free(app->placeholders);
	free(app->variant_gaps);
	free(app->glyphs);
	free(app->font_packages);
	cv_md_free(app);
	/* Last: the renders read back point into it. */
	snapshot_free(app->snapshot);
	free((struct config *)app->cfg);
	memset(app, 0, sizeof(*app));
}
