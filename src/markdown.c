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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "markdown.h"
#include "settings.h"


const struct site_page_info site_pages[SITE_PAGE__MAX] = {
	[SITE_HOME] = { "/", "/index.md", "home", SET_PAGE_HOME },
	[SITE_ABOUT] = { "/about", "/about.md", "about", SET_PAGE_ABOUT },
	[SITE_CV] = { "/cv", "/cv.md", "cv", SET_PAGE_CV },
	[SITE_PROJECTS] = { "/projects", "/projects.md", "projects",
	    SET_PAGE_PROJECTS },
	[SITE_CONTACT] = { "/contact", "/contact.md", "contact",
	    SET_PAGE_CONTACT },
	[SITE_PRIVACY] = { "/privacy", "/privacy.md", "privacy",
	    SET_PAGE_PRIVACY, 1 },
	[SITE_LAB] = { "/lab", "/lab.md", "lab", SET_PAGE_LAB, 1 },
	[SITE_DEVELOPERS] = { "/developers", "/developers.md", "developers",
	    SET_PAGE_DEVELOPERS },
};

/*
 * Builds the paths of every page in every language of app (lang_path),
 * with its label and summary (labels and settings; a label key no set
 * has is remembered in app->labels->missing, which app_load reports).
 * Returns them (the caller frees them with free), or NULL.
 */
struct site_paths *
site_paths_build(const struct app *app)
{
	struct site_paths *sp;
	char	 tmp[32], key[64];
	const char *s;
	int	 pg, l;

	if ((sp = calloc(1, sizeof(*sp))) == NULL)
		return NULL;
	for (pg = 0; pg < SITE_PAGE__MAX; pg++)
		for (l = 0; l < app->langs->n; l++) {
			snprintf(sp->path[pg][l], sizeof(sp->path[pg][l]),
			    "%s", lang_path(app->langs, (enum lang)l,
			    site_pages[pg].path, tmp, sizeof(tmp)));
			snprintf(sp->md_path[pg][l],
			    sizeof(sp->md_path[pg][l]), "%s", lang_path(app->langs,
			    (enum lang)l, site_pages[pg].md_path, tmp,
			    sizeof(tmp)));
			snprintf(key, sizeof(key), "page.%s.label",
			    site_pages[pg].name);
			sp->label[pg][l] = LBL(app, l, key);
			if ((s = app->settings->page_summary[
			    site_pages[pg].set][l]) == NULL) {
				snprintf(key, sizeof(key), "page.%s.summary",
				    site_pages[pg].name);
				s = LBL(app, l, key);
			}
			sp->summary[pg][l] = s;
		}
	return sp;
}

/* The path of page pg in language l ("/en/about"). */
const char *
site_page_path(const struct app *app, enum site_page pg, enum lang l)
{
	return app->paths->path[pg][l];
}

/* The path of the markdown twin of page pg in language l. */
const char *
site_page_md_path(const struct app *app, enum site_page pg, enum lang l)
{
	return app->paths->md_path[pg][l];
}

/* The navigation label of a page (label "page.NAME.label"). */
const char *
site_page_label(const struct app *app, enum site_page pg, enum lang l)
{
	return app->paths->label[pg][l];
}

/* The one-line description of a page: site.json's, else the label
 * "page.NAME.summary". */
