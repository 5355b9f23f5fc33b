/*
 * main.c: options, start-up, the FastCGI accept loop, workers and
 * signals.  Nothing else.
 *
 * Process model: with --socket, a supervisor binds the socket, drops
 * privileges, loads the content and forks --workers workers of
 * --threads threads each, which accept on the shared socket (one
 * FCGX_Request per thread; see serve_thread).  It restarts a worker
 * that dies, stops them all on SIGTERM/SIGINT, and on SIGHUP loads the
 * content again: if it is valid, new workers start with it and the old
 * ones finish their requests and exit; if not, the error is logged and
 * the old workers keep serving.  Without --socket (spawn-fcgi,
 * mod_fcgid) the socket is file descriptor 0 and, by default, a single
 * process of one thread serves.
 */
#include "config.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <poll.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <fcgiapp.h>

#include "app.h"
#include "handler.h"
#include "openapi.h"
#include "request.h"

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

#define MAX_WORKERS	64
#define MAX_THREADS	64	/* serving threads per worker */
#define THREADS_DEFAULT	16	/* default --threads with --socket */

/*
 * got_term is read by every serving thread while another thread's
 * handler may set it: a lock-free atomic, which is also safe in a signal
 * handler (C11 7.14.1.1).  The other two are the supervisor's alone.
 */
static atomic_int got_term;
static volatile sig_atomic_t got_hup, got_chld;
#if ATOMIC_INT_LOCK_FREE != 2
#error "perfil-fcgi needs a lock-free atomic_int for its signal flag"
#endif

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
usage(FILE *f)
{
	fprintf(f,
"usage: perfil-fcgi [options]\n"
"Serve a professional profile as a read-only JSON API (FastCGI responder).\n"
"\n"
"  --socket PATH|HOST:PORT  listen on a unix socket or TCP address; without\n"
"                           it, listen on file descriptor 0 (spawn-fcgi,\n"
"                           Apache mod_fcgid)\n"
"  --content DIR            content directory (default %s)\n"
"  --base-url URL           public base URL of the site (default %s)\n"
"  --workers N              worker processes, 1 to %d (default: one per CPU,\n"
"                           at least 2, with --socket; else 1)\n"
"  --threads N              serving threads per worker, 1 to %d (default: %d\n"
"                           with several workers or --socket, else 1)\n"
"  --user NAME              when started as root, switch to this user after\n"
"                           binding the socket (required as root)\n"
"  --socket-mode MODE       octal permissions of a unix socket (default 0660)\n"
"  --check                  load and validate the content, print a summary,\n"
"                           exit 0 (valid) or 1 (invalid)\n"
"  --dump-openapi[=json|yaml]\n"
"                           print the OpenAPI document (built from the route\n"
"                           table and the content, with --base-url as the\n"
"                           server) and exit without serving; default json\n"
"  --version                print the version and exit\n"
"  --help                   print this help and exit\n"
"\n"
"Signals: SIGTERM/SIGINT stop after the requests in hand; SIGHUP reloads the\n"
"content (a set that fails validation is refused and the old one keeps\n"
"serving).\n",
	    PERFIL_CONTENT_DIR, PERFIL_BASE_URL, MAX_WORKERS, MAX_THREADS,
	    THREADS_DEFAULT);
}

