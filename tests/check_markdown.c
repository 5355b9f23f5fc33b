/*
 * check_markdown.c: the text helpers of src/site/markdown.c (issue 44).
 * md_text writes content text into the pages' markdown, which cmark
 * renders (layout.c: CMARK_OPT_DEFAULT | CMARK_OPT_SAFE) and agents
 * read as is: whatever the text, cmark must give it back as text, in
 * a paragraph, a list item, a heading and a link, creating no
 * emphasis, code, link, heading, list, quote, thematic break, code
 * block, HTML, entity or line break of its own (CommonMark 0.30).
 * md_url must keep a URL whole as a link destination.  md_template,
 * md_finish, md_heading and md_duration are held to their comments
 * and to docs/site.md ("Durations"); a CV page's sections rendered from
 * its PDF's markdown to its own.  Before these cases, md_text let
 * character references, ordered lists, tilde fences, leading white
 * space and a heading's closing "#" through, and md_url "&amp;".
 */
#include "config.h"

#include <check.h>
#include <cmark.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/json.h"
#include "content/settings.h"
#include "site/cv.h"
#include "site/cv_text.h"
#include "site/layout.h"
#include "site/markdown.h"
#include "site/pages.h"
#include "testenv.h"

#define LANG_ES	((enum lang)0)
#define LANG_EN	((enum lang)1)

/*
 * Hostile content text and what a reader must see: the text itself
 * (want NULL), but for white space, which markdown cannot keep at the
 * start of a block, and for line breaks, which inline text turns into
 * spaces (md_text).
 */
static const struct {
	const char *text;
	const char *want;
} hostile[] = {
	/* Inline markup: emphasis, code spans, links, images. */
	{ "*a* and **b** and ***c***", NULL },
	{ "_a_ __b__ a_b_c __init__", NULL },
	{ "`x` and ``y`` and `", NULL },
	{ "[a](b) ![c](d) [e][f] [g]", NULL },
	{ "[a]: /url \"title\"", NULL },
	/* Raw HTML, autolinks and entities (CommonMark 6.5, 6.6, 2.5). */
	{ "<script>alert(1)</script>", NULL },
	{ "<http://a.example> <ana@a.example> <!-- c -->", NULL },
	{ "&amp; &copy; &#42; &#X2A; &nbsp;", NULL },
	{ "R&D, AT&T & co; &;", NULL },
	/* What would make the line a block (CommonMark 4, 5). */
	{ "# h", NULL },
	{ "Issue #", NULL },
	{ "1. x", NULL },
	{ "2019) y", NULL },
	{ "- x", NULL },
	{ "+ x", NULL },
	{ "> q", NULL },
	{ "---", NULL },
	{ "~~~ sh", NULL },
	{ "```js", NULL },
	/* Leading white space: an indented code block, or a heading or
	 * list indented by up to three spaces. */
	{ "    indented", "indented" },
	{ "\tx = 1", "x = 1" },
	{ "  # h", "# h" },
	{ "\n> q", "> q" },
	/* Backslashes and line breaks (CommonMark 2.4, 6.7, 6.8). */
	{ "a\\b \\ c:\\dir\\", NULL },
	{ "a  \nb", "a   b" },
	{ "a\\\nb", "a\\ b" },
	{ "one\r\n===\ntwo", "one  === two" },
	/* Text that is no markup here: GFM's tables and strikethrough are
	 * not cmark's; other scripts pass as they are. */
	{ "a|b|c ~~d~~ |---|", NULL },
	{ "Рабочий · 東京 · القاهرة · café “x” 1.5", NULL }
};

/* The contexts the renderers put content text in. */
static const struct {
	const char *before, *after;	/* markdown around md_text's */
	const char *open, *close;	/* the HTML cmark must give around
					 * the text */
} contexts[] = {
	{ "", "\n", "<p>", "</p>\n" },
	{ "- ", "\n", "<ul>\n<li>", "</li>\n</ul>\n" },
	{ "## ", "\n", "<h2>", "</h2>\n" },
	{ "[", "](https://a.example/)\n", "<p><a href=\"https://a.example/\">",
	    "</a></p>\n" }
};

