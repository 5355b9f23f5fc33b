#!/usr/bin/env bash
# Agent and discovery files: llms.txt, agents.md, sitemap.xml, robots.txt,
# manifest.webmanifest. Served as they are, whatever Accept says.
. "$(dirname "$0")/lib.sh"

name=$(content profile.json .name | jq -r .)
family=$(content profile.json .family_name | jq -r .)

# path | Content-Type | Content-Language ("-": none)
files=(
	"/llms.txt|text/plain; charset=utf-8|es"
	"/en/llms.txt|text/plain; charset=utf-8|en"
	"/agents.md|text/markdown; charset=utf-8|es"
	"/en/agents.md|text/markdown; charset=utf-8|en"
	"/sitemap.xml|application/xml; charset=utf-8|-"
	"/robots.txt|text/plain; charset=utf-8|-"
	"/manifest.webmanifest|application/manifest+json|-"
)
for entry in "${files[@]}"; do
	IFS='|' read -r path type lang <<<"$entry"
	t "GET $path: $type, cacheable, nosniff"
	req GET "$path"
	expect_status 200
	expect_header content-type "$type"
	expect_header cache-control 'public, max-age=300, s-maxage=3600'
	expect_header x-content-type-options nosniff
	expect_header_present etag
	expect_header_absent set-cookie
	if [[ $lang != - ]]; then
		expect_header content-language "$lang"
	fi
	cp "$RESP_DIR/body" "$BB_TMP/plain"

	t "GET $path with Accept: text/markdown: the same bytes, no Vary: Accept"
	req GET "$path" -H 'Accept: text/markdown'
	expect_status 200
	expect_header content-type "$type"
	cmp -s "$BB_TMP/plain" "$RESP_DIR/body"
	_bb_check $? 'the same body as without Accept' 'a different body'
	# Only the content coding varies (compression.test.sh).
	expect_header vary Accept-Encoding

	t "GET $path with Accept: text/html: the same bytes"
	req GET "$path" -H 'Accept: text/html'
	cmp -s "$BB_TMP/plain" "$RESP_DIR/body"
	_bb_check $? 'the same body as without Accept' 'a different body'
done

t 'llms.txt: H1 name, blockquote summary, H2 sections of links, Optional last'
req GET /llms.txt
expect_equal 'first line' "# $name" "$(head -n 1 "$RESP_DIR/body")"
expect_equal 'third line starts a blockquote' '> ' "$(sed -n 3p "$RESP_DIR/body" | head -c 2)"
expect_equal 'the last H2' '## Optional' "$(grep '^## ' "$RESP_DIR/body" | tail -n 1)"
expect_equal 'H1 lines' 1 "$(grep -c '^# ' "$RESP_DIR/body")"
bad=$(grep '^- ' "$RESP_DIR/body" | grep -Ev '^- \[[^]]+\]\([^)]+\)(: .+)?$')
expect_equal 'list lines that are not "- [title](url): note"' '' "$bad"
for md in /index.md /about.md /contact.md /lab.md /developers.md /privacy.md; do
	expect_body_contains "]($BASE$md)"
done
expect_body_contains "]($BASE/api/v1/profile)"
expect_body_contains "]($BASE/agents.md)"
expect_body_contains "]($BASE/en/llms.txt)"

t 'en/llms.txt: English links to the English markdown and the API in English'
req GET /en/llms.txt
expect_body_contains "]($BASE/en/about.md)"
expect_body_contains "]($BASE/en/index.md)"
expect_body_contains "]($BASE/api/v1/profile?lang=en)"
expect_body_contains 'one of four founding partners'

t 'llms.txt links the OpenAPI document exactly when the server serves it'
req GET /openapi.json
openapi=$RESP_STATUS
req GET /llms.txt
if [[ $openapi == 200 ]]; then
	expect_body_contains "]($BASE/openapi.json)"
else
	expect_body_not_contains "]($BASE/openapi.json)"
fi

t 'agents.md: API calls with examples, language, limits, caching, errors'
req GET /en/agents.md
expect_equal 'first line' '# Guide for AI agents' "$(head -n 1 "$RESP_DIR/body")"
for h in '## Facts not to get wrong' '## Calling the API' '## Language' \
	'## Limits' '## Caching' '## Errors' '## Attribution (CC BY 4.0)'; do
	expect_body_contains "$h"
done
expect_body_contains "curl -s '$BASE/api/v1/profile?lang=en'"
expect_body_contains "curl -s '$BASE/api/v1/projects?limit=2&lang=en'"
expect_body_contains '`limit` (query, integer, optional): from 1 to 100, default 100'
expect_body_contains 'public, max-age=300, s-maxage=3600'
expect_body_contains 'invalid_parameter'

t 'agents.md: the facts not to get wrong, from the profile'
req GET /en/agents.md
expect_body_contains "$name"
expect_body_contains "\"$family\" is always kept whole"
expect_body_contains 'one of four founding partners'
expect_body_contains 'never present her as its sole founder'
expect_body_contains "$(content profile.json .co_founder_of.name | jq -r .)"
req GET /agents.md
expect_body_contains 'una de las cuatro socias fundadoras'
expect_body_contains 'nunca la presentes como su única fundadora'
expect_body_contains "«$family» va siempre entero"

t 'agents.md: the CC BY 4.0 attribution rule'
req GET /en/agents.md
expect_body_contains 'https://creativecommons.org/licenses/by/4.0/'
expect_body_contains "\"$name, $BASE (CC BY 4.0)\""

t 'sitemap.xml: every page, cv.txt and the JSON Resume in both languages, with hreflang alternates'
req GET /sitemap.xml
# eight pages, one page per project, cv.txt, resume.json and each listed
# variant of the CV, each in two languages
nproj=$(content projects.json length)
nproj=$((nproj + $(content site.json '[.cv_variants // {} | .[] | select(.listed)] | length')))
expect_body_contains 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
expect_body_contains 'xmlns:xhtml="http://www.w3.org/1999/xhtml"'
expect_equal 'url entries' $(((10 + nproj) * 2)) "$(grep -c '<url>' "$RESP_DIR/body")"
expect_equal 'hreflang="en" alternates' $(((10 + nproj) * 2)) "$(grep -c 'hreflang="en"' "$RESP_DIR/body")"
expect_body_contains "<loc>$BASE/en/developers</loc>"
expect_body_contains "<xhtml:link rel=\"alternate\" hreflang=\"es\" href=\"$BASE/about\"/>"

t 'robots.txt: allows everything and names the sitemap'
req GET /robots.txt
expect_body_contains $'User-agent: *\nAllow: /'
expect_body_contains "Sitemap: $BASE/sitemap.xml"
expect_body_not_contains 'Disallow: /'

t 'manifest.webmanifest: name, short_name, description, lang, start_url, display, colours'
req GET /manifest.webmanifest
expect_json '.name' "$(content profile.json .name)"
expect_json '.short_name' "$(content profile.json .given_name)"
expect_json '.description' "$(localized profile.json es | jq .headline)"
expect_json '.lang' '"es"'
expect_json '.start_url' '"/"'
expect_json_true '.display | IN("browser", "minimal-ui", "standalone", "fullscreen")'
expect_json_true '.theme_color | test("^#[0-9a-f]{6}$")'
expect_json_true '.background_color | test("^#[0-9a-f]{6}$")'

t 'a write method on an agent file: 405'
req PUT /llms.txt
expect_status 405
