/*
 * check_options.c: the command line of perfil-fcgi (src/server/options.c,
 * issue 44), held to its manual, src/perfil-fcgi.8.  Each option with a
 * valid value sets its field; each refusal (an unknown option, a missing
 * argument, a number out of range or with trailing bytes, options that
 * do not go together, a log file or cache directory inside the content)
 * is status 2 with a message; an absent option keeps the manual's
 * default; --help and --version exit 0.  Before, the black-box suite
 * started the responder once per value (tests/blackbox/options.test.sh).
 *
 * options_parse writes its messages on standard error and --help and
 * --version on standard output: both are captured in temporary files
 * for the duration of a parse.  No case exits the process, so the suite
 * runs as well without fork (CK_FORK=no, under valgrind).
 */
#include "config.h"
#include "perfil_paths.h"

#include <sys/stat.h>

#include <check.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/openapi.h"
#include "server/options.h"

#define WORDS	24	/* at most, in a case's command line */

/* The temporary directory the paths "TMP/..." of the cases name. */
static char tmp[] = "/tmp/check_options.XXXXXX";

/* Its directories, created by setup, removed by teardown. */
static const char *const dirs[] = {
	"content", "content/media", "content2", "labels", "labels/sets",
};

/* One parse: the words it was given (options point into them), what
 * it returned and what it wrote. */
static struct run {
	char	 word[WORDS + 1][512];
	char	*argv[WORDS + 2];
	struct options o;
	int	 go, status;
	char	 out[8192], err[8192];
} r;

static void
setup(void)
{
	char	 path[PATH_MAX];
	size_t	 i;

	ck_assert_ptr_nonnull(mkdtemp(tmp));
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", tmp, dirs[i]);
		ck_assert_int_eq(mkdir(path, 0700), 0);
	}
}

static void
teardown(void)
{
	char	 path[PATH_MAX];
	size_t	 i;

	for (i = sizeof(dirs) / sizeof(dirs[0]); i > 0; i--) {
		snprintf(path, sizeof(path), "%s/%s", tmp, dirs[i - 1]);
		(void)rmdir(path);
	}
	(void)rmdir(tmp);
}

/* Copies s into buf with each "TMP/" replaced by the temporary
 * directory's path and a slash. */
static void
expand(const char *s, char *buf, size_t len)
{
	const char *p;
	size_t	 n = 0;

	buf[0] = '\0';
	while ((p = strstr(s, "TMP/")) != NULL) {
		n += snprintf(buf + n, n < len ? len - n : 0, "%.*s%s/",
		    (int)(p - s), s, tmp);
		s = p + 4;
	}
	snprintf(buf + n, n < len ? len - n : 0, "%s", s);
	ck_assert_uint_lt(n + strlen(s), len);
}

/* Points descriptor fd at a new temporary file; returns that file's
 * descriptor, and the old one in *saved. */
static int
capture_begin(int fd, int *saved)
{
	char	 path[PATH_MAX];
	int	 t;

	snprintf(path, sizeof(path), "%s/capture.XXXXXX", tmp);
	ck_assert_int_ge(t = mkstemp(path), 0);
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_ge(*saved = dup(fd), 0);
	ck_assert_int_ge(dup2(t, fd), 0);
	return t;
}

/* Gives fd back its old file and reads what the temporary one got. */
static void
capture_end(int fd, int saved, int t, char *buf, size_t len)
{
	ssize_t	 n;

	ck_assert_int_ge(dup2(saved, fd), 0);
	close(saved);
	ck_assert_int_eq(lseek(t, 0, SEEK_SET), 0);
	n = read(t, buf, len - 1);
	buf[n > 0 ? n : 0] = '\0';
	close(t);
}

/*
 * Parses the command line "perfil-fcgi WORDS..." (the list ending at
 * NULL, each "TMP/" expanded) into r.  getopt is reset first: glibc
 * starts over, its state included, when optind is 0.
 */
