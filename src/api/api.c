/*
 * api.c: handlers of the JSON API's resources.  Item JSON was rendered
 * at start-up; a handler only concatenates it into the envelope
 * {"data": ..., "meta": {...}}.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "api/api.h"
#include "core/errors.h"
#include "core/routes.h"

void
api_begin(struct ctx *x)
{
	buf_puts(&x->resp->body, "{\"data\":");
}

/* Appends s percent-encoded for a query value (unreserved kept). */
void
api_query_value(struct buf *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	unsigned char c;

	for (; *s != '\0'; s++) {
		c = (unsigned char)*s;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr("-._~", c) != NULL)
			buf_putc(b, (char)c);
		else {
			buf_putc(b, '%');
			buf_putc(b, hex[c >> 4]);
			buf_putc(b, hex[c & 0xf]);
		}
	}
}

/*
 * Appends the canonical URL of this request as a JSON string: the base
 * URL, the path, and the applied parameters that differ from their
 * defaults in route-table order, then lang=CODE outside the
 * default language.
 */
static void
put_self(struct ctx *x, struct buf *b)
{
	const struct route_param *p;
	const struct param_value *v;
	struct buf u;
	char	 sep = '?';

	buf_init(&u);
	buf_puts(&u, x->app->cfg->base_url);
	buf_puts(&u, x->req->path);
	for (p = route_param_next(x->route, NULL); p != NULL;
	    p = route_param_next(x->route, p)) {
		v = &x->val[p->id];
		if (p->kind == PARAM_KIND_STRING) {
			if (v->s == NULL)
				continue;
			buf_printf(&u, "%c%s=", sep, req_param_name(p->id));
			api_query_value(&u, v->s);
		} else if (v->n != p->def)
			buf_printf(&u, "%c%s=%ld", sep, req_param_name(p->id),
			    v->n);
		else
			continue;
		sep = '&';
	}
	if (x->lang != LANG_DEFAULT)
		buf_printf(&u, "%clang=%s", sep, lang_code(x->app->langs,
		    x->lang));
	buf_json_string(b, buf_cstr(&u), u.len);
	if (u.oom)
		b->oom = 1;
	buf_free(&u);
}

/*
 * Closes the envelope with meta.  total is used for collections only
 * (CollectionMeta); count is the number of items in data.
 */
void
api_end(struct ctx *x, long count, long total)
{
	struct buf *b = &x->resp->body;
	const char *s;

	buf_printf(b, ",\"meta\":{\"count\":%ld", count);
	if (x->route->collection)
		buf_printf(b, ",\"total\":%ld,\"limit\":%ld,\"offset\":%ld",
		    total, x->val[PARAM_LIMIT].n, x->val[PARAM_OFFSET].n);
	buf_puts(b, ",\"self\":");
	put_self(x, b);
	s = x->app->source_url[x->lang];
	buf_puts(b, ",\"source\":");
	buf_json_string(b, s, strlen(s));
	s = x->app->doc_url[x->lang];
	buf_puts(b, ",\"documentation_url\":");
	buf_json_string(b, s, strlen(s));
	buf_puts(b, "}}");
}

/*
 * Appends to out (len bytes) the RFC 9651 string of s: printable ASCII,
 * '"' and '\\' escaped, any other byte a '?'; cut short to fit.
 */
static void
sf_string(char *out, size_t len, const char *s)
{
	size_t	 n = 0;

	out[n++] = '"';
	for (; *s != '\0' && n + 4 < len; s++) {
		if (*s == '"' || *s == '\\')
			out[n++] = '\\';
		out[n++] = *s >= 0x20 && *s < 0x7f ? *s : '?';
	}
	out[n++] = '"';
	out[n] = '\0';
}

/*
 * Health's headers: which content is served (Perfil-Content: its
 * fingerprint and when it was loaded) and, while the last reload was
 * refused, when, the refused set's fingerprint and why
 * (Perfil-Reload-Refused), as RFC 9651 dictionaries.  Headers, not
 * members of data: the contract closes Health (SPEC.md, "Additional
 * properties are not allowed").  Read per request from the supervisor's
 * shared status (watch.h): health is never pre-rendered.
 */
static void
health_headers(struct ctx *x)
{
	const struct app *app = x->app;
	struct watch_status st;
	char	 v[WATCH_REASON_MAX * 2 + 128], reason[WATCH_REASON_MAX * 2 + 3];

	snprintf(v, sizeof(v), "fingerprint=\"%s\", loaded-at=\"%s\"",
	    app->fingerprint, app->loaded_at);
	resp_header(x->resp, "Perfil-Content", v);
	if (app->reload == NULL)
		return;
	watch_status_get(app->reload, &st);
	if (!st.refused)
		return;
	sf_string(reason, sizeof(reason), st.reason);
	snprintf(v, sizeof(v), "at=\"%s\", fingerprint=\"%s\", reason=%s",
	    st.at, st.fp, reason);
	resp_header(x->resp, "Perfil-Reload-Refused", v);
}

