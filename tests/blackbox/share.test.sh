#!/usr/bin/env bash
# front: nginx-only it starts its own relays on file descriptor 0; run once
# --share: the processes a process manager starts on file descriptor 0 (as
# mod_fcgid does, each with a listening socket of its own; here spawn-fcgi)
# are relays to one server that loads the content once, on a private socket
# in $TMPDIR/perfil-UID. Three relays answer through one server; the relay
# that started it ends and the others keep answering through the same
# server; after the last relay the server ends; a relay whose server cannot
# load the content exits 1; a private directory that is not private makes a
# relay serve alone; --share with --socket is refused. The server keeps
# its load's compressed variants and snapshot in the same directory, and
# the next server starts from the snapshot.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

bb_require spawn-fcgi
bb_require cgi-fcgi
trap 'ops_cleanup; _bb_finish' EXIT
dir=$BB_TMP
rm -rf "$dir/tmp" "$dir/content" "$dir"/relay*.log "$dir"/*.sock
mkdir -p "$dir/tmp"
chmod 755 "$dir"
chmod 1777 "$dir/tmp" # as /tmp: the relays' user makes its directory there
cp -R "$CONTENT" "$dir/content" && chmod -R a+rX "$dir/content"
base=http://127.0.0.1:9
spawn=(spawn-fcgi -n -M 0660)
if [[ $EUID == 0 ]]; then
	spawn+=(-u www-data -g www-data -U www-data -G www-data)
fi
uid=$EUID
[[ $uid == 0 ]] && uid=$(id -u www-data)

# relay N [ARGS...]: start relay N under spawn-fcgi on $dir/N.sock with
# TMPDIR=$dir/tmp and wait for its socket; sets relay_pid[N]. With
# light=1, perfil-relay (beside $PERFIL_BIN) instead of --share (a shell
# variable: one in the environment would name another share).
light=0
declare -A relay_pid
relay() {
	local n=$1 cmd=("$PERFIL_BIN" --content "$dir/content" --base-url "$base")
	shift
	if ((light)); then
		cmd=("${PERFIL_BIN%/*}/perfil-relay" "${cmd[@]}" "$@")
	else
		cmd+=(--share "$@")
	fi
	rm -f "$dir/$n.sock"
	TMPDIR=$dir/tmp ops_start "$dir/relay$n.log" "${spawn[@]}" -s "$dir/$n.sock" -- \
		"${cmd[@]}"
	relay_pid[$n]=$OPS_PID
	wait_until 10 test -S "$dir/$n.sock"
}

# health N: the status line relay N's socket answers GET /api/v1/health with.
health() {
	env REQUEST_METHOD=GET DOCUMENT_URI=/api/v1/health REQUEST_URI=/api/v1/health \
		QUERY_STRING= timeout "$(bb_guard 10)" cgi-fcgi -bind -connect "$dir/$1.sock" \
		2>/dev/null | head -n 1 | tr -d '\r'
}

# servers: the "serving" lines of servers in the relays' logs (a server
# writes to the log of the relay that started it).
servers() {
	cat "$dir"/relay*.log 2>/dev/null | grep -c 'serving .*/perfil-[0-9]*/[0-9a-f]*\.sock with [0-9]* workers'
}

# no_server: whether no process of the command runs.
no_server() {
	[[ -z $(pgrep -f -- "--base-url $base --share") ]]
}

# server_pid: the supervisor listening on the shared socket (the child of
# a relay, or adopted), found by its log line's socket and its workers.
server_pid() {
	local p
	for p in $(pgrep -f -- "--base-url $base --share"); do
		[[ -n $(bb_leaders "$p") ]] && echo "$p"
	done
}

t '--share with --socket is refused'
run_cmd "$PERFIL_BIN" --share --socket "$dir/x.sock" --content "$dir/content"
expect_exit 2
expect_stderr_match '--share serves file descriptor 0 as its own user: not with --socket'

t 'three relays answer through one server, which loaded the content once'
for n in 1 2 3; do
	relay "$n"
done
for n in 1 2 3; do
	expect_equal "relay $n: GET /api/v1/health" 'Status: 200 OK' "$(health "$n")"
