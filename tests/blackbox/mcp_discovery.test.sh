#!/usr/bin/env bash
# MCP discovery (issue 48): the MCP server card (SEP-2127) at the path its
# discovery document reserves (/mcp/server-card, the endpoint's URL and
# "/server-card") and at the older /.well-known/mcp/server-card.json, the
# same bytes at both, agreeing with what /mcp itself answers (server/discover,
# tools/list, resources/list, prompts/list); the AI catalog
# (/.well-known/ai-catalog.json) that lists it; the API catalog's links to
# both; the Link header (RFC 8288) of the HTML pages: the markdown twin, the
# API catalog and the server card, every target answering 200.
. "$(dirname "$0")/lib.sh"

CARD=/mcp/server-card
CARD_OLD=/.well-known/mcp/server-card.json
CARD_TYPE=application/mcp-server-card+json
AI=/.well-known/ai-catalog.json
AI_TYPE=application/ai-catalog+json
CATALOG=/.well-known/api-catalog
SCHEMA=https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json
META='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}'
mapfile -t LANGS < <(content site.json '.languages // ["es", "en"] | .[]' | tr -d '"')

# modern METHOD: a 2026-07-28 request to /mcp (id 1, no params but _meta),
# in the default language (no Accept-Language); its result into $BB_TMP/METHOD.
modern() {
	req POST /mcp -H 'Content-Type: application/json' \
		-H 'Accept: application/json, text/event-stream' \
		-H 'MCP-Protocol-Version: 2026-07-28' -H "Mcp-Method: $1" \
		--data-binary '{"jsonrpc":"2.0","id":1,"method":"'"$1"'","params":{'"$META"'}}'
	expect_status 200
	jq '.result' "$RESP_DIR/body" >"$BB_TMP/${1//\//_}.json"
}

# links: the Link header of the last response as "URL<TAB>rel<TAB>type"
# lines, parsed as RFC 8288 says (commas inside <> or quotes separate
# nothing; parameter names in any case, values quoted or not).
links() {
	header link | python3 -c '
import re, sys
v = sys.stdin.read().strip()
for m in re.finditer(r"<([^>]*)>((?:\s*;\s*[^;,=\s]+\s*(?:=\s*(?:\"[^\"]*\"|[^;,\s]*))?)*)\s*(?:,|$)", v):
    params = {}
    for p in re.finditer(r";\s*([^;,=\s]+)\s*(?:=\s*(\"[^\"]*\"|[^;,\s]*))?", m.group(2)):
        params[p.group(1).lower()] = (p.group(2) or "").strip("\"")
    print("%s\t%s\t%s" % (m.group(1), params.get("rel", ""), params.get("type", "")))
'
}

# --- The server card ---------------------------------------------------------

for path in "$CARD" "$CARD_OLD"; do
	t "GET $path: the server card, JSON of its media type, readable by any origin"
	req GET "$path"
	expect_status 200
	expect_header content-type "$CARD_TYPE"
	expect_header access-control-allow-origin '*'
	expect_header x-content-type-options nosniff
	expect_header_match cache-control '^public, max-age=[0-9]+'
	expect_header_present etag
	jq -e . "$RESP_DIR/body" >/dev/null 2>&1
	_bb_check $? 'the body is one JSON object' "$(head -c 200 "$RESP_DIR/body")"
	cp "$RESP_DIR/body" "$BB_TMP/card-${path//\//_}"
	etag=$(header etag)

	t "HEAD $path: the same headers, no body; If-None-Match with its tag: 304"
	req HEAD "$path"
	expect_status 200
	expect_header content-type "$CARD_TYPE"
	expect_header etag "$etag"
	expect_body_empty
	req GET "$path" -H "If-None-Match: $etag"
	expect_status 304
	expect_body_empty
done

t 'both paths serve the same bytes'
cmp -s "$BB_TMP/card-${CARD//\//_}" "$BB_TMP/card-${CARD_OLD//\//_}"
_bb_check $? 'identical cards' "$(diff <(jq -S . "$BB_TMP/card-${CARD//\//_}") <(jq -S . "$BB_TMP/card-${CARD_OLD//\//_}") | head -5)"
cp "$BB_TMP/card-${CARD//\//_}" "$BB_TMP/card.json"

t 'the card in another language is no path: there is one card'
for path in "/${LANGS[1]:-en}$CARD" "/${LANGS[1]:-en}$CARD_OLD"; do
	req GET "$path"
	expect_status 404
done

# The schema's required members and rules (experimental-ext-server-card,
# schema v1): $schema, a reverse-DNS name with one "/", a version that is no
# range, a description and a title of 1 to 100 characters, remotes of a known
# type with an http(s) URL.
host=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlsplit(sys.argv[1]).hostname)' "$BASE")
rhost=$(awk -F. '{ for (i = NF; i > 0; i--) printf "%s%s", $i, (i > 1 ? "." : "") }' <<<"$host")
t 'the card has the schema'"'"'s members: $schema, name, version, title, description'
req GET "$CARD"
expect_json '."$schema"' "\"$SCHEMA\""
expect_json_true '.name | test("^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$") and length >= 3 and length <= 200'
expect_json '.name' "\"$rhost/perfil\""
expect_json_true '.version | type == "string" and length > 0 and (test("^[\\^~<>=]|[x*]$") | not)'
expect_json_true '[.title, .description] | all(type == "string" and length >= 1 and length <= 100)'
expect_json_true '.remotes | type == "array" and length == 1'
expect_json_true '[.remotes[] | (.type == "streamable-http" or .type == "sse") and (.url | test("^https?://[^\\s]+$"))] | all'
expect_json_true '.icons | type == "array" and all(.src | type == "string")'

