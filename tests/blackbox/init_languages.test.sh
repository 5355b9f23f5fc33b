#!/usr/bin/env bash
# front: nginx-only --init is the responder's own; one front is enough
# The import follows the owner: perfil-fcgi --init DIR --from-resume FILE
# writes the languages given with --languages (the first the default),
# else the resume's own meta.language, else English; one language is
# written as plain strings, several as translated objects with copies to
# translate; site.json names them. Each import is served through nginx:
# the default language is the first given, the resume's texts are on /
# and /cv, and a one-language site has no language switcher.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT

doc=$STACK_ROOT/tests/resume/full.resume.json
name=$(jq -r .basics.name "$doc")
label=$(jq -r .basics.label "$doc")
summary=$(jq -r .basics.summary "$doc")
org=$(jq -r '.work[0].name' "$doc")
position=$(jq -r '.work[0].position' "$doc")
BASE_SHARED=$BASE

# serve DIR OFFSET: a private stack on DIR (the previous one stopped).
serve() {
	chmod -R a+rX "$1"
	stack_stop
	BASE=$BASE_SHARED
	export PERFIL_CONTENT=$1
	bb_private_stack "$2" "serving $1"
}

# resume_texts PATH LANG: PATH is a page in LANG with the resume's texts.
resume_texts() {
	req GET "$1"
	expect_status 200
	expect_body_contains "<html lang=\"$2\""
	expect_body_contains "$name"
	expect_body_contains "$label"
}

t 'the resume states English (meta.language "en")'
expect_equal 'meta.language' '"en"' "$(jq -c .meta.language "$doc")"

t '--languages en,nb: site.json names en then nb; texts are {en, nb} objects; nb reported to translate'
out=$BB_TMP/en-nb
rm -rf "$out"
run_cmd "$PERFIL_BIN" --init "$out" --from-resume "$doc" --languages en,nb
expect_exit 0
expect_stdout_match 'translate: every text is in en; the nb texts are copies to translate'
expect_equal 'site.json languages' '["en","nb"]' "$(jq -c .languages "$out/site.json")"
expect_equal 'headline' "$(jq -c -n --arg s "$label" '{en: $s, nb: $s}')" \
	"$(jq -c .headline "$out/profile.json")"
expect_equal 'experience role' "$(jq -c -n --arg s "$position" '{en: $s, nb: $s}')" \
	"$(jq -c '.[0].role' "$out/experience.json")"
expect_equal 'the README mentions site.json' yes \
	"$(grep -q 'site\.json' "$out/README.md" && echo yes || echo no)"
run_cmd "$PERFIL_BIN" --check --content "$out"
expect_exit 0
expect_stdout_match 'languages en, nb'

t 'en,nb served: / is English, /nb/ Norwegian Bokmål, both with the resume texts and a switcher'
serve "$out" 300
resume_texts / en
expect_body_contains '<li class="lang"><a href="'
expect_body_contains 'hreflang="nb" lang="nb">'
resume_texts /nb/ nb
expect_body_contains 'hreflang="en" lang="en"'
resume_texts /cv en
expect_body_contains "$org"
expect_body_contains "$position"
resume_texts /nb/cv nb
expect_body_contains "$org"
req GET '/api/v1/profile'
expect_header content-language en
expect_json '.data.headline' "$(jq -c -n --arg s "$label" '$s')"

t 'no --languages: English alone (the resume says en); plain strings; nothing to translate'
out=$BB_TMP/en
rm -rf "$out"
run_cmd "$PERFIL_BIN" --init "$out" --from-resume "$doc"
expect_exit 0
expect_equal 'report lines "translate:"' '' "$(grep '^translate:' "$BB_TMP/stdout")"
expect_equal 'site.json languages' '["en"]' "$(jq -c .languages "$out/site.json")"
expect_equal 'headline, a plain string' "$(jq -c -n --arg s "$label" '$s')" \
	"$(jq -c .headline "$out/profile.json")"
expect_equal 'translated objects (an "en" or "es" string member) in the content files' 0 \
	"$(cat "$out"/*.json | jq -s '[.[] | .. | objects | select((.en | type) == "string" or (.es | type) == "string")] | length')"
expect_equal 'the summary of about.json, a plain string' string \
	"$(jq -r '.summary | type' "$out/about.json")"
run_cmd "$PERFIL_BIN" --check --content "$out"
expect_exit 0
expect_stdout_match 'languages en;'

t 'English alone served: / and /cv in English with the resume texts, no language switcher, no /nb/ nor /es/'
serve "$out" 310
resume_texts / en
expect_body_contains "$(printf '%s' "$summary" | sed 's/&/\&amp;/g')"
expect_body_not_contains 'class="lang"'
expect_body_not_contains 'hreflang="es"'
resume_texts /cv en
expect_body_contains "$org"
expect_body_contains "$position"
expect_body_not_contains 'class="lang"'
req GET /es/
expect_status 404
req GET /nb/
expect_status 404

