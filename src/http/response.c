/*
 * response.c: headers, entity tags and the wire form of a response.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "http/response.h"

void
resp_init(struct response *r)
{
	memset(r, 0, sizeof(*r));
	buf_init(&r->headers);
	buf_init(&r->body);
	resp_reset(r);
}

void
resp_reset(struct response *r)
{
	r->status = 200;
	r->content_type = NULL;
	r->cache_control = NULL;
	r->content_language = NULL;
	r->content_encoding = NULL;
	r->vary_encoding = 0;
	r->etag[0] = '\0';
	r->omit_body = 0;
	r->expires_at = 0;
	r->kept = NULL;
	r->kept_len = 0;
	buf_reset(&r->headers);
	buf_reset(&r->body);
}

/* Empties the body (a 304), kept bytes included. */
void
resp_drop_body(struct response *r)
{
	buf_reset(&r->body);
	r->kept = NULL;
	r->kept_len = 0;
}

/* The body's bytes: the kept ones, else the buffer's. */
const char *
resp_body(const struct response *r, size_t *len)
{
	if (r->kept != NULL) {
		*len = r->kept_len;
		return r->kept;
	}
	*len = r->body.len;
	return r->body.data != NULL ? r->body.data : "";
}

void
resp_free(struct response *r)
{
	buf_free(&r->headers);
	buf_free(&r->body);
}

/* Adds a header line; name and value must hold no CR or LF. */
void
resp_header(struct response *r, const char *name, const char *value)
{
	buf_puts(&r->headers, name);
	buf_puts(&r->headers, ": ");
	buf_puts(&r->headers, value);
	buf_puts(&r->headers, "\r\n");
}

/* True when a header line named name (any case) was added. */
int
resp_has_header(const struct response *r, const char *name)
{
	const char *p = r->headers.data, *end = p + r->headers.len;
	size_t	 n = strlen(name);

	while (p != NULL && p < end) {
		if ((size_t)(end - p) > n && p[n] == ':' &&
		    strncasecmp(p, name, n) == 0)
			return 1;
		if ((p = memchr(p, '\n', (size_t)(end - p))) != NULL)
			p++;
	}
	return 0;
}

/* Sets a strong entity tag from the body's bytes. */
void
resp_set_etag(struct response *r)
{
	snprintf(r->etag, sizeof(r->etag), "\"%016" PRIx64 "\"",
	    hash_words64(r->body.data ? r->body.data : "", r->body.len));
}

/*
 * Returns 1 when the entity-tag list field (If-None-Match, If-Match)
 * holds "*" or the response's tag.  With strong set (If-Match, RFC 9110
 * section 13.1.1) a weak tag W/"..." never matches; otherwise W/ is
 * ignored (weak comparison, section 13.1.2).  A malformed list does
 * not match.
 */
static int
tag_list_matches(const struct response *r, const char *field, int strong)
{
	const char *p = field, *end;
	size_t	 taglen = strlen(r->etag);
	int	 weak;

	if (field == NULL || taglen == 0)
		return 0;
	/* "*" matches only alone; in a list it makes the field malformed. */
	p += strspn(p, " \t");
	if (*p == '*')
		return p[1 + strspn(p + 1, " \t")] == '\0';
	while (*p != '\0') {
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (*p == '\0' || *p == '*')
			return 0;
		if ((weak = p[0] == 'W' && p[1] == '/'))
			p += 2;
		if (*p != '"')
			return 0;
		if ((end = strchr(p + 1, '"')) == NULL)
			return 0;
		if ((size_t)(end - p + 1) == taglen && !(strong && weak) &&
		    memcmp(p, r->etag, taglen) == 0)
			return 1;
		p = end + 1;
	}
	return 0;
}

/*
 * Returns 1 when an If-None-Match header value matches the response's
 * tag: "*", or any listed tag by weak comparison.  A malformed field
 * is ignored (no match).
 */
int
resp_etag_matches(const struct response *r, const char *inm)
{
	return tag_list_matches(r, inm, 0);
}

/*
 * Returns 1 when the precondition of an If-Match header value fails:
 * the field is present and holds neither "*" nor the response's tag by
 * strong comparison (the answer is then 412).
 */
int
resp_if_match_fails(const struct response *r, const char *im)
{
	return im != NULL && !tag_list_matches(r, im, 1);
}

/*
 * The reason phrase of a status code: RFC 9110's, section 15, for every
 * code it defines (a client ignores the phrase, but a log or a person
 * reads it); for another code, the name of its class.
 */
