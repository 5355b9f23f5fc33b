#!/usr/bin/env bash
# front: nginx-only --add-bibtex and --from-bibtex are the responder's own; one front is enough
# BibTeX in and out (issue 50; docs/resume.md, "BibTeX"). The library
# tests/fixtures/bibtex/library.bib has every construct the import reads
# (@string, # concatenation, month macros, @comment, @preamble, crossref,
# every entry type, names in every form, LaTeX accents and symbols).
#   - --init --from-bibtex imports it; the API gives back each field
#     tests/fixtures/bibtex/expected.json lists (written by hand from it).
#   - --add-bibtex onto content with three of its entries from a résumé in
#     two languages: no duplicate, the Japanese texts kept, the owner marked.
#   - search finds a publication by a co-author's name and by its venue.
#   - /resume.json gives the structure in members of its own, valid against
#     @jsonresume/schema, and --from-resume reads it back.
#   - /publications.bib parses with python3-bibtexparser to the same
#     entries, and --add-bibtex of it changes nothing.
#   - six malformed libraries exit 1 with the file and line in under a
#     second and leave publications.json byte-identical.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT
# The stacks below serve content sets this file makes: the contract suite
# holds their API answers to their own OpenAPI documents (lib.sh).
export BB_OWN_DOCUMENT=1

fix=$STACK_ROOT/tests/fixtures/bibtex
lib=$fix/library.bib

if ! "$PERFIL_BIN" --help | grep -q -- '--add-bibtex'; then
	t 'perfil-fcgi has the BibTeX import (configure found libbtparse)'
	_bb_fail '--add-bibtex in --help' 'built without libbtparse'
	exit 1
fi

# serve DIR OFFSET: a private stack serving the content DIR.
serve() {
	chmod -R a+rX "$1"
	stack_stop
	BASE=${BASE_SHARED:=$BASE}
	export PERFIL_CONTENT=$1
	bb_private_stack "$2" "serving $1"
}

# The API's publications reduced to what expected.json lists.
api_view='[.data[] | {slug, kind, title, publisher, date_iso, url, volume, issue, pages, doi,
	more_authors, venue, bibtex_key, authors: (if .authors then [.authors[] | [.name, .family, .given, .suffix]] else null end)}
	| with_entries(select(.value != null))]'

t '--init --from-bibtex imports every entry perfil publishes and skips @proceedings'
out=$BB_TMP/lib
rm -rf "$out"
run_cmd "$PERFIL_BIN" --init "$out" --from-bibtex "$lib"
expect_exit 0
expect_stdout_match 'library.bib: 13 added, 0 updated, 0 unchanged, 1 skipped'
expect_stdout_match 'skipped acl2019 \(line 32\)'
run_cmd "$PERFIL_BIN" --check --content "$out"
expect_exit 0

serve "$out" 1100

t 'the API gives each field of each entry as the library says it'
req GET '/api/v1/publications?limit=100'
expect_status 200
jq -S "$api_view" "$RESP_DIR/body" >"$BB_TMP/got.json"
jq -S . "$fix/expected.json" >"$BB_TMP/want.json"
expect_equal 'diff of expected.json and the API' '' "$(diff "$BB_TMP/want.json" "$BB_TMP/got.json" | head -c 800)"

t 'a DOI is validated: one that is not 10.NNNN/... is refused by --check with file and field'
rm -rf "$BB_TMP/baddoi"
cp -r "$out" "$BB_TMP/baddoi"
jq '.[0].doi = "11.5715/x"' "$out/publications.json" >"$BB_TMP/baddoi/publications.json"
run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/baddoi"
expect_exit 1
expect_stderr_match 'publications.json.*doi.*expected a DOI'

t 'the OpenAPI schema of a publication has the new members'
req GET /openapi.json
expect_json_true '.components.schemas.Publication.properties | has("authors") and has("doi") and has("venue") and has("kind") and has("bibtex_key")'
expect_json '.components.schemas.Publication.properties.kind.enum | index("inproceedings") != null' 'true'

