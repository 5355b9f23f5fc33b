#!/usr/bin/env bash
# front: nginx-only process supervision and signals do not depend on the front; run once
# ./serve, the demo: it serves on $PORT, its supervisor replaces a worker
# killed with SIGKILL within a second, and SIGTERM (as Ctrl-C, SIGINT) stops
# nginx and the responder and exits 0.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

# cleanup: stop whatever a failed case left behind: ./serve, then the
# responder and nginx it started in their own sessions.
cleanup() {
	local p
	ops_cleanup
	for p in $(procs); do
		kill -KILL "$p" 2>/dev/null
	done
	for p in $(pgrep -f 'nginx: master process nginx -p /tmp/perfil-stack'); do
		if grep -qs "127.0.0.1:$port;" "/proc/$p/cwd/perfil.conf"; then
			kill -TERM "$p"
		fi
	done
}
trap 'cleanup; _bb_finish' EXIT
port=$(stack_free_port $((${BASE##*:} + 600))) || exit 1
BASE=http://127.0.0.1:$port

# procs: print the pids of the responder processes serving this ./serve.
procs() {
	pgrep -f -- "perfil-fcgi --socket .* --base-url $BASE( |\$)" | sort -n
}

for sig in TERM INT; do
	t "PORT=$port ./serve answers, replaces a killed worker within a second, stops on SIG$sig"
	# A background job starts with SIGINT ignored; perl restores the default
	# a terminal's foreground job has, so that Ctrl-C can be tested.
	ops_start "$BB_TMP/serve.$sig.log" env PORT="$port" PERFIL_BIN="$PERFIL_BIN" \
		perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die' "$STACK_ROOT/serve"
	serve=$OPS_PID
	code=000
	for ((i = 0; i < 200; i++)); do
		code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$BASE/api/v1/health")
		[[ $code == 200 ]] && break
		sleep 0.1
	done
	expect_equal "$BASE/api/v1/health" 200 "$code"
	sup=
	for p in $(procs); do
		if [[ -n $(ops_workers "$p") ]]; then
			sup=$p
		fi
	done
	_bb_check "$([[ -n $sup ]]; echo $?)" 'a supervisor with workers' "$(procs | tr '\n' ' ')"
	[[ -n $sup ]] || break
	victim=$(ops_workers "$sup" | head -n 1)
	ops_wait_age "$victim" 1100 # past the crash-loop guard
	n=$(ops_workers "$sup" | wc -l)
	start=$(ops_ms)
	kill -KILL "$victim"
	code=000
	while (($(ops_ms) - start < 1000)); do
		if [[ $(ops_wait_workers "$sup" "$n" 0.05 "$victim") == yes ]]; then
			code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$BASE/api/v1/health")
			[[ $code == 200 ]] && break
		fi
	done
	expect_equal 'health 200 from a full set of workers within 1 s of the kill' 200 "$code"
	ops_stop "$serve" "$sig"
	expect_equal "./serve exit status on SIG$sig" 0 "$OPS_STATUS"
	sleep 0.2
	expect_equal 'responder processes left' '' "$(procs | tr '\n' ' ')"
	expect_equal 'status after ./serve stopped' 000 \
		"$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$BASE/api/v1/health")"
done
