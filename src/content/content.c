/*
 * content.c: loading, validating and pre-rendering the content files.
 *
 * Each file has a declared schema (the fdef tables below).  Loading is
 * two passes over the parsed JSON: content_validate() checks every member
 * against the schema and stops at the first problem with a message
 * "FILE: FIELD.PATH: reason"; convert() then builds the API object for
 * each language, members in schema order, translated texts resolved.
 */
#include "config.h"

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uloc.h>

#include "base/json_arena.h"
#include "base/par.h"
#include "content/content_int.h"
#include "content/labels.h"

#define profile_f	(resource_profile.fields)
#define about_f		(resource_about.fields)

const char *
content_coll_name(enum coll c)
{
	return resources[c].name;
}

const char *
content_coll_file(enum coll c)
{
	return resources[c].file;
}

/*
 * The text of v in language l: v itself when a string, else its
 * translation (an {"es": .., "en": ..} object of the source); NULL if
 * neither.  The string is v's.
 */
const char *
content_text(const struct langs *ls, const cJSON *v, enum lang l)
{
	if (cJSON_IsObject(v))
		v = cJSON_GetObjectItemCaseSensitive(v, lang_code(ls, l));
	return cJSON_GetStringValue(v);
}

/*
 * The array member name of item it as language l shows it: the API
 * object's, or for a content-only member (FIELD_CONTENT) the source's,
 * whose elements content_text reads.  NULL when absent or dropped.
 */
const cJSON *
content_item_array(const struct item *it, const char *name, enum lang l)
{
	const cJSON *a;

	if (it->obj[l] != NULL && (a = cJSON_GetObjectItemCaseSensitive(
	    it->obj[l], name)) != NULL)
		return a;
	return it->src != NULL ? cJSON_GetObjectItemCaseSensitive(it->src,
	    name) : NULL;
}

/*
 * Returns 1 when collection c exists for model m: always, except an
 * OPT_HIDDEN collection whose file the content does not have (no
 * route, schema, section or mention then; resource.h).
 */
int
content_coll_live(const struct model *m, enum coll c)
{
	return resources[c].optional != OPT_HIDDEN || m->coll[c].present;
}

/*
 * Reads the file rel of the content directory dir with the one reader
 * of content, settings and label files (read_beneath, util.h: beneath
 * dir, a regular file, a byte-order mark dropped, UTF-8).  Returns
 * NULL with the problem recorded on failure.
 */
static char *
read_file(struct vctx *c, const char *dir, const char *rel, size_t *lenp)
{
	char	 why[256], *data;

	if ((data = read_beneath(dir, rel, CONTENT_MAX_FILE, lenp, NULL, why,
	    sizeof(why))) == NULL)
		vc_fail(c, "%s", why);
	return data;
}

/*
 * Returns the line of the first \u0000 escape in the JSON text s (an
 * escape, not a literal backslash followed by "u0000"), or 0.  cJSON
 * would cut the string there, so it is refused before parsing.
 */
static int
nul_escape(const char *s)
{
	int	 line = 1, in = 0;

	for (; *s != '\0'; s++) {
		if (*s == '\n')
			line++;
		else if (*s == '"')
			in = !in;
		else if (in && *s == '\\') {
			if (s[1] == 'u' && strncmp(s + 2, "0000", 4) == 0)
				return line;
			if (s[1] != '\0')
				s++;
		}
	}
	return 0;
}

/* Parses dir/name as JSON; NULL with c->err ("line L, column C"). */
static cJSON *
parse_file(struct vctx *c, const char *dir, const char *name,
    char *pathbuf, size_t pathsize)
{
	const char *end = NULL, *p, *bol;
	cJSON	*root;
	char	*data;
	size_t	 len;
	int	 line = 1, col = 1;

	if (xsnprintf(pathbuf, pathsize, "%s/%s", dir, name) == -1) {
		c->file = name;
		vc_fail(c, "content directory path too long");
		return NULL;
	}
	c->file = pathbuf;
	c->pathlen = 0;
	c->path[0] = '\0';
	if ((data = read_file(c, dir, name, &len)) == NULL)
		return NULL;
	if ((line = nul_escape(data)) != 0) {
		vc_fail(c, "line %d: \\u0000 (a NUL character) is not allowed "
		    "in text", line);
		free(data);
		return NULL;
	}
	line = 1;
	root = cJSON_ParseWithLengthOpts(data, len + 1, &end, 1);
	if (root == NULL) {
		if (end == NULL)
			end = cJSON_GetErrorPtr();
		if (end != NULL && end >= data && end <= data + len) {
			for (p = bol = data; p < end; p++)
				if (*p == '\n') {
					line++;
					bol = p + 1;
				}
			col += (int)utf8_count(bol, (size_t)(end - bol));
		}
		vc_fail(c, "invalid JSON near line %d, column %d", line, col);
	}
	free(data);
	return root;
}


