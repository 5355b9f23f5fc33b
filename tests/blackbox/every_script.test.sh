#!/usr/bin/env bash
# front: nginx-only it reloads a private stack with SIGHUP once per script
# Every script on the page and in the PDF (issue 36). A one-language site in
# each of ja, zh, ko, ar, he, hi and th is imported from a JSON Resume written
# in that language (tests/fixtures/scripts/CODE.resume.json, real sentences;
# the Arabic one quotes an English title) with --init --from-resume, and:
# - --check passes with no warning about labels or fonts (a label set for each
#   language, a font for each character);
# - the page is <html lang="CODE"> with dir="rtl" exactly for ar and he (ICU's
#   direction, not a list);
# - /cv.md joins the technologies and the website link with the language's
#   full stop (cite.stop: "。", "। ", a space in Thai), not an ASCII ". ";
# - /cv.pdf embeds a font of the script (pdffonts: Noto CJK in the face of the
#   language, JP, SC or KR; DejaVu or Noto Sans for Arabic,
#   Hebrew, Devanagari, Thai) and pdftotext holds the owner's name and every
#   text of /cv's main column written in the script;
# - in the Arabic and Hebrew PDFs, every line with a letter of the script ends
#   at the right margin (pdftotext -bbox-layout), and the short ones do not
#   start at the left one;
# - the Japanese pages (/, /cv, /about, /contact, /projects) show no English
#   word: their visible text outside code, links' addresses and the owner's
#   own Latin strings holds none but the names of formats (API, JSON, PDF...);
# - --check names a character no installed font has (file, field, U+XXXX and
#   the character), with the system's fonts and with a FONTCONFIG_FILE that
#   knows DejaVu alone (how the shared-hosting upload points at its fonts),
#   and a reload logs it.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT

: "${PERFIL_BIN:?}"
for tool in pdftotext pdffonts fc-list; do
	bb_require "$tool"
done
FIX=$STACK_ROOT/tests/fixtures/scripts
CODES=(ja zh ko ar he hi th)

req GET /cv.pdf
if [[ $RESP_STATUS == 404 ]]; then
	t 'built without the PDF (--disable-pdf): nothing of the PDF to check'
	_bb_pass
	exit 0
fi

# What JSON Resume has no place for, in each language: the availability.
declare -A AVAIL=(
	[ja]='2026年4月から共同研究の相談を受け付けています。'
	[zh]='目前可以接受远程的后端咨询项目。'
	[ko]='다음 달부터 프리랜서 프로젝트를 맡을 수 있습니다.'
	[ar]='متاحة لمشاريع استشارية عن بُعد ابتداءً من الشهر القادم.'
	[he]='פנויה לפרויקטים של ייעוץ החל מהחודש הבא.'
	[hi]='अगले महीने से परामर्श परियोजनाओं के लिए उपलब्ध हूँ।'
	[th]='พร้อมรับงานที่ปรึกษาตั้งแต่เดือนหน้าเป็นต้นไป'
)
# A font pdffonts must list for each language's script.
declare -A FONT=(
	[ja]='CJKjp' [zh]='CJKsc' [ko]='CJKkr'
	# DejaVu Sans has Arabic and Hebrew; the text check below shows its
	# glyphs are the right ones
	[ar]='DejaVuSans|NotoSansArabic|NotoNaskhArabic|NotoKufiArabic'
	[he]='DejaVuSans|NotoSansHebrew|NotoSerifHebrew'
	[hi]='NotoSansDevanagari|NotoSerifDevanagari'
	[th]='NotoSansThai|NotoSerifThai|NotoSansThaiLooped'
)
# The script's letters, as a PCRE class (grep -P, in UTF-8).
declare -A SCRIPT=(
	[ja]='\p{Han}\p{Hiragana}\p{Katakana}' [zh]='\p{Han}' [ko]='\p{Hangul}'
	[ar]='\p{Arabic}' [he]='\p{Hebrew}' [hi]='\p{Devanagari}' [th]='\p{Thai}'
)

