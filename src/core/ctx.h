/*
 * ctx.h: what a handler sees of one request, validated and negotiated,
 * and the type of the synthetic-request runner that the start-up
 * builders (prerender.c, openapi.c) are handed.  It stands below the
 * handlers and the dispatcher, so that neither includes the other
 * (nginx's ngx_http_request.h).
 *
 * Ownership: a struct ctx lives on the dispatcher's stack for one
 * request; what it points to belongs to the worker (app), the request
 * arena (req, slug, a string parameter's value) or the caller's response.
 */
#ifndef PERFIL_CTX_H
#define PERFIL_CTX_H

#include "core/app.h"
#include "http/request.h"
#include "http/response.h"

struct route;

/*
 * Runs one request (method, path, query and extra "NAME=value"
 * environment entries) through the dispatcher into the response.  The
 * dispatcher's handle_synthetic has this type; app_load hands it to
 * the builders, which never include the dispatcher.
 */
typedef int handle_synthetic_fn(const struct app *, const char *method,
	    const char *path, const char *query, const char *const *extra,
	    struct response *, struct arena *);

/*
 * The applied value of a query parameter the route takes (its row in
 * route_params, routes.h): an integer's, its default when absent; a
 * string's, NULL when absent.  A parameter the route does not take
 * keeps 0 and NULL.
 */
struct param_value {
	long	 n;			/* PARAM_KIND_INT */
	const char *s;			/* PARAM_KIND_STRING, decoded */
};

struct ctx {
	const struct app *app;
	struct request *req;
	const struct route *route;
	const char *slug;		/* the {slug} path segment, if any */
	enum lang lang;			/* negotiated */
	struct param_value val[PARAM__MAX]; /* the route's parameters
					 * applied, by enum param_id */
	struct response *resp;
	struct arena *arena;
	handle_synthetic_fn *run;	/* the dispatcher, for a handler
					 * that answers with the API's own
					 * answers (mcp_tools.c) */
};

#endif /* PERFIL_CTX_H */
