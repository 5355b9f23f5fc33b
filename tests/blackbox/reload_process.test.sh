#!/usr/bin/env bash
# front: nginx-only process supervision does not depend on the front; run once
# A reload's load runs in a process of its own (perfil-load, src/server/leader.h),
# not in the supervisor: while it runs, the supervisor and the serving
# generation go on (a killed worker is replaced, SIGTERM stops everything);
# a load that overruns --reload-timeout is killed and refused, the old
# content still served; and a file completed while a load that then fails
# ran is loaded without another edit (the fingerprint refused is the one
# taken before the load); a leader that dies is replaced by a new load.
#
# Each load is caught at its start: catch_load stops (SIGSTOP) the first new
# child of the supervisor, with shell builtins only, before it has read the
# content. Runs a private stack (--reload-check 1) on its own copy of the
# content, which this file edits.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

rm -rf "$BB_TMP/content"
cp -R "$CONTENT" "$BB_TMP/content" && chmod -R a+rX "$BB_TMP/content"
PERFIL_CONTENT=$BB_TMP/content

# The budget: four times a whole --check of this content (a checked build or
# valgrind loads slower), 3 s at least, so that a valid reload fits in it.
budget=$((($(bb_check_ms) * 4 + 999) / 1000))
((budget < 3)) && budget=3
PERFIL_ARGS="--reload-check 1 --reload-timeout $budget --workers 2"
# The plain run tests the shipped timers; under a checked build they run
# at 40 % (bb_test_timers: STOP_MAX_MS 4.8 s for the SIGTERM case), with
# 5 s more for the checked build's slower exit (ASan's leak check of the
# supervisor's heap: 8.0 s in all under a load average of 20 here), still
# under the shipped 12 s.
bb_test_timers
stop_ms=$(bb_timer_ms 12000)
drain_ms=$(bb_timer_ms 8000)
bb_checked && stop_ms=$((stop_ms + 5000))
caught=
trap '[[ -z $caught ]] || kill -KILL "$caught" 2>/dev/null; ops_cleanup; stack_stop; _bb_finish' EXIT
bb_private_stack 1150 'with a reload budget'
sup=$STACK_RESPONDER_PID
log=$STACK_DIR/perfil.log
old_headline=$(content profile.json .headline.en)

# children: print the supervisor's children on one line.
children() {
	local kids
	# The file ends without a newline: read's status is 1, its variable set.
	read -r kids <"/proc/$sup/task/$sup/children"
	echo "$kids"
}

# catch_load KNOWN SECONDS: stop (SIGSTOP) the first child of the supervisor
# not in KNOWN (its children before the reload, read before this runs in the
# background), within SECONDS: a reload's load, at its start. Writes its pid
# to $BB_TMP/caught; touches $BB_TMP/ready once it looks.
catch_load() {
	local known=$1 kids c end=$((SECONDS + $2))
	: >"$BB_TMP/ready"
	while ((SECONDS < end)); do
		kids=
		read -r kids <"/proc/$sup/task/$sup/children"
		for c in $kids; do
			[[ " $known " == *" $c "* ]] && continue
			kill -STOP "$c" 2>/dev/null || continue
			echo "$c" >"$BB_TMP/caught"
			return 0
		done
	done
	return 1
}

# start_catch SECONDS: start catch_load in the background (its pid in
# catcher) and wait until it looks.
start_catch() {
	local known
	rm -f "$BB_TMP/caught" "$BB_TMP/ready"
	known=$(children)
	catch_load "$known" "$1" &
	catcher=$!
	wait_until 2 test -e "$BB_TMP/ready"
}

# caught_load WHAT: wait for catch_load; sets caught to the stopped load's pid
# and checks it is a perfil-load process, stopped.
caught_load() {
	wait "$1"
	caught=$(cat "$BB_TMP/caught" 2>/dev/null)
	local state=
	# A stop takes effect when the process next runs (later under valgrind).
	[[ -z $caught ]] || wait_every 0.1 5 caught_stopped
	[[ -n $state ]]
	_bb_check $? "a load stopped at its start ($2)" "pid ${caught:-none}, state ${state:-gone}"
	[[ $state == T ]]
	_bb_check $? "the load is stopped" "state ${state:-gone}"
}

# caught_stopped: whether the caught load is stopped or gone; its state (T,
# or empty: gone) in state.
caught_stopped() {
	state=$(awk '{ print $3 }' "/proc/$caught/stat" 2>/dev/null)
	[[ $state == T || -z $state ]]
}

# edit_headline TEXT: the English headline of the served copy becomes TEXT.
edit_headline() {
	jq --arg h "$1" '.headline.en = $h' "$STACK_CONTENT/profile.json" >"$BB_TMP/edit.json" &&
		cat "$BB_TMP/edit.json" >"$STACK_CONTENT/profile.json"
}

