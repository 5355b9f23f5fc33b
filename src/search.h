/*
 * search.h: the keyword search behind GET /api/v1/search.
 *
 * Folding.  Text is compared in a folded form: every code point goes
 * through ICU's NFKC_Casefold (full case folding, so "ß" is "ss", and
 * compatibility mapping, so full-width "Ａ" is "a" and the ligature
 * "ﬁ" is "fi"), then canonical decomposition (NFD), and the nonspacing
 * and enclosing marks (Mn, Me) are dropped, so "Educación",
 * "EDUCACION" and "educacio\u0301n" all fold to "educacion" and "İ" to
 * "i".  Folding works one code point at a time, so every folded byte
 * knows the original code point it came from: snippets quote the
 * original text, accents intact.
 *
 * Matching is word-prefix: a term is found in a field when its folded
 * form occurs in the folded field at the start of the field or right
 * after a character that is not a letter or digit.  "migra" finds
 * "Migración", "net" finds "ASP.NET", "cion" does not find "educación".
 *
 * The index is built once per worker (search_build, from the content
 * model) and only read by requests; a request folds its query
 * (search_query_parse) and looks its terms up at the word starts the
 * index keeps, bucketed by their first two bytes (search_run).
 *
 * Ownership: search_build returns an index the caller frees with
 * search_free; the index owns copies of every string it holds.
 * search_query_parse fills a query whose storage search_query_free
 * releases.  search_run writes the best hits, up to a number the caller
 * gives, into an array the caller provides.
 */
#ifndef PERFIL_SEARCH_H
#define PERFIL_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "content.h"
#include "ctx.h"

#define SEARCH_MAX_TERMS	16	/* distinct terms in a query */
#define SEARCH_SCORE_MAX	(3 * SEARCH_MAX_TERMS)	/* 2 + 1 per term */
#define SEARCH_SNIPPET_MAX	160	/* characters, ellipses included */

/*
 * One searchable text: the original and its folded form.  A snippet
 * maps a folded span back to the original by folding the text again
 * up to it, so no per-byte map is kept.
 */
struct search_field {
	char	*text;		/* original UTF-8 */
	size_t	 len;
	char	*fold;		/* folded UTF-8 */
	size_t	 fold_len;
	int	 shared;	/* text and fold belong to an earlier
				 * document (the same item's body) */
};

/* One thing a search can find: a project, a job, one skill, ... */
struct search_doc {
	const char *type;		/* hit type (resource.c), static */
	char	*slug;			/* the matched item (skill: category) */
	struct search_field title;	/* 2 points per term found */
	struct search_field body;	/* 1 point per term found */
	char	*url;			/* absolute URL of the full resource */
	char	*head;			/* '{"type":..,"slug":..,"title":..,"snippet":' */
	char	*tail;			/* ',"url":..,"score":' */
};

/*
 * Where a match may start: one word start (see "Matching" above) of a
 * title or an unshared body.  The index keeps them per language in
 * buckets by the first two folded bytes there (the second 0 at the
 * end of a text), so that a term is compared only at the word starts
 * that begin with its own first bytes.
 */
struct search_post {
	uint32_t field;		/* document index * 2, + 1 for its body */
	uint32_t at;		/* folded offset */
};

#define SEARCH_BUCKETS	65536	/* first byte << 8 | second byte */

struct search_index {
	struct search_doc *docs[LANG__MAX];	/* in tie-break order */
	size_t	 len[LANG__MAX];
	struct search_post *post[LANG__MAX];	/* by bucket, then field
						 * and offset */
	uint32_t *bucket[LANG__MAX];	/* SEARCH_BUCKETS + 1 starts
					 * into post */
};

struct search_term {
	const char *s;		/* into search_query.folded */
	size_t	 len;
};

struct search_query {
	char	*folded;	/* the whole folded q */
	size_t	 folded_len;
	struct search_term term[SEARCH_MAX_TERMS];
	size_t	 nterms;	/* distinct, non-empty */
};

enum search_qstatus {
	SEARCH_Q_OK,
	SEARCH_Q_EMPTY,		/* no term once folded and split */
	SEARCH_Q_TOO_MANY,	/* more than SEARCH_MAX_TERMS distinct */
	SEARCH_Q_FAIL		/* out of memory (or q not UTF-8) */
};

struct search_hit {
	const struct search_doc *doc;
	int	 score;
	size_t	 title_at, title_end; /* folded span of the first match */
	size_t	 body_at, body_end;   /* in each field; SIZE_MAX if none */
};

int		 search_fold_init(void);
int		 search_fold(const char *, size_t, char **fold,
		    size_t *fold_len, uint32_t **map);
struct search_index *search_build(const struct model *,
		    const char *base_url, char *err, size_t errlen);
void		 search_free(struct search_index *);
enum search_qstatus search_query_parse(struct search_query *,
		    const char *q, size_t len);
void		 search_query_free(struct search_query *);
size_t		 search_run(const struct search_index *, enum lang,
		    const struct search_query *, struct search_hit *,
		    size_t max);
size_t		 search_excerpt(const char *text, size_t len, size_t at,
		    size_t match_end, char *out, size_t outsz);
size_t		 search_snippet(const struct search_hit *, char *out,
		    size_t outsz);
void		 search_handler(struct ctx *);

#endif /* PERFIL_SEARCH_H */
