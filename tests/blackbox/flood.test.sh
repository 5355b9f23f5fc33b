#!/usr/bin/env bash
# front: nginx-only it floods the shipped nginx site's micro-cache; run once
# A flood of unique URLs through the site as it ships (micro-cache on): search
# terms and limits, query strings, 404 paths and Accept-Language values, every
# request new, from 64 connections with wrk. Anyone can send such requests;
# they must cost the cache nothing: no answer is a 5xx, nginx's error log has
# no [alert], [crit] or [error] line (the keys zone never runs out, no entry
# stays locked), and the cache directory stays within its max_size.
#
# FLOOD_REQUESTS (default 200,000; 20,000 for the checked builds of
# run-checked, which test memory and races, not load) is the number sent.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

n=${FLOOD_REQUESTS:-200000}
if bb_checked; then
	n=${FLOOD_REQUESTS:-20000}
fi
STACK_CACHE=1
PERFIL_ARGS='--workers 2'
trap 'stack_stop; _bb_finish' EXIT
bb_require wrk
bb_private_stack 650 'for the flood'

# Words of the content, so that some searches find something.
words=$(content projects.json '[.[].title.es, .[].stack[]] | join(" ")' |
	tr -d '"' | tr -cs 'A-Za-z' '\n' | awk 'length >= 3' | sort -u |
	head -n 40 | sed 's/.*/"&"/' | paste -sd, -)

# Every request of every run new: thread i of the run starting at OFFSET
# (wrk's argument) sends OFFSET + i + 2k for k = 0, 1, ...; at the end the
# status counts.
cat >"$BB_TMP/flood.lua" <<EOF
local words = { $words }
local threads = {}
function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end
function init(args) counts = {}; sent = 0; offset = tonumber(args[1]) end
function request()
  local u = offset + id + 2 * sent
  sent = sent + 1
  local k = u % 4
  if k == 0 then
    return wrk.format("GET", "/api/v1/search?q=" .. words[u % #words + 1] ..
      "+" .. words[(u * 7) % #words + 1] .. "&limit=" .. (u % 50 + 1) ..
      "&u=" .. u)
  elseif k == 1 then
    return wrk.format("GET", "/api/v1/profile?x=" .. u)
  elseif k == 2 then
    return wrk.format("GET", ((u % 2 == 0) and "/api/v1/nope-" or "/nope-") .. u)
  else
    return wrk.format("GET", "/api/v1/about", { ["Accept-Language"] = "x" .. u })
  end
end
function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end
function done(summary, latency, requests)
  local total = {}
  for _, t in ipairs(threads) do
    for k, v in pairs(t:get("counts")) do total[k] = (total[k] or 0) + v end
  end
  for k, v in pairs(total) do io.write(string.format("status %d %d\n", k, v)) end
end
EOF

t "$n unique URLs from 64 connections: no 5xx, no error-log line, the cache within bounds"
# Runs of 2 s until n answers (wrk has no request count of its own); each run
# starts its numbers after the last one's, at most 100 runs.
: >"$BB_TMP/flood.out"
total=0
for ((run = 0; run < 100 && total < n; run++)); do
	wrk -t2 -c64 -d2s --timeout 10s -s "$BB_TMP/flood.lua" "$BASE" -- \
		"$((run * 10000000))" >"$BB_TMP/flood.run" 2>&1
	cat "$BB_TMP/flood.run" >>"$BB_TMP/flood.out"
	total=$(ops_wrk_total "$BB_TMP/flood.out")
done
bad=$(ops_wrk_5xx "$BB_TMP/flood.out")
_bb_check $((total < n)) "at least $n answers" "$(tail -n 20 "$BB_TMP/flood.out")"
expect_equal 'answers with a 5xx status' 0 "$bad"
lines=$(grep -E '\[(alert|crit|error|emerg)\]' "$STACK_DIR/error.log")
expect_equal "nginx's [alert], [crit], [error] lines" '' "$lines"
size=$(du -sk "$STACK_DIR/cache" | cut -f1)
_bb_check $((size > 64 * 1024)) 'the cache directory within max_size (64 MB)' \
	"$size KiB"
printf '        (%s answers in %s runs of 2 s; last run: %s)\n' "$total" "$run" \
	"$(grep -E 'Requests/sec|Latency' "$BB_TMP/flood.run" | tr -s ' ' | paste -sd';' -)"

t 'after the flood the site answers, and the default answers are cached again'
req_repeat /api/v1/profile
expect_status 200
expect_header x-cache-status HIT
