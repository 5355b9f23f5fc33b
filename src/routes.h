/*
 * routes.h: the one route table.  The dispatcher, the 404/405/Allow
 * logic, the OpenAPI generator and the developer portal all read it;
 * adding an endpoint is one row here plus one handler.
 */
#ifndef PERFIL_ROUTES_H
#define PERFIL_ROUTES_H

#include "content.h"
#include "handler.h"

/* What a query parameter's value is, which decides how it is checked. */
enum param_kind {
	PARAM_KIND_INT,		/* a whole number in [min, max] */
	PARAM_KIND_STRING	/* text of min to max characters */
};

/* A query parameter a route accepts, with its bounds. */
struct route_param {
	enum param_id id;	/* PARAM__MAX ends a list */
	enum param_kind kind;
	int	 required;
	long	 min, max;	/* integers: bounds; strings: length */
	long	 def;		/* integers: default */
	const char *description;
};

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
	RH_PROJECT,		/* one project by slug */
	RH_SEARCH,
	RH_OPENAPI,		/* arg: enum openapi_format */
	RH_PAGE,		/* arg: enum site_page */
	RH_DOC,			/* arg: enum site_doc */
	RH_PROJECT_PAGE,	/* a project's page, by slug */
	RH__MAX
};

struct route {
	const char *path;		/* "{slug}" may end the pattern */
	const char *operation_id;
	enum route_kind kind;
	const char *summary;
	const char *description;
	const char *schema;		/* schema name of data */
	int	 collection;		/* data is an array, CollectionMeta */
	enum coll coll;			/* the collection a list serves */
	enum route_handler handler;
	const struct route_param *params;
	int	 arg;			/* handler's own selector (page, doc) */
};

extern const struct route routes[];
extern const size_t routes_len;

const struct route *route_match(const char *path, const char **slug,
		    struct arena *);
int		 route_is_api_path(const char *path);
int		 route_per_lang(const struct route *);
int		 route_item_pages(enum coll);

#endif /* PERFIL_ROUTES_H */
