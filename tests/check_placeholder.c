/*
 * check_placeholder.c: the values that must not go live (src/content/
 * placeholder.c, issue 44): a TODO in capitals, a host of RFC 2606's
 * example.org, example.com or example.net or their subdomains, in any
 * case, and a host under ".example" unless the site is fictional.  The
 * black-box --check and --strict runs hold the warnings' presence; the
 * rule itself, its lookalikes, and the file, path and line each warning
 * names are held here.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "content/placeholder.h"

#define TODO	"TODO"
#define RFC	"an example.org/.com/.net host (RFC 2606)"
#define TLD	"a .example host (RFC 2606)"

static const struct {
	const char *s;
	int	 fictional;
	const char *want;	/* NULL: no placeholder */
} cases[] = {
	/* TODO: the word, in capitals only. */
	{ "TODO", 0, TODO },
	{ "TODO: write the summary", 0, TODO },
	{ "Skills (TODO).", 0, TODO },
	{ "TODO", 1, TODO },
	{ "todo", 0, NULL },
	{ "Todo", 0, NULL },
	{ "todos", 0, NULL },
	{ "TODOS", 0, NULL },
	{ "MASTODON", 0, NULL },
	{ "a TODOLIST", 0, NULL },
	/* RFC 2606's second-level names and their subdomains. */
	{ "example.com", 0, RFC },
	{ "example.org", 1, RFC },
	{ "www.example.net", 0, RFC },
	{ "a.b.example.org", 1, RFC },
	{ "EXAMPLE.COM", 0, RFC },
	{ "Www.Example.Org", 0, RFC },
	/* As a sentence, an e-mail address and a URL hold them. */
	{ "See example.org.", 0, RFC },
	{ "ana@example.com", 0, RFC },
	{ "mailto:ana@mail.example.net", 1, RFC },
	{ "https://example.com:8443/cv?x=1#top", 0, RFC },
	{ "http://www.example.org/a/b.pdf", 0, RFC },
	/* Lookalikes: other names that contain or start with them. */
	{ "example.organic.com", 0, NULL },
	{ "myexample.com", 0, NULL },
	{ "exampleXcom", 0, NULL },
	{ "example-site.com", 0, NULL },
	{ "example.com.au", 0, NULL },
	{ "ana@example.community", 0, NULL },
	{ "https://example.co/", 0, NULL },
	{ "example", 0, NULL },
	/* The .example top-level domain, unless the site is fictional. */
	{ "ana.example", 0, TLD },
	{ "https://ana.example/cv", 0, TLD },
	{ "ana@MAIL.EXAMPLE", 0, TLD },
	{ "ana.example", 1, NULL },
	{ "https://ana.example/cv", 1, NULL },
	{ "ana.examples", 0, NULL },
	{ "ana.example-x.org", 0, NULL },
	/* Real values. */
	{ "", 0, NULL },
	{ "Ana Pérez, engineer at Acme", 0, NULL },
	{ "https://ana.dev/cv", 0, NULL },
};

START_TEST(placeholder_rule)
{
	const char *why;

	why = placeholder_why(cases[_i].s, cases[_i].fictional);
	if (cases[_i].want == NULL)
		ck_assert_msg(why == NULL, "\"%s\" (fictional %d): %s",
		    cases[_i].s, cases[_i].fictional, why);
	else {
		ck_assert_msg(why != NULL, "\"%s\" (fictional %d) passed",
		    cases[_i].s, cases[_i].fictional);
		ck_assert_str_eq(why, cases[_i].want);
	}
}
END_TEST

/* A tree: each placeholder string once, at its path, in tree order. */
START_TEST(placeholder_json)
{
	cJSON	*doc;
	struct buf out;
	char	 long_s[128];
	int	 n;

	memset(long_s, 'x', 100);
	memcpy(long_s + 100, " TODO", 6);
	doc = cJSON_Parse("{\"name\":\"Ana\",\"email\":\"ana@example.com\","
	    "\"n\":3,\"ok\":true,\"todo\":null,\"profiles\":[{\"url\":"
	    "\"https://ana.dev/\"},{\"url\":\"https://ana.example/\"},"
	    "{\"url\":\"https://example.org/ana\"}],\"TODO\":\"done\","
	    "\"deep\":{\"a\":[[\"x\",\"TODO\"]]}}");
	ck_assert_ptr_nonnull(doc);
	cJSON_AddStringToObject(doc, "summary", long_s);
	buf_init(&out);
	n = placeholder_scan_json(doc, "content/profile.json", "", 0, &out);
	ck_assert_int_eq(n, 5);
	ck_assert_str_eq(buf_cstr(&out),
	    "content/profile.json: email: \"ana@example.com\" (" RFC ")\n"
	    "content/profile.json: profiles[1].url: "
	    "\"https://ana.example/\" (" TLD ")\n"
	    "content/profile.json: profiles[2].url: "
	    "\"https://example.org/ana\" (" RFC ")\n"
	    "content/profile.json: deep.a[0][1]: \"TODO\" (TODO)\n"
	    "content/profile.json: summary: \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...\" "
	    "(TODO)\n");

	/* Fictional: the .example host is meant. */
	buf_reset(&out);
	n = placeholder_scan_json(doc, "p.json", "", 1, &out);
	ck_assert_int_eq(n, 4);
	ck_assert_ptr_null(strstr(buf_cstr(&out), "ana.example"));

	/* Under a path: an item of a collection. */
	buf_reset(&out);
	n = placeholder_scan_json(cJSON_GetObjectItem(doc, "profiles"),
	    "content/profiles.json", "[2]", 0, &out);
	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(buf_cstr(&out),
	    "content/profiles.json: [2][1].url: \"https://ana.example/\" ("
	    TLD ")\n"
	    "content/profiles.json: [2][2].url: \"https://example.org/ana\" "
	    "(" RFC ")\n");
	buf_free(&out);
	cJSON_Delete(doc);
}
END_TEST

