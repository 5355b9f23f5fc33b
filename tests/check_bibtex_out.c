/*
 * check_bibtex_out.c: /publications.bib (src/site/bibtex_out.c) read
 * back with libbtparse, the parser behind Text::BibTeX and biber, and
 * compared with the content it was written from (issue 44).  The
 * content is the demo's with a publications.json of our own: a title
 * for each character LaTeX treats specially, names in every shape the
 * schema allows (particles, suffixes, organisations, no given name,
 * specials), each kind with its venue, and a URL and a DOI as a
 * verbatim reader must get them.
 *
 * A field's LaTeX is read the way LaTeX prints it (tex_read below):
 * \& \% \$ \# \_ \{ \} and the \text... commands are their characters,
 * braces group, ~ is a no-break space, -- and --- the en and em dash,
 * `` and '' the curly double quotes, and a bare %, #, &, $, _ or ^ is
 * an error (a comment, a parameter, an alignment tab, math, a sub- or
 * superscript).  The url and doi fields are verbatim (biblatex's data
 * model; BibTeX's \url and \doi), read as written.
 */
#include "config.h"

#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/json.h"
#include "content/content.h"
#include "demo_langs.h"
#include "import/bibtex.h"
#include "site/bibtex_out.h"
#include "testenv.h"

#ifdef HAVE_BTPARSE
#include <btparse.h>
#endif

#define NBSP	"\xc2\xa0"

/* One title per character LaTeX treats specially, and text that is
 * not ASCII; each a publication of its own (slug title-N, no key, no
 * kind: @misc under its slug). */
static const char *const titles[] = {
	"Braces: {left",
	"Braces: right}",
	"A {balanced} group",
	"Fifty % off",
	"Issue #1",
	"Smith & Jones",
	"It costs $5",
	"snake_case names",
	"Home ~user",
	"x^2 and y^3",
	"C:\\path\\to\\file",
	"en \u2013 dash, em \u2014 dash",
	"a--b, two hyphens",
	"a---b, three hyphens",
	"no" NBSP "break",
	"``quoted'' text",
	"日本語の形態素解析",
	"تحليل الصرف في اللغة العربية",
	"All: {} % # & $ _ ~ ^ \\ together",
};
#define NTITLES	((int)(sizeof(titles) / sizeof(titles[0])))

/* The authors of one article (key names2021), in the byline's order;
 * the byline goes on ("and others"). */
static const struct {
	const char *name, *family, *given, *suffix;
} authors[] = {
	{ "Jan van der Berg, Jr", "van der Berg", "Jan", "Jr" },
	{ "Jörg Müller", "Müller", "Jörg", NULL },
	{ "World Health Organization & Partners", NULL, NULL, NULL },
	{ "García Márquez", "García Márquez", NULL, NULL },
	{ "Aung San Suu Kyi", "Aung San Suu Kyi", NULL, NULL },
	{ "Núñez, Jr", "Núñez", NULL, "Jr" },
	{ "宏 田中", "田中", "宏", NULL },
	{ "Ann&Lee Per%Cent_x", "Per%Cent_x", "Ann&Lee", NULL },
	{ "Tilde~Hat^ Back\\slash{x}#$", "Back\\slash{x}#$", "Tilde~Hat^",
	    NULL },
	{ "Aristotle", "Aristotle", NULL, NULL },
	{ "Jean de la Fontaine", "de la Fontaine", "Jean", NULL },
};
#define NAUTHORS	((int)(sizeof(authors) / sizeof(authors[0])))

/* Each kind with the field BibTeX's standard styles read its venue
 * from, and a date of each precision. */
static const struct {
	const char *kind, *field, *key, *date;
	int	 year, month;		/* month 0: none */
} kinds[] = {
	{ "article", "journal", "art2019", "2019-11-05", 2019, 11 },
	{ "inproceedings", "booktitle", "inproc2020", "2020", 2020, 0 },
	{ "incollection", "booktitle", "incoll2018", "2018-02", 2018, 2 },
	{ "phdthesis", "school", "phd2017", "2017-09-30", 2017, 9 },
	{ "mastersthesis", "school", "msc2012", "2012", 2012, 0 },
	{ "techreport", "institution", "tr2016", "2016-01", 2016, 1 },
	{ "misc", "howpublished", "misc2015", "2015-12-01", 2015, 12 },
};
#define NKINDS	((int)(sizeof(kinds) / sizeof(kinds[0])))


