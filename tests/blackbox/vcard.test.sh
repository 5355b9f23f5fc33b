#!/usr/bin/env bash
# The vCard (RFC 6350, version 4.0): /contact.vcf in the default language,
# /CODE/contact.vcf in the others, text/vcard, linked from the contact page
# (HTML and markdown). Each card is parsed by a real vCard library, Debian's
# python3-vobject (with /usr/bin/python3: a pyenv python may come first on
# the PATH), and its facts compared with /api/v1/profile's data in the same
# language: FN, N, TITLE, ORG, EMAIL, URL, PHOTO, ADR (and RFC 9554's CC),
# LANG, SOCIALPROFILE, NOTE; its lines are CRLF-ended and folded at 75
# octets without splitting a UTF-8 character. Then an English one-language
# site made by --init --from-resume from tests/resume/full.resume.json (a
# telephone, a street address, user names), its texts given commas,
# semicolons, a backslash and long accented words: the card carries TEL,
# the street and postal code, USERNAME, and every text comes back equal
# through the escaping and folding.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT

PY=/usr/bin/python3
t 'python3-vobject is installed (tests/lib/install-deps.sh)'
"$PY" -c 'import vobject' 2>/dev/null
_bb_check $? "/usr/bin/python3 imports vobject" 'it does not: apt-get install python3-vobject'
"$PY" -c 'import vobject' 2>/dev/null || exit 1

# The checker: CARD PROFILE-JSON [CONTENT-PROFILE]: prints one line per
# difference and exits 1 when there is any. PROFILE-JSON is the API's
# answer; CONTENT-PROFILE, when given, the content's profile.json for what
# the API does not show (phone, street, postal code, user names).
cat >"$BB_TMP/check.py" <<'EOF'
import json, sys
import vobject

card_path, api_path = sys.argv[1], sys.argv[2]
src = json.load(open(sys.argv[3])) if len(sys.argv) > 3 else None
raw = open(card_path, "rb").read()
p = json.load(open(api_path))["data"]
errs = []

def eq(what, got, want):
    if got != want:
        errs.append("%s: %r, expected %r" % (what, got, want))

# RFC 6350, 3.2: CRLF line ends, lines of at most 75 octets, a fold never
# inside a UTF-8 sequence (each physical line decodes on its own).
if not raw.endswith(b"\r\n"):
    errs.append("the card does not end in CRLF")
for i, line in enumerate(raw.split(b"\r\n")[:-1], 1):
    if b"\n" in line or b"\r" in line:
        errs.append("line %d: a bare LF or CR" % i)
    if len(line) > 75:
        errs.append("line %d: %d octets, more than 75" % (i, len(line)))
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        errs.append("line %d: a fold splits a UTF-8 character" % i)

card = vobject.readOne(raw.decode("utf-8"))

def props(name):
    return card.contents.get(name.lower(), [])

def one(name):
    v = props(name)
    if len(v) != 1:
        errs.append("%s: %d properties, expected 1" % (name, len(v)))
        return None
    return v[0]

def value(name):
    v = one(name)
    return v.value if v is not None else None

eq("BEGIN/END", card.name, "VCARD")
eq("VERSION", value("VERSION"), "4.0")
eq("FN", value("FN"), p["name"])
# N only with a given or family name (RFC 6350, 6.2.2: optional), never
# "N:;;;;".
if p.get("family_name") or p.get("given_name"):
    n = value("N")
    if n is not None:
        eq("N family", n.family, p.get("family_name", ""))
        eq("N given", n.given, p.get("given_name", ""))
else:
    eq("N without a given or family name", len(props("N")), 0)
eq("TITLE", value("TITLE"), p["job_title"])
if "employer" in p:
    eq("ORG", value("ORG"), [p["employer"]["name"]])
else:
    eq("ORG", len(props("ORG")), 0)
eq("EMAIL", value("EMAIL"), p["email"])
eq("URL", value("URL"), p["url"])
if p.get("image"):
    eq("PHOTO", value("PHOTO"), p["image"])
eq("NOTE", value("NOTE"), p["summary"])
adr = one("ADR")
if adr is not None:
    loc = p["location"]
    eq("ADR locality", adr.value.city, loc["city"])
    eq("ADR region", adr.value.region, loc["region"])
    eq("ADR CC (RFC 9554)", adr.params.get("CC"), [loc["country"]])
    if not adr.value.country or adr.value.country == loc["country"]:
        errs.append("ADR country: %r, expected the country's name" % adr.value.country)
    sloc = (src or {}).get("location", {})
    eq("ADR street", adr.value.street, sloc.get("address", ""))
    eq("ADR postal code", adr.value.code, sloc.get("postal_code", ""))
