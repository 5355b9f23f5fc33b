/*
 * labels.h: the UI texts of the website, the portal and the agent
 * files, one label set per language (labels/LANG.json, shipped with
 * perfil and installed in $(pkgdatadir)/labels; a site may add or
 * override keys in CONTENT/labels/LANG.json).  A label set is one
 * JSON object of strings; a key may have variants by the way the site
 * settings refer to the person ("page.home.summary.she"), and a text
 * may hold "@@name@@" placeholders the caller fills (kcgi's template
 * style).  Adding a language is one file, and no file at all is
 * needed: a key a language lacks is shown in the site's fallback
 * language (site.json "label_fallback", else English), key by key, and
 * listed in lb->warnings.  What ICU knows (language names, locales,
 * dates) is not in the sets.
 *
 * A key unknown to the reference (en.json) is a warning; a text whose
 * placeholders differ from the reference's is refused, naming file and
 * key.  A key the program asks for and en.json lacks makes rendering
 * fail at start-up (lb->missing), so a typo cannot reach a reader.
 *
 * Ownership: labels_load fills a struct labels that labels_free
 * releases; the strings returned by lbl() belong to it.
 */
#ifndef PERFIL_LABELS_H
#define PERFIL_LABELS_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "http/request.h"
#include "content/langtag.h"
#include "content/settings.h"
#include "base/util.h"

/* One key of a language and the text lbl gives for it. */
struct label {
	const char *key;		/* the reference set's */
	const char *text;		/* the pronoun variant's, if any */
};

/*
 * The language the API's own documents are written in, whatever the
 * site's (the OpenAPI document, docs/contract.md): English, labels/
 * en.json, loaded beside the site's sets.  The English texts of the
 * route table (summaries, descriptions, parameters) live there and
 * nowhere else; lbl(lb, LABELS_DOC, key) reads them.  The installed
 * en.json is also the reference: the keys it has are the keys there
 * are, and its placeholders are every translation's.
 */
#define LABELS_DOC	((enum lang)LANG__MAX)
#define LABELS_DOC_CODE	"en"

/* Where the label sets are read from. */
struct labels_src {
	const char *dir;		/* the installed sets (--labels) */
	const char *site_dir;		/* the site's: CONTENT/labels, or
					 * NULL; a key there wins */
	const char *fallback;		/* the language an untranslated key
					 * is shown in; NULL: en */
};

/* The two sets of one language code: [0] the site's, [1] the
 * installed; either may be NULL. */
struct label_code {
	char	 code[LANG_TAG_MAX + 1];
	cJSON	*set[2];
};

/* A language's own codes (its tag, language and script:
 * langtag_label_codes), per language, and the fallback language's and
 * English. */
#define LABELS_OWN_MAX		LANGTAG_CODES_MAX
#define LABELS_MAX_CODES	(LABELS_OWN_MAX * LANG__MAX + 2)

struct labels {
	struct langs langs;		/* the site's, a copy */
	cJSON	*ref;			/* the installed en.json */
	struct label_code codes[LABELS_MAX_CODES];	/* loaded sets */
	int	 ncodes;
	struct label *tab[LANG__MAX + 1];	/* every reference key by
						 * strcmp, for lbl;
						 * [LABELS_DOC] English */
	size_t	 ntab[LANG__MAX + 1];
	size_t	 nuntranslated[LANG__MAX];	/* keys shown in the
						 * fallback */
	char	 own_name[LANG__MAX + 1][64];	/* "Español", from ICU */
	char	 og_locale[LANG__MAX + 1][20];	/* "es_ES", from ICU */
	int	 rtl[LANG__MAX + 1];		/* written right to left */
	int	 noset[LANG__MAX];		/* no set of its own */
	const char *fallback_code;		/* shown for what is not */
	struct buf warnings;		/* "FILE: KEY: reason" lines:
					 * untranslated and unknown keys */
	enum pronouns pronouns;		/* variant to prefer */
	const char *missing;		/* first key asked for and absent
					 * (NULL: none), in missing_key */
	char	 missing_key[128];
};

int		 labels_load(struct labels *, const char *dir,
		    const struct langs *, enum pronouns, char *err,
		    size_t errlen);
int		 labels_from(struct labels *, const struct labels_src *,
		    const struct langs *, enum pronouns, char *err,
		    size_t errlen);
void		 labels_free(struct labels *);
const char	*lbl(struct labels *, enum lang, const char *key);
/* The label key in language l of a content load's labels (app->labels,
 * core/app.h). */
#define LBL(app, l, key)	lbl((app)->labels, (l), (key))
const char	*lbl_find(const struct labels *, enum lang, const char *key);
const char	*labels_own_name(const struct labels *, enum lang);
const char	*labels_og_locale(const struct labels *, enum lang);
int		 labels_rtl(const struct labels *, enum lang);
int		 labels_gaps(const struct labels *, const char *site_dir,
		    struct buf *);
int		 labels_language_name(const struct labels *, enum lang code,
		    enum lang in,
		    char *out, size_t outlen);
int		 lang_display_name(const char *code, const char *in,
		    char *out, size_t outlen);
int		 country_display_name(const char *code, const char *in,
		    char *out, size_t outlen);
#define LANG_LIST_MAX	32	/* names lang_names_list joins */
void		 labels_join(struct buf *, const char *const *items, int n,
		    const char *in);
void		 lang_names_list(struct buf *, const char *const *codes,
		    int n, const char *in);
void		 lbl_fill(struct buf *, struct labels *, enum lang,
		    const char *key, const char *const *vars);

#endif /* PERFIL_LABELS_H */
