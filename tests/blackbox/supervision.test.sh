#!/usr/bin/env bash
# front: nginx-only process supervision does not depend on the front; run once
# Supervision: workers die with their supervisor, however it dies (even
# SIGKILL); a second supervisor refuses a socket another one listens on, and
# replaces a stale socket file (a file of another kind is refused, kept); --pid-file is written once the socket is
# bound, refused while it names a live process, and removed on exit.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

dir=$(mktemp -d "${TMPDIR:-/tmp}/perfil-sup.XXXXXX") || exit 1
chmod 755 "$dir"
trap 'ops_cleanup; rm -rf "$dir"; _bb_finish' EXIT
sock=$dir/perfil.sock
pidf=$dir/perfil.pid
args=(--socket "$sock" --content "$CONTENT" --workers 2)
if [[ $EUID == 0 ]]; then
	args+=(--user www-data)
	chown www-data "$dir"
fi

# health: the status line of GET /api/v1/health straight on the socket.
health() {
	env REQUEST_METHOD=GET DOCUMENT_URI=/api/v1/health \
		REQUEST_URI=/api/v1/health QUERY_STRING= \
		timeout 5 cgi-fcgi -bind -connect "$sock" 2>/dev/null |
		head -n 1 | tr -d '\r'
}

# none_running PID...: whether none of them runs (a zombie has ended); those
# that do in left.
none_running() {
	local p
	left=
	for p; do
		_stack_alive "$p" && left+="$p "
	done
	[[ -z $left ]]
}

t '--pid-file: written once the socket is bound, with the supervisor process id'
ops_start "$dir/one.log" "$PERFIL_BIN" "${args[@]}" --pid-file "$pidf"
sup=$OPS_PID
ops_wait_file "$dir/one.log" 'serving .* with 2 workers' "$(bb_guard 5)"
_bb_check $? 'perfil.log: "serving ... with 2 workers"' "$(tail -n 2 "$dir/one.log")"
expect_equal 'pid file' "$sup" "$(cat "$pidf" 2>/dev/null)"
ops_wait_workers "$sup" 2 "$(bb_guard 5)" >/dev/null
workers=$(ops_workers "$sup")
expect_equal 'answer on the socket' 'Status: 200 OK' "$(health)"

t 'a second supervisor on the same socket is refused (status 1, a message), the first keeps serving'
run_cmd "$PERFIL_BIN" "${args[@]}"
expect_exit 1
expect_stderr_match "$sock is in use"
expect_equal 'answer on the socket' 'Status: 200 OK' "$(health)"

t 'a --socket path that is a file of another kind is refused (status 1, a message), the file kept'
echo 'not a socket' >"$dir/file.sock"
# (timeout: a responder that took the path would serve on, not exit)
run_cmd timeout 10 "$PERFIL_BIN" --socket "$dir/file.sock" "${args[@]:2}"
expect_exit 1
expect_stderr_match "$dir/file.sock exists and is not a socket"
expect_equal "$dir/file.sock" 'not a socket' "$(cat "$dir/file.sock")"

t 'a second supervisor with the same --pid-file is refused while the first runs'
run_cmd "$PERFIL_BIN" --socket "$dir/other.sock" --content "$CONTENT" \
	--pid-file "$pidf" "${args[@]:4}"
expect_exit 1
expect_stderr_match "names process $sup, which is running"
expect_equal 'pid file unchanged' "$sup" "$(cat "$pidf" 2>/dev/null)"
[[ ! -e $dir/other.sock ]]
_bb_check $? 'no socket bound by the refused supervisor' "$dir/other.sock exists"

t 'the supervisor killed with SIGKILL: its workers stop too (PR_SET_PDEATHSIG), none keeps serving'
kill -KILL "$sup"
wait "$sup" 2>/dev/null
left=
# shellcheck disable=SC2086 # the workers, one word each
wait_until 5 none_running $workers
expect_equal 'workers still running 5 s after the supervisor died' '' "$left"

t 'a stale socket file (nobody listens) is replaced; the stale pid file too'
[[ -S $sock ]]
_bb_check $? "the dead supervisor's socket file is still there" "no $sock"
ops_start "$dir/two.log" "$PERFIL_BIN" "${args[@]}" --pid-file "$pidf"
sup=$OPS_PID
ops_wait_file "$dir/two.log" 'serving .* with 2 workers' "$(bb_guard 5)"
_bb_check $? 'the new supervisor serves' "$(tail -n 2 "$dir/two.log")"
expect_equal 'pid file' "$sup" "$(cat "$pidf" 2>/dev/null)"
expect_equal 'answer on the socket' 'Status: 200 OK' "$(health)"

t 'SIGTERM: exit status 0, the pid file is removed'
ops_stop "$sup"
expect_equal 'exit status' 0 "$OPS_STATUS"
[[ ! -e $pidf ]]
_bb_check $? 'no pid file after the exit' "$pidf: $(cat "$pidf" 2>/dev/null)"
