#!/usr/bin/env bash
# /mcp: the MCP server over Streamable HTTP (docs/mcp.md), protocol revision
# 2025-11-25. First the transport's rules with curl (each refusal with the
# status the specification gives and a JSON-RPC error, never a 5xx), then the
# official TypeScript SDK client (tests/mcp/check.mjs: every tool against the
# API's answer for the same parameters, every resource against its page, in
# both languages), then the MCP Inspector's CLI listing the tools.
. "$(dirname "$0")/lib.sh"

MCP_ACCEPT='Accept: application/json, text/event-stream'
MCP_JSON='Content-Type: application/json'

# mcp BODY [CURL-ARGS...]: POST one JSON-RPC message to /mcp.
mcp() {
	local body=$1
	shift
	req POST /mcp -H "$MCP_JSON" -H "$MCP_ACCEPT" --data-binary "$body" "$@"
}

# expect_rpc_error STATUS CODE: the answer is STATUS with a JSON-RPC error
# CODE, id null, and the headers of every /mcp answer.
expect_rpc_error() {
	expect_status "$1"
	expect_header content-type 'application/json; charset=utf-8'
	expect_header cache-control no-store
	expect_json '.jsonrpc' '"2.0"'
	expect_json '.id' null
	expect_json '.error.code' "$2"
	expect_json_true '.error.message | type == "string" and length > 10'
}

t 'initialize: 200 application/json, the newest revision, tools and resources, the facts as instructions'
mcp '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}'
expect_status 200
expect_header content-type 'application/json; charset=utf-8'
expect_header cache-control no-store
expect_header content-language es
expect_header_absent mcp-session-id
expect_json '.id' 1
expect_json '.result.protocolVersion' '"2025-11-25"'
expect_json '.result.capabilities | keys' '["prompts","resources","tools"]'
expect_json '.result.serverInfo.name' '"perfil"'
expect_json_true '.result.serverInfo.version | test("^[0-9]+\\.[0-9]+")'
expect_json '.result.serverInfo.title' "$(jq -c .name "$CONTENT/profile.json")"
expect_json_true '.result.instructions | contains($n)' --arg n "$(jq -r .name "$CONTENT/profile.json")"

t 'initialize negotiates: an older revision it speaks is echoed, an unknown one gets the newest'
mcp '{"jsonrpc":"2.0","id":"a","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}'
expect_json '.id' '"a"'
expect_json '.result.protocolVersion' '"2025-06-18"'
mcp '{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"1999-01-01","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}'
expect_json '.result.protocolVersion' '"2025-11-25"'

t 'the instructions are in the negotiated language: Accept-Language, or ?lang= in the endpoint URL'
for l in es en; do
	path=/agents.md
	[[ $l == es ]] || path=/$l/agents.md
	facts=$(curl -s "$BASE$path" | awk '/^## /{n++} n==1')
	mcp '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}' \
		-H "Accept-Language: $l"
	expect_header content-language "$l"
	expect_json_true '.result.instructions | contains($f) and ($f | length) > 100' --arg f "$facts"
done
req POST '/mcp?lang=en' -H "$MCP_JSON" -H "$MCP_ACCEPT" --data-binary '{"jsonrpc":"2.0","id":1,"method":"ping"}'
expect_status 200
expect_header content-language en
expect_json '.result' '{}'

t 'ping answers an empty result'
mcp '{"jsonrpc":"2.0","id":7,"method":"ping"}' -H 'MCP-Protocol-Version: 2025-11-25'
expect_status 200
expect_json '.' '{"jsonrpc":"2.0","id":7,"result":{}}'

t 'a notification and a response are accepted with 202 and no body'
mcp '{"jsonrpc":"2.0","method":"notifications/initialized"}'
expect_status 202
expect_body_empty
mcp '{"jsonrpc":"2.0","id":5,"result":{}}'
expect_status 202
expect_body_empty

t 'tools/list: the API operations but health, each with input and output schemas'
mcp '{"jsonrpc":"2.0","id":3,"method":"tools/list"}'
expect_status 200
expect_json_true '[.result.tools[].name] | index("getProfile") != null and index("listProjects") != null and index("getProject") != null and index("searchContent") != null and index("getHealth") == null'
expect_json_true 'all(.result.tools[]; .inputSchema.type == "object" and .outputSchema.type == "object" and .outputSchema.required == ["data", "meta"] and .annotations.readOnlyHint == true)'
expect_json '.result.tools[] | select(.name == "listProjects") | .inputSchema.properties.limit | [.minimum, .maximum, .default]' '[1,100,100]'
expect_json '.result.tools[] | select(.name == "searchContent") | .inputSchema.required' '["q"]'
expect_json '.result.tools[] | select(.name == "getProject") | .inputSchema.required' '["slug"]'

