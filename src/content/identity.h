/*
 * identity.h: the owner's identity on the open web, as the content
 * states it.  Which of the profiles (profile.json "profiles") is a
 * fediverse account, and the syntax of the two identifiers site.json
 * may name: a WebFinger account ("webfinger", RFC 7565's acct:
 * NAME@DOMAIN) and a Bluesky DID ("atproto_did", did:plc: or did:web:).
 *
 * The fediverse rule: a profile is a fediverse account when its label
 * is the name of a fediverse network (identity_networks, compared
 * without regard to case: "Mastodon", "Pixelfed", "Misskey", ...) and
 * its URL has the form https://HOST/@USER (a trailing "/" allowed; no
 * port, user information, query or fragment), USER of 1 to
 * IDENTITY_USER_MAX letters, digits, "_", "." and "-" (after RFC
 * 3986's normalisation by GLib's GUri: "%63" is "c").  Its handle is
 * "@USER@HOST", HOST in lower case (an IDN host in its ASCII form,
 * "xn--...").  Any other profile is not one, and no page says
 * otherwise.
 *
 * Ownership: nothing is allocated; results are written into the
 * caller's buffers.
 */
#ifndef PERFIL_IDENTITY_H
#define PERFIL_IDENTITY_H

#include <stddef.h>

#include <cjson/cJSON.h>

#define IDENTITY_USER_MAX	64	/* a fediverse or acct: user name */
#define IDENTITY_HOST_MAX	253	/* a DNS name (RFC 1035) */
/* "@USER@HOST" or "NAME@DOMAIN" with its NUL */
#define IDENTITY_ACCT_MAX	(IDENTITY_USER_MAX + IDENTITY_HOST_MAX + 3)
#define IDENTITY_DID_MAX	(8 + IDENTITY_HOST_MAX)	/* "did:web:" */

extern const char *const identity_networks[];	/* NULL-terminated */

int	 identity_fediverse(const char *label, const char *url, char *acct,
	    size_t acctlen);
const cJSON *identity_fediverse_profile(const cJSON *profiles, char *acct,
	    size_t acctlen);
int	 identity_acct_check(const char *s, char *why, size_t whylen);
int	 identity_did_check(const char *s, char *why, size_t whylen);
int	 identity_host_valid(const char *s, size_t len);

#endif /* PERFIL_IDENTITY_H */
