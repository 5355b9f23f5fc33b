/*
 * request.h: the request as perfil sees it, read from a FastCGI (or
 * CGI) environment: method, path, the query parameters it knows,
 * and the headers it negotiates on.
 *
 * Ownership: every string a struct request points to lives in the
 * arena passed to req_parse, or in the environment it was read from;
 * both outlive the request.  Nothing here is freed separately.
 */
#ifndef PERFIL_REQUEST_H
#define PERFIL_REQUEST_H

#include <stddef.h>

#include "base/util.h"

/* The largest request body read (the MCP endpoint's JSON-RPC message,
 * mcp.h); the fronts refuse larger ones first (conf/). */
#define REQ_BODY_MAX	65536

/*
 * A language is an index into the site's configured languages (struct
 * langs, from site.json's "languages"): 0 is the default one.  LANG__MAX
 * is the capacity that sizes the per-language tables.
 */
enum lang {
	LANG_DEFAULT,
	LANG__MAX = 8
};

/*
 * The longest language tag a site may name: RFC 5646's practical
 * bound (section 4.4.1: language, extended language, script, region
 * and a variant), longer than any tag ICU has locale data for.
 */
#define LANG_TAG_MAX	35

struct langs {
	int	 n;			/* configured: 1..LANG__MAX */
	char	 code[LANG__MAX][LANG_TAG_MAX + 1]; /* BCP 47, canonical
					 * case: "es", "en-IN" */
	char	 prefix[LANG__MAX][LANG_TAG_MAX + 1]; /* its site path
					 * prefix: lower case, "en-in" */
};

/* The set when site.json names none: es (the default), en. */
extern const struct langs langs_fallback;

/* The content codings perfil answers in (Accept-Encoding). */
enum coding {
	CODING_IDENTITY,	/* no coding */
	CODING_GZIP,
	CODING_BR,
	CODING__MAX
};

enum req_method {
	METHOD_GET,
	METHOD_HEAD,
	METHOD_OPTIONS,
	METHOD_OTHER,
	METHOD__MAX
};

/*
 * The query parameters perfil knows, declared once: identifier and
 * name (any other key is ignored).  Which routes take one, its kind,
 * bounds and default are its rows in the parameter table (routes.c,
 * route_params); lang, which every route takes, is the dispatcher's.
 * resource is WebFinger's (webfinger.c), outside /api: its handler
 * checks it, as RFC 7033 says (400 when absent or malformed).
 */
#define QUERY_PARAMS(X)							\
	X(LANG, "lang")							\
	X(LIMIT, "limit")						\
	X(OFFSET, "offset")						\
	X(Q, "q")							\
	X(RESOURCE, "resource")

#define PARAM_ID(id, name)	PARAM_##id,
enum param_id {
	QUERY_PARAMS(PARAM_ID)
	PARAM__MAX
};
#undef PARAM_ID

struct req_param {
	const char *value;	/* decoded, NUL-terminated; NULL if absent */
	size_t	 len;
	int	 count;		/* times the key appeared */
};

enum req_status {
	REQ_OK,
	REQ_BAD_METHOD,		/* REQUEST_METHOD missing or malformed */
	REQ_BAD_PATH,		/* no path, not absolute, or not UTF-8 */
	REQ_BAD_QUERY		/* malformed escape, NUL or bad UTF-8 */
};

struct request {
	enum req_method method;
	const char *method_name;
	const char *path;		/* decoded absolute path */
	const char *query;		/* raw QUERY_STRING, "" if none */
	const char *accept;		/* the headers; NULL if absent */
	const char *accept_language;
	const char *accept_encoding;
	const char *if_none_match;
	const char *if_match;
	const char *acr_headers;	/* Access-Control-Request-Headers */
	const char *content_type;	/* CONTENT_TYPE, NULL if absent */
	const char *origin;		/* Origin */
	const char *mcp_version;	/* MCP-Protocol-Version */
	const char *mcp_method;		/* Mcp-Method */
	const char *mcp_name;		/* Mcp-Name */
	const char *content_encoding;	/* Content-Encoding */
	int	 bad_query;		/* req_parse said REQ_BAD_QUERY */
	const char *body;		/* the body read (handle_request), */
	size_t	 body_len;		/* REQ_BODY_MAX + 1: larger */
	int	 microcache;		/* PERFIL_MICROCACHE=1: the front keeps
					 * answers (the nginx site's micro-
					 * cache), see response.h expires_at */
	struct req_param param[PARAM__MAX];
	const char *bad_key;		/* with REQ_BAD_QUERY: the culprit */
};

const char	*req_env_get(char **envp, const char *name);
enum req_status	 req_parse(struct request *, char **envp, struct arena *);
enum req_status	 req_parse_query(struct request *, const char *,
		    struct arena *);
int		 req_decode(const char *, size_t, int plus_is_space,
		    struct arena *, char **out, size_t *outlen);
int		 req_parse_uint(const char *, size_t, long min, long max,
		    long *out);
enum lang	 req_negotiate_lang(const char *accept_language,
		    const struct langs *);
int		 req_accepts_markdown(const char *accept);
int		 req_accepts_json(const char *accept);
void		 req_accept_encoding(const char *accept_encoding,
		    int q[CODING__MAX]);
const char	*req_param_name(enum param_id);
const char	*lang_code(const struct langs *, enum lang);
int		 lang_find(const struct langs *, const char *, size_t);
int		 lang_match(const struct langs *, const char *, size_t);
const char	*lang_prefix(const struct langs *, enum lang);
void		 lang_set(struct langs *, int, const char *);
const char	*lang_path(const struct langs *, enum lang, const char *path,
		    char *buf, size_t len);
void		 lang_list(const struct langs *, const char *conj, char *,
		    size_t);

#endif /* PERFIL_REQUEST_H */
