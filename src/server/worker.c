/*
 * worker.c: a worker process's serving threads.
 *
 * Each thread multiplexes several FastCGI connections with its own
 * epoll set: the shared listening socket (EPOLLEXCLUSIVE, so that a new
 * connection wakes one idle thread, not all of them), the worker's stop
 * eventfd and the connections the thread accepted.  A connection is
 * looked at when bytes arrive (edge-triggered) and read only once a
 * whole request waits on it (request_ready, without taking the bytes);
 * libfcgi then reads it without blocking (FCGX_Accept_r on a request
 * whose ipcFd is that connection) and writes the answer.  A request
 * still arriving costs no thread, so slow or half-sent requests cannot
 * starve the others; one not whole after REQUEST_READ_MS is dropped
 * with its connection.  A connection the web server keeps (nginx's
 * fastcgi_keep_conn) stays in the set, idle, costing no thread: the
 * responder never closes a kept connection the web server may be
 * writing into, with two exceptions.  It closes one when the web server
 * closed its end, when libfcgi ends a connection that was not to be
 * kept, or when the worker stops and the connection has been idle for
 * DRAIN_IDLE_MS; and when a thread holds CONNS_MAX connections, a new
 * one replaces the one idle longest (the web server's kept connections
 * are busy; thousands of idle ones from another client of the socket
 * must not stop the worker from accepting).  nginx retries a request
 * that met such a closed connection on another one.
 *
 * Stopping (SIGTERM, SIGINT, or the supervisor's SIGTERM on a reload):
 * a request already read is answered; every thread takes the listening
 * socket out of its set and the last one closes the worker's copy, so
 * new connections go to other workers (reload) or are refused (stop);
 * the kept connections keep being served until the web server closes
 * them (the shipped nginx site closes idle ones after 1 s and any one
 * after 1 s of life, see conf/nginx/perfil.conf), are idle for
 * DRAIN_IDLE_MS, or DRAIN_MAX_MS have passed.  The process then exits.
 */
#include "config.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <fastcgi.h>
#include <fcgiapp.h>

#include "server/handler.h"
#include "server/options.h"
#include "http/request.h"
#include "server/worker.h"

#define CONNS_MAX	128	/* connections per thread */
#define EVENTS_MAX	32	/* epoll events per wait */
#define PEEK_MAX	(128 * 1024)	/* bytes request_ready looks at */

/*
 * worker_got_term is read by every serving thread while another
 * thread's handler may set it: a lock-free atomic, which is also safe
 * in a signal handler (C11 7.14.1.1).
 */
atomic_int worker_got_term;
#if ATOMIC_INT_LOCK_FREE != 2
#error "perfil-fcgi needs a lock-free atomic_int for its signal flag"
#endif

/* What the threads of one worker process share. */
struct server {
	const struct app *app;
	int	 fd;		/* the listening socket */
	int	 stopfd;	/* eventfd, readable once the worker stops */
	atomic_int stop;	/* set before stopfd is written */
	atomic_int accepting;	/* threads with fd in their set */
	_Atomic long long *beats;	/* one a thread (worker.h), or NULL */
	atomic_int nbeats;	/* the beats given to threads */
};

/* One FastCGI connection and the request read from it. */
struct conn {
	FCGX_Request rq;	/* rq.ipcFd is the connection */
	long long last;		/* monotonic ms of its last request, or of
				 * its accept */
	long long partial;	/* monotonic ms since when part of a
				 * request has waited, or 0 */
};

/* One serving thread: its epoll set, connections and buffers. */
struct thread {
	struct server *srv;
	int	 ep;		/* epoll set */
	int	 listening;	/* srv->fd is in ep */
	long long drain_end;	/* 0, or when draining must end (ms) */
	struct conn *conn[CONNS_MAX];
	size_t	 nconn;
	size_t	 npartial;	/* connections with part of a request */
	unsigned char *peek;	/* PEEK_MAX bytes for request_ready */
	sigset_t waiting;	/* the mask while waiting (SIGTERM open) */
	struct response resp;
	struct arena arena;
	struct buf out;
	char	*in;		/* REQ_BODY_MAX + 1 bytes: a request body */
	_Atomic long long *beat;	/* its beat (worker.h), or NULL */
};

/* The handler of SIGTERM and SIGINT, in workers and the supervisor. */
void
worker_on_term(int sig)
{
	(void)sig;
	atomic_store(&worker_got_term, 1);
}

