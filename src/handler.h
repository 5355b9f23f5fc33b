/*
 * handler.h: the whole request handler, independent of FastCGI: an
 * environment in, a response out.  worker.c feeds it from libfcgi; the
 * unit tests and fuzz targets feed it synthetic environments.
 *
 * Ownership: everything a request allocates lives in the arena (reset
 * by the caller after each request) or in the response's buffers.
 */
#ifndef PERFIL_HANDLER_H
#define PERFIL_HANDLER_H

#include "app.h"
#include "request.h"
#include "response.h"

struct route;

/* What a handler sees: the request, validated and negotiated. */
struct ctx {
	const struct app *app;
	struct request *req;
	const struct route *route;
	const char *slug;		/* the {slug} path segment, if any */
	enum lang lang;			/* negotiated */
	long	 limit;			/* applied values (defaults filled) */
	long	 offset;
	const char *q;			/* search terms, decoded */
	struct response *resp;
	struct arena *arena;
};

void	 handle_request(const struct app *, char **envp, struct response *,
	    struct arena *);
/* The type of handle_synthetic, which app.c hands the start-up builders. */
typedef int handle_synthetic_fn(const struct app *, const char *method,
	    const char *path, const char *query, const char *const *extra,
	    struct response *, struct arena *);
int	 handle_synthetic(const struct app *, const char *method,
	    const char *path, const char *query, const char *const *extra,
	    struct response *, struct arena *);

#endif /* PERFIL_HANDLER_H */
