#!/usr/bin/env bash
# Collection pagination: limit 1..100 (default 100), offset 0..1000 (default
# 0), plain decimal digits only; meta.self carries the non-default values.
. "$(dirname "$0")/lib.sh"

total=$(content projects.json length)
# page OFFSET LIMIT: the expected projects of that page, in Spanish; an
# item's tags are content-only (the CV's variants select them).
page() {
	localized projects.json es | jq -c --argjson o "$1" --argjson l "$2" \
		--arg b "$BASE" '.[$o:$o + $l] | map(del(.tags) + {api_url: ($b + "/api/v1/projects/" + .slug)})'
}

t 'limit=2 returns the first two items; meta echoes limit and keeps total'
req GET '/api/v1/projects?limit=2'
expect_success es
expect_json '.data' "$(page 0 2)"
expect_json '.meta | [.count, .total, .limit, .offset]' "[2,$total,2,0]"
expect_json '.meta.self' "\"$BASE/api/v1/projects?limit=2\""

t 'offset=1&limit=2 skips one item; meta.self lists limit before offset'
req GET '/api/v1/projects?offset=1&limit=2'
expect_success es
expect_json '.data' "$(page 1 2)"
expect_json '.meta | [.count, .total, .limit, .offset]' "[2,$total,2,1]"
expect_json '.meta.self' "\"$BASE/api/v1/projects?limit=2&offset=1\""

t 'default values are left out of meta.self: offset=0&limit=5 -> ?limit=5'
req GET '/api/v1/projects?offset=0&limit=5'
expect_status 200
expect_json '.meta.self' "\"$BASE/api/v1/projects?limit=5\""

t 'limit=100&offset=0 is the default page: meta.self has no query'
req GET '/api/v1/projects?limit=100&offset=0'
expect_status 200
expect_json '.data' "$(page 0 100)"
expect_json '.meta.self' "\"$BASE/api/v1/projects\""

t 'the last item alone: offset=total-1'
req GET "/api/v1/projects?offset=$((total - 1))"
expect_status 200
expect_json '.data' "$(page $((total - 1)) 100)"
expect_json '.meta | [.count, .total, .offset]' "[1,$total,$((total - 1))]"
expect_json '.meta.self' "\"$BASE/api/v1/projects?offset=$((total - 1))\""

for offset in "$total" 1000; do
	t "offset=$offset (past the end) is a 200 with no items and the total unchanged"
	req GET "/api/v1/projects?offset=$offset"
	expect_success es
	expect_json '.data' '[]'
	expect_json '.meta | [.count, .total, .limit, .offset]' "[0,$total,100,$offset]"
done

t 'limit=1 and limit=100 are the bounds and are accepted'
req GET '/api/v1/projects?limit=1'
expect_status 200
expect_json '.meta.count' 1
req GET '/api/v1/projects?limit=100'
expect_status 200
expect_json '.meta.count' "$total"

t 'leading zeros are plain decimal digits: limit=007'
req GET '/api/v1/projects?limit=007'
expect_status 200
expect_json '.meta.limit' 7

for name in experience skills certifications education recommendations; do
	n=$(content "$name.json" length)
	t "$name pages too: limit=1&offset=$((n - 1)) is its last item"
	req GET "/api/v1/$name?limit=1&offset=$((n - 1))"
	expect_status 200
	expect_json '.data' "$(localized "$name.json" es | jq -c '.[-1:] | map(del(.tags))')"
	expect_json '.meta | [.count, .total, .limit, .offset]' "[1,$n,1,$((n - 1))]"
done

# Invalid values: raw query value | value as the message should quote it
# (empty: not checked).
bad_limits=(
	'abc|abc' '1.5|1.5' '|' '-1|-1' '+5|' '%205|' '0x10|0x10' '1e2|1e2'
	'123456789012345678901234567890|123456789012345678901234567890'
	'0|0' '101|101' '99999999999999999999|99999999999999999999' '5abc|5abc'
)
for entry in "${bad_limits[@]}"; do
	raw=${entry%%|*}
	shown=${entry#*|}
	t "limit=$raw is a 400 invalid_parameter naming limit, its range and the value"
	req GET "/api/v1/projects?limit=$raw"
	expect_error 400 invalid_parameter
	expect_header content-language en
	expect_json_true '.error.message | contains("limit")'
	expect_json_true '.error.message | contains("from 1 to 100")'
	if [[ -n $shown ]]; then
		expect_json_true '.error.message | contains($v)' --arg v "$shown"
	fi
	expect_json_true '.error.hint | contains("limit")'
done

bad_offsets=('abc|abc' '-1|-1' '1001|1001' '1.5|1.5' '|' '%2B1|' '1e3|1e3'
	'123456789012345678901234567890|123456789012345678901234567890')
for entry in "${bad_offsets[@]}"; do
	raw=${entry%%|*}
	shown=${entry#*|}
	t "offset=$raw is a 400 invalid_parameter naming offset, its range and the value"
	req GET "/api/v1/projects?offset=$raw"
	expect_error 400 invalid_parameter
	expect_json_true '.error.message | contains("offset")'
	expect_json_true '.error.message | contains("from 0 to 1000")'
	if [[ -n $shown ]]; then
		expect_json_true '.error.message | contains($v)' --arg v "$shown"
	fi
	expect_json_true '.error.hint | contains("offset")'
done

t 'a bare limit (no "=") is a 400 like an empty one'
req GET '/api/v1/projects?limit'
expect_error 400 invalid_parameter

for query in 'limit=1&limit=2' 'limit=2&limit=2' 'offset=1&offset=2'; do
	t "a known parameter given twice ($query) is a 400 invalid_parameter"
	req GET "/api/v1/projects?$query"
	expect_error 400 invalid_parameter
done

t 'parameters unknown to an endpoint are ignored and left out of meta.self'
req GET '/api/v1/projects?foo=bar&limit=2&page=3'
expect_status 200
expect_json '.meta.count' 2
expect_json '.meta.self' "\"$BASE/api/v1/projects?limit=2\""

t 'limit and offset are unknown to single resources and ignored there'
req GET '/api/v1/profile?limit=abc&offset=-1'
expect_success es
expect_json '.meta.self' "\"$BASE/api/v1/profile\""
req GET '/api/v1/health?limit=0'
expect_status 200
