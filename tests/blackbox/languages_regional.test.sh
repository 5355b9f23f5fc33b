#!/usr/bin/env bash
# front: nginx-only the label sets and languages of the content; Apache passes every path to the responder untouched (conf/apache), so one front is enough
# Regional languages: site.json's "languages" takes BCP 47 tags with a
# region or a script (docs/languages.md). Two content directories, each
# served by a private stack:
#   tests/fixtures/regional_in  hi (default) and en-IN
#   tests/fixtures/regional_br  pt-BR (default) and en
# Pages of a tag live under its lower-case prefix (/en-in/), say the tag
# in its canonical case (lang, hreflang, Content-Language, og:locale,
# JSON-LD, the sitemap, resume.json, the PDF's /Lang, MCP), speak the
# base language's label set (en.json for en-IN, pt.json for pt-BR) and
# write dates as the region does: the fixtures' certification of
# 2020-04-01 is "1 April 2020" in en-IN, "April 1, 2020" in en and
# "1 de abril de 2020" in pt-BR, each derived here from the ISO date.
# lang= and Accept-Language match tags without regard to case. Then
# --init takes --languages hi,en-IN, and --check refuses malformed tags
# naming site.json and the entry.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

: "${PERFIL_BIN:?}"
LABELS=$STACK_ROOT/labels
trap 'stack_stop; _bb_finish' EXIT
BB_SHARED_BASE=$BASE

# serve NAME OFFSET: serve tests/fixtures/NAME from a private stack; FIX
# is its directory, LANGS its languages, DEF the default one.
serve() {
	[[ -z ${STACK_BASE:-} ]] || stack_stop
	FIX=$STACK_ROOT/tests/fixtures/$1
	export PERFIL_CONTENT=tests/fixtures/$1
	mapfile -t LANGS < <(jq -r '.languages[]' "$FIX/site.json")
	DEF=${LANGS[0]}
	BASE=$BB_SHARED_BASE
	bb_private_stack "$2" "serving tests/fixtures/$1"
}

# cert_date: the fixtures' certification date, an ISO YYYY-MM-DD.
cert_date() {
	jq -r '.[0].date' "$FIX/certifications.json"
}

