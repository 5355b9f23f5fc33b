#!/usr/bin/env bash
# front: nginx-only it tests nginx's own error pages (error_page lines of conf/nginx/perfil.conf)
# nginx's own errors under /api: when the responder is down (502) or hangs
# (504), the client still gets the JSON error envelope, never HTML; when the
# client stops sending (408) nginx closes the connection without an answer.
#
# This file runs its own private stack (another port, another responder), so
# stopping the responder here leaves the shared one of the other files alone.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

# Timeouts of 1 s instead of 60 s, so that nginx's 504 and 408 come within
# the test's time.
STACK_NGINX_HTTP='fastcgi_read_timeout 1s; client_body_timeout 1s; client_header_timeout 1s;'
trap '[[ -z $STACK_RESPONDER_PID ]] || kill -CONT -- "-$STACK_RESPONDER_PID" 2>/dev/null; stack_stop; _bb_finish' EXIT
bb_private_stack 100 'with a 1 s fastcgi_read_timeout'

# expect_nginx_error STATUS...: a JSON internal_error envelope whose
# error.status is the HTTP status, one of STATUS.
expect_nginx_error() {
	expect_status "$@"
	expect_error "$RESP_STATUS" internal_error
	expect_header content-language en
	expect_header_match vary '(^|, *)Accept-Language(,|$)'
	expect_json '.error.documentation_url' "\"$BASE/developers\""
	expect_body_not_contains '<html'
}

t 'with the responder up, the private stack answers'
req GET /api/v1/health
expect_status 200

stack_stop_responder >/dev/null 2>&1
# The shipped micro-cache may answer /api/v1/health from the entry above for
# one second (fastcgi_cache_valid 200 1s); after it, nginx asks the
# responder.
bb_next_second

t 'responder down: GET /api/v1/health is a JSON 502/503 internal_error from nginx'
req GET /api/v1/health
expect_nginx_error 502 503

t 'responder down: English and paginated requests get the same envelope'
req GET '/api/v1/projects?lang=en&limit=2' -H 'Accept-Language: en'
expect_nginx_error 502 503

t 'responder down: HEAD is the same status with no body'
req HEAD /api/v1/profile
expect_status 502 503
expect_header content-type 'application/json; charset=utf-8'
expect_header cache-control no-store
expect_body_empty

t 'responder down: a write is JSON too'
req POST /api/v1/profile
expect_nginx_error 502 503

t 'responder down: /api itself and unknown API routes are JSON too'
req GET /api
expect_nginx_error 502 503
req GET /api/v9/nope
expect_nginx_error 502 503

stack_start_responder >/dev/null 2>&1

# The socket exists once bound; the workers answer once they have loaded the
# content, which under valgrind takes longer than the 1 s read timeout of
# this stack. A client retrying for a while is what the test promises.
t 'responder back: the API answers again (within 30 s)'
ops_wait_status /api/v1/health 200 30
req GET /api/v1/health
expect_status 200

t 'responder hung (SIGSTOP) past fastcgi_read_timeout: a JSON 504 internal_error'
kill -STOP -- "-$STACK_RESPONDER_PID"
req GET /api/v1/profile
kill -CONT -- "-$STACK_RESPONDER_PID"
expect_nginx_error 504

# silent_close REQUEST: send REQUEST and then nothing; print what nginx
# answers before it closes the connection (at most 5 s).
silent_close() {
	(
		exec 3<>"/dev/tcp/127.0.0.1/${BASE##*:}" || exit 1
		printf '%b' "$1" >&3
		timeout 5 cat <&3
	)
}

t 'a request body that stops coming (408 under /api): nginx closes without an answer, never HTML'
out=$(silent_close 'GET /api/v1/profile HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\nab')
expect_equal 'bytes nginx answered before closing' '' "$out"

t 'request headers that stop coming (408 under /api): closed without an answer too'
out=$(silent_close 'GET /api/v1/profile HTTP/1.1\r\nHost: 127.0.0.1\r\n')
expect_equal 'bytes nginx answered before closing' '' "$out"

t 'the shipped server block maps 500, 502, 503 and 504 to JSON in both /api locations'
conf=$STACK_ROOT/conf/nginx/perfil.conf
# shellcheck disable=SC2034 # read by lib.sh: failures here name no request
REQ_METHOD=
for code in 500 502 503 504; do
	n=$(grep -cE "^[[:space:]]*error_page[[:space:]]+${code}[[:space:]]+=[[:space:]]+@api_error_${code};" "$conf")
	expect_equal "error_page $code lines" 2 "$n"
	block=$(awk -v loc="@api_error_$code" '$1 == "location" && $2 == loc { on = 1 }
		on { print } on && /^[[:space:]]*}/ { exit }' "$conf")
	json=$(sed -nE "s/^[[:space:]]*return $code '(.*)';\$/\\1/p" <<<"$block")
	json=$(printf '%b' "$json")
	if jq -e --argjson s "$code" '.error.status == $s and .error.code == "internal_error"
		and (.error | keys == ["code","documentation_url","hint","message","status"])' \
		<<<"$json" >/dev/null 2>&1; then
		_bb_pass
	else
		_bb_short_to json "${json:-no return $code in the block}"
		_bb_fail "@api_error_$code returns $code with a JSON internal_error envelope" "$json"
	fi
	if grep -q 'default_type "application/json; charset=utf-8";' <<<"$block"; then
		_bb_pass
	else
		_bb_fail "@api_error_$code sets the JSON content type" 'no such default_type'
	fi
done
