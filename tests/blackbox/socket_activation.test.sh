#!/usr/bin/env bash
# front: nginx-only process supervision and signals do not depend on the front; run once
# The responder on file descriptor 0, as systemd (StandardInput=socket),
# spawn-fcgi and mod_fcgid start it: the shipped systemd units pass
# `systemd-analyze verify`, and the unit's own ExecStart command, started by
# spawn-fcgi on a unix socket behind nginx, serves, supervises its workers,
# reloads on SIGHUP and stops with status 0 on SIGTERM.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

units=$STACK_ROOT/conf/systemd

t 'conf/systemd has perfil.socket and perfil.service, with the settings the deployment relies on'
for f in perfil.socket perfil.service; do
	[[ -f $units/$f ]]
	_bb_check $? "$units/$f exists" 'missing'
done
for line in 'ListenStream=/run/perfil/perfil.sock' 'SocketGroup=www-data' \
	'SocketMode=0660' 'Accept=no'; do
	grep -qx "$line" "$units/perfil.socket"
	_bb_check $? "perfil.socket: $line" "$(grep -E "^${line%%=*}=" "$units/perfil.socket")"
done
for line in 'StandardInput=socket' 'Restart=always' \
	'ExecReload=/bin/kill -HUP $MAINPID' 'NoNewPrivileges=yes' \
	'ProtectSystem=strict' 'ProtectHome=yes' 'PrivateTmp=yes' \
	'CapabilityBoundingSet=' 'RestrictAddressFamilies=AF_UNIX' 'DynamicUser=yes' \
	'User=perfil' 'EnvironmentFile=-/usr/local/etc/perfil/perfil.conf'; do
	grep -qxF "$line" "$units/perfil.service"
	_bb_check $? "perfil.service: $line" "$(grep -E "^${line%%=*}=" "$units/perfil.service")"
done

# The unit's ExecStart, as words, its variables expanded from the unit's
# Environment= defaults (conf/perfil.conf sets the same values); the binary,
# content and base URL of this test run are substituted below.
. "$STACK_ROOT/tests/lib/unit.sh"
mapfile -d '' -t exec_start < <(unit_exec_start "$units/perfil.service" /dev/null)

t 'systemd-analyze verify accepts both units (ExecStart pointed at the built binary)'
if ! command -v systemd-analyze >/dev/null; then
	echo "  skip  $BB_FILE: systemd-analyze is not installed (Debian package systemd)"
	_BB_CASE=
else
	mkdir -p "$BB_TMP/units"
	cp "$units/perfil.socket" "$BB_TMP/units/"
	sed "s|^ExecStart=${exec_start[0]} |ExecStart=$PERFIL_BIN |" \
		"$units/perfil.service" >"$BB_TMP/units/perfil.service"
	run_cmd systemd-analyze verify --man=no "$BB_TMP/units/perfil.socket" \
		"$BB_TMP/units/perfil.service"
	expect_exit 0
	expect_stderr_lines 0
fi

# --- The ExecStart command on fd 0, through spawn-fcgi and nginx -------------

