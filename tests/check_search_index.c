/*
 * check_search_index.c: the search index, scoring, tie-break and
 * snippets on the fixture content in tests/fixtures/search (scores
 * below are computed by hand from it), and the word-start postings
 * against a plain scan.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include "api/search.h"
#include "testenv.h"
#include "demo_langs.h"

static enum search_qstatus
parse(struct search_query *q, const char *s)
{
	return search_query_parse(q, s, strlen(s));
}

static struct model *fx_model;
static struct search_index *fx_index;

static void
fixture_setup(void)
{
	char	 err[1024];

	fx_model = content_load(TEST_FIXTURE_DIR, TEST_BASE, NULL,
	    demo_labels(), err, sizeof(err));
	ck_assert_msg(fx_model != NULL, "fixture: %s", err);
	fx_index = search_build(fx_model, TEST_BASE, err, sizeof(err));
	ck_assert_msg(fx_index != NULL, "index: %s", err);
}

/* The JSON Resume import of tests/resume/full.resume.json: every
 * collection, publications and interests included. */
static void
full_setup(void)
{
	char	 err[1024];

	fx_model = content_load(TEST_FIXTURE_DIR "/../full_resume", TEST_BASE,
	    NULL, demo_labels(), err, sizeof(err));
	ck_assert_msg(fx_model != NULL, "full_resume: %s", err);
	fx_index = search_build(fx_model, TEST_BASE, err, sizeof(err));
	ck_assert_msg(fx_index != NULL, "index: %s", err);
}

static void
fixture_teardown(void)
{
	search_free(fx_index);
	content_free(fx_model);
}

/*
 * Runs q in language l and compares the hits with want, a list of
 * "type slug title score" lines ended by NULL.
 */
static void
expect_hits(enum lang l, const char *qs, const char *const *want)
{
	struct search_query q;
	struct search_hit hits[64];
	char	 got[256];
	size_t	 i, n;

	ck_assert_uint_le(fx_index->len[l], 64);
	ck_assert_int_eq(parse(&q, qs), SEARCH_Q_OK);
	n = search_run(fx_index, l, &q, hits, 64);
	for (i = 0; i < n; i++) {
		snprintf(got, sizeof(got), "%s %s %s %d",
		    hits[i].doc->type, hits[i].doc->slug,
		    hits[i].doc->title.text, hits[i].score);
		ck_assert_msg(want[i] != NULL, "q=%s: unexpected hit %zu: %s",
		    qs, i, got);
		ck_assert_msg(strcmp(got, want[i]) == 0,
		    "q=%s: hit %zu is '%s', want '%s'", qs, i, got, want[i]);
	}
	ck_assert_msg(want[n] == NULL, "q=%s: %zu hits, missing '%s'", qs, n,
	    want[n]);
	search_query_free(&q);
}

/*
 * The reference search: every field of every document scanned for
 * every term (memmem, then the word-start test), as the index did
 * before it kept word-start postings.  search_run must find exactly
 * this: the same hits, scores, order and first-match spans.
 */
static int
ref_word_start(const char *fold, size_t pos)
{
	int32_t	 i = (int32_t)pos;
	UChar32	 c;

	if (pos == 0)
		return 1;
	U8_PREV(fold, 0, i, c);
	return c < 0 || !u_isalnum(c);
}

static size_t
ref_find(const struct search_field *f, const struct search_term *t)
{
	const char *p = f->fold, *end = f->fold + f->fold_len, *hit;

	while (p < end && (hit = memmem(p, (size_t)(end - p), t->s,
	    t->len)) != NULL) {
		if (ref_word_start(f->fold, (size_t)(hit - f->fold)))
			return (size_t)(hit - f->fold);
		p = hit + 1;
	}
	return SIZE_MAX;
}

static int
ref_cmp(const void *pa, const void *pb)
{
	const struct search_hit *a = pa, *b = pb;

	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return a->doc < b->doc ? -1 : a->doc > b->doc;
}

static size_t
ref_run(const struct search_index *ix, enum lang l,
    const struct search_query *q, struct search_hit *hits)
{
	struct search_hit h;
	size_t	 i, j, p, n = 0;

	for (i = 0; i < ix->len[l]; i++) {
		h.doc = &ix->docs[l][i];
		h.score = 0;
		h.title_at = h.title_end = h.body_at = h.body_end = SIZE_MAX;
		for (j = 0; j < q->nterms; j++) {
			if ((p = ref_find(&h.doc->title, &q->term[j])) !=
			    SIZE_MAX) {
				h.score += 2;
				if (p < h.title_at) {
					h.title_at = p;
					h.title_end = p + q->term[j].len;
				}
			}
			if ((p = ref_find(&h.doc->body, &q->term[j])) !=
			    SIZE_MAX) {
				h.score += 1;
				if (p < h.body_at) {
					h.body_at = p;
					h.body_end = p + q->term[j].len;
				}
			}
		}
		if (h.score > 0)
			hits[n++] = h;
	}
	qsort(hits, n, sizeof(*hits), ref_cmp);
	return n;
}

