/*
 * check_request.c: request parsing, strict numbers, percent-decoding
 * and negotiation (language, markdown, Accept-Encoding and the variant
 * it chooses).
 */
#include "config.h"

#include <check.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <brotli/decode.h>
#include <brotli/encode.h>
#include <libdeflate.h>
#include <zlib.h>

#include "base/dedup.h"
#include "http/encoding.h"
#include "http/request.h"

#define LANG_ES ((enum lang)0)	/* langs_fallback: es, en */
#define LANG_EN ((enum lang)1)

static struct arena A;

static void
setup(void)
{
	arena_init(&A, 4096);
}

static void
teardown(void)
{
	arena_free(&A);
}

/* utf8_count (util.h): code points, not bytes, within the n given. */
START_TEST(utf8_count_code_points)
{
	const char *s = "a\xc3\xb1o \xe2\x9c\x93 \xf0\x9f\x98\x80!";

	ck_assert_uint_eq(utf8_count("", 0), 0);
	ck_assert_uint_eq(utf8_count(s, strlen(s)), 8);
	ck_assert_uint_eq(utf8_count(s, 3), 2);	/* "añ" */
	ck_assert_uint_eq(utf8_count("ab\0cd", 5), 5);
}
END_TEST

/* Strings are packed byte after byte; anything else starts aligned for
 * any type, after a string too; a request larger than a block gets a
 * block of its own and the partly used one goes on filling. */
START_TEST(arena_packs_strings_aligns_the_rest)
{
	const size_t al = _Alignof(max_align_t);
	struct arena a;
	char	*s1, *s2, *s3, *big;
	void	*p;

	arena_init(&a, 64);
	s1 = arena_strndup(&a, "abc", 3);
	s2 = arena_strndup(&a, "de", 2);
	ck_assert_str_eq(s1, "abc");
	ck_assert_str_eq(s2, "de");
	ck_assert_ptr_eq(s2, s1 + 4);
	p = arena_alloc(&a, 8);
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq((uintptr_t)p % al, 0);
	ck_assert_ptr_eq(p, s1 + al);
	big = arena_strndup(&a, "0123456789012345678901234567890123456789"
	    "0123456789012345678901234567890123456789", 80);
	ck_assert_uint_eq(strlen(big), 80);
	s3 = arena_strndup(&a, "f", 1);
	ck_assert_ptr_eq(s3, (char *)p + 8);
	/* Fill the head block to its last byte: the next string takes a
	 * new one. */
	p = arena_alloc(&a, 64 - 2 * al);
	ck_assert_ptr_eq(p, s1 + 2 * al);
	s3 = arena_strndup(&a, "g", 1);
	ck_assert_str_eq(s3, "g");
	ck_assert_uint_eq((uintptr_t)s3 % al, 0);
	ck_assert_str_eq(s1, "abc");
	ck_assert_str_eq(s2, "de");
	arena_free(&a);
}
END_TEST

/* str_first_equal: each string's first earlier equal one, in order;
 * NULL stands for none and equals nothing. */
START_TEST(first_equal_strings)
{
	const char *s[] = { "b", "a", NULL, "b", "c", "a", "b", NULL };
	long	 want[] = { -1, -1, -1, 0, -1, 1, 0, -1 };
	long	 first[8];
	size_t	 i;

	ck_assert_int_eq(str_first_equal(s, 8, first), 0);
	for (i = 0; i < 8; i++)
		ck_assert_msg(first[i] == want[i], "string %zu: %ld, not %ld",
		    i, first[i], want[i]);
	ck_assert_int_eq(str_first_equal(s, 0, first), 0);
}
END_TEST

START_TEST(uint_accepts_plain_decimal)
{
	long	 v = -1;

	ck_assert_int_eq(req_parse_uint("5", 1, 1, 100, &v), 0);
	ck_assert_int_eq(v, 5);
	ck_assert_int_eq(req_parse_uint("100", 3, 1, 100, &v), 0);
	ck_assert_int_eq(v, 100);
	ck_assert_int_eq(req_parse_uint("0", 1, 0, 1000, &v), 0);
	ck_assert_int_eq(v, 0);
	ck_assert_int_eq(req_parse_uint("007", 3, 1, 100, &v), 0);
	ck_assert_int_eq(v, 7);
}
END_TEST

