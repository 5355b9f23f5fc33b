#!/usr/bin/env bash
# front: nginx-only --init --from-linkedin is the responder's own; one front is enough
# LinkedIn import (issue 38): perfil-fcgi --init DIR --from-linkedin ZIP on
# an archive of every file docs/resume.md lists (tests/fixtures/linkedin,
# written from LinkedIn's documentation, no personal data) writes content
# that passes --check and reports what has no place; each CSV row is then
# compared with the API's answer for it through a private stack. A
# damaged archive (a missing Profile.csv, a bad date, a file not in UTF-8,
# a ZIP bomb, a missing column, not a ZIP) gets a message naming the
# archive, the file and the reason, exit 1, and nothing written.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT

fx=$STACK_ROOT/tests/fixtures/linkedin

# zip_of ZIP DIR [NAME=FILE...]: ZIP with every CSV of DIR, each NAME
# replaced by FILE's bytes ("-" leaves NAME out).
zip_of() {
	python3 - "$@" <<'PY'
import glob, os, sys, zipfile
out, src, repl = sys.argv[1], sys.argv[2], dict(a.split("=", 1) for a in sys.argv[3:])
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for f in sorted(glob.glob(os.path.join(src, "*.csv"))):
        name = os.path.basename(f)
        if repl.get(name) == "-":
            continue
        z.write(repl.get(name, f), name)
PY
}

if ! "$PERFIL_BIN" --help | grep -q -- '--from-linkedin'; then
	t 'this build has --from-linkedin'
	_bb_fail 'perfil-fcgi --help lists --from-linkedin' 'it does not'
	exit 1
fi

zip_of "$BB_TMP/archive.zip" "$fx"
out=$BB_TMP/li
rm -rf "$out"

run_cmd "$PERFIL_BIN" --init "$out" --from-linkedin "$BB_TMP/archive.zip"
if [[ $(<"$BB_TMP/stderr") == *'built without libzip'* ]]; then
	t 'built without libzip (configure --without-libzip): --from-linkedin says so and writes nothing'
	expect_exit 1
	expect_stderr_match 'needs a build with it \(Debian: libzip-dev\)'
	expect_equal 'nothing written' no "$([[ -e $out ]] && echo yes || echo no)"
	exit 0
fi
t '--init --from-linkedin ZIP: content that passes --check, with a report of what has no place'
expect_exit 0
cp "$BB_TMP/stdout" "$BB_TMP/report"
run_cmd "$PERFIL_BIN" --check --content "$out"
expect_exit 0
for line in 'not imported: Connections.csv (' 'not imported: Profile.csv: Birth Date (' \
	'not imported: Certifications.csv: License Number (' 'not imported: Volunteering.csv: Cause (' \
	'not imported: Recommendations_Received.csv: line 4 (a recommendation not shown' \
	'not imported: Profile.csv: Websites "https://blog.ada.example/"' \
	'placeholder: skills.json: [0].category = "TODO: category"'; do
	expect_equal "a report line with '$line'" yes "$(grep -qF -- "$line" "$BB_TMP/report" && echo yes || echo no)"
done

t 'served: each CSV row is the API'"'"'s answer for it'
chmod -R a+rX "$out"
export PERFIL_CONTENT=$out
# The import has collections the demo's document lacks (publications,
# awards, ...): the contract step holds these answers to its own document.
export BB_OWN_DOCUMENT=1
bb_private_stack 960 'serving the LinkedIn import'
for c in profile experience education certifications projects publications awards volunteer \
	recommendations skills spoken-languages; do
	if [[ $c == profile ]]; then
		req GET "/api/v1/profile"
	else
		req GET "/api/v1/$c?limit=100"
	fi
	expect_status 200
	cp "$RESP_DIR/body" "$BB_TMP/api-$c.json"
