/*
 * check_csv.c: the RFC 4180 reader of the LinkedIn import (src/base/csv.c,
 * issue 44).  Each case is a file's bytes and either the records read
 * from it, with the line each starts on, or the refusal and its line:
 * quoted fields with commas, line breaks and doubled quotes, CRLF and
 * LF, the byte-order mark, empty fields and lines, invalid UTF-8 and
 * the bounds.  The black-box import keeps one damaged archive per
 * message; the grammar is held here.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/csv.h"
#include "base/util.h"

#define ROWS	100	/* max_rows unless a case sets it */
#define CELLS	16	/* max_cells unless a case sets it */

/*
 * want: each record as its line and its cells in angle brackets, the
 * records separated by a space ("1<a><b> 3<c>"; "" for none).  why:
 * NULL when the input is read, else part of the refusal.
 */
static const struct {
	const char *in;
	size_t	 rows, cells;	/* 0: ROWS, CELLS */
	const char *want;
	const char *why;
} cases[] = {
	/* Empty input, and a last record with or without its newline. */
	{ "", 0, 0, "", NULL },
	{ "a,b,c", 0, 0, "1<a><b><c>", NULL },
	{ "a,b,c\n", 0, 0, "1<a><b><c>", NULL },
	{ "a,b\r\nc,d\r\n", 0, 0, "1<a><b> 2<c><d>", NULL },
	{ "a,b\nc,d", 0, 0, "1<a><b> 2<c><d>", NULL },
	{ "a\r\nb\nc", 0, 0, "1<a> 2<b> 3<c>", NULL },
	/* Spaces are part of a field (RFC 4180, 2.4). */
	{ "a b , c", 0, 0, "1<a b >< c>", NULL },
	/* Quoted fields: commas, doubled quotes, line breaks. */
	{ "\"a,b\",c", 0, 0, "1<a,b><c>", NULL },
	{ "\"say \"\"hi\"\"\",x", 0, 0, "1<say \"hi\"><x>", NULL },
	{ "\"\"\"\"", 0, 0, "1<\">", NULL },
	{ "\"x\ny\",z\nw", 0, 0, "1<x\ny><z> 3<w>", NULL },
	{ "\"x\r\ny\"\r\nw\r\n", 0, 0, "1<x\r\ny> 3<w>", NULL },
	{ "h\n\"1\n2\n3\",\"4\n5\"\nt", 0, 0, "1<h> 2<1\n2\n3><4\n5> 6<t>",
	    NULL },
	/* Empty fields, quoted or not, and at a record's end. */
	{ ",,", 0, 0, "1<><><>", NULL },
	{ "a,,b", 0, 0, "1<a><><b>", NULL },
	{ "a,\nb", 0, 0, "1<a><> 2<b>", NULL },
	{ "a,", 0, 0, "1<a><>", NULL },
	{ "\"\"", 0, 0, "1<>", NULL },
	{ "\"\",\"\"\n", 0, 0, "1<><>", NULL },
	/* An empty line is no record, the first line's included. */
	{ "a\n\nb\n\n", 0, 0, "1<a> 3<b>", NULL },
	{ "a\r\n\r\n\r\nb", 0, 0, "1<a> 4<b>", NULL },
	{ "\n\na,b", 0, 0, "3<a><b>", NULL },
	/* The byte-order mark is skipped, nowhere else a field's. */
	{ "\xef\xbb\xbfname\nAna", 0, 0, "1<name> 2<Ana>", NULL },
	{ "\xef\xbb\xbf", 0, 0, "", NULL },
	{ "a,\xef\xbb\xbf", 0, 0, "1<a><\xef\xbb\xbf>", NULL },
	/* UTF-8 in any script. */
	{ "Ñandú,日本語,مرحبا", 0, 0, "1<Ñandú><日本語><مرحبا>", NULL },
	/* Up to the bounds, and one past them. */
	{ "a\n\nb\n", 2, 0, "1<a> 3<b>", NULL },
	{ "a,b\nc,d", 0, 2, "1<a><b> 2<c><d>", NULL },
	{ "a\nb\nc", 2, 0, NULL, "line 3: more than 2 records" },
	{ "a\n\nb\n\nc\n", 2, 0, NULL, "line 5: more than 2 records" },
	{ "a,b,c", 0, 2, NULL, "line 1: more than 2 fields" },
	{ "a,b,\n", 0, 2, NULL, "line 1: more than 2 fields" },
	{ "x\na,b,", 0, 2, NULL, "line 2: more than 2 fields" },
	/* A quote not closed. */
	{ "\"abc", 0, 0, NULL, "line 1: a quoted field is not closed" },
	{ "a\n\"b\nc,d\n", 0, 0, NULL, "line 2: a quoted field is not" },
	{ "\xef\xbb\xbf\"", 0, 0, NULL, "line 1: a quoted field is not" },
	/* Text after a closing quote, a space too. */
	{ "\"a\"b", 0, 0, NULL, "line 1: text after a quoted field's" },
	{ "x\n\"a\" ,b", 0, 0, NULL, "line 2: text after a quoted field's" },
	/* A quote inside a field that is not quoted (RFC 4180, 2.5). */
	{ "a\"b", 0, 0, NULL, "line 1: a quote inside a field" },
	{ "a,b\n \"c\"", 0, 0, NULL, "line 2: a quote inside a field" },
	/* Not UTF-8: a stray byte, a cut sequence, overlong, a surrogate. */
	{ "a,\xff", 0, 0, NULL, "line 1: not UTF-8" },
	{ "a\n\"b\xc3\"", 0, 0, NULL, "line 2: not UTF-8" },
	{ "\xc0\xaf", 0, 0, NULL, "line 1: not UTF-8" },
	{ "x\r\ny\r\n\xed\xa0\x80", 0, 0, NULL, "line 3: not UTF-8" },
};