# Search reads the authors' names and the venue (FIELD_BODY in the
# declaration). The words searched come from the imported library: a
# co-author's family name and a word of a venue that no other text of any
# publication has (the search's folding: case and accents).
req GET '/api/v1/publications?limit=100'
cp "$RESP_DIR/body" "$BB_TMP/pubs.json"
coauthor=$(jq -r '[.data[] | .authors // [] | .[] | select(.owner != true) | .family // empty] | group_by(.)
	| map(select(length == 1) | .[0]) | .[]' "$BB_TMP/pubs.json" | while read -r fam; do
	# elsewhere: in a title, publisher, description or venue of any publication
	n=$(jq --arg f "$fam" '[.data[] | [.title, .publisher, .description, .venue] | .[] | strings
		| select(ascii_downcase | contains($f | ascii_downcase))] | length' "$BB_TMP/pubs.json")
	[[ $n == 0 ]] && { printf '%s\n' "$fam"; break; }
done)
venue_word=$(jq -r '[.data[] | .venue // empty | scan("[A-Za-z]{5,}")] | group_by(ascii_downcase)
	| map(select(length == 1) | .[0]) | .[]' "$BB_TMP/pubs.json" | while read -r w; do
	n=$(jq --arg w "$w" '[.data[] | [.title, .publisher, .description, (.authors // [] | .[].name)] | .[] | strings
		| select(ascii_downcase | contains($w | ascii_downcase))] | length' "$BB_TMP/pubs.json")
	[[ $n == 0 ]] && { printf '%s\n' "$w"; break; }
done)

