# shellcheck shell=bash
# jqd.sh: jq as a shell function that hands its command line to
# tests/lib/jqd.py, one process per black-box run, instead of starting jq:
# a jq 1.6 process costs about 30 ms of CPU here, most of it compiling its
# builtins, and the suite starts it about 12,000 times. The server runs the
# program through libjq, as jq does, and keeps it compiled; a command line
# it declines (another option, a program that reads the environment, any
# run that fails: jq prints its own messages) runs the real jq
# (`command jq`).
#
#   jqd_start DIR   # start the server (tests/blackbox/run), its files in DIR
#   jqd_stop        # and stop it
#
# The function is defined wherever this file is sourced (tests/blackbox/lib.sh,
# and so every black-box file, and tests/blackbox/run); it sends nothing
# unless BB_JQD_PORT names a running server: a file run outside
# tests/blackbox/run gets the real jq. tests/blackbox/jqd.test.sh holds it
# to jq, byte for byte.

. "${BASH_SOURCE[0]%/*}/nulserver.sh"

# jqd_start DIR: start jqd.py (Debian's libjq1, jq's own library) in the
# background and export BB_JQD_PORT and BB_JQD_TMP (DIR, where each shell's
# standard output is passed). Without python3 or libjq, or if it does not
# start within 5 s, nothing is exported: jq is jq.
jqd_start() {
	JQD_PID=
	/usr/bin/python3 -c 'import ctypes; ctypes.CDLL("libjq.so.1")' \
		2>/dev/null || return 0
	nulserver_start JQD "${BASH_SOURCE[0]%/*}/jqd.py" "$1"
}

# jqd_stop: stop the server jqd_start started (it prints its counts to its
# log as it ends).
jqd_stop() {
	nulserver_stop JQD
}

# jqd_ask OUT ARG...: send the command line ARG... to the server, with this
# shell's standard input (by its /proc path), its standard output to go to
# the file OUT; sets JQD_REPLY to the answer's fields (jq's exit status and
# "1" when OUT holds standard output; or "unsupported" and the file holding
# the standard input the server read, if any). Returns 1 when no server
# answers.
jqd_ask() {
	local out=$1
	shift
	JQD_REPLY=()
	nulserver_ask JQD "$PWD" "/proc/$BASHPID/fd/0" "$out" "$#" "$@" || return 1
	JQD_REPLY=("${NULSERVER_REPLY[@]}")
}

# jq ARG...: jq's command line, answered by the server (its standard output
# printed here, its exit status returned) or, when the server declines it,
# by jq itself (from the standard input the server read, if it read it).
jq() {
	local out=${BB_JQD_TMP-}/out.$BASHPID text
	if ! jqd_ask "$out" "$@"; then
		command jq "$@"
		return
	fi
	if [[ ${JQD_REPLY[0]} == unsupported ]]; then
		if [[ -n ${JQD_REPLY[1]-} ]]; then
			command jq "$@" <"${JQD_REPLY[1]}"
		else
			command jq "$@"
		fi
		return
	fi
	text=
	if [[ ${JQD_REPLY[1]} == 1 ]]; then
		# The read builtin, not cat: no process. The output has no NUL
		# (the server declines one).
		IFS= read -r -d '' text <"$out"
		printf '%s' "$text"
	fi
	[[ -z ${JQD_VERIFY-} ]] || _jqd_verify "$text" "${JQD_REPLY[0]}" "$@"
	return "${JQD_REPLY[0]}"
}

# _jqd_verify TEXT STATUS ARG...: with JQD_VERIFY set (a run that qualifies
# the server, docs/testing.md), jq itself runs the same command line (on the
# standard input the server read) and any difference in standard output or
# status is appended to BB_JQD_TMP/differences.
_jqd_verify() {
	local text=$1 status=$2 real rs in=${BB_JQD_TMP}/out.$BASHPID.in
	shift 2
	if [[ -e $in ]]; then
		real=$(command jq "$@" <"$in" 2>/dev/null; echo "~$?")
	else
		real=$(command jq "$@" </dev/null 2>/dev/null; echo "~$?")
	fi
	rs=${real##*~}
	real=${real%~*}
	# Compared without their trailing newlines (as $(...) takes them).
	while [[ $text == *$'\n' ]]; do text=${text%$'\n'}; done
	while [[ $real == *$'\n' ]]; do real=${real%$'\n'}; done
	if [[ $real != "$text" || $rs != "$status" ]]; then
		printf 'jq %s\n  jq: %s (status %s)\n  jqd: %s (status %s)\n' \
			"${*@Q}" "$real" "$rs" "$text" "$status" \
			>>"$BB_JQD_TMP/differences"
	fi
}