/*
 * profile.json's image naming a file of the content's media/
 * directory ("media/NAME", or "/media/NAME"): the file must be there
 * and be an image; the value becomes its absolute URL under the base
 * URL (BASE/media/NAME), which the API, JSON Resume and the URI check
 * see, and the file the set's portrait, which the pages show with its
 * fingerprinted URL and size.  A relative value that names no media
 * file gets the message that says what may be written.  Returns 0, or
 * -1 with the problem recorded.
 */
static int
profile_image(struct vctx *c, cJSON *doc)
{
	cJSON	*img = cJSON_GetObjectItemCaseSensitive(doc, "image");
	const struct media_file *f;
	const char *v, *name;
	struct buf url;
	size_t	 old;
	int	 rc = -1;

	if (!cJSON_IsString(img) || (v = img->valuestring) == NULL ||
	    strncmp(v, "http://", 7) == 0 || strncmp(v, "https://", 8) == 0)
		return 0;
	old = vc_push(c, "image", 0);
	if ((name = media_local_name(v)) == NULL) {
		vc_fail(c, "neither an absolute http(s) URI nor media/NAME "
		    "(a file in the content's media/ directory)");
		goto out;
	}
	f = c->media != NULL ? media_find(c->media, name) : NULL;
	if (c->media != NULL && f == NULL) {
		vc_fail(c, "names %s, which is not a file of the content's "
		    "media/ directory", v);
		goto out;
	}
	if (f != NULL && f->type->kind != MEDIA_IMAGE &&
	    f->type->kind != MEDIA_SVG) {
		vc_fail(c, "names %s, which is not an image (%s)", v,
		    f->type->type);
		goto out;
	}
	buf_init(&url);
	buf_printf(&url, "%s/" MEDIA_DIR "/%s", c->base_url, name);
	if (url.oom || buf_cstr(&url) == NULL ||
	    !cJSON_ReplaceItemInObjectCaseSensitive(doc, "image",
	    cJSON_CreateString(buf_cstr(&url)))) {
		buf_free(&url);
		vc_fail(c, "out of memory");
		goto out;
	}
	buf_free(&url);
	if (c->media != NULL)
		c->media->portrait = f;
	rc = 0;
out:
	vc_pop(c, old);
	if (rc == -1)	/* one message: not the URI check's too */
		cJSON_DeleteItemFromObjectCaseSensitive(doc, "image");
	return rc;
}

static int
load_single(struct vctx *c, const char *dir, const char *file,
    const struct field *fields, struct item *it)
{
	struct field root = { .kind = F_OBJECT, .flags = FIELD_REQUIRED,
	    .sub = fields };
	char	 path[1024];
	cJSON	*doc;
	int	 rc = -1;

	if ((doc = parse_file(c, dir, file, path, sizeof(path))) == NULL)
		return -1;
	content_normalise(c, doc, &root, 0);
	if (fields == profile_f && profile_image(c, doc) == -1)
		goto out;
	if (content_validate(c, doc, &root) == -1)
		goto out;
	if (fields == profile_f && content_check_names(c, doc) == -1)
		goto out;
	content_normalise(c, doc, &root, 1);
	if (fields == about_f) {
		const cJSON *t, *e, *y;
		const char *last = "";
		int	 i = 0;

		t = cJSON_GetObjectItemCaseSensitive(doc, "timeline");
		cJSON_ArrayForEach(e, t) {
			y = cJSON_GetObjectItemCaseSensitive(e, "year");
			if (strcmp(y->valuestring, last) < 0) {
				vc_push(c, "timeline", 0);
				vc_push(c, NULL, i);
				vc_push(c, "year", 0);
				vc_fail(c, "timeline must be oldest first "
				    "(%s comes after %s)", y->valuestring,
				    last);
				goto out;
			}
			last = y->valuestring;
			i++;
		}
	}
	rc = content_render_item(c, it, doc, &root, NULL);
	doc = NULL;	/* it->src now */
out:
	cJSON_Delete(doc);
	return rc;
}

