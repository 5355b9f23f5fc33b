/*
 * markdown.c: the markdown of each page.  Home, about and contact come
 * from the profile and biography, privacy and lab from the markdown
 * files of the content directory, and the developer portal from the
 * route table, so the pages cannot disagree with the API.
 *
 * libcmark implements CommonMark without tables, so the pages use
 * headings, paragraphs and lists only.
 */
#include "config.h"

#include <string.h>

#include "errors.h"
#include "markdown.h"
#include "settings.h"

/* The Spanish or the English of a pair of literals. */
#define T(l, es, en)	((l) == LANG_EN ? (en) : (es))

const struct site_page_info site_pages[SITE_PAGE__MAX] = {
	[SITE_HOME] = { { "/", "/en/" }, { "/index.md", "/en/index.md" },
	    { "Inicio", "Home" }, SET_PAGE_HOME },
	[SITE_ABOUT] = { { "/about", "/en/about" },
	    { "/about.md", "/en/about.md" }, { "Sobre mí", "About" },
	    SET_PAGE_ABOUT },
	[SITE_CONTACT] = { { "/contact", "/en/contact" },
	    { "/contact.md", "/en/contact.md" }, { "Contacto", "Contact" },
	    SET_PAGE_CONTACT },
	[SITE_PRIVACY] = { { "/privacy", "/en/privacy" },
	    { "/privacy.md", "/en/privacy.md" },
	    { "Privacidad", "Privacy" }, SET_PAGE_PRIVACY },
	[SITE_LAB] = { { "/lab", "/en/lab" }, { "/lab.md", "/en/lab.md" },
	    { "Laboratorio", "Lab" }, SET_PAGE_LAB },
	[SITE_DEVELOPERS] = { { "/developers", "/en/developers" },
	    { "/developers.md", "/en/developers.md" },
	    { "Desarrolladores", "Developers" }, SET_PAGE_DEVELOPERS },
};

/*
 * The default link descriptions of the pages, per language and way of
 * referring to the person; site.json may replace them.  NULL in a
 * pronoun column: the PRON_NONE text.
 */
static const char *const page_summary[SITE_PAGE__MAX][LANG__MAX]
    [PRON__MAX] = {
	[SITE_HOME] = {
	    { "quién es, a qué se dedica y dónde encontrar sus perfiles",
	      "quién es, a qué se dedica y dónde encontrarla",
	      "quién es, a qué se dedica y dónde encontrarlo", NULL },
	    { "introduction, work and where to find the person online",
	      "who she is, what she does and where to find her",
	      "who he is, what he does and where to find him",
	      "who they are, what they do and where to find them" } },
	[SITE_ABOUT] = {
	    { "biografía completa y trayectoria, de la más antigua a la "
	      "más reciente" },
	    { "full biography and career timeline, oldest first" } },
	[SITE_CONTACT] = {
	    { "correo, web, perfiles, ubicación y disponibilidad" },
	    { "email, website, profiles, location and availability" } },
	[SITE_PRIVACY] = {
	    { "sin cookies ni seguimiento; qué registra el servidor" },
	    { "no cookies, no tracking; what the server logs" } },
	[SITE_LAB] = {
	    { "experimentos y notas" },
	    { "experiments and notes" } },
	[SITE_DEVELOPERS] = {
	    { "la API JSON: endpoints, parámetros, errores y reglas de uso" },
	    { "the JSON API: endpoints, parameters, errors and usage "
	      "rules" } },
};

/*
 * Picks the text of a table row by the way the settings refer to the
 * person: the pronoun's own text, else the neutral one.
 */
const char *
md_by_pronoun(const struct app *app, const char *const row[PRON__MAX])
{
	const char *s = row[app->settings->pronouns];

	return s != NULL ? s : row[PRON_NONE];
}

/* The one-line description of a page: site.json's, else the default. */
const char *
site_page_summary(const struct app *app, enum site_page pg, enum lang l)
{
	const char *s = app->settings->page_summary[site_pages[pg].set][l];

	return s != NULL ? s : md_by_pronoun(app, page_summary[pg][l]);
}

/*
 * Appends template t of the settings with every "@@path@@" replaced by
 * that string of the profile p (settings_check_templates has checked
 * them), as markdown text.
 */
