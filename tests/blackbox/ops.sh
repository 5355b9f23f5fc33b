# ops.sh: helpers for the black-box files about processes (signals, reload,
# privileges, spawn-fcgi, ./serve): start private responders, find their
# workers, wait for them, stop them, speak FastCGI directly. Source it after
# lib.sh and tests/lib/stack.sh; call ops_cleanup from the EXIT trap.

OPS_PIDS=()  # every process ops_start started, for ops_cleanup
OPS_PID=     # the last one
OPS_STATUS=  # exit status seen by the last ops_stop
OPS_USER=()  # "--user www-data" when running as root, else nothing
if [[ $EUID == 0 ]]; then
	OPS_USER=(--user www-data)
fi

# ops_ms: print the time in milliseconds.
ops_ms() {
	local t
	wait_now_ms t
	printf '%s\n' "$t"
}

# ops_workers PID: print the workers of supervisor PID, every generation's
# (the children of its children named perfil-leader, src/server/leader.h), one a
# line, in increasing order. Builtins only: the waits below call it 50 times
# a second.
ops_workers() {
	local l w ws=()
	for l in $(bb_leaders "$1"); do
		for w in $(bb_children "$l"); do
			ws[w]=$w # an indexed array lists its indices in order
		done
	done
	((${#ws[@]})) && printf '%s\n' "${ws[@]}"
	return 0
}

# ops_loader PID: print the process of supervisor PID that loads the content
# (named perfil-load) while a reload runs, else nothing.
ops_loader() {
	bb_children_named "$1" perfil-load
}

# ops_serving_threads PID: print how many threads of worker PID serve: its
# main thread plus the threads it named perfil-serve (a sanitizer's own
# threads are not counted).
ops_serving_threads() {
	local t comm n=1
	for t in /proc/"$1"/task/*; do
		comm=
		read -r comm 2>/dev/null <"$t/comm"
		[[ $comm == perfil-serve ]] && n=$((n + 1))
	done
	printf '%s\n' "$n"
}

# ops_wait_threads PID N SECONDS: wait up to SECONDS until worker PID has N
# serving threads (they start after the worker does); print the count.
ops_wait_threads() {
	local i n
	for ((i = 0; i < $3 * 20; i++)); do
		n=$(ops_serving_threads "$1")
		((n == $2)) && break
		sleep 0.05
	done
	printf '%s\n' "$n"
}

# ops_wait_workers PID N SECONDS [GONE-PID...]: wait up to SECONDS until PID
# has N workers, none of them a GONE-PID. Prints yes or no.
ops_wait_workers() {
	local pid=$1 n=$2 end ws g ok
	end=$(($(ops_ms) + $(awk -v s="$3" 'BEGIN { print int(s * 1000) }')))
	shift 3
	while :; do
		mapfile -t ws < <(ops_workers "$pid")
		ok=1
		((${#ws[@]} == n)) || ok=0
		for g in "$@"; do
			[[ " ${ws[*]} " == *" $g "* ]] && ok=0
		done
		if ((ok)); then
			echo yes
			return 0
		fi
		if (($(ops_ms) >= end)); then
			echo no
			return 1
		fi
		sleep 0.02
	done
}

# ops_start LOG CMD [ARG...]: start CMD in its own session, output to LOG.
# Sets OPS_PID.
ops_start() {
	local log=$1
	shift
	printf '%s\n' "ops: $*" >>"$log"
	setsid "$@" </dev/null >>"$log" 2>&1 &
	OPS_PID=$!
	OPS_PIDS+=("$OPS_PID")
}

# ops_stop PID [SIGNAL]: send SIGNAL (default TERM), wait up to 10 s (then
# SIGKILL) and set OPS_STATUS to the exit status.
ops_stop() {
	local pid=$1 sig=${2:-TERM} i
	OPS_STATUS=
	kill -"$sig" "$pid" 2>/dev/null
	for ((i = 0; i < 200; i++)); do
		_stack_alive "$pid" || break
		sleep 0.05
	done
	if _stack_alive "$pid"; then
		kill -KILL -- "-$pid" 2>/dev/null
	fi
	wait "$pid" 2>/dev/null
	OPS_STATUS=$?
}

# ops_cleanup: kill whatever ops_start started and still runs.
ops_cleanup() {
	local pid
	for pid in "${OPS_PIDS[@]}"; do
		kill -KILL -- "-$pid" 2>/dev/null
	done
	OPS_PIDS=()
}

# ops_wait_tcp PORT: wait up to 5 s until something accepts on 127.0.0.1:PORT.
ops_wait_tcp() {
	local i
	for ((i = 0; i < 100; i++)); do
		if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then
			return 0
		fi
		sleep 0.05
	done
	return 1
}

# ops_start_ms PID: when PID started, in milliseconds since boot (/proc,
# in clock ticks: 10 ms steps).
ops_start_ms() {
	local st
	st=$(awk '{ print $22 }' "/proc/$1/stat" 2>/dev/null)
	[[ -n $st ]] || return 1
	echo $((st * 1000 / ${OPS_HZ:=$(getconf CLK_TCK)}))
}

# ops_age_ms PID: how long PID has run, in milliseconds.
ops_age_ms() {
	local st up
	st=$(ops_start_ms "$1") || return 1
	read -r up _ </proc/uptime
	echo $((${up%.*} * 1000 + 10#${up#*.} * 10 - st))
}

# ops_wait_age PID MS: wait until PID has run MS milliseconds (a worker past
# the supervisor's crash-loop guard, which replaces one that dies within a
# second of its start a second after that start). Returns 1 if PID is gone.
ops_wait_age() {
	local age
	while age=$(ops_age_ms "$1"); do
		((age >= $2)) && return 0
		sleep 0.05
	done
	return 1
}

# ops_wait_status PATH CODE SECONDS: wait until GET $BASE$PATH answers CODE
# (a responder back after a restart). Returns 1 after SECONDS.
ops_wait_status() {
	local end=$((SECONDS + $3))
	while ((SECONDS <= end)); do
		[[ $(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$BASE$1") == "$2" ]] &&
			return 0
		sleep 0.1
	done
	return 1
}

# ops_wait_until SECONDS CMD...: run CMD every 20 ms until it succeeds.
# Returns 1 after SECONDS. The same as wait_until (tests/lib/wait.sh).
ops_wait_until() {
	wait_until "$@"
}

# ops_left PID...: print those of PID... that the system still has,
# running or a zombie not yet reaped, as "PID(NAME STATE) " each: the
# processes a stop left.
ops_left() {
	local p out=
	for p; do
		[[ -e /proc/$p ]] &&
			out+="$p($(cat "/proc/$p/comm" 2>/dev/null) $(awk '{ print $3 }' "/proc/$p/stat" 2>/dev/null)) "
	done
	printf '%s' "$out"
}

# ops_ended PID...: whether every PID has ended (gone, or a zombie).
ops_ended() {
	local p
	for p; do
		_stack_alive "$p" && return 1
	done
	return 0
}

# ops_access_lines: how many answers nginx has logged ($STACK_DIR/access.log,
# a line each, written as it answers).
ops_access_lines() {
	local n
	n=$(wc -l <"$STACK_DIR/access.log" 2>/dev/null) || n=0
	echo "${n:-0}"
}

# ops_wait_answers FROM N SECONDS: wait until nginx's access log holds N
# answers more than FROM (an earlier ops_access_lines): a load's connections
# are up and answered, or the requests in flight at some event are over.
# Returns 1 after SECONDS.
ops_wait_answers() {
	ops_wait_until "$3" _ops_answered "$1" "$2"
}
_ops_answered() {
	(($(ops_access_lines) >= $1 + $2))
}

# ops_accepted PORT: whether a process holds an accepted connection on
# 127.0.0.1:PORT (ss: a connection still in the listen queue has no owner).
ops_accepted() {
	[[ $(ss -Htnp state established "( sport = :$1 )" 2>/dev/null) == *pid=* ]]
}

# ops_unlistened PORT: whether nothing listens on PORT.
ops_unlistened() {
	[[ -z $(ss -Hltn "( sport = :$1 )" 2>/dev/null) ]]
}

# ops_wait_accepted PORT SECONDS: wait until a worker holds a connection.
ops_wait_accepted() {
	ops_wait_until "$2" ops_accepted "$1"
}

# ops_wait_unlisten PORT SECONDS: wait until nothing listens on PORT (a
# supervisor closes its listening socket as soon as SIGTERM arrives).
ops_wait_unlisten() {
	ops_wait_until "$2" ops_unlistened "$1"
}

# ops_wait_file FILE REGEX SECONDS: wait until a line of FILE matches the
# extended regular expression REGEX. Returns 1 after SECONDS.
ops_wait_file() {
	bb_await_lines "$1" "$2" 1 "$(awk -v s="$3" 'BEGIN { print int(s * 1000) }')"
}

# ops_fcgi_request PREFIX METHOD PATH: write a whole FastCGI responder request
# for METHOD PATH (no body) as two files: PREFIX.1 (FCGI_BEGIN_REQUEST and the
# first half of the FCGI_PARAMS record) and PREFIX.2 (the rest).
ops_fcgi_request() {
	perl -e '
		my ($prefix, $method, $path) = @ARGV;
		sub rec { my ($type, $c) = @_;
			pack("CCnnCC", 1, $type, 1, length $c, 0, 0) . $c }
		sub nv { my ($k, $v) = @_; pack("CC", length $k, length $v) . $k . $v }
		my $p = nv("REQUEST_METHOD", $method) . nv("DOCUMENT_URI", $path)
		    . nv("REQUEST_URI", $path) . nv("QUERY_STRING", "")
		    . nv("SERVER_PROTOCOL", "HTTP/1.1") . nv("HTTP_HOST", "127.0.0.1");
		my $all = rec(1, pack("nCx5", 1, 0)) . rec(4, $p) . rec(4, "")
		    . rec(5, "");
		my $cut = 8 + 16 + 8 + int(length($p) / 2);
		open my $a, ">", "$prefix.1" or die; print $a substr($all, 0, $cut);
		open my $b, ">", "$prefix.2" or die; print $b substr($all, $cut);
	' "$@"
}

# ops_wrk_pace: the line of a wrk script that makes each connection wait
# PERFIL_TEST_WRK_DELAY_MS between its requests (64 connections at 100 ms:
# 640 requests a second at most), or none (full speed). Set where the load
# is not what is tested: run-checked for ASan+UBSan, leader_hang.test.sh.
ops_wrk_pace() {
	local ms=${PERFIL_TEST_WRK_DELAY_MS:-0}
	[[ $ms =~ ^[0-9]+$ ]] && ((ms > 0)) || return 0
	printf 'function delay() return %d end\n' "$ms"
}

# ops_wrk_script METHOD PATH: print a wrk script that sends METHOD PATH and, at
# the end, prints "status CODE COUNT" lines, "first5xx MS" (the wall clock in
# milliseconds of the first 5xx answer, 0 if none), "t5xx MS" for each of
# the first 100 5xx answers of each thread, the socket errors
# ("socketerrors N", then "connect N", "read N", "write N", "timeout N") and
# the latency ("p99ms N", "maxms N"); paced as ops_wrk_pace says.
ops_wrk_script() {
	cat <<EOF
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_usec; } perfil_tv;
int gettimeofday(perfil_tv *, void *);
]]
local tv = ffi.new("perfil_tv")
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) counts = {}; first5xx = 0; t5xx = {} end
function request() return wrk.format("$1", "$2") end
$(ops_wrk_pace)
function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
  if status >= 500 then
    ffi.C.gettimeofday(tv, nil)
    local ms = tonumber(tv.tv_sec) * 1000 + math.floor(tonumber(tv.tv_usec) / 1000)
    if first5xx == 0 then first5xx = ms end
    if #t5xx < 100 then t5xx[#t5xx + 1] = ms end
  end
end
function done(summary, latency, requests)
  local total, first = {}, 0
  for _, t in ipairs(threads) do
    for k, v in pairs(t:get("counts")) do total[k] = (total[k] or 0) + v end
    local f = t:get("first5xx")
    if f > 0 and (first == 0 or f < first) then first = f end
    for _, ms in ipairs(t:get("t5xx")) do io.write(string.format("t5xx %.0f\n", ms)) end
  end
  for k, v in pairs(total) do io.write(string.format("status %d %d\n", k, v)) end
  io.write(string.format("first5xx %.0f\n", first))
  local e = summary.errors
  io.write(string.format("socketerrors %d\n", e.connect + e.read + e.write + e.timeout))
  io.write(string.format("connect %d\nread %d\nwrite %d\ntimeout %d\n",
    e.connect, e.read, e.write, e.timeout))
  io.write(string.format("p99ms %.0f\nmaxms %.0f\n",
    latency:percentile(99) / 1000, latency.max / 1000))
end
EOF
}

# ops_wrk OUT METHOD PATH SECONDS [TIMEOUT [HEADER]]: wrk with 64 connections
# (2 threads) on $BASE, counting statuses (ops_wrk_script); a request without
# an answer after TIMEOUT (default 5s; "default": wrk's own, 2 s, as a client
# would) counts as a socket error. HEADER (such as "Connection: close") is
# sent with every request.
ops_wrk() {
	local h=() to=(--timeout "${5:-5s}")
	[[ -n ${6-} ]] && h=(-H "$6")
	[[ ${5-} == default ]] && to=()
	ops_wrk_script "$2" "$3" >"$BB_TMP/$2.lua"
	wrk -t2 -c64 -d"$4"s "${to[@]}" --latency "${h[@]}" \
		-s "$BB_TMP/$2.lua" "$BASE$3" >"$1" 2>&1
}

# ops_wrk_until OUT METHOD PATH SECONDS ANSWERS ROUNDS: ops_wrk in runs of
# SECONDS, their outputs one after another in OUT, until ANSWERS answers or
# ROUNDS runs: a count of answers, not a rate. (A cold mod_fcgid starts its
# responders in the first seconds, slower on a busy machine: a CI run of 2 s
# had 67 answers where a quiet one has thousands.) Prints the runs made.
ops_wrk_until() {
	local run=0
	: >"$1"
	while ((run < $6 && $(ops_wrk_total "$1") < $5)); do
		ops_wrk "$BB_TMP/until.out" "$2" "$3" "$4"
		cat "$BB_TMP/until.out" >>"$1"
		run=$((run + 1))
	done
	echo "$run"
}

# ops_wrk_total OUT: the answers in OUT, whatever their status.
ops_wrk_total() {
	awk '$1 == "status" { n += $3 } END { print n + 0 }' "$1"
}

# ops_wrk_count OUT WHAT: the number after "status WHAT" (or another key) in OUT.
ops_wrk_count() {
	awk -v k="$2" '$1 == "status" && $2 == k { n += $3 }
		$1 == k { n += $2 } END { printf "%.0f\n", n }' "$1"
}

# ops_wrk_5xx_between OUT FROM TO: the 5xx answers in OUT (its "t5xx"
# lines) whose wall clock in milliseconds is in [FROM, TO).
ops_wrk_5xx_between() {
	awk -v a="$2" -v b="$3" '$1 == "t5xx" && $2 >= a && $2 < b { n++ }
		END { print n + 0 }' "$1"
}

# ops_wrk_5xx OUT: the answers with a 5xx status in OUT.
ops_wrk_5xx() {
	awk '$1 == "status" && $2 >= 500 { n += $3 } END { print n + 0 }' "$1"
}