t 'tools/call: structuredContent is the API answer for the same parameters'
mcp '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"listProjects","arguments":{"limit":1,"offset":1,"lang":"en"}}}'
expect_status 200
cp "$RESP_DIR/body" "$BB_TMP/call.json"
req GET '/api/v1/projects?limit=1&offset=1&lang=en'
expect_equal 'structuredContent' "$(jq -cS .result.structuredContent "$BB_TMP/call.json")" "$(jq -cS . "$RESP_DIR/body")"
expect_equal 'the text content' "$(jq -r '.result.content[0].text' "$BB_TMP/call.json" | jq -cS .)" "$(jq -cS . "$RESP_DIR/body")"

t 'a tool error (a limit out of bounds, an unknown slug) is a result with isError and the API error'
mcp '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"listProjects","arguments":{"limit":500}}}'
expect_status 200
expect_json '.result.isError' true
expect_json '.result.content[0].text | fromjson | .error.code' '"invalid_parameter"'
mcp '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"getProject","arguments":{"slug":"no-such-project"}}}'
expect_json '.result.isError' true
expect_json '.result.content[0].text | fromjson | .error.code' '"not_found"'
mcp '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"getProfile","arguments":{"bogus":1}}}'
expect_json '.result.isError' true
# a number beyond any integer (the handler fuzzer found its cast undefined)
mcp '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"listProjects","arguments":{"limit":1e300}}}'
expect_status 200
expect_json '.result.isError' true
expect_json '.result.content[0].text | fromjson | .error.code' '"invalid_parameter"'

t 'an unknown tool and malformed params are -32602; an unknown method -32601'
mcp '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"deleteEverything"}}'
expect_status 200
expect_json '.error.code' -32602
mcp '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"getProfile","arguments":[1]}}'
expect_json '.error.code' -32602
mcp '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":"x"}'
expect_json '.error.code' -32602
mcp '{"jsonrpc":"2.0","id":4,"method":"completion/complete"}'
expect_status 200
expect_json '.id' 4
expect_json '.error.code' -32601
# the prompts capability with an empty list; no name is a prompt
mcp '{"jsonrpc":"2.0","id":5,"method":"prompts/list"}'
expect_status 200
expect_json '.id' 5
expect_json '.result' '{"prompts":[]}'
mcp '{"jsonrpc":"2.0","id":6,"method":"prompts/get","params":{"name":"x"}}'
expect_json '.id' 6
expect_json '.error.code' -32602

t 'resources/read of an unknown URI is -32002; of a listed one, its text'
mcp '{"jsonrpc":"2.0","id":6,"method":"resources/read","params":{"uri":"file:///etc/passwd"}}'
expect_json '.error.code' -32002
mcp '{"jsonrpc":"2.0","id":6,"method":"resources/read","params":{"uri":"'"$BASE"'/about.md"}}'
expect_json '.result.contents[0].mimeType' '"text/markdown"'
expect_json_true '.result.contents[0].text | startswith("# ")'

t 'malformed JSON is a parse error (-32700), 400'
mcp '{"jsonrpc":"2.0","id":1,"method":"ping"'
expect_rpc_error 400 -32700
mcp '{"jsonrpc":"2.0","id":1,"method":"ping"} trailing'
expect_rpc_error 400 -32700
mcp "$(printf '{"jsonrpc":"2.0","id":1,"method":"\xff"}')"
expect_rpc_error 400 -32700
req POST /mcp -H "$MCP_JSON" -H "$MCP_ACCEPT"
expect_rpc_error 400 -32700

t 'a batch is refused: the protocol has had no JSON-RPC batching since 2025-06-18 (-32600, 400)'
mcp '[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]'
expect_rpc_error 400 -32600

t 'not a JSON-RPC 2.0 message is an invalid request (-32600, 400)'
for body in '{"id":1,"method":"ping"}' '{"jsonrpc":"1.0","id":1,"method":"ping"}' \
	'{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}' '"ping"' '{"jsonrpc":"2.0","id":1,"method":3}'; do
	mcp "$body"
	expect_status 400
	expect_json '.error.code' -32600
done

t 'a body over 64 KiB (with a length or chunked) is 413 with a JSON-RPC error; 65,000 bytes are read'
head -c 70000 /dev/zero | tr '\0' ' ' >"$BB_TMP/big.json"
req POST /mcp -H "$MCP_JSON" -H "$MCP_ACCEPT" --data-binary @"$BB_TMP/big.json"
expect_rpc_error 413 -32600
req POST /mcp -H "$MCP_JSON" -H "$MCP_ACCEPT" -H 'Transfer-Encoding: chunked' --data-binary @"$BB_TMP/big.json"
expect_rpc_error 413 -32600
head -c 65000 /dev/zero | tr '\0' ' ' >"$BB_TMP/fits.json"
printf '{"jsonrpc":"2.0","id":1,"method":"ping"}' >>"$BB_TMP/fits.json"
req POST /mcp -H "$MCP_JSON" -H "$MCP_ACCEPT" --data-binary @"$BB_TMP/fits.json"
expect_status 200
expect_json '.result' '{}'

