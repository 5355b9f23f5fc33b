#!/usr/bin/env bash
# front: nginx-only the label sets and languages of the content; Apache passes every path to the responder untouched (conf/apache), so one front is enough
# Languages are a setting: site.json's "languages" (ISO 639-1 codes, the
# first the default) decides where pages live, what lang= and
# Accept-Language choose from, OpenAPI's lang enum, the hreflang links, the
# sitemap's alternates, the manifest, the language switch and the label set
# of every page. Two content directories, each served by a private stack:
#   tests/fixtures/solo_en     one language (en), plain strings
#   tests/fixtures/trilingual  es (default), en and fr (labels/fr.json)
# Every expectation is derived from the fixture and the label sets. Then
# --check refuses an unknown code, a language without a label set, a missing
# translation and a translation in a language the site does not have.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

: "${PERFIL_BIN:?}"
LABELS=$STACK_ROOT/labels
trap 'stack_stop; _bb_finish' EXIT

# serve NAME: serve tests/fixtures/NAME from a private stack; FIX is its
# directory, LANGS its languages, DEF the default one.
serve() {
	[[ -z ${STACK_BASE:-} ]] || stack_stop
	FIX=$STACK_ROOT/tests/fixtures/$1
	export PERFIL_CONTENT=tests/fixtures/$1
	mapfile -t LANGS < <(jq -r '.languages[]' "$FIX/site.json")
	DEF=${LANGS[0]}
	BASE=$BB_SHARED_BASE
	bb_private_stack 520 "serving tests/fixtures/$1"
}
BB_SHARED_BASE=$BASE

# codes_json: the configured codes as a compact JSON array.
codes_json() {
	jq -c .languages "$FIX/site.json"
}

# hreflangs: the sorted hreflang values of the <link rel=alternate> (HTML)
# or <xhtml:link> (sitemap) elements of the last body, one a line, unique.
hreflangs() {
	grep -o 'hreflang="[^"]*"' "$RESP_DIR/body" | sed 's/hreflang="//; s/"$//' |
		grep -v '^x-default$' | sort -u
}

