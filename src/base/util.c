/*
 * util.c: buffers, arena, UTF-8 validation, hashing, time, signals,
 * files beneath a directory.  The C library only: perfil-relay links it
 * alone (grapheme clusters, which need ICU, are utf8.c's).
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/syscall.h>

#include <linux/openat2.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"

void
buf_init(struct buf *b)
{
	memset(b, 0, sizeof(*b));
}

void
buf_free(struct buf *b)
{
	free(b->data);
	buf_init(b);
}

/* Empties the buffer but keeps its storage for reuse. */
void
buf_reset(struct buf *b)
{
	b->len = 0;
	b->oom = 0;
	if (b->data != NULL)
		b->data[0] = '\0';
}

/*
 * Makes room for extra bytes plus a terminating NUL: the capacity
 * doubled until it holds them, or with exact set just that (a buffer
 * filled once to a size known beforehand, a compressor's output).
 * Returns 0, or -1 (and sets b->oom) when memory is exhausted or the
 * size overflows.
 */
static int
reserve(struct buf *b, size_t extra, int exact)
{
	size_t	 need, cap;
	char	*p;

	if (b->oom)
		return -1;
	if (extra > SIZE_MAX - b->len - 1)
		goto oom;
	need = b->len + extra + 1;
	if (need <= b->cap)
		return 0;
	cap = exact ? need : b->cap ? b->cap : 256;
	while (cap < need) {
		if (cap > SIZE_MAX / 2)
			goto oom;
		cap *= 2;
	}
	if ((p = realloc(b->data, cap)) == NULL)
		goto oom;
	b->data = p;
	b->cap = cap;
	return 0;
oom:
	b->oom = 1;
	return -1;
}

int
buf_reserve(struct buf *b, size_t extra)
{
	return reserve(b, extra, 0);
}

int
buf_reserve_exact(struct buf *b, size_t extra)
{
	return reserve(b, extra, 1);
}

