/*
 * discovery.c: the discovery documents (discovery.h): the API catalog
 * (RFC 9727), the AI catalog and the name of the MCP server they and
 * its card share; the Link header every page sends; the owner's
 * WebFinger JRD (webfinger.c checks each request's resource).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/json.h"
#include "base/url.h"
#include "http/response.h"
#include "content/identity.h"
#include "site/agents.h"
#include "site/discovery.h"
#include "site/markdown.h"
#include "site/portal.h"

/*
 * Writes into host the base URL's host ("example.org", an IP address
 * as it is) and into name the MCP server's name on it: the package's
 * ("perfil"), with the base URL's path when the site has one
 * ("/~ana": "perfil-ana"), each run of characters other than ASCII
 * letters, digits, "." and "_" one "-".  Both are DISCOVERY_NAME_MAX
 * bytes.  Returns 0, or -1 when the base URL has no host that fits.
 */
int
discovery_id(const struct app *app, char *host, char *name)
{
	const char *p;
	size_t	 n;

	if (url_host(app->cfg->base_url, host, DISCOVERY_NAME_MAX) == NULL)
		return -1;
	n = (size_t)snprintf(name, DISCOVERY_NAME_MAX, "%s", PACKAGE_NAME);
	for (p = app->base_path != NULL ? app->base_path : ""; *p != '\0' &&
	    n + 2 < DISCOVERY_NAME_MAX; p++) {
		if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "0123456789._", *p) != NULL && *p != '\0')
			name[n++] = *p;
		else if (name[n - 1] != '-')
			name[n++] = '-';
	}
	while (n > 0 && name[n - 1] == '-')
		n--;
	name[n] = '\0';
	return 0;
}

/*
 * The MCP server card's name (SEP-2127: reverse DNS, one "/"): the
 * host's labels in reverse order, each character a name may not hold
 * ("[::1]"'s colons) a "-", then "/" and the server's name
 * ("org.example.www/perfil").  Returns 0, or -1 when it does not fit.
 */
int
discovery_card_name(const struct app *app, char *out, size_t len)
{
	char	 host[DISCOVERY_NAME_MAX], name[DISCOVERY_NAME_MAX];
	char	*dot;
	size_t	 n = 0, k;

	if (discovery_id(app, host, name) == -1)
		return -1;
	for (k = 0; host[k] != '\0'; k++)
		if (strchr("abcdefghijklmnopqrstuvwxyz0123456789.-", host[k]) ==
		    NULL)
			host[k] = '-';
	while (n < len) {
		dot = strrchr(host, '.');
		n += (size_t)snprintf(out + n, len - n, "%s%s", n > 0 ? "." : "",
		    dot != NULL ? dot + 1 : host);
		if (dot == NULL)
			break;
		*dot = '\0';
	}
	return n < len && xsnprintf(out + n, len - n, "/%s", name) != -1 ?
	    0 : -1;
}

/*
 * Appends page pg's Link header value (RFC 8288) to b: its other
 * representation (path, of media type type: the markdown twin of an
 * HTML page, the HTML page of a markdown twin), then on every HTML
 * page (html) and on the home page the site's discovery documents:
 * the API catalog (rel "api-catalog", RFC 9727) and the MCP server
 * card (rel "service-desc" with its type: RFC 8631's machine-readable
 * description of a service, which the type tells from the OpenAPI
 * document the API catalog gives with the same relation).
 */
void
discovery_page_link(const struct app *app, int pg, const char *path,
    const char *type, int html, struct buf *b)
{
	const char *base = app->cfg->base_url;

	buf_printf(b, "<%s%s>; rel=\"alternate\"; type=\"%s\"", base, path,
	    type);
	if (!html && pg != SITE_HOME)
		return;
	buf_printf(b, ", " DISCOVERY_LINK_CATALOG, base, site_doc_path(DOC_API_CATALOG));
	if (portal_has_mcp(app))
		buf_printf(b, ", <%s%s>; rel=\"service-desc\"; type=\"%s\"",
		    base, site_doc_path(DOC_MCP_CARD),
		    site_docs[DOC_MCP_CARD].type);
}

/* Adds {"href": BASE PATH, "type": TYPE[, "hreflang": LANG]} to the
 * array a; type's parameters ("; charset=...") are left out. */
static void
catalog_link(const struct app *app, cJSON *a, const char *path,
    const char *type, const char *hreflang)
{
	cJSON	*o;
	char	 href[512], t[64];

	if (a == NULL || (o = cJSON_CreateObject()) == NULL)
		return;
	snprintf(href, sizeof(href), "%s%s", app->cfg->base_url, path);
	snprintf(t, sizeof(t), "%.*s", (int)strcspn(type, ";"), type);
	cJSON_AddStringToObject(o, "href", href);
	cJSON_AddStringToObject(o, "type", t);
	if (hreflang != NULL)
		cJSON_AddStringToObject(o, "hreflang", hreflang);
	cJSON_AddItemToArray(a, o);
}

/* Adds the developer portal (HTML and markdown, in every language) as
 * ctx's "service-doc". */