# human ORDER ISO: ISO date YYYY-MM-DD as a region writes it, written
# here without ICU: dmy "1 April 2020" (en-IN), mdy "April 1, 2020" (en),
# pt "1 de abril de 2020" (pt-BR).
human() {
	local y m d
	IFS=- read -r y m d <<<"$2"
	m=$((10#$m))
	d=$((10#$d))
	local en=(January February March April May June July August September
		October November December)
	local pt=(janeiro fevereiro março abril maio junho julho agosto setembro
		outubro novembro dezembro)
	case $1 in
	dmy) printf '%s %s %s' "$d" "${en[m - 1]}" "$y" ;;
	mdy) printf '%s %s, %s' "${en[m - 1]}" "$d" "$y" ;;
	pt) printf '%s de %s de %s' "$d" "${pt[m - 1]}" "$y" ;;
	esac
}

# hreflangs: the sorted hreflang values of the last body, x-default aside.
hreflangs() {
	grep -o 'hreflang="[^"]*"' "$RESP_DIR/body" | sed 's/hreflang="//; s/"$//' |
		grep -v '^x-default$' | sort -u
}

# expect_tag_pages TAG SET: the pages and documents of TAG live under its
# prefix, say TAG and speak label set SET.
expect_tag_pages() {
	local tag=$1 set=$2 p key other
	p=$(site_prefix "$tag")
	t "$tag: pages and documents under \"$p/\" say $tag"
	for path in "$p/" "$p/cv" "$p/about" "$p/cv.md" "$p/llms.txt" "$p/resume.json" \
		"$p/projects/$(jq -r '.[0].slug' "$FIX/projects.json")"; do
		req GET "$path"
		expect_status 200
		expect_header content-language "$tag"
	done
	req GET "$p/cv"
	expect_body_contains "<html lang=\"$tag\">"
	expect_body_contains "<link rel=\"alternate\" hreflang=\"$tag\" href=\"$BASE$p/cv\">"
	expect_body_contains "\"inLanguage\":\"$tag\""
	# A tag with a region is its own Open Graph locale (en_IN).
	[[ $tag != *-* ]] ||
		expect_body_contains "<meta property=\"og:locale\" content=\"${tag/-/_}\">"
	req GET "$p/resume.json"
	expect_json .meta.language "\"$tag\""

	t "$tag: pages speak the $set label set, no other language's"
	req GET "$p/cv"
	for key in nav.skip cv.experience footer.no_tracking; do
		expect_body_contains "$(label_of "$set" "$key" | sed 's/&/\&amp;/g')"
		for other in "${SETS[@]}"; do
			[[ $other != "$set" ]] || continue
			[[ $(label_of "$other" "$key") != "$(label_of "$set" "$key")" ]] || continue
			expect_body_not_contains "$(label_of "$other" "$key")"
		done
	done
}

# --- hi and en-IN -------------------------------------------------------------

serve regional_in 1200
SETS=(hi en)
in_date=$(human dmy "$(cert_date)")
us_date=$(human mdy "$(cert_date)")

t 'regional_in: --check passes, no label untranslated in en-IN (en.json has it)'
run_cmd "$PERFIL_BIN" --check --content "$FIX" --labels "$LABELS"
expect_exit 0
expect_stdout_match 'languages hi, en-IN$'
expect_equal 'warnings and notes' '' "$(grep -E 'warning|note' "$BB_TMP/stderr")"

expect_tag_pages hi hi
expect_tag_pages en-IN en

t 'en-IN: hreflang links and sitemap alternates name hi and en-IN'
want=$(printf '%s\n' "${LANGS[@]}" | sort -u)
req GET /cv
expect_equal 'hreflang of /cv' "$want" "$(hreflangs)"
expect_body_contains "<li class=\"lang\"><a href=\"$BASE/en-in/cv\" hreflang=\"en-IN\" lang=\"en-IN\">English</a></li>"
req GET /sitemap.xml
expect_equal 'sitemap hreflang' "$want" "$(hreflangs)"
expect_body_contains "<loc>$BASE/en-in/cv</loc>"
expect_body_contains "hreflang=\"en-IN\" href=\"$BASE/en-in/cv\""

t "en-IN: the certification of $(cert_date) reads \"$in_date\", not \"$us_date\""
expect_differ 'en-IN and en dates' "$us_date" "$in_date"
req GET /en-in/cv
expect_body_contains ", $in_date."
expect_body_not_contains "$us_date"
req GET /api/v1/certifications?lang=en-IN
expect_json '.data[0].date' "\"$in_date\""

t 'en-IN: lang= takes the tag in any case; Accept-Language any English'
for v in en-IN en-in EN-IN; do
	req GET "/api/v1/certifications?lang=$v"
	expect_status 200
	expect_header content-language en-IN
	expect_json '.data[0].title' "$(jq '.[0].title["en-IN"]' "$FIX/certifications.json")"
	expect_json '.data[0].date' "\"$in_date\""
done
for h in en-IN en-in en en-GB 'fr, en-US;q=0.5'; do
	req GET /api/v1/profile -H "Accept-Language: $h"
	expect_header content-language en-IN
	expect_json .data.headline "$(jq '.headline["en-IN"]' "$FIX/profile.json")"
done
req GET /api/v1/profile -H 'Accept-Language: de'
expect_header content-language hi
req GET '/api/v1/profile?lang=en'
expect_error 400 invalid_parameter
expect_json .error.message "\"Parameter 'lang' must be hi or en-IN; received 'en'.\""

t 'en-IN: the prefix is the tag in lower case only'
req GET /en-IN/cv
expect_status 404
req GET /en/cv
expect_status 404

t 'en-IN: OpenAPI lists the tags in their canonical case, links the en-IN portal'
req GET /openapi.json
expect_json '.components.parameters.lang.schema.enum' "$(jq -c .languages "$FIX/site.json")"
expect_json '.externalDocs.url' "\"$BASE/en-in/developers\""

t 'en-IN: MCP answers in en-IN for ?lang=en-in'
req POST '/mcp?lang=en-in' -H 'Content-Type: application/json' \
	-H 'Accept: application/json, text/event-stream' --data-binary \
	'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"listCertifications","arguments":{}}}'
expect_status 200
expect_header content-language en-IN
expect_json '.result.structuredContent.data[0].date' "\"$in_date\""

req GET /en-in/cv.pdf
if [[ $RESP_STATUS != 404 ]] && command -v qpdf >/dev/null; then
	# (a build without the PDF answers 404: cv_pdf.test.sh)
	t 'en-IN: the PDF catalog'"'"'s /Lang is en-IN'
	expect_status 200
	cp "$RESP_DIR/body" "$BB_TMP/cv.pdf"
	root=$(qpdf --show-object=trailer "$BB_TMP/cv.pdf" | grep -o '/Root [0-9]* [0-9]* R' | cut -d' ' -f2)
	run_cmd qpdf --show-object="$root" "$BB_TMP/cv.pdf"
	expect_stdout_match '/Lang \(en-IN\)'
fi

# --- pt-BR and en -------------------------------------------------------------

serve regional_br 1210
SETS=(pt en)
br_date=$(human pt "$(cert_date)")
us_date=$(human mdy "$(cert_date)")

expect_tag_pages pt-BR pt
expect_tag_pages en en

t "pt-BR: the certification of $(cert_date) reads \"$br_date\"; in en \"$us_date\""
req GET /cv
expect_body_contains ", $br_date."
req GET /en/cv
expect_body_contains ", $us_date."
req GET /api/v1/certifications
expect_header content-language pt-BR
expect_json '.data[0].date' "\"$br_date\""
req GET /api/v1/certifications?lang=pt-br
expect_header content-language pt-BR
req GET /api/v1/profile -H 'Accept-Language: pt-PT, en;q=0.5'
expect_header content-language pt-BR

# --- --init and refusals --------------------------------------------------------

t '--init --languages hi,en-in writes the canonical tags'
rm -rf "$BB_TMP/init"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/init" --languages hi,en-in --labels "$LABELS"
expect_exit 0
expect_equal 'site.json languages' '["hi","en-IN"]' "$(jq -c .languages "$BB_TMP/init/site.json")"
expect_equal 'a text in en-IN' string "$(jq -r '.headline["en-IN"] | type' "$BB_TMP/init/profile.json")"

# variant NAME JQ [JQ-ARG...]: a copy of regional_in with site.json
# rewritten by JQ.
variant() {
	local dir=$BB_TMP/$1
	rm -rf "$dir"
	cp -R "$STACK_ROOT/tests/fixtures/regional_in" "$dir"
	jq "${@:2}" "$STACK_ROOT/tests/fixtures/regional_in/site.json" >"$dir/site.json"
	printf '%s\n' "$dir"
}

t 'a malformed or unknown tag is refused, naming site.json and the entry'
for bad in en-XX-foo-bar english '' en_IN de-JP; do
	# shellcheck disable=SC2016 # $b is jq's
	run_cmd "$PERFIL_BIN" --check --content "$(variant bad '.languages[1] = $b' --arg b "$bad")" --labels "$LABELS"
	expect_exit 1
	expect_stderr_match "site\\.json: languages\\[1\\]: "
done
run_cmd "$PERFIL_BIN" --check --content "$(variant bad '.languages[1] = "en-XX-foo-bar"')" --labels "$LABELS"
expect_stderr_match 'expected a BCP 47 language tag'
run_cmd "$PERFIL_BIN" --check --content "$(variant bad '.languages[1] = "english"')" --labels "$LABELS"
expect_stderr_match 'unknown language code "english"'
run_cmd "$PERFIL_BIN" --init "$BB_TMP/init2" --languages hi,en-XX-foo-bar --labels "$LABELS"
expect_exit 2
expect_stderr_match '--languages "hi,en-XX-foo-bar": languages\[1\]: expected a BCP 47 language tag'

t 'content keys are the tags in their canonical case'
run_cmd "$PERFIL_BIN" --check --content "$(variant lower '.languages[1] = "en-in"')" --labels "$LABELS"
expect_exit 0
d=$(variant keys .)
jq '.headline = {"hi": .headline.hi, "en-in": .headline["en-IN"]}' "$FIX/profile.json" >"$d/profile.json"
run_cmd "$PERFIL_BIN" --check --content "$d" --labels "$LABELS"
expect_exit 1
expect_stderr_match 'profile\.json: headline\.en-in: unknown language \(expected hi and en-IN\)'
