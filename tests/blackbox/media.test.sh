#!/usr/bin/env bash
# Files the site serves itself: the content's media/ directory at /media/NAME
# (content/README.md, "media/"; docs/site.md, "Media files"). Its type by
# extension, nosniff, a strong ETag from the bytes, HEAD and 304, a year's
# immutable caching under the fingerprinted URL the pages link to
# (?v=FIRST-8-HEX-OF-THE-TAG) and the pages' lifetime under any other;
# profile.image naming one (the API's absolute URL, the pages' fingerprinted
# one with its pixel size); no path ever leaving the directory; what --check
# refuses in media/ (each error names the file); a favicon of the content's
# own; a reload with a broken media/ keeps the good content.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

: "${PERFIL_BIN:?}"

image=$(content profile.json '.image // ""' | jq -r .)
name=$(content profile.json .name | jq -r .)

# --- The demo's portrait, on the shared stack --------------------------------
if [[ $image == media/* ]]; then
	file=$CONTENT/$image
	size=$(stat -c %s "$file")

	t 'a media file: 200, its type by extension, nosniff, its exact bytes'
	req GET "/$image"
	expect_status 200
	expect_header content-type image/png
	expect_header x-content-type-options nosniff
	expect_header content-length "$size"
	expect_header_match etag '^"[0-9a-f]{16}"$'
	expect_header cache-control 'public, max-age=300, s-maxage=3600'
	expect_header_absent content-encoding
	if cmp -s "$RESP_DIR/body" "$file"; then _bb_pass; else _bb_fail 'the bytes of the file' 'they differ'; fi
	tag=$(header etag)

	t 'the same file with Accept-Encoding: br is the same bytes (no coding, no Vary on it)'
	req GET "/$image" -H 'Accept-Encoding: br, gzip'
	expect_status 200
	expect_header_absent content-encoding
	expect_header etag "$tag"

	t 'HEAD: the headers of GET, no body'
	req HEAD "/$image"
	expect_status 200
	expect_header content-type image/png
	expect_header content-length "$size"
	expect_header etag "$tag"
	expect_body_empty

	t 'If-None-Match with its tag: 304, no body'
	req GET "/$image" -H "If-None-Match: $tag"
	expect_status 304
	expect_body_empty
	req GET "/$image" -H 'If-None-Match: "0000000000000000"'
	expect_status 200

	fp=${tag:1:8}
	t 'the home page shows the fingerprinted URL with the pixel size'
	req GET /
	expect_status 200
	expect_body_contains "<img src=\"$BASE/$image?v=$fp\" alt=\"$name\" width=\"256\" height=\"256\" class=\"u-photo\">"
	expect_body_contains "<meta property=\"og:image\" content=\"$BASE/$image?v=$fp\">"
	expect_body_contains "\"image\":\"$BASE/$image?v=$fp\""
	expect_header_match content-security-policy "img-src 'self'; "

	t 'the markdown twin links the fingerprinted URL'
	req GET /index.md
	expect_body_contains "]($BASE/$image?v=$fp)"

	t 'the fingerprinted URL is kept a year, immutable'
	req GET "/$image?v=$fp"
	expect_status 200
	expect_header cache-control 'public, max-age=31536000, immutable'
	expect_header etag "$tag"

	t 'a stale or made-up fingerprint: the current bytes, kept only as long as a page'
	req GET "/$image?v=00000000"
	expect_status 200
	expect_header cache-control 'public, max-age=300, s-maxage=3600'
	req GET "/$image?v=$fp&x=1"
	expect_header cache-control 'public, max-age=300, s-maxage=3600'

	t 'the API and the JSON Resume give the absolute, stable URL (a URI, as SPEC says)'
	req GET /api/v1/profile
	expect_json .data.image "\"$BASE/$image\""
	req GET /resume.json
	expect_json .basics.image "\"$BASE/$image\""
fi

# --- Never a path leaving the directory --------------------------------------
# (nginx resolves "..", also percent-encoded, before the responder sees the
# path; Apache keeps %2F. Either way the name is looked up in a table, never
# opened.)
t 'paths that try to leave media/ or reach hidden files are the site 404'
email=$(content profile.json .email | jq -r .)
for p in /media/../profile.json /media/%2e%2e/profile.json /media/..%2fprofile.json \
	/media/%2e%2e%2fprofile.json /media/..%252fprofile.json /media/.%2e/site.json \
	/media//profile.json /media/%2fetc%2fpasswd /media/.gitkeep /media/.hidden \
	/media/portrait.png/ /media/ /media /en/media/portrait.png \
	'/media/portrait.png%00' /media/PORTRAIT.PNG; do
	req GET "$p"
	expect_differ "$p: the status" 200 "$RESP_STATUS"
	expect_body_not_contains "$email"
	expect_body_not_contains 'root:x:0'
done

t 'an unknown media file is the site HTML 404 page (markdown when asked)'
req GET /media/nope.png
expect_status 404
expect_header content-type 'text/html; charset=utf-8'
expect_body_contains '<meta name="robots" content="noindex">'
req GET /media/nope.png -H 'Accept: text/markdown'
expect_status 404
expect_header content-type 'text/markdown; charset=utf-8'

t 'a write to a media file: 405 with Allow'
req POST "/media/portrait.png"
expect_status 405
expect_header_match allow 'GET, HEAD, OPTIONS'

# --- --check on scratch content sets ------------------------------------------
# with_media NAME: a copy of the content in $BB_TMP/NAME (printed), its media/
# directory emptied.
with_media() {
	local dir=$BB_TMP/$1
	rm -rf "$dir"
	cp -R "$CONTENT" "$dir"
	rm -rf "$dir/media"
	mkdir -p "$dir/media"
	jq '.image = "https://portrait.example/p.jpg"' "$CONTENT/profile.json" >"$dir/profile.json"
	printf '%s\n' "$dir"
}
png() { # png FILE W H: a valid PNG of W x H pixels
	python3 - "$@" <<'PY'
import struct, sys, zlib
w, h = int(sys.argv[2]), int(sys.argv[3])
def chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n"
    + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    + chunk(b"IDAT", zlib.compress((b"\0" + b"\x8a\x3b\x12" * w) * h, 9))
    + chunk(b"IEND", b""))
PY
}
# expect_media_refused FILE REASON-REGEX: --check exited 1 naming media/FILE.
expect_media_refused() {
	expect_exit 1
	expect_stderr_match "perfil-fcgi: [^"$'\n'"]*/media/$1: $2"
}

t 'a FIFO in media/ is refused at once, naming it (the loader never blocks on it)'
dir=$(with_media fifo)
mkfifo "$dir/media/pipe.png"
run_cmd timeout 10 "$PERFIL_BIN" --check --content "$dir"
expect_media_refused pipe.png 'not a regular file'

t 'a symbolic link in media/ is refused, inside or outside the directory'
dir=$(with_media symlink)
ln -s /etc/passwd "$dir/media/passwd.png"
png "$dir/media/real.png" 4 4
ln -s real.png "$dir/media/alias.png"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_media_refused passwd.png 'a symbolic link'
expect_media_refused alias.png 'a symbolic link'

t 'media/ itself as a symbolic link is refused'
dir=$(with_media dirlink)
rmdir "$dir/media"
mkdir -p "$BB_TMP/elsewhere"
ln -s "$BB_TMP/elsewhere" "$dir/media"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_exit 1
expect_stderr_match '/media: not a directory \(a symbolic link is not followed\)'

t 'a file over the size limit is refused, naming it and the limit'
dir=$(with_media big)
{ printf '%%PDF-1.4\n'; head -c 4194304 /dev/zero; } >"$dir/media/cv.pdf"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_media_refused cv.pdf '4194313 bytes: more than the limit of 4194304 bytes \(4 MiB\) per media file'

t 'files over the total limit are refused before they are read, naming the file'
dir=$(with_media total)
for i in 1 2 3 4 5; do
	{ printf '%%PDF-1.4\n'; head -c 3500000 /dev/zero; } >"$dir/media/part$i.pdf"
done
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_exit 1
expect_stderr_match '/media/part[1-5]\.pdf: 3500009 bytes: the files would total more than the limit of 16777216 bytes'

t 'an unknown extension, a bad name, a subdirectory, bytes that lie: each refused by name'
dir=$(with_media kinds)
echo notes >"$dir/media/notes.txt"
echo x >"$dir/media/my photo.png"
mkdir "$dir/media/sub"
echo 'not a png' >"$dir/media/fake.png"
printf '<svg onload="x">' >"$dir/media/fake.pdf"
printf 'GIF89a\0\0\0\0' >"$dir/media/zero.gif"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_media_refused notes.txt 'unknown type: the extension must be jpg, jpeg, png, webp, avif, gif, svg, ico or pdf'
expect_media_refused 'my photo.png' 'a name of letters, digits'
expect_media_refused sub 'a directory: media/ is flat'
expect_media_refused fake.png 'not a PNG image'
expect_media_refused fake.pdf 'not a PDF document'
expect_media_refused zero.gif 'an image of 0 or more than 65535 pixels'

t 'dot-files in media/ are skipped, not an error; every type of the table passes'
dir=$(with_media types)
: >"$dir/media/.gitkeep"
png "$dir/media/a.png" 3 2
printf '\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xc0\x00\x11\x08\x00\x07\x00\x05\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01\xff\xd9' >"$dir/media/b.jpg"
cp "$dir/media/b.jpg" "$dir/media/b2.JPEG"
printf 'RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x04\x40\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00' >"$dir/media/c.webp"
printf 'GIF89a\x02\x00\x03\x00\x00\x00\x00;' >"$dir/media/d.gif"
printf '\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf' >"$dir/media/e.avif"
printf '\x00\x00\x01\x00\x01\x00\x10\x10' >"$dir/media/f.ico"
printf '<svg xmlns="http://www.w3.org/2000/svg"/>' >"$dir/media/g.svg"
printf '%%PDF-1.4\n%%%%EOF\n' >"$dir/media/h.pdf"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_exit 0
expect_stdout_match ', 9 media files \([0-9]+ bytes\);'

t 'profile.image naming a missing media file, a PDF, or a path outside media/ is refused'
dir=$(with_media image-missing)
jq '.image = "media/nope.jpg"' "$CONTENT/profile.json" >"$dir/profile.json"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_exit 1
expect_stderr_match "profile\.json: image: names media/nope\.jpg, which is not a file of the content's media/ directory"
printf '%%PDF-1.4\n' >"$dir/media/cv.pdf"
jq '.image = "/media/cv.pdf"' "$CONTENT/profile.json" >"$dir/profile.json"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_stderr_match 'profile\.json: image: names /media/cv\.pdf, which is not an image \(application/pdf\)'
jq '.image = "/img/portrait.jpg"' "$CONTENT/profile.json" >"$dir/profile.json"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_stderr_match 'profile\.json: image: neither an absolute http\(s\) URI nor media/NAME'
expect_stderr_lines 1

# --- A content set of its own, served: favicon, PDF, SVG, the "/media/" form ---
own=$(with_media served)
png "$own/media/portrait.png" 300 200
png "$own/media/favicon.png" 32 32
printf '%%PDF-1.4\n%%%%EOF\n' >"$own/media/cv.pdf"
printf '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' >"$own/media/logo.svg"
echo secret >"$own/media/.secret"
jq '.image = "/media/portrait.png"' "$CONTENT/profile.json" >"$own/profile.json"
chmod -R a+rX "$own"
export PERFIL_CONTENT=$own
trap 'stack_stop; _bb_finish' EXIT
bb_private_stack 400 'serving a content set with its own media'

t 'profile.image as "/media/NAME": the API gives the absolute URL, the page its size'
req GET /api/v1/profile
expect_json .data.image "\"$BASE/media/portrait.png\""
req GET /
expect_body_contains 'width="300" height="200" class="u-photo">'

t "the content's favicon is linked (fingerprinted) instead of the monogram; /favicon.ico redirects to it"
req GET /en/cv
expect_body_contains "<link rel=\"icon\" type=\"image/png\" href=\"$BASE/media/favicon.png?v="
expect_body_not_contains '/icon.svg"'
req GET /favicon.ico
expect_status 301
expect_header location "$BASE/media/favicon.png"

t 'a PDF: application/pdf'
req GET /media/cv.pdf
expect_status 200
expect_header content-type application/pdf
expect_header x-content-type-options nosniff

t 'an SVG is served sandboxed: no script runs when it is opened as a document'
req GET /media/logo.svg
expect_status 200
expect_header content-type image/svg+xml
expect_header content-security-policy "default-src 'none'; style-src 'unsafe-inline'; sandbox"
expect_header x-content-type-options nosniff

t 'a dot-file in media/ is never served'
req GET /media/.secret
expect_status 404
expect_body_not_contains secret

t 'a reload with a FIFO in media/ is refused: the good content keeps serving'
mkfifo "$own/media/pipe.png"
# Wait for the refusal before the next step changes the content: a slow
# supervisor (valgrind) would otherwise read the content after the FIFO is
# gone and load a third state. The content watch is on (as shipped): it
# may see the FIFO first and log a refusal of its own ("content changed")
# beside the SIGHUP's (seen under ASan), so the count is at least one more.
pipe='reload refused.*pipe\.png: not a regular file'
n=$(grep -c "$pipe" "$STACK_DIR/perfil.log")
kill -HUP "$STACK_RESPONDER_PID"
bb_await_lines "$STACK_DIR/perfil.log" "$pipe" $((n + 1)) 30000
got=$(grep -c "$pipe" "$STACK_DIR/perfil.log")
_bb_check $((got > n ? 0 : 1)) 'a refusal naming media/pipe.png: "not a regular file"' \
	"$(grep 'reload refused' "$STACK_DIR/perfil.log" | tail -n 2)"
req GET /media/cv.pdf
expect_status 200
req GET /media/pipe.png
expect_status 404
rm -f "$own/media/pipe.png"
printf '%%PDF-1.4\n%%%%EOF\n' >"$own/media/cv-en.pdf"
chmod a+r "$own/media/cv-en.pdf"
bb_reload "$STACK_RESPONDER_PID"
bb_steady 30 bb_status_is 200 /media/cv-en.pdf
req GET /media/cv-en.pdf
expect_status 200
