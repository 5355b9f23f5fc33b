#!/usr/bin/env bash
# Language: Spanish by default; lang=es|en (in any case), else
# Accept-Language with q-values; the query parameter wins over the header.
. "$(dirname "$0")/lib.sh"

headline_es=$(localized profile.json es | jq -c .headline)
headline_en=$(localized profile.json en | jq -c .headline)

# expect_lang LANG: the profile response is in LANG throughout.
expect_lang() {
	local headline=$headline_es
	if [[ $1 == en ]]; then
		headline=$headline_en
	fi
	expect_status 200
	expect_header content-language "$1"
	expect_header_match vary '(^|, *)Accept-Language(,|$)'
	expect_json '.data.headline' "$headline"
}

t 'without lang or Accept-Language the answer is Spanish'
req GET /api/v1/profile
expect_lang es
expect_meta /api/v1/profile es

t 'lang=es is Spanish and is the default, so meta.self has no query'
req GET '/api/v1/profile?lang=es'
expect_lang es
expect_meta /api/v1/profile es

t 'lang=en is English; meta points to the English site'
req GET '/api/v1/profile?lang=en'
expect_lang en
expect_meta '/api/v1/profile?lang=en' en

t 'Accept-Language: en is English and meta.self says lang=en'
req GET /api/v1/profile -H 'Accept-Language: en'
expect_lang en
expect_meta '/api/v1/profile?lang=en' en

# Accept-Language header | expected language
accept_cases=(
	'en-GB,en;q=0.9|en'
	'en-US|en'
	'fr, en;q=0.5|en'
	'fr|es'
	'es|es'
	'es-ES,es;q=0.9,en;q=0.8|es'
	'es;q=0.1, en;q=0.9|en'
	'en;q=0|es'
	'en;q=0, es;q=0.5|es'
	'|es'
)
for entry in "${accept_cases[@]}"; do
	header=${entry%%|*}
	lang=${entry#*|}
	t "Accept-Language: '$header' is answered in $lang"
	req GET /api/v1/profile -H "Accept-Language: $header"
	expect_lang "$lang"
done

t 'the query parameter wins over the header: lang=es with Accept-Language: en'
req GET '/api/v1/profile?lang=es' -H 'Accept-Language: en'
expect_lang es
expect_meta /api/v1/profile es

t 'the query parameter wins over the header: lang=en with Accept-Language: es'
req GET '/api/v1/profile?lang=en' -H 'Accept-Language: es'
expect_lang en

t 'collections: lang=en comes after limit and offset in meta.self'
req GET '/api/v1/projects?lang=en&offset=1&limit=2'
expect_status 200
expect_header content-language en
expect_json '.meta.self' "\"$BASE/api/v1/projects?limit=2&offset=1&lang=en\""
req GET '/api/v1/projects?limit=2' -H 'Accept-Language: en'
expect_json '.meta.self' "\"$BASE/api/v1/projects?limit=2&lang=en\""

t 'lang=EN and lang=En are English: a language tag has no case (RFC 5646)'
for value in EN En; do
	req GET "/api/v1/profile?lang=$value"
	expect_lang en
done

for value in fr EN-US '' es-ES english e; do
	t "lang=$value is a 400 invalid_parameter naming lang"
	req GET "/api/v1/profile?lang=$value"
	expect_error 400 invalid_parameter
	expect_header content-language en
	expect_header_match vary '(^|, *)Accept-Language(,|$)'
	expect_json_true '.error.message | contains("lang")'
	if [[ -n $value ]]; then
		expect_json_true '.error.message | contains($v)' --arg v "$value"
	fi
	expect_json_true '.error.hint | contains("lang")'
done

t 'lang given twice is a 400 invalid_parameter'
req GET '/api/v1/profile?lang=en&lang=en'
expect_error 400 invalid_parameter

t 'lang is checked on every endpoint: /api/v1/health?lang=fr'
req GET '/api/v1/health?lang=fr'
expect_error 400 invalid_parameter

t 'an error is in English whatever the request language'
req GET '/api/v1/projects?lang=es&limit=abc'
expect_error 400 invalid_parameter
expect_header content-language en
req GET /api/v1/projects/no-such-project -H 'Accept-Language: es'
expect_error 404 not_found
expect_header content-language en
