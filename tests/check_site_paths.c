/*
 * check_site_paths.c: the site's path table (src/site/site_paths.c,
 * issue 44) held to docs/site.md, docs/languages.md and content/
 * README.md: every page in the default language at "/PATH", in the
 * others under "/PREFIX/" (the tag in lower case), its markdown twin at
 * PATH.md ("/index.md" for the home page); the owner's pages of
 * content/pages/ after the contact page, in site.json's order; which
 * language a request's path is in; the names an owner's page may not
 * take; the title of a page's markdown.  Two sites: the demo (es, en,
 * the pages privacy and lab) and a copy of tests/fixtures/regional_br
 * with a third language, ca-ES-valencia (a tag of 14 characters: its
 * pages' paths outgrew the table's 56 bytes), and two pages of the
 * owner's, one with a name of the longest length.  Before these cases,
 * that page was at the default language's path in Valencian, an
 * owner's page could be called "agents" (its twin /agents.md never
 * served) or "home", and a title kept a CRLF's '\r'.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "site/markdown.h"
#include "site/site_paths.h"
#include "testenv.h"

/* The longest page name (OWNER_NAME_MAX characters). */
#define LONG_NAME	"a123456789b123456789c123456789d123456789"
#define VALENCIAN	"ca-ES-valencia"

static char regdir[256];
static struct config reg_cfg = { .base_url = TEST_BASE,
    .labels_dir = TEST_LABELS_DIR };
static struct app reg_app;

static void
write_file(const char *name, const char *text)
{
	char	 path[512];
	FILE	*f;

	snprintf(path, sizeof(path), "%s/%s", regdir, name);
	if ((f = fopen(path, "wb")) == NULL || fputs(text, f) == EOF ||
	    fclose(f) == EOF) {
		perror(path);
		abort();
	}
}

/*
 * The demo (testenv.h) and the regional site: regional_br (pt-BR, the
 * default, and en), every text given in ca-ES-valencia too, a page
 * "talks" titled by site.json and the long one titled by its files
 * (the Valencian one with CRLF line ends, as an editor on Windows
 * writes them).
 */
static void
setup(void)
{
	char	 cmd[1400], err[2048];

	testenv_setup();
	snprintf(regdir, sizeof(regdir), "/tmp/perfil-site-paths-XXXXXX");
	if (mkdtemp(regdir) == NULL) {
		perror("mkdtemp");
		abort();
	}
	snprintf(cmd, sizeof(cmd), "cp -r '%s/regional_br'/. '%s'/ && "
	    "cd '%s' && mkdir pages && for f in *.json; do jq "
	    "'walk(if type == \"object\" and keys == [\"en\", \"pt-BR\"] "
	    "then . + {\"" VALENCIAN "\": .en} else . end)' \"$f\" >\"$f.t\" "
	    "&& mv \"$f.t\" \"$f\" || exit 1; done && jq '.languages += "
	    "[\"" VALENCIAN "\"] | .pages = {talks: {order: 5, title: "
	    "{\"pt-BR\": \"Palestras\", en: \"Talks\", \"" VALENCIAN "\": "
	    "\"Xerrades\"}}}' site.json >site.json.t && mv site.json.t "
	    "site.json", TEST_FIXTURES_DIR, regdir, regdir);
	if (system(cmd) != 0) {
		fprintf(stderr, "regional site: %s: failed\n", cmd);
		abort();
	}
	write_file("pages/talks.pt-BR.md", "# Conversas\n\nTexto.\n");
	write_file("pages/talks.en.md", "# Conversations\n\nText.\n");
	write_file("pages/talks." VALENCIAN ".md", "# Converses\n\nText.\n");
	write_file("pages/" LONG_NAME ".pt-BR.md", "# Longo\n\nTexto.\n");
	write_file("pages/" LONG_NAME ".en.md", "# Long\n\nText.\n");
	write_file("pages/" LONG_NAME "." VALENCIAN ".md",
	    "# Llarg\r\n\r\nText.\r\n");
	reg_cfg.content_dir = regdir;
	if (app_load(&reg_app, &reg_cfg, err, sizeof(err)) == -1) {
		fprintf(stderr, "regional site: %s\n", err);
		abort();
	}
}

