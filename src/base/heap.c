/*
 * heap.c: the allocator's settings around a content load (heap.h).
 *
 * Measured on a 2-core virtual machine with 11 x 1,000 items and the
 * demo's two CV variants, a cold --check, nine runs alternating
 * (docs/performance.md, "The load's peak"): with the settings below
 * 551 ms and a peak resident size of 146 MB; with the huge pages and
 * the heap that kept everything of the day before, 550 ms and 164 MB.
 * The demo: 153 ms and 37 MB against 150 and 48.
 */
#include "config.h"

#include <stdlib.h>

#ifdef HAVE_MALLOC_TRIM
#include <malloc.h>
#endif

#include "base/heap.h"

/*
 * Not under ASan or TSan (gcc's -fsanitize): their allocators ignore
 * mallopt.
 */
#if defined(HAVE_MALLOC_TRIM) && !defined(__SANITIZE_ADDRESS__) && \
    !defined(__SANITIZE_THREAD__)

#define MIB		((size_t)1024 * 1024)

/*
 * While loading: a CV page's buffers (up to 4 MiB at 1,000 items per
 * collection) come from the heap and reuse what the last one freed;
 * larger blocks are mapped apart and go back when freed; the heap is
 * trimmed when 8 MiB lie free at its top.  These are where glibc's own
 * sliding thresholds end after one load (the largest block freed, and
 * twice that), fixed so that a reload in the same process starts from
 * them too.
 */
#define LOAD_MMAP_THRESHOLD	(4 * MIB)
#define LOAD_TRIM_THRESHOLD	(8 * MIB)

/*
 * Serving: a request's buffers of a MiB and more (a large page
 * inflated for a client without Accept-Encoding, encoding.h) mapped
 * apart and returned when it ends, not into the heap; the heap trimmed
 * above twice that, as glibc's own rule.
 */
#define SERVE_MMAP_THRESHOLD	MIB
#define SERVE_TRIM_THRESHOLD	(2 * MIB)

/*
 * glibc's largest block kept in a fast bin (M_MXFAST's default, 64 *
 * sizeof(size_t) / 4): heap_load_drop sets none, heap_load_end this
 * back.
 */
#define SERVE_MXFAST	((int)(64 * sizeof(size_t) / 4))

/* Before the load's first allocation of its model. */
void
heap_load_begin(void)
{
	mallopt(M_MMAP_THRESHOLD, (int)LOAD_MMAP_THRESHOLD);
	mallopt(M_TRIM_THRESHOLD, (int)LOAD_TRIM_THRESHOLD);
}

/*
 * Before the load drops the items' objects, on the thread that loaded,
 * the others joined: no fast bins, so that each block freed is merged
 * with its free neighbours at once.  With them, the drop filled the
 * bins and the next large request or the trim merged them all: drop
 * and trim took 48-62 ms together, one or the other slow by turns;
 * without, 27-28 ms.  (The objects are in an arena since, json_arena.h;
 * what the drop still frees are the blocks around them.)
 */
void
heap_load_drop(void)
{
	mallopt(M_MXFAST, 0);
}

/*
 * After the load, its objects dropped, on the thread that loaded (the
 * others joined): the free pages go back to the system (the workers,
 * forked after this, would count them in their RSS), and the serving
 * settings come back.
 */
void
heap_load_end(void)
{
	mallopt(M_TRIM_THRESHOLD, (int)SERVE_TRIM_THRESHOLD);
	malloc_trim(0);
	mallopt(M_MMAP_THRESHOLD, (int)SERVE_MMAP_THRESHOLD);
	mallopt(M_MXFAST, SERVE_MXFAST);
}

#else

void
heap_load_begin(void)
{
}

void
heap_load_drop(void)
{
}

void
heap_load_end(void)
{
#ifdef HAVE_MALLOC_TRIM
	malloc_trim(0);
	mallopt(M_MMAP_THRESHOLD, 1024 * 1024);
#endif
}

#endif
