#!/usr/bin/env bash
# JSON Resume export: /resume.json (default language) and /en/resume.json.
# Served like the agent files (JSON, ETag/304, CORS, no Accept negotiation),
# valid against the official schema package (@jsonresume/schema from npm),
# rendered by a real theme (jsonresume-theme-even), and held item by item to
# the API in the same language.
. "$(dirname "$0")/lib.sh"

resume_npm() {
	perfil_npm_ci tests/resume @jsonresume/schema 2>"$BB_TMP/npm.log"
}

for entry in /resume.json:es /en/resume.json:en; do
	path=${entry%:*} lang=${entry#*:}
	t "GET $path: JSON, $lang, cacheable, CORS, nosniff, Vary only on the coding"
	req GET "$path"
	expect_status 200
	expect_header content-type 'application/json'
	expect_header content-language "$lang"
	expect_header cache-control 'public, max-age=300, s-maxage=3600'
	expect_header access-control-allow-origin '*'
	expect_header x-content-type-options nosniff
	expect_header_present etag
	expect_header vary Accept-Encoding
	expect_json '.meta.language' "\"$lang\""
	expect_json '.meta.canonical' "\"$BASE$path\""
	cp "$RESP_DIR/body" "$BB_TMP/resume-$lang.json"
	tag=$(header etag)

	t "GET $path with If-None-Match: 304, no body, the same tag and CORS"
	req GET "$path" -H "If-None-Match: $tag"
	expect_status 304
	expect_body_empty
	expect_header etag "$tag"
	expect_header access-control-allow-origin '*'

	t "GET $path with Accept-Language and Accept: the same bytes"
	req GET "$path" -H 'Accept-Language: fr, en;q=0.5' -H 'Accept: text/html'
	cmp -s "$BB_TMP/resume-$lang.json" "$RESP_DIR/body"
	_bb_check $? 'the same body' 'a different body'

	t "HEAD $path: the headers, no body"
	req HEAD "$path"
	expect_status 200
	expect_header content-type 'application/json'
	expect_body_empty
done

t 'the two documents differ (each is in its own language)'
expect_differ 'es and en documents' "$(jq -c .basics "$BB_TMP/resume-es.json")" \
	"$(jq -c .basics "$BB_TMP/resume-en.json")"

for path in /fr/resume.json /de/resume.json /resume.json/ /en/resume.json.md; do
	t "GET $path: 404 (no such language or document)"
	req GET "$path"
	expect_status 404
done

t 'POST /resume.json: 405 with Allow'
req POST /resume.json -H 'Content-Type: application/json' --data '{}'
expect_status 405
expect_header_match allow 'GET'

# The API side of the comparison, one language at a time.
api_all() { # PATH LANG -> data array of every item
	curl -sf "$BASE$1?limit=100&lang=$2" | jq -c .data
}

for lang in es en; do
	doc=$BB_TMP/resume-$lang.json
	profile=$(curl -sf "$BASE/api/v1/profile?lang=$lang" | jq -c .data)
	t "resume.json ($lang): basics hold the profile"
	expect_equal 'basics.name' "$(jq -r .name <<<"$profile")" "$(jq -r .basics.name "$doc")"
	expect_equal 'basics.label' "$(jq -r .job_title <<<"$profile")" "$(jq -r .basics.label "$doc")"
	expect_equal 'basics.email' "$(jq -r .email <<<"$profile")" "$(jq -r .basics.email "$doc")"
	expect_equal 'basics.url' "$(jq -r .url <<<"$profile")" "$(jq -r .basics.url "$doc")"
	expect_equal 'basics.summary' "$(jq -r .summary <<<"$profile")" "$(jq -r .basics.summary "$doc")"
	expect_equal 'basics.location' \
		"$(jq -c '.location | {city, region, countryCode: .country}' <<<"$profile")" \
		"$(jq -c '.basics.location | {city, region, countryCode}' "$doc")"
	expect_equal 'profiles: network and url' \
		"$(jq -c '[.profiles[]? | {network: .label, url}]' <<<"$profile")" \
		"$(jq -c '[.basics.profiles[] | {network, url}]' "$doc")"
	expect_equal 'every profile has a user name' "$(jq '.profiles | length' <<<"$profile")" \
		"$(jq '[.basics.profiles[] | select((.username // "") != "")] | length' "$doc")"
	expect_equal 'languages: as many as the profile' "$(jq '.languages | length' <<<"$profile")" \
		"$(jq '.languages | length' "$doc")"
	expect_equal 'languages: named, not coded' '[]' \
		"$(jq -c '[.languages[] | select(.language | test("^[a-z]{2,3}$"))]' "$doc")"

	t "resume.json ($lang): work holds the experience, item by item"
	api=$(api_all /api/v1/experience "$lang")
	expect_equal 'count' "$(jq length <<<"$api")" "$(jq '.work | length' "$doc")"
	expect_equal 'positions' "$(jq -c 'map(.role)' <<<"$api")" "$(jq -c '.work | map(.position)' "$doc")"
	expect_equal 'names' "$(jq -c 'map(.organization)' <<<"$api")" "$(jq -c '.work | map(.name)' "$doc")"
	expect_equal 'dates: the content'"'"'s ISO start and end, none invented' \
		"$(content experience.json 'map({startDate: .start, endDate: .end})')" \
		"$(jq -c '.work | map({startDate, endDate})' "$doc")"

	t "resume.json ($lang): projects, with their stacks as keywords"
	api=$(api_all /api/v1/projects "$lang")
	expect_equal 'count' "$(jq length <<<"$api")" "$(jq '.projects | length' "$doc")"
	expect_equal 'names, urls, keywords' "$(jq -c 'map({name: .title, url, keywords: .stack})' <<<"$api")" \
		"$(jq -c '.projects | map({name, url, keywords})' "$doc")"

	t "resume.json ($lang): skills by category, every skill a keyword with its years"
	api=$(api_all /api/v1/skills "$lang")
	expect_equal 'categories' "$(jq -c 'map(.category)' <<<"$api")" "$(jq -c '.skills | map(.name)' "$doc")"
	expect_equal 'keywords' "$(jq -c 'map(.skills | map(.name))' <<<"$api")" "$(jq -c '.skills | map(.keywords)' "$doc")"
	expect_equal 'years' "$(jq -c 'map(.skills | map({(.name): .years}) | add)' <<<"$api")" \
		"$(jq -c '.skills | map(.years)' "$doc")"

	t "resume.json ($lang): certificates, education and references"
	api=$(api_all /api/v1/certifications "$lang")
	expect_equal 'certificates' "$(jq -c 'map({name: .title, issuer: .institution, url: .credential_url})' <<<"$api")" \
		"$(jq -c '[.certificates[]? | {name, issuer, url}]' "$doc")"
	expect_equal 'certificate dates: the content'"'"'s ISO dates only' \
		"$(content certifications.json '[.[]? | .date | if type == "string" then . else null end]')" \
		"$(jq -c '[.certificates[]? | .date]' "$doc")"
	api=$(api_all /api/v1/education "$lang")
	expect_equal 'education' "$(jq -c 'map(.institution)' <<<"$api")" "$(jq -c '[.education[]? | .institution]' "$doc")"
	expect_equal 'education dates' "$(content education.json '[.[]? | {startDate: .start, endDate: .end}]')" \
		"$(jq -c '[.education[]? | {startDate, endDate}]' "$doc")"
	api=$(api_all /api/v1/recommendations "$lang")
	expect_equal 'references' "$(jq -c 'map({name, reference: .comment})' <<<"$api")" \
		"$(jq -c '[.references[]? | {name, reference}]' "$doc")"
done

t 'English texts are the English ones, also where the API keeps Spanish'
expect_equal 'first position' "$(localized experience.json en | jq -r '.[0].role')" \
	"$(jq -r '.work[0].position' "$BB_TMP/resume-en.json")"
expect_equal 'project descriptions' "$(localized projects.json en | jq -c 'map(.description)')" \
	"$(jq -c '.projects | map(.description)' "$BB_TMP/resume-en.json")"
expect_differ 'es and en positions' "$(jq -c '.work | map(.position)' "$BB_TMP/resume-es.json")" \
	"$(jq -c '.work | map(.position)' "$BB_TMP/resume-en.json")"

t 'linked from llms.txt, the developer portal and the sitemap'
req GET /llms.txt
expect_body_contains "]($BASE/resume.json)"
req GET /en/llms.txt
expect_body_contains "]($BASE/en/resume.json)"
req GET /developers.md
expect_body_contains "]($BASE/resume.json)"
req GET /en/developers.md
expect_body_contains "]($BASE/en/resume.json)"
req GET /sitemap.xml
expect_body_contains "<loc>$BASE/resume.json</loc>"
expect_body_contains "<loc>$BASE/en/resume.json</loc>"

t 'both documents validate against @jsonresume/schema and render with jsonresume-theme-even'
if resume_npm; then
	_bb_pass
	mkdir -p "$BB_TMP/html"
	run_cmd node tests/resume/check.mjs "$BB_TMP/html" "$BB_TMP/resume-es.json" "$BB_TMP/resume-en.json"
	expect_exit 0
	expect_stdout_lines 2
else
	_bb_fail 'npm ci installs tests/resume' "see $BB_TMP/npm.log"
fi
