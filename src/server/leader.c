/*
 * leader.c: one generation's leader (leader.h).  It runs in a process
 * of its own, forked by the supervisor, with its loaded content; the
 * supervisor tells it to stop with SIGTERM (a reload replaced it, or
 * the server stops), and it dies with the supervisor (PR_SET_PDEATHSIG,
 * set by the supervisor's fork), its workers with it.
 */
#include "config.h"

#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/module.h"
#include "server/leader.h"
#include "server/options.h"
#include "server/snapshot.h"
#include "base/util.h"
#include "server/worker.h"

/* A forked process ends with _exit, which skips LeakSanitizer's atexit
 * check: under --enable-asan it runs the check itself. */
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

static volatile sig_atomic_t got_chld;

/* The leaders' beats (leader.h): a slot per leader, the supervisor's
 * serving one, the draining ones and the one loading. */
#define LIVE_SLOTS	(MAX_WORKERS + 2)
_Static_assert(LEADER_WORKERS_MAX >= LIVE_SLOTS * MAX_WORKERS,
    "leader_live_workers names every slot's workers");
struct live_slot {
	_Atomic int	 pid;		/* its leader, or 0: free */
	_Atomic long long beat;		/* monotonic ms, or 0: none yet */
	_Atomic long long serving;	/* when its first worker ran, or 0 */
	_Atomic int	 workers[MAX_WORKERS];	/* its workers' pids, or 0 */
};
static struct live_slot *live;		/* shared, or NULL: no liveness */
static struct live_slot *live_mine;	/* this leader's slot, or NULL */

struct worker {
	pid_t	 pid;
	long long started;	/* monotonic milliseconds */
	int	 hung;		/* killed for a hang, not yet reaped */
};

/* The leader's state. */
struct leader {
	const struct app *app;
	int	 fd;			/* the listening socket */
	int	 nworkers, nthreads;
	long long hold;			/* start no worker before (ms) */
	int	 lost;			/* a worker lost the snapshot */
	struct worker w[MAX_WORKERS];
	/* Worker w[i]'s threads' beats (worker.h): MAX_THREADS from
	 * beats[i * MAX_THREADS], in memory shared with the workers. */
	_Atomic long long *beats;
};

/*
 * Forks a child that must not outlive this process: it gets deathsig
 * when this process dies, however it dies (PR_SET_PDEATHSIG), and exits
 * at once if this one already has when the setting takes effect; it
 * shows as name.  Returns the child's pid (0 in the child), or -1.
 */
pid_t
leader_fork(int deathsig, const char *name)
{
	pid_t	 pid, parent = getpid();

	if ((pid = fork()) == -1) {
		warn("fork");
		return -1;
	}
	if (pid != 0)
		return pid;
	if (prctl(PR_SET_PDEATHSIG, deathsig) == -1 || getppid() != parent)
		_exit(1);
	prctl(PR_SET_NAME, name);
	return 0;
}

/* The supervisor, before it forks a leader: maps the beats' table.
 * Returns 0, or -1 after a message (then no leader is watched). */
int
leader_live_map(void)
{
	void	*m;

	m = mmap(NULL, LIVE_SLOTS * sizeof(*live), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		warn("mmap (progress of the leaders)");
		return -1;
	}
	live = m;
	return 0;
}

/* A leader takes a free slot for its pid (none free: it is not
 * watched); its first beat follows. */
static void
live_claim(void)
{
	int	 i, none;

	for (i = 0; live != NULL && i < LIVE_SLOTS; i++) {
		none = 0;
		if (atomic_compare_exchange_strong(&live[i].pid, &none,
		    (int)getpid())) {
			live_mine = &live[i];
			return;
		}
	}
}

static void
live_beat(void)
{
	if (live_mine != NULL)
		atomic_store(&live_mine->beat, monotonic_ms());
}

/* The supervisor: leader pid's last beat (monotonic ms), or 0 when it
 * has beaten none. */
long long
leader_beat(pid_t pid)
{
	long long beat;
	int	 i;

	for (i = 0; live != NULL && i < LIVE_SLOTS; i++)
		if (atomic_load(&live[i].pid) == (int)pid &&
		    (beat = atomic_load(&live[i].beat)) != 0)
			return beat;
	return 0;
}