done
expect_equal 'servers started' 1 "$(servers)"
first=$(grep -l 'serving ' "$dir"/relay*.log | head -n 1)
first=${first##*/relay}
first=${first%.log}
server=$(server_pid)
expect_equal 'one server process with a generation leader' 1 "$(wc -w <<<"$server")"
expect_equal 'the private directory: the user'"'"'s own, mode 0700' "$uid 700" \
	"$(stat -c '%u %a' "$dir/tmp/perfil-$uid")"
expect_equal 'the server socket in it' 1 "$(find "$dir/tmp/perfil-$uid" -name '*.sock' | wc -l)"
expect_equal "the load's compressed variants in it too (--cache-dir's default with --share), mode 0600" \
	'600' "$(find "$dir/tmp/perfil-$uid" -name 'perfil-*.zcache' -printf '%m\n')"

t 'the relay that started the server ends; the others answer through the same server'
ops_stop "${relay_pid[$first]}"
expect_equal 'its exit status on SIGTERM' 0 "$OPS_STATUS"
for n in 1 2 3; do
	[[ $n == "$first" ]] && continue
	expect_equal "relay $n: GET /api/v1/health" 'Status: 200 OK' "$(health "$n")"
done
expect_equal 'servers started' 1 "$(servers)"
expect_equal 'the server' "$server" "$(server_pid)"

t 'after the last relay the server ends'
for n in 1 2 3; do
	[[ $n == "$first" ]] && continue
	ops_stop "${relay_pid[$n]}"
done
gone=no
wait_every 0.05 "$(bb_guard 5)" no_server && gone=yes
expect_equal 'every process of the command has ended' yes "$gone"

t "a new relay starts a new server, which starts from the last one's snapshot: nothing rendered again"
relay 4
expect_equal 'relay 4: GET /api/v1/health' 'Status: 200 OK' "$(health 4)"
expect_equal 'servers started' 2 "$(servers)"
grep -E 'snapshot: .*/perfil-[0-9a-f]+\.snapshot: [0-9.]+ MB of renders read back' "$dir"/relay4.log >/dev/null
_bb_check $? 'relay 4: "FILE: N MB of renders read back"' "$(grep -E 'cache:|snapshot:' "$dir"/relay*.log)"
grep -q 'cache: ' "$dir"/relay4.log
_bb_check $((! $?)) 'relay 4: no compressed variant made or read' "$(grep 'cache:' "$dir"/relay4.log)"
ops_stop "${relay_pid[4]}"

t 'content that does not load: the relay gets no answer for the request and exits 1'
printf '{' >"$dir/content/profile.json"
relay 5
expect_equal 'relay 5: GET /api/v1/health' '' "$(health 5)"
wait_until "$(bb_guard 5)" ops_ended "${relay_pid[5]}"
ops_stop "${relay_pid[5]}"
# spawn-fcgi -n execs the relay: its status is the relay's.
expect_equal 'exit status of the relay' 1 "$OPS_STATUS"
grep -q 'profile.json' "$dir/relay5.log"
_bb_check $? 'its log names profile.json' "$(tail -n 3 "$dir/relay5.log")"
cp "$CONTENT/profile.json" "$dir/content/profile.json"

t 'a private directory open to others: the relay warns and serves alone'
chmod 755 "$dir/tmp/perfil-$uid"
relay 6
expect_equal 'relay 6: GET /api/v1/health' 'Status: 200 OK' "$(health 6)"
grep -q "perfil-$uid is not a directory of this user's with mode 0700; serving alone" "$dir/relay6.log"
_bb_check $? 'its log says why' "$(tail -n 3 "$dir/relay6.log")"
expect_equal 'servers started' 2 "$(servers)"
ops_stop "${relay_pid[6]}"

# relay_comm N: the name of relay N's program now (spawn-fcgi -n execs it).
relay_comm() {
	cat "/proc/${relay_pid[$1]}/comm" 2>/dev/null
}

t 'perfil-relay: the first becomes perfil-fcgi --share and starts the server; the next stay light and share it with a --share relay'
chmod 700 "$dir/tmp/perfil-$uid"
light=1
relay 7
expect_equal 'relay 7 (light): GET /api/v1/health' 'Status: 200 OK' "$(health 7)"
expect_equal 'servers started' 3 "$(servers)"
expect_equal 'relay 7 is now' perfil-fcgi "$(relay_comm 7)"
relay 8
expect_equal 'relay 8 (light): GET /api/v1/health' 'Status: 200 OK' "$(health 8)"
expect_equal 'relay 8 is still' perfil-relay "$(relay_comm 8)"
light=0
relay 9
expect_equal 'relay 9 (--share): GET /api/v1/health' 'Status: 200 OK' "$(health 9)"
expect_equal 'servers started' 3 "$(servers)"
# Sizes of the program's own, not of a checker's runtime.
if ! bb_checked; then
	light_rss=$(awk '/^VmRSS/ { print $2 }' "/proc/${relay_pid[8]}/status")
	full_rss=$(awk '/^VmRSS/ { print $2 }' "/proc/${relay_pid[9]}/status")
	_bb_check $((light_rss * 4 > full_rss)) 'a light relay holds under a quarter of the memory of a --share relay' \
		"$light_rss KiB against $full_rss KiB"
fi

t 'perfil-relay: the server stopped, the next request through a light relay starts a new one and is answered'
server=$(server_pid)
expect_equal 'one server' 1 "$(wc -w <<<"$server")"
ops_stop "$server"
expect_equal 'relay 8 (light): GET /api/v1/health' 'Status: 200 OK' "$(health 8)"
expect_equal 'servers started' 4 "$(servers)"
expect_equal 'relay 8 is now' perfil-fcgi "$(relay_comm 8)"
expect_equal 'relay 9 (--share): GET /api/v1/health' 'Status: 200 OK' "$(health 9)"
expect_equal 'servers started' 4 "$(servers)"
for n in 7 8 9; do
	ops_stop "${relay_pid[$n]}"
	expect_equal "relay $n's exit status on SIGTERM" 0 "$OPS_STATUS"
done

t 'perfil-relay without the program'"'"'s path: usage, exit 2'
run_cmd "${PERFIL_BIN%/*}/perfil-relay" perfil-fcgi --content "$dir/content"
expect_exit 2
expect_stderr_match 'usage: perfil-relay /PATH/TO/perfil-fcgi'
