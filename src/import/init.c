/*
 * init.c: writing a content directory from a description in memory,
 * and the minimal skeleton of perfil-fcgi --init.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "import/init.h"
#include "content/settings.h"

/*
 * The skeleton: one placeholder person, the required files only, every
 * value a hint of what goes there, each text marked "TODO: " and the
 * addresses on example.org, so that --check warns about every one left
 * (placeholder.h).  {"*": S} stands for a translated text: S in each of
 * the site's languages (init_texts).  JSON has no comments, so the
 * explanations are in the README written next to the files.
 */
static const char skel_profile[] =
"{\"name\": \"TODO: Your Name\","
" \"headline\": {\"*\": \"TODO: Your professional headline in one line\"},"
" \"job_title\": {\"*\": \"TODO: Your job title\"},"
" \"summary\": {\"*\": \"TODO: One paragraph about your work.\"},"
" \"location\": {\"city\": {\"*\": \"TODO: Your city\"},"
"  \"region\": {\"*\": \"TODO: Your region\"},"
"  \"country\": \"ES\", \"remote\": true},"
" \"email\": \"you@example.org\","
" \"url\": \"https://example.org\","
" \"availability\": {\"open_to_work\": true,"
"  \"statement\": {\"*\": \"TODO: What work you take on.\"}}}";

static const char skel_about[] =
"{\"summary\": {\"*\": \"TODO: Your biography, in one or more paragraphs.\"},"
" \"timeline\": [{\"year\": \"2020\","
"  \"title\": {\"*\": \"TODO: A milestone\"},"
"  \"description\": {\"*\": \"TODO: What happened.\"}}]}";

static const char skel_projects[] =
"[{\"slug\": \"first-project\","
"  \"title\": {\"*\": \"TODO: Your first project\"},"
"  \"description\": {\"*\": \"TODO: What it does.\"},"
"  \"stack\": [\"C\"],"
"  \"url\": \"https://example.org/first-project\"}]";

static const char skel_experience[] =
"[{\"slug\": \"current-position\","
"  \"role\": {\"*\": \"TODO: Your role\"},"
"  \"organization\": {\"*\": \"TODO: Organization, city\"},"
"  \"start\": \"2020-01\","
"  \"description\": {\"*\": \"TODO: What you do there.\"}}]";

static const char skel_skills[] =
"[{\"category\": {\"*\": \"TODO: Languages\"},"
"  \"slug\": \"languages\","
"  \"skills\": [{\"name\": \"C\", \"years\": \"1+\"}]}]";

static const char skel_readme[] =
"# Your content\n"
"\n"
"perfil-fcgi --init wrote this directory: a minimal, valid skeleton.\n"
"Replace every value with yours (--check lists each TODO and\n"
"example.org value left as a warning), then check and serve it:\n"
"\n"
"    perfil-fcgi --check --content DIR\n"
"    PERFIL_CONTENT=DIR ./serve        (from a perfil source tree)\n"
"\n"
"JSON has no comments, so this file explains the others (the full\n"
"reference is content/README.md in perfil's sources):\n"
"\n"
"- site.json: the site's settings; \"languages\" lists the languages\n"
"  the site is served in, language tags (\"en\", \"en-IN\"), the default\n"
"  first. Add or remove one there (perfil-fcgi --init --languages chose\n"
"  them).\n"
"- profile.json: who you are. With one language, a text shown to\n"
"  readers is a plain string; with several, it is an object with one\n"
"  string per language of site.json, {\"en\": ..., \"nb\": ...}.\n"
"- about.json: your biography and a timeline, oldest first.\n"
"- projects.json, experience.json, skills.json: arrays, served in file\n"
"  order. Every item has a slug (^[a-z0-9-]+$), unique in its file.\n"
"  Experience dates are ISO: \"start\": \"2019-03\", and \"end\" only once\n"
"  the position is over; perfil writes the month and year in each\n"
"  language.\n"
"- Optional, add them when you have them: certifications.json,\n"
"  education.json, recommendations.json. Absent, their API\n"
"  collections are empty.\n"
"- pages/: your own pages, in markdown, one file per language:\n"
"  pages/NAME.LANG.md (LANG each code of site.json) is published at\n"
"  /NAME (and /LANG/NAME in the other languages), titled by its first\n"
"  \"# \" line, linked from the footer (site.json's \"pages\" can move a\n"
"  page to the menu). Every file there must be such a page.\n"
"\n"
"Unknown fields are errors, never silently ignored: perfil-fcgi --check\n"
"lists every problem with its file and field.\n";

