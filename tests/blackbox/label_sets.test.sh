#!/usr/bin/env bash
# front: nginx-only it runs --check and reloads a private stack with SIGHUP once per site of up to 8 languages; run once
# The shipped label sets (labels/*.json) are complete: each has every key of
# en.json, no key en.json lacks, strings only, and per key the same set of
# @@placeholders@@ (pronoun variants KEY.she/.he/.they are optional, and
# held to KEY's placeholders). The check is shown to fail on a broken copy.
# Then every shipped set, in sites of up to 8 languages (the scratch
# content is tests/fixtures/trilingual, its texts in English in each),
# passes --check without an untranslated-key warning, and /, /cv and
# /developers served through nginx
# carry <html lang="CODE"> and that set's texts, not the English ones. One
# private stack serves the languages in sites of up to 8 (the most a site
# has), one after another: the content is rewritten and the responder
# reloaded (SIGHUP).
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

: "${PERFIL_BIN:?}"
LABELS=$STACK_ROOT/labels
trap 'stack_stop; _bb_finish' EXIT

# set_problems DIR: one line per fault of each label set in DIR against
# DIR/en.json: "FILE: KEY: what". Nothing when every set is complete.
set_problems() {
	local f
	for f in "$1"/*.json; do
		jq -r --slurpfile en "$1/en.json" --arg file "${f##*/}" '
			def base: sub("\\.(she|he|they)$"; "");
			def variant($ref): test("\\.(she|he|they)$") and ($ref[base] != null);
			def ph: [scan("@@[^@ ]+@@")] | unique;
			$en[0] as $en | . as $s
			| (($en | keys[] | select(variant($en) | not)
				| select($s[.] == null) | "\(.): missing")
			, ($s | keys[] | select($en[.] == null and (variant($en) | not))
				| "\(.): not a key of en.json")
			, ($s | to_entries[] | select(.value | type != "string")
				| "\(.key): not a string")
			, ($s | to_entries[] | select(.value | type == "string")
				| (.key as $k | $en[$k] // $en[$k | base]) as $ref
				| select($ref | type == "string")
				| select((.value | ph) != ($ref | ph))
				| "\(.key): placeholders [\(.value | ph | join(" "))], en.json has [\($ref | ph | join(" "))]"))
			| "\($file): \(.)"' "$f"
	done
}

t 'every shipped label set has the keys of en.json and, per key, its @@placeholders@@'
expect_equal "faults of the label sets in labels/ ($(ls "$LABELS" | tr '\n' ' '))" '' \
	"$(set_problems "$LABELS")"
# At least the languages issue 24 names are shipped.
for code in es en fr de it pt ca nl nb sv da fi pl; do
	_bb_check "$([[ -f $LABELS/$code.json ]]; echo $?)" "labels/$code.json is shipped"
done