/* The supervisor: whether leader pid's generation serves (its first
 * worker has run); 1 too when nothing is watched (no table). */
int
leader_serving(pid_t pid)
{
	int	 i;

	if (live == NULL)
		return 1;
	for (i = 0; i < LIVE_SLOTS; i++)
		if (atomic_load(&live[i].pid) == (int)pid)
			return atomic_load(&live[i].serving) != 0;
	return 0;
}

/*
 * The supervisor: sends leader pid sig (SIGTERM: drain, SIGKILL) and
 * tells the workers it has published to drain (SIGTERM, what the leader
 * would send them, and PR_SET_PDEATHSIG when it dies).  A stopped leader
 * takes SIGKILL at once; one in a frozen cgroup or in disk wait takes
 * either only when it runs again, and its workers, not frozen, would
 * serve the old content on: they are told here.
 */
void
leader_signal(pid_t pid, int sig)
{
	int	 i, k, w;

	kill(pid, sig);
	for (i = 0; live != NULL && i < LIVE_SLOTS; i++) {
		if (atomic_load(&live[i].pid) != (int)pid)
			continue;
		for (k = 0; k < MAX_WORKERS; k++)
			if ((w = atomic_load(&live[i].workers[k])) > 0)
				kill((pid_t)w, SIGTERM);
	}
}

/* The supervisor: the workers of every leader with a slot, at most max
 * into pids.  Returns how many. */
int
leader_live_workers(pid_t *pids, int max)
{
	int	 i, k, w, n = 0;

	for (i = 0; live != NULL && i < LIVE_SLOTS; i++) {
		if (atomic_load(&live[i].pid) == 0)
			continue;
		for (k = 0; k < MAX_WORKERS && n < max; k++)
			if ((w = atomic_load(&live[i].workers[k])) > 0)
				pids[n++] = (pid_t)w;
	}
	return n;
}

/* The supervisor, once leader pid is reaped (or killed): frees its slot. */
void
leader_live_forget(pid_t pid)
{
	int	 i, k, p;

	for (i = 0; live != NULL && i < LIVE_SLOTS; i++) {
		p = (int)pid;
		if (atomic_load(&live[i].pid) != p)
			continue;
		atomic_store(&live[i].beat, 0);
		atomic_store(&live[i].serving, 0);
		for (k = 0; k < MAX_WORKERS; k++)
			atomic_store(&live[i].workers[k], 0);
		atomic_compare_exchange_strong(&live[i].pid, &p, 0);
	}
}

/* Ends a forked process, after LeakSanitizer's check under ASan. */
void
leader_lsan_exit(int status)
{
#ifdef PERFIL_LSAN
	__lsan_do_leak_check();
#endif
	_exit(status);
}

static void
on_chld(int sig)
{
	(void)sig;
	got_chld = 1;
}

/*
 * Starts a worker.  It gets SIGTERM when its leader dies, however it
 * dies (PR_SET_PDEATHSIG), so that no orphan keeps serving; if the
 * leader is already gone when the setting takes effect, the worker
 * exits at once.
 */
static pid_t
spawn(const struct app *app, int fd, int nthreads, _Atomic long long *beats)
{
	long long none;
	pid_t	 pid;

	if ((pid = leader_fork(SIGTERM, LEADER_NAME_WORKER)) != 0)
		return pid;
	if (live_mine != NULL) {	/* the generation serves from now */
		none = 0;
		atomic_compare_exchange_strong(&live_mine->serving, &none,
		    monotonic_ms());
	}
	live_mine = NULL;	/* the leader's slot is the leader's */
	/* SIGTERM stays blocked, as in the leader, until worker_serve()
	 * sets the workers' mask. */
	set_handler(SIGALRM, SIG_DFL);
	set_handler(SIGCHLD, SIG_DFL);
	leader_lsan_exit(worker_serve(app, fd, nthreads, beats));
}