static void
parse(const char *const words[])
{
	int	 argc, out, err, saved_out, saved_err;

	memset(&r, 0, sizeof(r));
	snprintf(r.word[0], sizeof(r.word[0]), "perfil-fcgi");
	r.argv[0] = r.word[0];
	for (argc = 1; words[argc - 1] != NULL; argc++) {
		ck_assert_int_le(argc, WORDS);
		expand(words[argc - 1], r.word[argc], sizeof(r.word[argc]));
		r.argv[argc] = r.word[argc];
	}
	r.argv[argc] = NULL;
#ifdef __GLIBC__
	optind = 0;
#else
	optind = 1;
#endif
	fflush(stdout);
	fflush(stderr);
	out = capture_begin(STDOUT_FILENO, &saved_out);
	err = capture_begin(STDERR_FILENO, &saved_err);
	r.go = options_parse(&r.o, argc, r.argv, &r.status);
	fflush(stdout);
	fflush(stderr);
	capture_end(STDERR_FILENO, saved_err, err, r.err, sizeof(r.err));
	capture_end(STDOUT_FILENO, saved_out, out, r.out, sizeof(r.out));
}

/* The command line r was given, for a message. */
static const char *
cmdline(void)
{
	static char line[2048];
	size_t	 n = 0;
	int	 i;

	line[0] = '\0';
	for (i = 1; r.argv[i] != NULL && n < sizeof(line); i++)
		n += snprintf(line + n, sizeof(line) - n, "%s%s",
		    i > 1 ? " " : "", r.argv[i]);
	return line;
}

/* Asserts that got is the string s, "TMP/" expanded. */
#define ck_assert_path(got, s) do {					\
	char	 want_[PATH_MAX];					\
									\
	expand((s), want_, sizeof(want_));				\
	ck_assert_ptr_nonnull(got);					\
	ck_assert_str_eq((got), want_);					\
} while (0)

/*
 * Each option the manual documents, given a valid value: the field it
 * sets.  num and str (str2) are the value wanted, as the field says.
 */
enum set {
	F_SOCK, F_CONTENT, F_BASE, F_LABELS, F_WORKERS, F_THREADS,
	F_SHARE, F_USER, F_GROUP, F_SOCK_MODE, F_PID, F_RELOAD,
	F_RELOAD_TIMEOUT, F_HANG, F_LOG, F_CACHE, F_CHECK, F_STRICT,
	F_INIT, F_FROM, F_FROM_BIBTEX, F_ADD_BIBTEX, F_LANGS, F_EXPORT,
	F_DUMP, F_FONTS,
};