#define NAMES_KEY	"names2021"
#define NAMES_URL	"https://example.org/a_b--c%20~d?x=1&y=2#frag"
#define NAMES_DOI	"10.1000/abc_def%1#2~3"
#define TALK_SLUG	"a-talk-without-kind"
#define ODD_KEY		"odddoi"
#define ODD_DOI		"10.1000/x{y"
#define ODD_DOI_OUT	"10.1000/x%7By"

static char tmpdir[256];
static struct config cfg;
static struct model *model;
static struct app app;
static struct buf out[2];	/* bibtex_out in es and en */
static int rc[2];

#ifdef HAVE_BTPARSE
/* The venue fields a kind may use; an entry has only its own. */
static const char *const venue_fields[] = { "journal", "booktitle",
    "school", "institution", "howpublished", NULL };

/* An entry as btparse read it: type, key and fields (the value
 * without its delimiters, as bt_get_text gives it). */
#define MAXF	16
struct entry {
	char	*type, *key;
	int	 nf;
	char	*name[MAXF], *value[MAXF];
};
#define MAXE	64
struct library {
	int	 ok, errors, n;
	struct entry e[MAXE];
};
static struct library lib[2];
#endif

static void
write_file(const char *name, const char *text)
{
	char	 path[512];
	FILE	*f;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	if ((f = fopen(path, "w")) == NULL || fputs(text, f) == EOF ||
	    fclose(f) == EOF) {
		perror(path);
		abort();
	}
}

/* {"es": s, "en": s}, or es and en when they differ. */
static cJSON *
text2(const char *es, const char *en)
{
	cJSON	*o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "es", es);
	cJSON_AddStringToObject(o, "en", en);
	return o;
}

/* The publications.json of the tables above, then a talk as the
 * schema's minimum has it, and a DOI with a brace without its pair. */
static char *
publications(void)
{
	cJSON	*a = cJSON_CreateArray(), *p, *l, *o;
	char	 slug[32], *s;
	int	 i;

	for (i = 0; i < NTITLES; i++) {
		p = cJSON_CreateObject();
		snprintf(slug, sizeof(slug), "title-%d", i);
		cJSON_AddStringToObject(p, "slug", slug);
		cJSON_AddItemToObject(p, "title", text2(titles[i], titles[i]));
		cJSON_AddStringToObject(p, "date", "2020");
		cJSON_AddItemToArray(a, p);
	}
	p = cJSON_CreateObject();
	cJSON_AddStringToObject(p, "slug", "names");
	cJSON_AddItemToObject(p, "title", text2("Nombres: & y %",
	    "Names: & and %"));
	cJSON_AddStringToObject(p, "kind", "article");
	l = cJSON_AddArrayToObject(p, "authors");
	for (i = 0; i < NAUTHORS; i++) {
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "name", authors[i].name);
		if (authors[i].family != NULL)
			cJSON_AddStringToObject(o, "family",
			    authors[i].family);
		if (authors[i].given != NULL)
			cJSON_AddStringToObject(o, "given", authors[i].given);
		if (authors[i].suffix != NULL)
			cJSON_AddStringToObject(o, "suffix",
			    authors[i].suffix);
		cJSON_AddItemToArray(l, o);
	}
	cJSON_AddTrueToObject(p, "more_authors");
	cJSON_AddItemToObject(p, "venue", text2("Revista de {Pruebas} & Co",
	    "Journal of {Tests} & Co"));
	cJSON_AddStringToObject(p, "volume", "12_b");
	cJSON_AddStringToObject(p, "issue", "3#4");
	cJSON_AddStringToObject(p, "pages", "123\u2013145");
	cJSON_AddStringToObject(p, "date", "2021-03");
	cJSON_AddStringToObject(p, "doi", NAMES_DOI);
	cJSON_AddStringToObject(p, "url", NAMES_URL);
	cJSON_AddStringToObject(p, "bibtex_key", NAMES_KEY);
	cJSON_AddItemToArray(a, p);
	for (i = 0; i < NKINDS; i++) {
		p = cJSON_CreateObject();
		snprintf(slug, sizeof(slug), "kind-%s", kinds[i].kind);
		cJSON_AddStringToObject(p, "slug", slug);
		cJSON_AddItemToObject(p, "title", text2(slug, slug));
		cJSON_AddStringToObject(p, "kind", kinds[i].kind);
		cJSON_AddStringToObject(p, "venue", kinds[i].field);
		cJSON_AddStringToObject(p, "date", kinds[i].date);
		cJSON_AddStringToObject(p, "bibtex_key", kinds[i].key);
		cJSON_AddItemToArray(a, p);
	}
	p = cJSON_CreateObject();
	cJSON_AddStringToObject(p, "slug", TALK_SLUG);
	cJSON_AddItemToObject(p, "title", text2("Una charla", "A talk"));
	cJSON_AddItemToObject(p, "publisher", text2("PyData Madrid",
	    "PyData Madrid"));
	cJSON_AddStringToObject(p, "date", "2023-04-21");
	cJSON_AddStringToObject(p, "url", "https://pydata.example/talks/1");
	cJSON_AddItemToArray(a, p);
	p = cJSON_CreateObject();
	cJSON_AddStringToObject(p, "slug", "odd-doi");
	cJSON_AddItemToObject(p, "title", text2("Un DOI", "A DOI"));
	cJSON_AddStringToObject(p, "kind", "misc");
	cJSON_AddStringToObject(p, "doi", ODD_DOI);
	cJSON_AddStringToObject(p, "bibtex_key", ODD_KEY);
	cJSON_AddItemToArray(a, p);
	s = cJSON_Print(a);
	cJSON_Delete(a);
	return s;
}