t 'the check fails on a missing key, an unknown key, a changed placeholder and a non-string'
broken=$BB_TMP/labels-broken
rm -rf "$broken" && mkdir -p "$broken" && cp "$LABELS"/*.json "$broken"/
jq 'del(.["cv.skills"]) | .["cv.skillz"] = "x"
	| .["param.range"] = "von @@min@@ bis @@maximum@@"
	| .["dev.try"] = 3
	| .["nf.home.she"] = "@@name@@"' "$LABELS/de.json" >"$broken/de.json"
jq 'del(.["nf.home.he"])' "$LABELS/fr.json" >"$broken/fr.json"
expect_equal 'faults found in the broken copy' \
	"$(printf '%s\n' \
		'de.json: cv.skills: missing' \
		'de.json: cv.skillz: not a key of en.json' \
		'de.json: dev.try: not a string' \
		'de.json: nf.home.she: placeholders [@@name@@], en.json has []' \
		'de.json: param.range: placeholders [@@maximum@@ @@min@@], en.json has [@@max@@ @@min@@]')" \
	"$(set_problems "$broken" | sort)"

# --- one site per language -------------------------------------------------
SITE=$BB_TMP/site-solo
rm -rf "$SITE" && cp -R "$STACK_ROOT/tests/fixtures/solo_en" "$SITE"
for f in "$SITE"/*.json; do
	# One language: a text translated only into English becomes plain.
	jq 'walk(if type == "object" and keys == ["en"] then .en else . end)' \
		"$f" >"$f.new" && mv "$f.new" "$f"
done
# The name without its parts: a language that writes the family name first
# (ja, ko, vi, zh: issue 37's check) would refuse "Given Family" with them.
jq 'del(.given_name, .family_name)' "$SITE/profile.json" >"$SITE/p.json" &&
	mv "$SITE/p.json" "$SITE/profile.json"

# set_lang DIR CODE: make the site in DIR serve CODE alone.
set_lang() {
	jq --arg l "$2" '.languages = [$l]' "$1/site.json" >"$1/site.json.new" &&
		mv "$1/site.json.new" "$1/site.json"
}

# use_set SITE SET: make the site in SITE serve the label set SET (a file
# name without .json) alone. A set named by language and script (zh-Hans,
# zh-Hant) serves the site language of its first subtag, as the site's own
# labels/LANG.json (the language alone, as a site in zh reads it); prints
# the language.
use_set() {
	local lang=${2%%-*}
	rm -rf "$1/labels"
	if [[ $lang != "$2" ]]; then
		mkdir -p "$1/labels" && cp "$LABELS/$2.json" "$1/labels/$lang.json"
	fi
	set_lang "$1" "$lang"
	printf '%s\n' "$lang"
}

# group_codes SET...: the SETs in groups of up to 8 (the most a site has),
# no two of one language in a group (zh-Hans, zh-Hant: both the site's own
# labels/zh.json), in their order; one group a line.
group_codes() {
	local code g placed
	local -a gs=()
	for code; do
		placed=0
		for g in "${!gs[@]}"; do
			# shellcheck disable=SC2086 # the group's codes, one word each
			set -- ${gs[g]}
			(($# < 8)) || continue
			[[ " ${gs[g]} " != *" ${code%%-*} "* && " ${gs[g]} " != *" ${code%%-*}-"* ]] || continue
			gs[g]+=" $code"
			placed=1
			break
		done
		((placed)) || gs+=("$code")
	done
	printf '%s\n' "${gs[@]}"
}

codes=()
for f in "$LABELS"/*.json; do
	code=${f##*/} code=${code%.json}
	codes+=("$code")
done

t 'a site in zh without labels of its own reads the set of its likely script, zh-Hans'
use_set "$SITE" zh >/dev/null
run_cmd "$PERFIL_BIN" --check --content "$SITE" --labels "$LABELS"
expect_exit 0
expect_equal 'warnings' '' "$(grep -E 'warning|note' "$BB_TMP/stderr")"

t 'a language without a label set: --check says so plainly, once'
use_set "$SITE" is >/dev/null
run_cmd "$PERFIL_BIN" --check --content "$SITE" --labels "$LABELS"
expect_exit 0
expect_stderr_match 'note: no label set for is \(Icelandic\): its [0-9]+ interface texts .* are shown in English; write them in .*/labels/is\.json'
expect_equal 'notes' 1 "$(grep -c ': note: ' "$BB_TMP/stderr")"

# The responder reads the shipped sets as an uninstalled build does (the
# source tree's labels/); the micro-cache is off so that each reload shows.
export PERFIL_CONTENT=$SITE
# SIGHUP alone: without --reload-check 0 the content watch would reload
# the edits by itself, and the reloads counted here would double.
PERFIL_ARGS='--reload-check 0 --workers 1'
STACK_CACHE=0
bb_private_stack 640 'serving up to 8 languages at a time'
sup=$STACK_RESPONDER_PID