STACK_TRAP=0
STACK_LOG_DIR=$BLACKBOX_OUT/logs/socket_activation
STACK_PORT=$(stack_free_port $((${BASE##*:} + 700))) || exit 1
STACK_BASE=http://127.0.0.1:$STACK_PORT
STACK_DIR=$(mktemp -d "${TMPDIR:-/tmp}/perfil-stack.XXXXXX") || exit 1
chmod 755 "$STACK_DIR"
STACK_SOCK=$STACK_DIR/perfil.sock
trap 'ops_cleanup; stack_stop; _bb_finish' EXIT
STACK_CONTENT=$(_stack_content) && _stack_write_nginx_conf || exit 1
BASE=$STACK_BASE

cmd=("$PERFIL_BIN")
for ((i = 1; i < ${#exec_start[@]}; i++)); do
	case ${exec_start[i]} in
	--content) cmd+=(--content "$STACK_CONTENT"); i=$((i + 1)) ;;
	--base-url) cmd+=(--base-url "$STACK_BASE"); i=$((i + 1)) ;;
	# The unit's CacheDirectory=perfil, which systemd makes the
	# service user's own: here a directory of the stack's.
	--cache-dir) cmd+=(--cache-dir "$STACK_DIR/zcache"); i=$((i + 1)) ;;
	*) cmd+=("${exec_start[i]}") ;;
	esac
done
spawn=(spawn-fcgi -n -s "$STACK_SOCK" -M 0660)
install -d -m 0700 "$STACK_DIR/zcache" || exit 1
if [[ $EUID == 0 ]]; then
	# As systemd does with DynamicUser: an unprivileged user, no --user.
	spawn+=(-u www-data -g www-data -U www-data -G www-data)
	chown www-data:www-data "$STACK_DIR/zcache" || exit 1
fi

# spawned LOG CMD...: run CMD under spawn-fcgi on $STACK_SOCK (its output to
# LOG), wait for the socket and start nginx in front; sets sup.
spawned() {
	local log=$1
	shift
	# The last process's socket file stays: without this, the wait below
	# ends at once and the case can signal a process still starting.
	rm -f "$STACK_SOCK"
	ops_start "$log" "${spawn[@]}" -- "$@"
	sup=$OPS_PID
	STACK_RESPONDER_PID=$sup
	wait_until 5 test -S "$STACK_SOCK"
	stack_start_nginx
}

t "spawn-fcgi runs the unit's ExecStart on fd 0; nginx in front answers"
if ! command -v spawn-fcgi >/dev/null; then
	_bb_check 1 'spawn-fcgi installed (Debian package spawn-fcgi)' 'missing'
	exit 1
fi
spawned "$STACK_DIR/perfil.log" "${cmd[@]}"
req GET /api/v1/health
expect_success es
expect_json '.data.status' '"ok"'
req GET '/api/v1/projects?limit=2&lang=en'
expect_success en
expect_meta '/api/v1/projects?limit=2&lang=en' en

t "the unit's cache directory: --cache-dir /var/cache/perfil, systemd's CacheDirectory=perfil; the load writes its file there"
expect_equal 'ExecStart names the cache directory' 1 \
	"$(grep -c -- ' --cache-dir /var/cache/perfil ' <<<" ${exec_start[*]} ")"
expect_equal 'the unit has systemd make it' 1 \
	"$(grep -cx 'CacheDirectory=perfil' "$units/perfil.service")"
grep -E "cache: 0 of [0-9]+ compressed variants reused, [0-9]+ written to $STACK_DIR/zcache/perfil-" \
	"$STACK_DIR/perfil.log" >/dev/null
_bb_check $? 'perfil.log: the first load wrote the cache file' "$(grep 'cache:' "$STACK_DIR/perfil.log")"

t 'on fd 0 with --workers 2 the responder supervises two workers, not as root'
n=$(sed -n 's/.*--workers \([0-9]*\).*/\1/p' <<<"${exec_start[*]}")
ops_wait_workers "$sup" "$n" "$(bb_guard 2)" >/dev/null
expect_equal 'workers' "$n" "$(ops_workers "$sup" | wc -l)"
grep -q "serving fd 0 with $n workers" "$STACK_DIR/perfil.log"
_bb_check $? "perfil.log: serving fd 0 with $n workers" "$(tail -n 3 "$STACK_DIR/perfil.log")"
for p in $sup $(ops_workers "$sup"); do
	expect_equal "uid of process $p" "$(id -u www-data 2>/dev/null || id -u)" \
		"$(awk '/^Uid:/ { print $2 }' "/proc/$p/status")"
done

t 'on fd 0 a worker killed with SIGKILL is replaced and the API keeps answering'
victim=$(ops_workers "$sup" | head -n 1)
ops_wait_age "$victim" 1100 # past the crash-loop guard
kill -KILL "$victim"
expect_equal 'replaced within a second' yes "$(ops_wait_workers "$sup" "$n" 1 "$victim")"
req GET /api/v1/profile
expect_status 200

t 'on fd 0 SIGHUP reloads the content (systemctl reload)'
kill -HUP "$sup"
ops_wait_file "$STACK_DIR/perfil.log" 'content reloaded' "$(bb_guard 5)"
_bb_check $? 'perfil.log: content reloaded' "$(tail -n 3 "$STACK_DIR/perfil.log")"
req GET /api/v1/health
expect_status 200

t 'on fd 0 SIGTERM (systemctl stop) exits 0'
stack_stop_nginx
ops_stop "$sup"
STACK_RESPONDER_PID=
expect_equal 'exit status' 0 "$OPS_STATUS"

# single WHAT WORKERS ARGS...: under spawn-fcgi without --workers, the
# process and its child processes serving GET /api/v1/about.
single() {
	local what=$1 want=$2
	shift 2
	t "$what"
	spawned "$STACK_DIR/single.log" "$PERFIL_BIN" \
		--content "$STACK_CONTENT" --base-url "$STACK_BASE" "$@"
	req GET /api/v1/about
	expect_success es
	expect_equal 'child processes' "$want" "$(ops_workers "$sup" | wc -l)"
	stack_stop_nginx
	ops_stop "$sup"
	STACK_RESPONDER_PID=
	expect_equal 'exit status on SIGTERM' 0 "$OPS_STATUS"
}
single 'without --workers, on fd 0 (mod_fcgid, spawn-fcgi) one worker serves, under a supervisor that watches the content (no signal comes from mod_fcgid)' 1
single 'with --reload-check 0, on fd 0 one process serves alone' 0 --reload-check 0

# A SIGTERM while the content loads: libfcgi's FCGX_Init installs a SIGTERM
# handler of its own that only sets a flag of libfcgi's; perfil's must
# replace it before the load, or the signal is lost and the process serves
# on (it did, 0.02-0.1 s after a start).
# catches_term PID: whether PID runs perfil-fcgi and has a SIGTERM handler
# (SigCgt bit 15).
catches_term() {
	local cgt
	[[ $(readlink "/proc/$1/exe" 2>/dev/null) == *perfil-fcgi* ]] || return 1
	cgt=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
	[[ -n $cgt ]] && ((16#$cgt & 0x4000))
}
for extra in '--reload-check 0' ''; do
	t "a SIGTERM during the content load stops it (on fd 0${extra:+, $extra})"
	rm -f "$STACK_SOCK"
	# shellcheck disable=SC2086 # $extra: zero or two words
	ops_start "$STACK_DIR/early.log" "${spawn[@]}" -- "$PERFIL_BIN" \
		--content "$STACK_CONTENT" --base-url "$STACK_BASE" $extra
	# As soon as a SIGTERM handler is there (SigCgt bit 15: libfcgi's
	# from FCGX_Init, then perfil's): before it, the default action
	# rightly kills the process while its libraries load. The program is
	# looked at first: read before it, SigCgt could still be that of the
	# shell the job was forked from (bash catches SIGTERM for an EXIT
	# trap) an instant before the exec. Looked at every 2 ms, for the
	# SIGTERM to come while the content loads (a short time).
	wait_every 0.002 5 catches_term "$OPS_PID"
	ops_stop "$OPS_PID"
	expect_equal 'exit status on an early SIGTERM' 0 "$OPS_STATUS"
done

t 'with standard input not a socket and no --socket, it refuses with status 2'
run_cmd "$PERFIL_BIN" --content "$STACK_CONTENT" "${OPS_USER[@]}"
expect_exit 2
expect_stderr_match 'standard input is not a socket'
