/*
 * watch.c: the content's fingerprint, the shared outcome of the last
 * reload and the owner's log file (watch.h).
 */
#include "config.h"

#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/sha256.h"
#include "base/watch.h"

#define WALK_DEPTH	16	/* directories deeper are not looked at */
#define WALK_MAX	100000	/* entries looked at, at most */

struct walk {
	uint64_t sum[4];	/* the entries' hashes, added lane by lane:
				 * the order of readdir does not matter */
	long	 n;
};

/* Adds one entry (or one failure, st NULL) to the sum. */
static void
walk_add(struct walk *w, const char *path, const struct stat *st, int error)
{
	unsigned char rec[1024 + 64], h[SHA256_LEN];
	uint64_t v[7] = { 0 };
	size_t	 len = strlen(path) + 1;
	uint64_t lane;
	int	 i, k;

	if (len > 1024)
		len = 1024;
	memcpy(rec, path, len);
	if (st != NULL) {
		v[0] = st->st_mode;
		v[1] = (uint64_t)st->st_size;
		v[2] = st->st_ino;
		v[3] = (uint64_t)st->st_mtim.tv_sec;
		v[4] = (uint64_t)st->st_mtim.tv_nsec;
		v[5] = (uint64_t)st->st_ctim.tv_sec;
		v[6] = (uint64_t)st->st_ctim.tv_nsec;
	} else
		v[0] = (uint64_t)error | (1ULL << 63);
	memcpy(rec + len, v, sizeof(v));
	sha256(rec, len + sizeof(v), h);
	for (i = 0; i < 4; i++) {
		for (lane = 0, k = 0; k < 8; k++)
			lane = lane << 8 | h[i * 8 + k];
		w->sum[i] += lane;
	}
	w->n++;
}

/* Adds directory fd (named path) and everything beneath it; closes fd. */
static void
walk_dir(struct walk *w, int fd, const char *path, int depth)
{
	struct dirent *de;
	struct stat st;
	char	 sub[1024];
	DIR	*d;
	int	 cfd;

	if ((d = fdopendir(fd)) == NULL) {
		walk_add(w, path, NULL, errno);
		close(fd);
		return;
	}
	while ((de = readdir(d)) != NULL && w->n < WALK_MAX) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		if (snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name) >=
		    (int)sizeof(sub))
			continue;
		if (fstatat(dirfd(d), de->d_name, &st,
		    AT_SYMLINK_NOFOLLOW) == -1) {
			walk_add(w, sub, NULL, errno);
			continue;
		}
		walk_add(w, sub, &st, 0);
		if (S_ISDIR(st.st_mode) && depth < WALK_DEPTH &&
		    (cfd = openat(dirfd(d), de->d_name, O_RDONLY |
		    O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) != -1)
			walk_dir(w, cfd, sub, depth + 1);
	}
	closedir(d);
}

/*
 * Writes the fingerprint of everything beneath dirs[0..ndirs) to fp:
 * 16 hex digits.  A directory that cannot be read counts with its
 * error, so that its coming back changes the fingerprint too.
 */
void
watch_fingerprint(const char *const dirs[], int ndirs,
    char fp[WATCH_FP_LEN + 1])
{
	struct walk w;
	struct stat st;
	int	 i, fd;

	memset(&w, 0, sizeof(w));
	for (i = 0; i < ndirs; i++) {
		if ((fd = open(dirs[i], O_RDONLY | O_DIRECTORY |
		    O_CLOEXEC)) == -1 || fstat(fd, &st) == -1) {
			walk_add(&w, dirs[i], NULL, errno);
			if (fd != -1)
				close(fd);
			continue;
		}
		walk_add(&w, dirs[i], &st, 0);
		walk_dir(&w, fd, dirs[i], 0);
	}
	snprintf(fp, WATCH_FP_LEN + 1, "%016llx", (unsigned long long)
	    (w.sum[0] ^ w.sum[1] ^ w.sum[2] ^ w.sum[3]));
}

/* Adds an inotify watch on directory path and on each beneath it. */
static void
notify_add(int ifd, const char *path, int depth)
{
	struct dirent *de;
	struct stat st;
	char	 sub[1024];
	DIR	*d;

	if (inotify_add_watch(ifd, path, IN_CLOSE_WRITE | IN_CREATE |
	    IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB |
	    IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW) ==
	    -1 || depth >= WALK_DEPTH || (d = opendir(path)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0 ||
		    snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name) >=
		    (int)sizeof(sub))
			continue;
		if (fstatat(dirfd(d), de->d_name, &st,
		    AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode))
			notify_add(ifd, sub, depth + 1);
	}
	closedir(d);
}

/*
 * An inotify descriptor (non-blocking) watching every directory beneath
 * dirs[0..ndirs): readable as soon as a file there is written, made,
 * removed or renamed, so that a reload need not wait for the next look.
 * Returns it, or -1 when inotify cannot be had (then only the periodic
 * look notices changes).  The caller closes it, and opens a new one
 * after a change (a new directory is watched from then on).
 */
