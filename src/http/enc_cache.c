/*
 * enc_cache.c: the compressed variants of a load's kept answers, kept
 * in a file for the next load (enc_cache.h says what and why).
 *
 * The file, all numbers little-endian:
 *
 *	header	"PERFILZC", u32 version (2), u32 CRC-32 of the compressors'
 *		names and versions (enc_coders: "libdeflate 1.14, brotli
 *		1.0.9"), u64 site key
 *	entry	u64 hash of the identity bytes (hash_words64), u64 their
 *		length, u8 coding, u8 level, u16 0, u32 length of the
 *		variant, then the variant's bytes; as many as the trailer
 *		says
 *	trailer	"PERFILZE", u32 entries, u32 CRC-32 (zlib's) of every
 *		byte before the trailer
 *
 * The reader checks everything but the variants' bytes on open, in one
 * pass, and keeps only an index (hash table) of the entries; a variant
 * is read (pread) when a load asks for it, and used only if it
 * decompresses to the identity bytes asked for.
 */
#include "config.h"

#include <sys/stat.h>

#include <dirent.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <brotli/decode.h>
#include <brotli/encode.h>
#include <libdeflate.h>
#include <zlib.h>

#include "base/util.h"
#include "http/enc_cache.h"

#define MAGIC		"PERFILZC"
#define MAGIC_END	"PERFILZE"
#define FORMAT_VERSION		2	/* 2: the compressors' id */
#define HEADER_LEN	24
#define ENTRY_LEN	24
#define TRAILER_LEN	16
#define CHUNK		((size_t)64 * 1024)

struct ent {
	uint64_t hash;
	uint64_t len;		/* of the identity bytes */
	uint64_t off;		/* of the variant in the file */
	uint32_t clen;
	uint8_t	 coding;
	uint8_t	 level;
};

static struct {
	int	 open;
	char	 path[4096];	/* the file */
	char	 tmp[4096];	/* this load's, renamed over it */
	uint64_t key;
	/* read back */
	int	 fd;		/* -1: none */
	struct ent *ents;
	uint32_t nents;
	uint32_t *slots;	/* index + 1 into ents; 0: empty */
	uint32_t nslots;	/* a power of two */
	/* written */
	FILE	*out;
	uint32_t nout;
	uint32_t crc;
	int	 out_failed;
	uint32_t reused;
	pthread_mutex_t lock;
} cache = { .fd = -1, .lock = PTHREAD_MUTEX_INITIALIZER };

static uint32_t
slot_of(uint64_t hash, uint64_t len, int coding, int level)
{
	uint64_t h = hash ^ (len * 0x9e3779b97f4a7c15ULL) ^
	    ((uint64_t)coding << 56) ^ ((uint64_t)level << 48);

	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 32;
	return (uint32_t)h & (cache.nslots - 1);
}

/* Reads exactly n bytes from f into p, adding them to *crc. */
static int
read_crc(FILE *f, void *p, size_t n, uint32_t *crc)
{
	if (n > 0 && fread(p, 1, n, f) != n)
		return -1;
	*crc = (uint32_t)crc32(*crc, p, (uInt)n);
	return 0;
}

/*
 * Reads the file at cache.path into the index.  Returns 0 (read, or
 * absent: note empty), or -1 with the reason in note (the file is then
 * ignored).
 */
/*
 * The compressors that make the variants, with their versions
 * ("libdeflate 1.14, brotli 1.0.9"): another version may make other
 * bytes of the same answer (a file keeps to its own: coders_id).
 * libdeflate's is the one built against; brotli's the one running.
 */
static char coders[64];
static pthread_once_t coders_once = PTHREAD_ONCE_INIT;

static void
coders_init(void)
{
	uint32_t v = BrotliEncoderVersion();

	snprintf(coders, sizeof(coders), "libdeflate %s, brotli %u.%u.%u",
	    LIBDEFLATE_VERSION_STRING, (unsigned int)(v >> 24),
	    (unsigned int)(v >> 12 & 0xfff), (unsigned int)(v & 0xfff));
}

