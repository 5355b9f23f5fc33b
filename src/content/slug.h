/*
 * slug.h: slugs for the items an import writes (^[a-z0-9-]+$, unique in
 * their file), made from a title or a name.
 *
 * The rules: the text is transliterated to lower-case ASCII by ICU in
 * the way that suits its script: kana by ICU's kana rules
 * ("Katakana-Latin; Hiragana-Latin": "コーパス" is "kopasu"), ideographs
 * by ICU's Han-Latin (pinyin) only for a language written in ideographs
 * alone (uscript_getCode: Chinese, simplified or traditional), never
 * for Japanese text (a text with kana, or of a language that writes
 * kana): those are left out, and a "slug:" line in the import's report
 * names the slug so that the owner can set one;
 * every other script by Any-Latin.  Then runs of anything but [a-z0-9]
 * become one "-".  A caller that has the title in several languages
 * takes one written in Latin letters where there is one
 * (slug_latin_text; slug_set_take keeps the slugs it does not remake).
 * Content that has its slugs keeps them: only new items get one.
 *
 * Ownership: slug_rules_open returns rules slug_rules_close frees;
 * slug_set_init fills a set slug_set_free empties; slug_make writes
 * into the caller's buffer.
 */
#ifndef PERFIL_SLUG_H
#define PERFIL_SLUG_H

#include <search.h>
#include <stddef.h>

#include "base/util.h"

/* The slugs of one collection being made. */
struct slug_set {
	struct hsearch_data taken, next;
	char	**keys;		/* the tables' keys, owned */
	size_t	 nkeys, cap;
};

struct slug_rules;

int		 slug_set_init(struct slug_set *, size_t n);
void		 slug_set_free(struct slug_set *);
struct slug_rules *slug_rules_open(const char *lang);
void		 slug_rules_close(struct slug_rules *);
char		*slug_make(struct slug_rules *, const char *text,
		    struct slug_set *, char *out, size_t len, struct buf *report,
		    const char *file, int index);
int		 slug_set_take(struct slug_set *, const char *slug);
int		 slug_latin_text(const char *text);

#endif /* PERFIL_SLUG_H */
