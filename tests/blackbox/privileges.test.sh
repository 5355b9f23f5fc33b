#!/usr/bin/env bash
# front: nginx-only process supervision and signals do not depend on the front; run once
# Privileges: perfil-fcgi refuses to run as root unless --user names an
# unprivileged user to switch to; its unix socket is mode 0660 by default and
# belongs to that user and to --socket-group (the web server's group), so the
# web server's user can connect and no other user can, from the moment its
# path appears; after start-up a worker holds no file open (only its
# sockets, epoll and eventfd descriptors and standard streams).
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

trap 'ops_cleanup; _bb_finish' EXIT
dir=$(mktemp -d "${TMPDIR:-/tmp}/perfil-priv.XXXXXX") || exit 1
chmod 755 "$dir"
trap 'ops_cleanup; rm -rf "$dir"; _bb_finish' EXIT
sock=$dir/perfil.sock
content=$CONTENT

# wait_sock LOG: wait up to 5 s until the responder logging to LOG serves.
wait_sock() {
	ops_wait_file "$1" 'serving .* with [0-9]+ workers' "$(bb_guard 5)"
}

if [[ $EUID != 0 ]]; then
	echo "  skip  $BB_FILE: the root cases need root (running as $(id -un))"
	t 'not root: --user for another user is refused with status 2'
	run_cmd "$PERFIL_BIN" --socket "$sock" --content "$content" --user root
	expect_exit 2
	exit 0
fi

t 'as root without --user: refuses with status 2 and a message, binds nothing'
run_cmd "$PERFIL_BIN" --socket "$sock" --content "$content"
expect_exit 2
expect_stderr_match 'refusing to run as root; use --user NAME'
[[ ! -e $sock ]]
_bb_check $? "no $sock" 'the socket was created'

t 'as root on fd 0 without --user: refused too'
run_cmd "$PERFIL_BIN" --content "$content"
expect_exit 2
expect_stderr_match 'refusing to run as root'

t '--user root and an unknown user are refused'
run_cmd "$PERFIL_BIN" --socket "$sock" --content "$content" --user root
expect_exit 1
expect_stderr_match '--user must not be root'
run_cmd "$PERFIL_BIN" --socket "$sock" --content "$content" --user no-such-user-perfil
expect_exit 1
expect_stderr_match 'no such user: no-such-user-perfil'
[[ ! -e $sock && ! -e $sock~ ]]
_bb_check $? "no $sock (the user is looked up before the socket is bound)" \
	"$(ls -l "$sock"* 2>&1)"

# The user model (docs/deployment.md): the responder has its own system user,
# never the web server's; the socket belongs to it and to the web server's
# group, mode 0660, so that only the web server may connect.
user=$(stack_user)
t "the responder's user ($user) is a system user, not the web server's"
expect_differ 'uid of the responder user and of www-data' "$(id -u www-data)" "$(id -u "$user")"
_bb_check $(($(id -u "$user") >= 1000)) "$user is a system user (uid under 1000)" "uid $(id -u "$user")"
expect_equal "groups of $user" "$user" "$(id -Gn "$user")"

t "--user $user --socket-group www-data: socket 0660 $user:www-data; supervisor and workers run as $user only"
ops_start "$dir/one.log" "$PERFIL_BIN" --socket "$sock" --content "$content" \
	--base-url http://127.0.0.1:8080 --user "$user" --socket-group www-data \
	--workers 2
sup=$OPS_PID
wait_sock "$dir/one.log"
expect_equal 'socket mode, owner, group' "660 $user www-data" \
	"$(stat -c '%a %U %G' "$sock")"
ops_wait_workers "$sup" 2 "$(bb_guard 2)" >/dev/null
uid=$(id -u "$user")
gid=$(id -g "$user")
for p in $sup $(ops_workers "$sup"); do
	expect_equal "real, effective, saved, fs uid of $p" "$uid $uid $uid $uid" \
		"$(awk '/^Uid:/ { print $2, $3, $4, $5 }' "/proc/$p/status")"
	expect_equal "gids of $p" "$gid $gid $gid $gid" \
		"$(awk '/^Gid:/ { print $2, $3, $4, $5 }' "/proc/$p/status")"
	expect_equal "supplementary groups of $p" "$gid" \
		"$(awk '/^Groups:/ { $1 = ""; sub(/^ /, ""); print }' "/proc/$p/status")"
done