static const struct {
	const char *words[WORDS];
	enum set field;
	long	 num;
	const char *str, *str2;
} valid[] = {
	/* --socket: a unix socket's path (host:port is kept the same). */
	{ { "--socket", "/run/perfil/perfil.sock" }, F_SOCK, 0,
	    "/run/perfil/perfil.sock", NULL },
	{ { "--content", "TMP/content" }, F_CONTENT, 0, "TMP/content",
	    NULL },
	/* --base-url: kept, but for its trailing slashes. */
	{ { "--base-url", "https://example.org/~ana/" }, F_BASE, 0,
	    "https://example.org/~ana", NULL },
	{ { "--base-url", "http://[::1]:8080///" }, F_BASE, 0,
	    "http://[::1]:8080", NULL },
	{ { "--labels", "TMP/labels" }, F_LABELS, 0, "TMP/labels", NULL },
	/* --workers and --threads: 1 to 64; their parser's lower bound is
	 * tried once. */
	{ { "--workers", "1" }, F_WORKERS, 1, NULL, NULL },
	{ { "--workers", "64" }, F_WORKERS, 64, NULL, NULL },
	{ { "--threads", "64" }, F_THREADS, 64, NULL, NULL },
	{ { "--share" }, F_SHARE, 1, NULL, NULL },
	{ { "--user", "perfil" }, F_USER, 0, "perfil", NULL },
	{ { "--socket-group", "www-data" }, F_GROUP, 0, "www-data", NULL },
	/* --socket-mode: octal, its leading 0 optional. */
	{ { "--socket-mode", "777" }, F_SOCK_MODE, 0777, NULL, NULL },
	{ { "--pid-file", "/run/perfil/perfil.pid" }, F_PID, 0,
	    "/run/perfil/perfil.pid", NULL },
	/* The seconds of --reload-check (0 turns it off), --reload-timeout
	 * and --hang-timeout, kept in milliseconds. */
	{ { "--reload-check", "0" }, F_RELOAD, 0, NULL, NULL },
	{ { "--reload-check", "3600" }, F_RELOAD, 3600000, NULL, NULL },
	{ { "--reload-timeout", "3600" }, F_RELOAD_TIMEOUT, 3600000, NULL,
	    NULL },
	{ { "--hang-timeout", "600" }, F_HANG, 600000, NULL, NULL },
	/* Beside the content, not inside: content2 shares its prefix. */
	{ { "--content", "TMP/content", "--log-file",
	    "TMP/content2/perfil.log" }, F_LOG, 0, "TMP/content2/perfil.log",
	    NULL },
	/* With --reload-check 0 no line reloads: inside is allowed. */
	{ { "--content", "TMP/content", "--reload-check", "0", "--log-file",
	    "TMP/content/perfil.log" }, F_LOG, 0, "TMP/content/perfil.log",
	    NULL },
	{ { "--content", "TMP/content", "--cache-dir", "TMP/content2" },
	    F_CACHE, 0, "TMP/content2", NULL },
	{ { "--check" }, F_CHECK, 0, NULL, NULL },
	{ { "--strict" }, F_STRICT, 1, NULL, NULL },
	{ { "--init", "TMP/new" }, F_INIT, 0, "TMP/new", NULL },
	/* --from-resume and --from-linkedin [LANG=]FILE, with --init. */
	{ { "--init", "TMP/new", "--from-resume", "en-IN=resume.en.json" },
	    F_FROM, 0, "resume.en.json", "en-IN" },
	{ { "--init", "TMP/new", "--from-linkedin", "nb=data.zip" }, F_FROM,
	    1, "data.zip", "nb" },
	{ { "--init", "TMP/new", "--from-bibtex", "library.bib" },
	    F_FROM_BIBTEX, 0, "library.bib", NULL },
	{ { "--add-bibtex", "library.bib", "--content", "TMP/content" },
	    F_ADD_BIBTEX, 0, "library.bib", NULL },
	/* --languages: the default first, each in its canonical case. */
	{ { "--init", "TMP/new", "--languages", "hi,en-in" }, F_LANGS, 2,
	    "hi", "en-IN" },
	{ { "--export", "TMP/site" }, F_EXPORT, 0, "TMP/site", NULL },
	/* --dump-openapi: json by default, the format also the next word. */
	{ { "--dump-openapi" }, F_DUMP, OPENAPI_JSON, NULL, NULL },
	{ { "--dump-openapi=yaml" }, F_DUMP, OPENAPI_YAML, NULL, NULL },
	{ { "--dump-openapi", "yaml" }, F_DUMP, OPENAPI_YAML, NULL, NULL },
	{ { "--font-packages" }, F_FONTS, 0, NULL, NULL },
};

