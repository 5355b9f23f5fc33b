/*
 * resume.h: the profile as a JSON Resume 1.0 document
 * (jsonresume.org), one per language, built at start-up from the same
 * model as the API and served as /resume.json and /{lang}/resume.json.
 *
 * Ownership: resume_build appends to the caller's struct buf.
 */
#ifndef PERFIL_RESUME_H
#define PERFIL_RESUME_H

#include "core/app.h"

int	 resume_build(const struct app *, enum lang, struct buf *);
struct cv_variant;
int	 resume_build_variant(const struct app *, const struct cv_variant *,
	    enum lang, struct buf *);
const char *resume_path(const struct app *, enum lang, char *buf, size_t len);

#endif /* PERFIL_RESUME_H */
