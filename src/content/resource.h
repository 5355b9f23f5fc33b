/*
 * resource.h: the one declaration of every resource's shape.
 *
 * Each resource (the profile, the biography, each collection and the
 * API's own envelopes) is a list of fields.  A field's kind says how
 * the content loader validates it, what the API makes of it and how
 * OpenAPI describes it; its flags say whether it is required, whether
 * it exists only in the API, and what search makes of it.  The loader
 * and validator (content.c), the OpenAPI schemas (schemas.c,
 * openapi.c) and the search index (search.c) all expand these lists:
 * adding a field is one line in resource.c plus content.
 *
 * Ownership: everything here is static, read-only data.
 */
#ifndef PERFIL_RESOURCE_H
#define PERFIL_RESOURCE_H

#include <stddef.h>

/*
 * The field kinds, in the style of jq's opcode_list.h:
 * X(name, OpenAPI type, OpenAPI format, pattern, maximum length).
 * TEXT is translated in content ({"es": .., "en": ..}) and a plain
 * string in the API; DATE is an ISO date (YYYY, YYYY-MM or
 * YYYY-MM-DD); WHEN is a TEXT or a DATE, a human date string in the
 * API (dates.h); PHONE is a telephone number as people write it
 * (digits, spaces and "+()./-", at least 3 digits); HITTYPE is the
 * enum of the searchable resources' hit types; DOI is a Digital
 * Object Identifier (10.NNNN/suffix, no spaces), linked as
 * https://doi.org/DOI.
 */
#define FIELD_KINDS(X)							\
	X(TEXT,     "string",  NULL,    NULL,			0)	\
	X(STRING,   "string",  NULL,    NULL,			0)	\
	X(URI,      "string",  "uri",   NULL,			0)	\
	X(EMAIL,    "string",  "email", NULL,			0)	\
	X(PHONE,    "string",  NULL,    "^\\+?[0-9 ()./-]+$",	40)	\
	X(SLUG,     "string",  NULL,    "^[a-z0-9-]+$",		100)	\
	X(COUNTRY,  "string",  NULL,    "^[A-Z]{2}$",		0)	\
	X(LANGCODE, "string",  NULL,    "^[a-z]{2}$",		0)	\
	X(YEAR,     "string",  NULL,    "^[0-9]{4}$",		0)	\
	X(YEARS,    "string",  NULL,    "^[0-9]{1,3}\\+$",	0)	\
	X(DATE,     "string",  NULL,    "^[0-9]{4}(-[0-9]{2}){0,2}$", 0) \
	X(WHEN,     "string",  NULL,    NULL,			0)	\
	X(HITTYPE,  "string",  NULL,    NULL,			0)	\
	X(DOI,      "string",  NULL,    "^10\\.[0-9]{4,9}/[^ ]+$",	200)	\
	X(BOOL,     "boolean", NULL,    NULL,			0)	\
	X(INT,      "integer", NULL,    NULL,			0)	\
	X(OBJECT,   "object",  NULL,    NULL,			0)	\
	X(ARRAY,    "array",   NULL,    NULL,			0)

enum fkind {
#define X(n, t, f, p, m)	F_##n,
	FIELD_KINDS(X)
#undef X
	F__MAX
};

struct fkind_info {
	const char *type;		/* OpenAPI type */
	const char *format;		/* OpenAPI format, or NULL */
	const char *pattern;		/* regular expression, or NULL */
	size_t	 maxlen;		/* bytes; 0: no limit */
};

extern const struct fkind_info fkinds[F__MAX];

enum {
	FIELD_REQUIRED	= 1 << 0,	/* must be present */
	FIELD_CLOSED	= 1 << 1,	/* OBJECT: additionalProperties false */
	FIELD_API	= 1 << 2,	/* made by the program, not in content */
	FIELD_CONTENT	= 1 << 3,	/* in content only, not in the API */
	FIELD_TITLE	= 1 << 4,	/* search: the hit's title */
	FIELD_BODY	= 1 << 5,	/* search: part of the hit's body */
	FIELD_DEFAULT_LANG = 1 << 6,	/* with site.json's
					 * default_language_fields, the API
					 * gives it in the default language
					 * whatever the request's (docs/
					 * contract.md says so); pages and
					 * search keep its translations */
	FIELD_DATED	= 1 << 7,	/* TEXT: the API value is the period
					 * of the object's start and end, then
					 * the text; either may be absent */
	FIELD_PER_LANG	= 1 << 8,	/* one value for every language, or
					 * an object with one per language
					 * (site.json's texts and URLs) */
	FIELD_READER	= 1 << 9,	/* checked by its reader only (a
					 * site.json member whose shape no
					 * kind says): the validator checks
					 * that it is known and once */
	FIELD_NAME	= 1 << 10,	/* TEXT: a name or other text that is
					 * mostly the same in every language
					 * (people, organisations, places,
					 * technologies): a plain string is
					 * that text in every language, an
					 * object one per language */
	FIELD_ISO	= 1 << 11,	/* DATE, FIELD_API: the member before
					 * it in the list (a WHEN) as the
					 * content gives it, when that is an
					 * ISO date; absent when it is text */
	FIELD_CONTRACT	= 1 << 12	/* optional in content, required by
					 * the contract (SPEC.md): OpenAPI
					 * lists it as required while every
					 * object of the content has it
					 * (struct model's contract_gap) */
};

