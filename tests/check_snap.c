/*
 * check_snap.c: the snapshot's byte stream (src/http/snap.c).  One
 * visitor writes a structure and reads it back, so a round trip through
 * each primitive must give back what went in, in the bytes snap.c
 * promises (little-endian numbers, strings with their NUL).  The reader
 * takes a file off the disk: every bound of snap.h is tried with the
 * bytes that break it (a number out of its range, a string without its
 * NUL or with one inside, a length or a count past the end, each prefix
 * of a good stream), and each refusal must name itself and leave the
 * member untouched.  Streams are read from exact-size copies, so that a
 * read past the end is an invalid read under valgrind
 * (tests/lib/unit-valgrind) and ASan; an answer read back points into
 * the stream (lent, encoding.h), which enc_free must leave.
 */
#include "config.h"

#include <check.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "base/util.h"
#include "http/snap.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/* snap.c's FLUSH_AT: what the writer gathers before it writes to its
 * file, and the size from which bytes go there straight. */
#define MIB		((size_t)1 << 20)

#define OUT_OF_BOUNDS	"a number out of bounds"
#define COUNT_OUT	"a count out of bounds"
#define COUNT_BEYOND	"a count beyond the end"
#define UNTERMINATED	"a string not terminated"
#define BEYOND		"a length beyond the end"
#define LEN_NOT		"an answer's length is not its bytes'"
#define NEITHER		"an answer with neither its bytes nor gzip"

/* A writer into b alone (no file). */
static void
writing(struct snap *s, struct buf *b)
{
	buf_init(b);
	snap_writer(s, b, NULL);
}

/*
 * Starts s reading an exact-size copy of b's first n bytes (all: n
 * SIZE_MAX), returned for the caller to free: a read past its end is an
 * invalid read under valgrind and ASan, not a read of what follows.
 */
static unsigned char *
reading(struct snap *s, const struct buf *b, size_t n)
{
	unsigned char *in;

	if (n > b->len)
		n = b->len;
	ck_assert_ptr_nonnull(in = malloc(n > 0 ? n : 1));
	if (n > 0)
		memcpy(in, b->data, n);
	snap_reader(s, in, n);
	return in;
}

/* Appends v to b as the stream has it (a little-endian u64), by hand:
 * the bytes a hostile file would hold. */
static void
raw64(struct buf *b, uint64_t v)
{
	unsigned char c[8];
	int	 i;

	for (i = 0; i < 8; i++)
		c[i] = (unsigned char)(v >> (8 * i));
	buf_append(b, c, sizeof(c));
}

/* That row of a table was taken (why NULL) or refused for why. */
static void
outcome(const struct snap *s, const char *why, int row)
{
	if (why == NULL)
		ck_assert_msg(snap_ok(s), "row %d refused: %s", row, s->why);
	else {
		ck_assert_msg(!snap_ok(s), "row %d taken", row);
		ck_assert_str_eq(s->why, why);
	}
}

/* --- Numbers ---------------------------------------------------------- */

/*
 * A u64 (little-endian whatever the machine: a file moves between them)
 * read back as an int within [min, max], or as a size up to max (and as
 * a u64): taken, it is written back as the same bytes (an int's sign
 * extended); refused, the member keeps its value.
 */
static const struct {
	int64_t	 v;
	int	 min, max;
	const char *why;
} ints[] = {
	{ 0, 0, 1, NULL }, { 1, 0, 1, NULL },
	{ -1, 0, 1, OUT_OF_BOUNDS }, { 2, 0, 1, OUT_OF_BOUNDS },
	{ -5, -5, 5, NULL }, { 5, -5, 5, NULL },
	{ -6, -5, 5, OUT_OF_BOUNDS }, { 6, -5, 5, OUT_OF_BOUNDS },
	{ INT_MIN, INT_MIN, INT_MAX, NULL },
	{ INT_MAX, INT_MIN, INT_MAX, NULL },
	{ (int64_t)INT_MAX + 1, INT_MIN, INT_MAX, OUT_OF_BOUNDS },
	{ (int64_t)INT_MIN - 1, INT_MIN, INT_MAX, OUT_OF_BOUNDS },
	{ INT64_MAX, INT_MIN, INT_MAX, OUT_OF_BOUNDS },
	{ INT64_MIN, INT_MIN, INT_MAX, OUT_OF_BOUNDS },
	{ 7, 7, 7, NULL }, { 0, 7, 7, OUT_OF_BOUNDS },
};

