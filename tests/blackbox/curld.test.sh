#!/usr/bin/env bash
# front: nginx-only the suite's own curl (tests/lib/curld.sh) against curl itself; one front is enough
# The suite's curl: the command lines a black-box run sends to its curld
# server (tests/lib/curld.sh) print what curl itself prints, byte for byte
# (standard output, standard error, exit status), for each kind of command
# line the suite uses: a body to standard output or to a file, -w, -D, HEAD,
# -f on an error, -H with bytes that are not UTF-8, another method, a refused
# connection, a binary body. The server takes them (it does not answer
# "unsupported"), and one it does not take goes to curl.
#
# The answers compared are those no cache or clock changes between two
# requests: the micro-cache is off on this private stack, Date is dropped.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

STACK_CACHE=0
trap 'stack_stop; _bb_finish' EXIT
bb_private_stack 1180 'with the micro-cache off'

t 'the run started its curld server'
expect_equal 'BB_CURLD_PORT is set' yes "$([[ -n ${BB_CURLD_PORT-} ]] && echo yes || echo no)"

# taken ARG...: the server's first answer field for this command line
# ("unsupported", or curl's exit status), asked directly (curld_ask).
taken() {
	curld_ask "$BB_TMP/taken.out" "$@"
	printf '%s' "${CURLD_REPLY[0]-}"
}

# same ARG...: curl ARG... and the function print the same, Date dropped
# (files named by -o or -D are compared too: the function's get a suffix).
same() {
	local a b ea eb sa sb
	(cd "$BB_TMP" && command curl "$@" >real.out 2>real.err)
	sa=$?
	(cd "$BB_TMP" && curl "$@" >mine.out 2>mine.err)
	sb=$?
	a=$(grep -av '^Date: ' "$BB_TMP/real.out" | od -An -tx1 | tr -d ' \n')
	b=$(grep -av '^Date: ' "$BB_TMP/mine.out" | od -An -tx1 | tr -d ' \n')
	# curl's message of a failed connection says how long it took.
	ea=$(sed 's/after [0-9]* ms/after N ms/' "$BB_TMP/real.err")
	eb=$(sed 's/after [0-9]* ms/after N ms/' "$BB_TMP/mine.err")
	_bb_check $([[ $a == "$b" && $ea == "$eb" && $sa == "$sb" ]] && echo 0 || echo 1) \
		"the same output, messages and status as curl (curl $*)" \
		"curl: status $sa, ${#a} hex of output, stderr '$ea'; the function: status $sb, ${#b}, '$eb'"
}

lines=(
	"-s|$BASE/api/v1/profile"
	"-s|-o|/dev/null|-w|%{http_code} %{size_download} %{content_type}\n|$BASE/api/v1/profile?lang=en"
	"-s|-D|-|-o|/dev/null|$BASE/api/v1/health"
	"-sI|$BASE/api/v1/projects"
	"-s|--head|$BASE/cv"
	"-sf|$BASE/api/v1/nope"
	"-sS|-f|-w|%{http_code}|$BASE/api/v1/nope"
	"-s|-H|Accept: text/markdown|$BASE/"
	"-s|-H|Accept-Language: $(printf '\xff\xfe')|$BASE/api/v1/profile"
	"-s|-X|DELETE|-w|\n%{http_code} %header{allow}|$BASE/api/v1/profile"
	"-s|--path-as-is|--globoff|$BASE/api/v1/../v1/profile"
	"-s|-m|5|$BASE/cv.pdf"
	"-sS|-w|%{http_code}|http://127.0.0.1:1/"
)
for line in "${lines[@]}"; do
	IFS='|' read -r -a args <<<"$line"
	t "curl ${args[*]}: the server takes it and prints what curl prints"
	code=$(taken "${args[@]}")
	expect_equal 'the server takes it' yes "$([[ -n $code && $code != unsupported ]] && echo yes || echo no)"
	same "${args[@]}"
done

t 'curl -s -o FILE -D FILE: the same files as curl writes'
(cd "$BB_TMP" && command curl -s -o real.body -D real.head "$BASE/api/v1/projects?lang=en")
(cd "$BB_TMP" && curl -s -o mine.body -D mine.head "$BASE/api/v1/projects?lang=en")
expect_equal 'the body' "$(md5sum <"$BB_TMP/real.body")" "$(md5sum <"$BB_TMP/mine.body")"
expect_equal 'the headers' "$(grep -v '^Date: ' "$BB_TMP/real.head")" "$(grep -v '^Date: ' "$BB_TMP/mine.head")"

t 'a command line the server does not take (a body) goes to curl'
expect_equal 'the server answers unsupported' unsupported "$(taken -s -d x "$BASE/api/v1/profile")"
same -s -d x "$BASE/api/v1/profile"

t 'requests from several shells at once are answered each in its own'
pids=()
for i in 1 2 3 4 5 6 7 8; do
	curl -s -o "$BB_TMP/par.$i" -w '%{http_code}' "$BASE/api/v1/projects?lang=en&limit=$i" >"$BB_TMP/par.$i.code" &
	pids+=($!)
done
wait "${pids[@]}"
n=$(content projects.json length)
ok=0
for i in 1 2 3 4 5 6 7 8; do
	[[ $(<"$BB_TMP/par.$i.code") == 200 &&
		$(jq '.data | length' "$BB_TMP/par.$i") == $((i < n ? i : n)) ]] && ok=$((ok + 1))
done
expect_equal 'eight answers, each with its limit of projects' 8 "$ok"
