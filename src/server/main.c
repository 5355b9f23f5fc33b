/*
 * main.c: start-up.  Parses the options (options.c), answers --check and
 * --dump-openapi, opens the socket, drops privileges and hands over to
 * the supervisor (supervisor.c) or, for a lone process on file
 * descriptor 0 (mod_fcgid, spawn-fcgi), to the serving threads
 * (worker.c).
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <fcgiapp.h>

#include "server/app_load.h"
#include "server/export.h"
#include "http/encoding.h"
#include "import/init.h"
#include "content/labels.h"
#include "import/resume_import.h"
#include "import/bibtex.h"
#include "api/openapi.h"
#include "server/options.h"
#include "server/snapshot.h"
#include "base/json_arena.h"
#include "base/module.h"
#ifdef PDF_MODULE
#include "site/pdf_module.h"
#endif
#ifdef ZIP_MODULE
#include "import/linkedin_zip.h"
#endif
#include "server/share.h"
#include "content/settings.h"
#include "server/supervisor.h"
#include "base/util.h"
#include "base/watch.h"
#include "server/timers.h"
#include "server/worker.h"

static void
print_summary(const struct app *app)
{
	const struct model *m = app->model;
	const struct resource *r;
	const cJSON *t;
	char	 langs[LANG__MAX * 4 + 8];
	int	 k;

	lang_list(app->langs, ", ", langs, sizeof(langs));
	t = cJSON_GetObjectItem(m->about.obj[LANG_DEFAULT], "timeline");
	printf("perfil-fcgi: content OK in %s: profile, about (%d timeline "
	    "items)", app->cfg->content_dir, cJSON_GetArraySize(t));
	for (k = 0; k < COLL__MAX; k++) {
		r = &resources[k];
		if (!content_coll_live(m, (enum coll)k))
			continue;
		printf(", %zu %s", m->coll[k].len, r->noun ? r->noun : r->name);
		if (r->hit_each != NULL)
			printf(" (%zu %s)", m->coll[k].each, r->hit_each);
	}
	printf(", %d pages", m->nowner * app->langs->n);
	if (m->media->n > 0)
		printf(", %zu media file%s (%zu bytes)", m->media->n,
		    m->media->n == 1 ? "" : "s", m->media->total);
	printf("; languages %s", langs);
	if (app->nplaceholders > 0)
		printf("; %d placeholder%s to replace (warnings above)",
		    app->nplaceholders, app->nplaceholders == 1 ? "" : "s");
	putchar('\n');
}

/* Says plainly, on standard error, which languages have no label set
 * (or a partial one) and what their pages show instead. */
static void
labels_note(const struct app *app)
{
	struct buf b;

	buf_init(&b);
	if (labels_gaps(app->labels, app->cfg->content_dir, &b) > 0)
		warnx_lines("note: ", buf_cstr(&b));
	buf_free(&b);
}

/* Warns, on standard error, of each collection site.json's cv_order or
 * home_highlight names that the content has no item of. */
static void
cv_note(const struct app *app)
{
	struct buf b;

	buf_init(&b);
	if (settings_cv_gaps(&app->settings->cv, app->model, &b) > 0)
		warnx_lines("warning: ", buf_cstr(&b));
	buf_free(&b);
	if (app->variant_gaps != NULL)
		warnx_lines("warning: ", app->variant_gaps);
}

/* The sources of --from-resume and --from-linkedin, for messages:
 * "a.json, en=b.json". */
static const char *
sources(const struct options *o, char *out, size_t len)
{
	size_t	 n = 0;
	int	 i, w;

	*out = '\0';
	for (i = 0; i < o->nfrom && n < len; i++) {
		w = snprintf(out + n, len - n, "%s%s%s%s", i ? ", " : "",
		    o->from[i].lang ? o->from[i].lang : "",
		    o->from[i].lang ? "=" : "", o->from[i].file);
		n = w < 0 ? len : n + (size_t)w;
	}
	return out;
}

/*
 * The content of --init --from-resume / --from-linkedin: the import,
 * its report on standard output (one line per placeholder, member not
 * imported, entry not matched) and, under a heading, in the README
 * written with the content.
 */
static int
from_sources(const struct options *o, struct init_content *c,
    struct buf *readme)
{
	struct buf report;
	char	 err[1024], names[1024];
	int	 rc;