/* Returns 1 if dir/name does not exist (a dangling link does). */
static int
absent(const char *dir, const char *name)
{
	struct stat st;
	char	 path[1024];

	if (xsnprintf(path, sizeof(path), "%s/%s", dir, name) == -1)
		return 0;
	return lstat(path, &st) == -1 && errno == ENOENT;
}

static int
by_slug_cmp(const void *a, const void *b)
{
	return strcmp((*(const struct item *const *)a)->slug,
	    (*(const struct item *const *)b)->slug);
}

static int
slug_key_cmp(const void *key, const void *e)
{
	return strcmp(key, (*(const struct item *const *)e)->slug);
}

/* Makes c's index of its items by slug (content_find's); 0, or -1
 * out of memory. */
int
content_index_slugs(struct collection *c)
{
	size_t	 i;

	if (c->len == 0)
		return 0;
	if ((c->by_slug = calloc(c->len, sizeof(*c->by_slug))) == NULL)
		return -1;
	for (i = 0; i < c->len; i++)
		c->by_slug[i] = &c->items[i];
	qsort(c->by_slug, c->len, sizeof(*c->by_slug), by_slug_cmp);
	return 0;
}

static int
load_collection(struct vctx *c, const char *dir, const char *base_url,
    enum coll k, struct collection *out)
{
	struct field el = { .kind = F_OBJECT, .flags = FIELD_REQUIRED,
	    .sub = resources[k].fields };
	struct field list = { .kind = F_ARRAY, .sub = &el };
	struct buf slugs;
	const cJSON *s;
	char	 path[1024], api_base[1024];
	cJSON	*doc, *e, *next;
	size_t	 i, n, old;
	int	 rc = -1;

	buf_init(&slugs);
	if (resources[k].optional && absent(dir, resources[k].file)) {
		if ((out->slugs = strdup("")) == NULL)
			return vc_fail(c, "out of memory");
		return 0;
	}
	out->present = 1;
	if ((doc = parse_file(c, dir, resources[k].file, path,
	    sizeof(path))) == NULL)
		return -1;
	if (!cJSON_IsArray(doc)) {
		vc_fail(c, "expected an array of %s", resources[k].name);
		goto out;
	}
	n = (size_t)cJSON_GetArraySize(doc);
	if (n > CONTENT_ITEMS_MAX) {
		vc_fail(c, "more than %d items", CONTENT_ITEMS_MAX);
		goto out;
	}
	if (n > 0 && (out->items = calloc(n, sizeof(*out->items))) == NULL) {
		vc_fail(c, "out of memory");
		goto out;
	}
	if (xsnprintf(api_base, sizeof(api_base), "%s/api/v1/%s", base_url,
	    resources[k].name) == -1) {
		vc_fail(c, "base URL too long");
		goto out;
	}
	content_normalise(c, doc, &list, 0);
	if (content_check_items(c, doc, &el) == -1)
		goto out;
	content_normalise(c, doc, &list, 1);
	/* Each item leaves the document for its struct item. */
	for (i = 0, e = doc->child; e != NULL; e = next) {
		next = e->next;
		cJSON_DetachItemViaPointer(doc, e);
		old = vc_push(c, NULL, (int)i);
		s = cJSON_GetObjectItemCaseSensitive(e, "slug");
		if ((out->items[i].slug = strdup(s->valuestring)) == NULL) {
			cJSON_Delete(e);
			vc_fail(c, "out of memory");
			goto out;
		}
		out->len = i + 1;
		if (content_render_item(c, &out->items[i], e, &el,
		    resources[k].self_url ? api_base : NULL) == -1)
			goto out;
		vc_pop(c, old);
		if (i > 0)
			buf_puts(&slugs, ", ");
		buf_puts(&slugs, out->items[i].slug);
		i++;
	}
	if (slugs.oom) {
		vc_fail(c, "out of memory");
		goto out;
	}
	out->slugs = buf_detach(&slugs);
	if (content_index_slugs(out) == -1) {
		vc_fail(c, "out of memory");
		goto out;
	}
	rc = 0;
out:
	buf_free(&slugs);
	cJSON_Delete(doc);
	return rc;
}

static void	 coll_free(struct collection *);

/* The collections' files, loaded by two threads (load_collections). */
struct coll_load {
	const char *dir;
	const char *base_url;
	struct model *m;
	struct vctx c[COLL__MAX];	/* each its own, errors apart */
};