t 'GET, HEAD, PUT and DELETE are 405 with Allow: POST (no event stream, no session)'
for m in GET PUT DELETE PATCH; do
	req "$m" /mcp -H "$MCP_ACCEPT"
	expect_rpc_error 405 -32600
	expect_header allow 'POST, OPTIONS'
done
req HEAD /mcp
expect_status 405
expect_header allow 'POST, OPTIONS'

t 'GET /mcp is never cached by the micro-cache'
req GET /mcp -H 'Accept: text/event-stream'
req GET /mcp -H 'Accept: text/event-stream'
expect_status 405
expect_header_absent x-cache-status
expect_header cache-control no-store

t 'an Accept without application/json is 406; a body that is not application/json 415'
req POST /mcp -H "$MCP_JSON" -H 'Accept: text/html' --data-binary '{"jsonrpc":"2.0","id":1,"method":"ping"}'
expect_rpc_error 406 -32600
req POST /mcp -H "$MCP_JSON" -H 'Accept: application/json;q=0, text/event-stream' --data-binary '{"jsonrpc":"2.0","id":1,"method":"ping"}'
expect_rpc_error 406 -32600
req POST /mcp -H 'Content-Type: text/plain' -H "$MCP_ACCEPT" --data-binary '{"jsonrpc":"2.0","id":1,"method":"ping"}'
expect_rpc_error 415 -32600

t 'an Origin other than the site is 403; the site own origin and none are served'
mcp '{"jsonrpc":"2.0","id":1,"method":"ping"}' -H 'Origin: http://evil.example'
expect_rpc_error 403 -32600
mcp '{"jsonrpc":"2.0","id":1,"method":"ping"}' -H 'Origin: null'
expect_rpc_error 403 -32600
mcp '{"jsonrpc":"2.0","id":1,"method":"ping"}' -H "Origin: $BASE"
expect_status 200
expect_json '.result' '{}'

t 'an unsupported MCP-Protocol-Version is 400 with -32022 and the supported list; a missing one is served (2025-03-26 assumed)'
for v in 1900-01-01 not-a-version; do
	mcp '{"jsonrpc":"2.0","id":1,"method":"ping"}' -H "MCP-Protocol-Version: $v"
	expect_status 400
	expect_header content-type 'application/json; charset=utf-8'
	expect_json '.id' 1
	expect_json '.error.code' -32022
	expect_json '.error.data' '{"supported":["2026-07-28","2025-11-25","2025-06-18","2025-03-26"],"requested":"'"$v"'"}'
done
for v in 2025-11-25 2025-06-18 2025-03-26; do
	mcp '{"jsonrpc":"2.0","id":1,"method":"ping"}' -H "MCP-Protocol-Version: $v"
	expect_status 200
done

t 'an unknown lang in the endpoint URL is 400'
req POST '/mcp?lang=xx' -H "$MCP_JSON" -H "$MCP_ACCEPT" --data-binary '{"jsonrpc":"2.0","id":1,"method":"ping"}'
expect_rpc_error 400 -32600

t 'llms.txt, agents.md and the developer portal tell agents about /mcp'
req GET /llms.txt
expect_body_contains "($BASE/mcp)"
req GET /agents.md
expect_body_contains "$BASE/mcp"
req GET /en/agents.md
expect_body_contains "$BASE/mcp?lang=en"
req GET /developers.md
expect_body_contains "$BASE/mcp"
req GET /openapi.json
expect_json '.paths | has("/mcp")' false

# --- The official client ----------------------------------------------------

bb_npm mcp @modelcontextprotocol/sdk
dir=$STACK_ROOT/tests/mcp

t 'the SDK client (Streamable HTTP): every tool equals the API, every resource its page, es and en'
run_cmd node "$dir/check.mjs" "$BASE"
cp "$BB_TMP/stdout" "$BB_TMP/check.out"
expect_exit 0
expect_stdout_match 'tools called: [1-9][0-9]*'

t 'the MCP Inspector CLI lists the tools'
run_cmd timeout 60 "$dir/node_modules/.bin/mcp-inspector" --cli "$BASE/mcp" --transport http --method tools/list
expect_exit 0
expect_stdout_match '"name": "getProfile"'
expect_stdout_match '"name": "searchContent"'
