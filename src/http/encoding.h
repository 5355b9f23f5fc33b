/*
 * encoding.h: answers kept rendered, with their gzip and brotli
 * variants, and the choice among them by Accept-Encoding.
 *
 * Everything perfil renders at start-up (the API's default answers,
 * the pages and their markdown twins, the 404 pages, the agent files,
 * OpenAPI JSON and YAML, JSON Resume) is kept as a struct rendered:
 * the identity bytes and their strong entity tag, plus the same bytes
 * compressed once with gzip (libdeflate, level 9) and brotli (quality
 * 5; 10 for /openapi.json, enc_keep_smallest: see encoding.c).
 * A compressed variant is kept only when it is smaller than the
 * identity bytes.  A request never compresses these: enc_answer copies
 * the variant the client prefers (request.c, req_accept_encoding).
 *
 * Each variant has its own strong tag: the identity tag with "-gz" or
 * "-br" before the closing quote ("0123456789abcdef" becomes
 * "0123456789abcdef-br"), so that If-None-Match and caches never take
 * one variant's bytes for another's.
 *
 * Large answers (ENC_LARGE) are compressed at faster levels, and
 * enc_shrink may free their identity bytes: enc_answer then inflates
 * the gzip variant into the response's body.
 *
 * Ownership: enc_keep takes a malloc'd buffer into a struct rendered;
 * enc_free releases it and the variants.
 */
#ifndef PERFIL_ENCODING_H
#define PERFIL_ENCODING_H

#include "http/request.h"
#include "http/response.h"

/*
 * Answers rendered per request (search, pages other than the default)
 * are compressed only from this many bytes (encoding.c says why).
 */
#define ENC_DYNAMIC_MIN	((size_t)8 * 1024)

/*
 * Answers kept at start-up are compressed from this many bytes: below,
 * they stay identity (encoding.c says why).
 */
#define ENC_KEPT_MIN	((size_t)1024)

/*
 * Answers kept from this many bytes are compressed at faster levels,
 * with brotli's window ENC_LARGE_BR_WINDOW (log2 of its bytes, for its
 * memory), and enc_shrink keeps only their compressed variants
 * (encoding.c).
 */
#define ENC_LARGE		((size_t)256 * 1024)
#define ENC_LARGE_BR_WINDOW	20

struct rendered {
	char	*data;			/* identity bytes, NUL-terminated;
					 * NULL after enc_shrink */
	size_t	 len;
	char	 etag[24];		/* quoted strong tag of data */
	char	*cdata[CODING__MAX];	/* gzip, br; NULL: not kept */
	size_t	 clen[CODING__MAX];
	unsigned lent;			/* ENC_LENT_ bits: the bytes that
					 * belong to a snapshot read back
					 * (snap.h), which enc_free leaves */
};

#define ENC_LENT_DATA		1u
#define ENC_LENT_CODING(c)	(2u << (c))

void		 enc_init(void);
void		 enc_identity_only(int);
int		 enc_keep(struct rendered *, char *data, size_t len,
		    const char *etag);
int		 enc_keep_smallest(struct rendered *, char *data, size_t len,
		    const char *etag);
void		 enc_shrink(struct rendered *);
void		 enc_free(struct rendered *);
enum coding	 enc_choose(const struct rendered *, const char *ae);
int		 enc_answer(const struct rendered *, const struct request *,
		    struct response *);
void		 enc_answer_now(const struct request *, struct response *);
int		 enc_zlib_into(int level, const char *, size_t, struct buf *);
void		 enc_thread_done(void);
int		 enc_tag(char *dst, size_t, const char *etag, enum coding);
const char	*enc_coding_name(enum coding);
const char	*enc_tag_suffix(enum coding);

#endif /* PERFIL_ENCODING_H */
