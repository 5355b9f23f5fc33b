#!/usr/bin/env bash
# The CV as a PDF: /cv.pdf and /en/cv.pdf (src/site/cv_pdf.c) hold every item of
# every section of /cv in their language, item by item as the API gives it
# (pdftotext); their fonts are embedded (pdffonts); pdfinfo gives the title,
# the author and A4 pages, at most 3 for the demo; the catalog's /Lang is the
# page's language and the link annotations carry the CV's links (qpdf); the
# answer has its ETag (304 on If-None-Match), HEAD and the compressed
# variants; llms.txt links it. Then the same for a one-language English site
# imported from a JSON Resume (tests/resume/full.resume.json), with all of
# JSON Resume's sections.
#
# Skipped, with a note, when the responder was built without cairo and pango
# (./configure --disable-pdf): /cv.pdf is then a 404 and llms.txt does not
# name it, which is checked instead.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT

LABELS=$STACK_ROOT/labels
for tool in pdftotext pdfinfo pdffonts qpdf; do
	bb_require "$tool"
done

req GET /cv.pdf
if [[ $RESP_STATUS == 404 ]]; then
	t 'built without the PDF (--disable-pdf): no /cv.pdf, and llms.txt does not name it'
	expect_status 404
	req GET /llms.txt
	expect_body_not_contains 'cv.pdf'
	req GET /cv
	expect_body_not_contains 'cv.pdf'
	exit 0
fi

# flat: stdin without white space (line breaks, spaces, no-break spaces) and
# hyphens, so that a text wrapped over lines of the PDF matches the text of
# the API: pdftotext drops the hyphen a line ends with when it joins the two
# halves ("hola@rocio-benjumea-" and "saavedra.example" since the head names
# the country in full, "(España)").
flat() {
	sed 's/\xc2\xa0//g; s/\xe2\x80\xaf//g' | tr -d ' \t\n\f\r-'
}

# item_texts COLLECTION LANG: one line per text the CV shows of each item of
# COLLECTION in LANG (page_items: the API's items), and the highlights the
# content gives positions and projects (not in the API); nothing for a
# collection the content does not have (404).
item_texts() {
	local c=$1 lang=$2
	req GET "/api/v1/$c?lang=$lang"
	[[ $RESP_STATUS == 200 ]] || return 0
	page_items "$c" "$lang" >"$BB_TMP/items.json"
	case $c in
	experience) jq -r '.[] | .role, .organization, .period, .description' ;;
	projects) jq -r '.[] | .title, .description, (.stack | join(", "))' ;;
	skills) jq -r --arg unit "$(jq -r '."cv.years"' "$LABELS/$lang.json")" '.[] | .category,
		(.skills[] | if .years then .years as $y
			| "\(.name) (\($unit | sub("@@years@@"; $y)))" else .name end)' ;;
	certifications) jq -r '.[] | .title, .institution, .date' ;;
	education) jq -r '.[] | .institution, .detail' ;;
	recommendations) jq -r '.[] | .name, .date, .comment' ;;
	# the generic entry: every text of the item but its slug, links and the
	# machine form of its date (date_iso: the CV shows date, its text)
	*) jq -r '.[] | del(.slug, .api_url, .date_iso) | .. | strings | select(test("^(https?|mailto):") | not)' ;;
	esac <"$BB_TMP/items.json"
	case $c in
	experience | projects)
		localized "$c.json" "$lang" | jq -r '.[] | .highlights[]?' ;;
	esac
}

# The collections the CV can show, in any order; absent ones are skipped.
colls='experience projects skills certifications education recommendations
	volunteer publications awards spoken-languages interests'

