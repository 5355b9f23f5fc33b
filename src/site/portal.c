/*
 * portal.c: the developer portal, a page like the others (page_list.h)
 * written from the route table, so that it cannot disagree with the
 * API: every endpoint with its summary, parameters and a curl example,
 * the errors, caching, versioning, the licence and the documents for
 * machines.  The endpoint examples and parameter lists are shared with
 * the agent files (agents.c).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "base/json.h"
#include "core/errors.h"
#include "site/portal.h"
#include "http/response.h"

/* The MCP endpoint's path in language l: "?lang=CODE" outside the
 * default language, for the tools' texts and default language. */
const char *
portal_mcp_path(const struct app *app, enum lang l, char *buf, size_t len)
{
	const char *mcp = route_handler_path(RH_MCP);

	if (mcp == NULL)
		return NULL;
	if (xsnprintf(buf, len, "%s%s%s", mcp, l == LANG_DEFAULT ? "" :
	    "?lang=", l == LANG_DEFAULT ? "" : lang_code(app->langs, l)) ==
	    -1)
		return mcp;
	return buf;
}

/* Returns 1 when app serves the MCP endpoint: it has the route and is
 * not a static copy (--export), which has no endpoint to POST to. */
int
portal_has_mcp(const struct app *app)
{
	return route_handler_path(RH_MCP) != NULL && !app->cfg->static_copy;
}

/*
 * In a static copy (--export), appends the note that says what it
 * cannot answer (search, MCP, query parameters) as a markdown block
 * quote; nothing when serving.
 */
void
portal_static_note(const struct app *app, enum lang l, struct buf *b)
{
	if (!app->cfg->static_copy)
		return;
	buf_puts(b, "> ");
	md_text(b, LBL(app, l, "static.note"));
	buf_puts(b, "\n\n");
}

/*
 * The MCP endpoint for agents.md and the developer portal: its URL,
 * what it serves and how to connect (a client configured with the URL,
 * or one POST with curl) and where its server card is.  Nothing
 * without the route.
 */
void
portal_mcp(const struct app *app, enum lang l, struct buf *b)
{
	char	 tmp[64];
	const char *url;

	if (!portal_has_mcp(app))
		return;
	url = portal_mcp_path(app, l, tmp, sizeof(tmp));
	buf_printf(b, "## MCP\n\n`%s%s`: ", app->cfg->base_url, url);
	md_text(b, LBL(app, l, "mcp.summary"));
	buf_printf(b, ".\n\n```sh\nclaude mcp add --transport http perfil "
	    "'%s%s'\ncurl -s '%s%s' -H 'Content-Type: application/json' "
	    "-H 'Accept: application/json, text/event-stream' \\\n"
	    "  -d '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}'"
	    "\ncurl -s '%s%s'\n```\n\n", app->cfg->base_url, url,
	    app->cfg->base_url, url, app->cfg->base_url,
	    site_doc_path(DOC_MCP_CARD));
}

/* An example value for a parameter, inside its bounds. */
static long
example_value(const struct route_param *p)
{
	long	 v = 2;

	if (v < p->min)
		v = p->min;
	if (v > p->max)
		v = p->max;
	return v;
}

/*
 * Appends a copy-paste curl command for route: {slug} replaced by the
 * first slug of its collection, required parameters and a small limit
 * filled in, lang=CODE outside the default language.
 */
void
portal_route_example(const struct app *app, const struct route *r, enum lang l,
    struct buf *b)
{
	const struct route_param *p;
	const char *brace = strchr(r->path, '{');
	const struct collection *c;
	char	 sep = '?';

