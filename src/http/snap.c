/*
 * snap.c: a load's renders as a byte stream, written and read back by
 * the same visitor functions (snap.h).
 *
 * Every number is a u64, little-endian.  A string is its length plus
 * one (0: NULL), its bytes and a NUL; a fixed-size member is its bytes
 * and nothing else; an array is its count, then its elements as the
 * visitor writes them.
 */
#include "config.h"

#include <sys/mman.h>

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libdeflate.h>

#include "http/snap.h"

/* What the writer gathers before it writes to its file. */
#define FLUSH_AT	((size_t)1 << 20)
#define POPULATE_MIN	((size_t)64 << 10)	/* populate()'s least */
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE	23	/* Linux 5.14 */
#endif

/*
 * Starts writing into out, and from there into f when f is not NULL
 * (snap_flush, as out fills), with the CRC-32 of the bytes written.
 */
void
snap_writer(struct snap *s, struct buf *out, FILE *f)
{
	memset(s, 0, sizeof(*s));
	s->out = out;
	s->f = f;
}

/* The CRC-32 (ISO-HDLC, zlib's) of p[0..n) after crc: libdeflate's,
 * which uses the processor's carry-less multiply. */
uint32_t
snap_crc(uint32_t crc, const void *p, size_t n)
{
	return libdeflate_crc32(crc, p, n);
}

/* Writes what out holds to the writer's file.  Returns 0, or -1 (the
 * stream failed). */
int
snap_flush(struct snap *s)
{
	if (s->failed || s->out->oom)
		return snap_fail(s, "out of memory");
	if (s->f == NULL || s->out->len == 0)
		return 0;
	if (fwrite(s->out->data, 1, s->out->len, s->f) != s->out->len)
		return snap_fail(s, "cannot be written");
	s->crc = snap_crc(s->crc, s->out->data, s->out->len);
	buf_reset(s->out);
	return 0;
}

/* Appends p[0..n) to the stream written: large bytes go straight to
 * the file. */
static void
put(struct snap *s, const void *p, size_t n)
{
	s->wpos += n;
	if (s->f != NULL && n >= FLUSH_AT) {
		if (snap_flush(s) == -1)
			return;
		if (fwrite(p, 1, n, s->f) != n) {
			snap_fail(s, "cannot be written");
			return;
		}
		s->crc = snap_crc(s->crc, p, n);
		return;
	}
	buf_append(s->out, p, n);
	if (s->f != NULL && s->out->len >= FLUSH_AT)
		(void)snap_flush(s);
}

void
snap_reader(struct snap *s, const void *in, size_t len)
{
	memset(s, 0, sizeof(*s));
	s->reading = 1;
	s->in = in;
	s->len = len;
}

/* Marks s failed with the first reason; returns -1. */
int
snap_fail(struct snap *s, const char *why)
{
	if (!s->failed)
		s->why = why;
	s->failed = 1;
	return -1;
}

/* The next n bytes of the stream read, or NULL (failed). */
static const unsigned char *
take(struct snap *s, size_t n)
{
	const unsigned char *p;

	if (s->failed)
		return NULL;
	if (n > s->len - s->pos) {
		snap_fail(s, "truncated");
		return NULL;
	}
	p = s->in + s->pos;
	s->pos += n;
	return p;
}

static void
put64(struct snap *s, uint64_t v)
{
	unsigned char b[8];

	le_put(b, v, 8);
	put(s, b, sizeof(b));
}

/* The next number (one load where the host is little-endian: a
 * snapshot at scale holds a million of them). */
static int
get64(struct snap *s, uint64_t *v)
{
	const unsigned char *p;

	if ((p = take(s, 8)) == NULL)
		return -1;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(v, p, 8);
#else
	*v = le_get(p, 8);
#endif
	return 0;
}

void
snap_u64(struct snap *s, uint64_t *v)
{
	if (s->failed)
		return;
	if (!s->reading)
		put64(s, *v);
	else
		(void)get64(s, v);
}

void
snap_int(struct snap *s, int *v, int min, int max)
{
	uint64_t u;

	if (s->failed)
		return;
	if (!s->reading) {
		put64(s, (uint64_t)(int64_t)*v);
		return;
	}
	if (get64(s, &u) == -1)
		return;
	if ((int64_t)u < min || (int64_t)u > max) {
		snap_fail(s, "a number out of bounds");
		return;
	}
	*v = (int)(int64_t)u;
}

void
snap_size(struct snap *s, size_t *v, size_t max)
{
	uint64_t u;

	if (s->failed)
		return;
	if (!s->reading) {
		put64(s, *v);
		return;
	}
	if (get64(s, &u) == -1)
		return;
	if (u > max) {
		snap_fail(s, "a count out of bounds");
		return;
	}
	*v = (size_t)u;
}

