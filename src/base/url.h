/*
 * url.h: the one URL rule.  Every URL perfil reads (the command line,
 * site.json, the content files, an import) is checked by url_check:
 * parsed as RFC 3986 by GLib's GUri, then held to what the place that
 * took it allows, given as flags.  What the check refuses always: an
 * empty value, invalid UTF-8, a control character (U+0000-U+001F,
 * U+007F) or a space anywhere, a character RFC 3986 does not allow
 * (quote, angle brackets, backslash, ^, `, {, |, }), a scheme the flags
 * do not name, an http(s) URL without a host or with a host that starts
 * with a dot, a port that is not 1 to 65535.  Letters beyond ASCII (an
 * IRI: an IDN host, a path in another script) are taken as their
 * UTF-8 bytes percent-encoded (RFC 3987, 3.1).
 *
 * Ownership: the functions keep nothing; the reason is written into
 * the caller's buffer.
 */
#ifndef PERFIL_URL_H
#define PERFIL_URL_H

#include <stddef.h>

enum url_flag {
	URL_HTTP	= 1u << 0,	/* http: and https: with a host */
	URL_HTTPS	= 1u << 1,	/* https: with a host */
	URL_MAILTO	= 1u << 2,	/* mailto:LOCAL@DOMAIN */
	URL_TEL		= 1u << 3,	/* tel: digits, + - . ( ) */
	URL_USERINFO	= 1u << 4,	/* user@ or user:password@ */
	URL_QUERY	= 1u << 5,	/* ?query */
	URL_FRAGMENT	= 1u << 6,	/* #fragment */
	URL_SHORT	= 1u << 7	/* at most URL_SHORT_MAX bytes */
};

#define URL_SHORT_MAX	200

/* A link in the content, site.json or an import: an absolute http(s)
 * URL, query and fragment allowed, no user information. */
#define URL_LINK	(URL_HTTP | URL_QUERY | URL_FRAGMENT)
/* The site's base URL (--base-url, site.json's base_url): an absolute
 * http(s) URL with a host and maybe a path, nothing after it, short
 * enough for every header it reaches (Link, Location). */
#define URL_BASE	(URL_HTTP | URL_SHORT)

int	 url_check(const char *s, unsigned int flags, char *why,
	    size_t whylen);
const char *url_origin(const char *url, char *out, size_t outsz);
const char *url_host(const char *url, char *out, size_t outsz);

#endif /* PERFIL_URL_H */
