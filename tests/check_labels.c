/*
 * check_labels.c: the label sets shipped with perfil load, pick the
 * variant of the settings' pronouns, fill their placeholders and
 * remember a key they lack; site.json templates name profile texts.
 */
#include "config.h"

#include <sys/stat.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "content/labels.h"
#include "content/settings.h"

#define LANG_ES ((enum lang)0)	/* langs_fallback: es, en */
#define LANG_EN ((enum lang)1)

START_TEST(shipped_sets_load)
{
	struct labels lb;
	char	 err[512] = "";

	ck_assert_msg(labels_load(&lb, TEST_LABELS_DIR, NULL, PRON_NONE, err,
	    sizeof(err)) == 0, "%s", err);
	ck_assert_str_eq(labels_own_name(&lb, LANG_ES), "Español");
	ck_assert_str_eq(labels_own_name(&lb, LANG_EN), "English");
	ck_assert_str_eq(labels_og_locale(&lb, LANG_ES), "es_ES");
	ck_assert_str_eq(labels_og_locale(&lb, LANG_EN), "en_US");
	/* The shipped sets are complete: nothing to warn about. */
	ck_assert_str_eq(buf_cstr(&lb.warnings), "");
	ck_assert_ptr_null(lb.missing);
	labels_free(&lb);
}
END_TEST

START_TEST(pronoun_variants)
{
	struct labels lb;
	char	 err[512] = "";
	const char *plain, *she;

	ck_assert_int_eq(labels_load(&lb, TEST_LABELS_DIR, NULL, PRON_NONE, err,
	    sizeof(err)), 0);
	plain = lbl(&lb, LANG_EN, "guide.availability");
	ck_assert_ptr_null(strstr(plain, " her "));
	labels_free(&lb);
	ck_assert_int_eq(labels_load(&lb, TEST_LABELS_DIR, NULL, PRON_SHE, err,
	    sizeof(err)), 0);
	she = lbl(&lb, LANG_EN, "guide.availability");
	ck_assert_ptr_nonnull(strstr(she, "her"));
	/* A key without a variant gives its plain text. */
	ck_assert_str_eq(lbl(&lb, LANG_EN, "nav.skip"), "Skip to content");
	labels_free(&lb);
}
END_TEST

START_TEST(placeholders_and_missing_keys)
{
	struct labels lb;
	struct buf b;
	char	 err[512] = "";

	ck_assert_int_eq(labels_load(&lb, TEST_LABELS_DIR, NULL, PRON_NONE, err,
	    sizeof(err)), 0);
	buf_init(&b);
	lbl_fill(&b, &lb, LANG_EN, "param.range",
	    (const char *const []){ "min", "1", "max", "100", NULL });
	ck_assert_str_eq(buf_cstr(&b), "from 1 to 100");
	buf_reset(&b);
	/* An unknown placeholder is kept as written. */
	lbl_fill(&b, &lb, LANG_EN, "param.range",
	    (const char *const []){ "min", "1", NULL });
	ck_assert_str_eq(buf_cstr(&b), "from 1 to @@max@@");
	buf_free(&b);
	ck_assert_ptr_null(lb.missing);
	ck_assert_str_eq(lbl(&lb, LANG_ES, "no.such.key"), "");
	ck_assert_str_eq(lb.missing, "no.such.key");
	labels_free(&lb);
}
END_TEST

START_TEST(language_names_from_icu)
{
	char	 name[64];

	ck_assert_int_eq(lang_display_name("es", "en", name,
	    sizeof(name)), 0);
	ck_assert_str_eq(name, "Spanish");
	ck_assert_int_eq(lang_display_name("en", "es", name,
	    sizeof(name)), 0);
	ck_assert_str_eq(name, "inglés");
	ck_assert_int_eq(lang_display_name("fr", "fr", name,
	    sizeof(name)), 0);
	ck_assert_str_eq(name, "français");
}
END_TEST

