/*
 * supervisor.h: the listening socket, the privilege drop and the
 * supervisor process that keeps the workers running.
 */
#ifndef PERFIL_SUPERVISOR_H
#define PERFIL_SUPERVISOR_H

#include <sys/types.h>

#include "app.h"

void	 set_handler(int sig, void (*fn)(int));
void	 supervisor_handlers(void);
int	 open_socket(const char *spec, mode_t mode);
int	 drop_privileges(const char *user, const char *group,
	    const char *sockpath);
int	 pidfile_check(const char *path);
int	 pidfile_write(const char *path);
int	 supervise(struct app *, const struct config *, int fd, int nworkers,
	    int nthreads);

#endif /* PERFIL_SUPERVISOR_H */
