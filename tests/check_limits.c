/*
 * check_limits.c: hostile content files get a clear refusal, in time
 * linear in their size (issue 35).  Each case failed on the code before:
 * the unknown and duplicate keys took quadratic time (past Check's
 * timeout), a control character in a key reached the message raw, a
 * character of 40 code points and a page nested 100 deep loaded (the
 * PDF and cmark then took minutes and gigabytes), and site.json's
 * base_url took control characters.
 */
#include "config.h"

#include <sys/stat.h>

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "content/content.h"
#include "demo_langs.h"
#include "http/encoding.h"
#include "content/settings.h"
#include "testenv.h"
#include "base/url.h"
#include "base/util.h"

static char tmpdir[256];

/* A copy of the demo content (its JSON and pages) in tmpdir. */
static void
setup(void)
{
	char	 cmd[700];

	snprintf(tmpdir, sizeof(tmpdir), "/tmp/perfil-limits-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	snprintf(cmd, sizeof(cmd), "cp -r '%s'/. '%s'/", TEST_CONTENT_DIR,
	    tmpdir);
	ck_assert_int_eq(system(cmd), 0);
}

static void
teardown(void)
{
	char	 cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
}

static void
write_bytes(const char *name, const char *text, size_t len)
{
	char	 path[512];
	FILE	*f;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	ck_assert_ptr_nonnull(f = fopen(path, "wb"));
	ck_assert_uint_eq(fwrite(text, 1, len, f), len);
	fclose(f);
}

static void
write_file(const char *name, const char *text)
{
	write_bytes(name, text, strlen(text));
}

/* The content is refused with a message holding want; returns it. */
static void
refused(const char *want)
{
	static char err[8192];

	err[0] = '\0';
	ck_assert_ptr_null(content_load(tmpdir, "http://h", NULL,
	    demo_labels(), err, sizeof(err)));
	ck_assert_msg(strstr(err, want) != NULL, "want \"%s\" in: %.600s",
	    want, err);
}

static void
loads(void)
{
	struct model *m;
	char	 err[4096] = "";

	m = content_load(tmpdir, "http://h", NULL, demo_labels(), err,
	    sizeof(err));
	ck_assert_msg(m != NULL, "%s", err);
	content_free(m);
}

/* 150,000 unknown keys (3 MB): refused at once, not after minutes. */
START_TEST(unknown_keys_linear)
{
	struct buf b;
	int	 i;

	buf_init(&b);
	buf_puts(&b, "{");
	for (i = 0; i < 150000; i++)
		buf_printf(&b, "%s\"unknown%06d\":1", i ? "," : "", i);
	buf_puts(&b, "}");
	ck_assert(!b.oom);
	write_bytes("profile.json", b.data, b.len);
	buf_free(&b);
	refused("profile.json: unknown000000: unknown field");
	refused("more problems");
}
END_TEST

/* A known key 100,000 times: every repeat a duplicate, found at once. */
START_TEST(duplicate_keys_linear)
{
	struct buf b;
	int	 i;

	buf_init(&b);
	buf_puts(&b, "{");
	for (i = 0; i < 100000; i++)
		buf_printf(&b, "%s\"name\":\"A B\"", i ? "," : "");
	buf_puts(&b, "}");
	ck_assert(!b.oom);
	write_bytes("profile.json", b.data, b.len);
	buf_free(&b);
	refused("profile.json: name: duplicate field");
	refused("more problems");
}
END_TEST

/* A control character in a key is escaped in the message (the log). */
START_TEST(key_control_characters_escaped)
{
	write_file("about.json", "{\"a\\r\\nb\\u0001\":1}");
	refused("about.json: a\\u000D\\u000Ab\\u0001: unknown field");
}
END_TEST

/*
 * One character (a base and its marks) of at most 32 code points; an
 * emoji family sequence and a few accents are fine.
 */
START_TEST(long_character_refused)
{
	struct buf b;
	int	 i;

	buf_init(&b);
	buf_puts(&b, "{\"headline\":{\"es\":\"a");
	for (i = 0; i < 40; i++)
		buf_puts(&b, "\xcc\x81");
	buf_puts(&b, "\",\"en\":\"x\"}}");
	write_bytes("profile.json", b.data, b.len);
	buf_free(&b);
	refused("profile.json: headline.es: a character (a base and its "
	    "combining marks) of more than 32 code points");
	ck_assert_uint_le(utf8_longest_cluster("a\xcc\x81\xcc\x81", 5, 32), 32);
	ck_assert_uint_eq(utf8_longest_cluster("a\xcc\x81\xcc\x81\xcc\x81",
	    7, 2), 3);
	ck_assert_uint_le(utf8_longest_cluster("plain", 5, 32), 32);
	/* man, ZWJ, woman, ZWJ, girl, ZWJ, boy: one character of 7 */
	ck_assert_uint_le(utf8_longest_cluster("\xf0\x9f\x91\xa8\xe2\x80\x8d"
	    "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7\xe2\x80\x8d"
	    "\xf0\x9f\x91\xa6", 25, 32), 32);
}
END_TEST

