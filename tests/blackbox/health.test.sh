#!/usr/bin/env bash
# getHealth: GET /api/v1/health.
. "$(dirname "$0")/lib.sh"

t 'GET /api/v1/health is a 200 in the {data, meta} envelope, in Spanish by default'
req GET /api/v1/health
expect_success es
expect_meta /api/v1/health es

t 'health data has exactly status, api_version, openapi_url and documentation_url (the contract closes it)'
req GET /api/v1/health
expect_json '.data | keys' '["api_version","documentation_url","openapi_url","status"]'
expect_json '.data.status' '"ok"'
expect_json_true '.data.api_version | test("^[0-9]+\\.[0-9]+\\.[0-9]+$")'
expect_json '.data.openapi_url' "\"$BASE/openapi.json\""
expect_json '.data.documentation_url' "\"$BASE/developers\""

t 'health headers: Perfil-Content names the fingerprint and load time of the content served; no refused reload'
req GET /api/v1/health
expect_header_match perfil-content '^fingerprint="[0-9a-f]{16}", loaded-at="[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z"$'
loaded=$(header perfil-content | sed 's/.*loaded-at="\([^"]*\)".*/\1/')
expect_equal 'loaded-at is not in the future' yes "$( (($(date -u -d "$loaded" +%s) <= $(date -u +%s))) && echo yes || echo no)"
expect_header_absent perfil-reload-refused

t 'health meta has exactly count, self, source and documentation_url, count 1'
req GET /api/v1/health
expect_json '.meta | keys' '["count","documentation_url","self","source"]'
expect_json '.meta.count' 1

t 'health in English: meta points to the English site, data stays the same'
req GET '/api/v1/health?lang=en'
expect_success en
expect_meta '/api/v1/health?lang=en' en
expect_json '.data.status' '"ok"'
expect_json '.data.openapi_url' "\"$BASE/openapi.json\""
expect_json_true '.data.documentation_url | IN($b + "/developers", $b + "/en/developers")' \
	--arg b "$BASE"