# check_pdf LANG PREFIX MAXPAGES: the cases for PREFIX/cv.pdf in LANG.
check_pdf() {
	local lang=$1 pre=$2 max=$3 f name url email tag c
	f=$BB_TMP/cv-$lang.pdf
	label() { jq -r --arg k "$1" '.[$k]' "$LABELS/$lang.json"; }

	t "$pre/cv.pdf: a PDF in $lang with its ETag, cacheable like the pages"
	req GET "$pre/cv.pdf"
	expect_status 200
	expect_header content-type 'application/pdf'
	expect_header content-language "$lang"
	expect_header_match etag '^"[0-9a-f]{16}"$'
	expect_header_match cache-control 'public'
	cp "$RESP_DIR/body" "$f"
	tag=$(header etag)
	expect_equal 'first bytes' '%PDF-' "$(head -c 5 "$f")"
	expect_equal 'Content-Length' "$(stat -c %s "$f")" "$(header content-length)"

	t "$pre/cv.pdf: HEAD gives the headers, If-None-Match its tag a 304"
	req HEAD "$pre/cv.pdf"
	expect_status 200
	expect_header content-type 'application/pdf'
	expect_header etag "$tag"
	expect_body_empty
	req GET "$pre/cv.pdf" -H "If-None-Match: $tag"
	expect_status 304
	expect_body_empty
	req GET "$pre/cv.pdf" -H 'Accept-Encoding: gzip'
	expect_status 200
	expect_header content-encoding gzip
	expect_header etag "${tag%\"}-gz\""
	expect_equal 'gzip variant decoded = the PDF' "$(sha256sum <"$f" | cut -c1-64)" \
		"$(gzip -dc "$RESP_DIR/body" | sha256sum | cut -c1-64)"

	req GET "/api/v1/profile?lang=$lang"
	cp "$RESP_DIR/body" "$BB_TMP/profile.json"
	name=$(jq -r .data.name "$BB_TMP/profile.json")
	url=$(jq -r .data.url "$BB_TMP/profile.json")
	email=$(jq -r .data.email "$BB_TMP/profile.json")

	t "$pre/cv.pdf: pdfinfo: title, author, creator, no creation date, A4 pages (at most $max)"
	run_cmd pdfinfo -f 1 -l 99 "$f"
	expect_exit 0
	info() { sed -n "s/^$1: *//p" "$BB_TMP/stdout"; }
	expect_equal Title "$name — $(label page.cv.label)" "$(info Title)"
	expect_equal Author "$name" "$(info Author)"
	expect_equal Subject "$(jq -r .data.headline "$BB_TMP/profile.json")" "$(info Subject)"
	expect_equal Creator perfil "$(info Creator)"
	expect_equal 'CreationDate lines (the same content makes the same bytes)' 0 \
		"$(grep -c '^CreationDate' "$BB_TMP/stdout")"
	pages=$(sed -n 's/^Pages: *//p' "$BB_TMP/stdout")
	expect_equal "at most $max pages" yes "$(((pages >= 1 && pages <= max)) && echo yes || echo "no: $pages")"
	expect_equal 'pages that are not A4 (595.28 x 841.89 pts)' 0 \
		"$(grep '^Page *[0-9]* size:' "$BB_TMP/stdout" | grep -vc '595.28 x 841.89 pts')"
	expect_equal 'page size lines' "$pages" "$(grep -c '^Page *[0-9]* size:' "$BB_TMP/stdout")"

	t "$pre/cv.pdf: the catalog's /Lang is $lang; qpdf finds the file sound"
	run_cmd qpdf --check "$f"
	expect_exit 0
	expect_stdout_match 'No syntax or stream encoding errors found'
	root=$(qpdf --show-object=trailer "$f" | grep -o '/Root [0-9]* [0-9]* R' | cut -d' ' -f2)
	run_cmd qpdf --show-object="$root" "$f"
	expect_stdout_match "/Lang \\($lang\\)"
	expect_stdout_match '/Type /Catalog'

	t "$pre/cv.pdf: pdffonts: every font embedded"
	run_cmd pdffonts "$f"
	expect_exit 0
	expect_differ 'fonts' 0 "$(tail -n +3 "$BB_TMP/stdout" | wc -l)"
	expect_equal 'fonts not embedded' '' \
		"$(tail -n +3 "$BB_TMP/stdout" | awk '$(NF-4) != "yes" { print $1 }')"

	# the page above its footer (an artifact: the name and "n / N", which
	# would cut a paragraph that runs over a page): the top 800 points,
	# the text ending at 788 and the footer starting at 808 (cv_pdf_int.h's
	# TEXT_BOTTOM and FOOTER_Y)
	pdftotext -enc UTF-8 -x 0 -y 0 -W 596 -H 800 "$f" - | flat >"$BB_TMP/pdf-$lang.txt"
	req GET "$pre/cv.md"
	expect_status 200
	cp "$RESP_DIR/body" "$BB_TMP/cv-$lang.md"

	t "$pre/cv.pdf: the head: name, job title, email, and the section headings of $pre/cv"
	expect_equal 'head texts missing' '' "$(printf '%s\n' "$name" "$email" \
		"$(jq -r .data.job_title "$BB_TMP/profile.json")" |
		missing "$BB_TMP/pdf-$lang.txt" flat)"
	expect_differ 'sections on the page' 0 "$(grep -c '^## ' "$BB_TMP/cv-$lang.md")"
	expect_equal 'headings missing' '' "$(sed -n 's/^## //p' "$BB_TMP/cv-$lang.md" |
		missing "$BB_TMP/pdf-$lang.txt" flat)"

	for c in $colls; do
		item_texts "$c" "$lang" >"$BB_TMP/texts"
		[[ -s $BB_TMP/texts ]] || continue
		t "$pre/cv.pdf: every item of $c, as the API gives it in $lang"
		expect_equal "section heading $(label "cv.$c")" '' \
			"$(label "cv.$c" | missing "$BB_TMP/pdf-$lang.txt" flat)"
		expect_equal "$c texts missing" '' "$(missing "$BB_TMP/pdf-$lang.txt" flat <"$BB_TMP/texts")"
	done

	t "$pre/cv.pdf: the links are link annotations: website, email, projects, credentials, recommenders"
	qpdf --json=2 --json-key=qpdf "$f" | jq -r '.qpdf[1][] | .value? | objects
		| select(.["/Subtype"]? == "/Link") | .["/A"]["/URI"] | sub("^[ub]:"; "")' |
		sort -u >"$BB_TMP/uris"
	expect_differ 'link annotations' 0 "$(wc -l <"$BB_TMP/uris")"
	{
		printf '%s\nmailto:%s\n' "$url" "$email"
		for c in projects certifications recommendations; do
			req GET "/api/v1/$c?lang=$lang"
			[[ $RESP_STATUS == 200 ]] || continue
			jq -r --arg b "$BASE$pre" '.data[] | .url // empty, .credential_url // empty,
				.recommender_url // empty,
				(select(.stack) | "\($b)/projects/\(.slug)")' "$RESP_DIR/body"
		done
	} | sort -u >"$BB_TMP/want-uris"
	expect_equal 'links without an annotation' '' "$(comm -23 "$BB_TMP/want-uris" "$BB_TMP/uris" | tr '\n' ' ')"

	t "$pre/llms.txt links $pre/cv.pdf"
	req GET "$pre/llms.txt"
	expect_body_contains "($BASE$pre/cv.pdf)"

	t "the owner's card on $pre/ and $pre/cv links $pre/cv.pdf"
	for p in "$pre/" "$pre/cv"; do
		req GET "$p"
		expect_body_contains "<a href=\"$BASE$pre/cv.pdf\" type=\"application/pdf\">"
	done
}

