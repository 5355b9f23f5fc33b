/*
 * options.c: parsing and checking the command line, --help and
 * --version, and the defaults that depend on the machine.
 */
#include "config.h"
#include "perfil_paths.h"

#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/openapi.h"
#include "base/url.h"
#include "server/options.h"
#include "content/settings.h"

static void
usage(FILE *f)
{
	fprintf(f,
"usage: perfil-fcgi [options]\n"
"Serve a professional profile as a read-only JSON API (FastCGI responder).\n"
"\n"
"  --socket PATH|HOST:PORT  listen on a unix socket or TCP address; without\n"
"                           it, listen on file descriptor 0 (spawn-fcgi,\n"
"                           Apache mod_fcgid)\n"
"  --content DIR            content directory (default: content/ beside the\n"
"                           executable if there is one, else\n"
"                           %s)\n"
"  --base-url URL           public base URL of the site (default: site.json's\n"
"                           base_url, else %s)\n"
"  --labels DIR             label sets, one LANG.json per language (default:\n"
"                           labels/ beside the executable if there is one,\n"
"                           else %s)\n"
"  --reload-check SECONDS   look for changed content every SECONDS (1 to\n"
"                           3600; at once on an inotify notice) and reload it\n"
"                           as SIGHUP does; 0 turns it off (default 1)\n"
"  --reload-timeout SECONDS a reload's load may take this long (1 to\n"
"                           3600, default 60); one that takes longer\n"
"                           (stopped or stuck) is killed and refused\n"
"  --hang-timeout SECONDS   a generation leader that makes no progress for\n"
"                           SECONDS (1 to 600, default 5) is replaced, then\n"
"                           killed with its workers; a worker one of whose\n"
"                           threads makes none for 10 s more (a client's\n"
"                           longest read or write) is killed and replaced\n"
"  --log-file FILE          also append start-up and reload messages to FILE\n"
"                           (default: perfil.log beside the executable when\n"
"                           the content is found there, else none)\n"
"  --cache-dir DIR          keep the compressed variants of what a load\n"
"                           renders in DIR for the next load of the same\n"
"                           site (each checked before use); not inside the\n"
"                           content or label directory (default: none)\n"
"  --workers N              worker processes, 1 to %d (default: one per CPU,\n"
"                           at least 2, with --socket; else 1)\n"
"  --threads N              serving threads per worker, 1 to %d (default: %d\n"
"                           with several workers or --socket, else 1)\n"
"  --share                  on file descriptor 0 (mod_fcgid): relay its\n"
"                           requests to one server that loads the content\n"
"                           once for every process of the same command, on\n"
"                           a private socket in $TMPDIR/perfil-UID\n"
"  --user NAME              when started as root, switch to this user after\n"
"                           binding the socket (required as root)\n"
"  --socket-mode MODE       octal permissions of a unix socket (default 0660)\n"
"  --socket-group NAME      as root, give a unix socket to this group (the\n"
"                           web server's) instead of --user's own group\n"
"  --pid-file FILE          write the process id to FILE once the socket is\n"
"                           bound (refused if FILE names a live process);\n"
"                           removed on exit\n"
"  --check                  load and validate the content, print a summary,\n"
"                           exit 0 (valid) or 1 (invalid; every problem is\n"
"                           listed); placeholders (TODO, example.org\n"
"                           hosts) are warnings\n"
"  --strict                 refuse content with placeholders: --check exits\n"
"                           1, start-up and every reload refuse it (the\n"
"                           good content keeps serving)\n"
"  --init DIR               write a minimal, valid content skeleton into DIR\n"
"                           (new or empty), check it and exit\n"
"  --from-resume [LANG=]FILE\n"
"                           with --init: fill DIR from a JSON Resume\n"
"                           document instead (placeholders and what was\n"
"                           not imported are listed, one line each);\n"
"                           repeat it with LANG= for one per language\n"
"  --from-linkedin [LANG=]ZIP\n"
"                           with --init: fill DIR from a LinkedIn data\n"
"                           archive (\"Get a copy of your data\"); with a\n"
"                           --from-resume for another language too\n"
"  --from-bibtex FILE       with --init: add the publications of a BibTeX\n"
"                           library (with --from-resume too)\n"
"  --add-bibtex FILE        merge a BibTeX library into the content's\n"
"                           publications (--content DIR), report what was\n"
"                           added, updated or skipped and exit\n"
"  --languages CODES        with --init: the site's languages, BCP 47 tags\n"
"                           (\"es\", \"en-IN\") separated by commas, the\n"
"                           default first\n"
"                           (default: the resume's meta.language, else en)\n"
"  --export DIR             load the content as --check does and write the\n"
"                           whole site as static files into DIR (new, empty\n"
"                           or an earlier export), every file the responder's\n"
"                           answer for its URL; what a static copy cannot\n"
"                           serve is listed on standard error\n"
"  --dump-openapi[=json|yaml]\n"
"                           print the OpenAPI document (built from the route\n"
"                           table and the content, with --base-url as the\n"
"                           server) and exit without serving; default json\n"
"  --font-packages          load the content as --check does and print,\n"
"                           one a line, the Debian font packages that have\n"
"                           the characters of it no installed font has (the\n"
"                           PDF would show boxes); nothing when none lacks\n"
"  --version                print the version and exit\n"
"  --help                   print this help and exit\n"
"\n"
"Signals: SIGTERM/SIGINT stop: the socket is closed at once, requests read\n"
"are answered, and kept FastCGI connections drain before the exit; SIGHUP\n"
"reloads the content (a set that fails validation is refused and the old\n"
"one keeps serving); --reload-check does the same without a signal.\n",
	    PERFIL_CONTENT_DIR, PERFIL_BASE_URL, PERFIL_LABELS_DIR, MAX_WORKERS, MAX_THREADS,
	    THREADS_DEFAULT);
}

