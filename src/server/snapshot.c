/*
 * snapshot.c: a load's renders kept for the next start (snapshot.h
 * says what and why).
 *
 * The file, numbers little-endian:
 *
 *	header	"PERFILSN", u32 version (4), u32 length of the key, the
 *		key's text (snapshot_key: "NAME VALUE" lines), zeros up to
 *		the next multiple of 4096 bytes
 *	stream	the model and the renders (visit, below; snap.h's
 *		encoding), from a page's start: the reader maps the file,
 *		and the blocks it lends are aligned in the stream
 *	trailer	"PERFILSE", u64 length of the stream, u32 CRC-32 of every
 *		byte before the trailer
 */
#include "config.h"

#include <sys/mman.h>
#include <sys/stat.h>

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "api/openapi.h"
#include "api/search.h"
#include "base/sha256.h"
#include "base/util.h"
#include "base/watch.h"
#include "content/content.h"
#include "content/settings.h"
#include "http/snap.h"
#include "mcp/mcp.h"
#include "server/prerender.h"
#include "server/snapshot.h"
#include "site/pages.h"
#include "site/pdf_module.h"

#define MAGIC		"PERFILSN"
#define MAGIC_END	"PERFILSE"
#define FORMAT_VERSION	4	/* 4: no search hit JSON kept */
#define HEADER_LEN	16
#define STREAM_ALIGN	4096	/* the stream's offset in the file */
#define TRAILER_LEN	20
#define STREAM_END	0x454e44u	/* "END": the stream's last number */
#define WRITE_CHUNK	((size_t)4 << 20)	/* snapshot_write's */
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ	22	/* Linux 5.14 */
#endif

struct snapshot {
	char	*path;
	unsigned char *data;	/* the stream's bytes: renders point in */
	size_t	 len;
	void	*map;		/* the file, mapped (map_file) */
	size_t	 maplen;
};

/*
 * The file is mapped, not read: its pages are the page cache's, shared
 * by every process that maps it (a generation's workers, the processes
 * Apache's mod_fcgid starts), and a start takes no memory of its own
 * for them, which on this project's virtual machines cost 3 to 160 ms
 * for 49 MB (new huge pages, which the kernel may have to compact
 * memory for) before the read copied the file into them.  Mapped
 * read-only: nothing writes into what a load lends (a write would
 * fault, and the tests would see it).
 *
 * A mapped file truncated under its readers makes their next read of a
 * page past its new end a SIGBUS.  The file is written 0400 and
 * replaced by rename, never in place, so only root (or its owner, who
 * changes its mode first) can; then the guard below ends the process
 * with SNAPSHOT_LOST_STATUS instead of a crash, the leader whose worker
 * it was ends with the same status, and the supervisor loads the
 * content again (the file is refused: truncated).  The faulting
 * request's connection is dropped.
 */
#define GUARD_SLOTS	4
static struct {
	volatile sig_atomic_t used;
	uintptr_t lo, hi;	/* the mapping's bytes [lo, hi) */
	char	 msg[PATH_MAX + 96];	/* what the process says */
	size_t	 msglen;
} guard[GUARD_SLOTS];
static struct sigaction guard_prev;
static int guard_installed;

