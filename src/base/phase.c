/*
 * phase.c: a content load's phases timed (phase.h).
 */
#include "config.h"

#include <sys/resource.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Not under ASan or TSan: their allocators are not glibc's, whose
 * heap mallinfo2 describes. */
#if defined(HAVE_MALLINFO2) && !defined(__SANITIZE_ADDRESS__) && \
    !defined(__SANITIZE_THREAD__)
#define HEAP_IN_USE 1
#include <malloc.h>
#endif

#include "base/phase.h"

/* Milliseconds from a to b. */
static double
ms_between(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) * 1e3 +
	    (double)(b->tv_nsec - a->tv_nsec) / 1e6;
}

/* Starts clock c of part who (a static string), on when the
 * environment asks for the times. */
void
phase_start(struct phase_clock *c, const char *who)
{
	const char *s = getenv("PERFIL_LOAD_TIMES");

	memset(c, 0, sizeof(*c));
	c->who = who;
	c->on = s != NULL && strcmp(s, "1") == 0;
	if (!c->on)
		return;
	clock_gettime(CLOCK_MONOTONIC, &c->wall);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c->cpu);
}

/* The process's resident size now, in MB (/proc/self/statm); -1 when
 * unknown. */
static double
rss_now(void)
{
	FILE	*f;
	long	 size, res;
	int	 n;

	if ((f = fopen("/proc/self/statm", "r")) == NULL)
		return -1;
	n = fscanf(f, "%ld %ld", &size, &res);
	fclose(f);
	return n == 2 ? (double)res * (double)sysconf(_SC_PAGESIZE) /
	    1048576 : -1;
}

/*
 * ", heap H MB": what the program holds of the heap now, every arena's
 * blocks in use and the blocks mapped apart (glibc's mallinfo2); the
 * resident size counts besides what was freed but not given back, the
 * libraries and the data files mapped.  "" without mallinfo2, and
 * under a sanitizer.
 */
static void
heap_now(char *out, size_t len)
{
#ifdef HEAP_IN_USE
	struct mallinfo2 mi = mallinfo2();

	snprintf(out, len, ", heap %.1f MB",
	    (double)(mi.uordblks + mi.hblkhd) / 1048576);
#else
	snprintf(out, len, "%s", "");
#endif
}

/* Prints "perfil-fcgi: load: WHO: WHAT: W ms wall, C ms CPU, RSS R MB,
 * heap H MB" for the time since the last mark (or the start), and
 * starts the next. */
void
phase_mark(struct phase_clock *c, const char *what)
{
	struct timespec w, u;
	char	 heap[64];

	if (!c->on)
		return;
	clock_gettime(CLOCK_MONOTONIC, &w);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &u);
	heap_now(heap, sizeof(heap));
	fprintf(stderr, "perfil-fcgi: load: %s: %s: %.1f ms wall, %.1f ms "
	    "CPU, RSS %.1f MB%s\n", c->who, what, ms_between(&c->wall, &w),
	    ms_between(&c->cpu, &u), rss_now(), heap);
	c->wall = w;
	c->cpu = u;
}

/* Prints the process's peak resident size so far. */
void
phase_rss(const struct phase_clock *c)
{
	struct rusage ru;

	if (!c->on || getrusage(RUSAGE_SELF, &ru) == -1)
		return;
	fprintf(stderr, "perfil-fcgi: load: %s: peak RSS %.1f MB\n", c->who,
	    (double)ru.ru_maxrss / 1024);
}