/* Runs qs both ways in language l and compares every hit. */
static void
expect_as_scan(enum lang l, const char *qs)
{
	struct search_query q;
	struct search_hit got[64], want[64], few[3];
	size_t	 i, k, n, m;

	if (parse(&q, qs) != SEARCH_Q_OK) {
		search_query_free(&q);
		return;
	}
	n = search_run(fx_index, l, &q, got, 64);
	m = ref_run(fx_index, l, &q, want);
	ck_assert_msg(n == m, "q=%s: %zu hits, the scan finds %zu", qs, n, m);
	for (i = 0; i < n; i++)
		ck_assert_msg(got[i].doc == want[i].doc &&
		    got[i].score == want[i].score &&
		    got[i].title_at == want[i].title_at &&
		    got[i].title_end == want[i].title_end &&
		    got[i].body_at == want[i].body_at &&
		    got[i].body_end == want[i].body_end,
		    "q=%s: hit %zu differs from the scan's", qs, i);
	/* With room for fewer: the same total, the best first. */
	for (k = 1; k <= 3; k++) {
		ck_assert_uint_eq(search_run(fx_index, l, &q, few, k), m);
		for (i = 0; i < k && i < m; i++)
			ck_assert_msg(few[i].doc == want[i].doc &&
			    few[i].body_at == want[i].body_at,
			    "q=%s: hit %zu of %zu differs", qs, i, k);
	}
	search_query_free(&q);
}

/*
 * The postings against the scan, on queries made of the fixture's own
 * text: from every word start of every title and body, the first 1, 2,
 * 3 and 6 bytes (whole code points; at a text's end, what is left),
 * alone and with the next word start's; plus letters, punctuation and
 * multibyte first letters.
 */
START_TEST(postings_agree_with_a_scan)
{
	static const char *const extra[] = { "a", "e", "s", "ñ", "é", "ı",
	    "σ", ".", "+", "-", "net", "asp.net", "c++", "0", "1 2 3",
	    "a b c d e f g h i j k l m n o p", "ss", "strasse", "zz" };
	const struct search_field *f;
	char	 qs[64], prev[16] = "", w[16] = "";
	size_t	 i, at, k, e;
	int	 l, side;
	static const size_t lens[] = { 1, 2, 3, 6 };

	for (l = 0; l < LANG__MAX; l++) {
		for (i = 0; i < sizeof(extra) / sizeof(extra[0]); i++)
			expect_as_scan((enum lang)l, extra[i]);
		for (i = 0; i < fx_index->len[l]; i++)
			for (side = 0; side < 2; side++) {
				f = side ? &fx_index->docs[l][i].body :
				    &fx_index->docs[l][i].title;
				for (at = 0; at < f->fold_len; at++) {
					if (((unsigned char)f->fold[at] &
					    0xc0) == 0x80 ||
					    !ref_word_start(f->fold, at))
						continue;
					for (k = 0; k < 4; k++) {
						e = at + lens[k];
						if (e > f->fold_len)
							e = f->fold_len;
						while (e < f->fold_len &&
						    ((unsigned char)f->fold[e] &
						    0xc0) == 0x80)
							e++;
						if (e - at >= sizeof(w))
							continue;
						memcpy(w, f->fold + at, e - at);
						w[e - at] = '\0';
						if (strchr(w, ' ') != NULL)
							continue;
						expect_as_scan((enum lang)l, w);
						snprintf(qs, sizeof(qs), "%s %s",
						    prev, w);
						expect_as_scan((enum lang)l, qs);
					}
					memcpy(prev, w, sizeof(prev));
				}
			}
	}
}
END_TEST

START_TEST(index_has_one_doc_per_item_and_skill)
{
	/* 2 projects + 1 job + 5 skills + 1 certification + 1
	 * recommendation; education, profile and about are not indexed. */
	ck_assert_uint_eq(fx_index->len[LANG_ES], 10);
	ck_assert_uint_eq(fx_index->len[LANG_EN], 10);
	ck_assert_str_eq(fx_index->docs[LANG_ES][5].title.text, "Kubernetes");
	ck_assert_str_eq(fx_index->docs[LANG_ES][5].slug, "nube");
	ck_assert_str_eq(fx_index->docs[LANG_ES][5].body.text,
	    "Nube y migración");
	ck_assert_str_eq(fx_index->docs[LANG_ES][0].body.text,
	    "Migración de servicios de educación a Kubernetes. · Go, "
	    "Kubernetes");
	ck_assert_str_eq(fx_index->docs[LANG_ES][2].body.text,
	    "Celosía Ingeniería, Sevilla · marzo de 2019 – actualidad · "
	    "Dirige la migración de sistemas heredados y el diseño de API.");
	ck_assert_str_eq(fx_index->docs[LANG_EN][8].body.text,
	    "Cloud Native Computing Foundation · March 2021");
	ck_assert_str_eq(fx_index->docs[LANG_EN][0].url,
	    TEST_BASE "/api/v1/projects/migracion-nube");
	ck_assert_str_eq(fx_index->docs[LANG_EN][2].url,
	    TEST_BASE "/api/v1/experience");
}
END_TEST

