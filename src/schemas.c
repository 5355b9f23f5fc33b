/*
 * schemas.c: the spec's resources (section 2), field by field: types,
 * required members, formats, patterns, enums and descriptions.
 * openapi.c turns them into components.schemas.
 */
#include "config.h"

#include "schemas.h"

#define F_STR(n, r, d)	{ .name = n, .type = T_STRING, .required = r, \
			    .description = d }
#define F_PAT(n, r, p, d) { .name = n, .type = T_STRING, .required = r, \
			    .pattern = p, .description = d }
#define F_URI(n, r, d)	{ .name = n, .type = T_STRING, .required = r, \
			    .format = "uri", .description = d }
#define F_INT(n, d)	{ .name = n, .type = T_INTEGER, .required = 1, \
			    .description = d }
#define F_BOOL(n, d)	{ .name = n, .type = T_BOOLEAN, .required = 1, \
			    .description = d }
#define F_STRS(n, r, p, d) { .name = n, .type = T_ARRAY, .required = r, \
			    .items = T_STRING, .pattern = p, .description = d }
#define F_OBJ(n, r, m, c, d) { .name = n, .type = T_OBJECT, .required = r, \
			    .members = m, .closed = c, .description = d }
#define F_OBJS(n, r, m, c, d) { .name = n, .type = T_ARRAY, .required = r, \
			    .items = T_OBJECT, .members = m, .closed = c, \
			    .description = d }
#define F_SLUG(d)	F_PAT("slug", 1, SLUG_RE, d)
#define F_END		{ .name = NULL }

static const char *const health_status[] = { "ok", NULL };
static const char *const search_types[] = { "project", "experience",
    "skill", "certification", "recommendation", NULL };
static const char *const error_codes[] = { "bad_request",
    "invalid_parameter", "not_found", "method_not_allowed",
    "internal_error", NULL };

static const struct sfield meta_f[] = {
	F_INT("count", "Number of items in this response."),
	F_URI("self", 1, "Canonical URL of this endpoint."),
	F_URI("source", 1, "Site the data is published from."),
	F_URI("documentation_url", 1, "Developer portal."),
	F_END
};
static const struct sfield collmeta_f[] = {
	F_INT("count", "Number of items in this response."),
	F_INT("total", "Total items available, ignoring pagination."),
	F_INT("limit", "Limit applied to this page."),
	F_INT("offset", "Offset applied to this page."),
	F_URI("self", 1, "Canonical URL of this endpoint."),
	F_URI("source", 1, "Site the data is published from."),
	F_URI("documentation_url", 1, "Developer portal."),
	F_END
};
static const struct sfield health_f[] = {
	{ .name = "status", .type = T_STRING, .required = 1,
	    .values = health_status, .description = "Always ok." },
	F_PAT("api_version", 1, "^[0-9]+\\.[0-9]+\\.[0-9]+$",
	    "Semantic version of the API contract."),
	F_URI("openapi_url", 1, "The OpenAPI document."),
	F_URI("documentation_url", 1, "Developer portal."),
	F_END
};