	buf_init(&report);
	rc = resume_merge_import(o->from, o->nfrom, &o->init_langs, c,
	    &report, err, sizeof(err));
	if (rc == -1)
		warnx("--from-%s: %s", o->nfrom == 1 && o->from[0].linkedin ?
		    "linkedin" : "resume", err);
	else {
		fputs(buf_cstr(&report), stdout);
		buf_printf(readme, "# Content imported from %s\n\n"
		    "perfil-fcgi --init wrote this directory from it. "
		    "Values marked TODO are placeholders; fill them in and "
		    "translate the copies the report lists, if any, then "
		    "run perfil-fcgi --check --content DIR. The site's "
		    "languages are site.json's \"languages\", the default "
		    "first; with one, texts are plain strings, with several "
		    "an object with one string per language (content/"
		    "README.md in perfil's sources has the reference)."
		    "\n\n```\n%s```\n", sources(o, names, sizeof(names)),
		    buf_cstr(&report));
		c->readme = buf_cstr(readme);
	}
	buf_free(&report);
	return rc;
}

/*
 * The end of --init: what is still to do by hand, in order, each with
 * its file: the placeholders of each file (app's list, in the order
 * --check gives them), then the check that none is left, then serving.
 */
static void
print_todo(const struct options *o, const struct app *app)
{
	const char *p, *nl, *sep, *f;
	char	 file[1024], fields[160];
	size_t	 flen, n;
	int	 step = 1, count;

	printf("Still to do by hand, in order:\n");
	for (p = app->placeholders; p != NULL && *p != '\0'; ) {
		/* "FILE: PATH: VALUE (why)" lines, grouped by FILE */
		if ((sep = strstr(p, ": ")) == NULL)
			break;
		flen = (size_t)(sep - p);
		snprintf(file, sizeof(file), "%.*s", (int)flen, p);
		count = 0;
		n = 0;
		fields[0] = '\0';
		while (*p != '\0' && strncmp(p, file, flen) == 0 &&
		    strncmp(p + flen, ": ", 2) == 0) {
			f = p + flen + 2;
			nl = strchr(p, '\n');
			if (n < sizeof(fields) - 1 && count < 4)
				n += (size_t)snprintf(fields + n,
				    sizeof(fields) - n, "%s%.*s", count ? ", " :
				    "", (int)strcspn(f, ":"), f);
			count++;
			p = nl != NULL ? nl + 1 : f + strlen(f);
		}
		printf("  %d. %s: replace %d placeholder%s (%s%s)\n", step++,
		    file, count, count == 1 ? "" : "s", fields, count > 4 ?
		    ", ..." : "");
	}
	printf("  %d. %s/media/: add a portrait and name it in profile.json's "
	    "\"image\", if it has none yet (content/README.md, "
	    "\"media/\")\n", step++, o->init_dir);
	printf("  %d. %s/site.json: check \"languages\" (the default "
	    "first); then perfil-fcgi --check --strict --content %s "
	    "refuses any placeholder left\n", step++, o->init_dir,
	    o->init_dir);
	printf("  %d. serve it: PERFIL_CONTENT=%s ./serve, or "
	    "docs/deployment.md for a server\n", step, o->init_dir);
}

/*
 * A copy of text with every tmp replaced by dir (messages about the
 * temporary directory name the target instead), or NULL (out of memory).
 * Free it.
 */
static char *
retarget(const char *text, const char *tmp, const char *dir)
{
	struct buf b;
	const char *p, *q;
	size_t	 n = strlen(tmp);

	buf_init(&b);
	for (p = text; (q = strstr(p, tmp)) != NULL; p = q + n) {
		buf_append(&b, p, (size_t)(q - p));
		buf_puts(&b, dir);
	}
	buf_puts(&b, p);
	return b.oom ? (buf_free(&b), NULL) : buf_detach(&b);
}

/*
 * Loads the staged directory tmp as --check would and renames it to
 * the target; on any failure removes it.  Messages name the target.
 * Returns 0 with app loaded, or -1 (told on standard error).
 */
static int
init_load(const struct options *o, const char *tmp, struct config *cfg,
    struct app *app)
{
	char	 err[16384], *msg, *pl;

	cfg->content_dir = tmp;
	if (app_load(app, cfg, err, sizeof(err)) == -1) {
		init_discard(tmp);
		msg = retarget(err, tmp, o->init_dir);
		warnx_lines("--init: the content does not load, nothing "
		    "written: ", msg != NULL ? msg : err);
		free(msg);
		return -1;
	}
	if (init_commit(tmp, o->init_dir, err, sizeof(err)) == -1) {
		app_free(app);
		warnx("--init: %s", err);
		return -1;
	}
	if (app->placeholders != NULL) {
		pl = retarget(app->placeholders, tmp, o->init_dir);
		if (pl != NULL) {
			free(app->placeholders);
			app->placeholders = pl;
		}
	}
	return 0;
}

