#!/usr/bin/env bash
# front: nginx-only the import, search and CV are the responder's own; one front is enough
# Owners whose own language is not written in Latin letters (issue 45):
# a Thai, a Hindi and a Japanese owner, each with two JSON Resumes (own
# language first, English second with English titles, tests/fixtures/
# owners/), imported with --init DIR --from-resume LANG=FILE
# --from-resume en=FILE and served through nginx:
#  - every slug is ASCII made from the English title (docs/resume.md),
#    not a transliteration of the Thai or Hindi, nor "item" for kanji;
#  - skills given without years show none: no "(0+)" on /cv, /en/cv, the
#    PDF, and no years in the API (content/README.md);
#  - every ?lang=en answer of the API and every English MCP tool result
#    is in English where the English résumé gave English, the four fields
#    the original contract keeps in the default language too (project
#    description, experience period, certification and recommendation
#    dates: docs/languages.md), dates in the Gregorian calendar; the
#    owner's language's answers keep theirs (a Thai period in the
#    Buddhist era);
#  - search keeps the marks that make a Thai or Hindi word: ขาว (white)
#    does not find ข้าว (rice), चना (chickpea) does not find चुनाव
#    (election), while the real words are found, ज़िला in every encoding
#    (docs/search.md).
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT
# Every stack here serves an import: the contract holds each to its own
# OpenAPI document (tests/contract/run).
export BB_OWN_DOCUMENT=1

fx=$STACK_ROOT/tests/fixtures/owners

# serve_owner LANG OFFSET: imports fx/LANG.json and fx/LANG.en.json into
# $BB_TMP/LANG and serves it on a private stack.
serve_owner() {
	local out=$BB_TMP/$1
	rm -rf "$out"
	t "$1 and en résumés imported as one site"
	run_cmd "$PERFIL_BIN" --init "$out" --from-resume "$1=$fx/$1.json" \
		--from-resume "en=$fx/$1.en.json"
	expect_exit 0
	cp "$BB_TMP/stdout" "$BB_TMP/$1.report"
	expect_equal 'nothing left unmatched' '' "$(grep 'not matched' "$BB_TMP/$1.report")"
	expect_equal 'years written for the skills given with years, none for the others' \
		"$(years_given "$fx/$1.json")" \
		"$(jq -c '[.[].skills[] | select(has("years")) | {name, years}]' "$out/skills.json")"
	chmod -R a+rX "$out"
	stack_stop
	BASE=${BASE_SHARED:=$BASE}
	export PERFIL_CONTENT=$out
	bb_private_stack "$2" "serving the $1 owner"
}

# years_given FILE: the skills of résumé FILE given with years, as
# [{name, years}] in the résumé's order.
years_given() {
	jq -c '[.skills[] | (.years // {}) as $y | .keywords[]
		| select($y[.] != null) | {name: ., years: $y[.]}]' "$1"
}

# label LANG KEY NAME VALUE: label KEY of labels/LANG.json with its
# @@NAME@@ VALUE.
label() {
	jq -r --arg k "$2" --arg n "@@$3@@" --arg v "$4" '.[$k] | sub($n; $v)' \
		"$STACK_ROOT/labels/$1.json"
}

# years_with_unit LANG: the CV in LANG (and in English) shows a skill's
# years with the unit of its label set ("Python (6+ ปี)"), never a bare
# "(6+)".
years_with_unit() {
	local l pre y
	y=$(jq -r '.skills[0].years.Python' "$fx/$1.json")
	for l in "$1" en; do
		pre=
		[[ $l == "$1" ]] || pre=/$l
		t "$pre/cv: skill years with the $l unit"
		req GET "$pre/cv"
		expect_status 200
		expect_body_contains "Python ($(label "$l" cv.years years "$y"))"
		expect_body_not_contains "Python ($y)"
	done
}

# scores LANG: the education score is per language, in /resume.json,
# /LANG/resume.json and on /cv, /LANG/cv with its label.
scores() {
	local l pre f
	for l in "$1" en; do
		pre= f=$fx/$1.json
		[[ $l == "$1" ]] || pre=/$l f=$fx/$1.en.json
		t "$pre/resume.json and $pre/cv: the $l education score"
		req GET "$pre/resume.json"
		expect_status 200
		expect_json '.education[0].score' "$(jq '.education[0].score' "$f")"
		req GET "$pre/cv"
		expect_status 200
		expect_body_contains "$(label "$l" cv.score score \
			"$(jq -r '.education[0].score' "$f")")"
	done
}

