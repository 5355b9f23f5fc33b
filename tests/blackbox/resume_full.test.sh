#!/usr/bin/env bash
# front: nginx-only --init --from-resume is the responder's own; one front is enough
# A real CV fits: tests/resume/full.resume.json (a data engineer; all 12
# sections of JSON Resume 1.0 filled, several items each, highlights, a
# phone) goes through --init --from-resume and --check with nothing left
# out and writes tests/fixtures/full_resume, which is served through nginx
# (the contract step holds it to its own OpenAPI document), and every item
# of every section is found
# on /cv, /cv.md, the API and /resume.json (validated with
# @jsonresume/schema), in both languages the import writes (--languages
# es,en: the Spanish default with English the resume's). /resume.json
# gives the document back: the only differences are the placeholders the
# import reports (docs/resume.md, "Round trip"). The demo, which has none of
# the new collections, serves none of them: no endpoint, schema or mention.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT

doc=$STACK_ROOT/tests/resume/full.resume.json
new_colls=(volunteer publications awards spoken-languages interests)

t 'on the demo, the collections its content lacks do not exist'
for c in "${new_colls[@]}"; do
	req GET "/api/v1/$c"
	expect_status 404
	expect_json '.error.code' '"not_found"'
done
req GET /openapi.json
expect_json_true '[.paths | keys[] | select(test("volunteer|publications|awards|spoken-languages|interests"))] == []'
expect_json_true '[.components.schemas | keys[] | select(IN("VolunteerEntry","Publication","Award","SpokenLanguage","Interest"))] == []'
for p in /llms.txt /en/agents.md /en/developers.md /en/cv.md; do
	req GET "$p"
	expect_status 200
	for c in "${new_colls[@]}"; do
		expect_body_not_contains "/api/v1/$c"
	done
done
req GET /en/cv.md
for k in cv.volunteer cv.publications cv.awards cv.spoken-languages cv.interests; do
	expect_body_not_contains "## $(jq -r --arg k "$k" '.[$k]' "$STACK_ROOT/labels/en.json")"$'\n'
done

bb_npm_resume
dir=$STACK_ROOT/tests/resume

t 'the full resume is valid JSON Resume and fills all 12 sections, several items each'
run_cmd node "$dir/check.mjs" "$BB_TMP" "$doc"
expect_exit 0
for s in work volunteer education awards certificates publications skills languages interests references projects; do
	expect_equal "$s items" yes "$(jq --arg s "$s" '.[$s] | length >= 2' "$doc" | sed 's/true/yes/')"
done
expect_equal 'basics.phone' yes "$(jq '.basics.phone != null' "$doc" | sed 's/true/yes/')"

out=$BB_TMP/full
rm -rf "$out"
t '--init --from-resume imports every section: nothing "not imported", --check passes'
run_cmd "$PERFIL_BIN" --init "$out" --from-resume "$doc" --languages es,en
expect_exit 0
cp "$BB_TMP/stdout" "$BB_TMP/report"
expect_equal 'lines "not imported"' '' "$(grep '^not imported' "$BB_TMP/report")"
run_cmd "$PERFIL_BIN" --check --content "$out"
expect_exit 0
expect_stdout_match '2 volunteer positions, 3 publications, 3 awards, 4 spoken languages, 3 interests'
for c in "${new_colls[@]}"; do
	expect_equal "content/$c.json written" yes "$([[ -f $out/$c.json ]] && echo yes || echo no)"
done

t 'the import is tests/fixtures/full_resume, which the stack serves (the contract step holds a fixture to its own document)'
fixture=$STACK_ROOT/tests/fixtures/full_resume
expect_equal 'diff -r of the import and the fixture' '' \
	"$(diff -r -x README.md -x pages "$out" "$fixture" | head -c 600)"
export PERFIL_CONTENT=$fixture
bb_private_stack 900 'serving the full resume'

# The facts to find, one per line "SECTION<TAB>TEXT": every item's name
# and the texts of its lists (highlights, keywords), and the phone.
jq -r '
  (.work[] | "work\t\(.name)", "work\t\(.position)", "work\t\(.highlights[])"),
  (.volunteer[] | "volunteer\t\(.organization)", "volunteer\t\(.position)",
    "volunteer\t\(.highlights[])"),
  (.education[] | "education\t\(.institution)"),
  (.awards[] | "awards\t\(.title)"),
  (.certificates[] | "certificates\t\(.name)"),
  (.publications[] | "publications\t\(.name)"),
  (.skills[] | "skills\t\(.name)", "skills\t\(.keywords[])"),
  (.languages[] | "languages\t\(.language)", "languages\t\(.fluency)"),
  (.interests[] | "interests\t\(.name)", "interests\t\(.keywords[])"),
  (.references[] | "references\t\(.name)"),
  (.projects[] | "projects\t\(.name)", "projects\t\(.highlights[])"),
  "basics\t\(.basics.phone)"' "$doc" >"$BB_TMP/facts"