/* Collects the workers that ended, reporting those that should not have. */
static void
reap(struct leader *l)
{
	struct worker *w;
	pid_t	 pid;
	int	 i, status;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
		for (i = 0; i < MAX_WORKERS; i++) {
			w = &l->w[i];
			if (w->pid != pid)
				continue;
			w->pid = 0;
			if (live_mine != NULL)	/* its pid may come again */
				atomic_store(&live_mine->workers[i], 0);
			if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
				continue;
			/* The snapshot this generation maps was truncated:
			 * every worker forked from here would end the same
			 * way, so the generation ends (snapshot.h). */
			if (WIFEXITED(status) &&
			    WEXITSTATUS(status) == SNAPSHOT_LOST_STATUS) {
				warnx("worker %d lost the snapshot it served "
				    "from; ending this generation", (int)pid);
				l->lost = 1;
				continue;
			}
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
			    w->started + 1000 > l->hold)
				l->hold = w->started + 1000;
		}
}

/* Starts workers up to nworkers, unless the crash loop guard holds them
 * (then an alarm comes back later). */
static void
start_workers(struct leader *l)
{
	struct itimerval it;
	_Atomic long long *beats;
	long long t;
	pid_t	 pid;
	int	 i, k, alive = 0;

	for (i = 0; i < MAX_WORKERS; i++)
		if (l->w[i].pid > 0)
			alive++;
	if (alive < l->nworkers && (t = monotonic_ms()) < l->hold) {
		memset(&it, 0, sizeof(it));
		t = (l->hold - t + 1) * 1000;	/* microseconds */
		it.it_value.tv_sec = (time_t)(t / 1000000);
		it.it_value.tv_usec = (suseconds_t)(t % 1000000);
		setitimer(ITIMER_REAL, &it, NULL);
		return;
	}
	for (i = 0; i < MAX_WORKERS && alive < l->nworkers; i++) {
		if (l->w[i].pid > 0)
			continue;
		beats = l->beats ? &l->beats[i * MAX_THREADS] : NULL;
		for (k = 0; beats != NULL && k < MAX_THREADS; k++)
			atomic_store(&beats[k], monotonic_ms());
		if ((pid = spawn(l->app, l->fd, l->nthreads, beats)) > 0) {
			if (live_mine != NULL)
				atomic_store(&live_mine->workers[i], (int)pid);
			l->w[i].hung = 0;
			l->w[i].pid = pid;
			l->w[i].started = monotonic_ms();
			alive++;
		}
	}
}

/*
 * Kills every worker one of whose threads has not beaten for
 * worker_hang_ms (worker.h: --hang-timeout plus REQUEST_READ_MS, scaled
 * by timer_ms): stopped (SIGSTOP) or stuck.  Its connections close with
 * it; nginx retries the requests it had sent on them on another
 * connection (fastcgi_next_upstream), and reap() starts a new worker.
 */
static void
kill_hung(struct leader *l)
{
	long long now = monotonic_ms(), beat;
	long long hang = timer_ms(worker_hang_ms(l->app->cfg));
	int	 i, k;

	if (l->beats == NULL)
		return;
	for (i = 0; i < MAX_WORKERS; i++) {
		if (l->w[i].pid <= 0 || l->w[i].hung)
			continue;
		for (k = 0; k < l->nthreads; k++) {
			beat = atomic_load_explicit(&l->beats[i * MAX_THREADS +
			    k], memory_order_relaxed);
			if (now - beat < hang)
				continue;
			warnx("worker %d made no progress for %lld ms; "
			    "killing it", (int)l->w[i].pid, now - beat);
			kill(l->w[i].pid, SIGKILL);
			l->w[i].hung = 1;
			break;
		}
	}
}

/*
 * Waits until every process of pids[0..n) (0: none) has ended, or the
 * monotonic time end, then kills what is left ("WHAT PID still running
 * after the drain; killing it"); every slot ends 0.  Only children of
 * this process are waited for: the supervisor's list of workers at its
 * stop names those of every leader, and a worker whose leader died is
 * its child then (its subreaper, supervisor.c), one its leader reaped
 * is not.
 */
