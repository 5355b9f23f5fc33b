#!/usr/bin/env bash
# front: nginx-only process supervision and signals do not depend on the front; run once
# Content reload (SIGHUP to the supervisor): a content set that fails
# validation is refused with a message and the old one keeps serving; a valid
# one replaces it without a single failed request during the swap.
#
# Runs a private stack on its own copy of the content, which this file edits.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/blackbox/ops.sh"

# SIGHUP alone: without --reload-check 0 the content watch would reload
# the edits by itself, and the reloads counted here would double.
PERFIL_ARGS='--reload-check 0 --workers 2'
rm -rf "$BB_TMP/content"
cp -R "$CONTENT" "$BB_TMP/content" && chmod -R a+rX "$BB_TMP/content"
PERFIL_CONTENT=$BB_TMP/content
trap 'ops_cleanup; stack_stop; _bb_finish' EXIT
bb_private_stack 400 'for reloads'
sup=$STACK_RESPONDER_PID
log=$STACK_DIR/perfil.log
old_headline=$(content profile.json .headline.en)
reload_ms=$(bb_reload_ms)
reload_s=$(((reload_ms + 999) / 1000))

# edit FILE JQ-PROGRAM: rewrite content file FILE of the served copy.
edit() {
	jq "$2" "$STACK_CONTENT/$1" >"$BB_TMP/edit.json" &&
		cat "$BB_TMP/edit.json" >"$STACK_CONTENT/$1"
}

t 'before any reload the private stack serves the original headline'
req GET '/api/v1/profile?lang=en'
expect_status 200
expect_json '.data.headline' "$old_headline"
etag_before=$(header etag)

t 'SIGHUP with a broken content set: refused with a message naming the file; old content keeps serving'
cp "$STACK_CONTENT/profile.json" "$BB_TMP/profile.json.orig"
printf '{"name": ' >"$STACK_CONTENT/profile.json" # invalid JSON
workers=$(ops_workers "$sup")
kill -HUP "$sup"
ops_wait_file "$log" 'reload refused' "$reload_s"
_bb_check $? 'perfil.log: "reload refused, still serving the previous content"' \
	"$(tail -n 3 "$log")"
grep -E 'reload refused.*profile\.json' "$log" >/dev/null
_bb_check $? 'the refusal names profile.json' "$(tail -n 2 "$log")"
req GET '/api/v1/profile?lang=en'
expect_status 200
expect_json '.data.headline' "$old_headline"
expect_equal 'ETag after the refused reload' "$etag_before" "$(header etag)"
expect_equal 'workers (unchanged)' "$workers" "$(ops_workers "$sup")"

t 'SIGHUP with a page linked to /etc/passwd, then site.json linked to a FIFO: both refused within a second'
cp "$BB_TMP/profile.json.orig" "$STACK_CONTENT/profile.json"
mv "$STACK_CONTENT/pages/lab.en.md" "$BB_TMP/lab.en.md.orig"
ln -s /etc/passwd "$STACK_CONTENT/pages/lab.en.md"
n=$(grep -c 'reload refused' "$log")
kill -HUP "$sup"
ops_wait_file "$log" 'reload refused.*lab\.en\.md.*symbolic link leading out' "$reload_s"
_bb_check $? 'a refusal naming pages/lab.en.md and the link' "$(tail -n 2 "$log")"
rm "$STACK_CONTENT/pages/lab.en.md" && mv "$BB_TMP/lab.en.md.orig" "$STACK_CONTENT/pages/lab.en.md"
req GET /en/lab
expect_status 200
expect_body_not_contains 'root:x:0:0'
mkfifo "$BB_TMP/reload.pipe"
mv "$STACK_CONTENT/site.json" "$BB_TMP/site.json.orig"
ln -s "$BB_TMP/reload.pipe" "$STACK_CONTENT/site.json"
stall=$(bb_stall_ms)
start=$(ops_ms)
kill -HUP "$sup"
ops_wait_file "$log" 'reload refused.*site\.json' "$reload_s"
_bb_check $? 'a refusal naming site.json' "$(tail -n 2 "$log")"
ms=$(($(ops_ms) - start))
expect_within 'refused within a second' "$(bb_promise_ms 1000)" "$ms" "$stall"
expect_equal 'refusals' $((n + 2)) "$(grep -c 'reload refused' "$log")"
rm "$STACK_CONTENT/site.json" && mv "$BB_TMP/site.json.orig" "$STACK_CONTENT/site.json"
req GET /api/v1/profile
expect_status 200

t 'SIGHUP with a schema-invalid set (a missing required field) is refused too'
cp "$BB_TMP/profile.json.orig" "$STACK_CONTENT/profile.json"
edit profile.json 'del(.email)'
n=$(grep -c 'reload refused' "$log")
kill -HUP "$sup"
ops_wait_file "$log" "reload refused.*email" "$reload_s"
_bb_check $? 'a second refusal naming the email field' "$(tail -n 2 "$log")"
req GET /api/v1/profile
expect_status 200
expect_json_true '.data.email | type == "string"'
expect_equal 'refusals' $((n + 1)) "$(grep -c 'reload refused' "$log")"

