#!/usr/bin/env bash
# getProject: GET /api/v1/projects/{slug}.
. "$(dirname "$0")/lib.sh"

mapfile -t slugs < <(content projects.json '.[].slug' | jq -r .)

# project SLUG LANG: the expected data of one project.
project() {
	api_localized projects.json "$2" | jq -c --arg s "$1" --arg b "$BASE" \
		'.[] | select(.slug == $s) | . + {api_url: ($b + "/api/v1/projects/" + .slug)}'
}

for slug in "${slugs[@]}"; do
	t "GET /api/v1/projects/$slug is that project, with its api_url"
	req GET "/api/v1/projects/$slug"
	expect_success es
	expect_meta "/api/v1/projects/$slug" es
	expect_json '.meta | keys' '["count","documentation_url","self","source"]'
	expect_json '.meta.count' 1
	expect_json '.data' "$(project "$slug" es)"
done

t "a project in English: GET /api/v1/projects/${slugs[0]}?lang=en"
req GET "/api/v1/projects/${slugs[0]}?lang=en"
expect_success en
expect_meta "/api/v1/projects/${slugs[0]}?lang=en" en
expect_json '.data' "$(project "${slugs[0]}" en)"

t 'the api_url of every listed project answers with that project'
req GET /api/v1/projects
mapfile -t urls < <(jq -r '.data[].api_url' "$RESP_DIR/body")
for url in "${urls[@]}"; do
	req GET "${url#"$BASE"}"
	expect_status 200
	expect_json '.data.api_url' "\"$url\""
done

t 'an unknown slug is a 404 whose hint lists every known slug and the list endpoint'
req GET /api/v1/projects/no-such-project
expect_error 404 not_found
expect_header content-language en
expect_json_true '.error.hint | contains("/api/v1/projects")'
expect_json_true '.error.hint as $h | all($slugs[]; . as $s | $h | contains($s))' \
	--argjson slugs "$(content projects.json '[.[].slug]')"
expect_json_true '.error.hint | test($re)' \
	--arg re "$(printf '%s, ?' "${slugs[@]}" | sed 's/, ?$//')"

for bad in ABC "${slugs[0]^^}" 'a_b' 'a.b' "${slugs[0]}%20" \
	"${slugs[0]}/" "${slugs[0]}/x" "${slugs[0]}.md" '%2e%2e'; do
	t "GET /api/v1/projects/$bad is a JSON 404"
	req GET "/api/v1/projects/$bad"
	expect_error 404 not_found
done

t 'a very long slug is a JSON 404'
req GET "/api/v1/projects/$(printf 'a%.0s' {1..2000})"
expect_error 404 not_found
