#!/usr/bin/env bash
# front: nginx-only --init --from-resume is the responder's own; one front is enough
# JSON Resume import: perfil-fcgi --init DIR --from-resume FILE on the
# official schema package's sample.resume.json and every document of its
# examples/ (tests/resume, npm). Each import passes --check at once, lists
# its placeholders (one line each), leaves nothing out (every member of
# these documents has a place), is served by a private stack, and its
# /resume.json gives the whole document back but for the differences
# docs/resume.md lists (round trip).
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT

# reported FILE TEXT: the import's report FILE has a line with TEXT.
reported() {
	expect_equal "a report line with '$2'" yes "$(grep -qF -- "$2" "$1" && echo yes || echo no)"
}

bb_npm_resume
dir=$STACK_ROOT/tests/resume
schema=$dir/node_modules/@jsonresume/schema
docs=("$schema/sample.resume.json" "$schema"/examples/*.json)

t 'the schema package ships sample.resume.json and at least three examples'
expect_equal 'sample.resume.json' yes "$([[ -f ${docs[0]} ]] && echo yes || echo no)"
expect_equal 'three or more examples/*.json' yes "$(((${#docs[@]} - 1 >= 3)) && echo yes || echo no)"

# The round-trip view of a JSON Resume document: the whole document but
# meta, less what docs/resume.md ("Round trip") lists as the remaining
# differences: an empty string is no value (an empty image), the
# placeholder project of a document without projects is not the
# document's, and the placeholders JSON Resume lacks (a reference's URL,
# the years of each skill) are perfil's.
view='del(.meta, ."$schema")
  | .basics |= with_entries(select(.value != ""))
  | .projects |= (. // [] | map(select(.name | startswith("TODO: ") | not)))
  | .references |= (. // [] | map(del(.url)))
  | .skills |= (. // [] | map(del(.years)))
  | with_entries(select(.value != []))'

port_offset=800
# Under valgrind (20 to 50 times slower than a plain run) the first
# document's import, check and stack are memchecked; the others take the
# same code paths with other data and run unwrapped here (ASan+UBSan runs
# them all): three imports, checks and loads under valgrind were 75 s.
wrapper=${PERFIL_WRAPPER-}
for doc in "${docs[@]}"; do
	[[ $doc == "${docs[0]}" ]] || PERFIL_WRAPPER=
	name=$(basename "$doc" .json)
	out=$BB_TMP/$name
	rm -rf "$out"
	t "$name: --init --from-resume writes content that passes --check"
	run_cmd "$PERFIL_BIN" --init "$out" --from-resume "$doc"
	expect_exit 0
	expect_stdout_match "wrote $out from"
	cp "$BB_TMP/stdout" "$BB_TMP/$name.report"
	run_cmd "$PERFIL_BIN" --check --content "$out"
	expect_exit 0

	t "$name: every placeholder is marked and reported, one line each"
	todo_lines=$(grep -c '^placeholder: ' "$BB_TMP/$name.report")
	expect_equal 'a report line per TODO in the files (none unreported)' '' \
		"$(grep -rhoE '"TODO: [a-z ]+"' "$out"/*.json | sort -u | while read -r v; do
			grep -qF -- "$v" "$BB_TMP/$name.report" || grep -q 'one TODO item' "$BB_TMP/$name.report" || echo "$v"
		done)"
	expect_differ 'placeholder lines' 0 "$todo_lines"
	expect_equal 'the README carries the report' yes \
		"$(grep -qF "$(head -n 1 "$BB_TMP/$name.report")" "$out/README.md" && echo yes || echo no)"

	t "$name: every member of the document has a place: nothing is reported as not imported"
	expect_equal 'lines "not imported"' '' "$(grep '^not imported' "$BB_TMP/$name.report")"

	t "$name: the imported content serves, and /resume.json keeps the document"
	chmod -R a+rX "$out"
	stack_stop
	BASE=${BASE_SHARED:=$BASE}
	export PERFIL_CONTENT=$out
	bb_private_stack "$port_offset" "serving the import of $name"
	port_offset=$((port_offset + 10))
	req GET /api/v1/profile
	expect_status 200
	req GET /resume.json
	expect_status 200
	expect_json '.basics.name' "$(jq '.basics.name' "$doc")"
	jq -S "$view" "$doc" >"$BB_TMP/$name.want"
	jq -S "$view" "$RESP_DIR/body" >"$BB_TMP/$name.got"
	expect_equal 'the whole document but the placeholders (diff of want and got)' '' \
		"$(diff "$BB_TMP/$name.want" "$BB_TMP/$name.got" | head -c 600)"
	cp "$RESP_DIR/body" "$BB_TMP/$name.export.json"
done
PERFIL_WRAPPER=$wrapper

t 'the exported imports validate against the schema package and render with the theme'
mkdir -p "$BB_TMP/html"
run_cmd node "$dir/check.mjs" "$BB_TMP/html" "$BB_TMP"/*.export.json
expect_exit 0
expect_stdout_lines "${#docs[@]}"

t '--from-resume without --init is a usage error; a missing file is refused'
run_cmd "$PERFIL_BIN" --from-resume "${docs[0]}"
expect_exit 2
expect_stderr_match 'needs --init'
run_cmd "$PERFIL_BIN" --init "$BB_TMP/none" --from-resume "$BB_TMP/no-such.json"
expect_exit 1
expect_stderr_match 'cannot open'
printf '[1, 2]' >"$BB_TMP/array.json"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/none" --from-resume "$BB_TMP/array.json"
expect_exit 1
expect_stderr_match 'not a JSON object'

t 'slugs are ASCII-folded names, unique; meta.language picks the language among --languages; language names become codes'
cat >"$BB_TMP/mine.json" <<'JSON'
{"basics": {"name": "Zoë Ñúñez", "label": "Ingeniera", "email": "zoe@example.org",
  "url": "https://zoe.example", "location": {"city": "Córdoba", "countryCode": "es"}},
 "work": [
  {"name": "Médecins Sans Frontières", "position": "Ingeniera", "startDate": "2020-02"},
  {"name": "Médecins Sans Frontières", "position": "Ingeniera", "startDate": "2018"},
  {"name": "Ωmega Straße", "position": "Becaria", "startDate": "2017-09-01", "endDate": "2017-12"}],
 "languages": [{"language": "Spanish"}, {"language": "inglés"}, {"language": "Klingonish"}],
 "meta": {"language": "en"}}
JSON
rm -rf "$BB_TMP/mine"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/mine" --from-resume "$BB_TMP/mine.json" --languages es,en
expect_exit 0
expect_equal 'experience slugs' '["ingeniera-medecins-sans-frontieres","ingeniera-medecins-sans-frontieres-2","becaria-omega-strasse"]' \
	"$(jq -c 'map(.slug)' "$BB_TMP/mine/experience.json")"
expect_equal 'profile languages' '["es","en"]' "$(jq -c .languages "$BB_TMP/mine/profile.json")"
expect_stdout_match 'not a working language: languages\[2\] \("Klingonish"'
expect_equal 'every language is a spoken language' '["Spanish","inglés","Klingonish"]' \
	"$(jq -c 'map(.language.en)' "$BB_TMP/mine/spoken-languages.json")"
expect_stdout_match 'translate: every text is in en; the es texts are copies'
expect_equal 'country code upper-cased' '"ES"' "$(jq -c .location.country "$BB_TMP/mine/profile.json")"
expect_equal 'region placeholder' '"TODO: region"' "$(jq -c .location.region.en "$BB_TMP/mine/profile.json")"
expect_stdout_match 'placeholder: profile.json: location.region = "TODO: region"'
expect_stdout_match 'placeholder: projects.json: one TODO item'
expect_equal 'timeline oldest first' '["2017","2018","2020"]' "$(jq -c '.timeline | map(.year)' "$BB_TMP/mine/about.json")"
run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/mine"
expect_exit 0

# A résumé that names no language goes into English (INIT_LANGUAGE); a
# Thai one imported so made a Thai site that said it was English, without a
# word. The report now says which script most letters are in and how to
# name the language; a Latin one, and one given LANG=, get no such line.
t 'a résumé with no meta.language in another script: the report names the script and LANG=FILE'
jq 'del(.meta)' "$STACK_ROOT/tests/resume/th-academic.resume.json" >"$BB_TMP/th-nolang.json"
rm -rf "$BB_TMP/th-nolang"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/th-nolang" --from-resume "$BB_TMP/th-nolang.json"
expect_exit 0
expect_stdout_match 'check: [^ ]*th-nolang\.json gives no language \(meta\.language\) and most of its letters are in the Thai script, which en is not written in: its texts went into en; name their language: --from-resume LANG=[^ ]*th-nolang\.json'
rm -rf "$BB_TMP/th-named"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/th-named" --from-resume "th=$BB_TMP/th-nolang.json"
expect_exit 0
expect_equal 'lines "gives no language"' 0 "$(grep -c 'gives no language' "$BB_TMP/stdout")"
expect_equal 'the named language is the site'"'"'s' '["th"]' "$(jq -c .languages "$BB_TMP/th-named/site.json")"
jq 'del(.meta)' "$BB_TMP/mine.json" >"$BB_TMP/mine-nolang.json"
rm -rf "$BB_TMP/mine-nolang"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/mine-nolang" --from-resume "$BB_TMP/mine-nolang.json"
expect_exit 0
expect_equal 'lines "gives no language" for a Latin résumé' 0 "$(grep -c 'gives no language' "$BB_TMP/stdout")"

t '5,000 projects named alike: unique slugs in linear time (it took minutes)'
jq -n '{basics: {name: "Ana Ruiz", label: "Ingeniera", email: "ana@perfil.test",
	url: "https://ana.test", location: {city: "Vigo", countryCode: "ES"}},
	projects: [range(5000) | {name: "Data platform"}]}' >"$BB_TMP/alike.json"
rm -rf "$BB_TMP/alike"
start=$(date +%s%3N)
run_cmd timeout 60 "$PERFIL_BIN" --init "$BB_TMP/alike" --from-resume "$BB_TMP/alike.json"
ms=$(($(date +%s%3N) - start))
# Imported, then refused by the load: a collection holds 1,000 items at
# most; the import is atomic, so nothing is left (init_atomic.test.sh).
expect_exit 1
expect_stderr_match 'projects\.json: \(top level\): more than 1000 items'
expect_equal 'nothing written' no "$([[ -e $BB_TMP/alike ]] && echo yes || echo no)"
# Not a timing test: 10 s is far above the linear import (0.3 s here) and
# far below the old cubic one (over a minute).
_bb_check $((ms >= 10000)) 'imported in under 10 s' "$ms ms"
printf '        (5,000 projects imported in %s ms)\n' "$ms"
# The slugs, on the most projects the load takes.
jq '.projects |= .[:1000]' "$BB_TMP/alike.json" >"$BB_TMP/alike1000.json"
rm -rf "$BB_TMP/alike1000"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/alike1000" --from-resume "$BB_TMP/alike1000.json"
expect_exit 0
expect_equal 'distinct slugs of 1,000' 1000 "$(jq '[.[].slug] | unique | length' "$BB_TMP/alike1000/projects.json")"
expect_equal 'the last slug' '"data-platform-1000"' "$(jq '.[999].slug' "$BB_TMP/alike1000/projects.json")"
rm -rf "$BB_TMP/alike1000"

t 'a FIFO given as the resume is refused at once, never read'
mkfifo "$BB_TMP/resume.fifo"
rm -rf "$BB_TMP/fifo-init"
run_cmd timeout 5 "$PERFIL_BIN" --init "$BB_TMP/fifo-init" --from-resume "$BB_TMP/resume.fifo"
expect_exit 1
expect_stderr_match 'resume\.fifo: not a regular file'
