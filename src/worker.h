/*
 * worker.h: the serving threads of one worker process.
 */
#ifndef PERFIL_WORKER_H
#define PERFIL_WORKER_H

#include <stdatomic.h>

#include "app.h"

extern atomic_int worker_got_term;	/* SIGTERM or SIGINT arrived */

void	 worker_on_term(int);
int	 worker_serve(const struct app *, int fd, int nthreads);

#endif /* PERFIL_WORKER_H */
