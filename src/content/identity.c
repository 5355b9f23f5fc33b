/*
 * identity.c: the fediverse rule and the syntax of an acct: account
 * and a DID (identity.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <glib.h>

#include "base/json.h"
#include "base/url.h"
#include "content/identity.h"

/* The networks whose profile URLs are https://HOST/@USER (identity.h);
 * a label is compared with each without regard to case. */
const char *const identity_networks[] = {
	"Mastodon", "Pixelfed", "Misskey", "Pleroma", "Akkoma",
	"GoToSocial", "Firefish", "Sharkey", "Iceshrimp", "Hometown",
	"Friendica", "Fediverse", NULL
};

#define LOWER	"abcdefghijklmnopqrstuvwxyz"
#define UPPER	"ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#define DIGITS	"0123456789"

/*
 * Returns 1 when the len bytes of s are a DNS name (RFC 1035, with
 * RFC 1123's leading digits): labels of 1 to 63 letters, digits and
 * "-", neither first nor last a "-", separated by single dots, at most
 * IDENTITY_HOST_MAX bytes in all.
 */
int
identity_host_valid(const char *s, size_t len)
{
	size_t	 i, label = 0;

	if (len == 0 || len > IDENTITY_HOST_MAX)
		return 0;
	for (i = 0; i < len; i++) {
		if (s[i] == '.') {
			if (label == 0 || s[i - 1] == '-')
				return 0;
			label = 0;
			continue;
		}
		if (strchr(LOWER UPPER DIGITS "-", s[i]) == NULL ||
		    s[i] == '\0' || (s[i] == '-' && label == 0) ||
		    ++label > 63)
			return 0;
	}
	return label > 0 && s[len - 1] != '-';
}

static int
is_network(const char *label)
{
	size_t	 i;

	for (i = 0; identity_networks[i] != NULL; i++)
		if (strcasecmp(label, identity_networks[i]) == 0)
			return 1;
	return 0;
}

/*
 * Returns 1 when a profile labelled label at url is a fediverse account
 * (the rule of identity.h), writing its handle "@USER@HOST" into acct;
 * else 0, acct untouched.
 */
int
identity_fediverse(const char *label, const char *url, char *acct,
    size_t acctlen)
{
	GUri	*u = NULL;
	const char *host, *path;
	char	 why[128];
	size_t	 n;
	int	 ok = 0, w;

	if (label == NULL || url == NULL || !is_network(label) ||
	    url_check(url, URL_HTTPS, why, sizeof(why)) == -1 ||
	    (u = g_uri_parse(url, G_URI_FLAGS_ENCODED, NULL)) == NULL)
		goto out;
	host = g_uri_get_host(u);
	path = g_uri_get_path(u);
	if (host == NULL || !identity_host_valid(host, strlen(host)) ||
	    g_uri_get_port(u) != -1 || strncmp(path, "/@", 2) != 0)
		goto out;
	path += 2;
	n = strspn(path, LOWER UPPER DIGITS "_.-");
	if (n == 0 || n > IDENTITY_USER_MAX ||
	    !(path[n] == '\0' || (path[n] == '/' && path[n + 1] == '\0')))
		goto out;
	w = snprintf(acct, acctlen, "@%.*s@%s", (int)n, path, host);
	if (w < 0 || (size_t)w >= acctlen)
		goto out;
	for (n = strlen(acct) - strlen(host); acct[n] != '\0'; n++)
		if (acct[n] >= 'A' && acct[n] <= 'Z')
			acct[n] = (char)(acct[n] - 'A' + 'a');
	ok = 1;
out:
	if (u != NULL)
		g_uri_unref(u);
	return ok;
}

/*
 * The first of profiles (profile.json's array of {label, url}) that is
 * a fediverse account, its handle written into acct; NULL when none
 * is.
 */
const cJSON *
identity_fediverse_profile(const cJSON *profiles, char *acct,
    size_t acctlen)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, profiles)
		if (identity_fediverse(json_str(e, "label"),
		    json_str(e, "url"), acct, acctlen))
			return e;
	return NULL;
}

/* Writes the reason into why; returns -1. */
static int
refuse(char *why, size_t whylen, const char *reason)
{
	snprintf(why, whylen, "%s", reason);
	return -1;
}

/*
 * Checks s as the account of a WebFinger acct: URI without its scheme
 * (RFC 7565): NAME@DOMAIN, NAME of 1 to IDENTITY_USER_MAX characters
 * RFC 3986 allows unencoded in a user part (letters, digits and
 * -._~!$&'()*+,;=), DOMAIN a DNS name.  Returns 0, or -1 with the
 * reason in why.
 */
int
identity_acct_check(const char *s, char *why, size_t whylen)
{
	const char *at = strrchr(s, '@');
	size_t	 n;

	if (strncasecmp(s, "acct:", 5) == 0)
		return refuse(why, whylen, "expected NAME@DOMAIN without "
		    "\"acct:\", such as \"ana@ana.example\"");
	if (at == NULL)
		return refuse(why, whylen, "expected NAME@DOMAIN, such as "
		    "\"ana@ana.example\": no \"@\"");
	n = (size_t)(at - s);
	if (n == 0 || n > IDENTITY_USER_MAX)
		return refuse(why, whylen, "the name before \"@\" must have "
		    "1 to 64 characters");
	if (strspn(s, LOWER UPPER DIGITS "-._~!$&'()*+,;=") != n)
		return refuse(why, whylen, "the name before \"@\" may have "
		    "only letters, digits and -._~!$&'()*+,;=");
	if (!identity_host_valid(at + 1, strlen(at + 1)))
		return refuse(why, whylen, "the part after \"@\" is not a "
		    "domain name (letters, digits, \"-\" and dots)");
	return 0;
}

/*
 * Checks s as an AT Protocol DID (atproto.com/specs/did): "did:plc:"
 * and 24 characters of base32 (a-z, 2-7), or "did:web:" and a domain
 * name with at least one dot, in lower case (no port, no path).
 * Returns 0, or -1 with the reason in why.
 */
int
identity_did_check(const char *s, char *why, size_t whylen)
{
	const char *id;
	size_t	 n;

	if (strncmp(s, "did:plc:", 8) == 0) {
		id = s + 8;
		n = strlen(id);
		if (n != 24 || strspn(id, LOWER "234567") != n)
			return refuse(why, whylen, "a did:plc: identifier is "
			    "24 characters of base32 (a-z, 2-7)");
		return 0;
	}
	if (strncmp(s, "did:web:", 8) == 0) {
		id = s + 8;
		n = strlen(id);
		if (!identity_host_valid(id, n) || strchr(id, '.') == NULL ||
		    strspn(id, LOWER DIGITS "-.") != n)
			return refuse(why, whylen, "a did:web: identifier is "
			    "a domain name in lower case, such as "
			    "\"did:web:ana.example\" (no port, no path)");
		return 0;
	}
	return refuse(why, whylen, "expected \"did:plc:\" or \"did:web:\" "
	    "and its identifier, such as \"did:plc:"
	    "ewvi7nxzyoun6zhxrhs64oiz\"");
}