static void
teardown(void)
{
	char	 cmd[300];

	app_free(&reg_app);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", regdir);
	if (system(cmd) != 0)
		fprintf(stderr, "%s: failed\n", cmd);
	testenv_teardown();
}

/* A site of four tags, two of one language, for site_path_lang: it
 * reads the languages only. */
static struct langs four;
static struct app four_app = { .langs = &four };

static void
four_setup(void)
{
	four.n = 4;
	lang_set(&four, 0, "es");
	lang_set(&four, 1, "en");
	lang_set(&four, 2, "en-IN");
	lang_set(&four, 3, "zh-Hant-TW");
}

enum fixture { DEMO, REGIONAL, FOUR };

static const struct app *
site_app(enum fixture s)
{
	return s == DEMO ? &test_app : s == REGIONAL ? &reg_app : &four_app;
}

/* The language of tag code on site a; the test fails without it. */
static enum lang
lang_of(const struct app *a, const char *code)
{
	int	 l = lang_find(a->langs, code, strlen(code));

	ck_assert_msg(l != -1, "no language %s", code);
	return (enum lang)l;
}

/* The page called name: a made page's or an owner's. */
static int
page_of(const struct app *a, const char *name)
{
	int	 pg;

	if ((pg = site_page_find(name)) == -1)
		pg = site_owner_find(a, name);
	ck_assert_msg(pg != -1, "no page %s", name);
	return pg;
}

/*
 * The paths of the pages (docs/site.md, "Pages"; docs/languages.md,
 * "What follows the setting"): "/about" and "/en/about", the home "/"
 * and "/en/", the twins "/about.md" and "/index.md", the prefix the
 * tag in lower case, the owner's pages as the made ones.
 */
static const struct {
	enum fixture site;
	const char *page, *lang, *path, *md;
} paths[] = {
	{ DEMO, "home", "es", "/", "/index.md" },
	{ DEMO, "home", "en", "/en/", "/en/index.md" },
	{ DEMO, "about", "es", "/about", "/about.md" },
	{ DEMO, "about", "en", "/en/about", "/en/about.md" },
	{ DEMO, "privacy", "es", "/privacy", "/privacy.md" },
	{ DEMO, "lab", "en", "/en/lab", "/en/lab.md" },
	{ REGIONAL, "home", "pt-BR", "/", "/index.md" },
	{ REGIONAL, "home", VALENCIAN, "/ca-es-valencia/",
	    "/ca-es-valencia/index.md" },
	{ REGIONAL, "talks", "pt-BR", "/talks", "/talks.md" },
	{ REGIONAL, "talks", VALENCIAN, "/ca-es-valencia/talks",
	    "/ca-es-valencia/talks.md" },
	{ REGIONAL, LONG_NAME, "en", "/en/" LONG_NAME, "/en/" LONG_NAME
	    ".md" },
	{ REGIONAL, LONG_NAME, VALENCIAN, "/ca-es-valencia/" LONG_NAME,
	    "/ca-es-valencia/" LONG_NAME ".md" }
};

START_TEST(page_paths)
{
	const struct app *a = site_app(paths[_i].site);
	enum lang l = lang_of(a, paths[_i].lang);
	int	 pg = page_of(a, paths[_i].page);

	ck_assert_str_eq(site_page_path(a, pg, l), paths[_i].path);
	ck_assert_str_eq(site_page_md_path(a, pg, l), paths[_i].md);
}
END_TEST

/*
 * The language of a request's path (decoded, as nginx and req_parse
 * give it): "/PREFIX/..." and "/PREFIX" of a language other than the
 * default, exactly its lower-case prefix; rest the path after the
 * prefix, the whole path for "/PREFIX" without its slash and for the
 * default language.
 */
