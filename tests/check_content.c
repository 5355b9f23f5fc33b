/*
 * check_content.c: the content loader accepts the demo content and
 * rejects broken files with "FILE: FIELD.PATH: reason".
 */
#include "config.h"

#include <sys/stat.h>

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "content/content.h"
#include "content/dates.h"
#include "demo_langs.h"
#include "content/names.h"
#include "content/placeholder.h"

static char tmpdir[256];

static void
copy_file(const char *from, const char *to)
{
	FILE	*in, *out;
	char	 buf[8192];
	size_t	 n;

	ck_assert_ptr_nonnull(in = fopen(from, "rb"));
	ck_assert_ptr_nonnull(out = fopen(to, "wb"));
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		ck_assert_uint_eq(fwrite(buf, 1, n, out), n);
	fclose(in);
	fclose(out);
}

/* Copies the demo content into a fresh temporary directory. */
static void
setup(void)
{
	const char *sub[] = { "", "/pages", "/media" };
	char	 from[512], to[512];
	struct dirent *de;
	DIR	*d;
	size_t	 i;

	snprintf(tmpdir, sizeof(tmpdir), "/tmp/perfil-check-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	snprintf(to, sizeof(to), "%s/pages", tmpdir);
	ck_assert_int_eq(mkdir(to, 0700), 0);
	snprintf(to, sizeof(to), "%s/media", tmpdir);
	ck_assert_int_eq(mkdir(to, 0700), 0);
	for (i = 0; i < 3; i++) {
		snprintf(from, sizeof(from), "%s%s", TEST_CONTENT_DIR, sub[i]);
		ck_assert_ptr_nonnull(d = opendir(from));
		while ((de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.' || (i < 2 &&
			    strstr(de->d_name, ".json") == NULL &&
			    strstr(de->d_name, ".md") == NULL))
				continue;	/* media/: every file */
			snprintf(from, sizeof(from), "%s%s/%s",
			    TEST_CONTENT_DIR, sub[i], de->d_name);
			snprintf(to, sizeof(to), "%s%s/%s", tmpdir, sub[i],
			    de->d_name);
			copy_file(from, to);
		}
		closedir(d);
	}
}

static void
teardown(void)
{
	char	 cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
}

static void
write_file(const char *name, const char *text)
{
	char	 path[512];
	FILE	*f;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	ck_assert_ptr_nonnull(f = fopen(path, "wb"));
	fputs(text, f);
	fclose(f);
}

START_TEST(demo_content_loads)
{
	struct model *m;
	char	 err[512] = "";

	m = content_load(TEST_CONTENT_DIR, "http://h", NULL,
	    demo_labels(), err, sizeof(err));
	ck_assert_msg(m != NULL, "%s", err);
	ck_assert_uint_ge(m->coll[COLL_PROJECTS].len, 6);
	ck_assert_uint_ge(m->coll[COLL_EXPERIENCE].len, 5);
	ck_assert_uint_ge(m->coll[COLL_SKILLS].len, 5);
	ck_assert_uint_ge(m->coll[COLL_CERTIFICATIONS].len, 4);
	ck_assert_uint_ge(m->coll[COLL_EDUCATION].len, 2);
	ck_assert_uint_ge(m->coll[COLL_RECOMMENDATIONS].len, 4);
	/* Translations resolved, api_url derived, schema order kept. */
	ck_assert_ptr_nonnull(strstr(m->coll[COLL_PROJECTS].items[0].json[0],
	    "\"api_url\":\"http://h/api/v1/projects/"));
	ck_assert_ptr_null(strstr(m->profile.json[LANG_EN], "\"es\":"));
	ck_assert_int_eq(strncmp(m->profile.json[LANG_ES], "{\"name\":", 8), 0);
	ck_assert_ptr_nonnull(content_find(m, COLL_PROJECTS,
	    m->coll[COLL_PROJECTS].items[1].slug));
	ck_assert_ptr_null(content_find(m, COLL_PROJECTS, "no-such-slug"));
	content_free(m);
}
END_TEST

/* The string at member name of JSON file dir/file (an object). */
static char *
file_string(const char *dir, const char *file, const char *name,
    const char *lang)
{
	char	 path[512], *data, *out;
	cJSON	*doc, *v;
	FILE	*f;
	long	 n;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	ck_assert_ptr_nonnull(f = fopen(path, "rb"));
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	ck_assert_ptr_nonnull(data = calloc(1, (size_t)n + 1));
	ck_assert_uint_eq(fread(data, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	ck_assert_ptr_nonnull(doc = cJSON_Parse(data));
	v = cJSON_GetObjectItemCaseSensitive(doc, name);
	if (lang != NULL)
		v = cJSON_GetObjectItemCaseSensitive(v, lang);
	ck_assert_ptr_nonnull(cJSON_GetStringValue(v));
	out = strdup(v->valuestring);
	cJSON_Delete(doc);
	free(data);
	return out;
}

/* The string member name of an item's API object in language l. */
static const char *
api_string(const struct item *it, int l, const char *name)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
	    it->obj[l], name));
}

