/*
 * mcp.h: the MCP endpoint (/mcp), a read-only Model Context Protocol
 * server over Streamable HTTP in both eras of the specification,
 * chosen per request: revision 2026-07-28 (stateless: server/discover,
 * _meta on every request, Mcp-Method/Mcp-Name headers, caching hints)
 * and 2025-11-25 (initialize; also 2025-06-18 and 2025-03-26 when a
 * client asks for them): JSON-RPC over POST, answered with
 * application/json, without a session.  Its tools are the API's
 * operations (the route table's ROUTE_API rows but the health check),
 * their input schemas the routes' parameters and their output schemas
 * the OpenAPI document's 200 answers; a call runs the API request
 * itself through the dispatcher (ctx.run), so that its structured
 * result is the API's answer {data, meta} for the same parameters and
 * its errors the API's.  Its resources are the markdown pages and the
 * per-language text documents of SITE_DOCS (page_list.h: the agent
 * files, the JSON Resume, the vCard) in every language, read the same
 * way.  Its server card (SEP-2127: identity, endpoint, protocol
 * revisions) is built with the lists at content load and served by
 * mcp_card_serve at the rows DOC_MCP_CARD* of SITE_DOCS.  docs/mcp.md
 * describes it; mcp_int.h its parts.
 *
 * Ownership: mcp_build returns a struct mcp that mcp_free releases,
 * with everything it points to; mcp_serve writes into the context's
 * response and allocates from its arena (and frees what cJSON
 * allocates before it returns).
 */
#ifndef PERFIL_MCP_H
#define PERFIL_MCP_H

#include "core/ctx.h"

#define MCP_PATH	"/mcp"

struct mcp;

struct mcp	*mcp_build(const struct app *, char *err, size_t errlen);
void		 mcp_free(struct mcp *);
struct snap;
struct mcp	*mcp_snap(struct snap *, struct mcp *, const struct app *);
void		 mcp_serve(struct ctx *);
void		 mcp_card_serve(struct ctx *);

#endif /* PERFIL_MCP_H */
