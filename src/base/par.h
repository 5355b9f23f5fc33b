/*
 * par.h: the jobs of a content load shared by this thread and one
 * more.
 */
#ifndef PERFIL_PAR_H
#define PERFIL_PAR_H

typedef void par_job_fn(void *arg, int k);

void	 par_each(int n, par_job_fn *, void *arg);

#endif
