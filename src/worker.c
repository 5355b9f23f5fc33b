/*
 * worker.c: a worker process's serving threads.  Each thread accepts
 * FastCGI connections on the shared listening socket and answers their
 * requests with libfcgi (see serve_thread); SIGTERM and SIGINT stop the
 * threads after the requests in hand.
 */
#include "config.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <fcgiapp.h>

#include "handler.h"
#include "options.h"
#include "request.h"
#include "worker.h"

/*
 * worker_got_term is read by every serving thread while another
 * thread's handler may set it: a lock-free atomic, which is also safe
 * in a signal handler (C11 7.14.1.1).
 */
atomic_int worker_got_term;
#if ATOMIC_INT_LOCK_FREE != 2
#error "perfil-fcgi needs a lock-free atomic_int for its signal flag"
#endif

/* The handler of SIGTERM and SIGINT, in workers and the supervisor. */
void
worker_on_term(int sig)
{
	(void)sig;
	atomic_store(&worker_got_term, 1);
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
		warnx("cannot initialise request");
		close(ep);
		server_stop(srv);
		return 1;
	}
	resp_init(&resp);
	arena_init(&arena, 16384);
	buf_init(&out);
	for (;;) {
		if (atomic_load(&worker_got_term) || atomic_load(&srv->stop))
			break;
		if ((ready = wait_work(ep, rq.ipcFd, &waiting)) == -2) {
			warn("poll failed");
			status = 1;
			break;
		}
		if (atomic_load(&worker_got_term) || atomic_load(&srv->stop))
			break;
		if (ready == -1)
			continue;
		if (ready == 0 && rq.ipcFd >= 0 && take_waiting(srv, &rq) == -1)
			continue;	/* another thread took it */
		if ((rc = FCGX_Accept_r(&rq)) < 0) {
			if (rc == -EAGAIN || rc == -EWOULDBLOCK ||
			    rc == -EINTR || rc == -ECONNABORTED)
				continue;
			warnx("accept failed: %s", rc > -10000 ? strerror(-rc) : "libfcgi error");
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
	warn("epoll");
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
int
worker_serve(const struct app *app, int fd, int nthreads)
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
		warn("cannot make the socket non-blocking");
		return 1;
	}
	memset(&srv, 0, sizeof(srv));
	srv.app = app;
	srv.fd = fd;
	srv.local = is_local_socket(fd);
	atomic_init(&srv.stop, 0);
	if ((srv.stopfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) == -1) {
		warn("eventfd");
		return 1;
	}
	/* Handlers need little stack: 256 kB each, not the 8 MB default. */
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 * 1024);
	for (i = 1; i < nthreads; i++) {
		if ((errno = pthread_create(&tid[started], &attr,
		    serve_thread_main, &srv)) != 0) {
			warn("cannot start a thread");
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