void
md_template(struct buf *b, const char *t, const cJSON *p)
{
	struct buf plain;
	const char *at, *end;
	const cJSON *v;

	buf_init(&plain);
	while ((at = strstr(t, "@@")) != NULL &&
	    (end = strstr(at + 2, "@@")) != NULL) {
		buf_append(&plain, t, (size_t)(at - t));
		if ((v = settings_lookup(p, at + 2, (size_t)(end - at - 2))) !=
		    NULL)
			buf_puts(&plain, v->valuestring);
		t = end + 2;
	}
	buf_puts(&plain, t);
	md_text(b, buf_cstr(&plain));
	if (plain.oom)
		b->oom = 1;
	buf_free(&plain);
}

/* The string member name of o, or "" (validated content has them). */
const char *
md_str(const cJSON *o, const char *name)
{
	const char *s;

	s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, name));
	return s != NULL ? s : "";
}

/*
 * Appends s as inline markdown text: the characters that could start
 * emphasis, code, links or raw HTML are backslash-escaped, and so is a
 * character that would make the line a heading, quote or list.
 */
void
md_text(struct buf *b, const char *s)
{
	if (*s == '#' || *s == '>' || *s == '-' || *s == '+' || *s == '=')
		buf_putc(b, '\\');
	for (; *s != '\0'; s++) {
		if (strchr("\\`*_[]<", *s) != NULL)
			buf_putc(b, '\\');
		if (*s == '\n' || *s == '\r')
			buf_putc(b, ' ');
		else
			buf_putc(b, *s);
	}
}

/* Appends a URL for a link destination, percent-encoding what would
 * end or break it. */
void
md_url(struct buf *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	unsigned char c;

	for (; *s != '\0'; s++) {
		c = (unsigned char)*s;
		if (c <= 0x20 || c == 0x7f || strchr("()<>\\`", c) != NULL) {
			buf_putc(b, '%');
			buf_putc(b, hex[c >> 4]);
			buf_putc(b, hex[c & 0xf]);
		} else
			buf_putc(b, (char)c);
	}
}

/* Appends "[text](base + path)". */
static void
link_site(struct buf *b, const struct app *app, const char *text,
    const char *path)
{
	buf_putc(b, '[');
	md_text(b, text);
	buf_puts(b, "](");
	md_url(b, app->cfg->base_url);
	md_url(b, path);
	buf_putc(b, ')');
}

/* Returns 1 when the route table serves exactly this path. */
int
site_has_route(const char *path)
{
	size_t	 i;

	for (i = 0; i < routes_len; i++)
		if (strcmp(routes[i].path, path) == 0)
			return 1;
	return 0;
}

/* The language of a site path: English under /en/, else Spanish. */
enum lang
site_path_lang(const char *path)
{
	return strncmp(path, "/en/", 4) == 0 || strcmp(path, "/en") == 0 ?
	    LANG_EN : LANG_ES;
}

static void
home(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *co, *v;
	int	 p_;

	buf_puts(b, "# ");
	md_text(b, md_str(p, "name"));
	buf_puts(b, "\n\n**");
	md_text(b, md_str(p, "headline"));
	buf_puts(b, "**\n\n");
	md_text(b, md_str(p, "job_title"));
	if ((co = cJSON_GetObjectItemCaseSensitive(p, "co_founder_of")) !=
	    NULL) {
		buf_puts(b, ". ");
		md_text(b, md_str(co, "role"));
		buf_puts(b, T(l, " de [", " of ["));
		md_text(b, md_str(co, "name"));
		buf_puts(b, "](");
		md_url(b, md_str(co, "url"));
		buf_puts(b, ")");
	}
	buf_puts(b, ".\n\n");
	md_text(b, md_str(p, "summary"));
	buf_puts(b, "\n\n");
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "knows_about")) != NULL) {
		const cJSON *e;

		buf_puts(b, T(l, "## Áreas de trabajo\n\n",
		    "## Areas of expertise\n\n"));
		cJSON_ArrayForEach(e, v) {
			buf_puts(b, "- ");
			md_text(b, cJSON_GetStringValue(e) ?
			    cJSON_GetStringValue(e) : "");
			buf_putc(b, '\n');
		}
		buf_putc(b, '\n');
	}
	buf_puts(b, T(l, "## En este sitio\n\n", "## On this site\n\n"));
	for (p_ = SITE_ABOUT; p_ < SITE_PAGE__MAX; p_++) {
		buf_puts(b, "- ");
		link_site(b, app, site_pages[p_].label[l],
		    site_pages[p_].path[l]);
		buf_puts(b, ": ");
		md_text(b, site_page_summary(app, p_, l));
		buf_puts(b, "\n");
	}
	buf_puts(b, "- ");
	link_site(b, app, T(l, "Perfil en JSON", "Profile as JSON"),
	    T(l, "/api/v1/profile", "/api/v1/profile?lang=en"));
	buf_puts(b, T(l, ": los mismos datos, para programas\n",
	    ": the same data, for programs\n"));
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "profiles")) != NULL) {
		const cJSON *e;

		buf_puts(b, T(l, "\n## En otros sitios\n\n",
		    "\n## Elsewhere\n\n"));
		cJSON_ArrayForEach(e, v) {
			buf_puts(b, "- [");
			md_text(b, md_str(e, "label"));
			buf_puts(b, "](");
			md_url(b, md_str(e, "url"));
			buf_puts(b, ")\n");
		}
	}
}