/*
 * --from-bibtex FILE with --init: the library's publications merged into
 * those c has (a résumé's), its report on standard output.  Returns 0
 * or -1 (told).
 */
static int
from_bibtex(const struct options *o, struct init_content *c,
    const struct langs *ls)
{
	struct bibtex_counts n;
	struct buf report;
	char	 err[1024];
	int	 rc;

	if (c->coll[COLL_PUBLICATIONS] == NULL &&
	    (c->coll[COLL_PUBLICATIONS] = cJSON_CreateArray()) == NULL)
		return -1;
	buf_init(&report);
	rc = bibtex_merge(o->bibtex, ls, c->profile, c->coll[COLL_PUBLICATIONS],
	    &n, &report, err, sizeof(err));
	if (rc == -1)
		warnx("--from-bibtex: %s (nothing written)", err);
	else
		fputs(buf_cstr(&report), stdout);
	if (cJSON_GetArraySize(c->coll[COLL_PUBLICATIONS]) == 0) {
		cJSON_Delete(c->coll[COLL_PUBLICATIONS]);
		c->coll[COLL_PUBLICATIONS] = NULL;
	}
	buf_free(&report);
	return rc;
}

/*
 * --add-bibtex FILE: the content is loaded (it must be valid), the
 * library merged into its publications.json, which is replaced
 * atomically only when something changed; the content must load after,
 * else the file is put back.  Returns the exit status.
 */
static int
run_add_bibtex(const struct options *o)
{
	struct bibtex_counts n;
	struct app app;
	struct buf report, out;
	const char *dir = o->cfg.content_dir, *file = resources[
	    COLL_PUBLICATIONS].file;
	char	 err[16384], *old;
	size_t	 oldlen = 0;
	cJSON	*pubs;
	struct langs one = { .n = 1, .code = { INIT_LANGUAGE } };
	int	 absent = 0, rc = 1;

	/* The library first, alone: a malformed one is refused at once,
	 * before the content's load (a second or more) starts. */
	buf_init(&report);
	pubs = cJSON_CreateArray();
	rc = pubs == NULL || bibtex_merge(o->bibtex, &one,
	    NULL, pubs, &n, &report, err, sizeof(err)) == -1;
	cJSON_Delete(pubs);
	buf_free(&report);
	if (rc) {
		warnx("--add-bibtex: %s (nothing changed)", err);
		return 1;
	}
	if (app_load(&app, &o->cfg, err, sizeof(err)) == -1) {
		warnx_lines("--add-bibtex: the content does not load, "
		    "nothing changed: ", err);
		return 1;
	}
	old = read_beneath(dir, file, BIBTEX_MAX_BYTES * 4, &oldlen, &absent,
	    err, sizeof(err));
	if (old == NULL && !absent) {
		warnx("--add-bibtex: %s/%s: %s", dir, file, err);
		app_free(&app);
		return 1;
	}
	pubs = old != NULL ? cJSON_Parse(old) : cJSON_CreateArray();
	buf_init(&report);
	buf_init(&out);
	if (!cJSON_IsArray(pubs))
		warnx("--add-bibtex: %s/%s: not an array", dir, file);
	else if (bibtex_merge(o->bibtex, app.langs, app.model->profile.src,
	    pubs, &n, &report, err, sizeof(err)) == -1)
		warnx("--add-bibtex: %s (nothing changed)", err);
	else if (fputs(buf_cstr(&report), stdout), n.added + n.updated == 0) {
		printf("perfil-fcgi: %s/%s is unchanged\n", dir, file);
		rc = 0;
	} else if (init_json_print(pubs, &out) == -1)
		warnx("out of memory");
	else if (init_replace(dir, file, buf_cstr(&out), out.len, err,
	    sizeof(err)) == -1)
		warnx("--add-bibtex: %s (nothing changed)", err);
	else {
		app_free(&app);
		if (app_load(&app, &o->cfg, err, sizeof(err)) == -1) {
			warnx_lines("--add-bibtex: the merged content does not "
			    "load, put back as it was: ", err);
			if (old != NULL)
				init_replace(dir, file, old, oldlen, err,
				    sizeof(err));
			else if (xsnprintf(err, sizeof(err), "%s/%s", dir,
			    file) != -1)
				unlink(err);
			free(old);
			cJSON_Delete(pubs);
			buf_free(&report);
			buf_free(&out);
			return 1;
		}
		printf("perfil-fcgi: wrote %s/%s\n", dir, file);
		rc = 0;
	}
	app_free(&app);
	free(old);
	cJSON_Delete(pubs);
	buf_free(&report);
	buf_free(&out);
	return rc;
}