# Per section: the API endpoint, the member of its items' names, and
# the same names' member in the document.
declare -A api=([work]='experience role position'
	[volunteer]='volunteer role position'
	[education]='education institution institution'
	[awards]='awards title title' [certificates]='certifications title name'
	[publications]='publications title name' [skills]='skills category name'
	[languages]='spoken-languages language language'
	[interests]='interests name name' [references]='recommendations name name'
	[projects]='projects title name')

# md TEXT: TEXT as the CV's markdown writes it (md_text's escapes).
md() {
	local s=$1
	s=${s//\\/\\\\}
	s=${s//\`/\\\`}
	s=${s//\*/\\*}
	s=${s//_/\\_}
	s=${s//\[/\\[}
	s=${s//\]/\\]}
	s=${s//</\\<}
	case $s in [-#\>+=]*) s=\\$s ;; esac
	printf '%s' "$s"
}
# html TEXT: TEXT as the HTML page escapes it.
html() {
	local s=$1
	s=${s//&/&amp;}
	s=${s//</&lt;}
	s=${s//>/&gt;}
	s=${s//\"/&quot;}
	printf '%s' "$s"
}

# The round-trip view: the document without meta, and /resume.json
# without meta, the placeholders of what JSON Resume lacks (a reference's
# URL, the years of each skill) and the working languages.
view='del(.meta, ."$schema") | .references |= map(del(.url)) | .skills |= map(del(.years))'

for lang in es en; do
	if [[ $lang == es ]]; then pre=; else pre=/$lang; fi

	t "$pre/cv and $pre/cv.md show every item of every section, its highlights, each job's location and the phone"
	for p in "$pre/cv.md" "$pre/cv"; do
		req GET "$p"
		expect_status 200
		while IFS=$'\t' read -r sec text; do
			if [[ $p == *.md ]]; then
				expect_body_contains "$(md "$text")"
			else
				expect_body_contains "$(html "$text")"
			fi
		done <"$BB_TMP/facts"
		# each job's line: employer, where, period (the issue's "location")
		while IFS=$'\t' read -r org where; do
			if [[ $p == *.md ]]; then
				expect_body_contains "$(md "$org")** · $(md "$where") · "
			else
				expect_body_contains "$(html "$org")</strong> · $(html "$where") · "
			fi
		done < <(jq -r '.work[] | select(.location) | [.name, .location] | @tsv' "$doc")
		expect_body_contains 'tel:+34612345678'
	done

	t "the API lists every item of every section (lang=$lang); the closed objects keep their fields"
	for s in "${!api[@]}"; do
		read -r ep member key <<<"${api[$s]}"
		req GET "/api/v1/$ep?lang=$lang"
		expect_status 200
		expect_json_true "[.data[].$member] == $(jq -c --arg s "$s" --arg k "$key" '[.[$s][][$k]]' "$doc")"
	done
	req GET "/api/v1/experience?lang=$lang"
	expect_json_true '[.data[] | keys] | all(. == ["description","organization","period","role","slug"])'
	req GET "/api/v1/projects?lang=$lang"
	expect_json_true '[.data[] | keys] | all(. == ["api_url","description","slug","stack","title","url"])'
	req GET "/api/v1/volunteer?lang=$lang"
	expect_json_true "[.data[].highlights[]] == $(jq -c '[.volunteer[].highlights[]]' "$doc")"
	req GET "/api/v1/spoken-languages?lang=$lang"
	expect_json_true "[.data[] | {language, fluency}] == $(jq -c '.languages' "$doc")"
	req GET "/api/v1/interests?lang=$lang"
	expect_json_true "[.data[] | {name, keywords}] == $(jq -c '.interests' "$doc")"
	req GET "/api/v1/profile?lang=$lang"
	expect_json '.data | has("phone")' false

	t "$pre/resume.json gives the document back (only the reported placeholders differ) and validates"
	req GET "$pre/resume.json"
	expect_status 200
	cp "$RESP_DIR/body" "$BB_TMP/export-$lang.json"
	expect_equal 'diff of the document and /resume.json' '' \
		"$(diff <(jq -S "$view" "$doc") <(jq -S "$view" "$RESP_DIR/body") | head -c 800)"
	expect_equal 'references[].url: the reported placeholder' \
		"$(grep -c 'recommender_url = "https://example.org/todo"' "$BB_TMP/report")" \
		"$(jq '[.references[].url | select(. == "https://example.org/todo")] | length' "$RESP_DIR/body")"
	expect_json '.meta.language' "\"$lang\""
done

t 'both exported documents validate against the schema package and render with the theme'
run_cmd node "$dir/check.mjs" "$BB_TMP" "$BB_TMP/export-es.json" "$BB_TMP/export-en.json"
expect_exit 0
expect_stdout_lines 2
