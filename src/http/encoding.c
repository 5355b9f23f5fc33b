/*
 * encoding.c: gzip and brotli variants of the rendered answers, and
 * the choice among them.
 */
#include "config.h"

#include <inttypes.h>
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
 * 5 (25-45 us/KiB); enc_keep_smallest, for the OpenAPI documents, uses
 * quality 10: 10-12 % smaller for 0.5-0.9 ms/KiB, which only the
 * largest and most fetched documents are worth.
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
 * (the OpenAPI documents at quality 10 most of it), and the checked
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
 * gzip (RFC 1952: no name, mtime 0) of in at level, by libdeflate: at
 * level 9 the demo's answers take half zlib's CPU (15 against 30 ms for
 * 1.2 MB) and come out 0.5 % smaller; whole buffers are all a kept or
 * per-request answer is.
 */
static int
gzip_into(int level, const char *in, size_t n, struct buf *out)
{
	struct libdeflate_compressor *c;
	size_t	 bound, len;

	if ((c = libdeflate_alloc_compressor(level)) == NULL)
		return -1;
	bound = libdeflate_gzip_compress_bound(c, n);
	if (buf_reserve(out, bound) == -1) {
		libdeflate_free_compressor(c);
		return -1;
	}
	len = libdeflate_gzip_compress(c, in, n, out->data + out->len,
	    bound);
	libdeflate_free_compressor(c);
	if (len == 0)
		return -1;
	out->len += len;
	return 0;
}

/* brotli (RFC 7932) of in at quality, in text mode. */
static int
br_into(int quality, const char *in, size_t n, struct buf *out)
{
	size_t	 len = BrotliEncoderMaxCompressedSize(n);

	if (len == 0 || buf_reserve(out, len) == -1)
		return -1;
	if (!BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW,
	    BROTLI_MODE_TEXT, n, (const uint8_t *)in, &len,
	    (uint8_t *)out->data + out->len))
		return -1;
	out->len += len;
	return 0;
}

/*
 * Appends in[0..n) compressed with coding c (gzip or br) at level
 * (gzip 1-9, brotli 0-11) to out.  Returns 0, or -1 on failure (out
 * may then hold part of the output; reset it).  Inputs above 1 GiB are
 * refused (zlib, which inflates a gzip variant for a client without
 * it, counts in 32 bits).
 */
static int
compress_into(enum coding c, int level, const char *in, size_t n,
    struct buf *out)
{
	if (n > (size_t)1 << 30)
		return -1;
	switch (c) {
	case CODING_GZIP:
		return gzip_into(level, in, n, out);
	case CODING_BR:
		return br_into(level, in, n, out);
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
	struct buf b;
	uint64_t hash;
	char	*z;
	size_t	 zlen;
	int	 c;

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
		buf_init(&b);
		if (compress_into(c, level[c], data, len, &b) == -1) {
			buf_free(&b);
			return -1;
		}
		enc_cache_put(c, level[c], hash, len, b.data, b.len);
		/* An exact copy: the buffer was sized for the worst case. */
		if (b.len < len) {
			if ((r->cdata[c] = malloc(b.len)) == NULL) {
				buf_free(&b);
				return -1;
			}
			memcpy(r->cdata[c], b.data, b.len);
			r->clen[c] = b.len;
		}
		buf_free(&b);
	}
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
 * variant once, and it is kept from then on (enc_answer).  Call it once nothing reads r->data any more (the
 * renders that build on it are done).  At 1,000 items per collection
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
	if (compress_into(c, level[c], resp->body.data, resp->body.len,
	    &z) == 0 && z.len < resp->body.len) {
		buf_free(&resp->body);
		resp->body = z;		/* resp owns it now */
		memcpy(resp->etag, tag, sizeof(resp->etag));
		resp->content_encoding = coding_names[c];
		return;
	}
	buf_free(&z);
}
