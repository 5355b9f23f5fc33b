/*
 * supervisor.c: with --socket, the supervisor binds the socket, drops
 * privileges and keeps --workers worker processes running (worker.c):
 * it restarts a worker that dies, stops them all on SIGTERM/SIGINT,
 * and on SIGHUP loads the content again: if it is valid, new workers
 * start with it and the old ones finish their requests and exit; if
 * not, the error is logged and the old workers keep serving.
 */
#include "config.h"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <fcgiapp.h>

#include "options.h"
#include "supervisor.h"
#include "worker.h"

/* A worker ends with _exit, which skips LeakSanitizer's atexit check:
 * under --enable-asan it runs the check itself (see spawn). */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PERFIL_LSAN 1
#endif
#elif defined(__SANITIZE_ADDRESS__)
#define PERFIL_LSAN 1
#endif
#ifdef PERFIL_LSAN
#include <sanitizer/lsan_interface.h>
#endif

static volatile sig_atomic_t got_hup, got_chld;	/* the supervisor's */

struct worker {
	pid_t	 pid;
	unsigned generation;
	long long started;	/* monotonic milliseconds */
};

/* Milliseconds on the monotonic clock. */
static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
on_hup(int sig)
{
	(void)sig;
	got_hup = 1;
}

static void
on_chld(int sig)
{
	(void)sig;
	got_chld = 1;
}

static void
on_alarm(int sig)
{
	(void)sig;
	got_chld = 1;
}