const char *
site_page_summary(const struct app *app, enum site_page pg, enum lang l)
{
	return app->paths->summary[pg][l];
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
	size_t	 n;

	if (*s == '#' || *s == '>' || *s == '-' || *s == '+' || *s == '=')
		buf_putc(b, '\\');
	for (;;) {
		n = strcspn(s, "\\`*_[]<\n\r");
		buf_append(b, s, n);
		if (s[n] == '\0')
			return;
		s += n;
		if (*s == '\n' || *s == '\r')
			buf_putc(b, ' ');
		else {
			buf_putc(b, '\\');
			buf_putc(b, *s);
		}
		s++;
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

/* Appends "[text](base + path)": a link into the site. */
void
md_link_site(struct buf *b, const struct app *app, const char *text,
    const char *path)
{
	link_site(b, app, text, path);
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

/*
 * The language of a site path: a configured language other than the
 * default for "/CODE/..." and "/CODE", else the default.  *rest (when
 * rest is not NULL) gets the path without the prefix ("/en/about" gives
 * "/about", "/en/" gives "/"); "/en" is left whole, so it matches no
 * page (a 404 in English).
 */
enum lang
site_path_lang(const struct app *app, const char *path, const char **rest)
{
	int	 l;

	if (rest != NULL)
		*rest = path;
	if (path[0] != '/' || strlen(path) < 3 ||
	    (path[3] != '/' && path[3] != '\0'))
		return LANG_DEFAULT;
	if ((l = lang_find(app->langs, path + 1, 2)) <= 0)
		return LANG_DEFAULT;
	if (rest != NULL && path[3] == '/')
		*rest = path + 3;
	return (enum lang)l;
}

/* Appends "## LABEL\n\n". */
static void
heading(struct buf *b, const struct app *app, enum lang l, const char *key)
{
	buf_puts(b, "## ");
	buf_puts(b, LBL(app, l, key));
	buf_puts(b, "\n\n");
}

/* Appends one "- [label](url)" line per profile link. */
static void
profile_links(struct buf *b, const cJSON *v)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, v) {
		buf_puts(b, "- [");
		md_text(b, md_str(e, "label"));
		buf_puts(b, "](");
		md_url(b, md_str(e, "url"));
		buf_puts(b, ")\n");
	}
}

/* The API path of the profile in language l ("?lang=" when not the
 * default language). */
static const char *
profile_api_path(const struct app *app, enum lang l, char *buf, size_t len)
{
	if (l == LANG_DEFAULT)
		return "/api/v1/profile";
	snprintf(buf, len, "/api/v1/profile?lang=%s", lang_code(app->langs,
	    l));
	return buf;
}

static void
home(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *co, *v, *e;
	char	 tmp[64];
	int	 pg;

	buf_puts(b, "# ");
	md_text(b, md_str(p, "name"));
	buf_puts(b, "\n\n");
	if (*md_str(p, "image") != '\0') {
		buf_puts(b, "![");
		md_text(b, md_str(p, "name"));
		buf_puts(b, "](");
		md_url(b, md_str(p, "image"));
		buf_puts(b, ")\n\n");
	}
	md_text(b, md_str(p, "headline"));
	buf_puts(b, "\n\n");
	md_text(b, md_str(p, "job_title"));
	if ((co = cJSON_GetObjectItemCaseSensitive(p, "co_founder_of")) !=
	    NULL) {
		buf_puts(b, ". ");
		md_text(b, md_str(co, "role"));
		buf_printf(b, " %s [", LBL(app, l, "word.of"));
		md_text(b, md_str(co, "name"));
		buf_puts(b, "](");
		md_url(b, md_str(co, "url"));
		buf_puts(b, ")");
	}
	buf_puts(b, ".\n\n");
	md_text(b, md_str(p, "summary"));
	buf_puts(b, "\n\n");
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "knows_about")) != NULL) {
		heading(b, app, l, "home.expertise");
		cJSON_ArrayForEach(e, v) {
			buf_puts(b, "- ");
			md_text(b, cJSON_GetStringValue(e) ?
			    cJSON_GetStringValue(e) : "");
			buf_putc(b, '\n');
		}
		buf_putc(b, '\n');
	}
	heading(b, app, l, "home.on_site");
	for (pg = SITE_ABOUT; pg < SITE_PAGE__MAX; pg++) {
		if (!site_page_published(app, pg))
			continue;
		buf_puts(b, "- ");
		link_site(b, app, site_page_label(app, pg, l),
		    site_page_path(app, pg, l));
		buf_puts(b, ": ");
		md_text(b, site_page_summary(app, pg, l));
		buf_puts(b, "\n");
	}
	buf_puts(b, "- ");
	link_site(b, app, LBL(app, l, "home.profile_json"),
	    profile_api_path(app, l, tmp, sizeof(tmp)));
	buf_printf(b, ": %s\n", LBL(app, l, "home.profile_json.summary"));
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "profiles")) != NULL) {
		buf_putc(b, '\n');
		heading(b, app, l, "home.elsewhere");
		profile_links(b, v);
	}
}