START_TEST(templates_name_profile_texts)
{
	struct settings s;
	cJSON	*p = cJSON_Parse("{\"name\":\"A B\",\"co_founder_of\":"
	    "{\"name\":\"C\"}}");
	const cJSON *prof[LANG__MAX] = { p, p };
	char	 err[512] = "", ok[] = "@@name@@ of @@co_founder_of.name@@",
		 bad[] = "@@co_founder_of.role@@", open[] = "@@name";

	ck_assert_ptr_nonnull(settings_lookup(p, "co_founder_of.name", 18));
	ck_assert_ptr_null(settings_lookup(p, "co_founder_of", 13));
	memset(&s, 0, sizeof(s));
	s.langs = langs_fallback;
	s.facts[0][LANG_ES] = s.facts[0][LANG_EN] = ok;
	s.nfacts = 1;
	ck_assert_int_eq(settings_check_templates(&s, "dir", prof, err,
	    sizeof(err)), 0);
	s.facts[0][LANG_EN] = bad;
	ck_assert_int_eq(settings_check_templates(&s, "dir", prof, err,
	    sizeof(err)), -1);
	ck_assert_msg(strstr(err, "dir/site.json: facts[0]: "
	    "@@co_founder_of.role@@") != NULL, "%s", err);
	s.facts[0][LANG_EN] = open;
	ck_assert_int_eq(settings_check_templates(&s, "dir", prof, err,
	    sizeof(err)), -1);
	ck_assert_msg(strstr(err, "without its closing") != NULL, "%s", err);
	cJSON_Delete(p);
}
END_TEST

START_TEST(absent_settings_claim_nothing)
{
	struct settings *s;
	char	 err[512] = "";

	ck_assert_ptr_nonnull(s = settings_load("/nonexistent-perfil-dir",
	    err, sizeof(err)));
	ck_assert_str_eq(s->label_fallback, "en");
	ck_assert_int_eq(s->langs.n, 2);
	ck_assert_str_eq(s->langs.code[0], "es");
	ck_assert_str_eq(s->langs.code[1], "en");
	ck_assert_ptr_null(s->licence.name);
	ck_assert_int_eq(s->pronouns, PRON_NONE);
	ck_assert_uint_eq(s->nfacts, 0);
	settings_free(s);
}
END_TEST

/* --languages (settings_parse_languages): checked as "languages" is. */
START_TEST(languages_option)
{
	struct langs ls;
	char	 err[512] = "";

	ck_assert_int_eq(settings_parse_languages("en,nb", &ls, err,
	    sizeof(err)), 0);
	ck_assert_int_eq(ls.n, 2);
	ck_assert_str_eq(ls.code[0], "en");
	ck_assert_str_eq(ls.code[1], "nb");
	ck_assert_int_eq(settings_parse_languages("is", &ls, err,
	    sizeof(err)), 0);
	ck_assert_int_eq(ls.n, 1);
	/* BCP 47 tags, canonical case kept, the path prefix lower case */
	ck_assert_int_eq(settings_parse_languages("hi,EN-in,zh-TW", &ls, err,
	    sizeof(err)), 0);
	ck_assert_int_eq(ls.n, 3);
	ck_assert_str_eq(ls.code[1], "en-IN");
	ck_assert_str_eq(lang_prefix(&ls, 1), "en-in");
	ck_assert_str_eq(ls.code[2], "zh-TW");
	ck_assert_int_eq(settings_parse_languages(
	    "en,abcdefgh-abcdefgh-abcdefgh-abcdefgh-x", &ls, err,
	    sizeof(err)), -1);
	ck_assert_msg(strstr(err, "at most 35 characters") != NULL, "%s", err);
	ck_assert_int_eq(settings_parse_languages("en,qq", &ls, err,
	    sizeof(err)), -1);
	ck_assert_msg(strstr(err, "\"qq\"") != NULL, "%s", err);
	ck_assert_int_eq(settings_parse_languages("en,en", &ls, err,
	    sizeof(err)), -1);
	ck_assert_msg(strstr(err, "listed twice") != NULL, "%s", err);
	ck_assert_int_eq(settings_parse_languages("", &ls, err,
	    sizeof(err)), -1);
	ck_assert_int_eq(settings_parse_languages("en,", &ls, err,
	    sizeof(err)), -1);
	ck_assert_int_eq(settings_parse_languages("english", &ls, err,
	    sizeof(err)), -1);
	ck_assert_int_eq(settings_parse_languages(
	    "en,nb,de,fr,it,pt,ca,nl,sv", &ls, err, sizeof(err)), -1);
}
END_TEST

