#!/usr/bin/env bash
# front: nginx-only it reloads its private stack with SIGHUP (supervision does not depend on the front); run once
# The owner's own pages: every content/pages/NAME.LANG.md is published at
# /NAME (and /CODE/NAME), with its markdown twin, in sitemap.xml, llms.txt,
# the home page's list and the footer or the menu as site.json's "pages"
# says; a file of pages/ that is no such page, or a name the site already
# uses, is a --check error naming the file. A scratch copy of the demo
# content gets two pages: "talks" (no settings: the footer, titled by its
# "# " line) and "uses" (site.json: the menu, its own title and
# description).
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

: "${PERFIL_BIN:?}"

scratch=$BB_TMP/owner-pages
rm -rf "$scratch"
cp -R "$CONTENT" "$scratch"
printf '# Charlas\n\nLo que he contado en público.\n' >"$scratch/pages/talks.es.md"
printf '# Talks\n\nWhat I have said in public.\n' >"$scratch/pages/talks.en.md"
printf '# Herramientas\n\nCon qué trabajo.\n' >"$scratch/pages/uses.es.md"
printf '# Tools\n\nWhat I work with.\n' >"$scratch/pages/uses.en.md"
jq '.pages.uses = {"place": "nav", "title": {"es": "Uso", "en": "Uses"},
	"description": {"es": "con qué trabajo", "en": "what I work with"}}' \
	"$CONTENT/site.json" >"$scratch/site.json"
chmod -R a+rX "$scratch"

# variant NAME: a fresh copy of the scratch content in $BB_TMP/NAME.
variant() {
	rm -rf "${BB_TMP:?}/$1"
	cp -R "$scratch" "$BB_TMP/$1"
	printf '%s\n' "$BB_TMP/$1"
}

# expect_check_error DIR FILE REGEX: --check on DIR exits 1 and names the
# file and the problem: "perfil-fcgi: DIR/FILE: (top level): REASON".
expect_check_error() {
	run_cmd "$PERFIL_BIN" --check --content "$1"
	expect_exit 1
	expect_stderr_match "perfil-fcgi: $1/${2//./\\.}: \\(top level\\): $3"
}

t '--check accepts the scratch content and counts its pages (4 pages x 2 languages)'
run_cmd "$PERFIL_BIN" --check --content "$scratch"
expect_exit 0
expect_stdout_match ', 8 pages[,;].*; languages es, en'

PERFIL_CONTENT=$(variant served)
# SIGHUP alone: without --reload-check 0 the content watch would reload
# the edits by itself, and the reloads counted here would double.
PERFIL_ARGS='--reload-check 0 --workers 1'
trap 'ops_cleanup; stack_stop; _bb_finish' EXIT
bb_private_stack 550 'serving owner pages'
sup=$STACK_RESPONDER_PID
log=$STACK_DIR/perfil.log
reload_ms=$(bb_reload_ms)

# path | language | title | markdown twin
for entry in '/talks|es|Charlas|/talks.md' '/en/talks|en|Talks|/en/talks.md' \
	'/uses|es|Herramientas|/uses.md' '/en/uses|en|Tools|/en/uses.md'; do
	IFS='|' read -r path lang title md <<<"$entry"
	t "GET $path: the owner's page as HTML in $lang, Link to $md"
	req GET "$path"
	expect_status 200
	expect_header content-type 'text/html; charset=utf-8'
	expect_header content-language "$lang"
	expect_header link "<$BASE$md>; rel=\"alternate\"; type=\"text/markdown\", <$BASE/.well-known/api-catalog>; rel=\"api-catalog\", <$BASE/mcp/server-card>; rel=\"service-desc\"; type=\"application/mcp-server-card+json\""
	expect_body_contains "<h1>$title</h1>"
	expect_body_contains "<html lang=\"$lang\">"

	t "GET $md: its markdown twin, as written"
	req GET "$md"
	expect_status 200
	expect_header content-type 'text/markdown; charset=utf-8'
	expect_body_contains "# $title"

	t "GET $path with Accept: text/markdown: the same markdown"
	req GET "$path" -H 'Accept: text/markdown'
	expect_status 200
	expect_body_contains "# $title"
