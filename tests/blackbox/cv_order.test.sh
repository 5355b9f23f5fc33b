#!/usr/bin/env bash
# front: nginx-only the CV's order and the home highlight are the responder's pages; one front is enough
# The CV in the owner's order (issue 38): site.json "cv_order" puts the
# listed collections first, in that order, on /cv, in /cv.pdf (pdftotext)
# and in /resume.json's sections; "home_highlight" shows that collection
# on the home page. The JSON-LD lists each institution once under
# alumniOf (two degrees from one university were two entries). A bad
# value is refused by --check with site.json, the member and the reason.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT

dir=$BB_TMP/academic
rm -rf "$dir"
cat >"$BB_TMP/academic.json" <<'JSON'
{"basics": {"name": "Rowan Example", "label": "Researcher in distributed systems",
  "email": "rowan@perfil.test", "url": "https://rowan.perfil.test/",
  "summary": "I study consensus protocols.", "location": {"city": "Leiden", "countryCode": "NL"}},
 "work": [{"name": "Leiden Institute", "position": "Postdoctoral researcher", "startDate": "2021-09",
  "summary": "Consensus under partial synchrony."}],
 "volunteer": [{"organization": "Open Review Club", "position": "Reviewer", "startDate": "2020-01",
  "summary": "Reviewing for workshops."}],
 "projects": [{"name": "Quorum simulator", "description": "A simulator of quorum systems.",
  "url": "https://code.perfil.test/quorum", "keywords": ["OCaml"]}],
 "publications": [{"name": "Faster quorums in practice", "publisher": "Journal of Examples",
  "releaseDate": "2023-05-01", "url": "https://doi.perfil.test/1", "summary": "A study of quorum latency."}],
 "education": [
  {"institution": "University of Leiden", "studyType": "PhD", "area": "Computer Science", "startDate": "2016-09", "endDate": "2021-06"},
  {"institution": "Delft University of Technology", "studyType": "MSc", "area": "Computer Science", "startDate": "2014-09", "endDate": "2016-06"},
  {"institution": "University of Leiden", "studyType": "BSc", "area": "Mathematics", "startDate": "2011-09", "endDate": "2014-06"}],
 "awards": [{"title": "Best paper award", "date": "2022-06-01", "awarder": "Example Symposium"},
  {"title": "Test of time award", "date": "2022-09-01", "awarder": "Example Symposium"},
  {"title": "Best paper award", "date": "2023-06-01", "awarder": "Example Symposium"}],
 "skills": [{"name": "Languages", "keywords": ["OCaml", "TLA+"], "years": {"OCaml": "8+", "TLA+": "5+"}}],
 "meta": {"language": "en"}}
JSON

t 'an academic CV imports; site.json names publications first and highlights them'
run_cmd "$PERFIL_BIN" --init "$dir" --from-resume "$BB_TMP/academic.json"
expect_exit 0
jq '. + {cv_order: ["publications", "education", "experience"], home_highlight: "publications"}' \
	"$dir/site.json" >"$dir/site.json.new" && mv "$dir/site.json.new" "$dir/site.json"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_exit 0

chmod -R a+rX "$dir"
export PERFIL_CONTENT=$dir
bb_private_stack 970 'serving the academic CV'

t '/cv: publications first, then education, then experience, then the others in their places'
req GET /cv
expect_status 200
grep -o '<h2[^>]*>[^<]*</h2>' "$RESP_DIR/body" | sed 's/<[^>]*>//g' >"$BB_TMP/cv-headings"
expect_equal 'the headings in site.json'"'"'s order' ok \
	"$(order "$BB_TMP/cv-headings" 'Publications and talks' 'Education' 'Experience' 'Volunteer work' 'Projects')"

t '/cv.pdf: the same order (pdftotext)'
req GET /cv.pdf
if [[ $RESP_STATUS == 404 ]]; then
	printf '        (built without the PDF: /cv.pdf is a 404)\n'
	expect_status 404
