/*
 * agents.c: llms.txt (llmstxt.org format), agents.md, the sitemap,
 * robots.txt and the web app manifest.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "agents.h"
#include "markdown.h"

#define T(l, es, en)	((l) == LANG_EN ? (en) : (es))

/* Appends "- [text](base + path)". */
static void
item(struct buf *b, const struct app *app, const char *text,
    const char *path)
{
	buf_puts(b, "- [");
	md_text(b, text);
	buf_puts(b, "](");
	md_url(b, app->cfg->base_url);
	md_url(b, path);
	buf_putc(b, ')');
}

/* The URL path of an API route for a link: no {slug} routes, required
 * parameters filled, lang=en in English.  Returns NULL to skip. */
static const char *
api_link(const struct route *r, enum lang l, char *buf, size_t len)
{
	const struct route_param *p;
	int	 q = 0;

	if (strchr(r->path, '{') != NULL)
		return NULL;
	for (p = r->params; p->id != PARAM__MAX; p++)
		if (p->required && p->id == PARAM_Q)
			q = 1;
	if (xsnprintf(buf, len, "%s%s%s", r->path,
	    q ? T(l, "?q=nube", "?q=cloud") : "",
	    l == LANG_EN ? (q ? "&lang=en" : "?lang=en") : "") == -1)
		return NULL;
	return buf;
}

/*
 * Appends the line of llms.txt under the quote: site.json's
 * llms_summary, else the job title and the consultancy co-founded.
 */
static void
llms_summary(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *co;

	if (app->settings->llms_summary[l] != NULL) {
		md_template(b, app->settings->llms_summary[l], p);
		return;
	}
	md_text(b, md_str(p, "job_title"));
	if ((co = cJSON_GetObjectItemCaseSensitive(p, "co_founder_of")) !=
	    NULL) {
		buf_puts(b, ". ");
		md_text(b, md_str(co, "role"));
		buf_puts(b, T(l, " de ", " of "));
		md_text(b, md_str(co, "name"));
	}
	buf_putc(b, '.');
}

/* Appends llms.txt for language l. */
void
agents_llms(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l];
	const struct route *r;
	const char *path;
	char	 tmp[512];
	size_t	 i;
	int	 pg;

	buf_puts(b, "# ");
	md_text(b, md_str(p, "name"));
	buf_puts(b, "\n\n> ");
	md_text(b, md_str(p, "headline"));
	buf_puts(b, T(l, ". Perfil profesional publicado a la vez como sitio "
	    "web bilingüe, páginas en markdown y una API JSON pública de "
	    "solo lectura", ". A professional profile published as a "
	    "bilingual website, markdown pages and a public read-only JSON "
	    "API"));
	if (app->settings->licence.name != NULL) {
		buf_puts(b, T(l, "; datos con licencia ", "; data under "));
		md_text(b, app->settings->licence.name);
	}
	buf_puts(b, ".\n\n");
	llms_summary(app, l, b);
	buf_puts(b, T(l, " Todas las páginas tienen versión markdown (enlazada "
	    "abajo) y versión inglesa en ", " Every page has a markdown "
	    "version (linked below) and a Spanish original at "));
	md_url(b, app->cfg->base_url);
	buf_puts(b, T(l, "/en/llms.txt.\n\n", "/llms.txt.\n\n"));

	buf_puts(b, T(l, "## Páginas\n\n", "## Pages\n\n"));
	for (pg = 0; pg < SITE_PAGE__MAX; pg++) {
		if (pg == SITE_PRIVACY)
			continue;
		item(b, app, site_pages[pg].label[l], site_pages[pg].md_path[l]);
		buf_puts(b, ": ");
		md_text(b, site_page_summary(app, pg, l));
		buf_putc(b, '\n');
	}
	buf_puts(b, T(l, "\n## API\n\n", "\n## API\n\n"));
	item(b, app, T(l, "Guía para agentes", "Guide for agents"),
	    T(l, "/agents.md", "/en/agents.md"));
	buf_puts(b, T(l, ": cómo llamar a la API, límites, errores y datos "
	    "que no se deben tergiversar\n", ": how to call the API, limits, "
	    "errors and facts not to get wrong\n"));
	if (site_has_route("/openapi.json")) {
		item(b, app, "OpenAPI 3.1", "/openapi.json");
		buf_puts(b, T(l, ": descripción completa de la API\n",
		    ": the full API description\n"));
	}
	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (r->kind != ROUTE_API ||
		    (path = api_link(r, l, tmp, sizeof(tmp))) == NULL)
			continue;
		item(b, app, r->summary, path);
		buf_printf(b, ": `%s`", r->operation_id);
		if (r->description != NULL) {
			buf_puts(b, ". ");
			md_text(b, r->description);
		}
		buf_putc(b, '\n');
	}
	buf_puts(b, "\n## Optional\n\n");
	item(b, app, site_pages[SITE_PRIVACY].label[l],
	    site_pages[SITE_PRIVACY].md_path[l]);
	buf_puts(b, ": ");
	md_text(b, site_page_summary(app, SITE_PRIVACY, l));
	buf_putc(b, '\n');
	item(b, app, T(l, "English version", "Versión en español"),
	    T(l, "/en/llms.txt", "/llms.txt"));
	buf_putc(b, '\n');
	item(b, app, "Sitemap", "/sitemap.xml");
	buf_putc(b, '\n');
}

