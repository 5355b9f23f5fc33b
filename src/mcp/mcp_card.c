/*
 * mcp_card.c: the MCP server card (SEP-2127, Final; the schema of
 * modelcontextprotocol/experimental-ext-server-card, "v1"), built once
 * per content load beside the lists it summarises and served at the
 * rows DOC_MCP_CARD* of SITE_DOCS (mcp.h).
 *
 * The card says who the server is and how to reach it: its name in
 * reverse DNS (discovery_card_name), the package's version, the
 * owner's name as its title (serverInfo's), a description from the
 * label "mcp.card", the website, the monogram icon, and one remote:
 * Streamable HTTP at the site's /mcp with the protocol revisions this
 * server speaks (mcp_versions, the list server/discover gives).  The
 * schema leaves the primitives to the runtime lists; the card carries
 * them as a summary in its extension object _meta, under
 * "perfil/primitives": the capabilities initialize declares, each
 * tool's name and title and each resource's URI, name and type, read
 * from the tools/list and resources/list results rendered at the same
 * load (the default language's tools), and the prompts of
 * prompts/list.  Both lists and the card are rebuilt together on every
 * content load, so the summary cannot drift from what /mcp answers.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/json.h"
#include "content/labels.h"
#include "core/errors.h"
#include "core/routes.h"
#include "mcp/mcp.h"
#include "mcp/mcp_int.h"
#include "site/discovery.h"

#define CARD_SCHEMA	\
	"https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json"
/* The longest title and description the schema allows, in characters. */
#define CARD_TEXT_MAX	100
/* The key of the summary in _meta (a prefix of one label, not MCP's). */
#define CARD_META	"perfil/primitives"

/*
 * s as a malloc'd copy of at most max code points: when longer, its
 * first max - 1 and an ellipsis.  NULL out of memory.
 */
static char *
cut(const char *s, size_t max)
{
	size_t	 len = strlen(s), i, n = 0;
	char	*out;

	if (utf8_count(s, len) <= max)
		return strdup(s);
	for (i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80 && n++ == max - 1)
			break;
	if ((out = malloc(i + 4)) == NULL)
		return NULL;
	memcpy(out, s, i);
	memcpy(out + i, "\xe2\x80\xa6", 4);	/* U+2026 and the NUL */
	return out;
}

/* Adds key: s cut to CARD_TEXT_MAX characters to o.  Returns 0 or -1. */
static int
add_text(cJSON *o, const char *key, const char *s)
{
	char	*c;
	int	 rc;

	if ((c = cut(s, CARD_TEXT_MAX)) == NULL)
		return -1;
	rc = cJSON_AddStringToObject(o, key, c) != NULL ? 0 : -1;
	free(c);
	return rc;
}

/*
 * Adds to to the array key of the rendered list json (a tools/list or
 * resources/list result), each element with only the members named
 * by keys (a NULL-ended list).  Returns 0, or -1 when json is not such
 * a list or out of memory.
 */
static int
add_summary(cJSON *to, const char *json, const char *key,
    const char *const *keys)
{
	cJSON	*list, *out, *e, *o, *v;
	size_t	 k;
	int	 rc = -1;

	if ((list = cJSON_Parse(json)) == NULL)
		return -1;
	if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(list, key)) ||
	    (out = cJSON_AddArrayToObject(to, key)) == NULL)
		goto out;
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(list, key)) {
		if ((o = cJSON_CreateObject()) == NULL)
			goto out;
		cJSON_AddItemToArray(out, o);
		for (k = 0; keys[k] != NULL; k++)
			if ((v = cJSON_GetObjectItemCaseSensitive(e,
			    keys[k])) != NULL && cJSON_AddItemToObject(o,
			    keys[k], cJSON_Duplicate(v, 1)) == 0)
				goto out;
	}
	rc = 0;
out:
	cJSON_Delete(list);
	return rc;
}

/* Adds the one remote: Streamable HTTP at the MCP route, with the
 * revisions spoken.  Returns 0 or -1. */
static int
add_remote(cJSON *card, const struct app *app)
{
	cJSON	*a, *r, *v;
	char	 url[1024];
	size_t	 i;

	if (xsnprintf(url, sizeof(url), "%s%s", app->cfg->base_url,
	    MCP_PATH) == -1 || (a = cJSON_AddArrayToObject(card,
	    "remotes")) == NULL || (r = cJSON_CreateObject()) == NULL)
		return -1;
	cJSON_AddItemToArray(a, r);
	cJSON_AddStringToObject(r, "type", "streamable-http");
	cJSON_AddStringToObject(r, "url", url);
	if ((v = cJSON_AddArrayToObject(r, "supportedProtocolVersions")) ==
	    NULL)
		return -1;
	for (i = 0; mcp_versions[i] != NULL; i++)
		cJSON_AddItemToArray(v, cJSON_CreateString(mcp_versions[i]));
	return 0;
}

