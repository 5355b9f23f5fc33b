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

#include "core/ctx.h"

void	 handle_request(const struct app *, char **envp, const char *body,
	    size_t body_len, struct response *, struct arena *);
int	 handle_synthetic(const struct app *, const char *method,
	    const char *path, const char *query, const char *const *extra,
	    struct response *, struct arena *);

#endif /* PERFIL_HANDLER_H */
