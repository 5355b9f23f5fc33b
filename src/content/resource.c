/*
 * resource.c: the fields of every content resource, declared once.
 * See resource.h for who reads them.
 */
#include "config.h"

#include <string.h>

#include "content/resource.h"

const struct fkind_info fkinds[F__MAX] = {
#define X(n, t, f, p, m)	[F_##n] = { t, f, p, m },
	FIELD_KINDS(X)
#undef X
};

#define REQ	FIELD_REQUIRED
#define OPT	0
#define FLD(n, k, fl, d)	{ .name = n, .kind = F_##k, .flags = fl, \
				    .description = d }
#define SUB(n, k, fl, s, d)	{ .name = n, .kind = F_##k, .flags = fl, \
				    .sub = s, .description = d }
#define END			{ .name = NULL }

/*
 * JSON Resume rows (resource.h's struct resume_field), in the order
 * the import writes the members: the kind, the perfil member, the JSON
 * Resume member and its place in the exported item; then what the
 * import reads instead of key, its placeholder and the report's reason.
 */
#define RJ(k, m, j, o)	.kind = RK_##k, .member = m, .key = j, .order = o
#define RJ_END		{ .member = NULL }

static const struct field el_text = { .kind = F_TEXT, .flags = REQ };
static const struct field el_name = { .kind = F_TEXT,
    .flags = REQ | FIELD_NAME };
static const struct field el_langcode = { .kind = F_LANGCODE, .flags = REQ };

static const struct field co_founder_f[] = {
	FLD("name", TEXT, REQ | FIELD_NAME, "Name of the consultancy."),
	FLD("url", URI, REQ, "Website of the consultancy."),
	FLD("role", TEXT, REQ, "Role in it."),
	END
};
static const struct field employer_f[] = {
	FLD("name", TEXT, REQ | FIELD_NAME, "Name of the employer."),
	FLD("url", URI, REQ, "Website of the employer."),
	END
};
static const struct field location_f[] = {
	FLD("city", TEXT, REQ | FIELD_NAME, "City."),
	FLD("region", TEXT, REQ | FIELD_NAME, "Region."),
	FLD("country", COUNTRY, REQ, "ISO 3166-1 alpha-2 country code."),
	FLD("remote", BOOL, REQ, "Open to remote work."),
	FLD("address", STRING, FIELD_CONTENT, "Street address, when the "
	    "owner publishes one (JSON Resume only)."),
	FLD("postal_code", STRING, FIELD_CONTENT, "Postal code (JSON Resume "
	    "only)."),
	END
};
static const struct field availability_f[] = {
	FLD("open_to_work", BOOL, REQ, "Open to new work."),
	FLD("statement", TEXT, REQ, "Availability in a sentence."),
	END
};
static const struct field link_f[] = {
	FLD("label", STRING, REQ, "Name of the site."),
	FLD("url", URI, REQ, "Address of the profile."),
	FLD("username", STRING, FIELD_CONTENT, "User name there, when the "
	    "address does not end with it (JSON Resume)."),
	END
};
/*
 * "tags": the audiences an item is for, which site.json's CV variants
 * select (settings_variants.h).  Every collection's item may carry them:
 * the last member of each list below, content-only (the closed API
 * objects of the contract stay as they are), exported to JSON Resume
 * as "keywords" where the section has none of its own (RJ_TAGS).
 */
static const struct field el_tag = { .kind = F_SLUG, .flags = REQ };
#define TAGS	SUB("tags", ARRAY, FIELD_CONTENT, &el_tag, "Audiences the " \
	"item is for (slugs), which the CV's variants select (site.json's " \
	"cv_variants; the pages and JSON Resume, not the API).")
#define RJ_TAGS(o)	{ RJ(TAGS, "tags", "keywords", o) }

static const struct field el_link = { .kind = F_OBJECT, .flags = REQ,
    .sub = link_f };