	buf_printf(b, "curl -s '%s", app->cfg->base_url);
	if (brace != NULL) {
		buf_append(b, r->path, (size_t)(brace - r->path));
		c = r->coll < COLL__MAX ? &app->model->coll[r->coll] : NULL;
		buf_puts(b, c != NULL && c->len > 0 ? c->items[0].slug :
		    "example");
	} else
		buf_puts(b, r->path);
	for (p = route_param_next(r, NULL); p != NULL;
	    p = route_param_next(r, p)) {
		if (p->kind == PARAM_KIND_STRING && p->required)
			buf_printf(b, "%c%s=%s", sep, req_param_name(p->id),
			    LBL(app, l, "example.query"));
		else if (p->kind == PARAM_KIND_INT &&
		    (p->flags & PARAM_EXAMPLE))
			buf_printf(b, "%c%s=%ld", sep, req_param_name(p->id),
			    example_value(p));
		else
			continue;
		sep = '&';
	}
	if (l != LANG_DEFAULT)
		buf_printf(b, "%clang=%s", sep, lang_code(app->langs, l));
	buf_puts(b, "'\n");
}

/* Appends "`es` (default), `en` or `fr`": the languages served. */
static void
lang_values(const struct app *app, enum lang l, struct buf *b)
{
	int	 i;

	for (i = 0; i < app->langs->n; i++) {
		if (i > 0)
			buf_printf(b, i == app->langs->n - 1 ? " %s " : ", ",
			    LBL(app, l, "word.or"));
		buf_printf(b, "`%s`", lang_code(app->langs, (enum lang)i));
		if (i == LANG_DEFAULT)
			buf_printf(b, " (%s)", LBL(app, l, "word.default"));
	}
}

/* Appends the "- `slug` (path, required): ..." line of a {slug} route. */
static void
slug_param(const struct app *app, const struct route *r, enum lang l,
    const char *indent, struct buf *b)
{
	const struct collection *c;
	size_t	 i;

	buf_printf(b, "%s- `slug` (%s): %s `^[a-z0-9-]+$`", indent,
	    LBL(app, l, "param.path_required"), LBL(app, l, "param.pattern"));
	c = r->coll < COLL__MAX ? &app->model->coll[r->coll] : NULL;
	if (c != NULL && c->len > 0) {
		buf_printf(b, "; %s: ", LBL(app, l, "param.current_values"));
		for (i = 0; i < c->len; i++)
			buf_printf(b, "%s`%s`", i ? ", " : "",
			    c->items[i].slug);
	}
	buf_puts(b, ".\n");
}

/* Appends the parameter list of route, one "indent- ..." line each. */
void
portal_route_params(const struct app *app, const struct route *r, enum lang l,
    const char *indent, struct buf *b)
{
	const struct route_param *p;
	const char *d;
	char	 min[24], max[24];

	if (strchr(r->path, '{') != NULL)
		slug_param(app, r, l, indent, b);
	buf_printf(b, "%s- `lang` (%s): ", indent,
	    LBL(app, l, "param.query_optional"));
	lang_values(app, l, b);
	buf_printf(b, "; %s.\n", LBL(app, l, "param.lang.rest"));
	for (p = route_param_next(r, NULL); p != NULL;
	    p = route_param_next(r, p)) {
		snprintf(min, sizeof(min), "%ld", p->min);
		snprintf(max, sizeof(max), "%ld", p->max);
		buf_printf(b, "%s- `%s` (%s): ", indent, req_param_name(p->id),
		    LBL(app, l, p->kind == PARAM_KIND_STRING ? (p->required ?
		    "param.string_required" : "param.string_optional") :
		    p->required ? "param.integer_required" :
		    "param.integer_optional"));
		lbl_fill(b, app->labels, l, "param.range",
		    (const char *const []){ "min", min, "max", max, NULL });
		if (p->kind == PARAM_KIND_STRING)
			buf_printf(b, " %s", LBL(app, l, "word.characters"));
		else
			buf_printf(b, ", %s %ld", LBL(app, l, "word.default"),
			    p->def);
		if ((d = route_param_description(app->labels, r, p, l)) !=
		    NULL) {
			buf_puts(b, ". ");
			md_text(b, d);
		} else
			buf_putc(b, '.');
		buf_putc(b, '\n');
	}
}