static const struct {
	uint64_t v;
	size_t	 max;
	const char *why;
} sizes[] = {
	{ 0, 0, NULL }, { 1, 0, COUNT_OUT },
	{ 5, 5, NULL }, { 6, 5, COUNT_OUT },
	{ SIZE_MAX, SIZE_MAX, NULL }, { SIZE_MAX, SIZE_MAX - 1, COUNT_OUT },
	{ UINT64_MAX, SIZE_MAX / 2, COUNT_OUT },
	{ SIZE_MAX / 2, SIZE_MAX / 2, NULL },
	{ 0x0102030405060708ULL, SIZE_MAX, NULL }, { 0x80, SIZE_MAX, NULL },
	{ (uint64_t)INT64_MAX + 1, SIZE_MAX, NULL },
};

START_TEST(int_bounds)
{
	struct snap s;
	struct buf b, again;
	unsigned char *in;
	int	 got = 12345;

	buf_init(&b);
	raw64(&b, (uint64_t)ints[_i].v);
	in = reading(&s, &b, SIZE_MAX);
	snap_int(&s, &got, ints[_i].min, ints[_i].max);
	outcome(&s, ints[_i].why, _i);
	ck_assert_int_eq(got, ints[_i].why == NULL ? ints[_i].v : 12345);
	writing(&s, &again);
	snap_int(&s, &got, ints[_i].min, ints[_i].max);
	if (ints[_i].why == NULL)
		ck_assert_mem_eq(again.data, b.data, 8);
	free(in);
	buf_free(&b);
	buf_free(&again);
}
END_TEST

START_TEST(size_bounds)
{
	struct snap s;
	struct buf b, again;
	unsigned char *in;
	uint64_t u = 5;
	size_t	 got = 777;

	buf_init(&b);
	raw64(&b, sizes[_i].v);
	in = reading(&s, &b, SIZE_MAX);
	snap_size(&s, &got, sizes[_i].max);
	outcome(&s, sizes[_i].why, _i);
	ck_assert(got == (sizes[_i].why == NULL ? sizes[_i].v : 777));
	writing(&s, &again);
	snap_size(&s, &got, sizes[_i].max);
	if (sizes[_i].why == NULL)
		ck_assert_mem_eq(again.data, b.data, 8);
	/* The same bytes as a u64, read and written back. */
	snap_reader(&s, in, 8);
	snap_u64(&s, &u);
	ck_assert(snap_ok(&s) && u == sizes[_i].v);
	buf_reset(&again);
	snap_writer(&s, &again, NULL);
	snap_u64(&s, &u);
	ck_assert_mem_eq(again.data, b.data, 8);
	free(in);
	buf_free(&b);
	buf_free(&again);
}
END_TEST

/* --- Strings ---------------------------------------------------------- */

/* A fixed-size member: its bytes as they are, a NUL among them. */
static const struct {
	const char *bytes;
	size_t	 size;
	size_t	 cut;		/* the stream's bytes read; SIZE_MAX: all */
	const char *why;
} fixeds[] = {
	{ "abc\0\0\0\0\0", 8, SIZE_MAX, NULL },
	{ "\0bcdefgh", 8, SIZE_MAX, NULL }, { "abcdefg\0", 8, SIZE_MAX, NULL },
	{ "abc\0efgh", 8, SIZE_MAX, NULL },	/* bytes after the NUL: 0 */
	{ "abcdefgh", 8, SIZE_MAX, UNTERMINATED },
	{ "\0", 1, SIZE_MAX, NULL }, { "x", 1, SIZE_MAX, UNTERMINATED },
	{ "", 0, SIZE_MAX, UNTERMINATED },	/* no room for a NUL */
	{ "abc\0\0\0\0\0", 8, 3, "truncated" },
};

START_TEST(fixed_terminated)
{
	struct snap s;
	struct buf b;
	unsigned char *in;
	char	 v[8], got[8], want[8];
	size_t	 size = fixeds[_i].size, k;

	memcpy(v, fixeds[_i].bytes, size);
	/* written up to the NUL, then zeros: the same string, the same
	 * bytes, whatever its buffer held after it */
	memcpy(want, v, size);
	for (k = strnlen(want, size); k < size; k++)
		want[k] = '\0';
	memset(got, 'Z', sizeof(got));
	writing(&s, &b);
	snap_fixed(&s, v, size);
	ck_assert(snap_ok(&s) && b.len == size);
	in = reading(&s, &b, fixeds[_i].cut);
	snap_fixed(&s, got, size);
	outcome(&s, fixeds[_i].why, _i);
	if (fixeds[_i].why == NULL)
		ck_assert(memcmp(got, want, size) == 0 && s.pos == size);
	else
		ck_assert_mem_eq(got, "ZZZZZZZZ", 8);
	free(in);
	buf_free(&b);
}
END_TEST

