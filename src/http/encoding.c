/*
 * encoding.c: gzip and brotli variants of the rendered answers, and
 * the choice among them.
 */
#include "config.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <brotli/encode.h>
#include <libdeflate.h>
#include <zlib.h>

#include "base/util.h"
#include "http/enc_cache.h"
#include "http/encoding.h"

/*
 * The levels of the variants kept at start-up, paid once per content
 * load (docs/performance.md, "Compression", has the measurements).
 * gzip: level 9 (about 40 us of CPU per KiB of JSON).  brotli: quality
 * 5 (25-45 us/KiB); enc_keep_smallest, for /openapi.json, uses quality
 * 10: 10-12 % smaller (a sixth of its identity size, as issue 15 asks)
 * for 0.5-0.9 ms/KiB, which only the most fetched document is worth.
 * The YAML form, fetched far less, has quality 5: at 10 it was 20-25
 * ms of every load's CPU (a sixth of the demo's) for 1.2-1.4 KB.
 */
#define KEEP_GZIP_LEVEL		9
#define KEEP_BR_QUALITY		5
#define KEEP_BR_SMALLEST	10

/*
 * Answers of ENC_LARGE bytes and more (encoding.h): a CV page, a JSON
 * Resume or a long markdown twin when every collection holds hundreds
 * of items, and each form of a CV variant as long.  gzip level 1 and
 * brotli quality 2: for a CV page of 4.8 MB, 26 and 25 ms on a busy
 * core (brotli quality 4: 47 ms, for 16 % fewer bytes), which at 1,000
 * items per collection is a load's largest single cost
 * (docs/performance.md).  The demo has no answer this large.
 */
#define LARGE_GZIP_LEVEL	1
#define LARGE_BR_QUALITY	2

/*
 * brotli's window for those, ENC_LARGE_BR_WINDOW (encoding.h): 1 MiB,
 * not the 4 MiB of BROTLI_DEFAULT_WINDOW.  The window sizes the
 * encoder's ring buffer and its hash tables: on a 5 MB page of HTML
 * from Debian's manuals, quality 2 took 3.3 MB of memory instead of
 * 9.3, for 0.9 % more bytes; on a CV page at 1,000 items per
 * collection 6.5 instead of 13.3 MB.  Both of a load's threads
 * compress such answers at once.
 */

/*
 * Answers kept at start-up are compressed from ENC_KEPT_MIN (1 KiB):
 * a smaller one fits in one TCP segment either way (CloudFront
 * compresses nothing under 1,000 bytes for the same reason), and at
 * 1,000 items per collection the 2,000 pre-rendered item answers of
 * 700-900 bytes cost 50 us each to compress, 100 ms of every cold
 * load's CPU, to save 400 bytes an answer.
 *
 * Answers rendered per request (search, pages other than the default)
 * are compressed only from ENC_DYNAMIC_MIN bytes (encoding.h), at the
 * fastest levels: a smaller answer fits in TCP's first flight (10
 * segments, about 14 KB, less with TLS, a smaller MSS or long headers)
 * either way, so compressing it saves no round trip and would add
 * 12-35 us of CPU to a 2-20 us request.  Above it, a 58 KB page of
 * projects becomes 3.5 KB in brotli 1 for 50-60 us: one round trip
 * instead of three.
 */
#define DYNAMIC_GZIP_LEVEL	1
#define DYNAMIC_BR_QUALITY	1

/*
 * PERFIL_TEST_FAST_COMPRESSION=1 (enc_init, tests only): every kept
 * variant at the dynamic levels.  A third of a content load is brotli
 * (/openapi.json at quality 10 most of it), and the checked
 * black-box runs load content hundreds of times under a checker that
 * multiplies it; the plain run keeps the shipped levels.
 */
static int fast_levels;	/* set once, before any thread or fork */