# missing_texts CODE PDF TEXTS: the lines of file TEXTS that pdftotext's text
# of the PDF (file PDF) does not hold, white space aside (a text wrapped over
# lines, or split into words by pdftotext's spacing heuristics as it does
# Thai). For a right-to-left CODE the script's letters are counted instead:
# each text's letters must all be among those of the PDF not counted for an
# earlier text. pdftotext's order is no evidence there: it gives RTL lines
# with embedding marks, digits and punctuation in visual order, Arabic's
# lam-alef ligatures with their two letters swapped and a word with a shadda
# split over two lines (poppler 22). The reading order is the screenshots'
# (tests/site/run) and the right margin the bounding boxes' (below).
missing_texts() {
	python3 - "$@" <<'PY'
import sys, unicodedata
code, pdf, texts = sys.argv[1], open(sys.argv[2], encoding="utf-8").read(), sys.argv[3]
want = {"ar": "ARABIC", "he": "HEBREW"}.get(code)
def flat(t):
    out = []
    for c in t:
        if c.isspace() or unicodedata.category(c) == "Cf":
            continue
        if want:
            if not unicodedata.category(c).startswith("L") or \
                    not unicodedata.name(c, "").startswith(want):
                continue
        out.append(c)
    return "".join(out)
whole = flat(pdf)
left = {}
for c in whole:
    left[c] = left.get(c, 0) + 1
for line in open(texts, encoding="utf-8"):
    line = line.strip()
    if not line:
        continue
    if not want:
        ok = flat(line) in whole
    else:
        need = {}
        for c in flat(line):
            need[c] = need.get(c, 0) + 1
        ok = all(left.get(c, 0) >= n for c, n in need.items())
        for c, n in need.items():
            left[c] = left.get(c, 0) - n
    if not ok:
        print(line)
PY
}

# main_texts FILE: the text of each element of the <main> of the HTML page in
# FILE, one a line (the page's own words, entities decoded).
main_texts() {
	python3 -c '
import html, re, sys
s = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r"(?s)<main[^>]*>(.*)</main>", s)
s = m.group(1) if m else ""
s = re.sub(r"(?s)<(svg|style|script)[^>]*>.*?</\1>", "", s)
for part in re.split(r"<[^>]+>", s):
    part = html.unescape(part).strip()
    if part:
        print(part)' "$1"
}

# visible_words FILE: the Latin words of the page in FILE a reader sees:
# outside <head>, <code>, <pre>, and not e-mail addresses or host names.
visible_words() {
	python3 -c '
import html, re, sys
s = open(sys.argv[1], encoding="utf-8").read()
s = re.sub(r"(?s)<head>.*?</head>", "", s)
s = re.sub(r"(?s)<(style|script|code|pre|svg)[^>]*>.*?</\1>", " ", s)
s = html.unescape(re.sub(r"<[^>]+>", " ", s))
s = re.sub(r"\S+@\S+|\S+\.(example|com|org|txt|md|vcf|json)\S*|https?://\S+", " ", s)
for w in re.findall(r"[A-Za-z][A-Za-z-]+", s):
    print(w)' "$1"
}

# Format and brand names a Japanese page says as they are.
ALLOWED_WORDS=' API JSON PDF Markdown Cookie vCard GitHub Resume OpenAPI MCP BibTeX '

SITES=$BB_TMP/scripts
rm -rf "$SITES" && mkdir -p "$SITES"
for code in "${CODES[@]}"; do
	t "a $code site imported from its JSON Resume passes --check with no label or font warning"
	site=$SITES/$code
	run_cmd "$PERFIL_BIN" --init "$site" --from-resume "$FIX/$code.resume.json" \
		--languages "$code" --labels "$STACK_ROOT/labels"
	expect_exit 0
	jq --arg a "${AVAIL[$code]}" '.availability.statement = $a' \
		"$site/profile.json" >"$site/p.json" && mv "$site/p.json" "$site/profile.json"
	# the people are made up: their .example hosts are meant
	jq '.fictional = true' "$site/site.json" >"$site/s.json" &&
		mv "$site/s.json" "$site/site.json"
	run_cmd "$PERFIL_BIN" --check --content "$site" --labels "$STACK_ROOT/labels"
	expect_exit 0
	expect_equal 'label, font and placeholder warnings' '' \
		"$(grep -E 'warning|note' "$BB_TMP/stderr")"
done

# One private stack; each site in turn replaces its content, then SIGHUP.
mkdir -p "$SITES/served" && cp -R "$SITES/ja/." "$SITES/served/"
export PERFIL_CONTENT=$SITES/served
PERFIL_ARGS='--reload-check 0 --workers 1'
STACK_CACHE=0
bb_private_stack 660 'serving one script at a time'
sup=$STACK_RESPONDER_PID