const char *
resp_reason(int status)
{
	static const struct {
		int	 status;
		const char *reason;
	} reasons[] = {
		{ 100, "Continue" }, { 101, "Switching Protocols" },
		{ 200, "OK" }, { 201, "Created" }, { 202, "Accepted" },
		{ 203, "Non-Authoritative Information" },
		{ 204, "No Content" }, { 205, "Reset Content" },
		{ 206, "Partial Content" },
		{ 300, "Multiple Choices" }, { 301, "Moved Permanently" },
		{ 302, "Found" }, { 303, "See Other" },
		{ 304, "Not Modified" }, { 305, "Use Proxy" },
		{ 307, "Temporary Redirect" }, { 308, "Permanent Redirect" },
		{ 400, "Bad Request" }, { 401, "Unauthorized" },
		{ 402, "Payment Required" }, { 403, "Forbidden" },
		{ 404, "Not Found" }, { 405, "Method Not Allowed" },
		{ 406, "Not Acceptable" },
		{ 407, "Proxy Authentication Required" },
		{ 408, "Request Timeout" }, { 409, "Conflict" },
		{ 410, "Gone" }, { 411, "Length Required" },
		{ 412, "Precondition Failed" }, { 413, "Content Too Large" },
		{ 414, "URI Too Long" }, { 415, "Unsupported Media Type" },
		{ 416, "Range Not Satisfiable" },
		{ 417, "Expectation Failed" },
		{ 421, "Misdirected Request" },
		{ 422, "Unprocessable Content" },
		{ 426, "Upgrade Required" },
		{ 500, "Internal Server Error" }, { 501, "Not Implemented" },
		{ 502, "Bad Gateway" }, { 503, "Service Unavailable" },
		{ 504, "Gateway Timeout" },
		{ 505, "HTTP Version Not Supported" }
	};
	static const char *const classes[] = { "Informational", "Successful",
	    "Redirection", "Client Error", "Server Error" };
	size_t	 i;

	for (i = 0; i < sizeof(reasons) / sizeof(reasons[0]); i++)
		if (reasons[i].status == status)
			return reasons[i].reason;
	if (status >= 100 && status <= 599)
		return classes[status / 100 - 1];
	return "Unknown";
}

/* Appends v in decimal. */
static void
put_decimal(struct buf *out, size_t v)
{
	char	 d[24];
	size_t	 i = sizeof(d);

	do
		d[--i] = (char)('0' + v % 10);
	while ((v /= 10) > 0 && i > 0);
	buf_append(out, d + i, sizeof(d) - i);
}

/* Appends one header line: name (with its ": "), value, CRLF. */
static void
put_line(struct buf *out, const char *name, const char *value)
{
	buf_puts(out, name);
	buf_puts(out, value);
	buf_puts(out, "\r\n");
}

/*
 * Appends the added header lines to out.  With vary_encoding,
 * Accept-Encoding joins the first Vary line, or gets its own.
 */
static void
put_headers(const struct response *r, struct buf *out)
{
	const char *p = r->headers.data, *end = p + r->headers.len, *eol;
	int	 vary = r->vary_encoding;

	while (p != NULL && p < end) {
		if ((eol = memchr(p, '\n', (size_t)(end - p))) == NULL)
			eol = end - 1;
		if (vary && eol - p > 6 && strncasecmp(p, "Vary:", 5) == 0 &&
		    eol[-1] == '\r') {
			buf_append(out, p, (size_t)(eol - 1 - p));
			buf_puts(out, ", Accept-Encoding\r\n");
			vary = 0;
		} else
			buf_append(out, p, (size_t)(eol + 1 - p));
		p = eol + 1;
	}
	if (vary)
		buf_puts(out, "Vary: Accept-Encoding\r\n");
}

/* Writes the status line and the headers of the response in CGI form,
 * with the blank line after them, into out (which is reset first).
 * Content-Encoding is left out of a 304, like Content-Type. */
void
resp_serialize_head(struct response *r, struct buf *out)
{
	int	 has_body = r->status != 204 && r->status != 304;
	size_t	 len;

	/* No printf: formatting the lines was half of a pre-rendered
	 * answer's CPU (callgrind). */
	buf_reset(out);
	buf_puts(out, "Status: ");
	put_decimal(out, (size_t)r->status);
	buf_putc(out, ' ');
	buf_puts(out, resp_reason(r->status));
	buf_puts(out, "\r\n");
	if (r->content_type != NULL && has_body)
		put_line(out, "Content-Type: ", r->content_type);
	if (r->content_encoding != NULL && has_body)
		put_line(out, "Content-Encoding: ", r->content_encoding);
	if (has_body) {
		buf_puts(out, "Content-Length: ");
		(void)resp_body(r, &len);
		put_decimal(out, len);
		buf_puts(out, "\r\n");
	}
	if (r->cache_control != NULL)
		put_line(out, "Cache-Control: ", r->cache_control);
	if (r->content_language != NULL)
		put_line(out, "Content-Language: ", r->content_language);
	if (r->etag[0] != '\0')
		put_line(out, "ETag: ", r->etag);
	if (r->expires_at > 0) {
		buf_puts(out, "X-Accel-Expires: @");
		put_decimal(out, (size_t)r->expires_at);
		buf_puts(out, "\r\n");
	}
	put_headers(r, out);
	buf_puts(out, "\r\n");
}

/* The bytes resp_serialize_head leaves out: none for HEAD, 204 and
 * 304, else the body. */
const char *
resp_send_body(const struct response *r, size_t *len)
{
	if (r->status == 204 || r->status == 304 || r->omit_body) {
		*len = 0;
		return "";
	}
	return resp_body(r, len);
}

/* Writes the whole response in CGI form into out (reset first). */
void
resp_serialize(struct response *r, struct buf *out)
{
	const char *b;
	size_t	 len;

	resp_serialize_head(r, out);
	b = resp_send_body(r, &len);
	buf_append(out, b, len);
}