void
buf_append(struct buf *b, const void *p, size_t n)
{
	if (n == 0 || buf_reserve(b, n) == -1)
		return;
	memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void
buf_puts(struct buf *b, const char *s)
{
	buf_append(b, s, strlen(s));
}

/* The separator before item i of n in a list such as "a, b or c":
 * none, ", ", or conj (" or ", " and ") before the last. */
const char *
list_sep(int i, int n, const char *conj)
{
	return i == 0 ? "" : i == n - 1 ? conj : ", ";
}

void
buf_putc(struct buf *b, char c)
{
	if (b->oom || (b->len + 2 > b->cap && buf_reserve(b, 1) == -1))
		return;
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
}

void
buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list	 ap2;
	int	 n;

	if (b->oom)
		return;
	/* Once into the room there is; again only when it did not fit. */
	va_copy(ap2, ap);
	n = vsnprintf(b->cap > 0 ? b->data + b->len : NULL,
	    b->cap > 0 ? b->cap - b->len : 0, fmt, ap2);
	va_end(ap2);
	if (n < 0) {
		if (b->cap > 0)
			b->data[b->len] = '\0';
		return;
	}
	if ((size_t)n >= b->cap - b->len || b->cap == 0) {
		if (buf_reserve(b, (size_t)n) == -1) {
			if (b->cap > 0)
				b->data[b->len] = '\0';
			return;
		}
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	}
	b->len += (size_t)n;
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

/*
 * Appends s with the five characters that are special in HTML and XML
 * text and quoted attribute values escaped (&apos; is valid in both).
 */
void
buf_markup_text(struct buf *b, const char *s)
{
	size_t	 n;

	for (;;) {
		n = strcspn(s, "&<>\"'");
		buf_append(b, s, n);
		s += n;
		switch (*s) {
		case '&': buf_puts(b, "&amp;"); break;
		case '<': buf_puts(b, "&lt;"); break;
		case '>': buf_puts(b, "&gt;"); break;
		case '"': buf_puts(b, "&quot;"); break;
		case '\'': buf_puts(b, "&apos;"); break;
		default: return;	/* the end */
		}
		s++;
	}
}

/*
 * Appends s as a JSON string literal, quotes included: '"', '\\', \n,
 * \r and \t escaped by name, with bf \b and \f too (as cJSON prints
 * them), the other bytes below 0x20 as \u00XX.  The input must be
 * valid UTF-8; bytes >= 0x80 are copied as they are.
 */
static void
json_string(struct buf *b, const char *s, size_t n, int bf)
{
	static const char hex[] = "0123456789abcdef";
	static const char named[] = "\"\\\n\r\t\b\f", name[] = "\"\\nrtbf";
	const char *e;
	size_t	 i, run;
	unsigned char c;

	buf_putc(b, '"');
	for (i = 0; i < n; i = run) {
		for (run = i; run < n; run++) {
			c = (unsigned char)s[run];
			if (c < 0x20 || c == '"' || c == '\\')
				break;
		}
		buf_append(b, s + i, run - i);
		if (run == n)
			break;
		c = (unsigned char)s[run++];
		if ((e = memchr(named, c, bf ? 7 : 5)) != NULL) {
			buf_putc(b, '\\');
			buf_putc(b, name[e - named]);
		} else {
			char	 esc[6] = { '\\', 'u', '0', '0',
			    hex[c >> 4], hex[c & 0xf] };

			buf_append(b, esc, sizeof(esc));
		}
	}
	buf_putc(b, '"');
}

void
buf_json_string(struct buf *b, const char *s, size_t n)
{
	json_string(b, s, n, 0);
}

/* buf_json_string as cJSON prints it (json_print): \b and \f too. */
void
buf_cjson_string(struct buf *b, const char *s, size_t n)
{
	json_string(b, s, n, 1);
}

/* Returns the contents as a C string; never NULL. */
const char *
buf_cstr(struct buf *b)
{
	if (b->data == NULL)
		return "";
	return b->data;
}

/*
 * Hands the storage to the caller (who frees it) and empties b.  The
 * storage is trimmed to the contents: what is detached is kept (the
 * model, the index, rendered documents), and the doubling capacity
 * would otherwise stay with it (256 bytes at least: at 1,000 items per
 * collection, 12 MB of the search index alone).
 */
char *
buf_detach(struct buf *b)
{
	char	*p;

	if (b->data == NULL)
		p = strdup("");
	else if (b->len + 1 < b->cap &&
	    (p = realloc(b->data, b->len + 1)) != NULL)
		;
	else
		p = b->data;
	buf_init(b);
	return p;
}

struct arena_block {
	struct arena_block *next;
	size_t	 size;
	size_t	 used;
	max_align_t data[];
};

void
arena_init(struct arena *a, size_t block_size)
{
	a->head = NULL;
	a->block_size = block_size;
}

/*
 * Returns n bytes at the next multiple of align (1 or
 * _Alignof(max_align_t)) in a's head block, from a new block when they
 * do not fit, or NULL when memory is exhausted.
 */
static void *
arena_take(struct arena *a, size_t n, size_t align)
{
	struct arena_block *bl;
	size_t	 at, size;

	bl = a->head;
	at = bl == NULL ? 0 : (bl->used + align - 1) / align * align;
	if (bl == NULL || at > bl->size || bl->size - at < n) {
		size = n > a->block_size ? n : a->block_size;
		if (size > SIZE_MAX - sizeof(*bl))
			return NULL;
		if ((bl = malloc(sizeof(*bl) + size)) == NULL)
			return NULL;
		bl->size = size;
		bl->used = 0;
		at = 0;
		/*
		 * Keep a partly used head block first so that small
		 * allocations go on filling it.
		 */
		if (a->head != NULL && n > a->block_size) {
			bl->next = a->head->next;
			a->head->next = bl;
		} else {
			bl->next = a->head;
			a->head = bl;
		}
	}
	bl->used = at + n;
	return (char *)bl->data + at;
}

/*
 * Returns n bytes aligned for any type, or NULL when memory is
 * exhausted.  The memory lives until arena_reset or arena_free.
 */
void *
arena_alloc(struct arena *a, size_t n)
{
	return arena_take(a, n, _Alignof(max_align_t));
}

char *
arena_strndup(struct arena *a, const char *s, size_t n)
{
	char	*p;

	/* A string needs no alignment: packed, byte after byte. */
	if (n == SIZE_MAX || (p = arena_take(a, n + 1, 1)) == NULL)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/*
 * Copies at most max bytes of s[0..len) into the arena, cut on a UTF-8
 * character boundary, with "..." appended when cut.  For echoing
 * client input in messages.  Never NULL: "" when memory is exhausted.
 */
const char *
arena_excerpt(struct arena *a, const char *s, size_t len, size_t max)
{
	size_t	 n = len;
	char	*p;

	if (n <= max) {
		p = arena_strndup(a, s, n);
		return p ? p : "";
	}
	n = max;
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	if ((p = arena_alloc(a, n + 4)) == NULL)
		return "";
	memcpy(p, s, n);
	memcpy(p + n, "...", 4);
	return p;
}

char *
arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list	 ap;
	int	 n;
	char	*p;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || (p = arena_alloc(a, (size_t)n + 1)) == NULL)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

/* Frees every block but the first, which is kept for the next request. */
void
arena_reset(struct arena *a)
{
	struct arena_block *bl, *next;

	if (a->head == NULL)
		return;
	for (bl = a->head->next; bl != NULL; bl = next) {
		next = bl->next;
		free(bl);
	}
	a->head->next = NULL;
	a->head->used = 0;
}

void
arena_free(struct arena *a)
{
	struct arena_block *bl, *next;

	for (bl = a->head; bl != NULL; bl = next) {
		next = bl->next;
		free(bl);
	}
	a->head = NULL;
}

/*
 * Returns the number of code points of the UTF-8 text s[0..n): its
 * bytes that are not continuation bytes (10xxxxxx).  s need not end
 * with NUL; invalid sequences count as validated text would not.
 */
size_t
utf8_count(const char *s, size_t n)
{
	size_t	 i, cps = 0;

	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			cps++;
	return cps;
}

/*
 * Returns 1 if s[0..n) is well-formed UTF-8 (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), else 0.  NUL bytes are
 * accepted here; callers that forbid them check separately.
 */
int
utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	unsigned char c;

	while (p < end) {
		c = *p;
		if (c < 0x80) {
			p++;
		} else if (c >= 0xc2 && c <= 0xdf) {
			if (end - p < 2 || (p[1] & 0xc0) != 0x80)
				return 0;
			p += 2;
		} else if (c >= 0xe0 && c <= 0xef) {
			if (end - p < 3 || (p[1] & 0xc0) != 0x80 ||
			    (p[2] & 0xc0) != 0x80)
				return 0;
			if (c == 0xe0 && p[1] < 0xa0)
				return 0;	/* overlong */
			if (c == 0xed && p[1] > 0x9f)
				return 0;	/* surrogate */
			p += 3;
		} else if (c >= 0xf0 && c <= 0xf4) {
			if (end - p < 4 || (p[1] & 0xc0) != 0x80 ||
			    (p[2] & 0xc0) != 0x80 || (p[3] & 0xc0) != 0x80)
				return 0;
			if (c == 0xf0 && p[1] < 0x90)
				return 0;	/* overlong */
			if (c == 0xf4 && p[1] > 0x8f)
				return 0;	/* above U+10FFFF */
			p += 4;
		} else
			return 0;
	}
	return 1;
}