for lang in es en; do
	if [[ $lang == es ]]; then pre=; else pre=/en; fi
	check_pdf "$lang" "$pre" 3
done

t 'the two languages are two documents; a language the site lacks has none'
expect_differ 'es and en PDFs' "$(sha256sum <"$BB_TMP/cv-es.pdf")" "$(sha256sum <"$BB_TMP/cv-en.pdf")"
req GET /fr/cv.pdf
expect_status 404
req POST /cv.pdf
expect_status 405

# A one-language English site, imported from a JSON Resume with all its
# sections (the five optional collections among them).
out=$BB_TMP/solo
rm -rf "$out"
t '--init --from-resume writes a one-language English site'
run_cmd "$PERFIL_BIN" --init "$out" --from-resume "$STACK_ROOT/tests/resume/full.resume.json" \
	--languages en
expect_exit 0
chmod -R a+rX "$out"
export PERFIL_CONTENT=$out
CONTENT=$out
# Its optional collections are not in the demo's OpenAPI document: the
# contract step holds these answers to the site's own.
export BB_OWN_DOCUMENT=1
bb_private_stack 900 'serving the English site'
check_pdf en '' 6

t 'one language: no /en/cv.pdf'
req GET /en/cv.pdf
expect_status 404

t 'the same content makes the same PDF: its ETag holds across a reload (SIGHUP)'
req GET /cv.pdf
tag=$(header etag)
n=$(grep -c 'content reloaded' "$STACK_DIR/perfil.log")
kill -HUP "$STACK_RESPONDER_PID"
bb_await_lines "$STACK_DIR/perfil.log" 'content reloaded' $((n + 1)) "$(bb_reload_ms)"
_bb_check $? 'perfil.log: "content reloaded"' "$(tail -n 3 "$STACK_DIR/perfil.log")"
bb_steady 10 bb_status_is 200 /cv.pdf
req GET /cv.pdf
expect_status 200
expect_header etag "$tag"