/* HTML escaped text (cmark's: &lt; &gt; &amp; &quot; &#x27;) back to
 * text; returns NULL when it holds a tag or another reference. */
static char *
html_text(const char *h, size_t len)
{
	static const struct {
		const char *ref;
		char	 c;
	} refs[] = { { "&lt;", '<' }, { "&gt;", '>' }, { "&amp;", '&' },
	    { "&quot;", '"' }, { "&#x27;", '\'' } };
	char	*t, *o;
	size_t	 i, k;

	if ((t = o = malloc(len + 1)) == NULL)
		return NULL;
	for (i = 0; i < len;) {
		if (h[i] == '<') {
			free(t);
			return NULL;
		}
		if (h[i] != '&') {
			*o++ = h[i++];
			continue;
		}
		for (k = 0; k < sizeof(refs) / sizeof(refs[0]); k++)
			if (strncmp(h + i, refs[k].ref, strlen(refs[k].ref)) ==
			    0)
				break;
		if (k == sizeof(refs) / sizeof(refs[0])) {
			free(t);
			return NULL;
		}
		*o++ = refs[k].c;
		i += strlen(refs[k].ref);
	}
	*o = '\0';
	return t;
}

/* The HTML of markdown md, rendered as the pages are. */
static char *
render(const char *md)
{
	char	*h;

	h = cmark_markdown_to_html(md, strlen(md), CMARK_OPT_DEFAULT |
	    CMARK_OPT_SAFE);
	ck_assert_ptr_nonnull(h);
	return h;
}

/*
 * md_text's text in every context renders as one element (a paragraph,
 * a list item, a heading, a link) holding exactly the text.
 */
START_TEST(text_renders_literally)
{
	const char *text = hostile[_i].text;
	const char *want = hostile[_i].want ? hostile[_i].want : text;
	struct buf md;
	char	*h, *got;
	size_t	 c, no, nc, hl;

	for (c = 0; c < sizeof(contexts) / sizeof(contexts[0]); c++) {
		buf_init(&md);
		buf_puts(&md, contexts[c].before);
		md_text(&md, text);
		buf_puts(&md, contexts[c].after);
		ck_assert(!md.oom);
		h = render(buf_cstr(&md));
		no = strlen(contexts[c].open);
		nc = strlen(contexts[c].close);
		hl = strlen(h);
		ck_assert_msg(hl >= no + nc && strncmp(h, contexts[c].open,
		    no) == 0 && strcmp(h + hl - nc, contexts[c].close) == 0,
		    "\"%s\" as %s: markdown \"%s\" gave %s", text,
		    contexts[c].open, buf_cstr(&md), h);
		got = html_text(h + no, hl - no - nc);
		ck_assert_msg(got != NULL && strcmp(got, want) == 0,
		    "\"%s\" as %s: markdown \"%s\" gave %s", text,
		    contexts[c].open, buf_cstr(&md), h);
		free(got);
		free(h);
		buf_free(&md);
	}
}
END_TEST

/* Text without markup is written as it is: agents read it. */
START_TEST(plain_text_unchanged)
{
	static const char *plain[] = { "Ana Lozano-Ruiz, R&D · 3.5 años",
	    "C# and F#", "2019: a year; 10 % more!", "東京 (Tokyo) = 1.5x",
	    "a > b, x - y, 1 + 1" };
	struct buf b;
	size_t	 i;

	for (i = 0; i < sizeof(plain) / sizeof(plain[0]); i++) {
		buf_init(&b);
		md_text(&b, plain[i]);
		ck_assert_str_eq(buf_cstr(&b), plain[i]);
		buf_free(&b);
	}
	buf_init(&b);
	buf_puts(&b, "x");
	md_text(&b, "");
	ck_assert_str_eq(buf_cstr(&b), "x");
	buf_free(&b);
}
END_TEST

