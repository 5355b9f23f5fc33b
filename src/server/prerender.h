/*
 * prerender.h: the answers that never change between content loads,
 * rendered once at start-up.
 *
 * For every ROUTE_API route (and every slug of a {slug} route) and
 * every language, prerender_build runs the real handler once through
 * a synthetic GET with default parameters and keeps the body and its
 * entity tag.  A request with the same route, slug, language and
 * default parameters then copies those bytes (prerender_serve)
 * instead of rebuilding and rehashing them: one code path renders
 * everything, the request path only concatenates.
 *
 * Ownership: prerender_build returns a table that prerender_free
 * releases (app_load and app_free do both).
 */
#ifndef PERFIL_PRERENDER_H
#define PERFIL_PRERENDER_H

#include "core/ctx.h"

struct prerender;

struct prerender *prerender_build(const struct app *, handle_synthetic_fn *,
		    char *err, size_t);
void		 prerender_free(struct prerender *);
struct snap;
struct prerender *prerender_snap(struct snap *, struct prerender *,
		    const struct app *);
int		 prerender_serve(struct ctx *);

#endif /* PERFIL_PRERENDER_H */
