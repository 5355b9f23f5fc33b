#!/usr/bin/env bash
# /mcp at the byte level (docs/mcp.md): revision 2026-07-28 beside 2025-11-25
# chosen per request, ids echoed as the very token sent, answers that are UTF-8
# whatever the header bytes, method names and arguments compared whole (U+0000),
# arguments of the schema's type, bounded nesting, and the transport's refusals
# of a compressed body and a malformed query.
. "$(dirname "$0")/lib.sh"

MCP_ACCEPT='Accept: application/json, text/event-stream'
MCP_JSON='Content-Type: application/json'
META='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}'

# mcp BODY [CURL-ARGS...]: POST one JSON-RPC message to /mcp.
mcp() {
	local body=$1
	shift
	req POST /mcp -H "$MCP_JSON" -H "$MCP_ACCEPT" --data-binary "$body" "$@"
}

# modern METHOD PARAMS-MEMBERS [CURL-ARGS...]: a 2026-07-28 request (id 1)
# with its headers; PARAMS-MEMBERS go into params beside _meta.
modern() {
	local m=$1 p=$2
	shift 2
	mcp '{"jsonrpc":"2.0","id":1,"method":"'"$m"'","params":{'"$p${p:+,}$META"'}}' \
		-H 'MCP-Protocol-Version: 2026-07-28' -H "Mcp-Method: $m" "$@"
}

# expect_utf8_json: the body is valid UTF-8 and parses as JSON.
expect_utf8_json() {
	if iconv -f UTF-8 -t UTF-8 "$RESP_DIR/body" >/dev/null 2>&1 &&
		jq -e . "$RESP_DIR/body" >/dev/null 2>&1; then
		_bb_pass
	else
		_bb_fail 'the body is JSON in valid UTF-8' "$(head -c 200 "$RESP_DIR/body" | od -c | head -5)"
	fi
}

# expect_id TOKEN: the answer's id is exactly TOKEN, as sent.
expect_id() {
	local body want
	body=$(<"$RESP_DIR/body")
	want="{\"jsonrpc\":\"2.0\",\"id\":$1"
	expect_equal 'the id token' "${body:0:${#want}}" "$want"
	expect_utf8_json
}

t 'ids are echoed as the token sent: 1e400, 12345678901234567890, "x", 0, -1 (results and errors)'
for id in 1e400 12345678901234567890 '"x"' 0 -1 9007199254740993 '"\u00e9"'; do
	mcp '{"jsonrpc":"2.0","id":'"$id"',"method":"ping"}'
	expect_status 200
	expect_id "$id"
	mcp '{"jsonrpc":"2.0","id":'"$id"',"method":"no/such"}'
	expect_json '.error.code' -32601
	expect_id "$id"
	mcp '{"id" : '"$id"' , "jsonrpc":"2.0","method":"ping","params":{}}' -H 'MCP-Protocol-Version: 1900-01-01'
	expect_status 400
	expect_id "$id"
	mcp '{"jsonrpc":"2.0","method":"tools/list","params":{"_meta":{}},"id":'"$id"'}' \
		-H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/list'
	expect_status 400
	expect_json '.error.code' -32602
	expect_id "$id"
done
# The first "id" member is the one answered, as cJSON reads it.
mcp '{"jsonrpc":"2.0","id":1e400,"method":"ping","x":{"id":2}}'
expect_id 1e400

t 'header bytes that are not UTF-8 never reach a JSON answer'
for h in $'Origin: https://\xff\xfe' $'MCP-Protocol-Version: 2025-\xff' $'Content-Encoding: g\xffzip' \
	$'Accept-Language: \xff'; do
	mcp '{"jsonrpc":"2.0","id":1,"method":"ping"}' -H "$h"
	expect_utf8_json
done
for h in $'Mcp-Method: tools/\xff\nMcp-Name: getProfile' $'Mcp-Method: tools/call\nMcp-Name: get\xc3'; do
	mcp '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"getProfile",'"$META"'}}' \
		-H 'MCP-Protocol-Version: 2026-07-28' -H "${h%%$'\n'*}" -H "${h#*$'\n'}"
	expect_status 400
	expect_json '.error.code' -32020
	expect_utf8_json
done
mcp '{"jsonrpc":"2.0","id":1,"method":"ping"}' -H $'MCP-Protocol-Version: \xff\xfe'
expect_json '.error.data.requested' '"??"'