/* One member of an object (or the element of an array: name NULL). */
struct field {
	const char *name;		/* NULL ends a member list */
	enum fkind kind;
	unsigned int flags;		/* FIELD_* */
	const struct field *sub;	/* OBJECT: members; ARRAY: element */
	const char *pattern;		/* overrides the kind's pattern */
	const char *const *values;	/* a string enum, NULL-ended */
	const char *description;	/* OpenAPI */
};

/*
 * How a collection maps to a section of JSON Resume (docs/resume.md).
 * The export (resume.c) and the import (resume_import.c) expand this
 * declaration; neither knows a collection by name.  A row pairs a
 * perfil member with a JSON Resume member; its kind says how the value
 * goes each way ("out": the export from the API object in the
 * document's language; "in": the import, which puts a text into every
 * language).  What the import reads ("from" when set, else "key") is
 * also the list of members it knows: any other member of a section's
 * item is reported as not imported.
 */
enum resume_kind {
	RK_TEXT,	/* TEXT: out the text; in every language */
	RK_STRING,	/* STRING: as it is */
	RK_URL,		/* URI: in: an http(s) URL, else the placeholder */
	RK_WHEN,	/* WHEN: out: the source's ISO date (none: left
			 * out); in: an ISO date, else the placeholder */
	RK_START,	/* DATE: out: the source's ISO date; in: an ISO
			 * date, which makes the item dated */
	RK_END,		/* DATE: as RK_START, in only for a dated item */
	RK_PERIOD,	/* in only: the placeholder of an undated item */
	RK_STRINGS,	/* ARRAY of STRING: in: the non-empty strings;
			 * none, one placeholder */
	RK_SKILLS,	/* the skills of a category: out the names as key
			 * and a map name -> years as from[1]; in: each of
			 * from[0] with its years in from[1] (else none),
			 * no name: one named from[2] */
	RK_DETAIL,	/* a FIELD_DATED TEXT: out the source's text (the
			 * API's starts with the period); in from[] joined
			 * by ", ", empty: the placeholder if undated */
	RK_SLUG,	/* in only: from[] joined by ", ", as a slug
			 * unique in the file */
	RK_TEXTS,	/* ARRAY of TEXT, in the API or content-only
			 * (FIELD_CONTENT): out the texts in the
			 * document's language; in: the non-empty strings,
			 * each in every language; none: left out */
	RK_TAGS,	/* the item's "tags" (content-only slugs): out
			 * as they are, none: left out; in: the strings
			 * that are slugs, the others reported */
	RK_AUTHORS,	/* ARRAY of OBJECT with a "name" (a byline):
			 * out the names in order, none: left out; in:
			 * each non-empty string an author of that name,
			 * the owner where it is basics.name */
	RK_BOOL		/* BOOL: out only when true; in: a boolean,
			 * true kept, another value reported */
};

enum {
	RF_UNINDEXED	= 1 << 0,	/* the report names the member
					 * alone, not "[i].member" */
	RF_KEY		= 1 << 1	/* in: an item without key is
					 * skipped */
};

struct resume_field {
	enum resume_kind kind;
	const char *member;		/* perfil's; NULL ends the rows */
	const char *key;		/* JSON Resume's, or NULL */
	int	 order;			/* place in the exported item: 1, 2,
					 * ...; 0: not exported */
	const char *from[3];		/* in: members read instead of key */
	const char *todo;		/* in: the placeholder, or NULL */
	const char *why;		/* in: the report's reason for it */
	unsigned int flags;		/* RF_* */
	const char *stand_in;		/* out: with member empty, this
					 * member of the item goes in key's
					 * place (a DOI as its link,
					 * DOI_LINK); in: a member equal to
					 * that in every language is
					 * dropped (resume_merge.c) */
};

