/*
 * mcp_int.h: what the parts of the MCP endpoint share (mcp.h is the
 * module's face).  mcp.c is the transport (HTTP's rules, the protocol
 * revision of a request, the headers that mirror the body), mcp_rpc.c
 * the method table and its dispatch, mcp_tools.c what the methods serve
 * (tools, resources, instructions: built at start-up, run per call),
 * mcp_card.c the server card, built from what mcp_tools.c rendered,
 * mcp_wire.c what they all stand on (the revisions, the capabilities,
 * an answer's headers, the envelope, the raw scan of the body).  Calls
 * run one way: mcp.c -> mcp_rpc.c -> mcp_tools.c -> mcp_wire.c, and
 * mcp.c -> mcp_card.c -> mcp_wire.c.
 *
 * Ownership: a struct mcp_call lives on mcp_serve's stack for one
 * request; its strings belong to the request's arena or the parsed
 * body, which mcp_serve frees after the answer is written.
 */
#ifndef PERFIL_MCP_INT_H
#define PERFIL_MCP_INT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/ctx.h"
#include "http/encoding.h"

/* The revision of the stateless era, and the last one with a session
 * (initialize), which the older clients ask for. */
#define MCP_MODERN	"2026-07-28"
#define MCP_LEGACY	"2025-11-25"

/* The prompts/list result: the content declares no prompts (the
 * capability is declared, as 2026-07-28 asks of a server that answers
 * the list); the server card says the same list. */
#define MCP_PROMPTS	"{\"prompts\":[]}"

/* Deepest nesting of arrays and objects a body may have: an MCP
 * message needs 6 or so; cJSON recurses once per level on a 256 KiB
 * thread stack. */
#define MCP_DEPTH_MAX	32

/* JSON-RPC error codes (JSON-RPC 2.0, and MCP's own). */
enum mcp_code {
	MCP_E_PARSE = -32700,
	MCP_E_INVALID_REQUEST = -32600,
	MCP_E_NO_METHOD = -32601,
	MCP_E_INVALID_PARAMS = -32602,
	MCP_E_INTERNAL = -32603,
	MCP_E_NO_RESOURCE = -32002,	/* 2025-11-25's resource not found */
	MCP_E_HEADER_MISMATCH = -32020,
	MCP_E_UNSUPPORTED_VERSION = -32022
};

/* The two eras of the protocol, as bits of the method table. */
enum mcp_era {
	MCP_ERA_LEGACY = 1,	/* initialize, then requests (2025-11-25 and
				 * before) */
	MCP_ERA_MODERN = 2	/* every request carries its version and
				 * capabilities in _meta (2026-07-28) */
};

/* A resource: a markdown page or the JSON Resume in one language. */
struct mcp_res {
	char	*uri;		/* base URL + path */
	char	*path;		/* the site path it is read from */
};

struct mcp {
	char	*tools[LANG__MAX];	/* tools/list results, JSON */
	char	*instructions[LANG__MAX];	/* markdown */
	char	*resources;		/* resources/list result, JSON */
	struct mcp_res *res;
	size_t	 nres;
	char	 origin[256];		/* scheme://host[:port] of the base
					 * URL: the one Origin allowed */
	struct rendered card;		/* the server card (mcp_card.c) */
};

/* One JSON-RPC request being answered. */
struct mcp_call {
	struct ctx *x;
	const char *id;		/* the id's JSON token as sent, or NULL */
	enum mcp_era era;
	const char *version;	/* the revision it is answered in */
	const cJSON *params;	/* an object, or NULL */
	int	 has_nul;	/* a string of the body holds U+0000 */
};

/* mcp_card.c */
int	 mcp_card_build(struct mcp *, const struct app *);

/* mcp_wire.c */
void	 mcp_answer(struct ctx *, int status);
void	 mcp_capabilities(cJSON *, enum mcp_era);
extern const char *const mcp_versions[];
const char *mcp_version_known(const char *);
void	 mcp_error(struct mcp_call *, int status, int code, const char *data,
	    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void	 mcp_result(struct mcp_call *, const char *json, int cacheable);
void	 mcp_result_tree(struct mcp_call *, cJSON *, int cacheable);
const char *mcp_safe(struct arena *, const char *, size_t max);
int	 mcp_raw_depth_ok(const char *, size_t, int max);
int	 mcp_raw_member(const char *, size_t, const char *key,
	    const char **val, size_t *vlen);
int	 mcp_raw_has_nul(const char *, size_t);

/* mcp_rpc.c */
void	 mcp_dispatch(struct mcp_call *, const char *method, size_t len);

/* mcp_tools.c */
char	*mcp_tools_list(const struct app *, enum lang);
char	*mcp_tools_instructions(const struct app *, enum lang);
int	 mcp_tools_resources(struct mcp *, const struct app *);
void	 mcp_tools_call(struct mcp_call *);
void	 mcp_tools_read(struct mcp_call *);

#endif /* PERFIL_MCP_INT_H */