t "the web server's user may connect to the socket; another unprivileged user may not"
fcgi_health() {
	runuser -u "$1" -- env REQUEST_METHOD=GET DOCUMENT_URI=/api/v1/health \
		REQUEST_URI=/api/v1/health QUERY_STRING= \
		timeout 5 cgi-fcgi -bind -connect "$sock" 2>/dev/null | head -n 1 | tr -d '\r'
}
expect_equal 'www-data: GET /api/v1/health' 'Status: 200 OK' "$(fcgi_health www-data)"
expect_equal 'nobody: GET /api/v1/health' '' "$(fcgi_health nobody)"

# The web server connects as soon as the socket's path is there (nginx
# after a restart of the responder; the stack after its -S test): the path
# must appear only once the socket listens with its final mode and owner.
# A probe, as www-data, connects in a loop from before the start (for
# bb_guard's 10 s: 100 under a checked build, where 5 starts took 48 s on a
# loaded machine); the first attempt that does not meet "no such file" is
# the one that counts. It spins: woken by inotify when the name appears
# instead, it came too late to meet a socket bound at its final path and
# chmod'ed after (0 refusals in 5 starts, where the loop met 5). (Before
# the socket was bound under a name of its own and renamed, each of 10 starts
# here was refused: EACCES, the socket still root's.)
t "the socket's path appears ready: www-data connecting the moment it appears is accepted (5 starts)"
cat >"$dir/probe.py" <<'EOF'
import socket, sys, time
print("ready", flush=True)
end = time.monotonic() + float(sys.argv[2])
while time.monotonic() < end:
    s = socket.socket(socket.AF_UNIX)
    try:
        s.connect(sys.argv[1])
        print("accepted")
        sys.exit(0)
    except FileNotFoundError:
        pass
    except OSError as e:
        print("refused:", e.strerror)
        sys.exit(1)
    finally:
        s.close()
print("the socket never appeared")
sys.exit(1)
EOF
seen=()
for i in 1 2 3 4 5; do
	rm -f "$sock"
	setpriv --reuid www-data --regid www-data --clear-groups \
		/usr/bin/python3 "$dir/probe.py" "$sock" "$(bb_guard 10)" >"$dir/probe.out" 2>&1 &
	probe=$!
	bb_await_lines "$dir/probe.out" ready 1 $(($(bb_guard 5) * 1000))
	ops_start "$dir/race.log" "$PERFIL_BIN" --socket "$sock" --content "$content" \
		--user "$user" --socket-group www-data --workers 1
	wait "$probe"
	seen+=("$(sed -n 2p "$dir/probe.out")")
	ops_stop "$OPS_PID"
done
expect_equal 'what the probe met at each start' \
	'accepted accepted accepted accepted accepted' "${seen[*]}"
[[ ! -e $sock~ ]]
_bb_check $? "no $sock~ left" "$(ls -l "$sock~" 2>&1)"

t 'a bad --socket-group is refused'
run_cmd "$PERFIL_BIN" --socket "$dir/x.sock" --content "$content" --user "$user" \
	--socket-group no-such-group-perfil
expect_exit 1
expect_stderr_match 'no such group: no-such-group-perfil'

t 'after start-up a worker holds no file open: only sockets, pipes, its epoll and eventfd descriptors and /dev/null'
worker=$(ops_workers "$sup" | head -n 1)
env REQUEST_METHOD=GET DOCUMENT_URI=/api/v1/projects REQUEST_URI=/api/v1/projects \
	QUERY_STRING= cgi-fcgi -bind -connect "$sock" >/dev/null 2>&1
files=$(for fd in /proc/"$worker"/fd/*; do readlink "$fd"; done |
	grep -vE '^(socket:|pipe:|anon_inode:\[(eventpoll|eventfd)\]$|/dev/null$)' |
	grep -vxF "$dir/one.log")
expect_equal "files open in worker $worker" '' "$files"
ops_stop "$sup"
expect_equal 'exit status on SIGTERM' 0 "$OPS_STATUS"

t '--socket-mode 0600 is applied; a bad mode is refused with status 2'
ops_start "$dir/two.log" "$PERFIL_BIN" --socket "$sock" --content "$content" \
	--user www-data --workers 1 --socket-mode 0600
wait_sock "$dir/two.log"
expect_equal 'socket mode' 600 "$(stat -c '%a' "$sock")"
ops_stop "$OPS_PID"
run_cmd "$PERFIL_BIN" --socket "$sock" --content "$content" --user www-data \
	--socket-mode 999
expect_exit 2
expect_stderr_match 'socket-mode must be octal'