static void
about(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *a = app->model->about.obj[l], *e;

	buf_puts(b, T(l, "# Sobre mí\n\n", "# About\n\n"));
	md_text(b, md_str(a, "summary"));
	buf_puts(b, T(l, "\n\n## Trayectoria\n\n", "\n\n## Timeline\n\n"));
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(a,
	    "timeline")) {
		buf_puts(b, "- **");
		md_text(b, md_str(e, "year"));
		buf_puts(b, ": ");
		md_text(b, md_str(e, "title"));
		buf_puts(b, ".** ");
		md_text(b, md_str(e, "description"));
		buf_putc(b, '\n');
	}
	buf_puts(b, "\n");
	buf_puts(b, T(l, "Los proyectos, la experiencia, las habilidades, "
	    "las certificaciones, la formación y las recomendaciones están "
	    "en la ", "Projects, experience, skills, certifications, "
	    "education and recommendations are in the "));
	link_site(b, app, "API", T(l, "/developers", "/en/developers"));
	buf_puts(b, ".\n");
}

static void
contact(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *loc, *av, *v, *e;
	const char *email = md_str(p, "email");

	loc = cJSON_GetObjectItemCaseSensitive(p, "location");
	av = cJSON_GetObjectItemCaseSensitive(p, "availability");
	buf_puts(b, T(l, "# Contacto\n\n", "# Contact\n\n"));
	buf_puts(b, T(l, "- Correo: [", "- Email: ["));
	md_text(b, email);
	buf_puts(b, "](mailto:");
	md_url(b, email);
	buf_puts(b, T(l, ")\n- Web: [", ")\n- Website: ["));
	md_text(b, md_str(p, "url"));
	buf_puts(b, "](");
	md_url(b, md_str(p, "url"));
	buf_puts(b, T(l, ")\n- Ubicación: ", ")\n- Location: "));
	md_text(b, md_str(loc, "city"));
	buf_puts(b, ", ");
	md_text(b, md_str(loc, "region"));
	buf_puts(b, " (");
	md_text(b, md_str(loc, "country"));
	buf_puts(b, ")");
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(loc, "remote")))
		buf_puts(b, T(l, "; trabajo también en remoto",
		    "; also works remotely"));
	buf_putc(b, '\n');
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "languages")) != NULL) {
		buf_puts(b, T(l, "- Idiomas de trabajo (ISO 639-1): ",
		    "- Working languages (ISO 639-1): "));
		cJSON_ArrayForEach(e, v) {
			if (e != v->child)
				buf_puts(b, ", ");
			md_text(b, cJSON_GetStringValue(e) ?
			    cJSON_GetStringValue(e) : "");
		}
		buf_putc(b, '\n');
	}
	buf_puts(b, T(l, "\n## Disponibilidad\n\n", "\n## Availability\n\n"));
	md_text(b, md_str(av, "statement"));
	buf_puts(b, "\n");
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "profiles")) != NULL) {
		buf_puts(b, T(l, "\n## Perfiles\n\n", "\n## Profiles\n\n"));
		cJSON_ArrayForEach(e, v) {
			buf_puts(b, "- [");
			md_text(b, md_str(e, "label"));
			buf_puts(b, "](");
			md_url(b, md_str(e, "url"));
			buf_puts(b, ")\n");
		}
	}
	buf_puts(b, T(l, "\n## Desde un programa\n\n",
	    "\n## From a program\n\n"));
	buf_puts(b, T(l, "Los mismos datos de contacto, en JSON:\n\n",
	    "The same contact data, as JSON:\n\n"));
	buf_printf(b, "```sh\ncurl -s '%s/api/v1/profile%s'\n```\n",
	    app->cfg->base_url, T(l, "", "?lang=en"));
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
 * filled in, lang=en in English.
 */
