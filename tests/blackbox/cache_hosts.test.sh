#!/usr/bin/env bash
# front: nginx-only it floods the shipped nginx site's micro-cache with Host headers; run once
# The micro-cache key names the site, not the client's Host (issue 46): with
# $host in the key and a server answering any name, 2,000 invented Host
# values made 2,000 cache files of the same bytes (4,053 files and 141 MB
# over max_size=64m under a flood). The shipped configuration keys on
# $server_name and answers a name that is not the site's with 421 from a
# server block of its own; the site's names (127.0.0.1, localhost, with any
# port, any case) share one entry per answer. 2,000 requests with distinct
# Host headers through the shipped configuration then leave at most the
# few files the site's own names made, and the cache directory within the
# configuration's max_size, its bytes counted.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

STACK_CACHE=1
trap 'stack_stop; _bb_finish' EXIT
bb_private_stack 1160 'with the micro-cache, for a flood of Host headers'
port=${BASE##*:}
cache=$STACK_DIR/cache

# cache_files: the number of files in the cache directory.
cache_files() {
	find "$cache" -type f | wc -l
}

# host_req HOST PATH: GET PATH with Host: HOST; sets STATUS and XCACHE.
host_req() {
	local out
	out=$(curl -s -o /dev/null --max-time 10 -H "Host: $1" \
		-w '%{http_code} %header{x-cache-status}' "$BASE$2")
	STATUS=${out%% *}
	XCACHE=${out#* }
}

t 'the site answers its own names: 127.0.0.1 and localhost, with and without the port, in any case'
for h in "127.0.0.1:$port" 127.0.0.1 "localhost:$port" localhost LOCALHOST "LocalHost:$port"; do
	host_req "$h" /api/v1/health
	expect_equal "Host: $h: /api/v1/health" 200 "$STATUS"
done

t 'one cache entry per answer whatever the site name: localhost repeats what 127.0.0.1 stored (a HIT)'
hit=
for try in 1 2 3; do # req_repeat's rule: the repeat may reach nginx before the file is in place
	host_req "127.0.0.1:$port" /api/v1/about
	host_req "localhost:$port" /api/v1/about
	[[ $STATUS == 200 && $XCACHE == HIT ]] && { hit=yes; break; }
	bb_next_second # the entry of this second is over
done
expect_equal "Host: localhost:$port after Host: 127.0.0.1:$port, /api/v1/about (try $try)" \
	'200 HIT' "$STATUS $XCACHE"

t 'an invented Host is answered 421 by nginx, never the responder or the cache'
host_req "flood-1.invalid" /api/v1/profile
expect_equal 'Host: flood-1.invalid: /api/v1/profile' '421 ' "$STATUS $XCACHE"
host_req "203.0.113.7:$port" /
expect_equal "Host: 203.0.113.7:$port: /" '421 ' "$STATUS $XCACHE"

t '2,000 requests with distinct Host headers: each 421, at most a handful of cache files'
before=$(cache_files)
if ! python3 - "$port" 2000 >"$BB_TMP/flood.out" 2>&1 <<'PY'; then
import http.client, sys, time
port, n = int(sys.argv[1]), int(sys.argv[2])
paths = ["/api/v1/profile", "/", "/en/cv", "/llms.txt"]
codes, conn, deadline = {}, None, time.monotonic() + 120
for i in range(n):
    if time.monotonic() > deadline:
        print("stopped after", i, "requests: 120 s"); sys.exit(1)
    for attempt in (1, 2):
        try:
            if conn is None:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.putrequest("GET", paths[i % len(paths)], skip_host=True)
            conn.putheader("Host", "h%d.flood.invalid" % i)
            conn.endheaders()
            r = conn.getresponse()
            r.read()
            codes[r.status] = codes.get(r.status, 0) + 1
            if r.getheader("Connection", "").lower() == "close":
                conn.close(); conn = None
            break
        except (OSError, http.client.HTTPException):
            if conn is not None:
                conn.close()
            conn = None
            if attempt == 2:
                raise
print(" ".join("%d:%d" % kv for kv in sorted(codes.items())))
PY
	_bb_fail 'the flood ran' "$(cat "$BB_TMP/flood.out")"
fi
expect_equal 'statuses of the 2,000 answers (status:count)' '421:2000' "$(tail -n 1 "$BB_TMP/flood.out")"
after=$(cache_files)
expect_equal "cache files added by the flood ($before before it)" 0 $((after - before))
expect_equal "at most a handful of cache files (6) in all" yes \
	"$( ((after <= 6)) && echo yes || echo "no: $after")"

t 'the cache directory stays within the max_size of the shipped configuration (bytes counted)'
max=$(grep -o 'max_size=[0-9]*[kmg]\?' "$STACK_DIR/perfil.conf" | head -n 1 | cut -d= -f2)
case $max in
*k) max_bytes=$((${max%k} * 1024)) ;;
*m) max_bytes=$((${max%m} * 1024 * 1024)) ;;
*g) max_bytes=$((${max%g} * 1024 * 1024 * 1024)) ;;
*) max_bytes=$max ;;
esac
bytes=$(find "$cache" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
expect_equal "bytes in the cache directory ($bytes, max_size=$max)" yes \
	"$( ((max_bytes > 0 && bytes <= max_bytes)) && echo yes || echo no)"

t 'the site still answers its own names after the flood'
host_req "127.0.0.1:$port" /api/v1/profile
expect_equal "Host: 127.0.0.1:$port: /api/v1/profile" 200 "$STATUS"