/*
 * --init DIR: writes the skeleton (or the import of --from-resume) into
 * a directory beside DIR, checks it as --check would and renames it to
 * DIR; any failure leaves nothing.  Returns the exit status.
 */
static int
run_init(const struct options *o)
{
	struct init_content c;
	struct app app;
	struct config cfg = o->cfg;
	struct langs langs = o->init_langs;
	struct buf readme, gaps;
	char	 err[16384], tmp[INIT_DIR_MAX + 64];

	if (langs.n == 0 && settings_parse_languages(INIT_LANGUAGE, &langs,
	    err, sizeof(err)) == -1) {
		warnx("--init: %s", err);
		return 1;
	}
	buf_init(&readme);
	if (o->nfrom > 0) {
		if (from_sources(o, &c, &readme) == -1) {
			buf_free(&readme);
			return 1;
		}
	} else if (init_skeleton(&c, &langs) == -1) {
		warnx("out of memory");
		return 1;
	}
	if (o->bibtex != NULL && from_bibtex(o, &c, &c.langs) == -1) {
		init_content_free(&c);
		buf_free(&readme);
		return 1;
	}
	if (init_stage(o->init_dir, &c, tmp, sizeof(tmp), err,
	    sizeof(err)) == -1) {
		init_content_free(&c);
		buf_free(&readme);
		warnx("--init: %s (nothing written)", err);
		return 1;
	}
	init_content_free(&c);
	buf_free(&readme);
	if (init_load(o, tmp, &cfg, &app) == -1)
		return 1;
	buf_init(&gaps);
	if (labels_gaps(app.labels, o->init_dir, &gaps) > 0)
		warnx_lines("note: ", buf_cstr(&gaps));
	buf_free(&gaps);
	if (o->nfrom > 0)
		printf("perfil-fcgi: wrote %s from %s; it passes --check. "
		    "Fill in the TODO values listed above (also in "
		    "README.md there), then run perfil-fcgi --check "
		    "--content %s\n", o->init_dir, sources(o, err,
		    sizeof(err)), o->init_dir);
	else
		printf("perfil-fcgi: wrote a content skeleton in %s; replace "
		    "its values (README.md there says how), then run "
		    "perfil-fcgi --check --content %s\n", o->init_dir,
		    o->init_dir);
	print_todo(o, &app);
	app_free(&app);
	return 0;
}

/*
 * --export DIR: loads the content as --check does (content it refuses
 * writes nothing) and writes the site as static files (export.c); says
 * on standard error what a static copy leaves out.  Returns the exit
 * status.
 */
static int
run_export(const struct options *o)
{
	struct export_stats st;
	struct app app;
	struct buf left;
	char	 err[16384];
	int	 rc = 0;

	if (export_target_ok(o->export_dir, err, sizeof(err)) == -1) {
		warnx("--export: %s (nothing written)", err);
		return 1;
	}
	if (app_load(&app, &o->cfg, err, sizeof(err)) == -1) {
		warnx_lines("--export: the content does not load, nothing "
		    "written: ", err);
		return 1;
	}
	if (app.placeholders != NULL)
		warnx_lines("warning: placeholder: ", app.placeholders);
	buf_init(&left);
	if (export_site(&app, o->export_dir, &st, &left, err,
	    sizeof(err)) == -1) {
		warnx("--export: %s (nothing written)", err);
		rc = 1;
	} else {
		warnx_lines("export: ", buf_cstr(&left));
		warnx_lines("export: ", "a static copy answers no query "
		    "string: the API's files are its answers in the default "
		    "language with the default limit and offset (no lang, "
		    "limit, offset or q)\nno content negotiation by Accept or "
		    "Accept-Language: pages are HTML at their paths, markdown "
		    "at PATH.md, each language under its prefix\nconditional "
		    "requests and compression are the host's");
		printf("perfil-fcgi: exported %s to %s: %zu files, %zu "
		    "bytes\n", app.cfg->base_url, o->export_dir, st.files,
		    st.bytes);
	}
	buf_free(&left);
	app_free(&app);
	return rc;
}

