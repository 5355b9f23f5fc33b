/*
 * export.c: --export DIR, the whole site as static files.
 *
 * The URLs come from the route table: every page in every language with
 * its markdown twin, every document, the media files, and the API's
 * answers that need no query parameter (in the default language).  Each
 * is answered by the dispatcher (handle_synthetic) as a request without
 * Accept-Encoding, and its body is written as is.  Pages are PATH.html
 * ("/" index.html; a page whose path is also a directory gets
 * PATH/index.html too), API answers PATH.json, the rest under their own
 * path.  Beside them: 404.html per language, .nojekyll, _headers and
 * _redirects (Netlify, Cloudflare Pages), the manifest of types (object
 * stores) and the marker.  Everything goes into a temporary directory
 * beside DIR, renamed into place at the end (docs/deployment.md,
 * "Static hosts").
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "content/content.h"
#include "content/media.h"
#include "core/routes.h"
#include "server/export.h"
#include "server/handler.h"
#include "site/cv.h"

/* The _headers rules Cloudflare Pages reads (Netlify has no limit). */
#define EXPORT_HEADER_RULES	100

/* One file written, for _headers and the manifest. */
struct exp_file {
	char	*url;		/* the responder's path: "/cv" */
	char	*file;		/* beneath DIR: "cv.html" */
	char	*headers;	/* "Name: value\n" lines a host should send */
	char	*type, *cache;
	int	 copy;		/* PATH/index.html beside PATH.html */
};

struct exp {
	const struct app *app;
	int	 root;			/* the temporary directory */
	struct exp_file *f;
	size_t	 n, cap, bytes;
	struct buf redirects;		/* _redirects' lines */
	struct buf *left;		/* what the export leaves out */
	struct response resp;
	struct arena arena;
	char	*err;
	size_t	 errlen;
};

/* Headers the export does not repeat: negotiation, validators. */
static const char *const dropped[] = { "ETag", "Vary", "Allow",
    "X-Accel-Expires", NULL };

/* Returns 1 when the relative file name rel is safe to create beneath
 * the export: components of letters, digits, ".", "_" and "-", none
 * empty, none "." or "..", none hidden but ".well-known". */
static int
safe_name(const char *rel)
{
	const char *p = rel, *end;
	size_t	 n;

	if (*p == '\0' || strlen(rel) > 1024)
		return 0;
	for (;;) {
		end = strchr(p, '/');
		n = end ? (size_t)(end - p) : strlen(p);
		if (n == 0 || (n <= 2 && strncmp(p, "..", n) == 0) ||
		    (p[0] == '.' && !(n == 11 &&
		    strncmp(p, ".well-known", 11) == 0)) ||
		    strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU"
		    "VWXYZ0123456789._-") < n)
			return 0;
		if (end == NULL)
			return 1;
		p = end + 1;
	}
}

/*
 * Writes len bytes of data to rel beneath the directory root, making
 * its directories; the file must not exist.  Returns 0, or -1 with the
 * message in e.
 */
static int
write_beneath(struct exp *e, const char *rel, const char *data, size_t len)
{
	char	 comp[1025];
	const char *p = rel, *slash;
	int	 dfd, fd, rc = -1;
	ssize_t	 w;

	if (!safe_name(rel) && strcmp(rel, EXPORT_MARKER) != 0 &&
	    strcmp(rel, EXPORT_MANIFEST) != 0 && strcmp(rel, ".nojekyll") != 0) {
		snprintf(e->err, e->errlen, "%.200s: not a name the export "
		    "writes (letters, digits, '.', '_', '-')", rel);
		return -1;
	}
	if ((dfd = dup(e->root)) == -1)
		goto fail;
	while ((slash = strchr(p, '/')) != NULL) {
		snprintf(comp, sizeof(comp), "%.*s", (int)(slash - p), p);
		if (mkdirat(dfd, comp, 0755) == -1 && errno != EEXIST)
			goto fail_dir;
		fd = openat(dfd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		    O_CLOEXEC);
		close(dfd);
		if ((dfd = fd) == -1)
			goto fail;
		p = slash + 1;
	}
	if ((fd = openat(dfd, p, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0644)) == -1)
		goto fail_dir;
	for (rc = 0; len > 0 && rc == 0; ) {
		if ((w = write(fd, data, len)) < 0 && errno != EINTR)
			rc = -1;
		else if (w > 0) {
			data += w;
			len -= (size_t)w;
		}
	}
	if (close(fd) == -1)
		rc = -1;
	if (rc == 0) {
		close(dfd);
		return 0;
	}
fail_dir:
	close(dfd);
fail:
	snprintf(e->err, e->errlen, "%.200s: %s", rel, errno == EEXIST ?
	    "two URLs make this file" : strerror(errno));
	return -1;
}

