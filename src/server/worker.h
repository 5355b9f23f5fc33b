/*
 * worker.h: the serving threads of one worker process.
 *
 * Ownership: worker_serve reads the app (never frees it) and owns the
 * threads, their response buffers and arenas, freed before it returns.
 */
#ifndef PERFIL_WORKER_H
#define PERFIL_WORKER_H

#include <stdatomic.h>

#include "core/app.h"
#include "server/timers.h"

/*
 * The timers below are the shipped ones; their users read each through
 * timer_ms (timers.h), which a test may scale down, all by one percentage.
 *
 * Draining on stop: a kept connection idle this long is closed, and
 * none is kept past DRAIN_MAX_MS.  The shipped nginx site closes idle
 * kept connections first (keepalive_timeout 1s) and any one after 1 s
 * (keepalive_time), so that the responder never closes one nginx may
 * be writing into.
 */
#define DRAIN_IDLE_MS	4000
#define DRAIN_MAX_MS	8000

/*
 * Stopping: a leader kills a worker still there LEADER_STOP_MS after
 * the signal, the supervisor a leader still there STOP_MAX_MS after it.
 * conf/systemd/perfil.service's TimeoutStopSec is above STOP_MAX_MS, so
 * that systemd's SIGKILL comes only after perfil's own (tests/docs/run).
 */
#define LEADER_STOP_MS	(DRAIN_MAX_MS + 2000)
#define STOP_MAX_MS	12000
_Static_assert(STOP_MAX_MS >= LEADER_STOP_MS + 2000,
    "the supervisor waits for its leaders longer than they for workers");

/*
 * A request must arrive whole within this time of its first bytes (it
 * waits in the socket meanwhile, costing no thread), and a write of an
 * answer must progress within it; the connection is closed otherwise.
 */
#define REQUEST_READ_MS	10000

/*
 * Progress: each serving thread of a supervised worker stores the
 * monotonic milliseconds in its beat every time round its loop (at
 * least once a second, busy or idle).  A worker one of whose threads
 * has not beaten for worker_hang_ms is stopped or stuck; its leader
 * kills and replaces it.  That is REQUEST_READ_MS, the longest a thread
 * may legitimately wait on a read or a write, plus --hang-timeout
 * (struct config's hang_ms): 15 s by default.  Its users read it through
 * timer_ms, as the timers above.
 */
static inline long long
worker_hang_ms(const struct config *cfg)
{
	return (long long)REQUEST_READ_MS + cfg->hang_ms;
}

extern atomic_int worker_got_term;	/* SIGTERM or SIGINT arrived */

void	 worker_on_term(int);
int	 worker_serve(const struct app *, int fd, int nthreads,
	    _Atomic long long *beats);

#endif /* PERFIL_WORKER_H */