void
md_route_example(const struct app *app, const struct route *r, enum lang l,
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
	for (p = r->params; p->id != PARAM__MAX; p++) {
		if (p->id == PARAM_Q)
			buf_printf(b, "%cq=%s", sep, T(l, "nube", "cloud"));
		else if (p->id == PARAM_LIMIT)
			buf_printf(b, "%climit=%ld", sep, example_value(p));
		else
			continue;
		sep = '&';
	}
	if (l == LANG_EN)
		buf_printf(b, "%clang=en", sep);
	buf_puts(b, "'\n");
}

/* Appends the parameter list of route, one "indent- ..." line each. */
void
md_route_params(const struct app *app, const struct route *r, enum lang l,
    const char *indent, struct buf *b)
{
	const struct route_param *p;
	const struct collection *c;
	size_t	 i;

	if (strchr(r->path, '{') != NULL) {
		buf_printf(b, "%s- `slug` (%s): ", indent,
		    T(l, "ruta, obligatorio", "path, required"));
		buf_puts(b, T(l, "patrón `^[a-z0-9-]+$`",
		    "pattern `^[a-z0-9-]+$`"));
		c = r->coll < COLL__MAX ? &app->model->coll[r->coll] : NULL;
		if (c != NULL && c->len > 0) {
			buf_puts(b, T(l, "; valores actuales: ",
			    "; current values: "));
			for (i = 0; i < c->len; i++)
				buf_printf(b, "%s`%s`", i ? ", " : "",
				    c->items[i].slug);
		}
		buf_puts(b, ".\n");
	}
	buf_printf(b, "%s- `lang` (%s): `es` %s `en`; %s.\n", indent,
	    T(l, "consulta, opcional", "query, optional"),
	    T(l, "(por defecto) o", "(default) or"),
	    T(l, "sin él manda la cabecera `Accept-Language`",
	    "without it the `Accept-Language` header decides"));
	for (p = r->params; p->id != PARAM__MAX; p++) {
		if (p->id == PARAM_Q) {
			buf_printf(b, "%s- `q` (%s): %s %ld %s %ld %s", indent,
			    p->required ? T(l, "consulta, texto, obligatorio",
			    "query, string, required") : T(l, "consulta, "
			    "texto, opcional", "query, string, optional"),
			    T(l, "de", "from"), p->min, T(l, "a", "to"),
			    p->max, T(l, "caracteres", "characters"));
		} else {
			buf_printf(b, "%s- `%s` (%s): %s %ld %s %ld, %s %ld",
			    indent, req_param_name(p->id), p->required ?
			    T(l, "consulta, entero, obligatorio", "query, "
			    "integer, required") : T(l, "consulta, entero, "
			    "opcional", "query, integer, optional"),
			    T(l, "de", "from"), p->min, T(l, "a", "to"),
			    p->max, T(l, "por defecto", "default"), p->def);
		}
		if (p->description != NULL) {
			buf_puts(b, ". ");
			md_text(b, p->description);
		} else
			buf_putc(b, '.');
		buf_putc(b, '\n');
	}
}

static const char *const err_text[ERR__MAX][LANG__MAX] = {
	[ERR_BAD_REQUEST] = { "la petición está mal formada (ruta o "
	    "cadena de consulta no válidas)", "the request is malformed "
	    "(invalid path or query string)" },
	[ERR_INVALID_PARAMETER] = { "falta un parámetro o está fuera de "
	    "rango; el mensaje da el rango y el valor recibido", "a "
	    "parameter is missing or out of range; the message states the "
	    "range and the value received" },
	[ERR_NOT_FOUND] = { "el recurso o el endpoint no existe; para un "
	    "slug desconocido la pista lista los válidos", "the resource or "
	    "endpoint does not exist; for an unknown slug the hint lists "
	    "the valid ones" },
	[ERR_METHOD_NOT_ALLOWED] = { "la API es de solo lectura: solo GET, "
	    "HEAD y OPTIONS; lleva cabecera `Allow`", "the API is "
	    "read-only: only GET, HEAD and OPTIONS; carries an `Allow` "
	    "header" },
	[ERR_INTERNAL] = { "fallo del servidor; reintenta más tarde",
	    "server failure; retry later" },
};