# slugs_from_english LANG: the slugs of projects, experience and
# education are the English titles made ASCII (lower case, runs of
# anything else one "-"), as the English résumé gives them.
slugs_from_english() {
	local want got
	t "$1: project, entry and education slugs are ASCII from the English titles"
	for pair in 'projects:.projects | map(.name)' \
		'experience:.work | map(.position + ", " + .name)' \
		'education:.education | map(.institution)'; do
		want=$(jq -c "${pair#*:} | map(ascii_downcase | gsub(\"[^a-z0-9]+\"; \"-\")
			| ltrimstr(\"-\") | rtrimstr(\"-\"))" "$fx/$1.en.json")
		got=$(jq -c 'map(.slug)' "$BB_TMP/$1/${pair%%:*}.json")
		expect_equal "${pair%%:*}.json slugs" "$want" "$got"
	done
	req GET "/api/v1/projects?lang=en"
	expect_status 200
	expect_json_true '[.data[].slug | test("^[a-z0-9-]+$")] | all and length == 2'
	req GET "/en/projects/$(jq -r '.[0].slug' "$BB_TMP/$1/projects.json")"
	expect_status 200
}

# no_zero_years PREFIX: the CV in HTML and PDF under PREFIX and the skills
# in the API show no years for skills that have none.
no_zero_years() {
	t "${1:-/}: no \"(0+)\" on the CV, in its PDF or in the API"
	req GET "$1/cv"
	expect_status 200
	expect_body_contains "$(jq -r '.[0].skills[0].name' "$BB_TMP/$2/skills.json")"
	expect_body_not_contains '(0+)'
	req GET "$1/cv.pdf"
	expect_status 200
	pdftotext -layout "$RESP_DIR/body" "$BB_TMP/cv.txt"
	expect_equal 'the PDF names a skill' yes \
		"$(grep -qF Python "$BB_TMP/cv.txt" && echo yes || echo no)"
	expect_equal 'the PDF shows no (0+)' '' "$(grep -F '(0+)' "$BB_TMP/cv.txt")"
	req GET "/api/v1/skills?lang=${3:-en}"
	expect_status 200
	expect_json '[.data[].skills[] | select(has("years")) | {name, years}]' \
		"$(years_given "$fx/$2.json")"
	expect_json_true '[.data[].skills[]] | length > 0'
}

# english_answers LANG RE WHAT: no API answer with lang=en and no English
# MCP tool result has a letter matching RE (the owner's script, WHAT);
# the four fields of the original contract's default-language rule are
# the English résumé's (description) or English dates.
english_answers() {
	local c
	t "$1: ?lang=en answers and English MCP results hold no $3"
	for c in profile about projects experience skills certifications \
		education recommendations; do
		req GET "/api/v1/$c?lang=en"
		expect_status 200
		expect_json_true '[.. | strings | test($re)] | any | not' --arg re "$2"
	done
	req GET "/api/v1/projects?lang=en"
	expect_json '[.data[].description]' "$(jq -c '.projects | map(.description)' "$fx/$1.en.json")"
	req GET "/api/v1/experience?lang=en"
	expect_json '.data[0].period' "\"$(jq -r '.work[0].startDate | strptime("%Y-%m") | strftime("%B %Y")' "$fx/$1.en.json") – present\""
	req GET "/api/v1/certifications?lang=en"
	expect_json '.data[0].date' "\"$(jq -r '.certificates[0].date | strptime("%Y-%m") | strftime("%B %Y")' "$fx/$1.en.json")\""
	req GET "/api/v1/recommendations?lang=en"
	expect_json '.data[0].date' "\"$(jq -r '.references[0].date | strptime("%Y-%m-%d") | strftime("%B %-d, %Y")' "$fx/$1.en.json")\""
	t "$1: the English MCP tool results hold no $3 either"
	for c in getProfile getAbout listProjects listExperience listSkills \
		listCertifications listEducation listRecommendations; do
		mcp_call "$c"
		expect_json_true '[.result.structuredContent | .. | strings | test($re)] | any | not' --arg re "$2"
		expect_json_true '.result.structuredContent.data | length > 0'
	done
	t "$1: the default language's answers keep the owner's language"
	req GET "/api/v1/projects?lang=$1"
	expect_json '[.data[].description]' "$(jq -c '.projects | map(.description)' "$fx/$1.json")"
	req GET "/api/v1/recommendations"
	expect_json_true '.data[0].date | test($re)' --arg re "$2"
}

# mcp_call TOOL: tools/call of TOOL with lang en through /mcp.
mcp_call() {
	req POST /mcp -H 'Content-Type: application/json' \
		-H 'Accept: application/json, text/event-stream' \
		--data-binary "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"$1\",\"arguments\":{\"lang\":\"en\"}}}"
	expect_status 200
}

# card_without_n LANG: the profile has no given or family name, so the
# vCard has no N (not "N:;;;;"), and python3-vobject reads its FN.
card_without_n() {
	t "$1: /contact.vcf has no empty N, and python3-vobject reads it"
	expect_equal 'given/family names' null \
		"$(jq -c '.given_name // .family_name' "$BB_TMP/$1/profile.json")"
	req GET /contact.vcf
	expect_status 200
	expect_body_contains $'\r\nFN:'
	expect_equal 'N lines' '' "$(grep -a '^N:' "$RESP_DIR/body")"
	run_cmd /usr/bin/python3 -c 'import sys, vobject
card = vobject.readOne(open(sys.argv[1], encoding="utf-8").read())
print(card.fn.value)' "$RESP_DIR/body"
	expect_exit 0
	expect_equal 'FN' "$(jq -r .basics.name "$fx/$1.json")" "$(cat "$BB_TMP/stdout")"
}

# finds LANG Q: a search for Q in LANG finds at least one item; misses:
# none.
finds() {
	req GET "/api/v1/search?lang=$1&q=$(jq -rn --arg q "$2" '$q | @uri')"
	expect_status 200
	expect_json_true '.meta.total >= 1'
}
misses() {
	req GET "/api/v1/search?lang=$1&q=$(jq -rn --arg q "$2" '$q | @uri')"
	expect_status 200
	expect_json '.meta.total' 0
}

bb_require pdftotext

serve_owner th 1200
slugs_from_english th
no_zero_years '' th th
no_zero_years /en th en
english_answers th '\p{Thai}' 'Thai letters'
years_with_unit th
scores th
t 'th: a Thai period is in the Buddhist era, an English one is not'
req GET '/api/v1/experience?lang=th'
expect_json_true '.data[0].period | test("2562")'
req GET '/api/v1/experience?lang=en'
expect_json_true '.data[0].period | test("2562") | not'
t 'th: ขาว (white) does not find ข้าว (rice); ข้าว and words inside sentences are found'
misses th ขาว
finds th ข้าว
finds th ผลผลิต
finds th เชียงใหม่

serve_owner hi 1210
slugs_from_english hi
no_zero_years '' hi hi
no_zero_years /en hi en
english_answers hi '\p{Devanagari}' 'Devanagari'
card_without_n hi
years_with_unit hi
scores hi
t 'hi: an item the English résumé lacks is named in the report by its name'
jq 'del(.interests[2])' "$fx/hi.en.json" >"$BB_TMP/hi-short.en.json"
rm -rf "$BB_TMP/hi-short"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/hi-short" --from-resume "hi=$fx/hi.json" \
	--from-resume "en=$BB_TMP/hi-short.en.json"
expect_exit 0
expect_equal 'the report line' \
	"$BB_TMP/hi-short.en.json: not matched: interests.json[2] ($(jq -r '.interests[2].name' "$fx/hi.json")) has no item in $BB_TMP/hi-short.en.json: its en texts are copies to translate" \
	"$(grep 'not matched' "$BB_TMP/stdout")"
t 'hi: चना (chickpea) does not find चुनाव (election); चुनाव is found'
misses hi चना
finds hi चुनाव
misses hi जिला
t 'hi: ज़िला is found in every encoding (U+095B, ज + nukta: NFC and NFD alike)'
finds hi $'\xe0\xa5\x9b\xe0\xa4\xbf\xe0\xa4\xb2\xe0\xa4\xbe'
finds hi $'\xe0\xa4\x9c\xe0\xa4\xbc\xe0\xa4\xbf\xe0\xa4\xb2\xe0\xa4\xbe'
t 'hi and en: Latin accents still fold'
finds en ELECTION
finds en électión

serve_owner ja 1220
slugs_from_english ja
t 'ja: no slug is "item" (kanji left out) and the report names none'
expect_equal 'item slugs' '' \
	"$(cat "$BB_TMP/ja"/*.json | jq -r '.. | .slug? // empty' | grep -E '^item(-[0-9]+)?$' || true)"
expect_equal 'slug lines in the report' '' "$(grep 'slug: ' "$BB_TMP/ja.report")"
no_zero_years '' ja ja