struct resume_map {
	const char *key;		/* the section ("work") */
	int	 order;			/* place among the sections of the
					 * exported document: 1, 2, ... */
	int	 import_order;		/* place in the import's report */
	const struct resume_field *fields; /* in the order the import
					 * writes the members */
	const char *todo_item;		/* JSON: the item a required
					 * collection gets when the
					 * document has none */
};

/* A DOI's link: this followed by the DOI (F_DOI). */
#define DOI_LINK	"https://doi.org/"

/* The import's placeholder URL, marked TODO like the others. */
#define RESUME_TODO_URL	"https://example.org/todo"

/*
 * Whether a collection's file may be absent, and what then.  The six
 * collections of the contract (docs/contract.md) always have their
 * endpoint: absent, an optional one is an empty list.  A collection
 * added after it (JSON Resume's other sections) is OPT_HIDDEN: absent,
 * it has no route, no OpenAPI path or schema, no CV section and no
 * mention in the portal or the agent files (content_coll_live).
 */
enum {
	OPT_REQUIRED = 0,		/* the file must exist */
	OPT_EMPTY = 1,			/* absent: served as an empty list */
	OPT_HIDDEN = 2			/* absent: not served at all */
};

/* A resource: a content file, an OpenAPI schema, maybe a search hit. */
struct resource {
	const char *name;		/* API family ("projects"), or NULL */
	const char *file;		/* content file, or NULL */
	const char *schema;		/* components.schemas name */
	const char *description;	/* of the schema */
	const struct field *fields;
	int	 closed;		/* additionalProperties: false */
	int	 self_url;		/* items carry api_url (/name/slug):
					 * COLLECTIONS' ITEMS */
	int	 optional;		/* OPT_*: the file may be absent */
	const char *hit;		/* search hit type, NULL: not searched */
	const char *hit_each;		/* one hit per element of this array */
	const char *noun;		/* what --check counts ("skill
					 * categories"); NULL: the name */
	int	 cv;			/* the section's place on the CV page
					 * (1 first), 0: not on it; heading:
					 * label "cv.NAME" */
	const struct resume_map *resume; /* JSON Resume section, or NULL */
};

/*
 * The collections, declared once, in the order the API serves them
 * (jq's opcode_list.h): each row is expanded into enum coll, the
 * resources[] table (resource.c, where SHAPE_ID gives the rest of the
 * collection's declaration: schema, fields, flags, search, CV), the
 * route table's rows (routes.c) and the OpenAPI schemas (schemas.c);
 * the other consumers loop over resources[].
 *
 * X(ID, name, list operation, items, item operation)
 *   name    GET /api/v1/NAME serves content/NAME.json
 *   items   ITEMS: each item has an endpoint of its own, GET
 *           /api/v1/NAME/{slug} (the item operation), and its API
 *           object carries it as api_url; NO_ITEMS: only the list
 */
#define COLLECTIONS(X)							\
	X(PROJECTS,        "projects",        "listProjects",		\
	    ITEMS, "getProject")					\
	X(EXPERIENCE,      "experience",      "listExperience",		\
	    NO_ITEMS, NULL)						\
	X(SKILLS,          "skills",          "listSkills",		\
	    NO_ITEMS, NULL)						\
	X(CERTIFICATIONS,  "certifications",  "listCertifications",	\
	    NO_ITEMS, NULL)						\
	X(EDUCATION,       "education",       "listEducation",		\
	    NO_ITEMS, NULL)						\
	X(RECOMMENDATIONS, "recommendations", "listRecommendations",	\
	    NO_ITEMS, NULL)						\
	X(VOLUNTEER,       "volunteer",       "listVolunteer",		\
	    NO_ITEMS, NULL)						\
	X(PUBLICATIONS,    "publications",    "listPublications",	\
	    NO_ITEMS, NULL)						\
	X(AWARDS,          "awards",          "listAwards",		\
	    NO_ITEMS, NULL)						\
	X(SPOKEN_LANGUAGES, "spoken-languages", "listSpokenLanguages",	\
	    NO_ITEMS, NULL)						\
	X(INTERESTS,       "interests",       "listInterests",		\
	    NO_ITEMS, NULL)

enum coll {
#define X(id, name, op, items, item_op)	COLL_##id,
	COLLECTIONS(X)
#undef X
	COLL__MAX
};

extern const struct resource resource_profile;
extern const struct resource resource_about;
extern const struct resource resources[COLL__MAX];	/* served order */

const struct field *field_find(const struct field *, const char *name);

const char *resource_venue_field(const char *kind);

#endif /* PERFIL_RESOURCE_H */
