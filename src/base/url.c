/*
 * url.c: the one URL rule (url.h): RFC 3986 by GLib's GUri (strict
 * parsing, the text kept encoded), the characters RFC 3986 allows checked
 * first, and what a place allows by flags.
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "base/url.h"
#include "base/util.h"

/* A parsed URL: the text GUri read (the IRI percent-encoded) and its
 * parts; scheme and authority are also found in the text, so that a
 * scheme is compared as written and an origin cut from it. */
struct parsed {
	char	*text;
	GUri	*uri;
	size_t	 scheme;	/* length of the scheme in text */
	size_t	 auth;		/* where the authority starts (after //) */
	size_t	 auth_end;	/* where it ends: text's next / ? # */
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

/* The length of text's scheme ("https" of "https://..."), 0 when the
 * text does not start with one (a relative reference). */
static size_t
scheme_len(const char *t)
{
	size_t	 n;

	if (!isalpha((unsigned char)t[0]))
		return 0;
	n = 1 + strspn(t + 1, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.");
	return t[n] == ':' ? n : 0;
}

/* Parses s into pr; returns 0, or -1 (pr->text NULL when out of
 * memory, pr->uri NULL when GUri refused it).  parsed_free ends it. */
static int
parse(const char *s, struct parsed *pr)
{
	memset(pr, 0, sizeof(*pr));
	if ((pr->text = iri_to_uri(s)) == NULL)
		return -1;
	pr->scheme = scheme_len(pr->text);
	if (pr->scheme > 0 && strncmp(pr->text + pr->scheme, "://", 3) == 0) {
		pr->auth = pr->scheme + 3;
		pr->auth_end = pr->auth + strcspn(pr->text + pr->auth, "/?#");
	}
	if ((pr->uri = g_uri_parse(pr->text, G_URI_FLAGS_ENCODED, NULL)) ==
	    NULL)
		return -1;
	return 0;
}

static void
parsed_free(struct parsed *pr)
{
	if (pr->uri != NULL)
		g_uri_unref(pr->uri);
	free(pr->text);
}

/* True when s's scheme is name, as written (RFC 3986 makes schemes
 * case-insensitive; a URL here is written in lower case). */
static int
scheme_is(const char *s, const char *name)
{
	size_t	 n = strlen(name);

	return scheme_len(s) == n && memcmp(s, name, n) == 0;
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

/* The port of an http(s) URL, read from the text (the digits after
 * the host's last ':'): none, or a number from 1 to 65535. */
static int
check_port(const struct parsed *pr, char *why, size_t whylen)
{
	const char *a = pr->text + pr->auth, *end = pr->text + pr->auth_end;
	const char *c;
	char	 port[8];
	long	 p;

	if ((c = memchr(a, '@', (size_t)(end - a))) != NULL)
		a = c + 1;
	if (*a == '[' && (c = memchr(a, ']', (size_t)(end - a))) != NULL)
		a = c;
	if ((c = memchr(a, ':', (size_t)(end - a))) == NULL)
		return 0;
	c++;
	if (end - c == 0 || end - c > 5 ||
	    strspn(c, "0123456789") < (size_t)(end - c))
		return fail(why, whylen,
		    "the port is not a number from 1 to 65535");
	memcpy(port, c, (size_t)(end - c));
	port[end - c] = '\0';
	p = strtol(port, NULL, 10);
	if (p < 1 || p > 65535)
		return fail(why, whylen,
		    "the port is not a number from 1 to 65535");
	return 0;
}

/* An http(s) URL's authority: a host that is not empty and does not
 * start with a dot, and its port. */
static int
check_host(const struct parsed *pr, char *why, size_t whylen)
{
	const char *host = g_uri_get_host(pr->uri);

	if (host == NULL || *host == '\0')
		return fail(why, whylen, "the URI has an empty host");
	if (*host == '.')
		return fail(why, whylen, "the URI's host starts with a dot");
	return check_port(pr, why, whylen);
}

/* What follows "mailto:" or "tel:" up to a query or fragment: an
 * address LOCAL@DOMAIN, or a number. */
static int
check_opaque(const struct parsed *pr, int mail, char *why, size_t whylen)
{
	const char *p = pr->text + pr->scheme + 1;
	const char *at;
	size_t	 n = strcspn(p, "?#");

	if (g_uri_get_host(pr->uri) != NULL || p[0] == '/')
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

/* The ASCII characters RFC 3986 lets a URI hold (its unreserved and
 * reserved sets and '%'); '[' and ']' only around an IPv6 host. */
static const char uri_chars[] = "abcdefghijklmnopqrstuvwxyz"
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=%";

/* What no URL holds, named by its place: text that is not UTF-8, a
 * control character or a space (RFC 3986 has them percent-encoded),
 * a '%' that starts no percent-encoding, an ASCII character RFC 3986
 * does not allow.  Bytes above U+007F are an IRI's: percent-encoded
 * before parsing. */
static int
check_bytes(const char *s, char *why, size_t whylen)
{
	const unsigned char *p;
	size_t	 auth = 0, auth_end = 0, sl = scheme_len(s), i;

	if (!utf8_valid(s, strlen(s)))
		return fail(why, whylen, "not valid UTF-8");
	if (sl > 0 && strncmp(s + sl, "://", 3) == 0) {
		auth = sl + 3;
		auth_end = auth + strcspn(s + auth, "/?#");
	}
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		i = (size_t)(p - (const unsigned char *)s);
		if (*p < 0x20 || *p == 0x7f)
			return fail(why, whylen, "control character U+%04X "
			    "at byte %zu of a URI", *p, i + 1);
		if (*p == ' ')
			return fail(why, whylen, "a space at byte %zu of a URI "
			    "(write it %%20)", i + 1);
		if (*p == '%' && (!isxdigit(p[1]) || !isxdigit(p[2])))
			return fail(why, whylen, "'%%' at byte %zu of a URI is "
			    "not followed by two hexadecimal digits", i + 1);
		if (*p < 0x80 && (strchr(uri_chars, *p) == NULL ||
		    ((*p == '[' || *p == ']') && (i < auth || i >= auth_end))))
			return fail(why, whylen, "'%c' is not allowed in a URI "
			    "(RFC 3986)", *p);
	}
	return 0;
}

/* The parts after the scheme: user information, query, fragment, and
 * the scheme's own rule. */
static int
check_parts(const struct parsed *pr, unsigned int flags, char *why,
    size_t whylen)
{
	if (g_uri_get_userinfo(pr->uri) != NULL && !(flags & URL_USERINFO))
		return fail(why, whylen,
		    "user information (user@) is not allowed in a URI");
	if (g_uri_get_query(pr->uri) != NULL && !(flags & URL_QUERY))
		return fail(why, whylen, "a query (?...) is not allowed here");
	if (g_uri_get_fragment(pr->uri) != NULL && !(flags & URL_FRAGMENT))
		return fail(why, whylen,
		    "a fragment (#...) is not allowed here");
	if (scheme_is(pr->text, "mailto") || scheme_is(pr->text, "tel"))
		return check_opaque(pr, scheme_is(pr->text, "mailto"), why,
		    whylen);
	return check_host(pr, why, whylen);
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
	int	 rc, web;

	if (s == NULL || *s == '\0')
		return fail(why, whylen, "an empty URI");
	if ((flags & URL_SHORT) && strlen(s) > URL_SHORT_MAX)
		return fail(why, whylen, "a URI of more than %d bytes",
		    URL_SHORT_MAX);
	if (check_bytes(s, why, whylen) == -1)
		return -1;
	web = ((flags & URL_HTTP) && scheme_is(s, "http")) ||
	    ((flags & (URL_HTTP | URL_HTTPS)) && scheme_is(s, "https"));
	if (!web && !((flags & URL_MAILTO) && scheme_is(s, "mailto")) &&
	    !((flags & URL_TEL) && scheme_is(s, "tel")))
		return fail_scheme(flags, why, whylen);
	if (parse(s, &pr) == -1) {
		if (pr.text == NULL)
			return fail(why, whylen, "out of memory");
		/* the port first: GUri's refusal does not name the part */
		if (!web || pr.auth == 0 ||
		    (rc = check_port(&pr, why, whylen)) == 0)
			rc = fail(why, whylen, "not a URI (RFC 3986)");
		parsed_free(&pr);
		return rc;
	}
	rc = check_parts(&pr, flags, why, whylen);
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
	const char *res = NULL;
	size_t	 n, host;

	if (url_check(url, URL_LINK, NULL, 0) == -1 || parse(url, &pr) == -1)
		return NULL;
	n = pr.auth_end;
	host = pr.auth;
	if (host > 0 && n < outsz && n > host &&
	    strspn(pr.text + host, ok) >= n - host) {
		memcpy(out, pr.text, n);
		out[n] = '\0';
		res = out;
	}
	parsed_free(&pr);
	return res;
}

/*
 * The host of an http(s) URL, as GUri reads it (no port; an IPv6
 * address without its brackets), in lower case in out; NULL when url
 * is not one or the host does not fit.
 */
const char *
url_host(const char *url, char *out, size_t outsz)
{
	struct parsed pr;
	const char *h, *res = NULL;
	size_t	 i, n;

	if (url_check(url, URL_LINK, NULL, 0) == -1)
		return NULL;
	if (parse(url, &pr) == 0 && (h = g_uri_get_host(pr.uri)) != NULL &&
	    (n = strlen(h)) > 0 && n < outsz) {
		for (i = 0; i <= n; i++)
			out[i] = (char)tolower((unsigned char)h[i]);
		res = out;
	}
	parsed_free(&pr);
	return res;
}