/* A fixed-size member as a hostile file may hold it: taken only as the
 * writer writes it, zeros after the NUL, so that a stream taken is
 * written back as the same bytes (fuzz_snapshot found an etag with a
 * byte after its end taken, and written back as a zero). */
static const struct {
	const char *bytes;
	const char *why;
} raw_fixeds[] = {
	{ "abc\0\0\0\0\0", NULL }, { "\0\0\0\0\0\0\0\0", NULL },
	{ "abcdefg\0", NULL },
	{ "abc\0efgh", "bytes after a string's end" },
	{ "\0\0\0\0\x10\0\0\0", "bytes after a string's end" },
	{ "\0\0\0\0\0\0\0\x01", "bytes after a string's end" },
	{ "abcdefgh", UNTERMINATED },
};

START_TEST(fixed_canonical)
{
	struct snap s;
	struct buf b, again;
	unsigned char *in;
	char	 got[8];

	buf_init(&b);
	buf_init(&again);
	buf_append(&b, raw_fixeds[_i].bytes, 8);
	memset(got, 'Z', sizeof(got));
	in = reading(&s, &b, SIZE_MAX);
	snap_fixed(&s, got, sizeof(got));
	outcome(&s, raw_fixeds[_i].why, _i);
	if (raw_fixeds[_i].why != NULL)
		ck_assert_mem_eq(got, "ZZZZZZZZ", 8);
	else {
		snap_writer(&s, &again, NULL);
		snap_fixed(&s, got, sizeof(got));
		ck_assert(snap_ok(&s) && again.len == 8);
		ck_assert_mem_eq(again.data, raw_fixeds[_i].bytes, 8);
	}
	free(in);
	buf_free(&b);
	buf_free(&again);
}
END_TEST

/* Strings as a file holds them: a length (0: NULL; else the bytes'
 * plus one), then the bytes and a NUL.  Taken, a string is written
 * back as the same bytes. */
static const struct {
	uint64_t len;
	const char *bytes;
	size_t	 nbytes;
	size_t	 cut;		/* the stream's bytes read; SIZE_MAX: all */
	const char *why;	/* NULL: taken, as bytes up to the NUL */
} bad_strs[] = {
	{ 0, "", 0, SIZE_MAX, NULL },			/* NULL */
	{ 1, "\0", 1, SIZE_MAX, NULL }, { 3, "ab\0", 3, SIZE_MAX, NULL },
	{ 13, "hello, world\0", 13, SIZE_MAX, NULL },
	{ 10, "caf\xc3\xa9 \xe2\x82\xac\0", 10, SIZE_MAX, NULL },
	{ 4, "a\0b\0", 4, SIZE_MAX, "a string with a NUL inside" },
	{ 2, "\0\0", 2, SIZE_MAX, "a string with a NUL inside" },
	{ 4, "abcd", 4, SIZE_MAX, UNTERMINATED },
	{ 1, "x", 1, SIZE_MAX, UNTERMINATED },
	{ 100, "abc\0", 4, SIZE_MAX, BEYOND }, { 1, "", 0, SIZE_MAX, BEYOND },
	{ 5, "abc\0", 4, SIZE_MAX, BEYOND },
	{ UINT64_MAX, "abc\0", 4, SIZE_MAX, BEYOND },
	{ (uint64_t)1 << 63, "abc\0", 4, SIZE_MAX, BEYOND },
	{ 3, "ab\0", 3, 7, "truncated" },		/* in the length */
};

START_TEST(str_bounds)
{
	struct snap s;
	struct buf b, again;
	unsigned char *in;
	char	*got = NULL;

	buf_init(&b);
	raw64(&b, bad_strs[_i].len);
	buf_append(&b, bad_strs[_i].bytes, bad_strs[_i].nbytes);
	in = reading(&s, &b, bad_strs[_i].cut);
	snap_str(&s, &got);
	outcome(&s, bad_strs[_i].why, _i);
	if (bad_strs[_i].why == NULL && bad_strs[_i].len > 0) {
		ck_assert_str_eq(got, bad_strs[_i].bytes);
		/* A copy: the string outlives the stream. */
		ck_assert(got < (char *)in || got >= (char *)in + b.len);
	} else
		ck_assert_ptr_null(got);
	writing(&s, &again);
	snap_str(&s, &got);
	if (bad_strs[_i].why == NULL)
		ck_assert(again.len == b.len &&
		    memcmp(again.data, b.data, b.len) == 0);
	free(got);
	free(in);
	buf_free(&b);
	buf_free(&again);
}
END_TEST