/* --check, --dump-openapi and --font-packages: load the content,
 * report, exit status. */
static int
run_offline(const struct options *o)
{
	struct app app;
	char	 err[16384];
	size_t	 len;
	int	 rc = 0;

	if (app_load(&app, &o->cfg, err, sizeof(err)) == -1) {
		warnx_lines("", err);
		return 1;
	}
	if (o->mode == RUN_CHECK) {
		if (app.placeholders != NULL)
			warnx_lines("warning: placeholder: ",
			    app.placeholders);
		/* Warnings do not fail the check: an untranslated label is
		 * shown in the fallback language. */
		warnx_lines("warning: ", buf_cstr(&app.labels->warnings));
		if (app.glyphs != NULL)
			warnx_lines("warning: font: ", app.glyphs);
		cv_note(&app);
		labels_note(&app);
		print_summary(&app);
	}
	else if (o->mode == RUN_FONTS) {
		if (app.font_packages != NULL &&
		    (fputs(app.font_packages, stdout) == EOF ||
		    fflush(stdout) != 0)) {
			warn("cannot write the packages");
			rc = 1;
		}
	} else {
		len = app.openapi->text[o->dump_format].len;
		if (fwrite(app.openapi->text[o->dump_format].data, 1, len,
		    stdout) != len || fflush(stdout) != 0) {
			warn("cannot write the document");
			rc = 1;
		}
	}
	app_free(&app);
	return rc;
}

/*
 * Opens the listening socket: --socket (owned by owner when not NULL),
 * or file descriptor 0, which must then be a socket.  Returns it, or -1
 * with *status set.
 */
static int
listen_fd(const struct options *o, const struct sup_user *owner,
    int *status)
{
	struct stat st;
	int	 fd;

	if (o->sock != NULL) {
		if ((fd = sup_open_socket(o->sock, o->sock_mode, owner)) < 0)
			*status = 1;
		return fd;
	}
	if (fstat(0, &st) == -1 || !S_ISSOCK(st.st_mode)) {
		warnx("no --socket given and standard input is not a socket "
		    "(run it from spawn-fcgi or mod_fcgid, or give --socket)");
		*status = 2;
		return -1;
	}
	return 0;
}

/*
 * Becomes --user when root (as, the user looked up), and refuses --user
 * naming someone else when not.  Returns 0, or -1 with *status set.
 */
static int
become_user(const struct options *o, const struct sup_user *as,
    int *status)
{
	struct passwd *pw;

	if (o->user == NULL)
		return 0;
	if (as != NULL) {
		if (sup_drop_privileges(as) == -1) {
			*status = 1;
			return -1;
		}
		return 0;
	}
	if ((pw = getpwnam(o->user)) != NULL && pw->pw_uid != geteuid()) {
		warnx("--user %s needs root", o->user);
		*status = 2;
		return -1;
	}
	return 0;
}

