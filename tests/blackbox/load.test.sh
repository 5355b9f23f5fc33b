#!/usr/bin/env bash
# front: nginx-only it runs its own nginx and its own Apache under load; run once
# Load, reloads, worker kills and stopping (docs/operations.md, "Load,
# reloads and stopping"), through the shipped nginx site with wrk on
# loopback: 64 connections of POST are all 405 (in runs until 1,000
# answers: a checked build on a busy machine answers fewer in one); then 64
# connections of GET while the supervisor reloads (SIGHUP) three times, two
# workers are killed (SIGKILL) and the supervisor is stopped (SIGTERM): no
# answer is a 5xx before the stop began but for the requests a killed worker
# held (at most 16 a kill, while the kills last), and nginx's error log has no
# "writev() failed" and no "upstream prematurely closed" line for the
# reloads and the stop (the responder never closes a kept connection nginx
# may be writing into; a worker killed mid-request is another matter, see
# below). wrk may count
# "read" socket errors where the web server closed a kept client connection
# (keepalive_requests); they are not failures. The same 64 connections of POST
# through Apache mod_fcgid are all 405 too, in runs until 200 answers (a
# cold mod_fcgid starts its responders in the first seconds; 50 under a
# checked build, whose responders behind mod_fcgid each load the content
# seconds long: a TSan run of 20 s had 108).
#
# LOAD_SECONDS (default 3; 2 for the checked builds of run-checked) scales
# each wrk run.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/lib/apache.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

secs=${LOAD_SECONDS:-3}
kills=2
# ASan, TSan, valgrind (run-checked): memory and races, not load. Their slow
# workers have many requests in flight when killed (lost: see the GET case),
# and valgrind leaves no report for a killed process: no worker is killed.
if bb_checked; then
	secs=${LOAD_SECONDS:-2}
	kills=0
fi
apache_answers=200
bb_checked && apache_answers=50
PERFIL_ARGS='--workers 2'
trap 'ops_cleanup; stack_stop; apache_stop; _bb_finish' EXIT
bb_require wrk
bb_private_stack 600 'for the load test'
sup=$STACK_RESPONDER_PID
log=$STACK_DIR/perfil.log

# respawned PID: whether the leader has two workers again, PID not one.
respawned() {
	local ws
	ws=$(ops_workers "$sup")
	[[ $(wc -l <<<"$ws") == 2 ]] && ! grep -qx "$1" <<<"$ws"
}

# race_lines: the error-log lines of nginx writing into, or reading from, a
# kept connection the responder closed.
race_lines() {
	grep -cE 'writev\(\) failed|upstream prematurely closed' \
		"$STACK_DIR/error.log" 2>/dev/null
}

t "64 connections of POST through nginx, runs of ${secs} s until 1,000 answers (at most 10 runs): every answer is 405, none 5xx"
runs=$(ops_wrk_until "$BB_TMP/post.out" POST /api/v1/profile "$secs" 1000 10)
total=$(ops_wrk_total "$BB_TMP/post.out")
_bb_check $((total < 1000)) 'at least 1,000 answers' "$total in $runs runs"
expect_equal 'answers that are not 405' 0 $((total - $(ops_wrk_count "$BB_TMP/post.out" 405)))
expect_equal 'error-log lines writev()/prematurely closed' 0 "$(race_lines)"
printf '        (POST: %s answers; wrk runs of %s s: %s)\n' "$total" "$secs" "$runs"

t 'GET under load: 2 worker kills, then 3 reloads and a stop: no 5xx but for requests a killed worker held, no close race in the error log'
reload_ms=$(bb_reload_ms)
before=$(grep -c 'content reloaded' "$log")
from=$(ops_access_lines)
ops_wrk "$BB_TMP/get.out" GET /api/v1/profile $((4 * secs + 2)) &
wrk_pid=$!
# The kills, the reloads and the stop come one after another under wrk's
# load: the first kill once its connections are up (64 answers); the next
# once the last one's worker is replaced and the replacement is past the
# crash-loop guard (a worker that dies within a second of its start is
# replaced only a second after that start); each reload after the first,
# and the stop, once the last reload's old generation has drained (nginx
# renews its kept connections after a second of use: keepalive_time 1s).
ops_wait_answers "$from" 64 "$(bb_guard 5)"
# A killed worker's connections die with it: nginx retries a request that
# met one of its dead kept connections (fastcgi_next_upstream), so no client
# sees an error, but nginx logs each failed connection; those lines are
# counted apart. A request the worker was answering on a new connection is
# lost (docs/operations.md); it did not happen in our runs at full speed.
# (None under run-checked, see the top.)
kills_from=$(ops_ms)
worker=
for ((i = 0; i < kills; i++)); do
	if ((i > 0)); then
		ops_wait_until "$(bb_guard 5)" respawned "$worker"
		ops_wait_age "$(ops_workers "$sup" | tail -n 1)" 1100
	fi
	worker=$(ops_workers "$sup" | tail -n 1)
	[[ -n $worker ]] && kill -KILL "$worker"