/*
 * The text LaTeX prints for the BibTeX value s (its delimiters gone),
 * into b.  Returns NULL, or why s is not text LaTeX prints as itself.
 */
static const char *
tex_read(const char *s, struct buf *b)
{
	static const struct {
		const char *cmd, *text;
	} cmds[] = {
		{ "textbackslash", "\\" }, { "textbraceleft", "{" },
		{ "textbraceright", "}" }, { "textasciitilde", "~" },
		{ "textasciicircum", "^" }, { "textunderscore", "_" },
		{ "textdollar", "$" }, { "textendash", "\u2013" },
		{ "textemdash", "\u2014" },
	};
	static char why[96];
	size_t	 n, k;
	int	 depth = 0;

	buf_reset(b);
	while (*s != '\0') {
		switch (*s) {
		case '\\':
			if (s[1] != '\0' && strchr("&%$#_{}", s[1]) != NULL) {
				buf_putc(b, s[1]);
				s += 2;
				continue;
			}
			for (n = 1; isalpha((unsigned char)s[n]); n++)
				continue;
			for (k = 0; k < sizeof(cmds) / sizeof(cmds[0]); k++)
				if (strlen(cmds[k].cmd) == n - 1 &&
				    strncmp(s + 1, cmds[k].cmd, n - 1) == 0)
					break;
			if (n == 1 || k == sizeof(cmds) / sizeof(cmds[0])) {
				snprintf(why, sizeof(why), "a command LaTeX "
				    "does not print as text: %.20s", s);
				return why;
			}
			buf_puts(b, cmds[k].text);
			s += n;
			/* A control word ends at "{}" or eats its spaces. */
			if (strncmp(s, "{}", 2) == 0)
				s += 2;
			else
				while (*s == ' ')
					s++;
			continue;
		case '{':
			depth++;
			break;
		case '}':
			if (--depth < 0)
				return "a closing brace without its opening";
			break;
		case '~':
			buf_puts(b, NBSP);
			break;
		case '-':
			if (strncmp(s, "---", 3) == 0) {
				buf_puts(b, "\u2014");
				s += 2;
			} else if (s[1] == '-') {
				buf_puts(b, "\u2013");
				s++;
			} else
				buf_putc(b, '-');
			break;
		case '`':
		case '\'':
			if (s[1] == s[0]) {
				buf_puts(b, s[0] == '`' ? "\u201c" : "\u201d");
				s++;
			} else
				buf_putc(b, s[0]);
			break;
		case '%':
			return "a bare %: LaTeX drops the rest of the line";
		case '#': case '&': case '$': case '_': case '^':
			snprintf(why, sizeof(why), "a bare %c: not text to LaTeX",
			    *s);
			return why;
		default:
			buf_putc(b, *s);
		}
		s++;
	}
	return depth != 0 ? "an opening brace never closed" : NULL;
}

#ifdef HAVE_BTPARSE
/* tex_read that fails the test on LaTeX that is not plain text;
 * returns b's text. */
static const char *
tex(const char *s, struct buf *b)
{
	const char *why;

	if ((why = tex_read(s, b)) != NULL)
		ck_abort_msg("\"%s\": %s", s, why);
	return buf_cstr(b);
}