static void
coll_job(void *arg, int k)
{
	struct coll_load *cl = arg;

	json_arena_enter(cl->m->arena);
	load_collection(&cl->c[k], cl->dir, cl->base_url, (enum coll)k,
	    &cl->m->coll[k]);
	json_arena_leave();
}

/*
 * Loads every collection's file into m: at 1,000 items each, a tenth
 * of a cold load, on one core while the other waited.  Two threads
 * take them in turn (par_each), each collection with its own copy of
 * c (no problem recorded yet); when all are valid their contract gaps
 * are c's.  When any is not, they are loaded again one after the other
 * with c itself, so that the problems and their count are those of a
 * load on one thread (past CONTENT_MAX_ERRORS, what is looked at
 * depends on what came before).
 */
static void
load_collections(struct vctx *c, const char *dir, const char *base_url,
    struct model *m)
{
	struct coll_load *cl;
	int	 k, bad = 0;

	if ((cl = calloc(1, sizeof(*cl))) != NULL) {
		cl->dir = dir;
		cl->base_url = base_url;
		cl->m = m;
		for (k = 0; k < COLL__MAX; k++) {
			cl->c[k] = *c;
			buf_init(&cl->c[k].errs);
			cl->c[k].nerr = 0;
			cl->c[k].contract_gap = 0;
		}
		par_each(COLL__MAX, coll_job, cl);
		for (k = 0; k < COLL__MAX; k++)
			bad |= cl->c[k].nerr != 0 || cl->c[k].errs.oom;
		for (k = 0; k < COLL__MAX; k++) {
			if (!bad)
				c->contract_gap |= cl->c[k].contract_gap;
			buf_free(&cl->c[k].errs);
		}
		free(cl);
		if (!bad)
			return;
		for (k = 0; k < COLL__MAX; k++)
			coll_free(&m->coll[k]);
	}
	json_arena_enter(m->arena);
	for (k = 0; k < COLL__MAX; k++)
		load_collection(c, dir, base_url, (enum coll)k, &m->coll[k]);
	json_arena_leave();
}

#define PAGES_MAX_FILES	1024	/* entries of pages/ looked at */

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Reads the sorted entries of directory path into *names (malloc'd,
 * each malloc'd; the caller frees both), at most PAGES_MAX_FILES.
 * Returns their number, 0 when path does not exist, or -1 with a
 * problem recorded (and nothing in *names: a directory read in part
 * would make every page look absent from some language).
 */
static int
page_files(struct vctx *c, const char *path, char ***names)
{
	struct dirent *e;
	DIR	*d;
	int	 n = 0, i, rc = 0;

	*names = NULL;
	if ((d = opendir(path)) == NULL) {
		if (errno == ENOENT)
			return 0;
		c->file = path;
		return vc_fail(c, "cannot read the directory: %s",
		    strerror(errno));
	}
	if ((*names = calloc(PAGES_MAX_FILES, sizeof(**names))) == NULL) {
		closedir(d);
		c->file = path;
		return vc_fail(c, "out of memory");
	}
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 ||
		    strcmp(e->d_name, "..") == 0)
			continue;
		if (n == PAGES_MAX_FILES) {
			c->file = path;
			rc = vc_fail(c, "more than %d files; a page is "
			    "pages/NAME.LANG.md, at most %d pages",
			    PAGES_MAX_FILES, OWNER_PAGE__MAX);
			break;
		}
		if (((*names)[n] = strdup(e->d_name)) == NULL) {
			c->file = path;
			rc = vc_fail(c, "out of memory");
			break;
		}
		n++;
	}
	closedir(d);
	if (rc == -1) {
		for (i = 0; i < n; i++)
			free((*names)[i]);
		free(*names);
		*names = NULL;
		return -1;
	}
	qsort(*names, (size_t)n, sizeof(**names), name_cmp);
	return n;
}

/*
 * Checks that file (an entry of pages/) is NAME.LANG.md with a valid
 * name and one of the site's languages.  Returns that language, or -1
 * with the problem recorded (c->file is its path).
 */