static const struct {
	enum fixture site;
	const char *path, *lang;
	const char *rest;		/* NULL: the whole path */
} langs[] = {
	{ DEMO, "/", "es", NULL },
	{ DEMO, "/en/about", "en", "/about" },
	{ DEMO, "/en/", "en", "/" },
	{ DEMO, "/en", "en", NULL },
	{ DEMO, "/ENX", "es", NULL },
	{ DEMO, "/EN/about", "es", NULL },
	{ DEMO, "/es/about", "es", NULL },
	{ DEMO, "//en/about", "es", NULL },
	{ DEMO, "/en//about", "en", "//about" },
	{ DEMO, "/%65n/about", "es", NULL },
	{ DEMO, "/en/../about", "en", "/../about" },
	{ DEMO, "", "es", NULL },
	{ REGIONAL, "/ca-es-valencia/talks", VALENCIAN, "/talks" },
	{ REGIONAL, "/ca-ES-valencia/talks", "pt-BR", NULL },
	{ REGIONAL, "/pt-br/talks", "pt-BR", NULL },
	{ FOUR, "/en-in/cv", "en-IN", "/cv" },
	{ FOUR, "/en/cv", "en", "/cv" },
	{ FOUR, "/en-IN/cv", "es", NULL },
	{ FOUR, "/zh-hant-tw", "zh-Hant-TW", NULL },
	{ FOUR, "/zh-hant/", "es", NULL }
};

START_TEST(path_language)
{
	const struct app *a = site_app(langs[_i].site);
	const char *rest = "unset";

	ck_assert_int_eq(site_path_lang(a, langs[_i].path, &rest),
	    lang_of(a, langs[_i].lang));
	if (langs[_i].rest == NULL)
		ck_assert_ptr_eq(rest, langs[_i].path);
	else
		ck_assert_str_eq(rest, langs[_i].rest);
	ck_assert_int_eq(site_path_lang(a, langs[_i].path, NULL),
	    lang_of(a, langs[_i].lang));
}
END_TEST

/* A path of 8,000 bytes, with and without a prefix: read, not cut. */
START_TEST(path_language_long)
{
	static char p[8192];
	const char *rest;

	memset(p, 'e', sizeof(p) - 1);
	p[0] = '/';
	ck_assert_int_eq(site_path_lang(&test_app, p, &rest),
	    lang_of(&test_app, "es"));
	ck_assert_ptr_eq(rest, p);
	memcpy(p, "/en/", 4);
	ck_assert_int_eq(site_path_lang(&test_app, p, &rest),
	    lang_of(&test_app, "en"));
	ck_assert_ptr_eq(rest, p + 3);
	ck_assert_uint_eq(strlen(rest), sizeof(p) - 1 - 3);
}
END_TEST

/*
 * The route table serves exactly the paths it lists, in the default
 * language: pages, documents, the API; not another language's (the
 * prefix is read first), a twin (pages_match_md), an owner's page (the
 * one "/{name}" row) or any other spelling.
 */
START_TEST(route_table_paths)
{
	static const char *served[] = { "/", "/about", "/cv", "/projects",
	    "/contact", "/developers", "/llms.txt", "/agents.md",
	    "/resume.json", "/contact.vcf", "/cv.txt", "/sitemap.xml",
	    "/robots.txt", "/openapi.json", "/api/openapi.json",
	    "/api/openapi.yaml", "/api/v1/profile", "/api/v1/health",
	    "/.well-known/api-catalog", "/mcp", "/icon.svg" };
	static const char *not_served[] = { "", "/en/llms.txt", "/en/",
	    "/about/", "/About", "/about.md", "/index.md", "/privacy",
	    "/projects/celosia", "/api/v1/profile/", "/llms.txt?x=1",
	    "llms.txt", "/api/v1" };
	size_t	 i;

	for (i = 0; i < sizeof(served) / sizeof(served[0]); i++)
		ck_assert_msg(site_has_route(served[i]), "%s", served[i]);
	for (i = 0; i < sizeof(not_served) / sizeof(not_served[0]); i++)
		ck_assert_msg(!site_has_route(not_served[i]), "%s",
		    not_served[i]);
}
END_TEST