START_TEST(uint_rejects_everything_else)
{
	static const char *const bad[] = {
		"", "abc", "1.5", "-1", "+5", " 5", "5 ", "0x10", "1e2",
		"5abc", "101", "0", "123456789012345678901234567890",
		"9223372036854775808", "\xef\xbc\x95" /* fullwidth 5 */,
	};
	size_t	 i;
	long	 v = 42;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(req_parse_uint(bad[i], strlen(bad[i]), 1, 100,
		    &v) == -1, "accepted '%s'", bad[i]);
		ck_assert_int_eq(v, 42);
	}
}
END_TEST

START_TEST(decode_percent_and_plus)
{
	char	*out;
	size_t	 n;

	ck_assert_int_eq(req_decode("dise%C3%B1o+web", 15, 1, &A, &out,
	    &n), 0);
	ck_assert_str_eq(out, "dise\xc3\xb1o web");
	ck_assert_uint_eq(n, strlen("dise\xc3\xb1o web"));
	ck_assert_int_eq(req_decode("a+b", 3, 0, &A, &out, &n), 0);
	ck_assert_str_eq(out, "a+b");
	ck_assert_int_eq(req_decode("%2e%2e%2f", 9, 1, &A, &out, &n), 0);
	ck_assert_str_eq(out, "../");
	ck_assert_int_eq(req_decode("%252e", 5, 1, &A, &out, &n), 0);
	ck_assert_str_eq(out, "%2e");
}
END_TEST

START_TEST(decode_rejects_malformed)
{
	static const char *const bad[] = {
		"%", "%4", "%G0", "a%", "%00", "%C3%28", "%FF", "%C0%AE",
		"%ED%A0%80" /* surrogate */, "%F4%90%80%80" /* > U+10FFFF */,
		"%E2%82" /* truncated */, "\xff",
	};
	size_t	 i, n;
	char	*out;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(req_decode(bad[i], strlen(bad[i]), 1, &A, &out,
		    &n) == -1, "accepted '%s'", bad[i]);
}
END_TEST

START_TEST(query_known_unknown_and_duplicates)
{
	struct request r;

	memset(&r, 0, sizeof(r));
	ck_assert_int_eq(req_parse_query(&r,
	    "limit=5&&foo=bar&=x&offset&q=a&q=b&lang=en;x=1", &A), REQ_OK);
	ck_assert_str_eq(r.param[PARAM_LIMIT].value, "5");
	ck_assert_int_eq(r.param[PARAM_LIMIT].count, 1);
	ck_assert_str_eq(r.param[PARAM_OFFSET].value, "");
	ck_assert_int_eq(r.param[PARAM_Q].count, 2);
	ck_assert_str_eq(r.param[PARAM_Q].value, "a");
	/* ';' is not a separator: the value of lang is "en;x=1". */
	ck_assert_str_eq(r.param[PARAM_LANG].value, "en;x=1");

	memset(&r, 0, sizeof(r));
	ck_assert_int_eq(req_parse_query(&r, "x=%G0", &A), REQ_BAD_QUERY);
	ck_assert_str_eq(r.bad_key, "x=%G0");
	memset(&r, 0, sizeof(r));
	ck_assert_int_eq(req_parse_query(&r, "q=%00", &A), REQ_BAD_QUERY);
}
END_TEST

START_TEST(parse_environment)
{
	char	*env[] = {
		"REQUEST_METHOD=HEAD", "DOCUMENT_URI=/api/v1/profile",
		"QUERY_STRING=lang=en", "HTTP_ACCEPT_LANGUAGE=es",
		"HTTP_IF_NONE_MATCH=\"x\"", NULL
	};
	char	*apache[] = {
		"REQUEST_METHOD=GET", "SCRIPT_NAME=", "PATH_INFO=/api/v1/about",
		NULL
	};
	char	*raw[] = {
		"REQUEST_METHOD=DELETE", "REQUEST_URI=/api/v1/%70rofile?x=1",
		NULL
	};
	char	*nomethod[] = { "DOCUMENT_URI=/", NULL };
	char	*badpath[] = { "REQUEST_METHOD=GET",
		"DOCUMENT_URI=/api/\xc3\x28", NULL };
	struct request r;

	ck_assert_int_eq(req_parse(&r, env, &A), REQ_OK);
	ck_assert_int_eq(r.method, METHOD_HEAD);
	ck_assert_str_eq(r.path, "/api/v1/profile");
	ck_assert_str_eq(r.param[PARAM_LANG].value, "en");
	ck_assert_str_eq(r.accept_language, "es");
	ck_assert_str_eq(r.if_none_match, "\"x\"");

	ck_assert_int_eq(req_parse(&r, apache, &A), REQ_OK);
	ck_assert_str_eq(r.path, "/api/v1/about");

	ck_assert_int_eq(req_parse(&r, raw, &A), REQ_OK);
	ck_assert_int_eq(r.method, METHOD_OTHER);
	ck_assert_str_eq(r.method_name, "DELETE");
	ck_assert_str_eq(r.path, "/api/v1/profile");

	ck_assert_int_eq(req_parse(&r, nomethod, &A), REQ_BAD_METHOD);
	ck_assert_int_eq(req_parse(&r, badpath, &A), REQ_BAD_PATH);
	ck_assert_int_eq(req_parse(&r, NULL, &A), REQ_BAD_METHOD);
}
END_TEST

