#!/usr/bin/env bash
# The whole CV on the website: /cv and /en/cv (HTML and markdown twins) hold
# every item of every collection as the API gives it in that language;
# /projects lists every project and each has its own page; link previews
# (Open Graph, Twitter card), the ProfilePage JSON-LD, the icon, the CSP,
# the sitemap and llms.txt know the new pages.
#
# Expectations come from the API and the content, item by item.
. "$(dirname "$0")/lib.sh"

LABELS=$STACK_ROOT/labels
name=$(content profile.json .name | jq -r .)
image=$(page_image) # as the pages link it

# html_text FILE: the text of an HTML document (tags dropped, entities
# decoded), one line per source line.
html_text() {
	python3 -c 'import html, re, sys
print(html.unescape(re.sub(r"<[^>]*>", "", open(sys.argv[1], encoding="utf-8").read())))' "$1"
}

# md_plain FILE: markdown with its backslash escapes removed.
md_plain() {
	sed 's/\\\([][\\`*_<>#+=-]\)/\1/g' "$1"
}

for lang in es en; do
	if [[ $lang == es ]]; then pre=; else pre=/en; fi
	label() { jq -r --arg k "$1" '.[$k]' "$LABELS/$lang.json"; }

	req GET "$pre/cv"
	expect_status 200
	html_text "$RESP_DIR/body" >"$BB_TMP/cv-$lang.txt"
	cp "$RESP_DIR/body" "$BB_TMP/cv-$lang.html"
	req GET "$pre/cv.md"
	expect_status 200
	md_plain "$RESP_DIR/body" >"$BB_TMP/cv-$lang.md"
	cp "$RESP_DIR/body" "$BB_TMP/cv-$lang.raw.md"

	t "$pre/cv: the API and the content list the same items"
	for c in experience projects skills certifications education recommendations; do
		page_items "$c" "$lang" >"$BB_TMP/$c-$lang.json" 2>"$BB_TMP/err"
		expect_equal "$c items (API = content)" "$(jq length "$BB_TMP/api.json")" \
			"$(jq length "$BB_TMP/$c-$lang.json" 2>&1)"
	done

	for form in txt md; do
		f=$BB_TMP/cv-$lang.$form
		t "$pre/cv ($form): every experience entry: role, organization, period, description"
		expect_differ 'experience entries in the API' 0 "$(jq length "$BB_TMP/experience-$lang.json")"
		expect_equal 'experience texts missing' '' "$(jq -r '.[] | .role, .organization,
			.period, .description' "$BB_TMP/experience-$lang.json" | missing "$f")"
		expect_equal 'heading missing' '' "$(label cv.experience | missing "$f")"

		t "$pre/cv ($form): every project: title, description, stack"
		expect_equal 'project texts missing' '' "$(jq -r '.[] | .title, .description,
			(.stack | join(", "))' "$BB_TMP/projects-$lang.json" | missing "$f")"

		t "$pre/cv ($form): every skill by category, with its years and their unit"
		expect_equal 'skills missing' '' "$(jq -r --arg unit "$(label cv.years)" '.[] | .category,
			(.skills[] | if .years then .years as $y
				| "\(.name) (\($unit | sub("@@years@@"; $y)))" else .name end)' \
			"$BB_TMP/skills-$lang.json" | missing "$f")"

		t "$pre/cv ($form): every certification: title, institution, date, credential link"
		expect_equal 'certification texts missing' '' "$(jq -r '.[] | .title,
			.institution, .date' "$BB_TMP/certifications-$lang.json" | missing "$f")"

		t "$pre/cv ($form): every education entry: institution and detail"
		expect_equal 'education texts missing' '' "$(jq -r '.[] | .institution, .detail' \
			"$BB_TMP/education-$lang.json" | missing "$f")"

		t "$pre/cv ($form): every recommendation: who, when, what"
		expect_equal 'recommendation texts missing' '' "$(jq -r '.[] | .name, .date,
			.comment' "$BB_TMP/recommendations-$lang.json" | missing "$f")"
	done

	t "$pre/cv: credential, recommender and project links are links (HTML and markdown)"
	expect_equal 'credential links missing in HTML' '' "$(jq -r '.[] | "href=\"\(.credential_url)\""' \
		"$BB_TMP/certifications-$lang.json" | missing "$BB_TMP/cv-$lang.html")"
	expect_equal 'credential links missing in markdown' '' "$(jq -r '.[] | "](\(.credential_url))"' \
		"$BB_TMP/certifications-$lang.json" | missing "$BB_TMP/cv-$lang.raw.md")"
	expect_equal 'recommender links missing in HTML' '' "$(jq -r '.[] | "href=\"\(.recommender_url)\""' \
		"$BB_TMP/recommendations-$lang.json" | missing "$BB_TMP/cv-$lang.html")"
	expect_equal 'project URLs missing in HTML' '' "$(jq -r '.[] | "href=\"\(.url)\""' \
		"$BB_TMP/projects-$lang.json" | missing "$BB_TMP/cv-$lang.html")"
	expect_equal 'project URLs missing in markdown' '' "$(jq -r '.[] | "](\(.url))"' \
		"$BB_TMP/projects-$lang.json" | missing "$BB_TMP/cv-$lang.raw.md")"
	expect_equal 'project page links missing in HTML' '' "$(jq -r --arg b "$BASE$pre" \
		'.[] | "href=\"\($b)/projects/\(.slug)\""' "$BB_TMP/projects-$lang.json" |
		missing "$BB_TMP/cv-$lang.html")"

	t "$pre/cv: the section headings in the page's language, in content order"
	got=$(grep -o '<h2>[^<]*</h2>' "$BB_TMP/cv-$lang.html" | sed 's/<[^>]*>//g' | tr '\n' '|')
	want=$(for k in experience projects skills certifications education recommendations; do
		label "cv.$k"; done | tr '\n' '|')
	expect_equal 'h2 headings' "$want" "$got"

	t "$pre/cv: a print stylesheet without navigation or footer, link URLs shown"
	req GET "$pre/cv"
	expect_body_contains '@media print{header,footer,.skip{display:none}'
	expect_body_contains 'a[href^=http]::after{content:" (" attr(href) ")"'
	expect_body_contains 'break-inside:avoid'

	t "$pre/projects: every project, linked to its page, in $lang"
	req GET "$pre/projects"
	expect_status 200
	html_text "$RESP_DIR/body" >"$BB_TMP/projects-$lang.txt"
	expect_equal 'project titles missing' '' "$(jq -r '.[] | .title' \
		"$BB_TMP/projects-$lang.json" | missing "$BB_TMP/projects-$lang.txt")"
	expect_equal 'project page links missing' '' "$(jq -r --arg b "$BASE$pre" \
		'.[] | "href=\"\($b)/projects/\(.slug)\""' "$BB_TMP/projects-$lang.json" |
		missing "$RESP_DIR/body")"
	expect_body_contains "<a href=\"$BASE$pre/projects\" aria-current=\"page\">"

	t "$pre/projects.md: the markdown twin lists every project"
	req GET "$pre/projects.md"
	expect_status 200
	expect_header content-type 'text/markdown; charset=utf-8'
	md_plain "$RESP_DIR/body" >"$BB_TMP/projects-$lang.md"
	expect_equal 'project titles missing' '' "$(jq -r '.[] | .title' \
		"$BB_TMP/projects-$lang.json" | missing "$BB_TMP/projects-$lang.md")"

	while IFS=$'\t' read -r slug title url api; do
		t "$pre/projects/$slug: its own page (HTML, markdown by .md and by Accept)"
		req GET "$pre/projects/$slug"
		expect_status 200
		expect_header content-type 'text/html; charset=utf-8'
		expect_header content-language "$lang"
		expect_header_match vary '^Accept, ?Accept-Encoding$'
		expect_header_match link "^<$BASE$pre/projects/$slug\\.md>; rel=\"alternate\"; type=\"text/markdown\"(, |\$)"
		expect_header_match content-security-policy "connect-src 'self'"
		expect_equal 'the h1 text' "$title" "$(grep -o '<h1>.*</h1>' "$RESP_DIR/body" |
			sed 's/<[^>]*>//g' | python3 -c 'import html,sys; print(html.unescape(sys.stdin.read()), end="")')"
		expect_body_contains "<link rel=\"canonical\" href=\"$BASE$pre/projects/$slug\">"
		expect_body_contains "href=\"$url\""
		expect_body_contains "href=\"$api\""
		req GET "$pre/projects/$slug.md"
		expect_status 200
		expect_header content-type 'text/markdown; charset=utf-8'
		expect_header link "<$BASE$pre/projects/$slug>; rel=\"alternate\"; type=\"text/html\""
		req GET "$pre/projects/$slug" -H 'Accept: text/markdown'
		expect_status 200
		expect_header content-type 'text/markdown; charset=utf-8'
	done < <(jq -r '.[] | [.slug, .title, .url, .api_url] | @tsv' "$BB_TMP/projects-$lang.json")

	t "$pre/projects/no-such-project: the site's 404, HTML and markdown"
	req GET "$pre/projects/no-such-project"
	expect_status 404
	expect_header content-type 'text/html; charset=utf-8'
	expect_body_contains '<meta name="robots" content="noindex">'
	req GET "$pre/projects/no-such-project.md"
	expect_status 404
	expect_header content-type 'text/markdown; charset=utf-8'
	req GET "$pre/projects/no-such-project" -H 'Accept: text/markdown'
	expect_status 404
	expect_header content-type 'text/markdown; charset=utf-8'
