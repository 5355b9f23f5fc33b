#!/usr/bin/env bash
# front: nginx-only it tests the shipped nginx site: its micro-cache and the errors nginx answers itself
# The shipped nginx site, micro-cache on, never answers HTML under /api:
# conditionals, ranges, oversized and malformed requests on answers the
# cache holds get what the responder answers without the cache (its JSON
# envelope, or a plain 200 where the header does not apply), and the errors
# nginx makes itself are the JSON envelope too. Each case warms the cache
# first (the same URL, asked twice), so the conditional meets a cached
# entry, which is where nginx used to answer with its own HTML 412 or 206.
#
# It runs its own private stack with the cache on, so that it tests the site as
# it ships also where the suite turns the cache off (run-checked).
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

STACK_CACHE=1
trap 'stack_stop; _bb_finish' EXIT
bb_private_stack 160 'as it ships (micro-cache on)'

etag=

# warm PATH: ask for PATH twice (the second is a HIT) and keep its ETag.
warm() {
	curl -s -o /dev/null "$BASE$1"
	etag=$(curl -s -D - -o /dev/null "$BASE$1" |
		sed -n 's/^[Ee][Tt]ag: *//p' | tr -d '\r')
}

# --- Conditionals and ranges on cached answers: the responder decides --------
# case DESCRIPTION STATUS CODE PATH HEADER: after warming PATH, a GET with
# HEADER answers STATUS; CODE is the error code of a JSON envelope, "data"
# for the API's {data, meta}, "page" for a website page, "none" for no
# body, "any" for the status alone.
case_() {
	local desc=$1 status=$2 code=$3 path=$4 hdr=$5
	t "$desc"
	warm "$path"
	hdr=${hdr//@ETAG@/$etag}
	req GET "$path" -H "$hdr"
	case $code in
	data)
		expect_status "$status"
		expect_header content-type 'application/json; charset=utf-8'
		expect_json_true '.data != null and .meta != null'
		;;
	page)
		expect_status "$status"
		expect_header_match content-type '^text/html'
		expect_body_contains '<main'
		;;
	none)
		expect_status "$status"
		expect_body_empty
		;;
	any)
		expect_status "$status"
		;;
	*)
		expect_error "$status" "$code"
		;;
	esac
	expect_body_not_contains '<center>nginx'
	expect_header_absent content-range
}

case_ 'If-Match with a tag that is not current: 412 in the JSON envelope' \
	412 bad_request /api/v1/profile 'If-Match: "0000000000000000"'
case_ 'If-Match with the weak form of the current tag: 412 (strong comparison)' \
	412 bad_request /api/v1/profile 'If-Match: W/@ETAG@'
case_ 'If-Match with the current tag: 200' \
	200 data /api/v1/profile 'If-Match: @ETAG@'
case_ 'If-Match: * on a collection: 200' \
	200 data /api/v1/projects 'If-Match: *'
case_ 'If-Match on an English answer (lang=en, cached): 412 envelope' \
	412 bad_request '/api/v1/about?lang=en' 'If-Match: "x"'
case_ 'If-Unmodified-Since with a date: ignored (no Last-Modified), 200' \
	200 data /api/v1/profile 'If-Unmodified-Since: Sat, 01 Jan 2000 00:00:00 GMT'
case_ 'If-Unmodified-Since with garbage: ignored, 200' \
	200 data /api/v1/skills 'If-Unmodified-Since: garbage'
case_ 'If-Unmodified-Since on a page: ignored, the page' \
	200 page / 'If-Unmodified-Since: garbage'
case_ 'If-Unmodified-Since on a markdown twin: ignored, 200' \
	200 any /index.md 'If-Unmodified-Since: Sat, 01 Jan 2000 00:00:00 GMT'
case_ 'Range on a cached answer: the whole answer, 200 (no 206)' \
	200 data /api/v1/profile 'Range: bytes=0-10'
case_ 'Range past the end: 200 (no 416)' \
	200 data /api/v1/profile 'Range: bytes=999999-'
case_ 'If-Range with Range: 200, the whole answer' \
	200 data /api/v1/health 'If-Range: "x"'
