/*
 * check_prerender.c: the answers pre-rendered at start-up are exactly
 * what the handlers render per request, byte for byte and header for
 * header, for every API route, slug and language.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "server/prerender.h"
#include "core/routes.h"
#include "testenv.h"

/* Runs the request with and without the pre-rendered table and
 * checks that the wire forms are identical. */
static void
same_both_ways(const char *method, const char *path, const char *query,
    const char *h1)
{
	struct prerender *saved = test_app.prerender;
	char	*with;

	run(method, path, query, h1, NULL, NULL);
	with = strdup(buf_cstr(&test_wire));
	ck_assert_ptr_nonnull(with);
	test_app.prerender = NULL;
	run(method, path, query, h1, NULL, NULL);
	test_app.prerender = saved;
	if (strcmp(with, buf_cstr(&test_wire)) != 0)
		ck_abort_msg("%s %s?%s (%s): pre-rendered answer differs:\n"
		    "%s\n--- rendered now ---\n%s", method, path,
		    query ? query : "", h1 ? h1 : "", with,
		    buf_cstr(&test_wire));
	free(with);
}

START_TEST(identical_to_the_handlers)
{
	static const char *queries[] = { NULL, "lang=es", "lang=en",
	    "limit=100", "limit=5&offset=1", "offset=0&lang=en" };
	const struct collection *c;
	char	 path[256];
	size_t	 i, j, k;

	for (i = 0; i < routes_len; i++) {
		if (routes[i].kind != ROUTE_API)
			continue;
		if (strchr(routes[i].path, '{') == NULL) {
			for (k = 0; k < sizeof(queries) / sizeof(*queries);
			    k++) {
				same_both_ways("GET", routes[i].path,
				    queries[k], NULL);
				same_both_ways("HEAD", routes[i].path,
				    queries[k], NULL);
			}
			same_both_ways("GET", routes[i].path, NULL,
			    "HTTP_ACCEPT_LANGUAGE=en-US,en;q=0.9");
			continue;
		}
		c = &test_app.model->coll[routes[i].coll];
		for (j = 0; j < c->len; j++) {
			snprintf(path, sizeof(path), "%.*s%s",
			    (int)strcspn(routes[i].path, "{"), routes[i].path,
			    c->items[j].slug);
			same_both_ways("GET", path, NULL, NULL);
			same_both_ways("GET", path, "lang=en", NULL);
		}
	}
}
END_TEST

START_TEST(conditional_requests_use_the_stored_tag)
{
	struct response *r;
	char	 inm[192];

	r = run("GET", "/api/v1/profile", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(r->status, 200);
	ck_assert_str_ne(r->etag, "");
	ck_assert(has_header("ETag", r->etag));
	snprintf(inm, sizeof(inm), "HTTP_IF_NONE_MATCH=%s", r->etag);
	r = run("GET", "/api/v1/profile", NULL, inm, NULL, NULL);
	ck_assert_int_eq(r->status, 304);
	ck_assert_uint_eq(r->body.len, 0);
	ck_assert(r->kept == NULL);
	same_both_ways("GET", "/api/v1/profile", NULL, inm);
}
END_TEST

static Suite *
prerender_suite(void)
{
	Suite	*s = suite_create("prerender");
	TCase	*tc = tcase_create("prerender");

	tcase_add_unchecked_fixture(tc, testenv_setup, testenv_teardown);
	tcase_add_test(tc, identical_to_the_handlers);
	tcase_add_test(tc, conditional_requests_use_the_stored_tag);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(prerender_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