static void
guard_fault(int sig, siginfo_t *si, void *uc)
{
	uintptr_t a = (uintptr_t)si->si_addr;
	ssize_t	 said;
	int	 i;

	for (i = 0; i < GUARD_SLOTS; i++)
		if (guard[i].used && a >= guard[i].lo && a < guard[i].hi) {
			said = write(STDERR_FILENO, guard[i].msg,
			    guard[i].msglen);
			(void)said;	/* nothing more to do if it failed */
			_exit(SNAPSHOT_LOST_STATUS);
		}
	/* Not the snapshot's: as if there were no guard. */
	if (guard_prev.sa_flags & SA_SIGINFO &&
	    guard_prev.sa_sigaction != NULL) {
		guard_prev.sa_sigaction(sig, si, uc);
		return;
	}
	if (guard_prev.sa_handler != SIG_DFL &&
	    guard_prev.sa_handler != SIG_IGN) {
		guard_prev.sa_handler(sig);
		return;
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Maps sn's file (fd, size bytes) and guards the mapping; 0 or -1. */
static int
map_file(struct snapshot *sn, int fd, size_t size)
{
	struct sigaction sa;
	void	*p;
	int	 i;

	for (i = 0; i < GUARD_SLOTS && guard[i].used; i++)
		;
	if (i == GUARD_SLOTS)	/* one per load; never more than two */
		return -1;
	p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		return -1;
	sn->map = p;
	sn->maplen = size;
	/* In huge pages where the page cache has them (WRITE_CHUNK) or
	 * reads them in (a hint; Linux 5.14's MADV_POPULATE_READ maps
	 * every page at once: the CRC reads them all anyway). */
#ifdef MADV_HUGEPAGE
	(void)madvise(p, size, MADV_HUGEPAGE);
#endif
	(void)madvise(p, size, MADV_POPULATE_READ);
	if (!guard_installed) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = guard_fault;
		sa.sa_flags = SA_SIGINFO | SA_NODEFER;
		sigemptyset(&sa.sa_mask);
		if (sigaction(SIGBUS, &sa, &guard_prev) == 0)
			guard_installed = 1;
	}
	snprintf(guard[i].msg, sizeof(guard[i].msg), "perfil-fcgi: %s "
	    "changed while mapped (truncated?): exiting, for the content to "
	    "be loaded again\n", sn->path);
	guard[i].msglen = strlen(guard[i].msg);
	guard[i].lo = (uintptr_t)p;
	guard[i].hi = (uintptr_t)p + size;
	guard[i].used = 1;
	return 0;
}

/* Forgets sn's mapping in the guard and unmaps it. */
static void
unmap_file(struct snapshot *sn)
{
	int	 i;

	for (i = 0; i < GUARD_SLOTS; i++)
		if (guard[i].used && guard[i].lo == (uintptr_t)sn->map)
			guard[i].used = 0;
	munmap(sn->map, sn->maplen);
}

/* --- The key ---------------------------------------------------------- */

/* Adds to b a file's size, inode and modification time. */
static void
add_file(struct buf *b, const char *name)
{
	struct stat st;

	if (stat(name, &st) == 0)
		buf_printf(b, " %jd %ju %jd.%09ld", (intmax_t)st.st_size,
		    (uintmax_t)st.st_ino, (intmax_t)st.st_mtim.tv_sec,
		    st.st_mtim.tv_nsec);
}

/* Adds to ctx the build id of one loaded object (its GNU build-id note),
 * or, without one, its file's size, inode and times. */
static int
add_object(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct buf *b = arg;
	const ElfW(Nhdr) *n;
	const char *p, *end, *name;
	int	 i, found = 0;
	size_t	 k;

	(void)size;
	name = info->dlpi_name != NULL && info->dlpi_name[0] != '\0' ?
	    info->dlpi_name : "/proc/self/exe";
	buf_printf(b, "%s", name);
	for (i = 0; i < info->dlpi_phnum && !found; i++) {
		if (info->dlpi_phdr[i].p_type != PT_NOTE)
			continue;
		p = (const char *)(info->dlpi_addr +
		    info->dlpi_phdr[i].p_vaddr);
		end = p + info->dlpi_phdr[i].p_memsz;
		while (!found && p + sizeof(*n) <= end) {
			n = (const ElfW(Nhdr) *)(const void *)p;
			p += sizeof(*n);
			if (n->n_namesz > (size_t)(end - p))
				break;
			if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 &&
			    memcmp(p, "GNU", 4) == 0 &&
			    n->n_descsz <= (size_t)(end - p - 4)) {
				buf_puts(b, " ");
				for (k = 0; k < n->n_descsz; k++)
					buf_printf(b, "%02x", (unsigned char)
					    p[4 + k]);
				found = 1;
			}
			p += (n->n_namesz + 3) & ~(size_t)3;
			if ((size_t)(end - p) < ((n->n_descsz + 3) &
			    ~(size_t)3))
				break;
			p += (n->n_descsz + 3) & ~(size_t)3;
		}
	}
	if (!found)
		add_file(b, name);
	buf_puts(b, "\n");
	return 0;
}

static pthread_once_t	 build_once = PTHREAD_ONCE_INIT;
static char		 build_hex[2 * SHA256_LEN + 1];