# headline_becomes TEXT SECONDS: whether the English headline served becomes
# TEXT within SECONDS.
headline_becomes() {
	wait_every 0.1 "$2" bb_headline_is "$1"
}
t 'an edit is caught loading: a worker killed meanwhile is replaced, requests answer 200'
start_catch 20
edit_headline 'Edited while the load is stopped'
caught_load "$catcher" 'an edit, seen by the watch'
victim=$(ops_workers "$sup" | head -n 1)
kill -KILL "$victim"
ops_wait_workers "$sup" 2 "$(bb_guard 5)" "$victim" >/dev/null
_bb_check $? 'two workers again, the killed one replaced' "$(ops_workers "$sup" | tr '\n' ' ')"
bad=0
for _ in $(seq 1 20); do
	[[ $(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$BASE/api/v1/profile?lang=en") == 200 ]] ||
		bad=$((bad + 1))
done
expect_equal 'requests not answered 200 during the load' 0 "$bad"
req GET '/api/v1/profile?lang=en'
expect_status 200
expect_json '.data.headline' "$old_headline"

t "the stopped load overruns --reload-timeout ($budget s): killed and refused, logged and in health; the old content still served"
ops_wait_file "$log" 'reload refused \(content changed\).*did not finish within' $((budget + 5))
_bb_check $? 'perfil.log: the refusal names the reason' "$(tail -n 3 "$log")"
wait_every 0.1 5 test ! -e "/proc/$caught"
_bb_check $([[ -e /proc/$caught ]] && echo 1 || echo 0) 'the load process is gone' "pid $caught"
caught=
req GET /api/v1/health
expect_status 200
expect_header_match perfil-reload-refused 'reason="the load did not finish within [0-9]+ s \(--reload-timeout\)'
req GET '/api/v1/profile?lang=en'
expect_status 200
expect_json '.data.headline' "$old_headline"

t 'the next valid edit is loaded'
edit_headline 'The next edit after a refused load'
headline_becomes 'The next edit after a refused load' $((budget + 10))
_bb_check $? 'the edit is served' "$(tail -n 3 "$log")"
req GET /api/v1/health
expect_header_absent perfil-reload-refused

# A reload is reported (perfil.log's "content reloaded", health) only once
# its generation serves: the caught load's first fork, its first worker, is
# held back 3 s (strace's delay on clone; threads use clone3); the line
# comes after it, never while the new leader has no worker. Before, the
# line came as the load was accepted, whatever followed.
t 'a reload is reported only once its generation serves: with its first worker held back 3 s, the log waits for it'
bb_require strace
# traced PID: whether a tracer (strace) is attached to PID.
traced() {
	grep -q '^TracerPid:[[:space:]]*[1-9]' "/proc/$1/status" 2>/dev/null
}
# reloaded_since N: whether perfil.log holds more than N "content reloaded".
reloaded_since() {
	(($(grep -c 'content reloaded' "$log") > $1))
}
start_catch 20
edit_headline 'Reported once served'
caught_load "$catcher" 'an edit, seen by the watch'
lines=$(grep -c 'content reloaded' "$log")
strace -qq -o /dev/null -e trace=clone -e inject=clone:delay_enter=3000000 -p "$caught" &
tracer=$!
wait_every 0.05 5 traced "$caught"
t0=$(ops_ms)
kill -CONT "$caught"
said=
wait_every 0.01 $((budget + 10)) reloaded_since "$lines" && said=$(($(ops_ms) - t0))
workers=$(bb_children_named "$caught" perfil-worker | wc -l)
_bb_check $((workers == 0)) 'when "content reloaded" is logged, the new leader has a worker' 	"${said:-never} ms after the load went on; its workers then: $workers"
_bb_check $((${said:-0} < 3000)) 'the line waited for the held-back worker (3 s)' "${said:-never} ms"
printf '        (logged %s ms after the load went on)\n' "${said:-never}"
kill "$tracer" 2>/dev/null
wait "$tracer" 2>/dev/null
caught=
headline_becomes 'Reported once served' 10
_bb_check $? 'the edit is served' "$(tail -n 3 "$log")"

t 'a file completed while a load of its broken state is stopped, and then refused, is loaded without another edit'
# The broken state is what the supervisor fingerprints before the load; the
# completion is written while the load is stopped; the load is then refused
# (out of time). Were the fingerprint refused the one after the load (the
# completed file's), the watch would never try the completed file.
cp "$STACK_CONTENT/profile.json" "$BB_TMP/profile.json.good"
jq --arg h 'Completed during a failed load' '.headline.en = $h' \
	"$BB_TMP/profile.json.good" >"$BB_TMP/profile.json.done"
# The load of a broken file fails in milliseconds: when it ends or answers
# before it is caught (a loaded machine; under ASan its exit's leak check
# keeps it alive for a while after its answer), the good file goes back,
# and a new try.
bb_require ss
# answered PID: whether the load PID has sent its answer: its end of the
# socket to the supervisor shows a shutdown (ss's arrow), or the
# supervisor's end holds bytes not yet read.
answered() {
	ss -xp 2>/dev/null | awk -v me="pid=$1," -v sup="pid=$sup," '
		index($0, me) && $NF ~ /^(<--|-->|<->)$/ { hit = 1 }
		index($0, me) { peer[$8] = 1 }
		index($0, sup) { q[$6] = $3 }
		END { for (p in peer) if (q[p] > 0) hit = 1; exit !hit }'
}
for try in 1 2 3 4 5; do
	refusals=$(grep -c 'reload refused' "$log")
	start_catch 5
	head -c 200 "$BB_TMP/profile.json.done" >"$STACK_CONTENT/profile.json"
	wait "$catcher"
	state=
	[[ -s $BB_TMP/caught ]] && state=$(awk '{ print $3 }' "/proc/$(cat "$BB_TMP/caught")/stat" 2>/dev/null)
	[[ $state == T ]] && ! answered "$(cat "$BB_TMP/caught")" &&
		[[ $(grep -c 'reload refused' "$log") == "$refusals" ]] && break
	[[ -s $BB_TMP/caught ]] && kill -CONT "$(cat "$BB_TMP/caught")" 2>/dev/null
	printf '        (try %d: the load of the broken file answered before it was caught)\n' "$try"
	reloads=$(grep -c 'content reloaded' "$log")
	cat "$BB_TMP/profile.json.good" >"$STACK_CONTENT/profile.json"
	bb_await_lines "$log" 'content reloaded' $((reloads + 1)) $(((budget + 5) * 1000))
done
caught_load "$catcher" 'the broken file, seen by the watch'
cat "$BB_TMP/profile.json.done" >"$STACK_CONTENT/profile.json"
bb_await_lines "$log" 'reload refused \(content changed\).*did not finish within' 2 $(((budget + 5) * 1000))
expect_equal 'refusals, the stopped load'"'"'s the second out of time' "$((refusals + 1)) 2" \
	"$(grep -c 'reload refused' "$log") $(grep -c 'reload refused (content changed).*did not finish within' "$log")"
caught=
headline_becomes 'Completed during a failed load' $((budget + 10))
_bb_check $? 'the completed file is served' "$(tail -n 3 "$log")"
expect_equal 'refusals (none more)' $((refusals + 1)) "$(grep -c 'reload refused' "$log")"

t 'SIGKILL to the generation leader: its workers stop, the supervisor loads the content again and serves it'
# The generation before the last reload drains first (seconds under valgrind).
bb_await_one_generation "$sup" 15
leader=$(bb_leaders "$sup")
workers=$(ops_workers "$sup")
kill -KILL "$leader"
ops_wait_file "$log" "generation leader $leader killed by signal 9; loading the content again" "$(bb_guard 5)"
_bb_check $? 'perfil.log: the leader'"'"'s death' "$(tail -n 2 "$log")"
ops_wait_file "$log" 'content reloaded \(the serving generation ended, content' $((budget + 5))
_bb_check $? 'perfil.log: the content loaded again, a second after' "$(tail -n 2 "$log")"
ops_wait_workers "$sup" 2 10 $workers >/dev/null
_bb_check $? 'a new leader with two new workers' "leaders $(bb_leaders "$sup" | tr '\n' ' '), workers $(ops_workers "$sup" | tr '\n' ' ')"
# They drain (8 s at most, src/server/worker.h) and exit; whoever adopted them
# reaps them (a zombie has exited).
# none_left PID...: whether none of them runs (a zombie has exited); those
# that do in left.
none_left() {
	local p st
	left=
	for p; do
		st=$(awk '{ print $3 }' "/proc/$p/stat" 2>/dev/null)
		[[ -n $st && $st != Z ]] && left+="$p "
	done
	[[ -z $left ]]
}
# shellcheck disable=SC2086 # the workers, one word each
wait_every 0.1 15 none_left $workers
expect_equal 'the dead leader'"'"'s workers left after 15 s' '' "$left"
req GET '/api/v1/profile?lang=en'
expect_status 200
expect_json '.data.headline' '"Completed during a failed load"'

t "SIGTERM to the supervisor while a load is stopped: it stops within $((stop_ms / 1000)) s, nothing left running"
start_catch 20
kill -HUP "$sup"
caught_load "$catcher" 'SIGHUP'
procs="$caught $(bb_leaders "$sup") $(ops_workers "$sup")"
stack_stop_nginx
stall=$(bb_stall_ms)
start=$(ops_ms)
kill -TERM "$sup"
wait_until 15 ops_ended "$sup"
ms=$(($(ops_ms) - start))
_bb_check $(_stack_alive "$sup" && echo 1 || echo 0) 'the supervisor stopped within 15 s' "$ms ms"
expect_within "within $stop_ms ms ($drain_ms ms of drain at most, the leaders' and the supervisor's bounds)" \
	"$stop_ms" "$ms" "$stall"
wait "$sup" 2>/dev/null
expect_equal 'exit status' 0 "$?"
STACK_RESPONDER_PID=
# shellcheck disable=SC2086 # the pids, one word each
expect_equal 'processes left (the load, the leader, the workers)' '' "$(ops_left $procs)"
caught=