static void
developers_endpoints(const struct app *app, enum lang l, struct buf *b)
{
	const struct route *r;
	const char *d;
	size_t	 i;

	buf_printf(b, "%s\n\n", LBL(app, l, "dev.endpoints"));
	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (r->kind != ROUTE_API || !route_live(app->model, r))
			continue;
		buf_printf(b, "### `GET %s`\n\n", r->path);
		md_text(b, route_summary(app->labels, r, l));
		buf_puts(b, ".");
		if ((d = route_description(app->labels, r, l)) != NULL) {
			buf_putc(b, ' ');
			md_text(b, d);
		}
		buf_printf(b, "\n\n- %s: `%s`\n- ",
		    LBL(app, l, "dev.operation"),
		    r->operation_id);
		lbl_fill(b, app->labels, l, r->collection ? "dev.data_list" :
		    "dev.data_object", (const char *const []){ "schema",
		    route_schema(r), NULL });
		buf_printf(b, "\n- %s:\n", LBL(app, l, "dev.parameters"));
		portal_route_params(app, r, l, "  ", b);
		buf_puts(b, "\n```sh\n");
		portal_route_example(app, r, l, b);
		buf_puts(b, "```\n\n");
	}
}

/* The licence section of the portal, when site.json names one. */
static void
developers_licence(const struct app *app, enum lang l, struct buf *b)
{
	const struct licence *lc = &app->settings->licence;

	if (lc->name == NULL)
		return;
	md_heading(b, app, l, "dev.licence");
	buf_printf(b, "%s [", LBL(app, l, "dev.licence.text"));
	md_text(b, lc->name);
	buf_puts(b, "](");
	md_url(b, lc->url[l]);
	buf_putc(b, ')');
	if (lc->attribution) {
		buf_printf(b, ": %s %s", LBL(app, l,
		    "dev.licence.attribution"), LBL(app, l, "quote.open"));
		md_text(b, json_str(app->model->profile.obj[l], "name"));
		buf_printf(b, ", <%s> (", app->cfg->base_url);
		md_text(b, lc->name);
		buf_printf(b, ")%s.", LBL(app, l, "quote.close"));
	} else
		buf_putc(b, '.');
	buf_puts(b, "\n\n");
}

/*
 * Appends label key (a "## Language" section) with the default
 * language's name in language l and the codes served; its
 * @@default_fields@@ is the sentence naming the fields the API keeps in
 * the default language (api.default_fields) when site.json's
 * default_language_fields says so, else nothing.
 */
void
portal_language_section(const struct app *app, enum lang l, const char *key,
    struct buf *b)
{
	struct buf codes, fields;
	char	 name[64];
	int	 i;

	buf_init(&codes);
	buf_init(&fields);
	for (i = 0; i < app->langs->n; i++)
		buf_printf(&codes, "%s`%s`", i ? ", " : "",
		    lang_code(app->langs, (enum lang)i));
	labels_language_name(app->labels, LANG_DEFAULT, l, name,
	    sizeof(name));
	if (app->settings->default_language_fields)
		lbl_fill(&fields, app->labels, l, "api.default_fields",
		    (const char *const []){ "default_name", name, NULL });
	lbl_fill(b, app->labels, l, key, (const char *const []){
	    "default_name", name, "codes", buf_cstr(&codes),
	    "default_fields", buf_cstr(&fields), NULL });
	buf_puts(b, "\n\n");
	if (codes.oom || fields.oom)
		b->oom = 1;
	buf_free(&codes);
	buf_free(&fields);
}