elif command -v pdftotext >/dev/null; then
	expect_status 200
	pdftotext -enc UTF-8 "$RESP_DIR/body" "$BB_TMP/cv.txt"
	expect_equal 'the sections in site.json'"'"'s order' ok \
		"$(order "$BB_TMP/cv.txt" 'Publications and talks' 'Education' 'Experience' 'Volunteer work' 'Projects')"
else
	bb_require pdftotext
fi

t '/resume.json: its sections in the CV'"'"'s order'
req GET /resume.json
expect_status 200
expect_equal 'publications before education before work' '["publications","education","work"]' \
	"$(jq -c '[keys_unsorted[] | select(. == "publications" or . == "education" or . == "work")]' "$RESP_DIR/body")"

t 'the home page highlights the publications'
req GET /
expect_status 200
expect_body_contains 'Publications and talks'
expect_body_contains 'Faster quorums in practice'

t 'JSON-LD without repeats: alumniOf lists each university once, award each award once, in the API'"'"'s order'
req GET /
sed -n 's/.*<script type="application\/ld+json"[^>]*>\(.*\)<\/script>.*/\1/p' "$RESP_DIR/body" | head -n 1 >"$BB_TMP/ld.json"
# The first of each name, in the order the API lists the items.
firsts='reduce .[] as $x ([]; if any(.[]; . == $x) then . else . + [$x] end)'
institutions=$(api_list education en | jq -c "[.[].institution] | $firsts")
awards=$(api_list awards en | jq -c "[.[].title] | $firsts")
expect_equal 'the API has two universities and two awards, each given twice' '2 2' \
	"$(jq length <<<"$institutions") $(jq length <<<"$awards")"
expect_equal 'alumniOf names' "$institutions" \
	"$(jq -c '[.. | objects | select(has("alumniOf")) | .alumniOf[].name]' "$BB_TMP/ld.json" 2>/dev/null)"
expect_equal 'award names' "$awards" \
	"$(jq -c '[.. | objects | select(has("award")) | .award[]]' "$BB_TMP/ld.json" 2>/dev/null)"
expect_equal 'no array of the JSON-LD repeats an entry' '' \
	"$(jq -c '[.. | arrays | select(length != (unique | length))]' "$BB_TMP/ld.json" | grep -v '^\[\]$')"

t 'a bad cv_order or home_highlight is refused with site.json, the member and the reason'
for bad in '{"cv_order": ["talks"]}' '{"cv_order": ["education", "education"]}' '{"cv_order": "education"}' \
	'{"home_highlight": "nothing"}'; do
	cp -r "$dir" "$BB_TMP/bad"
	jq ". + $bad" "$dir/site.json" >"$BB_TMP/bad/site.json"
	run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/bad"
	expect_exit 1
	expect_stderr_match 'site\.json: (cv_order|home_highlight)(\[[0-9]\])?: '
	rm -rf "$BB_TMP/bad"
done

t 'cv_order or home_highlight naming a collection the content has no item of: --check passes with a warning for each'
cp -r "$dir" "$BB_TMP/gap"
rm -f "$BB_TMP/gap/volunteer.json" "$BB_TMP/gap/interests.json"
jq '. + {"cv_order": ["publications", "volunteer"], "home_highlight": "interests"}' "$dir/site.json" >"$BB_TMP/gap/site.json"
run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/gap"
expect_exit 0
expect_stderr_match 'warning: site\.json: cv_order\[1\]: "volunteer": the content has no [a-z ]+ \(volunteer\.json is absent or empty\): the CV has no such section'
expect_stderr_match 'warning: site\.json: home_highlight: "interests": the content has no [a-z ]+ \(interests\.json is absent or empty\): the home page highlights nothing'
expect_equal 'no warning for publications, which the content has' '' \
	"$(grep 'cv_order\[0\]' "$BB_TMP/stderr")"
rm -rf "$BB_TMP/gap"