/* Installs a handler without SA_RESTART, so blocking calls see EINTR. */
void
set_handler(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/* The supervisor's handlers of SIGHUP (reload), SIGCHLD and SIGALRM. */
void
supervisor_handlers(void)
{
	set_handler(SIGHUP, on_hup);
	set_handler(SIGCHLD, on_chld);
	set_handler(SIGALRM, on_alarm);
}

static pid_t
spawn(const struct app *app, int fd, int nthreads)
{
	pid_t	 pid;

	if ((pid = fork()) == -1) {
		warn("fork");
		return -1;
	}
	if (pid == 0) {
		int	 status;

		/* SIGTERM stays blocked, as in the supervisor, until
		 * serve() sets the workers' mask. */
		set_handler(SIGHUP, SIG_IGN);
		set_handler(SIGALRM, SIG_DFL);
		set_handler(SIGCHLD, SIG_DFL);
		status = worker_serve(app, fd, nthreads);
#ifdef PERFIL_LSAN
		__lsan_do_leak_check();
#endif
		_exit(status);
	}
	return pid;
}

/*
 * The supervisor: keeps nworkers workers (of nthreads threads each) of
 * the current generation running until SIGTERM.  *app may be replaced
 * by a reload.
 */
int
supervise(struct app *app, const struct config *cfg, int fd, int nworkers,
    int nthreads)
{
	struct worker w[2 * MAX_WORKERS];
	struct app next;
	struct itimerval it;
	long long hold = 0, t;
	unsigned gen = 0;
	char	 err[1024];
	sigset_t all, old;
	pid_t	 pid;
	int	 i, status, alive, tries;

	memset(w, 0, sizeof(w));
	sigemptyset(&all);
	sigaddset(&all, SIGTERM);
	sigaddset(&all, SIGINT);
	sigaddset(&all, SIGHUP);
	sigaddset(&all, SIGCHLD);
	sigaddset(&all, SIGALRM);
	sigprocmask(SIG_BLOCK, &all, &old);
	got_chld = 1;	/* start the first generation */
	for (;;) {
		if (atomic_load(&worker_got_term))
			break;
		if (got_hup) {
			got_hup = 0;
			if (app_load(&next, cfg, err, sizeof(err)) == -1)
				warnx("reload refused, still serving the previous content: %s", err);
			else {
				warnx("content reloaded; replacing workers");
				for (i = 0; i < 2 * MAX_WORKERS; i++)
					if (w[i].pid > 0)
						kill(w[i].pid, SIGTERM);
				/* Old workers finish in hand, then exit;
				 * the new app outlives them in our copy. */
				app_free(app);
				*app = next;
				gen++;
				got_chld = 1;
			}
		}
		if (got_chld) {
			got_chld = 0;
			while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
				for (i = 0; i < 2 * MAX_WORKERS; i++) {
					if (w[i].pid != pid)
						continue;
					w[i].pid = 0;
					if (w[i].generation != gen ||
					    (WIFEXITED(status) &&
					    WEXITSTATUS(status) == 0))
						continue;
					if (WIFSIGNALED(status))
						warnx("worker %d killed by signal %d; restarting it", (int)pid, WTERMSIG(status));
					else
						warnx("worker %d exited with status %d; restarting it", (int)pid, WEXITSTATUS(status));
					/* Crash loop guard: a worker that
					 * dies within a second of its start
					 * is replaced one second after that
					 * start, not at once. */
					if (now_ms() - w[i].started < 1000 &&
					    w[i].started + 1000 > hold)
						hold = w[i].started + 1000;
				}
			alive = 0;
			for (i = 0; i < 2 * MAX_WORKERS; i++)
				if (w[i].pid > 0 && w[i].generation == gen)
					alive++;
			t = now_ms();
			if (alive < nworkers && t < hold) {
				memset(&it, 0, sizeof(it));
				t = (hold - t + 1) * 1000;	/* microseconds */
				it.it_value.tv_sec = (time_t)(t / 1000000);
				it.it_value.tv_usec = (suseconds_t)(t % 1000000);
				setitimer(ITIMER_REAL, &it, NULL);
				alive = nworkers;	/* start none now */
			}
			for (i = 0; i < 2 * MAX_WORKERS && alive < nworkers;
			    i++) {
				if (w[i].pid > 0)
					continue;
				if ((pid = spawn(app, fd, nthreads)) > 0) {
					w[i].pid = pid;
					w[i].generation = gen;
					w[i].started = now_ms();
					alive++;
				}
			}
		}
		sigsuspend(&old);
	}
	for (i = 0; i < 2 * MAX_WORKERS; i++)
		if (w[i].pid > 0)
			kill(w[i].pid, SIGTERM);
	for (tries = 0; tries < 100; tries++) {
		alive = 0;
		for (i = 0; i < 2 * MAX_WORKERS; i++) {
			if (w[i].pid <= 0)
				continue;
			if (waitpid(w[i].pid, &status, WNOHANG) == w[i].pid)
				w[i].pid = 0;
			else
				alive++;
		}
		if (alive == 0)
			break;
		usleep(50000);
	}
	for (i = 0; i < 2 * MAX_WORKERS; i++)
		if (w[i].pid > 0) {
			kill(w[i].pid, SIGKILL);
			waitpid(w[i].pid, &status, 0);
		}
	return 0;
}

/* Binds the listening socket; returns the descriptor or -1. */
int
open_socket(const char *spec, mode_t mode)
{
	struct stat st;
	mode_t	 omask;
	int	 fd;

	if (strchr(spec, ':') == NULL) {
		if (lstat(spec, &st) == 0 && S_ISSOCK(st.st_mode))
			unlink(spec);
	}
	/* The socket file is born with its final mode. */
	omask = umask(~mode & 0777);
	fd = FCGX_OpenSocket(spec, 128);
	umask(omask);
	if (fd < 0) {
		warn("cannot listen on %s", spec);
		return -1;
	}
	if (strchr(spec, ':') == NULL && chmod(spec, mode) == -1) {
		warn("chmod %s", spec);
		return -1;
	}
	return fd;
}

/* As root: give the socket to user and become that user. */
int
drop_privileges(const char *user, const char *sockpath)
{
	struct passwd *pw;

	if ((pw = getpwnam(user)) == NULL) {
		warnx("no such user: %s", user);
		return -1;
	}
	if (pw->pw_uid == 0) {
		warnx("--user must not be root");
		return -1;
	}
	if (sockpath != NULL && strchr(sockpath, ':') == NULL &&
	    chown(sockpath, pw->pw_uid, pw->pw_gid) == -1) {
		warn("chown %s", sockpath);
		return -1;
	}
	if (setgroups(1, &pw->pw_gid) == -1 || setgid(pw->pw_gid) == -1 ||
	    setuid(pw->pw_uid) == -1) {
		warn("cannot become %s", user);
		return -1;
	}
	if (setuid(0) != -1) {
		warnx("privileges not dropped");
		return -1;
	}
	return 0;
}

