/*
 * sha256.c: SHA-256 of a whole message in memory, and base64, by
 * Nettle (GnuTLS's cryptographic library).
 */
#include "config.h"

#include <stdint.h>

#include <nettle/base64.h>
#include <nettle/sha2.h>

#include "base/sha256.h"

void
sha256(const void *data, size_t n, unsigned char out[SHA256_LEN])
{
	struct sha256_ctx ctx;

	sha256_init(&ctx);
	sha256_update(&ctx, n, data);
	sha256_digest(&ctx, SHA256_DIGEST_SIZE, out);
}

/*
 * Writes the padded base64 of n bytes and a NUL to out.  Returns 0, or
 * -1 when outlen is too small.
 */
int
base64_encode(const unsigned char *in, size_t n, char *out, size_t outlen)
{
	if (n > (SIZE_MAX - 1) / 4 * 3 - 2 ||
	    outlen < BASE64_ENCODE_RAW_LENGTH(n) + 1)
		return -1;
	base64_encode_raw(out, n, in);
	out[BASE64_ENCODE_RAW_LENGTH(n)] = '\0';
	return 0;
}