/*
 * enc_identity_only (main.c): a run that answers no client and writes
 * no cache (--export, --init, --add-bibtex, --dump-openapi,
 * --font-packages) keeps each answer's own bytes alone: the variants
 * would be made to be thrown away, a third of such a run's CPU.  A
 * large answer keeps its gzip variant at the large level, for its
 * memory (enc_shrink).  --check keeps them all: it is the load a
 * server does, measured as such (tests/bench/load).
 */
static int identity_only;	/* likewise */

static const char *const coding_names[CODING__MAX] = {
	[CODING_IDENTITY] = "identity",
	[CODING_GZIP] = "gzip",
	[CODING_BR] = "br",
};

/* The suffix of each variant's tag, inside the quotes. */
static const char *const tag_suffix[CODING__MAX] = {
	[CODING_IDENTITY] = "",
	[CODING_GZIP] = "-gz",
	[CODING_BR] = "-br",
};

/* The name of coding c, as in Content-Encoding ("identity" for none). */
const char *
enc_coding_name(enum coding c)
{
	return coding_names[c];
}

/* What coding c's variant adds to the tag, inside the quotes ("-br"). */
const char *
enc_tag_suffix(enum coding c)
{
	return tag_suffix[c];
}

/*
 * Writes into dst the tag of coding c's variant of the answer whose
 * identity tag is etag (quoted).  Returns 0, or -1 when it does not
 * fit or etag is not a quoted tag.
 */
int
enc_tag(char *dst, size_t dstlen, const char *etag, enum coding c)
{
	size_t	 n = strlen(etag);

	if (n < 2 || etag[0] != '"' || etag[n - 1] != '"')
		return -1;
	return xsnprintf(dst, dstlen, "%.*s%s\"", (int)(n - 1), etag,
	    tag_suffix[c]) == -1 ? -1 : 0;
}

/*
 * Each thread's compressors, kept from one answer to the next while it
 * loads content, and freed when it is done (enc_thread_done) or ends
 * (the key's destructor).  A load compresses hundreds of answers: made
 * afresh for each, libdeflate's compressor (0.2 MB at level 9), brotli's
 * state and hash tables, and a buffer of the worst case's size for the
 * output were half of the bytes a load of the demo allocated (valgrind
 * --tool=dhat: 63 of 134 MB), pages the kernel faulted in each time
 * (and under ASan, whose quarantine keeps freed memory out of use for
 * a while, every time).  An answer compressed per request (enc_answer_now)
 * makes its own, as before: a worker's threads keep nothing.
 */
#define DEFLATE_LEVELS	13	/* libdeflate's 0 to 12 */
#define POOL_SLOTS	16	/* brotli's blocks kept for the next answer */
#define SCRATCH_KEEP	((size_t)1024 * 1024)	/* larger buffers are freed */

/* A block of brotli's: its size before it (16 bytes keep malloc's
 * alignment). */
struct block {
	size_t	 size;
	size_t	 pad;
};

struct coders {
	struct libdeflate_compressor *deflate[DEFLATE_LEVELS];
	struct block *free[POOL_SLOTS];	/* brotli's, for the next one */
	int	 nfree;
	struct buf scratch;	/* a compressor's output, worst case */
};

static pthread_key_t coders_key;
static pthread_once_t coders_once = PTHREAD_ONCE_INIT;
static int coders_key_ok;

static void
coders_free(void *p)
{
	struct coders *k = p;
	int	 i;

	for (i = 0; i < DEFLATE_LEVELS; i++)
		libdeflate_free_compressor(k->deflate[i]);
	for (i = 0; i < k->nfree; i++)
		free(k->free[i]);
	buf_free(&k->scratch);
	free(k);
}

static void
coders_key_init(void)
{
	coders_key_ok = pthread_key_create(&coders_key, coders_free) == 0;
}