/* Parses s, all of it, as a number in base from min to max into *out:
 * digits only (strtol would take leading blanks and a sign: " 4",
 * "+4", "-0"); returns 0, or -1 (no message). */
static int
parse_long(const char *s, int base, long min, long max, long *out)
{
	char	*end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*out = strtol(s, &end, base);
	return errno || end == s || *end != '\0' || *out < min || *out > max ?
	    -1 : 0;
}

/*
 * Parses the decimal count s of option name, 1 to max.  Returns it, or
 * -1 after a message.
 */
static int
parse_count(const char *s, int max, const char *name)
{
	long	 n;

	if (parse_long(s, 10, 1, max, &n) == -1) {
		warnx("%s must be 1 to %d", name, max);
		return -1;
	}
	return (int)n;
}

/* Parses --reload-check, 0 to 3600 seconds, into *ms; returns 0, or -1
 * after a message. */
static int
parse_seconds(const char *s, int *ms)
{
	long	 n;

	if (parse_long(s, 10, 0, 3600, &n) == -1) {
		warnx("--reload-check must be 0 (off) to 3600 seconds");
		return -1;
	}
	*ms = (int)n * 1000;
	return 0;
}

/* Parses --socket-mode; returns 0, or -1 after a message. */
static int
parse_mode(const char *s, mode_t *mode)
{
	long	 m;

	if (parse_long(s, 8, 0, 0777, &m) == -1) {
		warnx("--socket-mode must be octal, such as 0660");
		return -1;
	}
	*mode = (mode_t)m;
	return 0;
}

/*
 * Parses the optional format of --dump-openapi, also given as the next
 * word ("--dump-openapi yaml", as people type it).  Returns the format,
 * or -1 after a message.
 */
static int
parse_dump(const char *arg, int argc, char *argv[])
{
	if (arg == NULL && optind < argc && (strcmp(argv[optind], "json") ==
	    0 || strcmp(argv[optind], "yaml") == 0))
		arg = argv[optind++];
	if (arg == NULL || strcmp(arg, "json") == 0)
		return OPENAPI_JSON;
	if (strcmp(arg, "yaml") == 0)
		return OPENAPI_YAML;
	warnx("--dump-openapi takes json or yaml");
	return -1;
}