t 'search finds a publication by a co-author'"'"'s family name, quoted in the snippet'
expect_differ 'a co-author of one publication only, named nowhere else' '' "$coauthor"
slug=$(jq -r --arg f "$coauthor" '[.data[] | select([.authors // [] | .[].family] | index($f))][0].slug' "$BB_TMP/pubs.json")
req GET "/api/v1/search?q=$(jq -rn --arg s "$coauthor" '$s | @uri')"
expect_status 200
expect_json '.meta.total' '1'
expect_json '.data[0].type' '"publication"'
expect_json '.data[0].slug' "\"$slug\""
expect_json_true '.data[0].snippet | contains($f)' --arg f "$coauthor"
t 'the family name folded (lower case, no accents) finds it too'
folded=$(/usr/bin/python3 -c 'import sys, unicodedata as u
print("".join(c for c in u.normalize("NFD", sys.argv[1]) if not u.combining(c)).lower())' "$coauthor")
req GET "/api/v1/search?q=$(jq -rn --arg s "$folded" '$s | @uri')"
expect_json '.data[0].slug' "\"$slug\""

t 'search finds a publication by a word of its venue, quoted in the snippet'
expect_differ 'a word of one venue, in no other text' '' "$venue_word"
venue=$(jq -r --arg w "$venue_word" '[.data[] | .venue // empty | select(contains($w))][0]' "$BB_TMP/pubs.json")
vslugs=$(jq -c --arg v "$venue" '[.data[] | select(.venue == $v) | .slug]' "$BB_TMP/pubs.json")
req GET "/api/v1/search?q=$venue_word"
expect_status 200
expect_json '[.data[].slug]' "$vslugs"
expect_json '[.data[].type] | unique' '["publication"]'
expect_json_true '.data[0].snippet | contains($w)' --arg w "$venue_word"
t 'the whole venue as a query ranks its publication first'
req GET "/api/v1/search?q=$(jq -rn --arg s "$venue" '$s | @uri')"
expect_json_true '[.data[0].slug] | inside($s)' --argjson s "$vslugs"

t '/publications.bib is BibTeX in UTF-8 with an @comment naming its source'
req GET /publications.bib
expect_status 200
expect_header_match content-type '^application/x-bibtex; charset=utf-8'
cp "$RESP_DIR/body" "$BB_TMP/served.bib"
expect_equal 'first line' yes "$(head -n 1 "$BB_TMP/served.bib" | grep -q '^@comment{.*/publications.bib, perfil-fcgi .*publications.json}' && echo yes || echo no)"
expect_body_contains 'Ōsaka--Style'

t '/publications.bib parses with python3-bibtexparser to the same entries as the API'
cat >"$BB_TMP/bibparse.py" <<'PY'
import json, sys
import bibtexparser
from bibtexparser.bparser import BibTexParser

def tex(s):
    for a, b in (('---', '\u2014'), ('--', '\u2013'), ('~', '\u00a0'), ('\\&', '&')):
        s = s.replace(a, b)
    return s

# online, dataset and software are biblatex's types, not BibTeX's
db = bibtexparser.loads(open(sys.argv[1], encoding='utf-8').read(),
                        parser=BibTexParser(common_strings=True,
                                             ignore_nonstandard_types=False))
out = []
for e in db.entries:
    authors = [a for a in e.get('author', '').split(' and ') if a]
    out.append({'bibtex_key': e['ID'], 'kind': e['ENTRYTYPE'],
                'title': tex(e['title']), 'year': e.get('year'),
                'volume': e.get('volume'), 'issue': e.get('number'),
                'pages': tex(e['pages']) if 'pages' in e else None,
                'doi': e.get('doi'), 'url': e.get('url'),
                'authors': len([a for a in authors if a != 'others']),
                'more_authors': 'others' in authors or None})
print(json.dumps(out, ensure_ascii=False, sort_keys=True, indent=1))
PY
# Debian's python3 has python3-bibtexparser, whatever python3 the PATH finds first
run_cmd /usr/bin/python3 "$BB_TMP/bibparse.py" "$BB_TMP/served.bib"
expect_exit 0
cp "$BB_TMP/stdout" "$BB_TMP/python.json"
req GET '/api/v1/publications?limit=100'
jq -S '[.data[] | {bibtex_key, kind, title, year: (if .date_iso then .date_iso[0:4] else null end), volume, issue,
	pages, doi, url, authors: (.authors // [] | length), more_authors}]' "$RESP_DIR/body" >"$BB_TMP/api-entries.json"
expect_equal 'diff of the API and bibtexparser' '' "$(diff "$BB_TMP/api-entries.json" <(jq -S . "$BB_TMP/python.json") | head -c 800)"
expect_equal 'entries' 13 "$(jq length "$BB_TMP/python.json")"

t '--add-bibtex of /publications.bib onto the same content changes nothing'
sum=$(sha256sum <"$out/publications.json")
run_cmd "$PERFIL_BIN" --content "$out" --add-bibtex "$BB_TMP/served.bib"
expect_exit 0
expect_stdout_match 'served.bib: 0 added, 0 updated, 13 unchanged, 0 skipped'
expect_stdout_match 'is unchanged'
expect_equal 'publications.json byte-identical' "$sum" "$(sha256sum <"$out/publications.json")"

t 'content without publications has no /publications.bib'
serve "$STACK_ROOT/tests/fixtures/solo_en" 1120
req GET /publications.bib
expect_status 404

t 'a library merged into content with three of its entries from a résumé: no duplicate, texts kept'
mix=$BB_TMP/mix
rm -rf "$mix"
run_cmd "$PERFIL_BIN" --init "$mix" --from-resume "en=$fix/resume.en.json" \
	--from-resume "ja=$fix/resume.ja.json" --languages en,ja
expect_exit 0
cp "$mix/publications.json" "$BB_TMP/before.json"
run_cmd "$PERFIL_BIN" --content "$mix" --add-bibtex "$lib"
expect_exit 0
expect_stdout_match 'library.bib: 10 added, 3 updated, 0 unchanged, 1 skipped'
expect_stdout_match 'updated parsing-bibtex-with-osaka-style-grammars: tanaka2021parsing'
expect_equal 'publications: the résumé four and ten new' 14 "$(jq length "$mix/publications.json")"
expect_equal 'one publication per key' '' "$(jq -r '.[].bibtex_key // empty' "$mix/publications.json" | sort | uniq -d)"
expect_equal 'the résumé texts in both languages, as they were' \
	"$(jq -c '[.[] | {slug, title, description, publisher}]' "$BB_TMP/before.json")" \
	"$(jq -c '[.[0:4][] | {slug, title, description, publisher}]' "$mix/publications.json")"
expect_equal 'the matched ones gained the structure' '["tanaka2021parsing",null,"tanaka2015thesis","tanaka2020book"]' \
	"$(jq -c '[.[0:4][] | .bibtex_key]' "$mix/publications.json")"
expect_equal 'the owner is marked in each byline (Tanaka, H. too)' 13 \
	"$(jq '[.[] | select(.authors) | select([.authors[] | select(.owner == true) | .family] == ["Tanaka"])] | length' "$mix/publications.json")"
run_cmd "$PERFIL_BIN" --check --content "$mix"
expect_exit 0

serve "$mix" 1140
t 'the merged content answers in Japanese with the résumé'"'"'s Japanese title'
req GET '/api/v1/publications?limit=100&lang=ja'
expect_status 200
expect_json '.data[0].title' '"大阪式文法による BibTeX の構文解析"'
expect_json '.data[0].doi' '"10.5715/jnlp.28.123"'
expect_json '.data[0].authors[0].owner' 'true'

t 'the CV shows each publication with structure as a citation, the owner in bold'
req GET /cv.md
expect_status 200
expect_body_contains '**Hiroshi Tanaka**, Jörg Müller, Jan van der Berg, Jr, et al. (2021). Parsing BibTeX with Osaka-Style Grammars. *Journal of Natural Language Processing*, 28(3), 123–145. [https://doi.org/10.5715/jnlp.28.123](https://doi.org/10.5715/jnlp.28.123)'
expect_body_contains '**Hiroshi Tanaka**, María García, World Health Organization (2019). Straße und Façade: Accents in ã Title. *Proceedings of the 57th Annual Meeting of the Association for Computational Linguistics*, 1–10.'
expect_body_contains '*National Institute of Informatics*, NII-2014-001E.'

t 'a publication without structure shows as before; the section links to /publications.bib'
expect_body_contains '### The Book of Things Not in the Library'
expect_body_contains '[BibTeX]('"$BASE"'/publications.bib)'

t 'the Japanese CV uses its own punctuation and "et al."'
req GET /ja/cv.md
expect_status 200
expect_body_contains '**Hiroshi Tanaka**、Jörg Müller、Jan van der Berg, Jr、他 (2021)。大阪式文法による BibTeX の構文解析。*Journal of Natural Language Processing*、28(3)、123–145。'
expect_body_contains '[BibTeX]('"$BASE"'/ja/publications.bib)'

t '/cv.txt carries the citations'
req GET /cv.txt
expect_status 200
expect_body_contains 'Hiroshi Tanaka, Jörg Müller, Jan van der Berg, Jr, et al. (2021). Parsing BibTeX with'
expect_body_contains 'https://doi.org/10.5715/jnlp.28.123'

# JSON Resume has no place for a publication's structure: /resume.json
# gives it in members of its own (docs/resume.md), the venue as publisher
# and the DOI's link as url where the owner gave none, and --from-resume
# reads it all back but the authors' name parts.
rj_view='[.publications[] | {name, publisher, url, kind, authors, moreAuthors, venue, volume, issue, pages, doi, bibtexKey}
	| with_entries(select(.value != null))]'
api_rj='[.data[] | {name: .title, publisher: (.publisher // .venue), url: (.url // (if .doi then "https://doi.org/" + .doi else null end)),
	kind, authors: (if .authors then [.authors[].name] else null end), moreAuthors: .more_authors, venue, volume, issue, pages,
	doi, bibtexKey: .bibtex_key} | with_entries(select(.value != null))]'