static const struct sfield co_founder_f[] = {
	F_STR("name", 1, "Name of the consultancy."),
	F_URI("url", 1, "Website of the consultancy."),
	F_STR("role", 1, "Role in it."),
	F_END
};
static const struct sfield employer_f[] = {
	F_STR("name", 1, "Name of the employer."),
	F_URI("url", 1, "Website of the employer."),
	F_END
};
static const struct sfield location_f[] = {
	F_STR("city", 1, "City."),
	F_STR("region", 1, "Region."),
	F_PAT("country", 1, "^[A-Z]{2}$", "ISO 3166-1 alpha-2 country code."),
	F_BOOL("remote", "Open to remote work."),
	F_END
};
static const struct sfield availability_f[] = {
	F_BOOL("open_to_work", "Open to new work."),
	F_STR("statement", 1, "Availability in a sentence."),
	F_END
};
static const struct sfield link_f[] = {
	F_STR("label", 1, "Name of the site."),
	F_URI("url", 1, "Address of the profile."),
	F_END
};
static const struct sfield profile_f[] = {
	F_STR("name", 1, "Full name, as the person writes it; quote it whole."),
	F_STR("given_name", 0, "Given name."),
	F_STR("family_name", 0, "Family name, whole."),
	F_STR("headline", 1, "One-line professional headline."),
	F_STR("job_title", 1, "Current primary job title."),
	F_OBJ("co_founder_of", 0, co_founder_f, 0, "Company co-founded; "
	    "role says how."),
	F_OBJ("employer", 0, employer_f, 0, "Current employer."),
	F_STR("summary", 1, "Paragraph-length summary."),
	F_OBJ("location", 1, location_f, 0, "Where the person works from."),
	F_STRS("languages", 0, "^[a-z]{2}$", "ISO 639-1 codes of working "
	    "languages."),
	{ .name = "email", .type = T_STRING, .required = 1,
	    .format = "email", .description = "Public contact address." },
	F_URI("url", 1, "Canonical website."),
	F_URI("image", 0, "Portrait photograph."),
	F_OBJ("availability", 1, availability_f, 0, "Availability."),
	F_STRS("knows_about", 0, NULL, "Subject-matter areas."),
	F_OBJS("profiles", 0, link_f, 0, "Canonical profiles elsewhere."),
	F_END
};
static const struct sfield timeline_f[] = {
	F_PAT("year", 1, "^[0-9]{4}$", "Calendar year."),
	F_STR("title", 1, "Milestone."),
	F_STR("description", 1, "What happened."),
	F_END
};
static const struct sfield about_f[] = {
	F_STR("summary", 1, "Full biography as a single paragraph block."),
	F_OBJS("timeline", 1, timeline_f, 0, "Career milestones, oldest "
	    "first."),
	F_END
};
static const struct sfield project_f[] = {
	F_SLUG("Stable identifier derived from the title."),
	F_STR("title", 1, "Project name."),
	F_STR("description", 1, "What the project does, in Spanish."),
	F_STRS("stack", 1, NULL, "Technologies used."),
	F_URI("url", 1, "Live project, repository or write-up."),
	F_URI("api_url", 1, "This project's own endpoint in the API."),
	F_END
};
static const struct sfield experience_f[] = {
	F_SLUG("Stable identifier."),
	F_STR("role", 1, "Job title held."),
	F_STR("organization", 1, "Organization and location."),
	F_STR("period", 1, "Human-readable date range, in Spanish."),
	F_STR("description", 1, "Responsibilities and outcomes."),
	F_END
};
static const struct sfield skill_f[] = {
	F_STR("name", 1, "Technology name."),
	F_PAT("years", 1, "^[0-9]+\\+$", "Years of experience, a number "
	    "followed by a plus sign."),
	F_END
};
static const struct sfield skillcat_f[] = {
	F_STR("category", 1, "Category name."),
	F_SLUG("Stable identifier of the category."),
	F_OBJS("skills", 1, skill_f, 1, "Skills in the category."),
	F_END
};
static const struct sfield certification_f[] = {
	F_SLUG("Stable identifier."),
	F_STR("title", 1, "Certification name."),
	F_STR("institution", 1, "Issuing body."),
	F_STR("date", 1, "Month and year of issue, in Spanish."),
	F_URI("credential_url", 1, "Link to the credential document."),
	F_END
};
static const struct sfield education_f[] = {
	F_SLUG("Stable identifier."),
	F_STR("institution", 1, "School or university."),
	F_STR("detail", 1, "Dates and programme."),
	F_END
};
static const struct sfield recommendation_f[] = {
	F_SLUG("Stable identifier."),
	F_STR("name", 1, "Who wrote it."),
	F_STR("date", 1, "Date written, in Spanish."),
	F_STR("comment", 1, "Full text."),
	F_URI("recommender_url", 1, "Profile of the author."),
	F_END
};
static const struct sfield search_result_f[] = {
	{ .name = "type", .type = T_STRING, .required = 1,
	    .values = search_types, .description = "Kind of resource hit." },
	F_SLUG("Identifier of the matched resource."),
	F_STR("title", 1, "Display title of the hit."),
	F_STR("snippet", 1, "Excerpt of the matched content."),
	F_URI("url", 1, "Endpoint that returns the full resource."),
	F_INT("score", "2 points per query term found in the title plus 1 "
	    "point per query term found in the body; higher is better."),
	F_END
};
static const struct sfield error_body_f[] = {
	F_INT("status", "HTTP status, repeated in the body."),
	{ .name = "code", .type = T_STRING, .required = 1,
	    .values = error_codes, .description = "Stable machine-readable "
	    "code; the values are part of the contract and never renamed." },
	F_STR("message", 1, "One sentence on what went wrong."),
	F_STR("hint", 1, "How to recover: parameter to change or endpoint "
	    "to call."),
	F_URI("documentation_url", 1, "Developer portal."),
	F_END
};
static const struct sfield error_f[] = {
	F_OBJ("error", 1, error_body_f, 1, "The error."),
	F_END
};

const struct schema schemas[] = {
	{ "Meta", meta_f, 1, "Meta of every successful response." },
	{ "CollectionMeta", collmeta_f, 1, "Meta of collection responses "
	    "and search: every Meta member plus total, limit and offset." },
	{ "Health", health_f, 1, "Service health and contract version." },
	{ "Profile", profile_f, 0, "The professional profile." },
	{ "About", about_f, 0, "Biography and career timeline." },
	{ "Project", project_f, 1, "A project." },
	{ "ExperienceEntry", experience_f, 1, "A position held." },
	{ "SkillCategory", skillcat_f, 1, "Skills of one category." },
	{ "Certification", certification_f, 1, "A certification." },
	{ "EducationEntry", education_f, 1, "A school or programme." },
	{ "Recommendation", recommendation_f, 1, "A recommendation." },
	{ "SearchResult", search_result_f, 1, "One search hit." },
	{ "Error", error_f, 1, "The envelope of every error response under "
	    "/api." },
};
const size_t nschemas = sizeof(schemas) / sizeof(schemas[0]);
