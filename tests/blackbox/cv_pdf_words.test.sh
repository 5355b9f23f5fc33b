#!/usr/bin/env bash
# front: nginx-only the typesetting is the responder's own; one front is enough
# The words of a Thai and a Hindi CV come out of its PDF whole (issue 45;
# src/site/cv_pdf_draw.c, cv_fonts.c): a Thai and a Hindi owner, each with two
# JSON Resumes (own language first, tests/fixtures/owners/), imported with
# --init and served through nginx. Every word of /cv's HTML (the text of its
# <main> but the links to the PDF and the plain text, split at white space)
# that holds a letter of the script is in the text pdftotext gives of
# /cv.pdf, in its default order, in -raw and in -layout, with no space inside:
# a line break may fall inside one (Thai has no spaces between words), so the
# lines are joined without one first (and without -layout's indentation). A mark drawn over its base used to read
# as a word break ("ข้ อมูล", "के ट"): 18 of the Thai owner's 57 words were
# broken.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT
export BB_OWN_DOCUMENT=1

PY=/usr/bin/python3
for tool in pdftotext "$PY"; do
	bb_require "$tool"
done

req GET /cv.pdf
if [[ $RESP_STATUS == 404 ]]; then
	t 'built without the PDF (--disable-pdf): nothing to check'
	_bb_pass
	exit 0
fi

fx=$STACK_ROOT/tests/fixtures/owners
declare -A SCRIPT=([th]=THAI [hi]=DEVANAGARI)

# broken_words HTML PDFTEXT SCRIPT: the words of the HTML page's <main> (but
# its p.cv-pdf, the links to the PDF itself and its plain text) with a letter
# or mark of SCRIPT (a Unicode script name) that file PDFTEXT does not hold
# once its lines are joined, each with what the PDF has in its place; then a
# line "N words".
broken_words() {
	"$PY" - "$@" <<'PY'
import html, re, sys, unicodedata
page, text, script = open(sys.argv[1], encoding="utf-8").read(), \
    open(sys.argv[2], encoding="utf-8").read(), sys.argv[3]
main = re.search(r"<main\b.*?</main>", page, re.S).group(0)
main = re.sub(r'<p class="cv-pdf">.*?</p>', " ", main, flags=re.S)
main = re.sub(r"<(svg|script|style)\b.*?</\1>", " ", main, flags=re.S)
words = html.unescape(re.sub(r"<[^>]+>", " ", main)).split()
def ours(w):
    return any(unicodedata.name(c, "").startswith(script + " ") for c in w)
words = [w for w in words if ours(w)]
joined = "".join(line.strip() for line in text.replace("\f", "\n").splitlines())
for w in words:
    if w not in joined:
        m = re.search(r"\s*".join(re.escape(c) for c in w), joined)
        print("%s (%s)" % (w, repr(m.group(0)) if m else "missing"))
print("%d words" % len(words))
PY
}

base0=$BASE
off=940
for code in th hi; do
	site=$BB_TMP/$code
	rm -rf "$site"
	t "a $code owner: the $code and en résumés imported as one site"
	run_cmd "$PERFIL_BIN" --init "$site" --from-resume "$code=$fx/$code.json" \
		--from-resume "en=$fx/$code.en.json" --labels "$STACK_ROOT/labels"
	expect_exit 0
	chmod -R a+rX "$site"
	stack_stop
	export PERFIL_CONTENT=$site
	CONTENT=$site
	BASE=$base0
	bb_private_stack $((off++)) "serving the $code owner"

	req GET /cv
	expect_status 200
	cp "$RESP_DIR/body" "$BB_TMP/cv-$code.html"
	req GET /cv.pdf
	expect_status 200
	cp "$RESP_DIR/body" "$BB_TMP/cv-$code.pdf"
	for mode in default -raw -layout; do
		t "/cv.pdf ($code), pdftotext $mode: every ${SCRIPT[$code]} word of /cv whole"
		args=()
		[[ $mode == default ]] || args=("$mode")
		# above the footer, which would cut a text that runs over a page
		# (cv_pdf.test.sh)
		run_cmd pdftotext "${args[@]}" -enc UTF-8 -x 0 -y 0 -W 596 -H 800 \
			"$BB_TMP/cv-$code.pdf" "$BB_TMP/cv-$code.txt"
		expect_exit 0
		run_cmd broken_words "$BB_TMP/cv-$code.html" "$BB_TMP/cv-$code.txt" "${SCRIPT[$code]}"
		expect_exit 0
		# the page has the script's words: enough to mean something
		expect_equal 'more than 30 words of the script on /cv' yes \
			"$(awk '/ words$/ { print ($1 > 30 ? "yes" : "no: " $1) }' "$BB_TMP/stdout")"
		expect_equal 'words broken or missing (what the PDF has)' '' \
			"$(grep -v ' words$' "$BB_TMP/stdout" | tr '\n' ' ')"
	done
done
