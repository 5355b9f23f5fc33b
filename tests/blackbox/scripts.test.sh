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
