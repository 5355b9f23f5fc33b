#!/usr/bin/env bash
# front: nginx-only the export is served by its own static nginx; one front is enough
# perfil-fcgi --export DIR (issue 47): the demo written as static files, served
# by a private nginx with the shipped conf/nginx/static.conf (no FastCGI) and
# by a server that resolves paths the way GitHub Pages does (a python3
# http.server: the file, else PATH.html, else a directory's index.html after
# a redirect to "PATH/", else 404.html). Every sitemap URL answers 200 from a
# file; the files are the responder's bytes for the same content and base
# URL (the API files: their data), with its content types; every internal
# link of every page resolves; what a static copy cannot answer is said. Then
# the refusals: a directory that is not an export, content --check refuses.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/lib/static.sh"

SDIR=$(mktemp -d "${TMPDIR:-/tmp}/perfil-export.XXXXXX") || exit 1
chmod 755 "$SDIR"
EXP=$SDIR/site
GHP_PID=
stop_servers() {
	static_stop
	[[ -n $GHP_PID ]] && kill "$GHP_PID" 2>/dev/null && wait "$GHP_PID" 2>/dev/null
	rm -rf "$SDIR"
}
trap 'stop_servers; stack_stop; _bb_finish' EXIT

# wait_port PORT: wait (5 s at most) until something answers on PORT.
wait_port() {
	wait_every 0.05 5 curl -s -o /dev/null "http://127.0.0.1:$1/"
}

# fetch URL FILE: GET URL (no Accept-Encoding: identity) into FILE; prints
# "STATUS CONTENT-TYPE".
fetch() {
	curl -s -o "$2" -w '%{http_code} %{content_type}' "$1"
}

# --- The export ---------------------------------------------------------------

t 'perfil-fcgi --export writes the demo site and says what it left out'
run_cmd "$PERFIL_BIN" --export "$EXP" --content "$CONTENT" \
	--labels "$STACK_ROOT/labels" --base-url "$BASE"
expect_exit 0
cp "$BB_TMP/stderr" "$SDIR/export.err"
expect_stdout_match "exported $BASE to $EXP: [0-9]+ files"
expect_stderr_match '/api/v1/search: left out: [^
]*q'
expect_stderr_match '/mcp: left out'
expect_stderr_match 'no content negotiation'
for f in .perfil-export .perfil-types .nojekyll _headers _redirects 404.html \
	en/404.html index.html en/index.html cv.html cv.md api/v1/profile.json; do
	[[ -f $EXP/$f ]]
	_bb_check $? "$f in the export" 'absent'
done
expect_equal 'temporary directories left beside it' '' \
	"$(find "$SDIR" -maxdepth 1 -name 'site.*')"
chmod -R a+rX "$EXP"

t 'the export names every language in its sitemap and every item has its page'
mapfile -t LOCS < <(grep -o '<loc>[^<]*</loc>' "$EXP/sitemap.xml" | sed 's|<loc>||; s|</loc>||')
_bb_check "$((!(${#LOCS[@]} >= 10)))" 'ten sitemap URLs or more' "${#LOCS[@]}"
for slug in $(content projects.json '.[].slug' | jq -r .); do
	[[ -f $EXP/projects/$slug.html && -f $EXP/en/projects/$slug.md &&
		-f $EXP/api/v1/projects/$slug.json ]]
	_bb_check $? "project $slug: page, markdown twin and API file" 'missing'
done

# --- Served by the shipped static nginx ----------------------------------------

# serve_static DIR OFFSET: serve the export DIR with conf/nginx/static.conf on
# a private nginx, at $SBASE. A port found free may be taken before nginx
# binds it (a client's ephemeral port): then the next one is tried.
serve_static() {
	local try rc=1
	for try in 0 1 2 3 4; do
		start_static "$1" $(($2 + 3 * try)) && { rc=0; break; }
	done
	t "nginx with conf/nginx/static.conf serves $1"
	_bb_check "$rc" "nginx on $SBASE" "not answering: $(cat "$d/error.log" "$d/out.log" 2>/dev/null | tail -n 3)"
	[[ -z $(grep -E '\[(warn|alert)\]' "$d/error.log") ]]
	_bb_check $? 'no warning from nginx' "$(grep -E '\[(warn|alert)\]' "$d/error.log")"
}

