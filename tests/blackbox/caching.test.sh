#!/usr/bin/env bash
# Caching: successful responses are cacheable and carry a strong ETag per
# representation; If-None-Match revalidates to 304.
. "$(dirname "$0")/lib.sh"

t 'a success is cacheable for 5 minutes (1 hour in shared caches) with a strong ETag'
req GET /api/v1/projects
expect_status 200
expect_header cache-control 'public, max-age=300, s-maxage=3600'
expect_header_match etag '^"[^"]+"$'
etag=$(header etag)

t 'the same request gives the same ETag'
req GET /api/v1/projects
expect_header etag "$etag"

t 'Spanish and English representations have different ETags'
req GET '/api/v1/projects?lang=en'
expect_status 200
expect_differ 'ETag of es and en' "$etag" "$(header etag)"
etag_en=$(header etag)
req GET /api/v1/projects -H 'Accept-Language: en'
expect_header etag "$etag_en"

t 'different pages have different ETags'
req GET '/api/v1/projects?limit=1'
expect_status 200
expect_differ 'ETag of the full list and of limit=1' "$etag" "$(header etag)"

t 'If-None-Match with the current ETag is a 304 with the ETag and no body'
req GET /api/v1/projects -H "If-None-Match: $etag"
expect_status 304
expect_header etag "$etag"
expect_header access-control-allow-origin '*'
expect_header x-content-type-options nosniff
expect_header_match vary '(^|, *)Accept-Language(,|$)'
expect_body_empty

t 'If-None-Match with the ETag in a list is a 304'
req GET /api/v1/projects -H "If-None-Match: \"nope\", $etag, \"other\""
expect_status 304
expect_body_empty

t 'If-None-Match: * is a 304'
req GET /api/v1/projects -H 'If-None-Match: *'
expect_status 304
expect_header etag "$etag"
expect_body_empty

t 'If-None-Match with the weak form W/ of the ETag is a 304 (weak comparison)'
req GET /api/v1/projects -H "If-None-Match: W/$etag"
expect_status 304
expect_body_empty

t 'HEAD with a matching If-None-Match is a 304 too'
req HEAD /api/v1/projects -H "If-None-Match: $etag"
expect_status 304
expect_body_empty

for junk in '"junk"' 'junk' '""' 'W/' ',,,'; do
	t "If-None-Match: $junk does not match: a full 200"
	req GET /api/v1/projects -H "If-None-Match: $junk"
	expect_status 200
	expect_header etag "$etag"
	expect_json_true '.data | length > 0'
done

t 'the Spanish ETag does not match the English representation'
req GET '/api/v1/projects?lang=en' -H "If-None-Match: $etag"
expect_status 200
expect_header etag "$etag_en"

t 'another resource ETag does not match'
req GET /api/v1/profile
profile_etag=$(header etag)
req GET /api/v1/projects -H "If-None-Match: $profile_etag"
expect_status 200

for path in /api/v1/health /api/v1/profile /api/v1/about /api/v1/skills; do
	t "$path revalidates: its own ETag gives a 304"
	req GET "$path"
	expect_header cache-control 'public, max-age=300, s-maxage=3600'
	expect_header_match etag '^"[^"]+"$'
	tag=$(header etag)
	req GET "$path" -H "If-None-Match: $tag"
	expect_status 304
	expect_header etag "$tag"
	expect_body_empty
done

t 'errors are not cacheable and have no ETag, even with If-None-Match: *'
req GET /api/v1/projects/no-such-project -H 'If-None-Match: *'
expect_error 404 not_found
req GET '/api/v1/projects?limit=0'
expect_error 400 invalid_parameter

# If-Match (RFC 9110, 13.1.1): the request is answered only when the field
# holds "*" or the current tag by strong comparison; otherwise 412 in the
# JSON envelope, with the code bad_request.
t 'If-Match with a tag that is not current is a 412 in the JSON envelope'
req GET /api/v1/projects -H 'If-Match: "0000000000000000"'
expect_error 412 bad_request
expect_json_true '.error.message | contains("If-Match")'

t 'If-Match: * passes (200 with the body)'
req GET /api/v1/projects -H 'If-Match: *'
expect_status 200
expect_header etag "$etag"
expect_json_true '.data | length > 0'

t 'If-Match with the current ETag (alone or in a list) passes'
req GET /api/v1/projects -H "If-Match: $etag"
expect_status 200
expect_header etag "$etag"
req GET /api/v1/projects -H "If-Match: \"nope\", $etag"
expect_status 200

t 'If-Match with the weak form W/ of the ETag is a 412 (strong comparison)'
req GET /api/v1/projects -H "If-Match: W/$etag"
expect_error 412 bad_request

t 'HEAD with a failing If-Match is a 412 without a body'
req HEAD /api/v1/projects -H 'If-Match: "nope"'
expect_status 412
expect_body_empty

t 'a page with a failing If-Match is a 412 too; its current ETag passes'
req GET /llms.txt
page_etag=$(header etag)
req GET /llms.txt -H 'If-Match: "nope"'
expect_status 412
req GET /llms.txt -H "If-Match: $page_etag"
expect_status 200