START_TEST(negotiate_language)
{
	static const struct {
		const char *header;
		enum lang want;
	} t[] = {
		{ NULL, LANG_ES },
		{ "", LANG_ES },
		{ "en", LANG_EN },
		{ "EN-us", LANG_EN },
		{ "en-GB,en;q=0.9", LANG_EN },
		{ "fr, en;q=0.5", LANG_EN },
		{ "fr", LANG_ES },
		{ "es;q=0.1, en;q=0.9", LANG_EN },
		{ "en;q=0", LANG_ES },
		{ "en;q=0.5, es;q=0.5", LANG_EN },	/* first wins a tie */
		{ "en;q=abc", LANG_ES },		/* malformed: ignored */
		{ "en;q=1.5", LANG_ES },
		{ "*", LANG_ES },
		{ ",,,;;;q=,en", LANG_EN },
		{ "de-DE;q=0.9, *;q=0.1, en;q=0.2", LANG_EN },
	};
	size_t	 i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		ck_assert_msg(req_negotiate_lang(t[i].header,
		    &langs_fallback) == t[i].want,
		    "Accept-Language '%s'", t[i].header ? t[i].header : "NULL");
}
END_TEST

START_TEST(negotiate_language_hostile_header)
{
	struct buf b;
	int	 i;

	buf_init(&b);
	for (i = 0; i < 800; i++)
		buf_printf(&b, "x%d;q=0.%03d, ", i, i % 1000);
	buf_puts(&b, "en");
	/* Only the first 64 ranges are read: English is never reached. */
	ck_assert_int_eq(req_negotiate_lang(buf_cstr(&b), &langs_fallback),
	    LANG_ES);
	buf_free(&b);
}
END_TEST

/* Negotiation among a configured set: any language of it, the first
 * one the default; lang_find and lang_list follow the set. */
START_TEST(negotiate_configured_set)
{
	static const struct langs three = { 3, { "es", "en", "fr" } };
	static const struct langs one = { 1, { "en" } };
	char	 list[64];

	ck_assert_int_eq(req_negotiate_lang("fr", &three), 2);
	ck_assert_int_eq(req_negotiate_lang("fr-CA, en;q=0.5", &three), 2);
	ck_assert_int_eq(req_negotiate_lang("de, en;q=0.1", &three), 1);
	ck_assert_int_eq(req_negotiate_lang("de", &three), 0);
	ck_assert_int_eq(req_negotiate_lang("fr", &langs_fallback), 0);
	ck_assert_int_eq(req_negotiate_lang("es", &one), 0);
	ck_assert_int_eq(lang_find(&three, "fr", 2), 2);
	ck_assert_int_eq(lang_find(&three, "f", 1), -1);
	ck_assert_int_eq(lang_find(&one, "es", 2), -1);
	lang_list(&three, " or ", list, sizeof(list));
	ck_assert_str_eq(list, "es, en or fr");
	lang_list(&langs_fallback, " or ", list, sizeof(list));
	ck_assert_str_eq(list, "es or en");
	lang_list(&one, " or ", list, sizeof(list));
	ck_assert_str_eq(list, "en");
}
END_TEST

/*
 * Language tags with a region or a script (lang_set): lang= and
 * Accept-Language match them without regard to case, the tag itself
 * before a range under a configured tag ("en-GB" for en) before the
 * same language alone; the site path prefix is the tag in lower case.
 */
