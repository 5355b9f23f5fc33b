/*
 * par.c: n independent jobs of a content load, run by the calling
 * thread and one more, each taking the next job not yet taken.  A job
 * writes only what is its own: which thread ran it does not change
 * what it made.
 */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>

#include "base/par.h"

struct par {
	par_job_fn *job;
	void	*arg;
	int	 n;
	atomic_int next;
};

static void
take(struct par *p)
{
	int	 k;

	while ((k = atomic_fetch_add(&p->next, 1)) < p->n)
		p->job(p->arg, k);
}

static void *
other(void *arg)
{
	take(arg);
	return NULL;
}

/*
 * Runs job(arg, k) for each k from 0 to n - 1, on this thread and on
 * one more when it can be made (else all here), and returns when all
 * have.
 */
void
par_each(int n, par_job_fn *job, void *arg)
{
	struct par p;
	pthread_t t;
	int	 threaded;

	p.job = job;
	p.arg = arg;
	p.n = n;
	atomic_init(&p.next, 0);
	threaded = n > 1 && pthread_create(&t, NULL, other, &p) == 0;
	take(&p);
	if (threaded)
		pthread_join(t, NULL);
}