/* URLs as link destinations: the link keeps its text and its whole
 * URL (the same bytes, percent-encoded or not). */
static const char *urls[] = {
	"https://en.wikipedia.org/wiki/Fork_(software)",
	"https://a.example/a b/c d.pdf",
	"https://a.example/x)y(z",
	"https://a.example/<x>\\`y`",
	"https://a.example/?q=a&b=c#frag",
	"https://a.example/?q=&amp;&lt;&#41;",
	"https://a.example/año/東京",
	"https://a.example/\"q\"'s*_[x]~",
	"https://a.example/\t\n\x7f x \"title\""
};

/* s with every %XX decoded, in a new string. */
static char *
pct_decode(const char *s)
{
	char	*t, *o;
	unsigned int v;

	ck_assert_ptr_nonnull(t = o = malloc(strlen(s) + 1));
	for (; *s != '\0'; s++) {
		if (s[0] == '%' && sscanf(s + 1, "%2x", &v) == 1 &&
		    strchr("0123456789abcdefABCDEF", s[1]) != NULL &&
		    strchr("0123456789abcdefABCDEF", s[2]) != NULL) {
			*o++ = (char)v;
			s += 2;
		} else
			*o++ = *s;
	}
	*o = '\0';
	return t;
}

START_TEST(url_kept_whole)
{
	const char *u = urls[_i], *open = "<p><a href=\"", *q;
	struct buf md;
	char	*h, *href, *a, *b;

	buf_init(&md);
	buf_puts(&md, "[t](");
	md_url(&md, u);
	buf_puts(&md, ")\n");
	h = render(buf_cstr(&md));
	ck_assert_msg(strncmp(h, open, strlen(open)) == 0 &&
	    (q = strchr(h + strlen(open), '"')) != NULL &&
	    strcmp(q, "\">t</a></p>\n") == 0, "\"%s\": markdown \"%s\" "
	    "gave %s", u, buf_cstr(&md), h);
	href = html_text(h + strlen(open), (size_t)(q - h - strlen(open)));
	ck_assert_ptr_nonnull(href);
	a = pct_decode(href);
	b = pct_decode(u);
	ck_assert_msg(strcmp(a, b) == 0, "\"%s\": markdown \"%s\" gave "
	    "href \"%s\"", u, buf_cstr(&md), href);
	free(a);
	free(b);
	free(href);
	free(h);
	buf_free(&md);
}
END_TEST

/* What md_url encodes: what would end or break the destination, and
 * nothing an agent reading the URL needs as it is. */
START_TEST(url_encoding)
{
	static const struct {
		const char *url, *want;
	} cases[] = {
		{ "https://a.example/a_b?x=1&y=2#f",
		    "https://a.example/a_b?x=1&y=2#f" },
		{ "https://a.example/a b", "https://a.example/a%20b" },
		{ "(x)<y>\\`", "%28x%29%3Cy%3E%5C%60" },
		{ "\x01\x1f\x7f", "%01%1F%7F" },
		{ "https://a.example/año", "https://a.example/año" }
	};
	struct buf b;
	size_t	 i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		buf_init(&b);
		md_url(&b, cases[i].url);
		ck_assert_str_eq(buf_cstr(&b), cases[i].want);
		buf_free(&b);
	}
}
END_TEST

/* md_link_site: the text escaped, the base URL before the path. */
START_TEST(link_site)
{
	struct buf b;
	char	*h;

	buf_init(&b);
	md_link_site(&b, &test_app, "*Sobre* [mí]", "/en/a b");
	ck_assert_str_eq(buf_cstr(&b), "[\\*Sobre\\* \\[mí\\]]("
	    TEST_BASE "/en/a%20b)");
	h = render(buf_cstr(&b));
	ck_assert_str_eq(h, "<p><a href=\"" TEST_BASE "/en/a%20b\">*Sobre* "
	    "[mí]</a></p>\n");
	free(h);
	buf_free(&b);
}
END_TEST

