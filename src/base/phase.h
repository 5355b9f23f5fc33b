/*
 * phase.h: the time each phase of a content load takes, printed on
 * standard error when the environment has PERFIL_LOAD_TIMES=1
 * (docs/performance.md, "Where a load's time goes"; the man page's
 * ENVIRONMENT).  A clock per thread of the load: the website's renders
 * and the API's run side by side (app_load.c), so each reports the
 * wall time and its own thread's CPU time of its phases.
 *
 *	struct phase_clock c;
 *	phase_start(&c, "api");
 *	search_build(...);
 *	phase_mark(&c, "search index");	// "api: search index: ..."
 *
 * Ownership: nothing is allocated; the clock is the caller's.
 */
#ifndef PERFIL_PHASE_H
#define PERFIL_PHASE_H

#include <time.h>

struct phase_clock {
	const char *who;	/* the thread's part: "load", "site", "api" */
	struct timespec wall;	/* at the last mark */
	struct timespec cpu;	/* the thread's CPU time then */
	int	 on;		/* PERFIL_LOAD_TIMES=1 */
};

void	 phase_start(struct phase_clock *, const char *);
void	 phase_mark(struct phase_clock *, const char *);
void	 phase_rss(const struct phase_clock *);

#endif
