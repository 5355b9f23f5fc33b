/*
 * routes.c: the route table and path matching.
 */
#include "config.h"

#include <string.h>

#include <stdio.h>

#include "content/content.h"
#include "content/labels.h"
#include "core/routes.h"


/*
 * The parameter table: every query parameter a route takes but lang,
 * one row per parameter and handler (or operation), in the order the
 * routes list them (the API's links, OpenAPI, the portal).
 */
const struct route_param route_params[] = {
	{ .id = PARAM_Q, .handler = RH_SEARCH, .kind = PARAM_KIND_STRING,
	    .required = 1, .min = 1, .max = 200 },
	{ .id = PARAM_LIMIT, .handler = RH_LIST, .kind = PARAM_KIND_INT,
	    .min = 1, .max = 100, .def = 100, .flags = PARAM_EXAMPLE },
	{ .id = PARAM_OFFSET, .handler = RH_LIST, .kind = PARAM_KIND_INT,
	    .min = 0, .max = 1000, .def = 0 },
	{ .id = PARAM_LIMIT, .handler = RH_SEARCH, .kind = PARAM_KIND_INT,
	    .min = 1, .max = 50, .def = 10, .flags = PARAM_EXAMPLE },
};

const size_t route_params_len = sizeof(route_params) /
    sizeof(route_params[0]);

#define API(p, op, sch, h)	{ .path = p, .operation_id = op, \
	.kind = ROUTE_API, .schema = sch, .coll = COLL__MAX, .handler = h }
/* A collection (resource.h, COLLECTIONS) and, with ITEMS, its items. */
#define LIST(id, name, op, items, item_op)	{ .path = "/api/v1/" name, \
	.operation_id = op, .kind = ROUTE_API, .collection = 1, \
	.coll = COLL_##id, .handler = RH_LIST }, \
	ITEM_##items(id, name, item_op)
#define ITEM_ITEMS(id, name, op)	{ .path = "/api/v1/" name "/{slug}", \
	.operation_id = op, .kind = ROUTE_API, .coll = COLL_##id, \
	.handler = RH_ITEM },
#define ITEM_NO_ITEMS(id, name, op)
/* The website's pages (page_list.h); arg selects the page. */
#define PAGE(id, name, p, place, render) { .path = p, \
	.operation_id = name, .kind = ROUTE_PAGE, .coll = COLL__MAX, \
	.handler = RH_PAGE, .arg = SITE_##id, \
	.flags = ROUTE_PER_LANG },
/* A page per item of a collection (pages_project), path ending "{slug}". */
#define ITEM_PAGE(p, op, c)	{ .path = p, .operation_id = op, \
	.kind = ROUTE_PAGE, .coll = c, .handler = RH_PROJECT_PAGE, \
	.flags = ROUTE_PER_LANG }
/* A document; arg selects it. */
#define DOC(p, op, h, doc)	{ .path = p, .operation_id = op, \
	.kind = ROUTE_DOC, .coll = COLL__MAX, .handler = h, .arg = doc }
/* A row of SITE_DOCS (page_list.h). */
#define DOCUMENT(id, p, op, h, type, fl, build) { .path = p, \
	.operation_id = op, .kind = ROUTE_DOC, .coll = COLL__MAX, \
	.handler = h, .arg = DOC_##id, \
	.flags = ((fl) & DOC_PER_LANG) ? ROUTE_PER_LANG : 0 },

const struct route routes[] = {
	{ .path = "/api/v1/health", .operation_id = "getHealth",
	    .kind = ROUTE_API, .schema = "Health", .coll = COLL__MAX,
	    .handler = RH_HEALTH, .flags = ROUTE_STATUS },
	API("/api/v1/profile", "getProfile", "Profile", RH_PROFILE),
	API("/api/v1/about", "getAbout", "About", RH_ABOUT),
	COLLECTIONS(LIST)
	{ .path = "/api/v1/search", .operation_id = "searchContent",
	    .kind = ROUTE_API, .schema = "SearchResult", .collection = 1,
	    .coll = COLL__MAX, .handler = RH_SEARCH },
	SITE_PAGES(PAGE)
	ITEM_PAGE("/projects/{slug}", "pageProject", COLL_PROJECTS),
	/* The variants of the CV (site.json's cv_variants), each in every
	 * form /cv has, by the name's suffix (pages_cv_variant): arg 0
	 * the CV's ("/cv/NAME", ".md", ".pdf", ".txt"), 1 its JSON
	 * Resume ("/resume/NAME.json"). */
	{ .path = "/cv/{slug}", .operation_id = "pageCvVariant",
	    .kind = ROUTE_PAGE, .coll = COLL__MAX, .handler = RH_CV_VARIANT,
	    .arg = 0, .flags = ROUTE_PER_LANG },
	{ .path = "/resume/{slug}", .operation_id = "docResumeVariant",
	    .kind = ROUTE_DOC, .coll = COLL__MAX, .handler = RH_CV_VARIANT,
	    .arg = 1, .flags = ROUTE_PER_LANG },
	/* The documents (page_list.h), the OpenAPI document's paths
	 * among them. */
	SITE_DOCS(DOCUMENT)
	/* The MCP server (mcp.h): POST, the API's operations as tools. */
	DOC("/mcp", "mcpEndpoint", RH_MCP, 0),
	/* The content's media/ files (media.h), by name, never a path. */
	DOC("/media/{slug}", "docMedia", RH_MEDIA, 0),
	/* Last: the owner's own pages (content/pages/NAME.LANG.md), one
	 * row for all of them.  "{name}" matches a page name only (a-z,
	 * 0-9, "-"), so every path above wins and "/about.md" stays
	 * /about's twin; pages_page finds the page by name in the loaded
	 * content, and a name it does not have is the 404 page. */
	{ .path = "/{name}", .operation_id = "pageOwner", .kind = ROUTE_PAGE,
	    .coll = COLL__MAX, .handler = RH_PAGE,
	    .arg = -1, .flags = ROUTE_PER_LANG },
};

