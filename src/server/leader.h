/*
 * leader.h: a generation's leader, the process that holds one loaded
 * content (struct app) and keeps its workers running (worker.c): it
 * forks them, restarts one that dies (with the crash loop guard), kills
 * one that hangs and, on SIGTERM, drains them all and exits.  A worker
 * that ends with SNAPSHOT_LOST_STATUS (the snapshot file it maps was
 * truncated: snapshot.h) ends the generation, which exits with the same
 * status.  The supervisor (supervisor.c) forks one leader per generation
 * and loads the content again when the serving one ends.
 *
 * Ownership: leader_run reads the app it is given and never frees it;
 * the socket descriptor stays the caller's.
 */
#ifndef PERFIL_LEADER_H
#define PERFIL_LEADER_H

#include "core/app.h"

/* The names the processes show (ps, /proc/PID/comm), set with
 * prctl(PR_SET_NAME): what tests and operators find them by. */
#define LEADER_NAME_LOAD	"perfil-load"
#define LEADER_NAME		"perfil-leader"
#define LEADER_NAME_WORKER	"perfil-worker"

/*
 * Liveness: a leader stores the monotonic milliseconds in its slot of a
 * table shared with the supervisor every time round its loop (at least
 * once a second) and while it drains its workers.  The supervisor
 * replaces a leader whose slot has not moved for --hang-timeout (struct
 * config's hang_ms, default 5 s): stopped (SIGSTOP, a frozen cgroup, a
 * debugger) or stuck; once the new generation serves, it is killed and its
 * workers stop with it (PR_SET_PDEATHSIG); while the content is refused,
 * its workers serve the previous content on.  Not scaled by
 * timer_ms: a leader under valgrind forks its workers slowly, and
 * nothing waits it out but the test that stops one.  A worker marks its
 * leader's slot serving as it starts: the supervisor reports a reload
 * done only then.
 */
/* A leader told to drain (SIGTERM) beats within milliseconds, from its
 * drain's loop; one that has not within LEADER_DRAIN_MS is stopped or
 * stuck, and its workers would keep serving the old content. */
#define LEADER_DRAIN_MS	1000

/* The most workers leader_live_workers names: every leader slot's
 * (the serving leader's, the draining ones', the loading one's). */
#define LEADER_WORKERS_MAX	((MAX_WORKERS + 2) * MAX_WORKERS)

pid_t	 leader_fork(int deathsig, const char *name);
int	 leader_live_map(void);
long long leader_beat(pid_t);
int	 leader_serving(pid_t);
void	 leader_signal(pid_t, int sig);
void	 leader_live_forget(pid_t);
int	 leader_live_workers(pid_t *, int max);
void	 leader_wait_all(pid_t *, int n, long long end, const char *what);
int	 leader_run(const struct app *, int fd, int nworkers, int nthreads);
void	 leader_lsan_exit(int status) __attribute__((noreturn));

#endif /* PERFIL_LEADER_H */
