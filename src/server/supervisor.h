/*
 * supervisor.h: the listening socket, the privilege drop and the
 * supervisor process that keeps the workers running.
 *
 * Ownership: supervise owns the struct app it is given: it forks the
 * first generation's leader (leader.h) with it, then frees it; a reload
 * loads the next content in a process of its own.  The socket
 * descriptor stays the caller's.
 */
#ifndef PERFIL_SUPERVISOR_H
#define PERFIL_SUPERVISOR_H

#include <sys/types.h>

#include "core/app.h"

/* Who the process becomes as root (--user), and who owns the socket. */
struct sup_user {
	const char	*name;
	uid_t	 uid;
	gid_t	 gid;		/* the user's primary group */
	gid_t	 sock_gid;	/* the socket's: --socket-group, else gid */
};

void	 sup_handlers(void);
int	 sup_user_lookup(const char *user, const char *group,
	    struct sup_user *);
int	 sup_open_socket(const char *spec, mode_t mode,
	    const struct sup_user *owner);
int	 sup_drop_privileges(const struct sup_user *);
int	 sup_pidfile_check(const char *path);
int	 sup_pidfile_write(const char *path);
int	 supervise(struct app *, const struct config *, int fd, int nworkers,
	    int nthreads);

#endif /* PERFIL_SUPERVISOR_H */