START_TEST(negotiate_regional_tags)
{
	struct langs ls = { 0 };
	char	 buf[64];

	lang_set(&ls, 0, "hi");
	lang_set(&ls, 1, "en-IN");
	lang_set(&ls, 2, "en");
	lang_set(&ls, 3, "zh-Hant-TW");
	ls.n = 4;
	ck_assert_str_eq(lang_code(&ls, 1), "en-IN");
	ck_assert_str_eq(lang_prefix(&ls, 1), "en-in");
	ck_assert_str_eq(lang_prefix(&ls, 3), "zh-hant-tw");
	ck_assert_int_eq(lang_match(&ls, "en-IN", 5), 1);
	ck_assert_int_eq(lang_match(&ls, "en-in", 5), 1);
	ck_assert_int_eq(lang_match(&ls, "EN-IN", 5), 1);
	ck_assert_int_eq(lang_match(&ls, "ZH-hant-tw", 10), 3);
	ck_assert_int_eq(lang_match(&ls, "en-I", 4), -1);
	ck_assert_int_eq(lang_match(&ls, "zh", 2), -1);
	ck_assert_int_eq(lang_find(&ls, "en-in", 5), -1);
	ck_assert_int_eq(req_negotiate_lang("en-IN", &ls), 1);
	ck_assert_int_eq(req_negotiate_lang("en-in", &ls), 1);
	ck_assert_int_eq(req_negotiate_lang("en", &ls), 2);
	ck_assert_int_eq(req_negotiate_lang("en-GB", &ls), 2);
	ck_assert_int_eq(req_negotiate_lang("en-IN-x-foo", &ls), 1);
	ck_assert_int_eq(req_negotiate_lang("zh-TW", &ls), 3);
	ck_assert_int_eq(req_negotiate_lang("de, en-US;q=0.5", &ls), 2);
	ck_assert_int_eq(req_negotiate_lang("en-GB, en-IN", &ls), 2);
	ck_assert_int_eq(req_negotiate_lang("en-GB;q=0.4, en-IN", &ls), 1);
	ls.n = 2;	/* hi, en-IN: any English reaches en-IN */
	ck_assert_int_eq(req_negotiate_lang("en-US, hi;q=0.5", &ls), 1);
	ck_assert_int_eq(req_negotiate_lang("en", &ls), 1);
	ck_assert_str_eq(lang_path(&ls, 1, "/cv", buf, sizeof(buf)),
	    "/en-in/cv");
	ck_assert_str_eq(lang_path(&ls, 0, "/cv", buf, sizeof(buf)), "/cv");
}
END_TEST

START_TEST(accept_markdown)
{
	ck_assert_int_eq(req_accepts_markdown(NULL), 0);
	ck_assert_int_eq(req_accepts_markdown("text/markdown"), 1);
	ck_assert_int_eq(req_accepts_markdown("text/html, text/markdown"), 1);
	ck_assert_int_eq(req_accepts_markdown(
	    "text/html;q=1, text/markdown;q=0.5"), 0);
	ck_assert_int_eq(req_accepts_markdown("text/markdown;q=0"), 0);
	ck_assert_int_eq(req_accepts_markdown("*/*"), 0);
}
END_TEST

/* Accept-Encoding: the weight of identity, gzip and br (thousandths). */
START_TEST(accept_encoding_weights)
{
	static const struct {
		const char *header;
		int	 identity, gzip, br;
	} t[] = {
		{ NULL, 1000, 0, 0 },			/* no preference */
		{ "", 1, 0, 0 },			/* no coding wanted */
		{ "gzip", 1, 1000, 0 },
		{ "br", 1, 0, 1000 },
		{ "gzip, deflate, br, zstd", 1, 1000, 1000 },
		{ "GZIP, Br", 1, 1000, 1000 },		/* any case */
		{ "x-gzip", 1, 1000, 0 },
		{ "br;q=0, gzip", 1, 1000, 0 },
		{ "gzip;q=0", 1, 0, 0 },
		{ "identity", 1000, 0, 0 },
		{ "identity;q=0", 0, 0, 0 },
		{ "*", 1000, 1000, 1000 },
		{ "*;q=0", 0, 0, 0 },
		{ "*;q=0, identity", 1000, 0, 0 },
		{ "*;q=0.5, gzip;q=0.8", 500, 800, 500 },
		{ "br;q=0.5, gzip;q=0.8", 1, 800, 500 },
		{ "gzip ; Q=0.250 , br;q=1.000", 1, 250, 1000 },
		{ "gzip;q=0.2, gzip;q=0.9", 1, 200, 0 },	/* first wins */
		{ " , gzip,, ,br ,", 1, 1000, 1000 },	/* empty elements */
		{ "compress, deflate", 1, 0, 0 },		/* unknown codings */
		{ "gzip;q=0.", 1, 0, 0 },		/* "0." is a weight */
		/* malformed: identity only, as without the header */
		{ "gzip;q=1.5", 1000, 0, 0 },
		{ "gzip;q=abc", 1000, 0, 0 },
		{ "gzip;q=", 1000, 0, 0 },
		{ "gzip;level=9", 1000, 0, 0 },
		{ "gzip;q=0.5;x=1", 1000, 0, 0 },
		{ "gzip br", 1000, 0, 0 },
		{ "gzip, b@r", 1000, 0, 0 },
		{ ";q=1", 1000, 0, 0 },
		{ "gzip;q=0.0001", 1000, 0, 0 },
		{ "br;q=-1", 1000, 0, 0 },
	};
	int	 q[CODING__MAX];
	size_t	 i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		req_accept_encoding(t[i].header, q);
		ck_assert_msg(q[CODING_IDENTITY] == t[i].identity &&
		    q[CODING_GZIP] == t[i].gzip && q[CODING_BR] == t[i].br,
		    "Accept-Encoding '%s': identity %d gzip %d br %d, "
		    "expected %d %d %d", t[i].header ? t[i].header : "NULL",
		    q[CODING_IDENTITY], q[CODING_GZIP], q[CODING_BR],
		    t[i].identity, t[i].gzip, t[i].br);
	}
}
END_TEST

