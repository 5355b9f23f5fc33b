#!/usr/bin/env bash
# front: nginx-only the search and the import are the responder's own; one front is enough
# Every script in the data: search finds a word in the middle of a sentence
# of a language written without spaces (ICU's dictionary word breaks), folds
# hiragana to katakana and half-width to full-width kana, on sites imported
# from a Japanese, a Chinese and a Thai JSON Resume (tests/resume/*-
# academic.resume.json), through nginx; a term the dictionary splits
# otherwise than the text is found where one of its words starts one of the
# text's; a word that starts inside a dictionary word is not found (word
# starts, not substrings).
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT
# Every stack here serves an import: the contract holds each to its own
# OpenAPI document (tests/contract/run).
export BB_OWN_DOCUMENT=1

# serve_import NAME LANGS OFFSET: imports tests/resume/NAME.resume.json into
# $BB_TMP/NAME as a site in LANGS and serves it on a private stack.
serve_import() {
	local out=$BB_TMP/$1
	rm -rf "$out"
	run_cmd "$PERFIL_BIN" --init "$out" --from-resume \
		"$STACK_ROOT/tests/resume/$1.resume.json" --languages "$2"
	expect_exit 0
	chmod -R a+rX "$out"
	stack_stop
	BASE=${BASE_SHARED:=$BASE}
	export PERFIL_CONTENT=$out
	bb_private_stack "$3" "serving the import of $1"
}

# finds LANG Q: a search for Q in LANG has a hit, and its snippet or title
# quotes Q's text (or, with a third argument, that text).
finds() {
	req GET "/api/v1/search?lang=$1&q=$(jq -rn --arg q "$2" '$q | @uri')"
	expect_status 200
	expect_json_true '.meta.total >= 1'
	expect_json_true '[.data[] | (.snippet + " " + .title) | contains($w)]
		| any' --arg w "${3:-$2}"
}

# misses LANG Q: a search for Q in LANG has no hit.
misses() {
	req GET "/api/v1/search?lang=$1&q=$(jq -rn --arg q "$2" '$q | @uri')"
	expect_status 200
	expect_json '.meta.total' 0
}

t 'a Japanese academic site imported from JSON Resume'
serve_import ja-academic ja,en 1100
cp "$BB_TMP/stdout" "$BB_TMP/ja.report"

t 'Japanese: project slugs are readable ASCII from the English titles, kana read by ICU, never Chinese readings'
expect_equal 'project slugs' '["fairjp-a-fairness-toolkit-for-japanese-text-classifiers","hogen-corpus-a-corpus-of-japanese-dialects"]' \
	"$(jq -c 'map(.slug)' "$BB_TMP/ja-academic/projects.json")"
expect_equal 'the position with kana and kanji' risachienjinia-kotobarabo \
	"$(jq -r '.[1].slug' "$BB_TMP/ja-academic/experience.json")"
expect_equal 'slugs with a Chinese reading (jing-dou-da-xue, ...)' '' \
	"$(cat "$BB_TMP/ja-academic"/*.json | jq -r '.. | .slug? // empty' | grep -E 'jing|dou|xue|ri-ben' || true)"
expect_equal 'each slug that leaves kanji out is reported with its file and item' yes \
	"$(grep -qF 'slug: education.json: [0].slug = "item" leaves out the ideographs of "京都大学"' "$BB_TMP/ja.report" &&
		grep -qF 'slug: experience.json: [1].slug = "risachienjinia-kotobarabo" leaves out' "$BB_TMP/ja.report" &&
		echo yes || echo no)"

t 'an import whose project titles are kanji only warns and names each slug'
jq '.projects = [{"name": "京都大学", "url": "https://a.example", "keywords": ["C"]},
	{"name": "深層学習", "url": "https://b.example", "keywords": ["C"]}] | .meta.language = "ja"' \
	"$STACK_ROOT/tests/resume/ja-academic.resume.json" >"$BB_TMP/kanji.json"
rm -rf "$BB_TMP/kanji"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/kanji" --from-resume "$BB_TMP/kanji.json" --languages ja
expect_exit 0
expect_stdout_match 'slug: projects\.json: \[0\]\.slug = "item" leaves out the ideographs of "京都大学"'
expect_stdout_match 'slug: projects\.json: \[1\]\.slug = "item-2" leaves out the ideographs of "深層学習"'

t 'Japanese: words in the middle of a sentence are found'
for q in 医療 方言 オープンソース 深層学習 研究室 ソース 学習 コーパス; do
	finds ja "$q"
done

t 'Japanese: hiragana finds katakana, half-width kana and full-width Latin fold'
finds ja こーぱす コーパス
finds ja ｺｰﾊﾟｽ コーパス
finds ja ＰＹＴＨＯＮ Python

t 'Japanese: a word that starts inside a dictionary word is not found'
misses ja 習
misses ja ープン