/* The headers of the last answer a host should send with its file:
 * its type, cache, language and extra headers but those dropped[]. */
static char *
keep_headers(const struct response *r)
{
	struct buf b;
	const char *p, *nl, *colon;
	size_t	 i, n;
	int	 skip;

	buf_init(&b);
	if (r->content_type != NULL)
		buf_printf(&b, "Content-Type: %s\n", r->content_type);
	if (r->cache_control != NULL)
		buf_printf(&b, "Cache-Control: %s\n", r->cache_control);
	if (r->content_language != NULL)
		buf_printf(&b, "Content-Language: %s\n", r->content_language);
	for (p = buf_cstr((struct buf *)&r->headers); *p != '\0'; p = nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			break;
		colon = strchr(p, ':');
		n = colon != NULL && colon < nl ? (size_t)(colon - p) : 0;
		skip = n == 0;
		for (i = 0; dropped[i] != NULL && !skip; i++)
			skip = strlen(dropped[i]) == n &&
			    strncasecmp(p, dropped[i], n) == 0;
		if (!skip)
			buf_append(&b, p, (size_t)(nl - p - (nl > p &&
			    nl[-1] == '\r')));
		if (!skip)
			buf_putc(&b, '\n');
	}
	return b.oom ? (buf_free(&b), NULL) : buf_detach(&b);
}

/* Records file rel (for url) with the last answer's headers.  Returns
 * 0, or -1 (out of memory, too many files). */
static int
record(struct exp *e, const char *url, const char *rel)
{
	struct exp_file *f;

	if (e->n == EXPORT_FILES_MAX) {
		snprintf(e->err, e->errlen, "more than %d files",
		    EXPORT_FILES_MAX);
		return -1;
	}
	if (e->n == e->cap) {
		size_t	 cap = e->cap ? 2 * e->cap : 64;

		if ((f = realloc(e->f, cap * sizeof(*f))) == NULL)
			goto oom;
		e->f = f;
		e->cap = cap;
	}
	f = &e->f[e->n];
	memset(f, 0, sizeof(*f));
	f->url = strdup(url);
	f->file = strdup(rel);
	f->headers = keep_headers(&e->resp);
	f->type = strdup(e->resp.content_type ? e->resp.content_type :
	    "application/octet-stream");
	f->cache = strdup(e->resp.cache_control ? e->resp.cache_control :
	    "");
	e->n++;
	if (f->url && f->file && f->headers && f->type && f->cache)
		return 0;
oom:
	snprintf(e->err, e->errlen, "out of memory");
	return -1;
}

/* Writes the last answer's body to rel and records it.  Returns 0, or
 * -1 with the message in e. */
static int
keep(struct exp *e, const char *url, const char *rel)
{
	const char *data;
	size_t	 len;

	data = resp_body(&e->resp, &len);
	if (e->resp.body.oom || len > EXPORT_BYTES_MAX - e->bytes) {
		snprintf(e->err, e->errlen, "%s: %s", url, e->resp.body.oom ?
		    "out of memory" : "the export would pass its size bound");
		return -1;
	}
	if (write_beneath(e, rel, data, len) == -1)
		return -1;
	e->bytes += len;
	return url != NULL ? record(e, url, rel) : 0;
}

/* Runs GET path through the dispatcher; returns its status or -1. */
static int
fetch(struct exp *e, const char *path)
{
	if (handle_synthetic(e->app, "GET", path, NULL, NULL, &e->resp,
	    &e->arena) == -1 || e->resp.body.oom) {
		snprintf(e->err, e->errlen, "%.200s: the request could not be "
		    "made", path);
		return -1;
	}
	return e->resp.status;
}

/* Notes a redirect of url to the last answer's Location (_redirects),
 * its base URL dropped when it has it. */