static const struct field profile_f[] = {
	FLD("name", TEXT, REQ | FIELD_NAME, "Full name, as the person "
	    "writes it; quote it whole."),
	FLD("given_name", TEXT, FIELD_NAME, "Given name."),
	FLD("family_name", TEXT, FIELD_NAME, "Family name, whole."),
	FLD("headline", TEXT, REQ, "One-line professional headline."),
	FLD("job_title", TEXT, REQ, "Current primary job title."),
	SUB("co_founder_of", OBJECT, OPT, co_founder_f, "Company "
	    "co-founded; role says how."),
	SUB("employer", OBJECT, OPT, employer_f, "Current employer."),
	FLD("summary", TEXT, REQ, "Paragraph-length summary."),
	SUB("location", OBJECT, REQ, location_f, "Where the person works "
	    "from."),
	SUB("languages", ARRAY, OPT, &el_langcode, "ISO 639-1 codes of "
	    "working languages."),
	FLD("email", EMAIL, REQ, "Public contact address."),
	FLD("phone", PHONE, FIELD_CONTENT, "Public telephone number, when "
	    "the owner publishes one (the CV page, JSON-LD and JSON Resume; "
	    "not in the API, whose Profile stays as the contract has it)."),
	FLD("url", URI, REQ, "Canonical website."),
	FLD("image", URI, OPT, "Portrait photograph."),
	SUB("availability", OBJECT, REQ, availability_f, "Availability."),
	SUB("knows_about", ARRAY, OPT, &el_text, "Subject-matter areas."),
	SUB("profiles", ARRAY, OPT, &el_link, "Canonical profiles "
	    "elsewhere."),
	END
};

static const struct field timeline_f[] = {
	FLD("year", YEAR, REQ, "Calendar year."),
	FLD("title", TEXT, REQ, "Milestone."),
	FLD("description", TEXT, REQ, "What happened."),
	END
};
static const struct field el_timeline = { .kind = F_OBJECT, .flags = REQ,
    .sub = timeline_f };
static const struct field about_f[] = {
	FLD("summary", TEXT, REQ, "Full biography as a single paragraph "
	    "block."),
	SUB("timeline", ARRAY, REQ, &el_timeline, "Career milestones, "
	    "oldest first."),
	END
};