static void
catalog_portal(const struct app *app, cJSON *ctx)
{
	cJSON	*a;
	int	 l;

	if (!site_page_published(app, SITE_DEVELOPERS) ||
	    (a = cJSON_AddArrayToObject(ctx, "service-doc")) == NULL)
		return;
	for (l = 0; l < app->langs->n; l++) {
		catalog_link(app, a, site_page_path(app, SITE_DEVELOPERS, l),
		    "text/html", lang_code(app->langs, l));
		catalog_link(app, a, site_page_md_path(app, SITE_DEVELOPERS,
		    l), "text/markdown", lang_code(app->langs, l));
	}
}

/* Adds a link context anchored at BASE path to the linkset ls. */
static cJSON *
catalog_context(const struct app *app, cJSON *ls, const char *path)
{
	cJSON	*ctx;
	char	 anchor[512];

	if (ls == NULL || (ctx = cJSON_CreateObject()) == NULL)
		return NULL;
	snprintf(anchor, sizeof(anchor), "%s%s", app->cfg->base_url, path);
	cJSON_AddStringToObject(ctx, "anchor", anchor);
	cJSON_AddItemToArray(ls, ctx);
	return ctx;
}

/*
 * Appends the API catalog (RFC 9727): a linkset (RFC 9264, JSON) of
 * the APIs this site publishes, from the route table.  The JSON API is
 * anchored at the common prefix of its routes ("/api/v1"): its
 * OpenAPI document in each form (service-desc), the developer portal
 * (service-doc) and its health (status).  An MCP endpoint, when the
 * route table has the route "/mcp", is anchored at its path with the
 * portal, which explains it, its server card (service-desc) and the
 * AI catalog that lists the card (describedby).  Returns 0, or -1 out
 * of memory.
 */
int
agents_api_catalog(const struct app *app, enum lang unused, struct buf *b)
{
	const struct route *r;
	const char *mcp;
	cJSON	*doc, *ls, *ctx, *desc, *status;
	char	 prefix[64] = "";
	size_t	 i, n;

	for (i = 0; i < routes_len; i++) {
		if (routes[i].kind != ROUTE_API ||
		    !route_is_api_path(routes[i].path))
			continue;
		if (prefix[0] == '\0')
			snprintf(prefix, sizeof(prefix), "%s", routes[i].path);
		for (n = 0; prefix[n] != '\0' && prefix[n] ==
		    routes[i].path[n]; n++)
			continue;
		prefix[n] = '\0';
	}
	if ((n = strlen(prefix)) > 0 && prefix[n - 1] == '/')
		prefix[n - 1] = '\0';
	if ((doc = cJSON_CreateObject()) == NULL)
		return -1;
	ls = cJSON_AddArrayToObject(doc, "linkset");
	if ((ctx = catalog_context(app, ls, prefix)) != NULL) {
		desc = cJSON_AddArrayToObject(ctx, "service-desc");
		for (i = 0; i < routes_len; i++)
			if (routes[i].handler == RH_OPENAPI)
				catalog_link(app, desc, routes[i].path,
				    site_docs[routes[i].arg].type, NULL);
		catalog_portal(app, ctx);
		status = cJSON_AddArrayToObject(ctx, "status");
		for (i = 0; i < routes_len; i++)
			if ((r = &routes[i])->flags & ROUTE_STATUS)
				catalog_link(app, status, r->path, TYPE_JSON,
				    NULL);
	}
	if ((mcp = route_handler_path(RH_MCP)) != NULL &&
	    (ctx = catalog_context(app, ls, mcp)) != NULL) {
		catalog_link(app, cJSON_AddArrayToObject(ctx, "service-desc"),
		    site_doc_path(DOC_MCP_CARD), site_docs[DOC_MCP_CARD].type,
		    NULL);
		catalog_portal(app, ctx);
		catalog_link(app, cJSON_AddArrayToObject(ctx, "describedby"),
		    site_doc_path(DOC_AI_CATALOG),
		    site_docs[DOC_AI_CATALOG].type, NULL);
	}
	(void)unused;
	return agents_json(doc, b);
}


/* Adds to entries an AI catalog entry for document d of the table:
 * the identifier "urn:air:HOST:KIND:NAME", its media type without
 * parameters, its absolute URL and a display name when the document
 * has none of its own (NULL: the server card, which has its title). */
static void
ai_entry(const struct app *app, cJSON *entries, const char *host,
    const char *kind, const char *name, enum site_doc d,
    const char *display)
{
	cJSON	*o;
	char	 s[1024], t[64];

	if (entries == NULL || (o = cJSON_CreateObject()) == NULL)
		return;
	cJSON_AddItemToArray(entries, o);
	snprintf(s, sizeof(s), "urn:air:%s:%s:%s", host, kind, name);
	cJSON_AddStringToObject(o, "identifier", s);
	if (display != NULL)
		cJSON_AddStringToObject(o, "displayName", display);
	snprintf(t, sizeof(t), "%.*s", (int)strcspn(site_docs[d].type, ";"),
	    site_docs[d].type);
	cJSON_AddStringToObject(o, "type", t);
	snprintf(s, sizeof(s), "%s%s", app->cfg->base_url, site_doc_path(d));
	cJSON_AddStringToObject(o, "url", s);
}

