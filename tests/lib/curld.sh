# shellcheck shell=bash
# curld.sh: curl as a shell function that hands its command line to
# tests/lib/curld.py, one process per black-box run, instead of starting
# curl: a curl process costs 20 to 30 ms of CPU here, nearly all of it the
# dynamic linker, and the suite starts it about 16,000 times. The server runs
# the request through libcurl, as curl does, on a new connection; a command
# line with an option it does not know runs the real curl (`command curl`).
#
#   curld_start DIR   # start the server (tests/blackbox/run), its files in DIR
#   curld_stop        # and stop it
#
# The function is defined wherever this file is sourced (tests/blackbox/lib.sh,
# and so every black-box file, and tests/blackbox/run); it sends nothing
# unless BB_CURLD_PORT names a running server: a file run outside
# tests/blackbox/run gets the real curl. tests/blackbox/curld.test.sh holds
# it to curl, byte for byte.

. "${BASH_SOURCE[0]%/*}/nulserver.sh"

# curld_start DIR: start curld.py (Debian's python3-pycurl) in the
# background and export BB_CURLD_PORT and BB_CURLD_TMP (DIR, where each
# shell's standard output of a request is passed). Without pycurl, or if it
# does not start within 5 s, nothing is exported: curl is curl.
curld_start() {
	CURLD_PID=
	/usr/bin/python3 -c 'import pycurl' 2>/dev/null || return 0
	nulserver_start CURLD "${BASH_SOURCE[0]%/*}/curld.py" "$1"
}

# curld_stop: stop the server curld_start started.
curld_stop() {
	nulserver_stop CURLD
}

# curld_ask OUT ARG...: send the command line ARG... to the server, its
# standard output (if any) to go to the file OUT; sets CURLD_REPLY to the
# answer's fields (curl's exit status, the -w text, the -S message, "1" when
# OUT holds standard output; or the one field "unsupported"). Returns 1 when
# no server answers.
curld_ask() {
	local out=$1
	shift
	CURLD_REPLY=()
	nulserver_ask CURLD "$PWD" "$out" "$#" "$@" || return 1
	CURLD_REPLY=("${NULSERVER_REPLY[@]}")
}

# curl ARG...: curl's command line, answered by the server (its standard
# output, -w text and -S message printed here, its exit status returned) or,
# when the server does not take it, by curl itself.
curl() {
	local out=${BB_CURLD_TMP-}/out.$BASHPID
	if ! curld_ask "$out" "$@" || [[ ${CURLD_REPLY[0]} == unsupported ]]; then
		command curl "$@"
		return
	fi
	[[ ${CURLD_REPLY[3]} == 1 ]] && command cat -- "$out"
	printf '%s' "${CURLD_REPLY[1]}"
	[[ -z ${CURLD_REPLY[2]} ]] || printf '%s' "${CURLD_REPLY[2]}" >&2
	return "${CURLD_REPLY[0]}"
}