static const struct field project_f[] = {
	FLD("slug", SLUG, REQ, "Stable identifier derived from the title."),
	FLD("title", TEXT, REQ | FIELD_TITLE, "Project name."),
	FLD("description", TEXT, REQ | FIELD_BODY | FIELD_DEFAULT_LANG,
	    "What the project does"),
	SUB("stack", ARRAY, REQ | FIELD_BODY, &el_name, "Technologies "
	    "used."),
	FLD("url", URI, REQ, "Live project, repository or write-up."),
	FLD("api_url", URI, REQ | FIELD_API, "This project's own endpoint "
	    "in the API."),
	SUB("highlights", ARRAY, FIELD_CONTENT, &el_text, "Achievements, "
	    "one per line (the pages and JSON Resume; not in the closed API "
	    "object)."),
	FLD("start", DATE, FIELD_CONTENT, "Start (ISO date; JSON Resume)."),
	FLD("end", DATE, FIELD_CONTENT, "End (ISO date; JSON Resume)."),
	SUB("roles", ARRAY, FIELD_CONTENT, &el_text, "The person's roles "
	    "in it (JSON Resume)."),
	FLD("entity", TEXT, FIELD_CONTENT | FIELD_NAME, "Organization it was for "
	    "(JSON Resume)."),
	FLD("type", STRING, FIELD_CONTENT, "Kind of project, such as "
	    "application (JSON Resume)."),
	TAGS,
	END
};
static const struct resume_field project_rj[] = {
	{ RJ(SLUG, "slug", NULL, 0), .from = { "name" } },
	{ RJ(TEXT, "title", "name", 1), .todo = "TODO: title",
	    .why = "projects[].name is missing" },
	{ RJ(TEXT, "description", "description", 2),
	    .todo = "TODO: description",
	    .why = "projects[].description is missing" },
	{ RJ(STRINGS, "stack", "keywords", 4), .todo = "TODO: technology",
	    .why = "projects[].keywords is empty; perfil needs a stack" },
	{ RJ(URL, "url", "url", 3), .todo = RESUME_TODO_URL,
	    .why = "projects[].url is missing or not http(s)" },
	{ RJ(TEXTS, "highlights", "highlights", 5) },
	{ RJ(START, "start", "startDate", 6) },
	{ RJ(END, "end", "endDate", 7) },
	{ RJ(TEXTS, "roles", "roles", 8) },
	{ RJ(STRING, "entity", "entity", 9) },
	{ RJ(STRING, "type", "type", 10) },
	RJ_END
};
static const struct resume_map project_resume = {
	.key = "projects", .order = 6, .import_order = 4,
	.fields = project_rj,
	.todo_item = "{\"slug\": \"todo\", \"title\": \"TODO: project\", "
	    "\"description\": \"TODO: description\", \"stack\": [\"TODO\"], "
	    "\"url\": \"" RESUME_TODO_URL "\"}",
};
static const struct field experience_f[] = {
	FLD("slug", SLUG, REQ, "Stable identifier."),
	FLD("role", TEXT, REQ | FIELD_TITLE, "Job title held."),
	FLD("organization", TEXT, REQ | FIELD_BODY | FIELD_NAME,
	    "Organization and "
	    "location."),
	FLD("period", TEXT, REQ | FIELD_BODY | FIELD_DEFAULT_LANG |
	    FIELD_DATED, "Human-readable date range"),
	FLD("description", TEXT, REQ | FIELD_BODY, "Responsibilities and "
	    "outcomes."),
	FLD("start", DATE, FIELD_CONTENT, "First month (ISO date)."),
	FLD("end", DATE, FIELD_CONTENT, "Last month (ISO date); absent: to "
	    "the present."),
	SUB("highlights", ARRAY, FIELD_CONTENT, &el_text, "Achievements, "
	    "one per line (the CV page and JSON Resume; not in the closed "
	    "API object)."),
	FLD("location", TEXT, FIELD_CONTENT | FIELD_NAME, "Where the job "
	    "was (JSON "
	    "Resume)."),
	FLD("url", URI, FIELD_CONTENT, "Website of the organization (JSON "
	    "Resume)."),
	FLD("organization_description", TEXT, FIELD_CONTENT, "What the "
	    "organization does (JSON Resume)."),
	TAGS,
	END
};
static const struct resume_field experience_rj[] = {
	{ RJ(SLUG, "slug", NULL, 0), .from = { "position", "name" } },
	{ RJ(TEXT, "role", "position", 2), .todo = "TODO: role",
	    .why = "work[].position is missing", .flags = RF_UNINDEXED },
	{ RJ(TEXT, "organization", "name", 1), .todo = "TODO: organization",
	    .why = "work[].name is missing", .flags = RF_UNINDEXED },
	{ RJ(START, "start", "startDate", 3) },
	{ RJ(END, "end", "endDate", 4) },
	{ RJ(PERIOD, "period", NULL, 0), .todo = "TODO: dates",
	    .why = "no start date" },
	{ RJ(TEXT, "description", "summary", 5), .todo = "TODO: description",
	    .why = "work[].summary is missing", .flags = RF_UNINDEXED },
	{ RJ(TEXTS, "highlights", "highlights", 6) },
	{ RJ(TEXT, "location", "location", 7) },
	{ RJ(URL, "url", "url", 8) },
	{ RJ(TEXT, "organization_description", "description", 9) },
	RJ_TAGS(10),
	RJ_END
};
static const struct resume_map experience_resume = {
	.key = "work", .order = 1, .import_order = 1,
	.fields = experience_rj,
	.todo_item = "{\"slug\": \"todo\", \"role\": \"TODO: role\", "
	    "\"organization\": \"TODO: organization\", "
	    "\"period\": \"TODO: dates\", "
	    "\"description\": \"TODO: description\"}",
};
static const struct field skill_f[] = {
	FLD("name", TEXT, REQ | FIELD_TITLE | FIELD_NAME, "Technology "
	    "name."),
	/* Optional: an imported skill has none (JSON Resume gives no
	 * years), and a skill without years shows none; the contract's
	 * SkillCategory requires them, so OpenAPI does while every skill
	 * has them (the demo's all do). */
	FLD("years", YEARS, FIELD_CONTRACT, "Years of experience, a number "
	    "followed by a plus sign."),
	END
};
static const struct field el_skill = { .kind = F_OBJECT,
    .flags = REQ | FIELD_CLOSED, .sub = skill_f };