# expect_site_languages: the checks every configured set must pass.
expect_site_languages() {
	local l p other list want

	t "$1: every page and per-language document exists under its language's prefix"
	for l in "${LANGS[@]}"; do
		p=$(site_prefix "$l")
		for path in "$p/" "$p/cv" "$p/about" "$p/projects" "$p/developers" \
			"$p/cv.md" "$p/index.md" "$p/llms.txt" "$p/agents.md" \
			"$p/resume.json" "$p/projects/$(jq -r '.[0].slug' "$FIX/projects.json")"; do
			req GET "$path"
			expect_status 200
			expect_header content-language "$l"
		done
		req GET "$p/"
		expect_body_contains "<html lang=\"$l\">"
		req GET "$p/resume.json"
		expect_json .meta.language "\"$l\""
	done

	t "$1: no page under a language the site does not have"
	for l in de it "${LANGS[@]}" es en fr; do
		[[ " ${LANGS[*]} " == *" $l "* && $l != "$DEF" ]] && continue
		for path in "/$l/" "/$l/cv" "/$l/llms.txt" "/$l/resume.json" "/$l/index.md"; do
			req GET "$path"
			expect_status 404
		done
	done
	if ((${#LANGS[@]} > 1)); then
		req GET "/${LANGS[1]}/openapi.json"
		expect_status 404
		req GET "/${LANGS[1]}/sitemap.xml"
		expect_status 404
	fi

	t "$1: lang= takes exactly the configured codes"
	for l in "${LANGS[@]}"; do
		req GET "/api/v1/profile?lang=$l"
		expect_status 200
		expect_header content-language "$l"
		expect_json .data.headline "$(fixture_text profile.json .headline "$l" | jq -Rs 'rtrimstr("\n")')"
	done
	list=$(jq -r '.languages | if length == 1 then .[0]
		else (.[:-1] | join(", ")) + " or " + .[-1] end' "$FIX/site.json")
	for l in de xx es en fr; do
		[[ " ${LANGS[*]} " == *" $l "* ]] && continue
		req GET "/api/v1/profile?lang=$l"
		expect_error 400 invalid_parameter
		expect_json .error.message "\"Parameter 'lang' must be $list; received '$l'.\""
		for other in "${LANGS[@]}"; do
			expect_json_true '.error.hint | contains($c)' --arg c "lang=$other"
		done
	done

	t "$1: Accept-Language negotiates among the configured languages"
	for l in "${LANGS[@]}"; do
		req GET /api/v1/profile -H "Accept-Language: $l-XX, zz;q=0.9"
		expect_header content-language "$l"
	done
	req GET /api/v1/profile -H 'Accept-Language: de, zz;q=0.5'
	expect_header content-language "$DEF"
	req GET /no-such-page -H "Accept-Language: ${LANGS[-1]}"
	expect_status 404
	expect_header content-language "${LANGS[-1]}"
	for l in "${LANGS[@]:1}"; do
		# "/CODE" alone is no page, but its 404 is in that language.
		req GET "/$l" -H "Accept-Language: $DEF"
		expect_status 404
		expect_header content-language "$l"
	done

	t "$1: OpenAPI's lang enum, Content-Language values and examples are the setting"
	req GET /openapi.json
	want=$(codes_json)
	expect_json '.components.parameters.lang.schema.enum' "$want"
	expect_json '.components.headers["Content-Language"].schema.enum' "$want"
	expect_json '[.paths["/api/v1/profile"].get.responses["200"].content["application/json"].examples | keys_unsorted[]]' "$want"
	# The four fields kept in the default language say which one it is
	# (English names of the fixtures' default languages), where site.json
	# keeps them (default_language_fields: trilingual); elsewhere they are
	# in the language asked like every field, and nothing says otherwise.
	declare -A english=([es]=Spanish [en]=English [fr]=French)
	if [[ $(jq .default_language_fields "$FIX/site.json") == true ]]; then
		expect_json .components.schemas.Project.properties.description.description \
			"\"What the project does, in ${english[$DEF]}.\""
		expect_json_true '.info.description | contains("Some fields are always in")'
	else
		expect_json .components.schemas.Project.properties.description.description \
			'"What the project does."'
		expect_json_true '.info.description | contains("Some fields are always in") | not'
	fi
	expect_json_true '.info.description | contains("**Language.** \($n) by default.")' \
		--arg n "${english[$DEF]}"

	t "$1: hreflang links and sitemap alternates list exactly the configured languages"
	want=$(printf '%s\n' "${LANGS[@]}" | sort -u)
	for l in "${LANGS[@]}"; do
		req GET "$(site_prefix "$l")/cv"
		expect_equal "hreflang of $(site_prefix "$l")/cv" "$want" "$(hreflangs)"
		expect_body_contains "<link rel=\"alternate\" hreflang=\"x-default\" href=\"$BASE/cv\">"
	done
	req GET /sitemap.xml
	expect_equal 'sitemap hreflang' "$want" "$(hreflangs)"
	for l in "${LANGS[@]}"; do
		expect_body_contains "<loc>$BASE$(site_prefix "$l")/cv</loc>"
	done

	t "$1: the manifest's language is the default one"
	req GET /manifest.webmanifest
	expect_json .lang "\"$DEF\""

	t "$1: the language switch links every other language, none on one language"
	# Each language's own name, capitalised for a menu (ICU's data).
	declare -A own=([es]=Español [en]=English [fr]=Français)
	for l in "${LANGS[@]}"; do
		req GET "$(site_prefix "$l")/cv"
		want=$(( ${#LANGS[@]} - 1 ))
		expect_equal "language links on $(site_prefix "$l")/cv" "$want" \
			"$(grep -c '<li class="lang">' "$RESP_DIR/body")"
		for other in "${LANGS[@]}"; do
			[[ $other != "$l" ]] || continue
			expect_body_contains "<li class=\"lang\"><a href=\"$BASE$(site_prefix "$other")/cv\" hreflang=\"$other\" lang=\"$other\">${own[$other]}</a></li>"
		done
	done

	t "$1: each page speaks its language's labels and no other's"
	for l in "${LANGS[@]}"; do
		req GET "$(site_prefix "$l")/cv"
		for key in nav.skip cv.experience footer.no_tracking footer.markdown; do
			expect_body_contains "$(label_of "$l" "$key" | sed 's/&/\&amp;/g')"
			for other in es en fr; do
				[[ $other != "$l" ]] || continue
				[[ $(label_of "$other" "$key") != "$(label_of "$l" "$key")" ]] || continue
				expect_body_not_contains "$(label_of "$other" "$key")"
			done
		done
	done

	t "$1: the words around dates come from the label set"
	req GET /api/v1/experience
	expect_json_true '.data[0].period | endswith($r + $p)' \
		--arg r "$(label_of "$DEF" date.range)" --arg p "$(label_of "$DEF" date.present)"
	for l in "${LANGS[@]}"; do
		req GET "$(site_prefix "$l")/cv.md"
		expect_body_contains "$(label_of "$l" date.range)$(label_of "$l" date.present)"
	done
}

serve solo_en
expect_site_languages 'one language (en)'

t 'one language: plain strings are served as written'
req GET /api/v1/profile
expect_json .data.summary "$(jq .summary "$FIX/profile.json")"
expect_json .data.knows_about "$(jq -c .knows_about "$FIX/profile.json")"
req GET /api/v1/about
expect_json '.data.timeline[1].description' "$(jq '.timeline[1].description.en' "$FIX/about.json")"

t 'one language: no language twins, no switch, and agents are told of one language'
req GET /
expect_body_not_contains 'class="lang"'
req GET /llms.txt
expect_body_not_contains '/en/llms.txt'
expect_body_not_contains "$(label_of en llms.bilingual)"
req GET /agents.md
expect_body_not_contains '/en/'

serve trilingual
expect_site_languages 'three languages (es, en, fr)'

t 'three languages: French in the API, on the French pages and in llms.txt'
req GET /api/v1/profile -H 'Accept-Language: fr'
expect_json .data.job_title "$(jq .job_title.fr "$FIX/profile.json")"
req GET '/api/v1/projects?lang=fr'
expect_json '.data[0].title' "$(jq '.[0].title.fr' "$FIX/projects.json")"
expect_json '.data[0].description' "$(jq '.[0].description.es' "$FIX/projects.json")"
req GET /fr/projects/trait-de-cote
expect_body_contains "<title>$(jq -r '.[0].title.fr' "$FIX/projects.json") ·"
expect_body_contains "$(jq -r '.[0].description.fr' "$FIX/projects.json" | sed "s/'/\&apos;/g")"
req GET /fr/llms.txt
expect_body_contains "$(jq -r .headline.fr "$FIX/profile.json")"
expect_body_contains "$BASE/en/llms.txt"
expect_body_contains "$BASE/llms.txt"

# --- Content errors -----------------------------------------------------------

# variant NAME FIXTURE FILE JQ: print a copy of FIXTURE with FILE rewritten.
variant() {
	local dir=$BB_TMP/$1
	rm -rf "$dir"
	cp -R "$STACK_ROOT/tests/fixtures/$2" "$dir"
	jq "$4" "$STACK_ROOT/tests/fixtures/$2/$3" >"$dir/$3"
	printf '%s\n' "$dir"
}

t 'a language code ICU does not know is refused, naming file, entry and code'
run_cmd "$PERFIL_BIN" --check --content "$(variant bad-code trilingual site.json '.languages[2] = "qz"')" --labels "$LABELS"
expect_exit 1
expect_stderr_match 'site\.json: languages\[2\]: unknown language code "qz"'

# A language without a label set: labels_fallback.test.sh.

t 'a translation missing for a configured language is refused, naming file, field and code'
run_cmd "$PERFIL_BIN" --check --content "$(variant missing-fr trilingual profile.json 'del(.headline.fr)')" --labels "$LABELS"
expect_exit 1
expect_stderr_match 'profile\.json: headline\.fr: missing translation'

t 'a translation in a language the site does not have is refused'
run_cmd "$PERFIL_BIN" --check --content "$(variant extra-es solo_en profile.json '.headline = {"en": .headline, "es": "Ingeniera"}')" --labels "$LABELS"
expect_exit 1
expect_stderr_match 'profile\.json: headline\.es: unknown language \(expected en\)'

t 'on a site of several languages a plain string is not a translation'
run_cmd "$PERFIL_BIN" --check --content "$(variant plain-tri trilingual profile.json '.headline = "Cartographer"')" --labels "$LABELS"
expect_exit 1
expect_stderr_match 'profile\.json: headline: expected a translated text, an object with one string per language \(es, en and fr\)'