static void
about(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *a = app->model->about.obj[l], *e;
	struct buf api;

	buf_printf(b, "# %s\n\n", LBL(app, l, "about.title"));
	md_text(b, md_str(a, "summary"));
	buf_puts(b, "\n\n");
	heading(b, app, l, "about.timeline");
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
	buf_init(&api);
	link_site(&api, app, "API", site_page_path(app, SITE_DEVELOPERS, l));
	lbl_fill(b, app->labels, l, "about.more",
	    (const char *const []){ "api", buf_cstr(&api), NULL });
	buf_puts(b, "\n");
	if (api.oom)
		b->oom = 1;
	buf_free(&api);
}

static void
contact(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *loc, *av, *v, *e;
	const char *email = md_str(p, "email");
	char	 tmp[64];

	loc = cJSON_GetObjectItemCaseSensitive(p, "location");
	av = cJSON_GetObjectItemCaseSensitive(p, "availability");
	buf_printf(b, "# %s\n\n", LBL(app, l, "contact.title"));
	buf_printf(b, "- %s: [", LBL(app, l, "contact.email"));
	md_text(b, email);
	buf_puts(b, "](mailto:");
	md_url(b, email);
	buf_printf(b, ")\n- %s: [", LBL(app, l, "contact.website"));
	md_text(b, md_str(p, "url"));
	buf_puts(b, "](");
	md_url(b, md_str(p, "url"));
	buf_printf(b, ")\n- %s: ", LBL(app, l, "contact.location"));
	md_text(b, md_str(loc, "city"));
	buf_puts(b, ", ");
	md_text(b, md_str(loc, "region"));
	buf_puts(b, " (");
	md_text(b, md_str(loc, "country"));
	buf_puts(b, ")");
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(loc, "remote")))
		buf_printf(b, "; %s", LBL(app, l, "contact.remote"));
	buf_putc(b, '\n');
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "languages")) != NULL) {
		buf_printf(b, "- %s: ", LBL(app, l, "contact.languages"));
		cJSON_ArrayForEach(e, v) {
			if (e != v->child)
				buf_puts(b, ", ");
			md_text(b, cJSON_GetStringValue(e) ?
			    cJSON_GetStringValue(e) : "");
		}
		buf_putc(b, '\n');
	}
	buf_putc(b, '\n');
	heading(b, app, l, "contact.availability");
	md_text(b, md_str(av, "statement"));
	buf_puts(b, "\n");
	if ((v = cJSON_GetObjectItemCaseSensitive(p, "profiles")) != NULL) {
		buf_putc(b, '\n');
		heading(b, app, l, "contact.profiles");
		profile_links(b, v);
	}
	buf_putc(b, '\n');
	heading(b, app, l, "contact.program");
	buf_printf(b, "%s\n\n", LBL(app, l, "contact.program.text"));
	buf_printf(b, "```sh\ncurl -s '%s%s'\n```\n", app->cfg->base_url,
	    profile_api_path(app, l, tmp, sizeof(tmp)));
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
		if (p->kind == PARAM_KIND_STRING)
			buf_printf(b, "%cq=%s", sep,
			    LBL(app, l, "example.query"));
		else if (p->id == PARAM_LIMIT)
			buf_printf(b, "%climit=%ld", sep, example_value(p));
		else
			continue;
		sep = '&';
	}
	if (l != LANG_DEFAULT)
		buf_printf(b, "%clang=%s", sep, lang_code(app->langs, l));
	buf_puts(b, "'\n");
}

/*
 * The description of parameter p of route r in language l: the label
 * "param.OPERATION.NAME", else "param.NAME"; NULL when the route
 * table gives none.
 */