/*
 * Checks --base-url and keeps a copy without trailing slashes.
 * Returns 0, or -1 after a message.
 */
static int
check_base_url(struct options *o)
{
	const char *u = o->cfg.base_url;
	char	 why[128];
	size_t	 n;

	if (url_check(u, URL_BASE, why, sizeof(why)) == -1) {
		warnx("--base-url: %s", why);
		return -1;
	}
	if ((o->base = strdup(u)) == NULL) {
		warn("strdup");
		return -1;
	}
	while ((n = strlen(o->base)) > 8 && o->base[n - 1] == '/')
		o->base[n - 1] = '\0';
	o->cfg.base_url = o->base;
	return 0;
}

/* Parses --languages CODES into ls; returns 0, or -1 after a message. */
static int
parse_languages(const char *s, struct langs *ls)
{
	char	 err[256];

	if (settings_parse_languages(s, ls, err, sizeof(err)) == -1) {
		warnx("--languages \"%s\": %s", s, err);
		return -1;
	}
	return 0;
}

/*
 * --from-resume or --from-linkedin [LANG=]FILE: one more source.  LANG
 * is a language tag (a letter, then letters, digits and "-": "hi",
 * "en-IN") before "=", checked with --languages by the import.
 */
static int
add_source(struct options *o, const char *arg, int linkedin)
{
	struct resume_source *s;
	size_t	 k = isalpha((unsigned char)arg[0]) ? strspn(arg,
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789-") : 0;
	char	*lang;

	if (o->nfrom == RESUME_MERGE_MAX) {
		warnx("at most %d --from-resume and --from-linkedin",
		    RESUME_MERGE_MAX);
		return -1;
	}
	s = &o->from[o->nfrom++];
	s->linkedin = linkedin;
	s->file = arg;
	if (k >= 2 && k <= LANG_TAG_MAX && arg[k] == '=') {
		if ((lang = strndup(arg, k)) == NULL) {
			warnx("out of memory");
			return -1;
		}
		s->lang = lang;
		s->file = arg + k + 1;
	}
	if (*s->file == '\0') {
		warnx("--from-%s: no file", linkedin ? "linkedin" : "resume");
		return -1;
	}
	return 0;
}

/*
 * Sets what the run does.  The manual's forms take one of --check,
 * --dump-openapi, --font-packages, --init, --export and --add-bibtex:
 * another one is refused, not taken over the first.  Returns 0, or -1
 * after a message naming both.
 */
static int
set_mode(struct options *o, enum run_mode mode)
{
	static const char *const names[] = {
		[RUN_CHECK] = "--check",
		[RUN_DUMP] = "--dump-openapi",
		[RUN_FONTS] = "--font-packages",
		[RUN_INIT] = "--init",
		[RUN_EXPORT] = "--export",
		[RUN_ADD_BIBTEX] = "--add-bibtex",
	};

	if (o->mode != RUN_SERVE && o->mode != mode) {
		warnx("%s: not with %s", names[mode], names[o->mode]);
		return -1;
	}
	o->mode = mode;
	return 0;
}

/* Applies one option (getopt's ch); returns 0, or -1 after a message. */
static int
apply(struct options *o, int ch, int argc, char *argv[])
{
	switch (ch) {
	case 's': o->sock = optarg; break;
	case 'c': o->cfg.content_dir = optarg; o->content_given = 1; break;
	case 'b': o->cfg.base_url = optarg; o->cfg.base_given = 1; break;
	case 'F': o->cfg.log_file = optarg; break;
	case 'Z': o->cfg.cache_dir = optarg; break;
	case 'r':
		return parse_seconds(optarg, &o->cfg.reload_ms);
	case 'T':
		if ((o->cfg.reload_timeout_ms = parse_count(optarg, 3600,
		    "--reload-timeout")) == -1)
			return -1;
		o->cfg.reload_timeout_ms *= 1000;
		break;
	case 'H':
		if ((o->cfg.hang_ms = parse_count(optarg, 600,
		    "--hang-timeout")) == -1)
			return -1;
		o->cfg.hang_ms *= 1000;
		break;
	case 'L': o->cfg.labels_dir = optarg; o->labels_given = 1; break;
	case 'u': o->user = optarg; break;
	case 'g': o->group = optarg; break;
	case 'p': o->pid_file = optarg; break;
	case 'C':
		return set_mode(o, RUN_CHECK);
	case 'P':
		return set_mode(o, RUN_FONTS);
	case 'S': o->cfg.strict = 1; break;
	case 'A': o->share = 1; break;
	case 'I':
		if (set_mode(o, RUN_INIT) == -1)
			return -1;
		o->init_dir = optarg;
		break;
	case 'E':
		if (set_mode(o, RUN_EXPORT) == -1)
			return -1;
		o->export_dir = optarg;
		o->cfg.static_copy = 1;
		break;
	case 'B':
		if (set_mode(o, RUN_ADD_BIBTEX) == -1)
			return -1;
		o->bibtex = optarg;
		break;
	case 'X': o->bibtex = optarg; o->from_bibtex = 1; break;
	case 'R':
	case 'K':
		return add_source(o, optarg, ch == 'K');
	case 'l':
		return parse_languages(optarg, &o->init_langs);
	case 'w':
		return (o->nworkers = parse_count(optarg, MAX_WORKERS,
		    "--workers")) == -1 ? -1 : 0;
	case 't':
		return (o->nthreads = parse_count(optarg, MAX_THREADS,
		    "--threads")) == -1 ? -1 : 0;
	case 'm':
		return parse_mode(optarg, &o->sock_mode);
	case 'O':
		if (set_mode(o, RUN_DUMP) == -1)
			return -1;
		return (o->dump_format = parse_dump(optarg, argc, argv)) ==
		    -1 ? -1 : 0;
	default:
		usage(stderr);
		return -1;
	}
	return 0;
}

/*
 * Without --labels, an uninstalled build (the installed label sets
 * missing) reads the source tree's, so tests and ./serve need no option.
 */
static void
default_labels(struct options *o)
{
	if (strcmp(o->cfg.labels_dir, PERFIL_LABELS_DIR) == 0 &&
	    access(PERFIL_LABELS_DIR, R_OK) == -1 &&
	    access(PERFIL_SRC_LABELS_DIR, R_OK) == 0)
		o->cfg.labels_dir = PERFIL_SRC_LABELS_DIR;
}

/*
 * The fonts an upload carries (./make-upload): fonts/fonts.conf beside
 * the executable names fontconfig's configuration, and with it the fonts
 * in that directory, unless FONTCONFIG_FILE is set already (a shared
 * host's .htaccess cannot set a FastCGI process's environment).  The
 * self-contained build's fontconfig would otherwise read the host's
 * /etc/fonts, or nothing.  Returns 0, or -1 after a message.
 */
static int
fonts_beside(const char *dir)
{
	char	*conf;

	if (getenv("FONTCONFIG_FILE") != NULL)
		return 0;
	if (asprintf(&conf, "%s/fonts/fonts.conf", dir) == -1) {
		warn("asprintf");
		return -1;
	}
	if (access(conf, R_OK) == 0 &&
	    setenv("FONTCONFIG_FILE", conf, 1) == -1) {
		warn("setenv FONTCONFIG_FILE");
		free(conf);
		return -1;
	}
	free(conf);
	return 0;
}

/*
 * An uploaded executable finds what no option names beside itself
 * (a shared host's .htaccess cannot give it a command line): content/
 * and labels/ in its own directory (/proc/self/exe's), and then the log
 * file perfil.log there, and the fonts in fonts/ (fonts_beside).  Not finding them keeps the built-in defaults.
 * Returns 0, or -1 after a message.
 */
static int
beside_exe(struct options *o)
{
	char	 exe[4096], *slash;
	ssize_t	 n;

	if ((n = readlink("/proc/self/exe", exe, sizeof(exe) - 1)) <= 0 ||
	    (size_t)n >= sizeof(exe) - 1)
		return 0;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		return 0;
	*slash = '\0';
	if (fonts_beside(exe) == -1)
		return -1;
	if (!o->content_given) {
		if (asprintf(&o->own[0], "%s/content", exe) == -1)
			goto oom;
		if (access(o->own[0], X_OK) == 0) {
			o->cfg.content_dir = o->own[0];
			if (o->cfg.log_file == NULL) {
				if (asprintf(&o->own[2], "%s/perfil.log",
				    exe) == -1)
					goto oom;
				o->cfg.log_file = o->own[2];
			}
		}
	}
	if (!o->labels_given) {
		if (asprintf(&o->own[1], "%s/labels", exe) == -1)
			goto oom;
		if (access(o->own[1], X_OK) == 0)
			o->cfg.labels_dir = o->own[1];
	}
	return 0;
oom:
	warn("asprintf");
	return -1;
}

/*
 * The content or label directory that directory dir is in (or is), or
 * NULL: none, or dir cannot be resolved (not writable anyway).
 */
static const char *
beneath_content(const struct options *o, const char *dir)
{
	char	 real[PATH_MAX], in[PATH_MAX];
	const char *dirs[2] = { o->cfg.content_dir, o->cfg.labels_dir };
	size_t	 n;
	int	 i;

	if (realpath(dir, real) == NULL)
		return NULL;
	for (i = 0; i < 2; i++) {
		if (realpath(dirs[i], in) == NULL)
			continue;
		n = strlen(in);
		if (strncmp(real, in, n) == 0 && (real[n] == '/' ||
		    real[n] == '\0'))
			return dirs[i];
	}
	return NULL;
}

/*
 * Refuses a log file (with reloads on) or a cache directory beneath the
 * content or label directory: each line or cache file written would
 * change the content's fingerprint and reload it.  Returns 0, or -1
 * after a message.
 */
static int
check_written_paths(const struct options *o)
{
	char	 dir[4096], *slash;
	const char *in;

	if (o->cfg.log_file != NULL && o->cfg.reload_ms != 0) {
		snprintf(dir, sizeof(dir), "%s", o->cfg.log_file);
		if ((slash = strrchr(dir, '/')) == NULL)
			snprintf(dir, sizeof(dir), ".");
		else if (slash == dir)
			dir[1] = '\0';
		else
			*slash = '\0';
		if ((in = beneath_content(o, dir)) != NULL) {
			warnx("--log-file %s is inside %s: each line would "
			    "reload the content", o->cfg.log_file, in);
			return -1;
		}
	}
	if (o->cfg.cache_dir != NULL &&
	    (in = beneath_content(o, o->cfg.cache_dir)) != NULL) {
		warnx("--cache-dir %s is inside %s: each load's cache file "
		    "would change the content", o->cfg.cache_dir, in);
		return -1;
	}
	return 0;
}

/*
 * Parses the command line into o.  Returns 1 to go on, or 0 to exit
 * with *status: 0 after --help or --version, 2 after a usage error
 * (with a message).
 */
int
options_parse(struct options *o, int argc, char *argv[], int *status)
{
	static const struct option opts[] = {
		{ "socket", required_argument, NULL, 's' },
		{ "content", required_argument, NULL, 'c' },
		{ "base-url", required_argument, NULL, 'b' },
		{ "labels", required_argument, NULL, 'L' },
		{ "workers", required_argument, NULL, 'w' },
		{ "threads", required_argument, NULL, 't' },
		{ "user", required_argument, NULL, 'u' },
		{ "socket-mode", required_argument, NULL, 'm' },
		{ "socket-group", required_argument, NULL, 'g' },
		{ "pid-file", required_argument, NULL, 'p' },
		{ "check", no_argument, NULL, 'C' },
		{ "strict", no_argument, NULL, 'S' },
		{ "share", no_argument, NULL, 'A' },
		{ "init", required_argument, NULL, 'I' },
		{ "export", required_argument, NULL, 'E' },
		{ "from-resume", required_argument, NULL, 'R' },
		{ "from-linkedin", required_argument, NULL, 'K' },
		{ "languages", required_argument, NULL, 'l' },
		{ "add-bibtex", required_argument, NULL, 'B' },
		{ "from-bibtex", required_argument, NULL, 'X' },
		{ "dump-openapi", optional_argument, NULL, 'O' },
		{ "font-packages", no_argument, NULL, 'P' },
		{ "reload-check", required_argument, NULL, 'r' },
		{ "reload-timeout", required_argument, NULL, 'T' },
		{ "hang-timeout", required_argument, NULL, 'H' },
		{ "log-file", required_argument, NULL, 'F' },
		{ "cache-dir", required_argument, NULL, 'Z' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int	 ch;

	memset(o, 0, sizeof(*o));
	o->cfg.content_dir = PERFIL_CONTENT_DIR;
	o->cfg.base_url = PERFIL_BASE_URL;
	o->cfg.labels_dir = PERFIL_LABELS_DIR;
	o->sock_mode = 0660;
	o->cfg.reload_ms = 1000;
	o->cfg.reload_timeout_ms = 60000;
	o->cfg.hang_ms = 5000;
	*status = 2;
	while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (ch == 'V') {
			printf("perfil-fcgi %s (API %s)\n", PACKAGE_VERSION,
			    PERFIL_API_VERSION);
			*status = 0;
			return 0;
		}
		if (ch == 'h') {
			usage(stdout);
			*status = 0;
			return 0;
		}
		if (apply(o, ch, argc, argv) == -1)
			return 0;
	}
	if (optind != argc) {
		usage(stderr);
		return 0;
	}
	if (o->nfrom > 0 && o->mode != RUN_INIT) {
		warnx("--from-%s needs --init DIR", o->from[0].linkedin ?
		    "linkedin" : "resume");
		return 0;
	}
	if (o->mode == RUN_ADD_BIBTEX && !o->content_given) {
		/* it writes: never into the content found by default */
		warnx("--add-bibtex needs --content DIR");
		return 0;
	}
	if (o->from_bibtex && o->mode != RUN_INIT) {
		/* With --add-bibtex too: it would take that library's place. */
		warnx("--from-bibtex needs --init DIR");
		return 0;
	}
	if (o->share && (o->sock != NULL || o->pid_file != NULL ||
	    o->user != NULL)) {
		warnx("--share serves file descriptor 0 as its own user: not "
		    "with --socket, --pid-file or --user");
		return 0;
	}
	if (o->init_langs.n > 0 && o->mode != RUN_INIT) {
		warnx("--languages needs --init DIR");
		return 0;
	}
	if (check_base_url(o) == -1 ||
	    beside_exe(o) == -1)
		return 0;
	default_labels(o);
	if (check_written_paths(o) == -1)
		return 0;
	return 1;
}

/*
 * Fills the counts not given: one worker per CPU, at least two (a
 * worker that dies leaves another serving), with --socket; without it
 * the process manager (mod_fcgid, spawn-fcgi) decides how many run, and
 * a lone process serves one request at a time, as mod_fcgid sends them.
 */
void
options_defaults(struct options *o)
{
	long	 n;

	if (o->nworkers == 0) {
		n = o->sock != NULL ? sysconf(_SC_NPROCESSORS_ONLN) : 1;
		if (o->sock != NULL && n < 2)
			n = 2;
		o->nworkers = n < 1 ? 1 : n > MAX_WORKERS ? MAX_WORKERS :
		    (int)n;
	}
	if (o->nthreads == 0)
		o->nthreads = o->nworkers == 1 && o->sock == NULL ? 1 :
		    THREADS_DEFAULT;
}

void
options_free(struct options *o)
{
	int	 i;

	free(o->base);
	o->base = NULL;
	for (i = 0; i < 3; i++) {
		free(o->own[i]);
		o->own[i] = NULL;
	}
	for (i = 0; i < o->nfrom; i++)
		free((char *)(uintptr_t)o->from[i].lang);
	o->nfrom = 0;
}
