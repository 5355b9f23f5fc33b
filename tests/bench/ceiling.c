/*
 * ceiling.c: the benchmark's ceiling, perfil-ceiling.  perfil's own
 * worker code (worker.c: the serving threads, their epoll sets, kept
 * FastCGI connections, libfcgi; response.c: the CGI response writer)
 * linked with a handle_request that answers every request with the
 * same bytes, read once from a file at start-up.  What it costs per
 * request is what perfil's request handling can never go below, so
 * tests/bench/run prints perfil's CPU per request as a ratio to it.
 *
 *   perfil-ceiling SOCKET BODY-FILE WORKERS THREADS
 *
 * Like perfil-fcgi it listens on SOCKET (mode 0666: it is a benchmark
 * tool, run in a private directory), forks WORKERS processes of
 * THREADS threads each, and stops them on SIGTERM or SIGINT.  It is
 * built beside the responder and never installed.
 */
#include "config.h"

#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <fcgiapp.h>

#include "server/handler.h"
#include "http/response.h"
#include "server/worker.h"

#define WORKERS_MAX	64

static char	*body;		/* the answer, read once */
static size_t	 body_len;
static char	 etag[sizeof(((struct response *)0)->etag)];

/* The whole of request handling: the same 200 answer every time. */
void
handle_request(const struct app *app, char **envp, const char *in,
    size_t inlen, struct response *r, struct arena *a)
{
	(void)app;
	(void)envp;
	(void)in;
	(void)inlen;
	(void)a;
	resp_reset(r);
	r->status = 200;
	r->content_type = TYPE_JSON;
	r->cache_control = CACHE_PUBLIC;
	memcpy(r->etag, etag, sizeof(etag));
	buf_append(&r->body, body, body_len);
}

/* Reads path whole into body; sets its entity tag the way perfil does. */
static int
read_body(const char *path)
{
	struct response r;
	FILE	*f;
	long	 n;

	if ((f = fopen(path, "rb")) == NULL || fseek(f, 0, SEEK_END) != 0 ||
	    (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
	    (body = malloc((size_t)n + 1)) == NULL ||
	    fread(body, 1, (size_t)n, f) != (size_t)n) {
		if (f != NULL)
			fclose(f);
		return -1;
	}
	fclose(f);
	body_len = (size_t)n;
	resp_init(&r);
	buf_append(&r.body, body, body_len);
	resp_set_etag(&r);
	memcpy(etag, r.etag, sizeof(etag));
	resp_free(&r);
	return 0;
}

static int
count(const char *s, int max)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *s == '\0' || *end != '\0' || v < 1 || v > max)
		errx(2, "%s: not a number from 1 to %d", s, max);
	return (int)v;
}

int
main(int argc, char *argv[])
{
	pid_t	 pid[WORKERS_MAX];
	sigset_t term, old;
	int	 fd, i, nworkers, nthreads, sig, status = 0;

	if (argc != 5) {
		fprintf(stderr, "usage: perfil-ceiling SOCKET BODY-FILE "
		    "WORKERS THREADS\n");
		return 2;
	}
	nworkers = count(argv[3], WORKERS_MAX);
	nthreads = count(argv[4], 256);
	if (read_body(argv[2]) == -1)
		err(1, "%s", argv[2]);
	if (FCGX_Init() != 0)
		errx(1, "FCGX_Init failed");
	unlink(argv[1]);
	if ((fd = FCGX_OpenSocket(argv[1], 4096)) < 0 ||
	    chmod(argv[1], 0666) == -1)
		err(1, "%s", argv[1]);
	/* SIGTERM and SIGINT stay blocked until worker_serve() sets the
	 * workers' mask, and in the parent until sigwait. */
	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	sigaddset(&term, SIGINT);
	sigprocmask(SIG_BLOCK, &term, &old);
	signal(SIGTERM, worker_on_term);
	signal(SIGINT, worker_on_term);
	for (i = 0; i < nworkers; i++) {
		if ((pid[i] = fork()) == -1)
			err(1, "fork");
		if (pid[i] == 0) {
			prctl(PR_SET_PDEATHSIG, SIGTERM);
			_exit(worker_serve(NULL, fd, nthreads, NULL));
		}
	}
	close(fd);
	sigwait(&term, &sig);
	for (i = 0; i < nworkers; i++)
		kill(pid[i], SIGTERM);
	for (i = 0; i < nworkers; i++)
		if (waitpid(pid[i], NULL, 0) == -1)
			status = 1;
	free(body);
	return status;
}
