/*
 * routes.c: the route table and path matching.
 */
#include "config.h"

#include <string.h>

#include "openapi.h"	/* the formats, for arg */
#include "pages.h"	/* the pages and documents, for arg */
#include "routes.h"


static const struct route_param list_params[] = {
	{ .id = PARAM_LIMIT, .kind = PARAM_KIND_INT, .min = 1, .max = 100,
	    .def = 100, .description = "Maximum number of items to return." },
	{ .id = PARAM_OFFSET, .kind = PARAM_KIND_INT, .min = 0, .max = 1000,
	    .def = 0, .description = "Number of items to skip before the "
	    "first one returned." },
	{ .id = PARAM__MAX }
};

static const struct route_param no_params[] = {
	{ .id = PARAM__MAX }
};

/* Website pages and agent files (pages.c); arg selects the page or file. */
#define PAGE(path, op, summary, page) \
	{ path, op, ROUTE_PAGE, summary, NULL, NULL, 0, COLL__MAX, RH_PAGE, \
	    no_params, page }
/* A page per item of a collection (pages_project), path ending "{slug}". */
#define ITEM_PAGE(path, op, summary, coll) \
	{ path, op, ROUTE_PAGE, summary, NULL, NULL, 0, coll, \
	    RH_PROJECT_PAGE, no_params, 0 }
#define DOC(path, op, summary, doc) \
	{ path, op, ROUTE_DOC, summary, NULL, NULL, 0, COLL__MAX, RH_DOC, \
	    no_params, doc }

static const struct route_param search_params[] = {
	{ .id = PARAM_Q, .kind = PARAM_KIND_STRING, .required = 1, .min = 1,
	    .max = 200, .description = "Search text: 1 to 200 characters, at most 16 distinct terms "
	    "separated by white space. Case, accents and compatibility "
	    "forms are ignored (educacion finds Educaci\xc3\xb3n); a term "
	    "matches where a word starts (migra finds migraci\xc3\xb3n)." },
	{ .id = PARAM_LIMIT, .kind = PARAM_KIND_INT, .min = 1, .max = 50,
	    .def = 10, .description = "Maximum number of hits to return, "
	    "best first." },
	{ .id = PARAM__MAX }
};

#define LIST(path, op, summary, schema, coll) \
	{ path, op, ROUTE_API, summary, NULL, schema, 1, coll, RH_LIST, \
	    list_params, 0 }