/* A page nested deeper than 32 on a line, or too much markup, or too
 * large, is refused before cmark builds it. */
START_TEST(page_limits)
{
	static char page[(1 << 20) + 64];
	size_t	 n;

	n = (size_t)snprintf(page, sizeof(page), "# T\n\n");
	memset(page + n, '>', 100);
	write_bytes("pages/lab.en.md", page, n + 100);
	refused("pages/lab.en.md: (top level): line 3: more than 32 block "
	    "quotes and list items nested on one line");
	memset(page + n, '*', 70000);
	write_bytes("pages/lab.en.md", page, n + 70000);
	refused("pages/lab.en.md: (top level): more than 65536 bytes of "
	    "markup");
	memset(page + n, 'a', sizeof(page) - n);
	write_bytes("pages/lab.en.md", page, sizeof(page));
	refused("pages/lab.en.md: (top level): a page is at most 1048576 "
	    "bytes");
	/* 1 MiB each of plain text: four pages are 4 MiB, one more byte
	 * is too many */
	for (n = 5; n < (1 << 20); n += 64)
		page[n] = '\n';
	write_bytes("pages/lab.en.md", page, 1 << 20);
	write_bytes("pages/lab.es.md", page, 1 << 20);
	write_bytes("pages/privacy.en.md", page, 1 << 20);
	write_bytes("pages/privacy.es.md", page, 1 << 20);
	loads();
	write_bytes("pages/talks.en.md", page, 100);
	write_bytes("pages/talks.es.md", page, 100);
	refused("the pages hold more than 4194304 bytes in all");
}
END_TEST

/* site.json's base_url: no control character of any kind. */
START_TEST(base_url_control_characters)
{
	static const char *const bad[] = { "\\u0001", "\\u001f", "\\u007f",
	    "\\u000b", "\\u001b" };
	struct settings *s;
	char	 json[200], err[512];
	size_t	 i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(json, sizeof(json), "{\"base_url\":\"https://a."
		    "example/x%sy\"}", bad[i]);
		write_file("site.json", json);
		err[0] = '\0';
		s = settings_load(tmpdir, err, sizeof(err));
		ck_assert_msg(s == NULL, "%s accepted", bad[i]);
		ck_assert_msg(strstr(err, "site.json: base_url: ") != NULL &&
		    (strstr(err, "expected an absolute http(s) URL") != NULL ||
		    strstr(err, "control character") != NULL), "%s", err);
	}
	write_file("site.json", "{\"base_url\":\"https://a.example/x/\"}");
	ck_assert_ptr_nonnull(s = settings_load(tmpdir, err, sizeof(err)));
	ck_assert_str_eq(s->base_url, "https://a.example/x");
	settings_free(s);
	ck_assert(url_check("https://a.example/\x7f", URL_BASE, NULL, 0) == -1);
	ck_assert(url_check("https:///x", URL_BASE, NULL, 0) == -1);
	ck_assert(url_check("http://a.example", URL_BASE, NULL, 0) == 0);
}
END_TEST

