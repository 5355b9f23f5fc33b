/*
 * check_json_yaml.c: a cJSON tree written as YAML (src/base/json_yaml.c,
 * issue 44), read back.  The YAML of /api/v1/openapi.yaml must load as
 * exactly its JSON in a YAML 1.1 reader (PyYAML, Ruby's Psych) and a 1.2
 * one, so each case's YAML is parsed with libyaml's parser and its plain
 * scalars resolved by both specifications' rules, written out below from
 * the YAML 1.1 type pages (yaml.org/type) and YAML 1.2's core schema
 * (10.3.2), never from what json_yaml.c does: a string one of them
 * resolves as another type, or that starts with an indicator, must come
 * back quoted; any document must come back equal.
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

#include "base/json_yaml.h"
#include "base/util.h"

enum schema {
	YAML11,
	YAML12,
	SCHEMA__MAX
};

enum type {
	T_STR,
	T_NULL,
	T_BOOL,
	T_INT,
	T_FLOAT,
	T_OTHER		/* YAML 1.1's timestamp, merge key or value key */
};

/* Each schema's implicit types, tried in order; T_STR when none. */
static const struct {
	enum schema	 schema;
	enum type	 type;
	const char	*re;
} rules[] = {
	/* YAML 1.1: yaml.org/type/{null,bool,int,float,timestamp,merge,
	 * value}.html. */
	{ YAML11, T_NULL, "^(~|null|Null|NULL|)$" },
	{ YAML11, T_BOOL, "^(y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|"
	    "false|False|FALSE|on|On|ON|off|Off|OFF)$" },
	{ YAML11, T_INT, "^[-+]?0b[0-1_]+$" },
	{ YAML11, T_INT, "^[-+]?0[0-7_]+$" },
	{ YAML11, T_INT, "^[-+]?(0|[1-9][0-9_]*)$" },
	{ YAML11, T_INT, "^[-+]?0x[0-9a-fA-F_]+$" },
	{ YAML11, T_INT, "^[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+$" },
	{ YAML11, T_FLOAT, "^[-+]?([0-9][0-9_]*)?\\.[0-9.]*"
	    "([eE][-+][0-9]+)?$" },
	{ YAML11, T_FLOAT, "^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\\.[0-9_]*$" },
	{ YAML11, T_FLOAT, "^[-+]?\\.(inf|Inf|INF)$" },
	{ YAML11, T_FLOAT, "^\\.(nan|NaN|NAN)$" },
	{ YAML11, T_OTHER, "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" },
	{ YAML11, T_OTHER, "^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt]|[ \t]+)"
	    "[0-9]{1,2}:[0-9]{2}:[0-9]{2}(\\.[0-9]*)?"
	    "([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?$" },
	{ YAML11, T_OTHER, "^<<$" },
	{ YAML11, T_OTHER, "^=$" },
	/* YAML 1.2.2, 10.3.2: the core schema. */
	{ YAML12, T_NULL, "^(null|Null|NULL|~|)$" },
	{ YAML12, T_BOOL, "^(true|True|TRUE|false|False|FALSE)$" },
	{ YAML12, T_INT, "^[-+]?[0-9]+$" },
	{ YAML12, T_INT, "^0o[0-7]+$" },
	{ YAML12, T_INT, "^0x[0-9a-fA-F]+$" },
	{ YAML12, T_FLOAT, "^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)"
	    "([eE][-+]?[0-9]+)?$" },
	{ YAML12, T_FLOAT, "^[-+]?\\.(inf|Inf|INF)$" },
	{ YAML12, T_FLOAT, "^\\.(nan|NaN|NAN)$" },
};

#define NRULES	(sizeof(rules) / sizeof(rules[0]))

static regex_t	 rule_re[NRULES];

static void
rules_compile(void)
{
	size_t	 i;

	for (i = 0; i < NRULES; i++)
		if (regcomp(&rule_re[i], rules[i].re, REG_EXTENDED |
		    REG_NOSUB) != 0)
			ck_abort_msg("rule %zu does not compile", i);
}

static void
rules_free(void)
{
	size_t	 i;

	for (i = 0; i < NRULES; i++)
		regfree(&rule_re[i]);
}

/* The type a plain scalar s resolves to under schema. */
static enum type
resolve(const char *s, enum schema schema)
{
	size_t	 i;

	for (i = 0; i < NRULES; i++)
		if (rules[i].schema == schema &&
		    regexec(&rule_re[i], s, 0, NULL, 0) == 0)
			return rules[i].type;
	return T_STR;
}

/*
 * Strings.  must_quote: 1 when no plain scalar can hold the string
 * (a type's form under either schema, an indicator first, a ": " or a
 * " #" inside, a space at either end); 0 when one may.
 */
