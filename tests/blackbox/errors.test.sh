#!/usr/bin/env bash
# Errors: every non-2xx under /api is the JSON envelope
# {"error":{status,code,message,hint,documentation_url}}, never HTML.
. "$(dirname "$0")/lib.sh"

unknown_routes=(
	/api /api/ /api/v1 /api/v1/ /api/v2/health /api/v1/nope /api/v1/health/
	/api/v1/health.md /api/v1/health.json /api/v1/projects/ /api/v1/PROFILE
	/api/V1/health /api/v1/profile/x /api/v1/healthz '/api/v1/health;x'
	/api/openapi /api/v1/projects/a/b
)
for path in "${unknown_routes[@]}"; do
	t "$path is an unknown route: a JSON 404 not_found"
	req GET "$path"
	expect_error 404 not_found
	expect_header content-language en
	expect_header_match vary '(^|, *)Accept-Language(,|$)'
	expect_body_not_contains '<html'
done

t 'an unknown route with a query string is still a 404'
req GET '/api/v1/nope?limit=5&lang=en'
expect_error 404 not_found

t 'error.documentation_url points to the developer portal'
req GET /api/v1/nope
expect_json_true '.error.documentation_url | startswith($b) and endswith("/developers")' \
	--arg b "$BASE"

# Malformed query strings and paths: 400 bad_request.
bad_requests=(
	'/api/v1/projects?limit=%'
	'/api/v1/projects?limit=%4'
	'/api/v1/projects?limit=%G0'
	'/api/v1/profile?x=%'
	'/api/v1/profile?x=%4'
	'/api/v1/profile?x=%G0'
	'/api/v1/profile?x=%zz'
	'/api/v1/profile?lang=%00'
	'/api/v1/profile?x=a%00b'
	'/api/v1/profile?x=%C3%28'
	'/api/v1/profile?x=%FF'
	'/api/v1/profile?x=%C0%AF'
	'/api/v1/profile?x=%ED%A0%80'
	'/api/v1/profile?%FF=1'
	'/api/v1/projects?lang=%C3'
	'/api/v1/projects/%FF'
	'/api/v1/projects/%C3%28'
	'/api/v1/%FF'
)
for path in "${bad_requests[@]}"; do
	t "$path is malformed: a JSON 400 bad_request"
	req GET "$path"
	expect_error 400 bad_request
	expect_header content-language en
done

t 'well-formed UTF-8 and percent-encoding in ignored parameters are fine'
req GET '/api/v1/profile?x=%C3%B1and%C3%BA&y=a+b&z='
expect_status 200
req GET '/api/v1/profile?&&x&'
expect_status 200

t 'a read with a body over the web server limit is a JSON 413, not HTML'
head -c 200000 /dev/zero | tr '\0' a >"$BB_TMP/big-body"
req GET /api/v1/profile -X GET --data-binary "@$BB_TMP/big-body"
expect_status 413
expect_header content-type 'application/json; charset=utf-8'
expect_json '.error.status' 413
expect_json_true '.error | keys == ["code","documentation_url","hint","message","status"]'
expect_json '.error.documentation_url' "\"$BASE/developers\""

t 'a very long query string is handled (400 or 200, JSON either way)'
long=$(printf 'x%.0s' {1..3000})
req GET "/api/v1/profile?q=$long"
expect_status 200 400
expect_header content-type 'application/json; charset=utf-8'

# Requests nginx refuses before the responder sees them are JSON under /api
# too (conf/nginx/perfil.conf).
# Apache refuses "%00" in a path with its own 404 (conf/apache/perfil.conf
# makes it JSON too).
for path in '/api/v1/projects/%00' '/api/../../etc/passwd'; do
	if [[ ${PERFIL_FRONT:-nginx} == apache && $path == *%00 ]]; then
		t "$path is refused by Apache: a JSON 404 not_found"
		req GET "$path"
		expect_error 404 not_found
		continue
	fi
	t "$path is refused by nginx: a JSON 400 bad_request"
	req GET "$path"
	expect_error 400 bad_request
done

t 'a URI over nginx limit (9000 bytes) is a JSON 414'
req GET "/api/v1/profile?x=$(printf 'a%.0s' {1..9000})"
expect_error 414 bad_request
if [[ ${PERFIL_FRONT:-nginx} != apache ]]; then
	# The hint names every parameter the API takes, q (search) included.
	expect_json_true '.error.hint | contains("q,") and contains("lang")
		and contains("limit") and contains("offset")'
fi

t 'a header over nginx limit is a JSON 400 bad_request'
req GET /api/v1/profile -H "X-Big: $(printf 'a%.0s' {1..9000})"
expect_error 400 bad_request