t 'meta.language "nb" and no --languages: a Norwegian site alone'
jq '.meta.language = "nb"' "$doc" >"$BB_TMP/nb.json"
out=$BB_TMP/nb
rm -rf "$out"
run_cmd "$PERFIL_BIN" --init "$out" --from-resume "$BB_TMP/nb.json"
expect_exit 0
expect_equal 'site.json languages' '["nb"]' "$(jq -c .languages "$out/site.json")"
expect_equal 'headline, a plain string' "$(jq -c -n --arg s "$label" '$s')" \
	"$(jq -c .headline "$out/profile.json")"
run_cmd "$PERFIL_BIN" --check --content "$out"
expect_exit 0
serve "$out" 320
resume_texts / nb
expect_body_not_contains 'class="lang"'
resume_texts /cv nb

t 'meta.language among --languages is the texts language; outside them the default is'
out=$BB_TMP/en-nb-from-nb
rm -rf "$out"
run_cmd "$PERFIL_BIN" --init "$out" --from-resume "$BB_TMP/nb.json" --languages en,nb
expect_exit 0
expect_stdout_match 'translate: every text is in nb; the en texts are copies to translate'
out=$BB_TMP/de-fr
rm -rf "$out"
run_cmd "$PERFIL_BIN" --init "$out" --from-resume "$BB_TMP/nb.json" --languages de,fr
expect_exit 0
expect_stdout_match 'not imported: meta.language \("nb" is not one of --languages; texts go into de\)'
expect_equal 'site.json languages' '["de","fr"]' "$(jq -c .languages "$out/site.json")"

t 'a meta.language ICU does not know: reported, English'
jq '.meta.language = "qq"' "$doc" >"$BB_TMP/qq.json"
out=$BB_TMP/qq
rm -rf "$out"
run_cmd "$PERFIL_BIN" --init "$out" --from-resume "$BB_TMP/qq.json"
expect_exit 0
expect_stdout_match 'not imported: meta.language \("qq" is not a language tag ICU knows; texts go into en\)'
expect_equal 'site.json languages' '["en"]' "$(jq -c .languages "$out/site.json")"

t 'the skeleton follows --languages too: nb,en with TODO texts in both; alone, English plain strings'
out=$BB_TMP/skel-nb-en
rm -rf "$out"
run_cmd "$PERFIL_BIN" --init "$out" --languages nb,en
expect_exit 0
expect_equal 'site.json languages' '["nb","en"]' "$(jq -c .languages "$out/site.json")"
expect_equal 'headline languages' '["en","nb"]' "$(jq -c '.headline | keys' "$out/profile.json")"
expect_equal 'every text TODO-marked in both' true \
	"$(jq '[.headline[], .summary[], .location.city[]] | all(startswith("TODO: "))' "$out/profile.json")"
run_cmd "$PERFIL_BIN" --check --content "$out"
expect_exit 0
expect_stderr_match 'placeholder: .*profile\.json: headline'
out=$BB_TMP/skel
rm -rf "$out"
run_cmd "$PERFIL_BIN" --init "$out"
expect_exit 0
expect_equal 'site.json languages' '["en"]' "$(jq -c .languages "$out/site.json")"
expect_equal 'headline, a plain string' string "$(jq -r '.headline | type' "$out/profile.json")"
expect_equal 'the README mentions site.json' yes \
	"$(grep -q 'site\.json' "$out/README.md" && echo yes || echo no)"
expect_equal 'the README never says both languages are required' no \
	"$(grep -qi 'both languages' "$out/README.md" && echo yes || echo no)"

t '--languages: a code ICU does not know, a malformed one, one twice, or no --init: usage errors naming it'
run_cmd "$PERFIL_BIN" --init "$BB_TMP/bad" --languages en,qq
expect_exit 2
expect_stderr_match 'unknown language code "qq"'
run_cmd "$PERFIL_BIN" --init "$BB_TMP/bad" --languages en_GB
expect_exit 2
expect_stderr_match '--languages "en_GB": languages\[0\]: expected a BCP 47 language tag'
run_cmd "$PERFIL_BIN" --init "$BB_TMP/bad" --languages en,nb,en
expect_exit 2
expect_stderr_match '"en" is listed twice'
run_cmd "$PERFIL_BIN" --init "$BB_TMP/bad" --languages en,EN
expect_exit 2
expect_stderr_match '"en" is listed twice'
run_cmd "$PERFIL_BIN" --check --languages en
expect_exit 2
expect_stderr_match '--languages needs --init'
expect_equal 'nothing written' no "$([[ -e $BB_TMP/bad ]] && echo yes || echo no)"
