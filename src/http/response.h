/*
 * response.h: one HTTP response under construction, written out as a
 * CGI/FastCGI response ("Status:" line, headers, blank line, body).
 *
 * Ownership: a response owns its buffers; they are kept across
 * requests (resp_reset empties them) and freed by resp_free.  Its
 * kept bytes belong to the app (a struct rendered, encoding.h) and
 * outlive the request.
 */
#ifndef PERFIL_RESPONSE_H
#define PERFIL_RESPONSE_H

#include "base/util.h"

/*
 * How long the API's answers may be kept, in seconds: by any cache,
 * and by shared ones.  CACHE_PUBLIC spells them; the OpenAPI document
 * says them in words.
 */
#define CACHE_MAX_AGE	300
#define CACHE_S_MAXAGE	3600
#define CACHE_STR_(n)	#n
#define CACHE_STR(n)	CACHE_STR_(n)
#define CACHE_PUBLIC	"public, max-age=" CACHE_STR(CACHE_MAX_AGE) \
			    ", s-maxage=" CACHE_STR(CACHE_S_MAXAGE)
#define CACHE_NONE	"no-store"
#define TYPE_JSON	"application/json; charset=utf-8"

/* The methods every URL accepts (Allow): the service is read-only. */
#define ALLOWED_METHODS	"GET, HEAD, OPTIONS"
/* The headers a browser script may read in the API's successes. */
#define EXPOSE_HEADERS	"ETag, Content-Language"

struct response {
	int	 status;
	const char *content_type;	/* NULL: no body type (204, 304) */
	const char *cache_control;
	const char *content_language;
	const char *content_encoding;	/* NULL: identity */
	int	 vary_encoding;		/* Vary names Accept-Encoding */
	char	 etag[24];		/* quoted strong tag, or "" */
	int	 omit_body;		/* HEAD: headers only */
	long long expires_at;		/* "X-Accel-Expires: @N" (N: seconds
					 * since the epoch) for the micro-cache
					 * in front; 0: none */
	struct buf headers;		/* further "Name: value\r\n" lines */
	struct buf body;
	const char *kept;		/* bytes rendered at start-up sent
					 * instead of body (enc_answer), not
					 * copied; NULL: body */
	size_t	 kept_len;
};

void	 resp_init(struct response *);
void	 resp_reset(struct response *);
void	 resp_free(struct response *);
void	 resp_header(struct response *, const char *name, const char *value);
int	 resp_has_header(const struct response *, const char *name);
void	 resp_set_etag(struct response *);
int	 resp_etag_matches(const struct response *, const char *inm);
int	 resp_if_match_fails(const struct response *, const char *im);
const char *resp_body(const struct response *, size_t *len);
void	 resp_drop_body(struct response *);
const char *resp_send_body(const struct response *, size_t *len);
void	 resp_serialize_head(struct response *, struct buf *out);
void	 resp_serialize(struct response *, struct buf *out);
const char *resp_reason(int status);

#endif /* PERFIL_RESPONSE_H */