/* --- Answers ---------------------------------------------------------- */

/* Variants need not be real ones here: the stream carries bytes, NULs
 * among them. */
static const char gz[] = "\x1f\x8b\x08\0gzip\0bytes";
static const char br[] = "\x0b\x02\x80" "brotli";

/* Fills r with identity bytes data (NULL: none, as enc_shrink leaves
 * them) of length len and the variants asked for.  The bytes stay the
 * caller's: r is written, never freed. */
static void
answer(struct rendered *r, const char *data, size_t len, int with_gz,
    int with_br)
{
	memset(r, 0, sizeof(*r));
	r->data = (char *)(uintptr_t)data;
	r->len = len;
	snprintf(r->etag, sizeof(r->etag), "\"%016x\"", (unsigned)len);
	if (with_gz) {
		r->cdata[CODING_GZIP] = (char *)(uintptr_t)gz;
		r->clen[CODING_GZIP] = sizeof(gz) - 1;
	}
	if (with_br) {
		r->cdata[CODING_BR] = (char *)(uintptr_t)br;
		r->clen[CODING_BR] = sizeof(br) - 1;
	}
}

/* Whether p[0..n) lies within in[0..len). */
static int
within(const void *p, size_t n, const unsigned char *in, size_t len)
{
	const unsigned char *q = p;

	return q >= in && q <= in + len && n <= (size_t)(in + len - q);
}

static const char body[] = "<p>hello,\0world</p>";	/* a NUL inside */

static const struct {
	const char *data;
	size_t	 len;
	int	 gz, br;
} answers[] = {
	{ body, sizeof(body) - 1, 1, 1 }, { body, sizeof(body) - 1, 0, 0 },
	{ "", 0, 0, 0 }, { NULL, 0, 0, 0 },
	{ NULL, 300000, 1, 0 }, { NULL, 300000, 1, 1 },	/* shrunk */
};

START_TEST(rendered_round_trip)
{
	struct rendered w, r;
	struct snap s;
	struct buf b, again;
	unsigned char *in;
	unsigned lent = 0;
	int	 c;

	answer(&w, answers[_i].data, answers[_i].len, answers[_i].gz,
	    answers[_i].br);
	writing(&s, &b);
	snap_rendered(&s, &w);
	in = reading(&s, &b, SIZE_MAX);
	memset(&r, 0, sizeof(r));
	snap_rendered(&s, &r);
	outcome(&s, NULL, _i);
	ck_assert(s.pos == s.len);
	/* Every byte came back: written again, the same stream. */
	writing(&s, &again);
	snap_rendered(&s, &r);
	ck_assert(again.len == b.len && memcmp(again.data, in, b.len) == 0);
	/* In place: each of its bytes points into the stream, lent. */
	if (r.data != NULL) {
		ck_assert(within(r.data, r.len + 1, in, b.len));
		lent |= ENC_LENT_DATA;
	}
	for (c = 0; c < CODING__MAX; c++)
		if (r.cdata[c] != NULL) {
			ck_assert(within(r.cdata[c], r.clen[c], in, b.len));
			lent |= ENC_LENT_CODING(c);
		}
	ck_assert_uint_eq(r.lent, lent);
	/* enc_free leaves them (freeing a pointer into in would be an
	 * invalid free) and zeroes r; the stream is as it was. */
	enc_free(&r);
	ck_assert(r.data == NULL && r.lent == 0);
	ck_assert_mem_eq(in, b.data, b.len);
	free(in);
	buf_free(&b);
	buf_free(&again);
}
END_TEST

static const char *const none[CODING__MAX] = { NULL };
static const char *const gzip[CODING__MAX] = { [CODING_GZIP] = "gz" };
static const char *const brotli[CODING__MAX] = { [CODING_BR] = "br" };

/* Answers as a hostile file holds them: the tag, the length, then the
 * identity bytes and the variants as strings (NULL: none). */