static const struct field skillcat_f[] = {
	FLD("category", TEXT, REQ | FIELD_BODY, "Category name."),
	FLD("slug", SLUG, REQ, "Stable identifier of the category."),
	SUB("skills", ARRAY, REQ, &el_skill, "Skills in the category."),
	FLD("level", TEXT, FIELD_CONTENT, "Level in the category, in the "
	    "person's words (JSON Resume)."),
	TAGS,
	END
};
static const struct resume_field skillcat_rj[] = {
	{ RJ(TEXT, "category", "name", 1), .flags = RF_KEY },
	{ RJ(SLUG, "slug", NULL, 0), .from = { "name" } },
	{ RJ(SKILLS, "skills", "keywords", 2),
	    .from = { "keywords", "years", "name" } },
	{ RJ(TEXT, "level", "level", 3) },
	RJ_END
};
static const struct resume_map skillcat_resume = {
	.key = "skills", .order = 4, .import_order = 3,
	.fields = skillcat_rj,
	.todo_item = "{\"category\": \"TODO: category\", \"slug\": \"todo\", "
	    "\"skills\": [{\"name\": \"TODO\"}]}",
};
static const struct field certification_f[] = {
	FLD("slug", SLUG, REQ, "Stable identifier."),
	FLD("title", TEXT, REQ | FIELD_TITLE, "Certification name."),
	FLD("institution", TEXT, REQ | FIELD_BODY | FIELD_NAME, "Issuing "
	    "body."),
	FLD("date", WHEN, REQ | FIELD_BODY | FIELD_DEFAULT_LANG, "Month and "
	    "year of issue"),
	FLD("credential_url", URI, REQ, "Link to the credential document."),
	TAGS,
	END
};
static const struct resume_field certification_rj[] = {
	{ RJ(SLUG, "slug", NULL, 0), .from = { "name" } },
	{ RJ(TEXT, "title", "name", 1), .todo = "TODO: title",
	    .why = "certificates[].name is missing" },
	{ RJ(STRING, "institution", "issuer", 3), .todo = "TODO: issuer",
	    .why = "certificates[].issuer is missing" },
	{ RJ(WHEN, "date", "date", 2), .todo = "TODO: date",
	    .why = "certificates[].date is missing or not ISO" },
	{ RJ(URL, "credential_url", "url", 4), .todo = RESUME_TODO_URL,
	    .why = "certificates[].url is missing or not http(s)" },
	RJ_TAGS(5),
	RJ_END
};
static const struct resume_map certification_resume = {
	.key = "certificates", .order = 3, .import_order = 5,
	.fields = certification_rj,
};
static const struct field education_f[] = {
	FLD("slug", SLUG, REQ, "Stable identifier."),
	FLD("institution", TEXT, REQ | FIELD_NAME, "School or university."),
	FLD("detail", TEXT, REQ | FIELD_DATED, "Dates and programme."),
	FLD("start", DATE, FIELD_CONTENT, "Start (ISO date)."),
	FLD("end", DATE, FIELD_CONTENT, "End (ISO date); absent: to the "
	    "present."),
	FLD("study_type", TEXT, FIELD_CONTENT, "Kind of degree, such as "
	    "Bachelor (JSON Resume; detail says it on the pages)."),
	FLD("area", TEXT, FIELD_CONTENT, "Field of study (JSON Resume; "
	    "detail says it on the pages)."),
	FLD("score", TEXT, FIELD_CONTENT | FIELD_NAME, "Grade (JSON "
	    "Resume): one text for every language, or one per language."),
	SUB("courses", ARRAY, FIELD_CONTENT, &el_text, "Notable courses "
	    "(JSON Resume)."),
	FLD("url", URI, FIELD_CONTENT, "Website of the institution (JSON "
	    "Resume)."),
	TAGS,
	END
};
static const struct resume_field education_rj[] = {
	{ RJ(SLUG, "slug", NULL, 0), .from = { "institution" } },
	{ RJ(TEXT, "institution", "institution", 1),
	    .todo = "TODO: institution",
	    .why = "education[].institution is missing",
	    .flags = RF_UNINDEXED },
	{ RJ(START, "start", "startDate", 2) },
	{ RJ(END, "end", "endDate", 3) },
	{ RJ(DETAIL, "detail", "summary", 4),
	    .from = { "studyType", "area" }, .todo = "TODO: programme",
	    .why = "neither dates nor studyType/area",
	    .flags = RF_UNINDEXED },
	{ RJ(TEXT, "study_type", "studyType", 5) },
	{ RJ(TEXT, "area", "area", 6) },
	{ RJ(STRING, "score", "score", 7) },
	{ RJ(TEXTS, "courses", "courses", 8) },
	{ RJ(URL, "url", "url", 9) },
	RJ_TAGS(10),
	RJ_END
};
static const struct resume_map education_resume = {
	.key = "education", .order = 2, .import_order = 2,
	.fields = education_rj,
};
static const struct field recommendation_f[] = {
	FLD("slug", SLUG, REQ, "Stable identifier."),
	FLD("name", TEXT, REQ | FIELD_TITLE | FIELD_NAME, "Who wrote "
	    "it."),
	FLD("date", WHEN, REQ | FIELD_DEFAULT_LANG, "Date "
	    "written"),
	FLD("comment", TEXT, REQ | FIELD_BODY, "Full text."),
	FLD("recommender_url", URI, REQ, "Profile of the author."),
	TAGS,
	END
};
static const struct resume_field recommendation_rj[] = {
	{ RJ(SLUG, "slug", NULL, 0), .from = { "name" } },
	{ RJ(STRING, "name", "name", 1), .todo = "TODO: name",
	    .why = "references[].name is missing" },
	/* The schema has no date: read when a document has one anyway. */
	{ RJ(WHEN, "date", "date", 0), .todo = "TODO: date",
	    .why = "JSON Resume references have no date" },
	{ RJ(TEXT, "comment", "reference", 2), .todo = "TODO: comment",
	    .why = "references[].reference is missing" },
	{ RJ(URL, "recommender_url", "url", 3), .todo = RESUME_TODO_URL,
	    .why = "JSON Resume references have no URL" },
	RJ_TAGS(4),
	RJ_END
};
static const struct resume_map recommendation_resume = {
	.key = "references", .order = 5, .import_order = 6,
	.fields = recommendation_rj,
};

