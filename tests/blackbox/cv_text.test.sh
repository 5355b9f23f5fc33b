#!/usr/bin/env bash
# front: nginx-only it starts a private stack for the imported Thai and Japanese sites
# The CV as plain text (/cv.txt, /LANG/cv.txt), for applicant tracking
# systems: the words of /cv in its order, no markup, lines of at most 100
# characters, addresses whole; linked from /cv, listed in the sitemap and
# llms.txt. Then a Thai and a Japanese site imported from their JSON Resumes
# (tests/fixtures/scripts): lines broken inside no word.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT

# longest_line FILE: the length of FILE's longest line, in code points.
longest_line() {
	/usr/bin/python3 -c 'import sys
print(max(len(l) for l in open(sys.argv[1], encoding="utf-8").read().split("\n")))' "$1"
}

# squeezed FILE: FILE's text with its line ends and spaces removed.
squeezed() {
	tr -d ' \n' <"$1"
}

name=$(content profile.json .name | jq -r .)
email=$(content profile.json .email | jq -r .)
for lang in es en; do
	if [[ $lang == es ]]; then pre=; else pre=/en; fi
	t "GET $pre/cv.txt: plain UTF-8 text in $lang, cacheable"
	req GET "$pre/cv.txt"
	expect_status 200
	expect_header content-type 'text/plain; charset=utf-8'
	expect_header content-language "$lang"
	expect_header cache-control 'public, max-age=300, s-maxage=3600'
	expect_header_present etag
	cp "$RESP_DIR/body" "$BB_TMP/cv-$lang.txt"
	iconv -f UTF-8 -t UTF-8 "$BB_TMP/cv-$lang.txt" >/dev/null 2>&1
	_bb_check $? 'valid UTF-8' 'not valid UTF-8'

	t "$pre/cv.txt: no line over 100 characters, no markup"
	expect_equal 'a line over 100 characters' 0 \
		"$(($(longest_line "$BB_TMP/cv-$lang.txt") > 100))"
	expect_equal 'markdown or HTML markup' '' \
		"$(grep -nE '\*\*|^#|\]\(|<[a-z/]|&[a-z]+;' "$BB_TMP/cv-$lang.txt")"

	t "$pre/cv.txt: the name first, the email address whole on one line"
	expect_equal 'the first line' "$name" "$(head -n 1 "$BB_TMP/cv-$lang.txt")"
	expect_equal 'lines holding the whole address' 1 \
		"$(grep -cF "$email" "$BB_TMP/cv-$lang.txt")"

	t "$pre/cv.txt: /cv's section headings, in /cv's order, each on its own line"
	req GET "$pre/cv"
	headings=$(grep -o '<h2[^>]*>[^<]*</h2>' "$RESP_DIR/body" | sed 's/<[^>]*>//g')
	got=$(grep -xF -f <(printf '%s\n' "$headings") "$BB_TMP/cv-$lang.txt")
	_bb_check "$((!(${#headings} > 0)))" "/cv has section headings" "none"
	expect_equal 'the headings of cv.txt' "$headings" "$got"

	t "$pre/cv.txt: every experience entry's role, in the API's order"
	want=$(api_list experience "$lang" | jq -r '.[].role')
	got=$(grep -xF -f <(printf '%s\n' "$want") "$BB_TMP/cv-$lang.txt")
	_bb_check "$((!($(wc -l <<<"$want") >= 3)))" 'three entries or more' "$want"
	expect_equal 'the roles of cv.txt' "$want" "$got"

	t "$pre/cv.txt: each skill category a line starting with \"- \""
	n=$(api_list skills "$lang" | jq 'map(.category) | unique | length')
	got=$(grep -c '^- ' "$BB_TMP/cv-$lang.txt")
	_bb_check "$((!(n > 0 && got >= n)))" "at least $n list lines" "$got"

	t "$pre/cv links to $pre/cv.txt; llms.txt lists it"
	req GET "$pre/cv"
	expect_body_contains "href=\"$BASE$pre/cv.txt\" type=\"text/plain\""
	req GET "$pre/llms.txt"
	expect_body_contains "($BASE$pre/cv.txt)"
done

t 'sitemap.xml lists /cv.txt and /en/cv.txt with their alternates'
req GET /sitemap.xml
expect_body_contains "<loc>$BASE/cv.txt</loc>"
expect_body_contains "<loc>$BASE/en/cv.txt</loc>"
expect_body_contains "hreflang=\"en\" href=\"$BASE/en/cv.txt\""