static int
page_file_lang(struct vctx *c, const char *file, size_t *namelen)
{
	const char *dot, *md;
	size_t	 len = strlen(file);
	int	 l;

	md = len > 3 && strcmp(file + len - 3, ".md") == 0 ?
	    file + len - 3 : NULL;
	for (dot = md; dot != NULL && dot > file && dot[-1] != '.'; dot--)
		continue;
	if (dot != NULL && dot > file)
		dot--;			/* the "." before LANG */
	if (md == NULL || dot == NULL || dot == file || dot[0] != '.')
		return vc_fail(c, "not a page: pages/ holds only pages, "
		    "each a file NAME.LANG.md (\"talks.%s.md\")",
		    lang_code(c->langs, LANG_DEFAULT));
	*namelen = (size_t)(dot - file);
	if (!owner_name_valid(file, *namelen))
		return vc_fail(c, "the page name \"%.*s\" is not 1 to %d "
		    "characters a-z, 0-9 and \"-\" (not first or last): it "
		    "is the page's path, /NAME", (int)(*namelen > 60 ? 60 :
		    *namelen), file, OWNER_NAME_MAX);
	if ((l = lang_find(c->langs, dot + 1, (size_t)(md - dot - 1))) == -1)
		return vc_fail(c, "\"%.*s\" is not a language of the site "
		    "(%s): a page is NAME.LANG.md for each of them",
		    (int)(md - dot - 1 > 20 ? 20 : md - dot - 1), dot + 1,
		    c->lang_all);
	return l;
}

/*
 * Loads the owner's own pages: every file of dir/pages, each
 * NAME.LANG.md in every language of the site (absent from one, an
 * error), at most OWNER_PAGE__MAX pages; a file that is no such page
 * is an error, never skipped.  m->owner is sorted by name.
 */
static int
load_pages(struct vctx *c, const char *dir, struct model *m)
{
	char	 pdir[1024], path[1200], file[OWNER_NAME_MAX + 32];
	char	 rel[OWNER_NAME_MAX + 40];
	char	**names;
	const char *code;
	size_t	 len, nl = 0, total = 0;
	int	 n, i, l, k, rc = 0;

	if (xsnprintf(pdir, sizeof(pdir), "%s/pages", dir) == -1) {
		c->file = dir;
		return vc_fail(c, "content path too long");
	}
	c->pathlen = 0;
	if ((n = page_files(c, pdir, &names)) <= 0) {
		free(names);	/* an empty pages/ too */
		return n;
	}
	/* First every file's name, then the pages they make. */
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", pdir, names[i]);
		c->file = path;
		if (page_file_lang(c, names[i], &nl) == -1) {
			rc = -1;
			continue;
		}
		for (k = 0; k < m->nowner; k++)
			if (strlen(m->owner[k].name) == nl &&
			    strncmp(m->owner[k].name, names[i], nl) == 0)
				break;
		if (k < m->nowner)
			continue;
		if (m->nowner == OWNER_PAGE__MAX) {
			rc = vc_fail(c, "more than %d pages: the site "
			    "publishes at most %d", OWNER_PAGE__MAX,
			    OWNER_PAGE__MAX);
			break;
		}
		snprintf(m->owner[m->nowner++].name, OWNER_NAME_MAX + 1,
		    "%.*s", (int)nl, names[i]);
	}
	for (k = 0; k < m->nowner; k++)
		for (l = 0; l < c->langs->n; l++) {
			code = lang_code(c->langs, (enum lang)l);
			snprintf(file, sizeof(file), "%s.%s.md",
			    m->owner[k].name, code);
			snprintf(path, sizeof(path), "%s/%s", pdir, file);
			snprintf(rel, sizeof(rel), "pages/%s", file);
			c->file = path;
			if (bsearch(&(const char *){ file }, names, (size_t)n,
			    sizeof(*names), name_cmp) == NULL)
				rc = vc_fail(c, "missing: a page exists in "
				    "every language or in none");
			else if ((m->owner[k].md[l] = read_file(c, dir, rel,
			    &len)) == NULL ||
			    content_check_page(c, m->owner[k].md[l], len) == -1)
				rc = -1;
			else if ((total += len) > CONTENT_PAGES_MAX)
				rc = vc_fail(c, "the pages hold more than %d "
				    "bytes in all", CONTENT_PAGES_MAX);
		}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

/*
 * Loads every content file under dir, its texts in the languages ls
 * (NULL: langs_fallback), the words around dates from the label sets
 * lb.  Returns the model, or NULL with every problem found in err, one
 * "FILE: FIELD.PATH: reason" a line.  The caller frees the model with
 * content_free.
 */