/*
 * md_template: every "@@path@@" replaced by that string of the
 * profile, and the whole written as text: the template's characters
 * are escaped like the values'.
 */
START_TEST(template_filled_as_text)
{
	static const struct {
		const char *t, *want;
	} cases[] = {
		{ "@@name@@", "Ana \\*B\\*" },
		{ "Hi @@name@@!", "Hi Ana \\*B\\*!" },
		{ "@@co_founder_of.role@@ of @@co_founder_of.name@@",
		    "CTO of X\\_Y" },
		{ "*@@job_title@@*", "\\*\\<b>\\*" },
		{ "# @@job_title@@\n@@co_founder_of.role@@",
		    "\\# \\<b> CTO" },
		{ "50 @@ 60", "50 @@ 60" },
		{ "", "" }
	};
	cJSON	*p;
	struct buf b;
	size_t	 i;

	p = cJSON_Parse("{\"name\":\"Ana *B*\",\"job_title\":\"<b>\","
	    "\"co_founder_of\":{\"role\":\"CTO\",\"name\":\"X_Y\"}}");
	ck_assert_ptr_nonnull(p);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		buf_init(&b);
		md_template(&b, cases[i].t, p);
		ck_assert_msg(strcmp(buf_cstr(&b), cases[i].want) == 0,
		    "\"%s\" gave \"%s\"", cases[i].t, buf_cstr(&b));
		buf_free(&b);
	}
	cJSON_Delete(p);
}
END_TEST

/* md_finish: exactly one newline at the end, NUL-terminated; an empty
 * text stays empty. */
static const struct {
	const char *in, *want;
} finishes[] = {
	{ "", "" },
	{ "a", "a\n" },
	{ "a\n", "a\n" },
	{ "a\n\n", "a\n" },
	{ "a\n\nb", "a\n\nb\n" },
	{ "a  \n", "a  \n" },
	{ "\n\n\n", "\n" }
};

START_TEST(finish_one_newline)
{
	struct buf b;

	buf_init(&b);
	buf_puts(&b, finishes[_i].in);
	ck_assert_int_eq(md_finish(&b), 0);
	ck_assert_uint_eq(b.len, strlen(finishes[_i].want));
	ck_assert_str_eq(buf_cstr(&b), finishes[_i].want);
	buf_free(&b);
}
END_TEST

/* Out of memory is reported, not a truncated page. */
START_TEST(finish_reports_oom)
{
	struct buf b;

	buf_init(&b);
	buf_puts(&b, "a\n\n");
	b.oom = 1;
	ck_assert_int_eq(md_finish(&b), -1);
	buf_free(&b);
}
END_TEST

/* md_heading: "## LABEL" and a blank line, in the page's language. */
START_TEST(heading_in_language)
{
	struct buf b;

	buf_init(&b);
	buf_puts(&b, "x\n\n");
	md_heading(&b, &test_app, LANG_EN, "home.now");
	md_heading(&b, &test_app, LANG_ES, "about.timeline");
	ck_assert_str_eq(buf_cstr(&b), "x\n\n## Now\n\n## Trayectoria\n\n");
	ck_assert_ptr_null(test_app.labels->missing);
	buf_free(&b);
}
END_TEST

/*
 * md_duration: whole years and months, counted inclusively (a start
 * without a month is January, an end without one December), in the
 * language's words (docs/site.md, "Durations"); "" without a start,
 * with a date that is none, an end before the start or no room.
 */
