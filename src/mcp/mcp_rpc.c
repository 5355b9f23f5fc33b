/*
 * mcp_rpc.c: the JSON-RPC methods of the MCP endpoint (mcp_int.h): the
 * method table and its dispatch, the lifecycle methods of both eras;
 * tools and resources are mcp_tools.c's, the envelope mcp_wire.c's.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/json.h"
#include "core/errors.h"
#include "mcp/mcp_int.h"

/* serverInfo: the package, the person's name as its title, the site. */
static void
add_server_info(cJSON *to, const char *key, const struct ctx *x)
{
	cJSON	*info;

	info = cJSON_AddObjectToObject(to, key);
	cJSON_AddStringToObject(info, "name", PACKAGE_NAME);
	cJSON_AddStringToObject(info, "version", PACKAGE_VERSION);
	cJSON_AddStringToObject(info, "title", json_str(
	    x->app->model->profile.obj[x->lang], "name"));
	cJSON_AddStringToObject(info, "websiteUrl",
	    x->app->source_url[x->lang]);
}

/* initialize (legacy): the revision the client asked for when this
 * server speaks it with initialize, else the newest that has it. */
static void
rpc_initialize(struct mcp_call *c)
{
	const char *v;
	cJSON	*res;

	v = mcp_version_known(cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(c->params, "protocolVersion")));
	if (v == NULL || strcmp(v, MCP_MODERN) == 0)
		v = MCP_LEGACY;
	if ((res = cJSON_CreateObject()) != NULL) {
		cJSON_AddStringToObject(res, "protocolVersion", v);
		mcp_capabilities(res, MCP_ERA_LEGACY);
		add_server_info(res, "serverInfo", c->x);
		cJSON_AddStringToObject(res, "instructions",
		    c->x->app->mcp->instructions[c->x->lang]);
	}
	mcp_result_tree(c, res, 0);
}

/* server/discover (modern): the revisions, capabilities, identity and
 * instructions, cacheable like the lists. */
static void
rpc_discover(struct mcp_call *c)
{
	cJSON	*res, *v, *meta;
	size_t	 i;

	if ((res = cJSON_CreateObject()) != NULL) {
		v = cJSON_AddArrayToObject(res, "supportedVersions");
		for (i = 0; mcp_versions[i] != NULL; i++)
			cJSON_AddItemToArray(v,
			    cJSON_CreateString(mcp_versions[i]));
		mcp_capabilities(res, MCP_ERA_MODERN);
		meta = cJSON_AddObjectToObject(res, "_meta");
		add_server_info(meta, "io.modelcontextprotocol/serverInfo",
		    c->x);
		cJSON_AddStringToObject(res, "instructions",
		    c->x->app->mcp->instructions[c->x->lang]);
	}
	mcp_result_tree(c, res, 1);
}

static void
rpc_ping(struct mcp_call *c)
{
	mcp_result(c, "{}", 0);
}

static void
rpc_tools_list(struct mcp_call *c)
{
	mcp_result(c, c->x->app->mcp->tools[c->x->lang], 1);
}

static void
rpc_resources_list(struct mcp_call *c)
{
	mcp_result(c, c->x->app->mcp->resources, 1);
}

static void
rpc_templates_list(struct mcp_call *c)
{
	mcp_result(c, "{\"resourceTemplates\":[]}", 1);
}

/* prompts/list: the prompts capability is declared, as for resource
 * templates, and the list is empty: the content declares no prompts.
 * (2026-07-28 names this list among the cacheable ones; a server that
 * answers it must declare the capability.) */
static void
rpc_prompts_list(struct mcp_call *c)
{
	mcp_result(c, MCP_PROMPTS, 1);
}

/* prompts/get: no name is a prompt of this server. */
static void
rpc_prompts_get(struct mcp_call *c)
{
	mcp_error(c, 200, MCP_E_INVALID_PARAMS, NULL, "Unknown prompt: this "
	    "server has no prompts (prompts/list is empty).");
}

/* The methods, in the order the error for an unknown one names them,
 * and the eras that have each. */
static const struct {
	const char *name;
	void	(*fn)(struct mcp_call *);
	int	 eras;
} methods[] = {
	{ "server/discover", rpc_discover, MCP_ERA_MODERN },
	{ "initialize", rpc_initialize, MCP_ERA_LEGACY },
	{ "ping", rpc_ping, MCP_ERA_LEGACY },
	{ "tools/list", rpc_tools_list, MCP_ERA_LEGACY | MCP_ERA_MODERN },
	{ "tools/call", mcp_tools_call, MCP_ERA_LEGACY | MCP_ERA_MODERN },
	{ "resources/list", rpc_resources_list,
	    MCP_ERA_LEGACY | MCP_ERA_MODERN },
	{ "resources/templates/list", rpc_templates_list,
	    MCP_ERA_LEGACY | MCP_ERA_MODERN },
	{ "resources/read", mcp_tools_read, MCP_ERA_LEGACY | MCP_ERA_MODERN },
	{ "prompts/list", rpc_prompts_list, MCP_ERA_LEGACY | MCP_ERA_MODERN },
	{ "prompts/get", rpc_prompts_get, MCP_ERA_LEGACY | MCP_ERA_MODERN },
};

#define NMETHODS	(sizeof(methods) / sizeof(methods[0]))

/*
 * Answers one request (it has an id) by the method table: method is
 * len bytes (it may hold U+0000, then no method matches).  An unknown
 * method, or one of the other era, is -32601; in the modern era with
 * 404, as 2026-07-28's transport says.
 */
void
mcp_dispatch(struct mcp_call *c, const char *method, size_t len)
{
	struct buf names;
	size_t	 i, k, n = 0;

	if (c->params != NULL && !cJSON_IsObject(c->params)) {
		mcp_error(c, 200, MCP_E_INVALID_PARAMS, NULL, "params must be "
		    "an object.");
		return;
	}
	for (i = 0; i < NMETHODS; i++)
		if ((methods[i].eras & (int)c->era) &&
		    strlen(methods[i].name) == len &&
		    memcmp(methods[i].name, method, len) == 0) {
			methods[i].fn(c);
			return;
		}
	buf_init(&names);
	for (i = 0; i < NMETHODS; i++)
		if (methods[i].eras & (int)c->era)
			n++;
	for (i = 0, k = 0; i < NMETHODS; i++) {
		if (!(methods[i].eras & (int)c->era))
			continue;
		k++;
		buf_printf(&names, "%s%s", k == 1 ? "" : k == n ? " and " :
		    ", ", methods[i].name);
	}
	mcp_error(c, c->era == MCP_ERA_MODERN ? 404 : 200, MCP_E_NO_METHOD,
	    NULL, "Method not found: %s. This server answers %s (protocol "
	    "revision %s).", arena_excerpt(c->x->arena, method, strlen(method),
	    80), buf_cstr(&names), c->version);
	buf_free(&names);
}