/* This thread's coders, made on first use; NULL out of memory. */
static struct coders *
coders(void)
{
	struct coders *k;

	pthread_once(&coders_once, coders_key_init);
	if (!coders_key_ok)
		return NULL;
	if ((k = pthread_getspecific(coders_key)) != NULL)
		return k;
	if ((k = calloc(1, sizeof(*k))) == NULL)
		return NULL;
	buf_init(&k->scratch);
	if (pthread_setspecific(coders_key, k) != 0) {
		free(k);
		return NULL;
	}
	return k;
}

/*
 * Frees the calling thread's compressors, brotli's blocks and the
 * scratch buffer: a load's thread that goes on (the leader's, a
 * worker's) gives back what its answers needed.
 */
void
enc_thread_done(void)
{
	struct coders *k;

	pthread_once(&coders_once, coders_key_init);
	if (coders_key_ok &&
	    (k = pthread_getspecific(coders_key)) != NULL) {
		(void)pthread_setspecific(coders_key, NULL);
		coders_free(k);
	}
}

/*
 * brotli's allocator with k's pool: the smallest free block that holds
 * size and is at most twice it, or a new one.  Blocks freed go back to
 * the pool while it has room, but for those above SCRATCH_KEEP (a large
 * answer's ring buffer: kept, they raised a load's peak RSS).
 */
static void *
pool_alloc(void *opaque, size_t size)
{
	struct coders *k = opaque;
	struct block *bl;
	int	 i, best = -1;

	for (i = 0; i < k->nfree; i++)
		if (k->free[i]->size >= size && k->free[i]->size / 2 <= size &&
		    (best == -1 || k->free[i]->size < k->free[best]->size))
			best = i;
	if (best != -1) {
		bl = k->free[best];
		k->free[best] = k->free[--k->nfree];
		return bl + 1;
	}
	if (size > SIZE_MAX - sizeof(*bl) ||
	    (bl = malloc(sizeof(*bl) + size)) == NULL)
		return NULL;
	bl->size = size;
	return bl + 1;
}

static void
pool_free(void *opaque, void *p)
{
	struct coders *k = opaque;
	struct block *bl;

	if (p == NULL)
		return;
	bl = (struct block *)p - 1;
	if (k->nfree < POOL_SLOTS && bl->size <= SCRATCH_KEEP)
		k->free[k->nfree++] = bl;
	else
		free(bl);
}

/*
 * The room a compressor's output of n input bytes gets first, the
 * worst case at most: for a large input (ENC_LARGE) a quarter of it,
 * as answers of text come out at a tenth and less; more only where
 * that does not hold it (deflate_into tries again, br_into grows it).
 * For the CV's page of 4.6 MB at 1,000 items per collection, 1.2 MB
 * against the worst case's 4.6.
 */
static size_t
first_room(size_t n, size_t worst)
{
	size_t	 quarter = n / 4 + 4096;

	return n >= ENC_LARGE && quarter < worst ? quarter : worst;
}

/*
 * Appends in[0..n) compressed by libdeflate at level (1-12) to out:
 * gzip (RFC 1952: no name, mtime 0) or, with zlib set, the zlib format
 * (RFC 1950, a PDF's FlateDecode); with k's compressor, or one of its
 * own without k.  At level 9 the demo's answers take half zlib's CPU
 * (15 against 30 ms for 1.2 MB) and come out 0.5 % smaller; whole
 * buffers are all a kept or per-request answer is.  0, or -1.
 */
static int
deflate_into(struct coders *k, int level, int zlib, const char *in,
    size_t n, struct buf *out)
{
	struct libdeflate_compressor *c, *own = NULL;
	size_t	 bound, room, len = 0;

	if (level < 1 || level >= DEFLATE_LEVELS)
		return -1;
	if (k != NULL) {
		if (k->deflate[level] == NULL)
			k->deflate[level] = libdeflate_alloc_compressor(level);
		c = k->deflate[level];
	} else
		c = own = libdeflate_alloc_compressor(level);
	if (c == NULL)
		return -1;
	bound = zlib ? libdeflate_zlib_compress_bound(c, n) :
	    libdeflate_gzip_compress_bound(c, n);
	room = first_room(n, bound);
	for (;;) {
		if (buf_reserve_exact(out, room) == 0)
			len = zlib ? libdeflate_zlib_compress(c, in, n,
			    out->data + out->len, room) :
			    libdeflate_gzip_compress(c, in, n,
			    out->data + out->len, room);
		if (len != 0 || room == bound || out->oom)
			break;
		room = bound;
	}
	libdeflate_free_compressor(own);
	if (len == 0)
		return -1;
	out->len += len;
	return 0;
}