void
leader_wait_all(pid_t *pids, int n, long long end, const char *what)
{
	pid_t	 w;
	int	 i, alive, status;

	do {
		alive = 0;
		for (i = 0; i < n; i++) {
			if (pids[i] <= 0)
				continue;
			/* Ended, or not a child of this process: a worker of
			 * the supervisor's list its leader reaped (and the
			 * pid maybe another's by now), left alone. */
			if ((w = waitpid(pids[i], &status, WNOHANG)) == pids[i] ||
			    (w == -1 && errno == ECHILD))
				pids[i] = 0;
			else
				alive++;
		}
		if (alive > 0)
			usleep(20000);
		live_beat();
	} while (alive > 0 && monotonic_ms() < end);
	for (i = 0; i < n; i++)
		if (pids[i] > 0) {
			warnx("%s %d still running after the drain; killing "
			    "it", what, (int)pids[i]);
			kill(pids[i], SIGKILL);
			waitpid(pids[i], &status, 0);
			pids[i] = 0;
		}
}

/*
 * The stop: the leader closes its copy of the listening socket at once
 * and tells every worker to stop; they close theirs, answer what they
 * read and drain their kept connections (worker.c).  A worker still
 * there LEADER_STOP_MS later is killed.
 */
static void
stop_workers(struct leader *l)
{
	pid_t	 pids[MAX_WORKERS];
	int	 i;

	close(l->fd);
	for (i = 0; i < MAX_WORKERS; i++) {
		pids[i] = l->w[i].pid;
		if (pids[i] > 0)
			kill(pids[i], SIGTERM);
		l->w[i].pid = 0;
	}
	leader_wait_all(pids, MAX_WORKERS, monotonic_ms() + timer_ms(LEADER_STOP_MS),
	    "worker");
}

/*
 * Keeps nworkers workers (of nthreads threads each) of app running
 * until SIGTERM or SIGINT, or until one of them loses the snapshot it
 * serves from, then drains them; returns the exit status (0, or
 * SNAPSHOT_LOST_STATUS).
 * It is called in a process forked from the supervisor, with SIGTERM,
 * SIGINT, SIGHUP, SIGCHLD and SIGALRM blocked.
 */
int
leader_run(const struct app *app, int fd, int nworkers, int nthreads)
{
	static struct leader l;	/* the workers: not on the stack */
	struct timespec tick;
	sigset_t wait;
	void	*m;

	memset(&l, 0, sizeof(l));
	l.app = app;
	l.fd = fd;
	l.nworkers = nworkers;
	l.nthreads = nthreads;
	prctl(PR_SET_NAME, LEADER_NAME);
	/* Its content is loaded: no module to load from here on. */
	module_forget();
	set_handler(SIGHUP, SIG_IGN);
	set_handler(SIGCHLD, on_chld);
	set_handler(SIGALRM, on_chld);
	/* The beats, shared with every worker forked from here on; without
	 * them (mmap failed) no hang is noticed. */
	m = mmap(NULL, MAX_WORKERS * MAX_THREADS * sizeof(*l.beats),
	    PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		warn("mmap (progress of the workers)");
	else
		l.beats = m;
	sigprocmask(SIG_BLOCK, NULL, &wait);
	sigdelset(&wait, SIGTERM);
	sigdelset(&wait, SIGINT);
	sigdelset(&wait, SIGCHLD);
	sigdelset(&wait, SIGALRM);
	got_chld = 1;	/* start the workers */
	live_claim();
	while (!atomic_load(&worker_got_term)) {
		live_beat();
		if (got_chld) {
			got_chld = 0;
			reap(&l);
			if (l.lost)
				break;
			start_workers(&l);
		}
		kill_hung(&l);
		/* Signals are taken only here; a look a second. */
		tick.tv_sec = 1;
		tick.tv_nsec = 0;
		(void)ppoll(NULL, 0, &tick, &wait);
	}
	stop_workers(&l);
	if (l.beats != NULL)
		munmap(l.beats, MAX_WORKERS * MAX_THREADS * sizeof(*l.beats));
	return l.lost ? SNAPSHOT_LOST_STATUS : 0;
}