/* Writes site.json with text in a fresh temporary directory; returns it. */
static char *
site_dir(const char *text)
{
	static char dir[64];
	char	 path[128];
	FILE	*f;

	snprintf(dir, sizeof(dir), "/tmp/perfil-check-labels-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/site.json", dir);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
	return dir;
}

static void
site_dir_remove(const char *dir)
{
	char	 path[128];

	snprintf(path, sizeof(path), "%s/site.json", dir);
	unlink(path);
	rmdir(dir);
}

/*
 * The members SITE_SETTINGS reads by their store, without a reader of
 * their own: a text (one string for every language, or one per
 * language), an array of texts, a boolean; each refusal names the
 * member and the language.
 */
START_TEST(stored_settings)
{
	static const struct {
		const char *json;
		const char *want;	/* a message part */
	} bad[] = {
		{ "{\"name_rule\": {\"es\": \"a\"}}",
		    "name_rule.en: missing translation" },
		{ "{\"llms_summary\": {\"es\": \"a\", \"en\": \"b\", "
		    "\"fr\": \"c\"}}", "llms_summary.fr: unknown language" },
		{ "{\"facts\": [\"a\", {\"es\": \"b\"}]}",
		    "facts[1].en: missing translation" },
		{ "{\"fictional\": \"yes\"}", "fictional: expected" },
	};
	struct settings *st;
	struct buf b;
	char	 err[512], *dir;
	size_t	 i;

	dir = site_dir("{\"name_rule\": \"Call her Ana.\", \"llms_summary\": "
	    "{\"es\": \"Perfil\", \"en\": \"Profile\"}, \"facts\": "
	    "[\"one\", {\"es\": \"dos\", \"en\": \"two\"}], "
	    "\"fictional\": true}");
	st = settings_load(dir, err, sizeof(err));
	ck_assert_msg(st != NULL, "%s", err);
	ck_assert_str_eq(st->name_rule[LANG_ES], "Call her Ana.");
	ck_assert_str_eq(st->name_rule[LANG_EN], "Call her Ana.");
	ck_assert_str_eq(st->llms_summary[LANG_ES], "Perfil");
	ck_assert_str_eq(st->llms_summary[LANG_EN], "Profile");
	ck_assert_uint_eq(st->nfacts, 2);
	ck_assert_str_eq(st->facts[0][LANG_EN], "one");
	ck_assert_str_eq(st->facts[1][LANG_ES], "dos");
	ck_assert_int_eq(st->fictional, 1);
	settings_free(st);
	site_dir_remove(dir);

	/* SETTINGS_MAX_TEXTS facts, then one more. */
	buf_init(&b);
	buf_puts(&b, "{\"facts\": [\"f\"");
	for (i = 1; i < SETTINGS_MAX_TEXTS; i++)
		buf_puts(&b, ", \"f\"");
	buf_puts(&b, "]}");
	dir = site_dir(buf_cstr(&b));
	ck_assert_ptr_nonnull(st = settings_load(dir, err, sizeof(err)));
	ck_assert_uint_eq(st->nfacts, SETTINGS_MAX_TEXTS);
	settings_free(st);
	site_dir_remove(dir);
	b.len -= 2;
	buf_puts(&b, ", \"f\"]}");
	dir = site_dir(buf_cstr(&b));
	ck_assert_ptr_null(settings_load(dir, err, sizeof(err)));
	ck_assert_msg(strstr(err, "facts: more than 32") != NULL, "%s", err);
	site_dir_remove(dir);
	buf_free(&b);

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		dir = site_dir(bad[i].json);
		err[0] = '\0';
		ck_assert_ptr_null(settings_load(dir, err, sizeof(err)));
		ck_assert_msg(strstr(err, bad[i].want) != NULL,
		    "%s: want %s, got %s", bad[i].json, bad[i].want, err);
		site_dir_remove(dir);
	}
}
END_TEST