static void
library_free(struct library *lb)
{
	int	 i, k;

	for (i = 0; i < lb->n; i++) {
		free(lb->e[i].type);
		free(lb->e[i].key);
		for (k = 0; k < lb->e[i].nf; k++) {
			free(lb->e[i].name[k]);
			free(lb->e[i].value[k]);
		}
	}
	memset(lb, 0, sizeof(*lb));
}

/* Reads the library s with btparse into lb: its regular entries, and
 * whether btparse found it well-formed (ok, and no error counted). */
static void
library_read(const char *s, struct library *lb)
{
	char	 path[300];
	AST	*list, *e = NULL, *f;
	char	*name, *v;
	boolean	 ok = FALSE;
	struct entry *en;

	memset(lb, 0, sizeof(*lb));
	snprintf(path, sizeof(path), "%s/read.bib", tmpdir);
	write_file("read.bib", s);
	bt_initialize();
	bt_set_stringopts(BTE_REGULAR, BTO_CONVERT | BTO_EXPAND | BTO_PASTE);
	bt_reset_error_counts();
	list = bt_parse_file(path, 0, &ok);
	lb->ok = ok;
	lb->errors = bt_get_error_count(BTERR_LEXWARN) +
	    bt_get_error_count(BTERR_LEXERR) +
	    bt_get_error_count(BTERR_SYNTAX) +
	    bt_get_error_count(BTERR_CONTENT);
	while ((e = bt_next_entry(list, e)) != NULL && lb->n < MAXE) {
		if (bt_entry_metatype(e) != BTE_REGULAR)
			continue;
		en = &lb->e[lb->n++];
		en->type = strdup(bt_entry_type(e));
		en->key = strdup(bt_entry_key(e) ? bt_entry_key(e) : "");
		f = NULL;
		while ((f = bt_next_field(e, f, &name)) != NULL &&
		    en->nf < MAXF) {
			v = bt_get_text(f);
			en->name[en->nf] = strdup(name);
			en->value[en->nf++] = v != NULL ? v : strdup("");
		}
	}
	bt_free_ast(list);
	bt_cleanup();
	unlink(path);
}

static const struct entry *
entry(int l, const char *key)
{
	int	 i;

	for (i = 0; i < lib[l].n; i++)
		if (strcmp(lib[l].e[i].key, key) == 0)
			return &lib[l].e[i];
	ck_abort_msg("no entry %s", key);
	return NULL;
}

/* e's field name, NULL when it has none. */
static const char *
field(const struct entry *e, const char *name)
{
	int	 k;

	for (k = 0; k < e->nf; k++)
		if (strcmp(e->name[k], name) == 0)
			return e->value[k];
	return NULL;
}
#endif

static void
setup(void)
{
	char	 cmd[600], err[4096], *s;
	int	 l;

	snprintf(tmpdir, sizeof(tmpdir), "/tmp/perfil-bibtex-out-XXXXXX");
	if (mkdtemp(tmpdir) == NULL)
		abort();
	snprintf(cmd, sizeof(cmd), "cp -r '%s'/. '%s'/", TEST_CONTENT_DIR,
	    tmpdir);
	if (system(cmd) != 0)
		abort();
	s = publications();
	write_file("publications.json", s);
	free(s);
	if ((model = content_load(tmpdir, TEST_BASE, NULL, demo_labels(), err,
	    sizeof(err))) == NULL) {
		fprintf(stderr, "test content: %s\n", err);
		abort();
	}
	/* What bibtex_out reads of an application: the configuration's
	 * base URL, the model and its languages. */
	cfg.content_dir = tmpdir;
	cfg.base_url = TEST_BASE;
	cfg.labels_dir = TEST_LABELS_DIR;
	app.cfg = &cfg;
	app.model = model;
	app.langs = &model->langs;
	for (l = 0; l < 2; l++) {
		buf_init(&out[l]);
		rc[l] = bibtex_out(&app, (enum lang)l, &out[l]);
#ifdef HAVE_BTPARSE
		library_read(buf_cstr(&out[l]), &lib[l]);
#endif
	}
	/* The whole application on the same content, for what it
	 * serves. */
	test_cfg.content_dir = tmpdir;
	testenv_setup();
}

static void
teardown(void)
{
	char	 cmd[300];
	int	 l;

	testenv_teardown();
	for (l = 0; l < 2; l++) {
		buf_free(&out[l]);
#ifdef HAVE_BTPARSE
		library_free(&lib[l]);
#endif
	}
	content_free(model);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		abort();
}

/* Both languages' libraries were written, in UTF-8, the non-ASCII
 * titles as their characters (no LaTeX accent commands). */