/* The zlib format of in[0..n) at level (1-12), appended to out, by the
 * thread's compressor (pdf_artifact.c's page streams, one of a PDF's
 * pages after another).  0, or -1. */
int
enc_zlib_into(int level, const char *in, size_t n, struct buf *out)
{
	struct coders *k = coders();

	if (k == NULL || n > (size_t)1 << 30)
		return -1;
	return deflate_into(k, level, 1, in, n, out);
}

/*
 * brotli (RFC 7932) of in at quality, in text mode, appended to out:
 * what BrotliEncoderCompress does, with k's pool for brotli's memory
 * (the same bytes: the same parameters; the window ENC_LARGE_BR_WINDOW's
 * from ENC_LARGE bytes).  Quality 10, and without k, by
 * BrotliEncoderCompress itself.
 */
static int
br_into(struct coders *k, int quality, const char *in, size_t n,
    struct buf *out)
{
	BrotliEncoderState *s;
	const uint8_t *next_in = (const uint8_t *)in;
	uint8_t	*next_out;
	size_t	 max = BrotliEncoderMaxCompressedSize(n), avail_in = n;
	size_t	 start = out->len, used, room, avail_out;
	int	 ok, lgwin = n >= ENC_LARGE ? ENC_LARGE_BR_WINDOW :
		    BROTLI_DEFAULT_WINDOW;

	room = first_room(n, max);
	if (max == 0 || buf_reserve_exact(out, room) == -1)
		return -1;
	if (k == NULL || quality == 10 || n == 0 ||
	    (s = BrotliEncoderCreateInstance(pool_alloc, pool_free, k)) ==
	    NULL)
		goto whole;
	BrotliEncoderSetParameter(s, BROTLI_PARAM_QUALITY, (uint32_t)quality);
	BrotliEncoderSetParameter(s, BROTLI_PARAM_LGWIN, (uint32_t)lgwin);
	BrotliEncoderSetParameter(s, BROTLI_PARAM_MODE, BROTLI_MODE_TEXT);
	BrotliEncoderSetParameter(s, BROTLI_PARAM_SIZE_HINT,
	    n > UINT32_MAX ? UINT32_MAX : (uint32_t)n);
	used = 0;
	for (;;) {
		next_out = (uint8_t *)out->data + start + used;
		avail_out = room - used;
		ok = BrotliEncoderCompressStream(s, BROTLI_OPERATION_FINISH,
		    &avail_in, &next_in, &avail_out, &next_out, NULL);
		used = room - avail_out;
		if (!ok || BrotliEncoderIsFinished(s) || room == max)
			break;
		/* Out of room: twice as much, at most the worst case. */
		room = room > max / 2 ? max : 2 * room;
		if (buf_reserve_exact(out, room) == -1) {
			BrotliEncoderDestroyInstance(s);
			return -1;
		}
	}
	ok = ok && BrotliEncoderIsFinished(s);
	BrotliEncoderDestroyInstance(s);
	if (ok) {
		out->len = start + used;
		return 0;
	}
	/* Its output would be larger than BrotliEncoderMaxCompressedSize:
	 * BrotliEncoderCompress stores it uncompressed then. */
	next_in = (const uint8_t *)in;
whole:
	if (buf_reserve_exact(out, max) == -1)
		return -1;
	room = max;
	if (!BrotliEncoderCompress(quality, lgwin, BROTLI_MODE_TEXT, n,
	    next_in, &room, (uint8_t *)out->data + start))
		return -1;
	out->len = start + room;
	return 0;
}

