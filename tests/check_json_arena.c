/*
 * check_json_arena.c: cJSON's memory for a load's items in an arena
 * (src/base/json_arena.c).  Within json_arena_enter and
 * json_arena_leave every block cJSON asks for lies in the arena, on
 * two threads at once; outside, for a block larger than a slab's
 * eighth and past the arena's span, malloc's; freeing one in the arena
 * does nothing, and json_arena_free unmaps it all.  A content load puts its collections'
 * items' objects there and nothing it keeps; content_drop_objects gives
 * the arena back once every collection's objects are dropped, not
 * before.  Under a checker (ASan, TSan, valgrind) there is no arena,
 * which is checked instead.
 */
#include "config.h"

#include <sys/mman.h>

#include <check.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_VALGRIND_VALGRIND_H
#include <valgrind/valgrind.h>
#endif

#include "base/json_arena.h"
#include "content/content.h"
#include "content/labels.h"
#include "demo_langs.h"

static int
checked(void)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
	return 1;
#elif defined(HAVE_VALGRIND_VALGRIND_H)
	return RUNNING_ON_VALGRIND;
#else
	return 0;
#endif
}

/* n items of a few members each, as a collection's file has them. */
static char *
items_json(int n, int tag)
{
	size_t	 cap = (size_t)n * 128 + 16, len = 0;
	char	*s;
	int	 i;

	ck_assert_ptr_nonnull(s = malloc(cap));
	s[len++] = '[';
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(s + len, cap - len,
		    "%s{\"slug\":\"item-%d-%d\",\"title\":{\"es\":\"Titulo "
		    "%d\",\"en\":\"Title %d\"},\"n\":%d}", i ? "," : "", tag,
		    i, i, i, i);
	s[len++] = ']';
	s[len] = '\0';
	return s;
}

/* Whether every node and string of v lies in a. */
static int
all_held(const struct json_arena *a, const cJSON *v)
{
	for (; v != NULL; v = v->next) {
		if (!json_arena_holds(a, v) || (v->string != NULL &&
		    !json_arena_holds(a, v->string)) ||
		    (v->valuestring != NULL &&
		    !json_arena_holds(a, v->valuestring)) ||
		    !all_held(a, v->child))
			return 0;
	}
	return 1;
}

/* Whether the page at p is mapped (mincore fails with ENOMEM where not). */
static int
mapped(const void *p)
{
	long	 pg = sysconf(_SC_PAGESIZE);
	unsigned char vec;
	void	*page = (void *)((uintptr_t)p & ~(uintptr_t)(pg - 1));

	if (mincore(page, (size_t)pg, &vec) == 0)
		return 1;
	ck_assert_int_eq(errno, ENOMEM);
	return 0;
}

START_TEST(blocks_in_the_arena_and_back)
{
	struct json_arena *a;
	cJSON	*doc, *out, *big;
	char	*text, *printed, *large;
	const void *where;

	json_arena_install();
	a = json_arena_new(64 * 1024 * 1024);
	if (checked()) {
		ck_assert_ptr_null(a);
		return;
	}
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(json_arena_used(a), 0);
	text = items_json(2000, 0);
	json_arena_enter(a);
	ck_assert_ptr_nonnull(doc = cJSON_Parse(text));
	/* A block larger than a slab's eighth: malloc's even here. */
	ck_assert_ptr_nonnull(large = calloc(64 * 1024, 1));
	memset(large, 'x', 64 * 1024 - 1);
	ck_assert_ptr_nonnull(big = cJSON_CreateString(large));
	ck_assert_ptr_eq(json_arena_leave(), a);
	ck_assert(all_held(a, doc));
	ck_assert(json_arena_holds(a, big));
	ck_assert(!json_arena_holds(a, big->valuestring));
	ck_assert_uint_ge(json_arena_used(a), 256 * 1024);
	/* Outside it, malloc's: the printed text and a new object. */
	ck_assert_ptr_nonnull(printed = cJSON_PrintUnformatted(doc));
	ck_assert(!json_arena_holds(a, printed));
	ck_assert(strcmp(printed, text) == 0);
	ck_assert_ptr_nonnull(out = cJSON_CreateObject());
	ck_assert(!json_arena_holds(a, out));
	ck_assert_ptr_nonnull(cJSON_AddItemToObject(out, "big", big) ?
	    out : NULL);
	cJSON_Delete(out);	/* a tree of both kinds */
	cJSON_Delete(doc);	/* nothing: the arena's */
	where = doc;
	ck_assert(mapped(where));
	json_arena_free(a);
	ck_assert(!mapped(where));
	cJSON_free(printed);
	free(large);
	free(text);
}
END_TEST

/*
 * An arena full (its smallest span, 4 MiB): what does not fit is
 * malloc's, the objects whole all the same, and freed as such.
 */