case_ 'If-None-Match with the current tag: 304 without a body' \
	304 none /api/v1/profile 'If-None-Match: @ETAG@'

# --- Errors nginx makes itself, under /api ---------------------------------
# raw REQUEST: send REQUEST as it is and keep the status line, the headers
# and the body of the answer in RAW_STATUS, RAW_HEADERS and RAW_BODY.
raw() {
	local out
	out=$(exec 3<>"/dev/tcp/127.0.0.1/${BASE##*:}" && printf '%b' "$1" >&3 &&
		timeout 5 cat <&3)
	RAW_STATUS=$(head -n 1 <<<"$out" | tr -d '\r')
	RAW_HEADERS=$(sed -n '2,/^\r*$/p' <<<"$out" | tr -d '\r')
	RAW_BODY=$(sed '1,/^\r*$/d' <<<"$out")
}

# raw_case DESCRIPTION STATUS REQUEST: REQUEST under /api answers STATUS in
# the JSON envelope.
raw_case() {
	t "$1"
	raw "$3"
	expect_equal 'status' "$2" "$(cut -d' ' -f2 <<<"$RAW_STATUS")"
	grep -qi '^content-type: application/json; charset=utf-8$' <<<"$RAW_HEADERS"
	_bb_check $? 'Content-Type: application/json' "$RAW_HEADERS"
	jq -e --argjson s "$2" '.error.status == $s and (.error.code | type ==
		"string") and (.error.documentation_url | test("^https?://"))' \
		<<<"$RAW_BODY" >/dev/null
	_bb_check $? 'the JSON error envelope with error.status' "$RAW_BODY"
}

raw_case 'an HTTP/2.0 request line under /api: JSON 505' 505 \
	'GET /api/v1/profile HTTP/2.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'
raw_case 'Transfer-Encoding: identity under /api: JSON 501' 501 \
	'GET /api/v1/profile HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: identity\r\nConnection: close\r\n\r\n'
raw_case 'a request line that does not parse under /api: JSON 400' 400 \
	'GET /api/v1/\x01profile HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'
raw_case 'a body over 64 KiB on a read under /api: JSON 413' 413 \
	"GET /api/v1/profile HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 70000\r\nConnection: close\r\n\r\n$(head -c 70000 /dev/zero | tr '\0' a)"

t 'the same HTTP/2.0 request line outside /api: nginx page, status 505'
raw 'GET / HTTP/2.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'
expect_equal 'status' 505 "$(cut -d' ' -f2 <<<"$RAW_STATUS")"

# --- What the micro-cache holds ----------------------------------------------
# cache_of PATH [CURL-ARG...]: send PATH and its repeat (req_repeat, in this
# shell: the responses and the checks stay here) and set CACHE to the
# repeat's X-Cache-Status, none when the first answer has none.
cache_of() {
	req_repeat "$@"
	CACHE=$(header x-cache-status)
}

t 'the default answers, lang=CODE and pages are cached (HIT)'
for u in /api/v1/profile '/api/v1/projects?lang=en' / /en/cv.md /llms.txt; do
	cache_of "$u"
	expect_equal "$u" HIT "$CACHE"
done

t 'search, pagination and any other query string are never cached'
# lang=EN is English too, but only a tag's canonical spelling is a key.
for u in '/api/v1/search?q=nube' '/api/v1/projects?limit=2' \
	'/api/v1/profile?x=1' '/api/v1/profile?lang=en&lang=en' \
	'/api/v1/profile?lang=EN'; do
	cache_of "$u"
	expect_equal "$u" '' "$CACHE"
done

t 'an unusual Accept-Language, Accept or Accept-Encoding is never cached'
cache_of /api/v1/profile -H 'Accept-Language: fr;q=0.1, en;q=0.9'
expect_equal 'Accept-Language with q-values' '' "$CACHE"
cache_of / -H 'Accept: text/markdown'
expect_equal 'Accept naming markdown' '' "$CACHE"
cache_of /api/v1/profile -H 'Accept-Encoding: br;q=0, gzip'
expect_equal 'Accept-Encoding with q-values' '' "$CACHE"