for lang in en ja; do
	path=/resume.json
	[[ $lang == en ]] || path=/$lang/resume.json
	t "$path: each publication with its authors, venue, DOI and the rest, as the API gives them"
	req GET "/api/v1/publications?limit=100&lang=$lang"
	jq -S "$api_rj" "$RESP_DIR/body" >"$BB_TMP/api-rj-$lang.json"
	req GET "$path"
	expect_status 200
	cp "$RESP_DIR/body" "$BB_TMP/resume-$lang.json"
	expect_equal 'diff of the API and the JSON Resume publications' '' \
		"$(diff "$BB_TMP/api-rj-$lang.json" <(jq -S "$rj_view" "$BB_TMP/resume-$lang.json") | head -c 800)"
	# the owner's publisher kept; no url: the DOI's link
	expect_json '[.publications[] | select(.bibtexKey == "tanaka2021parsing")][0] | [.url, .publisher, .venue, .moreAuthors]' \
		'["https://doi.org/10.5715/jnlp.28.123", "JNLP", "Journal of Natural Language Processing", true]'
	# no publisher: the venue; neither url nor DOI: no url
	expect_json '[.publications[] | select(.bibtexKey == "tanaka2018conference")][0] | [.url, .publisher, .authors[0]]' \
		'[null, "Proceedings of COLING 2018", "H. Tanaka"]'
	expect_json '[.publications[] | select(.bibtexKey == "tanaka2019segment")][0].authors' \
		'["Hiroshi Tanaka", "María García", "World Health Organization"]'