START_TEST(accept_encoding_hostile_header)
{
	struct buf b;
	int	 q[CODING__MAX], i;

	/* Long, but read once: the last element still counts. */
	buf_init(&b);
	for (i = 0; i < 20000; i++)
		buf_printf(&b, "x%d;q=0.%03d, ", i, i % 1000);
	buf_puts(&b, "br");
	req_accept_encoding(buf_cstr(&b), q);
	ck_assert_int_eq(q[CODING_BR], 1000);
	/* One bad byte at the end spoils the whole header. */
	buf_puts(&b, "\x01");
	req_accept_encoding(buf_cstr(&b), q);
	ck_assert_int_eq(q[CODING_BR], 0);
	ck_assert_int_eq(q[CODING_IDENTITY], 1000);
	buf_free(&b);
}
END_TEST

/* The variant chosen, with both compressed variants kept or only some. */
START_TEST(encoding_choice)
{
	static const struct {
		const char *header;
		enum coding both, gzip_only, none;
	} t[] = {
		{ NULL, CODING_IDENTITY, CODING_IDENTITY, CODING_IDENTITY },
		{ "gzip, deflate, br", CODING_BR, CODING_GZIP, CODING_IDENTITY },
		{ "gzip", CODING_GZIP, CODING_GZIP, CODING_IDENTITY },
		{ "br", CODING_BR, CODING_IDENTITY, CODING_IDENTITY },
		{ "br;q=0, gzip", CODING_GZIP, CODING_GZIP, CODING_IDENTITY },
		{ "gzip;q=0", CODING_IDENTITY, CODING_IDENTITY,
		    CODING_IDENTITY },
		{ "identity", CODING_IDENTITY, CODING_IDENTITY,
		    CODING_IDENTITY },
		{ "*", CODING_BR, CODING_GZIP, CODING_IDENTITY },
		{ "*;q=0, identity", CODING_IDENTITY, CODING_IDENTITY,
		    CODING_IDENTITY },
		{ "gzip;q=1, br;q=0.5", CODING_GZIP, CODING_GZIP,
		    CODING_IDENTITY },
		{ "identity;q=1, gzip;q=0.5", CODING_IDENTITY,
		    CODING_IDENTITY, CODING_IDENTITY },
		{ "gzip;q=0.001", CODING_GZIP, CODING_GZIP, CODING_IDENTITY },
		/* nothing acceptable: identity all the same */
		{ "*;q=0", CODING_IDENTITY, CODING_IDENTITY, CODING_IDENTITY },
		{ "identity;q=0, br", CODING_BR, CODING_IDENTITY,
		    CODING_IDENTITY },
	};
	struct rendered both, gz, none;
	char	 x = 'x';
	size_t	 i;

	memset(&both, 0, sizeof(both));
	memset(&gz, 0, sizeof(gz));
	memset(&none, 0, sizeof(none));
	both.cdata[CODING_GZIP] = both.cdata[CODING_BR] = &x;
	gz.cdata[CODING_GZIP] = &x;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		ck_assert_msg(enc_choose(&both, t[i].header) == t[i].both,
		    "'%s' with gzip and br", t[i].header);
		ck_assert_msg(enc_choose(&gz, t[i].header) == t[i].gzip_only,
		    "'%s' with gzip only", t[i].header);
		ck_assert_msg(enc_choose(&none, t[i].header) == t[i].none,
		    "'%s' with no variant", t[i].header);
	}
}
END_TEST

