/*
 * watch.h: noticing changed content without a signal, and telling the
 * owner about reloads where she can read them (docs/operations.md,
 * "Reload without a signal").
 *
 * watch_fingerprint sums a SHA-256 per entry beneath the directories
 * (its path, type, size, inode, modification and change times; links
 * are not followed): any edit, new, renamed or removed file changes it.
 * watch_notify_open gives an inotify descriptor that wakes the
 * supervisor at such a change, so that it looks at once.
 * struct watch_status is the outcome of the last reload, in memory the
 * supervisor shares with its workers: the supervisor writes it, the
 * health handler reads it (a sequence lock, watch_status_get).
 *
 * Ownership: every buffer is the caller's; nothing is allocated.
 */
#ifndef PERFIL_WATCH_H
#define PERFIL_WATCH_H

#include <stdatomic.h>

#define WATCH_FP_LEN	16	/* hex digits of a fingerprint */
#define WATCH_TIME_LEN	20	/* "2026-01-31T23:59:59Z" */
#define WATCH_REASON_MAX 400	/* bytes of a refusal's reason */
#define WATCH_LOG_MAX	(1024 * 1024)	/* then FILE.old, a new FILE */
#define WATCH_SETTLE_MS	100	/* after a change notice, quiet this long
				 * before the look (a file being copied) */

struct watch_status {
	atomic_uint seq;		/* odd while being written */
	int	 refused;		/* the last reload was refused */
	char	 at[WATCH_TIME_LEN + 1];	/* when, UTC */
	char	 fp[WATCH_FP_LEN + 1];	/* the refused set's fingerprint */
	char	 reason[WATCH_REASON_MAX];	/* its first problem */
};

void	 watch_fingerprint(const char *const dirs[], int ndirs,
	    char fp[WATCH_FP_LEN + 1]);
int	 watch_notify_open(const char *const dirs[], int ndirs);
int	 watch_notify_drain(int fd);
void	 watch_time(char out[WATCH_TIME_LEN + 1]);
void	 watch_status_set(struct watch_status *, const char *fp,
	    const char *reason, const char *strip);
void	 watch_status_get(const struct watch_status *,
	    struct watch_status *copy);
void	 watch_log(const char *path, const char *prefix, const char *text);

#endif /* PERFIL_WATCH_H */