/* How agents.md introduces the availability statement. */
static const char *const availability[LANG__MAX][PRON__MAX] = {
	{ "Disponibilidad, con sus palabras" },
	{ "Availability, in the person's own words", "Availability, in her "
	  "words", "Availability, in his words", "Availability, in their "
	  "words" },
};

/* Appends the attribution or licence section, when there is a licence. */
static void
guide_licence(const struct app *app, enum lang l, struct buf *b)
{
	const struct licence *lc = &app->settings->licence;

	if (lc->name == NULL)
		return;
	if (lc->attribution)
		buf_puts(b, T(l, "## Atribución (", "## Attribution ("));
	else
		buf_puts(b, T(l, "## Licencia (", "## Licence ("));
	md_text(b, lc->name);
	buf_puts(b, T(l, ")\n\nLos datos tienen licencia [",
	    ")\n\nThe data is licensed under ["));
	md_text(b, lc->name);
	buf_puts(b, "](");
	md_url(b, lc->url[l]);
	buf_puts(b, ").");
	if (lc->attribution) {
		buf_puts(b, T(l, " Si los usas o los citas, atribúyelos: «",
		    " If you use or quote it, attribute it: \""));
		md_text(b, md_str(app->model->profile.obj[l], "name"));
		buf_printf(b, ", %s (", app->cfg->base_url);
		md_text(b, lc->name);
		buf_puts(b, T(l, ")», con un enlace a la fuente.",
		    ")\", with a link to the source."));
	}
	buf_putc(b, '\n');
}