static const struct {
	const char *etag;	/* NULL: "\"t\"" */
	uint64_t len;
	const char *data;
	const char *const *v;
	const char *why;
} bad_answers[] = {
	{ NULL, 5, "abcde", none, NULL }, { NULL, 5, "abc", none, LEN_NOT },
	{ NULL, 2, "abc", gzip, LEN_NOT }, { NULL, 0, "abc", none, LEN_NOT },
	{ NULL, 10, NULL, gzip, NULL }, { NULL, 0, NULL, none, NULL },
	{ NULL, 10, NULL, brotli, NEITHER }, { NULL, 10, NULL, none, NEITHER },
	{ NULL, (uint64_t)SIZE_MAX / 2 + 1, NULL, gzip, COUNT_OUT },
	{ "eeeeeeeeeeeeeeeeeeeeeeee", 0, NULL, none, UNTERMINATED },
};

START_TEST(rendered_refused)
{
	struct rendered r;
	struct snap s;
	struct buf b;
	unsigned char *in;
	uint64_t len = bad_answers[_i].len;
	const char *t = bad_answers[_i].etag != NULL ? bad_answers[_i].etag :
	    "\"t\"";
	char	 tag[sizeof(r.etag)], *p;
	int	 c;

	/* Written field by field as snap_rendered writes them. */
	memset(tag, 0, sizeof(tag));
	memcpy(tag, t, strlen(t));
	writing(&s, &b);
	snap_fixed(&s, tag, sizeof(tag));
	snap_u64(&s, &len);
	for (c = -1; c < CODING__MAX; c++) {
		p = (char *)(uintptr_t)(c < 0 ? bad_answers[_i].data :
		    bad_answers[_i].v[c]);
		snap_str(&s, &p);
	}
	in = reading(&s, &b, SIZE_MAX);
	memset(&r, 0, sizeof(r));
	snap_rendered(&s, &r);
	outcome(&s, bad_answers[_i].why, _i);
	/* Taken or not, what was read points into in: the usual free
	 * (enc_free) must leave it. */
	enc_free(&r);
	free(in);
	buf_free(&b);
}
END_TEST

/* --- Arrays ----------------------------------------------------------- */

struct elem {
	uint64_t a, b;
};

static const struct {
	uint64_t n;		/* the count in the stream */
	size_t	 after;		/* bytes that follow it */
	size_t	 max;
	const char *why;
} arrays[] = {
	{ 0, 0, 10, NULL }, { 10, 40, 10, NULL },
	{ 3, 12, 10, NULL },	/* 4 bytes an element, a quarter of its 16 */
	{ 3, 11, 10, COUNT_BEYOND }, { 1, 3, 10, COUNT_BEYOND },
	{ 11, 100, 10, COUNT_OUT }, { UINT64_MAX, 16, 4096, COUNT_OUT },
	{ UINT64_MAX, 16, SIZE_MAX, COUNT_BEYOND },
};

START_TEST(array_bounds)
{
	struct snap s;
	struct buf b, again;
	struct elem *e;
	unsigned char *in;
	size_t	 n = 99, k;

	buf_init(&b);
	raw64(&b, arrays[_i].n);
	for (k = 0; k < arrays[_i].after; k++)
		buf_putc(&b, 'x');
	in = reading(&s, &b, SIZE_MAX);
	e = snap_array(&s, NULL, &n, sizeof(*e), arrays[_i].max);
	outcome(&s, arrays[_i].why, _i);
	/* No array, no count: a visitor keeps *n as its array's length. */
	if (arrays[_i].why != NULL || n == 0)
		ck_assert(e == NULL && n == 0);
	else {
		/* Zeroed: a visitor that fails half-way leaves elements its
		 * free function can take. */
		ck_assert(n == arrays[_i].n && s.pos == 8 && e != NULL);
		for (k = 0; k < n; k++)
			ck_assert(e[k].a == 0 && e[k].b == 0);
		/* Writing, the array is the caller's: returned as it is,
		 * its count written as read. */
		writing(&s, &again);
		ck_assert_ptr_eq(snap_array(&s, e, &n, sizeof(*e), 10), e);
		ck_assert(snap_ok(&s) && n == arrays[_i].n);
		ck_assert(again.len == 8 && memcmp(again.data, in, 8) == 0);
		buf_free(&again);
	}
	free(e);
	free(in);
	buf_free(&b);
}
END_TEST

/* --- A stream of every kind, cut at every byte -------------------------- */

struct item {
	char	*name;
	struct rendered r;
};

