/*
 * fuzz_snapshot.c: libFuzzer target for the reader of the snapshot's
 * stream (snapshot_restore_stream: http/snap.c's primitives and the
 * visitors content_snap, site_snap, openapi_snap, prerender_snap,
 * mcp_snap and search_snap), with the demo content loaded once, without
 * --cache-dir.  The input is a
 * stream, the part of a DIR/perfil-*.snapshot file between its header
 * and its trailer (server/snapshot.c): the file's CRC-32 finds a
 * corrupt file, not a hostile one, so the stream itself must be safe to
 * read whatever it holds.
 *
 * For each input the load's model and renders are moved aside and the
 * stream is read into their place; what was read is freed before the input is:
 * its answers point into the input's bytes (lent, encoding.h), which
 * libFuzzer frees after the run.  Checked beyond the sanitizers (abort
 * otherwise): a stream refused says why and leaves no render behind; a
 * stream taken is written back (snapshot_write) as the very same bytes,
 * the visitors reading and writing in one order; and, once at start,
 * the stream of this load is taken.  Half the mutations are the
 * target's own (LLVMFuzzerCustomMutator): a number beside an answer set
 * to a bound, where libFuzzer's would nearly always land in bytes the
 * reader does not look into.
 *
 * The seed corpus (tests/fuzz/corpus/snapshot) is the stream a load of
 * the demo content writes, cut short and empty: tests/fuzz/snapshot-seed
 * makes it.  FUZZ_SNAPSHOT_VERBOSE=1 prints each input's fate ("taken",
 * or the reason and the byte), to see a seed taken or a crash's input.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/openapi.h"
#include "api/search.h"
#include "content/content.h"
#include "mcp/mcp.h"
#include "server/app_load.h"
#include "server/prerender.h"
#include "server/snapshot.h"
#include "site/pages.h"

#define KEY		"fuzz_snapshot\n"
#define HEADER_LEN	16		/* snapshot.c's: magic, version, key length */
#define TRAILER_LEN	20		/* magic, stream length, CRC-32 */
/* snapshot.c's: the stream starts at the header and key rounded up to a
 * page of the file */
#define STREAM_AT	((HEADER_LEN + sizeof(KEY) - 1 + 4095) & ~(size_t)4095)

int	 LLVMFuzzerInitialize(int *, char ***);
int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);
size_t	 LLVMFuzzerMutate(uint8_t *, size_t, size_t);
size_t	 LLVMFuzzerCustomMutator(uint8_t *, size_t, size_t, unsigned int);

static struct config cfg = { .content_dir = FUZZ_CONTENT_DIR,
    .base_url = "http://fuzz.example", .labels_dir = FUZZ_LABELS_DIR };
static struct app app;
/* Where snapshot_write puts each stream taken, a few MB a time: in
 * memory (/dev/shm) where there is one, not on a disk. */
static char dir[64];
static int verbose;		/* FUZZ_SNAPSHOT_VERBOSE: each input's fate */

/* The members of a load that a stream fills (snapshot_restore). */
struct renders {
	struct model *model;
	char	*placeholders, *variant_gaps;
	int	 nplaceholders;
	struct site *site;
	struct openapi *openapi;
	struct prerender *prerender;
	struct mcp *mcp;
	struct search_index *search;
	char	*glyphs, *font_packages;
	int	 cv_pdf[LANG__MAX];
};

static void
take(struct renders *r, struct app *a)
{
	r->model = a->model;
	r->placeholders = a->placeholders;
	r->variant_gaps = a->variant_gaps;
	r->nplaceholders = a->nplaceholders;
	r->site = a->site;
	r->openapi = a->openapi;
	r->prerender = a->prerender;
	r->mcp = a->mcp;
	r->search = a->search;
	r->glyphs = a->glyphs;
	r->font_packages = a->font_packages;
	memcpy(r->cv_pdf, a->cv_pdf, sizeof(r->cv_pdf));
}

