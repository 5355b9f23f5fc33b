#!/usr/bin/env bash
# front: nginx-only the label sets and languages of the content; Apache passes every path to the responder untouched (conf/apache), so one front is enough
# UI labels: every text of the pages, the portal and the agent files comes
# from one label set per language (labels/LANG.json). A page in one language
# carries no sentence of another language's label set, and a label set with
# a key missing is refused at start-up, naming the file and the key.
. "$(dirname "$0")/lib.sh"

: "${PERFIL_BIN:?}"
LABELS=$STACK_ROOT/labels

# foreign_labels LANG OTHER: print the labels of OTHER that differ from
# LANG's text for the same key, at least 16 characters long, without
# placeholders or markdown headings (whole sentences of prose), one a line.
# lang.* name a language in that language (the switcher, the link to the
# other version) and are meant to appear on the other languages' pages.
foreign_labels() {
	jq -r --slurpfile mine "$LABELS/$1.json" '
		to_entries[]
		| select(.value != $mine[0][.key])
		| select(.key | startswith("lang.") | not)
		| .value | select(length >= 16)
		| select(test("@@|\n") | not)' "$LABELS/$2.json"
}

# expect_no_foreign_prose LANG OTHER: the last body holds no label of OTHER.
expect_no_foreign_prose() {
	local s
	while IFS= read -r s; do
		if grep -qF -- "$s" "$RESP_DIR/body"; then
			_bb_fail "no $2 label in a $1 document" "found: $s"
		else
			_bb_pass
		fi
	done < <(foreign_labels "$1" "$2")
}

for entry in /:es /developers:es /llms.txt:es /agents.md:es /about.md:es \
	/contact.md:es /no-such-page:es /en/:en /en/developers:en \
	/en/llms.txt:en /en/agents.md:en /en/about.md:en /en/contact.md:en \
	/en/no-such-page:en; do
	path=${entry%:*} lang=${entry##*:}
	for other in es en; do
		[[ $other != "$lang" ]] || continue
		t "$path ($lang) holds no prose of the $other label set"
		req GET "$path"
		expect_no_foreign_prose "$lang" "$other"
	done
done

t 'the label sets shipped have the same keys'
for f in "$LABELS"/*.json; do
	expect_equal "keys of $(basename "$f")" "$(jq -c 'keys' "$LABELS/en.json")" "$(jq -c 'keys' "$f")"
done

t 'a label set with a key missing falls back to English for it, with a warning naming language and key'
dir=$BB_TMP/labels-missing
rm -rf "$dir" && mkdir -p "$dir" && cp "$LABELS"/*.json "$dir"/
jq 'del(.["guide.facts"])' "$LABELS/es.json" >"$dir/es.json"
run_cmd "$PERFIL_BIN" --check --content "$CONTENT" --labels "$dir"
expect_exit 0
expect_stderr_match 'perfil-fcgi: warning: labels: es: guide\.facts: untranslated \(no label set has it in this language\); pages show the en text'

t 'without en.json, the reference naming every key, perfil-fcgi does not start'
rm "$dir/en.json"
run_cmd "$PERFIL_BIN" --check --content "$CONTENT" --labels "$dir"
expect_exit 1
expect_stderr_match 'labels-missing/en\.json: cannot open the label set of language en'
cp "$LABELS/en.json" "$dir/en.json"

t 'a label set that is not JSON strings is refused, naming the file'
jq '.["nav.main"] = 3' "$LABELS/en.json" >"$dir/en.json"
run_cmd "$PERFIL_BIN" --check --content "$CONTENT" --labels "$dir"
expect_exit 1
expect_stderr_match 'en\.json: nav\.main: expected a string'

t 'without the label sets perfil-fcgi does not start, and says where it looked'
run_cmd "$PERFIL_BIN" --check --content "$CONTENT" --labels "$BB_TMP/nowhere"
expect_exit 1
expect_stderr_match 'nowhere/en\.json: cannot open the label set'