/*
 * A translated text of the languages ls: s itself for one language
 * (a plain string), else an object with s in each (copies to
 * translate).  Returns it, or NULL (out of memory).
 */
cJSON *
init_text(const struct langs *ls, const char *s)
{
	cJSON	*o;
	int	 l;

	if (ls->n == 1)
		return cJSON_CreateString(s);
	if ((o = cJSON_CreateObject()) == NULL)
		return NULL;
	for (l = 0; l < ls->n; l++)
		if (cJSON_AddStringToObject(o, lang_code(ls, (enum lang)l),
		    s) == NULL) {
			cJSON_Delete(o);
			return NULL;
		}
	return o;
}

/*
 * Replaces every {"*": S} in v, at any depth, with init_text(ls, S).
 * Returns 0, or -1 (out of memory).
 */
static int
init_texts(cJSON *v, const struct langs *ls)
{
	cJSON	*e, *star, *t;

	for (e = v->child; e != NULL; e = e->next) {
		star = cJSON_GetObjectItemCaseSensitive(e, "*");
		if (cJSON_IsObject(e) && cJSON_IsString(star)) {
			if ((t = init_text(ls, star->valuestring)) == NULL ||
			    (e->string != NULL && (t->string =
			    strdup(e->string)) == NULL) ||
			    !cJSON_ReplaceItemViaPointer(v, e, t)) {
				cJSON_Delete(t);
				return -1;
			}
			e = t;
		} else if (init_texts(e, ls) == -1)
			return -1;
	}
	return 0;
}

/* Appends s, JSON-escaped and quoted. */
static void
put_string(struct buf *b, const char *s)
{
	buf_json_string(b, s, strlen(s));
}

static void
indent(struct buf *b, int depth)
{
	int	 i;

	buf_putc(b, '\n');
	for (i = 0; i < depth; i++)
		buf_puts(b, "  ");
}

/* Appends v with 2-space indentation; arrays of scalars on one line. */
static void
print_value(const cJSON *v, int depth, struct buf *b)
{
	const cJSON *e;
	int	 flat;

	if (cJSON_IsObject(v) || cJSON_IsArray(v)) {
		flat = cJSON_IsArray(v);
		cJSON_ArrayForEach(e, v)
			if (cJSON_IsObject(e) || cJSON_IsArray(e))
				flat = 0;
		buf_putc(b, cJSON_IsObject(v) ? '{' : '[');
		cJSON_ArrayForEach(e, v) {
			if (flat)
				buf_puts(b, e == v->child ? "" : ", ");
			else {
				if (e != v->child)
					buf_putc(b, ',');
				indent(b, depth + 1);
			}
			if (cJSON_IsObject(v)) {
				put_string(b, e->string);
				buf_puts(b, ": ");
			}
			print_value(e, depth + 1, b);
		}
		if (!flat && v->child != NULL)
			indent(b, depth);
		buf_putc(b, cJSON_IsObject(v) ? '}' : ']');
	} else if (cJSON_IsString(v))
		put_string(b, v->valuestring);
	else if (cJSON_IsBool(v))
		buf_puts(b, cJSON_IsTrue(v) ? "true" : "false");
	else if (cJSON_IsNumber(v))
		buf_printf(b, "%.17g", v->valuedouble);
	else
		buf_puts(b, "null");
}

