/*
 * check_heap.c: the allocator's settings around a content load
 * (src/base/heap.c).  While loading, the memory a load allocates lies
 * in ranges that ask the kernel for huge pages ("hg" among the range's
 * VmFlags in /proc/self/smaps), on the loading thread and on another;
 * afterwards none of them asks any more, so that the kernel does not
 * merge a serving process's pages in the background.  Where malloc is
 * not glibc's (ASan, valgrind), only the second half can be checked.
 */
#include "config.h"

#include <check.h>
#include <inttypes.h>
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/heap.h"

/*
 * The VmFlags of the mapping holding p, in flags (at most n bytes):
 * 1, or 0 when no mapping holds it.
 */
static int
vm_flags(const void *p, char *flags, size_t n)
{
	FILE	*f;
	char	 line[512];
	uintptr_t lo, hi, a = (uintptr_t)p;
	int	 in = 0, found = 0;

	ck_assert_ptr_nonnull(f = fopen("/proc/self/smaps", "r"));
	while (fgets(line, sizeof(line), f) != NULL) {
		/* A mapping's line: "LO-HI perms ..."; a field's line
		 * ("Size: ...", "AnonHugePages: ...") never has the dash. */
		if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " ", &lo, &hi) ==
		    2) {
			in = a >= lo && a < hi;
			continue;
		}
		if (in && strncmp(line, "VmFlags:", 8) == 0) {
			snprintf(flags, n, "%s", line + 8);
			found = 1;
			break;
		}
	}
	fclose(f);
	return found;
}

/* Whether the mapping holding p asks for huge pages. */
static int
asks_huge(const void *p)
{
	char	 flags[512];

	return vm_flags(p, flags, sizeof(flags)) &&
	    strstr(flags, " hg") != NULL;
}

/* Whether malloc is glibc's (not a checker's, which replaces it). */
static int
glibc_malloc(void)
{
	struct mallinfo2 mi = mallinfo2();

	return mi.arena > 0;
}

struct other {
	char	*p;
	int	 during;
};

/* A load's other thread: its arena's heap, advised. */
static void *
other_thread(void *arg)
{
	struct other *o = arg;

	heap_load_thread();
	o->p = malloc(1024 * 1024);
	o->during = o->p != NULL && asks_huge(o->p);
	return NULL;
}

START_TEST(heap_load)
{
	struct other o = { NULL, 0 };
	pthread_t t;
	char	*p, *kept;
	int	 glibc;

	/* Something in the heap already, as in a process that has read
	 * its options and labels. */
	free(malloc(4096));
	glibc = glibc_malloc();
	heap_load_begin();
	/* What the load frees, and what it keeps (its model). */
	ck_assert_ptr_nonnull(p = malloc(8 * 1024 * 1024));
	memset(p, 1, 8 * 1024 * 1024);
	ck_assert_ptr_nonnull(kept = malloc(1024 * 1024));
	memset(kept, 1, 1024 * 1024);
	if (glibc)
		ck_assert_msg(asks_huge(p) && asks_huge(kept), "the loading "
		    "thread's heap does not ask for huge pages");
	free(p);
	ck_assert_int_eq(pthread_create(&t, NULL, other_thread, &o), 0);
	ck_assert_int_eq(pthread_join(t, NULL), 0);
	ck_assert_ptr_nonnull(o.p);
	if (glibc)
		ck_assert_msg(o.during, "the other thread's heap does not "
		    "ask for huge pages");
	heap_load_end();
	/* After: the ranges of what the load kept ask no more. */
	ck_assert_msg(!asks_huge(kept), "the loading thread's heap still "
	    "asks for huge pages after the load");
	ck_assert_msg(!asks_huge(o.p), "the other thread's heap still asks "
	    "for huge pages after the load");
	ck_assert_ptr_nonnull(p = malloc(8 * 1024 * 1024));
	ck_assert_msg(!asks_huge(p), "a block allocated after the load "
	    "lies in a range that asks for huge pages");
	free(p);
	free(o.p);
	free(kept);
}
END_TEST

/* A load that begins and ends again advises again (a reload in a
 * process that loaded before), and ending twice is harmless. */
START_TEST(heap_reload)
{
	char	*p;
	int	 glibc;

	free(malloc(4096));
	glibc = glibc_malloc();
	heap_load_begin();
	heap_load_end();
	heap_load_end();
	heap_load_begin();
	ck_assert_ptr_nonnull(p = malloc(4 * 1024 * 1024));
	memset(p, 1, 4 * 1024 * 1024);
	if (glibc)
		ck_assert(asks_huge(p));
	heap_load_end();
	ck_assert(!asks_huge(p));
	free(p);
}
END_TEST

static Suite *
heap_suite(void)
{
	Suite	*s = suite_create("heap");
	TCase	*tc = tcase_create("heap");

	tcase_add_test(tc, heap_load);
	tcase_add_test(tc, heap_reload);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(heap_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
