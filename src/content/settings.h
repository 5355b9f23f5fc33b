/*
 * settings.h: the site settings file of a content directory
 * (site.json): what the program may say about the person beyond the
 * profile's fields.  The licence of the data, how to refer to the
 * person, the facts agents must preserve, the name rule, the summary
 * line of llms.txt, whether the person is fictional (placeholder.h),
 * the Content Signals of robots.txt, the contacts of security.txt
 * and, per page, its description and, for the owner's own pages, its
 * title, place, order and llms.txt section; the look (theme.h).  Every member
 * is optional and the file itself may be absent: then no licence is
 * claimed, no pronoun is used and no fact is added.
 *
 * Texts that may name profile fields are templates: "@@name@@" or
 * "@@co_founder_of.role@@" stands for that string of the profile in
 * the language being written (settings_check_templates verifies that
 * every one of them exists).
 *
 * Ownership: settings_load returns a struct settings that
 * settings_free releases; every string belongs to it.
 */
#ifndef PERFIL_SETTINGS_H
#define PERFIL_SETTINGS_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "content/page_list.h"
#include "http/request.h"
#include "content/settings_cv.h"
#include "content/settings_variants.h"
#include "content/theme.h"

#define SETTINGS_FILE		"site.json"
#define SETTINGS_MAX_TEXTS	32	/* the texts of a TEXTS member */

/* How pages and agent files refer to the person. */
enum pronouns {
	PRON_NONE,		/* by name or in neutral wording */
	PRON_SHE,
	PRON_HE,
	PRON_THEY,
	PRON__MAX
};

struct licence {
	char	*name;			/* "CC BY 4.0"; NULL: no licence */
	char	*url[LANG__MAX];	/* the licence text, per language */
	char	*spdx;			/* "CC-BY-4.0", or NULL */
	int	 attribution;		/* reuse requires attribution */
};

/*
 * One member of "pages": a page's description and, for the owner's own
 * pages (page_list.h), its title, place and order.  Written either as
 * a text (the description) or as an object of these members; a page
 * the program makes takes a description and a place.
 */
struct page_setting {
	char	*name;			/* "talks", "about" */
	char	*description[LANG__MAX];	/* or NULL */
	char	*title[LANG__MAX];	/* or NULL: the file's "# " line */
	int	 place;			/* enum page_place, or -1: the
					 * page's own (an owner page's:
					 * footer) */
	long	 order;			/* 0 when not given */
	int	 optional;		/* llms.txt: under "Optional" */
	int	 owner_only;		/* sets a member only an owner page
					 * has: title, order, optional */
};

/*
 * The Content Signals of robots.txt (contentsignals.org): what the
 * owner allows the content to be used for.  site.json's
 * "content_signals" names them search, ai_input and ai_train.
 */
enum content_signal {
	SIGNAL_SEARCH,		/* a search index, links and excerpts */
	SIGNAL_AI_INPUT,	/* live input to an AI answer (grounding) */
	SIGNAL_AI_TRAIN,	/* training or fine-tuning a model */
	SIGNAL__MAX
};

/* A signal's value: yes, no, or not stated (the line omits it). */
enum signal_value {
	SIGNAL_UNSTATED = -1,
	SIGNAL_NO = 0,
	SIGNAL_YES = 1
};

#define SECURITY_MAX_CONTACTS	8

/* security.txt (RFC 9116): served only when contact has a member. */
struct security {
	char	*contact[SECURITY_MAX_CONTACTS];	/* mailto:, https:,
						 * tel: URIs */
	size_t	 ncontact;
	char	*policy;		/* an https URL, or NULL */
};

/*
 * SITE_SETTINGS: site.json's members, declared once like a collection's
 * fields (resource.h).  settings.c expands it into the validator's
 * field list, the reader and settings_free; this header into the
 * members of struct settings of every store but OWN.
 *
 * X(name, kind, flags, sub, store, read, drop)
 *   name     the member in site.json and, but with store OWN, in
 *            struct settings
 *   kind, flags, sub
 *            its field (resource.h): the content's validator
 *            (content_check_object) checks it first, with the
 *            content's messages ("site.json: FIELD: reason");
 *            FIELD_READER leaves even its shape to read
 *   store    how the value lands in struct settings:
 *            TEXT    char *name[LANG__MAX]: a text in every language
 *                    (one string for all, or one per language); a
 *                    template (settings_check_templates)
 *            TEXTS   char *name[SETTINGS_MAX_TEXTS][LANG__MAX] and
 *                    size_t nname: an array of such texts
 *            STRING  char *name, a copy of the string
 *            BOOL    int name, 1 for true
 *            OWN     a member of its own, declared in struct settings
 *                    by hand and filled by read
 *   read     NULL: the store says how the value is copied; else the
 *            function that copies it (read_fn in settings.c) and
 *            checks what no kind says: in settings.c, or in
 *            settings_read.c for a shape no kind says
 *   drop     OWN: what frees the member's allocations (NULL: none);
 *            settings_free frees the other stores itself
 * The readers, the drops and the sub fields are settings.c's and
 * settings_read.c's: only settings.c expands those columns.  Adding a
 * setting of a store but OWN is one row here (docs/hacking.md, "Add a
 * site.json setting").
 */