# Keys whose texts a visitor sees: the navigation and footer on every page,
# the CV's section headings on /cv, the portal's headings on /developers.
every_page='nav.skip page.home.label page.about.label page.cv.label page.projects.label page.contact.label page.developers.label footer.no_tracking'
declare -A page_keys=(
	[/]="$every_page home.on_site home.profile_json"
	[/cv]="$every_page cv.experience cv.projects cv.skills"
	[/developers]="$every_page dev.title dev.base_url dev.quick_start dev.parameters"
)

# in_lang CODE PREFIX: whether PREFIX/, PREFIX/cv and PREFIX/developers are
# all in language CODE (with its dir for a language written right to left).
in_lang() {
	local n
	n=$(curl -s "$BASE$2/" "$BASE$2/cv" "$BASE$2/developers" |
		grep -cE "<html lang=\"$1\"( dir=\"rtl\")?>")
	((n == 3))
}

# in_langs CODE [CODE...]: whether the pages at / are in the first CODE's
# language and, given a second, those at /LANG in its language.
in_langs() {
	in_lang "${1%%-*}" '' && { (($# == 1)) || in_lang "${2%%-*}" "/${2%%-*}"; }
}

# untranslated SET FILE...: the keys of en.json whose English text, where it
# is not also one of SET's texts, stands whole between two tags of one of the pages in the
# FILEs, outside <code>: "KEY: text (FILE)". Texts with markup or
# placeholders are left to the keys around them.
untranslated() {
	python3 - "$LABELS/en.json" "$LABELS/$1.json" "${@:2}" <<'PY'
import html, json, re, sys
en = json.load(open(sys.argv[1], encoding="utf-8"))
mine = json.load(open(sys.argv[2], encoding="utf-8"))
own = set(mine.values())
pages = {}
for f in sys.argv[3:]:
    s = open(f, encoding="utf-8").read()
    pages[f] = re.sub(r"<code>[^<]*</code>", "", s)
for k, t in en.items():
    # a text this set has too, for any key ("Profile": de's contact.profiles)
    if t in own or "@@" in t or re.search(r"[`#*\[\]\n]", t) or len(t) < 4:
        continue
    esc = html.escape(t, quote=True).replace("&#x27;", "&apos;")
    for f, s in pages.items():
        if ">" + esc + "<" in s:
            print("%s: %s (%s)" % (k, t, f.rsplit("/", 1)[-1]))
PY
}

# cv_years FILE: the distinct numbers of four digits (any script's, read as
# ASCII) from 1000 to 5999 in the visible text of the page in FILE (no tags,
# scripts or styles), sorted, on one line.
cv_years() {
	python3 - "$1" <<'PY'
import re, sys, unicodedata
s = open(sys.argv[1], encoding="utf-8").read()
s = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", s)
s = re.sub(r"<[^>]*>", " ", s)
s = "".join(str(unicodedata.digit(c)) if c.isdigit() else c for c in s)
years = {int(m) for m in re.findall(r"(?<!\d)\d{4}(?!\d)", s)}
print(" ".join(str(y) for y in sorted(y for y in years if 1000 <= y < 6000)))
PY
}

# Under a checked build (bb_checked: ASan+UBSan, TSan, valgrind) one set per
# script and direction is served, not all 27: those runs look for memory and
# thread errors, and which code runs (shaping, direction, word breaks,
# fonts) follows the script, not the words; every set is served in the plain
# run (51 s there in a full run; each request is tens of times slower under
# valgrind).
# rtl_sets: the sets whose own name of their version starts with a
# right-to-left letter (Unicode's bidi class R or AL), in one python3 run.
rtl_sets=$(python3 - "$LABELS" "${codes[@]}" <<'PY'
import json, sys, unicodedata as u
for code in sys.argv[2:]:
    name = json.load(open("%s/%s.json" % (sys.argv[1], code), encoding="utf-8")).get("lang.version", "")
    t = [u.bidirectional(c) for c in name if u.bidirectional(c) in ("L", "R", "AL")]
    if t and t[0] != "L":
        print(code)
PY
)
rtl_sets=${rtl_sets//$'\n'/ }
served=("${codes[@]}")
if bb_checked; then
	served=()
	for code in en de ru ar he fa ja ko zh-Hans hi th; do
		[[ -f $LABELS/$code.json ]] && served+=("$code")
	done
fi
# A site has at most 8 languages (site.json): the sets are served in sites
# of up to 8, one reload each (5 for the 27 sets, where a site per set took
# 27), the first language of each the default, at /, the others at /LANG/.
# Two sets of one language (zh-Hans, zh-Hant: both zh, the site's own
# labels/zh.json) go in different sites.
mapfile -t groups < <(group_codes "${served[@]}")

# group_site DIR CODE...: the scratch site in DIR, in the languages of the
# sets CODE... (the first the default), from tests/fixtures/trilingual (es,
# en, fr): each text it translates is given in English in every one of
# them; a set named with its script (zh-Hans) is the site's labels/zh.json.
ORIG=$STACK_ROOT/tests/fixtures/trilingual
group_site() {
	local dir=$1 code f l=
	shift
	rm -rf "$dir/labels"
	for code; do
		l+="${l:+,}\"${code%%-*}\""
		if [[ $code == *-* ]]; then
			mkdir -p "$dir/labels" && cp "$LABELS/$code.json" "$dir/labels/${code%%-*}.json"
		fi
	done
	for f in "$ORIG"/*.json; do
		jq --argjson l "[$l]" 'walk(if type == "object" and has("en") and
			(keys - ["es", "en", "fr"]) == [] then .en as $v | reduce $l[] as $k ({}; .[$k] = $v) else . end)' \
			"$f" >"$dir/${f##*/}"
	done
	# the name without its parts, as above
	jq 'del(.given_name, .family_name)' "$dir/profile.json" >"$dir/p.json" &&
		mv "$dir/p.json" "$dir/profile.json"
	jq --argjson l "[$l]" '.languages = $l' "$dir/site.json" >"$dir/site.json.new" &&
		mv "$dir/site.json.new" "$dir/site.json"
}

# sets_checked SET...: the cases of each SET on the --check run_cmd has just
# run of a site of those sets: no untranslated key, no warning (one
# warning fails every set of its site).
sets_checked() {
	local code
	for code; do
		t "a site in $code (with ${*// /, }) passes --check with no untranslated key"
		expect_exit 0
		expect_stdout_match "content OK .*languages (.*, )?${code%%-*}(, .*)?\$"
		expect_equal 'warnings' '' "$(grep -E 'warning|note' "$BB_TMP/stderr")"
	done
}

# test_set CODE LANG PREFIX: the pages of the set CODE's language LANG,
# served at PREFIX (empty for the default language), carry lang="LANG", the
# set's texts and no English one ($sitemap: the site's URLs).
test_set() {
	local code=$1 lang=$2 prefix=$3 dir= path key val url i pages=() fetch=()
	local -A text=()
	# the set's texts, escaped as in HTML: one jq for the set
	while IFS= read -r -d '' key && IFS= read -r -d '' val; do
		text[$key]=$val
	done < <(jq -j 'to_entries[] | "\(.key)\u0000\(.value | gsub("&"; "&amp;")
		| gsub("<"; "&lt;") | gsub(">"; "&gt;") | gsub("\""; "&quot;")
		| gsub("'\''"; "&apos;"))\u0000"' "$LABELS/$code.json")
	# written right to left: the set's own name of its version starts
	# with a right-to-left letter (rtl_sets, below the sets' list)
	[[ " $rtl_sets " == *" $code "* ]] && dir=' dir="rtl"'
	for path in / /cv /developers; do
		t "$prefix$path of a site in $code: lang=\"$lang\"$dir, the $code set's texts, not the English ones"
		req GET "$prefix$path"
		expect_status 200
		expect_header content-language "$lang"
		expect_body_contains "<html lang=\"$lang\"$dir>"
		for key in ${page_keys[$path]}; do
			expect_body_contains "${text[$key]:-(labels/$code.json has no $key)}"
		done
	done
	# The CV's dates (the fixture's 2018-09 and 2019-05) in the Gregorian
	# years, whatever calendar the language's locale uses by default:
	# Persian's (fa) counted "2018" as 1397, the year of its first day.
	# Thai's Buddhist era numbers the same years, 543 more.
	t "/cv of a site in $code: its dates in the content's years, not another calendar's"
	req GET "$prefix/cv"
	expect_equal "the years of /cv's visible text (digits of any script) in $code" \
		"$([[ $code == th ]] && echo '2561 2562' || echo '2018 2019')" \
		"$(cv_years "$RESP_DIR/body")"
	# Every page the site has in that language (its sitemap: under
	# PREFIX/, or for the default language under no other language's) and
	# its 404 page: no text of en.json where the set has its own.
	t "every page of a site in $code shows no untranslated label"
	i=0
	for url in $sitemap "$BASE$prefix/no-such-page"; do
		if [[ -n $prefix ]]; then
			[[ $url == "$BASE$prefix/"* ]] || continue
		else
			[[ ${url#"$BASE"} =~ ^/($langs_re)(/|$) ]] && continue
		fi
		i=$((i + 1))
		fetch+=(-o "$BB_TMP/page-$i.html" "$url")
		pages+=("$BB_TMP/page-$i.html")
	done
	rm -f "${pages[@]}"
	curl -s "${fetch[@]}" # one curl for all of them
	_bb_check "$((i < 6))" "the sitemap lists the site's pages in $lang" "$i"
	expect_equal "English texts on the pages of a site in $code" '' \
		"$(untranslated "$code" "${pages[@]}")"
}

for group in "${groups[@]}"; do
	# shellcheck disable=SC2086 # the group's codes, one word each
	set -- $group
	default=${1%%-*}
	group_site "$STACK_CONTENT" "$@"
	t "a site in $group (the first the default) passes --check"
	run_cmd "$PERFIL_BIN" --check --content "$STACK_CONTENT" --labels "$LABELS"
	expect_exit 0
	sets_checked "$@"
	# The old workers serve their kept connections until they drain: once
	# the old generation is gone (bb_reload, 30 s at most: the ASan build
	# is slow to drain), with the micro-cache off, every answer is the new
	# content's; the wait for the three pages in the new languages (10 s at
	# most) is a second guard, and the checks below say what a miss was.
	bb_reload "$sup"
	wait_every 0.1 10 in_langs "$@"
	sitemap=$(curl -s "$BASE/sitemap.xml" | grep -o '<loc>[^<]*</loc>' |
		sed 's|<loc>||; s|</loc>||')
	langs_re=
	for code; do
		langs_re+="${langs_re:+|}${code%%-*}"
	done
	for code in $group; do
		lang=${code%%-*}
		prefix=
		[[ $lang == "$default" ]] || prefix=/$lang
		test_set "$code" "$lang" "$prefix"
	done
done

# Each set's --check cases ride on the --check of the site that serves it
# (above: 5 loads for the 27 sets in the plain run, where a one-language
# site per set took 27). The sets a checked build does not serve
# (bb_checked above) are checked here, in sites of up to 8 of their own.
unserved=()
for code in "${codes[@]}"; do
	[[ " ${served[*]} " == *" $code "* ]] || unserved+=("$code")
done
if ((${#unserved[@]} > 0)); then
	SETS=$BB_TMP/site-sets
	mkdir -p "$SETS"
	while read -r group; do
		# shellcheck disable=SC2086 # the group's codes, one word each
		group_site "$SETS" $group
		run_cmd "$PERFIL_BIN" --check --content "$SETS" --labels "$LABELS"
		# shellcheck disable=SC2086
		sets_checked $group
	done < <(group_codes "${unserved[@]}")
fi