/* Tells every thread of the worker to stop (and drain). */
static void
server_stop(struct server *srv)
{
	atomic_store(&srv->stop, 1);
	(void)eventfd_write(srv->stopfd, 1);
}

static int
stopping(struct server *srv)
{
	return atomic_load(&worker_got_term) || atomic_load(&srv->stop);
}

/* Adds (on) or removes the listening socket from the thread's set. */
static void
set_listening(struct thread *t, int on)
{
	struct epoll_event ev;

	if (t->listening == on)
		return;
	memset(&ev, 0, sizeof(ev));
	ev.events = EPOLLIN | EPOLLEXCLUSIVE;
	ev.data.ptr = NULL;	/* NULL: the listening socket */
	if (epoll_ctl(t->ep, on ? EPOLL_CTL_ADD : EPOLL_CTL_DEL, t->srv->fd,
	    &ev) == -1)
		warn("epoll_ctl (listening socket)");
	t->listening = on;
}

/*
 * Starts draining: the thread stops accepting, and the last thread of
 * the worker to do so closes the worker's copy of the listening socket
 * (no thread can be in accept() on it any more).
 */
static void
start_drain(struct thread *t)
{
	struct epoll_event ev;

	if (t->drain_end != 0)
		return;
	t->drain_end = monotonic_ms() + timer_ms(DRAIN_MAX_MS);
	set_listening(t, 0);
	memset(&ev, 0, sizeof(ev));
	(void)epoll_ctl(t->ep, EPOLL_CTL_DEL, t->srv->stopfd, &ev);
	if (atomic_fetch_sub(&t->srv->accepting, 1) == 1)
		close(t->srv->fd);
}

/* Closes connection i of the thread (when libfcgi has not). */
static void
conn_close(struct thread *t, size_t i)
{
	struct conn *c = t->conn[i];

	if (c->rq.ipcFd >= 0)
		close(c->rq.ipcFd);	/* also leaves the epoll set */
	c->rq.ipcFd = -1;
	if (c->partial != 0)
		t->npartial--;
	FCGX_Free(&c->rq, 0);
	free(c);
	t->conn[i] = t->conn[--t->nconn];
}

/* Closes the connection idle longest, to make room for a new one. */
static void
conn_evict(struct thread *t)
{
	size_t	 i, old = 0;

	for (i = 1; i < t->nconn; i++)
		if (t->conn[i]->last < t->conn[old]->last)
			old = i;
	conn_close(t, old);
}

/*
 * Accepts a waiting connection into the thread's set, in place of the
 * connection idle longest when the set is full.  The listening socket
 * is non-blocking: when another thread or worker was quicker, accept()
 * fails with EAGAIN and nothing happens.  The connection itself is
 * blocking, for libfcgi, which reads a request only once it is whole
 * (request_ready); the timeouts bound a read of a request too large to
 * be looked at whole, and a write to a web server that stopped
 * reading.
 */
static void
conn_accept(struct thread *t)
{
	struct epoll_event ev;
	long long read_ms = timer_ms(REQUEST_READ_MS);
	struct timeval tv = { .tv_sec = (time_t)(read_ms / 1000),
	    .tv_usec = (suseconds_t)(read_ms % 1000 * 1000) };
	struct conn *c;
	int	 fd;

	if ((fd = accept4(t->srv->fd, NULL, NULL, SOCK_CLOEXEC)) == -1) {
		if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR &&
		    errno != ECONNABORTED)
			warn("accept");
		return;
	}
	(void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	(void)setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	if (t->nconn == CONNS_MAX)
		conn_evict(t);
	if ((c = calloc(1, sizeof(*c))) == NULL) {
		warn("accept");
		close(fd);
		return;
	}
	/* No listening socket for libfcgi: it must never accept itself.
	 * keepConnection keeps FCGX_Accept_r's implicit finish of the
	 * (absent) previous request from closing the connection; detached
	 * makes every close libfcgi does a plain close(), never its
	 * lingering close, whose select() cannot take descriptors past
	 * FD_SETSIZE (see stdin_done for why nothing is left unread). */
	FCGX_InitRequest(&c->rq, -1, 0);
	c->rq.ipcFd = fd;
	c->rq.keepConnection = 1;
	c->rq.detached = 1;
	c->last = monotonic_ms();
	memset(&ev, 0, sizeof(ev));
	ev.events = EPOLLIN | EPOLLRDHUP | EPOLLET;
	ev.data.ptr = c;
	if (epoll_ctl(t->ep, EPOLL_CTL_ADD, fd, &ev) == -1) {
		warn("epoll_ctl (connection)");
		close(fd);
		free(c);
		return;
	}
	t->conn[t->nconn++] = c;
}

