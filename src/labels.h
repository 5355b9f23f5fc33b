/*
 * labels.h: the UI texts of the website, the portal and the agent
 * files, one label set per language (labels/LANG.json, shipped with
 * perfil and installed in $(pkgdatadir)/labels).  A label set is one
 * JSON object of strings; a key may have variants by the way the site
 * settings refer to the person ("page.home.summary.she"), and a text
 * may hold "@@name@@" placeholders the caller fills (kcgi's template
 * style).  Adding a language is one file.
 *
 * Every set must have the same keys: labels_load refuses a set with a
 * key missing or unknown to the others, naming file and key.  A key
 * the program asks for and no set has makes rendering fail at start-up
 * (labels_missing), so a typo cannot reach a reader.
 *
 * Ownership: labels_load fills a struct labels that labels_free
 * releases; the strings returned by lbl() belong to it.
 */
#ifndef PERFIL_LABELS_H
#define PERFIL_LABELS_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "request.h"
#include "settings.h"
#include "util.h"

/* One key of a label set and the text lbl gives for it. */
struct label {
	const char *key;
	const char *text;		/* the pronoun variant's, if any */
	size_t	 pos;			/* in the file: the first one wins */
};

/*
 * The language the API's own documents are written in, whatever the
 * site's (the OpenAPI document, docs/contract.md): English, labels/
 * en.json, loaded beside the site's sets.  The English texts of the
 * route table (summaries, descriptions, parameters) live there and
 * nowhere else; lbl(lb, LABELS_DOC, key) reads them.
 */
#define LABELS_DOC	((enum lang)LANG__MAX)
#define LABELS_DOC_CODE	"en"

struct labels {
	struct langs langs;		/* the site's, a copy */
	cJSON	*set[LANG__MAX + 1];	/* parsed labels/CODE.json; [LABELS_DOC]
					 * en.json */
	struct label *tab[LANG__MAX + 1];	/* set's keys by strcmp,
						 * for lbl */
	size_t	 ntab[LANG__MAX + 1];
	enum pronouns pronouns;		/* variant to prefer */
	const char *missing;		/* first key asked for and absent
					 * (NULL: none), in missing_key */
	char	 missing_key[128];
};

int		 labels_load(struct labels *, const char *dir,
		    const struct langs *, enum pronouns, char *err,
		    size_t errlen);
void		 labels_free(struct labels *);
const char	*lbl(struct labels *, enum lang, const char *key);
const char	*lbl_find(const struct labels *, enum lang, const char *key);
int		 labels_language_name(const struct labels *, enum lang code,
		    enum lang in,
		    char *out, size_t outlen);
int		 lang_display_name(const char *code, const char *in,
		    char *out, size_t outlen);
void		 lbl_fill(struct buf *, struct labels *, enum lang,
		    const char *key, const char *const *vars);

#endif /* PERFIL_LABELS_H */
