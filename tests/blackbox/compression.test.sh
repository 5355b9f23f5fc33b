#!/usr/bin/env bash
# Compression: every answer rendered at start-up (API default answers, pages
# and their markdown twins, the 404 page, agent files, JSON Resume, OpenAPI
# JSON and YAML) of 1 KiB or more comes gzip- or brotli-compressed when Accept-Encoding asks
# for it (RFC 9110 section 12.5.3, q-values included), and decodes to exactly
# the identity bytes. Each coding has its own strong ETag (the identity tag
# with -gz or -br inside the quotes); If-None-Match matches only the tag of
# the coding the request would get; HEAD sends the same headers as GET.
# Answers rendered per request (search, other pages, a project's page) are
# compressed from 8 KiB only; a smaller one kept at start-up (a project's API
# answer) stays identity.
. "$(dirname "$0")/lib.sh"

slug=$(content projects.json '.[0].slug' | tr -d '"')

# path and status of every answer checked (the 404 page is a 404). The
# negotiation is one function whatever the answer: the whole matrix below
# (every Accept-Encoding, HEAD and If-None-Match in each coding, each
# coding's tag against the others) runs for an API answer, a page, the 404
# page and a large document (full_paths); the other answers are checked in
# each coding (none, gzip, br), HEAD in br and If-None-Match with their own
# tags, which is what differs between them: bytes stored per answer.
full_paths=' /api/v1/profile /cv /no-such-page /openapi.json '
answers=(
	/api/v1/profile:200
	/api/v1/projects:200
	/about:200
	/en/developers:200
	/developers.md:200
	/cv:200
	/no-such-page:404
	/llms.txt:200
	/en/agents.md:200
	/resume.json:200
	/openapi.json:200
	/api/openapi.yaml:200
)

# Accept-Encoding (- for none) and the coding the answer must come in. When
# nothing is acceptable ('*;q=0') the answer is identity all the same (RFC 9110
# allows ignoring the header rather than answering 406).
codings=(
	'-:identity'
	'gzip:gzip'
	'br:br'
	'gzip, deflate, br:br'
	'br;q=0, gzip:gzip'
	'gzip;q=0:identity'
	'identity:identity'
	'*:br'
	'*;q=0, identity:identity'
	'*;q=0:identity'
	'identity;q=0, gzip:gzip'
	'gzip;q=0.5, br;q=0.4:gzip'
	'gzip;q=abc, br:identity'
)

# decode CODING FILE: print FILE decoded from CODING.
decode() {
	case $1 in
	identity) cat "$2" ;;
	gzip) gzip -dc <"$2" ;;
	br) brotli -dc <"$2" ;;
	esac
}

# tag_of ETAG CODING: print the tag of CODING's variant of ETAG.
tag_of() {
	local t
	tag_to t "$1" "$2"
	printf '%s\n' "$t"
}
# tag_to VAR ETAG CODING: set VAR to tag_of ETAG CODING (no subshell: the
# loops below run it 500 times).
tag_to() {
	case $3 in
	identity) printf -v "$1" '%s' "$2" ;;
	gzip) printf -v "$1" '%s-gz"' "${2%\"}" ;;
	br) printf -v "$1" '%s-br"' "${2%\"}" ;;
	esac
}

# ae_args HEADER: set AE to curl's arguments for Accept-Encoding HEADER.
ae_args() {
	AE=()
	if [[ $1 != - ]]; then
		AE=(-H "Accept-Encoding: $1")
	fi
}

# expect_coding CODING: the last answer is in CODING and says so.
expect_coding() {
	if [[ $1 == identity ]]; then
		expect_header_absent content-encoding
	else
		expect_header content-encoding "$1"
	fi
	expect_header_match vary '(^|, *)Accept-Encoding(,|$)'
}

