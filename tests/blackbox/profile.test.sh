#!/usr/bin/env bash
# getProfile: GET /api/v1/profile publishes content/profile.json, each
# translated field resolved to the response language.
. "$(dirname "$0")/lib.sh"

for lang in es en; do
	query=
	if [[ $lang == en ]]; then
		query='?lang=en'
	fi
	t "GET /api/v1/profile$query is profile.json in '$lang', nothing more, nothing less"
	req GET "/api/v1/profile$query"
	expect_success "$lang"
	expect_meta "/api/v1/profile$query" "$lang"
	expect_json '.meta | keys' '["count","documentation_url","self","source"]'
	expect_json '.meta.count' 1
	# (an image naming a file of media/ is served as its absolute URL)
	expect_json '.data' "$(localized profile.json "$lang" | jq -c --arg b "$BASE" \
		'if (.image // "" | test("^/?media/")) then .image = $b + "/media/" + (.image | sub("^/?media/"; "")) else . end')"
done

t 'the profile has every required member with its type'
req GET /api/v1/profile
expect_json_true '.data | (.name | type) == "string"
	and (.headline | type) == "string" and (.job_title | type) == "string"
	and (.summary | type) == "string" and (.email | type) == "string"
	and (.url | test("^https?://"))'
expect_json_true '.data.location | keys == ["city","country","region","remote"]
	and (.country | test("^[A-Z]{2}$")) and (.remote | type) == "boolean"
	and (.city | type) == "string" and (.region | type) == "string"'
expect_json_true '.data.availability | keys == ["open_to_work","statement"]
	and (.open_to_work | type) == "boolean" and (.statement | type) == "string"'
expect_json_true '.data.email | test("^[^@ ]+@[^@ ]+\\.[^@ ]+$")'

t 'the profile has no member the specification does not list'
req GET /api/v1/profile
expect_json_true '.data | keys - ["name","given_name","family_name","headline",
	"job_title","co_founder_of","employer","summary","location","languages",
	"email","url","image","availability","knows_about","profiles"] == []'

if [[ $(content profile.json 'has("given_name") and has("family_name")') == true ]]; then
	t 'the name is the given name and the whole compound family name'
	req GET /api/v1/profile
	expect_json_true '.data.name == .data.given_name + " " + .data.family_name'
fi

if [[ $(content profile.json 'has("co_founder_of")') == true ]]; then
	t 'co_founder_of has name, url and role; in English the role says co-founder'
	req GET '/api/v1/profile?lang=en'
	expect_json '.data.co_founder_of | keys' '["name","role","url"]'
	expect_json_true '.data.co_founder_of.role | test("co-founder"; "i")'
fi