t 'the endpoint is the site'"'"'s /mcp, and it answers an MCP request'
expect_json '.remotes[0].url' "\"$BASE/mcp\""
expect_json '.remotes[0].type' '"streamable-http"'
modern server/discover
expect_json_true '.result.supportedVersions | length > 0'

# What the card says of the server is what /mcp says of itself.
t 'name, version, title, website and protocol revisions: those of server/discover'
info=$BB_TMP/server_discover.json
jq -e --slurpfile d "$info" '
	($d[0]._meta["io.modelcontextprotocol/serverInfo"]) as $i
	| .version == $i.version and .title == $i.title and .websiteUrl == $i.websiteUrl
	  and .remotes[0].supportedProtocolVersions == $d[0].supportedVersions' \
	"$BB_TMP/card.json" >/dev/null
_bb_check $? 'the card agrees with server/discover' "$(jq -c '{version, title, websiteUrl, v: .remotes[0].supportedProtocolVersions}' "$BB_TMP/card.json") vs $(jq -c '{i: ._meta, v: .supportedVersions}' "$info")"

t 'its summary of the primitives is what tools/list, resources/list and prompts/list return'
modern tools/list
modern resources/list
modern prompts/list
P='._meta["perfil/primitives"]'
jq -e --slurpfile d "$info" "$P.capabilities == \$d[0].capabilities" "$BB_TMP/card.json" >/dev/null
_bb_check $? 'capabilities: those of server/discover' "$(jq -c "$P.capabilities" "$BB_TMP/card.json")"
jq -e --slurpfile l "$BB_TMP/tools_list.json" \
	"$P.tools == [\$l[0].tools[] | {name, title}] and ($P.tools | length) > 0" \
	"$BB_TMP/card.json" >/dev/null
_bb_check $? 'tools: the names and titles of tools/list, in its order' \
	"$(diff <(jq -c "$P.tools[]" "$BB_TMP/card.json") <(jq -c '.tools[] | {name, title}' "$BB_TMP/tools_list.json") | head -5)"
jq -e --slurpfile l "$BB_TMP/resources_list.json" \
	"$P.resources == [\$l[0].resources[] | {uri, name, mimeType}] and ($P.resources | length) > 0" \
	"$BB_TMP/card.json" >/dev/null
_bb_check $? 'resources: the URIs, names and types of resources/list' \
	"$(diff <(jq -c "$P.resources[]" "$BB_TMP/card.json") <(jq -c '.resources[] | {uri, name, mimeType}' "$BB_TMP/resources_list.json") | head -5)"
jq -e --slurpfile l "$BB_TMP/prompts_list.json" "$P.prompts == \$l[0].prompts" "$BB_TMP/card.json" >/dev/null
_bb_check $? 'prompts: those of prompts/list' "$(jq -c "$P.prompts" "$BB_TMP/card.json")"

t 'the icon and the website the card names answer 200'
req GET "$(jq -r '.icons[0].src' "$BB_TMP/card.json" | sed "s|^$BASE||")"
expect_status 200
expect_header_match content-type "^$(jq -r '.icons[0].mimeType' "$BB_TMP/card.json" | sed 's/+/\\+/g')(;.*)?\$"
req GET "$(jq -r '.websiteUrl' "$BB_TMP/card.json" | sed "s|^$BASE||")"
expect_status 200

# --- The AI catalog ----------------------------------------------------------

t "GET $AI: an AI catalog (specVersion 1.0, entries), readable by any origin"
req GET "$AI"
expect_status 200
expect_header content-type "$AI_TYPE"
expect_header access-control-allow-origin '*'
expect_json '.specVersion' '"1.0"'
expect_json_true '.entries | type == "array" and length >= 1'
# Each entry: identifier, type, and exactly one of url and data.
expect_json_true '[.entries[] | (.identifier | type == "string") and (.type | type == "string")
	and ((has("url")) != (has("data")))] | all'
expect_json_true '[.entries[].identifier] | length == (unique | length)'
expect_json_true '.host.displayName | type == "string" and length > 0'
cp "$RESP_DIR/body" "$BB_TMP/ai.json"

t 'the AI catalog lists the server card at /mcp/server-card, as an MCP server card'
expect_json_true '[.entries[] | select(.type == $t and .url == $u)] | length == 1' \
	--arg t "$CARD_TYPE" --arg u "$BASE$CARD"
expect_json_true '[.entries[] | select(.type == $t)][0].identifier == $i' \
	--arg t "$CARD_TYPE" --arg i "urn:air:$host:mcp:perfil"
