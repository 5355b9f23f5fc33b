#!/usr/bin/env bash
# front: nginx-only the shipped nginx upstream's kept connections; run once
# An edit is served within the time README.md and docs/operations.md
# promise (10 s from the save) while clients keep nginx's FastCGI
# connections busy: the supervisor notices the save within a second and
# loads it (about 1 s for the demo on a loaded machine); new connections go
# to the new workers at once, while nginx's kept connections to the old
# ones serve the old content until nginx renews them (keepalive_time and
# keepalive_timeout 1s in conf/nginx/perfil.conf; it was 5s) or the old
# workers' drain ends (8 s at most), and the micro-cache keeps an answer to
# the end of its second. Measured here under a load average of 25: the first
# new answer 1.5 to 3.1 s after the save, only new answers from 3.9 to 6.0 s
# (with 5s: 5.2 to 10 s; README.md promised a second).
#
# Runs a private stack (the shipped site, micro-cache on, --reload-check on)
# on its own copy of the content, which this file edits.
#
# The promise is the shipped build's. Under a checked build (bb_checked:
# ASan+UBSan, TSan, valgrind) the load itself is slower, up to 12 s for the
# demo under valgrind on a busy machine (a CI run failed every round at 11.6
# to 12.1 s): there the budget is 30 s plus twice a whole --check of this
# content under the same wrapper (bb_check_ms), and what is checked is that
# the edit is served and stays, in one round (the others run the same code
# again).
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

PERFIL_ARGS='--workers 2'
rm -rf "$BB_TMP/content"
cp -R "$CONTENT" "$BB_TMP/content" && chmod -R a+rX "$BB_TMP/content"
PERFIL_CONTENT=$BB_TMP/content
STACK_CACHE=1
load_pids=()
stop_load() {
	local p
	for p in "${load_pids[@]}"; do
		kill "$p" 2>/dev/null
	done
	wait "${load_pids[@]}" 2>/dev/null
}
trap 'stop_load; stack_stop; _bb_finish' EXIT
budget=$(bb_reload_ms) rounds=3
bb_checked && rounds=1
bb_private_stack 450 'for edits under keep-alive load'

# Four clients, each on one kept connection to nginx, asking without pause
# (a page, the profile, the API in both languages): every kept FastCGI
# connection of nginx stays busy. After a round in which a request got no
# answer (curl fails), a client waits until nginx accepts connections again
# (ops_wait_tcp: 5 s at most) rather than asking at once.
urls=()
for i in $(seq 1 50); do
	urls+=("$BASE/api/v1/profile" "$BASE/en/" "$BASE/api/v1/projects?lang=en" "$BASE/")
done
rm -f "$BB_TMP"/warm.*
for c in 1 2 3 4; do
	(while :; do
		curl -s "${urls[@]}" >/dev/null || ops_wait_tcp "${BASE##*:}"
		: >"$BB_TMP/warm.$c" # a round of 200 requests done
	done) &
	load_pids+=($!)
done
bb_await_files 60 "$BB_TMP"/warm.{1,2,3,4}

for ((round = 1; round <= rounds; round++)); do
	t "edit $round under keep-alive load: served within $((budget / 1000)) s of the save, and stays"
	bb_edit_headline "Edited under keep-alive load, round $round" "$budget"
	ok=$EDIT_OK first=$EDIT_FIRST ms=$EDIT_MS
	_bb_check $((ok >= 10 && ms <= EDIT_BOUND ? 0 : 1)) \
		"the new headline, 10 answers in a row, within $budget ms of the save (the bound used for the CPU contention: $EDIT_BOUND ms)" \
		"$ms ms (first new answer after ${first:-never} ms; 10 in a row: $([[ $ok -ge 10 ]] && echo yes || echo no))"
	_bb_close_case # its ok/FAIL line first, then the figures
	printf '        (round %s: first new answer after %s ms, 10 in a row after %s ms)\n' \
		"$round" "${first:-never}" "$ms"
	# the next edit once the old generation has drained
	bb_await_one_generation "$STACK_RESPONDER_PID" 30
done
