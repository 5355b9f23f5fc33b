#!/usr/bin/env bash
# front: nginx-only it starts two private stacks serving fixtures it makes from the demo
# Variants of the CV (issue 49): items carry "tags", site.json's
# "cv_variants" names variants, each with its sections in order, the tags
# it selects, a headline or summary of its own, max_items and listed. For
# each variant in two languages, the page (HTML and markdown), the PDF's
# text, the plain text and the JSON Resume hold the variant's tagged and
# untagged items, never an item tagged only for the other, in the
# variant's section order, with its own headline; the full /cv is the same
# bytes as the same content's without variants (but the line linking the
# listed one); the unlisted variant is noindex and not in the sitemap; an
# unknown variant is the 404; --check refuses an unknown section and an
# invalid name, and warns of tags no variant or item shares.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT
bb_require jq

# The fixtures: the demo without its variants and tags ("plain"), with
# tags of two audiences, data and teaching ("tagged"), then with two
# variants of those ("variants"): data listed, teaching unlisted.
plain=$BB_TMP/variants-plain
tagged=$BB_TMP/variants-tagged
withv=$BB_TMP/variants-with
rm -rf "$plain" "$tagged" "$withv"
cp -r "$STACK_ROOT/content" "$plain"
jq 'del(.cv_variants)' "$STACK_ROOT/content/site.json" >"$plain/site.json"
for f in experience projects certifications education; do
	jq 'map(del(.tags))' "$STACK_ROOT/content/$f.json" >"$plain/$f.json"
done
cp -r "$plain" "$tagged"
# tag FILE JQ: apply JQ (setting .tags of items) to the tagged copy's FILE.
tag() {
	jq "$2" "$plain/$1" >"$tagged/$1"
}
tag experience.json '.[0].tags = ["data"] | .[1].tags = ["teaching"] | .[2].tags = ["data", "teaching"]'
tag projects.json '.[0].tags = ["data"] | .[3].tags = ["teaching"]'
tag education.json '.[1].tags = ["teaching"]'
tag certifications.json '.[0].tags = ["data"]'
cp -r "$tagged" "$withv"
jq '. + {cv_variants: {
	data: {sections: ["projects", "experience", "certifications"], tags: ["data"],
		headline: {es: "Datos de señales y nube para la industria", en: "Signal data and cloud for industry"},
		listed: true},
	teaching: {sections: ["education", "experience", "projects"], tags: ["teaching"],
		summary: {es: "Enseño sistemas distribuidos y accesibilidad.", en: "I teach distributed systems and accessibility."},
		max_items: 3}}}' "$plain/site.json" >"$withv/site.json"
chmod -R a+rX "$plain" "$tagged" "$withv"

t '--check: the variants load; no warning for their tags'
run_cmd "$PERFIL_BIN" --check --content "$withv"
expect_exit 0
expect_equal 'no warning about tags' '' "$(grep -i 'tag' "$BB_TMP/stderr")"

# text LANG FILE JQ: the text JQ selects in the fixture's FILE, in LANG
# (a plain string is the text in every language).
text() {
	jq -r "$3 | if type == \"object\" then .$1 else . end" "$withv/$2"
}
# holds WHAT FILE: each text of the arrays yes and no in FILE or not.
holds() {
	local s
	for s in "${yes[@]}"; do
		expect_equal "$1 has \"$s\"" 1 "$(grep -cF -- "$s" "$2" | sed 's/^[1-9][0-9]*$/1/')"
	done
	for s in "${no[@]}"; do
		expect_equal "$1 lacks \"$s\"" 0 "$(grep -cF -- "$s" "$2")"
	done
}
# flat FILE: FILE's text on one line, spaces squeezed (pdftotext and the
# plain text break lines).
flat() {
	tr '\n' ' ' <"$1" | tr -s ' '
}

# The stack without variants first: the full CV's reference bytes. Both
# stacks take the same port, so that their URLs are the same.
BB_SHARED_BASE=$BASE
export PERFIL_CONTENT=$tagged
bb_private_stack 1170 'serving the tagged demo without variants'
for pre in '' /en; do
	for path in cv cv.md cv.txt resume.json; do
		req GET "$pre/$path"
		cp "$RESP_DIR/body" "$BB_TMP/ref-${pre#/}-$path"
	done
	req GET "$pre/cv.pdf"
	cp "$RESP_DIR/body" "$BB_TMP/ref-${pre#/}-cv.pdf"
