#!/usr/bin/env bash
# getAbout: GET /api/v1/about publishes content/about.json.
. "$(dirname "$0")/lib.sh"

for lang in es en; do
	query=
	if [[ $lang == en ]]; then
		query='?lang=en'
	fi
	t "GET /api/v1/about$query is about.json in '$lang'"
	req GET "/api/v1/about$query"
	expect_success "$lang"
	expect_meta "/api/v1/about$query" "$lang"
	expect_json '.meta | keys' '["count","documentation_url","self","source"]'
	expect_json '.meta.count' 1
	expect_json '.data' "$(localized about.json "$lang")"
done

t 'about has summary and timeline; every milestone exactly year, title, description'
req GET /api/v1/about
expect_json '.data | keys' '["summary","timeline"]'
expect_json_true '.data.summary | type == "string" and length > 0'
expect_json_true '.data.timeline | length > 0 and all(.[]; keys == ["description","title","year"])'
expect_json_true '[.data.timeline[] | .year, .title, .description | type] | unique == ["string"]'

t 'the timeline is oldest first'
req GET /api/v1/about
expect_json_true '[.data.timeline[].year] as $y | $y == ($y | sort)'
