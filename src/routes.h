/*
 * routes.h: the one route table.  The dispatcher, the 404/405/Allow
 * logic, the OpenAPI generator and the developer portal all read it;
 * adding an endpoint is one row here plus one handler.
 */
#ifndef PERFIL_ROUTES_H
#define PERFIL_ROUTES_H

#include "content.h"
#include "handler.h"

/* A query parameter a route accepts, with its bounds. */
struct route_param {
	enum param_id id;	/* PARAM__MAX ends a list */
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

struct route {
	const char *path;		/* "{slug}" may end the pattern */
	const char *operation_id;
	enum route_kind kind;
	const char *summary;
	const char *description;
	const char *schema;		/* schema name of data */
	int	 collection;		/* data is an array, CollectionMeta */
	enum coll coll;			/* the collection a list serves */
	void	 (*handler)(struct ctx *);
	const struct route_param *params;
	int	 arg;			/* handler's own selector (page, doc) */
};

extern const struct route routes[];
extern const size_t routes_len;

const struct route *route_match(const char *path, const char **slug,
		    struct arena *);
int		 route_is_api_path(const char *path);

#endif /* PERFIL_ROUTES_H */