/*
 * The collections JSON Resume has and the contract does not: served
 * only when the content has their file (OPT_HIDDEN), with open
 * schemas (new members may come within v1).  Searched like the
 * others; their hit types are in SearchResult's enum only where
 * served (openapi_components.c), so the demo's stays the spec's five.
 */
static const struct field volunteer_f[] = {
	FLD("slug", SLUG, REQ, "Stable identifier."),
	FLD("role", TEXT, REQ | FIELD_TITLE, "Position held."),
	FLD("organization", TEXT, REQ | FIELD_BODY | FIELD_NAME,
	    "Organization."),
	FLD("period", TEXT, REQ | FIELD_DATED, "Human-readable date range"),
	FLD("description", TEXT, OPT | FIELD_BODY, "What the work was."),
	FLD("url", URI, OPT, "Website of the organization."),
	SUB("highlights", ARRAY, OPT | FIELD_BODY, &el_text, "Achievements."),
	FLD("start", DATE, FIELD_CONTENT, "First month (ISO date)."),
	FLD("end", DATE, FIELD_CONTENT, "Last month (ISO date); absent: to "
	    "the present."),
	TAGS,
	END
};
static const struct resume_field volunteer_rj[] = {
	{ RJ(SLUG, "slug", NULL, 0), .from = { "position", "organization" } },
	{ RJ(TEXT, "role", "position", 2), .todo = "TODO: role",
	    .why = "volunteer[].position is missing" },
	{ RJ(TEXT, "organization", "organization", 1),
	    .todo = "TODO: organization",
	    .why = "volunteer[].organization is missing" },
	{ RJ(START, "start", "startDate", 4) },
	{ RJ(END, "end", "endDate", 5) },
	{ RJ(PERIOD, "period", NULL, 0), .todo = "TODO: dates",
	    .why = "no start date" },
	{ RJ(TEXT, "description", "summary", 6) },
	{ RJ(URL, "url", "url", 3) },
	{ RJ(TEXTS, "highlights", "highlights", 7) },
	RJ_TAGS(8),
	RJ_END
};
static const struct resume_map volunteer_resume = {
	.key = "volunteer", .order = 7, .import_order = 7,
	.fields = volunteer_rj,
};
/* A publication's kinds: BibTeX's entry types (docs/resume.md, "BibTeX"). */
static const char *const publication_kinds[] = { "article", "book",
    "inbook", "incollection", "inproceedings", "mastersthesis",
    "phdthesis", "techreport", "misc", "online", "dataset", "software",
    NULL };
