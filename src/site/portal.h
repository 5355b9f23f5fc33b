/*
 * portal.h: the developer portal (a page of page_list.h) and the route
 * descriptions it shares with the agent files: a curl example and the
 * parameter list of a route, the paragraph on languages.
 *
 * Ownership: functions here append to a caller's struct buf; nothing
 * is kept.
 */
#ifndef PERFIL_PORTAL_H
#define PERFIL_PORTAL_H

#include "site/markdown.h"

page_render_fn md_developers;

void	 portal_route_example(const struct app *, const struct route *,
	    enum lang, struct buf *);
void	 portal_route_params(const struct app *, const struct route *,
	    enum lang, const char *indent, struct buf *);
void	 portal_language_section(const struct app *, enum lang, const char *key,
	    struct buf *);

void	 portal_mcp(const struct app *, enum lang, struct buf *);
int	 portal_has_mcp(const struct app *);
void	 portal_static_note(const struct app *, enum lang, struct buf *);
const char *portal_mcp_path(const struct app *, enum lang, char *,
	    size_t);

#endif /* PERFIL_PORTAL_H */
