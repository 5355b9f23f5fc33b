#!/usr/bin/env bash
# front: nginx-only the label sets and languages of the content; Apache passes every path to the responder untouched (conf/apache), so one front is enough
# Any language ICU knows works without a label set: a site configuring
# Icelandic (is), for which perfil ships no labels/is.json, passes --check
# with one warning per untranslated key (naming the language and the key),
# and its pages are served with lang="is", the untranslated keys in the
# fallback language (English), and the words ICU knows (the language's own
# name, month names, language and country names) in Icelandic. A
# CONTENT/labels/is.json translates keys for that site alone: they leave the
# warning list and reach the pages. A code ICU has no data for is an error.
# The scratch content is tests/fixtures/solo_en made Icelandic.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

: "${PERFIL_BIN:?}"
LABELS=$STACK_ROOT/labels
trap 'stack_stop; _bb_finish' EXIT

SITE=$BB_TMP/site-is
rm -rf "$SITE" && cp -R "$STACK_ROOT/tests/fixtures/solo_en" "$SITE"
for f in "$SITE"/*.json; do
	# One language: a text translated only into English becomes plain.
	jq 'walk(if type == "object" and keys == ["en"] then .en else . end)' \
		"$f" >"$f.new" && mv "$f.new" "$f"
done
jq '.languages = ["is"]' "$SITE/site.json" >"$SITE/site.json.new" &&
	mv "$SITE/site.json.new" "$SITE/site.json"

# untranslated_keys [EXCEPT...]: the keys of en.json a language without a
# set shows in English, sorted: every key but the variants by pronoun
# (KEY.she, KEY.he, KEY.they of another key), minus EXCEPT.
untranslated_keys() {
	jq -r --args '. as $s | keys[]
		| select((test("\\.(she|he|they)$") and ($s[sub("\\.(she|he|they)$"; "")] != null)) | not)
		| select(. as $k | $ARGS.positional | index($k) | not)' \
		"$@" <"$LABELS/en.json" | sort
}

# warned_keys LANG: the keys --check's stderr names as untranslated in LANG.
warned_keys() {
	sed -n "s/^perfil-fcgi: warning: labels: $1: \\([^:]*\\): untranslated.*/\\1/p" \
		"$BB_TMP/stderr" | sort
}

t 'is without a label set: --check passes and warns once per untranslated key, naming language and key'
run_cmd "$PERFIL_BIN" --check --content "$SITE" --labels "$LABELS"
expect_exit 0
expect_stdout_match 'content OK .*languages is$'
expect_equal 'untranslated keys listed' "$(untranslated_keys)" "$(warned_keys is)"
expect_stderr_match 'warning: labels: is: nav\.skip: untranslated .*pages show the en text'
# and says once, plainly, that the language has no set (issue 36)
expect_equal 'lines that are neither warnings nor the note' '' \
	"$(grep -v '^perfil-fcgi: warning: ' "$BB_TMP/stderr" |
		grep -v '^perfil-fcgi: note: no label set for is (Icelandic): its [0-9]* interface texts .* are shown in English; write them in .*/labels/is\.json')"
expect_equal 'notes' 1 "$(grep -c '^perfil-fcgi: note: ' "$BB_TMP/stderr")"

t 'a language code ICU has no data for is an error naming file, entry and code'
jq '.languages = ["is", "xx"]' "$SITE/site.json" >"$BB_TMP/site.json.xx"
bad=$BB_TMP/site-xx
rm -rf "$bad" && cp -R "$SITE" "$bad" && cp "$BB_TMP/site.json.xx" "$bad/site.json"
run_cmd "$PERFIL_BIN" --check --content "$bad" --labels "$LABELS"
expect_exit 1
expect_stderr_match 'site\.json: languages\[1\]: unknown language code "xx"'
jq '.label_fallback = "qz"' "$SITE/site.json" >"$bad/site.json"
run_cmd "$PERFIL_BIN" --check --content "$bad" --labels "$LABELS"
expect_exit 1
expect_stderr_match 'site\.json: label_fallback: unknown language code "qz"'

t 'label_fallback names the language untranslated keys are shown in'
jq '.label_fallback = "es"' "$SITE/site.json" >"$bad/site.json"
run_cmd "$PERFIL_BIN" --check --content "$bad" --labels "$LABELS"
expect_exit 0
expect_equal 'untranslated keys listed' "$(untranslated_keys)" "$(warned_keys is)"
expect_stderr_match 'warning: labels: is: nav\.skip: untranslated .*pages show the es text'
jq '.label_fallback = "ro"' "$SITE/site.json" >"$bad/site.json"
run_cmd "$PERFIL_BIN" --check --content "$bad" --labels "$LABELS"
expect_exit 1
expect_stderr_match 'label_fallback: no label set for "ro"'

export PERFIL_CONTENT=$SITE
SHARED_BASE=$BASE
bb_private_stack 560 'serving an Icelandic site without a label set'

t 'is pages: lang="is", untranslated keys in English, ICU words in Icelandic'
req GET /
expect_status 200
expect_header content-language is
expect_body_contains '<html lang="is">'
expect_body_contains "$(jq -r '."nav.skip"' "$LABELS/en.json")"
expect_body_contains '<meta property="og:locale" content="is_IS">'
req GET /cv
expect_status 200
expect_body_contains "$(jq -r '."cv.experience"' "$LABELS/en.json")"
# experience.json's "2019-04", as ICU writes a month in Icelandic
expect_body_contains 'apríl 2019'
req GET /contact
expect_status 200
# profile.json's languages en, nl and country GB, named in Icelandic
expect_body_contains 'enska og hollenska'
expect_body_contains '(Bretland)'
expect_body_not_contains 'en, nl'

t 'a site label set (CONTENT/labels/is.json) translates keys: no longer warned, served'
mkdir -p "$SITE/labels"
printf '%s\n' '{' '  "nav.skip": "Fara beint í efni",' \
	'  "cv.experience": "Starfsreynsla",' '  "no.such.key": "x"' '}' \
	>"$SITE/labels/is.json"
run_cmd "$PERFIL_BIN" --check --content "$SITE" --labels "$LABELS"
expect_exit 0
expect_equal 'untranslated keys listed' "$(untranslated_keys nav.skip cv.experience)" "$(warned_keys is)"
expect_stderr_match 'warning: .*labels/is\.json: no\.such\.key: unknown label key'
stack_stop
BASE=$SHARED_BASE
bb_private_stack 560 'serving the Icelandic site with its own labels/is.json'
req GET /cv
expect_body_contains 'Fara beint í efni'
expect_body_contains 'Starfsreynsla'
expect_body_not_contains "$(jq -r '."nav.skip"' "$LABELS/en.json")"

t 'a site label set with a placeholder the program does not fill is refused, naming file and key'
printf '%s\n' '{ "param.range": "frá @@min@@ til @@hámark@@" }' >"$SITE/labels/is.json"
run_cmd "$PERFIL_BIN" --check --content "$SITE" --labels "$LABELS"
expect_exit 1
expect_stderr_match 'labels/is\.json: param\.range: placeholders'