static void
note_redirect(struct exp *e, const char *url)
{
	const char *loc = NULL, *p, *base = e->app->cfg->base_url;
	size_t	 n;

	for (p = buf_cstr(&e->resp.headers); p != NULL && *p != '\0';
	    p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (strncasecmp(p, "Location: ", 10) == 0) {
			loc = p + 10;
			break;
		}
	if (loc == NULL)
		return;
	n = strcspn(loc, "\r\n");
	if (strncmp(loc, base, strlen(base)) == 0 && loc[strlen(base)] == '/') {
		loc += strlen(base);
		n -= strlen(base);
	}
	buf_printf(&e->redirects, "%s %.*s %d\n", url, (int)n, loc,
	    e->resp.status);
}

/*
 * Exports the answer for url (a page if html, an API answer if api) to
 * its file.  An answer other than 200 is a redirect noted for
 * _redirects or a document this content has not (left out, said).
 * Returns 0, or -1 with the message in e.
 */
static int
export_url(struct exp *e, const char *url, int api)
{
	char	 rel[1100];
	int	 st;

	if ((st = fetch(e, url)) == -1)
		return -1;
	if (st == 301 || st == 302 || st == 307 || st == 308) {
		note_redirect(e, url);
		return 0;
	}
	if (st != 200) {
		buf_printf(e->left, "%s: not written (the responder answers "
		    "%d: the content has none)\n", url, st);
		return 0;
	}
	if (api)
		snprintf(rel, sizeof(rel), "%s.json", url + 1);
	else if (e->resp.content_type != NULL &&
	    strncmp(e->resp.content_type, "text/html", 9) == 0)
		snprintf(rel, sizeof(rel), "%s%s", url + 1,
		    url[strlen(url) - 1] == '/' ? "index.html" : ".html");
	else
		snprintf(rel, sizeof(rel), "%s", url + 1);
	return keep(e, url, rel);
}

/* The path of route r's pattern with its last segment sub ("{slug}"
 * replaced) in language l, its markdown twin if md, into out. */
static int
route_url(struct exp *e, const struct route *r, const char *sub, int l,
    int md, char *out, size_t len)
{
	const char *pre = l == LANG_DEFAULT ? "" :
	    lang_prefix(e->app->langs, (enum lang)l);
	size_t	 stem = strcspn(r->path, "{");
	int	 home = strcmp(r->path, "/") == 0;

	if (md && home)
		return xsnprintf(out, len, "%s%s/index.md", *pre ? "/" : "",
		    pre);
	if (home && *pre)
		return xsnprintf(out, len, "/%s/", pre);
	return xsnprintf(out, len, "%s%s%.*s%s%s", *pre ? "/" : "", pre,
	    (int)stem, r->path, sub ? sub : "", md ? ".md" : "");
}

/* Exports route r with last segment sub (or none) in every language it
 * has, with the pages' markdown twins.  Returns 0 or -1. */
static int
export_one(struct exp *e, const struct route *r, const char *sub)
{
	char	 url[1024];
	int	 l, md, nl = route_per_lang(r) ? e->app->langs->n : 1;

	for (l = 0; l < nl; l++)
		for (md = 0; md <= (r->kind == ROUTE_PAGE); md++) {
			if (route_url(e, r, sub, l, md, url,
			    sizeof(url)) == -1) {
				snprintf(e->err, e->errlen, "%.60s...: path "
				    "too long", url);
				return -1;
			}
			if (export_url(e, url, r->kind == ROUTE_API) == -1)
				return -1;
		}
	return 0;
}

/* Says why route r is not exported: NULL when it is. */
static const char *
left_out_why(const struct route *r)
{
	const struct route_param *p;

	if (r->handler == RH_MCP)
		return "the MCP endpoint answers POST requests";
	if (r->handler == RH_MCP_CARD)
		return "the MCP server card describes the MCP endpoint, "
		    "which a static copy has not";
	if (r->handler == RH_WEBFINGER)
		return "WebFinger needs ?resource=";
	for (p = route_param_next(r, NULL); p != NULL;
	    p = route_param_next(r, p))
		if (p->required)
			return "it needs a query parameter (search with q)";
	return NULL;
}

/* Exports every form of every CV variant (site.json's cv_variants,
 * listed or not) route r serves, in every language: /cv/NAME, its
 * markdown twin, PDF and plain text, or /resume/NAME.json.  Returns 0
 * or -1. */
static int
export_variants(struct exp *e, const struct route *r)
{
	const struct cv_variants *vs = &e->app->settings->cv_variants;
	char	 url[1024];
	int	 i, l, f;

	for (i = 0; i < vs->n; i++)
		for (l = 0; l < e->app->langs->n; l++)
			for (f = 0; f < CV_FORM__MAX; f++) {
				if ((f == CV_FORM_RESUME) !=
				    (strncmp(r->path, "/resume/", 8) == 0))
					continue;
				if (*cv_variant_path(e->app, &vs->v[i],
				    (enum lang)l, (enum cv_form)f, url,
				    sizeof(url)) == '\0' ||
				    export_url(e, url, 0) == -1)
					return -1;
			}
	return 0;
}

/* Exports every URL of route r: one per item, owner page or media
 * file when its pattern ends in a segment, in every language it has. */
static int
export_route(struct exp *e, const struct route *r)
{
	const struct model *m = e->app->model;
	const char *why;
	size_t	 j;
	int	 k;

	if (!route_live(m, r))
		return 0;
	if ((why = left_out_why(r)) != NULL) {
		buf_printf(e->left, "%s: left out: %s\n", r->path, why);
		return 0;
	}
	if (strchr(r->path, '{') == NULL)
		return export_one(e, r, NULL);
	if (strstr(r->path, "{name}") != NULL) {
		for (k = 0; k < m->nowner; k++)
			if (export_one(e, r, m->owner[k].name) == -1)
				return -1;
	} else if (r->handler == RH_MEDIA) {
		for (j = 0; j < m->media->n; j++)
			if (export_one(e, r, m->media->files[j].name) == -1)
				return -1;
	} else if (r->handler == RH_CV_VARIANT) {
		return export_variants(e, r);
	} else if (r->coll < COLL__MAX) {
		for (j = 0; j < m->coll[r->coll].len; j++)
			if (m->coll[r->coll].items[j].slug != NULL &&
			    export_one(e, r, m->coll[r->coll].items[j].slug) ==
			    -1)
				return -1;
	}
	return 0;
}

/* 404.html in the root and under every other language's prefix: the
 * responder's 404 page of that language (Cloudflare Pages and the
 * static nginx configuration take the nearest). */
static int
export_not_found(struct exp *e)
{
	char	 url[64], rel[64];
	int	 l;

	for (l = 0; l < e->app->langs->n; l++) {
		const char *c = lang_prefix(e->app->langs, (enum lang)l);

		snprintf(url, sizeof(url), "%s%s/404.html", l ? "/" : "",
		    l ? c : "");
		snprintf(rel, sizeof(rel), "%s", url + 1);
		if (fetch(e, url) == -1)
			return -1;
		if (e->resp.status != 404) {
			snprintf(e->err, e->errlen, "%s: the responder "
			    "answers %d, not its 404 page", url,
			    e->resp.status);
			return -1;
		}
		if (keep(e, NULL, rel) == -1)
			return -1;
	}
	return 0;
}

/*
 * A page at X.html whose X is also a directory of the export (a
 * language's home, /projects) gets X/index.html too: hosts that find
 * the directory first (a redirect to "X/") serve the same page.
 */
static int
export_dir_indexes(struct exp *e)
{
	struct stat st;
	char	 dir[1100], rel[1200], url[1100];
	size_t	 i, n = e->n, len;
	char	*data = NULL;
	int	 fd;
	ssize_t	 r;

	for (i = 0; i < n; i++) {
		len = strlen(e->f[i].file);
		if (len <= 5 || strcmp(e->f[i].file + len - 5, ".html") != 0 ||
		    strcmp(e->f[i].file, "index.html") == 0)
			continue;
		snprintf(dir, sizeof(dir), "%.*s", (int)(len - 5),
		    e->f[i].file);
		if (fstatat(e->root, dir, &st, AT_SYMLINK_NOFOLLOW) == -1 ||
		    !S_ISDIR(st.st_mode))
			continue;
		if ((fd = openat(e->root, e->f[i].file, O_RDONLY |
		    O_NOFOLLOW | O_CLOEXEC)) == -1 || fstat(fd, &st) == -1 ||
		    (data = malloc((size_t)st.st_size + 1)) == NULL ||
		    (r = read(fd, data, (size_t)st.st_size)) !=
		    (ssize_t)st.st_size) {
			snprintf(e->err, e->errlen, "%s: %s", e->f[i].file,
			    strerror(errno ? errno : EIO));
			if (fd != -1)
				close(fd);
			free(data);
			return -1;
		}
		close(fd);
		snprintf(rel, sizeof(rel), "%s/index.html", dir);
		fd = write_beneath(e, rel, data, (size_t)st.st_size);
		free(data);
		data = NULL;
		if (fd == -1)
			return -1;
		snprintf(url, sizeof(url), "%s/", e->f[i].url);
		if (record(e, url, rel) == -1)
			return -1;
		/* the copy's headers are the page's */
		e->f[e->n - 1].copy = 1;
		free(e->f[e->n - 1].headers);
		if ((e->f[e->n - 1].headers = strdup(e->f[i].headers)) ==
		    NULL)
			return -1;
	}
	return 0;
}

/* Orders files by URL, so that a directory's are together. */
static int
by_url(const void *a, const void *b)
{
	return strcmp((*(struct exp_file *const *)a)->url,
	    (*(struct exp_file *const *)b)->url);
}

/* Appends a _headers rule: the first plen bytes of path, then splat,
 * then each of the header lines indented. */
static void
header_rule(struct buf *h, const char *path, size_t plen, const char *splat,
    const char *headers)
{
	const char *p, *nl;

	buf_printf(h, "%.*s%s\n", (int)plen, path, splat);
	for (p = headers; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		buf_printf(h, "  %.*s\n", (int)(nl - p), p);
}

/*
 * Appends the _headers rules of f[lo..hi) (sorted by URL), whose URLs
 * all begin with the directory of plen bytes: one splat rule for the
 * directory when they all send the same headers (Cloudflare Pages reads
 * 100 rules),
 * else a rule per URL here and the same for each subdirectory.
 */
static void
header_rules(struct buf *h, struct exp_file **f, size_t lo, size_t hi,
    size_t plen)
{
	const char *slash;
	size_t	 i, j, n;

	for (i = lo + 1; i < hi && strcmp(f[i]->headers, f[lo]->headers) == 0;
	    i++)
		continue;
	if (hi - lo > 1 && i == hi && plen > 1) {
		header_rule(h, f[lo]->url, plen, "*", f[lo]->headers);
		return;
	}
	for (i = lo; i < hi; i = j) {
		slash = strchr(f[i]->url + plen, '/');
		j = i + 1;
		if (slash == NULL || slash[1] == '\0') {
			header_rule(h, f[i]->url, strlen(f[i]->url), "",
			    f[i]->headers);
			continue;
		}
		n = (size_t)(slash - f[i]->url) + 1;
		while (j < hi && strncmp(f[j]->url, f[i]->url, n) == 0)
			j++;
		header_rules(h, f, i, j, n);
	}
}

/* The rules of _headers text h: its lines that begin with "/". */
static size_t
rules_count(const struct buf *h)
{
	size_t	 i, n = 0;

	for (i = 0; i < h->len; i++)
		if (h->data[i] == '/' && (i == 0 || h->data[i - 1] == '\n'))
			n++;
	return n;
}

/* Writes the files hosts read: _headers (a rule per URL with the
 * responder's headers), _redirects (API paths to their .json files,
 * the responder's redirects), the manifest, .nojekyll, the marker. */
static int
export_host_files(struct exp *e)
{
	struct buf h, man, red;
	struct exp_file **sorted;
	const struct exp_file *f;
	size_t	 i, n;
	int	 rc;

	buf_init(&h);
	buf_init(&man);
	buf_init(&red);
	buf_puts(&h, "# perfil-fcgi --export: the responder's headers per "
	    "URL, a directory's in one rule when they agree (Netlify, "
	    "Cloudflare Pages)\n");
	buf_puts(&red, "# perfil-fcgi --export: the API's paths to their "
	    "files, the responder's redirects\n");
	buf_append(&red, buf_cstr(&e->redirects), e->redirects.len);
	if ((sorted = calloc(e->n + 1, sizeof(*sorted))) == NULL) {
		snprintf(e->err, e->errlen, "out of memory");
		buf_free(&h);
		buf_free(&red);
		buf_free(&man);
		return -1;
	}
	for (i = 0; i < e->n; i++)
		sorted[i] = &e->f[i];
	qsort(sorted, e->n, sizeof(*sorted), by_url);
	header_rules(&h, sorted, 0, e->n, 1);
	free(sorted);
	if ((n = rules_count(&h)) > EXPORT_HEADER_RULES)
		buf_printf(e->left, "_headers: %zu rules; Cloudflare Pages "
		    "reads the first %d (in URL order): past them the files "
		    "keep the types their names give and lose the other "
		    "headers\n", n, EXPORT_HEADER_RULES);
	for (i = 0; i < e->n; i++) {
		f = &e->f[i];
		n = strlen(f->file);
		if (n > 5 && strcmp(f->file + n - 5, ".json") == 0 &&
		    route_is_api_path(f->url) &&
		    strcmp(f->url + strlen(f->url) - 5, ".json") != 0)
			buf_printf(&red, "%s /%s 200\n", f->url, f->file);
		/* An object store's key is the URL's path; a directory's
		 * ("/", "/en/") is its index document's. */
		if (!f->copy)
			buf_printf(&man, "%s\t%s\t%s\t%s\n",
			    f->url[strlen(f->url) - 1] == '/' ? f->file :
			    f->url + 1, f->file, f->type, f->cache);
	}
	rc = h.oom || man.oom || red.oom ? -1 : 0;
	if (rc == -1)
		snprintf(e->err, e->errlen, "out of memory");
	if (rc == 0)
		rc = write_beneath(e, "_headers", buf_cstr(&h), h.len);
	if (rc == 0)
		rc = write_beneath(e, "_redirects", buf_cstr(&red), red.len);
	if (rc == 0)
		rc = write_beneath(e, EXPORT_MANIFEST, buf_cstr(&man),
		    man.len);
	if (rc == 0)
		rc = write_beneath(e, ".nojekyll", "", 0);
	if (rc == 0) {
		buf_reset(&h);
		buf_printf(&h, "perfil-fcgi %s export of %s, %zu files\n",
		    PACKAGE_VERSION, e->app->cfg->base_url, e->n);
		rc = write_beneath(e, EXPORT_MARKER, buf_cstr(&h), h.len);
	}
	buf_free(&h);
	buf_free(&man);
	buf_free(&red);
	return rc;
}

/*
 * Exports the site app serves to dir (absent, empty or an earlier
 * export: export_target_ok): writes it into a temporary directory
 * beside dir and renames it into place.  What it leaves out goes to
 * left, one line each.  Returns 0 with stats, or -1 with the message
 * in err and nothing written.
 */
int
export_site(const struct app *app, const char *dir, struct export_stats *st,
    struct buf *left, char *err, size_t errlen)
{
	struct exp e;
	char	 tmp[EXPORT_DIR_MAX + 64];
	size_t	 i;
	int	 rc = -1;

	if (export_target_ok(dir, err, errlen) == -1)
		return -1;
	if (export_temp_name(dir, "export", tmp, sizeof(tmp)) == -1) {
		snprintf(err, errlen, "%.60s...: path too long", dir);
		return -1;
	}
	export_remove_dir(tmp);	/* a crashed run of this pid's */
	if (mkdir(tmp, 0755) == -1) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		return -1;
	}
	memset(&e, 0, sizeof(e));
	e.root = -1;
	e.app = app;
	e.left = left;
	e.err = err;
	e.errlen = errlen;
	buf_init(&e.redirects);
	resp_init(&e.resp);
	arena_init(&e.arena, 16384);
	if ((e.root = open(tmp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		goto out;
	}
	for (i = 0; i < routes_len; i++)
		if (export_route(&e, &routes[i]) == -1)
			goto out;
	if (export_not_found(&e) == -1 || export_dir_indexes(&e) == -1 ||
	    export_host_files(&e) == -1)
		goto out;
	st->files = e.n;
	st->bytes = e.bytes;
	rc = 0;
out:
	if (e.root != -1)
		close(e.root);
	for (i = 0; i < e.n; i++) {
		free(e.f[i].url);
		free(e.f[i].file);
		free(e.f[i].headers);
		free(e.f[i].type);
		free(e.f[i].cache);
	}
	free(e.f);
	buf_free(&e.redirects);
	resp_free(&e.resp);
	arena_free(&e.arena);
	if (rc == -1) {
		export_remove_dir(tmp);
		return -1;
	}
	return export_commit(tmp, dir, err, errlen);
}