struct sample {
	uint64_t u;
	int	 i;
	size_t	 z;
	char	 fixed[12];
	char	*s, *none;
	struct rendered page, shrunk;
	struct item *items;
	size_t	 nitems;
};

/* The visitor of a sample, written as site_snap and the others are:
 * one order both ways; read back, filled as far as it went. */
static void
sample_snap(struct snap *s, struct sample *m)
{
	size_t	 n = m->nitems, k;

	snap_u64(s, &m->u);
	snap_int(s, &m->i, -100, 100);
	snap_size(s, &m->z, 1000);
	snap_fixed(s, m->fixed, sizeof(m->fixed));
	snap_str(s, &m->s);
	snap_str(s, &m->none);
	snap_rendered(s, &m->page);
	m->items = snap_array(s, m->items, &n, sizeof(*m->items), 16);
	m->nitems = snap_ok(s) ? n : 0;
	for (k = 0; k < m->nitems; k++) {
		snap_str(s, &m->items[k].name);
		snap_rendered(s, &m->items[k].r);
	}
	snap_rendered(s, &m->shrunk);
}

static void
sample_free(struct sample *m)
{
	size_t	 k;

	free(m->s);
	free(m->none);
	enc_free(&m->page);
	enc_free(&m->shrunk);
	for (k = 0; k < m->nitems; k++) {
		free(m->items[k].name);
		enc_free(&m->items[k].r);
	}
	free(m->items);
	memset(m, 0, sizeof(*m));
}

/*
 * Every prefix of a good stream is refused as cut short, whichever
 * primitive it ends in, and what it filled is freed by the usual free
 * (valgrind: nothing lost, nothing freed that the stream lends).  The
 * whole stream is taken, and writes the very bytes it was read from.
 */
START_TEST(every_prefix_truncated)
{
	static const char *const cut[] = { "truncated", BEYOND, COUNT_BEYOND };
	static struct item items[3] = {
		{ .name = (char *)(uintptr_t)"first" }, { .name = NULL },
		{ .name = (char *)(uintptr_t)"" } };
	struct sample m = { .u = 0x1122334455667788ULL, .i = -42, .z = 1000,
	    .fixed = "\"abc\"", .s = (char *)(uintptr_t)"a string",
	    .items = items, .nitems = NELEM(items) };
	struct snap s;
	struct buf b, again;
	unsigned char *in;
	size_t	 k, j;

	answer(&m.page, "<html>page</html>", 17, 1, 1);
	answer(&m.shrunk, NULL, 400000, 1, 0);
	answer(&items[0].r, "item", 4, 0, 1);
	answer(&items[2].r, "", 0, 0, 0);
	writing(&s, &b);
	sample_snap(&s, &m);
	ck_assert(snap_ok(&s));
	for (k = 0; k <= b.len; k++) {
		in = reading(&s, &b, k);
		memset(&m, 0, sizeof(m));
		sample_snap(&s, &m);
		if (k == b.len)
			break;
		ck_assert_msg(!snap_ok(&s), "prefix %zu of %zu taken", k,
		    b.len);
		for (j = 0; j < NELEM(cut); j++)
			if (strcmp(s.why, cut[j]) == 0)
				break;
		ck_assert_msg(j < NELEM(cut), "prefix %zu: \"%s\"", k, s.why);
		ck_assert_uint_le(s.pos, k);
		sample_free(&m);
		free(in);
	}
	ck_assert_msg(snap_ok(&s), "the whole stream refused: %s", s.why);
	ck_assert(s.pos == b.len && m.nitems == 3 && m.i == -42);
	ck_assert_str_eq(m.items[0].name, "first");
	writing(&s, &again);
	sample_snap(&s, &m);
	ck_assert(snap_ok(&s) && again.len == b.len);
	ck_assert_mem_eq(again.data, b.data, b.len);
	sample_free(&m);
	free(in);
	buf_free(&b);
	buf_free(&again);
}
END_TEST

/* A lent block: padded with zeros to its alignment from the stream's
 * start, read back in place (not copied) and written back the same
 * bytes; padding that is not zeros, a block beyond the end and a buffer
 * out of alignment refused. */
