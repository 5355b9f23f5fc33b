/*
 * startup.c: what the supervisor needs before it supervises
 * (supervisor.h): the listening socket, the user it becomes and the
 * pid file.
 */
#include "config.h"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>

#include <err.h>
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <fcgiapp.h>

#include "server/supervisor.h"

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
 * orphan) is refused; a stale socket file is replaced.  The unix socket
 * is bound and listens under a name of its own ("path~"), gets its mode
 * and owner (owner: the socket's user and group, or NULL to keep them),
 * and only then takes its path (rename): a web server that connects as
 * soon as the path is there never meets a socket it may not use yet
 * (EACCES) or one not yet listening (ECONNREFUSED).
 */
int
sup_open_socket(const char *spec, mode_t mode, const struct sup_user *owner)
{
	struct stat st;
	char	 tmp[sizeof(((struct sockaddr_un *)NULL)->sun_path)];
	mode_t	 omask;
	int	 fd, n;

	if (strchr(spec, ':') != NULL) {
		if ((fd = FCGX_OpenSocket(spec, 4096)) < 0)
			warn("cannot listen on %s", spec);
		return fd;
	}
	switch (socket_in_use(spec)) {
	case 1:
		warnx("%s is in use: another perfil-fcgi (or another "
		    "program) listens on it; stop it first", spec);
		return -1;
	case -1:
		if (lstat(spec, &st) == 0) {
			warnx("%s exists and is not a socket", spec);
			return -1;
		}
		break;
	}
	n = snprintf(tmp, sizeof(tmp), "%s~", spec);
	if (n < 0 || (size_t)n >= sizeof(tmp)) {
		warnx("%s: a socket path has at most %zu bytes", spec,
		    sizeof(tmp) - 2);
		return -1;
	}
	/* Born with its final mode; libfcgi replaces a "path~" left by a
	 * start that died. */
	omask = umask(~mode & 0777);
	fd = FCGX_OpenSocket(tmp, 4096);	/* the kernel caps it (somaxconn) */
	umask(omask);
	if (fd < 0) {
		warn("cannot listen on %s", spec);
		return -1;
	}
	if (chmod(tmp, mode) == -1)
		warn("chmod %s", tmp);
	else if (owner != NULL && chown(tmp, owner->uid, owner->sock_gid) == -1)
		warn("chown %s", tmp);
	else if (rename(tmp, spec) == -1)
		warn("rename %s to %s", tmp, spec);
	else
		return fd;
	close(fd);
	unlink(tmp);
	return -1;
}

/*
 * Looks up --user (and --socket-group) while still root.  Returns 0, or
 * -1 after a message.
 */
int
sup_user_lookup(const char *user, const char *group, struct sup_user *u)
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
	u->name = user;
	u->uid = pw->pw_uid;
	u->gid = pw->pw_gid;
	u->sock_gid = gr != NULL ? gr->gr_gid : pw->pw_gid;
	return 0;
}

/*
 * As root: become the user u (its primary group its only one).
 */
int
sup_drop_privileges(const struct sup_user *u)
{
	if (setgroups(1, &u->gid) == -1 || setgid(u->gid) == -1 ||
	    setuid(u->uid) == -1) {
		warn("cannot become %s", u->name);
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