START_TEST(written_in_utf8)
{
	int	 l;

	for (l = 0; l < 2; l++) {
		ck_assert_int_eq(rc[l], 0);
		ck_assert(!out[l].oom);
		ck_assert(utf8_valid(out[l].data, out[l].len));
		ck_assert_ptr_nonnull(strstr(out[l].data, "日本語の形態素解析"));
		ck_assert_ptr_nonnull(strstr(out[l].data, "Müller, Jörg"));
	}
}
END_TEST

/* The library names its source in an @comment, its first line. */
START_TEST(comment_names_source)
{
	static const char *const want[2] = {
		"@comment{" TEST_BASE "/publications.bib, perfil-fcgi ",
		"@comment{" TEST_BASE "/en/publications.bib, perfil-fcgi ",
	};
	int	 l;

	for (l = 0; l < 2; l++) {
		ck_assert_msg(strncmp(out[l].data, want[l], strlen(want[l]))
		    == 0, "%.120s", out[l].data);
		ck_assert_ptr_nonnull(strstr(out[l].data,
		    ", from publications.json}\n"));
	}
}
END_TEST

/* Every field's value is in braces, one field a line: "  name =
 * {value},". */
START_TEST(fields_braced)
{
	const char *p, *eq, *end;
	int	 l, n = 0;

	for (l = 0; l < 2; l++)
		for (p = out[l].data; (p = strstr(p, "\n  ")) != NULL;
		    p = end) {
			p += 3;
			end = strchr(p, '\n');
			ck_assert_ptr_nonnull(end);
			ck_assert_ptr_nonnull(eq = strstr(p, " = "));
			ck_assert_msg(eq < end && eq[3] == '{' &&
			    end[-2] == '}' && end[-1] == ',', "%.*s",
			    (int)(end - p), p);
			n++;
		}
	ck_assert_int_gt(n, 100);
}
END_TEST

#ifdef HAVE_BTPARSE
/* btparse reads both libraries without an error or a warning. */
START_TEST(parses_cleanly)
{
	int	 l;

	for (l = 0; l < 2; l++) {
		ck_assert(lib[l].ok);
		ck_assert_int_eq(lib[l].errors, 0);
	}
}
END_TEST

/* Every publication is an entry, in the content's order: its kind
 * (@misc without one) under its key (its slug without one). */
START_TEST(entries_types_keys)
{
	char	 slug[32];
	int	 l, i, k;

	for (l = 0; l < 2; l++) {
		ck_assert_int_eq(lib[l].n, NTITLES + 1 + NKINDS + 2);
		for (i = 0; i < NTITLES; i++) {
			snprintf(slug, sizeof(slug), "title-%d", i);
			ck_assert_str_eq(lib[l].e[i].key, slug);
			ck_assert_str_eq(lib[l].e[i].type, "misc");
		}
		ck_assert_str_eq(lib[l].e[i].key, NAMES_KEY);
		ck_assert_str_eq(lib[l].e[i].type, "article");
		for (k = 0; k < NKINDS; k++) {
			ck_assert_str_eq(lib[l].e[++i].key, kinds[k].key);
			ck_assert_str_eq(lib[l].e[i].type, kinds[k].kind);
		}
		ck_assert_str_eq(lib[l].e[++i].key, TALK_SLUG);
		ck_assert_str_eq(lib[l].e[i].type, "misc");
		ck_assert_str_eq(lib[l].e[++i].key, ODD_KEY);
		ck_assert_str_eq(lib[l].e[i].type, "misc");
	}
}
END_TEST

/* Each special character of a title reaches a LaTeX reader as itself. */
START_TEST(title_reads_back)
{
	char	 slug[32];
	struct buf b;
	const char *t;
	int	 l;

	buf_init(&b);
	snprintf(slug, sizeof(slug), "title-%d", _i);
	for (l = 0; l < 2; l++) {
		ck_assert_ptr_nonnull(t = field(entry(l, slug), "title"));
		ck_assert_str_eq(tex(t, &b), titles[_i]);
	}
	buf_free(&b);
}
END_TEST

/* The tokens of name part p joined by spaces. */
static void
part(const bt_name *nm, bt_namepart p, struct buf *b)
{
	int	 i;

	buf_reset(b);
	for (i = 0; i < nm->part_len[p]; i++) {
		if (i > 0)
			buf_putc(b, ' ');
		buf_puts(b, nm->parts[p][i]);
	}
	buf_cstr(b);
}

