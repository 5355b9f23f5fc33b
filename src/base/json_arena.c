/*
 * json_arena.c: cJSON's memory for a load's items from one region,
 * given back whole (json_arena.h).
 *
 * An arena reserves the address space its caller asks for (at most
 * ARENA_SPAN), inaccessible, and makes it usable SLAB at a time: a
 * thread takes the next slab and hands out its blocks in order until
 * the next does not fit.  The region asks for huge pages, which the
 * objects fill densely: at 1,000 items per collection 33 MB, 8,000
 * faults in pages of 4 KiB.  cJSON's free hook leaves a block in any
 * live arena alone (its address says which); json_arena_free unmaps
 * it.
 */
#include "config.h"

#include <sys/mman.h>

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#ifdef HAVE_VALGRIND_VALGRIND_H
#include <valgrind/valgrind.h>
#endif

#include "base/json_arena.h"

/*
 * The checkers, whose own allocators find what the arena would hide:
 * an overrun from one object into the next, a read of freed memory.
 */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CHECKED()	1
#elif defined(HAVE_VALGRIND_VALGRIND_H)
#define CHECKED()	RUNNING_ON_VALGRIND
#else
#define CHECKED()	0
#endif

/* The address space an arena reserves, at most and at least: past
 * its end blocks come from malloc.  Bounded, for a host that limits a
 * process's address space (RLIMIT_AS). */
#define ARENA_SPAN	((size_t)1 << 30)
#define ARENA_SPAN_MIN	((size_t)4 * 1024 * 1024)
#define SLAB		((size_t)256 * 1024)
#define BIG		(SLAB / 8)	/* larger blocks: malloc */
#define ALIGN		((size_t)8)	/* a cJSON node's widest member */
#define HUGE		((size_t)2 * 1024 * 1024)
#define ARENAS_MAX	4		/* live at once: more get none */

struct json_arena {
	char	*base;
	size_t	 span;		/* bytes reserved from base */
	atomic_size_t next;	/* offset of the first slab not taken */
	unsigned long id;	/* never reused: a thread's slab is its */
	int	 slot;
};

/* Each live arena's base (0 for none) and span, what the free hook
 * looks up; a slot is claimed before its base is set. */
static atomic_int claimed[ARENAS_MAX];
static atomic_uintptr_t live[ARENAS_MAX];
static atomic_size_t live_span[ARENAS_MAX];
static atomic_ulong ids;
static int installed;

/* The thread's arena, and the slab it hands out (of arena slab_id). */
static _Thread_local struct json_arena *cur;
static _Thread_local unsigned long slab_id;
static _Thread_local char *pos, *end;

static void *
hook_malloc(size_t n)
{
	struct json_arena *a = cur;
	size_t	 off;
	char	*p;

	if (a == NULL || n > BIG)
		return malloc(n);
	n = n == 0 ? ALIGN : (n + ALIGN - 1) & ~(ALIGN - 1);
	if (slab_id != a->id || (size_t)(end - pos) < n) {
		off = atomic_fetch_add_explicit(&a->next, SLAB,
		    memory_order_relaxed);
		if (off > a->span - SLAB || mprotect(a->base + off, SLAB,
		    PROT_READ | PROT_WRITE) == -1)
			return malloc(n);
		slab_id = a->id;
		pos = a->base + off;
		end = pos + SLAB;
	}
	p = pos;
	pos += n;
	return p;
}

static void
hook_free(void *p)
{
	uintptr_t u = (uintptr_t)p, lo;
	int	 i;

	for (i = 0; i < ARENAS_MAX; i++) {
		lo = atomic_load_explicit(&live[i], memory_order_acquire);
		if (lo != 0 && u - lo < atomic_load_explicit(&live_span[i],
		    memory_order_relaxed))
			return;
	}
	free(p);
}

/*
 * Sets cJSON's hooks to the arena's (malloc and free outside one).
 * Once, before any thread and any cJSON object that outlives the
 * call; without it there is no arena.
 */
void
json_arena_install(void)
{
	cJSON_Hooks h = { hook_malloc, hook_free };

	if (installed || CHECKED())
		return;
	cJSON_InitHooks(&h);
	installed = 1;
}

/*
 * A new arena, empty, of span bytes of address space (rounded up to a
 * huge page, at least ARENA_SPAN_MIN, at most ARENA_SPAN), or NULL: no
 * hooks, a checker running, no address space or ARENAS_MAX live
 * already.  The objects made in it go with it (json_arena_free).
 */
struct json_arena *
json_arena_new(size_t span)
{
	struct json_arena *a;
	char	*p;
	int	 i, none;

	if (!installed || (a = calloc(1, sizeof(*a))) == NULL)
		return NULL;
	span = span < ARENA_SPAN_MIN ? ARENA_SPAN_MIN : span > ARENA_SPAN ?
	    ARENA_SPAN : (span + HUGE - 1) & ~(HUGE - 1);
	/* A huge page more, for a range aligned to one. */
	p = mmap(NULL, span + HUGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS |
	    MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		free(a);
		return NULL;
	}
	a->base = (char *)(((uintptr_t)p + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
	a->span = span;
	if (a->base > p)
		(void)munmap(p, (size_t)(a->base - p));
	(void)munmap(a->base + span, (size_t)(p + HUGE - a->base));
#ifdef MADV_HUGEPAGE
	(void)madvise(a->base, span, MADV_HUGEPAGE);
#endif
	a->id = atomic_fetch_add(&ids, 1) + 1;
	for (i = 0; i < ARENAS_MAX; i++) {
		none = 0;
		if (atomic_compare_exchange_strong(&claimed[i], &none, 1)) {
			a->slot = i;
			atomic_store_explicit(&live_span[i], span,
			    memory_order_relaxed);
			atomic_store_explicit(&live[i], (uintptr_t)a->base,
			    memory_order_release);
			return a;
		}
	}
	(void)munmap(a->base, span);
	free(a);
	return NULL;
}

/* This thread's cJSON blocks from a (NULL: malloc's) until
 * json_arena_leave. */
void
json_arena_enter(struct json_arena *a)
{
	cur = a;
}

/* This thread's cJSON blocks from malloc again; returns the arena it
 * was in (NULL for none), for json_arena_enter to come back to. */
struct json_arena *
json_arena_leave(void)
{
	struct json_arena *a = cur;

	cur = NULL;
	return a;
}

/* Bytes of a's slabs taken (made usable), 0 for NULL. */
size_t
json_arena_used(const struct json_arena *a)
{
	size_t	 n;

	if (a == NULL)
		return 0;
	n = atomic_load(&a->next);
	return n < a->span ? n : a->span;
}

/* Whether p lies in a (a block made there). */
int
json_arena_holds(const struct json_arena *a, const void *p)
{
	return a != NULL && (uintptr_t)p - (uintptr_t)a->base < a->span;
}

/*
 * Gives a's memory back, and with it every block made in it: no object
 * with one may be used after, and no thread be in it.
 */
void
json_arena_free(struct json_arena *a)
{
	if (a == NULL)
		return;
	atomic_store(&live[a->slot], 0);
	(void)munmap(a->base, a->span);
	atomic_store(&claimed[a->slot], 0);
	free(a);
}