static void
give(struct app *a, const struct renders *r)
{
	a->model = r->model;
	a->placeholders = r->placeholders;
	a->variant_gaps = r->variant_gaps;
	a->nplaceholders = r->nplaceholders;
	a->site = r->site;
	a->openapi = r->openapi;
	a->prerender = r->prerender;
	a->mcp = r->mcp;
	a->search = r->search;
	a->glyphs = r->glyphs;
	a->font_packages = r->font_packages;
	memcpy(a->cv_pdf, r->cv_pdf, sizeof(a->cv_pdf));
}

static int
empty(const struct renders *r)
{
	static const int none[LANG__MAX];

	return r->model == NULL && r->placeholders == NULL &&
	    r->variant_gaps == NULL && r->nplaceholders == 0 &&
	    r->site == NULL && r->openapi == NULL && r->prerender == NULL &&
	    r->mcp == NULL && r->search == NULL && r->glyphs == NULL && r->font_packages == NULL &&
	    memcmp(r->cv_pdf, none, sizeof(none)) == 0;
}

static void
cleanup(void)
{
	char	 cmd[64];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	(void)system(cmd);
}

/*
 * The stream of app's renders as snapshot_write puts it in a file, in a
 * malloc'd buffer (its length in *n), or NULL when it cannot be written.
 */
static unsigned char *
stream_of(const struct app *a, size_t *n)
{
	unsigned char *p;
	char	 note[8192], *path;
	FILE	*f;
	long	 size;

	if (snapshot_write(a, dir, "fuzz", KEY, note, sizeof(note)) == -1 ||
	    (path = strstr(note, " written to ")) == NULL ||
	    (f = fopen(path + 12, "rb")) == NULL)
		return NULL;
	/* Gone at once: a crash (no atexit) leaves no copy in memory. */
	(void)unlink(path + 12);
	p = NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >=
	    (long)(STREAM_AT + TRAILER_LEN) &&
	    fseek(f, (long)STREAM_AT, SEEK_SET) == 0) {
		*n = (size_t)size - STREAM_AT - TRAILER_LEN;
		if ((p = malloc(*n + 1)) != NULL &&
		    fread(p, 1, *n, f) != *n) {
			free(p);
			p = NULL;
		}
	}
	fclose(f);
	return p;
}

/* Reads p[0..n) into the load's renders; aborts when the checks fail.
 * Returns whether the stream was taken. */
