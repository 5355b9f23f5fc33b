#!/usr/bin/env bash
# searchContent: GET /api/v1/search?q=...&limit=... Case- and accent-
# insensitive word-prefix search over projects, experience, skills (one hit
# per skill), certifications and recommendations, in the negotiated language.
# Score: 2 per distinct term in the title + 1 per distinct term in the body;
# order: score, then type (project, experience, skill, certification,
# recommendation), then content order. Expected hits come from an independent
# jq oracle over the content files, not from hard-coded names.
. "$(dirname "$0")/lib.sh"

# oracle LANG Q: every expected hit of Q in LANG, best first, as a JSON array
# of {type, slug, title, score, body}. Folding here covers the letters the
# content uses (Spanish and English): ASCII case, á é í ó ú ü è ñ.
oracle() {
	jq -n -c --arg lang "$1" --arg q "$2" \
		--slurpfile p "$CONTENT/projects.json" \
		--slurpfile e "$CONTENT/experience.json" \
		--slurpfile s "$CONTENT/skills.json" \
		--slurpfile c "$CONTENT/certifications.json" \
		--slurpfile r "$CONTENT/recommendations.json" "$BB_JQ_DEFS"'
	def fold: ascii_downcase | gsub("[áàÁÀ]"; "a") | gsub("[éèÉÈ]"; "e")
		| gsub("[íÍ]"; "i") | gsub("[óÓ]"; "o") | gsub("[úüÚÜ]"; "u")
		| gsub("[ñÑ]"; "n");
	def found($text; $t): $text | fold
		| test("(^|[^\\p{L}\\p{Nd}])" + $t);
	($q | fold | [splits("\\s+")] | map(select(length > 0)) | unique)
		as $terms
	| [ ($p[0] | loc($lang)[] | {type: "project", slug, title,
		body: (.description + " · " + (.stack | join(", ")))}),
	    ($e[0] | loc($lang)[] | {type: "experience", slug, title: .role,
		body: ([.organization, .period, .description] | join(" · "))}),
	    ($s[0] | loc($lang)[] | . as $cat | .skills[] | {type: "skill",
		slug: $cat.slug, title: .name, body: $cat.category}),
	    ($c[0] | loc($lang)[] | {type: "certification", slug, title,
		body: (.institution + " · " + .date)}),
	    ($r[0] | loc($lang)[] | {type: "recommendation", slug,
		title: .name, body: .comment}) ]
	| map(. as $d | . + {score: (
		2 * ([$terms[] | select(found($d.title; .))] | length)
		+ ([$terms[] | select(found($d.body; .))] | length))})
	| map(select(.score > 0))
	| sort_by(-.score)'
}

# expect_hits LANG Q [LIMIT]: data is the oracle's first LIMIT (default 10)
# hits of Q in LANG as [type, slug, title, score], meta.total counts them all,
# and every snippet is a piece of that hit's body or title of at most 160
# characters.
expect_hits() {
	local all limit=${3:-10}
	all=$(oracle "$1" "$2")
	expect_json '[.data[] | [.type, .slug, .title, .score]]' \
		"$(jq -c --argjson n "$limit" '.[:$n] | map([.type, .slug, .title, .score])' <<<"$all")"
	expect_json '.meta.total' "$(jq length <<<"$all")"
	expect_json_true '[.data, $o] | transpose | map(select(.[0] != null))
		| all(.[0].snippet as $s | ($s | length) <= 160
		and ($s | ltrimstr("…") | rtrimstr("…")) as $core
		| ($core | length) > 0
		and ((.[1].body | contains($core)) or (.[1].title | contains($core)))
		and (($s | startswith("…")) or (.[1].body | startswith($core))
			or (.[1].title | startswith($core)))
		and (($s | endswith("…")) or (.[1].body | endswith($core))
			or (.[1].title | endswith($core))))' \
		--argjson o "$(jq -c --argjson n "$limit" '.[:$n]' <<<"$all")"
}

# The same hits (type, slug, score, in order) for several spellings.
same_hits() {
	local first= got v
	for v in "$@"; do
		req GET "/api/v1/search?q=$v&limit=50"
		expect_status 200
		got=$(jq -c '[.data[] | [.type, .slug, .title, .score]], .meta.total' \
			"$RESP_DIR/body")
		if [[ -z $first ]]; then
			first=$got
			expect_json_true '.meta.total > 0'
		else
			expect_equal "hits of q=$v (vs q=$1)" "$first" "$got"
		fi
	done
}

# --- Matching ---------------------------------------------------------------

t 'educacion, educación, EDUCACION, EDUCACIÓN and a decomposed ó find the same'
same_hits educacion educaci%C3%B3n EDUCACION EDUCACI%C3%93N \
	educacio%CC%81n Educacion

t 'diseno, diseño and DISEÑO find the same'
same_hits diseno dise%C3%B1o DISE%C3%91O disen%CC%83o

t 'migracion and Migración find the same'
same_hits migracion Migraci%C3%B3n MIGRACION