/* Adds _meta's summary of the primitives (the comment at the top).
 * Returns 0 or -1. */
static int
add_primitives(cJSON *card, const struct mcp *m)
{
	static const char *const tool_keys[] = { "name", "title", NULL };
	static const char *const res_keys[] = { "uri", "name", "mimeType",
	    NULL };
	static const char *const prompt_keys[] = { "name", "title", NULL };
	cJSON	*meta, *p;

	if ((meta = cJSON_AddObjectToObject(card, "_meta")) == NULL ||
	    (p = cJSON_AddObjectToObject(meta, CARD_META)) == NULL)
		return -1;
	mcp_capabilities(p, MCP_ERA_MODERN);
	return add_summary(p, m->tools[LANG_DEFAULT], "tools", tool_keys) ==
	    0 && add_summary(p, m->resources, "resources", res_keys) == 0 &&
	    add_summary(p, MCP_PROMPTS, "prompts", prompt_keys) == 0 ? 0 : -1;
}

/*
 * Builds the server card into m->card (the comment at the top), after
 * the lists.  Returns 0, or -1 out of memory or when the base URL
 * gives no name.
 */
int
mcp_card_build(struct mcp *m, const struct app *app)
{
	const char *person = json_str(app->model->profile.obj[LANG_DEFAULT],
	    "name");
	char	 name[2 * DISCOVERY_NAME_MAX], icon[1024], *s;
	cJSON	*card, *icons, *i;
	struct buf d;
	int	 rc = -1;

	buf_init(&d);
	lbl_fill(&d, app->labels, LANG_DEFAULT, "mcp.card",
	    (const char *const []){ "name", person, NULL });
	if (discovery_card_name(app, name, sizeof(name)) == -1 || d.oom ||
	    xsnprintf(icon, sizeof(icon), "%s%s", app->cfg->base_url,
	    site_doc_path(DOC_ICON)) == -1 ||
	    (card = cJSON_CreateObject()) == NULL) {
		buf_free(&d);
		return -1;
	}
	cJSON_AddStringToObject(card, "$schema", CARD_SCHEMA);
	cJSON_AddStringToObject(card, "name", name);
	cJSON_AddStringToObject(card, "version", PACKAGE_VERSION);
	if (add_text(card, "title", person) == -1 ||
	    add_text(card, "description", buf_cstr(&d)) == -1)
		goto out;
	cJSON_AddStringToObject(card, "websiteUrl",
	    app->source_url[LANG_DEFAULT]);
	if ((icons = cJSON_AddArrayToObject(card, "icons")) == NULL ||
	    (i = cJSON_CreateObject()) == NULL)
		goto out;
	cJSON_AddItemToArray(icons, i);
	cJSON_AddStringToObject(i, "src", icon);
	cJSON_AddStringToObject(i, "mimeType", site_docs[DOC_ICON].type);
	cJSON_AddItemToObject(i, "sizes", cJSON_CreateStringArray(
	    (const char *const []){ "any" }, 1));
	if (add_remote(card, app) == -1 || add_primitives(card, m) == -1 ||
	    (s = cJSON_Print(card)) == NULL)
		goto out;
	buf_reset(&d);
	buf_puts(&d, s);
	buf_putc(&d, '\n');
	free(s);
	if (!d.oom && (s = buf_detach(&d)) != NULL)
		rc = enc_keep(&m->card, s, strlen(s), NULL);
out:
	cJSON_Delete(card);
	buf_free(&d);
	return rc;
}

/*
 * The server card, at either of its paths (route->arg its row): the
 * same bytes with the type of the row, readable by any origin's
 * scripts with their entity tag (the discovery document's CORS), kept
 * by caches like every document.  handle_site answers If-None-Match.
 */
void
mcp_card_serve(struct ctx *x)
{
	struct response *r = x->resp;

	r->status = 200;
	r->content_type = site_docs[x->route->arg].type;
	r->cache_control = CACHE_PUBLIC;
	resp_header(r, "Access-Control-Allow-Origin", "*");
	resp_header(r, "Access-Control-Expose-Headers", "ETag");
	resp_header(r, "X-Content-Type-Options", "nosniff");
	if (enc_answer(&x->app->mcp->card, x->req, r) == -1)
		err_send(x, ERR_INTERNAL, "Retry the request later.",
		    "The server card could not be decompressed.");
}
