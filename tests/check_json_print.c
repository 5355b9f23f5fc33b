/*
 * check_json_print.c: json_print (src/base/json.c) writes the same
 * bytes as cJSON_Print and cJSON_PrintUnformatted: for the demo's
 * content files, for the values at the edges (empty containers, a
 * string member without its string, raw JSON, numbers cJSON prints
 * with 15 or 17 digits, NaN), and for 300 random trees whose strings
 * hold every byte from 1 to 255; and buf_json_string, which escapes
 * the same bytes but two (\b, \f) the same way.
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"

/* Whether json_print writes what cJSON does for o, both ways. */
static void
same(const cJSON *o, const char *what)
{
	struct buf b;
	char	*want;
	int	 format;

	for (format = 0; format <= 1; format++) {
		want = format ? cJSON_Print(o) : cJSON_PrintUnformatted(o);
		ck_assert_ptr_nonnull(want);
		buf_init(&b);
		buf_puts(&b, "before");
		ck_assert_int_eq(json_print(o, format, &b), 0);
		ck_assert_msg(b.len == 6 + strlen(want) &&
		    memcmp(b.data, "before", 6) == 0 &&
		    strcmp(b.data + 6, want) == 0, "%s (format %d): "
		    "json_print wrote\n%s\ncJSON\n%s", what, format,
		    b.data + 6, want);
		buf_free(&b);
		cJSON_free(want);
	}
}

START_TEST(json_print_content)
{
	DIR	*d;
	struct dirent *e;
	FILE	*f;
	cJSON	*o;
	char	 path[4096], *text;
	long	 n;
	int	 files = 0;

	ck_assert_ptr_nonnull(d = opendir(TEST_CONTENT_DIR));
	while ((e = readdir(d)) != NULL) {
		if (strlen(e->d_name) < 6 || strcmp(e->d_name +
		    strlen(e->d_name) - 5, ".json") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", TEST_CONTENT_DIR,
		    e->d_name);
		ck_assert_ptr_nonnull(f = fopen(path, "rb"));
		ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
		ck_assert_int_gt(n = ftell(f), 0);
		rewind(f);
		ck_assert_ptr_nonnull(text = malloc((size_t)n + 1));
		ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
		text[n] = '\0';
		fclose(f);
		ck_assert_ptr_nonnull(o = cJSON_Parse(text));
		same(o, path);
		cJSON_Delete(o);
		free(text);
		files++;
	}
	closedir(d);
	ck_assert_int_ge(files, 8);
}
END_TEST

START_TEST(json_print_edges)
{
	static const double nums[] = { 0, -0.0, 1, -1, 0.1, 1.0 / 3,
	    1e300, -2.5e-300, 9007199254740993.0, 123456789012345678.0,
	    2147483648.0, 0.30000000000000004 };
	cJSON	*o, *a, *in;
	size_t	 i;

	ck_assert_ptr_nonnull(o = cJSON_CreateObject());
	cJSON_AddItemToObject(o, "empty", cJSON_CreateObject());
	cJSON_AddItemToObject(o, "none", cJSON_CreateArray());
	ck_assert_ptr_nonnull(a = cJSON_AddArrayToObject(o, "deep"));
	cJSON_AddItemToArray(a, cJSON_CreateObject());
	cJSON_AddItemToArray(a, cJSON_CreateArray());
	ck_assert_ptr_nonnull(in = cJSON_CreateObject());
	cJSON_AddItemToObject(in, "x", cJSON_CreateArray());
	cJSON_AddItemToObject(in, "y", cJSON_CreateObject());
	cJSON_AddItemToArray(a, in);
	cJSON_AddItemToObject(o, "raw", cJSON_CreateRaw("{\"r\": [1,2]}"));
	cJSON_AddItemToObject(o, "null", cJSON_CreateNull());
	cJSON_AddItemToObject(o, "t", cJSON_CreateTrue());
	cJSON_AddItemToObject(o, "f", cJSON_CreateFalse());
	cJSON_AddItemToObject(o, "nan", cJSON_CreateNumber(NAN));
	cJSON_AddItemToObject(o, "inf", cJSON_CreateNumber(-INFINITY));
	ck_assert_ptr_nonnull(a = cJSON_AddArrayToObject(o, "numbers"));
	for (i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber(nums[i]));
	/* A string member whose string was taken away prints as "". */
	ck_assert_ptr_nonnull(in = cJSON_CreateString("gone"));
	cJSON_free(in->valuestring);
	in->valuestring = NULL;
	cJSON_AddItemToObject(o, "no string", in);
	cJSON_AddItemToObject(o, "esc\"\\\b\f\n\r\t\x01\x1f\x7f/",
	    cJSON_CreateString("\x01 \"q\" \\ \t\n\xc3\xa9 \xe2\x80\xa8 "
	    "\x7f </script>"));
	same(o, "edges");
	same(cJSON_GetObjectItem(o, "numbers"), "an array alone");
	same(cJSON_GetObjectItem(o, "raw"), "raw alone");
	cJSON_Delete(o);
}
END_TEST

