/*
 * fuzz_zcache.c: libFuzzer target for the reader of the compressed
 * variants' cache (src/http/enc_cache.c, --cache-dir).  The input is a
 * mode byte and a cache file; when the mode is odd, the target first
 * gives the file this site's header and a trailer with the right CRC-32
 * (the fuzzer would seldom find one), so that the entries and the
 * variants behind them are what gets explored.  Then a load of three
 * fixed bodies goes through the cache (enc_keep), and every variant it
 * keeps must decompress to its body, as enc_cache.h promises: a file
 * may cost time, never change an answer (abort otherwise).  Not the
 * bytes made without a cache: a gzip header's time or system byte, or
 * another deflate stream of the same body, decompresses the same, and
 * the reader takes it (only a file this program wrote holds one).  The seed
 * (tests/fuzz/corpus/zcache) is mode 1 and the file a load of those
 * bodies writes: FUZZ_ZCACHE_SEED=FILE writes it there.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <brotli/decode.h>
#include <zlib.h>

#include "base/util.h"
#include "http/enc_cache.h"
#include "http/encoding.h"

#define NBODIES	3
#define KEY	"fuzz\nlabels\nhttps://a.example"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char dir[] = "/tmp/fuzz_zcache.XXXXXX";
static char path[4200];
static char *bodies[NBODIES];
static size_t lens[NBODIES];
static struct rendered fresh[NBODIES];
static unsigned char header[24];

/* Whether z[0..zn), in coding c, decompresses to exactly b[0..n). */
static int
same(int c, const char *z, size_t zn, const char *b, size_t n)
{
	char	*out;
	size_t	 got = n + 1;
	z_stream zs;
	int	 ok = 0;

	if ((out = malloc(n + 1)) == NULL)
		abort();
	if (c == CODING_BR)
		ok = BrotliDecoderDecompress(zn, (const uint8_t *)z, &got,
		    (uint8_t *)out) == BROTLI_DECODER_RESULT_SUCCESS &&
		    got == n && memcmp(out, b, n) == 0;
	else {
		memset(&zs, 0, sizeof(zs));
		if (inflateInit2(&zs, 15 + 16) != Z_OK)
			abort();
		zs.next_in = (Bytef *)(uintptr_t)z;
		zs.avail_in = (uInt)zn;
		zs.next_out = (Bytef *)out;
		zs.avail_out = (uInt)(n + 1);
		ok = inflate(&zs, Z_FINISH) == Z_STREAM_END &&
		    zs.total_out == n && zs.avail_in == 0 &&
		    memcmp(out, b, n) == 0;
		inflateEnd(&zs);
	}
	free(out);
	return ok;
}

static void
load(void)
{
	struct rendered r;
	char	 note[8192], *p;
	size_t	 i;
	int	 c;

	if (enc_cache_open(dir, KEY, note, sizeof(note)) == -1)
		abort();
	for (i = 0; i < NBODIES; i++) {
		if ((p = malloc(lens[i] + 1)) == NULL)
			abort();
		memcpy(p, bodies[i], lens[i] + 1);
		if (enc_keep(&r, p, lens[i], NULL) == -1)
			abort();
		for (c = CODING_IDENTITY + 1; c < CODING__MAX; c++)
			if ((r.cdata[c] == NULL) != (fresh[i].cdata[c] ==
			    NULL) || (r.cdata[c] != NULL && !same(c,
			    r.cdata[c], r.clen[c], bodies[i], lens[i])))
				abort();
		enc_free(&r);
	}
	if (enc_cache_close(1, note, sizeof(note)) == 0 && path[0] == '\0' &&
	    (p = strstr(note, "written to ")) != NULL)
		snprintf(path, sizeof(path), "%s", p + 11);
}

static void
cleanup(void)
{
	char	 cmd[64];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	(void)system(cmd);
}

static void
init(void)
{
	const char *seed;
	char	 cmd[8400];
	FILE	*f;
	size_t	 i, k;
	unsigned int s = 11;

	if (mkdtemp(dir) == NULL)
		abort();
	atexit(cleanup);
	for (i = 0; i < NBODIES; i++) {
		lens[i] = 150 + 700 * i;
		if ((bodies[i] = malloc(lens[i] + 1)) == NULL)
			abort();
		for (k = 0; k < lens[i]; k++) {
			s = s * 1103515245u + 12345u;
			bodies[i][k] = (s >> 16) % 6 == 0 ? ' ' :
			    (char)('a' + (s >> 16) % 26);
		}
		bodies[i][lens[i]] = '\0';
		if (enc_keep(&fresh[i], strdup(bodies[i]), lens[i], NULL) ==
		    -1)
			abort();
	}
	load();		/* writes this site's file: its name, its header */
	if (path[0] == '\0' || (f = fopen(path, "rb")) == NULL ||
	    fread(header, 1, sizeof(header), f) != sizeof(header))
		abort();
	fclose(f);
	if ((seed = getenv("FUZZ_ZCACHE_SEED")) != NULL) {
		snprintf(cmd, sizeof(cmd), "{ printf '\\001'; cat '%s'; } "
		    ">'%s'", path, seed);
		exit(system(cmd) == 0 ? 0 : 1);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	unsigned char *file;
	uint32_t crc;
	FILE	*f;
	int	 patch;

	if (!ready) {
		init();
		ready = 1;
	}
	if (size < 1)
		return 0;
	/* The first byte is the mode, the rest the file. */
	patch = data[0] & 1;
	data++;
	size--;
	if ((file = malloc(size ? size : 1)) == NULL)
		return 0;
	memcpy(file, data, size);
	if (size >= 40 && patch) {
		memcpy(file, header, sizeof(header));
		memcpy(file + size - 16, "PERFILZE", 8);
		crc = (uint32_t)crc32(crc32(0, NULL, 0), file, (uInt)(size - 16));
		file[size - 4] = (unsigned char)crc;
		file[size - 3] = (unsigned char)(crc >> 8);
		file[size - 2] = (unsigned char)(crc >> 16);
		file[size - 1] = (unsigned char)(crc >> 24);
	}
	if ((f = fopen(path, "wb")) == NULL ||
	    fwrite(file, 1, size, f) != size || fclose(f) != 0)
		abort();
	free(file);
	load();
	return 0;
}
