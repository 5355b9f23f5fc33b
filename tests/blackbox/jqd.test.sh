#!/usr/bin/env bash
# front: nginx-only the suite's own jq (tests/lib/jqd.sh) against jq itself; one front is enough
# The suite's jq: the command lines a black-box run sends to its jqd server
# (tests/lib/jqd.sh) print what jq itself prints, byte for byte (standard
# output, exit status), for each kind of command line the suite uses: the
# output options (-r, -j, -c, -S, -a, --tab, --indent), -e's statuses, -n,
# -s, -R, --arg, --argjson, --slurpfile, --rawfile, files and standard
# input, with an API answer as the input. The server takes those (it does
# not answer "unsupported"); one it declines (an error, a parse error, a
# program that reads the environment, another option) goes to jq, which
# prints its own message, from the standard input the server read.
. "$(dirname "$0")/lib.sh"

trap '_bb_finish' EXIT

t 'the run started its jqd server'
expect_equal 'BB_JQD_PORT is set' yes "$([[ -n ${BB_JQD_PORT-} ]] && echo yes || echo no)"

req GET '/api/v1/projects?lang=en'
expect_status 200
body=$RESP_DIR/body
cp "$body" "$BB_TMP/in.json"
printf '{"a":1,"s":"h\\u00e9llo \\u2603","n":null,"f":1.50,"big":12345678901234567890}\n{"a":2}\n' \
	>"$BB_TMP/two.json"
printf '[3,1,2]\n' >"$BB_TMP/arr.json"

# taken ARG...: the server's first answer field for this command line
# ("unsupported", or jq's exit status), asked directly (jqd_ask), with
# two.json as standard input.
taken() {
	jqd_ask "$BB_TMP/taken.out" "$@" <"$BB_TMP/two.json"
	printf '%s' "${JQD_REPLY[0]-}"
}

# same ARG...: jq ARG... and the function print the same standard output
# and exit with the same status, in BB_TMP, with two.json as standard
# input (standard error is jq's own either way: the server prints none).
same() {
	local a b sa sb
	(cd "$BB_TMP" && command jq "$@" <two.json >real.out 2>real.err)
	sa=$?
	(cd "$BB_TMP" && jq "$@" <two.json >mine.out 2>mine.err)
	sb=$?
	a=$(od -An -tx1 <"$BB_TMP/real.out" | tr -d ' \n')
	b=$(od -An -tx1 <"$BB_TMP/mine.out" | tr -d ' \n')
	_bb_check $([[ $a == "$b" && $sa == "$sb" ]] && echo 0 || echo 1) \
		"the same output and status as jq (jq ${*@Q})" \
		"jq: status $sa, ${#a} hex of output; the function: status $sb, ${#b}"
}

# Each line: the arguments, separated by "#".
lines=(
	".#in.json"
	"-c#.#in.json"
	"-r#.data[].title#in.json"
	"-j#.data[].slug#in.json"
	"-S#-c#.#two.json"
	"--tab#.data[0]#in.json"
	"--indent#4#.meta#in.json"
	"-c#--indent#3#.#two.json"
	"--indent#1#-c#.#two.json"
	"-a#.s#two.json"
	"-ar#.s#two.json"
	"-r#.f, .big#two.json"
	"-e#.n#two.json"
	"-e#.a#two.json"
	"-e#empty#two.json"
	"-re#.s#two.json"
	"-s#map(.a)#two.json"
	"-n#[1,2] | @csv"
	"-rn#[1,\"a\"] | @tsv"
	"-R#.#two.json"
	"-Rs#.#two.json"
	"--arg#x#y z#[\$x, \$ARGS]"
	"--argjson#x#{\"k\":1.0}#\$x, \$ARGS.named"
	"--slurpfile#x#arr.json#\$x"
	"--rawfile#x#arr.json#\$x"
	"-c#.#arr.json#two.json"
	"-n#-r#[input, input] | length#two.json"
	".a"
	"-c#[.a, .s]"
	"-r#.data | length#in.json"
)
for line in "${lines[@]}"; do
	IFS='#' read -r -a args <<<"$line"
	t "jq ${args[*]}: the server takes it and prints what jq prints"
	code=$(cd "$BB_TMP" && taken "${args[@]}")
	expect_equal 'the server takes it' yes "$([[ -n $code && $code != unsupported ]] && echo yes || echo no)"
	same "${args[@]}"
done

t 'a command line the server declines goes to jq, with the same input'
for line in 'error("boom")#two.json' '.a.b#two.json' 'syntax error (#two.json' \
	'$ENV.HOME' '--seq#.' '-n#halt_error' '.#missing.json' '-n#input' '.a'; do
	IFS='#' read -r -a args <<<"$line"
	if [[ $line == .a ]]; then
		# Standard input that is not JSON: a parse error after the
		# server read it; jq reads the same bytes from its copy.
		printf '{"a":1} x' >"$BB_TMP/two.json"
	fi
	code=$(cd "$BB_TMP" && taken "${args[@]}")
	expect_equal "jq ${args[*]}: declined" unsupported "$code"
	same "${args[@]}"
done

t 'command substitution, a pipe and a here-string reach the server as they reach jq'
expect_equal 'a pipe' '[2,4]' "$(echo '[1,2]' | jq -c 'map(. * 2)')"
expect_equal 'a here-string' 'x' "$(jq -r .k <<<'{"k":"x"}')"
expect_equal 'the output of several values, and its status' $'1\n2\n 0' \
	"$(jq '.[]' <<<'[1,2]'; echo " $?")"

t 'requests from several shells at once are answered each in its own'
pids=()
for i in 1 2 3 4 5 6 7 8; do
	jq -c --argjson n "$i" '.data[:$n] | length' "$BB_TMP/in.json" >"$BB_TMP/par.$i" &
	pids+=($!)
done
wait "${pids[@]}"
n=$(command jq '.data | length' "$BB_TMP/in.json")
ok=0
for i in 1 2 3 4 5 6 7 8; do
	[[ $(<"$BB_TMP/par.$i") == $((i < n ? i : n)) ]] && ok=$((ok + 1))
done
expect_equal 'eight answers, each with its count' 8 "$ok"

t 'a run whose directory is not ASCII: the output reaches the file the shell named'
# BB_JQD_TMP is under BLACKBOX_OUT, in the clone: /home/josé/perfil is an
# owner's path. (The server once wrote to the path's Latin-1 bytes.)
other="$BB_TMP/salida josé 日本.out"
jqd_ask "$other" -c '.data | length' "$BB_TMP/in.json" </dev/null
expect_equal 'the server takes it, output in the file' '0 1' "${JQD_REPLY[*]}"
expect_equal 'the file holds what jq prints' "$(command jq -c '.data | length' "$BB_TMP/in.json")" \
	"$(cat "$other" 2>/dev/null)"