static const struct {
	const char *s;
	int	 must_quote;
} strings[] = {
	/* Null, in both, and booleans (1.1's in any of its spellings). */
	{ "", 1 },
	{ "~", 1 },
	{ "Null", 1 },
	{ "true", 1 },
	{ "False", 1 },
	{ "yes", 1 },
	{ "No", 1 },
	{ "on", 1 },
	{ "OFF", 1 },
	{ "y", 1 },
	{ "N", 1 },
	/* Integers: decimal, hexadecimal, octal (1.2's and 1.1's), binary,
	 * 1.1's digit groups and base 60. */
	{ "0", 1 },
	{ "-17", 1 },
	{ "0x1F", 1 },
	{ "0o17", 1 },
	{ "017", 1 },
	{ "0b1010", 1 },
	{ "1_000", 1 },
	{ "190:20:30", 1 },
	/* Floats, infinity, not-a-number ("1e3" is one in 1.2 only). */
	{ "3.14", 1 },
	{ ".5", 1 },
	{ "1e3", 1 },
	{ "-.inf", 1 },
	{ ".NaN", 1 },
	/* YAML 1.1's timestamps, merge key and value key. */
	{ "2001-12-14", 1 },
	{ "2001-12-14 21:59:43.10 -5", 1 },
	{ "<<", 1 },
	{ "=", 1 },
	/* An indicator first (YAML 1.2, 5.3; "-", "?" and ":" only before
	 * a space), and what a plain scalar cannot hold. */
	{ "- a", 1 },
	{ "? a", 1 },
	{ ": a", 1 },
	{ ",a", 1 },
	{ "[a]", 1 },
	{ "]", 1 },
	{ "{a}", 1 },
	{ "}", 1 },
	{ "#a", 1 },
	{ "&a", 1 },
	{ "*a", 1 },
	{ "!a", 1 },
	{ "|a", 1 },
	{ ">a", 1 },
	{ "'a'", 1 },
	{ "\"a\"", 1 },
	{ "%a", 1 },
	{ "@a", 1 },
	{ "`a", 1 },
	{ "a: b", 1 },
	{ "a #b", 1 },
	{ " a", 1 },
	{ "a ", 1 },
	/* Strings in both: these may stay plain. */
	{ "hello world", 0 },
	{ "todos", 0 },
	{ "nullable", 0 },
	{ "-a", 0 },
	{ "a:b", 0 },
	{ "日本語", 0 },
};

/* Documents: each must come back as the same JSON. */
static const char *const docs[] = {
	/* Nesting, and empty collections. */
	"{\"a\":{\"b\":{\"c\":[1,[2,[]],{\"d\":\"e\"},{}]}}}",
	"{\"empty\":{},\"none\":[]}",
	"{}",
	"[]",
	/* Numbers: integers, to 2^53 - 1, floats, and beyond 2^53. */
	"{\"n\":[0,42,-17,9007199254740991,-9007199254740991]}",
	"{\"f\":[1.5,-0.25,0.1,3.141592653589793,1e-7,5e-324]}",
	"{\"big\":[1e17,-1e20,2e22,1e300,9007199254740993]}",
	/* Booleans and null. */
	"{\"t\":true,\"f\":false,\"z\":null,\"a\":[null,true]}",
	/* Strings one could take for other types, in a sequence. */
	"[\"yes\",\"1\",\"null\",\"~\",{\"on\":\"off\"},[\"- x\"]]",
	/* Line breaks: inside, at the end, twice, first, indented. */
	"{\"m\":\"line one\\nline two\",\"t\":\"ends\\n\","
	    "\"tt\":\"twice\\n\\n\",\"lead\":\"\\nafter\","
	    "\"sp\":\"  indented\\nnext\",\"yes\":\"yes\\nno\"}",
	/* Other scripts, as values and as keys. */
	"{\"ja\":\"日本語のテキスト\",\"ar\":\"مرحبا بالعالم\","
	    "\"mix\":\"東京: 1\",\"日本\":\"キー\",\"مفتاح\":\"قيمة\"}",
	/* Characters YAML escapes: a tab, a bell, NEL, U+2028, a BOM. */
	"{\"c\":\"tab\\there\",\"bel\":\"\\u0007\",\"nel\":\"a\\u0085b\","
	    "\"ls\":\"a\\u2028b\",\"bom\":\"\\ufeffx\"}",
	/* A scalar as the whole document. */
	"\"no\"",
	"3.5",
};

/*
 * Reads one node from p, the event ev its first, as JSON under schema.
 * NULL, with why, when it is not JSON's.
 */