/* The author list is the names joined by " and ", then "others". */
START_TEST(authors_joined_with_and)
{
	const char *a = field(entry(0, NAMES_KEY), "author");
	bt_stringlist *names;
	char	*copy;

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(copy = strdup(a));
	ck_assert_ptr_nonnull(names = bt_split_list(copy, "and", "out.bib",
	    1, "name"));
	ck_assert_int_eq(names->num_items, NAUTHORS + 1);
	ck_assert_str_eq(names->items[NAUTHORS], "others");
	ck_assert_msg(strstr(a, " and others") == a + strlen(a) - 11, "%s", a);
	bt_free_list(names);
	free(copy);
	ck_assert_str_eq(a, field(entry(1, NAMES_KEY), "author"));
}
END_TEST

/*
 * Each name split by btparse as BibTeX splits it gives back the
 * content's parts: von and last together the family name, first the
 * given name, jr the suffix; an organisation one token, its name.
 */
START_TEST(name_reads_back)
{
	const char *a = field(entry(0, NAMES_KEY), "author");
	bt_stringlist *names;
	bt_name	*nm;
	struct buf b, t;
	char	*copy;

	buf_init(&b);
	buf_init(&t);
	ck_assert_ptr_nonnull(copy = strdup(a));
	ck_assert_ptr_nonnull(names = bt_split_list(copy, "and", "out.bib",
	    1, "name"));
	ck_assert_int_gt(names->num_items, _i);
	ck_assert_ptr_nonnull(nm = bt_split_name(names->items[_i], "out.bib",
	    1, _i));
	if (authors[_i].family == NULL) {
		ck_assert_int_eq(nm->part_len[BTN_FIRST], 0);
		ck_assert_int_eq(nm->part_len[BTN_VON], 0);
		ck_assert_int_eq(nm->part_len[BTN_JR], 0);
		ck_assert_int_eq(nm->part_len[BTN_LAST], 1);
		part(nm, BTN_LAST, &b);
		ck_assert_str_eq(tex(buf_cstr(&b), &t), authors[_i].name);
	} else {
		part(nm, BTN_VON, &b);
		if (b.len > 0)
			buf_putc(&b, ' ');
		part(nm, BTN_LAST, &t);
		buf_puts(&b, buf_cstr(&t));
		ck_assert_str_eq(tex(buf_cstr(&b), &t), authors[_i].family);
		part(nm, BTN_FIRST, &b);
		ck_assert_str_eq(tex(buf_cstr(&b), &t), authors[_i].given ?
		    authors[_i].given : "");
		part(nm, BTN_JR, &b);
		ck_assert_str_eq(tex(buf_cstr(&b), &t), authors[_i].suffix ?
		    authors[_i].suffix : "");
	}
	bt_free_name(nm);
	bt_free_list(names);
	free(copy);
	buf_free(&b);
	buf_free(&t);
}
END_TEST

/* Each kind has its venue in the field BibTeX reads it from, and no
 * other venue field; the date is year and month (none for a year). */
START_TEST(kind_venue_date)
{
	const struct entry *e;
	struct buf b;
	const char *v;
	char	 n[8];
	int	 l, k;

	buf_init(&b);
	for (l = 0; l < 2; l++) {
		e = entry(l, kinds[_i].key);
		ck_assert_str_eq(e->type, kinds[_i].kind);
		for (k = 0; venue_fields[k] != NULL; k++) {
			v = field(e, venue_fields[k]);
			if (strcmp(venue_fields[k], kinds[_i].field) == 0) {
				ck_assert_ptr_nonnull(v);
				ck_assert_str_eq(tex(v, &b), kinds[_i].field);
			} else
				ck_assert_msg(v == NULL, "%s: %s", e->key,
				    venue_fields[k]);
		}
		snprintf(n, sizeof(n), "%d", kinds[_i].year);
		ck_assert_str_eq(field(e, "year"), n);
		if (kinds[_i].month == 0)
			ck_assert_ptr_null(field(e, "month"));
		else {
			ck_assert_ptr_nonnull(v = field(e, "month"));
			ck_assert_int_eq(atoi(v), kinds[_i].month);
		}
	}
	buf_free(&b);
}
END_TEST

/* The article's other fields, each the content's value: venue,
 * volume, number, pages (an en dash), year and month, title in the
 * file's language. */