/* Loads fixture dir as a site in languages ls, its labels into lb. */
static struct model *
load_site(const char *dir, const struct langs *ls, struct labels *lb)
{
	struct model *m;
	char	 err[1024] = "";

	ck_assert_int_eq(labels_load(lb, TEST_LABELS_DIR, ls, PRON_NONE, err,
	    sizeof(err)), 0);
	m = content_load(dir, "http://h", ls, lb, err, sizeof(err));
	ck_assert_msg(m != NULL, "%s", err);
	return m;
}

/* Fixture dir, read as a Spanish and English site (the demo's labels),
 * is refused with a message holding want. */
static void
refused_as_demo(const char *dir, const char *want)
{
	char	 err[1024] = "";

	ck_assert_ptr_null(content_load(dir, "http://h", NULL, demo_labels(),
	    err, sizeof(err)));
	ck_assert_msg(strstr(err, want) != NULL, "%s", err);
}

/*
 * A single-language site: plain strings load (also inside arrays),
 * become {"en": ...} in the source object, and the date words come from
 * the language's label set.
 */
START_TEST(single_language_site)
{
	static const struct langs en = { 1, { "en" } };
	const char *dir = TEST_FIXTURES_DIR "/solo_en";
	struct labels lb;
	struct model *m;
	const cJSON *h, *k;
	char	*want, tail[128];
	const char *period;

	m = load_site(dir, &en, &lb);
	ck_assert_int_eq(m->langs.n, 1);
	want = file_string(dir, "profile.json", "headline", NULL);
	ck_assert_str_eq(api_string(&m->profile, 0, "headline"), want);
	free(want);
	h = cJSON_GetObjectItemCaseSensitive(m->profile.src, "headline");
	ck_assert(cJSON_IsObject(h) && cJSON_GetArraySize(h) == 1);
	k = cJSON_GetObjectItemCaseSensitive(m->profile.obj[0], "knows_about");
	ck_assert(cJSON_IsString(cJSON_GetArrayItem(k, 0)));
	ck_assert_ptr_null(m->profile.obj[1]);
	/* "start" without "end": START – present, from labels/en.json */
	snprintf(tail, sizeof(tail), "%s%s", lbl_find(&lb, 0, "date.range"),
	    lbl_find(&lb, 0, "date.present"));
	period = api_string(&m->coll[COLL_EXPERIENCE].items[0], 0, "period");
	ck_assert_ptr_nonnull(period);
	ck_assert_msg(strlen(period) > strlen(tail) && strcmp(period +
	    strlen(period) - strlen(tail), tail) == 0, "%s", period);
	content_free(m);
	/* The same files are not a Spanish and English site. */
	refused_as_demo(dir, "profile.json: headline: expected a translated "
	    "text");
	labels_free(&lb);
}
END_TEST

/*
 * A three-language site: each language's API object has its own
 * translation, and so has its JSON until the fields the original
 * contract keeps in the default language are kept there
 * (content_keep_default_lang, site.json's default_language_fields).
 */
START_TEST(three_language_site)
{
	static const struct langs three = { 3, { "es", "en", "fr" } };
	const char *dir = TEST_FIXTURES_DIR "/trilingual";
	const struct item *p;
	struct labels lb;
	struct model *m;
	char	*want;
	int	 l;

	m = load_site(dir, &three, &lb);
	p = &m->coll[COLL_PROJECTS].items[0];
	for (l = 0; l < 3; l++)
		ck_assert_ptr_nonnull(strstr(p->json[l],
		    api_string(p, l, "description")));
	ck_assert_int_eq(content_keep_default_lang(m), 0);
	for (l = 0; l < 3; l++) {
		want = file_string(dir, "profile.json", "headline",
		    three.code[l]);
		ck_assert_str_eq(api_string(&m->profile, l, "headline"), want);
		free(want);
		/* The API keeps the project description in the default
		 * language (json), the object has the translation. */
		ck_assert_ptr_nonnull(strstr(p->json[l],
		    api_string(p, 0, "description")));
	}
	ck_assert_str_ne(api_string(&m->coll[COLL_PROJECTS].items[0], 2,
	    "description"), api_string(&m->coll[COLL_PROJECTS].items[0], 0,
	    "description"));
	content_free(m);
	/* Read as a Spanish and English site, "fr" is not a language. */
	refused_as_demo(dir, "profile.json: headline.fr: unknown language "
	    "(expected es and en)");
	labels_free(&lb);
}
END_TEST