START_TEST(lent_aligned)
{
	static const uint32_t words[3] = { 7, 8, 9 };
	struct snap s;
	struct buf b, again;
	unsigned char *in, *odd;
	void	*got = NULL, *w = (void *)(uintptr_t)words;
	char	 ab[3];
	int	 one = 1;

	writing(&s, &b);
	snap_int(&s, &one, 0, 1);
	snap_fixed(&s, (char *)(uintptr_t)"ab", 3);
	snap_lent(&s, &w, sizeof(words), 4);
	ck_assert(snap_ok(&s));
	ck_assert_uint_eq(b.len, 8 + 3 + 1 + sizeof(words));
	ck_assert_uint_eq(b.data[11], 0);
	in = reading(&s, &b, b.len);
	snap_int(&s, &one, 0, 1);
	snap_fixed(&s, ab, 3);
	snap_lent(&s, &got, sizeof(words), 4);
	ck_assert_msg(snap_ok(&s), "refused: %s", s.why);
	ck_assert_ptr_eq(got, in + 12);
	ck_assert_mem_eq(got, words, sizeof(words));
	writing(&s, &again);
	snap_int(&s, &one, 0, 1);
	snap_fixed(&s, (char *)(uintptr_t)"ab", 3);
	snap_lent(&s, &got, sizeof(words), 4);
	ck_assert_uint_eq(again.len, b.len);
	ck_assert_mem_eq(again.data, b.data, b.len);
	free(in);

	b.data[11] = 1;
	in = reading(&s, &b, b.len);
	s.pos = 11;
	snap_lent(&s, &got, sizeof(words), 4);
	ck_assert_str_eq(s.why, "padding that is not zeros");
	ck_assert_ptr_null(got);
	free(in);
	b.data[11] = 0;
	in = reading(&s, &b, b.len - 1);
	s.pos = 11;
	snap_lent(&s, &got, sizeof(words), 4);
	ck_assert_str_eq(s.why, "a block beyond the end");
	free(in);
	/* the stream's bytes one past an aligned address */
	ck_assert_ptr_nonnull(odd = malloc(b.len + 1));
	memcpy(odd + 1, b.data, b.len);
	snap_reader(&s, odd + 1, b.len);
	s.pos = 11;
	snap_lent(&s, &got, sizeof(words), 4);
	ck_assert_str_eq(s.why, "a stream not aligned in memory");
	free(odd);
	buf_free(&b);
	buf_free(&again);
}
END_TEST

/* Once failed, a stream stays failed with its first reason, and no call
 * reads, writes or changes a member. */
START_TEST(failed_stays_failed)
{
	static const unsigned char zeros[64];
	struct rendered r = { .len = 3 };
	struct snap s;
	struct buf b;
	uint64_t u = 5;
	size_t	 z = 6, n = 7;
	int	 i = 1;
	char	 f[4] = "ab", *str = NULL;

	snap_reader(&s, zeros, sizeof(zeros));
	ck_assert(snap_fail(&s, "first") == -1 && snap_fail(&s, "2") == -1);
	snap_u64(&s, &u);
	snap_int(&s, &i, 0, 10);
	snap_size(&s, &z, 10);
	snap_fixed(&s, f, sizeof(f));
	snap_str(&s, &str);
	snap_rendered(&s, &r);
	ck_assert(snap_array(&s, NULL, &n, 1, 10) == NULL && n == 0);
	ck_assert(u == 5 && i == 1 && z == 6 && r.len == 3);
	ck_assert(strcmp(f, "ab") == 0 && str == NULL && s.pos == 0);
	ck_assert_str_eq(s.why, "first");
	/* Writing, the array stays the caller's (a live load's). */
	writing(&s, &b);
	snap_fail(&s, "stop");
	snap_u64(&s, &u);
	n = 7;
	ck_assert(snap_array(&s, f, &n, 1, 10) == f && n == 7);
	ck_assert(!snap_ok(&s) && b.len == 0);
	/* A writer whose buffer ran out of memory is failed too. */
	snap_writer(&s, &b, NULL);
	b.oom = 1;
	ck_assert(!snap_ok(&s) && snap_flush(&s) == -1);
	buf_free(&b);
}
END_TEST

/* --- The writer with a file ------------------------------------------ */

/* Small numbers, more of them than the writer gathers. */
static void
small_numbers(struct snap *s)
{
	uint64_t v;

	for (v = 0; v < 150000; v++)
		snap_u64(s, &v);
}

/* Bytes past the threshold and a string after them. */
static void
big_answer(struct snap *s, const char *big, size_t bign)
{
	struct rendered r;
	char	*str = (char *)(uintptr_t)"after";

	answer(&r, big, bign, 1, 0);
	snap_rendered(s, &r);
	snap_str(s, &str);
}