/* enc_keep: the tags, and a gzip variant that inflates to the bytes. */
START_TEST(encoding_keep)
{
	struct rendered r;
	struct buf b;
	char	 tag[24], out[8192];
	z_stream zs;
	int	 i;

	buf_init(&b);
	for (i = 0; i < 200; i++)
		buf_printf(&b, "{\"n\":%d,\"text\":\"the same words\"}\n", i);
	buf_cstr(&b);
	i = (int)b.len;
	ck_assert_int_eq(enc_keep(&r, buf_detach(&b), (size_t)i, NULL), 0);
	ck_assert_ptr_nonnull(r.cdata[CODING_GZIP]);
	ck_assert_ptr_nonnull(r.cdata[CODING_BR]);
	ck_assert_uint_lt(r.clen[CODING_BR], r.len);
	ck_assert_int_eq(enc_tag(tag, sizeof(tag), r.etag, CODING_BR), 0);
	ck_assert_uint_eq(strlen(tag), strlen(r.etag) + 3);
	ck_assert(strncmp(tag, r.etag, strlen(r.etag) - 1) == 0);
	ck_assert_str_eq(tag + strlen(r.etag) - 1, "-br\"");
	ck_assert_int_eq(enc_tag(tag, sizeof(tag), "W/\"x\"", CODING_GZIP),
	    -1);

	memset(&zs, 0, sizeof(zs));
	ck_assert_int_eq(inflateInit2(&zs, 15 + 16), Z_OK);
	zs.next_in = (Bytef *)r.cdata[CODING_GZIP];
	zs.avail_in = (uInt)r.clen[CODING_GZIP];
	zs.next_out = (Bytef *)out;
	zs.avail_out = sizeof(out);
	ck_assert_int_eq(inflate(&zs, Z_FINISH), Z_STREAM_END);
	ck_assert_uint_eq(zs.total_out, r.len);
	ck_assert(memcmp(out, r.data, r.len) == 0);
	inflateEnd(&zs);
	enc_free(&r);

	/* Too small to gain: no variant, identity only. */
	ck_assert_int_eq(enc_keep(&r, strdup("{}"), 2, "\"t\""), 0);
	ck_assert_ptr_null(r.cdata[CODING_GZIP]);
	ck_assert_ptr_null(r.cdata[CODING_BR]);
	ck_assert_str_eq(r.etag, "\"t\"");
	ck_assert_int_eq(enc_choose(&r, "br, gzip"), CODING_IDENTITY);
	enc_free(&r);

	/* Under ENC_KEPT_MIN no variant either, however well it would
	 * compress; from it, both. */
	for (i = 0; i < 2; i++) {
		buf_init(&b);
		while (b.len < ENC_KEPT_MIN - 1 + (size_t)i)
			buf_putc(&b, 'a');
		buf_cstr(&b);
		ck_assert_int_eq(enc_keep(&r, buf_detach(&b),
		    ENC_KEPT_MIN - 1 + (size_t)i, NULL), 0);
		if (i == 0) {
			ck_assert_ptr_null(r.cdata[CODING_GZIP]);
			ck_assert_ptr_null(r.cdata[CODING_BR]);
		} else {
			ck_assert_ptr_nonnull(r.cdata[CODING_GZIP]);
			ck_assert_ptr_nonnull(r.cdata[CODING_BR]);
		}
		enc_free(&r);
	}
}
END_TEST

/*
 * enc_identity_only (--export, --init...: no client, no cache): an
 * answer keeps its own bytes alone, one of ENC_LARGE bytes and more its
 * gzip variant too (enc_shrink then frees its bytes, for memory), none
 * a brotli variant; the same tag as when the variants are kept.
 */
START_TEST(encoding_identity_only)
{
	struct rendered r, full;
	struct buf b;
	size_t	 n;
	int	 i;

	buf_init(&b);
	for (i = 0; i < 200; i++)
		buf_printf(&b, "{\"n\":%d,\"text\":\"the same words\"}\n", i);
	n = b.len;
	ck_assert_int_eq(enc_keep(&full, strdup(buf_cstr(&b)), n, NULL), 0);
	enc_identity_only(1);
	ck_assert_int_eq(enc_keep(&r, strdup(buf_cstr(&b)), n, NULL), 0);
	ck_assert_ptr_null(r.cdata[CODING_GZIP]);
	ck_assert_ptr_null(r.cdata[CODING_BR]);
	ck_assert_str_eq(r.etag, full.etag);
	ck_assert_int_eq(enc_choose(&r, "br, gzip"), CODING_IDENTITY);
	enc_free(&r);
	ck_assert_int_eq(enc_keep_smallest(&r, strdup(buf_cstr(&b)), n,
	    NULL), 0);
	ck_assert_ptr_null(r.cdata[CODING_GZIP]);
	ck_assert_ptr_null(r.cdata[CODING_BR]);
	enc_free(&r);

	while (b.len < ENC_LARGE)
		buf_printf(&b, "{\"n\":%zu,\"text\":\"the same words\"}\n",
		    b.len);
	n = b.len;
	ck_assert_int_eq(enc_keep(&r, buf_detach(&b), n, NULL), 0);
	ck_assert_ptr_nonnull(r.cdata[CODING_GZIP]);
	ck_assert_ptr_null(r.cdata[CODING_BR]);
	enc_shrink(&r);
	ck_assert_ptr_null(r.data);
	enc_free(&r);

	enc_identity_only(0);
	ck_assert_int_eq(enc_keep(&r, strdup(full.data), full.len, NULL), 0);
	ck_assert_ptr_nonnull(r.cdata[CODING_BR]);
	enc_free(&r);
	enc_free(&full);
}
END_TEST