done

t 'a page without settings is in the footer, titled by its "# " line'
req GET /
expect_body_contains "<li><a href=\"$BASE/talks\">Charlas</a></li>"
req GET /en/
expect_body_contains "<li><a href=\"$BASE/en/talks\">Talks</a></li>"

t 'site.json places "uses" in the menu with its own title, after the made pages'
req GET /en/about
expect_body_contains "<li><a href=\"$BASE/en/uses\">Uses</a></li>"
req GET /en/uses
expect_body_contains "<a href=\"$BASE/en/uses\" aria-current=\"page\">Uses</a>"
expect_body_not_contains "<li><a href=\"$BASE/en/uses\">Uses</a></li>"

t 'the home page lists both, with their descriptions (a page without one: its title)'
req GET /en/index.md
expect_body_contains "- [Talks]($BASE/en/talks): Talks"
expect_body_contains "- [Uses]($BASE/en/uses): what I work with"

t 'sitemap.xml has both pages in both languages'
req GET /sitemap.xml
for p in /talks /en/talks /uses /en/uses; do
	expect_body_contains "<loc>$BASE$p</loc>"
done

t 'llms.txt lists them under the pages, by their markdown twins; privacy stays under Optional'
req GET /en/llms.txt
expect_body_contains "- [Talks]($BASE/en/talks.md): Talks"
expect_body_contains "- [Uses]($BASE/en/uses.md): what I work with"
expect_equal 'the Optional section lists privacy' 1 \
	"$(sed -n '/^## Optional/,$p' "$RESP_DIR/body" | grep -c '/en/privacy.md')"

t 'the one route row of owner pages takes no path of the site: twins, documents and 404s are as before'
for p in /about.md /index.md /agents.md /llms.txt /en/cv.md; do
	req GET "$p"
	expect_status 200
done
for p in /no-such-page /en/no-such-page.md /Talks /talks/ /talks.MD /en/talks.md.md; do
	req GET "$p"
	expect_status 404
done

t 'a page removed from the content is a 404 after the reload, and gone from the sitemap and footer'
rm "$STACK_CONTENT/pages/talks.es.md" "$STACK_CONTENT/pages/talks.en.md"
n=$(grep -c 'content reloaded' "$log")
bb_reload "$sup"
bb_await_lines "$log" 'content reloaded' $((n + 1)) "$reload_ms"
expect_equal 'reloads logged' $((n + 1)) "$(grep -c 'content reloaded' "$log")"
# Kept connections to the old worker serve the old content until it drains
# (reload.test.sh), and the micro-cache keeps an answer to the end of its
# second: wait for the new content to be all there is (404 for 1.5 s on
# end), 30 s at most (new workers load slowly on a busy machine).
bb_steady 30 bb_status_is 404 /talks
for p in /talks /en/talks /talks.md; do
	req GET "$p"
	expect_status 404
done
req GET /sitemap.xml
expect_body_not_contains "$BASE/talks<"
req GET /
expect_body_not_contains "$BASE/talks\""
req GET /uses
expect_status 200

t 'a reload with a bad page file is refused; the pages keep serving'
printf '# x\n' >"$STACK_CONTENT/pages/Notes.es.md"
n=$(grep -c 'reload refused' "$log")
kill -HUP "$sup"
ops_wait_file "$log" 'reload refused.*Notes\.es\.md' $((reload_ms / 1000))
_bb_check $? 'perfil.log: "reload refused" naming pages/Notes.es.md' \
	"$(tail -n 3 "$log")"
req GET /uses
expect_status 200
rm "$STACK_CONTENT/pages/Notes.es.md"

# expect_check_message DIR REGEX: --check on DIR exits 1, its message
# matching REGEX.
expect_check_message() {
	run_cmd "$PERFIL_BIN" --check --content "$1"
	expect_exit 1
	expect_stderr_match "$2"
}

