/*
 * leader.h: a generation's leader, the process that holds one loaded
 * content (struct app) and keeps its workers running (worker.c): it
 * forks them, restarts one that dies (with the crash loop guard), kills
 * one that hangs and, on SIGTERM, drains them all and exits.  The
 * supervisor (supervisor.c) forks one leader per generation.
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

pid_t	 leader_fork(int deathsig, const char *name);
void	 leader_wait_all(pid_t *, int n, long long end, const char *what);
int	 leader_run(const struct app *, int fd, int nworkers, int nthreads);
void	 leader_lsan_exit(int status) __attribute__((noreturn));

#endif /* PERFIL_LEADER_H */