static const struct {
	const char *start, *end;	/* NULL: no member */
	const char *en, *es;
} durations[] = {
	{ "2019-03", "2024-11", "5 years, 9 months", "5 años y 9 meses" },
	{ "2019", "2019", "1 year", "1 año" },
	{ "2019-03", "2019-03", "1 month", "1 mes" },
	{ "2019", "2020-02", "1 year, 2 months", "1 año y 2 meses" },
	{ "2019-05-31", "2019-06-01", "2 months", "2 meses" },
	{ "2020-01", "2019-12", "", "" },
	{ NULL, "2019", "", "" },
	{ "2019-13", "2020", "", "" }
};

START_TEST(duration_counted)
{
	struct item it = { 0 };
	char	 out[128];

	ck_assert_ptr_nonnull(it.src = cJSON_CreateObject());
	if (durations[_i].start != NULL)
		cJSON_AddStringToObject(it.src, "start", durations[_i].start);
	if (durations[_i].end != NULL)
		cJSON_AddStringToObject(it.src, "end", durations[_i].end);
	memset(out, 'x', sizeof(out));
	ck_assert_str_eq(md_duration(&test_app, &it, LANG_EN, out,
	    sizeof(out)), durations[_i].en);
	ck_assert_str_eq(md_duration(&test_app, &it, LANG_ES, out,
	    sizeof(out)), durations[_i].es);
	cJSON_Delete(it.src);
}
END_TEST

/* Without an end, to the month of today; too little room gives "",
 * never a cut text. */
START_TEST(duration_open_and_bounded)
{
	struct item it = { 0 };
	struct tm tm;
	time_t	 now = time(NULL);
	char	 out[128], want[64], small[6];
	int	 months;

	gmtime_r(&now, &tm);
	months = (tm.tm_year + 1900) * 12 + tm.tm_mon + 1 - (2000 * 12 + 1) +
	    1;
	ck_assert_ptr_nonnull(it.src = cJSON_CreateObject());
	cJSON_AddStringToObject(it.src, "start", "2000-01");
	if (months % 12 == 0)
		snprintf(want, sizeof(want), "%d years", months / 12);
	else
		snprintf(want, sizeof(want), "%d years, %d month%s",
		    months / 12, months % 12, months % 12 == 1 ? "" : "s");
	ck_assert_str_eq(md_duration(&test_app, &it, LANG_EN, out,
	    sizeof(out)), want);
	ck_assert_str_eq(md_duration(&test_app, &it, LANG_EN, small,
	    sizeof(small)), "");
	cJSON_Delete(it.src);
}
END_TEST

/* A random text of up to 40 bytes, dense in what markdown reads. */
static void
random_text(struct buf *b, unsigned *seed)
{
	static const char *const bits[] = { "#", "## ", "\n## ", "\n", "\r",
	    ">", "-", "+", "=", "~", "`", "```", "*", "_", "[", "]", "(",
	    ")", "<", "<div>", "&", "&amp;", "\\", "1.", "2)", " ", "  ",
	    "\t", "|", "!", ":", "é", "日本", "a", "word", "[x]: /u" };
	int	 i, n = (int)(rand_r(seed) % 12);
	struct buf t;

	buf_init(&t);
	for (i = 0; i < n; i++)
		buf_puts(&t, bits[rand_r(seed) % (sizeof(bits) /
		    sizeof(bits[0]))]);
	md_text(b, buf_cstr(&t));
	buf_free(&t);
}

