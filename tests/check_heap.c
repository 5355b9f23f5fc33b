/*
 * check_heap.c: the allocator's settings around a content load
 * (src/base/heap.c).  While loading, a block of a CV page's size comes
 * from the heap and a larger one is mapped apart, and no range the
 * load allocates from asks the kernel for huge pages ("hg" among its
 * VmFlags in /proc/self/smaps); afterwards the free pages inside the
 * heap go back to the system and a block of a MiB is mapped apart.
 * Where malloc is not glibc's (ASan, TSan, valgrind), those checks are
 * skipped and the calls must merely be harmless.
 */
#include "config.h"

#include <check.h>
#include <inttypes.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/heap.h"

#define MIB	((size_t)1024 * 1024)

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

/* Whether a block of n bytes, allocated now, is mapped apart (glibc
 * counts those in hblkhd); it is freed again. */
static int
mapped_apart(size_t n)
{
	size_t	 before = mallinfo2().hblkhd;
	char	*p;
	int	 apart;

	ck_assert_ptr_nonnull(p = malloc(n));
	memset(p, 1, n);
	apart = mallinfo2().hblkhd >= before + n;
	free(p);
	return apart;
}

/* The process's resident size in bytes (/proc/self/statm). */
static size_t
rss(void)
{
	FILE	*f;
	unsigned long size, res = 0;

	ck_assert_ptr_nonnull(f = fopen("/proc/self/statm", "r"));
	ck_assert_int_eq(fscanf(f, "%lu %lu", &size, &res), 2);
	fclose(f);
	return (size_t)res * (size_t)sysconf(_SC_PAGESIZE);
}

#define BLOCKS	4096
#define BLOCK	((size_t)8 * 1024)

START_TEST(heap_load)
{
	static char *b[BLOCKS];
	char	*p;
	size_t	 full, freed;
	int	 glibc, i;

	/* Something in the heap already, as in a process that has read
	 * its options and labels. */
	free(malloc(4096));
	glibc = glibc_malloc();
	heap_load_begin();
	if (glibc) {
		ck_assert_msg(!mapped_apart(2 * MIB), "a block of 2 MiB is "
		    "mapped apart while loading");
		ck_assert_msg(mapped_apart(6 * MIB), "a block of 6 MiB "
		    "comes from the heap while loading");
	}
	/* 32 MiB of small blocks, the load's; fifteen of every sixteen
	 * freed, so that the free pages lie between kept blocks, where
	 * no trim at the heap's top reaches them. */
	for (i = 0; i < BLOCKS; i++) {
		ck_assert_ptr_nonnull(b[i] = malloc(BLOCK));
		memset(b[i], 1, BLOCK);
	}
	ck_assert_msg(!asks_huge(b[0]) && !asks_huge(b[BLOCKS - 1]),
	    "the load's heap asks for huge pages");
	for (i = 0; i < BLOCKS; i++)
		if (i % 16 != 15) {
			free(b[i]);
			b[i] = NULL;
		}
	full = rss();
	heap_load_end();
	freed = rss();
	if (glibc) {
		ck_assert_msg(freed + 16 * MIB < full, "the free pages did not "
		    "go back: %zu KiB resident before the end, %zu after",
		    full / 1024, freed / 1024);
		ck_assert_msg(mapped_apart(2 * MIB), "a block of 2 MiB comes "
		    "from the heap after the load");
	}
	ck_assert_ptr_nonnull(p = malloc(BLOCK));
	free(p);
	for (i = 0; i < BLOCKS; i++)
		free(b[i]);
}
END_TEST

/* A load that begins and ends again has the load's settings again (a
 * reload in a process that loaded before), and ending twice is
 * harmless. */
START_TEST(heap_reload)
{
	int	 glibc;

	free(malloc(4096));
	glibc = glibc_malloc();
	heap_load_begin();
	heap_load_end();
	heap_load_end();
	if (glibc)
		ck_assert(mapped_apart(2 * MIB));
	heap_load_begin();
	if (glibc)
		ck_assert(!mapped_apart(2 * MIB));
	heap_load_drop();
	heap_load_end();
	if (glibc)
		ck_assert(mapped_apart(2 * MIB));
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
