/*
 * check_snapshot.c: the visitors that write a load's renders into the
 * snapshot and read them back (site_snap, prerender_snap, mcp_snap;
 * src/server/snapshot.c), against the demo content's load.
 *
 * The model is written and read back whole: its stream is written back
 * as the same bytes, and every answer made from it (the API's items,
 * a project's page, which parses its item per request) is the same.
 *
 * snapshot_write runs on the live load, after it has rendered: a write
 * that fails half-way (a full disk under --cache-dir, out of memory)
 * must leave every table it was writing as it was, for the requests
 * that follow.  Read back, a stream that ends where a count says more
 * follows is refused, and what the visitor allocated is freed without
 * going through elements that are not there.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "api/search.h"
#include "content/content.h"
#include "http/snap.h"
#include "mcp/mcp.h"
#include "server/prerender.h"
#include "site/pages.h"
#include "testenv.h"

/* A writer whose stream has failed, as a full disk leaves it. */
static void
failed_writer(struct snap *s, struct buf *b)
{
	buf_init(b);
	snap_writer(s, b, NULL);
	snap_fail(s, "cannot be written");
}

/* The wire form of a request's answer, malloc'd. */
static char *
answer_to(const char *method, const char *path, const char *body)
{
	char	*env[] = { NULL, NULL, "CONTENT_TYPE=application/json", NULL };
	char	 m[64], p[256], *w;

	snprintf(m, sizeof(m), "REQUEST_METHOD=%s", method);
	snprintf(p, sizeof(p), "DOCUMENT_URI=%s", path);
	env[0] = m;
	env[1] = p;
	arena_reset(&test_arena);
	handle_request(&test_app, env, body, body != NULL ? strlen(body) : 0,
	    &test_resp, &test_arena);
	resp_serialize(&test_resp, &test_wire);
	ck_assert_int_lt(test_resp.status, 500);
	ck_assert_ptr_nonnull(w = strdup(buf_cstr(&test_wire)));
	return w;
}

/* The pre-rendered answers of the API: the profile, an item, a list. */
START_TEST(failed_write_keeps_prerender)
{
	static const char *const paths[] = { "/api/v1/profile",
	    "/api/v1/projects", "/api/v1/experience" };
	struct snap s;
	struct buf b;
	char	*before[3], *after;
	size_t	 i;

	for (i = 0; i < 3; i++)
		before[i] = answer_to("GET", paths[i], NULL);
	failed_writer(&s, &b);
	(void)prerender_snap(&s, test_app.prerender, &test_app);
	for (i = 0; i < 3; i++) {
		after = answer_to("GET", paths[i], NULL);
		ck_assert_str_eq(after, before[i]);
		free(after);
		free(before[i]);
	}
	buf_free(&b);
}
END_TEST

#define RPC	"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"

/* MCP's resources: read by URI, as resources/list names them. */
START_TEST(failed_write_keeps_mcp)
{
	struct snap s;
	struct buf b;
	char	 read[1024], *list, *uri, *end, *before, *after;

	list = answer_to("POST", "/mcp", RPC "\"resources/list\"}");
	ck_assert_ptr_nonnull(uri = strstr(list, "\"uri\":\""));
	uri += 7;
	ck_assert_ptr_nonnull(end = strchr(uri, '"'));
	snprintf(read, sizeof(read), RPC "\"resources/read\",\"params\":"
	    "{\"uri\":\"%.*s\"}}", (int)(end - uri), uri);
	before = answer_to("POST", "/mcp", read);
	ck_assert_ptr_nonnull(strstr(before, "\"result\""));
	failed_writer(&s, &b);
	(void)mcp_snap(&s, test_app.mcp, &test_app);
	after = answer_to("POST", "/mcp", read);
	ck_assert_str_eq(after, before);
	free(after);
	free(before);
	free(list);
	buf_free(&b);
}
END_TEST

/* The CV's variants (site.json's cv_variants: the demo has some). */
START_TEST(failed_write_keeps_site)
{
	struct snap s;
	struct buf b;
	char	*before, *after;

	ck_assert_int_gt(test_app.settings->cv_variants.n, 0);
	before = answer_to("GET", "/cv/industry", NULL);
	ck_assert_int_eq(test_resp.status, 200);
	failed_writer(&s, &b);
	site_snap(&s, test_app.site, test_app.settings->cv_variants.n);
	after = answer_to("GET", "/cv/industry", NULL);
	ck_assert_str_eq(after, before);
	free(after);
	free(before);
	buf_free(&b);
}
END_TEST

/* A stream of a count (5) and nothing after it, read by the visitors
 * whose stream begins with a count. */
START_TEST(count_beyond_the_end)
{
	static const unsigned char five[8] = { 5 };
	struct site *site;
	struct snap s;

	snap_reader(&s, five, sizeof(five));
	ck_assert_ptr_null(prerender_snap(&s, NULL, &test_app));
	ck_assert_str_eq(s.why, "a count beyond the end");
	ck_assert_ptr_nonnull(site = calloc(1, sizeof(*site)));
	snap_reader(&s, five, sizeof(five));
	site_snap(&s, site, test_app.settings->cv_variants.n);
	ck_assert_str_eq(s.why, "a count beyond the end");
	site_free(site);
}
END_TEST

/* The search index's stream, taken as written and written back the same;
 * with a NUL put inside a document's URL (its length kept) refused: read
 * back, a document's strings end at their NUL, and that one would be
 * written back shorter (fuzz_snapshot found it). */
