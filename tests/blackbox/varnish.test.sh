#!/usr/bin/env bash
# front: nginx-only it puts Varnish in front of the shipped nginx site; run once
# Behind a shared cache (docs/deployment.md, "Behind a shared cache"): Varnish
# from Debian with the sample conf/varnish/perfil.vcl, in front of the nginx
# site as it ships, all on loopback. Request by request, each client gets its
# own variant from the shared cache: language (lang=, Accept-Language),
# markdown or HTML (Accept, .md), content coding (Accept-Encoding); a repeated
# request is a hit; If-None-Match gives a 304; what must not be kept (search,
# errors) never is; what perfil answers itself (If-Match) still is
# perfil's answer; and the key is the URL, not the client's Host (issue 46:
# the built-in key kept a copy per Host spelling).
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

vpid=
trap '[[ -n $vpid ]] && kill "$vpid" 2>/dev/null; wait "$vpid" 2>/dev/null; stack_stop; _bb_finish' EXIT
bb_require varnishd
bb_private_stack 700 'behind Varnish'
nginx_base=$BASE

# Varnish on its own free port, its backend the private nginx.
vdir=$STACK_DIR/varnish
mkdir -p "$vdir" && chmod 755 "$vdir"
sed -e "s|\"8080\"|\"${nginx_base##*:}\"|" "$STACK_ROOT/conf/varnish/perfil.vcl" \
	>"$vdir/perfil.vcl" && chmod 644 "$vdir/perfil.vcl"
vport=$(stack_free_port $((${nginx_base##*:} + 1))) || exit 1
varnishd -F -a "127.0.0.1:$vport" -f "$vdir/perfil.vcl" -n "$vdir/work" \
	-s malloc,32m >"$vdir/varnishd.log" 2>&1 &
vpid=$!
BASE=http://127.0.0.1:$vport
# Varnish rewrites some headers (a weak W/ tag for the bytes it unzips): its
# answers are not perfil's, so the contract step does not judge them.
BB_NOT_PERFIL=1
wait_every 0.1 10 curl -s -o /dev/null --max-time 1 "$BASE/api/v1/health"
t 'Varnish with the sample VCL starts and answers'
req GET /api/v1/health
expect_status 200
expect_header_present x-varnish

# hit: 1 when the last answer came from Varnish's cache (X-Varnish names the
# request and the one that stored the object).
hit() {
	[[ $(header x-varnish) =~ ^[0-9]+\ [0-9]+$ ]] && echo 1 || echo 0
}

headline_es=$(localized profile.json es | jq -c .headline)
headline_en=$(localized profile.json en | jq -c .headline)

t 'language: each client gets its own, and the repeats are hits'
for round in 1 2; do
	req GET /api/v1/profile
	expect_header content-language es
	expect_json .data.headline "$headline_es"
	((round == 2)) && expect_equal 'es from the cache' 1 "$(hit)"
	req GET /api/v1/profile -H 'Accept-Language: en'
	expect_header content-language en
	expect_json .data.headline "$headline_en"
	((round == 2)) && expect_equal 'en from the cache' 1 "$(hit)"
	req GET '/api/v1/profile?lang=en'
	expect_header content-language en
	expect_json .data.headline "$headline_en"
	req GET /api/v1/profile -H 'Accept-Language: en-GB,en;q=0.9,es;q=0.5'
	expect_header content-language en
	req GET /api/v1/profile -H 'Accept-Language: fr, es;q=0.1'
	expect_header content-language es
done

t 'markdown or HTML: Accept and .md, each client its own'
for round in 1 2; do
	req GET / -H 'Accept: text/html,application/xhtml+xml,*/*;q=0.8'
	expect_header_match content-type '^text/html'
	req GET / -H 'Accept: text/markdown'
	expect_header_match content-type '^text/markdown'
	req GET /en/about.md
	expect_header_match content-type '^text/markdown'
	expect_header content-language en
	req GET /en/about
	expect_header_match content-type '^text/html'
done
expect_equal 'the HTML page from the cache' 1 "$(hit)"

# identity_body PATH: the answer to PATH without Accept-Encoding, from nginx.
identity_body() {
	curl -s "$nginx_base$1"
}

t 'content coding: gzip to who asks for it, identity to who does not, the same bytes'
want=$(identity_body /api/v1/about)
for round in 1 2; do
	req GET /api/v1/about -H 'Accept-Encoding: gzip'
	expect_header content-encoding gzip
	expect_equal 'gzip body decoded' "$want" "$(gzip -dc <"$RESP_DIR/body")"
	req GET /api/v1/about
	expect_header_absent content-encoding
	expect_equal 'identity body' "$want" "$(body)"
	req GET /api/v1/about -H 'Accept-Encoding: br'
	expect_header_absent content-encoding
	expect_equal 'a br-only client gets identity bytes' "$want" "$(body)"
	req GET /api/v1/about -H 'Accept-Encoding: gzip;q=0, identity'
	expect_header_absent content-encoding
done

t 'revalidation: If-None-Match with the tag Varnish gave is a 304 without a body'
for ae in identity gzip br; do
	req GET /api/v1/projects -H "Accept-Encoding: $ae"
	tag=$(header etag)
	req GET /api/v1/projects -H "Accept-Encoding: $ae" -H "If-None-Match: $tag"
	expect_status 304
	expect_body_empty
done
req GET /api/v1/projects -H 'If-None-Match: "0000000000000000"'
expect_status 200

t 'one object per answer whatever the Host: localhost after 127.0.0.1 is a hit, an invented name never stored'
req GET /api/v1/education -H "Host: 127.0.0.1:${nginx_base##*:}"
expect_status 200
req GET /api/v1/education -H "Host: LocalHost:${nginx_base##*:}"
expect_status 200
expect_equal 'Host: LocalHost after Host: 127.0.0.1, from the cache' 1 "$(hit)"
req GET /api/v1/skills -H 'Host: flood-1.invalid'
expect_status 421
req GET /api/v1/skills -H 'Host: flood-2.invalid'
expect_status 421
expect_equal 'an invented name (nginx: 421) from the cache' 0 "$(hit)"

t 'search and errors are never kept; If-Match is perfil answer'
req GET '/api/v1/search?q=nube'
req GET '/api/v1/search?q=nube'
expect_status 200
expect_equal 'search from the cache' 0 "$(hit)"
req GET /api/v1/nope
req GET /api/v1/nope
expect_error 404 not_found
expect_equal '404 from the cache' 0 "$(hit)"
req GET /api/v1/profile -H 'If-Match: "x"'
expect_error 412 bad_request
