#!/usr/bin/env bash
# front: nginx-only it runs perfil-fcgi directly, no front involved; run once
# Process options: --workers and --threads take 1 to 64 and nothing else
# (status 2 and a message naming the option); a worker runs exactly
# --threads serving threads, answers through them, and all of them stop on
# SIGTERM with status 0.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

dir=$(mktemp -d "${TMPDIR:-/tmp}/perfil-opts.XXXXXX") || exit 1
chmod 755 "$dir"
trap 'ops_cleanup; rm -rf "$dir"; _bb_finish' EXIT
sock=$dir/perfil.sock
user_args=()
if [[ $EUID == 0 ]]; then
	user_args=(--user www-data)
fi

t 'a bad --workers or --threads count: status 2 and a message naming the option'
for bad in 0 65 -1 abc '' 2x 1e1; do
	run_cmd "$PERFIL_BIN" --socket "$sock" --content "$CONTENT" "${user_args[@]}" --workers "$bad"
	expect_exit 2
	expect_stderr_match '--workers must be 1 to 64'
	run_cmd "$PERFIL_BIN" --socket "$sock" --content "$CONTENT" "${user_args[@]}" --threads "$bad"
	expect_exit 2
	expect_stderr_match '--threads must be 1 to 64'
done

t 'a bad --reload-check, --reload-timeout or --hang-timeout, or a --log-file inside the content: status 2 and a message'
for bad in -1 3601 abc '' 1.5; do
	run_cmd "$PERFIL_BIN" --socket "$sock" --content "$CONTENT" "${user_args[@]}" --reload-check "$bad"
	expect_exit 2
	expect_stderr_match '--reload-check must be 0 \(off\) to 3600 seconds'
done
for bad in 0 3601 abc '' 1.5; do
	run_cmd "$PERFIL_BIN" --socket "$sock" --content "$CONTENT" "${user_args[@]}" --reload-timeout "$bad"
	expect_exit 2
	expect_stderr_match '--reload-timeout must be 1 to 3600'
done
for bad in 0 601 abc '' 1.5 -1; do
	run_cmd "$PERFIL_BIN" --socket "$sock" --content "$CONTENT" "${user_args[@]}" --hang-timeout "$bad"
	expect_exit 2
	expect_stderr_match '--hang-timeout must be 1 to 600'
done
for good in 1 600; do
	run_cmd "$PERFIL_BIN" --check --content "$CONTENT" --reload-check 0 --hang-timeout "$good"
	expect_exit 0
done
run_cmd "$PERFIL_BIN" --check --content "$CONTENT" --log-file "$CONTENT/media/perfil.log"
expect_exit 2
expect_stderr_match 'inside .*: each line would reload the content'
run_cmd "$PERFIL_BIN" --check --content "$CONTENT" --reload-check 0 --log-file "$CONTENT/perfil.log"
expect_exit 0

t '--workers 1 --threads 64: the worker runs 64 threads, answers, and SIGTERM stops them all (status 0)'
ops_start "$dir/run.log" "$PERFIL_BIN" --socket "$sock" --content "$CONTENT" \
	"${user_args[@]}" --workers 1 --threads 64
sup=$OPS_PID
ops_wait_file "$dir/run.log" 'serving .* with 1 workers of 64 threads' "$(bb_guard 5)"
_bb_check $? 'perfil.log: "serving ... with 1 workers of 64 threads"' "$(tail -n 2 "$dir/run.log")"
ops_wait_workers "$sup" 1 "$(bb_guard 2)" >/dev/null
worker=$(ops_workers "$sup" | head -n 1)
expect_equal 'serving threads of the worker' 64 "$(ops_wait_threads "$worker" 64 "$(bb_guard 5)")"
answer=$(env REQUEST_METHOD=GET DOCUMENT_URI=/api/v1/health REQUEST_URI=/api/v1/health \
	QUERY_STRING= timeout 5 cgi-fcgi -bind -connect "$sock" 2>/dev/null | tr -d '\r')
expect_equal 'status line of GET /api/v1/health' 'Status: 200 OK' "$(head -n 1 <<<"$answer")"
ops_stop "$sup"
expect_equal 'exit status on SIGTERM' 0 "$OPS_STATUS"
expect_equal 'the worker is gone' no "$(_stack_alive "$worker" && echo yes || echo no)"

t 'PERFIL_LOAD_TIMES=1 --check: each phase with its times, resident size and heap in use, then the peak'
run_cmd env PERFIL_LOAD_TIMES=1 "$PERFIL_BIN" --check --content "$CONTENT"
expect_exit 0
expect_stderr_match 'perfil-fcgi: load: load: peak RSS [0-9.]+ MB'
phases=$(grep -c ' ms wall, ' "$BB_TMP/stderr")
expect_equal 'more than ten phases' yes "$( ((phases > 10)) && echo yes || echo no)"
# The heap in use (glibc's mallinfo2) on every phase's line, smaller once
# the objects are dropped than at the largest phase before; a sanitizer's
# build has an allocator of its own and prints none.
if [[ -n ${ASAN_OPTIONS-}${TSAN_OPTIONS-} ]]; then
	expect_equal 'phase lines with a heap figure under a sanitizer' 0 "$(grep -c 'MB, heap [0-9]' "$BB_TMP/stderr")"
else
	expect_equal 'phase lines with wall, CPU, RSS and heap' "$phases" "$(grep -Ec \
		'^perfil-fcgi: load: [a-z, ]+: .+: [0-9.]+ ms wall, [0-9.]+ ms CPU, RSS [0-9.]+ MB, heap [0-9.]+ MB$' \
		"$BB_TMP/stderr")"
	expect_equal 'the heap after the objects are dropped is above 0 and below its largest' yes "$(awk '
		/ms wall/ { h = $(NF - 1) + 0; if (/objects dropped/) after = h; else if (h > max) max = h }
		END { print (after > 0 && after < max) ? "yes" : "no" }' "$BB_TMP/stderr")"
fi