/*
 * Appends v as the content files are written: 2-space indentation,
 * members in their order, a final newline.  Returns 0 or -1 (out of
 * memory).
 */
int
init_json_print(const cJSON *v, struct buf *b)
{
	print_value(v, 0, b);
	buf_putc(b, '\n');
	return b->oom ? -1 : 0;
}

/*
 * Fills c with the skeleton of --init, its texts in the languages ls
 * (init_text).  Returns 0, or -1 (out of memory; c is then empty).  Free it with init_content_free.
 */
int
init_skeleton(struct init_content *c, const struct langs *ls)
{
	int	 k;

	memset(c, 0, sizeof(*c));
	c->langs = *ls;
	c->readme = skel_readme;
	if ((c->profile = cJSON_Parse(skel_profile)) == NULL ||
	    (c->about = cJSON_Parse(skel_about)) == NULL ||
	    (c->coll[COLL_PROJECTS] = cJSON_Parse(skel_projects)) == NULL ||
	    (c->coll[COLL_EXPERIENCE] = cJSON_Parse(skel_experience)) ==
	    NULL || (c->coll[COLL_SKILLS] = cJSON_Parse(skel_skills)) == NULL ||
	    init_texts(c->profile, ls) == -1 || init_texts(c->about, ls) == -1)
		goto err;
	for (k = 0; k < COLL__MAX; k++)
		if (c->coll[k] != NULL && init_texts(c->coll[k], ls) == -1)
			goto err;
	return 0;
err:
	init_content_free(c);
	return -1;
}

void
init_content_free(struct init_content *c)
{
	int	 k;

	cJSON_Delete(c->profile);
	cJSON_Delete(c->about);
	for (k = 0; k < COLL__MAX; k++)
		cJSON_Delete(c->coll[k]);
	memset(c, 0, sizeof(*c));
}

/*
 * Creates name beneath the directory dfd (it must not exist) holding
 * len bytes of text, synced to the disk so that a full disk or an I/O
 * error shows here and not after the rename.  Messages name the file
 * as dir/name (dir: the target, not the temporary directory).
 */
static int
put_file(int dfd, const char *dir, const char *name, const char *text,
    size_t len, char *err, size_t errlen)
{
	ssize_t	 w;
	size_t	 off = 0;
	int	 fd, rc = 0;

	if ((fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC |
	    O_NOFOLLOW, 0644)) == -1) {
		snprintf(err, errlen, "%s/%s: %s", dir, name, strerror(errno));
		return -1;
	}
	while (off < len) {
		if ((w = write(fd, text + off, len - off)) == -1 ||
		    w == 0) {
			snprintf(err, errlen, "%s/%s: %s", dir, name,
			    w == 0 ? "cannot write" : strerror(errno));
			rc = -1;
			break;
		}
		off += (size_t)w;
	}
	if (rc == 0 && fsync(fd) == -1) {
		snprintf(err, errlen, "%s/%s: %s", dir, name, strerror(errno));
		rc = -1;
	}
	if (close(fd) == -1 && rc == 0) {
		snprintf(err, errlen, "%s/%s: %s", dir, name, strerror(errno));
		rc = -1;
	}
	return rc;
}

static int
put_json(int dfd, const char *dir, const char *name, const cJSON *v,
    char *err, size_t errlen)
{
	struct buf b;
	int	 rc;

	if (v == NULL)
		return 0;
	buf_init(&b);
	if (init_json_print(v, &b) == -1) {
		snprintf(err, errlen, "out of memory");
		buf_free(&b);
		return -1;
	}
	rc = put_file(dfd, dir, name, buf_cstr(&b), b.len, err, errlen);
	buf_free(&b);
	return rc;
}

/* The site.json of c: its languages, the default first. */
static cJSON *
site_settings(const struct init_content *c)
{
	cJSON	*s, *a;
	int	 l;

	if ((s = cJSON_CreateObject()) == NULL ||
	    (a = cJSON_AddArrayToObject(s, "languages")) == NULL)
		goto err;
	for (l = 0; l < c->langs.n; l++)
		if (!cJSON_AddItemToArray(a, cJSON_CreateString(lang_code(
		    &c->langs, (enum lang)l))))
			goto err;
	return s;
err:
	cJSON_Delete(s);
	return NULL;
}