# in_lang CODE: whether / is served in language CODE.
in_lang() {
	curl -s "$BASE/" | grep -qF "<html lang=\"$1\""
}

for code in "${CODES[@]}"; do
	rm -rf "${STACK_CONTENT:?}"/* && cp -R "$SITES/$code/." "$STACK_CONTENT/"
	bb_reload "$sup"
	bb_steady 30 in_lang "$code"
	if [[ $code == ar || $code == he ]]; then dir=' dir="rtl"'; else dir=; fi

	t "$code: <html lang=\"$code\"$dir>, as ICU gives the direction"
	req GET /cv
	expect_status 200
	expect_body_contains "<html lang=\"$code\"$dir>"
	cp "$RESP_DIR/body" "$BB_TMP/cv-$code.html"

	t "$code: /cv.md ends the technologies with the language's full stop (cite.stop), not an ASCII one"
	# the site's label set: labels/CODE.json, else the script's (zh: zh-Hans)
	set=$(ls "$STACK_ROOT/labels/$code.json" "$STACK_ROOT/labels/$code"-*.json 2>/dev/null | head -n 1)
	stop=$(jq -r '."cite.stop"' "$set")
	website=$(jq -r '."cv.website"' "$set")
	req GET /cv.md
	expect_status 200
	expect_body_contains "$stop[$website]("
	[[ $stop == '. ' ]] || expect_body_not_contains ". [$website]("

	t "$code: /cv.pdf embeds a font of the script (pdffonts)"
	curl -s -o "$BB_TMP/cv-$code.pdf" "$BASE/cv.pdf"
	fonts=$(pdffonts "$BB_TMP/cv-$code.pdf" 2>&1)
	_bb_check "$(grep -qE "${FONT[$code]}" <<<"$fonts"; echo $?)" \
		"a font matching ${FONT[$code]} among the embedded ones" "$fonts"

	t "$code: pdftotext of /cv.pdf holds the owner's name and every $code text of /cv"
	# the page's links to the PDF and the plain text are the texts the PDF
	# leaves out
	grep -o '<p class="cv-pdf">.*</p>' "$BB_TMP/cv-$code.html" |
		sed 's/<[^>]*>/\n/g; s/ · //g' | sed 's/^[[:space:]]*//; s/[[:space:]]*$//; /^$/d' >"$BB_TMP/links-$code.txt"
	pdftotext "$BB_TMP/cv-$code.pdf" "$BB_TMP/cv-$code.txt"
	name=$(jq -r '.name' "$SITES/$code/profile.json")
	printf '%s\n' "$name" >"$BB_TMP/name-$code.txt"
	expect_equal 'the name missing from the PDF' '' \
		"$(missing_texts "$code" "$BB_TMP/cv-$code.txt" "$BB_TMP/name-$code.txt")"
	main_texts "$BB_TMP/cv-$code.html" | LC_ALL=C.UTF-8 grep -P "[${SCRIPT[$code]}]" |
		grep -vxF -f "$BB_TMP/links-$code.txt" >"$BB_TMP/texts-$code.txt"
	texts=$(wc -l <"$BB_TMP/texts-$code.txt")
	expect_equal "texts of /cv in the script missing from the PDF (of $texts)" '' \
		"$(missing_texts "$code" "$BB_TMP/cv-$code.txt" "$BB_TMP/texts-$code.txt")"
	_bb_check "$((texts < 15))" "/cv has at least 15 texts in the script" "$texts"
done