/* The input of encoding_thread_coders' answer i: JSON lines, and
 * for i odd a block of bytes that do not compress. */
static char *
coders_input(int i, size_t want, size_t *n)
{
	struct buf b;
	uint32_t x = 2463534242u + (uint32_t)i;
	size_t	 k;

	buf_init(&b);
	while (b.len < want) {
		buf_printf(&b, "{\"n\":%zu,\"text\":\"words of answer %d\"}\n",
		    b.len, i);
		if (i % 2 == 1 && b.len < want / 2)
			for (k = 0; k < 4096; k++) {
				x ^= x << 13;
				x ^= x >> 17;
				x ^= x << 5;
				buf_putc(&b, (char)(' ' + x % 95));
			}
	}
	*n = b.len;
	return buf_detach(&b);
}

/* Whether r's variants give back its n bytes in: gzip inflated, and
 * the same bytes as libdeflate's into room for the worst case; brotli
 * decoded and the same bytes as BrotliEncoderCompress at the quality
 * and window enc_keep uses (the thread's pool changes where brotli's
 * memory comes from, not what it writes; a large answer's output
 * grows from a quarter of its size, not what it is). */
static void
coders_check(const struct rendered *r, const char *in, size_t n)
{
	const char *fast = getenv("PERFIL_TEST_FAST_COMPRESSION");
	int	 f = fast != NULL && strcmp(fast, "1") == 0;
	int	 q = f ? 1 : n >= ENC_LARGE ? 2 : 5;
	size_t	 len = n, blen = BrotliEncoderMaxCompressedSize(n), glen;
	char	*out = malloc(n + 1), *want = malloc(blen), *gz;
	struct libdeflate_compressor *c;
	z_stream zs;

	ck_assert_ptr_nonnull(out);
	ck_assert_ptr_nonnull(want);
	ck_assert_ptr_nonnull(r->cdata[CODING_GZIP]);
	ck_assert_ptr_nonnull(c = libdeflate_alloc_compressor(f ||
	    n >= ENC_LARGE ? 1 : 9));
	glen = libdeflate_gzip_compress_bound(c, n);
	ck_assert_ptr_nonnull(gz = malloc(glen));
	ck_assert_uint_gt(glen = libdeflate_gzip_compress(c, in, n, gz, glen),
	    0);
	ck_assert_uint_eq(r->clen[CODING_GZIP], glen);
	ck_assert(memcmp(r->cdata[CODING_GZIP], gz, glen) == 0);
	free(gz);
	libdeflate_free_compressor(c);
	memset(&zs, 0, sizeof(zs));
	ck_assert_int_eq(inflateInit2(&zs, 15 + 16), Z_OK);
	zs.next_in = (Bytef *)r->cdata[CODING_GZIP];
	zs.avail_in = (uInt)r->clen[CODING_GZIP];
	zs.next_out = (Bytef *)out;
	zs.avail_out = (uInt)n + 1;
	ck_assert_int_eq(inflate(&zs, Z_FINISH), Z_STREAM_END);
	ck_assert_uint_eq(zs.total_out, n);
	ck_assert(memcmp(out, in, n) == 0);
	inflateEnd(&zs);

	ck_assert_ptr_nonnull(r->cdata[CODING_BR]);
	ck_assert_int_eq(BrotliDecoderDecompress(r->clen[CODING_BR],
	    (const uint8_t *)r->cdata[CODING_BR], &len, (uint8_t *)out),
	    BROTLI_DECODER_RESULT_SUCCESS);
	ck_assert_uint_eq(len, n);
	ck_assert(memcmp(out, in, n) == 0);
	ck_assert(BrotliEncoderCompress(q, n >= ENC_LARGE ?
	    ENC_LARGE_BR_WINDOW : BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, n,
	    (const uint8_t *)in, &blen, (uint8_t *)want));
	ck_assert_uint_eq(r->clen[CODING_BR], blen);
	ck_assert(memcmp(r->cdata[CODING_BR], want, blen) == 0);
	free(out);
	free(want);
}