/* The owner's pages by name: exactly the files' names. */
START_TEST(owner_pages_by_name)
{
	static const char *none[] = { "", "Privacy", "privacy.md", "priv",
	    "privacyx", "about", "home", "/privacy", "talks" };
	int	 pg;
	size_t	 i;

	pg = site_owner_find(&test_app, "privacy");
	ck_assert_int_ge(pg, SITE_PAGE__MAX);
	ck_assert_str_eq(test_app.model->owner[pg - SITE_PAGE__MAX].name,
	    "privacy");
	pg = site_owner_find(&test_app, "lab");
	ck_assert_int_ge(pg, SITE_PAGE__MAX);
	ck_assert_str_eq(test_app.model->owner[pg - SITE_PAGE__MAX].name,
	    "lab");
	for (i = 0; i < sizeof(none) / sizeof(none[0]); i++)
		ck_assert_msg(site_owner_find(&test_app, none[i]) == -1,
		    "\"%s\"", none[i]);
	ck_assert_int_ge(site_owner_find(&reg_app, LONG_NAME),
	    SITE_PAGE__MAX);
}
END_TEST

/* Every made page and each owner's page this load has; no other
 * number (an earlier load's page beyond them). */
START_TEST(pages_published)
{
	int	 n = test_app.model->nowner;

	ck_assert_int_eq(n, 2);
	ck_assert(site_page_published(&test_app, SITE_HOME));
	ck_assert(site_page_published(&test_app, SITE_PAGE__MAX - 1));
	ck_assert(site_page_published(&test_app, SITE_PAGE__MAX));
	ck_assert(site_page_published(&test_app, SITE_PAGE__MAX + n - 1));
	ck_assert(!site_page_published(&test_app, SITE_PAGE__MAX + n));
	ck_assert(!site_page_published(&test_app, PAGE__MAX - 1));
	ck_assert(!site_page_published(&test_app, -1));
	ck_assert(site_page_published(&reg_app, SITE_PAGE__MAX + 1));
	ck_assert(!site_page_published(&reg_app, SITE_PAGE__MAX + 2));
}
END_TEST

/*
 * The order of every list of pages (page_list.h): the made pages, the
 * owner's after the contact page in site.json's order (default 0),
 * then the developers' page.
 */
START_TEST(pages_in_order)
{
	static const char *demo[] = { "home", "about", "cv", "projects",
	    "contact", "privacy", "lab", "developers" };
	static const char *reg[] = { "home", "about", "cv", "projects",
	    "contact", LONG_NAME, "talks", "developers" };
	int	 i;

	ck_assert_int_eq(test_app.paths->n, 8);
	for (i = 0; i < 8; i++)
		ck_assert_int_eq(test_app.paths->order[i],
		    page_of(&test_app, demo[i]));
	ck_assert_int_eq(reg_app.paths->n, 8);
	for (i = 0; i < 8; i++)
		ck_assert_int_eq(reg_app.paths->order[i],
		    page_of(&reg_app, reg[i]));
}
END_TEST

/*
 * Labels and summaries: a made page's from the label set of its
 * language (pt-BR reads pt.json, ca-ES-valencia ca.json); an owner's
 * page's from site.json's title, else its file's "# " line; its
 * summary site.json's description, else its title.
 */
static const struct {
	enum fixture site;
	const char *page, *lang, *label, *summary;
} texts[] = {
	{ DEMO, "about", "es", "Sobre mí", NULL },
	{ DEMO, "privacy", "es", "Privacidad",
	    "sin cookies ni seguimiento; qué registra el servidor" },
	{ REGIONAL, "about", "pt-BR", "Sobre", NULL },
	{ REGIONAL, "about", VALENCIAN, "Sobre mi", NULL },
	{ REGIONAL, "talks", VALENCIAN, "Xerrades", "Xerrades" },
	{ REGIONAL, LONG_NAME, VALENCIAN, "Llarg", "Llarg" }
};