static const struct broken {
	const char *file;
	const char *text;
	const char *want;	/* expected after "DIR/" in the message */
} broken[] = {
	{ "projects.json", "[{\"slug\": \"a\",",
	    "projects.json: (top level): invalid JSON near line 1" },
	/* The column counts code points: "ñ" is one, not two bytes. */
	{ "projects.json", "[1,\n\"\xc3\xb1\", ?]",
	    "projects.json: (top level): invalid JSON near line 2, "
	    "column 6" },
	{ "projects.json", "{}",
	    "projects.json: (top level): expected an array of projects" },
	{ "projects.json", "[{\"slug\":\"Bad Slug\",\"title\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"description\":{\"es\":\"d\",\"en\":\"d\"},"
	    "\"stack\":[\"C\"],\"url\":\"https://x.example\"}]",
	    "projects.json: [0].slug: slug must match ^[a-z0-9-]+$" },
	{ "projects.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\"},"
	    "\"description\":{\"es\":\"d\",\"en\":\"d\"},"
	    "\"stack\":[\"C\"],\"url\":\"https://x.example\"}]",
	    "projects.json: [0].title.en: missing translation" },
	{ "projects.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"stack\":[\"C\"],\"url\":\"https://x.example\"}]",
	    "projects.json: [0].description: missing required field" },
	{ "projects.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"description\":{\"es\":\"d\",\"en\":\"d\"},"
	    "\"stack\":[\"C\"],\"url\":\"ftp://x.example\"}]",
	    "projects.json: [0].url: not an absolute http(s) URI" },
	{ "projects.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"description\":{\"es\":\"d\",\"en\":\"d\"},"
	    "\"stack\":[\"C\"],\"url\":\"https://x.example\",\"extra\":1}]",
	    "projects.json: [0].extra: unknown field" },
	{ "projects.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"description\":{\"es\":\"d\",\"en\":\"d\"},"
	    "\"stack\":[],\"url\":\"https://x.example\"}]",
	    "projects.json: [0].stack: must not be empty" },
	{ "education.json", "[{\"slug\":\"a\",\"institution\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"detail\":{\"es\":\"d\",\"en\":\"d\"}},"
	    "{\"slug\":\"a\",\"institution\":{\"es\":\"b\",\"en\":\"b\"},"
	    "\"detail\":{\"es\":\"d\",\"en\":\"d\"}}]",
	    "education.json: [1].slug: duplicate slug \"a\"" },
	{ "education.json", "[{\"slug\":\"a\",\"institution\":{\"es\":\"a\","
	    "\"en\":\"a\",\"fr\":\"a\"},\"detail\":{\"es\":\"d\",\"en\":\"d\"}}]",
	    "education.json: [0].institution.fr: unknown language" },
	{ "education.json", "[{\"slug\":\"a\",\"institution\":{\"es\":\"\","
	    "\"en\":\"a\"},\"detail\":{\"es\":\"d\",\"en\":\"d\"}}]",
	    "education.json: [0].institution.es: must not be empty" },
	{ "skills.json", "[{\"category\":{\"es\":\"a\",\"en\":\"a\"},"
	    "\"slug\":\"a\",\"skills\":[{\"name\":\"C\",\"years\":\"ten\"}]}]",
	    "skills.json: [0].skills[0].years: expected years" },
	{ "about.json", "{\"summary\":{\"es\":\"a\",\"en\":\"a\"},"
	    "\"timeline\":[{\"year\":\"2010\",\"title\":{\"es\":\"a\",\"en\":"
	    "\"a\"},\"description\":{\"es\":\"a\",\"en\":\"a\"}},{\"year\":"
	    "\"2001\",\"title\":{\"es\":\"a\",\"en\":\"a\"},\"description\":"
	    "{\"es\":\"a\",\"en\":\"a\"}}]}",
	    "about.json: timeline[1].year: timeline must be oldest first" },
	{ "recommendations.json", "[{\"slug\":\"a\",\"name\":\"N\",\"date\":"
	    "{\"es\":\"a\",\"en\":\"a\"},\"comment\":{\"es\":\"a\",\"en\":\"a\"},"
	    "\"recommender_url\":\"https://x.example\",\"slug\":\"b\"}]",
	    "recommendations.json: [0].slug: duplicate field" },
	{ "certifications.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"institution\":\"\xff\xfe\",\"date\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"credential_url\":\"https://x.example\"}]",
	    "certifications.json: (top level): file is not valid UTF-8" },
	{ "experience.json", "[{\"slug\":\"a\",\"role\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"organization\":{\"es\":\"a\",\"en\":\"a\"},"
	    "\"start\":\"2019-13\",\"description\":{\"es\":\"a\","
	    "\"en\":\"a\"}}]",
	    "experience.json: [0].start: expected an ISO date" },
	{ "experience.json", "[{\"slug\":\"a\",\"role\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"organization\":{\"es\":\"a\",\"en\":\"a\"},"
	    "\"start\":\"2019-03\",\"end\":\"2018\",\"description\":"
	    "{\"es\":\"a\",\"en\":\"a\"}}]",
	    "experience.json: [0].end: ends (2018) before it starts" },
	{ "experience.json", "[{\"slug\":\"a\",\"role\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"organization\":{\"es\":\"a\",\"en\":\"a\"},"
	    "\"end\":\"2018\",\"description\":{\"es\":\"a\",\"en\":\"a\"}}]",
	    "experience.json: [0].period: missing required field" },
	{ "certifications.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"institution\":\"I\",\"date\":\"2023-02-30\","
	    "\"credential_url\":\"https://x.example\"}]",
	    "certifications.json: [0].date: expected an ISO date" },
	/* control characters, NUL, URLs, codes ICU does not know */
	{ "projects.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\\u0001\","
	    "\"en\":\"a\"},\"description\":{\"es\":\"d\",\"en\":\"d\"},"
	    "\"stack\":[\"C\"],\"url\":\"https://x.example\"}]",
	    "projects.json: [0].title.es: control character U+0001" },
	{ "projects.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"description\":{\"es\":\"d\",\"en\":\"d\"},"
	    "\"stack\":[\"C\\u007f\"],\"url\":\"https://x.example\"}]",
	    "projects.json: [0].stack[0]: control character U+007F" },
	{ "projects.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"description\":{\"es\":\"d\",\"en\":\"d\"},"
	    "\"stack\":[\"C\\tD\"],\"url\":\"https://x.example\"}]",
	    "projects.json: [0].stack[0]: control character U+0009" },
	{ "projects.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\","
	    "\"en\":\"a\"},\n\"description\":{\"es\":\"d\\u0000x\",\"en\":"
	    "\"d\"},\"stack\":[\"C\"],\"url\":\"https://x.example\"}]",
	    "projects.json: (top level): line 2: \\u0000 (a NUL character) "
	    "is not allowed" },
	{ "projects.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"description\":{\"es\":\"d\",\"en\":\"d\"},"
	    "\"stack\":[\"C\"],\"url\":\"https://me:pw@x.example/\"}]",
	    "projects.json: [0].url: user information (user@) is not allowed" },
	{ "projects.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"description\":{\"es\":\"d\",\"en\":\"d\"},"
	    "\"stack\":[\"C\"],\"url\":\"https://?q=1\"}]",
	    "projects.json: [0].url: the URI has an empty host" },
	{ "projects.json", "[{\"slug\":\"a\",\"title\":{\"es\":\"a\","
	    "\"en\":\"a\"},\"description\":{\"es\":\"d\",\"en\":\"d\"},"
	    "\"stack\":[\"C\"],\"url\":\"https://:8080/\"}]",
	    "projects.json: [0].url: the URI has an empty host" },
	{ "pages/lab.en.md", NULL,
	    "pages/lab.en.md: (top level): missing: a page exists in every "
	    "language or in none" },
};