/*
 * Appends in[0..n) compressed with coding c (gzip or br) at level
 * (gzip 1-9, brotli 0-11) to out, with k's compressors (NULL: its
 * own).  Returns 0, or -1 on failure (out may then hold part of the
 * output; reset it).  Inputs above 1 GiB are refused (zlib, which
 * inflates a gzip variant for a client without it, counts in 32 bits).
 */
static int
compress_into(struct coders *k, enum coding c, int level, const char *in,
    size_t n, struct buf *out)
{
	if (n > (size_t)1 << 30)
		return -1;
	switch (c) {
	case CODING_GZIP:
		return deflate_into(k, level, 0, in, n, out);
	case CODING_BR:
		return br_into(k, level, in, n, out);
	default:
		return -1;
	}
}

/*
 * Reads PERFIL_TEST_FAST_COMPRESSION: "1" compresses every kept answer
 * at the levels of the answers rendered per request; anything else
 * leaves the shipped levels.
 */
void
enc_init(void)
{
	const char *s = getenv("PERFIL_TEST_FAST_COMPRESSION");

	fast_levels = s != NULL && strcmp(s, "1") == 0;
}

/* on: from now on enc_keep and enc_keep_smallest make no gzip or
 * brotli variant (identity_only above); before any thread or fork. */
void
enc_identity_only(int on)
{
	identity_only = on;
}

/* enc_keep with brotli at br_quality. */
static int
keep(struct rendered *r, char *data, size_t len, const char *etag,
    int br_quality)
{
	int	 level[CODING__MAX] = {
		[CODING_GZIP] = len >= ENC_LARGE ? LARGE_GZIP_LEVEL :
		    KEEP_GZIP_LEVEL,
		[CODING_BR] = len >= ENC_LARGE ? LARGE_BR_QUALITY : br_quality,
	};
	struct coders *k = coders();
	struct buf own, *b;
	uint64_t hash;
	char	*z;
	size_t	 zlen;
	int	 c;

	buf_init(&own);
	if (fast_levels) {
		level[CODING_GZIP] = DYNAMIC_GZIP_LEVEL;
		level[CODING_BR] = DYNAMIC_BR_QUALITY;
	}

	memset(r, 0, sizeof(*r));
	r->data = data;
	r->len = len;
	hash = hash_words64(data, len);
	if (etag != NULL)
		snprintf(r->etag, sizeof(r->etag), "%s", etag);
	else
		snprintf(r->etag, sizeof(r->etag), "\"%016" PRIx64 "\"",
		    hash);
	for (c = CODING_IDENTITY + 1; c < CODING__MAX; c++) {
		/* A large answer keeps its gzip variant all the same: its
		 * identity bytes are then freed (enc_shrink), 27 MB at
		 * 1,000 items per collection against 1 MB of gzip. */
		if (identity_only && (c != CODING_GZIP || len < ENC_LARGE))
			continue;
		if (len < ENC_KEPT_MIN)
			continue;
		/* The last load's, checked (--cache-dir, enc_cache.h). */
		if ((z = enc_cache_take(c, level[c], hash, data, len,
		    &zlen)) != NULL) {
			enc_cache_put(c, level[c], hash, len, z, zlen);
			if (zlen < len) {
				r->cdata[c] = z;
				r->clen[c] = zlen;
			} else
				free(z);
			continue;
		}
		/* Into the thread's scratch buffer; the variant kept is
		 * an exact copy. */
		b = k != NULL ? &k->scratch : &own;
		b->len = 0;
		if (compress_into(k, c, level[c], data, len, b) == -1) {
			/* Out of memory: the scratch buffer starts again. */
			buf_free(b);
			buf_init(b);
			return -1;
		}
		enc_cache_put(c, level[c], hash, len, b->data, b->len);
		if (b->len < len) {
			if ((r->cdata[c] = malloc(b->len)) == NULL) {
				buf_free(&own);
				return -1;
			}
			memcpy(r->cdata[c], b->data, b->len);
			r->clen[c] = b->len;
		}
	}
	/* The worst case of a large answer (a CV page of MBs at 1,000
	 * items per collection) is not kept for the next one: it added
	 * to a load's peak RSS what it saved in allocations. */
	if (k != NULL && k->scratch.cap > SCRATCH_KEEP) {
		buf_free(&k->scratch);
		buf_init(&k->scratch);
	}
	buf_free(&own);
	return 0;
}

