/*
 * enc_cache.h: the compressed variants of a load's kept answers, kept
 * in a file for the next load (--cache-dir).
 *
 * Compressing what a load keeps (enc_keep: gzip 9 and brotli 5 or 10
 * of every page, API answer and document) is a third of the demo's
 * load and a sixth of one with 1,000 items per collection, and the
 * next load of the same content makes the same bytes again.  With a
 * cache directory, enc_cache_open reads the variants the last load of
 * the same site wrote, enc_keep takes a variant from them when one was
 * made from the same identity bytes at the same level, and
 * enc_cache_close writes this load's variants, all of them, for the
 * next load (a new file renamed over the old: a reader never sees half
 * of one).  A reload after an edit reuses the variants of every answer
 * the edit did not change.
 *
 * Nothing read from the file is trusted.  It is refused whole, with
 * the reason, when its header is not this format's, it names another
 * site (content directory, labels and base URL), a length is out of
 * bounds, it is truncated or its CRC-32 does not match; and each
 * variant is used only after it has been decompressed and found equal,
 * byte for byte, to the identity bytes it is to stand for.  A corrupt,
 * stale or hostile file can cost the time of those checks, never
 * change an answer.  Only compressed variants are kept: the content is
 * read, validated and rendered by every load as before.
 *
 * One load at a time per process (the supervisor loads in a process of
 * its own); enc_cache_take and enc_cache_put may be called from the
 * load's two threads.
 */
#ifndef PERFIL_ENC_CACHE_H
#define PERFIL_ENC_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "http/request.h"

/* Bounds of a cache file read back. */
#define ENC_CACHE_MAX_BYTES	((uint64_t)1 << 30)
#define ENC_CACHE_MAX_ENTRIES	((uint32_t)1 << 21)

/*
 * Starts a load's cache in dir for the site named by key (its content
 * and labels directories and base URL, in any form that tells sites
 * apart): reads the file the last load wrote, if any, and opens this
 * load's.  Writes into note what it found when it is worth a line in
 * the log (a file refused and why; a directory that cannot be
 * written), else "" (none yet: the first load).  Returns 0, or -1
 * when no cache can be used (note says why; loads go on without).
 */
int	 enc_cache_open(const char *dir, const char *key, char *note,
	    size_t notelen);

/*
 * Finds the variant of in[0..n) (whose hash_words64 is hash) in coding
 * c at level in the file read back, checks it (decompressed, it is
 * in[0..n)) and returns it malloc'd with its length in *outlen, or
 * NULL (none, or not the same).
 */
char	*enc_cache_take(enum coding c, int level, uint64_t hash,
	    const char *in, size_t n, size_t *outlen);

/* Records out[0..outlen), the variant in coding c at level of the n
 * identity bytes whose hash_words64 is hash, for the next load. */
void	 enc_cache_put(enum coding c, int level, uint64_t hash, size_t n,
	    const char *out, size_t outlen);

/*
 * Ends the load's cache: with keep (the load succeeded) this load's
 * variants replace the file, else they are dropped.  Writes into note
 * the variants reused and written ("412 of 418 compressed variants
 * reused, 418 written to DIR/FILE"), or why the file was not written.
 * Returns 0, or -1 when it was not.
 */
int	 enc_cache_close(int keep, char *note, size_t notelen);

/*
 * The compressors encoding.c makes the variants with, and their versions
 * ("libdeflate 1.14, brotli 1.0.9"): a file keeps to them (its header).
 */
const char *enc_coders(void);

/* The number of variants enc_cache_take returned since the open. */
uint32_t enc_cache_reused(void);

#endif /* PERFIL_ENC_CACHE_H */