START_TEST(broken_content_is_refused)
{
	const struct broken *b = &broken[_i];
	struct model *m;
	char	 err[1024] = "", want[512], path[512];

	if (b->text != NULL)
		write_file(b->file, b->text);
	else {
		snprintf(path, sizeof(path), "%s/%s", tmpdir, b->file);
		ck_assert_int_eq(unlink(path), 0);
	}
	m = content_load(tmpdir, "http://h", NULL,
	    demo_labels(), err, sizeof(err));
	ck_assert_ptr_null(m);
	snprintf(want, sizeof(want), "%s/%s", tmpdir, b->want);
	ck_assert_msg(strncmp(err, want, strlen(want)) == 0,
	    "case %d: got '%s', want prefix '%s'", _i, err, want);
}
END_TEST

START_TEST(profile_checks)
{
	struct model *m;
	char	 err[1024] = "", path[512], cmd[1200];

	/* A split family name is refused. */
	snprintf(path, sizeof(path), "%s/profile.json", tmpdir);
	snprintf(cmd, sizeof(cmd), "sed -i 's/\"family_name\": \"/"
	    "\"family_name\": \"X/' '%s'", path);
	ck_assert_int_eq(system(cmd), 0);
	m = content_load(tmpdir, "http://h", NULL,
	    demo_labels(), err, sizeof(err));
	ck_assert_ptr_null(m);
	ck_assert_msg(strstr(err, "profile.json: name: must be given_name")
	    != NULL, "%s", err);

	/* A bad e-mail address is refused. */
	copy_file(TEST_CONTENT_DIR "/profile.json", path);
	snprintf(cmd, sizeof(cmd), "sed -i 's/\"email\": \"[^\"]*\"/"
	    "\"email\": \"not-an-address\"/' '%s'", path);
	ck_assert_int_eq(system(cmd), 0);
	m = content_load(tmpdir, "http://h", NULL,
	    demo_labels(), err, sizeof(err));
	ck_assert_ptr_null(m);
	ck_assert_msg(strstr(err, "profile.json: email: not an e-mail") !=
	    NULL, "%s", err);
}
END_TEST

/* Rewrites member name of the demo's profile.json (in tmpdir) as json. */
static void
set_profile(const char *name, const char *json)
{
	char	 path[512], *text;
	cJSON	*doc, *v;
	FILE	*f;
	long	 n;

	snprintf(path, sizeof(path), "%s/profile.json", tmpdir);
	ck_assert_ptr_nonnull(f = fopen(path, "rb"));
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	ck_assert_ptr_nonnull(text = calloc(1, (size_t)n + 1));
	ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	ck_assert_ptr_nonnull(doc = cJSON_Parse(text));
	free(text);
	ck_assert_ptr_nonnull(v = cJSON_Parse(json));
	ck_assert(cJSON_ReplaceItemInObjectCaseSensitive(doc, name, v));
	ck_assert_ptr_nonnull(text = cJSON_Print(doc));
	write_file("profile.json", text);
	free(text);
	cJSON_Delete(doc);
}

/*
 * Names may be per language (FIELD_NAME): an object gives each its own,
 * a plain string is the same in every language, and the given/family
 * check follows each language's order (CLDR, names.h).
 */