/* A CV's markdown of cv.c's shapes, every text a random one. */
static void
random_cv(struct buf *b, unsigned *seed)
{
	int	 s, i, n;

	buf_puts(b, "# ");
	random_text(b, seed);
	buf_puts(b, "\n\n");
	random_text(b, seed);
	buf_puts(b, "\n\n");
	for (s = 0; s < 6; s++) {
		buf_puts(b, "## ");
		random_text(b, seed);
		buf_puts(b, "\n\n");
		n = (int)(rand_r(seed) % 5);
		for (i = 0; i < n; i++)
			switch (rand_r(seed) % 4) {
			case 0:
				buf_puts(b, "### ");
				random_text(b, seed);
				buf_puts(b, "\n\n**");
				random_text(b, seed);
				buf_puts(b, "** · ");
				random_text(b, seed);
				buf_puts(b, "\n\n");
				random_text(b, seed);
				buf_puts(b, "\n\n");
				break;
			case 1:
				buf_puts(b, "- **");
				random_text(b, seed);
				buf_puts(b, "**: ");
				random_text(b, seed);
				buf_puts(b, i + 1 < n ? "\n" : "\n\n");
				break;
			case 2:
				buf_puts(b, "[");
				random_text(b, seed);
				buf_puts(b, "](");
				md_url(b, "https://example.org/a b?c=<d>&e");
				buf_puts(b, ")\n\n");
				break;
			default:
				buf_puts(b, "- ");
				random_text(b, seed);
				buf_puts(b, "\n");
				break;
			}
		buf_puts(b, "\n");
	}
}

/*
 * A CV's markdown rendered a section at a time (md_section), as the
 * full CV's page and every CV's text are, is the same bytes as the
 * whole at once: cmark's HTML, the page (layout, against its sections
 * from the whole parsed) and the plain text (cv_text_of, against the
 * whole parsed).  Random CVs of cv.c's shapes, whose texts are random
 * strings through md_text; the demo's CVs are the test above's.
 */
START_TEST(cv_a_section_at_a_time)
{
	struct buf md, parts, own, shared;
	unsigned seed = (unsigned)_i * 7919u + 1;
	struct view v;
	cmark_node *doc;
	char	*h;
	size_t	 k, n, at = 0;
	int	 l = _i % test_app.langs->n;

	buf_init(&md);
	buf_init(&parts);
	buf_init(&own);
	buf_init(&shared);
	random_cv(&md, &seed);
	ck_assert(!md.oom);
	for (n = md.len; n > 0; at += k, n -= k) {
		k = md_section(md.data + at, n);
		ck_assert_uint_gt(k, 0);
		ck_assert(at + k == md.len || strncmp(md.data + at + k, "## ",
		    3) == 0);
		ck_assert_ptr_nonnull(h = cmark_markdown_to_html(md.data + at,
		    k, CMARK_OPT_DEFAULT | CMARK_OPT_SAFE));
		buf_puts(&parts, h);
		free(h);
	}
	h = render(buf_cstr(&md));
	ck_assert_msg(strcmp(h, buf_cstr(&parts)) == 0, "seed %d: the HTML "
	    "differs:\n%s", _i, buf_cstr(&md));
	free(h);
	doc = cmark_parse_document(md.data, md.len, CMARK_OPT_DEFAULT);
	ck_assert_ptr_nonnull(doc);
	layout_view_page(&test_app, &v, SITE_CV);
	ck_assert_int_eq(layout(&test_app, &v, (enum lang)l, buf_cstr(&md),
	    &own), 0);
	v.cv_doc = doc;
	ck_assert_int_eq(layout(&test_app, &v, (enum lang)l, buf_cstr(&md),
	    &shared), 0);
	ck_assert_msg(own.len == shared.len && memcmp(own.data, shared.data,
	    own.len) == 0, "seed %d: the pages differ", _i);
	own.len = shared.len = 0;
	ck_assert_int_eq(cv_text_of(&test_app, (enum lang)l, &md, NULL,
	    &own), 0);
	ck_assert_int_eq(cv_text_of(&test_app, (enum lang)l, &md, doc,
	    &shared), 0);
	ck_assert_uint_gt(own.len, 0);
	ck_assert_msg(own.len == shared.len && memcmp(own.data, shared.data,
	    own.len) == 0, "seed %d: the texts differ", _i);
	cmark_node_free(doc);
	buf_free(&md);
	buf_free(&parts);
	buf_free(&own);
	buf_free(&shared);
}
END_TEST