t 'SIGHUP with a broken site.json (unknown member, wrong type, bad URL): refused with the content validator'"'"'s lines'
cp "$STACK_CONTENT/site.json" "$BB_TMP/site.json.good"
edit site.json '.licnce = 1 | .name_rule = 3 | .licence.url = "ftp://x.example/l"'
n=$(grep -c 'reload refused' "$log")
kill -HUP "$sup"
ops_wait_file "$log" 'reload refused.*site\.json: licnce: unknown field' "$reload_s"
_bb_check $? 'a refusal naming site.json, licnce and the reason' "$(tail -n 4 "$log")"
grep -q 'site\.json: name_rule: expected a string' "$log"
_bb_check $? 'the wrong type, as a content field'"'"'s' "$(tail -n 4 "$log")"
grep -q 'site\.json: licence\.url: not an absolute http(s) URI: "ftp://x\.example/l"' "$log"
_bb_check $? 'the bad URL, as a content field'"'"'s' "$(tail -n 4 "$log")"
req GET /api/v1/profile
expect_status 200
expect_equal 'refusal lines, one per problem' $((n + 3)) "$(grep -c 'reload refused' "$log")"
cp "$BB_TMP/site.json.good" "$STACK_CONTENT/site.json"

t 'SIGHUP with a valid modified set: the new content is served, no request fails during the swap'
cp "$BB_TMP/profile.json.orig" "$STACK_CONTENT/profile.json"
edit profile.json '.headline.en = "Reloaded headline for the reload test"'
# Hammer the API from two clients while the supervisor reloads three times,
# each SIGHUP sent once the previous reload is logged (signals sent while a
# reload is under way would merge into one).
rm -f "$BB_TMP/stop"
before=$(grep -c 'content reloaded' "$log")
clients=()
for c in 1 2; do
	(
		while [[ ! -e $BB_TMP/stop ]]; do
			curl -s -o /dev/null -w '%{http_code}\n' --max-time 5 \
				"$BASE/api/v1/profile?lang=en"
		done >"$BB_TMP/codes.$c"
	) &
	clients+=($!)
done
# answered A B: whether the clients have more than A and B answers.
answered() {
	local a b
	a=$(grep -c . "$BB_TMP/codes.1" 2>/dev/null)
	b=$(grep -c . "$BB_TMP/codes.2" 2>/dev/null)
	((${a:-0} > $1 && ${b:-0} > $2))
}
# Each SIGHUP once both clients have answers, and after each reload until
# each has had five more (10 s at most).
wait_until 10 answered 0 0
waits=()
for i in 1 2 3; do
	waits+=("$(bb_hup_logged "$sup" "$log" $((before + i)) "$reload_ms") ms")
	a=$(grep -c . "$BB_TMP/codes.1")
	b=$(grep -c . "$BB_TMP/codes.2")
	wait_until 10 answered $((a + 5)) $((b + 5))
done
touch "$BB_TMP/stop"
wait "${clients[@]}"
total=$(cat "$BB_TMP/codes.1" "$BB_TMP/codes.2" | grep -c .)
bad=$(cat "$BB_TMP/codes.1" "$BB_TMP/codes.2" | grep -vc '^200$')
expect_equal 'requests that were not 200 during three reloads' 0 "$bad"
_bb_check $((total < 20)) 'at least 20 requests during the reloads' "$total"
expect_equal 'reloads logged' $((before + 3)) "$(grep -c 'content reloaded' "$log")"
printf '        (each reload logged after its SIGHUP: %s; the budget %s ms)\n' "${waits[*]}" "$reload_ms"
# New connections go to the new workers at once; nginx's kept connections to
# the old ones serve the old content until nginx renews them (keepalive_time
# 1s in the shipped site) or the old workers' drain ends (8 s at most), never
# closed under nginx: once the first workers are gone, only new content is left.
# The shipped micro-cache keeps an answer to the end of the second the
# responder gave it in (X-Accel-Expires, conf/nginx/perfil.conf) and serves no
# stale copy: the new content within a second of the old workers' end.
ops_wait_workers "$sup" 2 12 $workers >/dev/null
stall=$(bb_stall_ms)
start=$(ops_ms)
wait_every 0.05 3 bb_headline_is 'Reloaded headline for the reload test'
ms=$(($(ops_ms) - start))
expect_within 'the new content served within 1 s of the old workers end' 1100 "$ms" "$stall"
req GET '/api/v1/profile?lang=en'
expect_status 200
expect_json '.data.headline' '"Reloaded headline for the reload test"'
expect_differ 'ETag after the reload' "$etag_before" "$(header etag)"

t 'after the reload the old workers are gone and two new ones serve'
ops_wait_workers "$sup" 2 10 $workers >/dev/null
_bb_check $? 'two workers, none of the first generation' "$(ops_workers "$sup" | tr '\n' ' ')"
req GET /api/v1/health
expect_status 200