START_TEST(names_per_language)
{
	struct model *m;
	const cJSON *e;
	char	 err[1024] = "";

	ck_assert_int_eq(names_order("ja"), NAMES_FAMILY_FIRST);
	ck_assert_int_eq(names_order("en"), NAMES_GIVEN_FIRST);
	ck_assert_int_eq(names_order("es"), NAMES_GIVEN_FIRST);
	/* A tag with a region or script orders as its language does. */
	ck_assert_int_eq(names_order("en-IN"), NAMES_GIVEN_FIRST);
	ck_assert_int_eq(names_order("ja-JP"), NAMES_FAMILY_FIRST);
	ck_assert_int_eq(names_order("zh-Hant-TW"), NAMES_FAMILY_FIRST);
	ck_assert(names_whole("\xe4\xbd\x90\xe8\x97\xa4 \xe7\xbe\x8e"
	    "\xe5\x92\xb2", "\xe7\xbe\x8e\xe5\x92\xb2",
	    "\xe4\xbd\x90\xe8\x97\xa4", NAMES_FAMILY_FIRST));
	ck_assert(!names_whole("Misaki Sato", "Misaki", "Sato",
	    NAMES_FAMILY_FIRST));
	ck_assert(names_whole("Sato Misaki", "Misaki", "Sato", NAMES_EITHER));
	ck_assert(names_whole("Misaki Sato", "Misaki", "Sato", NAMES_EITHER));
	ck_assert(!names_whole("Misaki  Sato", "Misaki", "Sato",
	    NAMES_EITHER));

	set_profile("name", "{\"es\": \"Roc\xc3\xad" "o Benjumea\", "
	    "\"en\": \"Rocio Benjumea\"}");
	set_profile("given_name", "{\"es\": \"Roc\xc3\xad" "o\", "
	    "\"en\": \"Rocio\"}");
	set_profile("family_name", "\"Benjumea\"");
	set_profile("employer", "{\"name\": {\"es\": \"Celos\xc3\xad" "a\", "
	    "\"en\": \"Lattice\"}, \"url\": \"https://x.example\"}");
	m = content_load(tmpdir, "http://h", NULL, demo_labels(), err,
	    sizeof(err));
	ck_assert_msg(m != NULL, "%s", err);
	ck_assert_str_eq(api_string(&m->profile, LANG_EN, "name"),
	    "Rocio Benjumea");
	ck_assert_str_eq(api_string(&m->profile, LANG_DEFAULT, "name"),
	    "Roc\xc3\xad" "o Benjumea");
	ck_assert_str_eq(api_string(&m->profile, LANG_EN, "family_name"),
	    "Benjumea");
	e = cJSON_GetObjectItemCaseSensitive(m->profile.obj[LANG_EN],
	    "employer");
	ck_assert_str_eq(cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(e, "name")), "Lattice");
	content_free(m);

	/* One language's name in the wrong order: that language named. */
	set_profile("name", "{\"es\": \"Roc\xc3\xad" "o Benjumea\", "
	    "\"en\": \"Benjumea Rocio\"}");
	m = content_load(tmpdir, "http://h", NULL, demo_labels(), err,
	    sizeof(err));
	ck_assert_ptr_null(m);
	ck_assert_msg(strstr(err, "profile.json: name.en: must be given_name, "
	    "a space, and the whole family_name") != NULL, "%s", err);

	/* An object must have every language; a name is no number. */
	set_profile("name", "{\"es\": \"Roc\xc3\xad" "o Benjumea\"}");
	m = content_load(tmpdir, "http://h", NULL, demo_labels(), err,
	    sizeof(err));
	ck_assert_ptr_null(m);
	ck_assert_msg(strstr(err, "profile.json: name.en: missing "
	    "translation") != NULL, "%s", err);
	set_profile("name", "7");
	m = content_load(tmpdir, "http://h", NULL, demo_labels(), err,
	    sizeof(err));
	ck_assert_ptr_null(m);
	ck_assert_msg(strstr(err, "profile.json: name: expected a translated "
	    "text, an object with one string per language (es and en) or a "
	    "string") != NULL, "%s", err);
}
END_TEST

/* One date in several languages: ICU's forms, lower-case months. */
static const struct {
	const char *iso, *locale, *want;
} date_forms[] = {
	{ "2019", "es", "2019" },
	{ "2019-03", "es", "marzo de 2019" },
	{ "2019-03-14", "es", "14 de marzo de 2019" },
	{ "2019-03", "en", "March 2019" },
	{ "2019-03-14", "en", "March 14, 2019" },
	{ "2019-03", "ca", "mar\xc3\xa7 de 2019" },
	{ "2019-03-14", "fr", "14 mars 2019" },
	{ "2019-03", "de", "M\xc3\xa4rz 2019" },
	{ "2024-02-29", "en", "February 29, 2024" },
	/* BCP 47 tags: the region's own order (ICU 72, CLDR 42) */
	{ "2020-04-01", "en-IN", "1 April 2020" },
	{ "2020-04-01", "en-US", "April 1, 2020" },
	{ "2020-04-01", "pt-BR", "1 de abril de 2020" },
	{ "2020-04", "zh-Hant-TW", "2020\xe5\xb9\xb4" "4\xe6\x9c\x88" },
};