#define SITE_SETTINGS(X)						\
	X(languages, ARRAY, FIELD_READER, NULL, OWN, read_languages,	\
	    NULL)							\
	X(licence, OBJECT, 0, licence_f, OWN, read_licence,		\
	    drop_licence)						\
	X(label_fallback, STRING, FIELD_READER, NULL, OWN,		\
	    read_label_fallback, NULL)					\
	X(pronouns, STRING, FIELD_READER, NULL, OWN, read_pronouns,	\
	    NULL)							\
	X(name_rule, STRING, FIELD_PER_LANG, NULL, TEXT, NULL, NULL)	\
	X(llms_summary, STRING, FIELD_PER_LANG, NULL, TEXT, NULL, NULL)	\
	X(facts, ARRAY, 0, &fact_f, TEXTS, NULL, NULL)			\
	X(base_url, STRING, 0, NULL, STRING, read_base_url, NULL)	\
	X(fictional, BOOL, 0, NULL, BOOL, NULL, NULL)			\
	X(default_language_fields, BOOL, 0, NULL, BOOL, NULL, NULL)	\
	X(cv_portrait, BOOL, 0, NULL, BOOL, NULL, NULL)			\
	X(pages, OBJECT, FIELD_READER, NULL, OWN, settings_read_pages,	\
	    settings_drop_pages)					\
	X(content_signals, OBJECT, FIELD_READER, NULL, OWN,		\
	    settings_read_signals, NULL)				\
	X(security, OBJECT, FIELD_READER, NULL, OWN,			\
	    settings_read_security, settings_drop_security)		\
	X(theme, OBJECT, FIELD_READER, NULL, OWN, read_theme, NULL)	\
	X(cv_order, ARRAY, 0, &cv_name_f, OWN, read_cv_order, NULL)	\
	X(home_highlight, STRING, 0, NULL, OWN, read_home_highlight,	\
	    NULL)							\
	X(cv_variants, OBJECT, FIELD_READER, NULL, OWN,		\
	    read_cv_variants, drop_cv_variants)				\
	X(webfinger, STRING, 0, NULL, STRING, read_webfinger, NULL)	\
	X(atproto_did, STRING, 0, NULL, STRING, read_atproto_did, NULL) \
	X(citation_authors, INT, FIELD_READER, NULL, OWN,		\
	    read_citation_authors, NULL)

/* A citation's authors before "et al." without site.json's
 * citation_authors (docs/site.md, "Citations"), and its bounds. */
#define CITATION_AUTHORS	6
#define CITATION_AUTHORS_MAX	100

/* The member of struct settings a store declares. */
#define SETTING_MEMBER_TEXT(m)		char *m[LANG__MAX];
#define SETTING_MEMBER_TEXTS(m)		\
	char *m[SETTINGS_MAX_TEXTS][LANG__MAX]; size_t n##m;
#define SETTING_MEMBER_STRING(m)	char *m;
#define SETTING_MEMBER_BOOL(m)		int m;
#define SETTING_MEMBER_OWN(m)

struct settings {
	/* The members of store OWN (SITE_SETTINGS). */
	struct langs langs;		/* "languages"; [0] the default */
	char	 label_fallback[LANG_TAG_MAX + 1]; /* "label_fallback":
					 * the language of untranslated
					 * labels; "en" */
	struct licence licence;
	enum pronouns pronouns;
	enum signal_value signals[SIGNAL__MAX];	/* "content_signals" */
	struct security security;	/* "security" */
	struct theme theme;		/* "theme": accent and font */
	struct page_setting pages[PAGE__MAX];	/* "pages", as written */
	size_t	 npages;
	struct settings_cv cv;		/* "cv_order", "home_highlight" */
	int	 citation_authors;	/* "citation_authors": the authors a
					 * citation on the CV names before
					 * "et al." (CITATION_AUTHORS when
					 * not set) */
	struct cv_variants cv_variants;	/* "cv_variants" */
	/*
	 * Every other row's, by its store, under its name: name_rule,
	 * llms_summary (templates, or NULL), facts and nfacts (templates),
	 * base_url (or NULL), fictional (the person is fictional: .example
	 * hosts are meant, placeholder.h), default_language_fields (the
	 * API gives the FIELD_DEFAULT_LANG members of resource.c in the
	 * default language whatever the request's: the original
	 * contract's rule; content_keep_default_lang), webfinger (the
	 * owner's acct: account NAME@DOMAIN, or NULL: no WebFinger) and
	 * atproto_did (a did:plc: or did:web: DID, or NULL), both checked
	 * by identity.h.
	 */
#define X(m, kind, flags, sub, store, read, drop) SETTING_MEMBER_##store(m)
	SITE_SETTINGS(X)
#undef X
};

struct settings	*settings_load(const char *dir, char *err, size_t errlen);
int		 settings_parse_languages(const char *list, struct langs *,
		    char *err, size_t errlen);
void		 settings_free(struct settings *);
const struct page_setting *settings_page(const struct settings *,
		    const char *name);
int		 settings_check_templates(const struct settings *,
		    const char *dir, const cJSON *const profile[LANG__MAX], char *err,
		    size_t errlen);
const char	*settings_pronoun_name(enum pronouns);
const char	*settings_signal_name(enum content_signal);
const cJSON	*settings_lookup(const cJSON *obj, const char *path,
		    size_t len);

#endif /* PERFIL_SETTINGS_H */
