/*
 * discovery.h: how a program finds what this site serves without
 * reading its pages: the API catalog (RFC 9727) and the AI catalog
 * (SEP-2127's discovery: /.well-known/ai-catalog.json), both SITE_DOCS
 * builders declared by agents.h; the name both catalogs and the MCP
 * server card give the MCP server; the Link header (RFC 8288) of the
 * website's pages.
 *
 * Ownership: the functions write into the caller's buffers.
 */
#ifndef PERFIL_DISCOVERY_H
#define PERFIL_DISCOVERY_H

#include "core/app.h"

/* The link to the API catalog (RFC 9727, 3): printf's format of the
 * base URL and the catalog's path. */
#define DISCOVERY_LINK_CATALOG	"<%s%s>; rel=\"api-catalog\""

/* Longest host and server name discovery_id writes, NUL included. */
#define DISCOVERY_NAME_MAX	256

int	 discovery_id(const struct app *, char *host, char *name);
int	 discovery_card_name(const struct app *, char *out, size_t);
void	 discovery_page_link(const struct app *, int pg, const char *path,
	    const char *type, int html, struct buf *);

#endif /* PERFIL_DISCOVERY_H */
