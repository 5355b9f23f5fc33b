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