/* The owner's label values are text in the HTML: escaped. */
START_TEST(label_values_escaped)
{
	char	 path[512];
	const char *body;

	snprintf(path, sizeof(path), "%s/labels", tmpdir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	write_file("labels/en.json", "{\"nav.skip\":\"<script>alert(1)"
	    "</script>\",\"footer.api_status\":\"a&b\",\"nav.main\":"
	    "\"x\\\" onmouseover=\\\"y\",\"word.of\":\"<i>of\"}");
	test_cfg.content_dir = tmpdir;
	testenv_setup();
	run("GET", "/en/", NULL, NULL, NULL, NULL);
	body = test_body();
	ck_assert_int_eq(test_resp.status, 200);
	ck_assert_msg(strstr(body, "<script>alert") == NULL, "%s", body);
	ck_assert_ptr_nonnull(strstr(body, ">&lt;script&gt;alert(1)&lt;/"
	    "script&gt;</a>"));
	ck_assert_ptr_nonnull(strstr(body, ">a&amp;b</a>"));
	ck_assert_ptr_nonnull(strstr(body, "aria-label=\"x&quot; "
	    "onmouseover=&quot;y\""));
	ck_assert_ptr_nonnull(strstr(body, " &lt;i&gt;of "));
	testenv_teardown();
}
END_TEST

/* An unknown slug's 404 names the 20 nearest slugs, not all 1,000. */
START_TEST(unknown_slug_hint_bounded)
{
	char	 cmd[1200];
	const char *body;

	snprintf(cmd, sizeof(cmd), "jq '[range(1000) as $i | .[0] | .slug = "
	    "\"p\\($i)\"]' '%s/projects.json' >'%s/projects.json'",
	    TEST_CONTENT_DIR, tmpdir);
	ck_assert_int_eq(system(cmd), 0);
	test_cfg.content_dir = tmpdir;
	testenv_setup();
	run("GET", "/api/v1/projects/p99x", NULL, NULL, NULL, NULL);
	body = test_body();
	ck_assert_int_eq(test_resp.status, 404);
	ck_assert_msg(strlen(body) < 2048, "%zu bytes", strlen(body));
	ck_assert_msg(strstr(body, "nearest to it (20 of 1000): p99, p990, "
	    "p991, ") != NULL, "%s", body);
	ck_assert_ptr_nonnull(strstr(body, "/api/v1/projects."));
	testenv_teardown();
}
END_TEST

/* Media: the 16 MiB total is checked before a file is read, so the
 * fifth 4 MiB image is refused unread. */
START_TEST(media_total_before_reading)
{
	char	 cmd[1400];
	int	 i;

	for (i = 0; i < 5; i++) {
		snprintf(cmd, sizeof(cmd), "cp '%s/media/portrait.png' "
		    "'%s/media/p%d.png' && truncate -s 4000000 "
		    "'%s/media/p%d.png'", TEST_CONTENT_DIR, tmpdir, i, tmpdir,
		    i);
		ck_assert_int_eq(system(cmd), 0);
	}
	refused("bytes: the files would total more than the limit of "
	    "16777216 bytes (16 MiB)");
}
END_TEST

/*
 * A large answer kept only compressed (enc_shrink) is inflated once for
 * clients without gzip and kept, not inflated per request; a gzip
 * variant that does not inflate is an error the caller answers (-1),
 * not an empty 500.
 */
START_TEST(shrunk_answer_inflated_once)
{
	struct rendered r;
	struct request req;
	struct response resp;
	size_t	 i, len = ENC_LARGE * 2;
	char	*data;
	const char *first;

	ck_assert_ptr_nonnull(data = malloc(len + 1));
	for (i = 0; i < len; i++)
		data[i] = "abcdefgh\n"[i % 9];
	data[len] = '\0';
	memset(&r, 0, sizeof(r));
	ck_assert_int_eq(enc_keep(&r, data, len, "\"t\""), 0);
	enc_shrink(&r);
	ck_assert_ptr_null(r.data);
	memset(&req, 0, sizeof(req));
	resp_init(&resp);
	ck_assert_int_eq(enc_answer(&r, &req, &resp), 0);
	ck_assert_ptr_nonnull(first = resp.kept);
	ck_assert_uint_eq(resp.kept_len, len);
	ck_assert_int_eq(memcmp(first, "abcdefgh\nabc", 12), 0);
	ck_assert_ptr_eq(r.data, first);
	resp_free(&resp);
	resp_init(&resp);
	ck_assert_int_eq(enc_answer(&r, &req, &resp), 0);
	ck_assert_ptr_eq(resp.kept, first);	/* not inflated again */
	resp_free(&resp);
	/* a broken gzip variant */
	free(r.data);
	r.data = NULL;
	memset(r.cdata[CODING_GZIP] + 10, 0xff, 16);
	resp_init(&resp);
	ck_assert_int_eq(enc_answer(&r, &req, &resp), -1);
	ck_assert_ptr_null(resp.kept);
	resp_free(&resp);
	enc_free(&r);
}
END_TEST

static Suite *
limits_suite(void)
{
	Suite	*s = suite_create("limits");
	TCase	*tc = tcase_create("content");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 20);
	tcase_add_test(tc, unknown_keys_linear);
	tcase_add_test(tc, duplicate_keys_linear);
	tcase_add_test(tc, key_control_characters_escaped);
	tcase_add_test(tc, long_character_refused);
	tcase_add_test(tc, page_limits);
	tcase_add_test(tc, base_url_control_characters);
	tcase_add_test(tc, label_values_escaped);
	tcase_add_test(tc, unknown_slug_hint_bounded);
	tcase_add_test(tc, media_total_before_reading);
	tcase_add_test(tc, shrunk_answer_inflated_once);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(limits_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