/* Appends agents.md for language l. */
void
agents_guide(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *loc;
	const char *base = app->cfg->base_url, *name = md_str(p, "name");
	const struct route *r;
	size_t	 i;

	loc = cJSON_GetObjectItemCaseSensitive(p, "location");
	buf_puts(b, T(l, "# Guía para agentes de IA\n\n",
	    "# Guide for AI agents\n\n"));
	buf_puts(b, T(l, "Este servicio publica el perfil profesional de ",
	    "This service publishes the professional profile of "));
	md_text(b, name);
	buf_puts(b, T(l, " como sitio web, como markdown y como API JSON "
	    "pública de solo lectura. Todo sale del mismo contenido, así que "
	    "las tres formas dicen lo mismo. No hay claves, registro ni "
	    "escritura.\n\n", " as a website, as markdown and as a public, "
	    "read-only JSON API. All three come from the same content, so "
	    "they always agree. There are no keys, no sign-up and no "
	    "writes.\n\n"));

	buf_puts(b, T(l, "## Datos que no debes tergiversar\n\n",
	    "## Facts not to get wrong\n\n"));
	buf_puts(b, T(l, "- El nombre completo es «", "- The full name is \""));
	md_text(b, name);
	buf_puts(b, T(l, "».", "\"."));
	if (app->settings->name_rule[l] != NULL) {
		buf_putc(b, ' ');
		md_template(b, app->settings->name_rule[l], p);
	}
	buf_putc(b, '\n');
	for (i = 0; i < app->settings->nfacts; i++) {
		buf_puts(b, "- ");
		md_template(b, app->settings->facts[i][l], p);
		buf_putc(b, '\n');
	}
	buf_puts(b, T(l, "- Puesto actual: ", "- Current title: "));
	md_text(b, md_str(p, "job_title"));
	buf_puts(b, T(l, ". Ubicación: ", ". Location: "));
	md_text(b, md_str(loc, "city"));
	buf_puts(b, ", ");
	md_text(b, md_str(loc, "region"));
	buf_puts(b, ".\n");
	buf_puts(b, "- ");
	buf_puts(b, md_by_pronoun(app, availability[l]));
	buf_puts(b, ": ");
	md_text(b, md_str(cJSON_GetObjectItemCaseSensitive(p,
	    "availability"), "statement"));
	buf_puts(b, "\n- ");
	buf_puts(b, T(l, "Ante la duda, cita el dato de la API en vez de "
	    "parafrasearlo.\n\n", "When in doubt, quote the API's data "
	    "rather than paraphrase it.\n\n"));

	buf_puts(b, T(l, "## Leer el sitio\n\n", "## Reading the site\n\n"));
	buf_puts(b, T(l, "Pide cualquier página en markdown con `Accept: "
	    "text/markdown` o añadiendo `.md` a la ruta:\n\n", "Ask for any "
	    "page as markdown with `Accept: text/markdown` or by adding "
	    "`.md` to the path:\n\n"));
	buf_printf(b, "```sh\ncurl -s -H 'Accept: text/markdown' '%s%s'\n"
	    "curl -s '%s%s'\n```\n\n", base, T(l, "/about", "/en/about"),
	    base, T(l, "/index.md", "/en/index.md"));
	buf_puts(b, T(l, "El índice completo está en ", "The full index is "
	    "in "));
	buf_printf(b, "[llms.txt](%s%s).\n\n", base,
	    T(l, "/llms.txt", "/en/llms.txt"));

	buf_puts(b, T(l, "## Llamar a la API\n\n", "## Calling the API\n\n"));
	buf_printf(b, T(l, "URL base: `%s/api/v1`. Solo `GET` (y `HEAD`, "
	    "`OPTIONS`); sin cuerpo. Cada respuesta correcta es `{\"data\": "
	    "..., \"meta\": {...}}`.\n\n", "Base URL: `%s/api/v1`. `GET` only "
	    "(and `HEAD`, `OPTIONS`); no body. Every successful response is "
	    "`{\"data\": ..., \"meta\": {...}}`.\n\n"), base);
	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (r->kind != ROUTE_API)
			continue;
		buf_printf(b, "- `GET %s` (`%s`): ", r->path,
		    r->operation_id);
		md_text(b, r->summary);
		buf_puts(b, ".\n");
	}
	buf_puts(b, T(l, "\nEjemplos:\n\n```sh\n", "\nExamples:\n\n```sh\n"));
	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (r->kind == ROUTE_API && (r->collection ||
		    strchr(r->path, '{') != NULL ||
		    strcmp(r->operation_id, "getProfile") == 0))
			md_route_example(app, r, l, b);
	}
	buf_puts(b, "```\n\n");

	buf_puts(b, T(l, "## Idioma\n\nEspañol por defecto; `lang=en` o "
	    "`Accept-Language: en` para inglés. Algunos campos son siempre "
	    "en español (descripción de proyecto, periodo, fechas).\n\n",
	    "## Language\n\nSpanish by default; `lang=en` or "
	    "`Accept-Language: en` for English. Some fields are always in "
	    "Spanish (project description, period, dates).\n\n"));
	buf_puts(b, T(l, "## Límites\n\n", "## Limits\n\n"));
	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (r->kind != ROUTE_API || r->params[0].id == PARAM__MAX)
			continue;
		buf_printf(b, "- `GET %s`:\n", r->path);
		md_route_params(app, r, l, "  ", b);
	}
	buf_puts(b, T(l, "- Sin límite de peticiones más allá de la "
	    "protección habitual; sé razonable.\n\n", "- No rate limit beyond "
	    "ordinary protection; be reasonable.\n\n"));
	buf_printf(b, T(l, "## Caché\n\n`Cache-Control: %s`. Repetir la "
	    "misma llamada dentro de ese tiempo no da datos más frescos; "
	    "usa `ETag` con `If-None-Match`.\n\n", "## Caching\n\n"
	    "`Cache-Control: %s`. Repeating the same call within that time "
	    "does not yield fresher data; use `ETag` with "
	    "`If-None-Match`.\n\n"), CACHE_PUBLIC);
	buf_puts(b, T(l, "## Errores\n\nLos errores son JSON: `{\"error\": "
	    "{\"status\", \"code\", \"message\", \"hint\", "
	    "\"documentation_url\"}}`. Lee `hint`: dice qué cambiar. `code` es "
	    "uno de `bad_request`, `invalid_parameter`, `not_found`, "
	    "`method_not_allowed`, `internal_error`. Detalles en el ",
	    "## Errors\n\nErrors are JSON: `{\"error\": {\"status\", \"code\", "
	    "\"message\", \"hint\", \"documentation_url\"}}`. Read `hint`: it "
	    "says what to change. `code` is one of `bad_request`, "
	    "`invalid_parameter`, `not_found`, `method_not_allowed`, "
	    "`internal_error`. Details in the "));
	buf_printf(b, T(l, "[portal para desarrolladores](%s/developers.md)"
	    ".\n\n", "[developer portal](%s/en/developers.md).\n\n"), base);
	guide_licence(app, l, b);
	if (site_has_route("/openapi.json"))
		buf_printf(b, T(l, "\nDescripción formal de la API: "
		    "[OpenAPI 3.1](%s/openapi.json).\n", "\nFormal API "
		    "description: [OpenAPI 3.1](%s/openapi.json).\n"), base);
}

