#!/usr/bin/env bash
# front: nginx-only process supervision does not depend on the front; run once
# A generation leader that stops making progress (SIGSTOP here; a frozen
# cgroup, a debugger or a process stuck in disk wait look the same) is
# noticed by the supervisor within --hang-timeout (5 s by default,
# src/server/leader.h) plus its one-second look and replaced: its workers
# serve on while the content is loaded again, and it is killed with them
# once the new generation takes over; the log names the process and what
# was done. Before, a stopped
# leader whose workers were killed left them zombies and the site down until
# a manual SIGHUP (12 minutes in a trial), and an edit made while a leader
# was stopped was never served (its workers kept the old content). When the
# content is broken at that moment the replacement is refused and the
# stopped leader's workers serve the previous content on until it is fixed
# (before, they were killed and the site was down until then). The last
# case starts a second private stack with --hang-timeout 2: its stopped
# leader goes after 2 s, not 5.
#
# The shipped site (micro-cache on) on a private stack with its own copy of
# the content (one case edits it). The load is wrk's POST (405), which the
# micro-cache never answers: every request reaches a worker. Under a checked
# build (bb_checked) the new generation's load is slower: the budget is
# the 5 s plus bb_reload_ms (30 s plus twice a --check under the
# same wrapper) instead of 10 s. The load is the background of what is
# tested, not its subject (load.test.sh is that): each of wrk's 64
# connections sends a request every 50 ms (ops_wrk_pace; 100 under ASan),
# 1,280 a second at most: at full speed this file took 30 s of CPU in the
# plain run (its third costliest) and 57 s under ASan (its costliest).
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

PERFIL_ARGS='--workers 2'
export PERFIL_TEST_WRK_DELAY_MS=${PERFIL_TEST_WRK_DELAY_MS:-50}
rm -rf "$BB_TMP/content"
cp -R "$CONTENT" "$BB_TMP/content" && chmod -R a+rX "$BB_TMP/content"
PERFIL_CONTENT=$BB_TMP/content
STACK_CACHE=1
wrk_pid=
trap '[[ -n $wrk_pid ]] && kill "$wrk_pid" 2>/dev/null; kill -CONT $(bb_leaders "$STACK_RESPONDER_PID") 2>/dev/null; ops_cleanup; stack_stop; _bb_finish' EXIT
bb_require wrk
budget=10000
bb_checked && budget=$((5000 + $(bb_reload_ms)))
bb_private_stack 980 'for frozen leaders'
sup=$STACK_RESPONDER_PID
log=$STACK_DIR/perfil.log

