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
# no_procs: whether no responder process serves this ./serve.
no_procs() {
	[[ -z $(procs) ]]
}
for sig in TERM INT; do
	t "PORT=$port ./serve answers, replaces a killed worker within a second, stops on SIG$sig"
	# A background job starts with SIGINT ignored; perl restores the default
	# a terminal's foreground job has, so that Ctrl-C can be tested.
	ops_start "$BB_TMP/serve.$sig.log" env PORT="$port" PERFIL_BIN="$PERFIL_BIN" \
		perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die' "$STACK_ROOT/serve"
	serve=$OPS_PID
	code=000
	wait_every 0.1 20 bb_health_ok
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
	# ./serve's stack_stop waits for the supervisor, then sends SIGKILL to
	# what is left of its process group without waiting for those deaths
	wait_until "$(bb_guard 1)" no_procs
	expect_equal 'responder processes left' '' "$(procs | tr '\n' ' ')"
	expect_equal 'status after ./serve stopped' 000 \
		"$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$BASE/api/v1/health")"
done

# --- the fonts ./serve installs ---------------------------------------------
# A fontconfig that knows DejaVu Sans alone, as a fresh machine has.
bb_dejavu_fonts "$BB_TMP/fonts.conf"
export FONTCONFIG_FILE=$BB_TMP/fonts.conf
t 'the demo needs no font package (perfil_font_deps; content/README.md is no content)'
run_cmd bash -c ". '$STACK_ROOT/tests/lib/install-deps.sh' && perfil_font_deps '$STACK_ROOT/content' '$PERFIL_BIN'"
expect_exit 0
expect_equal 'packages for the demo' '' "$(<"$BB_TMP/stdout")"
t 'the demo with kanji in its README.md still needs none (--font-packages)'
rm -rf "$BB_TMP/readme" && cp -R "$STACK_ROOT/content" "$BB_TMP/readme"
printf '# 京都大学\n\n日本語の説明。\n' >"$BB_TMP/readme/README.md"
run_cmd "$PERFIL_BIN" --font-packages --content "$BB_TMP/readme"
expect_exit 0
expect_equal 'packages for the demo with a Japanese README.md' '' "$(<"$BB_TMP/stdout")"

ja=$BB_TMP/ja
rm -rf "$ja"
"$PERFIL_BIN" --init "$ja" --from-resume "$STACK_ROOT/tests/fixtures/scripts/ja.resume.json" \
	>/dev/null 2>&1 || echo 'serve.test.sh: cannot import ja.resume.json' >&2
t 'a Japanese site needs fonts-noto-cjk alone (perfil_font_deps)'
run_cmd bash -c ". '$STACK_ROOT/tests/lib/install-deps.sh' && perfil_font_deps '$ja' '$PERFIL_BIN'"
expect_exit 0
expect_equal 'packages for the Japanese site' 'fonts-noto-cjk' "$(<"$BB_TMP/stdout")"
t '--check: one font warning per package, naming it, with the counts'
run_cmd "$PERFIL_BIN" --check --content "$ja"
expect_exit 0
expect_equal 'font warnings' 1 "$(grep -c 'warning: font:' "$BB_TMP/stderr")"
expect_stderr_match "warning: font: $ja/profile.json: [^:]*: U\\+[0-9A-F]{4} \"[^\"]+\" and [0-9]+ other characters \\(Han, [^)]*\\) in [0-9]+ fields: no installed font has them, the PDF shows boxes; Debian's fonts-noto-cjk has them \\(apt-get install fonts-noto-cjk\\)"

# serve_up LOG VAR=VALUE...: ./serve with those variables, up to its first
# 200 (or its exit); sets serve and code.
serve_up() {
	local log=$1
	shift
	ops_start "$log" env PORT="$port" PERFIL_BIN="$PERFIL_BIN" "$@" "$STACK_ROOT/serve"
	serve=$OPS_PID
	code=000
	wait_every 0.1 30 up_or_ended "$serve"
}
# up_or_ended PID: whether /api/v1/health answers 200 (its status in code),
# or PID has ended.
up_or_ended() {
	bb_health_ok || ops_ended "$1"
}
t 'PERFIL_CONTENT=(a Japanese site) ./serve names fonts-noto-cjk before it checks the content'
log=$BB_TMP/serve.ja.log
serve_up "$log" PERFIL_CONTENT="$ja"
expect_equal "$BASE/api/v1/health" 200 "$code"
names=$(grep -n "^install-deps: the PDF of $ja needs fonts-noto-cjk " "$log" | head -n 1 | cut -d: -f1)
warns=$(grep -n 'warning: font:' "$log" | head -n 1 | cut -d: -f1)
_bb_check "$([[ -n $names && -n $warns ]] && ((names < warns)); echo $?)" \
	"the package is named (line ${names:-none}) before the first font warning (line ${warns:-none})" \
	"$(grep -E 'install-deps|warning: font' "$log" | head -n 4)"
ops_stop "$serve" TERM
expect_equal './serve exit status on SIGTERM' 0 "$OPS_STATUS"

t './serve of the demo names no font package and warns of no font'
log=$BB_TMP/serve.demo.log
serve_up "$log"
expect_equal "$BASE/api/v1/health" 200 "$code"
expect_equal 'install-deps lines naming a font' '' "$(grep 'install-deps:.*fonts-' "$log")"
expect_equal 'font warnings' '' "$(grep 'warning: font:' "$log")"
ops_stop "$serve" TERM
expect_equal './serve exit status on SIGTERM' 0 "$OPS_STATUS"