/*
 * Whether a whole request waits on fd: its records, looked at without
 * taking them (MSG_PEEK), reach the end of its standard input (an empty
 * FCGI_STDIN record), so that libfcgi reads it without blocking.  A
 * peer that closed, an error, a record that is not part of a request
 * (libfcgi answers or refuses it) and PEEK_MAX bytes or more also count
 * as ready: conn_serve deals with them (a request that large is read
 * with the SO_RCVTIMEO bound).  Nothing waiting is not ready.
 */
static int
request_ready(struct thread *t, int fd)
{
	const unsigned char *h;
	ssize_t	 n;
	size_t	 off = 0;

	while ((n = recv(fd, t->peek, PEEK_MAX, MSG_PEEK | MSG_DONTWAIT)) ==
	    -1 && errno == EINTR)
		continue;
	if (n == -1)
		return errno != EAGAIN && errno != EWOULDBLOCK;
	if (n == 0 || (size_t)n == PEEK_MAX)
		return 1;
	while (off + FCGI_HEADER_LEN <= (size_t)n) {
		h = t->peek + off;
		if (h[0] != FCGI_VERSION_1 || (h[1] != FCGI_BEGIN_REQUEST &&
		    h[1] != FCGI_PARAMS && h[1] != FCGI_STDIN))
			return 1;
		if (h[1] == FCGI_STDIN && h[4] == 0 && h[5] == 0)
			return 1;
		off += FCGI_HEADER_LEN + ((size_t)h[4] << 8 | h[5]) + h[6];
	}
	return 0;
}

/* Drops the connections whose request has not come whole in
 * REQUEST_READ_MS. */
static void
drop_partial(struct thread *t)
{
	long long now = monotonic_ms();
	size_t	 i;

	for (i = t->nconn; i-- > 0 && t->npartial > 0;)
		if (t->conn[i]->partial != 0 &&
		    now - t->conn[i]->partial >= timer_ms(REQUEST_READ_MS))
			conn_close(t, i);
}

/* True when bytes wait on fd. */
static int
peer_has_bytes(int fd)
{
	char	 b;

	return recv(fd, &b, 1, MSG_PEEK | MSG_DONTWAIT) == 1;
}

/* True when the web server has closed its end and sent nothing more. */
static int
peer_closed(int fd)
{
	char	 b;
	ssize_t	 n;

	while ((n = recv(fd, &b, 1, MSG_PEEK | MSG_DONTWAIT)) == -1 &&
	    errno == EINTR)
		continue;
	return n == 0 || (n == -1 && errno != EAGAIN && errno != EWOULDBLOCK);
}

/*
 * Reads the request's standard input to its end record, so that a kept
 * connection holds nothing unread when the next request comes (libfcgi
 * would take it for a protocol error and close the connection under the
 * web server) and a closed one resets nothing.  A body is read and
 * dropped: the API refuses every write.  True when the end was seen.
 */
static int
stdin_done(FCGX_Request *rq)
{
	char	 b[4096];

	while (FCGX_GetStr(b, sizeof(b), rq->in) > 0)
		continue;
	return FCGX_HasSeenEOF(rq->in) == EOF && FCGX_GetError(rq->in) == 0;
}

/*
 * Reads the request's body into t->in, up to REQ_BODY_MAX + 1 bytes
 * (one more than allowed: the handler refuses it as too large); the
 * rest is dropped by stdin_done.  Returns the bytes read.  A request
 * without a body (GET, HEAD) reads the end record only.
 */
static size_t
read_body(struct thread *t, FCGX_Request *rq)
{
	size_t	 len = 0;
	int	 n;

	if (t->in == NULL && (t->in = malloc(REQ_BODY_MAX + 1)) == NULL)
		return 0;
	while (len < REQ_BODY_MAX + 1 && (n = FCGX_GetStr(t->in + len,
	    (int)(REQ_BODY_MAX + 1 - len), rq->in)) > 0)
		len += (size_t)n;
	return len;
}

/*
 * Answers the request waiting on connection i.  Returns 0 when the
 * connection stays, or 1 when it was closed (by the peer, by libfcgi
 * for a connection not to be kept, or after an error).
 */
