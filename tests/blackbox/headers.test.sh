#!/usr/bin/env bash
# Headers every /api response carries, whatever its status.
. "$(dirname "$0")/lib.sh"

slug=$(content projects.json '.[0].slug' | jq -r .)

# method | path | extra curl argument | expected status
cases=(
	"GET|/api/v1/health||200"
	"GET|/api/v1/projects?lang=en||200"
	"GET|/api/v1/projects/$slug|-HAccept-Language: en|200"
	"HEAD|/api/v1/profile||200"
	"GET|/api/v1/projects?limit=abc||400"
	"GET|/api/v1/profile?x=%FF||400"
	"GET|/api/v1/nope||404"
	"DELETE|/api/v1/profile||405"
	"OPTIONS|/api/v1/profile||204"
	"GET|/api/v1/profile|-HIf-None-Match: *|304"
)
for entry in "${cases[@]}"; do
	IFS='|' read -r method path arg status <<<"$entry"
	args=()
	if [[ -n $arg ]]; then
		args=("$arg")
	fi
	req "$method" "$path" "${args[@]}"
	if [[ $status == 204 ]]; then
		# No representation: no Content-Type, Content-Language or Vary needed.
		t "$method $path ($status): CORS and nosniff"
		expect_status "$status"
		expect_header access-control-allow-origin '*'
		expect_header x-content-type-options nosniff
		continue
	fi
	t "$method $path ($status): CORS, nosniff, Vary and Content-Language"
	expect_status "$status"
	expect_api_headers
	if [[ $status != 304 ]]; then
		expect_header content-type 'application/json; charset=utf-8'
	fi
done

t 'nginx does not reveal its version'
req GET /api/v1/health
expect_header_match server '^[^/0-9]*$'

t 'successful bodies are JSON objects with exactly data and meta, UTF-8 as is'
req GET /api/v1/profile
expect_json 'keys' '["data","meta"]'
expect_json '.data.name' "$(content profile.json .name)"


# Every public document outside /api is readable by any origin's scripts,
# and its preflight is answered like the API's.
for path in /openapi.json /llms.txt /agents.md /index.md /en/index.md \
	/sitemap.xml /robots.txt /manifest.webmanifest /; do
	t "GET $path carries Access-Control-Allow-Origin: *"
	req GET "$path"
	expect_status 200
	expect_header access-control-allow-origin '*'
	req GET "$path" -H "If-None-Match: $(header etag)"
	expect_status 304
	expect_header access-control-allow-origin '*'
done

for path in /openapi.json /llms.txt /agents.md; do
	t "the CORS preflight of $path is a 204 with the CORS headers"
	req OPTIONS "$path" -H 'Origin: https://example.org' \
		-H 'Access-Control-Request-Method: GET'
	expect_status 204
	expect_header access-control-allow-origin '*'
	expect_header access-control-allow-methods 'GET, HEAD, OPTIONS'
	expect_header allow 'GET, HEAD, OPTIONS'
done