t 'GET /cv.txt/ and /xx/cv.txt: the site'"'"'s 404'
req GET /cv.txt/
expect_status 404
req GET /xx/cv.txt
expect_status 404

# A Thai and a Japanese site, imported as an owner would.
FIX=$STACK_ROOT/tests/fixtures/scripts
SITES=$BB_TMP/scripts
rm -rf "$SITES" && mkdir -p "$SITES"
for code in th ja; do
	t "a $code site imported from its JSON Resume"
	run_cmd "$PERFIL_BIN" --init "$SITES/$code" --from-resume "$FIX/$code.resume.json" \
		--languages "$code" --labels "$STACK_ROOT/labels"
	expect_exit 0
	jq '.fictional = true' "$SITES/$code/site.json" >"$SITES/s.json" &&
		mv "$SITES/s.json" "$SITES/$code/site.json"
	# a summary of several lines written without a space, so that the
	# lines must end between words the way the script has them
	jq '.summary = ([range(4)] | map($s) | join(""))' \
		--arg s "$(jq -r .basics.summary "$FIX/$code.resume.json" | tr -d ' ')" \
		"$SITES/$code/profile.json" >"$SITES/p.json" &&
		mv "$SITES/p.json" "$SITES/$code/profile.json"
done
export PERFIL_CONTENT=$SITES/th
PERFIL_ARGS='--reload-check 0 --workers 1'
bb_private_stack 680 'serving the Thai site'
sup=$STACK_RESPONDER_PID
for code in th ja; do
	if [[ $code == ja ]]; then
		rm -rf "${STACK_CONTENT:?}"/* && cp -R "$SITES/ja/." "$STACK_CONTENT/"
		bb_reload "$sup"
		bb_steady 30 bash -c "curl -s '$BASE/cv.txt' | grep -qF \"\$(jq -r .basics.name '$FIX/ja.resume.json')\""
	fi
	t "$code: /cv.txt in lines of at most 100 characters, broken inside no word"
	curl -s -o "$BB_TMP/cv-$code.txt" "$BASE/cv.txt"
	expect_equal 'a line over 100 characters' 0 \
		"$(($(longest_line "$BB_TMP/cv-$code.txt") > 100))"
	expect_equal 'the first line' "$(jq -r .basics.name "$FIX/$code.resume.json")" \
		"$(head -n 1 "$BB_TMP/cv-$code.txt")"
	# Every summary of the résumé (profile and each entry) is in the text
	# whole: with the spaces and line ends of both removed, a line broken
	# inside a word would still match, so compare the wrapped lines too: no
	# line may end inside one of the résumé's words (ICU's word breaks).
	jq -r '.basics.summary, (.work[]?.summary // empty)' "$FIX/$code.resume.json" |
		tr -d ' ' >"$BB_TMP/summaries-$code"
	missing=0
	while IFS= read -r s; do
		[[ -z $s ]] && continue
		grep -qF -- "$s" <(squeezed "$BB_TMP/cv-$code.txt") || missing=$((missing + 1))
	done <"$BB_TMP/summaries-$code"
	expect_equal 'summaries not found whole' 0 "$missing"
	bad=$(/usr/bin/python3 - "$BB_TMP/cv-$code.txt" "$code" <<'EOF'
import sys
import icu
text = open(sys.argv[1], encoding="utf-8").read()
flat = text.replace("\n", "")
bi = icu.BreakIterator.createWordInstance(icu.Locale(sys.argv[2]))
bi.setText(flat)
bounds = set(bi)
# the offsets in flat where a line of text ended
pos, ends = 0, []
for line in text.split("\n")[:-1]:
    pos += len(line)
    ends.append(pos)
print(sum(1 for e in ends if e not in bounds and 0 < e < len(flat)))
EOF
)
	expect_equal 'line ends inside a word (ICU word breaks)' 0 "$bad"
	expect_equal 'lines of the summary, wrapped' 1 \
		"$(($(grep -c "^$(jq -r .basics.summary "$FIX/$code.resume.json" | tr -d ' ' | cut -c1-3)" "$BB_TMP/cv-$code.txt") >= 1 &&
			$(awk 'length($0) > 60' "$BB_TMP/cv-$code.txt" | wc -l) >= 2))"
done
