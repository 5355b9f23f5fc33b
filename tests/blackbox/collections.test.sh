#!/usr/bin/env bash
# The six collections: GET /api/v1/{projects,experience,skills,certifications,
# education,recommendations} publish their content file, in file order, each
# translated field resolved; projects gain api_url.
. "$(dirname "$0")/lib.sh"

# Members of one item of each collection (docs/contract.md, "Resources": no additional
# properties).
declare -A item_keys=(
	[projects]='["api_url","description","slug","stack","title","url"]'
	[experience]='["description","organization","period","role","slug"]'
	[skills]='["category","skills","slug"]'
	[certifications]='["credential_url","date","institution","slug","title"]'
	[education]='["detail","institution","slug"]'
	[recommendations]='["comment","date","name","recommender_url","slug"]'
)

# expected NAME LANG: the data a collection must return, from its file.
expected() {
	if [[ $1 == projects ]]; then
		api_localized projects.json "$2" |
			jq -c --arg b "$BASE" 'map(. + {api_url: ($b + "/api/v1/projects/" + .slug)})'
	else
		api_localized "$1.json" "$2"
	fi
}

for name in projects experience skills certifications education recommendations; do
	total=$(content "$name.json" length)

	t "GET /api/v1/$name is $name.json in file order, in Spanish"
	req GET "/api/v1/$name"
	expect_success es
	expect_meta "/api/v1/$name" es
	expect_json '.data' "$(expected "$name" es)"

	t "GET /api/v1/$name?lang=en is $name.json in English"
	req GET "/api/v1/$name?lang=en"
	expect_success en
	expect_meta "/api/v1/$name?lang=en" en
	expect_json '.data' "$(expected "$name" en)"

	t "$name meta: count = total = $total items, limit 100, offset 0"
	req GET "/api/v1/$name"
	expect_json '.meta | keys' \
		'["count","documentation_url","limit","offset","self","source","total"]'
	expect_json '.meta.total' "$total"
	expect_json '.meta.count' "$total"
	expect_json '.meta.limit' 100
	expect_json '.meta.offset' 0

	t "every $name item has exactly ${item_keys[$name]}"
	req GET "/api/v1/$name"
	expect_json_true '.data | length > 0'
	expect_json '[.data[] | keys] | unique' "[${item_keys[$name]}]"
	expect_json_true 'all(.data[]; .slug | test("^[a-z0-9-]+$"))'
	expect_json_true '[.data[].slug] | length == (unique | length)'
done

t 'project members have their types; api_url is the project endpoint'
req GET /api/v1/projects
expect_json_true 'all(.data[]; (.title | type) == "string"
	and (.description | type) == "string" and (.url | test("^https?://"))
	and (.stack | type) == "array" and all(.stack[]; type == "string"))'
expect_json_true 'all(.data[]; .api_url == $b + "/api/v1/projects/" + .slug)' \
	--arg b "$BASE"

t 'skills: each skill is exactly name and years, years like "8+"'
req GET /api/v1/skills
expect_json '[.data[].skills[] | keys] | unique' '[["name","years"]]'
expect_json_true 'all(.data[].skills[]; .years | test("^[0-9]+\\+$"))'

t 'certifications and recommendations link to absolute URLs'
req GET /api/v1/certifications
expect_json_true 'all(.data[]; .credential_url | test("^https?://"))'
req GET /api/v1/recommendations
expect_json_true 'all(.data[]; .recommender_url | test("^https?://"))'

# The four fields the spec documents as Spanish stay in the default language
# with lang=en; the English website pages still have their translations.
for entry in projects:description experience:period certifications:date recommendations:date; do
	name=${entry%:*} field=${entry#*:}
	t "GET /api/v1/$name?lang=en gives $field in Spanish, the rest in English"
	req GET "/api/v1/$name?lang=en"
	expect_status 200
	expect_json "[.data[].$field]" "$(content "$name.json" "[loc(\"es\")[].$field]")"
	expect_header content-language en
done