START_TEST(article_fields)
{
	const struct entry *e;
	struct buf b;

	buf_init(&b);
	e = entry(0, NAMES_KEY);
	ck_assert_str_eq(tex(field(e, "journal"), &b),
	    "Revista de {Pruebas} & Co");
	ck_assert_str_eq(tex(field(e, "title"), &b), "Nombres: & y %");
	ck_assert_str_eq(tex(field(e, "volume"), &b), "12_b");
	ck_assert_str_eq(tex(field(e, "number"), &b), "3#4");
	ck_assert_str_eq(tex(field(e, "pages"), &b), "123\u2013145");
	ck_assert_str_eq(field(e, "year"), "2021");
	ck_assert_int_eq(atoi(field(e, "month")), 3);
	e = entry(1, NAMES_KEY);
	ck_assert_str_eq(tex(field(e, "journal"), &b),
	    "Journal of {Tests} & Co");
	ck_assert_str_eq(tex(field(e, "title"), &b), "Names: & and %");
	buf_free(&b);
}
END_TEST

/* url and doi are verbatim (biblatex's verbatim fields, \url and
 * \doi): a reader takes them as written, so they are not escaped; a
 * brace without its pair, which a braced value cannot hold, is
 * percent-encoded. */
START_TEST(url_doi_verbatim)
{
	const struct entry *e;
	int	 l;

	for (l = 0; l < 2; l++) {
		e = entry(l, NAMES_KEY);
		ck_assert_ptr_nonnull(field(e, "url"));
		ck_assert_str_eq(field(e, "url"), NAMES_URL);
		ck_assert_ptr_nonnull(field(e, "doi"));
		ck_assert_str_eq(field(e, "doi"), NAMES_DOI);
		ck_assert_str_eq(field(entry(l, ODD_KEY), "doi"), ODD_DOI_OUT);
	}
}
END_TEST

/* A talk as the schema's minimum has it: @misc under its slug, its
 * publisher and URL; nothing for what it lacks. */
START_TEST(talk_minimum)
{
	const struct entry *e;
	struct buf b;
	int	 l;

	buf_init(&b);
	for (l = 0; l < 2; l++) {
		e = entry(l, TALK_SLUG);
		ck_assert_str_eq(e->type, "misc");
		ck_assert_str_eq(tex(field(e, "title"), &b), l == 0 ?
		    "Una charla" : "A talk");
		ck_assert_str_eq(tex(field(e, "publisher"), &b),
		    "PyData Madrid");
		ck_assert_str_eq(field(e, "url"),
		    "https://pydata.example/talks/1");
		ck_assert_ptr_null(field(e, "author"));
		ck_assert_ptr_null(field(e, "howpublished"));
		ck_assert_ptr_null(field(e, "doi"));
		ck_assert_int_eq(atoi(field(e, "month")), 4);
	}
	buf_free(&b);
}
END_TEST

/*
 * perfil's own import of the library (--add-bibtex) gives the content
 * back, but for what docs/resume.md says it changes: a publication
 * without kind or key gets them (misc, its slug), a venue is the
 * library's one text (a structured member), and a DOI's unpaired brace
 * stays percent-encoded.
 */