/*
 * Removes the temporary directory tmp that init_stage made, with all it
 * holds.  Returns 0, or -1 (something stays; errno set).
 */
int
init_discard(const char *tmp)
{
	return dir_remove(tmp, 2);
}

/*
 * Whether dir may become the new content directory: absent, or an
 * empty directory (which the rename replaces), and short enough for the
 * loader (INIT_DIR_MAX).  Returns 0, or -1 with a message in err.
 */
static int
target_ok(const char *dir, char *err, size_t errlen)
{
	struct stat st;
	int	 fd, empty;
	DIR	*d;
	struct dirent *e;

	if (*dir == '\0') {
		snprintf(err, errlen, "an empty directory name");
		return -1;
	}
	if (strlen(dir) > INIT_DIR_MAX) {
		snprintf(err, errlen, "%.60s...: path too long (%zu bytes; a "
		    "content directory's path has at most %d)", dir,
		    strlen(dir), INIT_DIR_MAX);
		return -1;
	}
	if (lstat(dir, &st) == -1)
		return errno == ENOENT ? 0 : (snprintf(err, errlen, "%s: %s",
		    dir, strerror(errno)), -1);
	empty = 0;
	if (S_ISDIR(st.st_mode) && (fd = open(dir, O_RDONLY | O_DIRECTORY |
	    O_NOFOLLOW | O_CLOEXEC)) != -1) {
		if ((d = fdopendir(fd)) == NULL)
			close(fd);
		else {
			empty = 1;
			while ((e = readdir(d)) != NULL)
				if (strcmp(e->d_name, ".") != 0 &&
				    strcmp(e->d_name, "..") != 0)
					empty = 0;
			closedir(d);
		}
	}
	if (!empty) {
		snprintf(err, errlen, "%s: exists and is not an empty "
		    "directory", dir);
		return -1;
	}
	return 0;
}

/*
 * Makes the temporary directory beside dir (in its parent, so that the
 * rename is atomic): PARENT/.perfil-init-XXXXXX in tmp, with the mode
 * a new directory gets (0755 less the umask).  Returns its descriptor,
 * or -1 with a message in err.
 */
static int
make_temp(const char *dir, char *tmp, size_t tmplen, char *err,
    size_t errlen)
{
	size_t	 n = strlen(dir);
	mode_t	 mask;
	int	 fd;

	while (n > 1 && dir[n - 1] == '/')
		n--;
	while (n > 0 && dir[n - 1] != '/')
		n--;			/* n: the parent's length, with '/' */
	if (xsnprintf(tmp, tmplen, "%.*s" INIT_TEMP_PREFIX "XXXXXX", (int)n,
	    dir) == -1 || strlen(tmp) > INIT_DIR_MAX) {
		snprintf(err, errlen, "%.60s...: path too long (a content "
		    "directory's path has at most %d bytes)", dir,
		    INIT_DIR_MAX);
		return -1;
	}
	if (mkdtemp(tmp) == NULL) {
		snprintf(err, errlen, "%s: cannot create a directory beside "
		    "it: %s", dir, strerror(errno));
		return -1;
	}
	mask = umask(0);
	umask(mask);
	if (chmod(tmp, 0755 & ~mask) == -1 || (fd = open(tmp, O_RDONLY |
	    O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) == -1) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		init_discard(tmp);
		return -1;
	}
	if (mkdirat(fd, "pages", 0755) == -1) {
		snprintf(err, errlen, "%s/pages: %s", dir, strerror(errno));
		close(fd);
		init_discard(tmp);
		return -1;
	}
	return fd;
}

/* Writes every file of c beneath dfd (messages name dir).  Returns 0 or
 * -1 with a message in err. */
