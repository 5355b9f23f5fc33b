/*
 * sha256.h: SHA-256 (FIPS 180-4) and base64 (RFC 4648), Nettle's: the
 * Content-Security-Policy hash of the inline style, the content watch's
 * fingerprint and MCP's cursors.
 *
 * Ownership: the caller's buffers in and out; nothing is allocated.
 */
#ifndef PERFIL_SHA256_H
#define PERFIL_SHA256_H

#include <stddef.h>

#define SHA256_LEN	32	/* Nettle's SHA256_DIGEST_SIZE */

void	 sha256(const void *, size_t, unsigned char out[SHA256_LEN]);
int	 base64_encode(const unsigned char *, size_t, char *out,
	    size_t outlen);

#endif /* PERFIL_SHA256_H */