# --- --check: every file of pages/ is a page, or an error naming it ------

t '--check: a name with capitals is refused, naming the file'
d=$(variant bad-name)
printf '# x\n' >"$d/pages/My_Talks.es.md"
expect_check_error "$d" pages/My_Talks.es.md 'the page name "My_Talks" is not 1 to 40 characters a-z, 0-9 and "-"'

t '--check: a language the site does not configure is refused'
d=$(variant bad-lang)
printf '# x\n' >"$d/pages/talks.de.md"
expect_check_error "$d" pages/talks.de.md '"de" is not a language of the site \(es and en\)'

t '--check: a file that is not NAME.LANG.md is refused'
d=$(variant bad-ext)
printf 'x\n' >"$d/pages/notes.txt"
expect_check_error "$d" pages/notes.txt 'not a page: pages/ holds only pages, each a file NAME\.LANG\.md'
d=$(variant no-lang)
printf '# x\n' >"$d/pages/notes.md"
expect_check_error "$d" pages/notes.md 'not a page'

t '--check: a page missing in one language is refused, naming the missing file'
d=$(variant missing)
rm "$d/pages/talks.en.md"
expect_check_error "$d" pages/talks.en.md 'missing: a page exists in every language or in none'

t '--check: 5,001 pages in both languages (10,002 files) are refused once, for the files: no page is called missing'
d=$(variant too-many)
for ((i = 1; i <= 5001; i++)); do
	printf '# P\n' >"$d/pages/p$i.es.md"
	printf '# P\n' >"$d/pages/p$i.en.md"
done
expect_check_message "$d" 'pages: \(top level\): more than 1024 files; a page is pages/NAME\.LANG\.md, at most 64 pages'
expect_equal 'lines of the message' 1 "$(grep -c . "$BB_TMP/stderr")"
rm -rf "$d"

t '--check: a name the site uses is refused (a made page, a route, a language, index)'
for name in cv api developers en index llms; do
	d=$(variant "taken-$name")
	printf '# x\n' >"$d/pages/$name.es.md"
	printf '# x\n' >"$d/pages/$name.en.md"
	case $name in
	llms) # /llms.txt is not /llms: the name is free
		run_cmd "$PERFIL_BIN" --check --content "$d"
		expect_exit 0 ;;
	*) expect_check_error "$d" "pages/$name.es.md" "the page name \"$name\" is taken: /$name is" ;;
	esac
done

t '--check: a page without a "# " title and without site.json title is refused'
d=$(variant no-title)
printf 'No heading here.\n' >"$d/pages/talks.en.md"
expect_check_error "$d" pages/talks.en.md 'no title: begin the page with a line "# Title"'

t '--check: site.json describing a page the content does not have is no error (removing the files unpublishes it)'
d=$(variant unknown-page)
jq '.pages.nope = "a page that is not there"' "$scratch/site.json" >"$d/site.json"
run_cmd "$PERFIL_BIN" --check --content "$d"
expect_exit 0

t '--check: site.json place, order and optional are checked (a made page takes a place, not an order)'
d=$(variant bad-place)
jq '.pages.talks = {"place": "sidebar"}' "$scratch/site.json" >"$d/site.json"
expect_check_message "$d" 'pages\.talks\.place: expected "nav" \(the main menu\) or "footer"'
jq '.pages.talks = {"order": 1.5}' "$scratch/site.json" >"$d/site.json"
expect_check_message "$d" 'pages\.talks\.order: expected a whole number'
jq '.pages.talks = {"order": 1e300}' "$scratch/site.json" >"$d/site.json"
expect_check_message "$d" 'pages\.talks\.order: expected a whole number'
jq '.pages.about = {"order": 3}' "$scratch/site.json" >"$d/site.json"
expect_check_message "$d" 'pages\.about: a page of the site.s own takes a description and a place only'