/* site.json's "base_url": kept without trailing slashes, or refused. */
START_TEST(base_url_setting)
{
	static const struct {
		const char *json;
		const char *want;	/* the URL kept, or a message part */
	} t[] = {
		{ "{\"base_url\": \"https://www.example.org\"}",
		    "https://www.example.org" },
		{ "{\"base_url\": \"http://h.example/site//\"}",
		    "http://h.example/site" },
		{ "{\"base_url\": \"https://h.example/\"}", "https://h.example" },
		{ "{\"base_url\": \"ftp://h.example\"}",
		    "base_url: not an absolute http(s) URI" },
		{ "{\"base_url\": \"https://\"}",
		    "base_url: the URI has an empty host" },
		{ "{\"base_url\": \"https:///x\"}",
		    "base_url: the URI has an empty host" },
		{ "{\"base_url\": \"https://h.example/?q=1\"}",
		    "base_url: a query (?...) is not allowed" },
		{ "{\"base_url\": \"https://h.example/#top\"}",
		    "base_url: a fragment (#...) is not allowed" },
		{ "{\"base_url\": \"https://u:p@h.example\"}",
		    "base_url: user information (user@) is not allowed" },
		{ "{\"base_url\": \"https://h.example/\\\"<x>\"}",
		    "base_url: '\"' is not allowed in a URI" },
		{ "{\"base_url\": 1}", "base_url: expected" },
	};
	struct settings *st;
	char	 err[512], *dir;
	size_t	 i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		dir = site_dir(t[i].json);
		err[0] = '\0';
		st = settings_load(dir, err, sizeof(err));
		if (st != NULL) {
			ck_assert_msg(st->base_url != NULL &&
			    strcmp(st->base_url, t[i].want) == 0, "%s: got %s",
			    t[i].json, st->base_url ? st->base_url : "NULL");
			settings_free(st);
		} else
			ck_assert_msg(strstr(err, t[i].want) != NULL,
			    "%s: want %s, got %s", t[i].json, t[i].want, err);
		site_dir_remove(dir);
	}
}
END_TEST

/* site.json's "languages": the set, its order, and each refusal. */
START_TEST(languages_setting)
{
	static const struct {
		const char *json;
		const char *want;	/* "es en fr", or a message part */
	} t[] = {
		{ "{\"languages\": [\"fr\", \"en\", \"es\"]}", "fr en es" },
		{ "{\"languages\": [\"en\"], \"facts\": [\"A\"]}", "en" },
		{ "{\"languages\": [\"en\"], \"facts\": [{\"en\": \"A\"}]}",
		    "en" },
		{ "{\"languages\": [\"es\", \"is\"]}", "es is" },
		{ "{\"languages\": [\"es\", \"ae\"]}",
		    "languages[1]: unknown language code \"ae\"" },
		{ "{\"languages\": [\"is\"], \"label_fallback\": \"xx\"}",
		    "label_fallback: unknown language code \"xx\"" },
		{ "{\"languages\": [\"es\", \"qq\"]}",
		    "languages[1]: unknown language code \"qq\"" },
		{ "{\"languages\": [\"es\", \"ES\"]}",
		    "languages[1]: \"es\" is listed twice" },
		{ "{\"languages\": [\"hi\", \"EN-in\"]}", "hi en-IN" },
		{ "{\"languages\": [\"zh-hant-tw\", \"pt-BR\", \"iw\"]}",
		    "zh-Hant-TW pt-BR he" },
		{ "{\"languages\": [\"en-IN\", \"en-in\"]}",
		    "languages[1]: \"en-IN\" is listed twice" },
		{ "{\"languages\": [\"en\", \"en-XX-foo-bar\"]}",
		    "languages[1]: expected a BCP 47 language tag" },
		{ "{\"languages\": [\"en\", \"english\"]}",
		    "languages[1]: unknown language code \"english\"" },
		{ "{\"languages\": [\"en\", \"\"]}", "languages[1]: " },
		{ "{\"languages\": [\"de-JP\"]}",
		    "languages[0]: \"de-JP\": ICU has no locale data" },
		{ "{\"languages\": [\"en-US-u-ca-buddhist\"]}",
		    "languages[0]: expected a BCP 47 language tag" },
		{ "{\"languages\": [\"en-x-private\"]}",
		    "languages[0]: expected a BCP 47 language tag" },
		{ "{\"languages\": [\"en_IN\"]}",
		    "languages[0]: expected a BCP 47 language tag" },
		{ "{\"languages\": [\"en\", \"en\"]}",
		    "languages[1]: \"en\" is listed twice" },
		{ "{\"languages\": []}", "languages: expected an array of 1" },
		{ "{\"languages\": [\"en\", \"fr\"], \"facts\": "
		    "[{\"en\": \"A\", \"es\": \"B\", \"fr\": \"C\"}]}",
		    "facts[0].es: unknown language" },
		{ "{\"languages\": [\"en\", \"fr\"], \"facts\": "
		    "[{\"en\": \"A\"}]}", "facts[0].fr: missing translation" },
	};
	struct settings *st;
	char	 err[512], got[64], *dir;
	size_t	 i;
	int	 l;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		dir = site_dir(t[i].json);
		err[0] = '\0';
		st = settings_load(dir, err, sizeof(err));
		if (st != NULL) {
			got[0] = '\0';
			for (l = 0; l < st->langs.n; l++)
				snprintf(got + strlen(got), sizeof(got) -
				    strlen(got), "%s%s", l ? " " : "",
				    st->langs.code[l]);
			ck_assert_msg(strcmp(got, t[i].want) == 0,
			    "%s: got %s", t[i].json, got);
			settings_free(st);
		} else
			ck_assert_msg(strstr(err, t[i].want) != NULL &&
			    strstr(err, "site.json: ") != NULL,
			    "%s: want %s, got %s", t[i].json, t[i].want, err);
		site_dir_remove(dir);
	}
}
END_TEST