# load_start SECONDS: wrk's POST in the background for SECONDS at most (no request
# given up before 30 s: a late answer shows in maxms, not as a timeout);
# returns once nginx has answered 64 of them (its connections are up: what
# the test does next comes under load).
load_start() {
	local from
	from=$(ops_access_lines)
	ops_wrk "$BB_TMP/wrk.out" POST /api/v1/profile "$1" 30s &
	wrk_pid=$!
	ops_wait_answers "$from" 64 "$(bb_guard 5)"
	_bb_check $? "wrk's load is answered (64 answers)" "$(($(ops_access_lines) - from)) answers"
}
# load_end [PID...]: once the new generation serves and the PIDs (the old
# generation's, when they can end) have ended, 256 answers more (every
# connection of wrk's answered by the new one), then wrk is told to stop
# (SIGINT: it ends its run and reports it): the case takes the
# replacement's time, not the whole budget, under a checked build.
load_end() {
	(($# == 0)) || ops_wait_until "$(bb_guard 10)" none_alive "$@"
	ops_wait_answers "$(ops_access_lines)" 256 "$(bb_guard 10)"
	pkill -INT -P "$wrk_pid" -x wrk || kill -INT "$wrk_pid" 2>/dev/null
	wait "$wrk_pid"
	wrk_pid=
}

# none_alive PID...: none of them is in the process table (a zombie is).
none_alive() {
	local p
	for p; do
		[[ -e /proc/$p ]] && return 1
	done
	return 0
}

# log_says DESC REGEX: a line of perfil.log after its first $lines
# "made no progress" lines matches REGEX (extended).
log_says() {
	local got
	got=$(grep 'made no progress' "$log" | tail -n +$((lines + 1)))
	grep -qE -- "$2" <<<"$got"
	_bb_check $? "$1" "${got:-(no such line)}"
}

# leader_of: the supervisor's one leader (the test waits for one first).
leader_of() {
	bb_await_one_generation "$sup" 30 || return 1
	bb_leaders "$sup"
}

# new_generation OLD [frozen]: wait (budget and 10 s more: what a client
# meets is held to the budget by wrk's answers) until the supervisor has one
# leader, not OLD, with 2 workers; print the milliseconds since $t0 (set
# just before). With "frozen", OLD and its workers may still be there
# (frozen, a kill waits).
new_generation() {
	wait_every 0.05 $(((budget + 10999) / 1000)) generation_serves "$@" || return 1
	echo $(($(ops_ms) - t0))
}
# generation_serves OLD [frozen]: whether the supervisor has one leader, not
# OLD, with 2 workers (new_generation).
generation_serves() {
	local l
	l=$(bb_leaders "$sup")
	[[ ${2-} == frozen ]] && l=$(grep -vx "$1" <<<"$l")
	[[ -n $l && $l != *' '* && $l != "$1" ]] &&
		(($(bb_children_named "$l" perfil-worker | wc -l) == 2))
}

t "a stopped leader (its workers alive) is replaced under load, then killed; every request is answered, none 5xx"
old=$(leader_of)
workers=$(bb_children "$old")
lines=$(grep -c 'made no progress' "$log")
secs=$((budget / 1000 + 3))
load_start "$secs"
t0=$(ops_ms)
kill -STOP "$old"
ms=$(new_generation "$old")
_bb_check $? "a new leader with 2 workers" "${ms:-none}; leaders: $(bb_leaders "$sup")"
# shellcheck disable=SC2086 # the workers, one word each
load_end "$old" $workers
log_says 'perfil.log names the leader and the action' \
	"generation leader $old made no progress for [0-9]+ ms \(stopped or stuck\); loading the content again, then killing it and its workers"
quiet=$(sed -n "s/.*generation leader $old made no progress for \([0-9]*\) ms.*/\1/p" "$log" | head -n 1)
_bb_check $((${quiet:-0} < 5000)) 'killed after the default --hang-timeout (5000 ms) at least' "${quiet:-no figure} ms"
expect_equal 'answers that are not 405' 0 \
	$(($(ops_wrk_total "$BB_TMP/wrk.out") - $(ops_wrk_count "$BB_TMP/wrk.out" 405)))
expect_equal 'requests given up (wrk timeouts)' 0 "$(ops_wrk_count "$BB_TMP/wrk.out" timeout)"
printf '        (new generation after %s ms; %s answers; the slowest %s ms)\n' \
	"${ms:-never}" "$(ops_wrk_total "$BB_TMP/wrk.out")" "$(ops_wrk_count "$BB_TMP/wrk.out" maxms)"

t "a stopped leader whose workers were killed: the site answers again within $((budget / 1000)) s of the stop; the zombies are gone"
old=$(leader_of)
workers=$(bb_children "$old")
load_start "$secs"
stall=$(bb_stall_ms)
t0=$(ops_ms)
kill -STOP "$old"
# shellcheck disable=SC2086 # the workers, one word each
kill -KILL $workers
killed=$(ops_ms)
ms=$(new_generation "$old")
_bb_check $? "a new leader with 2 workers" "${ms:-none}; leaders: $(bb_leaders "$sup")"
load_end
slowest=$(ops_wrk_count "$BB_TMP/wrk.out" maxms)
expect_within "no request waited more than $budget ms (the site answered again within that of the stop)" \
	"$budget" "$slowest" "$stall" "the slowest $slowest ms"
# The requests the killed workers held are lost (nginx retries no POST):
# none from a second after the kill on.
expect_equal '5xx answers from a second after the kill' 0 \
	"$(ops_wrk_5xx_between "$BB_TMP/wrk.out" $((killed + 1000)) 99999999999999)"
expect_equal 'requests given up (wrk timeouts)' 0 "$(ops_wrk_count "$BB_TMP/wrk.out" timeout)"
# Reaped once their stopped leader is killed (after the new generation has
# taken over) and they pass to the supervisor.
# shellcheck disable=SC2086 # the workers, one word each
ops_wait_until "$(bb_guard 5)" none_alive $workers
zombies=0
for w in $workers; do
	[[ -e /proc/$w ]] && zombies=$((zombies + 1))
done
expect_equal 'killed workers still in the process table 5 s after the new generation' 0 "$zombies"
printf '        (new generation after %s ms; %s answers, %s of them 5xx at the kill; the slowest %s ms)\n' \
	"${ms:-never}" "$(ops_wrk_total "$BB_TMP/wrk.out")" \
	"$(ops_wrk_5xx "$BB_TMP/wrk.out")" "$(ops_wrk_count "$BB_TMP/wrk.out" maxms)"

t "an edit saved while the leader is stopped is served within $((budget / 1000)) s of the save, and stays"
old=$(leader_of)
lines=$(grep -c 'made no progress' "$log")
kill -STOP "$old"
bb_edit_headline "Edited while the leader is stopped" "$budget"
ok=$EDIT_OK first=$EDIT_FIRST ms=$EDIT_MS
_bb_check $((ok >= 10 && ms <= EDIT_BOUND ? 0 : 1)) \
	"the new headline, 10 answers in a row, within $budget ms of the save (the bound used for the CPU contention: $EDIT_BOUND ms)" \
	"$ms ms (first new answer after ${first:-never} ms)"
ops_wait_until $((budget / 1000)) bb_await_one_generation "$sup" 1
# Retired by the reload, or (a load slower than --hang-timeout: valgrind)
# found stopped as the serving leader before the reload ends, and killed
# once it ends: killed either way.
log_says 'perfil.log: the stopped leader, retired by the reload (or still serving), is killed' \
	"(retired generation leader $old made no progress for [0-9]+ ms \(told to drain, it did not begin\);|generation leader $old made no progress for [0-9]+ ms \(stopped or stuck\); loading the content again, then) killing it and its workers"
printf '        (first new answer after %s ms, 10 in a row after %s ms)\n' "${first:-never}" "$ms"

t "a leader stopped while the content is broken: its workers serve the previous content on, health says why; the fix replaces them within $((budget / 1000)) s"
old=$(leader_of)
workers=$(bb_children "$old")
lines=$(grep -c 'made no progress' "$log")
cp "$BB_TMP/content/profile.json" "$BB_TMP/profile.good"
printf '{' >"$BB_TMP/content/profile.json"
kill -STOP "$old"
ops_wait_file "$log" "generation leader $old still makes no progress; its workers serve the previous content until the content loads" \
	$((budget / 1000 + 5))
_bb_check $? 'perfil.log: the replacement was refused, the stopped generation serves on' "$(tail -n 3 "$log")"
expect_equal 'the stopped leader is still the only one' "$old" "$(bb_leaders "$sup")"
codes=
for i in 1 2 3 4 5; do
	codes+=$(curl -s -o /dev/null -m 5 -w '%{http_code} ' -X POST "$BASE/api/v1/profile")
done
expect_equal 'POST /api/v1/profile five times (a worker answers each: the micro-cache never does)' \
	'405 405 405 405 405 ' "$codes"
req GET /api/v1/health
expect_header_match perfil-reload-refused 'reason="profile\.json: '
cp "$BB_TMP/profile.good" "$BB_TMP/content/profile.json"
t0=$(ops_ms)
ms=$(new_generation "$old")
_bb_check $? "the fix: a new leader with 2 workers within $budget ms" "${ms:-none}; leaders: $(bb_leaders "$sup")"
# shellcheck disable=SC2086 # the workers, one word each
ops_wait_until "$(bb_guard 5)" none_alive "$old" $workers
_bb_check $? 'the stopped leader and its workers have ended' "$(bb_leaders "$sup")"
req GET /api/v1/health
expect_header_absent perfil-reload-refused
printf '        (new generation %s ms after the fix)\n' "${ms:-never}"

# A frozen cgroup (the v1 freezer, or cgroup v2's cgroup.freeze) is what a
# process in disk wait looks like: SIGKILL takes effect only when it is
# thawed. Where the machine has one (root, a writable freezer), a leader
# is frozen: the supervisor cannot end it, so it tells its workers to drain
# itself (they would serve the old content on) and loads again without
# waiting for its end; thawed, it ends and is collected.
freezer=
if [[ -w /sys/fs/cgroup/freezer ]]; then
	freezer=/sys/fs/cgroup/freezer/perfil-test-$$
	mkdir "$freezer" 2>/dev/null || freezer=
fi
if [[ -z $freezer ]]; then
	for d in /sys/fs/cgroup/unified /sys/fs/cgroup; do
		[[ -e $d/cgroup.controllers && -w $d ]] || continue
		freezer=$d/perfil-test-$$
		mkdir "$freezer" 2>/dev/null && [[ -e $freezer/cgroup.freeze ]] && break
		rmdir "$freezer" 2>/dev/null
		freezer=
	done
fi
# freeze 1|0 PID...: freeze (or thaw) PIDs in $freezer.
freeze() {
	local p on=$1
	shift
	for p in "$@"; do
		echo "$p" >"$freezer/cgroup.procs"
	done
	if [[ -e $freezer/freezer.state ]]; then
		((on)) && echo FROZEN >"$freezer/freezer.state" || echo THAWED >"$freezer/freezer.state"
	else
		echo "$on" >"$freezer/cgroup.freeze"
	fi
}
# freezer_removed: remove $freezer, once no process is left in it (a cgroup
# with one cannot be removed: a thawed process is still ending).
freezer_removed() {
	rmdir "$freezer" 2>/dev/null
}
if [[ -n $freezer ]]; then
	trap '[[ -n $wrk_pid ]] && kill "$wrk_pid" 2>/dev/null; kill -CONT $(bb_leaders "$STACK_RESPONDER_PID") 2>/dev/null; freeze 0; ops_cleanup; stack_stop; wait_until "$(bb_guard 1)" freezer_removed; _bb_finish' EXIT
	t "a leader frozen in a cgroup (${freezer%/*}): an edit saved then is served within $((budget / 1000)) s; the leader, unkillable while frozen, ends once thawed"
	old=$(leader_of)
	lines=$(grep -c 'made no progress' "$log")
	freeze 1 "$old"
	state=$(awk '{ print $3 }' "/proc/$old/stat")
	bb_edit_headline "Edited while the leader is frozen" "$budget"
	ok=$EDIT_OK first=$EDIT_FIRST ms=$EDIT_MS
	_bb_check $((ok >= 10 && ms <= EDIT_BOUND ? 0 : 1)) \
		"the new headline, 10 answers in a row, within $budget ms of the save (the bound used for the CPU contention: $EDIT_BOUND ms)" \
		"$ms ms (first new answer after ${first:-never} ms)"
	ops_wait_file "$log" "generation leader $old made no progress" "$(bb_guard 5)"
	log_says 'perfil.log: the frozen leader, retired by the reload (or still serving), is killed' \
		"generation leader $old made no progress for [0-9]+ ms"
	expect_equal 'the frozen leader is still there (state D: a kill waits for the thaw)' D \
		"$(awk '{ print $3 }' "/proc/$old/stat" 2>/dev/null)"
	freeze 0
	ops_wait_until 5 bash -c "! [[ -e /proc/$old ]]"
	_bb_check $? 'thawed, it has ended and is collected within 5 s' "$(cat "/proc/$old/stat" 2>/dev/null)"
	printf '        (frozen in state %s; first new answer after %s ms, 10 in a row after %s ms)\n' \
		"$state" "${first:-never}" "$ms"

	t "a whole generation frozen (leader and workers) under load: a new one serves within $((budget / 1000)) s"
	old=$(leader_of)
	workers=$(bb_children "$old")
	lines=$(grep -c 'made no progress' "$log")
	load_start "$secs"
	t0=$(ops_ms)
	# shellcheck disable=SC2086 # the workers, one word each
	freeze 1 "$old" $workers
	ms=$(new_generation "$old" frozen)
	_bb_check $? "a new leader with 2 workers" "${ms:-none}; leaders: $(bb_leaders "$sup")"
	log_says 'perfil.log names the frozen leader and the action' \
		"generation leader $old made no progress for [0-9]+ ms \(stopped or stuck\)"
	curl_ms=$(curl -s -o /dev/null -m 30 -w '%{http_code} %{time_total}' "$BASE/api/v1/profile")
	_bb_check $([[ $curl_ms == '200 '* ]] && echo 0 || echo 1) 'a request after it: 200' "$curl_ms"
	# Thawed before wrk is drained: a request nginx sent on a kept
	# connection to a frozen worker waits until the worker, killed while
	# frozen, ends (fastcgi_read_timeout is 60 s). Under ASan every one
	# of wrk's 64 connections ended up there, and the drain waited its
	# whole 100 s bound.
	freeze 0
	load_end
	ops_wait_until 5 bash -c "! [[ -e /proc/$old ]]"
	_bb_check $? 'thawed, the old leader has ended and is collected within 5 s' "$(cat "/proc/$old/stat" 2>/dev/null)"
	printf '        (new generation after %s ms; %s answers, %s not 405, %s given up; the slowest %s ms)\n' \
		"${ms:-never}" "$(ops_wrk_total "$BB_TMP/wrk.out")" \
		$(($(ops_wrk_total "$BB_TMP/wrk.out") - $(ops_wrk_count "$BB_TMP/wrk.out" 405))) \
		"$(ops_wrk_count "$BB_TMP/wrk.out" timeout)" "$(ops_wrk_count "$BB_TMP/wrk.out" maxms)"
else
	printf '        (no writable cgroup freezer here: the frozen cases are not run)\n'
fi

t 'afterwards the supervisor stops cleanly on SIGTERM'
stack_stop
_bb_check $? 'stack_stop' "$(tail -n 3 "$STACK_LOG_DIR/perfil.log")"
STACK_RESPONDER_PID=

# A second private stack, its responder told --hang-timeout 2 (the
# micro-cache off: every answer after the kill comes from the new
# generation), its logs beside the first's.
t '--hang-timeout 2: a stopped leader is killed after 2 s (not the default 5), replaced, and requests are answered again'
PERFIL_ARGS='--workers 2 --hang-timeout 2'
STACK_CACHE=0
bb_private_stack 985 'with --hang-timeout 2'
STACK_LOG_DIR=$STACK_LOG_DIR/hang-timeout-2
sup=$STACK_RESPONDER_PID
log=$STACK_DIR/perfil.log
old=$(leader_of)
ops_wait_workers "$sup" 2 "$(bb_guard 5)" >/dev/null
t0=$(ops_ms)
kill -STOP "$old"
ops_wait_file "$log" "generation leader $old made no progress for" "$(bb_guard 5)"
_bb_check $? "perfil.log: generation leader $old made no progress; killed" "$(tail -n 3 "$log")"
quiet=$(sed -n "s/.*generation leader $old made no progress for \([0-9]*\) ms (stopped or stuck); loading the content again, then killing it and its workers.*/\1/p" "$log" | head -n 1)
_bb_check $((${quiet:-0} < 2000 || ${quiet:-0} >= 5000)) \
	'it had made no progress for 2000 to 5000 ms when killed' "${quiet:-no figure} ms"
ms=$(new_generation "$old" frozen)
_bb_check $? "a new leader with 2 workers" "${ms:-none}; leaders: $(bb_leaders "$sup")"
ok=0
for ((i = 0; i < 10; i++)); do
	[[ $(stack_http_status /api/v1/profile) == 200 ]] && ok=$((ok + 1))
done
expect_equal 'GET /api/v1/profile answers 200 of 10 after the replacement' 10 "$ok"
printf '        (killed after %s ms without progress; new generation %s ms after the stop)\n' \
	"${quiet:-?}" "${ms:-never}"
stack_stop
_bb_check $? 'the second supervisor stops cleanly on SIGTERM' "$(tail -n 3 "$STACK_LOG_DIR/perfil.log")"
STACK_RESPONDER_PID=