/*
 * The SHA-256, in hex, of the build ids of every object loaded when the
 * process started, and of the PDF module's file (pdf_module.h), which is
 * loaded later or never: a start that reads a snapshot does not load it,
 * so the objects it brings (cairo, pango) are not in the key, and a
 * snapshot's PDFs stay those the libraries made until the program, the
 * module, the fonts or the content change.
 */
static void
build_id_once(void)
{
	unsigned char h[SHA256_LEN];
	struct buf b;
	int	 i;
#ifdef PDF_MODULE
	char	 path[PATH_MAX];
#endif

	buf_init(&b);
	dl_iterate_phdr(add_object, &b);
#ifdef PDF_MODULE
	(void)module_path(PDF_MODULE_NAME, path, sizeof(path));
	buf_puts(&b, path);
	add_file(&b, path);
	buf_puts(&b, "\n");
#endif
	sha256(b.data != NULL ? b.data : "", b.len, h);
	for (i = 0; i < SHA256_LEN; i++)
		snprintf(build_hex + 2 * i, 3, "%02x", h[i]);
	buf_free(&b);
}

void
snapshot_init(void)
{
	pthread_once(&build_once, build_id_once);
}

static void
build_id(char hex[2 * SHA256_LEN + 1])
{
	snapshot_init();
	memcpy(hex, build_hex, sizeof(build_hex));
}

/* The fingerprint of the directories fontconfig reads fonts and its
 * settings from (watch.h): a font package installed or removed
 * changes it. */
static void
fonts_id(char fp[WATCH_FP_LEN + 1])
{
	char	 home1[PATH_MAX], home2[PATH_MAX], data[PATH_MAX];
	const char *dirs[6], *h = getenv("HOME"), *x = getenv("XDG_DATA_HOME");
	int	 n = 0;

	dirs[n++] = "/etc/fonts";
	dirs[n++] = "/usr/share/fonts";
	dirs[n++] = "/usr/local/share/fonts";
	if (h != NULL && h[0] == '/') {
		snprintf(home1, sizeof(home1), "%s/.fonts", h);
		snprintf(home2, sizeof(home2), "%s/.local/share/fonts", h);
		dirs[n++] = home1;
		dirs[n++] = home2;
	}
	if (x != NULL && x[0] == '/') {
		snprintf(data, sizeof(data), "%s/fonts", x);
		dirs[n++] = data;
	}
	watch_fingerprint(dirs, n, fp);
}

char *
snapshot_key(const struct config *cfg, const char *site, const char *fp)
{
	static const char *const env[] = { "PERFIL_TEST_FAST_COMPRESSION",
	    "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT" };
	char	 build[2 * SHA256_LEN + 1], fonts[WATCH_FP_LEN + 1];
	char	 day[16];
	struct tm tm;
	struct buf b;
	time_t	 now = time(NULL);
	const char *v;
	size_t	 i;

	build_id(build);
	fonts_id(fonts);
	if (gmtime_r(&now, &tm) == NULL ||
	    strftime(day, sizeof(day), "%Y-%m-%d", &tm) == 0)
		snprintf(day, sizeof(day), "unknown");
	buf_init(&b);
	buf_printf(&b, "perfil snapshot %d\n", FORMAT_VERSION);
	/* In the order a reason is looked for (key_differs): what names
	 * the site first, what changes from day to day last. */
	buf_printf(&b, "build %s\n", build);
	buf_puts(&b, "site ");
	for (v = site; *v != '\0'; v++)
		buf_putc(&b, *v == '\n' ? '\t' : *v);
	buf_printf(&b, "\noptions strict %d, base URL given %d, static %d\n",
	    cfg->strict, cfg->base_given, cfg->static_copy);
	buf_puts(&b, "env");
	for (i = 0; i < sizeof(env) / sizeof(env[0]); i++)
		if ((v = getenv(env[i])) != NULL)
			buf_printf(&b, " %s=%s", env[i], v);
	buf_printf(&b, "\ncontent %s\n", fp);
	buf_printf(&b, "fonts %s\n", fonts);
	buf_printf(&b, "date %s\n", day);
	if (b.oom || b.len > SNAPSHOT_KEY_MAX) {
		buf_free(&b);
		return NULL;
	}
	return buf_detach(&b);
}

/* Why a file made with key have is not for key want: its first line
 * that differs, by name. */
