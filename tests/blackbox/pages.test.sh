#!/usr/bin/env bash
# Website pages as HTML: every page in both languages, one layout, strict
# security headers, canonical and hreflang links, the 404 page.
. "$(dirname "$0")/lib.sh"

name=$(content profile.json .name | jq -r .)
image=$(page_image) # as the pages link it

# path | lang | markdown twin | the other language's path
pages=(
	"/|es|/index.md|/en/"
	"/about|es|/about.md|/en/about"
	"/cv|es|/cv.md|/en/cv"
	"/projects|es|/projects.md|/en/projects"
	"/contact|es|/contact.md|/en/contact"
	"/privacy|es|/privacy.md|/en/privacy"
	"/lab|es|/lab.md|/en/lab"
	"/developers|es|/developers.md|/en/developers"
	"/en/|en|/en/index.md|/"
	"/en/about|en|/en/about.md|/about"
	"/en/cv|en|/en/cv.md|/cv"
	"/en/projects|en|/en/projects.md|/projects"
	"/en/contact|en|/en/contact.md|/contact"
	"/en/privacy|en|/en/privacy.md|/privacy"
	"/en/lab|en|/en/lab.md|/lab"
	"/en/developers|en|/en/developers.md|/developers"
)

# expect_html_headers: the headers of every HTML representation.
expect_html_headers() {
	expect_header content-type 'text/html; charset=utf-8'
	expect_header_match content-security-policy "^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*';"
	expect_header_match content-security-policy "frame-ancestors 'none'"
	expect_header referrer-policy no-referrer
	expect_header x-content-type-options nosniff
	expect_header_absent set-cookie
}

for entry in "${pages[@]}"; do
	IFS='|' read -r path lang md other <<<"$entry"
	t "GET $path: HTML in $lang with the security headers, Vary and a Link to $md"
	req GET "$path"
	expect_status 200
	expect_html_headers
	expect_header cache-control 'public, max-age=300, s-maxage=3600'
	expect_header content-language "$lang"
	expect_header_match vary '^Accept, ?Accept-Encoding$'
	# Every HTML page also links the API catalog and the MCP server card
	# (discovery.test.sh, mcp_discovery.test.sh).
	expect_header link "<$BASE$md>; rel=\"alternate\"; type=\"text/markdown\", <$BASE/.well-known/api-catalog>; rel=\"api-catalog\", <$BASE/mcp/server-card>; rel=\"service-desc\"; type=\"application/mcp-server-card+json\""
	expect_header_present etag

	t "GET $path: one layout: lang, title, description, one h1, nav, switch"
	expect_body_contains "<html lang=\"$lang\">"
	expect_body_contains "$name</title>"
	expect_body_contains '<meta name="description" content="'
	expect_body_contains '<meta name="viewport"'
	expect_equal 'h1 elements' 1 "$(grep -o '<h1>' "$RESP_DIR/body" | wc -l)"
	case $path in
	*/privacy | */lab) # linked from the footer
		expect_body_contains "<li><a href=\"$BASE$path\">" ;;
	*) expect_body_contains "<a href=\"$BASE$path\" aria-current=\"page\">" ;;
	esac
	expect_body_contains "<a href=\"$BASE$other\" hreflang=\"$([[ $lang == es ]] && echo en || echo es)\""
	expect_body_contains '<main id="main"'

	t "GET $path: canonical, hreflang alternates and the markdown alternate"
	expect_body_contains "<link rel=\"canonical\" href=\"$BASE$path\">"
	expect_body_contains "<link rel=\"alternate\" hreflang=\"$lang\" href=\"$BASE$path\">"
	expect_body_contains "<link rel=\"alternate\" hreflang=\"$([[ $lang == es ]] && echo en || echo es)\" href=\"$BASE$other\">"
	expect_body_contains '<link rel="alternate" hreflang="x-default" href="'
	expect_body_contains "<link rel=\"alternate\" type=\"text/markdown\" href=\"$BASE$md\">"

	t "GET $path: no scripts, no external assets but the portrait, no raw HTML"
	expect_equal 'script elements that are not JSON-LD' 0 \
		"$(grep -o '<script[^>]*>' "$RESP_DIR/body" | grep -vc 'type="application/ld+json"')"
	# the owner's card (home and CV) shows the portrait
	if [[ $path == / || $path == /en/ || $path == */cv ]] && [[ -n $image ]]; then
		expect_body_contains "<img src=\"$image\" alt=\"$name\""
	else
		expect_body_not_contains '<img'
	fi
	expect_body_not_contains '<iframe'
	expect_body_not_contains ' style="'
	expect_equal 'stylesheets or resources loaded from elsewhere' 0 \
		"$(grep -Eo '<(link rel="stylesheet"|script src|img src)[^>]*' "$RESP_DIR/body" | grep -vcF "<img src=\"$image\"")"
done

t 'the CSP hash is the SHA-256 of the inline style, byte for byte'
req GET /about
style=$(sed -n 's/^<style>\(.*\)<\/style>$/\1/p' "$RESP_DIR/body")
hash=$(printf '%s' "$style" | openssl dgst -sha256 -binary | base64)
expect_differ 'the inline style' '' "$style"
expect_header_match content-security-policy "style-src 'sha256-${hash//+/\\+}'"

t 'the home page carries a schema.org ProfilePage of the Person from the profile'
req GET /en/
ld=$(sed -n 's/^<script type="application\/ld+json">\(.*\)<\/script>$/\1/p' "$RESP_DIR/body")
printf '%s' "$ld" >"$BB_TMP/ld.json"
expect_equal '@type' ProfilePage "$(jq -r '."@type"' "$BB_TMP/ld.json" 2>&1)"
expect_equal 'mainEntity @type' Person "$(jq -r '.mainEntity."@type"' "$BB_TMP/ld.json" 2>&1)"
expect_equal 'name' "$name" "$(jq -r .mainEntity.name "$BB_TMP/ld.json" 2>&1)"
expect_equal 'jobTitle' "$(localized profile.json en | jq -r .job_title)" \
	"$(jq -r .mainEntity.jobTitle "$BB_TMP/ld.json" 2>&1)"
