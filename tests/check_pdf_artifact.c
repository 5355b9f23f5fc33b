/*
 * check_pdf_artifact.c: the artifact marking of a page's content
 * stream (src/site/pdf_artifact.c, issue 48).  pdf_artifact_wrap wraps
 * each painting operation at marked-content depth 0 in /Artifact BMC
 * ... EMC (a text object whole, a path from its first construction
 * operator to its painting one, an XObject, a shading), leaves marked
 * content and state operators alone, reads strings, names and
 * dictionaries as operands (an "ET" or "EMC" inside a string is no
 * operator), and refuses what it cannot read (inline images,
 * unbalanced EMC, an unended string or text object) with out as it
 * was; pdf_artifact_flate does the same through zlib.  Given the
 * property lists of text and paths, it types them (/Artifact << /Type
 * /Pagination ... >> BDC), an XObject or a shading staying untyped.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "base/util.h"
#include "site/pdf_artifact.h"

static const struct {
	const char *in;
	const char *out;	/* NULL: refused (1) */
} cases[] = {
	/* nothing to wrap: state operators, marked content */
	{ "q 1 0 0 -1 0 842 cm 0 0 0 rg Q", "q 1 0 0 -1 0 842 cm 0 0 0 rg Q" },
	{ "/P << /MCID 0 >> BDC\nBT (a) Tj ET\nEMC",
	  "/P << /MCID 0 >> BDC\nBT (a) Tj ET\nEMC" },
	/* a text object outside marked content */
	{ "q\nBT (footer) Tj ET\nQ",
	  "q\n/Artifact BMC\n\nBT (footer) Tj ET\nEMC\nQ" },
	/* a path, its operands included, up to its painting operator */
	{ "0.6 w\n50 1 m 545 1 l S\n",
	  "0.6 w\n/Artifact BMC\n\n50 1 m 545 1 l S\nEMC\n" },
	{ "0 0 10 10 re f", "\n/Artifact BMC\n0 0 10 10 re f\nEMC" },
	{ "/Im0 Do", "\n/Artifact BMC\n/Im0 Do\nEMC" },
	/* nested marked content inside the wrapped text object */
	{ "BT /Span << /ActualText <feff0020> >> BDC EMC ET",
	  "\n/Artifact BMC\nBT /Span << /ActualText <feff0020> >> BDC EMC "
	  "ET\nEMC" },
	/* operators inside strings, escaped parentheses, nested ones */
	{ "BT (ET EMC \\) BT) Tj [(a(b)c) 3 (ET)] TJ ET",
	  "\n/Artifact BMC\nBT (ET EMC \\) BT) Tj [(a(b)c) 3 (ET)] TJ "
	  "ET\nEMC" },
	/* real content then an artifact then real content */
	{ "/H1 << /MCID 0 >> BDC BT (x) Tj ET EMC 1 w 0 0 m 1 1 l S "
	  "/P << /MCID 1 >> BDC BT (y) Tj ET EMC",
	  "/H1 << /MCID 0 >> BDC BT (x) Tj ET EMC 1 w\n/Artifact BMC\n 0 0 m "
	  "1 1 l S\nEMC /P << /MCID 1 >> BDC BT (y) Tj ET EMC" },
	/* comments are skipped */
	{ "% BT\nq Q", "% BT\nq Q" },
	/* refused */
	{ "BI /W 1 /H 1 ID x EI", NULL },
	{ "EMC", NULL },
	{ "/P BMC BT (a) Tj ET", NULL },
	{ "BT (a) Tj", NULL },
	{ "BT (unended Tj ET", NULL },
	{ "BT <41 Tj ET", NULL },
	{ "0 0 m 1 1 l", NULL },
	{ ") Tj", NULL },
};

START_TEST(wrap_table)
{
	struct buf out;
	int	 rc;

	buf_init(&out);
	buf_puts(&out, "kept");
	rc = pdf_artifact_wrap(cases[_i].in, strlen(cases[_i].in), NULL,
	    &out);
	if (cases[_i].out == NULL) {
		ck_assert_msg(rc == 1, "%s: %d, not refused", cases[_i].in, rc);
		ck_assert_uint_eq(out.len, 4);
	} else {
		ck_assert_msg(rc == 0, "%s: %d", cases[_i].in, rc);
		ck_assert_str_eq(buf_cstr(&out) + 4, cases[_i].out);
	}
	buf_free(&out);
}
END_TEST