static const char *
key_differs(const char *have, size_t havelen, const char *want)
{
	static const struct {
		const char *name, *why;
	} lines[] = {
		{ "perfil snapshot ", "of another format" },
		{ "build ", "made by another build of the program or of its "
		    "libraries" },
		{ "fonts ", "made with other fonts installed" },
		{ "date ", "made on another day (the CV's durations count to "
		    "the day)" },
		{ "content ", "made from other content or labels" },
		{ "site ", "made for another site" },
		{ "options ", "made with other options" },
		{ "env", "made with other environment variables" },
	};
	const char *h = have, *w = want, *he, *we;
	size_t	 i;

	while (*w != '\0') {
		we = strchr(w, '\n');
		we = we != NULL ? we + 1 : w + strlen(w);
		he = memchr(h, '\n', havelen - (size_t)(h - have));
		he = he != NULL ? he + 1 : have + havelen;
		if (he - h != we - w || memcmp(h, w, (size_t)(we - w)) != 0) {
			for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
				if (strncmp(w, lines[i].name,
				    strlen(lines[i].name)) == 0)
					return lines[i].why;
			return "made with another key";
		}
		h = he;
		w = we;
	}
	return h == have + havelen ? NULL : "made with another key";
}

/* --- The file --------------------------------------------------------- */

/* DIR/perfil-HEX.snapshot, HEX naming the site as enc_cache does. */
static char *
file_path(const char *dir, const char *site, int tmp)
{
	char	 p[PATH_MAX];

	if (xsnprintf(p, sizeof(p), tmp ? "%s/.perfil-%016" PRIx64 ".XXXXXX" :
	    "%s/perfil-%016" PRIx64 ".snapshot", dir,
	    hash_words64(site, strlen(site))) == -1)
		return NULL;
	return strdup(p);
}

/* The stream's offset in a file whose key is klen bytes long. */
static uint64_t
stream_at(uint64_t klen)
{
	return (HEADER_LEN + klen + STREAM_ALIGN - 1) &
	    ~(uint64_t)(STREAM_ALIGN - 1);
}