static const struct field author_f[] = {
	FLD("name", STRING, REQ | FIELD_BODY, "The name as the byline gives "
	    "it: given "
	    "names, then the family name, then a suffix; an organisation's "
	    "name whole."),
	FLD("family", STRING, OPT, "Family name, with its particles (\"van "
	    "der\"); absent for an organisation."),
	FLD("given", STRING, OPT, "Given names or initials."),
	FLD("suffix", STRING, OPT, "Suffix such as Jr."),
	FLD("owner", BOOL, OPT, "This author is the profile's owner."),
	END
};
static const struct field el_author = { .kind = F_OBJECT, .flags = REQ,
    .sub = author_f };
/* A talk is a publication: the event is its publisher (docs/resume.md). */
static const struct field publication_f[] = {
	FLD("slug", SLUG, REQ, "Stable identifier."),
	FLD("title", TEXT, REQ | FIELD_TITLE, "Title of the publication or "
	    "talk."),
	FLD("publisher", TEXT, FIELD_BODY | FIELD_NAME, "Publisher, journal "
	    "or event."),
	FLD("date", WHEN, OPT, "Date of release"),
	FLD("date_iso", DATE, FIELD_API | FIELD_ISO, "The date of release as "
	    "an ISO date (YYYY, YYYY-MM or YYYY-MM-DD), when the content "
	    "gives one; date is its text in the answer's language."),
	FLD("description", TEXT, OPT | FIELD_BODY, "What it is about."),
	FLD("url", URI, OPT, "Where to read or watch it."),
	{ .name = "kind", .kind = F_STRING, .values = publication_kinds,
	    .description = "What sort of publication it is (BibTeX's entry "
	    "type; conference is inproceedings)." },
	SUB("authors", ARRAY, OPT | FIELD_BODY, &el_author, "The authors, "
	    "in the order of the byline."),
	FLD("more_authors", BOOL, OPT, "The byline goes on past the authors "
	    "listed (BibTeX's \"and others\")."),
	FLD("venue", TEXT, FIELD_BODY | FIELD_NAME, "Journal, proceedings, school or "
	    "institution it appeared in."),
	FLD("volume", STRING, OPT, "Volume."),
	FLD("issue", STRING, OPT, "Issue (BibTeX's number)."),
	FLD("pages", STRING, OPT, "Pages, a range with an en dash."),
	FLD("doi", DOI, OPT, "Digital Object Identifier (10.NNNN/...); its "
	    "link is https://doi.org/ followed by it."),
	{ .name = "bibtex_key", .kind = F_STRING,
	    .pattern = "^[^ ,{}\"#%'()=]+$", .description = "The entry's "
	    "key in the owner's BibTeX library." },
	TAGS,
	END
};
static const struct resume_field publication_rj[] = {
	{ RJ(SLUG, "slug", NULL, 0), .from = { "name" } },
	{ RJ(TEXT, "title", "name", 1), .todo = "TODO: title",
	    .why = "publications[].name is missing" },
	{ RJ(STRING, "publisher", "publisher", 2), .stand_in = "venue" },
	{ RJ(WHEN, "date", "releaseDate", 3) },
	{ RJ(URL, "url", "url", 4), .stand_in = "doi" },
	{ RJ(TEXT, "description", "summary", 5) },
	/* JSON Resume has no place for the rest: members of their own,
	 * which the schema allows (docs/resume.md). */
	{ RJ(STRING, "kind", "kind", 6) },
	{ RJ(AUTHORS, "authors", "authors", 7) },
	{ RJ(BOOL, "more_authors", "moreAuthors", 8) },
	{ RJ(STRING, "venue", "venue", 9) },
	{ RJ(STRING, "volume", "volume", 10) },
	{ RJ(STRING, "issue", "issue", 11) },
	{ RJ(STRING, "pages", "pages", 12) },
	{ RJ(STRING, "doi", "doi", 13) },
	{ RJ(STRING, "bibtex_key", "bibtexKey", 14) },
	RJ_TAGS(15),
	RJ_END
};
static const struct resume_map publication_resume = {
	.key = "publications", .order = 8, .import_order = 8,
	.fields = publication_rj,
};
static const struct field award_f[] = {
	FLD("slug", SLUG, REQ, "Stable identifier."),
	FLD("title", TEXT, REQ | FIELD_TITLE, "Name of the award."),
	FLD("awarder", TEXT, FIELD_BODY | FIELD_NAME, "Who gave it."),
	FLD("date", WHEN, OPT, "Date received"),
	FLD("date_iso", DATE, FIELD_API | FIELD_ISO, "The date received as "
	    "an ISO date (YYYY, YYYY-MM or YYYY-MM-DD), when the content "
	    "gives one; date is its text in the answer's language."),
	FLD("description", TEXT, OPT | FIELD_BODY, "What it was for."),
	TAGS,
	END
};
static const struct resume_field award_rj[] = {
	{ RJ(SLUG, "slug", NULL, 0), .from = { "title" } },
	{ RJ(TEXT, "title", "title", 1), .todo = "TODO: title",
	    .why = "awards[].title is missing" },
	{ RJ(WHEN, "date", "date", 2) },
	{ RJ(STRING, "awarder", "awarder", 3) },
	{ RJ(TEXT, "description", "summary", 4) },
	RJ_TAGS(5),
	RJ_END
};
static const struct resume_map award_resume = {
	.key = "awards", .order = 9, .import_order = 9,
	.fields = award_rj,
};
/* Not profile.json's "languages" (the ISO codes of the working
 * languages): the languages the person speaks, each with its fluency. */
