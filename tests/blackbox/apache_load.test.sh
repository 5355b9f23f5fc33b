#!/usr/bin/env bash
# front: nginx-only it starts its own private Apache under load; run once
# Apache with mod_fcgid as shipped (conf/apache/perfil.conf, Debian's
# mpm_event settings) under 64 connections of GET for APACHE_LOAD_SECONDS
# (default 60; 10 for the checked builds of run-checked), then a third of
# that with a new connection per request: every request answered (no request
# left without an answer for 10 s; on kept-alive connections see
# load_checks), no 5xx, no "emerg" or "crit" line in Apache's error log, and
# afterwards the site still answers within a second. Before conf/apache/perfil.conf chose a
# process-shared mutex for mod_fcgid (Mutex pthread), Debian's fcntl() locks
# took the threads of one Apache process for one lock owner: the kernel saw
# deadlocks that were none, mod_fcgid logged "(35)Resource deadlock avoided:
# can't get pipe mutex" as emerg and could lose its process table for good
# (docs/deployment.md, "Apache under load").
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/lib/apache.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

secs=${APACHE_LOAD_SECONDS:-60}
if [[ -n ${PERFIL_WRAPPER-} || $PERFIL_BIN != */_build/default/* ]]; then
	secs=${APACHE_LOAD_SECONDS:-10} # sanitizers and valgrind: not load
fi
bb_require wrk
STACK_TRAP=0
STACK_LOG_DIR=$BLACKBOX_OUT/logs/apache_load
trap 'ops_cleanup; apache_stop; _bb_finish' EXIT
port=$(stack_free_port $((${BASE##*:} + 850))) || exit 1
if ! apache_start "$port"; then
	t 'a private Apache with mod_fcgid starts'
	_bb_check 1 "Apache on 127.0.0.1:$port" 'it did not start'
	exit 1
fi
BASE=$STACK_BASE

# load_checks OUT keepalive|close SECONDS: the checks of one wrk run
# (ops_wrk) through Apache. On kept-alive connections "read" errors are
# Apache's own and only reported: an idle child retires (Debian's
# MaxSpareThreads 75) and closes its kept connections, and a request a
# client sent on one in that instant gets no answer; HTTP clients retry such
# a request (RFC 9112, 9.3.1), wrk counts it, and how many there are follows
# the machine's load (40 to 253 in 60 s here). With a new connection per
# request no connection is ever reused, so there every request must be
# answered: that run fails when mod_fcgid drops requests (36 in 20 s
# without the fix).
load_checks() {
	local out=$1 total e n emerg
	total=$(awk '$1 == "status" { n += $3 } END { print n + 0 }' "$out")
	_bb_check $((total < 1000)) 'at least 1,000 answers' "$total"
	expect_equal 'answers that are not 200' 0 $((total - $(ops_wrk_count "$out" 200)))
	expect_equal '5xx answers' 0 "$(ops_wrk_5xx "$out")"
	for e in connect write timeout read; do
		n=$(ops_wrk_count "$out" "$e")
		if [[ $e == read && $2 == keepalive ]]; then
			continue # Apache's retiring children: reported below
		else
			expect_equal "socket errors ($e)" 0 "$n"
		fi
	done
	emerg=$(grep -cE '\[[a-z_]+:(emerg|alert|crit)\]' "$STACK_DIR/error.log")
	expect_equal 'emerg, alert and crit lines in the error log' 0 "$emerg"
	((emerg == 0)) || grep -E '\[[a-z_]+:(emerg|alert|crit)\]' "$STACK_DIR/error.log" |
		sed 's/^\[[^]]*\] //' | sort | uniq -c | head -n 5 >&2
	printf '        (%s answers in %s s, p99 %s ms, slowest %s ms, %s read errors)\n' \
		"$total" "$3" "$(ops_wrk_count "$out" p99ms)" \
		"$(ops_wrk_count "$out" maxms)" "$(ops_wrk_count "$out" read)"
}

t "64 connections of GET for $secs s through Apache mod_fcgid: all answered, none 5xx, no emerg or crit line"
ops_wrk "$BB_TMP/get.out" GET /api/v1/profile "$secs" 10s
load_checks "$BB_TMP/get.out" keepalive "$secs"

close_secs=$((secs / 3))
t "64 connections, a new one per request (Connection: close), for $close_secs s: every one answered"
ops_wrk "$BB_TMP/close.out" GET /api/v1/profile "$close_secs" 10s 'Connection: close'
load_checks "$BB_TMP/close.out" close "$close_secs"

t 'after the load the site answers within a second, three times'
for i in 1 2 3; do
	out=$(curl -s -o /dev/null -m 5 -w '%{http_code} %{time_total}' "$BASE/api/v1/profile")
	_bb_check $(awk -v o="$out" 'BEGIN { split(o, a, " "); print !(a[1] == 200 && a[2] < 1) }') \
		'GET /api/v1/profile: 200 in under 1 s' "$out"
done
