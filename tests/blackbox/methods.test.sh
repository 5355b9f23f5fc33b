#!/usr/bin/env bash
# Methods: GET, HEAD and OPTIONS are accepted; every write method on an API
# route is a 405 (the API is read-only); unknown routes stay 404.
. "$(dirname "$0")/lib.sh"

slug=$(content projects.json '.[0].slug' | jq -r .)
routes=(/api/v1/health /api/v1/profile /api/v1/about /api/v1/projects
	"/api/v1/projects/$slug" /api/v1/experience /api/v1/skills
	/api/v1/certifications /api/v1/education /api/v1/recommendations)

for path in "${routes[@]}"; do
	t "HEAD $path: the status and headers of GET, no body"
	req GET "$path"
	get_status=$RESP_STATUS
	get_type=$(header content-type)
	get_etag=$(header etag)
	get_cache=$(header cache-control)
	req HEAD "$path"
	expect_status "$get_status"
	expect_header content-type "$get_type"
	expect_header etag "$get_etag"
	expect_header cache-control "$get_cache"
	expect_header access-control-allow-origin '*'
	expect_body_empty
done

t 'HEAD of an error: the status and headers of GET, no body'
req HEAD /api/v1/projects/no-such-project
expect_status 404
expect_header content-type 'application/json; charset=utf-8'
expect_header cache-control no-store
expect_body_empty
req HEAD '/api/v1/projects?limit=0'
expect_status 400
expect_body_empty

for path in /api/v1/health /api/v1/projects "/api/v1/projects/$slug"; do
	t "OPTIONS $path is a 204 with Allow and the CORS headers, no body"
	req OPTIONS "$path"
	expect_status 204
	expect_header allow 'GET, HEAD, OPTIONS'
	expect_header access-control-allow-origin '*'
	expect_header access-control-allow-methods 'GET, HEAD, OPTIONS'
	expect_header_match access-control-max-age '^[0-9]+$'
	expect_header x-content-type-options nosniff
	expect_body_empty
done

t 'a CORS preflight from any origin is allowed'
req OPTIONS /api/v1/profile -H 'Origin: https://example.org' \
	-H 'Access-Control-Request-Method: GET'
expect_status 204
expect_header access-control-allow-origin '*'
expect_header access-control-allow-methods 'GET, HEAD, OPTIONS'

for method in POST PUT PATCH DELETE; do
	for path in "${routes[@]}"; do
		t "$method $path is a 405: the API is read-only"
		req "$method" "$path"
		expect_error 405 method_not_allowed
		expect_header allow 'GET, HEAD, OPTIONS'
		expect_json_true '.error.message | contains("read-only")'
		expect_json_true '.error.hint | contains("GET") and contains("HEAD")
			and contains("OPTIONS")'
	done
done

t 'a write with a JSON body is a 405 too'
req POST /api/v1/projects -H 'Content-Type: application/json' \
	--data '{"slug":"new","title":"x"}'
expect_error 405 method_not_allowed
expect_header allow 'GET, HEAD, OPTIONS'

for method in PROPFIND MKCOL BREW; do
	t "other methods: $method /api/v1/profile is a 405"
	req "$method" /api/v1/profile
	expect_error 405 method_not_allowed
	expect_header allow 'GET, HEAD, OPTIONS'
done

for method in TRACE CONNECT; do
	if [[ ${PERFIL_FRONT:-nginx} == apache && $method == CONNECT ]]; then
		# Apache takes "CONNECT /path" for a malformed proxy request.
		t 'CONNECT /api/v1/profile (refused by Apache itself) is a JSON 400'
		req CONNECT /api/v1/profile
		expect_error 400 bad_request
		continue
	fi
	t "$method /api/v1/profile (refused by the web server itself) is a JSON 405"
	req "$method" /api/v1/profile
	expect_error 405 method_not_allowed
	# Apache adds an empty element to the 405s it makes itself.
	expect_header_match allow '^GET, HEAD, OPTIONS(, )?$'
	expect_json_true '.error.message | contains("read-only")'
done

# A body over the web server's limit (64 KB) never reaches the responder:
# the web server discards it and answers a write as the responder would.
# (Apache adds an empty element to the Allow of the 405s it makes itself.)
head -c 2000000 /dev/zero >"$BB_TMP/2mb"
for method in POST PUT PATCH DELETE; do
	t "$method /api/v1/profile with a 2 MB body is a 405 with Allow, not a 413"
	req "$method" /api/v1/profile -H 'Content-Type: application/octet-stream' \
		--data-binary "@$BB_TMP/2mb"
	expect_error 405 method_not_allowed
	expect_header_match allow '^GET, HEAD, OPTIONS(, )?$'
	expect_json_true '.error.message | contains("read-only")'
done

t 'a 2 MB write on a page is a plain-text 405 with Allow, never an HTML page'
req PATCH / --data-binary "@$BB_TMP/2mb"
expect_status 405
expect_header_match allow '^GET, HEAD, OPTIONS(, )?$'
expect_header_match content-type '^(text/plain|application/json)'
expect_body_not_contains '<html'

t 'a small write on a page is a 405 with Allow too'
req POST /en/ --data 'x=1'
expect_status 405
expect_header_match allow '^GET, HEAD, OPTIONS(, )?$'
expect_body_not_contains '<html'

if [[ ${PERFIL_FRONT:-nginx} != apache ]]; then
	t 'a 2 MB chunked write (no Content-Length) is a 405 too'
	req POST /api/v1/projects -H 'Transfer-Encoding: chunked' \
		--data-binary "@$BB_TMP/2mb"
	expect_error 405 method_not_allowed
	expect_header_match allow '^GET, HEAD, OPTIONS(, )?$'
fi

t 'a read with a 2 MB body is still refused (413, JSON)'
req GET /api/v1/profile -X GET --data-binary "@$BB_TMP/2mb"
expect_error 413 bad_request

t 'a write to an unknown route is a 404, not a 405'
req POST /api/v1/nope
expect_error 404 not_found
req DELETE /api/v2/profile
expect_error 404 not_found
