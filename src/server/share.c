/*
 * share.c: the relays of --share and the server they share (share.h).
 */
#include "config.h"

#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "server/share.h"

/* How long a relay waits for a server to take a request: a load of a
 * large content on a busy machine, with room to spare. */
#define SHARE_WAIT_MS	30000
#define SHARE_POLL_MS	10

extern char **environ;

static volatile sig_atomic_t share_term;

/* What a relay knows of the server it started. */
struct relay {
	char	 lock[PATH_MAX];	/* the lock file's path */
	char	 users[PATH_MAX];	/* the relays' lock file */
	int	 lockfd;		/* open on lock, or -1 */
	int	 usersfd;		/* open on users, shared-locked */
	pid_t	 server;		/* the server it forked, or 0 */
	int	 failed;		/* that server ended with an error */
	struct sigaction old[2];	/* SIGTERM and SIGINT before it */
};

static void
on_term(int sig)
{
	(void)sig;
	share_term = 1;
}

/* The longest command line (its arguments, NUL-terminated) a share is
 * named by; a longer one serves alone. */
#define SHARE_CMDLINE_MAX	65536

/* The variable a light relay (share_light) passes the connection it
 * accepted in, by number, when it starts the full program. */
#define SHARE_PENDING	"PERFIL_SHARE_PENDING"

/*
 * The name of a command's server in *h: a hash of its executable (exe,
 * the path /proc/self/exe gives), its arguments (cmd[0..cmdlen), each
 * NUL-terminated, as /proc/self/cmdline holds them) and the
 * environment: what mod_fcgid's FcgidWrapper and FcgidInitialEnv make a
 * class of.  perfil-fcgi --share and perfil-relay (share_light) name
 * the same command alike.
 */
static void
share_name(const char *exe, const char *cmd, size_t cmdlen, uint64_t *h)
{
	char	**e;

	*h = hash_fnv1a64(exe, strlen(exe));
	*h = *h * 31 + hash_fnv1a64(cmd, cmdlen);
	for (e = environ; *e != NULL; e++)
		*h = *h * 31 + hash_fnv1a64(*e, strlen(*e) + 1);
}

/*
 * This process's name (share_name) in *h.  Returns 0, or -1 when /proc
 * cannot tell it: two commands must never share a server by mistake.
 */
static int
share_name_self(uint64_t *h)
{
	char	 exe[PATH_MAX], *cmd;
	size_t	 len = 0;
	ssize_t	 n;
	int	 fd;

	if ((n = readlink("/proc/self/exe", exe, sizeof(exe))) <= 0 ||
	    (size_t)n == sizeof(exe))
		return -1;
	exe[n] = '\0';
	if ((cmd = malloc(SHARE_CMDLINE_MAX)) == NULL)
		return -1;
	if ((fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC)) == -1) {
		free(cmd);
		return -1;
	}
	while (len < SHARE_CMDLINE_MAX && (n = read(fd, cmd + len,
	    SHARE_CMDLINE_MAX - len)) > 0)
		len += (size_t)n;
	close(fd);
	if (n < 0 || len == SHARE_CMDLINE_MAX) {
		free(cmd);
		return -1;
	}
	share_name(exe, cmd, len, h);
	free(cmd);
	return 0;
}

/*
 * Makes the private directory TMPDIR/perfil-UID (mode 0700, the user's
 * own: anything else is refused) and the paths in it, named by h
 * (share_name), of the server's socket, of the lock its processes hold (one server per name) and of
 * the lock every relay holds shared (the server ends when none does).
 * Returns 0, or -1 after a warning.
 */
static int
share_paths(char *sock, size_t len, struct relay *r, uint64_t h)
{
	const char *tmp = getenv("TMPDIR");
	char	 dir[PATH_MAX];
	struct stat st;

	if (tmp == NULL || *tmp != '/')
		tmp = "/tmp";
	if (xsnprintf(dir, sizeof(dir), "%s/perfil-%lu", tmp,
	    (unsigned long)geteuid()) == -1 ||
	    xsnprintf(sock, len, "%s/%016llx.sock", dir,
	    (unsigned long long)h) == -1 ||
	    strlen(sock) >= sizeof(((struct sockaddr_un *)NULL)->sun_path) ||
	    xsnprintf(r->lock, sizeof(r->lock), "%s/%016llx.lock", dir,
	    (unsigned long long)h) == -1 ||
	    xsnprintf(r->users, sizeof(r->users), "%s/%016llx.users", dir,
	    (unsigned long long)h) == -1) {
		warnx("--share: %s: path too long; serving alone", tmp);
		return -1;
	}
	if (mkdir(dir, 0700) == -1 && errno != EEXIST) {
		warn("--share: %s; serving alone", dir);
		return -1;
	}
	if (lstat(dir, &st) == -1 || !S_ISDIR(st.st_mode) ||
	    st.st_uid != geteuid() || (st.st_mode & 077) != 0) {
		warnx("--share: %s is not a directory of this user's with "
		    "mode 0700; serving alone", dir);
		return -1;
	}
	return 0;
}