static void
on_term(int sig)
{
	(void)sig;
	atomic_store(&got_term, 1);
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

/* Installs a handler without SA_RESTART, so blocking calls see EINTR. */
static void
set_handler(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

static void
print_summary(const struct app *app)
{
	const struct model *m = app->model;
	size_t	 skills = 0, i;
	const cJSON *t;

	for (i = 0; i < m->coll[COLL_SKILLS].len; i++)
		skills += (size_t)cJSON_GetArraySize(cJSON_GetObjectItem(
		    m->coll[COLL_SKILLS].items[i].obj[LANG_ES], "skills"));
	t = cJSON_GetObjectItem(m->about.obj[LANG_ES], "timeline");
	printf("perfil-fcgi: content OK in %s: profile, about (%d timeline "
	    "items), %zu projects, %zu experience, %zu skill categories "
	    "(%zu skills), %zu certifications, %zu education, "
	    "%zu recommendations, %d pages; languages es, en\n",
	    app->cfg->content_dir, cJSON_GetArraySize(t),
	    m->coll[COLL_PROJECTS].len, m->coll[COLL_EXPERIENCE].len,
	    m->coll[COLL_SKILLS].len, skills,
	    m->coll[COLL_CERTIFICATIONS].len, m->coll[COLL_EDUCATION].len,
	    m->coll[COLL_RECOMMENDATIONS].len, PAGE_DOC__MAX * LANG__MAX);
}

/* What the threads of one worker process share. */
struct server {
	const struct app *app;
	int	 fd;		/* the listening socket */
	int	 local;		/* it is a unix-domain socket */
	int	 stopfd;	/* eventfd, readable once the worker stops */
	atomic_int stop;	/* set before stopfd is written */
};

/* Tells every thread of the worker to stop after the request in hand. */
static void
server_stop(struct server *srv)
{
	atomic_store(&srv->stop, 1);
	(void)eventfd_write(srv->stopfd, 1);
}

/*
 * Waits until the thread has something to do: a request on the
 * connection it keeps (keptfd, or -1) or a new connection on the
 * listening socket, which is registered in ep with EPOLLEXCLUSIVE so
 * that a connection wakes one idle thread, not all of them (ep also
 * holds the stop eventfd).  SIGTERM and SIGINT are unblocked only here
 * (waiting).  Returns 1 when the kept connection has data or was
 * closed, 0 when only ep is ready, -1 on EINTR and -2 on failure.
 */
static int
wait_work(int ep, int keptfd, const sigset_t *waiting)
{
	struct epoll_event ev;
	struct pollfd pfd[2];
	int	 n;

	if (keptfd < 0) {
		n = epoll_pwait(ep, &ev, 1, -1, waiting);
		if (n == -1)
			return errno == EINTR ? -1 : -2;
		return 0;
	}
	pfd[0].fd = keptfd;
	pfd[0].events = POLLIN;
	pfd[1].fd = ep;
	pfd[1].events = POLLIN;
	pfd[0].revents = pfd[1].revents = 0;
	if (ppoll(pfd, 2, NULL, waiting) == -1)
		return errno == EINTR ? -1 : -2;
	return pfd[0].revents != 0 ? 1 : 0;
}

/*
 * True when the request announced no body (no CONTENT_LENGTH, or 0), so
 * that nothing the web server sent can still be unread at the end.
 */
static int
no_body(char **envp)
{
	const char *cl = req_env_get(envp, "CONTENT_LENGTH");

	return cl == NULL || *cl == '\0' || strcmp(cl, "0") == 0;
}

/*
 * Reads the request's (empty) standard input to its end record, which
 * nginx sends with the parameters; a client that sends it later (such
 * as cgi-fcgi) is waited for here rather than reset by the close.
 * True when the end was seen.
 */
static int
stdin_done(FCGX_Request *rq)
{
	while (FCGX_GetChar(rq->in) != EOF)
		continue;
	return FCGX_HasSeenEOF(rq->in) == EOF && FCGX_GetError(rq->in) == 0;
}

/*
 * The thread's kept connection is idle and a new connection waits:
 * takes the new one instead.  On a unix socket the thread accepts it
 * first and keeps its idle connection if another thread was quicker
 * (every thread waiting on a kept connection wakes for a new one);
 * libfcgi then reads the request from the connection in rq->ipcFd.
 * On TCP libfcgi's own accept, which applies FCGI_WEB_SERVER_ADDRS,
 * takes it.  Returns 0, or -1 when there was nothing to take.
 */
static int
take_waiting(struct server *srv, FCGX_Request *rq)
{
	int	 fd = -1;

	if (srv->local &&
	    (fd = accept4(srv->fd, NULL, NULL, SOCK_CLOEXEC)) == -1)
		return -1;
	close(rq->ipcFd);
	rq->ipcFd = fd;
	return 0;
}

/* True when fd is a unix-domain socket. */
static int
is_local_socket(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	return getsockname(fd, (struct sockaddr *)&ss, &len) == 0 &&
	    ss.ss_family == AF_UNIX;
}

/*
 * One serving thread: answers requests until the worker stops.
 * SIGTERM and SIGINT stay blocked except while the thread waits
 * (wait_work), so once a request is read it is answered and finished
 * before the thread looks at them again; the thread that takes the
 * signal wakes the others through the stop eventfd.  The listening
 * socket is non-blocking: when another thread or worker wins the race
 * for a connection, accept() fails with EAGAIN and the thread goes back
 * to waiting instead of blocking in accept() with the signals held.
 *
 * When the web server asks to keep the connection (nginx's
 * fastcgi_keep_conn), the thread keeps it and waits for its next
 * request, but never only for it: if a new connection is waiting while
 * the kept one is idle, the thread takes the new one and closes the
 * idle one (take_waiting).  So idle connections in the web server's
 * keepalive pool cannot pin every thread and starve new connections,
 * whatever the pool size (nginx retries a request whose cached
 * connection was closed).  libfcgi has no accessor for the connection
 * it keeps: FCGX_Request's ipcFd, unchanged since libfcgi 2.4.0, is
 * read and closed here.
 *
 * At the end of a request libfcgi closes the connection gracefully:
 * shutdown(), then up to two seconds waiting for the web server to
 * close its end, so that unread input cannot reset the connection
 * before the answer arrives (TCP).  On a unix socket, for a request
 * without a body whose input has ended (stdin_done), nothing is left
 * unread and queued data survives the close, so the thread closes at
 * once (FCGX_Request's detached flag selects libfcgi's plain close)
 * instead of sleeping until the web server has read the answer: one
 * wake-up less per request.
 * Returns the exit status.
 */
static int
serve_thread(struct server *srv)
{
	FCGX_Request rq;
	struct response resp;
	struct arena arena;
	struct buf out;
	struct epoll_event ev;
	sigset_t waiting;
	int	 ep, rc, ready, status = 0;

	pthread_sigmask(SIG_SETMASK, NULL, &waiting);
	sigdelset(&waiting, SIGTERM);
	sigdelset(&waiting, SIGINT);
	if ((ep = epoll_create1(EPOLL_CLOEXEC)) == -1)
		goto fail;
	memset(&ev, 0, sizeof(ev));
	ev.events = EPOLLIN | EPOLLEXCLUSIVE;
	ev.data.fd = srv->fd;
	if (epoll_ctl(ep, EPOLL_CTL_ADD, srv->fd, &ev) == -1)
		goto fail;
	ev.events = EPOLLIN;
	ev.data.fd = srv->stopfd;
	if (epoll_ctl(ep, EPOLL_CTL_ADD, srv->stopfd, &ev) == -1)
		goto fail;
	if (FCGX_InitRequest(&rq, srv->fd, FCGI_FAIL_ACCEPT_ON_INTR) != 0) {
		fprintf(stderr, "perfil-fcgi: cannot initialise request\n");
		close(ep);
		server_stop(srv);
		return 1;
	}
	resp_init(&resp);
	arena_init(&arena, 16384);
	buf_init(&out);
	for (;;) {
		if (atomic_load(&got_term) || atomic_load(&srv->stop))
			break;
		if ((ready = wait_work(ep, rq.ipcFd, &waiting)) == -2) {
			fprintf(stderr, "perfil-fcgi: poll failed: %s\n",
			    strerror(errno));
			status = 1;
			break;
		}
		if (atomic_load(&got_term) || atomic_load(&srv->stop))
			break;
		if (ready == -1)
			continue;
		if (ready == 0 && rq.ipcFd >= 0 && take_waiting(srv, &rq) == -1)
			continue;	/* another thread took it */
		if ((rc = FCGX_Accept_r(&rq)) < 0) {
			if (rc == -EAGAIN || rc == -EWOULDBLOCK ||
			    rc == -EINTR || rc == -ECONNABORTED)
				continue;
			fprintf(stderr, "perfil-fcgi: accept failed: %s\n",
			    rc > -10000 ? strerror(-rc) : "libfcgi error");
			status = 1;
			break;
		}
		handle_request(srv->app, rq.envp, &resp, &arena);
		resp_serialize(&resp, &out);
		FCGX_PutStr(out.data, (int)out.len, rq.out);
		if (srv->local && !rq.keepConnection && no_body(rq.envp) &&
		    stdin_done(&rq))
			rq.detached = 1;	/* close without lingering */
		FCGX_Finish_r(&rq);
		rq.detached = 0;
		arena_reset(&arena);
		if (out.cap > 1024 * 1024)
			buf_free(&out);
	}
	server_stop(srv);
	if (rq.ipcFd >= 0) {
		close(rq.ipcFd);
		rq.ipcFd = -1;
	}
	FCGX_Free(&rq, 1);
	close(ep);
	buf_free(&out);
	arena_free(&arena);
	resp_free(&resp);
	return status;
fail:
	fprintf(stderr, "perfil-fcgi: epoll: %s\n", strerror(errno));
	if (ep != -1)
		close(ep);
	server_stop(srv);
	return 1;
}

static void *
serve_thread_main(void *arg)
{
	return (void *)(intptr_t)serve_thread(arg);
}

/*
 * Serves requests on fd with nthreads threads until SIGTERM or SIGINT.
 * Blocks both (and only them; the threads inherit the mask) before the
 * threads start: serve_thread() takes them only while it waits.
 * Returns the exit status: 0, or 1 if a thread failed (the others then
 * stop too).
 */
static int
serve(const struct app *app, int fd, int nthreads)
{
	struct server srv;
	pthread_t tid[MAX_THREADS];
	pthread_attr_t attr;
	sigset_t term;
	void	*ret;
	int	 flags, i, started = 0, status;

	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	sigaddset(&term, SIGINT);
	pthread_sigmask(SIG_SETMASK, &term, NULL);
	if ((flags = fcntl(fd, F_GETFL)) == -1 ||
	    fcntl(fd, F_SETFL, flags | O_NONBLOCK) == -1) {
		fprintf(stderr, "perfil-fcgi: cannot make the socket "
		    "non-blocking: %s\n", strerror(errno));
		return 1;
	}
	memset(&srv, 0, sizeof(srv));
	srv.app = app;
	srv.fd = fd;
	srv.local = is_local_socket(fd);
	atomic_init(&srv.stop, 0);
	if ((srv.stopfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) == -1) {
		fprintf(stderr, "perfil-fcgi: eventfd: %s\n", strerror(errno));
		return 1;
	}
	/* Handlers need little stack: 256 kB each, not the 8 MB default. */
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 * 1024);
	for (i = 1; i < nthreads; i++) {
		if ((errno = pthread_create(&tid[started], &attr,
		    serve_thread_main, &srv)) != 0) {
			fprintf(stderr, "perfil-fcgi: cannot start a thread: "
			    "%s\n", strerror(errno));
			server_stop(&srv);
			break;
		}
		/* Shown by ps -L and top -H; the main thread keeps the
		 * program's name, which pgrep and pkill match. */
		(void)pthread_setname_np(tid[started], "perfil-serve");
		started++;
	}
	pthread_attr_destroy(&attr);
	status = serve_thread(&srv);
	if (started < nthreads - 1)
		status = 1;
	for (i = 0; i < started; i++)
		if (pthread_join(tid[i], &ret) == 0 && ret != NULL)
			status = 1;
	close(srv.stopfd);
	return status;
}

static pid_t
spawn(const struct app *app, int fd, int nthreads)
{
	pid_t	 pid;

	if ((pid = fork()) == -1) {
		fprintf(stderr, "perfil-fcgi: fork: %s\n", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		int	 status;

		/* SIGTERM stays blocked, as in the supervisor, until
		 * serve() sets the workers' mask. */
		set_handler(SIGHUP, SIG_IGN);
		set_handler(SIGALRM, SIG_DFL);
		set_handler(SIGCHLD, SIG_DFL);
		status = serve(app, fd, nthreads);
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
static int
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
		if (atomic_load(&got_term))
			break;
		if (got_hup) {
			got_hup = 0;
			if (app_load(&next, cfg, err, sizeof(err)) == -1)
				fprintf(stderr, "perfil-fcgi: reload refused, "
				    "still serving the previous content: %s\n",
				    err);
			else {
				fprintf(stderr, "perfil-fcgi: content "
				    "reloaded; replacing workers\n");
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
						fprintf(stderr, "perfil-fcgi: "
						    "worker %d killed by signal "
						    "%d; restarting it\n",
						    (int)pid, WTERMSIG(status));
					else
						fprintf(stderr, "perfil-fcgi: "
						    "worker %d exited with status "
						    "%d; restarting it\n",
						    (int)pid, WEXITSTATUS(status));
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

static void
on_alarm(int sig)
{
	(void)sig;
	got_chld = 1;
}

/* Binds the listening socket; returns the descriptor or -1. */
static int
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
		fprintf(stderr, "perfil-fcgi: cannot listen on %s: %s\n",
		    spec, strerror(errno));
		return -1;
	}
	if (strchr(spec, ':') == NULL && chmod(spec, mode) == -1) {
		fprintf(stderr, "perfil-fcgi: chmod %s: %s\n", spec,
		    strerror(errno));
		return -1;
	}
	return fd;
}

/* As root: give the socket to user and become that user. */
static int
drop_privileges(const char *user, const char *sockpath)
{
	struct passwd *pw;

	if ((pw = getpwnam(user)) == NULL) {
		fprintf(stderr, "perfil-fcgi: no such user: %s\n", user);
		return -1;
	}
	if (pw->pw_uid == 0) {
		fprintf(stderr, "perfil-fcgi: --user must not be root\n");
		return -1;
	}
	if (sockpath != NULL && strchr(sockpath, ':') == NULL &&
	    chown(sockpath, pw->pw_uid, pw->pw_gid) == -1) {
		fprintf(stderr, "perfil-fcgi: chown %s: %s\n", sockpath,
		    strerror(errno));
		return -1;
	}
	if (setgroups(1, &pw->pw_gid) == -1 || setgid(pw->pw_gid) == -1 ||
	    setuid(pw->pw_uid) == -1) {
		fprintf(stderr, "perfil-fcgi: cannot become %s: %s\n", user,
		    strerror(errno));
		return -1;
	}
	if (setuid(0) != -1) {
		fprintf(stderr, "perfil-fcgi: privileges not dropped\n");
		return -1;
	}
	return 0;
}

/*
 * Parses the decimal count s of option name, 1 to max.  Returns it, or
 * -1 after a message.
 */
static long
parse_count(const char *s, int max, const char *name)
{
	char	*end;
	long	 n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (errno || end == s || *end != '\0' || n < 1 || n > max) {
		fprintf(stderr, "perfil-fcgi: %s must be 1 to %d\n", name, max);
		return -1;
	}
	return n;
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "socket", required_argument, NULL, 's' },
		{ "content", required_argument, NULL, 'c' },
		{ "base-url", required_argument, NULL, 'b' },
		{ "workers", required_argument, NULL, 'w' },
		{ "threads", required_argument, NULL, 't' },
		{ "user", required_argument, NULL, 'u' },
		{ "socket-mode", required_argument, NULL, 'm' },
		{ "check", no_argument, NULL, 'C' },
		{ "dump-openapi", optional_argument, NULL, 'O' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct config cfg = { PERFIL_CONTENT_DIR, PERFIL_BASE_URL };
	struct app app;
	struct stat st;
	const char *sock = NULL, *user = NULL;
	char	 err[1024], *base = NULL, *end;
	long	 nworkers = 0, nthreads = 0, mode = 0660;
	int	 ch, check = 0, dump = -1, fd, rc;

	while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (ch) {
		case 's':
			sock = optarg;
			break;
		case 'c':
			cfg.content_dir = optarg;
			break;
		case 'b':
			cfg.base_url = optarg;
			break;
		case 'w':
			if ((nworkers = parse_count(optarg, MAX_WORKERS,
			    "--workers")) == -1)
				return 2;
			break;
		case 't':
			if ((nthreads = parse_count(optarg, MAX_THREADS,
			    "--threads")) == -1)
				return 2;
			break;
		case 'u':
			user = optarg;
			break;
		case 'm':
			errno = 0;
			mode = strtol(optarg, &end, 8);
			if (errno || *end != '\0' || mode < 0 || mode > 0777) {
				fprintf(stderr, "perfil-fcgi: --socket-mode "
				    "must be octal, such as 0660\n");
				return 2;
			}
			break;
		case 'C':
			check = 1;
			break;
		case 'O':
			/* Also "--dump-openapi yaml", as people type it. */
			if (optarg == NULL && optind < argc &&
			    (strcmp(argv[optind], "json") == 0 ||
			    strcmp(argv[optind], "yaml") == 0))
				optarg = argv[optind++];
			if (optarg == NULL || strcmp(optarg, "json") == 0)
				dump = OPENAPI_JSON;
			else if (strcmp(optarg, "yaml") == 0)
				dump = OPENAPI_YAML;
			else {
				fprintf(stderr, "perfil-fcgi: --dump-openapi "
				    "takes json or yaml\n");
				return 2;
			}
			break;
		case 'V':
			printf("perfil-fcgi %s (API %s)\n", PACKAGE_VERSION,
			    PERFIL_API_VERSION);
			return 0;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return 2;
	}
	if ((strncmp(cfg.base_url, "http://", 7) != 0 &&
	    strncmp(cfg.base_url, "https://", 8) != 0) ||
	    strpbrk(cfg.base_url, " \t\r\n\"<>\\?#") != NULL ||
	    strlen(cfg.base_url) > 200) {
		fprintf(stderr, "perfil-fcgi: --base-url must be an absolute "
		    "http(s) URL without query or fragment\n");
		return 2;
	}
	if ((base = strdup(cfg.base_url)) == NULL)
		return 1;
	while (strlen(base) > 8 && base[strlen(base) - 1] == '/')
		base[strlen(base) - 1] = '\0';
	cfg.base_url = base;

	if (check) {
		if (app_load(&app, &cfg, err, sizeof(err)) == -1) {
			fprintf(stderr, "perfil-fcgi: %s\n", err);
			free(base);
			return 1;
		}
		print_summary(&app);
		app_free(&app);
		free(base);
		return 0;
	}
	if (dump != -1) {
		if (app_load(&app, &cfg, err, sizeof(err)) == -1) {
			fprintf(stderr, "perfil-fcgi: %s\n", err);
			free(base);
			return 1;
		}
		rc = fwrite(app.openapi->text[dump], 1, app.openapi->len[dump],
		    stdout) == app.openapi->len[dump] && fflush(stdout) == 0 ?
		    0 : 1;
		if (rc != 0)
			fprintf(stderr, "perfil-fcgi: cannot write the "
			    "document: %s\n", strerror(errno));
		app_free(&app);
		free(base);
		return rc;
	}

	if (FCGX_Init() != 0) {
		fprintf(stderr, "perfil-fcgi: cannot initialise libfcgi\n");
		rc = 1;
		goto out;
	}
	if (geteuid() == 0 && user == NULL) {
		fprintf(stderr, "perfil-fcgi: refusing to run as root; use "
		    "--user NAME to switch to an unprivileged user\n");
		rc = 2;
		goto out;
	}
	if (sock != NULL) {
		if ((fd = open_socket(sock, (mode_t)mode)) < 0) {
			rc = 1;
			goto out;
		}
	} else {
		fd = 0;
		if (fstat(0, &st) == -1 || !S_ISSOCK(st.st_mode)) {
			fprintf(stderr, "perfil-fcgi: no --socket given and "
			    "standard input is not a socket (run it from "
			    "spawn-fcgi or mod_fcgid, or give --socket)\n");
			rc = 2;
			goto out;
		}
	}
	if (user != NULL && geteuid() == 0 &&
	    drop_privileges(user, sock) == -1) {
		rc = 1;
		goto out;
	}
	if (user != NULL && geteuid() != 0 && getpwnam(user) != NULL &&
	    getpwnam(user)->pw_uid != geteuid()) {
		fprintf(stderr, "perfil-fcgi: --user %s needs root\n", user);
		rc = 2;
		goto out;
	}
	if (app_load(&app, &cfg, err, sizeof(err)) == -1) {
		fprintf(stderr, "perfil-fcgi: %s\n", err);
		rc = 1;
		goto out;
	}
	set_handler(SIGPIPE, SIG_IGN);
	set_handler(SIGTERM, on_term);
	set_handler(SIGINT, on_term);
	if (nworkers == 0) {
		/* One per CPU, at least two (a worker that dies leaves
		 * another serving); without --socket the process manager
		 * (mod_fcgid, spawn-fcgi) decides how many run. */
		nworkers = sock != NULL ? sysconf(_SC_NPROCESSORS_ONLN) : 1;
		if (sock != NULL && nworkers < 2)
			nworkers = 2;
		if (nworkers < 1)
			nworkers = 1;
		if (nworkers > MAX_WORKERS)
			nworkers = MAX_WORKERS;
	}
	if (nthreads == 0)
		/* A kept FastCGI connection holds a thread while idle:
		 * enough threads for nginx's keepalive pool (README
		 * "Performance").  A lone process on fd 0 is mod_fcgid's,
		 * which sends it one request at a time. */
		nthreads = nworkers == 1 && sock == NULL ? 1 : THREADS_DEFAULT;
	if (nworkers == 1 && sock == NULL) {
		set_handler(SIGHUP, SIG_IGN);
		rc = serve(&app, fd, (int)nthreads);
	} else {
		set_handler(SIGHUP, on_hup);
		set_handler(SIGCHLD, on_chld);
		set_handler(SIGALRM, on_alarm);
		fprintf(stderr, "perfil-fcgi %s: serving %s with %ld workers "
		    "of %ld threads\n", PACKAGE_VERSION, sock ? sock : "fd 0",
		    nworkers, nthreads);
		rc = supervise(&app, &cfg, fd, (int)nworkers, (int)nthreads);
	}
	app_free(&app);
out:
	free(base);
	return rc;
}
