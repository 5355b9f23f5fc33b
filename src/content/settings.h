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
#include "content/theme.h"

#define SETTINGS_FILE		"site.json"
#define SETTINGS_MAX_FACTS	32

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

struct settings {
	struct langs langs;		/* "languages"; [0] the default */
	char	*base_url;		/* "base_url", or NULL */
	char	 label_fallback[4];	/* "label_fallback": the language
					 * of untranslated labels; "en" */
	struct licence licence;
	enum pronouns pronouns;
	char	*name_rule[LANG__MAX];	/* template, or NULL */
	char	*llms_summary[LANG__MAX]; /* template, or NULL */
	char	*facts[SETTINGS_MAX_FACTS][LANG__MAX];	/* templates */
	size_t	 nfacts;
	int	 fictional;		/* the person is fictional: .example
					 * hosts are meant (placeholder.h) */
	enum signal_value signals[SIGNAL__MAX];	/* "content_signals" */
	struct security security;	/* "security" */
	struct theme theme;		/* "theme": accent and font */
	struct page_setting pages[PAGE__MAX];	/* "pages", as written */
	size_t	 npages;
	struct settings_cv cv;		/* "cv_order", "home_highlight" */
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