/*
 * A CV page whose sections come from the markdown its PDF and text are
 * made from, parsed (struct view's cv_doc: build_variant parses a
 * variant's once for its three forms) is the page made from its own
 * markdown, byte for byte: the two agree from the first section on.
 * Every variant of the demo in both languages, and the full CV (whose
 * page alone lists the variants, under its head).
 */
START_TEST(cv_page_sections_from_the_pdf_markdown)
{
	const struct cv_variants *vs = &test_app.settings->cv_variants;
	const struct cv_variant *cv;
	struct buf page, pdf, own, shared;
	struct view v;
	cmark_node *doc;
	int	 k, l;

	ck_assert_int_gt(vs->n, 0);
	for (k = -1; k < vs->n; k++)
		for (l = 0; l < test_app.langs->n; l++) {
			cv = k < 0 ? NULL : &vs->v[k];
			buf_init(&page);
			buf_init(&pdf);
			buf_init(&own);
			buf_init(&shared);
			cv_variant_page(&test_app, cv, SITE_CV, (enum lang)l,
			    &page);
			ck_assert_int_eq(md_finish(&page), 0);
			cv_variant_page(&test_app, cv, CV_FOR_PDF, (enum lang)l,
			    &pdf);
			doc = cmark_parse_document(buf_cstr(&pdf), pdf.len,
			    CMARK_OPT_DEFAULT);
			ck_assert_ptr_nonnull(doc);
			layout_view_page(&test_app, &v, SITE_CV);
			v.variant = cv;
			ck_assert_int_eq(layout(&test_app, &v, (enum lang)l,
			    buf_cstr(&page), &own), 0);
			v.cv_doc = doc;
			ck_assert_int_eq(layout(&test_app, &v, (enum lang)l,
			    buf_cstr(&page), &shared), 0);
			ck_assert_msg(strstr(buf_cstr(&own), "<h2>") != NULL,
			    "variant %d, language %d: no section", k, l);
			ck_assert_msg(own.len == shared.len &&
			    memcmp(own.data, shared.data, own.len) == 0,
			    "variant %d, language %d: the pages differ", k, l);
			cmark_node_free(doc);
			buf_free(&page);
			buf_free(&pdf);
			buf_free(&own);
			buf_free(&shared);
		}
}
END_TEST

/*
 * The full CV's markdown a load renders once is read by its documents
 * (/cv.txt, and /cv.pdf where the PDF is built) and freed by the last
 * of them, not before; a reader the count did not know gets the same
 * bytes rendered again.
 */
START_TEST(cv_md_freed_by_its_last_reader)
{
	struct cv_md *saved = test_app.cv_md, c;
	const struct buf *md;
	struct buf tmp, want;
	int	 l, n;

	memset(&c, 0, sizeof(c));
	test_app.cv_md = &c;
	for (l = 0; l < test_app.langs->n; l++) {
		n = site_cv_md_readers(&test_app, (enum lang)l);
#ifdef HAVE_PDF
		ck_assert_int_eq(n, 2);
#else
		ck_assert_int_eq(n, 1);
#endif
		cv_page(&test_app, CV_FOR_PDF, (enum lang)l, &c.md[l]);
		ck_assert_int_gt(c.md[l].len, 0);
		atomic_init(&c.readers[l], n);
		buf_init(&tmp);
		ck_assert_ptr_eq(cv_for_pdf(&test_app, NULL, (enum lang)l,
		    &tmp), &c.md[l]);
		while (--n > 0) {
			cv_md_done(&test_app, (enum lang)l);
			ck_assert_ptr_nonnull(c.md[l].data);
		}
		cv_md_done(&test_app, (enum lang)l);
		ck_assert_ptr_null(c.md[l].data);
		ck_assert_ptr_eq(md = cv_for_pdf(&test_app, NULL, (enum lang)l,
		    &tmp), &tmp);
		buf_init(&want);
		cv_page(&test_app, CV_FOR_PDF, (enum lang)l, &want);
		ck_assert(md->len == want.len && memcmp(md->data, want.data,
		    want.len) == 0);
		buf_free(&want);
		buf_free(&tmp);
	}
	test_app.cv_md = saved;
}
END_TEST