/*
 * Takes data[0..len) (malloc'd, NUL-terminated) into r, with etag as
 * its tag (NULL: the tag resp_set_etag would give it), and keeps its
 * gzip and brotli variants where they are smaller.  r owns data
 * whatever happens; enc_free releases everything.  Returns 0, or -1
 * out of memory.
 */
int
enc_keep(struct rendered *r, char *data, size_t len, const char *etag)
{
	return keep(r, data, len, etag, KEEP_BR_QUALITY);
}

/* enc_keep with the smallest brotli variant worth its CPU. */
int
enc_keep_smallest(struct rendered *r, char *data, size_t len,
    const char *etag)
{
	return keep(r, data, len, etag, KEEP_BR_SMALLEST);
}

/*
 * Frees the identity bytes of r when r is large (ENC_LARGE) and its
 * gzip variant is at most a quarter of them: the first request for
 * identity (a client without Accept-Encoding) then inflates the gzip
 * variant once, and it is kept from then on (enc_answer).  Call it
 * once nothing reads r->data any more (the renders that build on it
 * are done).  At 1,000 items per collection
 * the CV pages, their markdown twins and the JSON Resumes are about
 * 27 MB of identity bytes and 1 MB of gzip.
 */
void
enc_shrink(struct rendered *r)
{
	if (r->data == NULL || r->len < ENC_LARGE ||
	    r->cdata[CODING_GZIP] == NULL ||
	    r->clen[CODING_GZIP] > r->len / 4)
		return;
	free(r->data);
	r->data = NULL;
}

/* Inflates the gzip variant of r into b (r->len bytes); 0 or -1. */
static int
gunzip_into(const struct rendered *r, struct buf *b)
{
	z_stream zs;
	int	 rc;

	memset(&zs, 0, sizeof(zs));
	if (buf_reserve(b, r->len + 1) == -1 ||
	    inflateInit2(&zs, 15 + 16) != Z_OK)
		return -1;
	zs.next_in = (Bytef *)(uintptr_t)r->cdata[CODING_GZIP];
	zs.avail_in = (uInt)r->clen[CODING_GZIP];
	zs.next_out = (Bytef *)b->data + b->len;
	zs.avail_out = (uInt)r->len;
	rc = inflate(&zs, Z_FINISH);
	if (rc == Z_STREAM_END && zs.total_out == r->len)
		b->len += zs.total_out;
	inflateEnd(&zs);
	return rc == Z_STREAM_END && zs.total_out == r->len ? 0 : -1;
}

void
enc_free(struct rendered *r)
{
	int	 c;

	if (!(r->lent & ENC_LENT_DATA))
		free(r->data);
	for (c = 0; c < CODING__MAX; c++)
		if (!(r->lent & ENC_LENT_CODING(c)))
			free(r->cdata[c]);
	memset(r, 0, sizeof(*r));
}

/*
 * The variant of r to send for an Accept-Encoding header ae (NULL:
 * none): the kept coding with the highest weight above 0, brotli
 * before gzip before identity on a tie.  When the client refuses
 * identity and accepts no kept variant, identity all the same (RFC
 * 9110 section 12.5.3 allows ignoring the header rather than
 * answering 406).
 */
enum coding
enc_choose(const struct rendered *r, const char *ae)
{
	int	 q[CODING__MAX], c, best = CODING_IDENTITY;

	req_accept_encoding(ae, q);
	for (c = CODING_GZIP; c < CODING__MAX; c++)
		if (r->cdata[c] != NULL && q[c] > 0 && q[c] >= q[best])
			best = c;
	return (enum coding)best;
}