/* A string as the whole document; no string at all. */
START_TEST(placeholder_json_top)
{
	cJSON	*doc;
	struct buf out;

	buf_init(&out);
	doc = cJSON_CreateString("TODO");
	ck_assert_int_eq(placeholder_scan_json(doc, "f.json", "", 0, &out),
	    1);
	ck_assert_str_eq(buf_cstr(&out), "f.json: (top level): \"TODO\" "
	    "(TODO)\n");
	cJSON_Delete(doc);
	buf_reset(&out);
	doc = cJSON_Parse("[1,true,null,{\"example.com\":2}]");
	ck_assert_int_eq(placeholder_scan_json(doc, "f.json", "", 0, &out),
	    0);
	ck_assert_uint_eq(out.len, 0);
	cJSON_Delete(doc);
	buf_free(&out);
}
END_TEST

/* Markdown: one line a warning, numbered from 1, empty lines counted. */
START_TEST(placeholder_text)
{
	struct buf out;
	const char *md = "# Ana\n\nTODO: write this.\nMail ana@example.com "
	    "or TODO\nSee https://ana.example/.\nTodo: nothing.";

	buf_init(&out);
	ck_assert_int_eq(placeholder_scan_text(md, "pages/about.en.md", 0,
	    &out), 3);
	ck_assert_str_eq(buf_cstr(&out),
	    "pages/about.en.md: line 3: \"TODO: write this.\" (TODO)\n"
	    "pages/about.en.md: line 4: \"Mail ana@example.com or TODO\" "
	    "(TODO)\n"
	    "pages/about.en.md: line 5: \"See https://ana.example/.\" ("
	    TLD ")\n");
	buf_reset(&out);
	ck_assert_int_eq(placeholder_scan_text(md, "a.md", 1, &out), 2);
	ck_assert_ptr_null(strstr(buf_cstr(&out), "line 5"));
	buf_reset(&out);
	ck_assert_int_eq(placeholder_scan_text("", "a.md", 0, &out), 0);
	ck_assert_int_eq(placeholder_scan_text("\n\nok\n", "a.md", 0, &out),
	    0);
	ck_assert_uint_eq(out.len, 0);
	buf_free(&out);
}
END_TEST

/*
 * A markdown paragraph is one line, however long: a placeholder is found
 * anywhere in it, and nothing is made of where a line would be cut.
 */
START_TEST(placeholder_text_long)
{
	struct buf out;
	char	*md;
	size_t	 n = 3000;

	ck_assert_ptr_nonnull(md = malloc(n + 32));
	memset(md, 'a', n);
	strcpy(md + n, " TODO\nok\n");
	buf_init(&out);
	ck_assert_int_eq(placeholder_scan_text(md, "a.md", 0, &out), 1);
	ck_assert_ptr_nonnull(strstr(buf_cstr(&out), "a.md: line 1: \"aaa"));
	ck_assert_ptr_nonnull(strstr(buf_cstr(&out), "aaa...\" (TODO)\n"));
	/* "example.community" with its "munity" past byte 1023. */
	buf_reset(&out);
	memset(md, 'a', n);
	memcpy(md + 1011, " example.community\n", 20);
	ck_assert_int_eq(placeholder_scan_text(md, "a.md", 0, &out), 0);
	buf_free(&out);
	free(md);
}
END_TEST

static Suite *
placeholder_suite(void)
{
	Suite	*s = suite_create("placeholder");
	TCase	*tc = tcase_create("placeholder");

	tcase_add_loop_test(tc, placeholder_rule, 0,
	    (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, placeholder_json);
	tcase_add_test(tc, placeholder_json_top);
	tcase_add_test(tc, placeholder_text);
	tcase_add_test(tc, placeholder_text_long);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(placeholder_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