#define LEFT_OUT_CALLS	2000

static void *
left_out_thread(void *arg)
{
	int	 i;

	for (i = 0; i < LEFT_OUT_CALLS; i++)
		cv_pdf_left_out((const char *)arg, (size_t)200 * 1024);
	return NULL;
}

/*
 * Both threads of a load may say at once that a variant's PDF is left
 * out: each line stays whole (warnx writes its prefix, message and
 * newline apart; a blackbox test once counted two on one line as one).
 */
START_TEST(left_out_lines_whole)
{
	pthread_t t[2];
	FILE	*f;
	char	 line[512], *p;
	int	 saved, lines = 0, whole = 0;

	ck_assert_ptr_nonnull(f = tmpfile());
	ck_assert_int_ge(saved = dup(2), 0);
	fflush(stderr);
	ck_assert_int_eq(dup2(fileno(f), 2), 2);
	ck_assert_int_eq(pthread_create(&t[0], NULL, left_out_thread,
	    "/cv/a.pdf"), 0);
	ck_assert_int_eq(pthread_create(&t[1], NULL, left_out_thread,
	    "/en/cv/a.pdf"), 0);
	pthread_join(t[0], NULL);
	pthread_join(t[1], NULL);
	fflush(stderr);
	ck_assert_int_eq(dup2(saved, 2), 2);
	close(saved);
	rewind(f);
	while (fgets(line, sizeof(line), f) != NULL) {
		lines++;
		/* One prefix, one message, its end. */
		if ((p = strstr(line, ": warning: /")) != NULL &&
		    strstr(p + 10, "warning") == NULL &&
		    strstr(line, ": ") == p &&
		    strstr(line, "a PDF is made from\n") != NULL)
			whole++;
	}
	fclose(f);
	ck_assert_int_eq(lines, 2 * LEFT_OUT_CALLS);
	ck_assert_int_eq(whole, lines);
}
END_TEST

static Suite *
markdown_suite(void)
{
	Suite	*s = suite_create("markdown");
	TCase	*tc = tcase_create("text");
	TCase	*tapp = tcase_create("app");

	tcase_add_loop_test(tc, text_renders_literally, 0,
	    (int)(sizeof(hostile) / sizeof(hostile[0])));
	tcase_add_test(tc, plain_text_unchanged);
	tcase_add_loop_test(tc, url_kept_whole, 0,
	    (int)(sizeof(urls) / sizeof(urls[0])));
	tcase_add_test(tc, url_encoding);
	tcase_add_test(tc, template_filled_as_text);
	tcase_add_loop_test(tc, finish_one_newline, 0,
	    (int)(sizeof(finishes) / sizeof(finishes[0])));
	tcase_add_test(tc, finish_reports_oom);
	tcase_add_test(tc, left_out_lines_whole);
	suite_add_tcase(s, tc);

	tcase_add_unchecked_fixture(tapp, testenv_setup, testenv_teardown);
	tcase_add_test(tapp, link_site);
	tcase_add_test(tapp, heading_in_language);
	tcase_add_loop_test(tapp, duration_counted, 0,
	    (int)(sizeof(durations) / sizeof(durations[0])));
	tcase_add_test(tapp, duration_open_and_bounded);
	tcase_add_test(tapp, cv_page_sections_from_the_pdf_markdown);
	tcase_add_loop_test(tapp, cv_a_section_at_a_time, 0, 40);
	tcase_add_test(tapp, cv_md_freed_by_its_last_reader);
	suite_add_tcase(s, tapp);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(markdown_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