/* A configured set loads the label set of each of its languages. */
START_TEST(labels_follow_the_setting)
{
	struct langs ls = { 3, { "es", "en", "fr" } };
	struct labels lb;
	char	 err[512] = "";

	ck_assert_msg(labels_load(&lb, TEST_LABELS_DIR, &ls, PRON_NONE, err,
	    sizeof(err)) == 0, "%s", err);
	ck_assert_str_eq(labels_own_name(&lb, (enum lang)2), "Français");
	ck_assert_str_eq(labels_own_name(&lb, (enum lang)0), "Español");
	labels_free(&lb);
}
END_TEST

/*
 * A site without English still has the English set the OpenAPI document
 * is written from (LABELS_DOC): the route texts live in en.json only.
 */
START_TEST(english_set_for_the_documents)
{
	struct langs ls = { 1, { "fr" } };
	struct labels lb;
	char	 err[512] = "";

	ck_assert_msg(labels_load(&lb, TEST_LABELS_DIR, &ls, PRON_NONE, err,
	    sizeof(err)) == 0, "%s", err);
	ck_assert_str_eq(labels_own_name(&lb, LABELS_DOC), "English");
	ck_assert_str_eq(lbl(&lb, LABELS_DOC, "op.getProfile.summary"),
	    "Professional profile");
	ck_assert_str_ne(lbl(&lb, LANG_DEFAULT, "op.getProfile.summary"),
	    "Professional profile");
	ck_assert_ptr_null(lb.missing);
	labels_free(&lb);
}
END_TEST