START_TEST(dates_format_per_language)
{
	struct date d;
	char	 out[128];

	ck_assert_int_eq(date_parse(date_forms[_i].iso, &d), 0);
	ck_assert_int_eq(date_format(&d, date_forms[_i].locale, out,
	    sizeof(out)), 0);
	ck_assert_str_eq(out, date_forms[_i].want);
}
END_TEST

START_TEST(dates_parse_strictly)
{
	static const char *const bad[] = { "", "19", "219", "2019-3",
	    "2019-00", "2019-13", "2019-03-", "2019-02-29", "2023-04-31",
	    "0999", "2019/03", "2019-03-14T00", " 2019", "2019-03-1x" };
	struct date d, e;
	size_t	 i;
	char	 out[8];

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(date_parse(bad[i], &d) == -1, "%s", bad[i]);
	ck_assert_int_eq(date_parse("2020-02-29", &d), 0);
	ck_assert_int_eq(date_parse("2020", &e), 0);
	ck_assert_int_eq(date_cmp(&d, &e), 0);
	ck_assert_int_eq(date_parse("2021-01", &e), 0);
	ck_assert_int_lt(date_cmp(&d, &e), 0);
	/* a buffer too small is an error, not a truncation */
	ck_assert_int_eq(date_format(&e, "en", out, sizeof(out)), -1);
}
END_TEST

/* The date words of the demo's language l, from its label set. */
static struct date_labels
demo_dates(int l)
{
	struct date_labels dl;

	dl.locale = lang_code(&langs_fallback, (enum lang)l);
	dl.range_sep = lbl_find(demo_labels(), (enum lang)l, "date.range");
	dl.present = lbl_find(demo_labels(), (enum lang)l, "date.present");
	dl.detail_sep = lbl_find(demo_labels(), (enum lang)l, "date.detail");
	ck_assert_ptr_nonnull(dl.range_sep);
	ck_assert_ptr_nonnull(dl.present);
	ck_assert_ptr_nonnull(dl.detail_sep);
	return dl;
}

START_TEST(dates_period)
{
	struct date a, b;
	struct date_labels es = demo_dates(LANG_ES), en = demo_dates(LANG_EN);
	char	 out[256];

	ck_assert_int_eq(date_parse("2019-03", &a), 0);
	ck_assert_int_eq(date_period(&a, NULL, &es, out,
	    sizeof(out)), 0);
	ck_assert_str_eq(out, "marzo de 2019 \xe2\x80\x93 actualidad");
	ck_assert_int_eq(date_period(&a, NULL, &en, out,
	    sizeof(out)), 0);
	ck_assert_str_eq(out, "March 2019 \xe2\x80\x93 present");
	ck_assert_int_eq(date_parse("2021-06", &b), 0);
	ck_assert_int_eq(date_period(&a, &b, &es, out,
	    sizeof(out)), 0);
	ck_assert_str_eq(out, "marzo de 2019 \xe2\x80\x93 junio de 2021");
	ck_assert_int_eq(date_period(&a, &a, &en, out,
	    sizeof(out)), 0);
	ck_assert_str_eq(out, "March 2019");
}
END_TEST