START_TEST(page_texts)
{
	const struct app *a = site_app(texts[_i].site);
	enum lang l = lang_of(a, texts[_i].lang);
	int	 pg = page_of(a, texts[_i].page);

	ck_assert_str_eq(site_page_label(a, pg, l), texts[_i].label);
	if (texts[_i].summary != NULL)
		ck_assert_str_eq(site_page_summary(a, pg, l),
		    texts[_i].summary);
}
END_TEST

/*
 * The names an owner's page may not take (content/README.md, "NAME"):
 * a page of the site's own, the first part of a route, "index" (the
 * home's twin), a language of the site; and none whose twin PATH.md
 * is a document of the site's.  Others are free, however close.
 */
START_TEST(owner_names_taken)
{
	static const struct {
		enum fixture site;
		const char *name;
	} taken[] = {
		{ DEMO, "home" }, { DEMO, "about" }, { DEMO, "cv" },
		{ DEMO, "projects" }, { DEMO, "contact" },
		{ DEMO, "developers" }, { DEMO, "api" }, { DEMO, "resume" },
		{ DEMO, "media" }, { DEMO, "mcp" }, { DEMO, "index" },
		{ DEMO, "es" }, { DEMO, "en" }, { DEMO, "agents" },
		{ REGIONAL, "pt-br" }, { REGIONAL, "ca-es-valencia" }
	};
	static const struct {
		enum fixture site;
		const char *name;
	} free_names[] = {
		{ DEMO, "robots" }, { DEMO, "llms" }, { DEMO, "sitemap" },
		{ DEMO, "apis" }, { DEMO, "cvs" }, { DEMO, "en-gb" },
		{ DEMO, "indexes" }, { REGIONAL, "ca-es" },
		{ REGIONAL, "pt" }, { REGIONAL, "es" }
	};
	struct app *a;
	struct site_paths *sp;
	char	 saved[OWNER_NAME_MAX + 1], err[1024], want[128];
	size_t	 i;

	for (i = 0; i < sizeof(taken) / sizeof(taken[0]); i++) {
		a = (struct app *)site_app(taken[i].site);
		memcpy(saved, a->model->owner[0].name, sizeof(saved));
		snprintf(a->model->owner[0].name, sizeof(saved), "%s",
		    taken[i].name);
		err[0] = '\0';
		sp = site_paths_build(a, err, sizeof(err));
		memcpy(a->model->owner[0].name, saved, sizeof(saved));
		site_paths_free(sp);
		snprintf(want, sizeof(want), "the page name \"%s\" is taken",
		    taken[i].name);
		ck_assert_msg(sp == NULL && strstr(err, want) != NULL,
		    "%s: want \"%s\", got \"%s\"", taken[i].name, want, err);
	}
	for (i = 0; i < sizeof(free_names) / sizeof(free_names[0]); i++) {
		a = (struct app *)site_app(free_names[i].site);
		memcpy(saved, a->model->owner[0].name, sizeof(saved));
		snprintf(a->model->owner[0].name, sizeof(saved), "%s",
		    free_names[i].name);
		err[0] = '\0';
		sp = site_paths_build(a, err, sizeof(err));
		memcpy(a->model->owner[0].name, saved, sizeof(saved));
		ck_assert_msg(sp != NULL, "%s: %s", free_names[i].name, err);
		site_paths_free(sp);
	}
}
END_TEST

/*
 * A language whose prefix is a route's first segment is refused, with
 * site.json, the language and a way out: Chuvash ("cv") beside Spanish
 * would have "/cv/industry" be both a page in Chuvash and a variant of
 * the CV.  The check comes before anything else is read.
 */