START_TEST(option_sets)
{
	const struct options *o = &r.o;
	long	 n = valid[_i].num;
	const char *s = valid[_i].str, *s2 = valid[_i].str2;

	parse(valid[_i].words);
	ck_assert_msg(r.go == 1, "%s refused: %s", cmdline(), r.err);
	ck_assert_str_eq(r.err, "");
	switch (valid[_i].field) {
	case F_SOCK:
		ck_assert_path(o->sock, s);
		break;
	case F_CONTENT:
		ck_assert_path(o->cfg.content_dir, s);
		ck_assert_int_eq(o->content_given, 1);
		break;
	case F_BASE:
		ck_assert_path(o->cfg.base_url, s);
		ck_assert_int_eq(o->cfg.base_given, 1);
		break;
	case F_LABELS:
		ck_assert_path(o->cfg.labels_dir, s);
		ck_assert_int_eq(o->labels_given, 1);
		break;
	case F_WORKERS:
		ck_assert_int_eq(o->nworkers, n);
		break;
	case F_THREADS:
		ck_assert_int_eq(o->nthreads, n);
		break;
	case F_SHARE:
		ck_assert_int_eq(o->share, n);
		break;
	case F_USER:
		ck_assert_path(o->user, s);
		break;
	case F_GROUP:
		ck_assert_path(o->group, s);
		break;
	case F_SOCK_MODE:
		ck_assert_int_eq(o->sock_mode, n);
		break;
	case F_PID:
		ck_assert_path(o->pid_file, s);
		break;
	case F_RELOAD:
		ck_assert_int_eq(o->cfg.reload_ms, n);
		break;
	case F_RELOAD_TIMEOUT:
		ck_assert_int_eq(o->cfg.reload_timeout_ms, n);
		break;
	case F_HANG:
		ck_assert_int_eq(o->cfg.hang_ms, n);
		break;
	case F_LOG:
		ck_assert_path(o->cfg.log_file, s);
		break;
	case F_CACHE:
		ck_assert_path(o->cfg.cache_dir, s);
		break;
	case F_CHECK:
		ck_assert_int_eq(o->mode, RUN_CHECK);
		break;
	case F_STRICT:
		ck_assert_int_eq(o->cfg.strict, n);
		ck_assert_int_eq(o->mode, RUN_SERVE);
		break;
	case F_INIT:
		ck_assert_int_eq(o->mode, RUN_INIT);
		ck_assert_path(o->init_dir, s);
		break;
	case F_FROM:
		ck_assert_int_eq(o->mode, RUN_INIT);
		ck_assert_int_eq(o->nfrom, 1);
		ck_assert_int_eq(o->from[0].linkedin, n);
		ck_assert_path(o->from[0].file, s);
		if (s2 == NULL)
			ck_assert_ptr_null(o->from[0].lang);
		else
			ck_assert_path(o->from[0].lang, s2);
		break;
	case F_FROM_BIBTEX:
		ck_assert_int_eq(o->mode, RUN_INIT);
		ck_assert_path(o->bibtex, s);
		break;
	case F_ADD_BIBTEX:
		ck_assert_int_eq(o->mode, RUN_ADD_BIBTEX);
		ck_assert_path(o->bibtex, s);
		break;
	case F_LANGS:
		ck_assert_int_eq(o->init_langs.n, n);
		ck_assert_str_eq(o->init_langs.code[0], s);
		ck_assert_str_eq(o->init_langs.code[n - 1], s2);
		break;
	case F_EXPORT:
		ck_assert_int_eq(o->mode, RUN_EXPORT);
		ck_assert_path(o->export_dir, s);
		ck_assert_int_eq(o->cfg.static_copy, 1);
		break;
	case F_DUMP:
		ck_assert_int_eq(o->mode, RUN_DUMP);
		ck_assert_int_eq(o->dump_format, n);
		break;
	case F_FONTS:
		ck_assert_int_eq(o->mode, RUN_FONTS);
		break;
	}
	options_free(&r.o);
}
END_TEST

/*
 * Usage errors: exit status 2 with a message (want, "TMP/" expanded),
 * for an unknown option or a bad value, and for what the manual allows
 * only with another option or never with it.
 */
