#!/usr/bin/env bash
# Hostile input: whatever a client sends under /api, the answer is a defined
# status in the JSON error envelope (never a 5xx, never HTML, never a hang:
# every request has curl --max-time 10), and the next normal request is
# served. Some requests nginx rejects before perfil sees them (a request line
# or header over its buffers, TRACE, a NUL in the path); the shipped server
# block turns those answers into the same JSON envelope (docs/testing.md, "Hardening").
. "$(dirname "$0")/lib.sh"

# still_serving: the next normal request is served.
still_serving() {
	req GET /api/v1/health
	expect_status 200
	expect_json '.data.status' '"ok"'
}

# hostile STATUS CODE METHOD PATH [CURL-ARG...]: one hostile request gets
# the JSON error STATUS/CODE, and the service keeps serving.
hostile() {
	local status=$1 code=$2
	shift 2
	req "$@"
	expect_error "$status" "$code"
	expect_body_not_contains '<html'
	if [[ $status == 405 ]]; then
		# Apache adds an empty element to the 405s it makes itself.
		expect_header_match allow '^GET, HEAD, OPTIONS(, )?$'
	fi
	still_serving
}

# harmless METHOD PATH [CURL-ARG...]: a strange but well-formed request whose
# oddity perfil ignores (an unknown parameter, a normalised path): a 200.
harmless() {
	req "$@"
	expect_success
	still_serving
}

# --- Percent-encoding ---------------------------------------------------
for v in '%' '%4' '%G0' '%00' '%C0%AE' '%C0%AF' '%E0%80%AE'; do
	t "percent-encoding: limit=$v is a 400 bad_request"
	hostile 400 bad_request GET "/api/v1/projects?limit=$v"
	t "percent-encoding: an ignored key with $v is still a 400 bad_request"
	hostile 400 bad_request GET "/api/v1/profile?x=$v"
done
for v in '%2e%2e%2f' '%252e' '+' '%2B5' '..%2F..%2Fetc%2Fpasswd'; do
	t "percent-encoding: limit=$v decodes to a non-number: 400 invalid_parameter"
	req GET "/api/v1/projects?limit=$v"
	expect_error 400 invalid_parameter
	expect_json_true '.error.message | contains("limit")'
	still_serving
done
t 'percent-encoding: %2e%2e%2f in an ignored parameter is just text'
harmless GET '/api/v1/profile?x=%2e%2e%2f&y=%252e&z=+'

# --- UTF-8 in parameters and paths -------------------------------------
bad_utf8=(
	'%FF'          # invalid byte
	'%C3%28'       # invalid continuation
	'%C0%AE'       # overlong "."
	'%E0%80%AF'    # overlong "/"
	'%F0%80%80%AF' # overlong, 4 bytes
	'%ED%A0%80'    # UTF-16 surrogate U+D800
	'%ED%BF%BF'    # surrogate U+DFFF
	'%F4%90%80%80' # U+110000, above U+10FFFF
	'%F8%88%80%80%80' # 5-byte form
	'%C3'          # truncated 2-byte sequence
	'%E2%82'       # truncated 3-byte sequence
	'a%F0%9F%98'   # truncated 4-byte sequence
)
for v in "${bad_utf8[@]}"; do
	t "UTF-8: q=$v is a 400 bad_request"
	hostile 400 bad_request GET "/api/v1/profile?q=$v"
	t "UTF-8: lang=$v is a 400 bad_request"
	hostile 400 bad_request GET "/api/v1/projects?lang=$v"
	t "UTF-8: a path segment $v is a 400 bad_request"
	hostile 400 bad_request GET "/api/v1/projects/x$v"
done
odd_utf8=(
	'%CC%81'          # only a combining mark
	'%E2%80%8B'       # zero-width space
	'%E2%80%8D%E2%80%8C' # zero-width joiner, non-joiner
	'%EF%BB%BF'       # a BOM
	'%EF%BB%BFcloud'  # a BOM before a word
	'%F4%8F%BF%BF'    # U+10FFFF, the last code point
	'%F0%9F%98%80'    # an emoji
)
for v in "${odd_utf8[@]}"; do
	t "UTF-8: valid but odd q=$v where q is not a parameter: ignored (200)"
	harmless GET "/api/v1/profile?q=$v"
	t "UTF-8: valid but odd lang=$v is a 400 invalid_parameter"
	hostile 400 invalid_parameter GET "/api/v1/projects?lang=$v"
	t "UTF-8: valid but odd slug $v is a 404 not_found"
	hostile 404 not_found GET "/api/v1/projects/$v"