t 'and the API catalog, the OpenAPI document and llms.txt'
for p in "$CATALOG" /openapi.json /llms.txt; do
	expect_json_true '[.entries[] | select(.url == $u)] | length == 1' --arg u "$BASE$p"
done

# Every entry answers 200 with the type it declares.
mapfile -t ENTRIES < <(jq -r '.entries[] | [.url, .type] | @tsv' "$BB_TMP/ai.json")
for row in "${ENTRIES[@]}"; do
	IFS=$'\t' read -r url type <<<"$row"
	t "the AI catalog's $url answers 200 as $type"
	req GET "${url#"$BASE"}"
	expect_status 200
	expect_header_match content-type "^${type//+/\\+}(;.*)?\$"
done

# --- The API catalog ---------------------------------------------------------

t 'the API catalog links the card (service-desc) and the AI catalog from the MCP endpoint'
req GET "$CATALOG"
expect_status 200
cp "$RESP_DIR/body" "$BB_TMP/catalog.json"
expect_json_true '.linkset[] | select(.anchor == $b + "/mcp") |
	([."service-desc"[] | select(.href == $b + $c and .type == $t)] | length == 1)
	and ([.describedby[] | select(.href == $b + $a and .type == $at)] | length == 1)' \
	--arg b "$BASE" --arg c "$CARD" --arg t "$CARD_TYPE" --arg a "$AI" --arg at "$AI_TYPE"

mapfile -t LINKS < <(jq -r '.linkset[] | to_entries[] | select(.key != "anchor") | .value[]
	| [.href, (.type // "")] | @tsv' "$BB_TMP/catalog.json" | sort -u)
for row in "${LINKS[@]}"; do
	IFS=$'\t' read -r href type <<<"$row"
	t "the API catalog's link $href answers 200${type:+ as $type}"
	req GET "${href#"$BASE"}"
	expect_status 200
	[[ -z $type ]] || expect_header_match content-type "^${type//+/\\+}(;.*)?\$"
done

# --- Link headers on the pages ----------------------------------------------

req GET /api/v1/projects
slug=$(jq -r '.data[0].slug' "$RESP_DIR/body")
pages=(/ /cv "/${LANGS[1]:-en}/about")
[[ $slug == null ]] || pages+=("/projects/$slug")

# twin PATH: the markdown twin of page PATH.
twin() {
	case $1 in
	/) printf '/index.md' ;;
	*/) printf '%sindex.md' "$1" ;;
	*) printf '%s.md' "$1" ;;
	esac
}

for page in "${pages[@]}"; do
	for m in GET HEAD; do
		t "$m $page (HTML): Link to its markdown twin, the API catalog and the server card"
		req "$m" "$page"
		expect_status 200
		expect_header content-type 'text/html; charset=utf-8'
		links >"$BB_TMP/links"
		expect_equal 'the markdown twin' "$BASE$(twin "$page")"$'\talternate\ttext/markdown' \
			"$(grep -P '\talternate\t' "$BB_TMP/links")"
		expect_equal 'the API catalog' "$BASE$CATALOG"$'\tapi-catalog\t' \
			"$(grep -P '\tapi-catalog\t' "$BB_TMP/links")"
		expect_equal 'the server card' "$BASE$CARD"$'\tservice-desc\t'"$CARD_TYPE" \
			"$(grep -P '\tservice-desc\t' "$BB_TMP/links")"
		expect_equal 'links in all' 3 "$(wc -l <"$BB_TMP/links")"
	done
	cp "$BB_TMP/links" "$BB_TMP/links-$(printf '%s' "$page" | tr / _)"
done

for page in "${pages[@]}"; do
	while IFS=$'\t' read -r url rel type; do
		t "$page's Link $url ($rel) answers 200${type:+ as $type}"
		req GET "${url#"$BASE"}"
		expect_status 200
		[[ -z $type ]] || expect_header_match content-type "^${type//+/\\+}(;.*)?\$"
	done <"$BB_TMP/links-$(printf '%s' "$page" | tr / _)"
done

t 'a markdown twin links its HTML page; only the home page'"'"'s the discovery documents too'
req GET /cv.md
expect_status 200
links >"$BB_TMP/links"
expect_equal 'the Link of /cv.md' "$BASE/cv"$'\talternate\ttext/html' "$(cat "$BB_TMP/links")"
req GET /index.md
links >"$BB_TMP/links"
expect_equal 'the Link of /index.md' \
	"$BASE/"$'\talternate\ttext/html\n'"$BASE$CATALOG"$'\tapi-catalog\t\n'"$BASE$CARD"$'\tservice-desc\t'"$CARD_TYPE" \
	"$(cat "$BB_TMP/links")"

# --- The agent files ---------------------------------------------------------

t 'llms.txt lists the server card and the AI catalog; the portal shows how to read the card'
req GET /llms.txt
expect_status 200
expect_body_contains "[MCP server card]($BASE$CARD)"
expect_body_contains "[AI catalog]($BASE$AI)"
req GET /developers.md
expect_status 200
expect_body_contains "curl -s '$BASE$CARD'"