done

t 'unknown nested project paths are 404'
for p in /projects/ /projects/a/b /en/projects/ /projects/.md; do
	req GET "$p"
	expect_status 404
done

# --- Link previews ----------------------------------------------------------
slug0=$(content projects.json '.[0].slug' | jq -r .)
for p in / /about /cv /projects "/projects/$slug0" /contact /developers \
	/en/ /en/cv /en/projects "/en/projects/$slug0" /en/developers; do
	if [[ $p == /en/* ]]; then lang=en other=es; else lang=es other=en; fi
	t "GET $p: Open Graph and a Twitter summary card"
	req GET "$p"
	expect_status 200
	title=$(sed -n 's/^<title>\(.*\)<\/title>$/\1/p' "$RESP_DIR/body")
	expect_body_contains "<meta property=\"og:title\" content=\"$title\">"
	expect_body_contains '<meta property="og:description" content="'
	expect_body_contains "<meta property=\"og:url\" content=\"$BASE$p\">"
	# The language with its likely region, from ICU.
	declare -A og=([es]=es_ES [en]=en_US)
	expect_body_contains "<meta property=\"og:locale\" content=\"${og[$lang]}\">"
	expect_body_contains "<meta property=\"og:locale:alternate\" content=\"${og[$other]}\">"
	case $p in
	/ | /en/ | /cv | /en/cv) expect_body_contains '<meta property="og:type" content="profile">' ;;
	*) expect_body_contains '<meta property="og:type" content="website">' ;;
	esac
	if [[ -n $image ]]; then
		expect_body_contains "<meta property=\"og:image\" content=\"$image\">"
	fi
	expect_body_contains '<meta name="twitter:card" content="summary">'
	expect_body_contains "<link rel=\"icon\" type=\"image/svg+xml\" href=\"$BASE/icon.svg\">"
done

# --- JSON-LD ----------------------------------------------------------------
for p in /cv /en/cv /; do
	if [[ $p == /en/* ]]; then lang=en; else lang=es; fi
	t "GET $p: a schema.org ProfilePage whose mainEntity is the Person, from the API"
	req GET "/api/v1/profile?lang=$lang"
	cp "$RESP_DIR/body" "$BB_TMP/profile.json"
	req GET "$p"
	sed -n 's/^<script type="application\/ld+json">\(.*\)<\/script>$/\1/p' "$RESP_DIR/body" >"$BB_TMP/ld.json"
	expect_equal 'JSON-LD parses' ProfilePage "$(jq -r '."@type"' "$BB_TMP/ld.json" 2>&1)"
	expect_equal 'url' "$BASE$p" "$(jq -r .url "$BB_TMP/ld.json" 2>&1)"
	expect_equal 'mainEntity @type' Person "$(jq -r '.mainEntity."@type"' "$BB_TMP/ld.json" 2>&1)"
	expect_equal 'name' "$name" "$(jq -r .mainEntity.name "$BB_TMP/ld.json" 2>&1)"
	expect_equal 'worksFor' "$(jq -r '.data | (.employer // .co_founder_of).name' "$BB_TMP/profile.json")" \
		"$(jq -r .mainEntity.worksFor.name "$BB_TMP/ld.json" 2>&1)"
	expect_equal 'alumniOf' "$(api_list education "$lang" | jq -c '[.[].institution]')" \
		"$(jq -c '[.mainEntity.alumniOf[].name]' "$BB_TMP/ld.json" 2>&1)"
	expect_equal 'hasCredential' "$(api_list certifications "$lang" | jq -c '[.[] | [.title, .credential_url]]')" \
		"$(jq -c '[.mainEntity.hasCredential[] | select(."@type" == "EducationalOccupationalCredential") | [.name, .url]]' "$BB_TMP/ld.json" 2>&1)"
	expect_equal 'knowsAbout' "$(jq -c .data.knows_about "$BB_TMP/profile.json")" \
		"$(jq -c .mainEntity.knowsAbout "$BB_TMP/ld.json" 2>&1)"
	expect_equal 'sameAs' "$(jq -c '[.data.profiles[].url]' "$BB_TMP/profile.json")" \
		"$(jq -c .mainEntity.sameAs "$BB_TMP/ld.json" 2>&1)"
	expect_equal 'a "<" inside the JSON-LD' 0 "$(grep -c '<' "$BB_TMP/ld.json")"
done

t 'the home page shows the portrait with the name as alt text'
req GET /en/
if [[ -n $image ]]; then
	expect_body_contains "<img src=\"$image\" alt=\"$name\""
	if [[ $image == "$BASE/media/"* ]]; then # the site's own: 'self'
		expect_header_match content-security-policy "img-src 'self'; "
	else
		expect_header_match content-security-policy "img-src 'self' $(sed -E 's#^(https?://[^/?#]+).*#\1#' <<<"$image")"
	fi
else
	expect_body_not_contains '<img'
fi

# --- Icon, CSP --------------------------------------------------------------
t 'GET /icon.svg: an SVG monogram of the initials'
req GET /icon.svg
expect_status 200
expect_header content-type 'image/svg+xml'
initials=$(content profile.json '[.given_name, .family_name] | map(.[0:1]) | join("")' | jq -r .)
expect_body_contains '<svg xmlns="http://www.w3.org/2000/svg"'
expect_body_contains ">$initials</text>"

t 'GET /favicon.ico: a redirect to the icon, not a 404'
req GET /favicon.ico
expect_status 301
expect_equal 'status line' 'HTTP/1.1 301 Moved Permanently' \
	"$(head -n 1 "$RESP_DIR/raw-headers" | tr -d '\r')"
expect_header location "$BASE/icon.svg"

t 'the manifest names the icon'
req GET /manifest.webmanifest
expect_json '[.icons[] | select(.src == "/icon.svg" and .type == "image/svg+xml")] | length' 1

t "the CSP allows connect-src 'self' (Lighthouse fetches robots.txt)"
req GET /cv
expect_header_match content-security-policy "connect-src 'self'"

# --- Sitemap, llms.txt, navigation -------------------------------------------
t 'sitemap.xml lists /cv, /projects and every project page in both languages'
req GET /sitemap.xml
for p in /cv /en/cv /projects /en/projects; do
	expect_body_contains "<loc>$BASE$p</loc>"
done
expect_equal 'project pages missing' '' "$(jq -r --arg b "$BASE" '.[] |
	"<loc>\($b)/projects/\(.slug)</loc>", "<loc>\($b)/en/projects/\(.slug)</loc>"' \
	"$CONTENT/projects.json" | missing "$RESP_DIR/body")"
expect_body_contains "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"$BASE/en/projects/$slug0\"/>"

for lang in es en; do
	if [[ $lang == es ]]; then pre=; else pre=/en; fi
	t "$pre/llms.txt links the CV, the project list and every project page"
	req GET "$pre/llms.txt"
	expect_body_contains "]($BASE$pre/cv.md)"
	expect_body_contains "]($BASE$pre/projects.md)"
	expect_equal 'project pages missing' '' "$(jq -r --arg b "$BASE$pre" \
		'.[] | "](\($b)/projects/\(.slug).md)"' "$CONTENT/projects.json" | missing "$RESP_DIR/body")"

	t "$pre/ links the CV and the projects from the navigation"
	req GET "$pre/"
	expect_body_contains "<li><a href=\"$BASE$pre/cv\">$(jq -r '."page.cv.label"' "$LABELS/$lang.json")</a></li>"
	expect_body_contains "<li><a href=\"$BASE$pre/projects\">$(jq -r '."page.projects.label"' "$LABELS/$lang.json")</a></li>"
done