/* Fixed-size member p[0..size): a NUL-terminated string in it. */
void
snap_fixed(struct snap *s, char *p, size_t size)
{
	const unsigned char *q, *nul;
	size_t	 n;

	if (s->failed)
		return;
	if (!s->reading) {
		/* the bytes after the NUL as zeros: the same string always
		 * writes the same bytes */
		n = strnlen(p, size);
		put(s, p, n);
		for (; n < size; n++)
			put(s, "", 1);
		return;
	}
	if ((q = take(s, size)) == NULL)
		return;
	if (size == 0 || (nul = memchr(q, '\0', size)) == NULL) {
		snap_fail(s, "a string not terminated");
		return;
	}
	/* what the writer never writes is refused: a stream taken is
	 * written back as the same bytes (fuzz_snapshot's oracle) */
	for (n = (size_t)(nul - q); n < size; n++)
		if (q[n] != '\0') {
			snap_fail(s, "bytes after a string's end");
			return;
		}
	memcpy(p, q, size);
}

/*
 * A byte string of the stream in place: *p points into the stream (NULL
 * for none), its length in *n, followed by a NUL.  Returns 0 or -1.
 */
static int
bytes_in(struct snap *s, const char **p, size_t *n)
{
	const unsigned char *q;
	uint64_t u;

	*p = NULL;
	*n = 0;
	if (get64(s, &u) == -1)
		return -1;
	if (u == 0)
		return 0;
	if (u - 1 >= s->len - s->pos) {
		snap_fail(s, "a length beyond the end");
		return -1;
	}
	if ((q = take(s, (size_t)u)) == NULL)
		return -1;
	if (q[u - 1] != '\0') {
		snap_fail(s, "a string not terminated");
		return -1;
	}
	*p = (const char *)q;
	*n = (size_t)(u - 1);
	return 0;
}

static void
bytes_out(struct snap *s, const char *p, size_t n)
{
	if (p == NULL) {
		put64(s, 0);
		return;
	}
	put64(s, (uint64_t)n + 1);
	put(s, p, n);
	put(s, "", 1);
}

/* A malloc'd string (or NULL): copied out of the stream when read. */
void
snap_str(struct snap *s, char **v)
{
	const char *p;
	size_t	 n;

	if (s->failed)
		return;
	if (!s->reading) {
		bytes_out(s, *v, *v != NULL ? strlen(*v) : 0);
		return;
	}
	if (bytes_in(s, &p, &n) == -1)
		return;
	if (p != NULL && memchr(p, '\0', n) != NULL) {
		snap_fail(s, "a string with a NUL inside");
		return;
	}
	if (p != NULL && (*v = strdup(p)) == NULL)
		snap_fail(s, "out of memory");
}

/*
 * Bytes p[0..*n) (or NULL), followed by a NUL: read back, *p points
 * into the stream, which the structure must not free (it is lent).
 */
void
snap_text(struct snap *s, char **p, size_t *n)
{
	const char *q;

	if (s->failed)
		return;
	if (!s->reading) {
		bytes_out(s, *p, *n);
		return;
	}
	if (bytes_in(s, &q, n) == -1)
		return;
	*p = (char *)(uintptr_t)q;
}

/*
 * A C string (or NULL), written up to its NUL; read back, *p points
 * into the stream (lent, as snap_text).  A string read back with a NUL
 * inside fails the stream with why: it would be written back shorter.
 */
void
snap_cstr(struct snap *s, char **p, const char *why)
{
	size_t	 n = s->reading || *p == NULL ? 0 : strlen(*p);

	snap_text(s, p, &n);
	if (s->reading && snap_ok(s) && *p != NULL &&
	    memchr(*p, '\0', n) != NULL)
		snap_fail(s, why);
}

/*
 * A block of size bytes in the host's layout (the snapshot's key
 * names the build, hence the byte order): read back, a malloc'd copy
 * in *p (NULL when size is 0).
 */
void
snap_block(struct snap *s, void **p, size_t size)
{
	const unsigned char *q;

	if (s->failed)
		return;
	if (!s->reading) {
		put(s, *p, size);
		return;
	}
	*p = NULL;
	if (size > s->len - s->pos) {
		snap_fail(s, "a block beyond the end");
		return;
	}
	if (size == 0 || (q = take(s, size)) == NULL)
		return;
	if ((*p = malloc(size)) == NULL) {
		snap_fail(s, "out of memory");
		return;
	}
	memcpy(*p, q, size);
}

/*
 * A block of size bytes in the host's layout, as snap_block, that stays
 * in the stream when read back (*p points there: lent, the structure
 * must not free it), so that it is not copied.  The stream pads it with
 * zeros to a multiple of align (a power of two at most 4096) from the
 * stream's start, which the reader's buffer must be aligned to as well
 * (the snapshot's is to a page, a malloc'd one to 16 bytes).
 */