/* Writes text into dir/name, creating dir. */
static void
write_file(const char *dir, const char *name, const char *text)
{
	char	 path[256];
	FILE	*f;

	mkdir(dir, 0700);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

/* Counts the lines of s that hold needle. */
static int
count_lines(const char *s, const char *needle)
{
	const char *nl;
	int	 n = 0;

	for (; *s != '\0'; s = *nl ? nl + 1 : nl) {
		nl = s + strcspn(s, "\n");
		if (strstr(s, needle) != NULL && strstr(s, needle) < nl)
			n++;
	}
	return n;
}

/*
 * A tag with a region or a script reads the set of the tag, then of its
 * language (en for en-IN, pt for pt-BR), then of the language with its
 * likely script (zh-Hant for zh-TW), key by key, with no warning; a
 * site's CONTENT/labels/en-IN.json wins for the keys it has.  Its menu
 * name is its language's unless another language of the site shares
 * it.
 */
START_TEST(regional_sets_by_fallback)
{
	struct langs ls, want = { 4, { "hi", "en", "pt", "zh-Hant" } };
	struct labels_src src = { .dir = TEST_LABELS_DIR };
	struct labels lb, ref;
	char	 err[512] = "", dir[64];
	static const char *const keys[] = { "nav.skip", "cv.experience",
	    "date.range", "footer.no_tracking" };
	size_t	 k;
	int	 l;

	ck_assert_int_eq(settings_parse_languages("hi,en-IN,pt-BR,zh-TW,"
	    "zh-Hant-TW", &ls, err, sizeof(err)), 0);
	ck_assert_msg(labels_from(&lb, &src, &ls, PRON_NONE, err,
	    sizeof(err)) == 0, "%s", err);
	ck_assert_msg(labels_from(&ref, &src, &want, PRON_NONE, err,
	    sizeof(err)) == 0, "%s", err);
	for (l = 0; l < ls.n; l++)
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			ck_assert_str_eq(lbl(&lb, (enum lang)l, keys[k]),
			    lbl(&ref, (enum lang)(l < 4 ? l : 3), keys[k]));
	ck_assert_msg(buf_cstr(&lb.warnings)[0] == '\0', "%s",
	    buf_cstr(&lb.warnings));
	ck_assert_str_eq(labels_own_name(&lb, (enum lang)1), "English");
	ck_assert_str_eq(labels_own_name(&lb, (enum lang)2), "Português");
	ck_assert_str_ne(labels_own_name(&lb, (enum lang)3),
	    labels_own_name(&lb, (enum lang)4));
	ck_assert_str_eq(labels_og_locale(&lb, (enum lang)1), "en_IN");
	ck_assert_str_eq(labels_og_locale(&lb, (enum lang)4), "zh_TW");
	labels_free(&lb);

	snprintf(dir, sizeof(dir), "/tmp/perfil-check-regional-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	write_file(dir, "en-IN.json", "{\"nav.skip\": \"Skip to the "
	    "content\"}");
	src.site_dir = dir;
	ck_assert_msg(labels_from(&lb, &src, &ls, PRON_NONE, err,
	    sizeof(err)) == 0, "%s", err);
	ck_assert_str_eq(lbl(&lb, (enum lang)1, "nav.skip"),
	    "Skip to the content");
	ck_assert_str_eq(lbl(&lb, (enum lang)1, "cv.experience"),
	    lbl(&ref, (enum lang)1, "cv.experience"));
	labels_free(&lb);
	labels_free(&ref);
	ck_assert_int_eq(settings_parse_languages("en,en-IN", &ls, err,
	    sizeof(err)), 0);
	src.site_dir = NULL;
	ck_assert_msg(labels_from(&lb, &src, &ls, PRON_NONE, err,
	    sizeof(err)) == 0, "%s", err);
	ck_assert_str_eq(labels_own_name(&lb, (enum lang)1),
	    "English (India)");
	labels_free(&lb);
	snprintf(err, sizeof(err), "%s/en-IN.json", dir);
	unlink(err);
	rmdir(dir);
}
END_TEST

/*
 * A language without a label set (is) gets every key from the fallback,
 * key by key, and each key is a warning; a site set (CONTENT/labels/
 * is.json) translates some keys, which then leave the warnings; the
 * fallback may be a language other than English.
 */
START_TEST(fallback_key_by_key)
{
	struct langs ls = { 2, { "is", "es" } };
	struct labels_src src = { .dir = TEST_LABELS_DIR };
	struct labels lb, en;
	char	 err[512] = "", dir[64], line[160];
	int	 total, n;

	ck_assert_int_eq(labels_load(&en, TEST_LABELS_DIR, NULL, PRON_NONE,
	    err, sizeof(err)), 0);
	ck_assert_msg(labels_from(&lb, &src, &ls, PRON_NONE, err,
	    sizeof(err)) == 0, "%s", err);
	ck_assert_str_eq(lbl(&lb, LANG_DEFAULT, "nav.skip"), "Skip to content");
	ck_assert_str_eq(labels_own_name(&lb, LANG_DEFAULT), "íslenska");
	ck_assert_str_eq(labels_og_locale(&lb, LANG_DEFAULT), "is_IS");
	total = count_lines(buf_cstr(&lb.warnings), "labels: is: ");
	ck_assert_int_gt(total, 100);
	ck_assert_int_eq(count_lines(buf_cstr(&lb.warnings), "labels: is: "
	    "nav.skip: untranslated"), 1);
	/* Variants by pronoun are optional: never listed. */
	ck_assert_int_eq(count_lines(buf_cstr(&lb.warnings), ".she: "), 0);
	/* es has a complete set: no warning names it. */
	ck_assert_int_eq(count_lines(buf_cstr(&lb.warnings), "labels: es: "),
	    0);
	labels_free(&lb);

	snprintf(dir, sizeof(dir), "/tmp/perfil-check-fallback-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	write_file(dir, "is.json", "{\"nav.skip\": \"Fara í efni\", "
	    "\"no.such\": \"x\", \"home.elsewhere.she\": \"Annars staðar\"}");
	src.site_dir = dir;
	src.fallback = "es";
	ck_assert_msg(labels_from(&lb, &src, &ls, PRON_SHE, err,
	    sizeof(err)) == 0, "%s", err);
	ck_assert_str_eq(lbl(&lb, LANG_DEFAULT, "nav.skip"), "Fara í efni");
	/* The variant of the settings' pronouns counts as a translation. */
	ck_assert_str_eq(lbl(&lb, LANG_DEFAULT, "home.elsewhere"),
	    "Annars staðar");
	/* Untranslated keys come from the fallback language, es. */
	ck_assert_str_eq(lbl(&lb, LANG_DEFAULT, "cv.experience"),
	    lbl(&lb, (enum lang)1, "cv.experience"));
	n = count_lines(buf_cstr(&lb.warnings), "labels: is: ");
	ck_assert_int_eq(n, total - 2);
	ck_assert_int_eq(count_lines(buf_cstr(&lb.warnings), "pages show the "
	    "es text"), n);
	snprintf(line, sizeof(line), "%s/is.json: no.such: unknown label key",
	    dir);
	ck_assert_int_eq(count_lines(buf_cstr(&lb.warnings), line), 1);
	/* The English documents ignore the site's fallback. */
	ck_assert_str_eq(lbl(&lb, LABELS_DOC, "nav.skip"), "Skip to content");
	labels_free(&lb);

	/* A placeholder the reference does not have is refused. */
	write_file(dir, "is.json", "{\"param.range\": \"@@min@@-@@mx@@\"}");
	ck_assert_int_eq(labels_from(&lb, &src, &ls, PRON_NONE, err,
	    sizeof(err)), -1);
	ck_assert_msg(strstr(err, "is.json: param.range: placeholders") !=
	    NULL, "%s", err);
	write_file(dir, "is.json", "{\"param.range\": \"@@min@@ @@max\"}");
	ck_assert_int_eq(labels_from(&lb, &src, &ls, PRON_NONE, err,
	    sizeof(err)), -1);
	ck_assert_msg(strstr(err, "without its closing") != NULL, "%s", err);
	/* A fallback language without any set is refused. */
	unlink(strcat(strcpy(line, dir), "/is.json"));
	src.fallback = "ro";
	ck_assert_int_eq(labels_from(&lb, &src, &ls, PRON_NONE, err,
	    sizeof(err)), -1);
	ck_assert_msg(strstr(err, "label_fallback: no label set for \"ro\"")
	    != NULL, "%s", err);
	rmdir(dir);
	labels_free(&en);
}
END_TEST

static Suite *
labels_suite(void)
{
	Suite	*s = suite_create("labels");
	TCase	*tc = tcase_create("labels");

	tcase_add_test(tc, shipped_sets_load);
	tcase_add_test(tc, pronoun_variants);
	tcase_add_test(tc, placeholders_and_missing_keys);
	tcase_add_test(tc, language_names_from_icu);
	tcase_add_test(tc, templates_name_profile_texts);
	tcase_add_test(tc, absent_settings_claim_nothing);
	tcase_add_test(tc, languages_setting);
	tcase_add_test(tc, stored_settings);
	tcase_add_test(tc, base_url_setting);
	tcase_add_test(tc, languages_option);
	tcase_add_test(tc, labels_follow_the_setting);
	tcase_add_test(tc, english_set_for_the_documents);
	tcase_add_test(tc, fallback_key_by_key);
	tcase_add_test(tc, regional_sets_by_fallback);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(labels_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