static const struct field spoken_language_f[] = {
	FLD("slug", SLUG, REQ, "Stable identifier."),
	FLD("language", TEXT, REQ | FIELD_TITLE, "The language, named in "
	    "the answer's language."),
	FLD("fluency", TEXT, OPT | FIELD_BODY, "How well, in the person's "
	    "words."),
	TAGS,
	END
};
static const struct resume_field spoken_language_rj[] = {
	{ RJ(SLUG, "slug", NULL, 0), .from = { "language" } },
	{ RJ(TEXT, "language", "language", 1), .flags = RF_KEY },
	{ RJ(TEXT, "fluency", "fluency", 2) },
	RJ_TAGS(3),
	RJ_END
};
static const struct resume_map spoken_language_resume = {
	.key = "languages", .order = 11, .import_order = 10,
	.fields = spoken_language_rj,
};
static const struct field interest_f[] = {
	FLD("slug", SLUG, REQ, "Stable identifier."),
	FLD("name", TEXT, REQ | FIELD_TITLE, "The interest."),
	SUB("keywords", ARRAY, OPT | FIELD_BODY, &el_text, "Its parts."),
	TAGS,
	END
};
static const struct resume_field interest_rj[] = {
	{ RJ(SLUG, "slug", NULL, 0), .from = { "name" } },
	{ RJ(TEXT, "name", "name", 1), .flags = RF_KEY },
	{ RJ(TEXTS, "keywords", "keywords", 2) },
	RJ_END
};
static const struct resume_map interest_resume = {
	.key = "interests", .order = 10, .import_order = 11,
	.fields = interest_rj,
};

const struct resource resource_profile = {
	.file = "profile.json", .schema = "Profile",
	.description = "The professional profile.", .fields = profile_f,
};
const struct resource resource_about = {
	.file = "about.json", .schema = "About",
	.description = "Biography and career timeline.", .fields = about_f,
};

/*
 * The rest of each collection's declaration (resource.h, COLLECTIONS):
 * its schema, fields and flags, what search makes of it, its place on
 * the CV page and its JSON Resume section (the mappings above).
 */
