/*
 * search.c: the benchmark of the search index alone, perfil-search-bench.
 * Loads a content directory as --check does (app_load), then builds its
 * search index again ROUNDS times from the content's model (loaded
 * again: app_load drops the items' objects the index is built from),
 * checks that each has the load's documents, and reports the first and
 * the median build time and the heap the index holds (mallinfo2); then
 * runs each query QUERIES times in language LANG (search_query_parse,
 * search_run for 10 hits and their snippets, as the handler does) and
 * reports its median and 99th-percentile time.
 *
 *   perfil-search-bench CONTENT LANG ROUNDS QUERIES Q...
 *
 * tests/bench/run prints its lines for the generated content at scale
 * (BENCH_SCALE_LANG).  Built with the responder, never installed.
 */
#include "config.h"

#include <err.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/app.h"
#include "server/app_load.h"
#include "content/labels.h"
#include "server/options.h"
#include "api/search.h"

#define HITS	10

static double
now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int
cmp_double(const void *a, const void *b)
{
	double	 x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int
main(int argc, char *argv[])
{
	struct options o;
	struct app app;
	struct search_index *ix;
	struct model *m;
	struct search_query q;
	struct search_hit hits[HITS];
	char	 ebuf[16384], snip[4 * SEARCH_SNIPPET_MAX + 8];
	char	*oargv[] = { argv[0], "--check", "--content", NULL, NULL };
	double	*t, t0, first = 0;
	size_t	 before, held = 0, n, k;
	int	 rounds, queries, i, j, l, st, total = 0;

	if (argc < 6)
		errx(2, "usage: perfil-search-bench CONTENT LANG ROUNDS "
		    "QUERIES Q...");
	oargv[3] = argv[1];
	rounds = atoi(argv[3]);
	queries = atoi(argv[4]);
	if (rounds < 1 || queries < 1)
		errx(2, "ROUNDS and QUERIES must be positive");
	if (options_parse(&o, 4, oargv, &st) == -1)
		errx(2, "options");
	if (app_load(&app, &o.cfg, ebuf, sizeof(ebuf)) == -1)
		errx(1, "%s", ebuf);
	for (l = 0; l < app.langs->n; l++)
		if (strcmp(lang_code(app.langs, (enum lang)l), argv[2]) == 0)
			break;
	if (l == app.langs->n)
		errx(2, "%s is not a language of the site", argv[2]);
	if ((t = calloc((size_t)(rounds > queries ? rounds : queries),
	    sizeof(*t))) == NULL)
		err(1, NULL);
	if ((m = content_load(o.cfg.content_dir, o.cfg.base_url, app.langs,
	    app.labels, ebuf, sizeof(ebuf))) == NULL)
		errx(1, "%s", ebuf);
	for (i = 0; i < rounds; i++) {
		before = mallinfo2().uordblks;
		t0 = now_us();
		if ((ix = search_build(m, "http://h", ebuf,
		    sizeof(ebuf))) == NULL)
			errx(1, "%s", ebuf);
		t[i] = now_us() - t0;
		if (i == 0)
			first = t[i];
		held = mallinfo2().uordblks - before;
		for (k = 0; k < LANG__MAX; k++)
			if (ix->len[k] != app.search->len[k])
				errx(1, "the index built has %zu documents "
				    "in language %zu, the load's %zu",
				    ix->len[k], k, app.search->len[k]);
		search_free(ix);
	}
	content_free(m);
	qsort(t, (size_t)rounds, sizeof(*t), cmp_double);
	for (k = 0, n = 0; k < (size_t)app.model->langs.n; k++)
		n += app.search->len[k];
	/* The first build's memory is new to the process, as a load's
	 * is; the later ones reuse what the one before freed. */
	printf("index: %zu documents in %d languages; build %.1f ms the "
	    "first time, %.1f ms (median of %d); %.1f MB held\n", n,
	    app.model->langs.n, first / 1000, t[rounds / 2] / 1000, rounds,
	    (double)held / 1048576);
	for (j = 5; j < argc; j++) {
		for (i = 0; i < queries; i++) {
			t0 = now_us();
			if (search_query_parse(&q, argv[j], strlen(argv[j])) !=
			    SEARCH_Q_OK)
				errx(2, "bad query %s", argv[j]);
			total = (int)search_run(app.search, (enum lang)l, &q,
			    hits, HITS);
			for (k = 0; k < (size_t)total && k < HITS; k++)
				search_snippet(&hits[k], snip, sizeof(snip));
			search_query_free(&q);
			t[i] = now_us() - t0;
		}
		qsort(t, (size_t)queries, sizeof(*t), cmp_double);
		printf("q=%s: %d hits; p50 %.1f us, p99 %.1f us (%d runs)\n",
		    argv[j], total, t[queries / 2], t[queries * 99 / 100],
		    queries);
	}
	free(t);
	app_free(&app);
	options_free(&o);
	return 0;
}