/* ISO dates in content become the human strings of the API. */
START_TEST(iso_dates_render)
{
	struct model *m;
	const cJSON *src;
	char	 err[1024] = "";

	write_file("experience.json", "[{\"slug\":\"a\",\"role\":"
	    "{\"es\":\"r\",\"en\":\"r\"},\"organization\":{\"es\":\"o\","
	    "\"en\":\"o\"},\"start\":\"2019-03\",\"description\":"
	    "{\"es\":\"d\",\"en\":\"d\"}},{\"slug\":\"b\",\"role\":"
	    "{\"es\":\"r\",\"en\":\"r\"},\"organization\":{\"es\":\"o\","
	    "\"en\":\"o\"},\"period\":{\"es\":\"hace tiempo\",\"en\":"
	    "\"long ago\"},\"description\":{\"es\":\"d\",\"en\":\"d\"}}]");
	write_file("education.json", "[{\"slug\":\"a\",\"institution\":"
	    "{\"es\":\"i\",\"en\":\"i\"},\"start\":\"2002\",\"end\":"
	    "\"2007\",\"detail\":{\"es\":\"Grado\",\"en\":\"Degree\"}}]");
	write_file("recommendations.json", "[{\"slug\":\"a\",\"name\":"
	    "\"N\",\"date\":\"2024-02-03\",\"comment\":{\"es\":\"c\","
	    "\"en\":\"c\"},\"recommender_url\":\"https://x.example\"}]");
	m = content_load(tmpdir, "http://h", NULL,
	    demo_labels(), err, sizeof(err));
	ck_assert_msg(m != NULL, "%s", err);
	ck_assert_str_eq(m->coll[COLL_EXPERIENCE].items[0].json[LANG_ES],
	    "{\"slug\":\"a\",\"role\":\"r\",\"organization\":\"o\","
	    "\"period\":\"marzo de 2019 \xe2\x80\x93 actualidad\","
	    "\"description\":\"d\"}");
	/* the API gives the period in the language asked; where site.json
	 * keeps it in the default language (the spec's rule), in Spanish,
	 * while the English object, which pages read, has the English */
	ck_assert_ptr_nonnull(strstr(m->coll[COLL_EXPERIENCE].items[1].json[
	    LANG_EN], "\"period\":\"long ago\""));
	ck_assert_ptr_nonnull(strstr(m->coll[COLL_RECOMMENDATIONS].items[0]
	    .json[LANG_EN], "\"date\":\"February 3, 2024\""));
	ck_assert_int_eq(content_keep_default_lang(m), 0);
	ck_assert_ptr_nonnull(strstr(m->coll[COLL_EXPERIENCE].items[1].json[
	    LANG_EN], "\"period\":\"hace tiempo\""));
	ck_assert_ptr_nonnull(strstr(m->coll[COLL_RECOMMENDATIONS].items[0]
	    .json[LANG_EN], "\"date\":\"3 de febrero de 2024\""));
	ck_assert_str_eq(cJSON_GetObjectItem(m->coll[COLL_EXPERIENCE].items[1]
	    .obj[LANG_EN], "period")->valuestring, "long ago");
	ck_assert_str_eq(cJSON_GetObjectItem(m->coll[COLL_EXPERIENCE].items[0]
	    .obj[LANG_EN], "period")->valuestring,
	    "March 2019 \xe2\x80\x93 present");
	ck_assert_ptr_nonnull(strstr(m->coll[COLL_EDUCATION].items[0].json[
	    LANG_EN], "\"detail\":\"2002 \xe2\x80\x93 2007 \xc2\xb7 Degree\""));
	ck_assert_ptr_nonnull(strstr(m->coll[COLL_RECOMMENDATIONS].items[0]
	    .json[LANG_ES], "\"date\":\"3 de febrero de 2024\""));
	ck_assert_str_eq(cJSON_GetObjectItem(m->coll[COLL_RECOMMENDATIONS]
	    .items[0].obj[LANG_EN], "date")->valuestring, "February 3, 2024");
	/* the source object keeps what the API does not show */
	src = m->coll[COLL_EXPERIENCE].items[0].src;
	ck_assert_str_eq(cJSON_GetObjectItem(src, "start")->valuestring,
	    "2019-03");
	ck_assert_ptr_null(cJSON_GetObjectItem(src, "end"));
	ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(src,
	    "role"), "en")->valuestring, "r");
	ck_assert_ptr_null(strstr(m->coll[COLL_EXPERIENCE].items[0].json[
	    LANG_EN], "start"));
	content_free(m);
}
END_TEST

/* Rewrites one value of the demo profile with sed; returns the error. */
static void
profile_sed(const char *expr, char *err, size_t errlen)
{
	char	 path[512], cmd[1200];

	snprintf(path, sizeof(path), "%s/profile.json", tmpdir);
	copy_file(TEST_CONTENT_DIR "/profile.json", path);
	snprintf(cmd, sizeof(cmd), "sed -i '%s' '%s'", expr, path);
	ck_assert_int_eq(system(cmd), 0);
	ck_assert_ptr_null(content_load(tmpdir, "http://h", NULL,
	    demo_labels(), err, errlen));
}

START_TEST(icu_codes)
{
	char	 err[2048] = "";

	profile_sed("s/\"country\": \"ES\"/\"country\": \"QQ\"/", err,
	    sizeof(err));
	ck_assert_msg(strstr(err, "profile.json: location.country: unknown "
	    "country code \"QQ\"") != NULL, "%s", err);
	profile_sed("s/\"ca\"/\"qq\"/", err, sizeof(err));
	ck_assert_msg(strstr(err, "profile.json: languages[2]: unknown "
	    "language code \"qq\"") != NULL, "%s", err);
}
END_TEST

/* Every problem of a content set comes out of one load, one a line. */
START_TEST(every_error_in_one_run)
{
	char	 err[4096] = "", want[512];

	write_file("projects.json", "[{\"slug\":\"Bad\",\"title\":{\"es\":"
	    "\"a\"},\"description\":{\"es\":\"d\",\"en\":\"d\"},\"stack\":"
	    "[\"C\"],\"url\":\"ftp://x\",\"extra\":1},{\"slug\":\"Bad\"}]");
	write_file("skills.json", "{}");
	write_file("pages/privacy.es.md", "\xff");
	ck_assert_ptr_null(content_load(tmpdir, "http://h", NULL,
	    demo_labels(), err, sizeof(err)));
	snprintf(want, sizeof(want), "%s/projects.json: [0].extra: unknown "
	    "field\n", tmpdir);
	ck_assert_msg(strstr(err, want) != NULL, "%s", err);
	ck_assert_ptr_nonnull(strstr(err, "projects.json: [0].slug: slug "
	    "must match"));
	ck_assert_ptr_nonnull(strstr(err, "projects.json: [0].title.en: "
	    "missing translation"));
	ck_assert_ptr_nonnull(strstr(err, "projects.json: [0].url: not an "
	    "absolute"));
	ck_assert_ptr_nonnull(strstr(err, "projects.json: [1].title: "
	    "missing required field"));
	ck_assert_ptr_nonnull(strstr(err, "projects.json: [1].slug: "
	    "duplicate slug \"Bad\" (also at [0])"));
	ck_assert_ptr_nonnull(strstr(err, "skills.json: (top level): "
	    "expected an array"));
	ck_assert_ptr_nonnull(strstr(err, "pages/privacy.es.md: (top level): "
	    "file is not valid UTF-8"));
	ck_assert_int_ne(err[strlen(err) - 1], '\n');
}
END_TEST

