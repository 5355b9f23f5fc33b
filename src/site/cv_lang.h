/*
 * cv_lang.h: the texts of the content that a page in one language shows
 * in another, and which language that is (cv_lang.c says how it is
 * told): what the CV's PDF marks with /Lang on the words that show
 * them (cv_pdf.c).
 *
 * Ownership: cv_lang_texts fills the caller's struct cv_lang_texts,
 * which cv_lang_texts_free frees; its texts are the model's strings and
 * its languages the site's codes (app->langs), both borrowed: the list
 * must not outlive the content load.
 */
#ifndef PERFIL_CV_LANG_H
#define PERFIL_CV_LANG_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/app.h"

struct cv_lang_text {
	const char *text;	/* UTF-8, the content's string */
	const char *lang;	/* the language it is in: a site code */
};

struct cv_lang_texts {
	struct cv_lang_text *v;	/* the longest first */
	size_t	 n;
};

int	 cv_lang_texts(const struct app *, enum lang,
	    struct cv_lang_texts *);
const char *cv_lang_of(const struct langs *, const cJSON *, enum lang);
void	 cv_lang_texts_free(struct cv_lang_texts *);
int	 cv_lang_inside_word(const char *, size_t, size_t);

#endif /* PERFIL_CV_LANG_H */
