#!/usr/bin/env bash
# The owner's identity on the open web: the card atop the home page and the
# CV, in every language, is an h-card (microformats2) in the visible markup
# (no hidden values), whose properties a real parser (Debian's python3-mf2py)
# finds equal to the API's profile, and every link to one of the owner's
# profiles says rel="me" (what Mastodon and IndieAuth verify).
. "$(dirname "$0")/lib.sh"

# Debian's python3-mf2py is the system Python's module: a python3 earlier
# on the PATH (pyenv, a virtualenv) may not have it.
PY=/usr/bin/python3
[[ -x $PY ]] || PY=python3
t 'python3-mf2py is installed (tests/lib/install-deps.sh)'
if "$PY" -c 'import mf2py' 2>/dev/null; then
	_bb_pass
else
	_bb_fail 'the python3 module mf2py' 'missing'
	exit 1
fi

# hcard_diff PAGE PROFILE KIND COUNTRY: the h-card facts of HTML file PAGE
# that differ from the API profile JSON file PROFILE (one line each), or
# nothing; KIND "home": the page must link every profile (rel=me); COUNTRY:
# the country's name in the page's language (the API gives its code).
hcard_diff() {
	"$PY" - "$1" "$2" "$BASE" "$3" "$4" <<'EOF'
import json, sys, mf2py
from urllib.parse import urljoin
page, prof, base = sys.argv[1], sys.argv[2], sys.argv[3]
page_is_home = sys.argv[4] == "home"
p = json.load(open(prof, encoding="utf-8"))["data"]
html_text = open(page, encoding="utf-8").read()
doc = mf2py.parse(doc=html_text, url=base + "/")
cards = [i for i in doc["items"] if "h-card" in i["type"]]
if len(cards) != 1:
    print("h-cards: %d, not 1" % len(cards))
    sys.exit()
c = cards[0]["properties"]
loc = p.get("location", {})
want = {
    "name": p["name"],
    "email": "mailto:" + p["email"] if p.get("email") else None,
    "job-title": p.get("job_title"),
    "org": (p.get("employer") or {}).get("name"),
    "locality": loc.get("city"),
    "region": loc.get("region"),
    "note": p.get("summary"),
}
for k, v in want.items():
    if v is None:
        continue
    got = c.get(k, [None])
    got = got[0] if len(got) == 1 else got
    if got != v:
        print("%s: %r, not %r" % (k, got, v))
country = c.get("country-name", [None])[0]
if country != sys.argv[5]:
    print("country-name: %r, not %r" % (country, sys.argv[5]))
# u-url: the site first, then every profile (rel=me)
urls = c.get("url", [])
want_urls = ([p["url"]] if p.get("url") else []) + \
    [pr["url"] for pr in p.get("profiles", [])]
if urls != want_urls:
    print("url: %r, not %r" % (urls, want_urls))
# visible: no property hides in a <data> or a hidden element
if "<data " in html_text or " hidden" in html_text:
    print("hidden values in the page")
if p.get("image"):
    photo = c.get("photo", [None])[0]
    if isinstance(photo, dict):
        photo = photo.get("value")
    if not photo or not photo.startswith(("http://", "https://")) or \
            photo.rsplit("/", 1)[-1].split(".")[0] not in p["image"]:
        print("photo: %r for %r" % (photo, p["image"]))
# every profile the page links (the home page links them all)
me = set(doc["rels"].get("me", []))
html = html_text
for pr in p.get("profiles", []):
    linked = 'href="%s"' % pr["url"] in html or page_is_home
    if linked and pr["url"] not in me:
        print("rel=me missing on %s" % pr["url"])
EOF
}

req GET /api/v1/profile
cp "$RESP_DIR/body" "$BB_TMP/profile-es.json"
req GET '/api/v1/profile?lang=en'
cp "$RESP_DIR/body" "$BB_TMP/profile-en.json"

for path in / /cv /en/ /en/cv; do
	case $path in /en/*) lang=en ;; *) lang=es ;; esac
	t "$path: its h-card is the $lang profile, with rel=me on every profile link"
	req GET "$path"
	expect_status 200
	# The country's name in the language, by another CLDR implementation
	# (node's Intl), from the API's code.
	country=$(node -e 'console.log(new Intl.DisplayNames([process.argv[1]],
		{type: "region"}).of(process.argv[2]))' "$lang" \
		"$(jq -r .data.location.country "$BB_TMP/profile-$lang.json")")
	expect_equal 'facts that differ from the API' '' \
		"$(hcard_diff "$RESP_DIR/body" "$BB_TMP/profile-$lang.json" \
		    "$([[ $path == */ ]] && echo home)" "$country")"
done

t '/contact: the profile links say rel="me" there too'
req GET /contact
expect_status 200
n=$(jq '.data.profiles | length' "$BB_TMP/profile-es.json")
expect_equal 'links with rel="me"' "$n" "$(grep -o 'rel="me"' "$RESP_DIR/body" | wc -l)"

t '/about: not an h-card (only the home page and the CV are)'
req GET /about
expect_body_not_contains 'h-card'