struct model *
content_load(const char *dir, const char *base_url, const struct langs *ls,
    const struct labels *lb, char *err, size_t errlen)
{
	struct vctx c;
	struct model *m;
	size_t	 i;
	int	 k, l;

	memset(&c, 0, sizeof(c));
	buf_init(&c.errs);
	c.file = dir;
	c.langs = ls != NULL ? ls : &langs_fallback;
	lang_list(c.langs, " and ", c.lang_all, sizeof(c.lang_all));
	for (l = 0; l < c.langs->n; l++) {
		c.dl[l].locale = lang_code(c.langs, (enum lang)l);
		c.dl[l].range_sep = lbl_find(lb, (enum lang)l, "date.range");
		c.dl[l].present = lbl_find(lb, (enum lang)l, "date.present");
		c.dl[l].detail_sep = lbl_find(lb, (enum lang)l,
		    "date.detail");
		if (c.dl[l].range_sep == NULL || c.dl[l].present == NULL ||
		    c.dl[l].detail_sep == NULL) {
			snprintf(err, errlen, "label set %s: date.range, "
			    "date.present and date.detail are required",
			    c.dl[l].locale);
			return NULL;
		}
	}
	if ((m = calloc(1, sizeof(*m))) == NULL) {
		snprintf(err, errlen, "%s: out of memory", dir);
		return NULL;
	}
	m->langs = *c.langs;
	/* The collections' objects, dropped together (NULL: malloc's). */
	m->arena = json_arena_new(content_objects_span(dir, c.langs->n));
	c.base_url = base_url;
	/* Every file is loaded even after a failure: all problems at once.
	 * media/ first: profile.json's image may name one of its files. */
	if (content_media_load(&c, dir, &m->media) == 0)
		c.media = m->media;
	load_single(&c, dir, resource_profile.file, profile_f, &m->profile);
	load_single(&c, dir, resource_about.file, about_f, &m->about);
	load_collections(&c, dir, base_url, m);
	load_pages(&c, dir, m);
	for (k = 0; c.nerr == 0 && k < COLL__MAX; k++)
		for (i = 0; resources[k].hit_each != NULL &&
		    i < m->coll[k].len; i++)
			m->coll[k].each += (size_t)cJSON_GetArraySize(
			    cJSON_GetObjectItem(m->coll[k].items[i].obj[
			    LANG_DEFAULT], resources[k].hit_each));
	m->contract_gap = c.contract_gap;
	if (c.nerr == 0 && !c.errs.oom) {
		buf_free(&c.errs);
		return m;
	}
	vc_report(&c, err, errlen);
	buf_free(&c.errs);
	content_free(m);
	return NULL;
}

/* Frees it's objects and, with own (not in its collection's block),
 * its slug and JSON. */
static void
item_free(struct item *it, int own)
{
	int	 l;

	for (l = 0; l < LANG__MAX; l++) {
		cJSON_Delete(it->obj[l]);
		if (own)
			free(it->json[l]);
	}
	cJSON_Delete(it->src);
	if (own)
		free((char *)it->slug);
}

/* Frees collection co's items and what it owns, and empties it. */
static void
coll_free(struct collection *co)
{
	size_t	 i;

	for (i = 0; i < co->len; i++)
		item_free(&co->items[i], co->block == NULL && !co->lent);
	if (!co->lent)
		free(co->block);
	free(co->by_slug);
	free(co->items);
	free(co->slugs);
	memset(co, 0, sizeof(*co));
}

void
content_free(struct model *m)
{
	int	 k, p, l;

	if (m == NULL)
		return;
	item_free(&m->profile, 1);
	item_free(&m->about, 1);
	for (k = 0; k < COLL__MAX; k++)
		coll_free(&m->coll[k]);
	for (p = 0; p < m->nowner; p++)
		for (l = 0; l < LANG__MAX; l++)
			free(m->owner[p].md[l]);
	media_free(m->media);
	json_arena_free(m->arena);
	free(m);
}

/* Returns the item of collection k with that slug, or NULL (a binary
 * search: the cost of a request does not grow with the content). */
const struct item *
content_find(const struct model *m, enum coll k, const char *slug)
{
	struct item *const *p;

	if (m->coll[k].len == 0)
		return NULL;
	p = bsearch(slug, m->coll[k].by_slug, m->coll[k].len,
	    sizeof(*p), slug_key_cmp);
	return p != NULL ? *p : NULL;
}
