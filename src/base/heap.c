/*
 * heap.c: the allocator's settings around a content load (heap.h).
 *
 * Measured on a 2-core virtual machine with 11 x 1,000 items, a cold
 * --check (docs/performance.md, "The heap of a load"): 61,400 page
 * faults with glibc's defaults, 3,500-3,600 with the settings below;
 * 1.2-1.9 s wall against 0.8-1.0 s, for a peak resident size of 204
 * instead of 173 MB.  The demo: 8,700 faults against 2,000.
 */
#include "config.h"

#include <sys/mman.h>

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#ifdef HAVE_MALLOC_TRIM
#include <malloc.h>
#endif

#include "base/heap.h"

/*
 * Not under ASan or TSan (gcc's -fsanitize): their allocators ignore
 * mallopt and map a block of their own for the 31 MiB below, whose
 * shadow they poison and unpoison: 2,000 of a demo --check's 31,000
 * page faults under ASan, 4,400 of 62,700 under TSan.
 */
#if defined(HAVE_MALLOC_TRIM) && defined(MADV_HUGEPAGE) && \
    defined(MADV_NOHUGEPAGE) && !defined(__SANITIZE_ADDRESS__) && \
    !defined(__SANITIZE_THREAD__)

#define MIB		((size_t)1024 * 1024)

/*
 * While loading: blocks up to 32 MiB (glibc's largest threshold) come
 * from the heap, so a CV page's buffers reuse the memory the last one
 * freed instead of being mapped anew; nothing goes back to the system
 * until heap_load_end; the heap grows LOAD_TOP_PAD at a time, in one
 * range the kernel backs with huge pages.
 */
#define LOAD_MMAP_THRESHOLD	(32 * MIB)
#define LOAD_TRIM_THRESHOLD	(1024 * MIB)
#define LOAD_TOP_PAD		(128 * MIB)

/*
 * Serving: glibc's top pad (128 KiB); a request's buffers of a MiB and
 * more (a large page inflated for a client without Accept-Encoding,
 * encoding.h) mapped apart and returned when it ends, not into the
 * heap; the heap trimmed above twice that, as glibc's own rule.
 */
#define SERVE_MMAP_THRESHOLD	MIB
#define SERVE_TRIM_THRESHOLD	(2 * MIB)
#define SERVE_TOP_PAD		(128 * 1024)

/*
 * glibc's largest block kept in a fast bin (M_MXFAST's default, 64 *
 * sizeof(size_t) / 4): heap_load_drop sets none, heap_load_end this
 * back.
 */
#define SERVE_MXFAST	((int)(64 * sizeof(size_t) / 4))

/*
 * glibc's arenas for threads other than the first are heaps of
 * 2 x 4 MiB x sizeof(long) (64 MiB), each aligned to its size: a
 * block's heap is its address rounded down (glibc's heap_for_ptr).
 */
#define THREAD_HEAP	(2 * 4 * MIB * sizeof(long))

#define RANGES_MAX	16

static struct {
	char	*p;
	size_t	 n;
} ranges[RANGES_MAX];		/* advised, for heap_load_end */
static int nranges;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* Asks for huge pages in [p, p + n), once, and remembers the range. */
static void
advise(char *p, size_t n)
{
	int	 i;

	if (n == 0)
		return;
	pthread_mutex_lock(&lock);
	for (i = 0; i < nranges; i++)
		if (ranges[i].p == p)
			break;
	/* Kept whatever madvise returns: where part of the range is not
	 * mapped it fails with ENOMEM, having advised the rest. */
	if (i == nranges && nranges < RANGES_MAX) {
		(void)madvise(p, n, MADV_HUGEPAGE);
		ranges[nranges].p = p;
		ranges[nranges++].n = n;
	}
	pthread_mutex_unlock(&lock);
}

/*
 * Before the load's first allocation of its model, on the thread that
 * loads.  One block larger than the heap's free top makes it grow by
 * the block and LOAD_TOP_PAD: address space, not memory, until
 * touched.  What it grew to is advised, from the block's page (the
 * kernel makes huge pages of the whole 2 MiB in it).
 */
void
heap_load_begin(void)
{
	uintptr_t lo, hi;
	char	*p;

	mallopt(M_MMAP_THRESHOLD, (int)LOAD_MMAP_THRESHOLD);
	mallopt(M_TRIM_THRESHOLD, (int)LOAD_TRIM_THRESHOLD);
	mallopt(M_TOP_PAD, (int)LOAD_TOP_PAD);
	if ((p = malloc(LOAD_MMAP_THRESHOLD - MIB)) == NULL)
		return;
	lo = (uintptr_t)p & ~(uintptr_t)(getpagesize() - 1);
	free(p);
	hi = (uintptr_t)sbrk(0);
	/* Not from the heap's range (sbrk failed, or another malloc):
	 * nothing to advise. */
	if (hi > lo && hi - lo <= LOAD_MMAP_THRESHOLD + 2 * LOAD_TOP_PAD)
		advise((char *)lo, hi - lo);
}

/*
 * On a thread of the load other than the first, at its start and
 * between its phases: the heap its arena allocates from now, whole
 * (mapped but not yet usable, the rest of it is advised all the
 * same and kept as the arena grows into it).
 */
void
heap_load_thread(void)
{
	char	*p;
	uintptr_t h;

	if ((p = malloc(1)) == NULL)
		return;
	h = (uintptr_t)p & ~(uintptr_t)(THREAD_HEAP - 1);
	free(p);
	advise((char *)h, THREAD_HEAP);
}

/*
 * Before the load drops the items' objects (hundreds of thousands of
 * cJSON nodes and strings at 1,000 items per collection), on the
 * thread that loaded, the others joined: no fast bins, so that each
 * block freed is merged with its free neighbours at once.  With them,
 * the drop filled the bins and the next large request or the trim
 * merged them all: drop and trim took 48-62 ms together, one or the
 * other slow by turns; without, 27-28 ms.
 */
void
heap_load_drop(void)
{
	mallopt(M_MXFAST, 0);
}

/*
 * After the load, its objects dropped, on the thread that loaded (the
 * others joined): the free pages go back to the system (the workers,
 * forked after this, would count them in their RSS: 7 MB at 1,000
 * items per collection), and the ranges advised ask for huge pages no
 * more: the kernel would otherwise merge a serving process's pages
 * into huge ones in the background, copying those it shares with the
 * processes forked from it.
 */
void
heap_load_end(void)
{
	int	 i;

	pthread_mutex_lock(&lock);
	for (i = 0; i < nranges; i++)
		(void)madvise(ranges[i].p, ranges[i].n, MADV_NOHUGEPAGE);
	nranges = 0;
	pthread_mutex_unlock(&lock);
	mallopt(M_TOP_PAD, (int)SERVE_TOP_PAD);
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
heap_load_thread(void)
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