int
watch_notify_open(const char *const dirs[], int ndirs)
{
	int	 ifd, i;

	if ((ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) == -1)
		return -1;
	for (i = 0; i < ndirs; i++)
		notify_add(ifd, dirs[i], 0);
	return ifd;
}

/* Reads every event waiting on ifd; returns 1 when there was one. */
int
watch_notify_drain(int ifd)
{
	char	 b[4096] __attribute__((aligned(__alignof__(struct
		    inotify_event))));
	int	 any = 0;

	while (read(ifd, b, sizeof(b)) > 0)
		any = 1;
	return any;
}

/* The time now, UTC, as ISO 8601 to the second. */
void
watch_time(char out[WATCH_TIME_LEN + 1])
{
	struct tm tm;
	time_t	 t = time(NULL);

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(out, WATCH_TIME_LEN + 1, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		snprintf(out, WATCH_TIME_LEN + 1, "1970-01-01T00:00:00Z");
}

/*
 * Records a reload: refused (reason: the loader's message, whose first
 * line begins "FILE: "), or accepted (reason NULL), which clears the
 * last refusal.  What is kept for health is only which file, relative
 * to the content directory strip ("skills.json: refused; the reason is
 * in the log"), or that the file is outside it: the message itself
 * may quote unpublished content and name the server's paths, so it
 * goes to the log alone.  With strip NULL the reason is the
 * supervisor's own words (no content in it: a load that ran out of
 * time), and its first line is kept as it is.
 */
void
watch_status_set(struct watch_status *s, const char *fp, const char *reason,
    const char *strip)
{
	size_t	 n = 0, sl = strip ? strlen(strip) : 0;
	const char *file = NULL, *end;

	if (reason != NULL && (end = strstr(reason, ": ")) != NULL &&
	    memchr(reason, '\n', (size_t)(end - reason)) == NULL &&
	    sl > 0 && strncmp(reason, strip, sl) == 0 && reason[sl] == '/') {
		file = reason + sl + 1;
		n = (size_t)(end - file);
	}
	atomic_fetch_add(&s->seq, 1);
	atomic_thread_fence(memory_order_seq_cst);
	s->refused = reason != NULL;
	watch_time(s->at);
	snprintf(s->fp, sizeof(s->fp), "%s", fp ? fp : "");
	if (reason == NULL)
		s->reason[0] = '\0';
	else if (strip == NULL)
		snprintf(s->reason, sizeof(s->reason), "%.*s",
		    (int)strcspn(reason, "\n"), reason);
	else if (file != NULL && n > 0 && n < sizeof(s->reason) - 40)
		snprintf(s->reason, sizeof(s->reason), "%.*s: refused; the "
		    "reason is in the log", (int)n, file);
	else
		snprintf(s->reason, sizeof(s->reason), "a file outside the "
		    "content directory: refused; the reason is in the log");
	atomic_thread_fence(memory_order_seq_cst);
	atomic_fetch_add(&s->seq, 1);
}

/* Copies s, retrying while the supervisor writes it. */
void
watch_status_get(const struct watch_status *s, struct watch_status *copy)
{
	unsigned a, b;
	int	 tries = 0;

	do {
		a = atomic_load((atomic_uint *)&s->seq);
		atomic_thread_fence(memory_order_seq_cst);
		copy->refused = s->refused;
		memcpy(copy->at, s->at, sizeof(copy->at));
		memcpy(copy->fp, s->fp, sizeof(copy->fp));
		memcpy(copy->reason, s->reason, sizeof(copy->reason));
		atomic_thread_fence(memory_order_seq_cst);
		b = atomic_load((atomic_uint *)&s->seq);
	} while ((a != b || (a & 1)) && ++tries < 1000);
	copy->at[sizeof(copy->at) - 1] = '\0';
	copy->fp[sizeof(copy->fp) - 1] = '\0';
	copy->reason[sizeof(copy->reason) - 1] = '\0';
	if (a != b || (a & 1))
		copy->refused = 0;
}

/*
 * Appends each line of text to the log file path, as "TIME prefixLINE"
 * (path NULL: nothing).  Past WATCH_LOG_MAX bytes the file becomes
 * path.old and a new one starts.  A file that cannot be written is
 * skipped silently: standard error has the same lines.
 */
void
watch_log(const char *path, const char *prefix, const char *text)
{
	char	 now[WATCH_TIME_LEN + 1], old[1024];
	struct stat st;
	const char *p, *e;
	FILE	*f;
	int	 fd;

	if (path == NULL)
		return;
	if (stat(path, &st) == 0 && st.st_size > WATCH_LOG_MAX &&
	    snprintf(old, sizeof(old), "%s.old", path) < (int)sizeof(old))
		(void)rename(path, old);
	if ((fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW |
	    O_CLOEXEC | O_NONBLOCK, 0644)) == -1)
		return;
	if ((f = fdopen(fd, "a")) == NULL) {
		close(fd);
		return;
	}
	watch_time(now);
	for (p = text; *p != '\0'; p = *e ? e + 1 : e) {
		e = p + strcspn(p, "\n");
		if (e > p)
			fprintf(f, "%s %s%.*s\n", now, prefix, (int)(e - p), p);
	}
	fclose(f);
}