static int
write_files(int dfd, const char *dir, const struct init_content *c,
    char *err, size_t errlen)
{
	cJSON	*site;
	int	 k, rc;

	if ((site = site_settings(c)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	rc = put_json(dfd, dir, SETTINGS_FILE, site, err, errlen);
	cJSON_Delete(site);
	if (rc == -1 ||
	    put_json(dfd, dir, resource_profile.file, c->profile, err,
	    errlen) == -1 ||
	    put_json(dfd, dir, resource_about.file, c->about, err,
	    errlen) == -1)
		return -1;
	for (k = 0; k < COLL__MAX; k++) {
		if (c->coll[k] == NULL && !resources[k].optional) {
			snprintf(err, errlen, "%s is required",
			    resources[k].file);
			return -1;
		}
		if (put_json(dfd, dir, resources[k].file, c->coll[k], err,
		    errlen) == -1)
			return -1;
	}
	if (c->readme != NULL && put_file(dfd, dir, "README.md", c->readme,
	    strlen(c->readme), err, errlen) == -1)
		return -1;
	if (fsync(dfd) == -1) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Writes the content directory c describes into a new temporary
 * directory beside dir, which must not exist or be an empty directory;
 * its path in tmp (tmplen bytes, INIT_DIR_MAX + 1 at least).  Load it
 * from there, then init_commit or init_discard it.  Returns 0, or -1
 * with a message in err and nothing left behind.
 */
int
init_stage(const char *dir, const struct init_content *c, char *tmp,
    size_t tmplen, char *err, size_t errlen)
{
	int	 fd, rc;

	if (c->profile == NULL || c->about == NULL || c->langs.n < 1) {
		snprintf(err, errlen, "a content directory needs a profile "
		    "and an about document in one language at least");
		return -1;
	}
	if (target_ok(dir, err, errlen) == -1 ||
	    (fd = make_temp(dir, tmp, tmplen, err, errlen)) == -1)
		return -1;
	rc = write_files(fd, dir, c, err, errlen);
	close(fd);
	if (rc == -1)
		init_discard(tmp);
	return rc;
}

/*
 * Renames the temporary directory tmp (init_stage's) to dir, replacing
 * an empty directory there.  Returns 0, or -1 with a message in err and
 * tmp removed.
 */
int
init_commit(const char *tmp, const char *dir, char *err, size_t errlen)
{
	if (rename(tmp, dir) == -1) {
		snprintf(err, errlen, "%s: %s", dir, errno == ENOTEMPTY ||
		    errno == EEXIST || errno == ENOTDIR ? "exists and is not "
		    "an empty directory" : strerror(errno));
		init_discard(tmp);
		return -1;
	}
	return 0;
}

/*
 * Replaces the file name in the directory dir with len bytes of text,
 * atomically: written and synced beside it under a temporary name, then
 * renamed over it.  Returns 0, or -1 with a message in err and the file
 * as it was.
 */
int
init_replace(const char *dir, const char *name, const char *text,
    size_t len, char *err, size_t errlen)
{
	char	 tmp[128];
	int	 dfd, rc = -1;

	if (xsnprintf(tmp, sizeof(tmp), INIT_TEMP_PREFIX "%s.%ld", name,
	    (long)getpid()) == -1) {
		snprintf(err, errlen, "%s/%s: name too long", dir, name);
		return -1;
	}
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	unlinkat(dfd, tmp, 0);
	if (put_file(dfd, dir, tmp, text, len, err, errlen) == -1) {
		unlinkat(dfd, tmp, 0);
		goto out;
	}
	if (renameat(dfd, tmp, dfd, name) == -1) {
		snprintf(err, errlen, "%s/%s: %s", dir, name, strerror(errno));
		unlinkat(dfd, tmp, 0);
		goto out;
	}
	rc = fsync(dfd) == -1 ? (snprintf(err, errlen, "%s: %s", dir,
	    strerror(errno)), -1) : 0;
out:
	close(dfd);
	return rc;
}