/*
 * Every byte from 1 to 255 inside a string: buf_cjson_string writes
 * what cJSON writes, and buf_json_string the same but for \b and \f,
 * which it writes as \u0008 and \u000c.
 */
START_TEST(json_string_each_byte)
{
	struct buf j, cj;
	cJSON	*o;
	char	 s[4], *want, alt[16];
	int	 c;

	for (c = 1; c < 256; c++) {
		snprintf(s, sizeof(s), "a%cz", c);
		ck_assert_ptr_nonnull(o = cJSON_CreateString(s));
		ck_assert_ptr_nonnull(want = cJSON_PrintUnformatted(o));
		buf_init(&j);
		buf_init(&cj);
		buf_json_string(&j, s, 3);
		buf_cjson_string(&cj, s, 3);
		ck_assert_msg(strcmp(buf_cstr(&cj), want) == 0, "byte %d: %s "
		    "against cJSON's %s", c, buf_cstr(&cj), want);
		if (c == '\b' || c == '\f') {
			snprintf(alt, sizeof(alt), "\"a\\u%04xz\"", c);
			ck_assert_str_eq(buf_cstr(&j), alt);
		} else
			ck_assert_str_eq(buf_cstr(&j), want);
		buf_free(&j);
		buf_free(&cj);
		cJSON_free(want);
		cJSON_Delete(o);
	}
}
END_TEST

static uint32_t
next(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

/* A random string of up to 12 bytes, each from 1 to 255. */
static void
random_string(uint32_t *x, char *s)
{
	int	 i, n = (int)(next(x) % 13);

	for (i = 0; i < n; i++)
		s[i] = (char)(1 + next(x) % 255);
	s[n] = '\0';
}

/* A random value, containers down to depth levels. */
static cJSON *
random_value(uint32_t *x, int depth)
{
	cJSON	*o;
	char	 s[16];
	int	 i, n, kind = (int)(next(x) % (depth > 0 ? 8 : 6));

	switch (kind) {
	case 0:
		return cJSON_CreateNull();
	case 1:
		return cJSON_CreateBool(next(x) % 2);
	case 2:
		return cJSON_CreateNumber((double)(int32_t)next(x) /
		    (double)(1 + next(x) % 1000));
	case 3:
		return cJSON_CreateNumber((double)next(x) * 1e6);
	case 4:
	case 5:
		random_string(x, s);
		return cJSON_CreateString(s);
	case 6:
		o = cJSON_CreateArray();
		n = (int)(next(x) % 5);
		for (i = 0; i < n; i++)
			cJSON_AddItemToArray(o, random_value(x, depth - 1));
		return o;
	default:
		o = cJSON_CreateObject();
		n = (int)(next(x) % 5);
		for (i = 0; i < n; i++) {
			random_string(x, s);
			cJSON_AddItemToObject(o, s, random_value(x, depth - 1));
		}
		return o;
	}
}

START_TEST(json_print_random)
{
	uint32_t x = 2463534242u + (uint32_t)_i;
	cJSON	*o;
	char	 what[32];

	ck_assert_ptr_nonnull(o = cJSON_CreateObject());
	cJSON_AddItemToObject(o, "v", random_value(&x, 6));
	cJSON_AddItemToObject(o, "w", random_value(&x, 6));
	snprintf(what, sizeof(what), "seed %d", _i);
	same(o, what);
	cJSON_Delete(o);
}
END_TEST

static Suite *
json_print_suite(void)
{
	Suite	*s = suite_create("json_print");
	TCase	*tc = tcase_create("json_print");

	tcase_add_test(tc, json_print_content);
	tcase_add_test(tc, json_print_edges);
	tcase_add_test(tc, json_string_each_byte);
	tcase_add_loop_test(tc, json_print_random, 0, 300);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(json_print_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