const struct route routes[] = {
	{ "/api/v1/health", "getHealth", ROUTE_API,
	    "Service health and version",
	    "Reports that the service is up and which version of the API "
	    "contract it serves.",
	    "Health", 0, COLL__MAX, RH_HEALTH, no_params, 0 },
	{ "/api/v1/profile", "getProfile", ROUTE_API,
	    "Professional profile",
	    "Name, headline, current position, location, contact and "
	    "availability.",
	    "Profile", 0, COLL__MAX, RH_PROFILE, no_params, 0 },
	{ "/api/v1/about", "getAbout", ROUTE_API,
	    "Biography and career timeline",
	    "The full biography and the career milestones, oldest first.",
	    "About", 0, COLL__MAX, RH_ABOUT, no_params, 0 },
	LIST("/api/v1/projects", "listProjects", "Projects",
	    "Project", COLL_PROJECTS),
	{ "/api/v1/projects/{slug}", "getProject", ROUTE_API,
	    "One project by slug",
	    "A single project; an unknown slug is 404 not_found and the "
	    "hint lists the known slugs.",
	    "Project", 0, COLL_PROJECTS, RH_PROJECT, no_params, 0 },
	LIST("/api/v1/experience", "listExperience",
	    "Work experience, newest first", "ExperienceEntry",
	    COLL_EXPERIENCE),
	LIST("/api/v1/skills", "listSkills", "Skills by category",
	    "SkillCategory", COLL_SKILLS),
	LIST("/api/v1/certifications", "listCertifications",
	    "Certifications", "Certification", COLL_CERTIFICATIONS),
	LIST("/api/v1/education", "listEducation", "Education",
	    "EducationEntry", COLL_EDUCATION),
	LIST("/api/v1/recommendations", "listRecommendations",
	    "Recommendations", "Recommendation", COLL_RECOMMENDATIONS),
	{ "/api/v1/search", "searchContent", ROUTE_API,
	    "Keyword search across the profile",
	    "Case- and accent-insensitive keyword search over projects, "
	    "experience, skills (one hit per skill), certifications and "
	    "recommendations, in the negotiated language. Score: 2 points "
	    "per distinct term found in the hit's title plus 1 per term "
	    "found in its body; hits with score 0 are left out. Order: "
	    "score descending, then type (project, experience, skill, "
	    "certification, recommendation), then content order. "
	    "meta.total counts every hit; there is no offset.",
	    "SearchResult", 1, COLL__MAX, RH_SEARCH, search_params, 0 },
	/* The OpenAPI document (openapi.c): not API operations itself. */
	{ "/openapi.json", "getOpenApi", ROUTE_DOC,
	    "OpenAPI 3.1 document (canonical)", NULL, NULL, 0, COLL__MAX,
	    RH_OPENAPI, no_params, OPENAPI_JSON },
	{ "/api/openapi.json", "getOpenApiJson", ROUTE_DOC,
	    "OpenAPI 3.1 document", NULL, NULL, 0, COLL__MAX,
	    RH_OPENAPI, no_params, OPENAPI_JSON },
	{ "/api/openapi.yaml", "getOpenApiYaml", ROUTE_DOC,
	    "OpenAPI 3.1 document as YAML", NULL, NULL, 0, COLL__MAX,
	    RH_OPENAPI, no_params, OPENAPI_YAML },
	PAGE("/", "pageHome", "Home page", SITE_HOME),
	PAGE("/about", "pageAbout", "Biography and timeline", SITE_ABOUT),
	PAGE("/cv", "pageCv", "Curriculum vitae", SITE_CV),
	PAGE("/projects", "pageProjects", "Projects", SITE_PROJECTS),
	ITEM_PAGE("/projects/{slug}", "pageProject", "One project",
	    COLL_PROJECTS),
	PAGE("/contact", "pageContact", "Contact", SITE_CONTACT),
	PAGE("/privacy", "pagePrivacy", "Privacy", SITE_PRIVACY),
	PAGE("/lab", "pageLab", "Lab", SITE_LAB),
	PAGE("/developers", "pageDevelopers", "Developer portal",
	    SITE_DEVELOPERS),
	DOC("/llms.txt", "docLlms", "llms.txt", DOC_LLMS),
	DOC("/agents.md", "docAgents", "Guide for AI agents", DOC_AGENTS),
	DOC("/resume.json", "docResume", "JSON Resume", DOC_RESUME),
	DOC("/sitemap.xml", "docSitemap", "Sitemap", DOC_SITEMAP),
	DOC("/robots.txt", "docRobots", "robots.txt", DOC_ROBOTS),
	DOC("/manifest.webmanifest", "docManifest", "Web app manifest",
	    DOC_MANIFEST),
	DOC("/icon.svg", "docIcon", "Site icon", DOC_ICON),
	DOC("/favicon.ico", "docFavicon", "Site icon (redirect)", DOC_FAVICON),
};

const size_t routes_len = sizeof(routes) / sizeof(routes[0]);

/*
 * Returns 1 when route r exists in every language of the site, under
 * "/CODE" outside the default one: the pages, llms.txt, agents.md and
 * the JSON Resume.
 */
int
route_per_lang(const struct route *r)
{
	return r->kind == ROUTE_PAGE || (r->handler == RH_DOC &&
	    (r->arg == DOC_LLMS || r->arg == DOC_AGENTS ||
	    r->arg == DOC_RESUME));
}

/* Returns 1 when a route renders collection k's items per request
 * (an item page), so that their objects must outlive start-up. */
int
route_item_pages(enum coll k)
{
	size_t	 i;

	for (i = 0; i < routes_len; i++)
		if (routes[i].handler == RH_PROJECT_PAGE &&
		    routes[i].coll == k)
			return 1;
	return 0;
}

/* Returns 1 for "/api" and everything below "/api/". */
int
route_is_api_path(const char *path)
{
	return strncmp(path, "/api", 4) == 0 &&
	    (path[4] == '\0' || path[4] == '/');
}

/*
 * Finds the route for path.  A pattern ending in "{slug}" matches one
 * non-empty final segment, stored (arena copy) in *slug.  Returns the
 * route or NULL.
 */
const struct route *
route_match(const char *path, const char **slug, struct arena *a)
{
	const char *brace, *rest;
	size_t	 i, prefix;

	*slug = NULL;
	for (i = 0; i < routes_len; i++) {
		brace = strchr(routes[i].path, '{');
		if (brace == NULL) {
			if (strcmp(path, routes[i].path) == 0)
				return &routes[i];
			continue;
		}
		prefix = (size_t)(brace - routes[i].path);
		if (strncmp(path, routes[i].path, prefix) != 0)
			continue;
		rest = path + prefix;
		if (*rest == '\0' || strchr(rest, '/') != NULL)
			continue;
		if ((*slug = arena_strndup(a, rest, strlen(rest))) == NULL)
			return NULL;
		return &routes[i];
	}
	return NULL;
}