done
# The kills are over once the leader has its two workers again (the last
# one killed gone) and nginx has given 64 more answers after that, so that
# every request held at the kills has had its answer.
if ((kills > 0)); then
	ops_wait_until "$(bb_guard 5)" respawned "$worker"
	_bb_check $? 'the killed worker is replaced' "workers: $(ops_workers "$sup" | tr '\n' ' ')"
fi
ops_wait_answers "$(ops_access_lines)" 64 "$(bb_guard 5)"
_bb_check $? 'the load goes on after the kills (64 answers)' "$(ops_access_lines) lines"
kills_to=$(ops_ms)
kill_lines=$(race_lines)
waits=()
for i in 1 2 3; do
	waits+=("$(bb_hup_logged "$sup" "$log" $((before + i)) "$reload_ms") ms")
	bb_await_one_generation "$sup" "$(bb_guard 10)"
done
stop_ms=$(ops_ms)
kill -TERM "$sup"
wait "$wrk_pid"
wait_until 15 ops_ended "$sup" # the supervisor exits once its workers have drained
_bb_check $? 'the supervisor exited within 15 s of SIGTERM' "$(tail -n 3 "$log")"
wait "$sup"
expect_equal 'exit status of the supervisor' 0 $?
cp "$STACK_DIR/error.log" "$BB_TMP/nginx-error.log"
total=$(ops_wrk_total "$BB_TMP/get.out")
expect_equal 'reloads logged' $((before + 3)) "$(grep -c 'content reloaded' "$log")"
printf '        (each reload logged after its SIGHUP: %s; the budget %s ms)\n' "${waits[*]}" "$reload_ms"
expect_equal 'workers killed and restarted' "$kills" "$(grep -c 'killed by signal 9' "$log")"
_bb_check $((total < 1000)) 'at least 1,000 answers' "$total"
# A request a killed worker was answering is lost (docs/operations.md, "A
# killed worker"): at most its threads' worth (16 each) while the kills
# last; none before them, none from their end (above) to the stop.
at_kills=$(ops_wrk_5xx_between "$BB_TMP/get.out" "$kills_from" "$kills_to")
expect_equal '5xx answers before the kills, and from their end to the stop' 0 \
	$(($(ops_wrk_5xx_between "$BB_TMP/get.out" 0 "$kills_from") +
		$(ops_wrk_5xx_between "$BB_TMP/get.out" "$kills_to" "$stop_ms")))
_bb_check $((at_kills > 16 * kills)) \
	"at most $((16 * kills)) 5xx answers (the requests the killed workers held) during the kills" \
	"$at_kills"
expect_equal 'error-log lines writev()/prematurely closed during the reloads and the stop' \
	0 $(($(race_lines) - kill_lines))
printf '        (GET: %s answers, %s of them 5xx during the kills, %s after the stop; %s error-log lines for the killed workers)\n' \
	"$total" "$at_kills" "$(ops_wrk_5xx_between "$BB_TMP/get.out" "$stop_ms" 99999999999999)" "$kill_lines"
STACK_RESPONDER_PID=

t "64 connections of POST through Apache mod_fcgid, runs of ${secs} s until $apache_answers answers (at most 10 runs): every answer is 405, none 5xx"
stack_stop
port=$(stack_free_port $((${BASE##*:} + 20))) || exit 1
bb_apache_checked || exit 1
if ! STACK_TRAP=0 apache_start "$port"; then
	_bb_fail "Apache on 127.0.0.1:$port" 'it did not start'
	exit 1
fi
BASE=$STACK_BASE
runs=$(ops_wrk_until "$BB_TMP/apache.out" POST /api/v1/profile "$secs" "$apache_answers" 10)
total=$(ops_wrk_total "$BB_TMP/apache.out")
_bb_check $((total < apache_answers)) "at least $apache_answers answers" "$total in $runs runs"
expect_equal 'answers that are not 405' 0 $((total - $(ops_wrk_count "$BB_TMP/apache.out" 405)))
expect_equal 'answers that are 5xx' 0 "$(ops_wrk_5xx "$BB_TMP/apache.out")"
printf '        (Apache POST: %s answers; wrk runs of %s s: %s)\n' "$total" "$secs" "$runs"
