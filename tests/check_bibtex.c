/*
 * check_bibtex.c: the BibTeX import's pure parts (src/import/bibtex.h):
 * a value's LaTeX as Unicode (bibtex_tex_to_utf8), the fold that
 * matches titles (bibtex_fold), and names in every BibTeX form split
 * by libbtparse, read through bibtex_merge from a library of one entry;
 * url and doi read verbatim; libraries refused part way, each followed by a good one in the same
 * process (bibtex_merge_buffer).
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "import/bibtex.h"

static const struct {
	const char *tex;
	const char *want;
} texs[] = {
	{ "M{\\\"u}ller", "Müller" },
	{ "M\\\"{u}ller", "Müller" },
	{ "Garc\\'{\\i}a", "García" },
	{ "Garc\\'\\i a", "García" },
	{ "{\\=o}saka", "ōsaka" },
	{ "S\\~ao Paulo", "São Paulo" },
	{ "Fa\\c{c}ade", "Façade" },
	{ "Stra{\\ss}e", "Straße" },
	{ "Stra\\ss e", "Straße" },
	{ "{\\O}stergaard, S{\\o}ren", "Østergaard, Søren" },
	{ "\\v{S}koda \\H{o} \\k{a} \\r{a} \\u{g}", "Škoda ő ą å ğ" },
	{ "{\\L}{\\'o}d{\\'z}", "Łódź" },
	{ "123--145", "123\u2013145" },
	{ "yes---no", "yes\u2014no" },
	{ "a~b", "a\u00a0b" },
	{ "``quoted''", "\u201cquoted\u201d" },
	{ "{Parsing} {BibTeX}", "Parsing BibTeX" },
	{ "Scripts \\& Segments, 50\\%, \\$5, \\#1, a\\_b",
	    "Scripts & Segments, 50%, $5, #1, a_b" },
	{ "\\textbackslash{}x \\textasciitilde{} \\textbraceleft{}\\textbraceright{}",
	    "\\x ~ {}" },
	{ "\\emph{very} important", "very important" },
	{ "  spaced \n  out  ", "spaced out" },
	{ "$x$", "x" },
	{ "-{}-", "--" },
	{ "already Ünïcode", "already Ünïcode" },
};

START_TEST(tex_to_unicode)
{
	struct buf b;

	buf_init(&b);
	ck_assert_int_eq(bibtex_tex_to_utf8(texs[_i].tex, &b), 0);
	ck_assert_str_eq(buf_cstr(&b), texs[_i].want);
	buf_free(&b);
}
END_TEST

START_TEST(fold_titles)
{
	char	 a[128], b[128], small[4];

	bibtex_fold("Parsing BibTeX with Ōsaka–Style Grammars", a, sizeof(a));
	bibtex_fold("parsing bibtex with osaka-style grammars!", b, sizeof(b));
	ck_assert_str_eq(a, b);
	ck_assert_str_eq(a, "parsingbibtexwithosakastylegrammars");
	bibtex_fold("日本語の計算形態論", a, sizeof(a));
	ck_assert_str_eq(a, "日本語の計算形態論");
	bibtex_fold("Éa", small, sizeof(small));	/* bounded */
	ck_assert_str_eq(small, "ea");
}
END_TEST

/* The authors bibtex_merge makes of author (one entry). */
static cJSON *
authors_of(const char *author, cJSON **pubs)
{
	char	 path[] = "/tmp/check_bibtex.XXXXXX", err[512];
	struct langs ls = { .n = 1, .code = { "en" } };
	struct bibtex_counts n;
	struct buf report;
	FILE	*f;
	int	 fd;

	ck_assert_int_ne(fd = mkstemp(path), -1);
	ck_assert_ptr_nonnull(f = fdopen(fd, "w"));
	fprintf(f, "@article{k, title = {T}, year = 2020,\n author = {%s}}\n",
	    author);
	fclose(f);
	*pubs = cJSON_CreateArray();
	buf_init(&report);
	if (bibtex_merge(path, &ls, NULL, *pubs, &n, &report, err,
	    sizeof(err)) == -1)
		ck_abort_msg("bibtex_merge: %s", err);
	unlink(path);
	buf_free(&report);
	ck_assert_int_eq(n.added, 1);
	return cJSON_GetObjectItem(cJSON_GetArrayItem(*pubs, 0), "authors");
}

static const struct {
	const char *author;
	int	 index;
	const char *name, *family, *given, *suffix;
} names[] = {
	{ "Hiroshi Tanaka", 0, "Hiroshi Tanaka", "Tanaka", "Hiroshi", NULL },
	{ "Tanaka, Hiroshi", 0, "Hiroshi Tanaka", "Tanaka", "Hiroshi", NULL },
	{ "van der Berg, Jr, Jan", 0, "Jan van der Berg, Jr",
	    "van der Berg", "Jan", "Jr" },
	{ "Jan van der Berg", 0, "Jan van der Berg", "van der Berg", "Jan",
	    NULL },
	{ "Jean de la Fontaine", 0, "Jean de la Fontaine", "de la Fontaine",
	    "Jean", NULL },
	{ "{World Health Organization}", 0, "World Health Organization", NULL,
	    NULL, NULL },
	{ "M{\\\"u}ller, J{\\\"o}rg and Tanaka, H.", 1, "H. Tanaka", "Tanaka",
	    "H.", NULL },
	{ "Aristotle", 0, "Aristotle", "Aristotle", NULL, NULL },
	{ "Tanaka, , Hiroshi", 0, "Hiroshi Tanaka", "Tanaka", "Hiroshi",
	    NULL },
};