static void
developers_endpoints(const struct app *app, enum lang l, struct buf *b)
{
	const struct route *r;
	size_t	 i;

	buf_puts(b, T(l, "## Endpoints\n\nTodos responden a `GET` (y "
	    "`HEAD`), sin cuerpo de petición. Los resúmenes vienen de la "
	    "tabla de rutas del servidor, la misma que genera OpenAPI, y "
	    "están en inglés.\n\n", "## Endpoints\n\nAll answer `GET` (and "
	    "`HEAD`), with no request body. This list is generated from the "
	    "server's route table, the same one that serves the requests "
	    "and generates OpenAPI.\n\n"));
	for (i = 0; i < routes_len; i++) {
		r = &routes[i];
		if (r->kind != ROUTE_API)
			continue;
		buf_printf(b, "### `GET %s`\n\n", r->path);
		md_text(b, r->summary);
		buf_puts(b, ".");
		if (r->description != NULL) {
			buf_putc(b, ' ');
			md_text(b, r->description);
		}
		buf_printf(b, "\n\n- %s: `%s`\n", T(l, "Operación",
		    "Operation id"), r->operation_id);
		if (r->collection)
			buf_printf(b, T(l, "- `data`: lista de `%s`; `meta`: "
			    "count, total, limit, offset, self, source, "
			    "documentation_url\n", "- `data`: array of `%s`; "
			    "`meta`: count, total, limit, offset, self, "
			    "source, documentation_url\n"), r->schema);
		else
			buf_printf(b, T(l, "- `data`: objeto `%s`; `meta`: "
			    "count, self, source, documentation_url\n",
			    "- `data`: `%s` object; `meta`: count, self, "
			    "source, documentation_url\n"), r->schema);
		buf_puts(b, T(l, "- Parámetros:\n", "- Parameters:\n"));
		md_route_params(app, r, l, "  ", b);
		buf_puts(b, "\n```sh\n");
		md_route_example(app, r, l, b);
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
	buf_puts(b, T(l, "## Licencia\n\nLos datos se publican con licencia "
	    "[", "## Licence\n\nThe data is published under ["));
	md_text(b, lc->name);
	buf_puts(b, "](");
	md_url(b, lc->url[l]);
	buf_putc(b, ')');
	if (lc->attribution) {
		buf_puts(b, T(l, ": puedes reutilizarlos citando la fuente, "
		    "por ejemplo «", ": you may reuse it with attribution, for "
		    "example \""));
		md_text(b, md_str(app->model->profile.obj[l], "name"));
		buf_printf(b, ", %s (", app->cfg->base_url);
		md_text(b, lc->name);
		buf_puts(b, T(l, ")».", ")\"."));
	} else
		buf_putc(b, '.');
	buf_puts(b, "\n\n");
}

static void
developers(const struct app *app, enum lang l, struct buf *b)
{
	const char *base = app->cfg->base_url;
	const char *name = md_str(app->model->profile.obj[l], "name");
	int	 e;

	buf_puts(b, T(l, "# Portal para desarrolladores\n\n",
	    "# Developer portal\n\n"));
	buf_puts(b, T(l, "Una API JSON pública y de solo lectura con el "
	    "perfil profesional de ", "A public, read-only JSON API with "
	    "the professional profile of "));
	md_text(b, name);
	buf_puts(b, T(l, ": perfil, biografía, proyectos, experiencia, "
	    "habilidades, certificaciones, formación y recomendaciones. Son "
	    "los mismos datos que muestra este sitio. Sin claves, sin "
	    "registro y sin límites de uso más allá de la protección "
	    "habitual.\n\n", ": profile, biography, projects, experience, "
	    "skills, certifications, education and recommendations. It is "
	    "the same data this site shows. No keys, no sign-up and no rate "
	    "limit beyond ordinary protection.\n\n"));
	buf_printf(b, T(l, "## URL base\n\n`%s/api/v1`\n\n",
	    "## Base URL\n\n`%s/api/v1`\n\n"), base);
	buf_puts(b, T(l, "## Primeros pasos\n\n", "## Quick start\n\n"));
	buf_printf(b, "```sh\ncurl -s '%s/api/v1/profile%s'\n```\n\n", base,
	    T(l, "", "?lang=en"));
	buf_puts(b, T(l, "Cada respuesta correcta es un objeto JSON con dos "
	    "miembros: `data` (el recurso) y `meta` (`count`, `self`, "
	    "`source`, `documentation_url`; en las listas además `total`, "
	    "`limit` y `offset`).\n\n", "Every successful response is a JSON "
	    "object with two members: `data` (the resource) and `meta` "
	    "(`count`, `self`, `source`, `documentation_url`; lists add "
	    "`total`, `limit` and `offset`).\n\n"));
	developers_endpoints(app, l, b);

	buf_puts(b, T(l, "## Errores\n\nToda respuesta de error bajo `/api` "
	    "es JSON con un único formato: `{\"error\": {\"status\", "
	    "\"code\", \"message\", \"hint\", \"documentation_url\"}}`. "
	    "`code` es estable y nunca se renombra:\n\n", "## Errors\n\n"
	    "Every error response under `/api` is JSON in one envelope: "
	    "`{\"error\": {\"status\", \"code\", \"message\", \"hint\", "
	    "\"documentation_url\"}}`. `code` is stable and never "
	    "renamed:\n\n"));
	for (e = 0; e < ERR__MAX; e++) {
		buf_printf(b, "- `%d` `%s`", err_status(e), err_code_name(e));
		if (err_text[e][l] != NULL) {
			buf_puts(b, ": ");
			buf_puts(b, err_text[e][l]);
		}
		buf_puts(b, ".\n");
	}
	buf_printf(b, T(l, "\nPrueba uno:\n\n```sh\ncurl -s '%s/api/v1/"
	    "projects?limit=0'\n```\n\n", "\nTry one:\n\n```sh\ncurl -s "
	    "'%s/api/v1/projects?limit=0'\n```\n\n"), base);

	buf_puts(b, T(l, "## Idioma\n\nEspañol por defecto. `lang=en` o la "
	    "cabecera `Accept-Language: en` dan inglés; la respuesta lleva "
	    "`Content-Language`. Algunos campos están siempre en español "
	    "(descripción de proyecto, periodo de experiencia, fechas).\n\n",
	    "## Language\n\nSpanish by default. `lang=en` or the header "
	    "`Accept-Language: en` selects English; the response carries "
	    "`Content-Language`. Some fields are documented as Spanish "
	    "(project description, experience period, dates).\n\n"));
	buf_printf(b, T(l, "## Caché\n\n`Cache-Control: %s`: repetir una "
	    "llamada dentro de ese tiempo no da datos más frescos. Cada "
	    "respuesta lleva `ETag`; con `If-None-Match` la respuesta es "
	    "`304 Not Modified` si nada cambió.\n\n", "## Caching\n\n"
	    "`Cache-Control: %s`: repeating a call within that time does not "
	    "yield fresher data. Every response carries an `ETag`; send it "
	    "back in `If-None-Match` to get `304 Not Modified` when nothing "
	    "changed.\n\n"), CACHE_PUBLIC);
	buf_puts(b, T(l, "## CORS\n\nAbierta a todos los orígenes: "
	    "`Access-Control-Allow-Origin: *` para `GET`, `HEAD` y "
	    "`OPTIONS`, así que un navegador puede llamarla directamente. "
	    "No hay autenticación ni entorno de pruebas: producción es el "
	    "entorno de pruebas.\n\n", "## CORS\n\nOpen to every origin: "
	    "`Access-Control-Allow-Origin: *` for `GET`, `HEAD` and "
	    "`OPTIONS`, so a browser can call it directly. There is no "
	    "authentication and no sandbox: production is the test "
	    "environment.\n\n"));
	buf_printf(b, T(l, "## Versiones\n\nLa versión va en la ruta: "
	    "`/api/v1`; `api_version` de `/api/v1/health` da la versión "
	    "semántica del contrato (hoy `%s`). Dentro de v1 solo se añaden "
	    "campos y endpoints; quitar o renombrar algo sería `/api/v2`."
	    "\n\n", "## Versioning\n\nThe version is in the path: `/api/v1`; "
	    "`api_version` in `/api/v1/health` carries the semantic version "
	    "of the contract (now `%s`). Within v1 only fields and endpoints "
	    "are added; removing or renaming anything ships as `/api/v2`."
	    "\n\n"), PERFIL_API_VERSION);
	developers_licence(app, l, b);

	buf_puts(b, T(l, "## Descripciones para máquinas\n\n",
	    "## Machine-readable descriptions\n\n"));
	if (site_has_route("/openapi.json")) {
		buf_puts(b, "- ");
		link_site(b, app, "OpenAPI 3.1 (JSON)", "/openapi.json");
		buf_putc(b, '\n');
	}
	if (site_has_route("/api/openapi.yaml")) {
		buf_puts(b, "- ");
		link_site(b, app, "OpenAPI 3.1 (YAML)", "/api/openapi.yaml");
		buf_putc(b, '\n');
	}
	buf_puts(b, "- ");
	link_site(b, app, "llms.txt", T(l, "/llms.txt", "/en/llms.txt"));
	buf_puts(b, T(l, ": índice del sitio para modelos de lenguaje\n",
	    ": site index for language models\n"));
	buf_puts(b, "- ");
	link_site(b, app, "agents.md", T(l, "/agents.md", "/en/agents.md"));
	buf_puts(b, T(l, ": guía para agentes de IA\n",
	    ": guide for AI agents\n"));
	buf_puts(b, T(l, "\nCada página de este sitio está también en "
	    "markdown: añade `.md` a la ruta (`/about.md`, `/index.md` para "
	    "la portada) o manda `Accept: text/markdown`.\n", "\nEvery page "
	    "of this site is also available as markdown: add `.md` to the "
	    "path (`/en/about.md`, `/en/index.md` for the home page) or send "
	    "`Accept: text/markdown`.\n"));
}

/*
 * Appends the markdown of page in language l to b.  Returns 0, or -1
 * when b ran out of memory.
 */
int
md_page(const struct app *app, enum site_page page, enum lang l,
    struct buf *b)
{
	switch (page) {
	case SITE_HOME:
		home(app, l, b);
		break;
	case SITE_ABOUT:
		about(app, l, b);
		break;
	case SITE_CONTACT:
		contact(app, l, b);
		break;
	case SITE_PRIVACY:
		buf_puts(b, app->model->page_md[PAGE_PRIVACY][l]);
		break;
	case SITE_LAB:
		buf_puts(b, app->model->page_md[PAGE_LAB][l]);
		break;
	case SITE_DEVELOPERS:
		developers(app, l, b);
		break;
	default:
		break;
	}
	if (b->len > 0 && b->data[b->len - 1] != '\n')
		buf_putc(b, '\n');
	return b->oom ? -1 : 0;
}

/* The 404 page's description of the home page. */
static const char *const nf_home[LANG__MAX][PRON__MAX] = {
	{ "quién es y qué hace" },
	{ "introduction and work", "who she is and what she does",
	  "who he is and what he does", "who they are and what they do" },
};

/* Appends the markdown of the 404 page: where to go instead. */
void
md_not_found(const struct app *app, enum lang l, struct buf *b)
{
	buf_puts(b, T(l, "# Página no encontrada\n\nEsta dirección no existe "
	    "en este sitio. Puedes seguir por aquí:\n\n", "# Page not found"
	    "\n\nThis address does not exist on this site. Try one of "
	    "these:\n\n"));
	buf_puts(b, "- ");
	link_site(b, app, T(l, "Inicio", "Home"), T(l, "/", "/en/"));
	buf_puts(b, ": ");
	md_text(b, md_by_pronoun(app, nf_home[l]));
	buf_putc(b, '\n');
	buf_puts(b, "- ");
	link_site(b, app, T(l, "Portal para desarrolladores",
	    "Developer portal"), T(l, "/developers", "/en/developers"));
	buf_puts(b, T(l, ": la API y sus reglas\n",
	    ": the API and its rules\n"));
	buf_puts(b, "- ");
	link_site(b, app, "llms.txt", T(l, "/llms.txt", "/en/llms.txt"));
	buf_puts(b, T(l, ": índice del sitio para modelos de lenguaje\n",
	    ": site index for language models\n"));
	buf_puts(b, "- ");
	link_site(b, app, "API", T(l, "/api/v1/profile",
	    "/api/v1/profile?lang=en"));
	buf_puts(b, T(l, ": el perfil en JSON; todos los endpoints empiezan "
	    "por `/api/v1/`\n", ": the profile as JSON; every endpoint "
	    "starts with `/api/v1/`\n"));
	buf_puts(b, T(l, "\nLas páginas también están en markdown: añade `.md`"
	    " a la ruta (`/about.md`) o manda `Accept: text/markdown`.\n",
	    "\nPages are also available as markdown: add `.md` to the path "
	    "(`/en/about.md`) or send `Accept: text/markdown`.\n"));
}