eq("LANG", [l.value for l in props("LANG")], p.get("languages", []))
eq("LANG PREF", [l.params.get("PREF") for l in props("LANG")],
   [[str(i)] for i in range(1, len(p.get("languages", [])) + 1)])
eq("SOCIALPROFILE", [(s.params.get("SERVICE-TYPE"), s.value) for s in props("SOCIALPROFILE")],
   [([x["label"]], x["url"]) for x in p.get("profiles", [])])
if src is not None:
    eq("TEL", [t.value for t in props("TEL")], [src["phone"]] if src.get("phone") else [])
    eq("SOCIALPROFILE USERNAME", [s.params.get("USERNAME") for s in props("SOCIALPROFILE")],
       [[x["username"]] if x.get("username") else None for x in src.get("profiles", [])])
for line in errs:
    print(line)
sys.exit(1 if errs else 0)
EOF

# check_cards LANG...: for each language, the card and the contact page's
# links; $SRC, when set, is the content's profile.json.
check_cards() {
	local lang def=$1 pre
	for lang in "$@"; do
		pre=
		[[ $lang == "$def" ]] || pre=/$lang
		t "$pre/contact.vcf is a vCard in $lang: text/vcard, Content-Language $lang"
		req GET "$pre/contact.vcf"
		expect_status 200
		expect_header content-type 'text/vcard; charset=utf-8'
		expect_header content-language "$lang"
		expect_header_match etag '^"[^"]+"$'
		expect_body_contains $'BEGIN:VCARD\r\nVERSION:4.0\r\n'
		expect_body_contains "SOURCE:$BASE$pre/contact.vcf"
		cp "$RESP_DIR/body" "$BB_TMP/card.vcf"
		req GET "/api/v1/profile?lang=$lang"
		expect_status 200
		cp "$RESP_DIR/body" "$BB_TMP/profile.json"

		t "$pre/contact.vcf, parsed by python3-vobject, has /api/v1/profile's facts in $lang"
		run_cmd "$PY" "$BB_TMP/check.py" "$BB_TMP/card.vcf" "$BB_TMP/profile.json" ${SRC:+"$SRC"}
		expect_exit 0

		t "$pre/contact and $pre/contact.md link $pre/contact.vcf"
		req GET "$pre/contact"
		expect_status 200
		expect_body_contains "href=\"$BASE$pre/contact.vcf\""
		req GET "$pre/contact.md"
		expect_status 200
		expect_body_contains "]($BASE$pre/contact.vcf)"

		t "HEAD $pre/contact.vcf: 200, no body; a stale If-None-Match is a 200, the tag a 304"
		req GET "$pre/contact.vcf"
		tag=$(header etag)
		req HEAD "$pre/contact.vcf"
		expect_status 200
		expect_body_empty
		req GET "$pre/contact.vcf" -H "If-None-Match: $tag"
		expect_status 304
	done
}

mapfile -t LANGS < <(content site.json '.languages // ["es", "en"] | .[]' | tr -d '"')
SRC=
check_cards "${LANGS[@]}"

t 'a language the site does not have has no card'
req GET /xx/contact.vcf
expect_status 404

# --- An English one-language site from a JSON Resume --------------------------

out=$BB_TMP/solo
rm -rf "$out"
t '--init --from-resume tests/resume/full.resume.json --languages en writes content that passes --check'
run_cmd "$PERFIL_BIN" --init "$out" --from-resume "$STACK_ROOT/tests/resume/full.resume.json" --languages en
expect_exit 0
# Texts that need escaping and folding: commas, semicolons, a backslash,
# and a summary of long accented words (two-byte characters at every fold).
jq '.job_title = "Lead, data; platform \\ infrastructure"
	| .summary = ("Ingeniería, señalización; " * 12 | rtrimstr(" "))
	| .employer = {"name": "Datos; Análisis, S.L.", "url": "https://datos.example"}' \
	"$out/profile.json" >"$out/profile.tmp" && mv "$out/profile.tmp" "$out/profile.json"
chmod -R a+rX "$out"
run_cmd "$PERFIL_BIN" --check --content "$out"
expect_exit 0

PERFIL_CONTENT=$out
bb_private_stack 620 'serving an --init --from-resume site in English'
SRC=$out/profile.json
check_cards en

t 'the English site card: the escapes and the telephone as written (RFC 6350, 3.4)'
req GET /contact.vcf
expect_body_contains $'\r\nTITLE:Lead\\, data\\; platform \\\\ infrastructure\r\n'
expect_body_contains $'\r\nORG:Datos\\; Análisis\\, S.L.\r\n'
expect_body_contains $'\r\nTEL;VALUE=text;TYPE=work,voice:'"$(jq -r .phone "$SRC")"$'\r\n'