START_TEST(import_gives_content_back)
{
	struct bibtex_counts n;
	struct buf report;
	char	 path[300], err[512], *before;
	cJSON	*pubs, *want, *p, *w;
	const char *slug;
	FILE	*f;
	long	 len;
	int	 l, i;

	snprintf(path, sizeof(path), "%s/publications.json", tmpdir);
	ck_assert_ptr_nonnull(f = fopen(path, "r"));
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	ck_assert_ptr_nonnull(before = calloc(1, (size_t)len + 1));
	ck_assert_uint_eq(fread(before, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	for (l = 0; l < 2; l++) {
		ck_assert_ptr_nonnull(pubs = cJSON_Parse(before));
		ck_assert_ptr_nonnull(want = cJSON_Parse(before));
		buf_init(&report);
		if (bibtex_merge_buffer("out.bib", out[l].data, out[l].len,
		    &model->langs, model->profile.src, pubs, &n, &report, err,
		    sizeof(err)) == -1)
			ck_abort_msg("bibtex_merge_buffer: %s", err);
		ck_assert_msg(n.added == 0 && n.skipped == 0 &&
		    n.updated == NTITLES + 3 && n.unchanged == NKINDS, "%s",
		    buf_cstr(&report));
		cJSON_ArrayForEach(w, want) {
			slug = json_str(w, "slug");
			if (cJSON_GetObjectItem(w, "kind") == NULL)
				cJSON_AddStringToObject(w, "kind", "misc");
			if (cJSON_GetObjectItem(w, "bibtex_key") == NULL)
				cJSON_AddStringToObject(w, "bibtex_key", slug);
			if (strcmp(slug, "names") == 0)
				cJSON_ReplaceItemInObject(w, "venue",
				    cJSON_CreateString(l == 0 ?
				    "Revista de {Pruebas} & Co" :
				    "Journal of {Tests} & Co"));
			if (strcmp(slug, "odd-doi") == 0)
				cJSON_ReplaceItemInObject(w, "doi",
				    cJSON_CreateString(ODD_DOI_OUT));
		}
		ck_assert_int_eq(cJSON_GetArraySize(pubs),
		    cJSON_GetArraySize(want));
		for (i = 0; i < cJSON_GetArraySize(want); i++) {
			p = cJSON_GetArrayItem(pubs, i);
			w = cJSON_GetArrayItem(want, i);
			if (!cJSON_Compare(p, w, 1)) {
				char	*a = cJSON_Print(p), *b = cJSON_Print(w);

				ck_abort_msg("%s: read back as\n%s\nnot\n%s",
				    json_str(w, "slug"), a, b);
			}
		}
		cJSON_Delete(pubs);
		cJSON_Delete(want);
		buf_free(&report);
	}
	free(before);
}
END_TEST
#endif /* HAVE_BTPARSE */

/* What the site serves at /publications.bib and /en/publications.bib
 * is bibtex_out's library, as BibTeX in UTF-8. */
START_TEST(served_as_written)
{
	static const char *const path[2] = { "/publications.bib",
	    "/en/publications.bib" };
	struct response *r;
	int	 l;

	for (l = 0; l < 2; l++) {
		r = run("GET", path[l], NULL, NULL, NULL, NULL);
		ck_assert_int_eq(r->status, 200);
		ck_assert(has_header("Content-Type",
		    "application/x-bibtex; charset=utf-8"));
		ck_assert_str_eq(test_body(), buf_cstr(&out[l]));
	}
}
END_TEST

/* Content without publications has no library: 1, nothing written. */
START_TEST(none_without_publications)
{
	struct model *m;
	struct app a;
	struct buf b;
	char	 err[1024];

	ck_assert_ptr_nonnull(m = content_load(TEST_CONTENT_DIR, TEST_BASE,
	    NULL, demo_labels(), err, sizeof(err)));
	memset(&a, 0, sizeof(a));
	a.cfg = &cfg;
	a.model = m;
	a.langs = &m->langs;
	buf_init(&b);
	ck_assert_int_eq(bibtex_out(&a, LANG_ES, &b), 1);
	ck_assert_uint_eq(b.len, 0);
	buf_free(&b);
	content_free(m);
}
END_TEST

/* The reader of these checks: it must refuse what LaTeX would not
 * print as the text (else the checks above could not fail). */
START_TEST(tex_reader_refuses)
{
	static const char *const bad[] = { "50%", "a_b", "a&b", "#1", "$5",
	    "x^2", "{a", "a}", "\\emph{a}", "\\'e" };
	struct buf b;
	size_t	 i;

	buf_init(&b);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(tex_read(bad[i], &b) != NULL, "%s", bad[i]);
	ck_assert_ptr_null(tex_read("\\textbackslash x-{}-y~``z''", &b));
	ck_assert_str_eq(buf_cstr(&b), "\\x--y" NBSP "\u201cz\u201d");
	buf_free(&b);
}
END_TEST

static Suite *
bibtex_out_suite(void)
{
	Suite	*s = suite_create("bibtex_out");
	TCase	*tc = tcase_create("bibtex_out");

	tcase_add_unchecked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, written_in_utf8);
	tcase_add_test(tc, comment_names_source);
	tcase_add_test(tc, fields_braced);
#ifdef HAVE_BTPARSE
	tcase_add_test(tc, parses_cleanly);
	tcase_add_test(tc, entries_types_keys);
	tcase_add_loop_test(tc, title_reads_back, 0, NTITLES);
	tcase_add_test(tc, authors_joined_with_and);
	tcase_add_loop_test(tc, name_reads_back, 0, NAUTHORS);
	tcase_add_loop_test(tc, kind_venue_date, 0, NKINDS);
	tcase_add_test(tc, article_fields);
	tcase_add_test(tc, url_doi_verbatim);
	tcase_add_test(tc, talk_minimum);
	tcase_add_test(tc, import_gives_content_back);
#endif
	tcase_add_test(tc, served_as_written);
	tcase_add_test(tc, none_without_publications);
	tcase_add_test(tc, tex_reader_refuses);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(bibtex_out_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