/*
 * The identity bytes of r: kept, or, when enc_shrink freed them, the
 * gzip variant inflated once and kept from then on (the first request
 * without gzip pays for it, the next ones do not; threads racing keep
 * one copy).  NULL when inflating fails.
 */
static const char *
identity_bytes(const struct rendered *r)
{
	char	**slot = (char **)(uintptr_t)&r->data;
	char	*have, *expect = NULL;
	struct buf b;

	if ((have = __atomic_load_n(slot, __ATOMIC_ACQUIRE)) != NULL)
		return have;
	buf_init(&b);
	if (gunzip_into(r, &b) == -1 || buf_cstr(&b) == NULL) {
		buf_free(&b);
		return NULL;
	}
	have = buf_detach(&b);
	if (!__atomic_compare_exchange_n(slot, &expect, have, 0,
	    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		free(have);
		have = expect;
	}
	return have;
}

/*
 * Puts the variant of r that req prefers in resp: its bytes (as
 * resp->kept, not copied), its tag and Content-Encoding, and Vary:
 * Accept-Encoding (on every variant, identity included).  Conditional
 * requests are the caller's.  Returns 0, or -1 (resp untouched but
 * Vary) when the identity bytes of a shrunk r cannot be had: the
 * caller answers 500 in its own form (the envelope under /api).
 */
int
enc_answer(const struct rendered *r, const struct request *req,
    struct response *resp)
{
	enum coding c = enc_choose(r, req->accept_encoding);
	const char *id;

	resp->vary_encoding = 1;
	if (c == CODING_IDENTITY) {
		if ((id = identity_bytes(r)) == NULL)
			return -1;
		memcpy(resp->etag, r->etag, sizeof(resp->etag));
		resp->kept = id;
		resp->kept_len = r->len;
		return 0;
	}
	if (enc_tag(resp->etag, sizeof(resp->etag), r->etag, c) == -1)
		resp->etag[0] = '\0';
	resp->content_encoding = coding_names[c];
	resp->kept = r->cdata[c];
	resp->kept_len = r->clen[c];
	return 0;
}

/*
 * For an answer rendered by this request (its identity body and tag
 * in resp): from ENC_DYNAMIC_MIN bytes, compresses the body into the
 * coding req prefers, with that coding's tag and Content-Encoding;
 * identity stays when the client wants no coding, compression fails
 * or does not make it smaller.  Vary: Accept-Encoding either way.
 * Conditional requests are the caller's, after this.
 */
void
enc_answer_now(const struct request *req, struct response *resp)
{
	static const int level[CODING__MAX] = {
		[CODING_GZIP] = DYNAMIC_GZIP_LEVEL,
		[CODING_BR] = DYNAMIC_BR_QUALITY,
	};
	struct rendered all;		/* says only which variants exist */
	struct buf z;
	enum coding c;
	char	 tag[sizeof(resp->etag)];
	static char one;

	resp->vary_encoding = 1;
	if (resp->body.len < ENC_DYNAMIC_MIN || resp->etag[0] == '\0')
		return;
	memset(&all, 0, sizeof(all));
	all.cdata[CODING_GZIP] = all.cdata[CODING_BR] = &one;
	if ((c = enc_choose(&all, req->accept_encoding)) == CODING_IDENTITY ||
	    enc_tag(tag, sizeof(tag), resp->etag, c) == -1)
		return;
	buf_init(&z);
	if (compress_into(NULL, c, level[c], resp->body.data, resp->body.len,
	    &z) == 0 && z.len < resp->body.len) {
		buf_free(&resp->body);
		resp->body = z;		/* resp owns it now */
		memcpy(resp->etag, tag, sizeof(resp->etag));
		resp->content_encoding = coding_names[c];
		return;
	}
	buf_free(&z);
}