/* A thread that keeps answers with its own coders, then ends: its
 * compressors and brotli's blocks go with it (valgrind and ASan count
 * them in tests/lib/unit-valgrind and the asan build's make check). */
static void *
coders_thread(void *arg)
{
	struct rendered r;
	size_t	 n;
	char	*in = coders_input(*(int *)arg, 40000, &n);

	if (enc_keep(&r, strdup(in), n, NULL) == 0) {
		coders_check(&r, in, n);
		enc_free(&r);
	}
	free(in);
	return NULL;
}

/*
 * enc_keep reuses the thread's compressors and brotli's memory from one
 * answer to the next (encoding.c, "Each thread's compressors"): answers
 * of many sizes one after another, some that do not compress, one of
 * ENC_LARGE bytes and one whose scratch buffer is not kept, each variant
 * giving back its bytes; after
 * enc_thread_done the next answer makes them again; another thread's
 * are its own; enc_zlib_into (the PDF's page streams) inflates back.
 */
START_TEST(encoding_thread_coders)
{
	static const size_t sizes[] = { 9000, 150000, 20000, ENC_LARGE + 5000,
	    12000, (size_t)1200 * 1024, 70000, 9000 };
	struct rendered r;
	struct buf z;
	pthread_t th;
	uLongf	 len;
	size_t	 i, n;
	char	*in, *out;
	int	 arg = 3;

	/* As main does: PERFIL_TEST_FAST_COMPRESSION (unit-valgrind sets it)
	 * chooses the levels coders_check expects. */
	enc_init();
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		in = coders_input((int)i, sizes[i], &n);
		ck_assert_int_eq(enc_keep(&r, strdup(in), n, NULL), 0);
		coders_check(&r, in, n);
		enc_free(&r);
		if (i == 2)
			enc_thread_done();
		free(in);
	}
	ck_assert_int_eq(pthread_create(&th, NULL, coders_thread, &arg), 0);
	ck_assert_int_eq(pthread_join(th, NULL), 0);

	in = coders_input(5, 30000, &n);
	buf_init(&z);
	buf_puts(&z, "before");
	ck_assert_int_eq(enc_zlib_into(9, in, n, &z), 0);
	ck_assert_uint_lt(z.len, n);
	ck_assert((out = malloc(n)) != NULL);
	len = (uLongf)n;
	ck_assert_int_eq(uncompress((Bytef *)out, &len,
	    (const Bytef *)z.data + 6, (uLong)(z.len - 6)), Z_OK);
	ck_assert_uint_eq(len, n);
	ck_assert(memcmp(out, in, n) == 0);
	ck_assert(memcmp(z.data, "before", 6) == 0);
	ck_assert_int_eq(enc_zlib_into(0, in, n, &z), -1);
	free(out);
	free(in);
	buf_free(&z);
	enc_thread_done();
	enc_thread_done();
}
END_TEST

static Suite *
request_suite(void)
{
	Suite	*s = suite_create("request");
	TCase	*tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, utf8_count_code_points);
	tcase_add_test(tc, arena_packs_strings_aligns_the_rest);
	tcase_add_test(tc, first_equal_strings);
	tcase_add_test(tc, uint_accepts_plain_decimal);
	tcase_add_test(tc, uint_rejects_everything_else);
	tcase_add_test(tc, decode_percent_and_plus);
	tcase_add_test(tc, decode_rejects_malformed);
	tcase_add_test(tc, query_known_unknown_and_duplicates);
	tcase_add_test(tc, parse_environment);
	tcase_add_test(tc, negotiate_language);
	tcase_add_test(tc, negotiate_language_hostile_header);
	tcase_add_test(tc, negotiate_configured_set);
	tcase_add_test(tc, negotiate_regional_tags);
	tcase_add_test(tc, accept_markdown);
	tcase_add_test(tc, accept_encoding_weights);
	tcase_add_test(tc, accept_encoding_hostile_header);
	tcase_add_test(tc, encoding_choice);
	tcase_add_test(tc, encoding_keep);
	tcase_add_test(tc, encoding_identity_only);
	tcase_add_test(tc, encoding_thread_coders);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(request_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
