#!/usr/bin/env bash
# front: nginx-only it runs --check and reloads a private stack with SIGHUP (supervision does not depend on the front); run once
# Placeholders never go live silently: --check warns about every TODO,
# example.org/.com/.net host and ".example" host (RFC 2606) of a content
# set, naming file, field and value, and still exits 0; --strict makes them
# errors for --check, start-up and every reload (the good content keeps
# serving). A site whose person is fictional on purpose says so in
# site.json ("fictional": true, the demo): its .example hosts are meant.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

: "${PERFIL_BIN:?}"

# copy NAME: a fresh copy of the demo content in $BB_TMP/NAME.
copy() {
	rm -rf "${BB_TMP:?}/$1"
	cp -R "$CONTENT" "$BB_TMP/$1"
	chmod -R a+rX "$BB_TMP/$1"
	printf '%s\n' "$BB_TMP/$1"
}

# edit DIR FILE JQ-PROGRAM: rewrite DIR/FILE.
edit() {
	jq "$3" "$1/$2" >"$BB_TMP/edit.json" && cat "$BB_TMP/edit.json" >"$1/$2"
}

t 'the demo passes --check --strict as ./serve ships it: no warning'
run_cmd "$PERFIL_BIN" --check --strict --content "$CONTENT"
expect_exit 0
expect_stderr_lines 0
expect_stdout_lines 1

t '--check warns about each placeholder, naming file, field and value, and exits 0'
d=$(copy todo)
edit "$d" profile.json '.headline.en = "TODO: headline" | .email = "me@example.org"'
edit "$d" projects.json '.[1].url = "https://www.example.com/x"'
printf '\nSee https://example.net/todo for more.\n' >>"$d/pages/lab.en.md"
run_cmd "$PERFIL_BIN" --check --content "$d"
expect_exit 0
expect_stderr_lines 4
expect_stderr_match "perfil-fcgi: warning: placeholder: $d/profile\\.json: headline\\.en: \"TODO: headline\" \\(TODO\\)"
expect_stderr_match "placeholder: $d/profile\\.json: email: \"me@example\\.org\" \\(an example\\.org/\\.com/\\.net host \\(RFC 2606\\)\\)"
expect_stderr_match "placeholder: $d/projects\\.json: \\[1\\]\\.url: \"https://www\\.example\\.com/x\""
expect_stderr_match "placeholder: $d/pages/lab\\.en\\.md: line [0-9]+: \"See https://example\\.net/todo for more\\.\""
expect_stdout_match '; 4 placeholders to replace \(warnings above\)$'

t '--check --strict refuses them: exit 1, every one listed'
run_cmd "$PERFIL_BIN" --check --strict --content "$d"
expect_exit 1
expect_stderr_match "perfil-fcgi: $d: 4 placeholders, refused by --strict"
expect_stderr_match "perfil-fcgi: $d/profile\\.json: headline\\.en: \"TODO: headline\""

t 'a word that only contains TODO is no placeholder (Spanish "TODOS")'
d=$(copy todos)
edit "$d" profile.json '.headline.es = "TODOS LOS DATOS"'
run_cmd "$PERFIL_BIN" --check --strict --content "$d"
expect_exit 0

t 'without "fictional": true the demo'"'"'s .example hosts are placeholders too'
d=$(copy real)
edit "$d" site.json 'del(.fictional)'
run_cmd "$PERFIL_BIN" --check --content "$d"
expect_exit 0
expect_stderr_match "placeholder: $d/profile\\.json: email: \"[^\"]+\\.example\" \\(a \\.example host \\(RFC 2606\\)\\)"
run_cmd "$PERFIL_BIN" --check --strict --content "$d"
expect_exit 1

t '--init writes recognisable placeholders: --check warns, --check --strict refuses'
rm -rf "$BB_TMP/init"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/init"
expect_exit 0
run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/init"
expect_exit 0
expect_stderr_match 'placeholder: [^ ]*/profile\.json: name\.en: "TODO: Your Name" \(TODO\)'
expect_stderr_match 'placeholder: [^ ]*/profile\.json: email: "you@example\.org"'
run_cmd "$PERFIL_BIN" --check --strict --content "$BB_TMP/init"
expect_exit 1

# --- a server started with --strict ----------------------------------------
PERFIL_CONTENT=$(copy served)
# SIGHUP alone: without --reload-check 0 the content watch would reload
# the edits by itself, and the reloads counted here would double.
PERFIL_ARGS='--reload-check 0 --workers 1 --strict'
trap 'stack_stop; _bb_finish' EXIT
bb_private_stack 600 'with --strict'
sup=$STACK_RESPONDER_PID
log=$STACK_DIR/perfil.log

t 'with --strict a reload of content with a placeholder is refused, logging why; the good content keeps serving'
req GET '/api/v1/profile?lang=en'
expect_status 200
good=$(jq -c .data.headline "$RESP_DIR/body")
edit "$STACK_CONTENT" profile.json '.headline.en = "TODO: write a headline"'
n=$(grep -c 'reload refused' "$log")
kill -HUP "$sup"
bb_await_lines "$log" 'reload refused' $((n + 1)) "$(bb_reload_ms)"
_bb_check $? 'perfil.log: "reload refused"' "$(tail -n 3 "$log")"
_bb_check "$(grep -qE 'placeholders?, refused by --strict' "$log"; echo $?)" \
	'perfil.log says the placeholders were refused by --strict' "$(tail -n 3 "$log")"
_bb_check "$(grep -q 'profile\.json: headline\.en: "TODO: write a headline"' "$log"; echo $?)" \
	'perfil.log names the file, field and value' "$(tail -n 3 "$log")"
bb_next_second # past the micro-cache's second
req GET '/api/v1/profile?lang=en'
expect_status 200
expect_json .data.headline "$good"