for entry in "${answers[@]}"; do
	path=${entry%:*} status=${entry##*:}
	ref=$BB_TMP/identity

	t "GET $path without Accept-Encoding: identity, Vary: Accept-Encoding"
	req GET "$path"
	expect_status "$status"
	expect_coding identity
	expect_header_match etag '^"[0-9a-f]+"$'
	etag=$(header etag)
	cp "$RESP_DIR/body" "$ref"
	full=$RESP_SIZE
	expect_differ 'the identity body' 0 "$full"

	every=1
	[[ $full_paths == *" $path "* ]] || every=0
	for c in "${codings[@]}"; do
		ae=${c%:*} want=${c##*:}
		((every)) || [[ $ae == gzip || $ae == br ]] || continue
		ae_args "$ae"
		t "GET $path, Accept-Encoding '$ae': $want, the identity bytes once decoded"
		req GET "$path" "${AE[@]}"
		expect_status "$status"
		expect_coding "$want"
		tag_to tag "$etag" "$want"
		expect_header etag "$tag"
		expect_header content-length "$RESP_SIZE"
		if [[ $want == identity ]]; then
			cmp -s "$ref" "$RESP_DIR/body"
		else
			decode "$want" "$RESP_DIR/body" >"$BB_TMP/decoded" 2>"$BB_TMP/decode-err" &&
				cmp -s "$ref" "$BB_TMP/decoded"
		fi
		if (($? != 0)); then
			_bb_fail "the $want body decodes to the identity bytes" \
				"it does not: $(head -c 200 "$BB_TMP/decode-err" 2>/dev/null)"
		else
			_bb_pass
		fi
		if [[ $want != identity ]]; then
			_bb_check "$((RESP_SIZE < full ? 0 : 1))" \
				"$want smaller than identity ($full bytes)" "$RESP_SIZE bytes"
		fi
	done

	for want in identity gzip br; do
		((every)) || [[ $want == br ]] || continue
		ae_args "$want"
		t "HEAD $path in $want: the GET's headers, no body"
		req GET "$path" "${AE[@]}"
		get_length=$(header content-length) get_etag=$(header etag)
		get_vary=$(header vary) get_type=$(header content-type)
		req HEAD "$path" "${AE[@]}"
		expect_status "$status"
		expect_coding "$want"
		expect_header content-length "$get_length"
		expect_header etag "$get_etag"
		expect_header vary "$get_vary"
		expect_header content-type "$get_type"
		expect_body_empty
	done

	[[ $status == 200 ]] || continue
	for want in identity gzip br; do
		ae_args "$want"
		tag_to tag "$etag" "$want"
		t "GET $path in $want with If-None-Match: its own tag is a 304"
		req GET "$path" "${AE[@]}" -H "If-None-Match: $tag"
		expect_status 304
		expect_header etag "$tag"
		expect_header_match vary '(^|, *)Accept-Encoding(,|$)'
		expect_header_absent content-encoding
		expect_body_empty
		req GET "$path" "${AE[@]}" -H "If-None-Match: \"x\", $tag"
		expect_status 304

		# Another coding's tag names other bytes: a full answer.
		for other in identity gzip br; do
			((every)) && [[ $other != "$want" ]] || continue
			t "GET $path in $want with the $other tag: 200 in $want"
			tag_to otag "$etag" "$other"
			req GET "$path" "${AE[@]}" -H "If-None-Match: $otag"
			expect_status 200
			expect_coding "$want"
			expect_header etag "$tag"
		done
	done
done

# check_now PATH ETAG AE WANT: PATH, rendered per request (identity tag ETAG,
# identity bytes in $BB_TMP/identity), asked for with Accept-Encoding AE, comes
# in coding WANT with that coding's tag and decodes to the identity bytes; HEAD
# gives the same length and tag, and If-None-Match with the tag a 304.
check_now() {
	local path=$1 etag=$2 ae=$3 want=$4 tag length
	req GET "$path" -H "Accept-Encoding: $ae"
	expect_status 200
	expect_coding "$want"
	expect_header etag "$(tag_of "$etag" "$want")"
	decode "$want" "$RESP_DIR/body" 2>/dev/null | cmp -s "$BB_TMP/identity" -
	_bb_check $? "the $want body decodes to the identity bytes" 'it does not'
	tag=$(header etag) length=$(header content-length)
	req HEAD "$path" -H "Accept-Encoding: $ae"
	expect_status 200
	expect_coding "$want"
	expect_header content-length "$length"
	expect_header etag "$tag"
	expect_body_empty
	req GET "$path" -H "Accept-Encoding: $ae" -H "If-None-Match: $tag"
	expect_status 304
	expect_header etag "$tag"
	expect_body_empty
}

# identity_ref PATH: GET PATH without Accept-Encoding, a 200 in identity with
# a strong tag; sets etag (its tag) and full (its size), its bytes in
# $BB_TMP/identity, for check_now.
identity_ref() {
	req GET "$1"
	expect_status 200
	expect_coding identity
	expect_header_match etag '^"[0-9a-f]+"$'
	etag=$(header etag)
	cp "$RESP_DIR/body" "$BB_TMP/identity"
	full=$(wc -c <"$BB_TMP/identity")
}

# Answers rendered per request are compressed from 8 KiB (docs/performance.md,
# "Compression"), at the fastest levels: the same rules otherwise.
big='/api/v1/search?q=a%20e%20i%20o%20u&limit=50'
t "GET $big (rendered per request) without Accept-Encoding: identity"
identity_ref "$big"
if ((full >= 8192)); then
	for c in 'gzip:gzip' 'br:br' 'gzip, deflate, br:br' 'br;q=0, gzip:gzip' \
		'*;q=0, identity:identity' 'gzip;q=0:identity'; do
		ae=${c%:*} want=${c##*:}
		t "GET $big ($full bytes), Accept-Encoding '$ae': $want, the identity bytes once decoded; HEAD and If-None-Match agree"
		check_now "$big" "$etag" "$ae" "$want"
	done
else
	echo "  note  $BB_FILE: $big is $full bytes here, under 8 KiB: its compression is not checked"
fi

# A project's page is rendered per request (pages.c): the same rule, with the
# tag of its identity bytes for identity and 304s.
for path in "/en/projects/$slug" "/projects/$slug.md"; do
	t "GET $path (rendered per request) without Accept-Encoding: identity"
	identity_ref "$path"
	want=identity
	if ((full >= 8192)); then
		want=br
	fi
	t "GET $path ($full bytes) asking for br: $want, the identity bytes once decoded; HEAD and If-None-Match agree"
	check_now "$path" "$etag" 'gzip, deflate, br' "$want"
done

# Answers kept at start-up are compressed from 1 KiB (ENC_KEPT_MIN,
# src/http/encoding.h: one TCP segment either way): a project's API answer,
# 700-900 bytes in the demo, stays identity, by the same rules otherwise.
path="/api/v1/projects/$slug"
t "GET $path (kept at start-up, under 1 KiB) without Accept-Encoding: identity"
identity_ref "$path"
expect_equal "the demo's project answer is under 1 KiB ($full bytes)" yes \
	"$( ((full < 1024)) && echo yes || echo no)"
t "GET $path ($full bytes) asking for br: identity, Vary: Accept-Encoding; HEAD and If-None-Match agree"
check_now "$path" "$etag" 'gzip, deflate, br' identity

small='/api/v1/search?q=cloud'
t "GET $small (rendered per request, under 8 KiB) asking for br: identity, Vary: Accept-Encoding"
req GET "$small" -H 'Accept-Encoding: gzip, deflate, br'
expect_status 200
expect_coding identity
expect_header_match etag '^"[0-9a-f]+"$'

t 'the three tags of one answer differ'
req GET /openapi.json
id_tag=$(header etag)
req GET /openapi.json -H 'Accept-Encoding: gzip'
gz_tag=$(header etag)
req GET /openapi.json -H 'Accept-Encoding: br'
br_tag=$(header etag)
expect_differ 'identity and gzip tags' "$id_tag" "$gz_tag"
expect_differ 'identity and br tags' "$id_tag" "$br_tag"
expect_differ 'gzip and br tags' "$gz_tag" "$br_tag"

# The shipped brotli quality only: the checked runs compress at the
# fastest levels (PERFIL_TEST_FAST_COMPRESSION, tests/blackbox/run-checked).
if [[ ${PERFIL_TEST_FAST_COMPRESSION-} != 1 ]]; then
	t '/openapi.json in brotli is at most a sixth of its identity size'
	req GET /openapi.json
	full=$(wc -c <"$RESP_DIR/body")
	req GET /openapi.json -H 'Accept-Encoding: br'
	expect_header content-encoding br
	size=$(wc -c <"$RESP_DIR/body")
	_bb_check "$((size * 6 <= full ? 0 : 1))" \
		"at most $((full / 6)) bytes (identity: $full)" "$size bytes"
fi

t 'If-Match takes the tag of the coding chosen'
req GET /api/v1/profile -H 'Accept-Encoding: br'
br_tag=$(header etag)
req GET /api/v1/profile -H 'Accept-Encoding: br' -H "If-Match: $br_tag"
expect_status 200
expect_header content-encoding br
req GET /api/v1/profile -H "If-Match: $br_tag"
expect_status 412

t 'errors rendered per request are not compressed'
req GET /api/v1/projects/no-such-project -H 'Accept-Encoding: gzip, br'
expect_status 404
expect_header_absent content-encoding
expect_json '.error.code' '"not_found"'

# Large answers (encoding.h, ENC_LARGE: 256 KiB) keep only their compressed
# variants; identity is inflated from gzip per request. A private stack on
# generated content (tests/bench/gen-content, 300 items per collection)
# makes the CV pages and JSON Resumes that large.
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT
rm -rf "$BB_TMP/large"
"$STACK_ROOT/tests/bench/gen-content" "$BB_TMP/large" 300 >/dev/null
chmod -R a+rX "$BB_TMP/large"
PERFIL_CONTENT=$BB_TMP/large bb_private_stack 950 'on generated content'
for p in /cv /en/cv.md /resume.json /en/resume.json; do
	t "$p, larger than 256 KiB: identity, gzip and br are the same bytes; HEAD says the length"
	req GET "$p"
	expect_status 200
	expect_header_absent content-encoding
	cp "$RESP_DIR/body" "$BB_TMP/large.identity"
	tag=$(header etag)
	expect_equal 'larger than 256 KiB' yes "$( (($(wc -c <"$BB_TMP/large.identity") > 262144)) && echo yes || echo no)"
	req GET "$p" -H 'Accept-Encoding: gzip'
	expect_header content-encoding gzip
	expect_equal 'gzip decodes to the identity bytes' '' "$(gunzip <"$RESP_DIR/body" | cmp - "$BB_TMP/large.identity" 2>&1)"
	req GET "$p" -H 'Accept-Encoding: br'
	expect_header content-encoding br
	expect_equal 'br decodes to the identity bytes' '' "$(brotli -d <"$RESP_DIR/body" | cmp - "$BB_TMP/large.identity" 2>&1)"
	req HEAD "$p"
	expect_header content-length "$(wc -c <"$BB_TMP/large.identity")"
	req GET "$p" -H "If-None-Match: $tag"
	expect_status 304
done
