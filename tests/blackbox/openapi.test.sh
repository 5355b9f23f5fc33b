#!/usr/bin/env bash
# OpenAPI: the document is served at /openapi.json (canonical),
# /api/openapi.json (the same bytes) and /api/openapi.yaml (the same document
# as YAML), with the API's caching and CORS headers. The contract suite
# (tests/contract) validates the document and every saved /api response.
. "$(dirname "$0")/lib.sh"

t '/openapi.json is the OpenAPI 3.1 document, as JSON, cacheable and open to every origin'
req GET /openapi.json
expect_status 200
expect_header content-type 'application/json; charset=utf-8'
expect_header cache-control 'public, max-age=300, s-maxage=3600'
expect_header_match etag '^"[0-9a-f]{16}"$'
expect_header access-control-allow-origin '*'
expect_header x-content-type-options nosniff
expect_json '.openapi' '"3.1.0"'
expect_json '.servers[0].url' "\"$BASE\""
expect_json '.info.license.identifier' '"CC-BY-4.0"'
cp "$RESP_DIR/body" "$BB_TMP/canonical.json"
etag=$(header etag)

t 'info.version is Health.api_version'
version=$(jq -r .info.version "$BB_TMP/canonical.json")
req GET /api/v1/health
expect_json '.data.api_version' "\"$version\""

t 'the document lists every operation of the spec, with its path'
req GET /openapi.json
for op in getHealth:/api/v1/health getProfile:/api/v1/profile \
	getAbout:/api/v1/about listProjects:/api/v1/projects \
	'getProject:/api/v1/projects/{slug}' listExperience:/api/v1/experience \
	listSkills:/api/v1/skills listCertifications:/api/v1/certifications \
	listEducation:/api/v1/education \
	listRecommendations:/api/v1/recommendations; do
	expect_json ".paths[\"${op#*:}\"].get.operationId" "\"${op%%:*}\""
done
expect_json_true '[.paths[] | keys[]] | unique == ["get"]'
expect_json_true '.paths | has("/openapi.json") or has("/api/openapi.json") | not'

t '/api/openapi.json is the same bytes, with the same ETag and headers'
req GET /api/openapi.json
expect_status 200
expect_header content-type 'application/json; charset=utf-8'
expect_header cache-control 'public, max-age=300, s-maxage=3600'
expect_header etag "$etag"
expect_header access-control-allow-origin '*'
expect_header x-content-type-options nosniff
cmp -s "$RESP_DIR/body" "$BB_TMP/canonical.json"
_bb_check $? 'the body of /api/openapi.json equals /openapi.json' 'they differ'

t '/api/openapi.yaml is the document as YAML (application/yaml)'
req GET /api/openapi.yaml
expect_status 200
expect_header content-type 'application/yaml'
expect_header cache-control 'public, max-age=300, s-maxage=3600'
expect_header_match etag '^"[0-9a-f]{16}"$'
expect_header access-control-allow-origin '*'
expect_header x-content-type-options nosniff
expect_body_contains 'openapi: "3.1.0"'
expect_body_contains '  /api/v1/projects/{slug}:'
expect_differ 'ETag of the JSON and of the YAML' "$etag" "$(header etag)"
yaml_etag=$(header etag)

for path in /openapi.json /api/openapi.json /api/openapi.yaml; do
	t "$path revalidates: If-None-Match with its ETag is a 304 without a body"
	req GET "$path"
	tag=$(header etag)
	req GET "$path" -H "If-None-Match: $tag"
	expect_status 304
	expect_header etag "$tag"
	expect_header cache-control 'public, max-age=300, s-maxage=3600'
	expect_header access-control-allow-origin '*'
	expect_body_empty

	t "HEAD $path has the headers of GET and no body"
	req HEAD "$path"
	expect_status 200
	expect_header etag "$tag"
	expect_header access-control-allow-origin '*'
	expect_header_match content-type '^application/(json; charset=utf-8|yaml)$'
	expect_body_empty
done
expect_equal 'ETag of /api/openapi.yaml' "$yaml_etag" "$tag"

t 'perfil-fcgi --dump-openapi prints the served document and exits'
run_cmd "$PERFIL_BIN" --content "$CONTENT" --base-url "$BASE" --dump-openapi
expect_exit 0
cmp -s "$BB_TMP/stdout" "$BB_TMP/canonical.json"
_bb_check $? '--dump-openapi prints the bytes of /openapi.json' \
	"$(head -c 200 "$BB_TMP/stdout")"

t 'perfil-fcgi --dump-openapi=yaml prints the served YAML'
req GET /api/openapi.yaml
cp "$RESP_DIR/body" "$BB_TMP/served.yaml"
run_cmd "$PERFIL_BIN" --content "$CONTENT" --base-url "$BASE" --dump-openapi=yaml
expect_exit 0
cmp -s "$BB_TMP/stdout" "$BB_TMP/served.yaml"
_bb_check $? '--dump-openapi=yaml prints the bytes of /api/openapi.yaml' \
	"$(head -c 200 "$BB_TMP/stdout")"

t 'perfil-fcgi --dump-openapi=xml is a usage error'
run_cmd "$PERFIL_BIN" --content "$CONTENT" --dump-openapi=xml
expect_exit 2
expect_stderr_match 'json or yaml'

t 'writing to the document is 405 with Allow, JSON under /api'
req POST /api/openapi.json
expect_error 405 method_not_allowed
expect_header allow 'GET, HEAD, OPTIONS'

t 'no operation needs credentials: top-level security is []'
req GET /openapi.json
expect_json '.security' '[]'

t 'every header a 304 carries is documented in the NotModified response'
req GET /api/v1/profile
req GET /api/v1/profile -H "If-None-Match: $(header etag)"
expect_status 304
# x-cache-status is the shipped nginx site's own diagnostic header (HIT,
# MISS...), not the API's.
sent=$(cut -d: -f1 "$RESP_DIR/headers" | grep -vx -e date -e server \
	-e connection -e keep-alive -e x-cache-status | sort -u |
	jq -Rn '[inputs]' -c)
req GET /openapi.json
expect_json_true '.components.responses.NotModified.headers | keys
	| map(ascii_downcase) as $doc | $sent - $doc == []' --argjson sent "$sent"

t 'the search parameter q has a pattern that rejects white space only'
expect_json '[.paths[].get.parameters[]? | select(.name == "q")
	| .schema.pattern] | unique' '["\\S"]'

t 'If-Match and its 412 (code bad_request) are documented on every operation'
expect_json_true '[.paths[].get | (.parameters | map(."$ref" // .name)
	| any(. == "#/components/parameters/If-Match"))
	and (.responses | has("412"))] | all'
expect_json_true '.components.responses.PreconditionFailed.description
	| contains("bad_request")'
