/*
 * routes.h: the one route table.  The dispatcher, the 404/405/Allow
 * logic, the OpenAPI generator and the developer portal all read it;
 * adding an endpoint is one row here plus one handler.  Its rows for
 * the pages and the collections are expanded from their declarations
 * (page_list.h, resource.h).
 *
 * Ownership: the table is static, read-only data; route_match's slug
 * is a copy in the request's arena; the route texts belong to the
 * label sets (labels.h).
 */
#ifndef PERFIL_ROUTES_H
#define PERFIL_ROUTES_H

#include "content/page_list.h"
#include "http/request.h"
#include "content/resource.h"

struct labels;
struct model;

enum route_kind {
	ROUTE_API,		/* JSON {data, meta} under /api, in OpenAPI */
	ROUTE_DOC,		/* a fixed document (OpenAPI, llms.txt, ...) */
	ROUTE_PAGE		/* a website page, HTML or markdown */
};

/*
 * Which handler serves a route.  The route table names it; the
 * dispatcher (handler.c) maps it to the function, so the table depends
 * on no handler and the handlers read the table (cgit's cmd.c).
 */
enum route_handler {
	RH_HEALTH,
	RH_PROFILE,
	RH_ABOUT,
	RH_LIST,		/* a collection, route.coll */
	RH_ITEM,		/* one item of route.coll by slug */
	RH_SEARCH,
	RH_OPENAPI,		/* arg: enum site_doc, DOC_OPENAPI* */
	RH_PAGE,		/* arg: enum site_page; -1: the owner's
				 * page named by the path's {name} */
	RH_DOC,			/* arg: enum site_doc */
	RH_PROJECT_PAGE,	/* a project's page, by slug */
	RH_CV_VARIANT,		/* a variant of the CV, by name and form
				 * (arg 0: /cv/, 1: /resume/) */
	RH_MEDIA,		/* a file of the content's media/ */
	RH_WEBFINGER,		/* /.well-known/webfinger (webfinger.h) */
	RH_MCP,			/* the MCP endpoint (mcp.h): every method
				 * is its own to answer */
	RH_MCP_CARD,		/* its server card (mcp.h), arg: enum
				 * site_doc, DOC_MCP_CARD* */
	RH__MAX
};

/* What a query parameter's value is, which decides how it is checked. */
enum param_kind {
	PARAM_KIND_INT,		/* a whole number in [min, max] */
	PARAM_KIND_STRING	/* text of min to max characters */
};

/*
 * A row of the parameter table (route_params in routes.c): a query
 * parameter on the routes of one handler (or, with only, on the one
 * route of that operation id), with its kind, bounds and default.  The
 * validation and its errors (handler.c), the API's links (api.c),
 * OpenAPI's parameters and examples (openapi.c), the portal and agent
 * files (portal.c, agents.c), the MCP tools' arguments (mcp_tools.c)
 * and the pre-rendered default answers (prerender.c) all read the
 * rows; the applied value is the request's slot x->val[id] (ctx.h).
 * Its description is the label "param.OPERATION.NAME" or "param.NAME"
 * (route_param_description).  A route takes a parameter at most once;
 * its parameters come in the table's order.
 */
struct route_param {
	enum param_id id;
	enum route_handler handler;	/* the routes of this handler */
	const char *only;		/* or only this operation's; NULL:
					 * every route of the handler */
	enum param_kind kind;
	int	 required;
	long	 min, max;	/* integers: bounds; strings: length */
	long	 def;		/* integers: the value when absent */
	unsigned flags;		/* PARAM_EXAMPLE */
};

/* The flags of a parameter. */
#define PARAM_EXAMPLE	0x01	/* the examples set it: OpenAPI's sample
				 * request to its minimum, the portal's curl
				 * to a small value within bounds */

/*
 * A route.  Its English texts (summary, description, the parameters')
 * are the label set's, en.json's for the OpenAPI document and each
 * language's for the portal and the agent files: route_summary and
 * friends below; an operation has a description when the label set
 * has "op.OPERATION.description".
 */
struct route {
	const char *path;		/* "{slug}" may end the pattern */
	const char *operation_id;	/* pages: the page's name */
	enum route_kind kind;
	const char *schema;		/* schema name of data; for a
					 * collection's, resources[coll]'s */
	int	 collection;		/* data is an array, CollectionMeta */
	enum coll coll;			/* the collection a list serves */
	enum route_handler handler;	/* its parameters: route_params */
	int	 arg;			/* handler's own selector (page, doc) */
	unsigned flags;			/* ROUTE_PER_LANG, ROUTE_STATUS */
};

/* The flags of a route. */
#define ROUTE_PER_LANG	0x01	/* under "/CODE" in every language too */
#define ROUTE_STATUS	0x02	/* the service's status (health): read
				 * per request, never pre-rendered, not an
				 * MCP tool, the reload headers in OpenAPI,
				 * the API catalog's "status" */

extern const struct route routes[];
extern const size_t routes_len;
extern const struct route_param route_params[];
extern const size_t route_params_len;

const struct route *route_match(const char *path, const char **slug,
		    struct arena *);
int		 route_is_api_path(const char *path);
int		 route_per_lang(const struct route *);
int		 route_item_pages(enum coll);
const char	*route_handler_path(enum route_handler);
int		 route_live(const struct model *, const struct route *);
const char	*route_schema(const struct route *);
const char	*route_summary(struct labels *, const struct route *,
		    enum lang);
const char	*route_description(struct labels *, const struct route *,
		    enum lang);
const struct route_param *route_param_next(const struct route *,
		    const struct route_param *);
const char	*route_param_description(struct labels *,
		    const struct route *, const struct route_param *,
		    enum lang);

#endif /* PERFIL_ROUTES_H */
