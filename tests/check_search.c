/*
 * check_search.c: folding, query terms and snippet cutting of the
 * search, and the searchContent endpoint through the whole handler
 * (scoring and the index: check_search_index.c).
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>

#include <cjson/cJSON.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include "api/search.h"
#include "testenv.h"

/* --- Folding ------------------------------------------------------------ */

static char *
fold(const char *s)
{
	static char out[1024];
	struct buf f;
	size_t	 n;

	buf_init(&f);
	ck_assert_int_eq(search_fold_buf(s, strlen(s), &f, NULL), 0);
	n = f.len;
	ck_assert_uint_lt(n, sizeof(out));
	memcpy(out, f.data, n);
	out[n] = '\0';
	ck_assert_uint_eq(strlen(out), n);
	buf_free(&f);
	return out;
}

START_TEST(fold_examples)
{
	static const struct {
		const char *in, *want;
	} t[] = {
		{ "Educación", "educacion" },
		{ "EDUCACION", "educacion" },
		{ "EDUCACIÓN", "educacion" },
		{ "educacio\xcc\x81n", "educacion" },	/* o + U+0301 */
		{ "diseño", "diseno" },
		{ "dise\xc3\xb1o", "diseno" },
		{ "disen\xcc\x83o", "diseno" },		/* n + U+0303 */
		{ "Migración", "migracion" },
		{ "Ａｎｄｒｏｉｄ", "android" },		/* full width */
		{ "Straße", "strasse" },		/* full folding */
		{ "STRASSE", "strasse" },
		{ "İstanbul", "istanbul" },		/* Turkish dotted I */
		{ "I\xcc\x87stanbul", "istanbul" },	/* I + U+0307 */
		{ "ıI", "ıi" },				/* dotless i stays */
		{ "ﬁcha ﬂujo", "ficha flujo" },		/* ligatures */
		{ "Ǆemal", "dzemal" },
		{ "Ⅻ ㎒", "xii mhz" },
		{ "ΣΟΦΊΑ σοφία", "σοφια σοφια" },
		{ "Çağrı Ünlü", "cagrı unlu" },
		{ "co\xc2\xadop", "coop" },		/* soft hyphen */
		{ "a\xc2\xa0" "b", "a b" },		/* NBSP */
		{ "", "" },
		{ "C++ & Node.js", "c++ & node.js" },
	};
	size_t	 i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		ck_assert_msg(strcmp(fold(t[i].in), t[i].want) == 0,
		    "fold(%s) = '%s', want '%s'", t[i].in, fold(t[i].in),
		    t[i].want);
}
END_TEST

/*
 * Spellings that fold alike beyond marks and case: hiragana and
 * katakana, half and full width, the Arabic tatweel, alef forms and
 * harakat, the Hebrew niqqud (SEARCH_FOLD_RULES and the marks).
 */
START_TEST(fold_scripts)
{
	static const struct {
		const char *a, *b;
	} t[] = {
		{ "こーぱす", "コーパス" },
		{ "ｺｰﾊﾟｽ", "コーパス" },
		{ "がくしゅう", "ガクシュウ" },
		{ "ＡＩ", "ai" },
		{ "深層学習", "深層学習" },
		{ "العربيـــة", "العربية" },		/* tatweel */
		{ "أحمد", "احمد" },			/* hamza above */
		{ "إسلام", "اسلام" },			/* hamza below */
		{ "آمن", "امن" },			/* madda */
		{ "ٱلكتاب", "الكتاب" },			/* wasla */
		{ "كِتَابٌ", "كتاب" },			/* harakat */
		{ "שָׁלוֹם", "שלום" },			/* niqqud */
	};
	char	*fa;
	size_t	 i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		ck_assert_ptr_nonnull(fa = strdup(fold(t[i].a)));
		ck_assert_msg(strcmp(fa, fold(t[i].b)) == 0,
		    "fold(%s) = '%s', fold(%s) = '%s'", t[i].a, fa, t[i].b,
		    fold(t[i].b));
		free(fa);
	}
	/* Kana and Arabic letters stay themselves otherwise. */
	ck_assert_ptr_nonnull(fa = strdup(fold("コーパス")));
	ck_assert_str_ne(fa, fold("コーヒー"));
	free(fa);
	ck_assert_ptr_nonnull(fa = strdup(fold("كتاب")));
	ck_assert_str_ne(fa, fold("كتب"));
	free(fa);
}
END_TEST