expect_equal 'sameAs' "$(content profile.json '[.profiles[].url]')" \
	"$(jq -c .mainEntity.sameAs "$BB_TMP/ld.json" 2>&1)"
expect_equal 'a "<" inside the JSON-LD' 0 "$(grep -c '<' "$BB_TMP/ld.json")"

t 'the other pages carry no JSON-LD'
req GET /about
expect_body_not_contains 'application/ld+json'

t 'home: name, headline, co-founder as one of four founding partners'
req GET /
expect_equal 'the h1 text' "$name" \
	"$(grep -o '<h1>.*</h1>' "$RESP_DIR/body" | sed 's/<[^>]*>//g')"
expect_body_contains "$(localized profile.json es | jq -r .headline)"
expect_body_contains "$(localized profile.json es | jq -r .co_founder_of.role)"
req GET /en/
expect_body_contains "$(localized profile.json en | jq -r .co_founder_of.role)"
expect_body_contains 'one of four founding partners'

t 'about: the biography and every timeline year'
req GET /en/about
expect_body_contains "$(localized about.json en | jq -r '.timeline[0].title')"
expect_body_contains "$(localized about.json en | jq -r '.timeline[-1].title')"
expect_equal 'timeline items' "$(content about.json '.timeline | length')" \
	"$(grep -c '^<li><strong>[0-9]\{4\}:' "$RESP_DIR/body")"

t 'contact: email as a mailto link, profiles and availability'
req GET /contact
email=$(content profile.json .email | jq -r .)
expect_body_contains "<a href=\"mailto:$email\">$email</a>"
expect_body_contains "$(content profile.json '.profiles[0].url' | jq -r .)"
expect_body_contains "$(localized profile.json es | jq -r .availability.statement)"

t 'contact: working languages and the country by name in the page language (ICU), not as codes'
# The demo's languages es, en, ca and country ES, as ICU names them.
req GET /contact
expect_body_contains '<li>Idiomas de trabajo: español, inglés y catalán</li>'
expect_body_contains '(España)'
req GET /en/contact
expect_body_contains '<li>Working languages: Spanish, English, and Catalan</li>'
expect_body_contains '(Spain)'
expect_body_not_contains 'es, en, ca'

t 'privacy and lab: the content files rendered'
req GET /en/privacy
expect_body_contains "<h1>$(head -n 1 "$CONTENT/pages/privacy.en.md" | sed 's/^# //')</h1>"
req GET /lab
expect_body_contains "<h1>$(head -n 1 "$CONTENT/pages/lab.es.md" | sed 's/^# //')</h1>"

t 'developers: every API route of the table, with a curl example'
req GET /en/developers
for p in /api/v1/health /api/v1/profile /api/v1/about /api/v1/projects \
	'/api/v1/projects/{slug}' /api/v1/experience /api/v1/skills \
	/api/v1/certifications /api/v1/education /api/v1/recommendations; do
	expect_body_contains "<h3><code>GET $p</code></h3>"
done
expect_body_contains "curl -s '$BASE/api/v1/projects?limit=2&amp;lang=en'"
expect_body_contains "curl -s '$BASE/api/v1/projects/$(content projects.json '.[0].slug' | jq -r .)?lang=en'"
expect_body_contains 'from 1 to 100, default 100'
expect_body_contains 'from 0 to 1000, default 0'
for code in bad_request invalid_parameter not_found method_not_allowed internal_error; do
	expect_body_contains "<code>$code</code>"
done
expect_body_contains 'Access-Control-Allow-Origin: *'
expect_body_contains 'CC BY 4.0'
expect_body_contains "$BASE/en/llms.txt"
expect_body_contains '/api/v2'

t 'developers: OpenAPI linked exactly when the server serves it'
req GET /openapi.json
openapi=$RESP_STATUS
req GET /developers
if [[ $openapi == 200 ]]; then
	expect_body_contains "$BASE/openapi.json"
else
	expect_body_not_contains "$BASE/openapi.json\""
fi

t 'HEAD of a page: headers, no body'
req HEAD /en/about
expect_status 200
expect_html_headers
expect_body_empty

t 'If-None-Match with the ETag of a page: 304'
req GET /about
etag=$(header etag)
req GET /about -H "If-None-Match: $etag"
expect_status 304
expect_body_empty

t 'unknown page: 404 HTML in the same layout, pointing home'
req GET /no-such-page
expect_status 404
expect_html_headers
expect_header_match vary '(^|, )Accept(,|$)'
expect_body_contains '<html lang="es">'
expect_body_contains '<meta name="robots" content="noindex">'
expect_body_contains "<a href=\"$BASE/\">"
expect_body_contains "<a href=\"$BASE/developers\">"
expect_body_contains "$BASE/llms.txt"

t 'unknown page under /en/: the English 404'
req GET /en/nothing-here
expect_status 404
expect_body_contains '<html lang="en">'
expect_body_contains 'Page not found'

t 'unknown page with Accept-Language: en: the English 404'
req GET /nothing-here -H 'Accept-Language: en'
expect_status 404
expect_header content-language en

t 'a page with a trailing slash or a file suffix is not the page'
for p in /about/ /about.html /en /index /.md /en/.md; do
	req GET "$p"
	expect_status 404
done

t 'a write method on a page: 405 with Allow'
req POST /about
expect_status 405
expect_header allow 'GET, HEAD, OPTIONS'