t 'a method name is compared whole: "tools/call\u0000x" and "ping\u0000" are no method'
mcp '{"jsonrpc":"2.0","id":1,"method":"tools/call\u0000x","params":{"name":"getProfile"}}'
expect_status 200
expect_json '.error.code' -32601
expect_utf8_json
mcp '{"jsonrpc":"2.0","id":1,"method":"ping\u0000"}'
expect_json '.error.code' -32601
mcp '{"jsonrpc":"2.0","id":1,"method":"ping\\u0000"}'
expect_json '.error.code' -32601
mcp '{"jsonrpc":"2.0","id":1,"method":"tools/call\u0000x","params":{"name":"getProfile",'"$META"'}}' \
	-H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' -H 'Mcp-Name: getProfile'
expect_status 400
expect_json '.error.code' -32020

t 'arguments are compared whole and typed: q "nube\u0000x" and limit "5" are refused'
mcp '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"searchContent","arguments":{"q":"nube\u0000x"}}}'
expect_json '.id' 2
expect_json '.error.code' -32602
mcp '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"getProfile\u0000x"}}'
expect_json '.error.code' -32602
mcp '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"listProjects","arguments":{"limit":"5"}}}'
expect_json '.result.isError' true
expect_json '.result.content[0].text | fromjson | .error.message' '"Argument '"'"'limit'"'"' must be an integer, as the tool'"'"'s inputSchema says."'
mcp '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"searchContent","arguments":{"q":5}}}'
expect_json '.result.isError' true
mcp '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"listProjects","arguments":{"limit":5}}}'
expect_json '.result.structuredContent.meta.limit' 5
mcp '{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"'"$BASE"'/about.md\u0000x"}}'
expect_json '.error.code' -32002

t 'nesting is bounded before parsing: 33 levels are -32600, 32 are read'
# The message and its params are two levels.
deep=$(printf '[%.0s' {1..30})$(printf ']%.0s' {1..30})
mcp '{"jsonrpc":"2.0","id":3,"method":"ping","params":{"x":'"$deep"'}}'
expect_status 200
deep=$(printf '[%.0s' {1..31})$(printf ']%.0s' {1..31})
mcp '{"jsonrpc":"2.0","id":3,"method":"ping","params":{"x":'"$deep"'}}'
expect_status 400
expect_json '.error.code' -32600
expect_json_true '.error.message | contains("32")'
deep=$(printf '{"a":%.0s' {1..5000})1$(printf '}%.0s' {1..5000})
mcp "$deep"
expect_status 400
expect_json '.error.code' -32600
# Brackets inside strings are text, not nesting.
mcp '{"jsonrpc":"2.0","id":3,"method":"ping","params":{"x":"'"$(printf '[%.0s' {1..100})"'"}}'
expect_status 200

t 'a raw control character in the body (JSON allows none but tab, LF, CR) is -32700, answered as valid JSON'
# cJSON skips them as white space; the id is echoed from the raw text, so
# such a body once echoed NUL bytes as its id (found by fuzz_handler)
for c in '\x00' '\x01' '\x0b'; do
	printf '{"jsonrpc":"2.0","id":%b1,"method":"ping"}' "$c" >"$BB_TMP/ctl.json"
	req POST /mcp -H "$MCP_JSON" -H "$MCP_ACCEPT" --data-binary @"$BB_TMP/ctl.json"
	expect_status 400
	expect_json '.error.code' -32700
	expect_utf8_json
done

t 'a compressed body is 415, not a parse error; identity is served'
printf '{"jsonrpc":"2.0","id":1,"method":"ping"}' | gzip -c >"$BB_TMP/ping.gz"
req POST /mcp -H "$MCP_JSON" -H "$MCP_ACCEPT" -H 'Content-Encoding: gzip' --data-binary @"$BB_TMP/ping.gz"
expect_status 415
expect_json '.error.code' -32600
expect_header accept-encoding identity
mcp '{"jsonrpc":"2.0","id":1,"method":"ping"}' -H 'Content-Encoding: identity'
expect_status 200

t '?lang=en%00 is 400 like the API, not a fallback to the default language'
req POST '/mcp?lang=en%00' -H "$MCP_JSON" -H "$MCP_ACCEPT" --data-binary '{"jsonrpc":"2.0","id":1,"method":"ping"}'
expect_status 400
expect_json '.error.code' -32600
req GET '/api/v1/profile?lang=en%00'
expect_status 400