START_TEST(search_text_with_a_nul)
{
	const struct search_doc *d = &test_app.search->docs[0][0];
	struct search_index *ix;
	struct snap s;
	struct buf b, again;
	unsigned char *copy;
	const char *at;

	ck_assert_uint_gt(test_app.search->len[0], 0);
	buf_init(&b);
	buf_init(&again);
	snap_writer(&s, &b, NULL);
	ck_assert_ptr_nonnull(search_snap(&s, test_app.search,
	    test_app.langs->n));
	ck_assert(snap_ok(&s));
	ck_assert_ptr_nonnull(copy = malloc(b.len));
	memcpy(copy, b.data, b.len);
	snap_reader(&s, copy, b.len);
	ck_assert_ptr_nonnull(ix = search_snap(&s, NULL, test_app.langs->n));
	ck_assert_msg(snap_ok(&s), "refused: %s", s.why);
	snap_writer(&s, &again, NULL);
	(void)search_snap(&s, ix, test_app.langs->n);
	ck_assert_uint_eq(again.len, b.len);
	ck_assert_mem_eq(again.data, b.data, b.len);
	search_free(ix);

	ck_assert_ptr_nonnull(at = memmem(copy, b.len, d->url,
	    strlen(d->url) + 1));
	ck_assert_uint_gt(strlen(d->url), 4);
	copy[at - (const char *)copy + 4] = '\0';
	snap_reader(&s, copy, b.len);
	ck_assert_ptr_null(search_snap(&s, NULL, test_app.langs->n));
	ck_assert_str_eq(s.why, "a search text with a NUL inside");
	free(copy);
	buf_free(&b);
	buf_free(&again);
}
END_TEST

/* The model's stream: the demo's, read back, written back the same; a
 * project's page and an API item from it the same bytes as from the
 * load's model; a slug cut by a NUL, and an item without its JSON in a
 * language of the site, refused. */
START_TEST(model_round_trip)
{
	const struct item *it = &test_app.model->coll[COLL_PROJECTS].items[0];
	struct model *got, *live = test_app.model;
	struct snap s;
	struct buf b, again;
	unsigned char *copy;
	char	 page[256], md[256], api[256], *before[3], *after;
	const char *at;
	size_t	 i;

	ck_assert_ptr_nonnull(it->objects);
	ck_assert_ptr_null(it->obj[0]);
	snprintf(page, sizeof(page), "/en/projects/%s", it->slug);
	snprintf(md, sizeof(md), "/projects/%s.md", it->slug);
	snprintf(api, sizeof(api), "/api/v1/projects/%s", it->slug);
	before[0] = answer_to("GET", page, NULL);
	ck_assert_int_eq(test_resp.status, 200);
	before[1] = answer_to("GET", md, NULL);
	before[2] = answer_to("GET", api, NULL);
	buf_init(&b);
	buf_init(&again);
	snap_writer(&s, &b, NULL);
	ck_assert_ptr_eq(content_snap(&s, live, test_app.langs), live);
	ck_assert_msg(snap_ok(&s), "not written: %s", s.why);
	ck_assert_ptr_nonnull(copy = malloc(b.len));
	memcpy(copy, b.data, b.len);
	snap_reader(&s, copy, b.len);
	got = content_snap(&s, NULL, test_app.langs);
	ck_assert_msg(snap_ok(&s), "refused: %s", s.why);
	ck_assert_ptr_nonnull(got);
	ck_assert_uint_eq(s.pos, b.len);
	snap_writer(&s, &again, NULL);
	(void)content_snap(&s, got, test_app.langs);
	ck_assert_uint_eq(again.len, b.len);
	ck_assert_mem_eq(again.data, b.data, b.len);
	test_app.model = got;
	after = answer_to("GET", page, NULL);
	ck_assert_str_eq(after, before[0]);
	free(after);
	after = answer_to("GET", md, NULL);
	ck_assert_str_eq(after, before[1]);
	free(after);
	after = answer_to("GET", api, NULL);
	ck_assert_str_eq(after, before[2]);
	free(after);
	test_app.model = live;
	content_free(got);
	for (i = 0; i < 3; i++)
		free(before[i]);

	/* the first project's slug, cut by a NUL (its length kept) */
	ck_assert_ptr_nonnull(at = memmem(copy, b.len, it->slug,
	    strlen(it->slug) + 1));
	copy[at - (const char *)copy + 2] = '\0';
	snap_reader(&s, copy, b.len);
	ck_assert_ptr_null(content_snap(&s, NULL, test_app.langs));
	ck_assert_str_eq(s.why, "an empty slug, or one with a NUL inside");
	memcpy(copy, b.data, b.len);
	/* its JSON in the second language gone: the length before it 0 */
	ck_assert_ptr_nonnull(at = memmem(copy, b.len, it->json[1],
	    it->json_len[1] + 1));
	memset(copy + (at - (const char *)copy) - 8, 0, 8);
	snap_reader(&s, copy, b.len);
	ck_assert_ptr_null(content_snap(&s, NULL, test_app.langs));
	ck_assert_str_eq(s.why, "an item without its JSON in a language of "
	    "the site, or with one in another");
	free(copy);
	buf_free(&b);
	buf_free(&again);
}
END_TEST

static Suite *
suite(void)
{
	Suite	*s = suite_create("snapshot");
	TCase	*tc = tcase_create("visitors");

	tcase_add_unchecked_fixture(tc, testenv_setup, testenv_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, failed_write_keeps_prerender);
	tcase_add_test(tc, failed_write_keeps_mcp);
	tcase_add_test(tc, failed_write_keeps_site);
	tcase_add_test(tc, count_beyond_the_end);
	tcase_add_test(tc, search_text_with_a_nul);
	tcase_add_test(tc, model_round_trip);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