START_TEST(score_single_term)
{
	/* Title 2 + body 1 for the project; body 1 for the job, the
	 * skill category "Nube y migración" (both skills) and the
	 * recommendation.  Ties in type order, then content order. */
	static const char *const want[] = {
		"project migracion-nube Migración a la nube 3",
		"experience celosia-arquitecta Arquitecta de software 1",
		"skill nube Kubernetes 1",
		"skill nube Terraform 1",
		"recommendation ana-nunez Ana Núñez 1",
		NULL
	};

	expect_hits(LANG_ES, "migracion", want);
	expect_hits(LANG_ES, "MIGRACIÓN", want);
	expect_hits(LANG_ES, "Migracio\xcc\x81n", want);
	expect_hits(LANG_ES, "migra", want);	/* a word prefix */
}
END_TEST

START_TEST(score_two_terms)
{
	/* diseno-accesible: "diseno" in title (2), both terms in body
	 * (1 + 1) = 4; the recommendation has both in its comment = 2;
	 * migracion-nube has "educación" in its body = 1; the job has
	 * "diseño" in its body = 1. */
	static const char *const want[] = {
		"project diseno-accesible Diseño accesible 4",
		"recommendation ana-nunez Ana Núñez 2",
		"project migracion-nube Migración a la nube 1",
		"experience celosia-arquitecta Arquitecta de software 1",
		NULL
	};

	expect_hits(LANG_ES, "educacion diseno", want);
	expect_hits(LANG_ES, "Diseño  EDUCACIÓN diseño", want);
}
END_TEST

START_TEST(score_tie_break_by_type)
{
	/* Skill (title 2) before certification (title 2), both before
	 * the project that has Kubernetes twice in its body (1). */
	static const char *const want[] = {
		"skill nube Kubernetes 2",
		"certification kubernetes-cka Administradora de Kubernetes "
		    "certificada 2",
		"project migracion-nube Migración a la nube 1",
		NULL
	};

	expect_hits(LANG_ES, "kubernetes", want);
}
END_TEST

START_TEST(score_by_language)
{
	static const char *const design[] = {
		"project diseno-accesible Accessible design 3",
		"experience celosia-arquitecta Software architect 1",
		"recommendation ana-nunez Ana Núñez 1",
		NULL
	};
	static const char *const none[] = { NULL };
	static const char *const android[] = {
		"skill movil Ａｎｄｒｏｉｄ 2",
		NULL
	};
	static const char *const cloud_migration[] = {
		/* Title: both terms (4); body: neither. */
		"project migracion-nube Cloud migration 4",
		/* Category "Cloud and migration": 1 + 1 per skill. */
		"skill nube Kubernetes 2",
		"skill nube Terraform 2",
		/* Body 1 each, in type order: the job (migration), the
		 * certification (institution "Cloud Native ..."), the
		 * recommendation (migration). */
		"experience celosia-arquitecta Software architect 1",
		"certification kubernetes-cka Certified Kubernetes "
		    "Administrator 1",
		"recommendation ana-nunez Ana Núñez 1",
		NULL
	};

	expect_hits(LANG_EN, "design", design);
	expect_hits(LANG_EN, "diseno", none);	/* Spanish word, English text */
	expect_hits(LANG_ES, "design", none);
	expect_hits(LANG_ES, "android", android);
	expect_hits(LANG_EN, "ANDROID", android);
	expect_hits(LANG_EN, "cloud migration", cloud_migration);
}
END_TEST

START_TEST(matching_is_word_prefix)
{
	static const char *const none[] = { NULL };
	static const char *const api[] = {
		"experience celosia-arquitecta Arquitecta de software 1",
		NULL
	};

	/* Inside a word: no match (substring matching would find
	 * "educación", "migración", ...). */
	expect_hits(LANG_ES, "cion", none);
	expect_hits(LANG_ES, "ubernetes", none);
	/* Text outside the index: profile, about, education. */
	expect_hits(LANG_ES, "zanahoria", none);
	expect_hits(LANG_EN, "carrot", none);
	expect_hits(LANG_ES, "universidad", none);
	/* After punctuation a word starts. */
	expect_hits(LANG_ES, "api.", api);
}
END_TEST