const char *
enc_coders(void)
{
	pthread_once(&coders_once, coders_init);
	return coders;
}

/* The CRC-32 of enc_coders(): the compressors that made a file. */
static uint32_t
coders_id(void)
{
	const char *s = enc_coders();

	return (uint32_t)crc32(crc32(0, NULL, 0), (const Bytef *)s,
	    (uInt)strlen(s));
}

static int
read_back(char *note, size_t notelen)
{
	unsigned char h[HEADER_LEN], e[ENTRY_LEN], t[TRAILER_LEN];
	unsigned char *chunk = NULL;
	struct stat st;
	FILE	*f = NULL;
	uint64_t off, end;
	uint32_t crc = (uint32_t)crc32(0, NULL, 0), i, n, s;
	size_t	 k, left;
	int	 fd;
	const char *why = NULL;

	note[0] = '\0';
	if ((fd = open(cache.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) ==
	    -1) {
		if (errno == ENOENT)
			return 0;
		snprintf(note, notelen, "%s: %s: ignored", cache.path,
		    strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		why = "not a regular file";
		goto bad;
	}
	if ((uint64_t)st.st_size > ENC_CACHE_MAX_BYTES) {
		why = "larger than 1 GiB";
		goto bad;
	}
	if ((uint64_t)st.st_size < HEADER_LEN + TRAILER_LEN) {
		why = "truncated";
		goto bad;
	}
	end = (uint64_t)st.st_size - TRAILER_LEN;
	if (pread(fd, t, TRAILER_LEN, (off_t)end) != TRAILER_LEN) {
		why = "truncated";
		goto bad;
	}
	if (memcmp(t, MAGIC_END, 8) != 0) {
		why = "truncated (no trailer)";
		goto bad;
	}
	n = (uint32_t)le_get(t + 8, 4);
	if (n > ENC_CACHE_MAX_ENTRIES ||
	    n > (end - HEADER_LEN) / ENTRY_LEN) {
		why = "more entries than the file holds";
		goto bad;
	}
	if ((f = fdopen(fd, "rb")) == NULL) {
		why = "cannot be read";
		goto bad;
	}
	fd = -1;
	if (read_crc(f, h, HEADER_LEN, &crc) == -1 ||
	    memcmp(h, MAGIC, 8) != 0 ||
	    (uint32_t)le_get(h + 8, 4) != FORMAT_VERSION) {
		why = "not a cache file of this version";
		goto bad;
	}
	if (le_get(h + 16, 8) != cache.key) {
		why = "written for another site";
		goto bad;
	}
	/* Another gzip or brotli makes other bytes of the same answer: its
	 * variants would be right, but not the ones this program makes
	 * (one tag, one representation). */
	if ((uint32_t)le_get(h + 12, 4) != coders_id()) {
		why = "made by other compressors than this program's";
		goto bad;
	}
	if ((chunk = malloc(CHUNK)) == NULL ||
	    (n > 0 && (cache.ents = calloc(n, sizeof(*cache.ents))) ==
	    NULL)) {
		why = "out of memory";
		goto bad;
	}
	off = HEADER_LEN;
	for (i = 0; i < n; i++) {
		if (end - off < ENTRY_LEN ||
		    read_crc(f, e, ENTRY_LEN, &crc) == -1) {
			why = "truncated";
			goto bad;
		}
		off += ENTRY_LEN;
		cache.ents[i].hash = le_get(e, 8);
		cache.ents[i].len = le_get(e + 8, 8);
		cache.ents[i].coding = e[16];
		cache.ents[i].level = e[17];
		cache.ents[i].clen = (uint32_t)le_get(e + 20, 4);
		cache.ents[i].off = off;
		if (end - off < cache.ents[i].clen) {
			why = "truncated";
			goto bad;
		}
		for (left = cache.ents[i].clen; left > 0; left -= k) {
			k = left < CHUNK ? left : CHUNK;
			if (read_crc(f, chunk, k, &crc) == -1) {
				why = "truncated";
				goto bad;
			}
		}
		off += cache.ents[i].clen;
	}
	if (off != end) {
		why = "entries and trailer disagree";
		goto bad;
	}
	if (crc != (uint32_t)le_get(t + 12, 4)) {
		why = "CRC-32 mismatch (corrupt)";
		goto bad;
	}
	free(chunk);
	chunk = NULL;
	/* The index: at most half full. */
	for (cache.nslots = 16; cache.nslots < 2 * n; cache.nslots *= 2)
		continue;
	if ((cache.slots = calloc(cache.nslots, sizeof(*cache.slots))) ==
	    NULL) {
		why = "out of memory";
		goto bad;
	}
	for (i = 0; i < n; i++) {
		s = slot_of(cache.ents[i].hash, cache.ents[i].len,
		    cache.ents[i].coding, cache.ents[i].level);
		while (cache.slots[s] != 0)
			s = (s + 1) & (cache.nslots - 1);
		cache.slots[s] = i + 1;
	}
	cache.nents = n;
	/* The variants are read from here when asked for. */
	if ((cache.fd = dup(fileno(f))) == -1) {
		why = "cannot be read";
		goto bad;
	}
	fclose(f);
	return 0;
bad:
	snprintf(note, notelen, "%s: %s: ignored", cache.path, why);
	free(chunk);
	free(cache.ents);
	free(cache.slots);
	cache.ents = NULL;
	cache.slots = NULL;
	cache.nents = cache.nslots = 0;
	if (f != NULL)
		fclose(f);
	if (fd != -1)
		close(fd);
	return -1;
}

/*
 * Removes this site's files of loads that never finished (killed by a
 * stop, or by --reload-timeout) from dir: those not written to for
 * STALE_S seconds.  A load under way writes to its own at least as
 * often as it compresses.
 */
#define STALE_S	600

static void
sweep(const char *dir, const char *prefix)
{
	char	 p[4096];
	struct stat st;
	struct dirent *d;
	DIR	*dp;
	size_t	 n = strlen(prefix);

	if ((dp = opendir(dir)) == NULL)
		return;
	while ((d = readdir(dp)) != NULL)
		if (strncmp(d->d_name, prefix, n) == 0 &&
		    xsnprintf(p, sizeof(p), "%s/%s", dir, d->d_name) != -1 &&
		    lstat(p, &st) == 0 && S_ISREG(st.st_mode) &&
		    st.st_mtime < time(NULL) - STALE_S)
			(void)unlink(p);
	closedir(dp);
}

int
enc_cache_open(const char *dir, const char *key, char *note,
    size_t notelen)
{
	unsigned char h[HEADER_LEN];
	char	 hex[17], rnote[4608], prefix[32];
	int	 fd;

	note[0] = '\0';
	if (cache.open)
		enc_cache_close(0, rnote, sizeof(rnote));
	memset(rnote, 0, sizeof(rnote));
	cache.key = hash_words64(key, strlen(key));
	snprintf(hex, sizeof(hex), "%016" PRIx64, cache.key);
	if (xsnprintf(cache.path, sizeof(cache.path), "%s/perfil-%s.zcache",
	    dir, hex) == -1 || xsnprintf(cache.tmp, sizeof(cache.tmp),
	    "%s/.perfil-%s.XXXXXX", dir, hex) == -1) {
		snprintf(note, notelen, "%s: path too long: no cache", dir);
		return -1;
	}
	snprintf(prefix, sizeof(prefix), ".perfil-%s.", hex);
	sweep(dir, prefix);
	cache.fd = -1;
	cache.nout = cache.reused = 0;
	cache.out_failed = 0;
	cache.crc = (uint32_t)crc32(0, NULL, 0);
	(void)read_back(rnote, sizeof(rnote));
	if ((fd = mkstemp(cache.tmp)) == -1 ||
	    (cache.out = fdopen(fd, "wb")) == NULL) {
		if (fd != -1) {
			unlink(cache.tmp);
			close(fd);
		}
		snprintf(note, notelen, "%s%s%s: cannot be written (%s): no "
		    "cache", rnote, rnote[0] ? "; " : "", dir,
		    strerror(errno));
		free(cache.ents);
		free(cache.slots);
		cache.ents = NULL;
		cache.slots = NULL;
		cache.nents = cache.nslots = 0;
		if (cache.fd != -1)
			close(cache.fd);
		cache.fd = -1;
		return -1;
	}
	memcpy(h, MAGIC, 8);
	le_put(h + 8, FORMAT_VERSION, 4);
	le_put(h + 12, coders_id(), 4);
	le_put(h + 16, cache.key, 8);
	if (fwrite(h, 1, HEADER_LEN, cache.out) != HEADER_LEN)
		cache.out_failed = 1;
	cache.crc = (uint32_t)crc32(cache.crc, h, HEADER_LEN);
	cache.open = 1;
	snprintf(note, notelen, "%s", rnote);
	return 0;
}

/* 0 when the gzip stream z[0..zn) inflates to exactly in[0..n). */
static int
same_gzip(const unsigned char *z, size_t zn, const char *in, size_t n)
{
	unsigned char out[CHUNK];
	z_stream zs;
	size_t	 pos = 0, got;
	int	 rc;

	memset(&zs, 0, sizeof(zs));
	if (inflateInit2(&zs, 15 + 16) != Z_OK)
		return -1;
	zs.next_in = (Bytef *)(uintptr_t)z;
	zs.avail_in = (uInt)zn;
	do {
		zs.next_out = out;
		zs.avail_out = sizeof(out);
		rc = inflate(&zs, Z_NO_FLUSH);
		if (rc != Z_OK && rc != Z_STREAM_END)
			break;
		got = sizeof(out) - zs.avail_out;
		if (got > n - pos || memcmp(out, in + pos, got) != 0) {
			rc = Z_DATA_ERROR;
			break;
		}
		pos += got;
	} while (rc == Z_OK && (got > 0 || zs.avail_in > 0));
	inflateEnd(&zs);
	return rc == Z_STREAM_END && pos == n && zs.avail_in == 0 ? 0 : -1;
}

/* 0 when the brotli stream z[0..zn) decodes to exactly in[0..n). */
static int
same_br(const unsigned char *z, size_t zn, const char *in, size_t n)
{
	unsigned char out[CHUNK], *next_out;
	BrotliDecoderState *st;
	BrotliDecoderResult rc;
	const uint8_t *next_in = z;
	size_t	 avail_in = zn, avail_out, pos = 0, got;

	if ((st = BrotliDecoderCreateInstance(NULL, NULL, NULL)) == NULL)
		return -1;
	do {
		next_out = out;
		avail_out = sizeof(out);
		rc = BrotliDecoderDecompressStream(st, &avail_in, &next_in,
		    &avail_out, &next_out, NULL);
		if (rc == BROTLI_DECODER_RESULT_ERROR)
			break;
		got = sizeof(out) - avail_out;
		if (got > n - pos || memcmp(out, in + pos, got) != 0) {
			rc = BROTLI_DECODER_RESULT_ERROR;
			break;
		}
		pos += got;
	} while (rc == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT);
	BrotliDecoderDestroyInstance(st);
	return rc == BROTLI_DECODER_RESULT_SUCCESS && pos == n &&
	    avail_in == 0 ? 0 : -1;
}

char *
enc_cache_take(enum coding c, int level, uint64_t hash, const char *in,
    size_t n, size_t *outlen)
{
	const struct ent *e;
	uint32_t s, i;
	unsigned char *z;
	int	 same;

	if (!cache.open || cache.nents == 0)
		return NULL;
	for (s = slot_of(hash, n, c, level); (i = cache.slots[s]) != 0;
	    s = (s + 1) & (cache.nslots - 1)) {
		e = &cache.ents[i - 1];
		if (e->hash != hash || e->len != n || e->coding != c ||
		    e->level != level)
			continue;
		if (e->clen == 0 || (z = malloc(e->clen)) == NULL)
			return NULL;
		if (pread(cache.fd, z, e->clen, (off_t)e->off) !=
		    (ssize_t)e->clen) {
			free(z);
			return NULL;
		}
		same = c == CODING_GZIP ? same_gzip(z, e->clen, in, n) :
		    c == CODING_BR ? same_br(z, e->clen, in, n) : -1;
		if (same == -1) {
			free(z);
			continue;
		}
		pthread_mutex_lock(&cache.lock);
		cache.reused++;
		pthread_mutex_unlock(&cache.lock);
		*outlen = e->clen;
		return (char *)z;
	}
	return NULL;
}

void
enc_cache_put(enum coding c, int level, uint64_t hash, size_t n,
    const char *out, size_t outlen)
{
	unsigned char e[ENTRY_LEN];

	if (!cache.open || outlen > UINT32_MAX)
		return;
	le_put(e, hash, 8);
	le_put(e + 8, n, 8);
	e[16] = (unsigned char)c;
	e[17] = (unsigned char)level;
	e[18] = e[19] = 0;
	le_put(e + 20, (uint32_t)outlen, 4);
	pthread_mutex_lock(&cache.lock);
	if (!cache.out_failed && cache.nout < ENC_CACHE_MAX_ENTRIES) {
		if (fwrite(e, 1, ENTRY_LEN, cache.out) != ENTRY_LEN ||
		    fwrite(out, 1, outlen, cache.out) != outlen)
			cache.out_failed = 1;
		cache.crc = (uint32_t)crc32(cache.crc, e, ENTRY_LEN);
		cache.crc = (uint32_t)crc32(cache.crc,
		    (const Bytef *)out, (uInt)outlen);
		cache.nout++;
	}
	pthread_mutex_unlock(&cache.lock);
}

uint32_t
enc_cache_reused(void)
{
	return cache.reused;
}

int
enc_cache_close(int keep, char *note, size_t notelen)
{
	unsigned char t[TRAILER_LEN];
	int	 rc = 0, werr;

	note[0] = '\0';
	if (!cache.open)
		return -1;
	memcpy(t, MAGIC_END, 8);
	le_put(t + 8, cache.nout, 4);
	le_put(t + 12, cache.crc, 4);
	if (fwrite(t, 1, TRAILER_LEN, cache.out) != TRAILER_LEN)
		cache.out_failed = 1;
	werr = errno;
	if (fclose(cache.out) != 0) {
		cache.out_failed = 1;
		werr = errno;
	}
	cache.out = NULL;
	if (!keep) {
		unlink(cache.tmp);
		rc = -1;
	} else if (cache.out_failed || rename(cache.tmp, cache.path) == -1) {
		if (!cache.out_failed)
			werr = errno;
		unlink(cache.tmp);
		snprintf(note, notelen, "%s: not written (%s)", cache.path,
		    strerror(werr));
		rc = -1;
	} else
		snprintf(note, notelen, "%" PRIu32 " of %" PRIu32 " compressed "
		    "variants reused, %" PRIu32 " written to %s", cache.reused,
		    cache.nout, cache.nout, cache.path);
	if (cache.fd != -1)
		close(cache.fd);
	cache.fd = -1;
	free(cache.ents);
	free(cache.slots);
	cache.ents = NULL;
	cache.slots = NULL;
	cache.nents = cache.nslots = 0;
	cache.open = 0;
	return rc;
}