/* The portal's list of machine-readable descriptions. */
static void
developers_machine(const struct app *app, enum lang l, struct buf *b)
{
	char	 tmp[64];

	md_heading(b, app, l, "dev.machine");
	if (site_has_route(site_doc_path(DOC_OPENAPI))) {
		buf_puts(b, "- ");
		md_link_site(b, app, "OpenAPI 3.1 (JSON)",
		    site_doc_path(DOC_OPENAPI));
		buf_putc(b, '\n');
	}
	if (site_has_route(site_doc_path(DOC_OPENAPI_YAML))) {
		buf_puts(b, "- ");
		md_link_site(b, app, "OpenAPI 3.1 (YAML)",
		    site_doc_path(DOC_OPENAPI_YAML));
		buf_putc(b, '\n');
	}
	buf_puts(b, "- ");
	md_link_site(b, app, "llms.txt",
	    LPATH(app, l, site_doc_path(DOC_LLMS)));
	buf_printf(b, ": %s\n- ", LBL(app, l, "dev.llms"));
	md_link_site(b, app, "agents.md",
	    LPATH(app, l, site_doc_path(DOC_AGENTS)));
	buf_printf(b, ": %s\n- ", LBL(app, l, "dev.agents"));
	md_link_site(b, app, "JSON Resume",
	    LPATH(app, l, site_doc_path(DOC_RESUME)));
	buf_printf(b, ": %s\n\n", LBL(app, l, "dev.resume"));
	lbl_fill(b, app->labels, l, "dev.markdown", (const char *const []){
	    "about_md", site_page_md_path(app, SITE_ABOUT, l), "index_md",
	    site_page_md_path(app, SITE_HOME, l), NULL });
	buf_puts(b, "\n\n");
	portal_mcp(app, l, b);
}

/* The portal's renderer (page_render_fn): the page self in language l. */
void
md_developers(const struct app *app, int self, enum lang l,
    struct buf *b)
{
	const char *base = app->cfg->base_url;
	struct buf name;
	char	 tmp[64];
	int	 e;

	(void)self;
	buf_init(&name);
	md_text(&name, json_str(app->model->profile.obj[l], "name"));
	buf_printf(b, "# %s\n\n", LBL(app, l, "dev.title"));
	lbl_fill(b, app->labels, l, "dev.intro", (const char *const []){
	    "name", buf_cstr(&name), NULL });
	buf_puts(b, "\n\n");
	portal_static_note(app, l, b);
	md_heading(b, app, l, "dev.base_url");
	buf_printf(b, "`%s/api/v1`\n\n", base);
	md_heading(b, app, l, "dev.quick_start");
	buf_printf(b, "```sh\ncurl -s '%s%s'\n```\n\n", base,
	    md_profile_api_path(app, l, tmp, sizeof(tmp)));
	buf_printf(b, "%s\n\n", LBL(app, l, "dev.envelope"));
	developers_endpoints(app, l, b);

	buf_printf(b, "%s\n\n", LBL(app, l, "dev.errors"));
	for (e = 0; e < ERR__MAX; e++) {
		snprintf(tmp, sizeof(tmp), "error.%s", err_code_name(e));
		buf_printf(b, "- `%d` `%s`: %s.\n", err_status(e),
		    err_code_name(e), LBL(app, l, tmp));
	}
	buf_printf(b, "\n%s\n\n```sh\ncurl -s '%s/api/v1/projects?limit=0'\n"
	    "```\n\n", LBL(app, l, "dev.try"), base);
	portal_language_section(app, l, "dev.language", b);
	lbl_fill(b, app->labels, l, "dev.caching", (const char *const []){
	    "cache", CACHE_PUBLIC, NULL });
	buf_printf(b, "\n\n%s\n\n", LBL(app, l, "dev.cors"));
	lbl_fill(b, app->labels, l, "dev.versioning", (const char *const []){
	    "version", PERFIL_API_VERSION, NULL });
	buf_puts(b, "\n\n");
	developers_licence(app, l, b);
	developers_machine(app, l, b);
	if (name.oom)
		b->oom = 1;
	buf_free(&name);
}