static const char *
param_description(const struct app *app, const struct route *r,
    const struct route_param *p, enum lang l)
{
	const char *s;
	char	 key[128];

	if (p->description == NULL)
		return NULL;
	snprintf(key, sizeof(key), "param.%s.%s", r->operation_id,
	    req_param_name(p->id));
	if ((s = lbl_find(app->labels, l, key)) != NULL)
		return s;
	snprintf(key, sizeof(key), "param.%s", req_param_name(p->id));
	return LBL(app, l, key);
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
md_route_params(const struct app *app, const struct route *r, enum lang l,
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
	for (p = r->params; p->id != PARAM__MAX; p++) {
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
		if ((d = param_description(app, r, p, l)) != NULL) {
			buf_puts(b, ". ");
			md_text(b, d);
		} else
			buf_putc(b, '.');
		buf_putc(b, '\n');
	}
}

/* The summary and the description (or NULL) of route r in language l:
 * labels "op.OPERATION.summary" and "op.OPERATION.description". */
const char *
md_route_summary(const struct app *app, const struct route *r, enum lang l)
{
	char	 key[128];

	snprintf(key, sizeof(key), "op.%s.summary", r->operation_id);
	return LBL(app, l, key);
}

const char *
md_route_description(const struct app *app, const struct route *r,
    enum lang l)
{
	char	 key[128];

	if (r->description == NULL)
		return NULL;
	snprintf(key, sizeof(key), "op.%s.description", r->operation_id);
	return LBL(app, l, key);
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
		if (r->kind != ROUTE_API)
			continue;
		buf_printf(b, "### `GET %s`\n\n", r->path);
		md_text(b, md_route_summary(app, r, l));
		buf_puts(b, ".");
		if ((d = md_route_description(app, r, l)) != NULL) {
			buf_putc(b, ' ');
			md_text(b, d);
		}
		buf_printf(b, "\n\n- %s: `%s`\n- ", LBL(app, l, "dev.operation"),
		    r->operation_id);
		lbl_fill(b, app->labels, l, r->collection ? "dev.data_list" :
		    "dev.data_object", (const char *const []){ "schema",
		    r->schema, NULL });
		buf_printf(b, "\n- %s:\n", LBL(app, l, "dev.parameters"));
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
	heading(b, app, l, "dev.licence");
	buf_printf(b, "%s [", LBL(app, l, "dev.licence.text"));
	md_text(b, lc->name);
	buf_puts(b, "](");
	md_url(b, lc->url[l]);
	buf_putc(b, ')');
	if (lc->attribution) {
		buf_printf(b, ": %s %s", LBL(app, l,
		    "dev.licence.attribution"), LBL(app, l, "quote.open"));
		md_text(b, md_str(app->model->profile.obj[l], "name"));
		buf_printf(b, ", <%s> (", app->cfg->base_url);
		md_text(b, lc->name);
		buf_printf(b, ")%s.", LBL(app, l, "quote.close"));
	} else
		buf_putc(b, '.');
	buf_puts(b, "\n\n");
}

/*
 * Appends label key (a "## Language" section) with the default
 * language's name in language l and the codes served.
 */
void
md_language_section(const struct app *app, enum lang l, const char *key,
    struct buf *b)
{
	struct buf codes;
	char	 name[64];
	int	 i;

	buf_init(&codes);
	for (i = 0; i < app->langs->n; i++)
		buf_printf(&codes, "%s`%s`", i ? ", " : "",
		    lang_code(app->langs, (enum lang)i));
	labels_language_name(app->labels, LANG_DEFAULT, l, name,
	    sizeof(name));
	lbl_fill(b, app->labels, l, key, (const char *const []){
	    "default_name", name, "codes", buf_cstr(&codes), NULL });
	buf_puts(b, "\n\n");
	if (codes.oom)
		b->oom = 1;
	buf_free(&codes);
}

/* The portal's list of machine-readable descriptions. */
static void
developers_machine(const struct app *app, enum lang l, struct buf *b)
{
	char	 tmp[64];

	heading(b, app, l, "dev.machine");
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
	link_site(b, app, "llms.txt", LPATH(app, l, "/llms.txt"));
	buf_printf(b, ": %s\n- ", LBL(app, l, "dev.llms"));
	link_site(b, app, "agents.md", LPATH(app, l, "/agents.md"));
	buf_printf(b, ": %s\n- ", LBL(app, l, "dev.agents"));
	link_site(b, app, "JSON Resume", LPATH(app, l, "/resume.json"));
	buf_printf(b, ": %s\n\n", LBL(app, l, "dev.resume"));
	lbl_fill(b, app->labels, l, "dev.markdown", (const char *const []){
	    "about_md", site_page_md_path(app, SITE_ABOUT, l), "index_md",
	    site_page_md_path(app, SITE_HOME, l), NULL });
	buf_putc(b, '\n');
}

static void
developers(const struct app *app, enum lang l, struct buf *b)
{
	const char *base = app->cfg->base_url;
	struct buf name;
	char	 tmp[64];
	int	 e;

	buf_init(&name);
	md_text(&name, md_str(app->model->profile.obj[l], "name"));
	buf_printf(b, "# %s\n\n", LBL(app, l, "dev.title"));
	lbl_fill(b, app->labels, l, "dev.intro", (const char *const []){
	    "name", buf_cstr(&name), NULL });
	buf_puts(b, "\n\n");
	heading(b, app, l, "dev.base_url");
	buf_printf(b, "`%s/api/v1`\n\n", base);
	heading(b, app, l, "dev.quick_start");
	buf_printf(b, "```sh\ncurl -s '%s%s'\n```\n\n", base,
	    profile_api_path(app, l, tmp, sizeof(tmp)));
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
	md_language_section(app, l, "dev.language", b);
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
	default:			/* the CV's pages are cv.c's */
		break;
	}
	return md_finish(b);
}

