/*
 * request.c: reading and validating the request from the environment.
 * Strict by design: a malformed escape or invalid UTF-8 is an error,
 * numbers are plain decimal digits only, and header parsing never fails
 * (an unparsable header is ignored, as HTTP intends).
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/request.h"

#define PARAM_NAME(id, name)	name,
static const char *const param_names[PARAM__MAX] = {
	QUERY_PARAMS(PARAM_NAME)
};
#undef PARAM_NAME

const struct langs langs_fallback = { 2, { "es", "en" }, { "es", "en" } };

/* a[0..n) is b[0..n) (b in lower case) without regard to a's ASCII
 * case. */
static int
ascii_ieqn(const char *a, const char *b, size_t n)
{
	size_t	 i;
	char	 c;

	for (i = 0; i < n; i++) {
		c = a[i];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != b[i])
			return 0;
	}
	return 1;
}

/* a[0..n) is b (in lower case) without regard to a's ASCII case. */
static int
ascii_ieq(const char *a, size_t n, const char *b)
{
	return strlen(b) == n && ascii_ieqn(a, b, n);
}

const char *
req_param_name(enum param_id id)
{
	return param_names[id];
}

const char *
lang_code(const struct langs *ls, enum lang l)
{
	return ls->code[l];
}

/* The index of the configured language code[0..n), or -1. */
int
lang_find(const struct langs *ls, const char *code, size_t n)
{
	int	 i;

	for (i = 0; i < ls->n; i++)
		if (strlen(ls->code[i]) == n &&
		    strncmp(ls->code[i], code, n) == 0)
			return i;
	return -1;
}

/*
 * The site path prefix of language l: the tag in lower case ("en-in").
 * A set written without lang_set (plain lower-case codes, as the tests
 * and langs_fallback are) has its code.
 */
const char *
lang_prefix(const struct langs *ls, enum lang l)
{
	return ls->prefix[l][0] != '\0' ? ls->prefix[l] : ls->code[l];
}

/* Sets language i of ls to tag (canonical, at most LANG_TAG_MAX bytes)
 * and its prefix, the tag in lower case. */
void
lang_set(struct langs *ls, int i, const char *tag)
{
	size_t	 k;

	snprintf(ls->code[i], sizeof(ls->code[i]), "%s", tag);
	for (k = 0; ls->code[i][k] != '\0'; k++)
		ls->prefix[i][k] = (char)(ls->code[i][k] >= 'A' &&
		    ls->code[i][k] <= 'Z' ? ls->code[i][k] - 'A' + 'a' :
		    ls->code[i][k]);
	ls->prefix[i][k] = '\0';
}

/*
 * The index of the configured language whose tag is s[0..n) without
 * regard to case ("en-in", "EN-IN" for en-IN: RFC 5646 tags are
 * case-insensitive), or -1: what a request and a command line name.
 */
int
lang_match(const struct langs *ls, const char *s, size_t n)
{
	int	 i;

	for (i = 0; i < ls->n; i++)
		if (ascii_ieq(s, n, lang_prefix(ls, (enum lang)i)))
			return i;
	return -1;
}

/*
 * Writes the configured codes into out as "es, en or fr" (conj the
 * last joiner: " or ", " and "); truncated to outlen.
 */
void
lang_list(const struct langs *ls, const char *conj, char *out,
    size_t outlen)
{
	size_t	 len = 0;
	int	 i, n;

	out[0] = '\0';
	for (i = 0; i < ls->n && len < outlen; i++) {
		n = snprintf(out + len, outlen - len, "%s%s",
		    list_sep(i, ls->n, conj),
		    ls->code[i]);
		if (n < 0)
			break;
		len += (size_t)n;
	}
}

/* Looks name up in a NULL-terminated "NAME=value" array. */
const char *
req_env_get(char **envp, const char *name)
{
	size_t	 n = strlen(name);

	if (envp == NULL)
		return NULL;
	/* The first byte first: a dozen look-ups over twenty variables
	 * were a fifth of a pre-rendered answer's CPU. */
	for (; *envp != NULL; envp++)
		if ((*envp)[0] == name[0] && strncmp(*envp, name, n) == 0 &&
		    (*envp)[n] == '=')
			return *envp + n + 1;
	return NULL;
}