/*
 * Marks that make the word are kept: in Thai and the Indic scripts a
 * nonspacing mark is a vowel, a tone or a nukta, so folding keeps it
 * (by the script ICU gives the mark, or the letter it decomposes
 * from); Latin, Greek and Cyrillic accents still fold.
 */
START_TEST(fold_keeps_marks_that_make_the_word)
{
	static const struct {
		const char *a, *b;
	} differ[] = {
		{ "ขาว", "ข้าว" },		/* white, rice: the tone mark */
		{ "กา", "กี" },			/* a vowel sign (Mn) */
		{ "चना", "चुनाव" },		/* chickpea, election */
		{ "जिला", "ज़िला" },		/* the nukta */
		{ "कम", "कंम" },		/* anusvara */
		{ "নদী", "নদি" },		/* Bengali vowel signs */
	}, same[] = {
		/* ज़ precomposed (U+095B), ज + nukta, NFC and NFD */
		{ "\xe0\xa5\x9b\xe0\xa4\xbf\xe0\xa4\xb2\xe0\xa4\xbe",
		  "\xe0\xa4\x9c\xe0\xa4\xbc\xe0\xa4\xbf\xe0\xa4\xb2"
		  "\xe0\xa4\xbe" },
		{ "ΆΘΗΝΑ", "αθηνα" },		/* Greek accents fold */
		{ "Ёлка", "елка" },		/* Cyrillic diaeresis folds */
		{ "e\xcc\x81t\xc3\xa9", "ete" },	/* Latin, NFD and NFC */
		{ "ガ", "カ" },			/* the kana voicing mark */
	};
	char	*fa;
	size_t	 i;

	for (i = 0; i < sizeof(differ) / sizeof(differ[0]); i++) {
		ck_assert_ptr_nonnull(fa = strdup(fold(differ[i].a)));
		ck_assert_msg(strcmp(fa, fold(differ[i].b)) != 0,
		    "fold(%s) = fold(%s) = '%s'", differ[i].a, differ[i].b,
		    fa);
		free(fa);
	}
	for (i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
		ck_assert_ptr_nonnull(fa = strdup(fold(same[i].a)));
		ck_assert_msg(strcmp(fa, fold(same[i].b)) == 0,
		    "fold(%s) = '%s', fold(%s) = '%s'", same[i].a, fa,
		    same[i].b, fold(same[i].b));
		free(fa);
	}
	/* The tone mark is kept in place, not moved or doubled. */
	ck_assert_str_eq(fold("ข้าว"), "ข้าว");
	ck_assert_str_eq(fold("चुनाव"), "चुनाव");
}
END_TEST

START_TEST(fold_map_points_back_to_the_original)
{
	struct buf f, map;
	/* "aÑb": a at 0, Ñ at 1..2, b at 3. */
	static const uint32_t want1[] = { 0, 1, 3, 4 };
	/* "ßx": both s from 0, x at 2. */
	static const uint32_t want2[] = { 0, 0, 2, 3 };
	/* "e" U+0301 "z": the dropped mark leaves no folded byte. */
	static const uint32_t want3[] = { 0, 3, 4 };

	buf_init(&f);
	buf_init(&map);
	ck_assert_int_eq(search_fold_buf("aÑb", 4, &f, &map), 0);
	ck_assert_str_eq(f.data, "anb");
	ck_assert_uint_eq(map.len, sizeof(want1));
	ck_assert_mem_eq(map.data, want1, sizeof(want1));
	/* The buffers are reused: emptied first. */
	ck_assert_int_eq(search_fold_buf("ßx", 3, &f, &map), 0);
	ck_assert_str_eq(f.data, "ssx");
	ck_assert_uint_eq(map.len, sizeof(want2));
	ck_assert_mem_eq(map.data, want2, sizeof(want2));
	ck_assert_int_eq(search_fold_buf("e\xcc\x81z", 4, &f, &map), 0);
	ck_assert_str_eq(f.data, "ez");
	ck_assert_uint_eq(f.len, 2);
	ck_assert_uint_eq(map.len, sizeof(want3));
	ck_assert_mem_eq(map.data, want3, sizeof(want3));
	buf_free(&f);
	buf_free(&map);
}
END_TEST

START_TEST(fold_rejects_invalid_utf8)
{
	struct buf f;

	buf_init(&f);
	ck_assert_int_eq(search_fold_buf("a\xc3(", 3, &f, NULL), -1);
	ck_assert_int_eq(search_fold_buf("\xff", 1, &f, NULL), -1);
	buf_free(&f);
}
END_TEST

/* --- Query terms -------------------------------------------------------- */