static const struct {
	const char *words[WORDS];
	const char *want;
} refused[] = {
	/* getopt's own, naming the option; a word that is no option's. */
	{ { "--bogus" }, "--bogus" },
	{ { "--content" }, "'--content'" },
	{ { "stray" }, "usage: perfil-fcgi" },
	{ { "--dump-openapi", "xml" }, "usage: perfil-fcgi" },
	/* Numbers out of range or with bytes after the digits. */
	{ { "--workers", "0" }, "--workers must be 1 to 64" },
	{ { "--workers", "65" }, "--workers must be 1 to 64" },
	{ { "--workers", "2x" }, "--workers must be 1 to 64" },
	/* Digits only: no sign, no blank (strtol would take them). */
	{ { "--workers", "+4" }, "--workers must be 1 to 64" },
	{ { "--workers", " 4" }, "--workers must be 1 to 64" },
	{ { "--reload-check", "-0" },
	    "--reload-check must be 0 (off) to 3600 seconds" },
	{ { "--socket-mode", "+660" }, "--socket-mode must be octal" },
	{ { "--threads", "65" }, "--threads must be 1 to 64" },
	{ { "--reload-check", "-1" },
	    "--reload-check must be 0 (off) to 3600 seconds" },
	{ { "--reload-check", "3601" },
	    "--reload-check must be 0 (off) to 3600 seconds" },
	{ { "--reload-timeout", "3601" },
	    "--reload-timeout must be 1 to 3600" },
	{ { "--hang-timeout", "0" }, "--hang-timeout must be 1 to 600" },
	{ { "--hang-timeout", "601" }, "--hang-timeout must be 1 to 600" },
	/* --socket-mode: octal permissions, nothing more. */
	{ { "--socket-mode", "0668" }, "--socket-mode must be octal" },
	{ { "--socket-mode", "01000" }, "--socket-mode must be octal" },
	{ { "--dump-openapi=xml" }, "--dump-openapi takes json or yaml" },
	/* --base-url: absolute http(s) with a host, no user information
	 * or query (tests/check_url.c has the rule's other cases). */
	{ { "--base-url", "ftp://example.org" },
	    "--base-url: not an absolute" },
	{ { "--base-url", "https://ana@example.org" },
	    "--base-url: user information" },
	{ { "--base-url", "https://example.org/?lang=en" },
	    "--base-url: a query" },
	/* --share: not with --socket, --pid-file or --user. */
	{ { "--share", "--socket", "TMP/s.sock" }, "--share serves file "
	    "descriptor 0 as its own user: not with --socket" },
	{ { "--pid-file", "TMP/pid", "--share" }, "--share serves file "
	    "descriptor 0" },
	{ { "--share", "--user", "perfil" }, "--share serves file "
	    "descriptor 0" },
	/* What takes --init, or --content. */
	{ { "--from-resume", "resume.json" }, "--from-resume needs --init" },
	{ { "--from-bibtex", "library.bib" }, "--from-bibtex needs --init" },
	{ { "--languages", "en" }, "--languages needs --init DIR" },
	{ { "--add-bibtex", "library.bib" }, "--add-bibtex needs --content" },
	{ { "--add-bibtex", "a.bib", "--content", "TMP/content",
	    "--from-bibtex", "b.bib" }, "--from-bibtex needs --init" },
	{ { "--init", "TMP/new", "--from-resume", "ja=" },
	    "--from-resume: no file" },
	/* --languages: tags ICU knows, each once. */
	{ { "--init", "TMP/new", "--languages", "en,en" },
	    "--languages \"en,en\"" },
	/* One thing to do at a time: the manual's forms. */
	{ { "--check", "--export", "TMP/site" }, "not with --check" },
	{ { "--add-bibtex", "a.bib", "--content", "TMP/content", "--check" },
	    "--check: not with --add-bibtex" },
	/* A cache directory inside the content or the label sets, or the
	 * directory itself. */
	{ { "--content", "TMP/content", "--cache-dir", "TMP/content" },
	    "--cache-dir TMP/content is inside TMP/content" },
	{ { "--content", "TMP/content", "--cache-dir", "TMP/content/media" },
	    "--cache-dir TMP/content/media is inside TMP/content" },
	{ { "--labels", "TMP/labels", "--cache-dir", "TMP/labels/sets" },
	    "--cache-dir TMP/labels/sets is inside TMP/labels" },
	/* A log file there, with --reload-check on. */
	{ { "--content", "TMP/content", "--log-file", "TMP/content/p.log" },
	    "--log-file TMP/content/p.log is inside TMP/content: each line "
	    "would reload the content" },
	{ { "--content", "TMP/content", "--reload-check", "5", "--log-file",
	    "TMP/content/media/p.log" },
	    "--log-file TMP/content/media/p.log is inside TMP/content" },
	{ { "--labels", "TMP/labels", "--log-file", "TMP/labels/p.log" },
	    "--log-file TMP/labels/p.log is inside TMP/labels" },
};