void
api_health(struct ctx *x)
{
	struct buf *b = &x->resp->body;
	const char *doc = x->app->doc_url[x->lang];

	api_begin(x);
	buf_puts(b, "{\"status\":\"ok\",\"api_version\":\""
	    PERFIL_API_VERSION "\",\"openapi_url\":");
	buf_putc(b, '"');
	buf_append(b, x->app->cfg->base_url, strlen(x->app->cfg->base_url));
	buf_puts(b, "/openapi.json\",\"documentation_url\":");
	buf_json_string(b, doc, strlen(doc));
	buf_putc(b, '}');
	health_headers(x);
	api_end(x, 1, 0);
}

static void
send_item(struct ctx *x, const struct item *it)
{
	api_begin(x);
	buf_append(&x->resp->body, it->json[x->lang], it->json_len[x->lang]);
	api_end(x, 1, 0);
}

void
api_profile(struct ctx *x)
{
	send_item(x, &x->app->model->profile);
}

void
api_about(struct ctx *x)
{
	send_item(x, &x->app->model->about);
}

/* A page of a collection: limit items after offset, in file order. */
void
api_list(struct ctx *x)
{
	const struct collection *c = &x->app->model->coll[x->route->coll];
	struct buf *b = &x->resp->body;
	const size_t limit = (size_t)x->val[PARAM_LIMIT].n;
	const size_t offset = (size_t)x->val[PARAM_OFFSET].n;
	size_t	 i, start, end;

	start = offset < c->len ? offset : c->len;
	end = c->len - start > limit ? start + limit : c->len;
	api_begin(x);
	buf_putc(b, '[');
	for (i = start; i < end; i++) {
		if (i > start)
			buf_putc(b, ',');
		buf_append(b, c->items[i].json[x->lang],
		    c->items[i].json_len[x->lang]);
	}
	buf_putc(b, ']');
	api_end(x, (long)(end - start), (long)c->len);
}

#define API_HINT_SLUGS	20	/* slugs an unknown slug's hint names */

/*
 * The slugs of c an unknown slug's hint names, "a, b, c": all of them
 * when there are at most API_HINT_SLUGS, else the API_HINT_SLUGS that
 * share the longest beginning with slug (in collection order among
 * equals), so the answer stays small (2 KB) at 1,000 items.  NULL when
 * out of memory.
 */
static char *
near_slugs(struct ctx *x, const struct collection *c, const char *slug)
{
	unsigned char *pl;
	struct buf b;
	size_t	 i, n = 0, p, best = 0;
	char	*out;

	if (c->len <= API_HINT_SLUGS)
		return c->slugs;
	if ((pl = arena_alloc(x->arena, c->len)) == NULL)
		return NULL;
	for (i = 0; i < c->len; i++) {
		for (p = 0; p < 255 && slug[p] != '\0' &&
		    slug[p] == c->items[i].slug[p]; p++)
			continue;
		pl[i] = (unsigned char)p;
		if (p > best)
			best = p;
	}
	buf_init(&b);
	for (p = best + 1; p-- > 0 && n < API_HINT_SLUGS;)
		for (i = 0; i < c->len && n < API_HINT_SLUGS; i++)
			if (pl[i] == p) {
				buf_printf(&b, "%s%s", n++ ? ", " : "",
				    c->items[i].slug);
			}
	out = b.oom ? NULL : arena_strndup(x->arena, buf_cstr(&b), b.len);
	buf_free(&b);
	return out;
}

/*
 * One item of the route's collection by slug (a COLLECTIONS row with
 * ITEMS); an unknown slug is 404 with known ones in the hint (all of a
 * small collection, else the nearest, near_slugs).  The messages call
 * an item by the collection's hit type ("project"), else its name.
 */
void
api_item(struct ctx *x)
{
	enum coll k = x->route->coll;
	const struct collection *c = &x->app->model->coll[k];
	const char *one = resources[k].hit ? resources[k].hit :
	    resources[k].name;
	const struct item *it;
	char	*hint, *list, *near;

	if ((it = content_find(x->app->model, k, x->slug)) != NULL) {
		send_item(x, it);
		return;
	}
	list = arena_printf(x->arena, "List all %s at %s/api/v1/%s.",
	    resources[k].name, x->app->cfg->base_url, resources[k].name);
	near = near_slugs(x, c, x->slug);
	if (c->len <= API_HINT_SLUGS)
		hint = arena_printf(x->arena, "Known %s slugs: %s. %s", one,
		    near ? near : "", list ? list : "");
	else
		hint = arena_printf(x->arena, "Known %s slugs nearest to it "
		    "(%d of %zu): %s. %s", one, API_HINT_SLUGS, c->len,
		    near ? near : "", list ? list : "");
	err_send(x, ERR_NOT_FOUND, hint ? hint : "List the collection at "
	    "/api/v1.", "No %s has the slug '%s'.", one,
	    arena_excerpt(x->arena, x->slug, strlen(x->slug), 100));
}