/* Typed: a text object with the text's list, a path with the path's,
 * an XObject untyped; the same list for each of its kind. */
START_TEST(wrap_typed)
{
	static const struct pdf_artifact_kinds k = {
		.text = "<< /Type /Pagination /Subtype /Footer >>",
		.path = "<< /Type /Layout >>",
	};
	static const char in[] = "/P << /MCID 0 >> BDC BT (x) Tj ET EMC "
	    "0 0 m 1 1 l S BT (1 / 2) Tj ET /Im0 Do 2 2 m 3 3 l S";
	static const char want[] = "/P << /MCID 0 >> BDC BT (x) Tj ET EMC"
	    "\n/Artifact << /Type /Layout >> BDC\n 0 0 m 1 1 l S\nEMC"
	    "\n/Artifact << /Type /Pagination /Subtype /Footer >> BDC\n "
	    "BT (1 / 2) Tj ET\nEMC\n/Artifact BMC\n /Im0 Do\nEMC"
	    "\n/Artifact << /Type /Layout >> BDC\n 2 2 m 3 3 l S\nEMC";
	static const struct pdf_artifact_kinds text_only = {
		.text = "<< /Type /Pagination >>", .path = NULL,
	};
	struct buf out;

	buf_init(&out);
	ck_assert_int_eq(pdf_artifact_wrap(in, strlen(in), &k, &out), 0);
	ck_assert_str_eq(buf_cstr(&out), want);
	out.len = 0;
	ck_assert_int_eq(pdf_artifact_wrap("0 0 m 1 1 l S", 13, &text_only,
	    &out), 0);
	ck_assert_str_eq(buf_cstr(&out), "\n/Artifact BMC\n0 0 m 1 1 l "
	    "S\nEMC");
	buf_free(&out);
}
END_TEST

/* Flate in, Flate out: the same as pdf_artifact_wrap's, decoded. */
START_TEST(flate_round_trip)
{
	const char *in = "q BT (footer) Tj ET Q";
	const char *want = "q\n/Artifact BMC\n BT (footer) Tj ET\nEMC Q";
	unsigned char z[256], back[256];
	uLongf	 zn = sizeof(z), bn = sizeof(back);
	struct buf out;

	ck_assert_int_eq(compress2(z, &zn, (const Bytef *)in, strlen(in), 9),
	    Z_OK);
	buf_init(&out);
	ck_assert_int_eq(pdf_artifact_flate(z, zn, NULL, &out), 0);
	ck_assert_int_eq(uncompress(back, &bn, (const Bytef *)out.data,
	    out.len), Z_OK);
	ck_assert_uint_eq(bn, strlen(want));
	ck_assert(memcmp(back, want, bn) == 0);
	/* not zlib's: refused, nothing appended */
	out.len = 0;
	ck_assert_int_eq(pdf_artifact_flate((const unsigned char *)in,
	    strlen(in), NULL, &out), 1);
	ck_assert_uint_eq(out.len, 0);
	buf_free(&out);
}
END_TEST

/* A decoded stream over PDF_ARTIFACT_MAX is left alone. */
START_TEST(flate_too_large)
{
	size_t	 n = PDF_ARTIFACT_MAX + 1;
	char	*big = malloc(n);
	uLongf	 zn = compressBound(n);
	unsigned char *z = malloc(zn);
	struct buf out;

	ck_assert(big != NULL && z != NULL);
	memset(big, ' ', n);
	ck_assert_int_eq(compress2(z, &zn, (const Bytef *)big, n, 9), Z_OK);
	buf_init(&out);
	ck_assert_int_eq(pdf_artifact_flate(z, zn, NULL, &out), 1);
	ck_assert_uint_eq(out.len, 0);
	buf_free(&out);
	free(big);
	free(z);
}
END_TEST

int
main(void)
{
	Suite	*su = suite_create("pdf_artifact");
	TCase	*tc = tcase_create("core");
	SRunner	*sr;
	int	 failed;

	tcase_add_loop_test(tc, wrap_table, 0,
	    (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, wrap_typed);
	tcase_add_test(tc, flate_round_trip);
	tcase_add_test(tc, flate_too_large);
	suite_add_tcase(su, tc);
	sr = srunner_create(su);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
