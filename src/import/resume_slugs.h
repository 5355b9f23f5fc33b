/*
 * resume_slugs.h: the slugs of an import merged from several sources,
 * one language each, made from the title written in Latin letters.
 *
 * Each source is imported alone, in its language, and its slugs are
 * made from its own titles; the merge keeps the first source's.  When
 * the first source is in a language not written in Latin letters (Thai,
 * Hindi, Japanese) and another gives the title in Latin letters (the
 * English résumé), the slug of that item is made again from the Latin
 * title (slug_latin_text, slug.h): "machine-learning-for-agriculture",
 * not a transliteration of the Thai, nor "item" for kanji left out.
 *
 * Ownership: resume_slugs_latin changes the items of c in place and
 * writes its report lines into report.
 */
#ifndef PERFIL_RESUME_SLUGS_H
#define PERFIL_RESUME_SLUGS_H

#include "http/request.h"
#include "import/init.h"
#include "base/util.h"

void	 resume_slugs_latin(struct init_content *c, enum lang first,
	    struct buf *report);

#endif /* PERFIL_RESUME_SLUGS_H */