START_TEST(option_refused)
{
	char	 want[PATH_MAX];

	parse(refused[_i].words);
	expand(refused[_i].want, want, sizeof(want));
	ck_assert_msg(r.go == 0, "%s accepted", cmdline());
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, want) != NULL,
	    "%s: standard error \"%s\" does not say \"%s\"", cmdline(),
	    r.err, want);
	ck_assert_str_eq(r.out, "");
	options_free(&r.o);
}
END_TEST

/* --base-url: at most 200 bytes. */
START_TEST(base_url_length)
{
	char	 url[202];
	const char *words[] = { "--base-url", url, NULL };

	memset(url, 'a', sizeof(url));
	memcpy(url, "https://example.org/", 20);
	url[200 + _i] = '\0';
	parse(words);
	if (_i == 0) {
		ck_assert_int_eq(r.go, 1);
		ck_assert_uint_eq(strlen(r.o.cfg.base_url), 200);
	} else {
		ck_assert_int_eq(r.go, 0);
		ck_assert_int_eq(r.status, 2);
		ck_assert_ptr_nonnull(strstr(r.err,
		    "--base-url: a URI of more than 200 bytes"));
	}
	options_free(&r.o);
}
END_TEST

/* --from-resume repeated: eight files in all with --from-linkedin; a
 * ninth is refused. */
START_TEST(from_many)
{
	static const char *words[] = {
		"--init", "TMP/new", "--from-linkedin", "en=0.zip",
		"--from-resume", "es=1.json", "--from-resume", "fr=2.json",
		"--from-resume", "de=3.json", "--from-resume", "it=4.json",
		"--from-resume", "pt=5.json", "--from-resume", "nl=6.json",
		"--from-resume", "sv=7.json", "--from-resume", "nb=8.json",
		NULL
	};
	const char *nine;

	nine = words[18];
	words[18] = NULL;
	parse(words);
	ck_assert_int_eq(r.go, 1);
	ck_assert_int_eq(r.o.nfrom, 8);
	ck_assert_int_eq(r.o.from[0].linkedin, 1);
	ck_assert_str_eq(r.o.from[7].lang, "sv");
	ck_assert_str_eq(r.o.from[7].file, "7.json");
	options_free(&r.o);
	words[18] = nine;
	parse(words);
	ck_assert_int_eq(r.go, 0);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "at most 8"));
	options_free(&r.o);
}
END_TEST

/* A log file named without a directory is in the working directory:
 * refused there too when that is the content. */
START_TEST(log_file_relative)
{
	static const char *const words[] = {
		"--content", "TMP/content", "--log-file", "perfil.log", NULL
	};
	char	 content[PATH_MAX];
	int	 here;

	ck_assert_int_ge(here = open(".", O_RDONLY | O_DIRECTORY), 0);
	snprintf(content, sizeof(content), "%s/content", tmp);
	ck_assert_int_eq(chdir(content), 0);
	parse(words);
	ck_assert_int_eq(fchdir(here), 0);
	close(here);
	ck_assert_int_eq(r.go, 0);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "--log-file perfil.log is "
	    "inside"));
	options_free(&r.o);
}
END_TEST

/*
 * Without options: the manual's defaults.  The content is the installed
 * demo's (no content/ beside this program) and so no log file; the
 * label sets are the installed ones, else the source tree's.
 */