static enum search_qstatus
parse(struct search_query *q, const char *s)
{
	return search_query_parse(q, s, strlen(s));
}

START_TEST(terms_split_on_any_white_space_and_dedup)
{
	struct search_query q;

	/* Tab, ideographic space U+3000, NBSP; three spellings of one
	 * term count once. */
	ck_assert_int_eq(parse(&q, "  Diseño\tdiseno  DISEN\xcc\x83O  "
	    "nube\xe3\x80\x80" "cloud\xc2\xa0x "), SEARCH_Q_OK);
	ck_assert_uint_eq(q.nterms, 4);
	ck_assert_int_eq((int)q.term[0].len, 6);
	ck_assert_mem_eq(q.term[0].s, "diseno", 6);
	ck_assert_mem_eq(q.term[1].s, "nube", 4);
	ck_assert_uint_eq(q.term[1].len, 4);
	ck_assert_mem_eq(q.term[2].s, "cloud", 5);
	ck_assert_uint_eq(q.term[3].len, 1);
	ck_assert_mem_eq(q.term[3].s, "x", 1);
	search_query_free(&q);

	ck_assert_int_eq(parse(&q, "kubernetes"), SEARCH_Q_OK);
	ck_assert_uint_eq(q.nterms, 1);
	search_query_free(&q);
}
END_TEST

START_TEST(terms_empty_and_too_many)
{
	struct search_query q;
	char	 s[512];
	int	 i;

	ck_assert_int_eq(parse(&q, "   "), SEARCH_Q_EMPTY);
	search_query_free(&q);
	ck_assert_int_eq(parse(&q, "\t\xe3\x80\x80\xc2\xa0"), SEARCH_Q_EMPTY);
	search_query_free(&q);
	/* A lone combining mark folds to nothing. */
	ck_assert_int_eq(parse(&q, "\xcc\x81 \xcc\x83"), SEARCH_Q_EMPTY);
	search_query_free(&q);

	/* 16 distinct terms are allowed, 17 are not. */
	s[0] = '\0';
	for (i = 0; i < 16; i++)
		snprintf(s + strlen(s), sizeof(s) - strlen(s), "t%d ", i);
	ck_assert_int_eq(parse(&q, s), SEARCH_Q_OK);
	ck_assert_uint_eq(q.nterms, 16);
	search_query_free(&q);
	strcat(s, "t16");
	ck_assert_int_eq(parse(&q, s), SEARCH_Q_TOO_MANY);
	search_query_free(&q);

	/* Repeats do not count against the bound. */
	s[0] = '\0';
	for (i = 0; i < 40; i++)
		strcat(s, "a A á ");
	ck_assert_int_eq(parse(&q, s), SEARCH_Q_OK);
	ck_assert_uint_eq(q.nterms, 1);
	search_query_free(&q);
}
END_TEST

/* --- Scoring on the fixture --------------------------------------------- */

START_TEST(excerpt_multibyte)
{
	struct buf t;
	char	 out[4 * SEARCH_SNIPPET_MAX + 8];
	const char *at, *body;
	size_t	 n, i;

	/* 100 words of 2-byte letters, the target in the middle. */
	buf_init(&t);
	for (i = 0; i < 100; i++)
		buf_puts(&t, i == 50 ? "ÉXITO " : "ñandú ");
	at = strstr(buf_cstr(&t), "ÉXITO");
	n = search_excerpt(t.data, t.len, (size_t)(at - t.data),
	    (size_t)(at - t.data) + 6, out, sizeof(out));
	ck_assert_uint_eq(n, strlen(out));
	ck_assert(utf8_valid(out, n));
	ck_assert_uint_le(test_code_points(out), SEARCH_SNIPPET_MAX);
	ck_assert_uint_ge(test_code_points(out), SEARCH_SNIPPET_MAX - 8);
	ck_assert_ptr_nonnull(strstr(out, "ÉXITO"));
	/* Cut at word boundaries: whole words between the ellipses. */
	ck_assert(strncmp(out, "…ñandú ", strlen("…ñandú ")) == 0);
	ck_assert_str_eq(out + n - strlen(" ñandú…"), " ñandú…");
	/* About SNIPPET_LEAD characters of context before the match. */
	body = out + 3;
	ck_assert_uint_le(test_code_points(body) - test_code_points(strstr(body, "ÉXITO")), 41);
	ck_assert_uint_ge(test_code_points(body) - test_code_points(strstr(body, "ÉXITO")), 30);

	/* Near the start: no leading ellipsis. */
	n = search_excerpt(t.data, t.len, 0, 7, out, sizeof(out));
	ck_assert(strncmp(out, "ñandú ñandú", strlen("ñandú ñandú")) == 0);
	ck_assert_str_eq(out + n - strlen("ñandú…"), "ñandú…");
	ck_assert_uint_le(test_code_points(out), SEARCH_SNIPPET_MAX);

	/* Near the end: the window slides back to fill the room. */
	n = search_excerpt(t.data, t.len, t.len - 7, t.len - 1, out,
	    sizeof(out));
	ck_assert(strncmp(out, "…ñandú", strlen("…ñandú")) == 0);
	ck_assert_str_eq(out + n - strlen(" ñandú"), " ñandú");
	ck_assert_uint_le(test_code_points(out), SEARCH_SNIPPET_MAX);
	ck_assert_uint_ge(test_code_points(out), SEARCH_SNIPPET_MAX - 8);
	buf_free(&t);
}
END_TEST