void
snap_lent(struct snap *s, void **p, size_t size, size_t align)
{
	static const unsigned char zeros[4096];
	const unsigned char *q;
	size_t	 pad, i;

	if (s->failed)
		return;
	if (!s->reading) {
		pad = (align - s->wpos % align) % align;
		put(s, zeros, pad);
		put(s, *p, size);
		return;
	}
	*p = NULL;
	pad = (align - s->pos % align) % align;
	if ((q = take(s, pad)) == NULL)
		return;
	for (i = 0; i < pad; i++)
		if (q[i] != 0) {
			snap_fail(s, "padding that is not zeros");
			return;
		}
	if ((uintptr_t)(s->in + s->pos) % align != 0) {
		snap_fail(s, "a stream not aligned in memory");
		return;
	}
	if (size > s->len - s->pos) {
		snap_fail(s, "a block beyond the end");
		return;
	}
	if (size > 0)
		*p = (void *)(uintptr_t)take(s, size);
}

/*
 * A rendered answer: its tag, length, identity bytes (absent when
 * enc_shrink freed them) and variants, which point into the stream
 * once read (lent, encoding.h).  Read back, identity bytes are exactly
 * len long, and an answer without them has a gzip variant to inflate
 * them from, as enc_shrink leaves it.
 */
void
snap_rendered(struct snap *s, struct rendered *r)
{
	const char *p;
	size_t	 n;
	int	 c;

	if (s->failed)
		return;
	snap_fixed(s, r->etag, sizeof(r->etag));
	snap_size(s, &r->len, SNAP_ANSWER_MAX);
	if (!s->reading) {
		bytes_out(s, r->data, r->len);
		for (c = 0; c < CODING__MAX; c++)
			bytes_out(s, r->cdata[c], r->clen[c]);
		return;
	}
	if (bytes_in(s, &p, &n) == -1)
		return;
	if (p != NULL && n != r->len) {
		snap_fail(s, "an answer's length is not its bytes'");
		return;
	}
	r->data = (char *)(uintptr_t)p;
	if (p != NULL)
		r->lent |= ENC_LENT_DATA;
	for (c = 0; c < CODING__MAX; c++) {
		if (bytes_in(s, &p, &n) == -1)
			return;
		r->cdata[c] = (char *)(uintptr_t)p;
		r->clen[c] = n;
		if (p != NULL)
			r->lent |= ENC_LENT_CODING(c);
	}
	if (r->data == NULL && r->len > 0 && r->cdata[CODING_GZIP] == NULL)
		snap_fail(s, "an answer with neither its bytes nor gzip");
}

/*
 * Makes the pages of a large block (malloc's own mapping) at once: the
 * visitor writes every element, and a page taken fault by fault costs
 * about 20 us on this project's virtual machines (a hint; Linux 5.14's
 * MADV_POPULATE_WRITE; 1,200 page faults fewer in a start at 11 x
 * 1,000 items).
 */
static void
populate(void *p, size_t n)
{
	uintptr_t lo, hi, pg;

	if (n < POPULATE_MIN)
		return;
	pg = (uintptr_t)sysconf(_SC_PAGESIZE);
	lo = ((uintptr_t)p + pg - 1) & ~(pg - 1);
	hi = ((uintptr_t)p + n) & ~(pg - 1);
	if (hi > lo)
		(void)madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
}

/*
 * An array of *n elements of each bytes (at most max): its count, then
 * nothing more (the caller visits the elements).  Writing, returns arr
 * whatever happens: it is the caller's (a live load's, snapshot_write),
 * and a write that failed must not take it from it.  Reading, allocates
 * the array zeroed and returns it with its count in *n, or NULL with
 * *n 0 (none, or failed): a count without its array would send the
 * caller's free function through elements that are not there.
 */
void *
snap_array(struct snap *s, void *arr, size_t *n, size_t each, size_t max)
{
	void	*a = NULL;

	snap_size(s, n, max);
	if (!s->reading)
		return arr;
	/* Each element takes at least a quarter of its size in bytes of
	 * the stream (every visitor's does: a route's, a document's, a
	 * variant's numbers and strings), so that a hostile count can ask
	 * for at most four times the stream's size in memory. */
	if (snap_ok(s) && *n > (s->len - s->pos) / (each / 4 > 0 ?
	    each / 4 : 1))
		snap_fail(s, "a count beyond the end");
	if (snap_ok(s) && *n > 0 && (a = calloc(*n, each)) == NULL)
		snap_fail(s, "out of memory");
	if (a == NULL)
		*n = 0;
	else
		populate(a, *n * each);
	return a;
}