t 'full-width letters fold to ASCII: ｋｕｂｅｒｎｅｔｅｓ is kubernetes'
same_hits kubernetes %EF%BD%8B%EF%BD%95%EF%BD%82%EF%BD%85%EF%BD%92%EF%BD%8E%EF%BD%85%EF%BD%94%EF%BD%85%EF%BD%93

for q in educacion diseno migracion kubernetes 'diseno accesible' \
	'migracion nube datos' python 'arquitectura api' salud; do
	t "q=$q (Spanish): the expected hits, scores and order"
	req GET "/api/v1/search?q=${q// /+}&limit=50"
	expect_success es
	expect_hits es "$q" 50
done

t 'q=educacion: accents kept in snippets (educación, not educacion)'
req GET '/api/v1/search?q=educacion'
expect_json_true '.data | length > 0 and all(.snippet | test("[Ee]ducación"))'

t 'the default limit is 10; meta.total still counts every hit'
req GET '/api/v1/search?q=de'
expect_success es
expect_hits es de
expect_json '.meta.limit' 10
expect_json_true '.meta.total > 10 and .meta.count == 10'

t 'limit=1 returns the best hit only; total unchanged'
req GET '/api/v1/search?q=diseno&limit=1'
expect_success es
expect_hits es diseno 1
expect_json '.meta | [.count, .limit, .offset]' '[1,1,0]'

t 'matching is word-prefix: migra finds what migracion finds, cion finds nothing'
req GET '/api/v1/search?q=migra&limit=50'
expect_hits es migra 50
expect_json_true '.meta.total > 0'
req GET '/api/v1/search?q=cion'
expect_success es
expect_json '.data' '[]'
expect_json '.meta.total' 0

t 'terms repeated in any spelling count once'
req GET '/api/v1/search?q=diseno+Dise%C3%B1o+DISENO&limit=50'
expect_hits es diseno 50

t 'the profile, biography and education are not searched'
word=$(content education.json '.[0].institution.es' | jq -r 'split(" ")[0]')
req GET "/api/v1/search?q=$(jq -rn --arg w "$word" '$w | @uri')&limit=50"
expect_status 200
expect_json_true '.data | all(.type != "education")'

# --- Language ---------------------------------------------------------------

for q in design education migration 'cloud migration' python; do
	t "q=$q&lang=en searches the English content"
	req GET "/api/v1/search?q=${q// /+}&lang=en&limit=50"
	expect_success en
	expect_hits en "$q" 50
done

t 'Accept-Language: en gives the English hits, lang=en the same'
req GET '/api/v1/search?q=design&limit=50' -H 'Accept-Language: en'
expect_success en
expect_hits en design 50
en_body=$(jq -c .data "$RESP_DIR/body")
req GET '/api/v1/search?q=design&limit=50&lang=en'
expect_json '.data' "$en_body"

t 'the same word finds different things by language (diseno: es only)'
req GET '/api/v1/search?q=diseno&lang=en&limit=50'
expect_success en
expect_hits en diseno 50
req GET '/api/v1/search?q=diseno&lang=es&limit=50'
expect_hits es diseno 50
expect_json_true '.meta.total > 0'

t 'lang=en meta: English source and portal, lang=en in self'
req GET '/api/v1/search?q=design&lang=en'
expect_meta '/api/v1/search?q=design&lang=en' en

# --- Result shape -----------------------------------------------------------

t 'every hit has exactly the SearchResult fields with their types'
req GET '/api/v1/search?q=de+la+y&limit=50'
expect_success es
expect_json_true '.data | length > 0 and all(keys == ["score","slug","snippet","title","type","url"])'
expect_json_true '.data | all((.type | IN("project","experience","skill","certification","recommendation"))
	and (.slug | type == "string" and test("^[a-z0-9-]+$"))
	and (.title | type == "string" and length > 0)
	and (.snippet | type == "string" and length > 0 and length <= 160)
	and (.score | type == "number" and . >= 1 and floor == .))'
expect_json_true '[.data[].score] | . == (sort | reverse)'

t 'url is absolute: the project itself, else the collection; slug is the item'
expect_json_true '.data | all(
	if .type == "project" then .url == $b + "/api/v1/projects/" + .slug
	elif .type == "experience" then .url == $b + "/api/v1/experience"
	elif .type == "skill" then .url == $b + "/api/v1/skills"
	elif .type == "certification" then .url == $b + "/api/v1/certifications"
	else .url == $b + "/api/v1/recommendations" end)' --arg b "$BASE"
expect_json_true '.data | all(. as $h | {project: $p, experience: $e,
	skill: $s, certification: $c, recommendation: $r}[$h.type]
	| index($h.slug) != null)' \
	--argjson p "$(content projects.json 'map(.slug)')" \
	--argjson e "$(content experience.json 'map(.slug)')" \
	--argjson s "$(content skills.json 'map(.slug)')" \
	--argjson c "$(content certifications.json 'map(.slug)')" \
	--argjson r "$(content recommendations.json 'map(.slug)')"
mapfile -t urls < <(jq -r '[.data[].url] | unique[]' "$RESP_DIR/body")
for url in "${urls[@]}"; do
	req GET "${url#"$BASE"}"
	expect_status 200
