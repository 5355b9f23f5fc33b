/*
 * init.c: writing a content directory from a description in memory,
 * and the minimal skeleton of perfil-fcgi --init.
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "init.h"

/*
 * The skeleton: one placeholder person, the required files only, every
 * value a hint of what goes there, each text marked "TODO: " and the
 * addresses on example.org, so that --check warns about every one left
 * (placeholder.h).  JSON has no comments, so the
 * explanations are in the README written next to the files.
 */
static const char skel_profile[] =
"{\"name\": \"TODO: Your Name\","
" \"headline\": {\"es\": \"TODO: Tu titular profesional en una l\xc3\xadnea\","
"  \"en\": \"TODO: Your professional headline in one line\"},"
" \"job_title\": {\"es\": \"TODO: Tu puesto\", \"en\": \"TODO: Your job title\"},"
" \"summary\": {\"es\": \"TODO: Un p\xc3\xa1rrafo sobre tu trabajo.\","
"  \"en\": \"TODO: One paragraph about your work.\"},"
" \"location\": {\"city\": {\"es\": \"TODO: Tu ciudad\", \"en\": \"TODO: Your city\"},"
"  \"region\": {\"es\": \"TODO: Tu regi\xc3\xb3n\", \"en\": \"TODO: Your region\"},"
"  \"country\": \"ES\", \"remote\": true},"
" \"email\": \"you@example.org\","
" \"url\": \"https://example.org\","
" \"availability\": {\"open_to_work\": true,"
"  \"statement\": {\"es\": \"TODO: Qu\xc3\xa9 trabajo aceptas.\","
"  \"en\": \"TODO: What work you take on.\"}}}";

static const char skel_about[] =
"{\"summary\": {\"es\": \"TODO: Tu biograf\xc3\xad""a, en uno o varios p\xc3\xa1rrafos.\","
"  \"en\": \"TODO: Your biography, in one or more paragraphs.\"},"
" \"timeline\": [{\"year\": \"2020\","
"  \"title\": {\"es\": \"TODO: Un hito\", \"en\": \"TODO: A milestone\"},"
"  \"description\": {\"es\": \"TODO: Qu\xc3\xa9 pas\xc3\xb3.\", \"en\": \"TODO: What happened.\"}}]}";

static const char skel_projects[] =
"[{\"slug\": \"first-project\","
"  \"title\": {\"es\": \"TODO: Tu primer proyecto\", \"en\": \"TODO: Your first project\"},"
"  \"description\": {\"es\": \"TODO: Qu\xc3\xa9 hace.\", \"en\": \"TODO: What it does.\"},"
"  \"stack\": [\"C\"],"
"  \"url\": \"https://example.org/first-project\"}]";

static const char skel_experience[] =
"[{\"slug\": \"current-position\","
"  \"role\": {\"es\": \"TODO: Tu puesto\", \"en\": \"TODO: Your role\"},"
"  \"organization\": {\"es\": \"TODO: Organizaci\xc3\xb3n, ciudad\","
"   \"en\": \"TODO: Organization, city\"},"
"  \"start\": \"2020-01\","
"  \"description\": {\"es\": \"TODO: Qu\xc3\xa9 haces all\xc3\xad.\","
"   \"en\": \"TODO: What you do there.\"}}]";

static const char skel_skills[] =
"[{\"category\": {\"es\": \"TODO: Lenguajes\", \"en\": \"TODO: Languages\"},"
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
"- profile.json: who you are. Texts shown to readers are translated\n"
"  objects {\"es\": ..., \"en\": ...}; both languages are required.\n"
"- about.json: your biography and a timeline, oldest first.\n"
"- projects.json, experience.json, skills.json: arrays, served in file\n"
"  order. Every item has a slug (^[a-z0-9-]+$), unique in its file.\n"
"  Experience dates are ISO: \"start\": \"2019-03\", and \"end\" only once\n"
"  the position is over; perfil writes \"marzo de 2019 - actualidad\".\n"
"- Optional, add them when you have them: certifications.json,\n"
"  education.json, recommendations.json. Absent, their API\n"
"  collections are empty.\n"
"- pages/: your own pages, in markdown. pages/NAME.es.md and\n"
"  pages/NAME.en.md are published at /NAME (and /en/NAME), titled by\n"
"  their first \"# \" line, linked from the footer (site.json's\n"
"  \"pages\" can move a page to the menu). Every file there must be\n"
"  such a page.\n"
"\n"
"Unknown fields are errors, never silently ignored: perfil-fcgi --check\n"
"lists every problem with its file and field.\n";

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
 * Fills c with the skeleton of --init.  Returns 0, or -1 (out of
 * memory; c is then empty).  Free it with init_content_free.
 */