done

bb_npm_resume
t 'both documents validate against @jsonresume/schema and render with jsonresume-theme-even'
mkdir -p "$BB_TMP/html"
run_cmd node "$STACK_ROOT/tests/resume/check.mjs" "$BB_TMP/html" "$BB_TMP/resume-en.json" "$BB_TMP/resume-ja.json"
expect_exit 0
expect_stdout_lines 2

t '--from-resume of the exported documents gives the publications back with their structure'
rt=$BB_TMP/roundtrip
rm -rf "$rt"
run_cmd "$PERFIL_BIN" --init "$rt" --from-resume "en=$BB_TMP/resume-en.json" \
	--from-resume "ja=$BB_TMP/resume-ja.json" --languages en,ja
expect_exit 0
expect_equal 'no publication member reported as not imported' '' "$(grep 'not imported: publications' "$BB_TMP/stdout")"
# What comes back: every member but the authors' name parts; the owner is
# marked again where the byline's name is the profile's (basics.name, or
# its family name with its initial: H. Tanaka).
pub_view='[.[] | {title, publisher, url, kind, more_authors, venue, volume, issue, pages, doi, bibtex_key, tags,
	date, description, authors: (if .authors then [.authors[] | {name, owner: (if .owner then true else null end)}
	| with_entries(select(.value != null))] else null end)} | with_entries(select(.value != null))]'
expect_equal 'diff of the publications before and after' '' \
	"$(diff <(jq -S "$pub_view" "$mix/publications.json") <(jq -S "$pub_view" "$rt/publications.json") | head -c 1200)"
run_cmd "$PERFIL_BIN" --check --content "$rt"
expect_exit 0

t '--from-resume refuses a publication value its declaration refuses, by name, and imports the rest'
jq '.publications[0].doi = "11.5715/x" | .publications[0].kind = "poem" | .publications[0].moreAuthors = false' \
	"$BB_TMP/resume-en.json" >"$BB_TMP/bad-pub.json"
rm -rf "$BB_TMP/badpub"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/badpub" --from-resume "$BB_TMP/bad-pub.json"
expect_exit 0
expect_stdout_match 'not imported: publications\[0\]\.doi \("11\.5715/x" is refused: expected a DOI'
expect_stdout_match 'not imported: publications\[0\]\.kind \("poem" is refused: not one of the known values'
expect_equal 'the rest of the item imported' '["Journal of Natural Language Processing","28",null,null]' \
	"$(jq -c '.[0] | [.venue, .volume, .doi, .more_authors]' "$BB_TMP/badpub/publications.json")"
jq '.publications[0].moreAuthors = "yes"' "$BB_TMP/resume-en.json" >"$BB_TMP/bad-bool.json"
rm -rf "$BB_TMP/badbool"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/badbool" --from-resume "$BB_TMP/bad-bool.json"
expect_exit 1
expect_stderr_match 'bad-bool.json: publications\[0\]\.moreAuthors: is not true or false'

t 'importing the same library again changes nothing'
sum=$(sha256sum <"$mix/publications.json")
run_cmd "$PERFIL_BIN" --content "$mix" --add-bibtex "$lib"
expect_exit 0
expect_stdout_match '0 added, 0 updated, 13 unchanged, 1 skipped'
expect_equal 'publications.json byte-identical' "$sum" "$(sha256sum <"$mix/publications.json")"