done

t 'meta: CollectionMeta with offset 0 and q percent-encoded in self'
req GET '/api/v1/search?q=dise%C3%B1o+web&limit=5'
expect_success es
expect_json '.meta | keys' \
	'["count","documentation_url","limit","offset","self","source","total"]'
expect_json '.meta.offset' 0
expect_json '.meta.limit' 5
expect_json_true '.meta.count == (.data | length)'
expect_meta '/api/v1/search?q=dise%C3%B1o%20web&limit=5' es

t 'no hit: 200 with data [] and total 0'
req GET '/api/v1/search?q=zzyzxqq'
expect_success es
expect_json '.data' '[]'
expect_json '.meta | [.count, .total, .limit, .offset]' '[0,0,10,0]'
expect_meta '/api/v1/search?q=zzyzxqq' es

t 'HEAD and a conditional GET behave as on every endpoint'
req GET '/api/v1/search?q=python'
etag=$(header etag)
req GET '/api/v1/search?q=python' -H "If-None-Match: $etag"
expect_status 304
req HEAD '/api/v1/search?q=python'
expect_status 200
expect_body_empty

# --- Errors -----------------------------------------------------------------

long200=$(printf 'a%.0s' {1..200})
long201=$(printf 'a%.0s' {1..201})
terms16=$(printf 't%d+' {1..16})
terms17=$(printf 't%d+' {1..17})
accented200=$(printf '%%C3%%B1%.0s' {1..200})

invalid=(
	'|missing q|q'
	'?limit=5|missing q, limit given|q'
	'?q=|empty q|q'
	'?q=+++|q of spaces only|q'
	'?q=%20%09%E3%80%80|q of Unicode white space only|q'
	'?q=%C2%A0%E2%80%80%0A|q of no-break, en-quad and newline only|q'
	'?q=%CC%81|q of a lone combining mark (no term once folded)|q'
	"?q=$long201|q over 200 characters|q"
	"?q=${terms17%+}|q with 17 distinct terms|q"
	'?q=a&q=b|q given twice|q'
	'?q=a&limit=0|limit 0|limit'
	'?q=a&limit=51|limit 51|limit'
	'?q=a&limit=-1|limit -1|limit'
	'?q=a&limit=abc|limit not a number|limit'
	'?q=a&limit=5.0|limit not an integer|limit'
	'?q=a&limit=|limit empty|limit'
	'?q=a&limit=1&limit=2|limit twice|limit'
	'?q=a&lang=fr|lang fr|lang'
)
for row in "${invalid[@]}"; do
	IFS='|' read -r query what param <<<"$row"
	t "$what: 400 invalid_parameter naming $param"
	req GET "/api/v1/search$query"
	expect_error 400 invalid_parameter
	expect_json_true '.error.message | contains($p)' --arg p "'$param'"
done

t 'the q messages state the rule and the received value'
req GET '/api/v1/search?q=+++'
expect_json_true '.error.message | contains($s)' --arg s "'   '"
expect_json_true '.error.message | contains("at least one search term")'
# a lone U+FEFF is one character, white space to ECMA-262's \s: no term,
# not a length out of bounds (issue 46)
req GET '/api/v1/search?q=%EF%BB%BF'
expect_error 400 invalid_parameter
expect_json_true '.error.message | contains("at least one search term") and (contains("1 to 200") | not)'
req GET "/api/v1/search?q=$long201"
expect_json_true '.error.message | contains("1 to 200 characters")'
req GET "/api/v1/search?q=${terms17%+}"
expect_json_true '.error.message | contains("16") and contains("t17")'
req GET '/api/v1/search?q=a&limit=51'
expect_json_true '.error.message | contains("1 to 50") and contains("51")'
req GET /api/v1/search
expect_json_true '.error.message | contains("required")'

t 'bounds that are allowed: 200 characters (ASCII or not), 16 terms, repeats, limit 1 and 50'
req GET "/api/v1/search?q=$long200"
expect_status 200
req GET "/api/v1/search?q=$accented200"
expect_status 200
req GET "/api/v1/search?q=${terms16%+}"
expect_status 200
req GET "/api/v1/search?q=$(printf 'a+%.0s' {1..30})a"
expect_status 200
req GET '/api/v1/search?q=a&limit=1'
expect_status 200
req GET '/api/v1/search?q=a&limit=50'
expect_status 200
expect_json '.meta.limit' 50

bad=(
	'?q=%C3%28|q not UTF-8'
	'?q=%FF|q not UTF-8 (lone byte)'
	'?q=a%00b|q with a NUL'
	'?q=%E2%82|q with a truncated sequence'
	'?q=%|q with a broken escape'
)
for row in "${bad[@]}"; do
	IFS='|' read -r query what <<<"$row"
	t "$what: 400 bad_request"
	req GET "/api/v1/search$query"
	expect_error 400 bad_request
done

t 'writes are refused: POST /api/v1/search is 405 with Allow'
req POST '/api/v1/search?q=a'
expect_error 405 method_not_allowed
expect_header allow 'GET, HEAD, OPTIONS'