START_TEST(snippet_of_hits)
{
	struct search_query q;
	struct search_hit hits[64];
	char	 out[4 * SEARCH_SNIPPET_MAX + 8];
	size_t	 n;

	/* Body first: the project's description, whole (short). */
	ck_assert_int_eq(parse(&q, "educacion"), SEARCH_Q_OK);
	n = search_run(fx_index, LANG_ES, &q, hits, 64);
	ck_assert_uint_eq(n, 3);
	search_snippet(&hits[0], out, sizeof(out));
	ck_assert_str_eq(out, "Migración de servicios de educación a "
	    "Kubernetes. · Go, Kubernetes");
	/* The long comment is cut around the match, accents intact. */
	ck_assert_str_eq(hits[2].doc->slug, "ana-nunez");
	search_snippet(&hits[2], out, sizeof(out));
	ck_assert_str_eq(out, "…y diseño fue excelente para la educación: "
	    "explicaba cada decisión, escribía documentación clara y cuidaba "
	    "a todo el equipo, incluso en las semanas más…");
	ck_assert_uint_le(test_code_points(out), SEARCH_SNIPPET_MAX);
	search_query_free(&q);

	/* Title only: the title. */
	ck_assert_int_eq(parse(&q, "administradora"), SEARCH_Q_OK);
	n = search_run(fx_index, LANG_ES, &q, hits, 64);
	ck_assert_uint_eq(n, 1);
	search_snippet(&hits[0], out, sizeof(out));
	ck_assert_str_eq(out, "Administradora de Kubernetes certificada");
	search_query_free(&q);
}
END_TEST

/* --- Snippet cutting ---------------------------------------------------- */

/*
 * Every collection with a title or body (resource.c's FIELD_TITLE,
 * FIELD_BODY) is searched: a word only in a publication's abstract, an
 * interest's keyword, a volunteer position's organization, an award's
 * awarder or a spoken language is found, its url the collection's.
 */
START_TEST(every_collection_is_searched)
{
	static const char *const abstract[] = {
		"publication incremental-models-at-scale Incremental models "
		    "at scale 1",
		NULL
	};
	static const char *const title[] = {
		"publication streaming-parcels-a-flink-case-study Streaming "
		    "parcels: a Flink case study 2",
		NULL
	};
	static const char *const keyword[] = {
		"interest cycling Cycling 1",
		NULL
	};
	static const char *const interest[] = {
		"interest board-games Board games 2",
		NULL
	};
	static const char *const language[] = {
		"spoken-language yoruba Yoruba 2",
		NULL
	};
	struct search_query q;
	struct search_hit hit;
	enum lang l;

	for (l = LANG_ES; l <= LANG_EN; l++) {
		expect_hits(l, "refreshes", abstract);
		expect_hits(l, "parcels", title);
		expect_hits(l, "bikepacking", keyword);
		expect_hits(l, "board", interest);
		expect_hits(l, "yoruba", language);
	}
	ck_assert_int_eq(parse(&q, "bikepacking"), SEARCH_Q_OK);
	ck_assert_uint_eq(search_run(fx_index, LANG_EN, &q, &hit, 1), 1);
	ck_assert_str_eq(hit.doc->url, TEST_BASE "/api/v1/interests");
	search_query_free(&q);
	ck_assert_int_eq(parse(&q, "refreshes"), SEARCH_Q_OK);
	ck_assert_uint_eq(search_run(fx_index, LANG_EN, &q, &hit, 1), 1);
	ck_assert_str_eq(hit.doc->url, TEST_BASE "/api/v1/publications");
	search_query_free(&q);
}
END_TEST

static Suite *
search_index_suite(void)
{
	Suite	*s = suite_create("search_index");
	TCase	*tc;

	tc = tcase_create("score");
	tcase_add_checked_fixture(tc, fixture_setup, fixture_teardown);
	tcase_add_test(tc, index_has_one_doc_per_item_and_skill);
	tcase_add_test(tc, score_single_term);
	tcase_add_test(tc, score_two_terms);
	tcase_add_test(tc, score_tie_break_by_type);
	tcase_add_test(tc, score_by_language);
	tcase_add_test(tc, matching_is_word_prefix);
	tcase_add_test(tc, snippet_of_hits);
	tcase_add_test(tc, postings_agree_with_a_scan);
	suite_add_tcase(s, tc);
	tc = tcase_create("collections");
	tcase_add_checked_fixture(tc, full_setup, fixture_teardown);
	tcase_add_test(tc, every_collection_is_searched);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(search_index_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