START_TEST(lang_prefix_taken)
{
	static struct langs cvl;
	static struct config cfg = { .content_dir = "/c" };
	struct app a = { .langs = &cvl, .cfg = &cfg };
	char	 err[1024] = "";

	cvl.n = 2;
	lang_set(&cvl, 0, "es");
	lang_set(&cvl, 1, "cv");
	ck_assert_ptr_null(site_paths_build(&a, err, sizeof(err)));
	ck_assert_msg(strstr(err, "/c/site.json: languages: \"cv\" cannot "
	    "have its pages under /cv/: /cv is a route") != NULL &&
	    strstr(err, "(\"cv-XX\")") != NULL, "got \"%s\"", err);
}
END_TEST

/*
 * The title of a page's markdown: the content of its first line
 * starting with "# " (content/README.md, "Title"), as CommonMark reads
 * an ATX heading (4.2): its line end (LF, CRLF), the spaces around it
 * and a closing sequence of "#" are not its text; a backslash escapes
 * ASCII punctuation only.
 */
static const struct {
	const char *md, *want;
} titles[] = {
	{ "# Title\n\ntext\n", "Title" },
	{ "## Sub\n# Main\n", "Main" },
	{ "#Title\n# Real\n", "Real" },
	{ "no heading\n## Sub\n", "" },
	{ "", "" },
	{ "# C\\+\\+ \\*x\\* \\\\ \\[y\\]", "C++ *x* \\ [y]" },
	{ "# a\\b", "a\\b" },
	{ "# Title\r\nbody\r\n", "Title" },
	{ "#   Title  \n", "Title" },
	{ "# Title ##\n", "Title" },
	{ "# Title \\#\n", "Title #" },
	{ "# C#\n", "C#" }
};

START_TEST(markdown_title)
{
	struct buf b;

	buf_init(&b);
	site_md_title(&b, titles[_i].md);
	ck_assert_str_eq(buf_cstr(&b), titles[_i].want);
	buf_free(&b);
}
END_TEST

/* A title md_text wrote ("# " and a name) reads back as the name: the
 * <title> of the pages markdown.c and cv.c write. */
START_TEST(markdown_title_of_md_text)
{
	static const char *names[] = { "Ana *B* [x] \\ y_z", "# Lab",
	    "Issue #", "R&D &amp; <b>", "2019. Año" };
	struct buf md, t;
	size_t	 i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		buf_init(&md);
		buf_init(&t);
		buf_puts(&md, "# ");
		md_text(&md, names[i]);
		buf_puts(&md, "\n\ntext\n");
		site_md_title(&t, buf_cstr(&md));
		ck_assert_msg(strcmp(buf_cstr(&t), names[i]) == 0,
		    "\"%s\": markdown \"%s\" gave \"%s\"", names[i],
		    buf_cstr(&md), buf_cstr(&t));
		buf_free(&md);
		buf_free(&t);
	}
}
END_TEST

static Suite *
site_paths_suite(void)
{
	Suite	*s = suite_create("site_paths");
	TCase	*tc = tcase_create("paths");
	TCase	*tt = tcase_create("titles");

	tcase_add_unchecked_fixture(tc, setup, teardown);
	tcase_add_unchecked_fixture(tc, four_setup, NULL);
	tcase_add_loop_test(tc, page_paths, 0,
	    (int)(sizeof(paths) / sizeof(paths[0])));
	tcase_add_loop_test(tc, path_language, 0,
	    (int)(sizeof(langs) / sizeof(langs[0])));
	tcase_add_test(tc, path_language_long);
	tcase_add_test(tc, route_table_paths);
	tcase_add_test(tc, owner_pages_by_name);
	tcase_add_test(tc, pages_published);
	tcase_add_test(tc, pages_in_order);
	tcase_add_loop_test(tc, page_texts, 0,
	    (int)(sizeof(texts) / sizeof(texts[0])));
	tcase_add_test(tc, owner_names_taken);
	tcase_add_test(tc, lang_prefix_taken);
	suite_add_tcase(s, tc);

	tcase_add_loop_test(tt, markdown_title, 0,
	    (int)(sizeof(titles) / sizeof(titles[0])));
	tcase_add_test(tt, markdown_title_of_md_text);
	suite_add_tcase(s, tt);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(site_paths_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
