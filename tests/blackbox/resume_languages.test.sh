#!/usr/bin/env bash
# front: nginx-only --init --from-resume is the responder's own; one front is enough
# One person's résumé per language (issue 38): --init DIR --from-resume
# ja=FILE --from-resume en=FILE writes one content set in both
# languages, entries matched across the files by position and dates
# (docs/resume.md, "Several languages"), and reports per file and field
# each entry it could not match (and any value the content holds once for
# every language where the files differ). Names, organisations and places
# that differ become per-language texts; equal ones stay one string. Served, /resume.json gives the Japanese résumé back and
# /en/resume.json the English one (round trip), but for the differences
# listed in the view below, each explained there.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT

fx=$STACK_ROOT/tests/fixtures/resume_langs
out=$BB_TMP/two
rm -rf "$out"

t '--from-resume ja=FILE --from-resume en=FILE: one site in both languages, passing --check'
run_cmd "$PERFIL_BIN" --init "$out" --from-resume "ja=$fx/ja.json" --from-resume "en=$fx/en.json"
expect_exit 0
cp "$BB_TMP/stdout" "$BB_TMP/report"
expect_equal 'site.json languages, the first file'"'"'s first' '["ja","en"]' "$(jq -c .languages "$out/site.json")"
expect_equal 'a role in both languages' '{"ja":"ファームウェアリード","en":"Firmware lead"}' \
	"$(jq -c '.[0].role' "$out/experience.json")"
expect_equal 'the matched second position, by its dates' '{"ja":"桟橋ラボ","en":"Pier Labs"}' \
	"$(jq -c '.[1].organization' "$out/experience.json")"
expect_equal 'highlights matched by position' '["OTA 更新を導入","Introduced OTA updates"]' \
	"$(jq -c '.[0].highlights[1] | [.ja, .en]' "$out/experience.json")"
expect_equal 'education in both' '{"ja":"西港大学","en":"University of Westharbour"}' \
	"$(jq -c '.[0].institution' "$out/education.json")"
run_cmd "$PERFIL_BIN" --check --content "$out"
expect_exit 0

t 'the report names each entry it could not match, per file and field'
expect_equal 'the English-only position, left out' yes \
	"$(grep -qF "$fx/en.json: not matched: experience.json[2] (Contractor, Open Source Foundation" "$BB_TMP/report" && echo yes || echo no)"
expect_equal 'the Japanese-only position, copies to translate' yes \
	"$(grep -qE "^$fx/en.json: not matched: experience.json\[2\] \(.*\) has no item in .*en.json: its en texts are copies to translate" "$BB_TMP/report" && echo yes || echo no)"
expect_equal 'names differ across the files: the name per language' '{"ja":"山田 花子","en":"Hanako Yamada"}' \
	"$(jq -c .name "$out/profile.json")"
expect_equal 'a city per language' '{"ja":"京都","en":"Kyoto"}' "$(jq -c .location.city "$out/profile.json")"
expect_equal 'equal texts are kept once (a skill name)' '"Rust"' "$(jq -c '.[0].skills[1].name' "$out/skills.json")"
expect_equal 'nothing held once differs' '' "$(grep ': differs: ' "$BB_TMP/report")"
expect_equal 'no copies to translate for a language a file gave' '' "$(grep '^translate:' "$BB_TMP/report")"

t 'a single FILE keeps working; several need LANG=; a LANG not among --languages is refused'
rm -rf "$BB_TMP/one"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/one" --from-resume "$fx/en.json"
expect_exit 0
expect_equal 'one language, meta.language' '["en"]' "$(jq -c .languages "$BB_TMP/one/site.json")"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/none" --from-resume "$fx/ja.json" --from-resume "en=$fx/en.json"
expect_exit 1
expect_stderr_match 'with several sources, each needs its language'
run_cmd "$PERFIL_BIN" --init "$BB_TMP/none" --languages ja,en --from-resume "fr=$fx/en.json"
expect_exit 1
expect_stderr_match 'fr is not one of the site'"'"'s languages'
expect_equal 'nothing written' no "$([[ -e $BB_TMP/none ]] && echo yes || echo no)"

# The round-trip view of each document: what perfil cannot give back as
# it was given, each explained:
#  - meta: perfil writes its own (language, canonical URL, version);
#  - projects: perfil requires one, so the import writes a TODO project;
#  - work: entries matched across the files only (the English-only one is
#    left out, the Japanese-only one has Japanese copies in English); the
#    report lists both.
view='del(.meta, ."$schema")
  | .projects |= (. // [] | map(select(.name | startswith("TODO: ") | not)))
  | .work |= map(select(.startDate == "2020-01" or .startDate == "2016-09"))
  | with_entries(select(.value != []))'

t 'served: /resume.json is the Japanese résumé, /en/resume.json the English one'
chmod -R a+rX "$out"
export PERFIL_CONTENT=$out
bb_private_stack 880 'serving the two-language import'
req GET /resume.json
expect_status 200
jq -S "$view" "$fx/ja.json" >"$BB_TMP/ja.want"
jq -S "$view" "$RESP_DIR/body" >"$BB_TMP/ja.got"
expect_equal 'ja: the document but the listed differences (diff)' '' \
	"$(diff "$BB_TMP/ja.want" "$BB_TMP/ja.got" | head -c 800)"
req GET /en/resume.json
expect_status 200
jq -S "$view" "$fx/en.json" >"$BB_TMP/en.want"
jq -S "$view" "$RESP_DIR/body" >"$BB_TMP/en.got"
expect_equal 'en: the document but the listed differences (diff)' '' \
	"$(diff "$BB_TMP/en.want" "$BB_TMP/en.got" | head -c 800)"
