/*
 * supervisor.c: with --socket, the supervisor binds the socket, drops
 * privileges and keeps the content served until SIGTERM/SIGINT.  The
 * content lives in a generation: a leader process (leader.c) that holds
 * one loaded content and keeps --workers workers running with it.  On
 * SIGHUP (or, with --reload-check, a changed fingerprint, watch.h) the
 * supervisor forks a new process that loads the content (it shows as
 * perfil-load): if the content is valid, that process becomes the new
 * generation's leader and the old leader drains its workers and exits;
 * if not, or if the load does not finish within --reload-timeout, it
 * ends, the refusal is logged and the old generation keeps serving.
 * The supervisor itself never loads content: it reaps, stops and looks
 * at the content while a load runs.  The outcome goes to standard
 * error, the log file (--log-file) and, through shared memory, the
 * workers' health answer.
 */
#include "config.h"

#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "server/app_load.h"
#include "server/leader.h"
#include "server/options.h"
#include "server/share.h"
#include "server/snapshot.h"
#include "server/supervisor.h"
#include "base/util.h"
#include "base/watch.h"
#include "server/worker.h"

#define SUP_OLD_MAX	MAX_WORKERS	/* draining generations kept track of */
#define SUP_REPLY_MAX	40000		/* a load's answer: "1 FP\n" and the
					 * font warnings, or "0\n" and the
					 * error (16 KiB at most each) */

static volatile sig_atomic_t got_hup, got_chld;	/* the supervisor's */
static int notify_fd = -1;	/* the content's change notices (watch.h) */

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

/* The supervisor's handlers of SIGHUP (reload), SIGCHLD and SIGALRM. */
void
sup_handlers(void)
{
	set_handler(SIGHUP, on_hup);
	set_handler(SIGCHLD, on_chld);
	set_handler(SIGALRM, on_chld);
}

/* The supervisor's state. */
struct sup {
	const struct config *cfg;
	int	 fd;			/* the listening socket */
	int	 nworkers, nthreads;
	pid_t	 serving;		/* the current generation's leader,
					 * or 0 (it died) */
	long long serving_since;	/* ms: it became the leader */
	pid_t	 old[SUP_OLD_MAX];	/* leaders told to drain */
	long long old_since[SUP_OLD_MAX];	/* ms: told to drain */
	int	 lost;			/* the serving leader died: load */
	int	 hung;			/* the serving leader made no
					 * progress: it goes once replaced */
	long long hold;			/* no such load before (ms) */
	char	 fp[WATCH_FP_LEN + 1];	/* the content served */
	struct watch_status *status;	/* shared with the workers, or
					 * NULL */
	long long checked;		/* the last look at the content (ms) */
	long long notified;		/* the last change notice (ms), or 0 */
	char	 refused[WATCH_FP_LEN + 1];	/* the set last refused */
	char	 announce[256];		/* "content reloaded ...", said once
					 * the serving generation serves */
	/* The load under way, if loader is not 0. */
	pid_t	 loader;
	int	 load_fd;		/* its answer, then the go-ahead */
	int	 load_ended;		/* reaped; load_status is its end */
	int	 load_status;
	long long load_start;		/* ms */
	const char *load_why;		/* "SIGHUP", "content changed" */
	char	 load_before[WATCH_FP_LEN + 1];	/* the fingerprint before */
	char	 reply[SUP_REPLY_MAX + 1];
	size_t	 reply_len;
};

/* The content's fingerprint now, as app_load takes it. */
static void
fingerprint(const struct config *cfg, char fp[WATCH_FP_LEN + 1])
{
	const char *dirs[2] = { cfg->content_dir, cfg->labels_dir };

	watch_fingerprint(dirs, 2, fp);
}

/*
 * Forks a child that must not outlive the supervisor (leader_fork: sig
 * when the supervisor dies), with what only the supervisor uses closed
 * in the child.
 */
static pid_t
fork_child(int sig, const char *name)
{
	pid_t	 pid;

	if ((pid = leader_fork(sig, name)) == 0 && notify_fd != -1) {
		close(notify_fd);
		notify_fd = -1;
	}
	return pid;
}

