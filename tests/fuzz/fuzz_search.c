/*
 * fuzz_search.c: libFuzzer target for search folding, query parsing,
 * scoring and snippets, over the demo content's index (built once).
 * Checks the invariants rather than just survival: the fold map is
 * monotonic and ends at the input's length, folded text is UTF-8,
 * queries have 1..SEARCH_MAX_TERMS distinct terms, hits are sorted by
 * score and every snippet is valid UTF-8 within SEARCH_SNIPPET_MAX
 * characters.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/labels.h"
#include "api/search.h"

int	 LLVMFuzzerInitialize(int *, char ***);
int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct model *model;
static struct search_index *ix;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static struct labels lb;
	char	 err[1024];

	(void)argc;
	(void)argv;
	if (labels_load(&lb, FUZZ_LABELS_DIR, NULL, PRON_NONE, err,
	    sizeof(err)) == -1 ||
	    (model = content_load(FUZZ_CONTENT_DIR, "http://fuzz.example",
	    NULL, &lb, err, sizeof(err))) == NULL ||
	    (ix = search_build(model, "http://fuzz.example", err,
	    sizeof(err))) == NULL) {
		fprintf(stderr, "fuzz_search: %s\n", err);
		abort();
	}
	return 0;
}

static size_t
codepoints(const char *s, size_t n)
{
	size_t	 i, c = 0;

	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			c++;
	return c;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct search_query q;
	struct search_hit *hits;
	char	*fold, snip[4 * SEARCH_SNIPPET_MAX + 8];
	struct buf fb, mb;
	uint32_t *map;
	size_t	 fold_len, i, n, len;
	int	 l;

	if (size > 4096 || !utf8_valid(s, size) || memchr(s, 0, size))
		return 0;	/* the request layer refuses these first */

	buf_init(&fb);
	buf_init(&mb);
	if (search_fold_buf(s, size, &fb, &mb) == 0) {
		fold = fb.data;
		fold_len = fb.len;
		map = (uint32_t *)(void *)mb.data;
		if (!utf8_valid(fold, fold_len) ||
		    mb.len != (fold_len + 1) * sizeof(*map) ||
		    map[fold_len] != size)
			abort();
		for (i = 1; i <= fold_len; i++)
			if (map[i] < map[i - 1])
				abort();
	}
	buf_free(&fb);
	buf_free(&mb);

	if (search_query_parse(&q, s, size) != SEARCH_Q_OK) {
		search_query_free(&q);
		return 0;
	}
	if (q.nterms < 1 || q.nterms > SEARCH_MAX_TERMS)
		abort();
	for (l = 0; l < model->langs.n; l++) {
		if ((hits = calloc(ix->len[l] + 1, sizeof(*hits))) == NULL)
			break;
		n = search_run(ix, (enum lang)l, &q, hits, ix->len[l] + 1);
		if (n > ix->len[l])
			abort();
		for (i = 0; i < n; i++) {
			if (hits[i].score < 1 ||
			    (i > 0 && hits[i].score > hits[i - 1].score))
				abort();
			len = search_snippet(&hits[i], snip, sizeof(snip));
			if (len >= sizeof(snip) || !utf8_valid(snip, len) ||
			    codepoints(snip, len) > SEARCH_SNIPPET_MAX)
				abort();
		}
		free(hits);
	}
	search_query_free(&q);
	return 0;
}