/* Many problems in a small buffer: whole lines, then a count. */
START_TEST(errors_truncate_by_line)
{
	char	 err[300] = "";

	write_file("projects.json", "[{},{},{},{},{},{},{},{}]");
	ck_assert_ptr_null(content_load(tmpdir, "http://h", NULL,
	    demo_labels(), err, sizeof(err)));
	ck_assert_msg(strstr(err, "more problems") != NULL, "%s", err);
	ck_assert_uint_lt(strlen(err), sizeof(err));
}
END_TEST

/* A FIFO in place of a file is refused at once, never read. */
START_TEST(fifo_is_refused)
{
	char	 err[2048] = "", path[512];

	snprintf(path, sizeof(path), "%s/about.json", tmpdir);
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	ck_assert_ptr_null(content_load(tmpdir, "http://h", NULL,
	    demo_labels(), err, sizeof(err)));
	ck_assert_msg(strstr(err, "about.json: (top level): not a regular "
	    "file") != NULL, "%s", err);
}
END_TEST

/* A byte-order mark is dropped: in JSON and in pages. */
START_TEST(bom_is_dropped)
{
	struct model *m;
	char	 err[2048] = "", path[512], cmd[4096];

	snprintf(path, sizeof(path), "%s/pages/lab.en.md", tmpdir);
	snprintf(cmd, sizeof(cmd), "printf '\\357\\273\\277' | cat - '%s' "
	    "> '%s.new' && mv '%s.new' '%s' && printf '\\357\\273\\277' | "
	    "cat - '%s/profile.json' > '%s/p' && mv '%s/p' '%s/profile.json'",
	    path, path, path, path, tmpdir, tmpdir, tmpdir, tmpdir);
	ck_assert_int_eq(system(cmd), 0);
	m = content_load(tmpdir, "http://h", NULL,
	    demo_labels(), err, sizeof(err));
	ck_assert_msg(m != NULL, "%s", err);
	ck_assert_int_eq(m->nowner, 2);		/* lab, privacy: by name */
	ck_assert_str_eq(m->owner[0].name, "lab");
	ck_assert_int_eq(m->owner[0].md[LANG_EN][0], '#');
	content_free(m);
}
END_TEST

/* What is a placeholder (placeholder.h), and what is not. */
START_TEST(placeholder_rules)
{
	static const struct {
		const char *s;
		int	 fictional, is;
	} cases[] = {
		{ "TODO: headline", 0, 1 },
		{ "still todo", 0, 0 },		/* lower case: prose */
		{ "TODOS LOS DATOS", 0, 0 },	/* Spanish, not the word */
		{ "(TODO)", 0, 1 },
		{ "you@example.org", 0, 1 },
		{ "https://www.example.com/x", 0, 1 },
		{ "https://example.net", 0, 1 },
		{ "https://example.net", 1, 1 },	/* fictional: still */
		{ "https://notexample.org", 0, 0 },
		{ "https://example.org.es/", 0, 0 },
		{ "https://linkedin.example/in/x", 0, 1 },
		{ "https://linkedin.example/in/x", 1, 0 },
		{ "hola@rocio.example", 0, 1 },
		{ "https://example.de", 0, 0 },
		{ "for example, this", 0, 0 },
		{ "https://exampleorg.com", 0, 0 },
		{ "", 0, 0 },
	};
	size_t	 i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ck_assert_msg((placeholder_why(cases[i].s,
		    cases[i].fictional) != NULL) == cases[i].is,
		    "\"%s\" (fictional %d): expected %s", cases[i].s,
		    cases[i].fictional, cases[i].is ? "a placeholder" :
		    "none");
}
END_TEST

static Suite *
content_suite(void)
{
	Suite	*s = suite_create("content");
	TCase	*tc = tcase_create("load");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, demo_content_loads);
	tcase_add_test(tc, placeholder_rules);
	tcase_add_test(tc, single_language_site);
	tcase_add_test(tc, three_language_site);
	tcase_add_loop_test(tc, broken_content_is_refused, 0,
	    sizeof(broken) / sizeof(broken[0]));
	tcase_add_test(tc, profile_checks);
	tcase_add_test(tc, names_per_language);
	tcase_add_test(tc, iso_dates_render);
	tcase_add_test(tc, icu_codes);
	tcase_add_test(tc, every_error_in_one_run);
	tcase_add_test(tc, errors_truncate_by_line);
	tcase_add_test(tc, fifo_is_refused);
	tcase_add_test(tc, bom_is_dropped);
	suite_add_tcase(s, tc);
	tc = tcase_create("dates");
	tcase_add_loop_test(tc, dates_format_per_language, 0,
	    sizeof(date_forms) / sizeof(date_forms[0]));
	tcase_add_test(tc, dates_parse_strictly);
	tcase_add_test(tc, dates_period);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(content_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
