/*
 * url.c: the one URL rule (url.h): RFC 3986 by liburiparser, and what
 * a place allows by flags.
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uriparser/Uri.h>

#include "base/url.h"
#include "base/util.h"

/* A parsed URL: the text liburiparser read (the IRI percent-encoded)
 * and its parts, which point into that text. */
struct parsed {
	char	*text;
	UriUriA	 uri;
	const char *error;	/* where parsing stopped, on failure */
};

/* Writes the reason into why (when given); returns -1. */
static int
fail(char *why, size_t whylen, const char *fmt, ...)
{
	va_list	 ap;

	if (why != NULL && whylen > 0) {
		va_start(ap, fmt);
		vsnprintf(why, whylen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* s with every byte above U+007F percent-encoded (RFC 3987, 3.1), or
 * NULL when out of memory.  The caller frees it. */
static char *
iri_to_uri(const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p;
	char	*out, *o;

	if ((out = malloc(strlen(s) * 3 + 1)) == NULL)
		return NULL;
	for (o = out, p = (const unsigned char *)s; *p != '\0'; p++)
		if (*p < 0x80)
			*o++ = (char)*p;
		else {
			*o++ = '%';
			*o++ = hex[*p >> 4];
			*o++ = hex[*p & 0xf];
		}
	*o = '\0';
	return out;
}

/* Parses s into pr; returns 0, or -1 (pr->error set when the text is
 * not a URI reference, NULL when out of memory).  parsed_free ends it. */
static int
parse(const char *s, struct parsed *pr)
{
	memset(pr, 0, sizeof(*pr));
	if ((pr->text = iri_to_uri(s)) == NULL)
		return -1;
	if (uriParseSingleUriA(&pr->uri, pr->text, &pr->error) !=
	    URI_SUCCESS) {
		if (pr->error == NULL)
			pr->error = pr->text + strlen(pr->text);
		return -1;
	}
	pr->error = NULL;
	return 0;
}

static void
parsed_free(struct parsed *pr)
{
	uriFreeUriMembersA(&pr->uri);
	free(pr->text);
}

static int
has(const UriTextRangeA *r)
{
	return r->first != NULL;
}

static size_t
range_len(const UriTextRangeA *r)
{
	return r->first == NULL ? 0 : (size_t)(r->afterLast - r->first);
}

static int
scheme_is(const UriUriA *u, const char *name)
{
	size_t	 n = strlen(name);

	return range_len(&u->scheme) == n &&
	    memcmp(u->scheme.first, name, n) == 0;
}

/* "not an absolute http(s) URI", "not a mailto:, https: or tel: URI":
 * what the flags allow, said when a URL is none of it. */
static int
fail_scheme(unsigned int flags, char *why, size_t whylen)
{
	const char *names[3];
	const char *web = (flags & URL_HTTP) ? "http(s)" : "https";
	char	 list[64];
	int	 n = 0, i;

	if (!(flags & (URL_MAILTO | URL_TEL)))
		return fail(why, whylen, "not an absolute %s URI", web);
	if (flags & URL_MAILTO)
		names[n++] = "mailto:";
	if (flags & (URL_HTTP | URL_HTTPS))
		names[n++] = (flags & URL_HTTP) ? "http(s):" : "https:";
	if (flags & URL_TEL)
		names[n++] = "tel:";
	list[0] = '\0';
	for (i = 0; i < n; i++) {
		strcat(list, list_sep(i, n, " or "));
		strcat(list, names[i]);
	}
	return fail(why, whylen, "not a %s URI", list);
}

/* An http(s) URL's authority: a host that is not empty and does not
 * start with a dot, a port from 1 to 65535. */
static int
check_host(const UriUriA *u, char *why, size_t whylen)
{
	char	 port[8];
	long	 p;

	if (range_len(&u->hostText) == 0 && u->hostData.ip6 == NULL &&
	    !has(&u->hostData.ipFuture))
		return fail(why, whylen, "the URI has an empty host");
	if (range_len(&u->hostText) > 0 && *u->hostText.first == '.')
		return fail(why, whylen, "the URI's host starts with a dot");
	if (has(&u->portText)) {
		if (range_len(&u->portText) == 0 ||
		    range_len(&u->portText) > 5)
			return fail(why, whylen,
			    "the port is not a number from 1 to 65535");
		memcpy(port, u->portText.first, range_len(&u->portText));
		port[range_len(&u->portText)] = '\0';
		p = strtol(port, NULL, 10);
		if (p < 1 || p > 65535)
			return fail(why, whylen,
			    "the port is not a number from 1 to 65535");
	}
	return 0;
}

/* What follows "mailto:" or "tel:" up to a query or fragment: an
 * address LOCAL@DOMAIN, or a number. */
static int
check_opaque(const struct parsed *pr, int mail, char *why, size_t whylen)
{
	const char *p = pr->text + range_len(&pr->uri.scheme) + 1;
	const char *at;
	size_t	 n = strcspn(p, "?#");

	if (has(&pr->uri.hostText) || p[0] == '/')
		return fail(why, whylen, "a %s URI has no //host",
		    mail ? "mailto:" : "tel:");
	if (mail) {
		at = memchr(p, '@', n);
		if (at == NULL || at == p || at == p + n - 1)
			return fail(why, whylen, "not an e-mail address "
			    "after mailto:");
		return 0;
	}
	if (n == 0 || strspn(p, "+0123456789-.()") < n)
		return fail(why, whylen, "not a telephone number after tel: "
		    "(digits, +, -, ., ( and ) only)");
	return 0;
}

/* What no URL holds, named by its place: text that is not UTF-8, a
 * control character or a space (RFC 3986 has them percent-encoded),
 * a '%' that starts no percent-encoding. */
static int
check_bytes(const char *s, char *why, size_t whylen)
{
	const unsigned char *p;

	if (!utf8_valid(s, strlen(s)))
		return fail(why, whylen, "not valid UTF-8");
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (*p < 0x20 || *p == 0x7f)
			return fail(why, whylen, "control character U+%04X "
			    "at byte %zu of a URI", *p,
			    (size_t)(p - (const unsigned char *)s) + 1);
		if (*p == ' ')
			return fail(why, whylen, "a space at byte %zu of a URI "
			    "(write it %%20)",
			    (size_t)(p - (const unsigned char *)s) + 1);
		if (*p == '%' && (!isxdigit(p[1]) || !isxdigit(p[2])))
			return fail(why, whylen, "'%%' at byte %zu of a URI is "
			    "not followed by two hexadecimal digits",
			    (size_t)(p - (const unsigned char *)s) + 1);
	}
	return 0;
}

/* The parts after the scheme: user information, query, fragment, and
 * the scheme's own rule. */
static int
check_parts(const struct parsed *pr, unsigned int flags, char *why,
    size_t whylen)
{
	const UriUriA *u = &pr->uri;

	if (has(&u->userInfo) && !(flags & URL_USERINFO))
		return fail(why, whylen,
		    "user information (user@) is not allowed in a URI");
	if (has(&u->query) && !(flags & URL_QUERY))
		return fail(why, whylen, "a query (?...) is not allowed here");
	if (has(&u->fragment) && !(flags & URL_FRAGMENT))
		return fail(why, whylen,
		    "a fragment (#...) is not allowed here");
	if (scheme_is(u, "mailto") || scheme_is(u, "tel"))
		return check_opaque(pr, scheme_is(u, "mailto"), why, whylen);
	return check_host(u, why, whylen);
}

/*
 * Checks s against the URL rule (url.h) and what flags allow.  Returns
 * 0, or -1 with the reason in why (when why is not NULL): "user
 * information (user@) is not allowed in a URI", "not an absolute
 * http(s) URI", "control character U+0001 at byte 9 of a URI"...
 */
int
url_check(const char *s, unsigned int flags, char *why, size_t whylen)
{
	struct parsed pr;
	const UriUriA *u = &pr.uri;
	int	 rc, web;

	if (s == NULL || *s == '\0')
		return fail(why, whylen, "an empty URI");
	if ((flags & URL_SHORT) && strlen(s) > URL_SHORT_MAX)
		return fail(why, whylen, "a URI of more than %d bytes",
		    URL_SHORT_MAX);
	if (check_bytes(s, why, whylen) == -1)
		return -1;
	if (parse(s, &pr) == -1) {
		if (pr.text == NULL)
			return fail(why, whylen, "out of memory");
		rc = *pr.error != '\0' && *pr.error != '%' ?
		    fail(why, whylen, "'%c' is not allowed in a URI "
		    "(RFC 3986)", *pr.error) :
		    fail(why, whylen, "not a URI (RFC 3986)");
		parsed_free(&pr);
		return rc;
	}
	web = ((flags & URL_HTTP) && scheme_is(u, "http")) ||
	    ((flags & (URL_HTTP | URL_HTTPS)) && scheme_is(u, "https"));
	if (web || ((flags & URL_MAILTO) && scheme_is(u, "mailto")) ||
	    ((flags & URL_TEL) && scheme_is(u, "tel")))
		rc = check_parts(&pr, flags, why, whylen);
	else
		rc = fail_scheme(flags, why, whylen);
	parsed_free(&pr);
	return rc;
}

/*
 * The origin ("https://host[:port]") of an http(s) URL without user
 * information, in out, for a Content-Security-Policy source; NULL when
 * url is not one, the origin does not fit or holds a character a CSP
 * source cannot (a percent-encoded or non-ASCII host).
 */
const char *
url_origin(const char *url, char *out, size_t outsz)
{
	static const char ok[] = "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]";
	struct parsed pr;
	const char *end, *res = NULL;
	size_t	 n, host;

	if (url_check(url, URL_LINK, NULL, 0) == -1 || parse(url, &pr) == -1)
		return NULL;
	if (has(&pr.uri.portText))
		end = pr.uri.portText.afterLast;
	else
		end = pr.uri.hostText.afterLast + (*pr.uri.hostText.afterLast
		    == ']');
	n = (size_t)(end - pr.text);
	host = range_len(&pr.uri.scheme) + 3;
	if (n < outsz && n > host && strspn(pr.text + host, ok) >= n - host) {
		memcpy(out, pr.text, n);
		out[n] = '\0';
		res = out;
	}
	parsed_free(&pr);
	return res;
}