static void
member_is(const cJSON *o, const char *name, const char *want)
{
	const cJSON *m = cJSON_GetObjectItem(o, name);

	if (want == NULL)
		ck_assert_msg(m == NULL, "%s: %s", name, cJSON_GetStringValue(m));
	else
		ck_assert_str_eq(cJSON_GetStringValue(m), want);
}

START_TEST(name_forms)
{
	cJSON	*pubs, *a, *e;

	a = authors_of(names[_i].author, &pubs);
	ck_assert_ptr_nonnull(e = cJSON_GetArrayItem(a, names[_i].index));
	member_is(e, "name", names[_i].name);
	member_is(e, "family", names[_i].family);
	member_is(e, "given", names[_i].given);
	member_is(e, "suffix", names[_i].suffix);
	cJSON_Delete(pubs);
}
END_TEST

START_TEST(and_others)
{
	cJSON	*pubs, *a;

	a = authors_of("Tanaka, Hiroshi and Sato, Yuki and others", &pubs);
	ck_assert_int_eq(cJSON_GetArraySize(a), 2);
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetArrayItem(pubs,
	    0), "more_authors")));
	cJSON_Delete(pubs);
}
END_TEST

/* url and doi as reference managers write them: verbatim, read as
 * written; escaped as LaTeX (a backslash), read as LaTeX. */
static const struct {
	const char *fields;
	const char *url, *doi;
} verbatims[] = {
	{ "url = {https://a.example/~u/a_b--c%20d?x=1&y=2#f},\n"
	    " doi = {10.1000/a_b--c~d}",
	    "https://a.example/~u/a_b--c%20d?x=1&y=2#f", "10.1000/a_b--c~d" },
	{ "url = {https://a.example/a\\_b\\textasciitilde{}c},\n"
	    " doi = {10.1000/a\\_b}",
	    "https://a.example/a_b~c", "10.1000/a_b" },
};

START_TEST(url_doi_verbatim)
{
	struct langs ls = { .n = 1, .code = { "en" } };
	struct bibtex_counts n;
	struct buf lib, report;
	char	 err[512];
	cJSON	*pubs = cJSON_CreateArray(), *p;

	buf_init(&lib);
	buf_init(&report);
	buf_printf(&lib, "@article{k, title = {T}, year = 2020,\n %s}\n",
	    verbatims[_i].fields);
	if (bibtex_merge_buffer("v.bib", lib.data, lib.len, &ls, NULL, pubs,
	    &n, &report, err, sizeof(err)) == -1)
		ck_abort_msg("bibtex_merge_buffer: %s", err);
	ck_assert_int_eq(n.added, 1);
	p = cJSON_GetArrayItem(pubs, 0);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(p, "url")),
	    verbatims[_i].url);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(p, "doi")),
	    verbatims[_i].doi);
	buf_free(&lib);
	buf_free(&report);
	cJSON_Delete(pubs);
}
END_TEST

/* Libraries refused part way (a key given twice; an entry never
 * closed; an unknown macro before another entry): btparse must be done with each. */
static const char *const refused[] = {
	"@article{same, title = {One}, year = 2020}\n"
	"@misc{same, title = {Two}, year = 2021}\n"
	"@misc{after, title = {Three}, year = 2022}\n",
	"@article{open,\n title = {Never closed,\n year = 2021\n",
	"@article{m, title = {T}, journal = nomacro, year = 2020}\n"
	"@article{n, title = {U}, year = 2021}\n",
};

/* A library refused before its end leaves btparse ready for the next
 * one in the same process (else its next call exits: "you can't
 * interleave calls across different files"). */
START_TEST(one_after_another)
{
	static const char good[] = "@article{k, title = {T}, year = 2020}\n";
	struct langs ls = { .n = 1, .code = { "en" } };
	struct bibtex_counts n;
	struct buf report;
	char	 err[512];
	cJSON	*pubs = cJSON_CreateArray();

	buf_init(&report);
	ck_assert_int_eq(bibtex_merge_buffer("bad.bib", refused[_i],
	    strlen(refused[_i]), &ls, NULL, pubs, &n, &report, err,
	    sizeof(err)), -1);
	ck_assert_msg(strncmp(err, "bad.bib:", 8) == 0, "%s", err);
	ck_assert_int_eq(cJSON_GetArraySize(pubs), 0);
	if (bibtex_merge_buffer("good.bib", good, strlen(good), &ls, NULL,
	    pubs, &n, &report, err, sizeof(err)) == -1)
		ck_abort_msg("bibtex_merge_buffer: %s", err);
	ck_assert_int_eq(n.added, 1);
	buf_free(&report);
	cJSON_Delete(pubs);
}
END_TEST

static Suite *
bibtex_suite(void)
{
	Suite	*s = suite_create("bibtex");
	TCase	*tc = tcase_create("bibtex");

	tcase_add_loop_test(tc, tex_to_unicode, 0,
	    (int)(sizeof(texs) / sizeof(texs[0])));
	tcase_add_test(tc, fold_titles);
#ifdef HAVE_BTPARSE
	tcase_add_loop_test(tc, name_forms, 0,
	    (int)(sizeof(names) / sizeof(names[0])));
	tcase_add_test(tc, and_others);
	tcase_add_loop_test(tc, url_doi_verbatim, 0,
	    (int)(sizeof(verbatims) / sizeof(verbatims[0])));
	tcase_add_loop_test(tc, one_after_another, 0,
	    (int)(sizeof(refused) / sizeof(refused[0])));
#endif
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(bibtex_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