START_TEST(excerpt_without_spaces_cuts_between_code_points)
{
	struct buf t;
	char	 out[4 * SEARCH_SNIPPET_MAX + 8];
	size_t	 n, i, at;

	/* 400 characters of 3- and 4-byte code points, no space. */
	buf_init(&t);
	for (i = 0; i < 200; i++)
		buf_puts(&t, "語😀");
	at = 100 * 7;
	n = search_excerpt(t.data, t.len, at, at + 3, out, sizeof(out));
	ck_assert(utf8_valid(out, n));
	ck_assert_uint_eq(test_code_points(out), SEARCH_SNIPPET_MAX);
	ck_assert(strncmp(out, "…語", strlen("…語")) == 0);
	ck_assert_str_eq(out + n - 3, "…");
	buf_free(&t);

	/* Exactly SEARCH_SNIPPET_MAX characters: whole, no ellipsis. */
	buf_init(&t);
	for (i = 0; i < SEARCH_SNIPPET_MAX; i++)
		buf_puts(&t, "é");
	n = search_excerpt(t.data, t.len, 20, 22, out, sizeof(out));
	ck_assert_uint_eq(n, t.len);
	ck_assert_str_eq(out, t.data);
	/* One more: cut. */
	buf_puts(&t, "é");
	n = search_excerpt(t.data, t.len, 20, 22, out, sizeof(out));
	ck_assert_uint_eq(test_code_points(out), SEARCH_SNIPPET_MAX);
	ck_assert(utf8_valid(out, n));
	buf_free(&t);

	/* Too small an output buffer is refused. */
	ck_assert_uint_eq(search_excerpt("abc", 3, 0, 1, out, 10), 0);
}
END_TEST

/* --- The endpoint ------------------------------------------------------- */

static void
endpoint_setup(void)
{
	test_cfg.content_dir = TEST_FIXTURE_DIR;
	testenv_setup();
}

static cJSON *
body_json(void)
{
	cJSON	*j = cJSON_Parse(test_body());

	ck_assert_msg(j != NULL, "body is not JSON: %s",
	    test_body());
	return j;
}

START_TEST(endpoint_result_shape_and_meta)
{
	cJSON	*j, *d, *h, *m;
	static const char *const keys[] = { "type", "slug", "title",
	    "snippet", "url", "score" };
	size_t	 i;

	run("GET", "/api/v1/search", "q=kubernetes&limit=2", NULL, NULL,
	    NULL);
	ck_assert_int_eq(test_resp.status, 200);
	ck_assert(has_header("Content-Type", TYPE_JSON));
	ck_assert(has_header("Content-Language", "es"));
	j = body_json();
	d = cJSON_GetObjectItem(j, "data");
	ck_assert_int_eq(cJSON_GetArraySize(d), 2);
	h = cJSON_GetArrayItem(d, 0);
	ck_assert_int_eq(cJSON_GetArraySize(h), 6);
	for (i = 0; i < 6; i++)
		ck_assert_str_eq(cJSON_GetArrayItem(h, (int)i)->string,
		    keys[i]);
	ck_assert_str_eq(cJSON_GetObjectItem(h, "type")->valuestring,
	    "skill");
	ck_assert_str_eq(cJSON_GetObjectItem(h, "slug")->valuestring, "nube");
	ck_assert_str_eq(cJSON_GetObjectItem(h, "url")->valuestring,
	    TEST_BASE "/api/v1/skills");
	ck_assert_int_eq(cJSON_GetObjectItem(h, "score")->valueint, 2);
	m = cJSON_GetObjectItem(j, "meta");
	ck_assert_int_eq(cJSON_GetObjectItem(m, "count")->valueint, 2);
	ck_assert_int_eq(cJSON_GetObjectItem(m, "total")->valueint, 3);
	ck_assert_int_eq(cJSON_GetObjectItem(m, "limit")->valueint, 2);
	ck_assert_int_eq(cJSON_GetObjectItem(m, "offset")->valueint, 0);
	ck_assert_str_eq(cJSON_GetObjectItem(m, "self")->valuestring,
	    TEST_BASE "/api/v1/search?q=kubernetes&limit=2");
	cJSON_Delete(j);

	run("GET", "/api/v1/search", "q=zanahoria", NULL, NULL, NULL);
	ck_assert_int_eq(test_resp.status, 200);
	ck_assert_str_eq(test_body(), "{\"data\":[],\"meta\":{"
	    "\"count\":0,\"total\":0,\"limit\":10,\"offset\":0,\"self\":\""
	    TEST_BASE "/api/v1/search?q=zanahoria\",\"source\":\"" TEST_BASE
	    "/\",\"documentation_url\":\"" TEST_BASE "/developers\"}}");
}
END_TEST