done
base1=$BASE
stack_stop
BASE=$BB_SHARED_BASE

export PERFIL_CONTENT=$withv
bb_private_stack 1170 'serving the demo with two variants'
expect_equal 'the same base URL as the stack without variants' "$base1" "$BASE"

for lang in es en; do
	if [[ $lang == es ]]; then pre=; else pre=/en; fi
	exp0=$(text $lang experience.json '.[0].role')
	exp1=$(text $lang experience.json '.[1].role')
	exp2=$(text $lang experience.json '.[2].role')
	exp3=$(text $lang experience.json '.[3].role')
	exp5=$(text $lang experience.json '.[5].role')
	prj0=$(text $lang projects.json '.[0].title')
	prj1=$(text $lang projects.json '.[1].title')
	prj3=$(text $lang projects.json '.[3].title')
	edu0=$(text $lang education.json '.[0].institution')
	edu1=$(text $lang education.json '.[1].institution')
	cer0=$(text $lang certifications.json '.[0].title')
	cer1=$(text $lang certifications.json '.[1].title')
	h_exp=$(jq -r '.["cv.experience"]' "$STACK_ROOT/labels/$lang.json")
	h_prj=$(jq -r '.["cv.projects"]' "$STACK_ROOT/labels/$lang.json")
	h_edu=$(jq -r '.["cv.education"]' "$STACK_ROOT/labels/$lang.json")
	h_cer=$(jq -r '.["cv.certifications"]' "$STACK_ROOT/labels/$lang.json")
	for v in data teaching; do
		if [[ $v == data ]]; then
			# Tagged data or both, or untagged; never teaching's alone.
			yes=("$exp0" "$exp2" "$exp3" "$exp5" "$prj0" "$prj1" "$cer0" "$cer1"
				"$(jq -r ".cv_variants.data.headline.$lang" "$withv/site.json")")
			no=("$exp1" "$prj3" "$edu0" "$edu1")
			heads=("$h_prj" "$h_exp" "$h_cer")
			nohead=$h_edu
			sections='["projects","work","certificates"]'
		else
			# Its three first experience entries (max_items 3).
			yes=("$exp1" "$exp2" "$exp3" "$prj1" "$prj3" "$edu0" "$edu1"
				"$(jq -r ".cv_variants.teaching.summary.$lang" "$withv/site.json")")
			no=("$exp0" "$exp5" "$prj0" "$cer0" "$cer1")
			heads=("$h_edu" "$h_exp" "$h_prj")
			nohead=$h_cer
			sections='["education","work","projects"]'
		fi

		t "GET $pre/cv/$v: the HTML page of the variant in $lang"
		req GET "$pre/cv/$v"
		expect_status 200
		expect_header content-type 'text/html; charset=utf-8'
		expect_header content-language "$lang"
		holds "$pre/cv/$v" "$RESP_DIR/body"
		grep -o '<h2[^>]*>[^<]*</h2>' "$RESP_DIR/body" | sed 's/<[^>]*>//g' >"$BB_TMP/heads"
		expect_equal 'its sections, in its order' "$(printf '%s\n' "${heads[@]}")" "$(cat "$BB_TMP/heads")"
		if [[ $v == data ]]; then
			expect_body_not_contains '<meta name="robots" content="noindex">'
			expect_header_absent x-robots-tag
		else
			expect_body_contains '<meta name="robots" content="noindex">'
			expect_header x-robots-tag noindex
		fi

		t "GET $pre/cv/$v.md and Accept: text/markdown: its markdown in $lang"
		req GET "$pre/cv/$v.md"
		expect_status 200
		expect_header content-type 'text/markdown; charset=utf-8'
		holds "$pre/cv/$v.md" "$RESP_DIR/body"
		grep '^## ' "$RESP_DIR/body" | sed 's/^## //' >"$BB_TMP/heads"
		expect_equal 'its sections, in its order' "$(printf '%s\n' "${heads[@]}")" "$(cat "$BB_TMP/heads")"
		cp "$RESP_DIR/body" "$BB_TMP/md"
		req GET "$pre/cv/$v" -H 'Accept: text/markdown'
		expect_status 200
		expect_equal 'the same markdown by Accept' "$(sha256sum <"$BB_TMP/md")" "$(sha256sum <"$RESP_DIR/body")"

		t "GET $pre/cv/$v.txt: its plain text in $lang"
		req GET "$pre/cv/$v.txt"
		expect_status 200
		expect_header content-type 'text/plain; charset=utf-8'
		flat "$RESP_DIR/body" >"$BB_TMP/flat"
		holds "$pre/cv/$v.txt" "$BB_TMP/flat"
		expect_equal 'the sections in the variant'"'"'s order' ok "$(order "$RESP_DIR/body" "${heads[@]}")"
		expect_equal "no section $nohead" 0 "$(grep -cxF -- "$nohead" "$RESP_DIR/body")"

		t "GET $pre/cv/$v.pdf: its PDF in $lang (pdftotext)"
		req GET "$pre/cv/$v.pdf"
		if [[ $RESP_STATUS == 404 ]]; then
			printf '        (built without the PDF: a 404)\n'
			expect_status 404
		else
			bb_require pdftotext
			expect_status 200
			expect_header content-type application/pdf
			pdftotext -enc UTF-8 "$RESP_DIR/body" "$BB_TMP/pdf.txt"
			flat "$BB_TMP/pdf.txt" >"$BB_TMP/flat"
			holds "$pre/cv/$v.pdf" "$BB_TMP/flat"
			expect_equal 'the sections in the variant'"'"'s order' ok "$(order "$BB_TMP/pdf.txt" "${heads[@]}")"
			expect_equal "no section $nohead" 0 "$(grep -cxF -- "$nohead" "$BB_TMP/pdf.txt")"
		fi

		t "GET $pre/resume/$v.json: its JSON Resume in $lang"
		req GET "$pre/resume/$v.json"
		expect_status 200
		expect_header content-type application/json
		expect_equal 'its sections, in its order' "$sections" \
			"$(jq -c '[keys_unsorted[] | select(. != "$schema" and . != "basics" and . != "meta" and . != "languages")]' "$RESP_DIR/body")"
		jq -r '.. | strings' "$RESP_DIR/body" >"$BB_TMP/strings"
		holds "$pre/resume/$v.json" "$BB_TMP/strings"
		expect_equal 'meta.canonical is the variant'"'"'s' "$pre/resume/$v.json" \
			"$(jq -r '.meta.canonical' "$RESP_DIR/body" | sed 's|^https\?://[^/]*||')"
		expect_equal 'the items'"'"' tags are the work entries'"'"' keywords' '["data","teaching"]' \
			"$(jq -c '[.work[].keywords // empty] | add | unique' "$RESP_DIR/body")"
	done

	t "$pre/cv is the full CV: the same bytes as without variants, but the line linking the listed one"
	req GET "$pre/cv"
	expect_status 200
	expect_body_contains "$pre/cv/data\">data</a>"
	expect_body_not_contains "$pre/cv/teaching"
	expect_equal 'the HTML without its variants line' "$(sha256sum <"$BB_TMP/ref-${pre#/}-cv")" \
		"$(grep -v '^<p class="cv-variants">' "$RESP_DIR/body" | sha256sum)"
	req GET "$pre/cv.md"
	expect_body_contains "/cv/data)"
	expect_equal 'the markdown without its variants line' "$(cat -s "$BB_TMP/ref-${pre#/}-cv.md" | sha256sum)" \
		"$(grep -vF "$(jq -r '.["cv.variants"]' "$STACK_ROOT/labels/$lang.json")" "$RESP_DIR/body" | cat -s | sha256sum)"
	for path in cv.txt resume.json cv.pdf; do
		req GET "$pre/$path"
		expect_equal "$pre/$path: the same bytes" "$(sha256sum <"$BB_TMP/ref-${pre#/}-$path")" \
			"$(sha256sum <"$RESP_DIR/body")"
	done
done

t 'sitemap.xml: the listed variant in both languages, never the unlisted one'
req GET /sitemap.xml
expect_status 200
expect_body_contains '/cv/data</loc>'
expect_body_contains '/en/cv/data</loc>'
expect_body_not_contains '/cv/teaching'

t 'an unknown variant, form or suffix is the site'"'"'s 404'
for path in /cv/nope /cv/nope.md /cv/nope.pdf /cv/nope.txt /en/cv/nope /resume/nope.json \
	/cv/data.xml /cv/data.json /resume/data /resume/data.txt /cv/data/ /xx/cv/data /cv/Data; do
	req GET "$path"
	expect_status 404
done

t 'under /api, no variant: the API'"'"'s 404 envelope'
req GET /api/v1/cv/data
expect_status 404
expect_json '.error.status' 404

t '--check: a variant with an unknown section exits 1 naming site.json, the field and the section'
cp -r "$withv" "$BB_TMP/bad"
jq '.cv_variants.data.sections = ["projects", "talks"]' "$withv/site.json" >"$BB_TMP/bad/site.json"
run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/bad"
expect_exit 1
expect_stderr_match 'site\.json: cv_variants\.data\.sections\[1\]: "talks": not a collection on the CV'

t '--check: an invalid variant name, an unknown member, a bad tag or max_items: exit 1 naming the field'
for bad in '{"Data": {}}' '{"a/b": {}}' '{"data": {"colour": "red"}}' '{"data": {"tags": ["Not a tag"]}}' \
	'{"data": {"max_items": 0}}' '{"data": {"listed": "yes"}}' '{"data": {"sections": []}}'; do
	jq ".cv_variants = $bad" "$withv/site.json" >"$BB_TMP/bad/site.json"
	run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/bad"
	expect_exit 1
	expect_stderr_match 'site\.json: cv_variants\.'
done

t '--check: an item tag that is not a slug is refused with its file and field'
cp "$withv/site.json" "$BB_TMP/bad/site.json"
jq '.[4].tags = ["Data Science"]' "$withv/experience.json" >"$BB_TMP/bad/experience.json"
run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/bad"
expect_exit 1
expect_stderr_match 'experience\.json: \[4\]\.tags\[0\]: slug must match'

t '--check warns of a tag no item carries and of an item tag no variant selects'
jq '.[4].tags = ["hobby"]' "$withv/experience.json" >"$BB_TMP/bad/experience.json"
jq '.cv_variants.data.tags += ["management"]' "$withv/site.json" >"$BB_TMP/bad/site.json"
run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/bad"
expect_exit 0
expect_stderr_match 'warning: site\.json: cv_variants\.data\.tags\[1\]: "management": no item carries this tag'
expect_stderr_match 'warning: experience\.json: \[4\]\.tags\[0\]: "hobby": no variant of site\.json'"'"'s cv_variants selects this tag'

t '--check: a tag no variant selects is one warning per file, at its first item, with how many more items carry it (an item that repeats it once)'
jq '.[3].tags = ["hobby"] | .[4].tags = ["hobby", "hobby"] | .[5].tags = ["garden", "hobby"]' \
	"$withv/experience.json" >"$BB_TMP/bad/experience.json"
cp "$withv/site.json" "$BB_TMP/bad/site.json"
run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/bad"
expect_exit 0
expect_stderr_match 'warning: experience\.json: \[3\]\.tags\[0\]: "hobby": no variant of site\.json'"'"'s cv_variants selects this tag: this item and 2 more that carry it are on the full CV only'
expect_stderr_match 'warning: experience\.json: \[5\]\.tags\[0\]: "garden": no variant of site\.json'"'"'s cv_variants selects this tag: the item is on the full CV only'
expect_equal "the lines naming \"hobby\"" 1 "$(grep -c '"hobby"' "$BB_TMP/stderr")"

t '--check of tagged items without cv_variants warns of no tag (they are the JSON Resume'"'"'s keywords)'
run_cmd "$PERFIL_BIN" --check --content "$tagged"
expect_exit 0
expect_equal "the warnings of tags" 0 "$(grep -c 'tags\[[0-9]*\]' "$BB_TMP/stderr")"
expect_stdout_match 'content OK'
rm -rf "$BB_TMP/bad"
