#!/usr/bin/env bash
# front: nginx-only the site.json settings are the responder's; one private stack
# The owner's choices of the site's look (site.json "theme", docs/site.md):
# an accent colour, whose WCAG 2 contrast ratio against the light and the
# dark background --check measures and refuses below 4.5:1, naming the
# file, the field, the reason and the ratio; a font stack from a short list
# of system stacks; the place (menu or footer) of any page. Served, the
# inline style carries them and the CSP's hash follows it.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

: "${PERFIL_BIN:?}"

# variant NAME JQ: a copy of the demo content with site.json passed
# through the jq program JQ, in $BB_TMP/NAME.
variant() {
	rm -rf "${BB_TMP:?}/$1"
	cp -R "$CONTENT" "$BB_TMP/$1"
	jq "$2" "$CONTENT/site.json" >"$BB_TMP/$1/site.json"
	chmod -R a+rX "$BB_TMP/$1"
	printf '%s\n' "$BB_TMP/$1"
}

# expect_check_error DIR MEMBER REGEX: --check on DIR exits 1 naming
# DIR/site.json, the member and the reason.
expect_check_error() {
	run_cmd "$PERFIL_BIN" --check --content "$1"
	expect_exit 1
	expect_stderr_match "perfil-fcgi: $1/site\\.json: ${2//./\\.}: $3"
}

# contrast A B: the WCAG 2 contrast ratio of two #rrggbb colours, computed
# here from the definition, to two decimals rounded down.
contrast() {
	python3 - "$1" "$2" <<'PY'
import math, sys
def lum(c):
    v = [int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    v = [x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in v]
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]
a, b = sorted((lum(sys.argv[1]) + 0.05, lum(sys.argv[2]) + 0.05))
print("%.2f" % (math.floor(b / a * 100) / 100))
PY
}

t 'an accent too pale for the light background: refused, with the ratio measured'
dir=$(variant pale '.theme = {"accent": "#e0a080"}')
expect_check_error "$dir" theme.accent "#e0a080 has a contrast ratio of $(contrast '#e0a080' '#fbfaf7'):1 against the light background #fbfaf7; .*at least 4\\.5:1 \\(WCAG 2 AA\\)"

t 'a dark accent too dark for the dark background: refused, with the ratio measured'
dir=$(variant dark '.theme = {"accent": {"light": "#1f5f8b", "dark": "#1f5f8b"}}')
expect_check_error "$dir" theme.accent.dark "#1f5f8b has a contrast ratio of $(contrast '#1f5f8b' '#16130f'):1 against the dark background #16130f"

# site.json's jq change | member named | the reason
while IFS='|' read -r change member reason; do
	t "--check refuses $change: $member"
	dir=$(variant refused "$change")
	expect_check_error "$dir" "$member" "$reason"
done <<'EOF'
.theme = {"accent": "blue"}|theme.accent|expected a colour "#rrggbb"
.theme = {"accent": {"light": "#1f5f8b"}}|theme.accent|expected both light and dark
.theme = {"font": "Comic Sans"}|theme.font|expected one of the system font stacks "system-ui", "humanist", .* or "old-style"
.theme = {"colour": "#000000"}|theme.colour|unknown field
.theme = "dark"|theme|expected an object
.pages.developers = {"place": "sidebar"}|pages.developers.place|expected "nav"
.pages.developers = {"title": {"es": "API", "en": "API"}}|pages.developers|a page of the site.s own takes a description and a place only
EOF

t 'a good accent, a font stack and Developers in the footer: --check accepts them'
PERFIL_CONTENT=$(variant good '.theme = {"accent": "#1f5f8b", "font": "transitional"}
	| .pages.developers = {"place": "footer"} | .pages.lab.place = "nav"')
run_cmd "$PERFIL_BIN" --check --content "$PERFIL_CONTENT"
expect_exit 0

shared=$BASE
trap 'stack_stop; _bb_finish' EXIT
bb_private_stack 610 'with a theme'

for path in / /en/cv /developers /projects/migracion-historia-clinica-nube; do
	t "GET $path: the style has the accents, the font stack, and the CSP its hash"
	req GET "$path"
	expect_status 200
	style=$(sed -n 's/^<style>\(.*\)<\/style>$/\1/p' "$RESP_DIR/body")
	expect_body_contains ':root{--accent:#1f5f8b;--font:Charter,"Bitstream Charter"'
	# the dark accent derived from the light one reaches 4.5:1
	dark=$(grep -o 'prefers-color-scheme:dark){:root{--accent:#[0-9a-f]\{6\}' <<<"$style" | tail -n 1 | grep -o '#[0-9a-f]*$')
	expect_equal 'the dark accent reaches 4.5:1 against #16130f' 1 \
		"$(python3 -c 'import sys; print(int(float(sys.argv[1]) >= 4.5))' "$(contrast "$dark" '#16130f')")"
	hash=$(printf '%s' "$style" | openssl dgst -sha256 -binary | base64)
	expect_header_match content-security-policy "style-src 'sha256-${hash//+/\\+}'"
done

t 'GET /: Developers in the footer, not the menu; the Lab page in the menu'
req GET /
nav=$(sed -n '/<nav/,/<\/nav>/p' "$RESP_DIR/body")
foot=$(sed -n '/<footer>/,/<\/footer>/p' "$RESP_DIR/body")
expect_equal 'menu links to /developers' 0 "$(grep -c '/developers"' <<<"$nav")"
expect_equal 'footer links to /developers' 1 "$(grep -c '/developers"' <<<"$foot")"
expect_equal 'menu links to /lab' 1 "$(grep -c '/lab"' <<<"$nav")"
expect_equal 'footer links to /lab' 0 "$(grep -c '/lab"' <<<"$foot")"

t 'the demo (no theme): the default accents and the system stack'
BASE=$shared
req GET /about
expect_body_contains ':root{--accent:#8a3b12;--font:system-ui,'
expect_body_contains '@media (prefers-color-scheme:dark){:root{--accent:#f0a36f}}'
