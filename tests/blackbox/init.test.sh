#!/usr/bin/env bash
# front: nginx-only --init and ./serve are the responder's and the script's; run once
# The owner's workflow: perfil-fcgi --init DIR writes a minimal skeleton that
# passes --check at once and holds nothing of the demo person;
# PERFIL_CONTENT=DIR ./serve serves DIR itself, so an edit and a SIGHUP show
# at once; a directory the responder's user cannot read stops ./serve with a
# message instead of a silent copy.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

procs() {
	pgrep -f -- "perfil-fcgi --socket .* --base-url $BASE( |\$)" | sort -n
}
cleanup() {
	local p
	ops_cleanup
	for p in $(procs); do
		kill -KILL "$p" 2>/dev/null
	done
}
trap 'cleanup; _bb_finish' EXIT
port=$(stack_free_port $((${BASE##*:} + 700))) || exit 1
BASE=http://127.0.0.1:$port

dir=$BB_TMP/mine
rm -rf "$dir" "$BB_TMP/notempty" "$BB_TMP/todo"

t '--init DIR writes a skeleton and says so; --check accepts it at once'
run_cmd "$PERFIL_BIN" --init "$dir"
expect_exit 0
expect_stdout_match "wrote a content skeleton in $dir"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_exit 0
for f in README.md site.json profile.json about.json projects.json experience.json skills.json; do
	expect_equal "$dir/$f exists" yes "$([[ -f $dir/$f ]] && echo yes || echo no)"
done

t '--init ends with what is still to do by hand, in order, each with its file'
run_cmd "$PERFIL_BIN" --init "$BB_TMP/todo"
expect_exit 0
expect_stdout_match 'Still to do by hand, in order:'
expect_equal 'numbered steps, each naming a file under DIR, the last serving it' \
	"1. $BB_TMP/todo/profile.json: replace|2. $BB_TMP/todo/about.json: replace|media/: add a portrait|site.json: check \"languages\"|serve it: PERFIL_CONTENT=$BB_TMP/todo ./serve" \
	"$(sed -n '/^Still to do/,$p' "$BB_TMP/stdout" | sed -n 's/^  \([0-9]*\. [^:]*: [a-z]*\).*/\1/p' | head -n 2 | paste -sd'|')|$(grep -oE 'media/: add a portrait|site\.json: check "languages"|serve it: PERFIL_CONTENT=[^ ]* \./serve' "$BB_TMP/stdout" | paste -sd'|')"
expect_equal 'steps numbered 1..N in order' yes \
	"$(sed -n 's/^  \([0-9]*\)\. .*/\1/p' "$BB_TMP/stdout" | awk 'BEGIN{ok="yes"} $1 != NR {ok="no"} END{print ok}')"
rm -rf "$BB_TMP/todo"

t 'the skeleton holds nothing of the demo person'
demo_name=$(jq -r .name "$CONTENT/profile.json")
demo_email=$(jq -r .email "$CONTENT/profile.json")
demo_company=$(jq -r '.co_founder_of.name // .employer.name // .email' "$CONTENT/profile.json")
expect_equal "files naming $demo_name, $demo_email or $demo_company" '' \
	"$(grep -rlF -e "$demo_name" -e "$demo_email" -e "$demo_company" "$dir")"

t '--init refuses a directory that is not empty'
mkdir -p "$BB_TMP/notempty" && : >"$BB_TMP/notempty/keep"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/notempty"
expect_exit 1
expect_stderr_match 'exists and is not an empty directory'

chmod -R a+rX "$dir"
chmod a+x "$BB_TMP" 2>/dev/null
t 'PERFIL_CONTENT=DIR ./serve serves DIR'
ops_start "$BB_TMP/serve.log" env PORT="$port" PERFIL_BIN="$PERFIL_BIN" \
	PERFIL_CONTENT="$dir" "$STACK_ROOT/serve"
serve=$OPS_PID
code=000
wait_every 0.1 20 bb_health_ok
expect_equal "$BASE/api/v1/health" 200 "$code"
req GET '/api/v1/profile?lang=en'
expect_status 200
expect_json '.data.name' "$(jq .name "$dir/profile.json")"
# ./serve prints its banner once the stack answers: wait for it
expect_equal './serve names the content it serves and the pid to signal' yes \
	"$(ops_wait_file "$BB_TMP/serve.log" 'kill -HUP [0-9]+' "$(bb_guard 5)" &&
		grep -qF "Content: $dir" "$BB_TMP/serve.log" && echo yes || echo no)"

t 'an edit of DIR and a SIGHUP: the new text is served (no stale copy)'
jq '.headline = "Edited in place"' "$dir/profile.json" >"$BB_TMP/p.json" &&
	cat "$BB_TMP/p.json" >"$dir/profile.json"
sup=$(grep -o 'kill -HUP [0-9]*' "$BB_TMP/serve.log" | grep -o '[0-9]*$')
kill -HUP "$sup"
# nginx's kept connections to the old workers serve the old content until
# their drain ends (8 s at most, docs/operations.md), and the micro-cache
# ./serve ships keeps an answer one second more; slower under the
# sanitizers and on a loaded machine: wait up to 30 s, as bb_steady does
# (reload.test.sh holds the 1 s bound).
got=
wait_every 0.1 30 bb_headline_is 'Edited in place'
expect_equal 'headline after the reload' 'Edited in place' "$got"
ops_stop "$serve" TERM
expect_equal './serve exit status' 0 "$OPS_STATUS"

if [[ $EUID == 0 ]]; then
	t 'as root, DIR under a directory the responder cannot pass (a clone in /root): served through a read-only bind mount, edits included'
	# ./serve's stack directory in a TMPDIR of this test's own, so that
	# the mounts counted are this ./serve's, not those of a black-box run
	# beside this one (run-tests runs the ASan and TSan runs at once)
	serve_tmp=$(mktemp -d /tmp/perfil-init.XXXXXX) && chmod 0755 "$serve_tmp"
	own_mounts() { findmnt -rn -o TARGET | grep -cF "$serve_tmp/perfil-stack."; }
	mkdir -p "$BB_TMP/private" && cp -R "$dir" "$BB_TMP/private/c" &&
		chmod -R a+rX "$BB_TMP/private/c" && chmod 0700 "$BB_TMP/private"
	ops_start "$BB_TMP/serve-root.log" env TMPDIR="$serve_tmp" PORT="$port" PERFIL_BIN="$PERFIL_BIN" \
		PERFIL_CONTENT="$BB_TMP/private/c" "$STACK_ROOT/serve"
	serve=$OPS_PID
	code=000
	wait_every 0.1 20 bb_health_ok
	expect_equal "$BASE/api/v1/health" 200 "$code"
	req GET '/api/v1/profile?lang=en'
	expect_json '.data.headline' '"Edited in place"'
	expect_equal './serve names the directory and the bind mount' yes \
		"$(ops_wait_file "$BB_TMP/serve-root.log" 'kill -HUP [0-9]+' "$(bb_guard 5)" &&
			grep -qF "Content: $BB_TMP/private/c" "$BB_TMP/serve-root.log" &&
			grep -q 'read-only bind mount' "$BB_TMP/serve-root.log" && echo yes || echo no)"
	jq '.headline = "Edited behind 0700"' "$BB_TMP/private/c/profile.json" >"$BB_TMP/p.json" &&
		cat "$BB_TMP/p.json" >"$BB_TMP/private/c/profile.json"
	kill -HUP "$(grep -o 'kill -HUP [0-9]*' "$BB_TMP/serve-root.log" | grep -o '[0-9]*$')"
	got=
	wait_every 0.1 30 bb_headline_is 'Edited behind 0700'
	expect_equal 'headline after the edit and reload' 'Edited behind 0700' "$got"
	ops_stop "$serve" TERM
	expect_equal './serve exit status' 0 "$OPS_STATUS"
	expect_equal "mounts left under ./serve's perfil-stack directory" 0 "$(own_mounts)"
	expect_equal "the directory's mode, untouched" 700 "$(stat -c %a "$BB_TMP/private")"

	t 'as root, a DIR whose files the responder cannot read: ./serve says so and stops'
	chmod 0600 "$BB_TMP/private/c/profile.json"
	run_cmd timeout 60 env TMPDIR="$serve_tmp" PORT="$port" PERFIL_BIN="$PERFIL_BIN" \
		PERFIL_CONTENT="$BB_TMP/private/c" "$STACK_ROOT/serve"
	expect_exit 1
	expect_stderr_match 'cannot read the files of .*private/c'
	expect_equal "mounts left under ./serve's perfil-stack directory" 0 "$(own_mounts)"
	rm -rf "$BB_TMP/private"
	rmdir "$serve_tmp"
fi