# The PDF module (src/site/pdf_module.h), in a build that has one beside the
# responder: a copy of the responder in a directory of its own finds the
# module beside it, or, without one, or with another build's, serves
# without a PDF and says why on standard error.
bin=${PERFIL_BIN:-$STACK_ROOT/_build/default/src/perfil-fcgi}
if [[ -f ${bin%/*}/perfil-pdf.so ]]; then
	demo=${PERFIL_CONTENT:-$STACK_ROOT/content}
	mod=$BB_TMP/module
	rm -rf "$mod"
	mkdir -p "$mod/bin"
	cp "$bin" "$mod/bin/perfil-fcgi"
	cp "${bin%/*}/perfil-pdf.so" "$mod/bin/perfil-pdf.so"
	chmod -R a+rX "$mod"
	t 'a copy of the responder with the PDF module beside it exports the PDF (--export)'
	run_cmd "$mod/bin/perfil-fcgi" --export "$mod/with" --content "$demo"
	expect_exit 0
	expect_equal 'cv.pdf, a PDF file' '%PDF-' "$(head -c 5 "$mod/with/cv.pdf" 2>&1)"
	t 'a PDF module that is not this build'"'"'s is refused with the reason; the export has no PDF'
	cp "$(ldconfig -p | awk '/libz\.so\.1 .*x86-64/ { print $NF; exit }')" "$mod/bin/perfil-pdf.so"
	run_cmd "$mod/bin/perfil-fcgi" --export "$mod/foreign" --content "$demo"
	expect_exit 0
	expect_stderr_match "the PDF module $mod/bin/perfil-pdf.so is not this build's \\(perfil [^)]*\\); no PDF is made"
	expect_equal 'no cv.pdf; cv.html and cv.txt there' 'no cv.pdf, cv.html, cv.txt' \
		"$([[ -e $mod/foreign/cv.pdf ]] && echo cv.pdf || echo no cv.pdf), $(ls "$mod/foreign" | grep -x 'cv.html' ), $(ls "$mod/foreign" | grep -x 'cv.txt')"
	rm "$mod/bin/perfil-pdf.so"
	stack_stop
	saved_bin=${PERFIL_BIN-}
	export PERFIL_BIN=$mod/bin/perfil-fcgi
	bb_private_stack 890 'whose PDF module is missing'
	t 'a responder whose PDF module is missing: a line in its log, /cv.pdf a 404, the pages and llms.txt without it, the rest served'
	grep -E "the PDF module: $mod/bin/perfil-pdf.so: cannot open shared object file: .*; no PDF is made" "$STACK_DIR/perfil.log" >/dev/null
	_bb_check $? 'perfil.log: "the PDF module: FILE: cannot open shared object file: ...; no PDF is made"' "$(grep -i 'pdf' "$STACK_DIR/perfil.log" | head -n 3)"
	req GET /cv.pdf
	expect_status 404
	for p in /llms.txt /cv; do
		req GET "$p"
		expect_status 200
		expect_body_not_contains 'cv.pdf'
	done
	req GET /cv.txt
	expect_status 200
	stack_stop
	if [[ -n $saved_bin ]]; then PERFIL_BIN=$saved_bin; else unset PERFIL_BIN; fi
fi

# A CV too long to typeset at every load (cv_pdf.h, CV_PDF_MAX: 128 KiB of
# markdown): generated content, 60 items a collection.
stack_stop
big=$BB_TMP/big
rm -rf "$big"
"$STACK_ROOT/tests/bench/gen-content" "$big" 60 >/dev/null
chmod -R a+rX "$big"
export PERFIL_CONTENT=$big
CONTENT=$big
unset BB_OWN_DOCUMENT	# no /api request here
bb_private_stack 900 'serving a CV too long for a PDF'
t 'a CV longer than 128 KiB of text has no PDF: a 404, not in llms.txt, a warning at load'
req GET /cv.md
expect_status 200
size=$(stat -c %s "$RESP_DIR/body")
expect_equal "more than 128 KiB ($size bytes)" yes "$( ((size > 131072)) && echo yes || echo no)"
req GET /cv.pdf
expect_status 404
req GET /en/cv.pdf
expect_status 404
req GET /llms.txt
expect_status 200
expect_body_not_contains 'cv.pdf'
for p in / /cv /en/cv; do
	req GET "$p"
	expect_body_not_contains 'cv.pdf'
done
expect_equal 'warning at load' 2 "$(grep -c 'warning: /\(en/\)\?cv.pdf left out: the CV is' "$STACK_DIR/perfil.log")"

t "a variant's CV longer than 128 KiB has no PDF either, and every load says so in each language, whichever thread rendered it"
# gen-content's "academic" variant is 135 and 128 KiB here: both over.
for p in /cv/academic.pdf /en/cv/academic.pdf; do
	req GET "$p"
	expect_status 404
done
# Either of a load's two threads renders a variant (pages_build.c,
# build_shared); the warning once came only from the one that typesets,
# so a load whose other thread took the variant said nothing. Three
# loads, each must say both.
said=
for i in 1 2 3; do
	said+="$("$PERFIL_BIN" --check --content "$big" 2>&1 |
		grep -c 'warning: /\(en/\)\?cv/academic.pdf left out: the CV is') "
done
expect_equal 'the two warnings in each of three loads' '2 2 2 ' "$said"