START_TEST(defaults)
{
	static const char *const none[] = { NULL };
	const struct options *o = &r.o;

	parse(none);
	ck_assert_int_eq(r.go, 1);
	ck_assert_str_eq(r.err, "");
	ck_assert_int_eq(o->mode, RUN_SERVE);
	ck_assert_ptr_null(o->sock);
	ck_assert_str_eq(o->cfg.content_dir, PERFIL_CONTENT_DIR);
	ck_assert_int_eq(o->content_given, 0);
	ck_assert_str_eq(o->cfg.base_url, PERFIL_BASE_URL);
	ck_assert_int_eq(o->cfg.base_given, 0);
	ck_assert_str_eq(o->cfg.labels_dir, access(PERFIL_LABELS_DIR,
	    R_OK) == 0 ? PERFIL_LABELS_DIR : PERFIL_SRC_LABELS_DIR);
	ck_assert_int_eq(o->labels_given, 0);
	ck_assert_int_eq(o->cfg.reload_ms, 1000);
	ck_assert_int_eq(o->cfg.reload_timeout_ms, 60000);
	ck_assert_int_eq(o->cfg.hang_ms, 5000);
	ck_assert_int_eq(o->sock_mode, 0660);
	ck_assert_ptr_null(o->cfg.log_file);
	ck_assert_ptr_null(o->cfg.cache_dir);
	ck_assert_int_eq(o->cfg.strict, 0);
	ck_assert_int_eq(o->cfg.static_copy, 0);
	ck_assert_int_eq(o->share, 0);
	ck_assert_ptr_null(o->user);
	ck_assert_ptr_null(o->group);
	ck_assert_ptr_null(o->pid_file);
	ck_assert_ptr_null(o->bibtex);
	ck_assert_int_eq(o->nfrom, 0);
	ck_assert_int_eq(o->init_langs.n, 0);
	options_free(&r.o);
}
END_TEST

/*
 * options_defaults: --workers one per CPU, at least 2, with --socket,
 * else 1; --threads 16 with a supervisor (--socket, or more than one
 * worker), else 1.  Given counts are kept.  A workers of -1 is "one
 * per CPU, at least 2".
 */
static const struct {
	const char *words[WORDS];
	int	 workers, threads;
} counts[] = {
	{ { NULL }, 1, 1 },
	{ { "--socket", "TMP/s.sock" }, -1, 16 },
	{ { "--socket", "TMP/s.sock", "--workers", "1" }, 1, 16 },
	{ { "--workers", "3" }, 3, 16 },
	{ { "--threads", "5" }, 1, 5 },
};

START_TEST(default_counts)
{
	long	 cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int	 want = counts[_i].workers;

	if (want == -1)
		want = cpus < 2 ? 2 : cpus > MAX_WORKERS ? MAX_WORKERS :
		    (int)cpus;
	parse(counts[_i].words);
	ck_assert_int_eq(r.go, 1);
	options_defaults(&r.o);
	ck_assert_int_eq(r.o.nworkers, want);
	ck_assert_int_eq(r.o.nthreads, counts[_i].threads);
	options_free(&r.o);
}
END_TEST

/* --help: the summary on standard output, status 0; --version: the
 * program's and the API's versions. */
START_TEST(help_version)
{
	static const char *const help[] = { "--workers", "2", "--help", NULL };
	static const char *const version[] = { "--version", NULL };
	char	 want[128];

	parse(help);
	ck_assert_int_eq(r.go, 0);
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "usage: perfil-fcgi"));
	ck_assert_ptr_nonnull(strstr(r.out, "--cache-dir DIR"));
	ck_assert_str_eq(r.err, "");
	options_free(&r.o);
	parse(version);
	ck_assert_int_eq(r.go, 0);
	ck_assert_int_eq(r.status, 0);
	snprintf(want, sizeof(want), "perfil-fcgi %s (API %s)\n",
	    PACKAGE_VERSION, PERFIL_API_VERSION);
	ck_assert_str_eq(r.out, want);
	ck_assert_str_eq(r.err, "");
	options_free(&r.o);
}
END_TEST

static Suite *
options_suite(void)
{
	Suite	*s = suite_create("options");
	TCase	*tc = tcase_create("options_parse");

	tcase_add_unchecked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, option_sets, 0,
	    (int)(sizeof(valid) / sizeof(valid[0])));
	tcase_add_loop_test(tc, option_refused, 0,
	    (int)(sizeof(refused) / sizeof(refused[0])));
	tcase_add_loop_test(tc, base_url_length, 0, 2);
	tcase_add_test(tc, from_many);
	tcase_add_test(tc, log_file_relative);
	tcase_add_test(tc, defaults);
	tcase_add_loop_test(tc, default_counts, 0,
	    (int)(sizeof(counts) / sizeof(counts[0])));
	tcase_add_test(tc, help_version);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(options_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
