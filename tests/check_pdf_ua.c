/*
 * check_pdf_ua.c: the incremental update that completes a tagged PDF
 * cairo wrote (src/site/pdf_ua.c, issue 48).  A small tagged PDF with
 * a link is made with cairo in memory; pdf_ua_catalog appends a
 * catalog with /Lang, DisplayDocTitle and /Metadata (an XMP packet
 * whose /Length is its size, its texts XML-escaped), the page with
 * /Tabs /S, the link with /Contents, and a trailer with /Prev and a
 * /Size one more; the structure element the caller names (by the order
 * it opened them) with its /Lang, unless the elements are not those it
 * names (count, role).  It leaves alone, byte for byte: a language that
 * is not a tag, bytes that are not a PDF, and a file it already
 * updated.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <cairo-pdf.h>

#include "base/util.h"
#include "site/pdf_ua.h"

static cairo_status_t
to_buf(void *closure, const unsigned char *data, unsigned int len)
{
	buf_append(closure, data, len);
	return CAIRO_STATUS_SUCCESS;
}

/* A one-page tagged PDF with a heading and a link, into b. */
static void
make_pdf(struct buf *b)
{
	cairo_surface_t *s;
	cairo_t	*cr;

	buf_init(b);
	s = cairo_pdf_surface_create_for_stream(to_buf, b, 200, 200);
	cr = cairo_create(s);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, "T");
	cairo_tag_begin(cr, "Document", NULL);
	cairo_tag_begin(cr, "H1", NULL);
	cairo_move_to(cr, 10, 20);
	cairo_show_text(cr, "Name");
	cairo_tag_end(cr, "H1");
	cairo_tag_begin(cr, CAIRO_TAG_LINK,
	    "rect=[10 30 40 10] uri='https://example.org/a(b)'");
	cairo_move_to(cr, 10, 40);
	cairo_show_text(cr, "link");
	cairo_tag_end(cr, CAIRO_TAG_LINK);
	cairo_tag_end(cr, "Document");
	cairo_move_to(cr, 10, 190);
	cairo_show_text(cr, "footer");
	cairo_destroy(cr);
	cairo_surface_finish(s);
	ck_assert_int_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
	cairo_surface_destroy(s);
	ck_assert(!b->oom && buf_cstr(b) != NULL);
}

static const struct pdf_ua_meta meta = {
	.lang = "ja-Latn", .title = "A <b> & \"c\"", .author = "Author",
	.subject = "", .creator = "perfil"
};

/* The text of the update (after the n bytes cairo wrote), searched
 * with strstr: the NUL bytes of its compressed page stream become 0x01
 * (the stream is never decoded here), or a search would stop at the
 * first one of them, wherever the compressor put it. */
static const char *
update(struct buf *b, size_t n)
{
	size_t	 i;

	ck_assert(buf_cstr(b) != NULL);
	for (i = n; i < b->len; i++)
		if (b->data[i] == '\0')
			b->data[i] = '\1';
	return b->data + n;
}

/* A fresh PDF in b updated with m: the text of the update. */
static const char *
updated(struct buf *b, const struct pdf_ua_meta *m)
{
	size_t	 n;

	make_pdf(b);
	n = b->len;
	ck_assert_int_eq(pdf_ua_catalog(b, m), 0);
	return update(b, n);
}

START_TEST(catalog_and_trailer)
{
	struct buf b;
	const char *u, *x, *e;
	size_t	 n, size, nsize, len, prev;

	make_pdf(&b);
	n = b.len;
	x = strstr(b.data + n - 200, "/Size ");
	ck_assert(x != NULL && sscanf(x, "/Size %zu", &size) == 1);
	ck_assert_int_eq(pdf_ua_catalog(&b, &meta), 0);
	u = update(&b, n);
	ck_assert(strstr(u, "/Lang (ja-Latn)") != NULL);
	ck_assert(strstr(u, "/ViewerPreferences << /DisplayDocTitle true >>"));
	ck_assert(strstr(u, "/StructTreeRoot") != NULL);	/* kept */
	ck_assert(strstr(u, "/MarkInfo") != NULL);
	ck_assert(strstr(u, "/Version /1.7") != NULL);
	ck_assert(strstr(u, "/Tabs /S") != NULL);
	/* the page's content again, its footer an artifact */
	ck_assert(strstr(u, " /Filter /FlateDecode >>\nstream\n") != NULL);
	ck_assert(strstr(u, "/Contents (https://example.org/a(b))") !=
	    NULL);
	/* the XMP stream: its /Length, its escaped title, its language */
	x = strstr(u, "/Type /Metadata /Subtype /XML /Length ");
	ck_assert(x != NULL && sscanf(x + 38, "%zu", &len) == 1);
	x = strstr(x, "stream\n") + 7;
	e = strstr(x, "\nendstream");
	ck_assert(e != NULL);
	ck_assert_uint_eq((size_t)(e - x), len);
	ck_assert(strstr(x, "<pdfuaid:part>1</pdfuaid:part>") != NULL);
	ck_assert(strstr(x, "A &lt;b&gt; &amp; &quot;c&quot;</rdf:li>") !=
	    NULL);
	ck_assert(strstr(x, "<rdf:li>ja-Latn</rdf:li>") != NULL);
	ck_assert(strstr(x, "dc:description") == NULL);	/* no subject */
	/* the trailer */
	x = strstr(u, "trailer");
	ck_assert(x != NULL);
	ck_assert(sscanf(strstr(x, "/Size "), "/Size %zu", &nsize) == 1);
	ck_assert_uint_eq(nsize, size + 1);
	ck_assert(sscanf(strstr(x, "/Prev "), "/Prev %zu", &prev) == 1);
	ck_assert(strncmp(b.data + prev, "xref", 4) == 0);
	ck_assert(strstr(x, "%%EOF\n") != NULL);
	buf_free(&b);
}
END_TEST