static void
xml_url(struct buf *b, const struct app *app, const char *path)
{
	buf_markup_text(b, app->cfg->base_url);
	buf_markup_text(b, path);
}

/* Appends sitemap.xml: every page in both languages, each with its
 * hreflang alternates. */
void
agents_sitemap(const struct app *app, struct buf *b)
{
	int	 pg, l, a;

	buf_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"\n"
	    "        xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n");
	for (pg = 0; pg < SITE_PAGE__MAX; pg++)
		for (l = 0; l < LANG__MAX; l++) {
			buf_puts(b, "  <url>\n    <loc>");
			xml_url(b, app, site_pages[pg].path[l]);
			buf_puts(b, "</loc>\n");
			for (a = 0; a < LANG__MAX; a++) {
				buf_printf(b, "    <xhtml:link rel=\"alternate\" "
				    "hreflang=\"%s\" href=\"", lang_code(a));
				xml_url(b, app, site_pages[pg].path[a]);
				buf_puts(b, "\"/>\n");
			}
			buf_puts(b, "    <xhtml:link rel=\"alternate\" "
			    "hreflang=\"x-default\" href=\"");
			xml_url(b, app, site_pages[pg].path[LANG_ES]);
			buf_puts(b, "\"/>\n  </url>\n");
		}
	buf_puts(b, "</urlset>\n");
}

void
agents_robots(const struct app *app, struct buf *b)
{
	buf_printf(b, "# Everything here is public; crawlers and agents are "
	    "welcome.\n# Agents: %s/llms.txt and %s/agents.md\n"
	    "User-agent: *\nAllow: /\n\nSitemap: %s/sitemap.xml\n",
	    app->cfg->base_url, app->cfg->base_url, app->cfg->base_url);
}

/* Appends the web app manifest.  Returns 0, or -1 out of memory. */
int
agents_manifest(const struct app *app, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[LANG_ES];
	const char *given = md_str(p, "given_name");
	cJSON	*m;
	char	*s;

	if ((m = cJSON_CreateObject()) == NULL)
		return -1;
	cJSON_AddStringToObject(m, "name", md_str(p, "name"));
	cJSON_AddStringToObject(m, "short_name", *given != '\0' ? given :
	    md_str(p, "name"));
	cJSON_AddStringToObject(m, "description", md_str(p, "headline"));
	cJSON_AddStringToObject(m, "lang", "es");
	cJSON_AddStringToObject(m, "dir", "ltr");
	cJSON_AddStringToObject(m, "start_url", "/");
	cJSON_AddStringToObject(m, "scope", "/");
	cJSON_AddStringToObject(m, "display", "browser");
	cJSON_AddStringToObject(m, "background_color", "#fbfaf7");
	cJSON_AddStringToObject(m, "theme_color", "#8a3b12");
	if ((s = cJSON_Print(m)) == NULL) {
		cJSON_Delete(m);
		return -1;
	}
	buf_puts(b, s);
	buf_putc(b, '\n');
	free(s);
	cJSON_Delete(m);
	return 0;
}