int
init_skeleton(struct init_content *c)
{
	memset(c, 0, sizeof(*c));
	c->readme = skel_readme;
	if ((c->profile = cJSON_Parse(skel_profile)) == NULL ||
	    (c->about = cJSON_Parse(skel_about)) == NULL ||
	    (c->coll[COLL_PROJECTS] = cJSON_Parse(skel_projects)) == NULL ||
	    (c->coll[COLL_EXPERIENCE] = cJSON_Parse(skel_experience)) ==
	    NULL || (c->coll[COLL_SKILLS] = cJSON_Parse(skel_skills)) == NULL) {
		init_content_free(c);
		return -1;
	}
	return 0;
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

/* Creates dir/name (it must not exist) holding len bytes of text. */
static int
put_file(const char *dir, const char *name, const char *text, size_t len,
    char *err, size_t errlen)
{
	char	 path[1024];
	int	 fd, rc = 0;

	if (xsnprintf(path, sizeof(path), "%s/%s", dir, name) == -1) {
		snprintf(err, errlen, "%s/%s: path too long", dir, name);
		return -1;
	}
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
	    0644)) == -1) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (write(fd, text, len) != (ssize_t)len) {
		snprintf(err, errlen, "%s: cannot write", path);
		rc = -1;
	}
	if (close(fd) == -1 && rc == 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		rc = -1;
	}
	return rc;
}

static int
put_json(const char *dir, const char *name, const cJSON *v, char *err,
    size_t errlen)
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
	rc = put_file(dir, name, buf_cstr(&b), b.len, err, errlen);
	buf_free(&b);
	return rc;
}

/* Makes dir (a new or an empty directory) and dir/pages. */
static int
make_dirs(const char *dir, char *err, size_t errlen)
{
	char	 pages[1024];

	if (mkdir(dir, 0755) == -1 && (errno != EEXIST || rmdir(dir) == -1 ||
	    mkdir(dir, 0755) == -1)) {
		snprintf(err, errlen, "%s: %s", dir, errno == ENOTEMPTY ||
		    errno == EEXIST ? "exists and is not an empty directory" :
		    strerror(errno));
		return -1;
	}
	if (xsnprintf(pages, sizeof(pages), "%s/pages", dir) == -1 ||
	    mkdir(pages, 0755) == -1) {
		snprintf(err, errlen, "%s/pages: %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Writes the content directory c describes into dir, which must not
 * exist or be an empty directory.  Returns 0, or -1 with a message in
 * err (files written before the failure stay).
 */
int
init_write(const char *dir, const struct init_content *c, char *err,
    size_t errlen)
{
	int	 k;

	if (c->profile == NULL || c->about == NULL) {
		snprintf(err, errlen, "a content directory needs a profile "
		    "and an about document");
		return -1;
	}
	if (make_dirs(dir, err, errlen) == -1 ||
	    put_json(dir, resource_profile.file, c->profile, err,
	    errlen) == -1 ||
	    put_json(dir, resource_about.file, c->about, err, errlen) == -1)
		return -1;
	for (k = 0; k < COLL__MAX; k++) {
		if (c->coll[k] == NULL && !resources[k].optional) {
			snprintf(err, errlen, "%s is required",
			    resources[k].file);
			return -1;
		}
		if (put_json(dir, resources[k].file, c->coll[k], err,
		    errlen) == -1)
			return -1;
	}
	if (c->readme != NULL && put_file(dir, "README.md", c->readme,
	    strlen(c->readme), err, errlen) == -1)
		return -1;
	return 0;
}