/* Serves until SIGTERM; returns the exit status. */
static int
run_server(struct options *o)
{
	struct app app;
	struct sup_user user, *as = NULL;
	char	 err[16384], *slash;
	int	 fd, rc = 1;

	if (FCGX_Init() != 0) {
		warnx("cannot initialise libfcgi");
		return 1;
	}
	/*
	 * Ours at once: FCGX_Init installed libfcgi's own SIGTERM handler,
	 * which only sets a flag of libfcgi's, so a SIGTERM during the
	 * content load was lost and the process served on (seen 0.02-0.1 s
	 * after a start).  Now the serving loop or the supervisor sees it
	 * as soon as they start, and stop.
	 */
	set_handler(SIGTERM, worker_on_term);
	set_handler(SIGINT, worker_on_term);
	if (geteuid() == 0 && o->user == NULL) {
		warnx("refusing to run as root; use --user NAME to switch to "
		    "an unprivileged user");
		return 2;
	}
	if (o->group != NULL && o->user == NULL) {
		warnx("--socket-group needs --user (and root)");
		return 2;
	}
	/* --share: a relay, or the server the relays share (share.h). */
	if (o->share) {
		switch (share_relay(o->share_path, sizeof(o->share_path),
		    &rc)) {
		case SHARE_DONE:
			return rc;
		case SHARE_SERVER:
			o->sock = o->share_path;
			/* The compressed variants' cache (enc_cache.h) in
			 * the same private directory, unless --cache-dir
			 * names another: each server the relays start after
			 * an idle time or a restart reuses the last one's. */
			snprintf(o->share_dir, sizeof(o->share_dir), "%s",
			    o->share_path);
			if (o->cfg.cache_dir == NULL &&
			    (slash = strrchr(o->share_dir, '/')) != NULL) {
				*slash = '\0';
				o->cfg.cache_dir = o->share_dir;
			}
			break;
		case SHARE_ALONE:
			break;
		}
	}
	/* As root, --user is looked up first: it owns the socket. */
	if (o->user != NULL && geteuid() == 0) {
		if (sup_user_lookup(o->user, o->group, &user) == -1)
			return 1;
		as = &user;
	}
	if (o->pid_file != NULL && sup_pidfile_check(o->pid_file) == -1)
		return 1;
	if ((fd = listen_fd(o, as, &rc)) < 0)
		return rc;
	if (o->pid_file != NULL && sup_pidfile_write(o->pid_file) == -1)
		return 1;
	if (become_user(o, as, &rc) == -1)
		goto out;
	if (app_load(&app, &o->cfg, err, sizeof(err)) == -1) {
		warnx_lines("", err);
		watch_log(o->cfg.log_file, "cannot start: ", err);
		rc = 1;
		goto out;
	}
	app_serve_from_snapshot(&app, &o->cfg);
	snprintf(err, sizeof(err), "started (pid %ld), serving content %s "
	    "from %s", (long)getpid(), app.fingerprint, o->cfg.content_dir);
	watch_log(o->cfg.log_file, "", err);
	if (app.glyphs != NULL) {
		warnx_lines("warning: font: ", app.glyphs);
		watch_log(o->cfg.log_file, "warning: font: ", app.glyphs);
	}
	set_handler(SIGPIPE, SIG_IGN);
	options_defaults(o);
	/* A lone process on fd 0 (mod_fcgid) has a supervisor of its own
	 * when it watches the content: mod_fcgid sends it no signal. */
	if (o->nworkers == 1 && o->sock == NULL && o->cfg.reload_ms == 0) {
		set_handler(SIGHUP, SIG_IGN);
		rc = worker_serve(&app, fd, o->nthreads, NULL);
		app_free(&app);
	} else {
		sup_handlers();
		fprintf(stderr, "perfil-fcgi %s: serving %s with %d workers "
		    "of %d threads\n", PACKAGE_VERSION, o->sock ? o->sock :
		    "fd 0", o->nworkers, o->nthreads);
		/* It frees app once its first generation has a copy. */
		rc = supervise(&app, &o->cfg, fd, o->nworkers, o->nthreads);
	}
out:
	/* The workers never get here: they end with _exit. */
	if (o->pid_file != NULL && unlink(o->pid_file) == -1 &&
	    errno != ENOENT)
		warn("cannot remove %s", o->pid_file);
	return rc;
}

/* The modules this build loads on first use (base/module.h). */
static const char *const modules[] = {
#ifdef PDF_MODULE
	PDF_MODULE_NAME,
#endif
#ifdef ZIP_MODULE
	ZIP_MODULE_NAME,
#endif
	NULL
};

int
main(int argc, char *argv[])
{
	struct options o;
	int	 rc;

	timers_init();
	enc_init();
	/* cJSON's hooks, before any object and any thread: a load's
	 * items' objects in an arena of their own (json_arena.h). */
	json_arena_install();
	if (!options_parse(&o, argc, argv, &rc)) {
		options_free(&o);
		return rc;
	}
	/* Before a load can bring in the PDF module (snapshot.h), and
	 * before --user gives up root (module.h). */
	snapshot_init();
	module_preopen(modules);
	/* No client to answer, no cache to write: no compressed variant
	 * to make (encoding.c).  --check loads as a server does. */
	if (o.mode != RUN_SERVE && o.mode != RUN_CHECK &&
	    o.cfg.cache_dir == NULL)
		enc_identity_only(1);
	if (o.mode == RUN_INIT)
		rc = run_init(&o);
	else if (o.mode == RUN_EXPORT)
		rc = run_export(&o);
	else if (o.mode == RUN_ADD_BIBTEX)
		rc = run_add_bibtex(&o);
	else if (o.mode != RUN_SERVE)
		rc = run_offline(&o);
	else
		rc = run_server(&o);
	options_free(&o);
	return rc;
}
