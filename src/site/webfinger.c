/*
 * webfinger.c: WebFinger (RFC 7033) for the owner's account.
 *
 * GET /.well-known/webfinger?resource=acct:NAME@DOMAIN answers, when
 * NAME@DOMAIN is site.json's "webfinger" (without regard to case), or
 * when the resource is the site's base URL, the owner's JSON Resource
 * Descriptor (application/jrd+json, readable by any origin): subject
 * the acct: URI, aliases the site and every profile, links the site
 * as the profile page (and each fediverse profile, identity.h), the
 * portrait as the avatar.  A "rel" parameter is ignored, as 4.3
 * allows: every link is sent.  A resource absent, empty, given twice
 * or not a URI (or an acct: URI that is not NAME@DOMAIN) is a 400, any
 * other a 404, both in the error envelope (errors.h); with no
 * "webfinger" in site.json the path is the site's 404 page.  The JRD
 * itself is built once per content load (webfinger_jrd, discovery.c);
 * a request only checks its resource.
 */
#include "config.h"

#include <string.h>
#include <strings.h>

#include "content/identity.h"
#include "core/errors.h"
#include "site/pages.h"
#include "site/webfinger.h"

/* Returns 1 when the len bytes of s start with a URI scheme and ":"
 * (RFC 3986, 3.1) followed by something. */
static int
has_scheme(const char *s, size_t len)
{
	size_t	 i;

	if (len == 0 || !((s[0] >= 'a' && s[0] <= 'z') ||
	    (s[0] >= 'A' && s[0] <= 'Z')))
		return 0;
	i = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789+.-");
	return i < len && s[i] == ':' && i + 1 < len;
}

/* Returns 1 when resource r names the owner: the acct: URI of
 * site.json's account or the site's base URL (with or without its
 * last "/"). */
static int
is_owner(const struct app *app, const char *r)
{
	const char *base = app->cfg->base_url;
	size_t	 n = strlen(base);

	if (strncasecmp(r, "acct:", 5) == 0)
		return strcasecmp(r + 5, app->settings->webfinger) == 0;
	return strncmp(r, base, n) == 0 && (r[n] == '\0' ||
	    (r[n] == '/' && r[n + 1] == '\0'));
}

void
webfinger_serve(struct ctx *x)
{
	const struct req_param *v = &x->req->param[PARAM_RESOURCE];
	const char *hint = "Ask for the owner's account: "
	    "?resource=acct:NAME@DOMAIN (RFC 7033).";
	char	 why[160];

	if (x->app->settings->webfinger == NULL) {
		pages_not_found(x);
		return;
	}
	if (x->req->bad_query) {
		err_send(x, ERR_BAD_REQUEST, hint, "The query string is "
		    "malformed: an invalid percent-escape, a NUL byte or "
		    "invalid UTF-8.");
		return;
	}
	if (v->value == NULL || v->len == 0 || v->count > 1) {
		err_send(x, ERR_INVALID_PARAMETER, hint, "Parameter "
		    "'resource' is required once, a URI; received %s.",
		    v->count > 1 ? "it more than once" : "none");
		return;
	}
	if (!has_scheme(v->value, v->len) || (strncasecmp(v->value, "acct:",
	    5) == 0 && identity_acct_check(v->value + 5, why,
	    sizeof(why)) == -1)) {
		err_send(x, ERR_INVALID_PARAMETER, hint, "Parameter "
		    "'resource' must be a URI such as acct:NAME@DOMAIN; "
		    "received '%s'%s%s.", arena_excerpt(x->arena, v->value,
		    v->len, 80), has_scheme(v->value, v->len) ? ": " : "",
		    has_scheme(v->value, v->len) ? why : "");
		return;
	}
	if (!is_owner(x->app, v->value)) {
		err_send(x, ERR_NOT_FOUND, hint, "This site describes no "
		    "resource '%s'.", arena_excerpt(x->arena, v->value,
		    v->len, 80));
		return;
	}
	pages_doc(x);	/* webfinger_jrd's, made at load */
}