/*
 * Ends the markdown in b with exactly one newline.  Returns 0, or -1
 * when b ran out of memory.
 */
int
md_finish(struct buf *b)
{
	if (b->len > 0 && b->data[b->len - 1] != '\n')
		buf_putc(b, '\n');
	/* One newline at the end; the text stays NUL-terminated, which
	 * buf_detach's trimmed copy relies on. */
	while (b->len > 1 && b->data[b->len - 2] == '\n')
		b->data[--b->len] = '\0';
	return b->oom ? -1 : 0;
}

/* Appends the markdown of the 404 page: where to go instead. */
void
md_not_found(const struct app *app, enum lang l, struct buf *b)
{
	char	 tmp[64];

	buf_printf(b, "# %s\n\n%s\n\n- ", LBL(app, l, "nf.title"),
	    LBL(app, l, "nf.intro"));
	link_site(b, app, site_page_label(app, SITE_HOME, l),
	    site_page_path(app, SITE_HOME, l));
	buf_printf(b, ": %s\n- ", LBL(app, l, "nf.home"));
	link_site(b, app, LBL(app, l, "dev.title"),
	    site_page_path(app, SITE_DEVELOPERS, l));
	buf_printf(b, ": %s\n- ", LBL(app, l, "nf.developers"));
	link_site(b, app, "llms.txt", LPATH(app, l, "/llms.txt"));
	buf_printf(b, ": %s\n- ", LBL(app, l, "dev.llms"));
	link_site(b, app, "API", profile_api_path(app, l, tmp, sizeof(tmp)));
	buf_printf(b, ": %s\n\n", LBL(app, l, "nf.api"));
	lbl_fill(b, app->labels, l, "nf.markdown", (const char *const []){
	    "about_md", site_page_md_path(app, SITE_ABOUT, l), NULL });
	buf_putc(b, '\n');
}

/*
 * Returns 1 if page pg is published.  The privacy and lab pages exist
 * only when the content has them (content.h): otherwise their routes
 * answer 404 and no navigation, list, llms.txt or sitemap links them.
 */
int
site_page_published(const struct app *app, enum site_page pg)
{
	switch (pg) {
	case SITE_PRIVACY:
		return app->model->has_page[PAGE_PRIVACY];
	case SITE_LAB:
		return app->model->has_page[PAGE_LAB];
	default:
		return 1;
	}
}
