/*
 * api.h: the JSON API's resource handlers and the {data, meta}
 * envelope they share.
 *
 * Ownership: handlers write into the context's response and allocate
 * only from its arena (ctx.h).
 */
#ifndef PERFIL_API_H
#define PERFIL_API_H

#include "core/ctx.h"

void	 api_health(struct ctx *);
void	 api_profile(struct ctx *);
void	 api_about(struct ctx *);
void	 api_list(struct ctx *);
void	 api_item(struct ctx *);

void	 api_begin(struct ctx *);
void	 api_end(struct ctx *, long count, long total);
void	 api_query_value(struct buf *, const char *);

#endif /* PERFIL_API_H */