static cJSON *
load_node(yaml_parser_t *p, yaml_event_t *ev, enum schema schema,
    char *why, size_t whylen)
{
	yaml_event_t e;
	cJSON	*n = NULL, *k = NULL, *v;
	char	 s[64];
	const char *val;
	size_t	 i, j;

	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		val = (const char *)ev->data.scalar.value;
		if (ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
			return cJSON_CreateString(val);
		switch (resolve(val, schema)) {
		case T_STR:
			return cJSON_CreateString(val);
		case T_NULL:
			return cJSON_CreateNull();
		case T_BOOL:
			/* y, yes, true, on; n, no, false, off. */
			return cJSON_CreateBool(strchr("yYtToO", val[0]) !=
			    NULL && strcasecmp(val, "off") != 0);
		case T_INT:
		case T_FLOAT:
			/* Decimal forms only: json_yaml writes no other. */
			for (i = j = 0; val[i] != '\0' && j < sizeof(s) - 1;
			    i++)
				if (val[i] != '_')
					s[j++] = val[i];
			s[j] = '\0';
			if (strcmp(s + (s[0] == '-' || s[0] == '+'), ".inf") ==
			    0 || strcasecmp(s, ".nan") == 0)
				return cJSON_CreateNumber(s[0] == '.' &&
				    s[1] == 'n' ? NAN : s[0] == '-' ?
				    -INFINITY : INFINITY);
			return cJSON_CreateNumber(strtod(s, NULL));
		default:
			snprintf(why, whylen, "plain \"%s\" is no JSON type",
			    val);
			return NULL;
		}
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		n = ev->type == YAML_SEQUENCE_START_EVENT ?
		    cJSON_CreateArray() : cJSON_CreateObject();
		for (;;) {
			if (!yaml_parser_parse(p, &e)) {
				snprintf(why, whylen, "parse: %s",
				    p->problem);
				goto fail;
			}
			if (e.type == YAML_SEQUENCE_END_EVENT ||
			    e.type == YAML_MAPPING_END_EVENT) {
				yaml_event_delete(&e);
				return n;
			}
			v = load_node(p, &e, schema, why, whylen);
			yaml_event_delete(&e);
			if (v == NULL)
				goto fail;
			if (cJSON_IsArray(n)) {
				cJSON_AddItemToArray(n, v);
				continue;
			}
			/* A key must come back a string. */
			if (!cJSON_IsString(v)) {
				snprintf(why, whylen, "a key is no string");
				cJSON_Delete(v);
				goto fail;
			}
			k = v;
			if (!yaml_parser_parse(p, &e)) {
				snprintf(why, whylen, "parse: %s",
				    p->problem);
				goto fail;
			}
			v = load_node(p, &e, schema, why, whylen);
			yaml_event_delete(&e);
			if (v == NULL)
				goto fail;
			cJSON_AddItemToObject(n, k->valuestring, v);
			cJSON_Delete(k);
			k = NULL;
		}
	default:
		snprintf(why, whylen, "event %d is no JSON", (int)ev->type);
		return NULL;
	}
fail:
	cJSON_Delete(k);
	cJSON_Delete(n);
	return NULL;
}

/* yaml as one JSON document under schema, or NULL with why. */
static cJSON *
load(const char *yaml, enum schema schema, char *why, size_t whylen)
{
	yaml_parser_t p;
	yaml_event_t e;
	cJSON	*doc = NULL;
	int	 step;

	if (!yaml_parser_initialize(&p))
		ck_abort_msg("yaml_parser_initialize");
	yaml_parser_set_input_string(&p, (const unsigned char *)yaml,
	    strlen(yaml));
	/* The stream, the document, one node, their ends. */
	for (step = 0; step < 5; step++) {
		if (!yaml_parser_parse(&p, &e)) {
			snprintf(why, whylen, "parse: %s at line %zu",
			    p.problem, p.problem_mark.line + 1);
			goto fail;
		}
		if (step == 2)
			doc = load_node(&p, &e, schema, why, whylen);
		else if (e.type != (step == 0 ? YAML_STREAM_START_EVENT :
		    step == 1 ? YAML_DOCUMENT_START_EVENT : step == 3 ?
		    YAML_DOCUMENT_END_EVENT : YAML_STREAM_END_EVENT))
			snprintf(why, whylen, "event %d at step %d",
			    (int)e.type, step);
		yaml_event_delete(&e);
		if (step == 2 ? doc == NULL : *why != '\0')
			goto fail;
	}
	yaml_parser_delete(&p);
	return doc;
fail:
	cJSON_Delete(doc);
	yaml_parser_delete(&p);
	return NULL;
}