/* Appends t's records to b in the form of cases[].want. */
static void
show(const struct csv *t, struct buf *b)
{
	size_t	 i, j;

	for (i = 0; i < t->n; i++) {
		buf_printf(b, "%s%zu", i > 0 ? " " : "", t->row[i].line);
		for (j = 0; j < t->row[i].n; j++)
			buf_printf(b, "<%s>", t->row[i].cell[j]);
	}
}

START_TEST(csv_rule)
{
	struct csv t;
	struct buf b;
	char	 why[128];
	int	 rc;

	strcpy(why, "(none)");
	rc = csv_parse(cases[_i].in, strlen(cases[_i].in), &t,
	    cases[_i].rows ? cases[_i].rows : ROWS,
	    cases[_i].cells ? cases[_i].cells : CELLS, why, sizeof(why));
	if (cases[_i].why != NULL) {
		ck_assert_msg(rc == -1, "case %d accepted", _i);
		ck_assert_msg(strstr(why, cases[_i].why) != NULL,
		    "case %d: \"%s\" does not say \"%s\"", _i, why,
		    cases[_i].why);
		/* Nothing to free after a refusal. */
		ck_assert_ptr_null(t.row);
		ck_assert_uint_eq(t.n, 0);
		return;
	}
	ck_assert_msg(rc == 0, "case %d refused: %s", _i, why);
	buf_init(&b);
	show(&t, &b);
	ck_assert_msg(!b.oom, "out of memory");
	ck_assert_msg(strcmp(buf_cstr(&b), cases[_i].want) == 0,
	    "case %d: read \"%s\", not \"%s\"", _i, buf_cstr(&b),
	    cases[_i].want);
	buf_free(&b);
	csv_free(&t);
	ck_assert_ptr_null(t.row);
	ck_assert_uint_eq(t.n, 0);
}
END_TEST

/* The cells are copies: the input may go once it is read. */
START_TEST(csv_cells_copied)
{
	struct csv t;
	char	 in[] = "\"a,b\",c\n", why[128];

	ck_assert_int_eq(csv_parse(in, strlen(in), &t, ROWS, CELLS, why,
	    sizeof(why)), 0);
	memset(in, 'x', strlen(in));
	ck_assert_uint_eq(t.n, 1);
	ck_assert_uint_eq(t.row[0].n, 2);
	ck_assert_str_eq(t.row[0].cell[0], "a,b");
	ck_assert_str_eq(t.row[0].cell[1], "c");
	csv_free(&t);
}
END_TEST

/* The length bounds the input, not a NUL: bytes past it are not read. */
START_TEST(csv_len_bounds)
{
	struct csv t;
	const char *in = "a,b\nc,\"d";
	char	 why[128];

	ck_assert_int_eq(csv_parse(in, 5, &t, ROWS, CELLS, why, sizeof(why)),
	    0);
	ck_assert_uint_eq(t.n, 2);
	ck_assert_uint_eq(t.row[1].n, 1);
	ck_assert_str_eq(t.row[1].cell[0], "c");
	csv_free(&t);
}
END_TEST

/* A NUL byte is no text: a cell would end at it. */
START_TEST(csv_nul)
{
	static const char in[] = "a,b\nc,d\0e\n";
	struct csv t;
	char	 why[128];

	ck_assert_int_eq(csv_parse(in, sizeof(in) - 1, &t, ROWS, CELLS, why,
	    sizeof(why)), -1);
	ck_assert_str_eq(why, "line 2: a NUL byte: not text");
	ck_assert_uint_eq(t.n, 0);
}
END_TEST

/* A reason longer than the buffer is cut, never overrun. */
START_TEST(csv_why_bounded)
{
	struct csv t;
	char	 why[16] = "0123456789abcde";

	ck_assert_int_eq(csv_parse("\"a", 2, &t, ROWS, CELLS, why, 8), -1);
	ck_assert_str_eq(why, "line 1:");
	ck_assert_int_eq(why[8], '8');
}
END_TEST

static Suite *
csv_suite(void)
{
	Suite	*s = suite_create("csv");
	TCase	*tc = tcase_create("csv_parse");

	tcase_add_loop_test(tc, csv_rule, 0,
	    (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, csv_cells_copied);
	tcase_add_test(tc, csv_len_bounds);
	tcase_add_test(tc, csv_nul);
	tcase_add_test(tc, csv_why_bounded);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(csv_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
