#!/usr/bin/env bash
# front: nginx-only it runs its own nginx with an upstream keepalive pool; run once
# Kept FastCGI connections (nginx "upstream { keepalive N; }" with
# fastcgi_keep_conn on), as conf/nginx/perfil.conf ships them:
# the responder answers several requests on one connection, each request
# on its own (no state carried over), and idle connections in nginx's pool
# never pin the responder: with a pool larger than its threads (8 per nginx
# worker, 2 nginx workers, 2 responder workers of 1 thread), concurrent
# requests are still all answered at once, because a thread waits on all its
# kept connections and on the listening socket at once (epoll) and no idle
# connection holds it.
#
# This file runs its own private stack (another port), so the other files
# see the shipped configuration.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

STACK_KEEPALIVE=8
PERFIL_ARGS="${PERFIL_ARGS-} --workers 2 --threads 1"
trap 'stack_stop; _bb_finish' EXIT
bb_private_stack 170 'with kept FastCGI connections (upstream keepalive 8)'

# kept_connections: print how many connections to the responder's socket
# are open (nginx's side and the workers' side each count once).
kept_connections() {
	ss -Hx state connected 2>/dev/null | grep -cF "$STACK_SOCK"
}

# Looked at after each answer: nginx renews a connection past 1 s of use
# (keepalive_time 1s), so the last answer of a slow run (a checked build)
# may be the one after which it closed; without keep-alive every look
# finds none.
t 'the connections are kept: after the answers, nginx still holds open connections to the responder'
seen=()
for i in 1 2 3 4 5 6; do
	req GET /api/v1/health
	expect_status 200
	seen+=("$(kept_connections)")
done
n=$(printf '%s\n' "${seen[@]}" | sort -n | tail -n 1)
expect_equal 'open connections to the socket after one of 6 answers (> 0)' yes \
	"$( ((n > 0)) && echo yes || echo "no (${seen[*]})")"

t 'one request after another on kept connections: each answer is its own (language, path, status)'
for lang in es en es en; do
	req GET /api/v1/profile -H "Accept-Language: $lang"
	expect_status 200
	expect_header content-language "$lang"
	expect_json '.data.headline' "$(localized profile.json "$lang" | jq -c .headline)"
	req GET /api/v1/projects/no-such-project
	expect_error 404 not_found
	req GET '/api/v1/projects?limit=1&offset=2'
	expect_status 200
	expect_json '.meta.limit' 1
	expect_json '.meta.offset' 2
done

t 'a write with a body on a kept connection: 405, and the next request on the pool is served'
req POST /api/v1/profile --data-binary "$(head -c 20000 /dev/zero | tr '\0' x)"
expect_error 405 method_not_allowed
req GET /api/v1/health
expect_status 200
expect_json '.data.status' '"ok"'

t 'a pool larger than the workers never pins them: 80 requests, 16 at a time, all 200 within 10 s'
from=$(ops_access_lines)
stall=$(bb_stall_ms)
start=$(date +%s%N)
codes=$(seq 1 80 | xargs -P 16 -I{} curl -s -o /dev/null --max-time 10 \
	-w '%{http_code}\n' "$BASE/api/v1/projects?limit={}" | sort | uniq -c |
	awk '{ printf "%s%s:%s", sep, $2, $1; sep = " " }')
ms=$((($(date +%s%N) - start) / 1000000))
# limit 1..80 are all valid (1..100).
expect_equal 'status counts' '200:80' "$codes"
expect_within 'finished within 10 s' 10000 "$ms" "$stall"

t 'after the burst, idle kept connections still leave room for new ones'
# nginx logs an answer once it has put its connection back in the pool: the
# burst's connections are idle there once it has logged its 80 answers
ops_wait_answers "$from" 80 "$(bb_guard 2)"
for i in 1 2 3 4; do
	req GET /api/v1/about -H 'Accept-Language: en'
	expect_status 200
	expect_header content-language en
done