/* Counts the scalars of yaml that are s, and those of them plain. */
static void
count_scalars(const char *yaml, const char *s, int *all, int *plain)
{
	yaml_parser_t p;
	yaml_event_t e;
	int	 done = 0;

	*all = *plain = 0;
	if (!yaml_parser_initialize(&p))
		ck_abort_msg("yaml_parser_initialize");
	yaml_parser_set_input_string(&p, (const unsigned char *)yaml,
	    strlen(yaml));
	while (!done && yaml_parser_parse(&p, &e)) {
		if (e.type == YAML_SCALAR_EVENT && e.data.scalar.length ==
		    strlen(s) && memcmp(e.data.scalar.value, s,
		    e.data.scalar.length) == 0) {
			(*all)++;
			if (e.data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
				(*plain)++;
		}
		done = e.type == YAML_STREAM_END_EVENT;
		yaml_event_delete(&e);
	}
	yaml_parser_delete(&p);
}

/* json_yaml(doc) loaded back under each schema equals doc. */
static void
round_trip(const cJSON *doc, struct buf *yaml)
{
	cJSON	*back;
	char	 why[256], *want;
	int	 sch;

	buf_init(yaml);
	ck_assert_int_eq(json_yaml(doc, yaml), 0);
	ck_assert_msg(!yaml->oom, "out of memory");
	for (sch = 0; sch < SCHEMA__MAX; sch++) {
		*why = '\0';
		back = load(buf_cstr(yaml), sch, why, sizeof(why));
		want = cJSON_PrintUnformatted(doc);
		ck_assert_msg(back != NULL, "YAML 1.%d: %s, in:\n%s",
		    sch == YAML11 ? 1 : 2, why, buf_cstr(yaml));
		ck_assert_msg(cJSON_Compare(doc, back, 1), "YAML 1.%d: %s "
		    "came back from:\n%s", sch == YAML11 ? 1 : 2, want,
		    buf_cstr(yaml));
		free(want);
		cJSON_Delete(back);
	}
}

/*
 * Each string as a value and as a key: back the same under both
 * schemas, once, and quoted where no plain scalar may hold it.
 */
START_TEST(yaml_string)
{
	const char *s = strings[_i].s;
	cJSON	*doc;
	struct buf yaml;
	int	 k, all, plain, sch;

	/* The table is the rules': a type's form resolves to it. */
	for (sch = 0; sch < SCHEMA__MAX; sch++)
		if (resolve(s, sch) != T_STR)
			ck_assert_msg(strings[_i].must_quote,
			    "\"%s\" resolves in YAML 1.%d", s, sch + 1);
	for (k = 0; k < 2; k++) {
		doc = cJSON_CreateObject();
		if (k == 0)
			cJSON_AddStringToObject(doc, "k", s);
		else
			cJSON_AddStringToObject(doc, s, "v");
		round_trip(doc, &yaml);
		count_scalars(buf_cstr(&yaml), s, &all, &plain);
		ck_assert_msg(all == 1, "\"%s\": %d times in:\n%s", s, all,
		    buf_cstr(&yaml));
		if (strings[_i].must_quote)
			ck_assert_msg(plain == 0, "\"%s\" plain in:\n%s", s,
			    buf_cstr(&yaml));
		buf_free(&yaml);
		cJSON_Delete(doc);
	}
}
END_TEST

START_TEST(yaml_doc)
{
	cJSON	*doc;
	struct buf yaml;

	ck_assert_ptr_nonnull(doc = cJSON_Parse(docs[_i]));
	round_trip(doc, &yaml);
	buf_free(&yaml);
	cJSON_Delete(doc);
}
END_TEST

/* Block style (json_yaml.h), indented by two spaces: no flow collection
 * but an empty one. */
START_TEST(yaml_block)
{
	cJSON	*doc;
	struct buf yaml;

	doc = cJSON_Parse("{\"a\":{\"b\":[1,{\"x\":\"y\"}]},\"c\":[]}");
	ck_assert_ptr_nonnull(doc);
	buf_init(&yaml);
	ck_assert_int_eq(json_yaml(doc, &yaml), 0);
	ck_assert_msg(strstr(buf_cstr(&yaml), "\na:\n  b:\n") != NULL ||
	    strncmp(buf_cstr(&yaml), "a:\n  b:\n", 8) == 0,
	    "not block style:\n%s", buf_cstr(&yaml));
	ck_assert_msg(strchr(buf_cstr(&yaml), '{') == NULL,
	    "a flow mapping:\n%s", buf_cstr(&yaml));
	ck_assert_msg(strstr(buf_cstr(&yaml), "c: []") != NULL,
	    "the empty sequence:\n%s", buf_cstr(&yaml));
	buf_free(&yaml);
	cJSON_Delete(doc);
}
END_TEST

static Suite *
json_yaml_suite(void)
{
	Suite	*s = suite_create("json_yaml");
	TCase	*tc = tcase_create("json_yaml");

	tcase_add_checked_fixture(tc, rules_compile, rules_free);
	tcase_add_loop_test(tc, yaml_string, 0,
	    (int)(sizeof(strings) / sizeof(strings[0])));
	tcase_add_loop_test(tc, yaml_doc, 0,
	    (int)(sizeof(docs) / sizeof(docs[0])));
	tcase_add_test(tc, yaml_block);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(json_yaml_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