static int
hexval(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * Percent-decodes s[0..n) into a new arena string.  Returns 0, or -1
 * for a malformed escape, a decoded NUL, invalid UTF-8 or exhausted
 * memory.
 */
int
req_decode(const char *s, size_t n, int plus_is_space, struct arena *a,
    char **out, size_t *outlen)
{
	char	*d;
	size_t	 i, j;
	int	 hi, lo;

	if ((d = arena_alloc(a, n + 1)) == NULL)
		return -1;
	for (i = j = 0; i < n; i++) {
		if (s[i] == '%') {
			if (n - i < 3 ||
			    (hi = hexval((unsigned char)s[i + 1])) < 0 ||
			    (lo = hexval((unsigned char)s[i + 2])) < 0)
				return -1;
			d[j] = (char)(hi << 4 | lo);
			i += 2;
		} else if (s[i] == '+' && plus_is_space)
			d[j] = ' ';
		else
			d[j] = s[i];
		if (d[j] == '\0')
			return -1;
		j++;
	}
	d[j] = '\0';
	if (!utf8_valid(d, j))
		return -1;
	*out = d;
	*outlen = j;
	return 0;
}

/*
 * Parses a query string ("a=1&b=2").  Known keys are stored decoded in
 * r->param; unknown keys are checked for well-formedness and ignored;
 * empty pieces ("a=1&&b=2") are skipped.  Returns REQ_OK or
 * REQ_BAD_QUERY with r->bad_key naming the offending piece.
 */
enum req_status
req_parse_query(struct request *r, const char *q, struct arena *a)
{
	const char *piece, *end, *eq;
	char	*key, *val;
	size_t	 keylen, vallen;
	int	 i;

	for (piece = q; *piece != '\0'; piece = *end ? end + 1 : end) {
		end = strchr(piece, '&');
		if (end == NULL)
			end = piece + strlen(piece);
		if (end == piece)
			continue;
		eq = memchr(piece, '=', (size_t)(end - piece));
		if (eq == NULL)
			eq = end;
		if (req_decode(piece, (size_t)(eq - piece), 1, a,
		    &key, &keylen) == -1)
			goto bad;
		val = NULL;
		vallen = 0;
		if (eq < end && req_decode(eq + 1, (size_t)(end - eq - 1),
		    1, a, &val, &vallen) == -1)
			goto bad;
		for (i = 0; i < PARAM__MAX; i++) {
			if (strcmp(key, param_names[i]) != 0)
				continue;
			if (r->param[i].count++ == 0) {
				r->param[i].value = val ? val : "";
				r->param[i].len = vallen;
			}
			break;
		}
		continue;
bad:
		r->bad_key = arena_strndup(a, piece, (size_t)(end - piece));
		return REQ_BAD_QUERY;
	}
	return REQ_OK;
}

/*
 * Reads the request from envp.  The path comes from DOCUMENT_URI
 * (nginx, already decoded and normalised), else SCRIPT_NAME plus
 * PATH_INFO (Apache), else the path part of REQUEST_URI, decoded.
 * Returns REQ_OK or the first problem found; r is filled as far as
 * it could be, so an error can still be negotiated and reported.
 */
enum req_status
req_parse(struct request *r, char **envp, struct arena *a)
{
	const char *m, *p, *qs;
	char	*dec;
	size_t	 declen;

	memset(r, 0, sizeof(*r));
	r->method = METHOD_OTHER;
	r->accept = req_env_get(envp, "HTTP_ACCEPT");
	r->accept_language = req_env_get(envp, "HTTP_ACCEPT_LANGUAGE");
	r->accept_encoding = req_env_get(envp, "HTTP_ACCEPT_ENCODING");
	r->if_none_match = req_env_get(envp, "HTTP_IF_NONE_MATCH");
	r->if_match = req_env_get(envp, "HTTP_IF_MATCH");
	r->acr_headers = req_env_get(envp,
	    "HTTP_ACCESS_CONTROL_REQUEST_HEADERS");
	r->content_type = req_env_get(envp, "CONTENT_TYPE");
	r->origin = req_env_get(envp, "HTTP_ORIGIN");
	r->mcp_version = req_env_get(envp, "HTTP_MCP_PROTOCOL_VERSION");
	r->mcp_method = req_env_get(envp, "HTTP_MCP_METHOD");
	r->mcp_name = req_env_get(envp, "HTTP_MCP_NAME");
	r->content_encoding = req_env_get(envp, "HTTP_CONTENT_ENCODING");
	r->microcache = (m = req_env_get(envp, "PERFIL_MICROCACHE")) != NULL &&
	    strcmp(m, "1") == 0;
	r->path = "/";
	r->query = "";

	m = req_env_get(envp, "REQUEST_METHOD");
	if (m == NULL || *m == '\0' || strlen(m) > 32 ||
	    strspn(m, "ABCDEFGHIJKLMNOPQRSTUVWXYZ-_") != strlen(m)) {
		r->method_name = "";
		return REQ_BAD_METHOD;
	}
	r->method_name = m;
	if (strcmp(m, "GET") == 0)
		r->method = METHOD_GET;
	else if (strcmp(m, "HEAD") == 0)
		r->method = METHOD_HEAD;
	else if (strcmp(m, "OPTIONS") == 0)
		r->method = METHOD_OPTIONS;

	if ((p = req_env_get(envp, "DOCUMENT_URI")) != NULL && *p != '\0') {
		r->path = p;	/* kept even when invalid, to route the error */
		if (!utf8_valid(p, strlen(p)))
			return REQ_BAD_PATH;
	} else if ((p = req_env_get(envp, "PATH_INFO")) != NULL &&
	    *p != '\0') {
		const char *sn = req_env_get(envp, "SCRIPT_NAME");

		if (sn == NULL)
			sn = "";
		if ((r->path = arena_printf(a, "%s%s", sn, p)) == NULL ||
		    !utf8_valid(r->path, strlen(r->path)))
			return REQ_BAD_PATH;
	} else if ((p = req_env_get(envp, "REQUEST_URI")) != NULL &&
	    *p != '\0') {
		if (req_decode(p, strcspn(p, "?"), 0, a, &dec, &declen) == -1) {
			r->path = p;
			return REQ_BAD_PATH;
		}
		r->path = dec;
	} else
		return REQ_BAD_PATH;
	if (r->path[0] != '/')
		return REQ_BAD_PATH;

	qs = req_env_get(envp, "QUERY_STRING");
	if (qs != NULL)
		r->query = qs;
	return req_parse_query(r, r->query, a);
}

/*
 * Parses s[0..n) as a plain decimal integer within [min, max]: digits
 * only, no sign, no space, no exponent, no overflow.  Returns 0 and
 * sets *out, or -1.
 */
int
req_parse_uint(const char *s, size_t n, long min, long max, long *out)
{
	long	 v = 0;
	size_t	 i;

	if (n == 0 || n > 18)
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	if (v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/*
 * Parses an RFC 9110 weight ("q=0.5") starting after "q=".  Returns
 * the weight in thousandths, or -1 if malformed.
 */
static int
parse_qvalue(const char *s, size_t n)
{
	int	 v, scale;
	size_t	 i;

	if (n == 0 || (s[0] != '0' && s[0] != '1'))
		return -1;
	v = (s[0] - '0') * 1000;
	if (n == 1)
		return v;
	if (s[1] != '.' || n > 5)
		return -1;
	for (i = 2, scale = 100; i < n; i++, scale /= 10) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v += (s[i] - '0') * scale;
	}
	return v > 1000 ? -1 : v;
}

/*
 * Walks a comma-separated header list of "token;params" elements and
 * calls fn for each with the token and its q weight (1000 if none;
 * elements with a malformed weight are skipped).  At most 64 elements
 * are read, which bounds the work for hostile headers.
 */
static void
walk_weighted(const char *h, void (*fn)(const char *, size_t, int, void *),
    void *arg)
{
	const char *el, *end, *semi, *p, *pe;
	size_t	 toklen;
	int	 q, seen = 0;

	for (el = h; el != NULL && *el != '\0' && seen < 64;
	    el = *end ? end + 1 : NULL, seen++) {
		end = strchr(el, ',');
		if (end == NULL)
			end = el + strlen(el);
		while (el < end && (*el == ' ' || *el == '\t'))
			el++;
		semi = end > el ? memchr(el, ';', (size_t)(end - el)) : NULL;
		pe = semi ? semi : end;
		while (pe > el && (pe[-1] == ' ' || pe[-1] == '\t'))
			pe--;
		toklen = (size_t)(pe - el);
		if (toklen == 0)
			continue;
		q = 1000;
		for (p = semi; p != NULL && p < end; ) {
			const char *ps = p + 1, *pn;

			while (ps < end && (*ps == ' ' || *ps == '\t'))
				ps++;
			if (ps >= end)
				break;
			pn = memchr(ps, ';', (size_t)(end - ps));
			if (pn == NULL)
				pn = end;
			if ((size_t)(pn - ps) >= 2 &&
			    (ps[0] == 'q' || ps[0] == 'Q') && ps[1] == '=') {
				const char *ve = pn;

				while (ve > ps + 2 &&
				    (ve[-1] == ' ' || ve[-1] == '\t'))
					ve--;
				q = parse_qvalue(ps + 2, (size_t)(ve - ps - 2));
				break;
			}
			p = pn < end ? pn : NULL;
		}
		if (q >= 0)
			fn(el, toklen, q, arg);
	}
}

struct lang_pick {
	int	 best_q;
	enum lang best;
	const struct langs *langs;
};

/*
 * How well language range tok (n bytes) names configured tag t (lower
 * case): 3 the tag itself, 2 a range under it ("en-gb" for "en"), 1
 * the same primary language ("en" for "en-in"), 0 none.
 */
static int
lang_fit(const char *tok, size_t n, const char *t)
{
	size_t	 k = strlen(t), p = 0;

	if (ascii_ieq(tok, n, t))
		return 3;
	if (n > k && tok[k] == '-' && ascii_ieqn(tok, t, k))
		return 2;
	while (p < n && tok[p] != '-')
		p++;
	return p == strcspn(t, "-") && ascii_ieqn(tok, t, p);
}

static void
lang_visit(const char *tok, size_t n, int q, void *arg)
{
	struct lang_pick *pk = arg;
	int	 i, fit, best = 0;

	if (q <= pk->best_q)
		return;		/* earlier ranges win ties */
	for (i = 0; i < pk->langs->n; i++)
		if ((fit = lang_fit(tok, n, lang_prefix(pk->langs,
		    (enum lang)i))) > best) {
			best = fit;
			pk->best = (enum lang)i;
		}
	if (best > 0)
		pk->best_q = q;
	else if (ascii_ieq(tok, n, "*")) {
		pk->best_q = q;
		pk->best = LANG_DEFAULT;
	}
}

/*
 * Picks the language for an Accept-Language header: the configured
 * language (any region) with the highest weight, the first listed on a
 * tie, "*" meaning the default.  The default when nothing matches with
 * a weight above zero.
 */
enum lang
req_negotiate_lang(const char *h, const struct langs *ls)
{
	struct lang_pick pk = { 0, LANG_DEFAULT, ls };

	if (h != NULL)
		walk_weighted(h, lang_visit, &pk);
	return pk.best;
}

struct md_pick {
	int	 markdown, html;
};

static void
md_visit(const char *tok, size_t n, int q, void *arg)
{
	struct md_pick *pk = arg;

	if (ascii_ieq(tok, n, "text/markdown") ||
	    ascii_ieq(tok, n, "text/x-markdown")) {
		if (q > pk->markdown)
			pk->markdown = q;
	} else if (ascii_ieq(tok, n, "text/html") ||
	    ascii_ieq(tok, n, "application/xhtml+xml")) {
		if (q > pk->html)
			pk->html = q;
	}
}

/*
 * Returns 1 when the Accept header names text/markdown with a weight
 * above zero and at least that of text/html, else 0.
 */
int
req_accepts_markdown(const char *accept)
{
	struct md_pick pk = { 0, 0 };

	if (accept == NULL)
		return 0;
	walk_weighted(accept, md_visit, &pk);
	return pk.markdown > 0 && pk.markdown >= pk.html;
}

static void
json_visit(const char *tok, size_t n, int q, void *arg)
{
	int	*best = arg;

	if ((ascii_ieq(tok, n, "application/json") ||
	    ascii_ieq(tok, n, "application/*") || ascii_ieq(tok, n, "*/*")) &&
	    q > *best)
		*best = q;
}

/*
 * Returns 1 when an Accept header admits application/json: it names
 * that type, its "application" wildcard or the full wildcard, with a
 * weight above zero (the first 64 elements are read, as for every
 * weighted header).  No header admits everything.
 */
int
req_accepts_json(const char *accept)
{
	int	 best = 0;

	if (accept == NULL)
		return 1;
	walk_weighted(accept, json_visit, &best);
	return best > 0;
}

/* RFC 9110 tchar: the characters of a token. */
static int
is_tchar(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || (c != '\0' && strchr("!#$%&'*+-.^_`|~",
	    c) != NULL);
}

static const char *
skip_ows(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/*
 * Reads the weights an Accept-Encoding header gives the codings perfil
 * has (RFC 9110 section 12.5.3) into q, in thousandths; 0 refuses.
 *
 * - No header: identity only (q = 1000; gzip and br 0).
 * - The header is a list of "coding [OWS ; OWS q=qvalue]" elements
 *   (empty elements allowed); a coding is a token, compared without
 *   case; "x-gzip" is "gzip".  The first element that names a coding
 *   gives its weight; later ones are ignored.
 * - gzip and br not named take the weight of "*", or 0 without it.
 * - identity not named takes the weight of "*", or else 1: acceptable,
 *   but after any coding the client named.
 * - Anything else (another parameter, a bad weight, a character
 *   outside a token) makes the whole header malformed: identity only,
 *   as if it were absent.
 *
 * The work is linear in the header's length.
 */
void
req_accept_encoding(const char *h, int q[CODING__MAX])
{
	static const char *const names[CODING__MAX] = {
		[CODING_IDENTITY] = "identity",
		[CODING_GZIP] = "gzip",
		[CODING_BR] = "br",
	};
	const char *p = h, *tok, *v;
	size_t	 n;
	int	 named[CODING__MAX] = { 0 }, star = -1, w, c;

	q[CODING_IDENTITY] = 1000;
	q[CODING_GZIP] = q[CODING_BR] = 0;
	if (h == NULL)
		return;
	for (c = 0; c < CODING__MAX; c++)
		named[c] = -1;
	for (;;) {
		p = skip_ows(p);
		if (*p == ',') {		/* an empty element */
			p++;
			continue;
		}
		if (*p == '\0')
			break;
		for (tok = p; is_tchar(*p); p++)
			;
		if ((n = (size_t)(p - tok)) == 0)
			goto malformed;
		w = 1000;
		p = skip_ows(p);
		if (*p == ';') {
			p = skip_ows(p + 1);
			if ((*p != 'q' && *p != 'Q') || p[1] != '=')
				goto malformed;
			for (v = p += 2; *p >= '.' && *p <= '9' && *p != '/';
			    p++)
				;
			if ((w = parse_qvalue(v, (size_t)(p - v))) < 0)
				goto malformed;
			p = skip_ows(p);
		}
		if (*p != ',' && *p != '\0')
			goto malformed;
		if (ascii_ieq(tok, n, "*")) {
			if (star < 0)
				star = w;
			continue;
		}
		if (ascii_ieq(tok, n, "x-gzip"))
			c = CODING_GZIP;
		else
			for (c = 0; c < CODING__MAX &&
			    !ascii_ieq(tok, n, names[c]); c++)
				;
		if (c < CODING__MAX && named[c] < 0)
			named[c] = w;
	}
	for (c = 0; c < CODING__MAX; c++)
		q[c] = named[c] >= 0 ? named[c] : star >= 0 ? star :
		    c == CODING_IDENTITY ? 1 : 0;
	return;
malformed:
	q[CODING_IDENTITY] = 1000;
	q[CODING_GZIP] = q[CODING_BR] = 0;
}

/*
 * The site path path ("/llms.txt", "/") in language l: itself in the
 * default language, "/CODE" in front in the others ("/en/llms.txt",
 * "/en/").  Returns path or buf (len bytes; path if it does not fit).
 */
const char *
lang_path(const struct langs *ls, enum lang l, const char *path, char *buf,
    size_t len)
{
	if (l == LANG_DEFAULT || xsnprintf(buf, len, "/%s%s",
	    lang_prefix(ls, l), path) == -1)
		return path;
	return buf;
}
