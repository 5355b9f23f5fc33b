#!/usr/bin/env bash
# front: nginx-only the snapshot is the responder's, whatever the front; run once
# The snapshot of a load's renders (perfil-fcgi --cache-dir, as ./serve, the
# systemd unit, the package and --share run it; src/server/snapshot.h): the
# first load writes the site's file, a reload of unchanged content reads its
# renders back and every answer (pages, markdown twins, agent files, the CV
# in every form and variant, the PDF, OpenAPI, the API, MCP) is the same
# bytes in every coding. A file that is corrupt, truncated, another site's,
# of another build or day, of content since edited, writable by others, or
# whose stream is hostile under a valid CRC is ignored with a line naming the
# file and the reason, and the answers are the bytes a load without it makes.
#
# Its own stack (STACK_CACHE=0: the bytes compared must be the responder's,
# not nginx's micro-cache's), on a copy of the content.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$(dirname "$0")/caches.sh"

caches_stack 1230
META='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}'

# The answers compared: every URL of the sitemap and its markdown twin, the
# documents of each language, the CV's forms, every API path of the OpenAPI
# document in each language (a slug the first item's), and MCP's lists.
urls=()
while read -r u; do
	u=${u#"$BASE"}
	urls+=("$u")
	[[ $u == */ ]] && urls+=("${u}index.md") || urls+=("$u.md")
done < <(curl -s "$BASE/sitemap.xml" | grep -o '<loc>[^<]*</loc>' | sed 's/<[^>]*>//g')
langs=$(curl -s "$BASE/openapi.json" | jq -r '.components.parameters.lang.schema.enum[]')
default=$(head -n 1 <<<"$langs")
for l in $langs; do
	p=
	[[ $l != "$default" ]] && p=/$l
	urls+=("$p/llms.txt" "$p/llms-full.txt" "$p/agents.md" "$p/resume.json"
		"$p/cv.txt" "$p/cv.pdf" "$p/cv.md" "$p/nope")
done
urls+=(/sitemap.xml /robots.txt /manifest.webmanifest /openapi.json
	/api/openapi.yaml /.well-known/security.txt /contact.vcf /publications.bib)
slug=$(curl -s "$BASE/api/v1/projects" | jq -r '.data[0].slug')
while read -r p; do
	p=${p//\{slug\}/$slug}
	# search and health answer per request (health says when it loaded)
	[[ $p == */search || $p == */health ]] && continue
	for l in $langs; do
		urls+=("$p?lang=$l")
	done
done < <(curl -s "$BASE/openapi.json" | jq -r '.paths | keys[]')
mcp_calls=('"method":"tools/list","params":{'"$META"'}'
	'"method":"resources/list","params":{'"$META"'}'
	'"method":"resources/read","params":{"uri":"'"$BASE"'/cv.md",'"$META"'}')

# pdf_maps: the modules (perfil-pdf.so, perfil-zip.so), cairo and libzip as
# the current generations map them, a line "PID FILE" each (/proc/PID/maps
# of every leader and worker).
pdf_maps() {
	local l p f
	for l in $(bb_leaders "$sup"); do
		for p in "$l" $(bb_children "$l"); do
			while read -r f; do
				printf '%s %s\n' "$p" "$f"
			done < <(grep -oE '/[^ ]*/(perfil-(pdf|zip)\.so|lib(cairo|zip)\.so[.0-9]*)$' "/proc/$p/maps" 2>/dev/null | sort -u)
		done
	done
}
# The PDF module (src/site/pdf_module.h): built with it, perfil-fcgi links
# no cairo (ldd) and still serves the PDF.
module=0
if ! ldd "${PERFIL_BIN:-$STACK_ROOT/_build/default/src/perfil-fcgi}" 2>/dev/null | grep -q libcairo &&
	[[ $(curl -s -o /dev/null -w '%{http_code}' "$BASE/cv.pdf") == 200 ]]; then
	module=1
fi

# A few of them, one of each kind of render, for the cases that follow the
# first comparison.
few=(/ /en/cv /cv/industry /en/cv.pdf /cv.txt /en/llms.txt /openapi.json
	/api/v1/profile "/api/v1/projects/$slug?lang=en")

# forge NAME: rewrites the snapshot file with the stream NAME (python's
# bytes expression of s, the stream) under its own key, with a valid CRC.
forge() {
	/usr/bin/python3 - "$file" "$1" <<'EOF'
import struct, sys, zlib, random
path, how = sys.argv[1], sys.argv[2]
b = open(path, 'rb').read()
klen = struct.unpack('<I', b[12:16])[0]
at = (16 + klen + 4095) & ~4095  # the stream starts at a page
head, s = b[:at], b[at:-20]
random.seed(7)
if how == 'half':
    s = s[:len(s) // 2]
elif how == 'random':
    s = bytes(random.getrandbits(8) for _ in range(len(s) // 50))
elif how == 'counts':
    # every number the stream starts with made huge
    s = b'\xff' * 64 + s[64:]
body = head + s
open(path, 'wb').write(body + b'PERFILSE' + struct.pack('<Q', len(s)) +
    struct.pack('<I', zlib.crc32(body) & 0xffffffff))
EOF
}

t 'the first load writes the site'"'"'s snapshot, the responder'"'"'s own, mode 0400'
file=$(ls "$dir"/perfil-*.snapshot 2>/dev/null | head -n 1)
_bb_check $([[ -n $file ]] && echo 0 || echo 1) "a file perfil-HASH.snapshot in $dir" "$(ls -la "$dir")"
expect_equal 'its mode (read-only: readers map it)' 400 "$(stat -c %a "$file" 2>/dev/null)"
expect_equal 'its owner, the responder'"'"'s user' "$(stat -c %U "$dir")" "$(stat -c %U "$file" 2>/dev/null)"
grep -E "snapshot: [0-9.]+ MB of renders written to $file" "$log" >/dev/null
_bb_check $? 'perfil.log: "N MB of renders written to FILE"' "$(grep 'snapshot:' "$log")"
grep -E "snapshot: $file: [0-9.]+ MB of renders read back" "$log" >/dev/null
_bb_check $? 'then it serves from it: perfil.log: "FILE: N MB of renders read back" (app_serve_from_snapshot)' "$(grep 'snapshot:' "$log")"
if ((module)); then
	# What a load that renders looks like, for the case after the reload
	# that reads the renders back.
	pdf_maps >"$BB_TMP/maps-rendered"
	grep -q perfil-pdf.so "$BB_TMP/maps-rendered"
	_bb_check $? 'the generation that typeset the PDFs mapped the PDF module (perfil-pdf.so, in /proc/PID/maps)' "$(cat "$BB_TMP/maps-rendered")"
fi

t 'a load that cannot write its snapshot serves what it rendered: those are the answers compared'
# The generation above serves from the file it wrote: the bytes compared
# below come from one that rendered them and kept them.
rm -f "$file"
chmod 0500 "$dir"
reload_says snapshot "$dir: cannot be written \\(Permission denied\\): no snapshot" 'perfil.log: "cannot be written (Permission denied): no snapshot"'
grep -E 'snapshot: .*read back' "$BB_TMP/load" >"$BB_TMP/read-back"
_bb_check $([[ -s $BB_TMP/read-back ]] && echo 1 || echo 0) 'nothing read back: the renders are the load'"'"'s own' "$(cat "$BB_TMP/read-back")"
# Under a checked build (run-checked: sanitizers, valgrind) the first
# comparison takes the few URLs and one hostile stream, not three: what those
# builds look for is in the reader and the reload, which both still run; the
# plain run compares every answer.
all=("${urls[@]}")
hostile=(half random counts)
if bb_checked; then
	all=("${few[@]}")
	hostile=(half)
fi
answers first "${all[@]}"
answers first-few "${few[@]}"
n=$(ls "$BB_TMP/first" | wc -l)
want=$((${#all[@]} * 6 + ${#mcp_calls[@]}))
_bb_check $((n != want || want < 50)) "the answers compared: ${#all[@]} URLs in 3 codings (headers and bodies) and MCP's lists" "$n files, $want expected"
chmod 0700 "$dir"

t 'a load that renders, writes its snapshot and serves from it: every answer the same bytes'
reload_says snapshot "$file: [0-9.]+ MB of renders read back" 'perfil.log: "FILE: N MB of renders read back", after "N MB written to FILE"'
grep -E "snapshot: [0-9.]+ MB of renders written to $file" "$BB_TMP/load" >/dev/null
_bb_check $? 'the same load wrote it' "$(cat "$BB_TMP/load")"
same_as first 'from the file just written' "${all[@]}"

t 'a reload of unchanged content reads the renders back: every answer the same bytes'
reload_says snapshot "$file: [0-9.]+ MB of renders read back" 'perfil.log: "FILE: N MB of renders read back"'
grep -E "cache: " "$BB_TMP/load" >/dev/null
_bb_check $((! $?)) 'the compressed variants'"'"' cache is not read (nothing is compressed)' "$(cat "$BB_TMP/load")"
same_as first 'after the reload' "${all[@]}"
grep -c "PDF-1" "$BB_TMP/now"/*.identity | grep -v ':0$' | wc -l >"$BB_TMP/pdfs"
_bb_check $(($(cat "$BB_TMP/pdfs") > 0 ? 0 : 1)) 'the PDFs among them' "$(cat "$BB_TMP/pdfs")"
if ((module)); then
	t 'a responder started on a valid snapshot maps no module, no cairo and no libzip, and serves the same PDFs'
	# A reload's loader is forked from the supervisor, which keeps what its
	# own first load mapped; a process that starts from the snapshot (a
	# restart, mod_fcgid's next process) never typesets, so never loads
	# the module (src/site/pdf_module.h).
	stack_stop_responder
	_bb_check $? 'the responder stops (SIGTERM)' "$STACK_RESPONDER_STATUS"
	before=$(wc -l <"$log")
	stack_start_responder
	_bb_check $? 'it starts again on the same cache directory' "$(tail -n 5 "$log")"
	sup=$STACK_RESPONDER_PID
	wait_every 0.05 30 bb_status_is 200 /cv.pdf
	_bb_check $? '/cv.pdf answers 200' "$(tail -n 3 "$log")"
	tail -n +$((before + 1)) "$log" | grep -E "snapshot: $file: [0-9.]+ MB of renders read back" >/dev/null
	_bb_check $? 'perfil.log: "FILE: N MB of renders read back"' "$(tail -n +$((before + 1)) "$log")"
	{
		grep -oE '/[^ ]*/(perfil-(pdf|zip)\.so|lib(cairo|zip)\.so[.0-9]*)$' "/proc/$sup/maps" | sed "s|^|$sup |"
		pdf_maps
	} >"$BB_TMP/maps-read-back"
	_bb_check $([[ -s $BB_TMP/maps-read-back ]] && echo 1 || echo 0) 'no perfil-pdf.so, perfil-zip.so, libcairo.so or libzip.so in /proc/PID/maps of its supervisor, leader and workers' "$(cat "$BB_TMP/maps-read-back")"
	l=$(bb_leaders "$sup")
	expect_equal 'its leader and workers, looked at' 1 $(($(wc -w <<<"$l") == 1 && $(bb_children "$l" | wc -w) > 0))
	same_as first-few 'after the restart' "${few[@]}"
fi

t 'a file truncated under the generation that maps it: that generation ends, the content loads again, the answers are the same bytes; nothing crashes'
# The generation serves from the file (read back above). Only root, or the
# owner after a chmod, can truncate it (mode 0400, replaced by rename):
# then a worker's next read of a page past the new end is a SIGBUS, which
# ends it with a line and status 75, and its leader with it
# (src/server/snapshot.h); the supervisor loads the content again.
n=$(grep -cE 'generation leader [0-9]+ lost the snapshot' "$log")
w=$(grep -cE "snapshot: [0-9.]+ MB of renders written to $file" "$log")
truncate -s 4096 "$file"
curl -s -o /dev/null "$BASE/"
bb_await_lines "$log" 'generation leader [0-9]+ lost the snapshot it served from; loading the content again' $((n + 1)) "$reload_ms"
_bb_check $? 'perfil.log: "generation leader N lost the snapshot it served from; loading the content again"' "$(tail -n 5 "$log")"
grep -F "$file changed while mapped (truncated?): exiting, for the content to be loaded again" "$log" >/dev/null
_bb_check $? 'perfil.log: the worker names the file: "FILE changed while mapped (truncated?): exiting ..."' "$(tail -n 8 "$log")"
# Loaded again: the truncated file is refused, a new one written.
bb_await_lines "$log" "snapshot: [0-9.]+ MB of renders written to $file" $((w + 1)) "$reload_ms"
_bb_check $? 'the load that follows writes a good file again' "$(tail -n 5 "$log")"
site_up() { [[ $(curl -s -o /dev/null -w '%{http_code}' "$BASE/") == 200 ]]; }
wait_until 10 site_up
_bb_check $? 'the site answers 200 again' "$(tail -n 3 "$log")"
same_as first-few 'once loaded again' "${few[@]}"
grep -E 'killed by signal|exited with status' "$log" >"$BB_TMP/crashes"
_bb_check $([[ -s $BB_TMP/crashes ]] && echo 1 || echo 0) 'no process killed by a signal or ended otherwise' "$(cat "$BB_TMP/crashes")"

t 'a corrupt file (one byte flipped) is ignored, with the reason; the answers are the same bytes'
size=$(stat -c %s "$file")
printf 'X' | dd of="$file" bs=1 seek=$((size / 2)) conv=notrunc status=none
reload_says snapshot "$file: its CRC-32 does not match \\(corrupt\\): ignored" 'perfil.log: "its CRC-32 does not match (corrupt): ignored"'
grep -E "snapshot: [0-9.]+ MB of renders written to $file" "$BB_TMP/load" >/dev/null
_bb_check $? 'the load wrote a good one again' "$(cat "$BB_TMP/load")"
same_as first-few 'after the corrupt file' "${few[@]}"

t 'a truncated file is ignored'
truncate -s $((size - 100)) "$file"
reload_says snapshot "$file: truncated.*: ignored" 'perfil.log: "truncated ... ignored"'
same_as first-few 'after the truncated file' "${few[@]}"

t "another site's snapshot (the same content, another base URL) under this site's name is ignored"
mkdir -p "$BB_TMP/other"
"$PERFIL_BIN" --check --content "$STACK_CONTENT" --base-url http://other.example \
	--cache-dir "$BB_TMP/other" >/dev/null 2>&1
other=$(ls "$BB_TMP/other"/perfil-*.snapshot 2>/dev/null | head -n 1)
_bb_check $([[ -n $other && $other != */${file##*/} ]] && echo 0 || echo 1) \
	"--check --cache-dir wrote that site's own file" "$other"
cat "$other" >"$file"
reload_says snapshot "$file: made for another site: ignored" 'perfil.log: "made for another site: ignored"'
same_as first-few "after another site's file" "${few[@]}"

t 'a snapshot of another build, or of another day, is ignored with that reason'
perl -0777 -pi -e 's/^build ([0-9a-f])/"build " . ($1 eq "0" ? "1" : "0")/me' "$file"
reload_says snapshot "$file: made by another build of the program or of its libraries: ignored" 'perfil.log: "made by another build ...: ignored"'
perl -0777 -pi -e 's/^date \d{4}-\d\d-\d\d/date 2000-01-01/m' "$file"
reload_says snapshot "$file: made on another day .*: ignored" 'perfil.log: "made on another day ...: ignored"'
same_as first-few 'after them' "${few[@]}"

t 'an older snapshot of this site (before an edit) replayed is ignored: the answers say the edit'
cp "$file" "$BB_TMP/old.snapshot"
jq '.headline.es = "Edited for the snapshot test"' "$STACK_CONTENT/profile.json" >"$BB_TMP/p.json" &&
	cat "$BB_TMP/p.json" >"$STACK_CONTENT/profile.json"
reload_says snapshot "$file: made from other content or labels: ignored" 'the edit: "made from other content or labels: ignored"'
answers edited "${few[@]}"
cp "$BB_TMP/old.snapshot" "$file"
reload_says snapshot "$file: made from other content or labels: ignored" 'the old file replayed: "made from other content or labels: ignored"'
same_as edited 'after the old file' "${few[@]}"
grep -l 'Edited for the snapshot test' "$BB_TMP/now"/*.identity >/dev/null
_bb_check $? 'the answers say the edit' ''

t 'a file writable by its group is not trusted'
chmod 0660 "$file"
reload_says snapshot "$file: it or its directory is not this user's alone.*: ignored" 'perfil.log: "not this user'"'"'s alone ...: ignored"'
expect_equal 'the load wrote its own again, mode 0400' 400 "$(stat -c %a "$file")"

t 'a hostile stream under a valid CRC (cut in half, random, huge counts) is refused by the reader, never served'
for how in "${hostile[@]}"; do
	forge "$how"
	reload_says snapshot "$file: .* at byte [0-9]+: ignored" "$how: perfil.log: \"REASON at byte N: ignored\""
done
same_as edited 'after them' "${few[@]}"
kill -0 "$sup" 2>/dev/null
_bb_check $? 'the supervisor is still running' ''

t 'a cache directory the responder cannot write: logged, the content loads and serves as before'
rm -f "$file"
chmod 0500 "$dir"
reload_says snapshot "$dir: cannot be written \\(Permission denied\\): no snapshot" 'perfil.log: "cannot be written (Permission denied): no snapshot"'
same_as edited 'without a snapshot' "${few[@]}"
chmod 0700 "$dir"