done
req GET /resume.json
expect_status 200
cp "$RESP_DIR/body" "$BB_TMP/resume.json"
cat >"$BB_TMP/compare.py" <<'PY'
import csv, json, os, re, sys
fx, tmp = sys.argv[1], sys.argv[2]
M = {m: i + 1 for i, m in enumerate("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split())}
def iso(s):
    if not s: return None
    m = re.fullmatch(r"(\w{3}) (\d{4})", s)
    if m: return "%s-%02d" % (m[2], M[m[1]])
    m = re.fullmatch(r"(\w{3}) (\d{1,2}), (\d{4})", s)
    if m: return "%s-%02d-%02d" % (m[3], M[m[1]], int(m[2]))
    return s
def shown(s):
    # the API's date in English, as ICU writes it: "June 2015", "October 12, 2019"
    import datetime
    d = iso(s)
    if d is None: return None
    p = [int(x) for x in d.split("-")]
    if len(p) == 3: return datetime.date(*p).strftime("%B ") + str(p[2]) + ", " + str(p[0])
    if len(p) == 2: return datetime.date(p[0], p[1], 1).strftime("%B %Y")
    return d
def rows(name):
    with open(os.path.join(fx, name), newline="", encoding="utf-8") as f:
        lines = list(csv.reader(f))
    i = next(k for k, l in enumerate(lines) if l and l[0] not in ("Notes:",) and not l[0].startswith("When ") and not l[0].startswith("This "))
    head = lines[i]
    return [dict(zip(head, l)) for l in lines[i + 1:] if any(l)]
def api(c):
    d = json.load(open(os.path.join(tmp, "api-%s.json" % c)))["data"]
    return d
bad = 0
def check(what, got, want):
    global bad
    if want in (None, ""): return
    if got != want:
        print("MISMATCH %s: API %r, CSV %r" % (what, got, want)); bad += 1
def find(items, key, value, what):
    for it in items:
        if it.get(key) == value: return it
    global bad
    print("MISSING %s: no item with %s %r" % (what, key, value)); bad += 1
    return {}
p = api("profile"); r = rows("Profile.csv")[0]
check("Profile.csv name", p.get("name"), r["First Name"] + " " + r["Last Name"])
check("Profile.csv Headline", p.get("headline"), r["Headline"])
check("Profile.csv Geo Location", p.get("location", {}).get("city"), r["Geo Location"].split(",")[0])
check("Email Addresses.csv primary", p.get("email"), [e for e in rows("Email Addresses.csv") if e["Primary"] == "Yes"][0]["Email Address"])
for r in rows("Positions.csv"):
    it = find(api("experience"), "role", r["Title"], "Positions.csv " + r["Title"])
    check("Positions.csv Company Name", it.get("organization"), r["Company Name"])
    check("Positions.csv Description", it.get("description"), r["Description"])
    # location is content-only (not in the API object): /resume.json has it
    rj = [w for w in json.load(open(os.path.join(tmp, "resume.json")))["work"] if w["position"] == r["Title"]]
    check("Positions.csv Location (/resume.json)", rj[0].get("location") if rj else None, r["Location"] or None)
    check("Positions.csv Started On (/resume.json)", rj[0].get("startDate") if rj else None, iso(r["Started On"]))
for r in rows("Education.csv"):
    it = find(api("education"), "institution", r["School Name"], "Education.csv")
for r in rows("Certifications.csv"):
    it = find(api("certifications"), "title", r["Name"], "Certifications.csv")
    check("Certifications.csv Authority", it.get("institution"), r["Authority"])
    check("Certifications.csv Url", it.get("credential_url"), r["Url"])
for r in rows("Projects.csv"):
    it = find(api("projects"), "title", r["Title"], "Projects.csv")
    check("Projects.csv Url", it.get("url"), r["Url"])
for r in rows("Publications.csv"):
    it = find(api("publications"), "title", r["Name"], "Publications.csv")
    check("Publications.csv Publisher", it.get("publisher"), r["Publisher"])
    check("Publications.csv Published On", it.get("date"), shown(r["Published On"]))
for r in rows("Honors.csv"):
    it = find(api("awards"), "title", r["Title"], "Honors.csv")
    check("Honors.csv Issued On", it.get("date"), shown(r["Issued On"]))
for r in rows("Volunteering.csv"):
    it = find(api("volunteer"), "organization", r["Company Name"], "Volunteering.csv")
    check("Volunteering.csv Role", it.get("role"), r["Role"])
for r in rows("Recommendations_Received.csv"):
    name = r["First Name"] + " " + r["Last Name"]
    if r["Status"] != "VISIBLE":
        if any(i.get("name") == name for i in api("recommendations")):
            print("SHOWN a hidden recommendation: " + name); bad += 1
        continue
    it = find(api("recommendations"), "name", name, "Recommendations_Received.csv")
    check("Recommendations_Received.csv Text", it.get("comment"), r["Text"])
names = [s["name"] for c in api("skills") for s in c["skills"]]
for r in rows("Skills.csv"):
    check("Skills.csv " + r["Name"], r["Name"] in names, True)
for r in rows("Languages.csv"):
    it = find(api("spoken-languages"), "language", r["Name"], "Languages.csv")
    check("Languages.csv Proficiency", it.get("fluency"), r["Proficiency"])
print("checked; %d differences" % bad)
sys.exit(1 if bad else 0)
PY
expect_equal 'Geo Location "Bristol, England, United Kingdom": city, region, country (ICU'"'"'s name of GB)' \
	'{"city":"Bristol","region":"England","country":"GB"}' \
	"$(jq -c '.data.location | {city, region, country}' "$BB_TMP/api-profile.json")"
run_cmd python3 "$BB_TMP/compare.py" "$fx" "$BB_TMP"
expect_exit 0
expect_stdout_match 'checked; 0 differences'

# damaged NAME MESSAGE [NAME=FILE...]: the fixture archive with the given
# files replaced is refused with MESSAGE, exit 1, nothing written.
damaged() {
	local title=$1 message=$2 zip=$BB_TMP/$1.zip dir=$BB_TMP/$1.out
	shift 2
	zip_of "$zip" "$fx" "$@"
	rm -rf "$dir"
	t "a damaged archive ($title): a clear message, exit 1, nothing written"
	run_cmd "$PERFIL_BIN" --init "$dir" --from-linkedin "$zip"
	expect_exit 1
	expect_stderr_match "$message"
	expect_equal 'nothing written' no "$([[ -e $dir ]] && echo yes || echo no)"
}

damaged no-profile 'no Profile\.csv: not a LinkedIn data archive' Profile.csv=-
sed 's/Jan 2020/Janvier 2020/' "$fx/Positions.csv" >"$BB_TMP/bad-date.csv"
damaged bad-date 'Positions\.csv: line 2: Started On "Janvier 2020" is not a date' "Positions.csv=$BB_TMP/bad-date.csv"
iconv -f UTF-8 -t ISO-8859-1 <<<$'Name,Proficiency\nEspañol,Native or bilingual proficiency' >"$BB_TMP/latin1.csv"
damaged latin1 'Languages\.csv: line [0-9]+: not UTF-8 text' "Languages.csv=$BB_TMP/latin1.csv"
sed '1s/School Name/School/' "$fx/Education.csv" >"$BB_TMP/no-column.csv"
damaged no-column 'Education\.csv: no header naming School Name|Education\.csv: line 1: the header has no column "School Name"' "Education.csv=$BB_TMP/no-column.csv"
printf 'Company Name,Title\n"Open quote,x\n' >"$BB_TMP/open-quote.csv"
damaged open-quote 'Positions\.csv: line 2: a quoted field is not closed' "Positions.csv=$BB_TMP/open-quote.csv"

t 'a ZIP bomb is refused before it is inflated; so is a file that is not a ZIP'
python3 - "$BB_TMP/bomb.zip" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("Profile.csv", b"First Name\nA\n")
    z.writestr("Positions.csv", b"Company Name\n" + b"a" * (15 << 20))
PY
rm -rf "$BB_TMP/bomb.out"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/bomb.out" --from-linkedin "$BB_TMP/bomb.zip"
expect_exit 1
expect_stderr_match 'bomb\.zip: Positions\.csv: refused: 15728653 bytes from [0-9]+ compressed .*a ZIP bomb'
expect_equal 'nothing written' no "$([[ -e $BB_TMP/bomb.out ]] && echo yes || echo no)"
printf 'not a zip' >"$BB_TMP/text.zip"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/bomb.out" --from-linkedin "$BB_TMP/text.zip"
expect_exit 1
expect_stderr_match 'text\.zip: not a readable ZIP archive'

# The archive's reader as a module (src/import/linkedin_zip.h), in a build
# that has one beside the responder: a copy of the responder without it
# refuses the import and says why; with it, the import works.
if [[ -f ${PERFIL_BIN%/*}/perfil-zip.so ]]; then
	t 'a responder whose LinkedIn module (perfil-zip.so) is missing says so and writes nothing; beside it, the import works'
	mod=$BB_TMP/zipmodule
	rm -rf "$mod" "$BB_TMP/nomod.out" "$BB_TMP/mod.out"
	mkdir -p "$mod"
	cp "$PERFIL_BIN" "$mod/perfil-fcgi"
	run_cmd "$mod/perfil-fcgi" --init "$BB_TMP/nomod.out" --from-linkedin "$BB_TMP/archive.zip"
	expect_exit 1
	expect_stderr_match "the LinkedIn import's module: $mod/perfil-zip\\.so: cannot open shared object file.*archive\\.zip: cannot be read: the LinkedIn import's module perfil-zip\\.so did not load"
	expect_equal 'nothing written' no "$([[ -e $BB_TMP/nomod.out ]] && echo yes || echo no)"
	cp "${PERFIL_BIN%/*}/perfil-zip.so" "$mod/"
	run_cmd "$mod/perfil-fcgi" --init "$BB_TMP/mod.out" --from-linkedin "$BB_TMP/archive.zip"
	expect_exit 0
	expect_equal 'the same content as the build'"'"'s responder wrote' same \
		"$(diff -r "$out" "$BB_TMP/mod.out" >/dev/null 2>&1 && echo same || diff -r "$out" "$BB_TMP/mod.out" 2>&1 | head -n 5)"
fi

t 'combined with a résumé for a second language'
cat >"$BB_TMP/es.json" <<'JSON'
{"basics": {"name": "Ada Ejemplo", "label": "Ingeniera de software embebido"},
 "work": [{"name": "Harbour Devices", "position": "Responsable de firmware", "startDate": "2020-01"}],
 "meta": {"language": "es"}}
JSON
rm -rf "$BB_TMP/both"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/both" --languages en,es --from-linkedin "en=$BB_TMP/archive.zip" --from-resume "es=$BB_TMP/es.json"
expect_exit 0
expect_equal 'the headline in both' '{"en":"Embedded software engineer","es":"Ingeniera de software embebido"}' \
	"$(jq -c .headline "$BB_TMP/both/profile.json")"
expect_equal 'the first position in both' '{"en":"Firmware lead","es":"Responsable de firmware"}' \
	"$(jq -c '.[0].role' "$BB_TMP/both/experience.json")"
expect_stdout_match 'es\.json: not matched: experience\.json\[1\]'
run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/both"
expect_exit 0
