# wait.sh: wait for an event, for every script under tests/: the black-box
# files (tests/blackbox/lib.sh sources it) and the scripts of tests/install,
# tests/deb and tests/bench that wait (each sources it). A test waits for
# what it needs (a socket, a file, a log line, an answer, a process gone),
# looked at every few milliseconds until it is there, with a bound that
# only says when the wait is hung, never for a fixed time (docs/testing.md,
# "Adding a test").
#
#   . tests/lib/wait.sh
#   wait_until 10 test -S "$sock" || echo 'no socket after 10 s'
#
# CMD runs in the caller's shell, so a predicate function may set the
# caller's variables (the last status seen, for a failure's message); the
# helpers' own locals are named _wait_* not to hide them.

# wait_every STEP SECONDS CMD...: run CMD, then again every STEP seconds,
# until it succeeds; returns 1 once SECONDS have passed without it (no look
# starts after that). STEP and SECONDS may be fractions (0.05, 1.5).
wait_every() {
	local _wait_step=$1 _wait_s=${2%%.*} _wait_f=000 _wait_t _wait_end
	[[ $2 == *.* ]] && _wait_f=${2#*.}000
	wait_now_ms _wait_end
	_wait_end=$((_wait_end + 10#${_wait_s:-0} * 1000 + 10#${_wait_f:0:3}))
	shift 2
	until "$@"; do
		sleep "$_wait_step"
		wait_now_ms _wait_t
		((_wait_t < _wait_end)) || return 1
	done
}

# wait_now_ms VAR: the wall clock in milliseconds into VAR, from
# $EPOCHREALTIME: no process and no subshell, for the polls that ask it
# each turn (ops_ms prints it).
wait_now_ms() {
	local _wait_n=$EPOCHREALTIME
	printf -v "$1" '%d' $((${_wait_n%[.,]*} * 1000 + 10#${_wait_n#*[.,]} / 1000))
}

# wait_until SECONDS CMD...: wait_every 0.02 SECONDS CMD... (CMD every
# 20 ms: for a CMD of shell builtins or one small process).
wait_until() {
	wait_every 0.02 "$@"
}