static int
conn_serve(struct thread *t, size_t i)
{
	struct conn *c = t->conn[i];
	FCGX_Request *rq = &c->rq;
	const char *body;
	size_t	 len;

	if (!request_ready(t, rq->ipcFd)) {
		if (c->partial == 0 && peer_has_bytes(rq->ipcFd)) {
			c->partial = monotonic_ms();
			t->npartial++;
		}
		return 0;
	}
	if (c->partial != 0) {
		c->partial = 0;
		t->npartial--;
	}
	if (peer_closed(rq->ipcFd) || FCGX_Accept_r(rq) < 0) {
		conn_close(t, i);
		return 1;
	}
	len = read_body(t, rq);
	handle_request(t->srv->app, rq->envp, len > 0 ? t->in : NULL, len,
	    &t->resp, &t->arena);
	/* The head, then the body from where it is: the answers rendered
	 * at start-up are not copied (a 2 MB one would stay in every
	 * thread's buffers). */
	resp_serialize_head(&t->resp, &t->out);
	FCGX_PutStr(t->out.data, (int)t->out.len, rq->out);
	body = resp_send_body(&t->resp, &len);
	if (len > 0)
		FCGX_PutStr(body, (int)len, rq->out);
	/* With the input read to its end, a connection not to be kept is
	 * closed at once and resets nothing; an input that failed makes
	 * libfcgi close a kept one too. */
	(void)stdin_done(rq);
	FCGX_Finish_r(rq);
	rq->detached = 1;	/* see conn_accept */
	rq->keepConnection = 1;
	arena_reset(&t->arena);
	if (t->out.cap > 1024 * 1024)
		buf_free(&t->out);
	if (t->resp.body.cap > 1024 * 1024)
		buf_free(&t->resp.body);
	c->last = monotonic_ms();
	if (rq->ipcFd < 0) {
		conn_close(t, i);
		return 1;
	}
	return 0;
}

/* Finds the index of c among the thread's connections, or -1. */
static long
conn_index(const struct thread *t, const struct conn *c)
{
	size_t	 i;

	for (i = 0; i < t->nconn; i++)
		if (t->conn[i] == c)
			return (long)i;
	return -1;
}

/*
 * While draining, closes the connections idle for DRAIN_IDLE_MS, or all
 * of them once the drain time is over.  True when none is left.
 */
static int
drain_idle(struct thread *t)
{
	long long now = monotonic_ms();
	size_t	 i;

	for (i = t->nconn; i-- > 0;)
		if (now >= t->drain_end ||
		    now - t->conn[i]->last >= timer_ms(DRAIN_IDLE_MS))
			conn_close(t, i);
	return t->nconn == 0;
}

/* Handles what one epoll wait returned. */
static void
dispatch(struct thread *t, struct epoll_event *ev, int n)
{
	long	 i;
	int	 k;

	for (k = 0; k < n; k++) {
		if (ev[k].data.ptr == NULL) {
			if (t->listening)
				conn_accept(t);
		} else if (ev[k].data.ptr != (void *)t->srv) {
			if ((i = conn_index(t, ev[k].data.ptr)) != -1)
				(void)conn_serve(t, (size_t)i);
		}
	}
}

static int
thread_init(struct thread *t, struct server *srv)
{
	struct epoll_event ev;

	memset(t, 0, sizeof(*t));
	t->srv = srv;
	if (srv->beats != NULL)
		t->beat = &srv->beats[atomic_fetch_add(&srv->nbeats, 1)];
	pthread_sigmask(SIG_SETMASK, NULL, &t->waiting);
	sigdelset(&t->waiting, SIGTERM);
	sigdelset(&t->waiting, SIGINT);
	if ((t->ep = epoll_create1(EPOLL_CLOEXEC)) == -1) {
		warn("epoll_create1");
		return -1;
	}
	memset(&ev, 0, sizeof(ev));
	ev.events = EPOLLIN;
	ev.data.ptr = srv;	/* srv: the stop eventfd */
	if (epoll_ctl(t->ep, EPOLL_CTL_ADD, srv->stopfd, &ev) == -1) {
		warn("epoll_ctl (stop)");
		close(t->ep);
		return -1;
	}
	if ((t->peek = malloc(PEEK_MAX)) == NULL) {
		warn("request buffer");
		close(t->ep);
		return -1;
	}
	set_listening(t, 1);
	resp_init(&t->resp);
	arena_init(&t->arena, 16384);
	buf_init(&t->out);
	return 0;
}

