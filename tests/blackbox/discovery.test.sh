#!/usr/bin/env bash
# Discovery: the API catalog (RFC 9727, a linkset of RFC 9264), its Link
# relation on every HTML page and the home page's markdown in every
# language, the Content Signals of robots.txt (site.json's
# "content_signals", default search=yes, ai-input=yes, ai-train=no) and
# security.txt (RFC 9116: only when site.json names a security contact). Every link the catalog lists must answer 200
# with the type it says; an MCP endpoint, when the route table has /mcp, is
# in the catalog and answers an initialize POST. The changed settings are
# served by a private stack on a copy of the content; --check refuses bad
# values naming file, field and reason.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT

CATALOG=/.well-known/api-catalog
LINKSET_TYPE='application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'
CATALOG_LINK="<$BASE$CATALOG>; rel=\"api-catalog\""
mapfile -t LANGS < <(content site.json '.languages // ["es", "en"] | .[]' | tr -d '"')

# prefix LANG: "" for the default language, "/LANG" for the others.
prefix() {
	[[ $1 == "${LANGS[0]}" ]] || printf '/%s' "$1"
}

t 'GET /.well-known/api-catalog: a linkset with the RFC 9727 profile and its Link relation'
req GET "$CATALOG"
expect_status 200
expect_header content-type "$LINKSET_TYPE"
expect_header link "$CATALOG_LINK"
expect_header x-content-type-options nosniff
cp "$RESP_DIR/body" "$BB_TMP/catalog.json"