/* Connects to the server's socket; returns the descriptor or -1. */
static int
share_connect(const char *path)
{
	struct sockaddr_un sun;
	int	 fd;

	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, path, strlen(path) + 1);
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) == -1)
		return -1;
	if (connect(fd, (struct sockaddr *)&sun, sizeof(sun)) == -1) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Notes the end of the relay's server, if it ended. */
static void
reap(struct relay *r)
{
	int	 st;

	if (r->server > 0 && waitpid(r->server, &st, WNOHANG) == r->server) {
		/* An exit status: it could not start (the content does not
		 * load); a signal: it was stopped, and starts again. */
		r->failed = WIFEXITED(st) && WEXITSTATUS(st) != 0;
		r->server = 0;
	}
}

/* The server's descriptor of the relays' users file (share_orphaned). */
static int orphan_fd = -1;

/*
 * Returns 1 in the server when no relay holds the relays' lock any more
 * (the last one ended: mod_fcgid stopped them, or Apache did), else 0.
 * The supervisor asks it once a tick and then stops as on SIGTERM.  A
 * question, not a thread blocked in flock: the server forks its
 * generations, and a fork from a process with two threads leaves the
 * children a thread they do not have (LeakSanitizer: "Running thread
 * ... was not suspended"; ThreadSanitizer refuses new threads there).
 */
int
share_orphaned(void)
{
	return orphan_fd != -1 && flock(orphan_fd, LOCK_EX | LOCK_NB) == 0;
}

/*
 * In the forked server: leaves file descriptor 0 to the relay, takes
 * back the signal handlers the relay replaced and opens the relays'
 * users file (share_orphaned): the server outlives the relay that
 * started it as long as another relay runs.  Returns 0, or -1.
 */
static int
become_server(struct relay *r)
{
	int	 fd;

	if ((fd = open("/dev/null", O_RDWR)) == -1 || dup2(fd, 0) == -1)
		return -1;
	if (fd != 0)
		close(fd);
	sigaction(SIGTERM, &r->old[0], NULL);
	sigaction(SIGINT, &r->old[1], NULL);
	/* The relay's shared lock stays the relay's. */
	close(r->usersfd);
	r->usersfd = -1;
	if ((orphan_fd = open(r->users, O_RDWR | O_CLOEXEC)) == -1)
		return -1;
	/* The lock stays held by this process (and its children) alone. */
	return 0;
}

/*
 * Forks the server when the lock is free (no server runs for this
 * name, or it is ending).  Returns 1 in the child, 0 in the relay.
 */
