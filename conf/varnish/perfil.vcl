# perfil behind Varnish, or any shared HTTP cache configured the same way:
# a sample for the deployments that outgrow one machine (docs/deployment.md,
# "Behind a shared cache"). Varnish 6 and 7; the backend is the nginx site
# (conf/nginx/perfil.conf) or Apache in front of perfil-fcgi.
#
# perfil's answers say everything a cache needs: "Cache-Control: public,
# max-age=300, s-maxage=3600" on successes ("no-store" on errors), a strong
# ETag per representation and coding, and Vary naming the request headers the
# representation depends on (Accept-Language, Accept-Encoding, and Accept on
# pages, which answer markdown to agents). Varnish honours all three: it
# keeps one object per Vary combination, answers If-None-Match with 304, and
# by default asks the backend for gzip and unzips for clients that did not
# ask for it (http_gzip_support). So this file only keeps out of the cache
# what has no bound (search and other query strings) and what perfil must
# answer itself (conditionals other than If-None-Match, ranges), and keys
# the cache on the URL alone, not the client's Host (vcl_hash).
#
# Edit the backend's address; the test harness (tests/blackbox/varnish.test.sh)
# rewrites "127.0.0.1" and "8080" below with sed, so keep them literal.

vcl 4.1;

backend perfil {
    .host = "127.0.0.1";
    .port = "8080";
}

sub vcl_recv {
    # OPTIONS (CORS preflight) and writes: perfil answers them (204, 405).
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Only the answers whose number the content bounds are kept: a path with
    # no query string or "lang=CODE" alone. Search, pagination and any other
    # query string go to perfil every time, so that unique URLs cannot fill
    # the cache.
    if (req.url ~ "\?" &&
        req.url !~ "\?lang=[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$") {
        return (pass);
    }
    # perfil answers these itself (If-Match: its JSON 412; If-Unmodified-Since
    # does not apply: there is no Last-Modified); Varnish answers
    # If-None-Match from the cache (304).
    if (req.http.If-Match || req.http.If-Unmodified-Since ||
        req.http.If-Range || req.http.Range) {
        return (pass);
    }
    # No cookies or credentials are read by perfil: drop them, so that the
    # default rules do not pass every browser request.
    unset req.http.Cookie;
    unset req.http.Authorization;
    return (hash);
}

sub vcl_hash {
    # One site: the key is the URL alone. Varnish's built-in vcl_hash adds the
    # Host header, which the client writes: every spelling of the site's name
    # (localhost, 127.0.0.1, a port, capitals) and every invented name a
    # backend answers would keep its own copy of the same bytes. perfil's
    # answers do not depend on Host (its URLs come from --base-url), and the
    # shipped nginx site answers a name that is not the site's with 421,
    # which is never kept (below). Vary still keeps one object per variant.
    hash_data(req.url);
    return (lookup);
}

sub vcl_backend_response {
    # A content reload is seen when an object expires: s-maxage (1 hour).
    # For sooner, ban after the reload (docs/deployment.md), or lower the TTL
    # here, e.g. "set beresp.ttl = 60s;".
    # Errors are never kept (a 404 page says max-age=60 for browsers, but
    # unknown paths have no bound). Then Varnish's built-in rules, which
    # honour Cache-Control and Vary.
    if (beresp.status >= 400) {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
    }
}