# RFC 9264, 4.2: {"linkset": [context...]}, each context an "anchor" and
# link relations, each relation a non-empty array of target objects with an
# "href" (here absolute URLs of this site) and optional type and hreflang.
t 'the catalog is a valid JSON linkset: contexts of anchor and arrays of {href}'
expect_json_true '(keys == ["linkset"]) and (.linkset | type == "array" and length >= 1)'
expect_json_true '[.linkset[] | type == "object" and (.anchor | type == "string")] | all'
expect_json_true '[.linkset[] | to_entries[] | select(.key != "anchor") | .value
	| type == "array" and length >= 1 and
	  ([.[] | type == "object" and (.href | type == "string") and
	    ((.type // "") | type == "string") and ((.hreflang // "") | type == "string")] | all)] | all'
expect_json_true '[.. | objects | (.href // .anchor // empty) | startswith($base + "/")] | all' --arg base "$BASE"

t 'the JSON API: its OpenAPI document (service-desc), the portal (service-doc), its health (status)'
expect_json_true '.linkset[] | select(.anchor == $b + "/api/v1") |
	([."service-desc"[].href] | index($b + "/openapi.json") != null and index($b + "/api/openapi.yaml") != null)
	and ([."service-doc"[].href] | index($b + "/developers") != null)
	and ([.status[].href] == [$b + "/api/v1/health"])' --arg b "$BASE"
for lang in "${LANGS[@]}"; do
	expect_json_true '[.linkset[0]."service-doc"[] | select(.href == $b + $p and .hreflang == $l and .type == "text/html")] | length == 1' \
		--arg b "$BASE" --arg p "$(prefix "$lang")/developers" --arg l "$lang"
done

t 'HEAD /.well-known/api-catalog: the same headers and no body'
req HEAD "$CATALOG"
expect_status 200
expect_header content-type "$LINKSET_TYPE"
expect_header link "$CATALOG_LINK"
expect_body_empty

# Every link answers 200 with the media type the catalog gives it.
mapfile -t LINKS < <(jq -r '.linkset[] | to_entries[] | select(.key != "anchor") | .value[]
	| [.href, (.type // "")] | @tsv' "$BB_TMP/catalog.json" | sort -u)
for row in "${LINKS[@]}"; do
	IFS=$'\t' read -r href type <<<"$row"
	t "the catalog's link $href answers 200${type:+ as $type}"
	req GET "${href#"$BASE"}"
	expect_status 200
	if [[ -n $type ]]; then
		expect_header_match content-type "^${type//+/\\+}(;.*)?\$"
	fi
done

# The MCP endpoint is in the catalog exactly when the site serves /mcp (its
# route row): then the anchor answers an MCP initialize request with 200;
# without it, /mcp is an unknown path (404, or 405 for a POST: the owner's
# page route matches any page name).
t 'the catalog names the MCP endpoint exactly when /mcp is served'
INIT='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"discovery.test","version":"1"}}}'
req POST /mcp -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' --data-binary "$INIT"
listed=$(jq --arg b "$BASE" '[.linkset[] | select(.anchor == $b + "/mcp")] | length' "$BB_TMP/catalog.json")
if ((listed)); then
	expect_status 200	# a listed endpoint works
else
	expect_status 404 405	# none: the site's answer to an unknown POST
fi
expect_equal 'contexts anchored at /mcp' "$([[ $RESP_STATUS == 200 ]] && echo 1 || echo 0)" "$listed"

for lang in "${LANGS[@]}"; do
	p=$(prefix "$lang")
	t "$p/ (HTML and markdown, GET and HEAD) links the API catalog"
	for path in "$p/" "$p/index.md"; do
		for m in GET HEAD; do
			req "$m" "$path"
			expect_status 200
			expect_header_match link "(^|, )<$BASE$CATALOG>; rel=\"api-catalog\"(,|\$)"
		done
	done
	t "$p/about links it too (every HTML page does); its markdown twin does not"
	req GET "$p/about"
	expect_status 200
	expect_header_match link "(^|, )<$BASE$CATALOG>; rel=\"api-catalog\"(,|\$)"
	req GET "$p/about.md"
	expect_status 200
	expect_header_present link
	[[ $(header link) != *api-catalog* ]]
	_bb_check $? 'no api-catalog in Link' "$(header link)"
done

for lang in "${LANGS[@]}"; do
	p=$(prefix "$lang")
	t "$p/llms.txt lists the API catalog and the vCard"
	req GET "$p/llms.txt"
	expect_status 200
	expect_body_contains "[API catalog]($BASE$CATALOG): "
	expect_body_contains "[vCard]($BASE$p/contact.vcf): "
done

# group: the lines of robots.txt's "User-agent: *" group (to a blank line).
group() {
	awk '/^User-agent: \*$/ { g = 1; next } /^$/ { g = 0 } g' "$RESP_DIR/body"
}

t 'robots.txt states the default Content Signals in the group of every agent'
req GET /robots.txt
expect_status 200
expect_header content-type 'text/plain; charset=utf-8'
group | grep -qx 'Content-Signal: search=yes, ai-input=yes, ai-train=no'
_bb_check $? 'User-agent: * then Content-Signal: search=yes, ai-input=yes, ai-train=no' "$(head -c 300 "$RESP_DIR/body")"

t 'security.txt is a 404 when site.json names no security contact'
req GET /.well-known/security.txt
expect_status 404

t 'the discovery paths exist in the default language only'
for path in "/en$CATALOG" /en/.well-known/security.txt; do
	req GET "$path"
	expect_status 404
done

# --- The owner's choices, on a copy of the content ---------------------------

rm -rf "$BB_TMP/content"
cp -R "$CONTENT" "$BB_TMP/content"
jq '.content_signals = {"search": true, "ai_input": false, "ai_train": null}
	| .security = {"contact": ["mailto:security@perfil.example", "https://perfil.example/security"],
		"policy": "https://perfil.example/disclosure"}' \
	"$CONTENT/site.json" >"$BB_TMP/content/site.json"
chmod -R a+rX "$BB_TMP/content"
PERFIL_CONTENT=$BB_TMP/content

t 'site.json with content_signals and security passes --check'
run_cmd "$PERFIL_BIN" --check --content "$PERFIL_CONTENT"
expect_exit 0

BB_SHARED_BASE=$BASE
STACK_CACHE=1 # the shipped micro-cache on, even where the suite turns it off
bb_private_stack 610 'with content signals and a security contact'

# Behind nginx (which reports X-Cache-Status), the discovery answers are
# kept by the micro-cache like every constant answer: a repeat in the same
# second is a HIT, with the same bytes.
for path in "$CATALOG" /contact.vcf /.well-known/security.txt /robots.txt; do
	t "$path: a repeat in the same second is a micro-cache HIT, the same bytes"
	req_repeat "$path"
	expect_status 200
	if ! header x-cache-status >/dev/null; then
		_bb_pass # Apache: no micro-cache
		continue
	fi
	expect_header x-cache-status HIT
	cmp -s "$BB_TMP/first" "$RESP_DIR/body"
	_bb_check $? 'the same bytes' 'different bytes'
done

t 'robots.txt: the signals site.json states, the one set to null left out'
req GET /robots.txt
expect_status 200
group | grep -qx 'Content-Signal: search=yes, ai-input=no'
_bb_check $? 'Content-Signal: search=yes, ai-input=no' "$(head -c 400 "$RESP_DIR/body")"

t 'security.txt (RFC 9116): Contact, Expires within a year, Policy, Preferred-Languages, Canonical'
req GET /.well-known/security.txt
expect_status 200
expect_header content-type 'text/plain; charset=utf-8'
expect_body_contains $'Contact: mailto:security@perfil.example\nContact: https://perfil.example/security\n'
expect_body_contains $'Policy: https://perfil.example/disclosure\n'
expect_body_contains "Canonical: $BASE/.well-known/security.txt"
langs=$(IFS=,; printf '%s' "${LANGS[*]}")
expect_body_contains "Preferred-Languages: ${langs//,/, }"
expires=$(sed -n 's/^Expires: //p' "$RESP_DIR/body")
now=$(date -u +%s)
exp=$(date -u -d "$expires" +%s 2>/dev/null || echo 0)
[[ $expires =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$ ]] &&
	((exp > now + 300 * 86400 && exp < now + 365 * 86400))
_bb_check $? 'Expires: an RFC 3339 UTC time 300 to 365 days ahead' "Expires: $expires"

t 'HEAD security.txt: 200, no body'
req HEAD /.well-known/security.txt
expect_status 200
expect_body_empty

t 'content_signals with every signal null: robots.txt has no Content-Signal line'
stack_stop
jq '.content_signals = {"search": null, "ai_input": null, "ai_train": null}' \
	"$CONTENT/site.json" >"$BB_TMP/content/site.json"
BASE=$BB_SHARED_BASE
bb_private_stack 630 'with no content signal stated'
req GET /robots.txt
expect_status 200
expect_body_not_contains 'Content-Signal'
expect_body_contains $'User-agent: *\nAllow: /\n'

# --- --check refuses bad values, naming file, field and reason --------------

# refused NAME JQ FIELD-REGEX: a copy of the content whose site.json is
# changed by JQ fails --check with "site.json: FIELD: reason".
refused() {
	local dir=$BB_TMP/bad-$1
	rm -rf "$dir"
	cp -R "$CONTENT" "$dir"
	jq "$2" "$CONTENT/site.json" >"$dir/site.json"
	run_cmd "$PERFIL_BIN" --check --content "$dir"
	expect_exit 1
	expect_stderr_match "site\\.json: $3: [a-z]"
}

t 'content_signals: a value other than true, false or null is refused'
refused signal-text '.content_signals = {"ai_train": "no"}' 'content_signals\.ai_train'
t 'content_signals: an unknown signal is refused'
refused signal-unknown '.content_signals = {"ai-train": false}' 'content_signals\.ai-train'
t 'content_signals: not an object is refused'
refused signal-array '.content_signals = ["search"]' 'content_signals'
t 'security: no contact, or a contact that is not mailto:, https: or tel:, is refused'
refused security-none '.security = {"policy": "https://perfil.example/p"}' 'security\.contact'
refused security-http '.security = {"contact": "http://perfil.example/report"}' 'security\.contact'
refused security-array '.security = {"contact": ["mailto:a@perfil.example", "ftp://x"]}' 'security\.contact\[1\]'
refused security-policy '.security = {"contact": "tel:+34-955-000-000", "policy": "http://x.example"}' 'security\.policy'