#define SHAPE_PROJECTS	.schema = "Project", .description = "A project.", \
	.fields = project_f, .closed = 1, .hit = "project", .cv = 3, \
	.resume = &project_resume
#define SHAPE_EXPERIENCE .schema = "ExperienceEntry", \
	.description = "A position held.", .fields = experience_f, \
	.closed = 1, .hit = "experience", .cv = 1, .resume = &experience_resume
#define SHAPE_SKILLS	.schema = "SkillCategory", \
	.description = "Skills of one category.", .fields = skillcat_f, \
	.closed = 1, .hit = "skill", .hit_each = "skills", \
	.noun = "skill categories", .cv = 6, .resume = &skillcat_resume
#define SHAPE_CERTIFICATIONS .schema = "Certification", \
	.description = "A certification.", .fields = certification_f, \
	.closed = 1, .optional = OPT_EMPTY, .hit = "certification", .cv = 8, \
	.resume = &certification_resume
#define SHAPE_EDUCATION	.schema = "EducationEntry", \
	.description = "A school or programme.", .fields = education_f, \
	.closed = 1, .optional = OPT_EMPTY, .cv = 9, .resume = &education_resume
#define SHAPE_RECOMMENDATIONS .schema = "Recommendation", \
	.description = "A recommendation.", .fields = recommendation_f, \
	.closed = 1, .optional = OPT_EMPTY, .hit = "recommendation", .cv = 11, \
	.resume = &recommendation_resume
#define SHAPE_VOLUNTEER	.schema = "VolunteerEntry", \
	.description = "Volunteer work.", .fields = volunteer_f, \
	.optional = OPT_HIDDEN, .hit = "volunteer", \
	.noun = "volunteer positions", .cv = 2, \
	.resume = &volunteer_resume
#define SHAPE_PUBLICATIONS .schema = "Publication", \
	.description = "A publication or talk.", .fields = publication_f, \
	.optional = OPT_HIDDEN, .hit = "publication", .cv = 4, \
	.resume = &publication_resume
#define SHAPE_AWARDS	.schema = "Award", .description = "An award.", \
	.fields = award_f, .optional = OPT_HIDDEN, .hit = "award", .cv = 5, \
	.resume = &award_resume
#define SHAPE_SPOKEN_LANGUAGES .schema = "SpokenLanguage", \
	.description = "A language the person speaks, with fluency.", \
	.fields = spoken_language_f, .optional = OPT_HIDDEN, \
	.hit = "spoken-language", .noun = "spoken languages", .cv = 7, \
	.resume = &spoken_language_resume
#define SHAPE_INTERESTS	.schema = "Interest", .description = "An interest.", \
	.fields = interest_f, .optional = OPT_HIDDEN, .hit = "interest", \
	.cv = 10, .resume = &interest_resume

#define SELF_URL_ITEMS		1
#define SELF_URL_NO_ITEMS	0

const struct resource resources[COLL__MAX] = {
#define X(id, n, op, items, item_op)	[COLL_##id] = { .name = n, \
	.file = n ".json", .self_url = SELF_URL_##items, SHAPE_##id },
	COLLECTIONS(X)
#undef X
};

/* Returns the member of list f called name, or NULL. */
const struct field *
field_find(const struct field *f, const char *name)
{
	for (; f->name != NULL; f++)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

/* The BibTeX field a publication of kind (its "kind") has its venue in:
 * journal, booktitle, school, institution or howpublished; the import
 * (bibtex.c) reads it there and /publications.bib (bibtex_out.c) writes
 * it back. */
const char *
resource_venue_field(const char *kind)
{
	if (strcmp(kind, "article") == 0)
		return "journal";
	if (strcmp(kind, "inproceedings") == 0 ||
	    strcmp(kind, "incollection") == 0 || strcmp(kind, "inbook") == 0)
		return "booktitle";
	if (strcmp(kind, "phdthesis") == 0 ||
	    strcmp(kind, "mastersthesis") == 0)
		return "school";
	if (strcmp(kind, "techreport") == 0)
		return "institution";
	return "howpublished";
}