static int
start_server(struct relay *r)
{
	pid_t	 pid;

	if (r->server > 0 || r->lockfd == -1 ||
	    flock(r->lockfd, LOCK_EX | LOCK_NB) == -1)
		return 0;
	if ((pid = fork()) == -1) {
		warn("--share: fork");
		flock(r->lockfd, LOCK_UN);
		return 0;
	}
	if (pid == 0) {
		if (become_server(r) == -1)
			_exit(1);
		return 1;
	}
	/* The child holds the lock through the file they share: a new
	 * file of the relay's own, so that the relay never releases it. */
	r->server = pid;
	close(r->lockfd);
	r->lockfd = open(r->lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	return 0;
}

/*
 * Connects to the server, starting it when none answers and waiting
 * for it (a server binds its socket before it loads).  Returns the
 * descriptor; -1 when none answered in time or the server this relay
 * started failed (r->failed); -2 in the forked server.
 */
static int
server_connect(struct relay *r, const char *path)
{
	long long until = monotonic_ms() + SHARE_WAIT_MS;
	int	 fd;

	for (;;) {
		if ((fd = share_connect(path)) != -1)
			return fd;
		reap(r);
		if (r->failed)
			return -1;
		if (start_server(r))
			return -2;
		if (share_term || monotonic_ms() > until)
			return -1;
		poll(NULL, 0, SHARE_POLL_MS);
	}
}

/* Writes all of buf; returns 0, or -1. */
static int
write_all(int fd, const char *buf, size_t n)
{
	ssize_t	 w;

	while (n > 0) {
		if ((w = write(fd, buf, n)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		buf += w;
		n -= (size_t)w;
	}
	return 0;
}

/*
 * Copies the bytes of one request between mod_fcgid's connection c and
 * the server's s until either ends: the server closes once it has
 * answered, mod_fcgid when it gives up.
 */
static void
relay_request(int c, int s)
{
	struct pollfd p[2];
	char	 buf[65536];
	ssize_t	 n;
	int	 i;

	p[0].fd = c;
	p[1].fd = s;
	for (;;) {
		p[0].events = p[1].events = POLLIN;
		if (poll(p, 2, -1) == -1) {
			if (errno == EINTR)
				continue;
			return;
		}
		for (i = 0; i < 2; i++) {
			if (p[i].revents == 0)
				continue;
			if ((n = read(p[i].fd, buf, sizeof(buf))) == -1 &&
			    errno == EINTR)
				continue;
			if (n <= 0 || write_all(p[1 - i].fd, buf,
			    (size_t)n) == -1)
				return;
		}
	}
}

/* Closes the relay's lock files (its hold on NAME.users ends). */
static void
relay_close(struct relay *r)
{
	if (r->usersfd != -1)
		close(r->usersfd);
	if (r->lockfd != -1)
		close(r->lockfd);
	r->usersfd = r->lockfd = -1;
}

/*
 * Serves one connection: c, or when c is -1 the next of file descriptor
 * 0.  Returns 1 in the forked server, -1 when the relay must end with
 * an error, else 0.
 */
static int
relay_one(struct relay *r, const char *path, int c)
{
	int	 s;

	if (c == -1 && (c = accept4(0, NULL, NULL, SOCK_CLOEXEC)) == -1)
		return 0;
	if ((s = server_connect(r, path)) == -2) {
		close(c);
		return 1;
	}
	if (s == -1) {
		/* mod_fcgid answers 500 (or 503) for the request. */
		close(c);
		return r->failed ? -1 : 0;
	}
	relay_request(c, s);
	close(s);
	close(c);
	return 0;
}

/*
 * Opens what the relay holds: its paths (named by h), the lock files,
 * its shared hold on NAME.users (waiting while a server that is ending
 * holds it exclusively) and its signal handlers.  Returns 0, 1 when
 * SIGTERM came meanwhile, or -1 after a warning (serve alone).
 */
static int
relay_open(struct relay *r, char *path, size_t len, uint64_t h)
{
	struct stat st;

	memset(r, 0, sizeof(*r));
	r->lockfd = r->usersfd = -1;
	if (fstat(0, &st) == -1 || !S_ISSOCK(st.st_mode) ||
	    share_paths(path, len, r, h) == -1)
		return -1;
	if ((r->usersfd = open(r->users, O_RDWR | O_CREAT | O_CLOEXEC,
	    0600)) == -1 || (r->lockfd = open(r->lock, O_RDWR | O_CREAT |
	    O_CLOEXEC, 0600)) == -1) {
		warn("--share: %s; serving alone", r->usersfd == -1 ?
		    r->users : r->lock);
		relay_close(r);
		return -1;
	}
	sigaction(SIGTERM, NULL, &r->old[0]);
	sigaction(SIGINT, NULL, &r->old[1]);
	set_handler(SIGTERM, on_term);
	set_handler(SIGINT, on_term);
	set_handler(SIGPIPE, SIG_IGN);
	while (flock(r->usersfd, LOCK_SH) == -1)
		if (errno != EINTR || share_term) {
			relay_close(r);
			return 1;
		}
	return 0;
}

/*
 * The connection a light relay accepted and passed on (SHARE_PENDING),
 * taken out of the environment before the command is named; -1 when
 * none (or the variable names no socket of this process's).
 */
static int
pending_take(void)
{
	const char *v = getenv(SHARE_PENDING);
	struct stat st;
	char	*end;
	long	 fd;

	if (v == NULL)
		return -1;
	errno = 0;
	fd = strtol(v, &end, 10);
	unsetenv(SHARE_PENDING);
	if (errno != 0 || *end != '\0' || end == v || fd < 3 ||
	    fd > INT_MAX || fstat((int)fd, &st) == -1 ||
	    !S_ISSOCK(st.st_mode))
		return -1;
	if (fcntl((int)fd, F_SETFD, FD_CLOEXEC) == -1) {
		close((int)fd);
		return -1;
	}
	return (int)fd;
}

enum share_role
share_relay(char *path, size_t len, int *status)
{
	struct relay r;
	struct pollfd p;
	uint64_t h;
	int	 rc, c = pending_take();

	*status = 0;
	if (share_name_self(&h) == -1) {
		warnx("--share: /proc/self cannot name this command; serving "
		    "alone");
		rc = -1;
	} else
		rc = relay_open(&r, path, len, h);
	if (rc != 0) {
		if (c != -1)
			close(c);	/* mod_fcgid answers it 500 */
		return rc == 1 ? SHARE_DONE : SHARE_ALONE;
	}
	p.fd = 0;
	p.events = POLLIN;
	while (!share_term) {
		reap(&r);
		if (r.failed) {
			/* Its server could not start: as a process that
			 * loads the content itself, it ends with status 1. */
			*status = 1;
			break;
		}
		if (c == -1 && poll(&p, 1, 1000) <= 0)
			continue;
		rc = relay_one(&r, path, c);
		c = -1;
		if (rc == 1)
			return SHARE_SERVER;
		if (rc == -1) {
			*status = 1;
			break;
		}
	}
	/* Its server, if it started one, ends with the last relay. */
	if (c != -1)
		close(c);
	relay_close(&r);
	return SHARE_DONE;
}

/*
 * Starts the full program (argv, with --share last) in this process,
 * passing it the connection c when c is not -1.  Returns only when the
 * program cannot be started, with 1 after a warning, argv (allocated)
 * freed and c closed.
 */
static int
light_exec(char **argv, int c)
{
	char	 num[16];

	if (c != -1) {
		if (fcntl(c, F_SETFD, 0) == -1 ||
		    xsnprintf(num, sizeof(num), "%d", c) == -1 ||
		    setenv(SHARE_PENDING, num, 1) == -1) {
			warn("perfil-relay: passing a connection on");
			close(c);
			free(argv);
			return 1;
		}
	}
	signal(SIGTERM, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	execv(argv[0], argv);
	warn("perfil-relay: %s", argv[0]);
	if (c != -1)
		close(c);	/* mod_fcgid answers it 500 */
	free(argv);
	return 1;
}

int
share_light(int argc, char *argv[])
{
	struct relay r;
	struct pollfd p;
	char	 exe[PATH_MAX], path[PATH_MAX], **full, *cmd;
	size_t	 cmdlen = 0, n;
	uint64_t h;
	int	 i, c, s, rc;

	if (argc < 1 || strchr(argv[0], '/') == NULL) {
		fprintf(stderr, "usage: perfil-relay /PATH/TO/perfil-fcgi "
		    "[OPTION ...]\n");
		return 2;
	}
	/* The full program's command line: these arguments, --share last. */
	if ((full = calloc((size_t)argc + 2, sizeof(*full))) == NULL)
		err(1, "perfil-relay");
	for (i = 0; i < argc; i++)
		full[i] = argv[i];
	full[argc] = "--share";
	for (i = 0; i <= argc; i++)
		cmdlen += strlen(full[i]) + 1;
	/* No name, no socket, no private directory: the full program says
	 * why and serves alone. */
	if (cmdlen >= SHARE_CMDLINE_MAX || realpath(argv[0], exe) == NULL)
		return light_exec(full, -1);
	if ((cmd = malloc(cmdlen)) == NULL)
		err(1, "perfil-relay");
	for (cmdlen = 0, i = 0; i <= argc; i++) {
		n = strlen(full[i]) + 1;
		memcpy(cmd + cmdlen, full[i], n);
		cmdlen += n;
	}
	share_name(exe, cmd, cmdlen, &h);
	free(cmd);
	if ((rc = relay_open(&r, path, sizeof(path), h)) == -1)
		return light_exec(full, -1);
	p.fd = 0;
	p.events = POLLIN;
	while (rc == 0 && !share_term) {
		if (poll(&p, 1, 1000) <= 0)
			continue;
		if ((c = accept4(0, NULL, NULL, SOCK_CLOEXEC)) == -1)
			continue;
		if ((s = share_connect(path)) == -1) {
			/* No server: the full program starts one and
			 * serves this connection first. */
			relay_close(&r);
			return light_exec(full, c);
		}
		relay_request(c, s);
		close(s);
		close(c);
	}
	relay_close(&r);
	free(full);
	return 0;
}
