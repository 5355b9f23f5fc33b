#!/usr/bin/env bash
# front: nginx-only process supervision does not depend on the front; run once
# The stop's deadline: a generation leader that cannot drain (stopped here
# with SIGSTOP, and its workers with it; a frozen cgroup, a debugger or a
# process stuck in disk wait look the same) is killed STOP_MAX_MS after
# SIGTERM (src/server/worker.h), and so are the workers that outlive it:
# the supervisor is their subreaper (PR_SET_CHILD_SUBREAPER), so they are
# its children once their leader is gone, and it kills and reaps those
# still there (src/server/supervisor.c, stop_all). Nothing of the server
# runs, or is left a zombie, once the supervisor has exited. Before, the
# workers of a leader killed at the deadline went to init and drained on
# their own after the supervisor's exit (a full run saw two of them alive
# in reload_process's last case).
#
# A private stack with the stop's timers at a quarter
# (PERFIL_TEST_TIMER_PERCENT=25: STOP_MAX_MS 3 s, the man page's
# ENVIRONMENT), so that the file waits 3 s, not 12.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

export PERFIL_TEST_TIMER_PERCENT=25
PERFIL_ARGS='--workers 2'
stopped=
# shellcheck disable=SC2086 # the pids, one word each
trap '[[ -z $stopped ]] || kill -KILL $stopped 2>/dev/null; ops_cleanup; stack_stop; _bb_finish' EXIT
bb_private_stack 1190 'with the timers at a quarter'
sup=$STACK_RESPONDER_PID
log=$STACK_DIR/perfil.log
stop_ms=$(bb_timer_ms 12000)

# The stop waits for the deadline, by design: then the kills, the reaping
# and the waits' 20 ms steps (the supervisor's and this file's); under a
# checked build 5 s more for its slower exit (ASan's leak check of the
# supervisor's heap), as in reload_process.
bound=$((stop_ms + 1000))
bb_checked && bound=$((bound + 5000))

t "SIGTERM with the leader and its workers stopped: all killed at the $stop_ms ms deadline, reaped, none left running"
bb_await_one_generation "$sup" "$(bb_guard 5)"
# Both workers forked: the leader forks them after its load, and a checked
# build's leader took long enough that one was still to come (a full run's
# TSan lane, 2026-12-07).
ops_wait_workers "$sup" 2 "$(bb_guard 5)" >/dev/null
leader=$(bb_leaders "$sup")
workers=$(ops_workers "$sup")
expect_equal 'one leader and two workers before the stop' '1 2' \
	"$(wc -w <<<"$leader") $(wc -w <<<"$workers")"
stopped="$leader $workers"
# shellcheck disable=SC2086 # the pids, one word each
kill -STOP $stopped
stack_stop_nginx
stall=$(bb_stall_ms)
start=$(ops_ms)
kill -TERM "$sup"
wait_until "$(bb_guard 10)" ops_ended "$sup"
ms=$(($(ops_ms) - start))
_bb_check "$(_stack_alive "$sup" && echo 1 || echo 0)" 'the supervisor exited' "$ms ms"
expect_equal 'not before the deadline' yes "$( ((ms >= stop_ms)) && echo yes || echo no)"
expect_within "within $bound ms (the deadline, then the kills)" \
	"$bound" "$ms" "$stall"
wait "$sup" 2>/dev/null
expect_equal 'exit status' 0 "$?"
STACK_RESPONDER_PID=
# Right after the supervisor's exit: not running, and not a zombie either
# (the supervisor reaped them; init would have, some time later).
# shellcheck disable=SC2086 # the pids, one word each
left=$(ops_left $stopped)
expect_equal 'the leader and its workers left' '' "$left"
# The trap kills those left (a failure), not pids another process may have
# by the time this file ends.
[[ -n $left ]] || stopped=
# in_log LINE: a check that perfil.log has LINE (a fixed string).
in_log() {
	grep -qF "$1" "$log"
	_bb_check $? "perfil.log: $1" "$(tail -n 4 "$log")"
}
in_log "generation leader $leader still running after the drain; killing it"
for w in $workers; do
	in_log "worker $w still running after the drain; killing it"
done
