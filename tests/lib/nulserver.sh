# shellcheck shell=bash
# nulserver.sh: starting, stopping and asking the loopback servers a
# black-box run keeps (tests/lib/curld.sh, tests/lib/jqd.sh; their Python
# side is tests/lib/nulserver.py).
#
#   nulserver_start NAME SCRIPT DIR   # python3 SCRIPT DIR/port, in the background
#   nulserver_stop NAME
#   nulserver_ask NAME FIELD...       # sets NULSERVER_REPLY

. "${BASH_SOURCE[0]%/*}/wait.sh"

# nulserver_start NAME SCRIPT DIR: start SCRIPT (python3, without writing
# bytecode beside it) in the background, its files in DIR; once it listens
# (it writes its port to DIR/port), export BB_NAME_PORT and BB_NAME_TMP
# (DIR) and set NAME_PID. If it does not start within 5 s, nothing is
# exported: the caller's command is the real one.
nulserver_start() {
	local name=$1 script=$2 dir=$3 pid port
	printf -v "${name}_PID" '%s' ''
	mkdir -p "$dir" || return 0
	rm -f "$dir/port"
	/usr/bin/python3 -B "$script" "$dir/port" >"$dir/log" 2>&1 &
	pid=$!
	if wait_until 5 _nulserver_up "$dir/port" "$pid" && [[ -s $dir/port ]]; then
		read -r port <"$dir/port"
		printf -v "${name}_PID" '%s' "$pid"
		export "BB_${name}_PORT=$port" "BB_${name}_TMP=$dir"
		return 0
	fi
	kill "$pid" 2>/dev/null
}
# _nulserver_up FILE PID: the server wrote its port to FILE, or it has
# ended (nulserver_start then gives up: the port file is still empty).
_nulserver_up() {
	[[ -s $1 ]] || ! kill -0 "$2" 2>/dev/null
}

# nulserver_stop NAME: stop the server nulserver_start NAME started.
nulserver_stop() {
	local var=${1}_PID
	[[ -n ${!var-} ]] || return 0
	kill "${!var}" 2>/dev/null
	wait "${!var}" 2>/dev/null
	printf -v "$var" '%s' ''
	unset "BB_${1}_PORT"
}

# nulserver_ask NAME FIELD...: send "v1" and the fields to the server NAME
# (BB_NAME_PORT), each ended by a NUL, and set NULSERVER_REPLY to the
# fields it answers. Returns 1 when no server answers.
nulserver_ask() {
	local fd field var=BB_${1}_PORT
	shift
	NULSERVER_REPLY=()
	[[ -n ${!var-} ]] || return 1
	{ exec {fd}<>"/dev/tcp/127.0.0.1/${!var}"; } 2>/dev/null || return 1
	printf '%s\0' v1 "$@" >&"$fd"
	while IFS= read -r -d '' -u "$fd" field; do
		NULSERVER_REPLY+=("$field")
	done
	exec {fd}>&-
	((${#NULSERVER_REPLY[@]} > 0))
}