static int
restore(const unsigned char *p, size_t n)
{
	struct renders saved, got;
	unsigned char *again;
	char	 note[1024];
	size_t	 m = 0;
	int	 rc;

	take(&saved, &app);
	memset(&got, 0, sizeof(got));
	give(&app, &got);
	note[0] = '\0';
	rc = snapshot_restore_stream(p, n, &app, note, sizeof(note));
	take(&got, &app);
	if (verbose)
		fprintf(stderr, "fuzz_snapshot: %zu bytes: %s\n", n,
		    rc == 0 ? "taken" : note);
	if (rc == -1) {
		/* Refused: why, and nothing left behind. */
		if (note[0] == '\0' || !empty(&got))
			abort();
	} else {
		/* Taken: written back, the same bytes. */
		if ((again = stream_of(&app, &m)) == NULL || m != n ||
		    memcmp(again, p, n) != 0)
			abort();
		free(again);
		content_free(got.model);
		free(got.placeholders);
		free(got.variant_gaps);
		site_free(got.site);
		openapi_free(got.openapi);
		prerender_free(got.prerender);
		mcp_free(got.mcp);
		search_free(got.search);
		free(got.glyphs);
		free(got.font_packages);
	}
	give(&app, &saved);
	return rc == 0;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	unsigned char *own;
	char	 err[1024];
	size_t	 n;

	(void)argc;
	(void)argv;
	verbose = getenv("FUZZ_SNAPSHOT_VERBOSE") != NULL;
	if (app_load(&app, &cfg, err, sizeof(err)) == -1) {
		fprintf(stderr, "fuzz_snapshot: content %s: %s\n",
		    cfg.content_dir, err);
		exit(1);
	}
	snprintf(dir, sizeof(dir), "%s/fuzz_snapshot.XXXXXX",
	    access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
	if (mkdtemp(dir) == NULL)
		abort();
	atexit(cleanup);
	/* The stream this load writes is taken (and written back the
	 * same): else every input would be refused before its end. */
	if ((own = stream_of(&app, &n)) == NULL || !restore(own, n)) {
		fprintf(stderr, "fuzz_snapshot: the load's own stream is "
		    "refused\n");
		abort();
	}
	free(own);
	return 0;
}

/* The offset of the first answer's tag at or after from (wrapping), or
 * SIZE_MAX: a '"', up to 22 bytes neither '"' nor NUL, '"' and a NUL,
 * with the answer's length after its 24 bytes. */
static size_t
find_tag(const uint8_t *d, size_t size, size_t from)
{
	size_t	 i, k, p;

	for (i = 0; i + 32 <= size; i++) {
		p = (from + i) % (size - 31);
		if (d[p] != '"')
			continue;
		for (k = 1; k < 23 && d[p + k] != '"' && d[p + k] != '\0'; k++)
			;
		if (k > 1 && d[p + k] == '"' && d[p + k + 1] == '\0')
			return p;
	}
	return SIZE_MAX;
}

static uint64_t
get_le(const uint8_t *p)
{
	uint64_t v = 0;
	int	 i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/*
 * libFuzzer's own mutations land anywhere in a 2.8 MB stream, nearly
 * always in an answer's bytes, while the numbers the reader bounds are
 * a few thousand bytes of it.  Half the time, this changes one of them
 * instead: it finds an answer by its tag (snap_rendered's first member)
 * from a random place, and sets a number beside it (the three before a
 * pre-rendered answer: route, item, language; its length; the lengths
 * of its bytes and variants) to a value at a bound, or cuts the stream
 * just after that number.
 */
size_t
LLVMFuzzerCustomMutator(uint8_t *d, size_t size, size_t max,
    unsigned int seed)
{
	size_t	 slot[8], n = 0, p, q, at;
	uint64_t v, len, vals[10];
	unsigned int r = seed;
	int	 i;

	if (size < 64 || (r & 1) ||
	    (p = find_tag(d, size, (r >> 1) % size)) == SIZE_MAX)
		return LLVMFuzzerMutate(d, size, max);
	for (i = 3; i > 0; i--)
		if (p >= 8 * (size_t)i)
			slot[n++] = p - 8 * (size_t)i;
	slot[n++] = p + 24;
	for (q = p + 32, i = 0; i < 1 + CODING__MAX && q + 8 <= size; i++) {
		slot[n++] = q;
		len = get_le(d + q);
		if (len > size - q - 8)
			break;
		q += 8 + (size_t)len;
	}
	r = r * 1103515245u + 12345u;
	at = slot[(r >> 8) % n];
	if (at + 8 > size)
		return LLVMFuzzerMutate(d, size, max);
	v = get_le(d + at);
	len = size - at - 8;		/* the bytes after the number */
	vals[0] = 0;
	vals[1] = 1;
	vals[2] = v - 1;
	vals[3] = v + 1;
	vals[4] = len;
	vals[5] = len + 1;
	vals[6] = len + 2;
	vals[7] = UINT64_MAX;
	vals[8] = (uint64_t)1 << 63;
	vals[9] = v ^ ((uint64_t)1 << ((r >> 16) % 64));
	r = r * 1103515245u + 12345u;
	if ((r >> 8) % 8 == 0)		/* the stream cut short */
		return at + 8 + (r >> 12) % 16 < size ?
		    at + 8 + (r >> 12) % 16 : size;
	v = vals[(r >> 12) % 10];
	for (i = 0; i < 8; i++)
		d[at + i] = (uint8_t)(v >> (8 * i));
	return size;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	(void)restore(data, size);
	return 0;
}
