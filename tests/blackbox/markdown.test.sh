#!/usr/bin/env bash
# Markdown negotiation: Accept: text/markdown (q-values honoured) or the .md
# suffix gives the page's markdown; both forms point to each other.
. "$(dirname "$0")/lib.sh"

name=$(content profile.json .name | jq -r .)

# path | lang | markdown path | first line of the markdown
pages=(
	"/|es|/index.md|# $name"
	"/about|es|/about.md|# Sobre mí"
	"/contact|es|/contact.md|# Contacto"
	"/privacy|es|/privacy.md|$(head -n 1 "$CONTENT/pages/privacy.es.md")"
	"/lab|es|/lab.md|$(head -n 1 "$CONTENT/pages/lab.es.md")"
	"/developers|es|/developers.md|# Portal para desarrolladores"
	"/en/|en|/en/index.md|# $name"
	"/en/about|en|/en/about.md|# About"
	"/en/contact|en|/en/contact.md|# Contact"
	"/en/privacy|en|/en/privacy.md|$(head -n 1 "$CONTENT/pages/privacy.en.md")"
	"/en/lab|en|/en/lab.md|$(head -n 1 "$CONTENT/pages/lab.en.md")"
	"/en/developers|en|/en/developers.md|# Developer portal"
)

# expect_markdown LANG FIRST-LINE HTML-PATH: a markdown representation.
expect_markdown() {
	expect_status 200
	expect_header content-type 'text/markdown; charset=utf-8'
	expect_header content-language "$1"
	expect_header_match vary '^Accept, ?Accept-Encoding$'
	expect_header cache-control 'public, max-age=300, s-maxage=3600'
	expect_header x-content-type-options nosniff
	# The homes also link the API catalog and the MCP server card
	# (discovery.test.sh, mcp_discovery.test.sh).
	case $3 in
	/ | /en/) expect_header link "<$BASE$3>; rel=\"alternate\"; type=\"text/html\", <$BASE/.well-known/api-catalog>; rel=\"api-catalog\", <$BASE/mcp/server-card>; rel=\"service-desc\"; type=\"application/mcp-server-card+json\"" ;;
	*) expect_header link "<$BASE$3>; rel=\"alternate\"; type=\"text/html\"" ;;
	esac
	expect_header_absent content-security-policy
	expect_equal 'first line' "$2" "$(head -n 1 "$RESP_DIR/body")"
	expect_body_not_contains '<html'
}

for entry in "${pages[@]}"; do
	IFS='|' read -r path lang md first <<<"$entry"
	t "GET $path with Accept: text/markdown: the markdown"
	req GET "$path" -H 'Accept: text/markdown'
	expect_markdown "$lang" "$first" "$path"
	cp "$RESP_DIR/body" "$BB_TMP/negotiated"

	t "GET $md: the same markdown"
	req GET "$md"
	expect_markdown "$lang" "$first" "$path"
	cmp -s "$BB_TMP/negotiated" "$RESP_DIR/body"
	_bb_check $? 'the same bytes as with Accept: text/markdown' 'different bytes'
done

t 'privacy and lab: the content files, byte for byte'
req GET /privacy.md
cmp -s "$CONTENT/pages/privacy.es.md" "$RESP_DIR/body"
_bb_check $? 'content/pages/privacy.es.md as is' "$(head -c 200 "$RESP_DIR/body")"
req GET /en/lab.md
cmp -s "$CONTENT/pages/lab.en.md" "$RESP_DIR/body"
_bb_check $? 'content/pages/lab.en.md as is' "$(head -c 200 "$RESP_DIR/body")"

# Accept header | expected representation
accepts=(
	'text/markdown|markdown'
	'text/markdown;q=0.9, text/html;q=0.5|markdown'
	'text/html, text/markdown;q=0.9|html'
	'text/html;q=0.8, text/markdown;q=0.9|markdown'
	'text/markdown;q=0|html'
	'text/x-markdown|markdown'
	'*/*|html'
	'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8|html'
	'TEXT/MARKDOWN|markdown'
)
for entry in "${accepts[@]}"; do
	IFS='|' read -r accept want <<<"$entry"
	t "Accept: $accept -> $want"
	req GET /en/about -H "Accept: $accept"
	expect_status 200
	if [[ $want == markdown ]]; then
		expect_header content-type 'text/markdown; charset=utf-8'
	else
		expect_header content-type 'text/html; charset=utf-8'
	fi
	expect_header_match vary '^Accept, ?Accept-Encoding$'
done

t 'no Accept header: HTML'
req GET /about -H 'Accept:'
expect_header content-type 'text/html; charset=utf-8'

t 'the HTML is the markdown rendered: the same headings'
req GET /en/developers.md
md_h2=$(grep -c '^## ' "$RESP_DIR/body")
req GET /en/developers
expect_equal 'h2 headings' "$md_h2" "$(grep -c '^<h2>' "$RESP_DIR/body")"

t 'HTML and markdown of a URL have different ETags; 304 on each'
req GET /about
etag_html=$(header etag)
req GET /about -H 'Accept: text/markdown'
etag_md=$(header etag)
expect_differ 'ETags' "$etag_html" "$etag_md"
req GET /about -H 'Accept: text/markdown' -H "If-None-Match: $etag_md"
expect_status 304
req GET /about.md -H "If-None-Match: $etag_md"
expect_status 304

t 'HEAD of a .md page: markdown headers, no body'
req HEAD /en/about.md
expect_status 200
expect_header content-type 'text/markdown; charset=utf-8'
expect_body_empty

t 'unknown route with Accept: text/markdown: markdown 404 that says where to go'
req GET /no-such-page -H 'Accept: text/markdown'
expect_status 404
expect_header content-type 'text/markdown; charset=utf-8'
expect_header_match vary '(^|, )Accept(,|$)'
expect_body_contains "# Página no encontrada"
expect_body_contains "]($BASE/)"
expect_body_contains "]($BASE/developers)"
expect_body_contains "]($BASE/llms.txt)"
expect_body_contains "]($BASE/api/v1/profile)"

t 'unknown .md route: markdown 404, English under /en/'
req GET /en/nothing.md
expect_status 404
expect_header content-type 'text/markdown; charset=utf-8'
expect_body_contains '# Page not found'
expect_body_contains "]($BASE/en/developers)"

t 'under /api the 404 stays JSON even with Accept: text/markdown'
req GET /api/v1/nope -H 'Accept: text/markdown'
expect_status 404
expect_header content-type 'application/json; charset=utf-8'
expect_json '.error.code' '"not_found"'

t 'markdown text is escaped, not interpreted: no raw HTML reaches the page'
req GET /en/about.md
expect_body_not_contains '<script'
req GET /en/about
expect_body_not_contains '<!-- raw HTML omitted -->'