START_TEST(full_arena_falls_back)
{
	struct json_arena *a;
	cJSON	*doc;
	char	*text, *printed;
	const cJSON *e;
	int	 in = 0, out = 0;

	json_arena_install();
	if ((a = json_arena_new(0)) == NULL) {
		ck_assert(checked());
		return;
	}
	text = items_json(40000, 3);	/* about 12 MB of nodes */
	json_arena_enter(a);
	ck_assert_ptr_nonnull(doc = cJSON_Parse(text));
	json_arena_leave();
	ck_assert_uint_le(json_arena_used(a), 4 * 1024 * 1024);
	cJSON_ArrayForEach(e, doc) {
		if (json_arena_holds(a, e))
			in++;
		else
			out++;
	}
	ck_assert_int_gt(in, 1000);
	ck_assert_int_gt(out, 1000);
	ck_assert_ptr_nonnull(printed = cJSON_PrintUnformatted(doc));
	ck_assert(strcmp(printed, text) == 0);
	cJSON_Delete(doc);
	json_arena_free(a);
	cJSON_free(printed);
	free(text);
}
END_TEST

struct maker {
	struct json_arena *a;
	int	 tag;
	int	 ok;
};

static void *
make(void *arg)
{
	struct maker *mk = arg;
	char	*text, *printed;
	cJSON	*doc;
	int	 i;

	text = items_json(500, mk->tag);
	mk->ok = 1;
	for (i = 0; i < 20; i++) {
		json_arena_enter(mk->a);
		doc = cJSON_Parse(text);
		json_arena_leave();
		printed = cJSON_PrintUnformatted(doc);
		mk->ok &= doc != NULL && all_held(mk->a, doc) &&
		    printed != NULL && strcmp(printed, text) == 0;
		cJSON_free(printed);
		cJSON_Delete(doc);
	}
	free(text);
	return NULL;
}

START_TEST(two_threads_at_once)
{
	struct maker mk[2];
	pthread_t t;
	struct json_arena *a;

	json_arena_install();
	if ((a = json_arena_new(64 * 1024 * 1024)) == NULL) {
		ck_assert(checked());
		return;
	}
	mk[0] = (struct maker){ a, 1, 0 };
	mk[1] = (struct maker){ a, 2, 0 };
	ck_assert_int_eq(pthread_create(&t, NULL, make, &mk[1]), 0);
	make(&mk[0]);
	ck_assert_int_eq(pthread_join(t, NULL), 0);
	ck_assert(mk[0].ok);
	ck_assert(mk[1].ok);
	json_arena_free(a);
}
END_TEST

START_TEST(a_load_drops_its_arena)
{
	struct model *m;
	const struct item *it;
	char	 err[512] = "";
	int	 k, last = -1;

	json_arena_install();
	m = content_load(TEST_CONTENT_DIR, "http://h", NULL, demo_labels(),
	    err, sizeof(err));
	ck_assert_msg(m != NULL, "%s", err);
	if (checked()) {
		ck_assert_ptr_null(m->arena);
		content_free(m);
		return;
	}
	ck_assert_ptr_nonnull(m->arena);
	it = &m->coll[COLL_PROJECTS].items[0];
	ck_assert(all_held(m->arena, it->src));
	ck_assert(json_arena_holds(m->arena, it->obj[0]));
	/* What the model keeps is malloc's. */
	ck_assert(!json_arena_holds(m->arena, it->json[0]));
	ck_assert(!json_arena_holds(m->arena, it->slug));
	ck_assert(!json_arena_holds(m->arena, m->profile.src));
	ck_assert(!json_arena_holds(m->arena, m->profile.obj[0]));
	for (k = 0; k < COLL__MAX; k++)
		if (m->coll[k].len > 0)
			last = k;
	ck_assert_int_ge(last, 0);
	for (k = 0; k < COLL__MAX; k++)
		if (k != last)
			ck_assert_int_eq(content_drop_objects(m, (enum coll)k,
			    k == COLL_PROJECTS), 0);
	/* One collection still has its objects: the arena stays. */
	ck_assert_ptr_nonnull(m->arena);
	ck_assert(all_held(m->arena, m->coll[last].items[0].src));
	ck_assert_int_eq(content_drop_objects(m, (enum coll)last, 0), 0);
	ck_assert_ptr_null(m->arena);
	/* What stays reads as before. */
	it = &m->coll[COLL_PROJECTS].items[0];
	ck_assert_ptr_nonnull(strstr(it->json[0], "\"api_url\":"));
	ck_assert_ptr_nonnull(it->objects);
	content_free(m);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("json_arena");
	TCase	*tc = tcase_create("core");
	SRunner	*sr;
	int	 failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, blocks_in_the_arena_and_back);
	tcase_add_test(tc, full_arena_falls_back);
	tcase_add_test(tc, two_threads_at_once);
	tcase_add_test(tc, a_load_drops_its_arena);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