START_TEST(file_writer)
{
	struct snap mem, file;
	struct buf a, b;
	size_t	 bign = 2 * MIB + 123, n;
	char	*big, *got;
	FILE	*f;
	long	 before;
	uLong	 crc;

	ck_assert_ptr_nonnull(big = malloc(bign + 1));
	for (n = 0; n < bign; n++)
		big[n] = (char)('a' + n % 23);
	big[bign] = '\0';
	writing(&mem, &a);
	small_numbers(&mem);
	big_answer(&mem, big, bign);
	ck_assert(snap_ok(&mem));

	ck_assert_ptr_nonnull(f = tmpfile());
	buf_init(&b);
	snap_writer(&file, &b, f);
	/* Small writes: the buffer is flushed as it reaches the threshold,
	 * and never holds more. */
	small_numbers(&file);
	ck_assert(snap_ok(&file) && b.len < MIB && ftell(f) >= (long)MIB);
	ck_assert_uint_eq((size_t)ftell(f) + b.len, 150000 * 8);
	/* A large write: what the buffer held, then the bytes themselves
	 * go to the file at once, never copied into the buffer (which
	 * never grew to their size). */
	before = ftell(f);
	big_answer(&file, big, bign);
	ck_assert(snap_ok(&file) && ftell(f) >= before + (long)bign);
	ck_assert(b.len < 64 && b.cap < bign);
	ck_assert(snap_flush(&file) == 0 && b.len == 0);

	/* The file holds what the buffer-only writer gathered; the CRC-32
	 * is zlib's of every byte written (a buffer-only writer's, 0). */
	n = (size_t)ftell(f);
	ck_assert_uint_eq(n, a.len);
	ck_assert_ptr_nonnull(got = malloc(n));
	rewind(f);
	ck_assert_uint_eq(fread(got, 1, n, f), n);
	ck_assert_mem_eq(got, a.data, n);
	crc = crc32(crc32(0L, Z_NULL, 0), (const Bytef *)got, (uInt)n);
	ck_assert(file.crc == crc && snap_crc(0, got, n) == crc);
	ck_assert_uint_eq(mem.crc, 0);
	/* snap_crc continues a CRC; its check value is CRC-32/ISO-HDLC's. */
	ck_assert_uint_eq(snap_crc(snap_crc(0, got, 12345), got + 12345,
	    n - 12345), crc);
	ck_assert_uint_eq(snap_crc(0, "123456789", 9), 0xcbf43926u);
	fclose(f);

	/* A file that cannot take them (a full disk) fails the stream with
	 * its reason, at the write that found it. */
	ck_assert_ptr_nonnull(f = fopen("/dev/full", "w"));
	snap_writer(&file, &b, f);
	big_answer(&file, big, bign);
	ck_assert(!snap_ok(&file) && snap_flush(&file) == -1);
	ck_assert_str_eq(file.why, "cannot be written");
	fclose(f);
	free(got);
	free(big);
	buf_free(&a);
	buf_free(&b);
}
END_TEST

static Suite *
suite(void)
{
	Suite	*s = suite_create("snap");
	TCase	*tc;

	tc = tcase_create("numbers");
	tcase_add_loop_test(tc, int_bounds, 0, (int)NELEM(ints));
	tcase_add_loop_test(tc, size_bounds, 0, (int)NELEM(sizes));
	suite_add_tcase(s, tc);

	tc = tcase_create("strings");
	tcase_add_loop_test(tc, fixed_terminated, 0, (int)NELEM(fixeds));
	tcase_add_loop_test(tc, fixed_canonical, 0, (int)NELEM(raw_fixeds));
	tcase_add_loop_test(tc, str_bounds, 0, (int)NELEM(bad_strs));
	suite_add_tcase(s, tc);

	tc = tcase_create("answers");
	tcase_add_loop_test(tc, rendered_round_trip, 0, (int)NELEM(answers));
	tcase_add_loop_test(tc, rendered_refused, 0, (int)NELEM(bad_answers));
	suite_add_tcase(s, tc);

	tc = tcase_create("arrays");
	tcase_add_loop_test(tc, array_bounds, 0, (int)NELEM(arrays));
	suite_add_tcase(s, tc);

	tc = tcase_create("streams");
	tcase_set_timeout(tc, 120);	/* every prefix, under valgrind */
	tcase_add_test(tc, every_prefix_truncated);
	tcase_add_test(tc, lent_aligned);
	tcase_add_test(tc, failed_stays_failed);
	suite_add_tcase(s, tc);

	tc = tcase_create("file");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, file_writer);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
