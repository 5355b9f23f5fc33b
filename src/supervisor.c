/*
 * supervisor.c: with --socket, the supervisor binds the socket, drops
 * privileges and keeps --workers worker processes running (worker.c):
 * it restarts a worker that dies, stops them all on SIGTERM/SIGINT,
 * and on SIGHUP loads the content again: if it is valid, new workers
 * start with it and the old ones finish their requests and exit; if
 * not, the error is logged and the old workers keep serving.  With
 * --reload-check it does the same, without a signal, when the content's
 * fingerprint changes (watch.h); the outcome goes to standard error,
 * the log file (--log-file) and, through shared memory, the workers'
 * health answer.
 */
#include "config.h"

#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <fcgiapp.h>

#include "app_load.h"
#include "options.h"
#include "supervisor.h"
#include "watch.h"
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
static int notify_fd = -1;	/* the content's change notices (watch.h) */

struct worker {
	pid_t	 pid;
	unsigned generation;
	long long started;	/* monotonic milliseconds */
	int	 hung;		/* killed for a hang, not yet reaped */
};

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
sup_set_handler(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/* The supervisor's handlers of SIGHUP (reload), SIGCHLD and SIGALRM. */
void
sup_handlers(void)
{
	sup_set_handler(SIGHUP, on_hup);
	sup_set_handler(SIGCHLD, on_chld);
	sup_set_handler(SIGALRM, on_alarm);
}

/*
 * Starts a worker.  It gets SIGTERM when the supervisor dies, however
 * it dies (PR_SET_PDEATHSIG), so that no orphan keeps serving beside a
 * new supervisor; if the supervisor is already gone when the setting
 * takes effect, the worker exits at once.
 */
static pid_t
spawn(const struct app *app, int fd, int nthreads, _Atomic long long *beats)
{
	pid_t	 pid, parent = getpid();
	int	 status;

	if ((pid = fork()) == -1) {
		warn("fork");
		return -1;
	}
	if (pid != 0)
		return pid;
	if (prctl(PR_SET_PDEATHSIG, SIGTERM) == -1 || getppid() != parent)
		_exit(1);
	if (notify_fd != -1)
		close(notify_fd);
	/* SIGTERM stays blocked, as in the supervisor, until
	 * worker_serve() sets the workers' mask. */
	sup_set_handler(SIGHUP, SIG_IGN);
	sup_set_handler(SIGALRM, SIG_DFL);
	sup_set_handler(SIGCHLD, SIG_DFL);
	status = worker_serve(app, fd, nthreads, beats);
#ifdef PERFIL_LSAN
	__lsan_do_leak_check();
#endif
	_exit(status);
}

/* The supervisor's state. */
struct sup {
	struct app *app;		/* replaced by a reload */
	const struct config *cfg;
	int	 fd;			/* the listening socket */
	int	 nworkers, nthreads;
	unsigned gen;			/* the current generation */
	long long hold;			/* start no worker before (ms) */
	struct worker w[2 * MAX_WORKERS];	/* old generations too */
	/* Worker w[i]'s threads' beats (worker.h): MAX_THREADS from
	 * beats[i * MAX_THREADS], in memory shared with the workers. */
	_Atomic long long *beats;
	struct watch_status *status;	/* shared with the workers, or
					 * NULL */
	long long checked;		/* the last look at the content (ms) */
	long long notified;		/* the last change notice (ms), or 0 */
	char	 refused[WATCH_FP_LEN + 1];	/* the set last refused */
};

/* Sends sig to every worker, old generations included. */
static void
signal_workers(struct sup *s, int sig)
{
	int	 i;

	for (i = 0; i < 2 * MAX_WORKERS; i++)
		if (s->w[i].pid > 0)
			kill(s->w[i].pid, sig);
}

/* The content's fingerprint now, as app_load takes it. */
static void
fingerprint(const struct config *cfg, char fp[WATCH_FP_LEN + 1])
{
	const char *dirs[2] = { cfg->content_dir, cfg->labels_dir };

	watch_fingerprint(dirs, 2, fp);
}

/*
 * SIGHUP, or changed content (why says which): loads the content
 * again.  If it is valid, the workers are told to stop (they drain,
 * see worker.c) and a new generation starts with the new content; if
 * not, the old workers keep serving, and the refusal is logged and
 * shown in health until a reload succeeds.
 */
static void
reload(struct sup *s, const char *why)
{
	struct app next;
	char	 err[16384], msg[256], before[WATCH_FP_LEN + 1];

	/*
	 * The fingerprint before the load is the one refused: a file
	 * completed while the load read it (an editor writing slowly)
	 * changes the fingerprint, so the next look tries again.
	 */
	fingerprint(s->cfg, before);
	if (app_load(&next, s->cfg, err, sizeof(err)) == -1) {
		memcpy(s->refused, before, sizeof(before));
		snprintf(msg, sizeof(msg), "reload refused (%s), still "
		    "serving the previous content (%s): ", why,
		    s->app->fingerprint);
		warnx_lines(msg, err);
		watch_log(s->cfg->log_file, msg, err);
		if (s->status != NULL)
			watch_status_set(s->status, s->refused, err,
			    s->cfg->content_dir);
		return;
	}
	snprintf(msg, sizeof(msg), "content reloaded (%s, content %s); "
	    "replacing workers", why, next.fingerprint);
	warnx("%s", msg);
	watch_log(s->cfg->log_file, "", msg);
	if (next.glyphs != NULL) {
		warnx_lines("warning: font: ", next.glyphs);
		watch_log(s->cfg->log_file, "warning: font: ", next.glyphs);
	}
	if (s->status != NULL)
		watch_status_set(s->status, next.fingerprint, NULL, NULL);
	s->refused[0] = '\0';
	next.reload = s->status;
	signal_workers(s, SIGTERM);
	/* The old workers have their own copy of the old content. */
	app_free(s->app);
	*s->app = next;
	s->gen++;
	got_chld = 1;
}

/* Opens the change notices again: a new directory is watched too. */
static void
notify_reopen(const struct config *cfg)
{
	const char *dirs[2] = { cfg->content_dir, cfg->labels_dir };

	if (notify_fd != -1)
		close(notify_fd);
	notify_fd = watch_notify_open(dirs, 2);
}

/*
 * --reload-check: the content's fingerprint every reload_ms, and
 * WATCH_SETTLE_MS after a change notice (inotify, when it can be had);
 * a change from the set served (and from the set last refused, which is
 * not tried again until it changes) reloads.
 */
static void
watch_check(struct sup *s)
{
	char	 fp[WATCH_FP_LEN + 1];
	long long now = monotonic_ms();

	if (s->cfg->reload_ms <= 0)
		return;
	if (notify_fd != -1 && watch_notify_drain(notify_fd))
		s->notified = now;
	if (now - s->checked < s->cfg->reload_ms && (s->notified == 0 ||
	    now - s->notified < WATCH_SETTLE_MS))
		return;
	if (s->notified != 0)
		notify_reopen(s->cfg);
	s->notified = 0;
	s->checked = now;
	fingerprint(s->cfg, fp);
	if (strcmp(fp, s->app->fingerprint) != 0 &&
	    strcmp(fp, s->refused) != 0)
		reload(s, "content changed");
	s->checked = monotonic_ms();
}

/*
 * How long the supervisor may wait for a signal: a second at most
 * between two looks at the workers' progress, less when the content's
 * look is due sooner (or a change notice has settled).
 */
static long long
wait_ms(const struct sup *s)
{
	long long ms = 1000, now = monotonic_ms();

	if (s->cfg->reload_ms > 0 && s->checked + s->cfg->reload_ms - now < ms)
		ms = s->checked + s->cfg->reload_ms - now;
	if (s->notified != 0 && s->notified + WATCH_SETTLE_MS - now < ms)
		ms = s->notified + WATCH_SETTLE_MS - now;
	return ms < 1 ? 1 : ms;
}

/* Collects the workers that ended, reporting those that should not have. */
static void
reap(struct sup *s)
{
	struct worker *w;
	pid_t	 pid;
	int	 i, status;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
		for (i = 0; i < 2 * MAX_WORKERS; i++) {
			w = &s->w[i];
			if (w->pid != pid)
				continue;
			w->pid = 0;
			if (w->generation != s->gen ||
			    (WIFEXITED(status) && WEXITSTATUS(status) == 0))
				continue;
			if (WIFSIGNALED(status))
				warnx("worker %d killed by signal %d; "
				    "restarting it", (int)pid, WTERMSIG(status));
			else
				warnx("worker %d exited with status %d; "
				    "restarting it", (int)pid,
				    WEXITSTATUS(status));
			/* Crash loop guard: a worker that dies within a
			 * second of its start is replaced one second
			 * after that start, not at once. */
			if (monotonic_ms() - w->started < 1000 &&
			    w->started + 1000 > s->hold)
				s->hold = w->started + 1000;
		}
}

/* Starts workers of the current generation up to nworkers, unless the
 * crash loop guard holds them (then an alarm comes back later). */
static void
start_workers(struct sup *s)
{
	struct itimerval it;
	_Atomic long long *beats;
	long long t;
	pid_t	 pid;
	int	 i, k, alive = 0;

	for (i = 0; i < 2 * MAX_WORKERS; i++)
		if (s->w[i].pid > 0 && s->w[i].generation == s->gen)
			alive++;
	if (alive < s->nworkers && (t = monotonic_ms()) < s->hold) {
		memset(&it, 0, sizeof(it));
		t = (s->hold - t + 1) * 1000;	/* microseconds */
		it.it_value.tv_sec = (time_t)(t / 1000000);
		it.it_value.tv_usec = (suseconds_t)(t % 1000000);
		setitimer(ITIMER_REAL, &it, NULL);
		return;
	}
	for (i = 0; i < 2 * MAX_WORKERS && alive < s->nworkers; i++) {
		if (s->w[i].pid > 0)
			continue;
		beats = s->beats ? &s->beats[i * MAX_THREADS] : NULL;
		for (k = 0; beats != NULL && k < MAX_THREADS; k++)
			atomic_store(&beats[k], monotonic_ms());
		if ((pid = spawn(s->app, s->fd, s->nthreads, beats)) > 0) {
			s->w[i].hung = 0;
			s->w[i].pid = pid;
			s->w[i].generation = s->gen;
			s->w[i].started = monotonic_ms();
			alive++;
		}
	}
}

/*
 * Kills every worker (old generations too) one of whose threads has
 * not beaten for HANG_MS: stopped (SIGSTOP) or stuck.  Its connections
 * close with it; nginx retries the requests it had sent on them on
 * another connection (fastcgi_next_upstream), and reap() starts a new
 * worker.
 */
static void
kill_hung(struct sup *s)
{
	long long now = monotonic_ms(), beat;
	int	 i, k;

	if (s->beats == NULL)
		return;
	for (i = 0; i < 2 * MAX_WORKERS; i++) {
		if (s->w[i].pid <= 0 || s->w[i].hung)
			continue;
		for (k = 0; k < s->nthreads; k++) {
			beat = atomic_load_explicit(&s->beats[i * MAX_THREADS +
			    k], memory_order_relaxed);
			if (now - beat < HANG_MS)
				continue;
			warnx("worker %d made no progress for %lld ms; "
			    "killing it", (int)s->w[i].pid, now - beat);
			kill(s->w[i].pid, SIGKILL);
			s->w[i].hung = 1;
			break;
		}
	}
}

/*
 * The stop: the supervisor closes its copy of the listening socket at
 * once and tells every worker to stop; they close theirs, answer what
 * they read and drain their kept connections (worker.c).  A worker
 * still there DRAIN_MAX_MS plus two seconds later is killed.
 */
static void
stop_workers(struct sup *s)
{
	long long end = monotonic_ms() + DRAIN_MAX_MS + 2000;
	int	 i, alive, status;

	close(s->fd);
	signal_workers(s, SIGTERM);
	do {
		alive = 0;
		for (i = 0; i < 2 * MAX_WORKERS; i++) {
			if (s->w[i].pid <= 0)
				continue;
			if (waitpid(s->w[i].pid, &status, WNOHANG) ==
			    s->w[i].pid)
				s->w[i].pid = 0;
			else
				alive++;
		}
		if (alive > 0)
			usleep(20000);
	} while (alive > 0 && monotonic_ms() < end);
	for (i = 0; i < 2 * MAX_WORKERS; i++)
		if (s->w[i].pid > 0) {
			warnx("worker %d still running after the drain; "
			    "killing it", (int)s->w[i].pid);
			kill(s->w[i].pid, SIGKILL);
			waitpid(s->w[i].pid, &status, 0);
		}
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
	static struct sup s;	/* 3 kB of workers: not on the stack */
	struct timespec tick;
	struct pollfd pfd;
	long long ms;
	sigset_t all, old;
	void	*m;

	memset(&s, 0, sizeof(s));
	s.app = app;
	s.cfg = cfg;
	s.fd = fd;
	s.nworkers = nworkers;
	s.nthreads = nthreads;
	/* The beats, shared with every worker forked from here on; without
	 * them (mmap failed) no hang is noticed. */
	m = mmap(NULL, 2 * MAX_WORKERS * MAX_THREADS * sizeof(*s.beats),
	    PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		warn("mmap (progress of the workers)");
	else
		s.beats = m;
	/* The outcome of the reloads, read by the workers' health. */
	m = mmap(NULL, sizeof(*s.status), PROT_READ | PROT_WRITE, MAP_SHARED |
	    MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		warn("mmap (reload status)");
	else {
		s.status = m;
		app->reload = s.status;
	}
	s.checked = monotonic_ms();
	if (cfg->reload_ms > 0)
		notify_reopen(cfg);
	sigemptyset(&all);
	sigaddset(&all, SIGTERM);
	sigaddset(&all, SIGINT);
	sigaddset(&all, SIGHUP);
	sigaddset(&all, SIGCHLD);
	sigaddset(&all, SIGALRM);
	sigprocmask(SIG_BLOCK, &all, &old);
	got_chld = 1;	/* start the first generation */
	while (!atomic_load(&worker_got_term)) {
		if (got_hup) {
			got_hup = 0;
			reload(&s, "SIGHUP");
			s.checked = monotonic_ms();
		}
		watch_check(&s);
		if (got_chld) {
			got_chld = 0;
			reap(&s);
			start_workers(&s);
		}
		kill_hung(&s);
		/* Signals are taken only here. */
		ms = wait_ms(&s);
		tick.tv_sec = (time_t)(ms / 1000);
		tick.tv_nsec = (long)(ms % 1000) * 1000000;
		pfd.fd = notify_fd;
		pfd.events = POLLIN;
		pfd.revents = 0;
		/* A notice wakes the loop; while one settles, only time. */
		(void)ppoll(&pfd, notify_fd != -1 && s.notified == 0 ? 1 : 0,
		    &tick, &old);
	}
	stop_workers(&s);
	if (notify_fd != -1) {
		close(notify_fd);
		notify_fd = -1;
	}
	if (s.status != NULL) {
		app->reload = NULL;
		munmap(s.status, sizeof(*s.status));
	}
	return 0;
}

/*
 * Whether the unix socket file path has a listener: 1 when a connect()
 * succeeds (or the listener's queue is full), 0 when it is a stale
 * file, -1 when path is not a socket at all.
 */
static int
socket_in_use(const char *path)
{
	struct sockaddr_un sun;
	struct stat st;
	int	 fd, rc;

	if (lstat(path, &st) == -1 || !S_ISSOCK(st.st_mode))
		return -1;
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(sun.sun_path) ||
	    (fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
	    0)) == -1)
		return 0;
	memcpy(sun.sun_path, path, strlen(path) + 1);
	rc = connect(fd, (struct sockaddr *)&sun, sizeof(sun)) == 0 ||
	    errno == EAGAIN;
	close(fd);
	return rc;
}

/*
 * Binds the listening socket; returns the descriptor or -1.  A unix
 * socket another process still listens on (a second supervisor, or an
 * orphan) is refused; a stale socket file is replaced.
 */
int
sup_open_socket(const char *spec, mode_t mode)
{
	mode_t	 omask;
	int	 fd;

	if (strchr(spec, ':') == NULL) {
		switch (socket_in_use(spec)) {
		case 1:
			warnx("%s is in use: another perfil-fcgi (or another "
			    "program) listens on it; stop it first", spec);
			return -1;
		case 0:
			unlink(spec);
			break;
		}
	}
	/* The socket file is born with its final mode. */
	omask = umask(~mode & 0777);
	fd = FCGX_OpenSocket(spec, 4096);	/* the kernel caps it (somaxconn) */
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

/*
 * As root: give the socket to user (and to group, when not NULL: the
 * web server's, so that only it may connect) and become that user.
 */
int
sup_drop_privileges(const char *user, const char *group, const char *sockpath)
{
	struct passwd *pw;
	struct group *gr = NULL;

	if ((pw = getpwnam(user)) == NULL) {
		warnx("no such user: %s", user);
		return -1;
	}
	if (pw->pw_uid == 0) {
		warnx("--user must not be root");
		return -1;
	}
	if (group != NULL && (gr = getgrnam(group)) == NULL) {
		warnx("no such group: %s", group);
		return -1;
	}
	if (sockpath != NULL && strchr(sockpath, ':') == NULL &&
	    chown(sockpath, pw->pw_uid, gr ? gr->gr_gid : pw->pw_gid) == -1) {
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


/*
 * Refuses a pid file that names a live process (other than this one).
 * Returns 0, or -1 after a message.
 */
int
sup_pidfile_check(const char *path)
{
	FILE	*f;
	long	 pid = 0;

	if ((f = fopen(path, "re")) == NULL)
		return 0;
	if (fscanf(f, "%ld", &pid) != 1)
		pid = 0;
	fclose(f);
	if (pid > 0 && pid != (long)getpid() &&
	    (kill((pid_t)pid, 0) == 0 || errno == EPERM)) {
		warnx("%s names process %ld, which is running; stop it first",
		    path, pid);
		return -1;
	}
	return 0;
}

/* Writes this process's id to path; returns 0, or -1 after a message. */
int
sup_pidfile_write(const char *path)
{
	FILE	*f;

	if ((f = fopen(path, "we")) == NULL) {
		warn("%s", path);
		return -1;
	}
	if (fprintf(f, "%ld\n", (long)getpid()) < 0 || fclose(f) == EOF) {
		warn("%s", path);
		return -1;
	}
	return 0;
}