const size_t routes_len = sizeof(routes) / sizeof(routes[0]);

/*
 * Returns 1 when route r exists in every language of the site, under
 * "/CODE" outside the default one: the pages and the documents marked
 * DOC_PER_LANG (page_list.h).
 */
int
route_per_lang(const struct route *r)
{
	return (r->flags & ROUTE_PER_LANG) != 0;
}

/*
 * Returns 1 when route r exists for model m: every route but those of
 * a collection the content does not have and need not
 * (content_coll_live).  Dispatch, OpenAPI, pre-rendering, the portal
 * and the agent files skip the others.
 */
int
route_live(const struct model *m, const struct route *r)
{
	return r->coll >= COLL__MAX || content_coll_live(m, r->coll);
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

/* The path of the first route handler h serves ("/mcp" for RH_MCP), or
 * NULL when the table has none: how a renderer links to an endpoint
 * without including its handler's header. */
const char *
route_handler_path(enum route_handler h)
{
	size_t	 i;

	for (i = 0; i < routes_len; i++)
		if (routes[i].handler == h)
			return routes[i].path;
	return NULL;
}

/* The schema name of route r's data: a collection's is its
 * resource's (resource.c). */
const char *
route_schema(const struct route *r)
{
	return r->coll < COLL__MAX ? resources[r->coll].schema : r->schema;
}

/*
 * The summary of route r in language l: the label
 * "op.OPERATION.summary"; in LABELS_DOC, en.json's (labels.h), which
 * the OpenAPI document is written from.
 */
const char *
route_summary(struct labels *lb, const struct route *r, enum lang l)
{
	char	 key[128];

	snprintf(key, sizeof(key), "op.%s.summary", r->operation_id);
	return lbl(lb, l, key);
}

/* The description of route r in language l ("op.OPERATION.description"),
 * or NULL when the label sets give it none. */
const char *
route_description(struct labels *lb, const struct route *r, enum lang l)
{
	char	 key[128];

	snprintf(key, sizeof(key), "op.%s.description", r->operation_id);
	return lbl_find(lb, l, key);
}

/*
 * The description of parameter p of route r in language l: the label
 * "param.OPERATION.NAME", else "param.NAME".
 */
const char *
route_param_description(struct labels *lb, const struct route *r,
    const struct route_param *p, enum lang l)
{
	const char *s;
	char	 key[128];

	snprintf(key, sizeof(key), "param.%s.%s", r->operation_id,
	    req_param_name(p->id));
	if ((s = lbl_find(lb, l, key)) != NULL)
		return s;
	snprintf(key, sizeof(key), "param.%s", req_param_name(p->id));
	return lbl(lb, l, key);
}

/*
 * The row of the parameter table after p (NULL: the first) that route
 * r takes, or NULL after its last.
 */
const struct route_param *
route_param_next(const struct route *r, const struct route_param *p)
{
	p = p == NULL ? route_params : p + 1;
	for (; p < route_params + route_params_len; p++)
		if (p->handler == r->handler && (p->only == NULL ||
		    strcmp(p->only, r->operation_id) == 0))
			return p;
	return NULL;
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
 * non-empty final segment, "{name}" one that is an owner page's name
 * (owner_name_valid); either is stored (arena copy) in *slug.  Returns
 * the route or NULL.
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
		if (strcmp(brace, "{name}") == 0 &&
		    !owner_name_valid(rest, strlen(rest)))
			continue;
		if ((*slug = arena_strndup(a, rest, strlen(rest))) == NULL)
			return NULL;
		return &routes[i];
	}
	return NULL;
}
