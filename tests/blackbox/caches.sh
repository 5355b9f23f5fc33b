# caches.sh: helpers for the black-box files about what --cache-dir keeps
# (load_cache: the compressed variants; snapshot: the renders): a private
# stack on a copy of the content, the answers to a list of URLs saved in
# each coding and compared byte for byte, a reload and its log lines.
# Source it after lib.sh and tests/lib/stack.sh.

# caches_stack OFFSET: a private stack (port base + OFFSET) on a copy of
# the content, without nginx's micro-cache (the bytes compared must be the
# responder's) and without the reload watch; sets sup (the supervisor),
# log, dir (the cache directory) and reload_ms.
caches_stack() {
	PERFIL_ARGS='--reload-check 0'
	STACK_CACHE=0
	rm -rf "$BB_TMP/content"
	cp -R "$CONTENT" "$BB_TMP/content" && chmod -R a+rX "$BB_TMP/content"
	PERFIL_CONTENT=$BB_TMP/content
	trap 'stack_stop; _bb_finish' EXIT
	bb_private_stack "$1" 'with a cache directory'
	sup=$STACK_RESPONDER_PID
	log=$STACK_DIR/perfil.log
	dir=$STACK_DIR/zcache
	reload_ms=$(bb_reload_ms)
}

# answers NAME URL...: the answers to the URLs in each coding (status and
# headers without Date, body), then to each JSON-RPC call of mcp_calls
# (unset: none) on /mcp, into $BB_TMP/NAME.
# One curl for all of them (transfers apart with --next, on one kept
# connection) and one sed: a process per request made the plain run's
# snapshot file one of its slowest.
answers() {
	local name=$1 u c m i=0 args=()
	shift
	rm -rf "${BB_TMP:?}/$name"
	mkdir -p "$BB_TMP/$name"
	for u in "$@"; do
		for c in identity gzip br; do
			((${#args[@]})) && args+=(--next)
			args+=(-s -H "Accept-Encoding: $c" -D "$BB_TMP/$name/$i.$c.h"
				-o "$BB_TMP/$name/$i.$c" "$BASE$u")
		done
		i=$((i + 1))
	done
	for m in "${mcp_calls[@]}"; do
		((${#args[@]})) && args+=(--next)
		args+=(-s -H 'Content-Type: application/json'
			-H 'Accept: application/json, text/event-stream'
			-o "$BB_TMP/$name/mcp.$i"
			--data-binary '{"jsonrpc":"2.0","id":1,'"$m"'}' "$BASE/mcp")
		i=$((i + 1))
	done
	((${#args[@]})) || return 0
	curl "${args[@]}"
	(($# == 0)) || sed -i '/^[Dd]ate:/d' "$BB_TMP/$name"/*.h
}

# same_as NAME WHAT URL...: the answers to the URLs now are NAME's (saved
# by answers with the same URLs), byte for byte.
same_as() {
	local name=$1 what=$2
	shift 2
	answers now "$@"
	diff -r "$BB_TMP/$name" "$BB_TMP/now" >"$BB_TMP/diff" 2>&1
	_bb_check $? "$what: every answer the same bytes, in every coding" \
		"$(head -c 400 "$BB_TMP/diff")"
}

# reload_says WHAT REGEX DESC: SIGHUP, then a line "WHAT: ..." of that
# load matches REGEX; the load's lines are in $BB_TMP/load.
reload_says() {
	local n before
	n=$(grep -c 'content reloaded' "$log")
	before=$(wc -l <"$log")
	bb_reload "$sup"
	bb_await_lines "$log" 'content reloaded' $((n + 1)) "$reload_ms"
	_bb_check $? 'the content reloads' "$(tail -n 3 "$log")"
	tail -n +$((before + 1)) "$log" >"$BB_TMP/load"
	grep -E "$1: .*$2" "$BB_TMP/load" >/dev/null
	_bb_check $? "$3" "$(grep "$1:" "$BB_TMP/load")"
}
