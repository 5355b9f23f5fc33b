/*
 * check_sha256.c: the SHA-256 and base64 wrappers over Nettle
 * (src/base/sha256.c), held to the standards' own test vectors: FIPS
 * 180-4's examples (NIST's "SHA256.pdf": "abc", the 448-bit message,
 * a million "a") and RFC 4648's base64 vectors (section 10), and to the
 * output buffer's bound.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/sha256.h"

static const struct {
	const char *in;
	const char *hex;
} digests[] = {
	{ "", "e3b0c44298fc1c149afbf4c8996fb924"
	    "27ae41e4649b934ca495991b7852b855" },
	{ "abc", "ba7816bf8f01cfea414140de5dae2223"
	    "b00361a396177a9cb410ff61f20015ad" },
	{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
	    "248d6a61d20638b8e5c026930c3e6039"
	    "a33ce45964ff2167f6ecedd419db06c1" },
	/* Non-ASCII: the UTF-8 bytes are hashed as they are. */
	{ "\xc3\xb1", "024bb90888ca89a15a19e9bdd8c712bf"
	    "b070465fce1ef25e43c170ea44fc5e5f" },
};

static void
hex(const unsigned char *d, size_t n, char *out)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
}

START_TEST(sha256_vector)
{
	unsigned char d[SHA256_LEN];
	char	 h[2 * SHA256_LEN + 1];

	sha256(digests[_i].in, strlen(digests[_i].in), d);
	hex(d, sizeof(d), h);
	ck_assert_str_eq(h, digests[_i].hex);
}
END_TEST

/* FIPS 180-4's long message: a million "a", in one call. */
START_TEST(sha256_million)
{
	unsigned char d[SHA256_LEN];
	char	 h[2 * SHA256_LEN + 1], *m;

	ck_assert_ptr_nonnull(m = malloc(1000000));
	memset(m, 'a', 1000000);
	sha256(m, 1000000, d);
	free(m);
	hex(d, sizeof(d), h);
	ck_assert_str_eq(h, "cdc76e5c9914fb9281a1c7e284d73e67"
	    "f1809a48a497200e046d39ccc7112cd0");
}
END_TEST

static const struct {
	const char *in, *want;
} b64[] = {
	{ "", "" },
	{ "f", "Zg==" },
	{ "fo", "Zm8=" },
	{ "foo", "Zm9v" },
	{ "foob", "Zm9vYg==" },
	{ "fooba", "Zm9vYmE=" },
	{ "foobar", "Zm9vYmFy" },
	/* Both of the alphabet's last two characters: not URL-safe. */
	{ "\xfb\xff", "+/8=" },
};

START_TEST(base64_vector)
{
	char	 out[32];
	size_t	 n = strlen(b64[_i].in), need = strlen(b64[_i].want) + 1;

	ck_assert_int_eq(base64_encode((const unsigned char *)b64[_i].in, n,
	    out, sizeof(out)), 0);
	ck_assert_str_eq(out, b64[_i].want);
	/* Exactly the room it needs, NUL included; one byte less fails
	 * and writes nothing. */
	memset(out, 'x', sizeof(out));
	ck_assert_int_eq(base64_encode((const unsigned char *)b64[_i].in, n,
	    out, need), 0);
	ck_assert_str_eq(out, b64[_i].want);
	memset(out, 'x', sizeof(out));
	ck_assert_int_eq(base64_encode((const unsigned char *)b64[_i].in, n,
	    out, need - 1), -1);
	ck_assert_int_eq(out[0], 'x');
}
END_TEST

/* A length whose base64 would overflow size_t is refused. */
START_TEST(base64_huge)
{
	char	 out[8];

	ck_assert_int_eq(base64_encode((const unsigned char *)"", SIZE_MAX,
	    out, sizeof(out)), -1);
}
END_TEST

static Suite *
sha256_suite(void)
{
	Suite	*s = suite_create("sha256");
	TCase	*tc = tcase_create("sha256");

	tcase_add_loop_test(tc, sha256_vector, 0,
	    (int)(sizeof(digests) / sizeof(digests[0])));
	tcase_add_test(tc, sha256_million);
	tcase_add_loop_test(tc, base64_vector, 0,
	    (int)(sizeof(b64) / sizeof(b64[0])));
	tcase_add_test(tc, base64_huge);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(sha256_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