/* Returns 1 when update u has a revision of a structure element of
 * role role with /Lang (lang). */
static int
elem_lang(const char *u, const char *role, const char *lang)
{
	char	 elem[64], key[64];
	const char *x, *e, *k;

	snprintf(elem, sizeof(elem), "<< /Type /StructElem\n   /S /%s\n",
	    role);
	snprintf(key, sizeof(key), "/Lang (%s)", lang);
	for (x = u; (x = strstr(x, elem)) != NULL; x++)
		if ((e = strstr(x, "endobj")) != NULL &&
		    (k = strstr(x, key)) != NULL && k < e)
			return 1;
	return 0;
}

/* /Lang on the element named: the Link, the third element opened
 * (Document, H1, Link); none when the elements are not those named. */
START_TEST(element_language)
{
	static const struct pdf_ua_attr link = { 2, "Link", "en", NULL };
	static const struct pdf_ua_attr h1 = { 2, "H1", "en", NULL };
	struct pdf_ua_meta m = meta;
	struct buf b;
	const char *u;

	m.attrs = &link;
	m.nattrs = 1;
	m.nelems = 3;
	u = updated(&b, &m);
	ck_assert_msg(elem_lang(u, "Link", "en"), "%s", u);
	buf_free(&b);
	/* another count, another role: no element's /Lang */
	m.nelems = 4;
	u = updated(&b, &m);
	ck_assert(strstr(u, "/Lang (en)") == NULL);
	ck_assert(strstr(u, "/Lang (ja-Latn)") != NULL);
	buf_free(&b);
	m.nelems = 3;
	m.attrs = &h1;
	ck_assert(strstr(updated(&b, &m), "/Lang (en)") == NULL);
	buf_free(&b);
}
END_TEST

/* /Alt on the element named, as UTF-16BE with its mark ("é" U+00E9,
 * "語" U+8A9E, "😀" a surrogate pair); /Lang beside it; nothing for a
 * description that is not UTF-8 or is too long. */
START_TEST(element_alt)
{
	static const struct pdf_ua_attr h1 = { 1, "H1", "en",
	    "N\xc3\xa9 \xe8\xaa\x9e\xf0\x9f\x98\x80" };
	static const struct pdf_ua_attr bad = { 1, "H1", NULL,
	    "N\xc3" };
	char	 long_alt[PDF_UA_ALT_MAX + 2];
	struct pdf_ua_attr big = { 1, "H1", NULL, long_alt };
	struct pdf_ua_meta m = meta;
	struct buf b;
	const char *u;

	m.attrs = &h1;
	m.nattrs = 1;
	m.nelems = 3;
	u = updated(&b, &m);
	ck_assert_msg(strstr(u,
	    "/Lang (en) /Alt <FEFF004E00E900208A9ED83DDE00>") != NULL, "%s", u);
	ck_assert(elem_lang(u, "H1", "en"));
	buf_free(&b);
	m.attrs = &bad;
	ck_assert(strstr(updated(&b, &m), "/Alt") == NULL);
	buf_free(&b);
	memset(long_alt, 'a', sizeof(long_alt) - 1);
	long_alt[sizeof(long_alt) - 1] = '\0';
	m.attrs = &big;
	ck_assert(strstr(updated(&b, &m), "/Alt") == NULL);
	buf_free(&b);
}
END_TEST

/* What it leaves as it was: the bytes and the length. */
START_TEST(left_alone)
{
	struct pdf_ua_meta m = meta;
	struct buf b, junk;
	char	*copy;
	size_t	 n;

	make_pdf(&b);
	n = b.len;
	copy = malloc(n);
	ck_assert(copy != NULL);
	memcpy(copy, b.data, n);
	m.lang = "ja Latn";
	ck_assert_int_eq(pdf_ua_catalog(&b, &m), 1);
	m.lang = "";
	ck_assert_int_eq(pdf_ua_catalog(&b, &m), 1);
	m.lang = "en)/Bad";
	ck_assert_int_eq(pdf_ua_catalog(&b, &m), 1);
	ck_assert_uint_eq(b.len, n);
	ck_assert(memcmp(b.data, copy, n) == 0);
	/* updated once: a second update finds /Prev and stops */
	ck_assert_int_eq(pdf_ua_catalog(&b, &meta), 0);
	n = b.len;
	ck_assert_int_eq(pdf_ua_catalog(&b, &meta), 1);
	ck_assert_uint_eq(b.len, n);
	buf_free(&b);
	free(copy);
	/* not a PDF */
	buf_init(&junk);
	buf_puts(&junk, "trailer << /Root 1 0 R >> startxref 999999\n");
	n = junk.len;
	ck_assert_int_eq(pdf_ua_catalog(&junk, &meta), 1);
	ck_assert_uint_eq(junk.len, n);
	buf_reset(&junk);
	ck_assert_int_eq(pdf_ua_catalog(&junk, &meta), 1);
	buf_free(&junk);
}
END_TEST

int
main(void)
{
	Suite	*su = suite_create("pdf_ua");
	TCase	*tc = tcase_create("core");
	SRunner	*sr;
	int	 failed;

	tcase_add_test(tc, catalog_and_trailer);
	tcase_add_test(tc, left_alone);
	tcase_add_test(tc, element_language);
	tcase_add_test(tc, element_alt);
	suite_add_tcase(su, tc);
	sr = srunner_create(su);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	/* cairo's toy font faces (make_pdf's text), for valgrind. */
	cairo_debug_reset_static_data();
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