# --- right to left in the PDF -------------------------------------------------
for code in ar he; do
	t "$code: in /cv.pdf every line with a $code letter ends at the right margin"
	pdftotext -bbox-layout "$BB_TMP/cv-$code.pdf" "$BB_TMP/bbox-$code.html"
	report=$(python3 - "$BB_TMP/bbox-$code.html" "$code" <<'PY'
import re, sys, unicodedata
s = open(sys.argv[1], encoding="utf-8").read()
want = "ARABIC" if sys.argv[2] == "ar" else "HEBREW"
right = 595.28 - 50.0        # the text's right edge: A4 less the margin
rows = []   # pdftotext may split one printed line into several <line>s
for m in re.finditer(r'(?s)<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"[^>]*>(.*?)</line>', s):
    x0, y0, x1, y1 = (float(m.group(i)) for i in range(1, 5))
    words = re.sub(r"<[^>]+>", " ", m.group(5))
    mid = (y0 + y1) / 2
    for r in rows:
        if abs(r["mid"] - mid) < 3:
            r["x0"], r["x1"] = min(r["x0"], x0), max(r["x1"], x1)
            r["text"] += " " + words
            break
    else:
        rows.append({"mid": mid, "x0": x0, "x1": x1, "text": words})
lines = bad = short = leftish = 0
for r in rows:
    x0, x1, words = r["x0"], r["x1"], r["text"]
    if not any(unicodedata.name(c, "").startswith(want) for c in words):
        continue
    lines += 1
    # a list item's lines stop short by its indent (12 pt), its bullet beyond
    if x1 < right - 14 or x1 > right + 1:
        bad += 1
        print("ends at %.1f: %s" % (x1, " ".join(words.split())[:60]))
    if x1 - x0 < 200:
        short += 1
        if x0 < 60:
            leftish += 1
            print("starts at the left margin: %s" % " ".join(words.split())[:60])
print("lines=%d bad=%d short=%d leftish=%d" % (lines, bad, short, leftish))
PY
)
	_bb_check "$(grep -q 'bad=0 ' <<<"$report" && ! grep -q 'lines=0 ' <<<"$report"; echo $?)" \
		"every line with a $code letter ends at x = 545 (right margin), some lines" "$report"
	_bb_check "$(grep -qE 'short=[1-9][0-9]* leftish=0$' <<<"$report"; echo $?)" \
		"short $code lines (headings) are right-aligned, not at the left margin" "$report"
done

t 'ar: the English title the Arabic CV quotes is on the page and in the PDF, whole'
title='Dialect-Aware Evaluation of Arabic Language Models'
expect_equal 'the title in /cv' 1 "$(grep -cF "$title" "$BB_TMP/cv-ar.html")"
_bb_check "$(pdftotext "$BB_TMP/cv-ar.pdf" - | grep -qF "$title"; echo $?)" \
	"\"$title\" on one line of the PDF, in reading order"

# --- no English on the Japanese pages -------------------------------------------
rm -rf "${STACK_CONTENT:?}"/* && cp -R "$SITES/ja/." "$STACK_CONTENT/"
bb_reload "$sup"
bb_steady 30 in_lang ja
for path in / /cv /about /contact /projects; do
	t "ja: $path shows no English word"
	req GET "$path"
	expect_status 200
	words=$(visible_words "$RESP_DIR/body" | sort -u | while read -r w; do
		[[ $ALLOWED_WORDS == *" $w "* ]] || printf '%s ' "$w"
	done)
	expect_equal "English words in the visible text of $path" '' "$words"
done

# --- characters no font has -------------------------------------------------------
t '--check names a character no installed font has: file, field, U+XXXX and the character'
odd=$SITES/odd
rm -rf "$odd" && cp -R "$SITES/ja" "$odd"
# U+100000: a private-use character of plane 16, in no font Debian ships
jq '.headline = "自然言語処理の研究者 \udbc0\udc00"' "$odd/profile.json" >"$odd/p.json" &&
	mv "$odd/p.json" "$odd/profile.json"
run_cmd "$PERFIL_BIN" --check --content "$odd" --labels "$STACK_ROOT/labels"
expect_exit 0
expect_stderr_match "warning: font: $odd/profile.json: headline[^:]*: U\\+100000 \"$(printf '\U00100000')\""

t '--check with a FONTCONFIG_FILE that knows DejaVu alone names the Japanese characters'
bb_dejavu_fonts "$BB_TMP/fonts.conf"
run_cmd env FONTCONFIG_FILE="$BB_TMP/fonts.conf" "$PERFIL_BIN" --check \
	--content "$SITES/ja" --labels "$STACK_ROOT/labels"
expect_exit 0
expect_stderr_match "warning: font: $SITES/ja/profile.json: name[^:]*: U\\+4F50 \"佐\""

t 'a reload of content with such a character logs the warning'
rm -rf "${STACK_CONTENT:?}"/* && cp -R "$odd/." "$STACK_CONTENT/"
bb_reload "$sup"
bb_await_lines "$STACK_DIR/perfil.log" 'warning: font: .*U\+100000' 1 10000
_bb_check $? 'the responder log names U+100000 after the reload' \
	"$(tail -n 5 "$STACK_DIR"/perfil.log 2>/dev/null)"