t '2026-07-28: server/discover names both eras, the tools and resources, with the caching hints'
modern server/discover ''
expect_status 200
expect_header cache-control no-store
expect_json '.result.resultType' '"complete"'
expect_json '.result.supportedVersions' '["2026-07-28","2025-11-25","2025-06-18","2025-03-26"]'
expect_json '.result.capabilities' '{"tools":{},"resources":{},"prompts":{}}'
expect_json '.result._meta["io.modelcontextprotocol/serverInfo"].name' '"perfil"'
expect_json '.result.cacheScope' '"public"'
# ttlMs is the max-age the API promises every client (Cache-Control).
req GET /api/v1/profile
maxage=$(grep -io 'max-age=[0-9]*' "$RESP_DIR/raw-headers" | head -1 | cut -d= -f2)
for m in tools/list resources/list resources/templates/list prompts/list; do
	modern "$m" ''
	expect_json '.result.ttlMs' "$((maxage * 1000))"
	expect_json '.result.cacheScope' '"public"'
done
modern resources/read '"uri":"'"$BASE"'/about.md"' -H "Mcp-Name: $BASE/about.md"
expect_json '.result.ttlMs' "$((maxage * 1000))"
modern tools/call '"name":"getProfile"' -H 'Mcp-Name: =?base64?Z2V0UHJvZmlsZQ==?='
expect_status 200
expect_json '.result.resultType' '"complete"'
expect_json '.result | has("ttlMs")' false
expect_json_true '.result.structuredContent.data | type == "object"'

t '2026-07-28: what it removed or perfil lacks is 404 with -32601 and the id; 2025-11-25 keeps initialize and ping'
for m in initialize ping completion/complete subscriptions/listen no/such; do
	modern "$m" ''
	expect_status 404
	expect_json '.id' 1
	expect_json '.error.code' -32601
done
# The error names the methods of the request's era, from the method table.
expect_json_true '.error.message | contains("answers server/discover, tools/list, tools/call, resources/list, resources/templates/list, resources/read, prompts/list and prompts/get (protocol revision 2026-07-28)")'
mcp '{"jsonrpc":"2.0","id":1,"method":"ping"}' -H 'MCP-Protocol-Version: 2025-11-25'
expect_json '.' '{"jsonrpc":"2.0","id":1,"result":{}}'
mcp '{"jsonrpc":"2.0","id":1,"method":"server/discover"}' -H 'MCP-Protocol-Version: 2025-11-25'
expect_json '.error.code' -32601
expect_json_true '.error.message | contains("answers initialize, ping, tools/list, tools/call, resources/list, resources/templates/list, resources/read, prompts/list and prompts/get (protocol revision 2025-11-25)")'
# _meta naming a revision without the header: a modern client's mistake.
mcp '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{'"$META"'}}'
expect_status 400
expect_json '.error.code' -32020

# Apache makes its 400 and 414 before any <Location> or <If> applies (its
# request line is not known yet), so they keep the API's envelope there
# (JSON, not JSON-RPC): nginx's site reads the request line.
if [[ ${PERFIL_FRONT:-nginx} != apache ]]; then
t "the front's own 414 and 400 (headers too large) at /mcp are JSON-RPC errors"
req POST "/mcp?lang=$(printf 'e%.0s' {1..9000})" -H "$MCP_JSON" -H "$MCP_ACCEPT" --data-binary '{"jsonrpc":"2.0","id":1,"method":"ping"}'
expect_status 414
expect_header content-type 'application/json; charset=utf-8'
expect_json '.jsonrpc' '"2.0"'
expect_json '.error.code' -32600
req POST /mcp -H "$MCP_JSON" -H "$MCP_ACCEPT" -H "X-Big: $(printf 'b%.0s' {1..20000})" --data-binary '{"jsonrpc":"2.0","id":1,"method":"ping"}'
expect_status 400
expect_header content-type 'application/json; charset=utf-8'
expect_json '.jsonrpc' '"2.0"'
expect_json '.error.code' -32600
# The API keeps its own envelope.
req GET "/api/v1/profile?lang=$(printf 'e%.0s' {1..9000})"
expect_status 414
expect_json '.error.status' 414
fi