# merge A-DIR B-DIR OUT: the content of two imports of the same résumé, A in
# Japanese and B in English, as one site: each translated text takes its
# ja from A and its en from B; a plain string that differs (a name, an
# organisation, a technology) becomes {"ja": A's, "en": B's}; slugs are B's.
merge() {
	local f
	mkdir -p "$3"
	cp -R "$1"/. "$3"/
	for f in "$1"/*.json; do
		f=$(basename "$f")
		jq -n --slurpfile a "$1/$f" --slurpfile b "$2/$f" '
		  def m($a; $b; $k):
		    if ($a | type) == "object" and ($b | type) == "object" then
		      if ($a | keys) == ["en", "ja"] then {ja: $a.ja, en: $b.en}
		      else reduce ($a | keys[]) as $x ({}; .[$x] = m($a[$x]; $b[$x]; $x)) end
		    elif ($a | type) == "array" and ($b | type) == "array" then
		      [range(0; $a | length) as $i | m($a[$i]; $b[$i]; $k)]
		    elif ($a | type) == "string" and ($b | type) == "string" and $a != $b then
		      if $k == "slug" then $b else {ja: $a, en: $b} end
		    else $a end;
		  m($a[0]; $b[0]; "")' >"$3/$f"
	done
}

t 'names, organisations, places and technologies per language: a Japanese and English site from the two résumés'
for l in ja en; do
	n=ja-academic; [[ $l == en ]] && n=ja-academic.en
	rm -rf "$BB_TMP/both-$l"
	run_cmd "$PERFIL_BIN" --init "$BB_TMP/both-$l" --from-resume \
		"$STACK_ROOT/tests/resume/$n.resume.json" --languages ja,en
	expect_exit 0
done
rm -rf "$BB_TMP/both"
merge "$BB_TMP/both-ja" "$BB_TMP/both-en" "$BB_TMP/both"
# The name's parts, in each language's order (CLDR): family first in ja.
jq '.given_name = {ja: "美咲", en: "Misaki"} | .family_name = {ja: "佐藤", en: "Sato"}' \
	"$BB_TMP/both/profile.json" >"$BB_TMP/p.json" && mv "$BB_TMP/p.json" "$BB_TMP/both/profile.json"
run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/both"
expect_exit 0
expect_equal 'the employer is per language' '{"en":"Kyoto University","ja":"京都大学"}' \
	"$(jq -S -c '.[0].organization' "$BB_TMP/both/experience.json")"
chmod -R a+rX "$BB_TMP/both"
stack_stop
BASE=${BASE_SHARED:=$BASE}
export PERFIL_CONTENT=$BB_TMP/both
bb_private_stack 1130 'serving the Japanese and English site'

t '/api/v1/profile gives the name in the language asked'
req GET '/api/v1/profile?lang=en'
expect_status 200
expect_json '.data.name' '"Misaki Sato"'
expect_json '.data.family_name' '"Sato"'
req GET '/api/v1/profile?lang=ja'
expect_status 200
expect_json '.data.name' '"佐藤 美咲"'
expect_json '.data.given_name' '"美咲"'
req GET '/api/v1/experience?lang=en'
expect_json '.data[0].organization' '"Kyoto University"'
req GET '/api/v1/skills?lang=en'
expect_json_true '[.data[].skills[].name] | index("Morphological analysis") != null'

t '/en/resume.json holds no Japanese where the English résumé had English'
req GET /en/resume.json
expect_status 200
expect_json '.basics.name' '"Misaki Sato"'
expect_json '[.. | strings | select(test("[\\p{Han}\\p{Hiragana}\\p{Katakana}]"))]' '[]'
req GET /resume.json
expect_json '.basics.name' '"佐藤 美咲"'
expect_json '.work[0].name' '"京都大学"'

t 'publication and award dates keep their ISO form beside the text'
req GET '/api/v1/publications?lang=ja'
expect_status 200
expect_json '.data[0].date_iso' '"2023-12-10"'
expect_json '.data[0].date' '"2023年12月10日"'
req GET '/api/v1/awards?lang=en'
expect_json '.data[0].date_iso' '"2023-03-15"'
expect_json '.data[0].date' '"March 15, 2023"'

t 'the English MCP instructions give the English name'
req GET /en/agents.md
expect_status 200
expect_body_contains '"Misaki Sato"'
expect_body_not_contains '佐藤'

t 'a Chinese academic site imported from JSON Resume'
serve_import zh-academic zh,en 1110

t 'Chinese: a position in ideographs alone has its pinyin slug, and no warning'
expect_equal 'slug' bo-shi-hou-yan-jiu-yuan-qing-hua-da-xue \
	"$(jq -r '.[0].slug' "$BB_TMP/zh-academic/experience.json")"
expect_equal 'slug warnings' '' "$(grep '^slug:' "$BB_TMP/stdout" || true)"

t 'Chinese: words in the middle of a sentence are found'
for q in 深度学习 医疗 方言 实验室 开源 语料库; do
	finds zh "$q"
done
misses zh 习

t 'a Thai academic site imported from JSON Resume'
serve_import th-academic th,en 1120

t 'Thai: words in the middle of a sentence are found, also where the dictionary parts them otherwise'
for q in การเรียนรู้เชิงลึก ภาษาถิ่น การแพทย์ ห้องปฏิบัติการ โอเพนซอร์ส; do
	finds th "$q"
done
misses th วิทยาลัย
