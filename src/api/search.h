/*
 * search.h: the keyword search behind GET /api/v1/search.
 *
 * Folding.  Text is compared in a folded form: every code point goes
 * through ICU's NFKC_Casefold (full case folding, so "ß" is "ss", and
 * compatibility mapping, so full-width "Ａ" is "a" and the ligature
 * "ﬁ" is "fi"), then canonical decomposition (NFD), and the nonspacing
 * and enclosing marks (Mn, Me) that are accents or optional pointing
 * are dropped, so "Educación", "EDUCACION" and "educacio\u0301n" all
 * fold to "educacion" and "İ" to "i".  Which marks: by ICU's script of
 * the mark (uscript_getScript), for a mark of no script (Inherited,
 * such as U+0301) of the letter it decomposes from; Latin, Greek,
 * Cyrillic, Armenian, Hebrew, Arabic, Syriac and kana drop theirs, every
 * other script keeps them (Thai and Indic marks are vowels and tones:
 * "ขาว" is not "ข้าว", "चना" is not "चुनाव"; the nukta stays, so
 * U+095B and U+091C U+093C fold alike).  Folding works one code point at a time, so every folded byte
 * knows the original code point it came from: snippets quote the
 * original text, accents intact.
 *
 * Kana and a few letters are folded further by ICU transliterators
 * (SEARCH_FOLD_ID, for the code points of its source script, opened
 * only when such a code point is first folded; SEARCH_FOLD_RULES):
 * hiragana to katakana, so "こーぱす" is "コーパス";
 * the Arabic tatweel dropped and alef wasla to alef (the other alef
 * forms, the harakat and the Hebrew niqqud are marks, dropped above).
 *
 * Matching is word-prefix: a term is found in a field when its folded
 * form occurs in the folded field at a word start: the start of the
 * field, right after a character that is not a letter or digit, or a
 * word boundary ICU's word break iterator finds in the original text
 * (dictionary-based for Chinese, Japanese, Thai, Lao, Khmer and
 * Burmese, which write no spaces), and every ideograph of a word of
 * three or more the dictionary gives (a compound: "地域医療" holds
 * "医療").  "migra" finds "Migración", "net" finds "ASP.NET", "cion"
 * does not find "educación"; "医療" finds "遠隔医療と…", and a term of
 * several words ("深層学習") is found where its first word starts and
 * the rest follows, or where a later word of it starts a word of the
 * text (struct search_term's anchors).
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

#include "base/util.h"
#include "content/content.h"
#include "core/ctx.h"

#define SEARCH_MAX_TERMS	16	/* distinct terms in a query */
#define SEARCH_SCORE_MAX	(3 * SEARCH_MAX_TERMS)	/* 2 + 1 per term */
#define SEARCH_SNIPPET_MAX	160	/* characters, ellipses included */

/* The transliterations folding ends with (ICU's, then rules: data). */
#define SEARCH_FOLD_ID		"Hiragana-Katakana"
#define SEARCH_FOLD_RULES	"\\u0640 > ; \\u0671 > \\u0627;"

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
};

/*
 * Where a match may start: one word start (see "Matching" above) of a
 * title or an unshared body.  The index keeps them per language in
 * buckets by the first two folded bytes there when the first is ASCII
 * (the second 0 at the end of a text), else by a hash of the first code
 * point, so that a term is compared only at the word starts that begin
 * with its own first bytes or code point.
 */
struct search_post {
	uint32_t field;		/* document index * 2, + 1 for its body */
	uint32_t at;		/* folded offset */
};

#define SEARCH_BUCKETS	65536	/* ASCII first byte << 8 | second byte;
				 * 0x8000 | hash of a first code point */

struct search_index {
	struct search_doc *docs[LANG__MAX];	/* in tie-break order */
	size_t	 len[LANG__MAX];
	struct search_post *post[LANG__MAX];	/* by bucket, then field
						 * and offset */
	uint32_t *bucket[LANG__MAX];	/* SEARCH_BUCKETS + 1 starts
					 * into post */
	struct arena strings;		/* the documents' strings, packed
					 * (search_build's) */
	int	 lent;			/* the documents' strings, the word
					 * starts and buckets are a
					 * snapshot's (search_snap): not
					 * freed with the index */
};

#define SEARCH_MAX_ANCHORS	16	/* word starts inside one term */

/*
 * A term, and where inside it a word starts right after another word
 * (ICU's word breaks: "深層|学習", "การ|แพทย์"; never in a Latin word, whose
 * words a space or a sign parts): the term also matches where one of
 * these starts a word of the text and the term's text surrounds it, so
 * a term the dictionary splits otherwise than the text is still found.
 */
struct search_term {
	const char *s;		/* into search_query.folded */
	size_t	 len;
	uint16_t anchor[SEARCH_MAX_ANCHORS];	/* offsets into s, > 0 */
	size_t	 nanchors;
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
int		 search_fold_buf(const char *, size_t, struct buf *fold,
		    struct buf *map);
struct search_index *search_build(const struct model *,
		    const char *base_url, char *err, size_t errlen);
void		 search_free(struct search_index *);
struct snap;
struct search_index *search_snap(struct snap *, struct search_index *,
		    int nlangs);
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