done
# A search endpoint (when the route table has one) treats q itself.
if [[ $(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$BASE/api/v1/search?q=a") != 404 ]]; then
	for v in "${odd_utf8[@]}" '' "$(printf 'a%.0s' {1..2000})"; do
		t "search: q=${v:0:20} is a 200 or a 400 in JSON, never a 5xx"
		req GET "/api/v1/search?q=$v"
		expect_status 200 400
		expect_header content-type 'application/json; charset=utf-8'
		still_serving
	done
	for v in "${bad_utf8[@]}"; do
		t "search: q=$v is a 400 bad_request"
		hostile 400 bad_request GET "/api/v1/search?q=$v"
	done
fi

# --- Sizes ----------------------------------------------------------------
t 'sizes: an empty q where q is not a parameter is ignored'
harmless GET '/api/v1/profile?q='
t 'sizes: a 10,000-character q: nginx refuses the request line (414), in JSON'
hostile 414 bad_request GET "/api/v1/profile?q=$(printf 'a%.0s' {1..10000})"
t 'sizes: 1,000 & separators are skipped'
harmless GET "/api/v1/profile?$(printf '&%.0s' {1..1000})lang=en"
t 'sizes: 1,000 & separators around a bad limit: 400 invalid_parameter'
hostile 400 invalid_parameter GET "/api/v1/projects?$(printf '&%.0s' {1..1000})limit=abc"
t 'sizes: a request line just under nginx 8 KB buffer is served'
harmless GET "/api/v1/profile?x=$(printf 'a%.0s' {1..8000})"
t 'sizes: a request line just over it is a JSON 414'
hostile 414 bad_request GET "/api/v1/profile?x=$(printf 'a%.0s' {1..8200})"

# --- Numbers --------------------------------------------------------------
for v in -1 0 1e3 0x10 '%205' ' 5' 5abc +5 '%2B5' 9223372036854775808 \
	99999999999999999999999 101 1.5 '' 05x; do
	t "numbers: limit=$v is a 400 invalid_parameter"
	req GET "/api/v1/projects?limit=${v// /%20}"
	expect_error 400 invalid_parameter
	expect_json_true '.error.message | contains("limit") and contains("1 to 100")'
	still_serving
done
for v in -1 1001 1e2 0x0 9223372036854775808 ''; do
	t "numbers: offset=$v is a 400 invalid_parameter"
	hostile 400 invalid_parameter GET "/api/v1/projects?offset=$v"
done
t 'numbers: leading zeros are still plain decimal (limit=007)'
harmless GET '/api/v1/projects?limit=007'

# --- Parameters -----------------------------------------------------------
t 'parameters: q=a&q=b where q is not a parameter is ignored'
harmless GET '/api/v1/profile?q=a&q=b'
t 'parameters: limit twice is a 400 invalid_parameter'
hostile 400 invalid_parameter GET '/api/v1/projects?limit=1&limit=2'
t 'parameters: lang twice is a 400 invalid_parameter'
hostile 400 invalid_parameter GET '/api/v1/projects?lang=en&lang=en'
t 'parameters: a bare limit (no =) is a 400 invalid_parameter'
hostile 400 invalid_parameter GET '/api/v1/projects?limit'
t 'parameters: a bare q and "=x" (empty key) are ignored'
harmless GET '/api/v1/profile?q&=x&=&=='
t 'parameters: ";" is not a separator: limit=5;offset=2 is a 400'
hostile 400 invalid_parameter GET '/api/v1/projects?limit=5;offset=2'
t 'parameters: unknown keys are ignored'
req GET '/api/v1/projects?limit=1&foo=bar&callback=x&__proto__=1&LIMIT=999'
expect_success
expect_json '.meta.count' 1
still_serving

# --- Paths ----------------------------------------------------------------
t 'paths: "//" is merged by nginx: served'
harmless GET '//api//v1//health'
t 'paths: "/./" is resolved by nginx: served'
harmless GET '/api/./v1/./health'
t 'paths: ".." inside /api is resolved by nginx: served'
harmless GET '/api/v1/projects/../health'
t 'paths: ".." above the root is a JSON 400'
hostile 400 bad_request GET '/api/../../etc/passwd' --request-target '/../api/v1/health'
t 'paths: an encoded %2e%2e is resolved like ..'
harmless GET '/api/v1/projects/%2e%2e/health'
t 'paths: %2F decodes to "/": /api/v1/projects%2Fx is projects/x, a 404'
hostile 404 not_found GET '/api/v1/projects%2Fno-such'
t 'paths: a trailing "/" is a 404 with a hint'
req GET '/api/v1/profile/'
expect_error 404 not_found
expect_json_true '.error.hint | contains("trailing slash")'
still_serving
t 'paths: a .md suffix on an API route is a 404'
hostile 404 not_found GET '/api/v1/profile.md'
if [[ ${PERFIL_FRONT:-nginx} == apache ]]; then
	# Apache maps the path to the file system first: a segment over
	# NAME_MAX (255) is its own 403, in JSON (conf/apache/perfil.conf).
	t 'paths: a 7,000-character path: Apache refuses it (403), in JSON'
	hostile 403 bad_request GET "/api/v1/$(printf 'a%.0s' {1..7000})"
else
	t 'paths: a 7,000-character path is a 404'
	hostile 404 not_found GET "/api/v1/$(printf 'a%.0s' {1..7000})"
fi
t 'paths: a 9,000-character path: nginx refuses it (414), in JSON'
hostile 414 bad_request GET "/api/v1/$(printf 'a%.0s' {1..9000})"
if [[ ${PERFIL_FRONT:-nginx} == apache ]]; then
	t 'paths: an encoded NUL in the path: Apache refuses it (404), in JSON'
	hostile 404 not_found GET '/api/v1/pro%00file'
else
	t 'paths: an encoded NUL in the path: nginx refuses it (400), in JSON'
	hostile 400 bad_request GET '/api/v1/pro%00file'
fi
t 'paths: a raw space in the request target is a JSON 400'
hostile 400 bad_request GET / --request-target '/api/v1/pro file'
t 'paths: a request target that is not absolute is a JSON 400'
hostile 400 bad_request GET / --request-target 'api/v1/profile'
t 'paths: a backslash is just a byte: 404'
hostile 404 not_found GET '/api/v1/projects/..\..\etc'

# --- Methods --------------------------------------------------------------
head -c 60000 /dev/zero | tr '\0' x >"$BB_TMP/body60k"
for method in POST PUT PATCH DELETE PROPFIND; do
	t "methods: $method without a body is a 405 with Allow"
	hostile 405 method_not_allowed "$method" /api/v1/profile
	t "methods: $method with a 60 KB body is a 405, answered without reading it"
	hostile 405 method_not_allowed "$method" /api/v1/projects \
		-H 'Content-Type: application/octet-stream' --data-binary "@$BB_TMP/body60k"
done
t 'methods: TRACE is refused by nginx with a JSON 405'
hostile 405 method_not_allowed TRACE /api/v1/profile
t 'methods: a body on GET is ignored'
harmless GET /api/v1/profile --data-binary 'junk=1' -X GET
t 'methods: X-HTTP-Method-Override does not turn POST into GET'
hostile 405 method_not_allowed POST /api/v1/profile -H 'X-HTTP-Method-Override: GET'
t 'methods: X-HTTP-Method-Override does not turn GET into DELETE'
harmless GET /api/v1/profile -H 'X-HTTP-Method-Override: DELETE' \
	-H 'X-Method-Override: PUT' -H 'X-HTTP-Method: PATCH'
t 'methods: a lower-case method: nginx refuses it (400), in JSON'
hostile 400 bad_request get /api/v1/profile

# --- Headers --------------------------------------------------------------
al=$(for i in $(seq 1 700); do printf 'x%d;q=0.%03d, ' "$i" $((i % 1000)); done)
al="${al:0:8000}en;q=0.9"
t 'headers: an 8 KB Accept-Language with hundreds of ranges: nginx takes it, perfil answers'
req GET /api/v1/profile -H "Accept-Language: $al"
expect_success
still_serving
t 'headers: an Accept-Language over nginx 8 KB buffer: nginx refuses it (494, sent as 400), in JSON'
hostile 400 bad_request GET /api/v1/profile -H "Accept-Language: $(printf 'en,%.0s' {1..3000})"
for v in 'en;q=2' 'en;q=-1' 'en;q=0.5.5' 'en;q=' 'en;q=abc' 'en;;;q=1,,,' \
	'en;q=1.0001' ';q=1' 'en;q=0.9;q=0.1' "$(printf 'e\001n')"; do
	if [[ ${PERFIL_FRONT:-nginx} == apache && $v == *$'\001'* ]]; then
		# Apache refuses control characters in headers itself.
		t "headers: a control character in Accept-Language: Apache refuses it (400), in JSON"
		hostile 400 bad_request GET /api/v1/profile -H "Accept-Language: $v"
		continue
	fi
	t "headers: malformed Accept-Language '$v' falls back, 200"
	req GET /api/v1/profile -H "Accept-Language: $v"
	expect_success
	still_serving
done
for v in 'garbage' '"' 'W/' '*, junk' "\"$(printf 'x%.0s' {1..4000})\"" '"a", , ,"b"'; do
	t "headers: a junk If-None-Match is not a match: 200"
	req GET /api/v1/profile -H "If-None-Match: $v"
	expect_success
	still_serving
done
for v in 'junk' '*/*;q=x' 'text/markdown;q=2' ';;;' 'application/json;q=0' "$(printf 'a/b,%.0s' {1..1000})"; do
	t "headers: a junk Accept is ignored under /api: 200 JSON"
	req GET /api/v1/profile -H "Accept: $v"
	expect_success
	still_serving
done
t 'headers: a junk Accept on an error is still the JSON envelope'
hostile 404 not_found GET /api/v1/nope -H 'Accept: text/html'

# --- A FastCGI environment with variables missing --------------------------
# Straight to the responder's socket with cgi-fcgi (libfcgi-bin): no web
# server fills in REQUEST_METHOD or the path. They speak to the responder,
# not the web server, so they run once, in the nginx stack (under Apache the
# socket is mod_fcgid's own).
if [[ ${PERFIL_FRONT:-nginx} != nginx ]]; then
	return 0 2>/dev/null || exit 0
fi
: "${STACK_SOCK:?}"
fcgi_cases=(
	'400|SCRIPT_FILENAME=x'
	'400|DOCUMENT_URI=/api/v1/health'
	'400|REQUEST_METHOD=GET'
	'400|REQUEST_METHOD=GET QUERY_STRING=lang=en'
	'400|REQUEST_METHOD= DOCUMENT_URI=/api/v1/health'
	'400|REQUEST_METHOD=GET DOCUMENT_URI=api/v1/health'
	'400|REQUEST_METHOD=GET REQUEST_URI=/api/v1/%zz'
	'405|REQUEST_METHOD=POST DOCUMENT_URI=/api/v1/profile HTTP_X_HTTP_METHOD_OVERRIDE=GET'
	'200|REQUEST_METHOD=GET REQUEST_URI=/api/v1/health'
	'200|REQUEST_METHOD=GET SCRIPT_NAME=/api PATH_INFO=/v1/health'
)
for c in "${fcgi_cases[@]}"; do
	status=${c%%|*}
	read -r -a vars <<<"${c#*|}"
	t "FastCGI with only ${vars[*]}: Status $status"
	run_cmd timeout 10 env -i "${vars[@]}" cgi-fcgi -bind -connect "$STACK_SOCK"
	expect_exit 0
	expect_stdout_match "^Status: $status "
	if [[ $status != 200 && ${vars[*]} == *'/api'* ]]; then
		expect_stdout_match $'\r\nContent-Type: application/json; charset=utf-8\r\n'
		expect_stdout_match "\"error\":\\{\"status\":$status,"
	fi
	still_serving
done