# start_static DIR OFFSET: the nginx of serve_static (tests/lib/static.sh) on
# the first free port from the shared port + OFFSET; 1 when it does not answer.
start_static() {
	local port
	port=$(stack_free_port $((${BASE_SHARED##*:} + $2))) || exit 1
	SBASE=http://127.0.0.1:$port
	d=$SDIR/nginx${#STATIC_PIDS[@]}
	chmod a+rX "$SDIR"
	static_start "$1" "$port" "$d"
}

# The files that legitimately differ: they say the copy is static.
differs() {
	case $1 in
	llms.txt | */llms.txt | agents.md | */agents.md | developers | */developers | \
		developers.md | */developers.md | .well-known/ai-catalog.json | \
		openapi.json | api/openapi.json | api/openapi.yaml) return 0 ;;
	esac
	return 1
}

# check_served NAME EXP: the export EXP served at $SBASE against the responder
# at $BASE: every sitemap URL 200, every file the responder's bytes (the API's:
# data) and type, every link of every page resolving.
check_served() {
	local name=$1 exp=$2 bad types n=0 u s r key file type cache url locs
	mapfile -t locs < <(grep -o '<loc>[^<]*</loc>' "$exp/sitemap.xml" | sed 's|<loc>||; s|</loc>||')
	t "$name, static nginx: every URL of the sitemap answers 200 from a file"
	_bb_check "$((!(${#locs[@]} >= 10)))" 'ten sitemap URLs or more' "${#locs[@]}"
	bad=
	for u in "${locs[@]}"; do
		s=$(curl -s -o /dev/null -w '%{http_code}' "$SBASE${u#"$BASE"}")
		[[ $s == 200 ]] || bad+=" ${u#"$BASE"}=$s"
	done
	expect_equal 'sitemap URLs that are not 200' '' "$bad"

	t "$name, static nginx: every file is the responder's bytes and type for its URL"
	bad=
	types=
	mkdir -p "$SDIR/cmp"
	while IFS=$'\t' read -r key file type cache; do
		if [[ $key == *index.html ]]; then url=/${key%index.html}; else url=/$key; fi
		r=$(fetch "$BASE$url" "$SDIR/cmp/r")
		s=$(fetch "$SBASE$url" "$SDIR/cmp/s")
		n=$((n + 1))
		[[ ${r%% *} == 200 && ${s%% *} == 200 ]] || { bad+=" $url($r/$s)"; continue; }
		[[ ${r#* } == "${s#* }" && ${r#* } == "$type" ]] || types+=" $url(${r#* }|${s#* }|$type)"
		if [[ $url == /api/v1/* ]]; then
			[[ $(jq -S .data "$SDIR/cmp/r") == "$(jq -S .data "$SDIR/cmp/s")" ]] ||
				bad+=" $url(data)"
		elif differs "$key"; then
			:
		elif ! cmp -s "$SDIR/cmp/r" "$SDIR/cmp/s"; then
			bad+=" $url"
		fi
	done <"$exp/.perfil-types"
	_bb_check "$((!(n >= 40)))" 'forty files or more in the manifest' "$n"
	expect_equal "files not equal to the responder's" '' "$bad"
	expect_equal "content types not the responder's" '' "$types"

	t "$name: every internal link, image, stylesheet and script of every page resolves"
	bad=$(/usr/bin/python3 - "$exp" "$BASE" "$SBASE" <<'PY'
import html.parser, os, sys, urllib.parse, urllib.request, urllib.error
root, base, sbase = sys.argv[1:]
class P(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(); s.refs = []
    def handle_starttag(s, tag, attrs):
        for k, v in attrs:
            if v and k in ('href', 'src') or (k == 'content' and v and v.startswith(base)):
                s.refs.append(v)
            if k == 'srcset' and v:
                s.refs += [c.strip().split(' ')[0] for c in v.split(',')]
seen, bad = {}, []
for d, _, files in os.walk(root):
    for f in files:
        if not f.endswith('.html'):
            continue
        page = '/' + os.path.relpath(os.path.join(d, f), root)
        p = P(); p.feed(open(os.path.join(d, f), encoding='utf-8').read())
        for ref in p.refs:
            u = urllib.parse.urljoin(base + page, ref)
            if not u.startswith(base + '/') and u != base:
                continue
            path = urllib.parse.urlsplit(u).path or '/'
            # Search needs ?q=: left out, as the export said; an owner's
            # page may still link to it.
            if path == '/api/v1/search':
                continue
            if path not in seen:
                try:
                    seen[path] = urllib.request.urlopen(sbase + urllib.parse.quote(path, safe="/%")).status
                except urllib.error.HTTPError as e:
                    seen[path] = e.code
            if seen[path] != 200:
                bad.append(f'{page}: {ref} ({seen[path]})')
print('\n'.join(sorted(set(bad))))
PY
)
	expect_equal 'links that do not resolve' '' "$bad"
}

BASE_SHARED=$BASE
serve_static "$EXP" 700
SBASE_DEMO=$SBASE
check_served demo "$EXP"
LOCS=()
mapfile -t LOCS < <(grep -o '<loc>[^<]*</loc>' "$EXP/sitemap.xml" | sed 's|<loc>||; s|</loc>||')
static_note=$(jq -r '."static.note"' "$STACK_ROOT/labels/en.json")

t 'static nginx: the PDF, JSON Resume, vCard and cv.txt of every language are the responder'"'"'s'
for pre in '' /en; do
	for doc in cv.pdf resume.json contact.vcf cv.txt; do
		fetch "$BASE$pre/$doc" "$SDIR/cmp/r" >/dev/null
		fetch "$SBASE$pre/$doc" "$SDIR/cmp/s" >/dev/null
		cmp -s "$SDIR/cmp/r" "$SDIR/cmp/s" && [[ -s $SDIR/cmp/r ]]
		_bb_check $? "$pre/$doc equal and not empty" 'differs'
	done
done

t 'the agent files and the portal say the copy has no search and no MCP'
for f in llms.txt en/llms.txt agents.md en/agents.md developers.md en/developers.md; do
	grep -qF "$(jq -r '."static.note"' "$STACK_ROOT/labels/$([[ $f == en/* ]] && echo en || echo es).json")" "$EXP/$f"
	_bb_check $? "$f carries static.note" 'it does not'
done
grep -qF "$static_note" "$EXP/en/developers.html"
_bb_check $? 'the portal page says it' 'it does not'
jq -r .info.description "$EXP/api/openapi.json" | grep -qF "$static_note"
_bb_check $? "the OpenAPI document's info.description says it" 'it does not'
curl -s "$BASE/api/openapi.json" | jq -r .info.description | grep -qF "$static_note"
_bb_check "$((!$?))" "the responder's OpenAPI does not" 'it does'
curl -s "$BASE/en/llms.txt" | grep -qF "$static_note"
_bb_check "$((!$?))" "the responder's llms.txt does not" 'it does'
expect_equal 'MCP endpoint named in the export'"'"'s llms.txt' '' \
	"$(grep -F "$BASE/mcp" "$EXP/en/llms.txt")"

t 'static nginx: what a copy cannot answer is a 404, not a fake'
for u in '/api/v1/search?q=cloud' /mcp /mcp/server-card; do
	s=$(curl -s -o /dev/null -w '%{http_code}' "$SBASE$u")
	expect_equal "$u" 404 "$s"
done

t '_headers and _redirects give Netlify and Cloudflare Pages the API'"'"'s types and paths'
grep -qx '/api/v1/profile /api/v1/profile.json 200' "$EXP/_redirects"
_bb_check $? '/api/v1/profile rewritten to its file' "$(head -n 3 "$EXP/_redirects")"
awk '$0 == "/api/v1/profile" { f = 1; next } /^\// { f = 0 } f' "$EXP/_headers" >"$SDIR/h"
grep -qx '  Content-Type: application/json; charset=utf-8' "$SDIR/h" &&
	grep -qx '  Access-Control-Allow-Origin: \*' "$SDIR/h" &&
	grep -qx '  Cache-Control: public, max-age=300, s-maxage=3600' "$SDIR/h"
_bb_check $? '/api/v1/profile: type, CORS and cache headers' "$(cat "$SDIR/h")"
# Cloudflare Pages reads 100 rules: past them the export says so, and
# the extensionless files' rules (their types come from _headers alone)
# are among the first 100.
rules=$(grep -c '^/' "$EXP/_headers")
if ((rules > 100)); then
	grep -q "_headers: $rules rules; Cloudflare Pages reads the first 100" "$SDIR/export.err"
	_bb_check $? 'over 100 rules, the export says so' "$(grep -F _headers "$SDIR/export.err")"
fi
late=$(grep '^/' "$EXP/_headers" | tail -n +101 | grep -v '\.[a-z0-9]*$' | grep -v '/$' |
	while read -r u; do [[ -e $EXP${u%\*}.html || -e $EXP${u%\*}index.html ]] || echo "$u"; done)
expect_equal 'rules past the hundredth for files with no extension' '' "$late"
printf '        (%s rules in _headers)\n' "$rules"
awk '$0 == "/api/v1/projects/*" { f = 1; next } /^\// { f = 0 } f' "$EXP/_headers" >"$SDIR/h"
grep -qx '  Content-Type: application/json; charset=utf-8' "$SDIR/h"
_bb_check $? 'the project items'"'"' files in one rule' "$(grep '^/api' "$EXP/_headers")"

# --- Served the GitHub Pages way ----------------------------------------------

# start_ghp OFFSET: the stand-in on the first free port from the shared
# port + OFFSET; 1 when it does not answer (a port found free may be taken
# meanwhile by a client's ephemeral port: the caller tries the next).
start_ghp() {
	GPORT=$(stack_free_port $((${BASE##*:} + $1))) || exit 1
	GBASE=http://127.0.0.1:$GPORT
	/usr/bin/python3 - "$EXP" "$GPORT" >"$SDIR/ghp.log" 2>&1 <<'PY' &
# GitHub Pages' resolution: PATH itself, else PATH.html, else a directory:
# "PATH" redirects to "PATH/", which serves PATH/index.html; else 404.html.
import http.server, os, sys
root, port = sys.argv[1], int(sys.argv[2])
class H(http.server.SimpleHTTPRequestHandler):
    def __init__(s, *a, **k):
        super().__init__(*a, directory=root, **k)
    def send_head(s):
        path = s.path.split('?', 1)[0]
        fs = s.translate_path(path)
        if os.path.isfile(fs):
            pass
        elif os.path.isfile(fs.rstrip('/') + '.html') and not path.endswith('/'):
            fs = fs.rstrip('/') + '.html'
        elif os.path.isdir(fs):
            if not path.endswith('/'):
                s.send_response(301); s.send_header('Location', path + '/')
                s.end_headers(); return None
            fs = os.path.join(fs, 'index.html')
        if not os.path.isfile(fs):
            body = open(os.path.join(root, '404.html'), 'rb').read()
            s.send_response(404); s.send_header('Content-Type', 'text/html')
            s.send_header('Content-Length', str(len(body))); s.end_headers()
            s.wfile.write(body); return None
        f = open(fs, 'rb')
        s.send_response(200); s.send_header('Content-Type', s.guess_type(fs))
        s.send_header('Content-Length', str(os.fstat(f.fileno()).st_size))
        s.end_headers(); return f
    def log_message(s, *a): pass
http.server.ThreadingHTTPServer(('127.0.0.1', port), H).serve_forever()
PY
	GHP_PID=$!
	wait_port "$GPORT" && kill -0 "$GHP_PID" 2>/dev/null
}

t 'GitHub Pages resolution: every sitemap URL answers 200, pages are the responder'"'"'s'
rc=1
for try in 0 1 2 3 4; do
	start_ghp $((710 + 3 * try)) && { rc=0; break; }
done
_bb_check $rc "the GitHub Pages stand-in on $GBASE" "$(cat "$SDIR/ghp.log")"
bad=
for u in "${LOCS[@]}"; do
	p=${u#"$BASE"}
	s=$(fetch "$GBASE$p" "$SDIR/cmp/s")
	[[ ${s%% *} == 200 ]] || { bad+=" $p=$s"; continue; }
	[[ $p == */developers ]] && continue
	fetch "$BASE$p" "$SDIR/cmp/r" >/dev/null
	cmp -s "$SDIR/cmp/r" "$SDIR/cmp/s" || bad+=" $p(bytes)"
done
expect_equal 'sitemap URLs not answered as the responder does' '' "$bad"

t 'GitHub Pages resolution: the API at PATH.json, the 404 page for the rest'
s=$(fetch "$GBASE/api/v1/profile.json" "$SDIR/cmp/s")
expect_equal '/api/v1/profile.json' 200 "${s%% *}"
expect_equal 'its data' "$(curl -s "$BASE/api/v1/profile" | jq -S .data)" "$(jq -S .data "$SDIR/cmp/s")"
s=$(fetch "$GBASE/no-such-page" "$SDIR/cmp/s")
expect_equal '/no-such-page' 404 "${s%% *}"
cmp -s "$SDIR/cmp/s" "$EXP/404.html"
_bb_check $? 'the export'"'"'s 404.html' 'another body'

# --- A Japanese and English owner ---------------------------------------------

t 'a ja and en owner imported from two résumés'
run_cmd "$PERFIL_BIN" --init "$SDIR/ja" --from-resume "ja=$STACK_ROOT/tests/fixtures/owners/ja.json" \
	--from-resume "en=$STACK_ROOT/tests/fixtures/owners/ja.en.json" --labels "$STACK_ROOT/labels"
expect_exit 0
chmod -R a+rX "$SDIR/ja"
export PERFIL_CONTENT=$SDIR/ja
bb_private_stack 720 'serving the ja owner'
t 'the ja owner exported with the private stack'"'"'s base URL'
run_cmd "$PERFIL_BIN" --export "$SDIR/ja-site" --content "$STACK_CONTENT" \
	--labels "$STACK_ROOT/labels" --base-url "$BASE"
expect_exit 0
[[ -f $SDIR/ja-site/index.html && -f $SDIR/ja-site/en/index.html && -f $SDIR/ja-site/cv.pdf ]]
_bb_check $? 'index.html, en/index.html and cv.pdf' "$(ls "$SDIR/ja-site" | head)"
grep -qF "$(jq -r '."static.note"' "$STACK_ROOT/labels/ja.json")" "$SDIR/ja-site/llms.txt"
_bb_check $? "llms.txt carries ja.json's static.note" 'it does not'
serve_static "$SDIR/ja-site" 730
check_served ja "$SDIR/ja-site"
stack_stop
BASE=$BASE_SHARED

# --- Replacing and refusing ---------------------------------------------------

t 'an earlier export is replaced whole'
touch "$EXP/stale-file"
run_cmd "$PERFIL_BIN" --export "$EXP" --content "$CONTENT" \
	--labels "$STACK_ROOT/labels" --base-url "$BASE"
expect_exit 0
[[ ! -e $EXP/stale-file && -f $EXP/cv.html ]]
_bb_check $? 'the new export, without the old one'"'"'s stray file' "$(ls "$EXP" | head)"
expect_equal 'directories left beside it' '' "$(find "$SDIR" -maxdepth 1 -name 'site.*')"

t 'a non-empty directory that is not an export is refused and left as it was'
mkdir -p "$SDIR/mine" && echo keep >"$SDIR/mine/notes.txt"
run_cmd "$PERFIL_BIN" --export "$SDIR/mine" --content "$CONTENT" \
	--labels "$STACK_ROOT/labels" --base-url "$BASE"
expect_exit 1
expect_stderr_match "$SDIR/mine: exists, is not empty and is not an earlier export"
expect_equal 'the directory afterwards' 'notes.txt' "$(ls -A "$SDIR/mine")"
expect_equal 'its file' keep "$(cat "$SDIR/mine/notes.txt")"

t 'content that --check refuses writes nothing'
cp -R "$CONTENT" "$SDIR/broken"
jq '.name = 42' "$SDIR/broken/profile.json" >"$SDIR/p.json" && mv "$SDIR/p.json" "$SDIR/broken/profile.json"
run_cmd "$PERFIL_BIN" --export "$SDIR/out" --content "$SDIR/broken" \
	--labels "$STACK_ROOT/labels" --base-url "$BASE"
expect_exit 1
expect_stderr_match 'nothing written'
expect_stderr_match 'profile.json'
expect_equal 'what was written' '' "$(find "$SDIR" -maxdepth 1 -name 'out*')"
