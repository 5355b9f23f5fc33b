#!/usr/bin/env bash
# front: nginx-only the cache is the responder's, whatever the front; run once
# The compressed variants' cache (perfil-fcgi --cache-dir, as ./serve, the
# systemd unit and the package run it; src/http/enc_cache.h): the first
# load writes the site's file, a reload of unchanged content takes every
# variant from it, and the answers are the same bytes in every coding. A
# file that is corrupt, truncated, another site's or an older one is
# ignored (the first three whole, with a line naming the file and the
# reason; an old one entry by entry), and the answers stay the bytes a
# load without it makes; a directory the responder cannot write is logged
# and serving goes on; one inside the content is refused at start.
#
# Its own stack (STACK_CACHE=0: the bytes compared must be the
# responder's, not nginx's micro-cache's), on a copy of the content.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$(dirname "$0")/caches.sh"

caches_stack 1190
urls=(/ /en/cv /api/v1/profile /api/v1/projects /openapi.json /cv.txt /llms.txt)

# cache_says REGEX DESC: reload_says on the load's cache line. The snapshot
# of the last load goes first: a reload that finds it renders nothing and
# reads no variant (snapshot.test.sh tests it).
cache_says() {
	rm -f "$dir"/perfil-*.snapshot
	reload_says cache "$@"
}

t 'the first load writes the site'"'"'s cache file, the responder'"'"'s own, mode 0600'
file=$(ls "$dir"/perfil-*.zcache 2>/dev/null | head -n 1)
_bb_check $([[ -n $file ]] && echo 0 || echo 1) "a file perfil-HASH.zcache in $dir" "$(ls -la "$dir")"
expect_equal 'its mode' 600 "$(stat -c %a "$file" 2>/dev/null)"
grep -E "cache: 0 of ([0-9]+) compressed variants reused, \\1 written to $file" "$log" >/dev/null
_bb_check $? 'perfil.log: "0 of N compressed variants reused, N written to FILE"' "$(grep 'cache:' "$log")"
total=$(sed -nE 's/.*cache: 0 of ([0-9]+) compressed.*/\1/p' "$log" | head -n 1)
_bb_check $((${total:-0} < 100)) 'over 100 variants (the demo keeps about 220)' "$total"
answers first "${urls[@]}"

t 'a reload of unchanged content takes every variant from the file: the same bytes'
cache_says "$total of $total compressed variants reused" "perfil.log: \"$total of $total compressed variants reused\""
same_as first 'after the reload' "${urls[@]}"

t 'a corrupt file (one byte flipped) is ignored whole, with the reason; the answers are the same bytes'
size=$(stat -c %s "$file")
printf 'X' | dd of="$file" bs=1 seek=$((size / 2)) conv=notrunc status=none
cache_says "$file: CRC-32 mismatch \\(corrupt\\): ignored" 'perfil.log names the file and says "CRC-32 mismatch (corrupt): ignored"'
grep -E "cache: 0 of $total compressed" <(tail -n 8 "$log") >/dev/null
_bb_check $? 'nothing reused from it' "$(grep 'cache:' "$log" | tail -n 2)"
same_as first 'after the corrupt file' "${urls[@]}"

t 'a truncated file is ignored whole; the load wrote a whole one again'
expect_equal 'the file written again' "$size" "$(stat -c %s "$file")"
truncate -s $((size - 100)) "$file"
cache_says "$file: truncated.*: ignored" 'perfil.log: "truncated ... ignored"'
same_as first 'after the truncated file' "${urls[@]}"

t "another site's file (the same content, another base URL) under this site's name is ignored"
mkdir -p "$BB_TMP/other"
"$PERFIL_BIN" --check --content "$STACK_CONTENT" --base-url http://other.example \
	--cache-dir "$BB_TMP/other" >/dev/null 2>&1
other=$(ls "$BB_TMP/other"/perfil-*.zcache 2>/dev/null | head -n 1)
_bb_check $([[ -n $other && $other != */${file##*/} ]] && echo 0 || echo 1) \
	"--check --cache-dir wrote that site's own file" "$other"
cat "$other" >"$file"
cache_says "$file: written for another site: ignored" 'perfil.log: "written for another site: ignored"'
same_as first "after another site's file" "${urls[@]}"

t 'an older file of this site (before an edit) is used entry by entry: only the unchanged answers'"'"' variants, the edited ones made again'
cp "$file" "$BB_TMP/old.zcache"
jq '.headline.es = "Edited for the cache test"' "$STACK_CONTENT/profile.json" >"$BB_TMP/p.json" &&
	cat "$BB_TMP/p.json" >"$STACK_CONTENT/profile.json"
cache_says "[0-9]+ of $total compressed variants reused" 'the edit reloads'
answers edited "${urls[@]}"
grep -q 'Edited for the cache test' "$BB_TMP/edited/2.identity"
_bb_check $? 'the profile says the edit' "$(head -c 200 "$BB_TMP/edited/2.identity")"
cp "$BB_TMP/old.zcache" "$file"
cache_says "[0-9]+ of $total compressed variants reused" 'the old file is read'
reused=$(grep 'cache:' "$log" | tail -n 1 | sed -nE 's/.*cache: ([0-9]+) of.*/\1/p')
_bb_check $((reused > 0 && reused < total ? 0 : 1)) "some variants reused, not all (of $total)" "$reused"
same_as edited 'after the old file' "${urls[@]}"
for c in gzip br; do
	if [[ $c == gzip ]]; then
		got=$(gzip -dc "$BB_TMP/now/2.gzip" | grep -c 'Edited for the cache test')
	else
		got=$(brotli -dc "$BB_TMP/now/2.br" 2>/dev/null | grep -c 'Edited for the cache test')
	fi
	expect_equal "the $c profile decompresses to the edit" 1 "$got"
done

t 'a cache directory the responder cannot write: logged, the content loads and serves as before'
chmod 0500 "$dir"
cache_says "$dir: cannot be written \\(Permission denied\\): no cache" 'perfil.log: "cannot be written (Permission denied): no cache"'
same_as edited 'without a cache' "${urls[@]}"
chmod 0700 "$dir"

t 'a cache directory inside the content directory is refused at start (exit 2)'
run_cmd "$PERFIL_BIN" --check --content "$STACK_CONTENT" --cache-dir "$STACK_CONTENT/media"
expect_exit 2
expect_stderr_match "--cache-dir .*/media is inside "