/* Reads exactly n bytes at off; 0 or -1. */
static int
read_at(int fd, void *p, size_t n, off_t off)
{
	ssize_t	 r;
	size_t	 got = 0;

	while (got < n) {
		r = pread(fd, (char *)p + got, n - got, off + (off_t)got);
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

/* Whether st (a file or its directory) is this user's alone: owned by
 * it (or root's, for a directory) and writable by no one else. */
static int
owned(const struct stat *st, int dir)
{
	return (st->st_uid == geteuid() || (dir && st->st_uid == 0)) &&
	    (st->st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

struct snapshot *
snapshot_open(const char *dir, const char *site, const char *key,
    char *note, size_t notelen)
{
	struct snapshot *sn;
	unsigned char h[HEADER_LEN], t[TRAILER_LEN];
	struct stat st, dst;
	const char *why = NULL;
	char	*have = NULL;
	uint64_t slen, at = 0;
	uint32_t klen, crc;
	size_t	 n = 0;
	int	 fd;

	note[0] = '\0';
	if ((sn = calloc(1, sizeof(*sn))) == NULL ||
	    (sn->path = file_path(dir, site, 0)) == NULL) {
		free(sn);
		return NULL;
	}
	if ((fd = open(sn->path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) == -1) {
		if (errno != ENOENT)
			snprintf(note, notelen, "%s: cannot be read (%s): "
			    "ignored", sn->path, strerror(errno));
		snapshot_free(sn);
		return NULL;
	}
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode))
		why = "not a regular file";
	else if (stat(dir, &dst) == -1 || !owned(&st, 0) || !owned(&dst, 1))
		why = "it or its directory is not this user's alone (owned "
		    "by another, or writable by group or others)";
	else if (st.st_size < HEADER_LEN + TRAILER_LEN ||
	    (uint64_t)st.st_size > SNAPSHOT_MAX_BYTES)
		why = st.st_size < HEADER_LEN + TRAILER_LEN ? "truncated" :
		    "larger than 1 GiB";
	else if (read_at(fd, h, HEADER_LEN, 0) == -1 ||
	    read_at(fd, t, TRAILER_LEN, st.st_size - TRAILER_LEN) == -1)
		why = "cannot be read";
	else if (memcmp(h, MAGIC, 8) != 0 ||
	    le_get(h + 8, 4) != FORMAT_VERSION)
		why = "not a snapshot of this version";
	else if ((klen = (uint32_t)le_get(h + 12, 4)) > SNAPSHOT_KEY_MAX ||
	    (at = stream_at(klen)) + TRAILER_LEN > (uint64_t)st.st_size)
		why = "truncated";
	else if (memcmp(t, MAGIC_END, 8) != 0 || (slen = le_get(t + 8, 8)) !=
	    (uint64_t)st.st_size - at - TRAILER_LEN)
		why = "truncated, or its end is not a snapshot's";
	else if ((have = malloc(klen + 1)) == NULL ||
	    read_at(fd, have, klen, HEADER_LEN) == -1)
		why = have == NULL ? "out of memory" : "cannot be read";
	else if ((why = key_differs(have, klen, key)) != NULL)
		;
	else if ((n = (size_t)slen) == 0)
		why = "an empty stream";
	else if (map_file(sn, fd, (size_t)st.st_size) == -1)
		why = "cannot be mapped";
	else {
		sn->data = (unsigned char *)sn->map + at;
		crc = snap_crc(0, sn->map, (size_t)st.st_size - TRAILER_LEN);
		if (crc != (uint32_t)le_get(t + 16, 4))
			why = "its CRC-32 does not match (corrupt)";
	}
	sn->len = sn->data != NULL ? n : 0;
	free(have);
	close(fd);
	if (why != NULL) {
		snprintf(note, notelen, "%s: %s: ignored", sn->path, why);
		snapshot_free(sn);
		return NULL;
	}
	return sn;
}

void
snapshot_free(struct snapshot *sn)
{
	if (sn == NULL)
		return;
	free(sn->path);
	if (sn->map != NULL)
		unmap_file(sn);
	free(sn);
}

/* --- The stream ------------------------------------------------------- */

/*
 * Writes app's model and renders, or reads them into app, in one
 * order: the model first, which the renders' readers check theirs
 * against.  Read back, app's members are set only as far as the stream
 * went; the caller frees them when it failed.
 */
static void
visit(struct snap *s, struct app *app)
{
	uint64_t end = STREAM_END;
	int	 l;

	if (s->reading)
		app->model = content_snap(s, NULL, app->langs);
	else
		(void)content_snap(s, app->model, app->langs);
	snap_str(s, &app->placeholders);
	snap_int(s, &app->nplaceholders, 0, INT_MAX);
	snap_str(s, &app->variant_gaps);
	if (s->reading && snap_ok(s) && (app->nplaceholders > 0) !=
	    (app->placeholders != NULL))
		snap_fail(s, "placeholders without their count");
	for (l = 0; l < LANG__MAX; l++)
		snap_int(s, &app->cv_pdf[l], 0, 1);
	snap_str(s, &app->glyphs);
	snap_str(s, &app->font_packages);
	if (s->reading && snap_ok(s) &&
	    (app->site = calloc(1, sizeof(*app->site))) == NULL)
		snap_fail(s, "out of memory");
	if (snap_ok(s))
		site_snap(s, app->site, app->settings->cv_variants.n);
	if (s->reading) {
		app->openapi = openapi_snap(s, NULL);
		app->prerender = prerender_snap(s, NULL, app);
		app->mcp = mcp_snap(s, NULL, app);
		app->search = search_snap(s, NULL, app->langs->n);
	} else {
		(void)openapi_snap(s, app->openapi);
		(void)prerender_snap(s, app->prerender, app);
		(void)mcp_snap(s, app->mcp, app);
		(void)search_snap(s, app->search, app->langs->n);
	}
	snap_u64(s, &end);
	if (s->reading && snap_ok(s) && (end != STREAM_END ||
	    s->pos != s->len))
		snap_fail(s, "bytes after the end of its renders");
}

/* Frees what a failed read put in app. */
static void
unvisit(struct app *app)
{
	int	 l;

	content_free(app->model);
	free(app->placeholders);
	free(app->variant_gaps);
	app->model = NULL;
	app->placeholders = app->variant_gaps = NULL;
	app->nplaceholders = 0;
	for (l = 0; l < LANG__MAX; l++)
		app->cv_pdf[l] = 0;
	free(app->glyphs);
	free(app->font_packages);
	site_free(app->site);
	openapi_free(app->openapi);
	prerender_free(app->prerender);
	mcp_free(app->mcp);
	search_free(app->search);
	app->search = NULL;
	app->glyphs = app->font_packages = NULL;
	app->site = NULL;
	app->openapi = NULL;
	app->prerender = NULL;
	app->mcp = NULL;
}

int
snapshot_restore_stream(const void *p, size_t n, struct app *app,
    char *note, size_t notelen)
{
	struct snap s;

	snap_reader(&s, p, n);
	visit(&s, app);
	if (!snap_ok(&s)) {
		unvisit(app);
		snprintf(note, notelen, "%s at byte %zu", s.why, s.pos);
		return -1;
	}
	return 0;
}

int
snapshot_restore(struct snapshot *sn, struct app *app, char *note,
    size_t notelen)
{
	char	 why[512];

	if (snapshot_restore_stream(sn->data, sn->len, app, why,
	    sizeof(why)) == -1) {
		snprintf(note, notelen, "%s: %s: ignored", sn->path, why);
		snapshot_free(sn);
		return -1;
	}
	snprintf(note, notelen, "%s: %.1f MB of renders read back", sn->path,
	    (double)sn->len / 1e6);
	app->snapshot = sn;
	return 0;
}

int
snapshot_write(const struct app *app, const char *dir, const char *site,
    const char *key, char *note, size_t notelen)
{
	unsigned char h[HEADER_LEN], t[TRAILER_LEN];
	struct snap s;
	struct buf b;
	char	*path = NULL, *tmp = NULL, *chunk = NULL;
	uint64_t slen;
	size_t	 klen = strlen(key);
	off_t	 at;
	FILE	*f = NULL;
	int	 fd = -1, rc = -1;

	note[0] = '\0';
	buf_init(&b);
	if ((path = file_path(dir, site, 0)) == NULL ||
	    (tmp = file_path(dir, site, 1)) == NULL) {
		snprintf(note, notelen, "%s: path too long: no snapshot", dir);
		goto done;
	}
	if ((fd = mkstemp(tmp)) == -1 || (f = fdopen(fd, "wb")) == NULL) {
		snprintf(note, notelen, "%s: cannot be written (%s): no "
		    "snapshot", dir, strerror(errno));
		if (fd != -1) {
			unlink(tmp);
			close(fd);
		}
		goto done;
	}
	/* Written in chunks of WRITE_CHUNK bytes, at multiples of it:
	 * the page cache keeps such writes in huge pages (Linux 6.x,
	 * ext4 and tmpfs among others), which every reader's mapping
	 * then maps 2 MB at a time instead of 4 KiB (map_file). */
	if ((chunk = malloc(WRITE_CHUNK)) != NULL)
		(void)setvbuf(f, chunk, _IOFBF, WRITE_CHUNK);
	memcpy(h, MAGIC, 8);
	le_put(h + 8, FORMAT_VERSION, 4);
	le_put(h + 12, (uint32_t)klen, 4);
	snap_writer(&s, &b, f);
	buf_append(&b, h, HEADER_LEN);
	buf_append(&b, key, klen);
	while (b.len < stream_at(klen))
		buf_append(&b, "", 1);
	visit(&s, (struct app *)(uintptr_t)app);
	(void)snap_flush(&s);
	if (snap_ok(&s) && (at = ftello(f)) != -1) {
		slen = (uint64_t)at - stream_at(klen);
		memcpy(t, MAGIC_END, 8);
		le_put(t + 8, slen, 8);
		le_put(t + 16, s.crc, 4);
		if (fwrite(t, 1, TRAILER_LEN, f) == TRAILER_LEN)
			rc = 0;
	}
	/* Read-only: the readers map it (map_file). */
	if (rc == 0 && fchmod(fileno(f), S_IRUSR) == -1)
		rc = -1;
	if (fclose(f) != 0)
		rc = -1;
	free(chunk);
	if (rc == 0 && rename(tmp, path) == -1)
		rc = -1;
	if (rc == -1) {
		snprintf(note, notelen, "%s: not written (%s)", path,
		    s.why != NULL ? s.why : strerror(errno));
		unlink(tmp);
	} else
		snprintf(note, notelen, "%.1f MB of renders written to %s",
		    (double)slen / 1e6, path);
done:
	buf_free(&b);
	free(path);
	free(tmp);
	return rc;
}