static void
thread_free(struct thread *t)
{
	while (t->nconn > 0)
		conn_close(t, t->nconn - 1);
	close(t->ep);
	free(t->peek);
	free(t->in);
	buf_free(&t->out);
	arena_free(&t->arena);
	resp_free(&t->resp);
}

/*
 * One serving thread: serves its connections until the worker stops
 * and they have drained.  SIGTERM and SIGINT stay blocked except while
 * the thread waits (epoll_pwait), so a request read is always answered
 * before the thread looks at them; the thread that takes the signal
 * wakes the others through the stop eventfd.  Returns the exit status.
 */
static int
serve_thread(struct server *srv)
{
	struct thread t;
	struct epoll_event ev[EVENTS_MAX];
	int	 n, status = 0;

	if (thread_init(&t, srv) == -1) {
		if (atomic_fetch_sub(&srv->accepting, 1) == 1)
			close(srv->fd);
		server_stop(srv);
		return 1;
	}
	for (;;) {
		if (t.beat != NULL)
			atomic_store_explicit(t.beat, monotonic_ms(),
			    memory_order_relaxed);
		if (stopping(srv)) {
			if (t.drain_end == 0)
				server_stop(srv);	/* wake the others */
			start_drain(&t);
			if (drain_idle(&t))
				break;
		}
		n = epoll_pwait(t.ep, ev, EVENTS_MAX, t.drain_end ? 200 :
		    t.npartial > 0 || t.beat != NULL ? 1000 : -1, &t.waiting);
		if (n == -1 && errno != EINTR) {
			warn("epoll_pwait");
			status = 1;
			server_stop(srv);
			continue;
		}
		if (n > 0)
			dispatch(&t, ev, n);
		if (t.npartial > 0)
			drop_partial(&t);
	}
	if (t.beat != NULL)	/* done: never taken for a hang */
		atomic_store_explicit(t.beat, LLONG_MAX, memory_order_relaxed);
	thread_free(&t);
	return status;
}

static void *
serve_thread_main(void *arg)
{
	return (void *)(intptr_t)serve_thread(arg);
}

/* Raises the soft limit on open files to the hard one: every kept
 * connection is a descriptor. */
static void
raise_nofile(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		(void)setrlimit(RLIMIT_NOFILE, &rl);
	}
}

/* Prepares srv for fd; returns 0, or -1 after a message. */
static int
server_init(struct server *srv, const struct app *app, int fd, int nthreads,
    _Atomic long long *beats)
{
	int	 flags;

	if ((flags = fcntl(fd, F_GETFL)) == -1 ||
	    fcntl(fd, F_SETFL, flags | O_NONBLOCK) == -1) {
		warn("cannot make the socket non-blocking");
		return -1;
	}
	memset(srv, 0, sizeof(*srv));
	srv->app = app;
	srv->fd = fd;
	srv->beats = beats;
	atomic_init(&srv->nbeats, 0);
	atomic_init(&srv->stop, 0);
	atomic_init(&srv->accepting, nthreads);
	if ((srv->stopfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) == -1) {
		warn("eventfd");
		return -1;
	}
	raise_nofile();
	return 0;
}

/*
 * Serves requests on fd with nthreads threads until SIGTERM or SIGINT,
 * then drains (see the top of this file).  Blocks both signals (and
 * only them; the threads inherit the mask) before the threads start:
 * serve_thread() takes them only while it waits.  Returns the exit
 * status: 0, or 1 if a thread failed (the others then stop too).
 * beats: nthreads progress stamps the supervisor reads (worker.h), or
 * NULL when nothing watches.
 */
int
worker_serve(const struct app *app, int fd, int nthreads,
    _Atomic long long *beats)
{
	struct server srv;
	pthread_t tid[MAX_THREADS];
	pthread_attr_t attr;
	sigset_t term;
	void	*ret;
	int	 i, started = 0, status;

	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	sigaddset(&term, SIGINT);
	pthread_sigmask(SIG_SETMASK, &term, NULL);
	if (server_init(&srv, app, fd, nthreads, beats) == -1)
		return 1;
	/* Handlers need little stack: 256 kB each, not the 8 MB default. */
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 * 1024);
	for (i = 1; i < nthreads; i++) {
		if ((errno = pthread_create(&tid[started], &attr,
		    serve_thread_main, &srv)) != 0) {
			warn("cannot start a thread");
			/* The threads never started stop accepting now. */
			atomic_fetch_sub(&srv.accepting, nthreads - i);
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