t 'site.json citation_authors sets where "et al." starts; a bad value is refused with file and field'
rm -rf "$BB_TMP/etal"
cp -r "$mix" "$BB_TMP/etal"
jq '.citation_authors = 1' "$mix/site.json" >"$BB_TMP/etal/site.json"
serve "$BB_TMP/etal" 1160
req GET /cv.md
expect_body_contains '**Hiroshi Tanaka**, et al. (2021). Parsing BibTeX'
expect_body_contains '**Hiroshi Tanaka**, et al. (2019). Straße'
expect_body_contains '**Hiroshi Tanaka** (2020). Computational Morphology of Japanese. *Springer*.'
rm -rf "$BB_TMP/etal0"
cp -r "$mix" "$BB_TMP/etal0"
jq '.citation_authors = 0' "$mix/site.json" >"$BB_TMP/etal0/site.json"
run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/etal0"
expect_exit 1
expect_stderr_match 'site.json: citation_authors: expected a whole number from 1 to 100'

# malformed NAME LINE: the library $BB_TMP/NAME.bib is refused with its
# file and LINE, in under a second, and the content stays byte-identical.
malformed() {
	local before after start ms stall
	before=$(cd "$mix" && sha256sum ./*.json)
	stall=$(bb_stall_ms)
	start=$(date +%s%3N)
	run_cmd "$PERFIL_BIN" --content "$mix" --add-bibtex "$BB_TMP/$1.bib"
	ms=$(($(date +%s%3N) - start))
	expect_exit 1
	expect_stderr_match "$1\\.bib:$2: "
	expect_within 'under a second' "$(bb_promise_ms 1000)" "$ms" "$stall"
	after=$(cd "$mix" && sha256sum ./*.json)
	expect_equal 'the content byte-identical' "$before" "$after"
}

t 'an unclosed brace is refused with the file and line'
printf '@article{ok, title = {Fine}, year = 2020}\n\n@article{open,\n  title = {Never closed,\n  year = 2021\n}\n' >"$BB_TMP/unclosed.bib"
malformed unclosed 3

t 'an unknown macro is refused with the file and line'
printf '@string{known = "x"}\n@article{m,\n  title = {T},\n  journal = known # unknownmacro,\n  year = 2020\n}\n' >"$BB_TMP/macro.bib"
malformed macro 2

t 'a key given twice is refused with both lines'
printf '@article{same, title = {One}, year = 2020}\n\n@misc{same, title = {Two}, year = 2021}\n' >"$BB_TMP/dupkey.bib"
malformed dupkey 3
expect_stderr_match 'first on line 1'

t 'binary garbage is refused with the file and line'
{ printf '@article{a, title = {T}, year = 2020}\n'; head -c 4096 /dev/urandom; } >"$BB_TMP/garbage.bib"
malformed garbage '[0-9]+'

# libbtparse itself calls exit(1) on some malformed libraries after its
# error recovery (tests/fixtures/bibtex/btparse-exit.bib, found by
# fuzz_bibtex): the import parses in a child process first, so the refusal
# is perfil's, with the line, and --init leaves nothing behind.
t 'a library on which btparse gives up (exit) is refused with the file and line'
cp "$fix/btparse-exit.bib" "$BB_TMP/gaveup.bib"
malformed gaveup 1
expect_stderr_match 'gaveup\.bib:1: not well-formed BibTeX \(the parser gave up on it\) \(nothing changed\)'
expect_stderr_match 'fatal error: bt_postprocess_field'
rm -rf "$BB_TMP/gaveup-init"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/gaveup-init" --from-bibtex "$BB_TMP/gaveup.bib"
expect_exit 1
expect_stderr_match 'gaveup\.bib:1: not well-formed BibTeX .*\(nothing written\)'
expect_equal '--init: the target directory' absent "$([[ -e $BB_TMP/gaveup-init ]] && echo present || echo absent)"

t '10 MB of nesting is refused with the file and line, at once'
python3 -c "import sys; sys.stdout.write('@article{deep,\n title = ' + '{' * (10 * 1024 * 1024))" >"$BB_TMP/nesting.bib"
malformed nesting 2
expect_stderr_match 'nested deeper than'

t '--from-bibtex without --init and --add-bibtex without --content are usage errors'
run_cmd "$PERFIL_BIN" --from-bibtex "$lib"
expect_exit 2
expect_stderr_match 'needs --init'
run_cmd "$PERFIL_BIN" --add-bibtex "$lib"
expect_exit 2
expect_stderr_match 'needs --content DIR'
