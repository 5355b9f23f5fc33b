#!/usr/bin/env bash
# Search covers every collection the content has with a title or body
# (resource.c's FIELD_TITLE, FIELD_BODY): on tests/fixtures/full_resume (all
# of JSON Resume's sections) a word only in a publication's title or
# abstract, or only in an interest's name or keywords, is found, its url the
# collection's endpoint. SearchResult's type enum in each set's OpenAPI
# document lists exactly the searchable collections that set serves: the
# demo's is SPEC.md's five. The contract step holds the fixture's answers to
# its own document.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT

types='.components.schemas.SearchResult.properties.type.enum'

t 'on the demo, SearchResult.type is the five types of the spec'
req GET /openapi.json
expect_status 200
expect_json "$types" \
	'["project","experience","skill","certification","recommendation"]'

fixture=$STACK_ROOT/tests/fixtures/full_resume
export PERFIL_CONTENT=$fixture
bb_private_stack 1140 'serving the full resume'

t 'on the full resume, SearchResult.type lists every searchable collection it has'
req GET /openapi.json
expect_status 200
expect_json "$types" '["project","experience","skill","certification","recommendation","volunteer","publication","award","spoken-language","interest"]'

# only WORD FILES...: the files of the fixture holding WORD (case-insensitive)
# are exactly FILES: a word the test searches is in that collection alone.
only() {
	local word=$1
	shift
	expect_equal "files holding \"$word\"" "$*" \
		"$(cd "$fixture" && grep -il -- "$word" *.json | tr '\n' ' ' |
			sed 's/ $//')"
}

# slug_of FILE JQ-FILTER: the slug of the item of FILE that the filter
# (on the item, its English texts) selects.
slug_of() {
	jq -r "[.[] | select($2)][0].slug" "$fixture/$1"
}

for lang in es en; do
	t "lang=$lang: a word only in a publication's abstract finds the publication"
	only refreshes publications.json
	slug=$(slug_of publications.json '.description.en | test("refreshes")')
	req GET "/api/v1/search?q=refreshes&lang=$lang"
	expect_status 200
	expect_json '[.data[] | [.type, .slug, .score, .url]]' \
		"[[\"publication\",\"$slug\",1,\"$BASE/api/v1/publications\"]]"
	expect_json '.data[0].snippet | test("refreshes")' true
	expect_json '.meta.total' 1

	t "lang=$lang: a word only in a publication's title finds it with the title's 2 points"
	only parcels publications.json
	slug=$(slug_of publications.json '.title.en | test("parcels")')
	req GET "/api/v1/search?q=Parcels&lang=$lang"
	expect_status 200
	expect_json '[.data[] | [.type, .slug, .score]]' \
		"[[\"publication\",\"$slug\",2]]"
	expect_json '.data[0].title' \
		"$(jq --arg s "$slug" --arg l "$lang" '.[] | select(.slug == $s) | .title[$l]' \
			"$fixture/publications.json")"

	t "lang=$lang: a word only in an interest's keywords finds the interest"
	only bikepacking interests.json
	slug=$(slug_of interests.json '.keywords | map(.en) | any(test("bikepacking"))')
	req GET "/api/v1/search?q=BIKEPACKING&lang=$lang"
	expect_status 200
	expect_json '[.data[] | [.type, .slug, .score, .url]]' \
		"[[\"interest\",\"$slug\",1,\"$BASE/api/v1/interests\"]]"

	t "lang=$lang: a word only in an interest's name finds it with the title's 2 points"
	only 'board games' interests.json
	req GET "/api/v1/search?q=board&lang=$lang"
	expect_status 200
	expect_json '[.data[] | [.type, .slug, .score]]' '[["interest","board-games",2]]'
done

t 'the other collections beyond the spec are searched too: volunteer, awards, spoken languages'
only yoruba spoken-languages.json
req GET '/api/v1/search?q=yoruba'
expect_status 200
expect_json '[.data[] | [.type, .slug, .url]]' \
	"[[\"spoken-language\",\"yoruba\",\"$BASE/api/v1/spoken-languages\"]]"
only hackathon awards.json
req GET '/api/v1/search?q=hackathon'
expect_status 200
expect_json '[.data[] | .type] | unique' '["award"]'
only pyladies volunteer.json
req GET '/api/v1/search?q=pyladies'
expect_status 200
expect_json '[.data[] | .type] | unique' '["volunteer"]'