START_TEST(endpoint_errors)
{
	static const struct {
		const char *query;
		const char *code;
	} t[] = {
		{ NULL, "invalid_parameter" },
		{ "limit=5", "invalid_parameter" },
		{ "q=", "invalid_parameter" },
		{ "q=+++", "invalid_parameter" },
		{ "q=%E3%80%80%09", "invalid_parameter" },
		{ "q=a+b+c+d+e+f+g+h+i+j+k+l+m+n+o+p+q", "invalid_parameter" },
		{ "q=a&q=b", "invalid_parameter" },
		{ "q=a&limit=0", "invalid_parameter" },
		{ "q=a&limit=51", "invalid_parameter" },
		{ "q=%C3%28", "bad_request" },
		{ "q=a%00b", "bad_request" },
	};
	size_t	 i;
	cJSON	*j, *e;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		run("GET", "/api/v1/search", t[i].query, NULL, NULL, NULL);
		ck_assert_msg(test_resp.status == 400, "%s: %d", t[i].query,
		    test_resp.status);
		j = body_json();
		e = cJSON_GetObjectItem(j, "error");
		ck_assert_str_eq(cJSON_GetObjectItem(e, "code")->valuestring,
		    t[i].code);
		if (strcmp(t[i].code, "invalid_parameter") == 0)
			ck_assert_msg(strstr(cJSON_GetObjectItem(e,
			    "message")->valuestring, "'q'") != NULL ||
			    strstr(cJSON_GetObjectItem(e,
			    "message")->valuestring, "'limit'") != NULL,
			    "%s", cJSON_GetObjectItem(e,
			    "message")->valuestring);
		cJSON_Delete(j);
	}
	/* 16 distinct terms, and 17 spellings of one, are fine. */
	run("GET", "/api/v1/search", "q=a+b+c+d+e+f+g+h+i+j+k+l+m+n+o+p",
	    NULL, NULL, NULL);
	ck_assert_int_eq(test_resp.status, 200);
	run("GET", "/api/v1/search", "q=a+A+a+A+a+A+a+A+a+A+a+A+a+A+a+A+a",
	    NULL, NULL, NULL);
	ck_assert_int_eq(test_resp.status, 200);
}
END_TEST

static Suite *
search_suite(void)
{
	Suite	*s = suite_create("search");
	TCase	*tc;

	tc = tcase_create("fold");
	tcase_add_test(tc, fold_examples);
	tcase_add_test(tc, fold_scripts);
	tcase_add_test(tc, fold_keeps_marks_that_make_the_word);
	tcase_add_test(tc, fold_map_points_back_to_the_original);
	tcase_add_test(tc, fold_rejects_invalid_utf8);
	suite_add_tcase(s, tc);

	tc = tcase_create("terms");
	tcase_add_test(tc, terms_split_on_any_white_space_and_dedup);
	tcase_add_test(tc, terms_empty_and_too_many);
	suite_add_tcase(s, tc);

	tc = tcase_create("excerpt");
	tcase_add_test(tc, excerpt_multibyte);
	tcase_add_test(tc, excerpt_without_spaces_cuts_between_code_points);
	suite_add_tcase(s, tc);

	tc = tcase_create("endpoint");
	tcase_add_checked_fixture(tc, endpoint_setup, testenv_teardown);
	tcase_add_test(tc, endpoint_result_shape_and_meta);
	tcase_add_test(tc, endpoint_errors);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(search_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