uint64_t
hash_fnv1a64(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 0xcbf29ce484222325ULL;

	while (n-- > 0) {
		h ^= *s++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

/*
 * A 64-bit hash that reads 8 bytes per step (FNV-1a reads one): for
 * entity tags of whole bodies, where only accidental changes matter.
 * Not for hostile keys (no seed).
 */
uint64_t
hash_words64(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ n, w;

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	w = 0;
	memcpy(&w, s, n);
	h = (h ^ w) * 0xff51afd7ed558ccdULL;
	h ^= h >> 29;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 32;
	return h;
}

/* snprintf that returns -1 on error or truncation, else the length. */
/*
 * True when v is a whole number from lo to hi (both whole, within
 * long long's range).  The range comes before the cast: casting a
 * double beyond long long's is undefined (and NaN fails the range).
 */
int
whole_in(double v, double lo, double hi)
{
	return v >= lo && v <= hi && v == (double)(long long)v;
}

int
xsnprintf(char *dst, size_t size, const char *fmt, ...)
{
	va_list	 ap;
	int	 n;

	va_start(ap, fmt);
	n = vsnprintf(dst, size, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= size)
		return -1;
	return n;
}

/*
 * warnx(3) for each line of text, prefix before each: a content check
 * reports many problems, one a line, each with the program's name.
 */
void
warnx_lines(const char *prefix, const char *text)
{
	size_t	 n;

	while (*text != '\0') {
		n = strcspn(text, "\n");
		warnx("%s%.*s", prefix, (int)n, text);
		text += n;
		if (*text == '\n')
			text++;
	}
}

/* Milliseconds on the monotonic clock (timeouts, restart holds). */
long long
monotonic_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Installs a signal handler without SA_RESTART, so that blocking calls
 * see EINTR (the supervisor, the leaders, the start-up). */
void
set_handler(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/*
 * Opens the file rel (a relative path) under the directory dir for
 * reading, never leaving dir and never blocking: a symbolic link may
 * point inside dir, not out of it (an absolute link, "..", a /proc
 * magic link), and the open does not wait for a FIFO's writer (the
 * caller then refuses anything but a regular file, fstat(2)).  With
 * openat2(2) the kernel resolves the path beneath dir
 * (RESOLVE_BENEATH); a kernel without it (before Linux 5.6) gets
 * O_NOFOLLOW on the last part and a check of the resolved path.
 * Returns a descriptor, or -1 with errno set: EXDEV or ELOOP for a
 * link leading out of dir.
 */
int
open_beneath(const char *dir, const char *rel)
{
	struct open_how how;
	char	 path[PATH_MAX], real[PATH_MAX], top[PATH_MAX];
	size_t	 n;
	int	 dfd, fd, e;

	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return -1;
	memset(&how, 0, sizeof(how));
	how.flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
	how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
	fd = (int)syscall(SYS_openat2, dfd, rel, &how, sizeof(how));
	e = errno;
	close(dfd);
	if (fd != -1 || e != ENOSYS) {
		errno = e;
		return fd;
	}
	if (xsnprintf(path, sizeof(path), "%s/%s", dir, rel) == -1) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (realpath(dir, top) == NULL || realpath(path, real) == NULL)
		return -1;
	n = strlen(top);
	if (strncmp(real, top, n) != 0 || real[n] != '/') {
		errno = EXDEV;
		return -1;
	}
	return open(real, how.flags | O_NOFOLLOW);
}

/* The reason open_beneath failed, for a message. */
const char *
open_beneath_error(int e)
{
	if (e == EXDEV || e == ELOOP)
		return "a symbolic link leading out of the content directory"
		    " (links may point only inside it)";
	return strerror(e);
}

/*
 * Reads rel, a file beneath dir (open_beneath), whole: the one reader
 * of every content, settings and label file.  Only a regular file of
 * at most max bytes is read; a leading UTF-8 byte-order mark is
 * dropped; the rest must be UTF-8 text without a NUL byte.  Returns
 * the bytes NUL-terminated (their length in *lenp), malloc'd; or NULL
 * with the reason in why ("cannot open: ...", "not a regular file",
 * "file is larger than N bytes", "cannot read: ...", "file is not
 * valid UTF-8 text", "out of memory") and *absent (when not NULL) set
 * to 1 when there is no such file.
 */
char *
read_beneath(const char *dir, const char *rel, size_t max, size_t *lenp,
    int *absent, char *why, size_t whylen)
{
	struct stat st;
	char	*data = NULL;
	size_t	 len = 0;
	ssize_t	 n;
	int	 fd;

	if (absent != NULL)
		*absent = 0;
	if ((fd = open_beneath(dir, rel)) == -1) {
		if (absent != NULL && errno == ENOENT)
			*absent = 1;
		snprintf(why, whylen, "cannot open: %s",
		    open_beneath_error(errno));
		return NULL;
	}
	if (fstat(fd, &st) == -1) {
		snprintf(why, whylen, "cannot read: %s", strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, whylen, "not a regular file");
		goto out;
	}
	if ((uintmax_t)st.st_size > max) {
		snprintf(why, whylen, "file is larger than %zu bytes", max);
		goto out;
	}
	if ((data = malloc((size_t)st.st_size + 1)) == NULL) {
		snprintf(why, whylen, "out of memory");
		goto out;
	}
	while (len < (size_t)st.st_size && (n = read(fd, data + len,
	    (size_t)st.st_size - len)) != 0) {
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			snprintf(why, whylen, "cannot read: %s",
			    strerror(errno));
			goto bad;
		}
		len += (size_t)n;
	}
	if (len != (size_t)st.st_size) {
		snprintf(why, whylen, "cannot read: the file changed while "
		    "it was read");
		goto bad;
	}
	data[len] = '\0';
	if (len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0) {
		memmove(data, data + 3, len - 3 + 1);
		len -= 3;
	}
	if (memchr(data, '\0', len) != NULL || !utf8_valid(data, len)) {
		snprintf(why, whylen, "file is not valid UTF-8 text");
		goto bad;
	}
	*lenp = len;
	goto out;
bad:
	free(data);
	data = NULL;
out:
	close(fd);
	return data;
}

/*
 * Removes what is beneath the directory dfd and closes it: regular
 * files and directories (depth bounds the recursion), never following a
 * link.  Returns 0, or -1 (something stays).
 */
static int
remove_beneath(int dfd, int depth)
{
	struct dirent *e;
	DIR	*d;
	int	 sub, rc = 0;

	if ((d = fdopendir(dfd)) == NULL) {
		close(dfd);
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (unlinkat(dirfd(d), e->d_name, 0) == 0)
			continue;
		if (errno != EISDIR || depth == 0 ||
		    (sub = openat(dirfd(d), e->d_name, O_RDONLY |
		    O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) == -1 ||
		    remove_beneath(sub, depth - 1) == -1 ||
		    unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR) == -1)
			rc = -1;
	}
	closedir(d);
	return rc;
}

/*
 * Removes directory path with what it holds: regular files and
 * directories depth levels down, never following a link (the discarded
 * import of --init, the export replaced by --export).  Returns 0 (also
 * when path does not exist), or -1 (something stays; errno set).
 */
int
dir_remove(const char *path, int depth)
{
	int	 fd;

	if ((fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1)
		return errno == ENOENT ? 0 : -1;
	if (remove_beneath(fd, depth) == -1)
		return -1;
	return rmdir(path);
}

/* Writes the n low bytes of v to p, least significant first (the
 * little-endian numbers of the cache and snapshot files). */
void
le_put(unsigned char *p, uint64_t v, int n)
{
	int	 i;

	for (i = 0; i < n; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

/* The little-endian number of the n bytes at p. */
uint64_t
le_get(const unsigned char *p, int n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v = v << 8 | p[n];
	return v;
}