/* Forks the first generation's leader with the content main.c loaded. */
static pid_t
fork_first(struct sup *s, const struct app *app)
{
	pid_t	 pid;

	if ((pid = fork_child(SIGTERM, LEADER_NAME)) != 0)
		return pid;
	leader_lsan_exit(leader_run(app, s->fd, s->nworkers, s->nthreads));
}

/* Writes all of buf to fd; returns 0, or -1. */
static int
write_all(int fd, const char *buf, size_t len)
{
	ssize_t	 n;

	while (len > 0) {
		if ((n = send(fd, buf, len, MSG_NOSIGNAL)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/*
 * The loading process: loads the content and answers the supervisor on
 * fd ("1 FINGERPRINT\n" and the font warnings, or "0\n" and the
 * error).  On success it waits for the go-ahead (one byte) and becomes
 * the new generation's leader; the supervisor closing fd instead means
 * no.  It never returns.
 */
static void
load_child(struct sup *s, int fd, pid_t parent)
{
	static char err[16384];
	struct app next;
	char	 go, head[WATCH_FP_LEN + 4];
	int	 ok, rc;

	ok = app_load(&next, s->cfg, err, sizeof(err)) == 0;
	if (ok) {
		app_serve_from_snapshot(&next, s->cfg);
		snprintf(head, sizeof(head), "1 %s\n", next.fingerprint);
		rc = write_all(fd, head, strlen(head));
		if (rc == 0 && next.glyphs != NULL)
			rc = write_all(fd, next.glyphs, strnlen(next.glyphs,
			    sizeof(err)));
	} else
		rc = write_all(fd, "0\n", 2) == -1 ||
		    write_all(fd, err, strlen(err)) == -1 ? -1 : 0;
	shutdown(fd, SHUT_WR);
	if (!ok || rc == -1 || read(fd, &go, 1) != 1) {
		if (ok)
			app_free(&next);
		leader_lsan_exit(ok ? 0 : 1);
	}
	close(fd);
	/* The leader drains on SIGTERM when the supervisor dies. */
	if (prctl(PR_SET_PDEATHSIG, SIGTERM) == -1 || getppid() != parent)
		_exit(1);
	prctl(PR_SET_NAME, LEADER_NAME);
	next.reload = s->status;
	rc = leader_run(&next, s->fd, s->nworkers, s->nthreads);
	app_free(&next);
	leader_lsan_exit(rc);
}

/*
 * SIGHUP, or changed content (why says which): forks the process that
 * loads the content again (load_child); load_poll() takes its answer.
 */
static void
load_start(struct sup *s, const char *why)
{
	pid_t	 pid, parent = getpid();
	int	 sv[2];

	/*
	 * The fingerprint before the load is the one refused: a file
	 * completed while the load read it (an editor writing slowly)
	 * changes the fingerprint, so the next look tries again.
	 */
	fingerprint(s->cfg, s->load_before);
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == -1) {
		warn("socketpair (reload)");
		return;
	}
	/* Killed with the supervisor: a load holds nothing. */
	if ((pid = fork_child(SIGKILL, LEADER_NAME_LOAD)) == -1) {
		close(sv[0]);
		close(sv[1]);
		return;
	}
	if (pid == 0) {
		close(sv[0]);
		set_handler(SIGHUP, SIG_IGN);
		load_child(s, sv[1], parent);
	}
	close(sv[1]);
	fcntl(sv[0], F_SETFL, O_NONBLOCK);
	s->loader = pid;
	s->load_fd = sv[0];
	s->load_ended = 0;
	s->load_start = monotonic_ms();
	s->load_why = why;
	s->reply_len = 0;
}

/* The load under way is over: forgets it (the process, if still there,
 * ends by itself once its descriptor is closed, and reap() collects it). */
static void
load_forget(struct sup *s)
{
	close(s->load_fd);
	s->load_fd = -1;
	s->loader = 0;
	s->checked = monotonic_ms();
}

/* Adds leader pid, told to drain or killed at since (ms), to the old
 * generations reap() collects.  Returns -1 when they are all taken. */
static int
old_add(struct sup *s, pid_t pid, long long since)
{
	int	 i;

	for (i = 0; i < SUP_OLD_MAX; i++)
		if (s->old[i] == 0) {
			s->old[i] = pid;
			s->old_since[i] = since;
			return 0;
		}
	return -1;
}

/* Kills leader pid and tells its workers to drain (leader_signal);
 * reap() collects it.  Returns a time far ahead: not again. */
static long long
leader_end(pid_t pid)
{
	leader_signal(pid, SIGKILL);
	leader_live_forget(pid);
	return monotonic_ms() + 86400000;
}

/* The serving generation is gone (its leader died or was killed): the
 * content is loaded again from hold (ms). */
static void
serving_gone(struct sup *s, long long hold)
{
	s->serving = 0;
	s->hung = 0;
	s->fp[0] = '\0';
	s->announce[0] = '\0';
	s->lost = 1;
	s->hold = hold;
}

/*
 * The serving leader that made no progress (live_check) goes: killed,
 * its workers told to drain (leader_signal), and kept among the old
 * generations reap() collects (a leader in a frozen cgroup or in disk
 * wait ends only when it runs again).  Once a new generation serves
 * (replaced), or at once when the load that was to replace it failed
 * for another reason than the content (--reload-timeout, the loading
 * process died): then the content is loaded again, as when a leader
 * dies.  When the content itself was refused, it stays (load_refused).
 */
static void
hung_kill(struct sup *s, int replaced)
{
	long long never = leader_end(s->serving);

	if (old_add(s, s->serving, never) == -1) {
		if (!replaced)
			s->serving_since = never;	/* reap() will load */
		return;
	}
	s->hung = 0;
	if (!replaced)
		serving_gone(s, monotonic_ms());
}

/* A refused load: logged, shown in health until a reload succeeds
 * (strip: the content directory when the content itself was refused,
 * NULL when the reason is the supervisor's own words: a timeout, a
 * loading process that died). */
static void
load_refused(struct sup *s, const char *err, const char *strip)
{
	char	 msg[256];

	memcpy(s->refused, s->load_before, sizeof(s->refused));
	snprintf(msg, sizeof(msg), "reload refused (%s), still serving the "
	    "previous content (%s): ", s->load_why, s->fp[0] ? s->fp :
	    "none: its generation ended");
	warnx_lines(msg, err);
	watch_log(s->cfg->log_file, msg, err);
	if (s->status != NULL)
		watch_status_set(s->status, s->refused, err, strip);
	load_forget(s);
	if (s->hung && s->serving > 0 && strip != NULL) {	/* content */
		/*
		 * The content itself is refused: the stopped leader's
		 * workers, if alive, are the only ones that can serve.  They
		 * serve the previous content on; the next load that is
		 * accepted (an edit, SIGHUP) replaces them (load_accepted).
		 */
		snprintf(msg, sizeof(msg), "generation leader %d still makes "
		    "no progress; its workers serve the previous content "
		    "until the content loads", (int)s->serving);
		warnx("%s", msg);
		watch_log(s->cfg->log_file, "", msg);
	} else if (s->hung && s->serving > 0)
		hung_kill(s, 0);
}

/* Remembers a leader told to drain, so that the stop waits for it. */
static void
drain_leader(struct sup *s, pid_t pid)
{
	leader_signal(pid, SIGTERM);
	if (old_add(s, pid, monotonic_ms()) == -1)
		/* Past SUP_OLD_MAX generations draining: that one drains
		 * no longer. */
		leader_signal(pid, SIGKILL);
}

/* A valid load: the loader becomes the leader, the old one drains. */
static void
load_accepted(struct sup *s)
{
	char	*fp = s->reply + 2, *glyphs;

	glyphs = strchr(fp, '\n');
	*glyphs++ = '\0';
	if (s->load_ended || write_all(s->load_fd, "g", 1) == -1) {
		load_refused(s, "the loading process ended before it could "
		    "serve", NULL);
		return;
	}
	snprintf(s->fp, sizeof(s->fp), "%s", fp);
	snprintf(s->announce, sizeof(s->announce), "content reloaded (%s, "
	    "content %s); replacing workers", s->load_why, s->fp);
	if (*glyphs != '\0') {
		warnx_lines("warning: font: ", glyphs);
		watch_log(s->cfg->log_file, "warning: font: ", glyphs);
	}
	s->refused[0] = '\0';
	if (s->serving > 0 && s->hung)
		hung_kill(s, 1);
	else if (s->serving > 0)
		drain_leader(s, s->serving);
	s->hung = 0;
	s->serving = s->loader;
	s->serving_since = monotonic_ms();
	s->lost = 0;
	load_forget(s);
}

/*
 * A reload is reported (perfil.log, the health's status) once the new
 * generation serves: its first worker has run (leader.h).  A leader
 * that never gets there is killed by live_check() and says so instead.
 */
static void
announce_check(struct sup *s)
{
	if (s->announce[0] == '\0' || s->serving <= 0 ||
	    !leader_serving(s->serving))
		return;
	warnx("%s", s->announce);
	watch_log(s->cfg->log_file, "", s->announce);
	if (s->status != NULL)
		watch_status_set(s->status, s->fp, NULL, NULL);
	s->announce[0] = '\0';
}

/*
 * Reads the loading process's answer as it comes; acts on it once
 * whole; kills a load past --reload-timeout.
 */
static void
load_poll(struct sup *s)
{
	char	 err[256];
	ssize_t	 n;

	if (s->loader == 0)
		return;
	while ((n = read(s->load_fd, s->reply + s->reply_len, SUP_REPLY_MAX -
	    s->reply_len)) > 0)
		s->reply_len += (size_t)n;
	if (n == -1 && (errno == EAGAIN || errno == EINTR)) {
		if (monotonic_ms() - s->load_start <
		    s->cfg->reload_timeout_ms)
			return;
		kill(s->loader, SIGKILL);
		snprintf(err, sizeof(err), "the load did not finish within "
		    "%d s (--reload-timeout): it was stopped or stuck, and "
		    "was killed", s->cfg->reload_timeout_ms / 1000);
		load_refused(s, err, NULL);
		return;
	}
	s->reply[s->reply_len] = '\0';
	if (strncmp(s->reply, "1 ", 2) == 0 && s->reply_len >= 3 +
	    WATCH_FP_LEN && s->reply[2 + WATCH_FP_LEN] == '\n')
		load_accepted(s);
	else if (strncmp(s->reply, "0\n", 2) == 0)
		load_refused(s, s->reply + 2, s->cfg->content_dir);
	else {
		if (!s->load_ended && waitpid(s->loader, &s->load_status, 0) ==
		    s->loader)
			s->load_ended = 1;
		if (s->load_ended && WIFSIGNALED(s->load_status))
			snprintf(err, sizeof(err), "the loading process was "
			    "killed by signal %d", WTERMSIG(s->load_status));
		else
			snprintf(err, sizeof(err), "the loading process "
			    "ended without an answer");
		load_refused(s, err, NULL);
	}
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
 * not tried again until it changes) reloads.  Not while a load runs
 * (the look comes after it), nor while a lost generation waits for its
 * own load.
 */
static void
watch_check(struct sup *s)
{
	char	 fp[WATCH_FP_LEN + 1];
	long long now = monotonic_ms();

	if (s->cfg->reload_ms <= 0 || s->loader != 0 || s->lost)
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
	if (strcmp(fp, s->fp) != 0 && strcmp(fp, s->refused) != 0)
		load_start(s, "content changed");
	else
		s->checked = monotonic_ms();
}

/*
 * How long the supervisor may wait for a signal: a second at most,
 * less when the content's look is due sooner (or a change notice has
 * settled), a load's time runs out, a lost generation's load is due or
 * a reload waits to be reported (announce_check).
 */
static long long
wait_ms(const struct sup *s)
{
	long long ms = 1000, now = monotonic_ms();

	if (s->loader != 0 && s->load_start + s->cfg->reload_timeout_ms -
	    now < ms)
		ms = s->load_start + s->cfg->reload_timeout_ms - now;
	if (s->loader == 0 && s->cfg->reload_ms > 0 && s->checked +
	    s->cfg->reload_ms - now < ms)
		ms = s->checked + s->cfg->reload_ms - now;
	if (s->loader == 0 && s->notified != 0 && s->notified +
	    WATCH_SETTLE_MS - now < ms)
		ms = s->notified + WATCH_SETTLE_MS - now;
	if (s->lost && s->loader == 0 && s->hold - now < ms)
		ms = s->hold - now;
	if (s->announce[0] != '\0' && ms > 10)	/* a worker starts soon */
		ms = 10;
	return ms < 1 ? 1 : ms;
}

/* Collects the processes that ended: the loading one, drained leaders
 * and, unexpectedly, the serving leader (then the content is loaded
 * again, a second after). */
static void
reap(struct sup *s)
{
	pid_t	 pid;
	int	 i, status;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		leader_live_forget(pid);
		if (pid == s->loader) {
			s->load_ended = 1;
			s->load_status = status;
		}
		for (i = 0; i < SUP_OLD_MAX; i++)
			if (s->old[i] == pid)
				s->old[i] = 0;
		if (pid != s->serving)
			continue;
		if (WIFSIGNALED(status))
			warnx("generation leader %d killed by signal %d; "
			    "loading the content again", (int)pid,
			    WTERMSIG(status));
		else if (WEXITSTATUS(status) == SNAPSHOT_LOST_STATUS)
			warnx("generation leader %d lost the snapshot it "
			    "served from; loading the content again",
			    (int)pid);
		else
			warnx("generation leader %d exited with status %d; "
			    "loading the content again", (int)pid,
			    WEXITSTATUS(status));
		serving_gone(s, monotonic_ms() + 1000);
	}
}

/* Kills leader pid (what it is, how long it was quiet, why) and its
 * workers; reap() collects it.  Returns a time far ahead: not again. */
static long long
live_kill(pid_t pid, const char *what, long long quiet, const char *why)
{
	warnx("%s %d made no progress for %lld ms (%s); killing it and its "
	    "workers", what, (int)pid, quiet, why);
	return leader_end(pid);
}

/*
 * A serving leader that made no progress for --hang-timeout (leader.h:
 * stopped or stuck) is replaced: its workers, which may be alive, serve
 * on while the content is loaded again, and it is killed with them once
 * the new generation takes over (hung_kill).  A retired leader is killed
 * when it has not begun to drain LEADER_DRAIN_MS after it was told to,
 * stops making progress while it drains, or is still there STOP_MAX_MS
 * after: its workers stop with it, so that the new generation alone takes
 * the connections.
 */
static void
live_check(struct sup *s)
{
	long long now = monotonic_ms(), beat, since;
	const char *why;
	int	 i;

	if (s->serving > 0 && !s->hung && now >= s->serving_since) {
		beat = leader_beat(s->serving);
		since = beat > s->serving_since ? beat : s->serving_since;
		if (now - since >= s->cfg->hang_ms) {
			warnx("generation leader %d made no progress for %lld "
			    "ms (stopped or stuck); loading the content again, "
			    "then killing it and its workers", (int)s->serving,
			    now - since);
			s->hung = 1;
			if (s->loader == 0)
				load_start(s, "its generation leader made no "
				    "progress");
			if (s->loader == 0)	/* no fork */
				hung_kill(s, 0);
		}
	}
	for (i = 0; i < SUP_OLD_MAX; i++) {
		if (s->old[i] <= 0 || now < s->old_since[i])
			continue;
		beat = leader_beat(s->old[i]);
		since = beat != 0 ? beat : s->old_since[i];
		if (beat < s->old_since[i] && now - s->old_since[i] >=
		    LEADER_DRAIN_MS)
			why = "told to drain, it did not begin";
		else if (beat >= s->old_since[i] && now - beat >=
		    s->cfg->hang_ms)
			why = "draining, stopped or stuck";
		else if (now - s->old_since[i] >= timer_ms(STOP_MAX_MS))
			why = "still draining past the stop's deadline";
		else
			continue;
		s->old_since[i] = live_kill(s->old[i],
		    "retired generation leader", now - since, why);
	}
}

/*
 * The stop: the supervisor closes its copy of the listening socket at
 * once, kills a load under way and tells every leader to stop; they
 * drain their workers (leader.c).  A leader still there STOP_MAX_MS
 * later is killed, and then the workers that outlived it, this
 * process's children as their subreaper (leader_wait_all waits for
 * those only): nothing of the server outlives the supervisor.
 */
static void
stop_all(struct sup *s)
{
	long long end = monotonic_ms() + timer_ms(STOP_MAX_MS);
	pid_t	 w[LEADER_WORKERS_MAX];
	int	 status, nw;

	close(s->fd);
	if (s->loader != 0) {
		kill(s->loader, SIGKILL);
		waitpid(s->loader, &status, 0);
		close(s->load_fd);
		s->loader = 0;
	}
	/* The workers now, while their leaders' slots name them. */
	nw = leader_live_workers(w, LEADER_WORKERS_MAX);
	if (s->serving > 0)
		drain_leader(s, s->serving);
	leader_wait_all(s->old, SUP_OLD_MAX, end, "generation leader");
	leader_wait_all(w, nw, end, "worker");
}

/*
 * The supervisor: keeps the content served, by nworkers workers of
 * nthreads threads each, until SIGTERM or SIGINT.  It forks the first
 * generation with app and frees app (supervisor.h).
 */
int
supervise(struct app *app, const struct config *cfg, int fd, int nworkers,
    int nthreads)
{
	static struct sup s;	/* the answer buffer: not on the stack */
	struct timespec tick;
	struct pollfd pfd[2];
	long long ms;
	sigset_t all, old;
	void	*m;
	int	 n;

	memset(&s, 0, sizeof(s));
	s.cfg = cfg;
	s.fd = fd;
	s.load_fd = -1;
	s.nworkers = nworkers;
	s.nthreads = nthreads;
	/* The outcome of the reloads, read by the workers' health. */
	m = mmap(NULL, sizeof(*s.status), PROT_READ | PROT_WRITE, MAP_SHARED |
	    MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		warn("mmap (reload status)");
	else {
		s.status = m;
		app->reload = s.status;
	}
	sigemptyset(&all);
	sigaddset(&all, SIGTERM);
	sigaddset(&all, SIGINT);
	sigaddset(&all, SIGHUP);
	sigaddset(&all, SIGCHLD);
	sigaddset(&all, SIGALRM);
	sigprocmask(SIG_BLOCK, &all, &old);
#ifdef PR_SET_CHILD_SUBREAPER
	/* The workers of a leader that died (killed at the stop's end, or
	 * for a hang) are this process's children then, not init's: reap()
	 * collects them, and the stop ends those still running
	 * (stop_all) instead of leaving them to drain alone. */
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) == -1)
		warn("prctl (PR_SET_CHILD_SUBREAPER)");
#endif
	snprintf(s.fp, sizeof(s.fp), "%s", app->fingerprint);
	(void)leader_live_map();
	s.serving_since = monotonic_ms();
	if ((s.serving = fork_first(&s, app)) == -1) {
		s.serving = 0;
		s.lost = 1;
	}
	/* The leader has its copy: the supervisor keeps none. */
	app_free(app);
	malloc_trim(0);
	s.checked = monotonic_ms();
	if (cfg->reload_ms > 0)
		notify_reopen(cfg);
	while (!atomic_load(&worker_got_term)) {
		if (got_chld) {
			got_chld = 0;
			reap(&s);
		}
		load_poll(&s);
		if (got_hup && s.loader == 0) {
			got_hup = 0;
			load_start(&s, "SIGHUP");
		}
		watch_check(&s);
		live_check(&s);
		if (share_orphaned()) {	/* --share: no relay is left */
			warnx("the last --share relay has ended; stopping");
			break;
		}
		announce_check(&s);
		if (s.lost && s.loader == 0 && monotonic_ms() >= s.hold) {
			load_start(&s, "the serving generation ended");
			if (s.loader != 0)
				s.lost = 0;
			else	/* no fork: again in a second */
				s.hold = monotonic_ms() + 1000;
		}
		/* Signals are taken only here; a notice or the load's
		 * answer wakes the loop (while a notice settles, or a load
		 * runs, the notices wait). */
		ms = wait_ms(&s);
		tick.tv_sec = (time_t)(ms / 1000);
		tick.tv_nsec = (long)(ms % 1000) * 1000000;
		n = 0;
		if (s.loader != 0) {
			pfd[n].fd = s.load_fd;
			pfd[n++].events = POLLIN;
		} else if (notify_fd != -1 && s.notified == 0) {
			pfd[n].fd = notify_fd;
			pfd[n++].events = POLLIN;
		}
		pfd[0].revents = 0;
		(void)ppoll(pfd, (nfds_t)n, &tick, &old);
	}
	stop_all(&s);
	if (notify_fd != -1) {
		close(notify_fd);
		notify_fd = -1;
	}
	if (s.status != NULL)
		munmap(s.status, sizeof(*s.status));
	return 0;
}