/*
 * Appends the AI catalog (application/ai-catalog+json, specVersion
 * 1.0; the discovery document of SEP-2127's server cards): the host
 * (the owner's name, the developer portal) and one entry per
 * machine-readable document an agent starts from: the MCP server card
 * (when the route table has /mcp), the API catalog, the OpenAPI
 * document and llms.txt, each by its row of SITE_DOCS.  Identifiers
 * are "urn:air:HOST:KIND:NAME", HOST the base URL's host and NAME the
 * server's name (discovery_id).  Returns 0, or -1 out of memory.
 */
int
agents_ai_catalog(const struct app *app, enum lang unused, struct buf *b)
{
	char	 host[DISCOVERY_NAME_MAX], name[DISCOVERY_NAME_MAX];
	cJSON	*doc, *h, *e;

	(void)unused;
	if (discovery_id(app, host, name) == -1 ||
	    (doc = cJSON_CreateObject()) == NULL)
		return -1;
	cJSON_AddStringToObject(doc, "specVersion", "1.0");
	if ((h = cJSON_AddObjectToObject(doc, "host")) != NULL) {
		cJSON_AddStringToObject(h, "displayName", json_str(
		    app->model->profile.obj[LANG_DEFAULT], "name"));
		cJSON_AddStringToObject(h, "identifier", host);
		if (site_page_published(app, SITE_DEVELOPERS))
			cJSON_AddStringToObject(h, "documentationUrl",
			    app->doc_url[LANG_DEFAULT]);
	}
	e = cJSON_AddArrayToObject(doc, "entries");
	if (portal_has_mcp(app))
		ai_entry(app, e, host, "mcp", name, DOC_MCP_CARD, NULL);
	ai_entry(app, e, host, "api-catalog", name, DOC_API_CATALOG,
	    "API catalog");
	if (site_has_route(site_doc_path(DOC_OPENAPI)))
		ai_entry(app, e, host, "openapi", name, DOC_OPENAPI,
		    "OpenAPI 3.1");
	ai_entry(app, e, host, "llms-txt", name, DOC_LLMS, "llms.txt");
	return agents_json(doc, b);
}

#define REL_PROFILE	"http://webfinger.net/rel/profile-page"
#define REL_AVATAR	"http://webfinger.net/rel/avatar"

/* Adds {"rel", "type", "href"} to array links. */
static void
add_link(cJSON *links, const char *rel, const char *type, const char *href)
{
	cJSON	*o;

	if ((o = cJSON_CreateObject()) == NULL)
		return;
	cJSON_AddStringToObject(o, "rel", rel);
	if (type != NULL)
		cJSON_AddStringToObject(o, "type", type);
	cJSON_AddStringToObject(o, "href", href);
	cJSON_AddItemToArray(links, o);
}

/*
 * The owner's JRD (SITE_DOCS builder): the same for every request that
 * names the owner, so built once per content load and served from
 * there (pages_doc: its ETag, its codings).  Returns 0, 1 when
 * site.json names no account, or -1 out of memory.
 */
int
webfinger_jrd(const struct app *app, enum lang unused, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[LANG_DEFAULT], *e;
	char	 portrait[MD_URL_MAX], acct[IDENTITY_ACCT_MAX], *s;
	char	 site[1100], subject[512];	/* acct: NAME (64) @ DOMAIN (253) */
	cJSON	*doc, *aliases, *links;
	const char *type;
	int	 rc = -1;

	(void)unused;
	if (app->settings->webfinger == NULL)
		return 1;
	if ((doc = cJSON_CreateObject()) == NULL)
		return -1;
	snprintf(subject, sizeof(subject), "acct:%s",
	    app->settings->webfinger);
	cJSON_AddStringToObject(doc, "subject", subject);
	snprintf(site, sizeof(site), "%s/", app->cfg->base_url);
	if ((aliases = cJSON_AddArrayToObject(doc, "aliases")) == NULL ||
	    (links = cJSON_AddArrayToObject(doc, "links")) == NULL)
		goto out;
	cJSON_AddItemToArray(aliases, cJSON_CreateString(site));
	add_link(links, REL_PROFILE, "text/html", site);
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(p,
	    "profiles")) {
		cJSON_AddItemToArray(aliases,
		    cJSON_CreateString(json_str(e, "url")));
		if (identity_fediverse(json_str(e, "label"),
		    json_str(e, "url"), acct, sizeof(acct)))
			add_link(links, REL_PROFILE, "text/html",
			    json_str(e, "url"));
	}
	if (*md_portrait(app, portrait) != '\0') {
		type = app->model->media->portrait != NULL ?
		    app->model->media->portrait->type->type : NULL;
		add_link(links, REL_AVATAR, type, portrait);
	}
	if ((s = cJSON_Print(doc)) == NULL)
		goto out;
	buf_puts(b, s);
	buf_putc(b, '\n');
	free(s);
	rc = b->oom ? -1 : 0;
out:
	cJSON_Delete(doc);
	return rc;
}
