#!/usr/bin/env bash
# front: nginx-only it starts its own private Apache; run once
# Apache's own errors under /api: when mod_fcgid cannot start the responder
# (here: its content became invalid and the running responders were killed),
# the client gets the JSON internal_error envelope of conf/apache/perfil.conf,
# never Apache's HTML page.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
. "$STACK_ROOT/tests/lib/apache.sh"

STACK_TRAP=0
STACK_LOG_DIR=$BLACKBOX_OUT/logs/apache_down
rm -rf "$BB_TMP/content"
cp -R "$CONTENT" "$BB_TMP/content" && chmod -R a+rX "$BB_TMP/content"
PERFIL_CONTENT=$BB_TMP/content
port=$(stack_free_port $((${BASE##*:} + 800))) || exit 1
trap 'apache_stop; _bb_finish' EXIT
bb_apache_checked || exit 1
if ! apache_start "$port"; then
	t 'a private Apache with mod_fcgid starts'
	_bb_check 1 "Apache on 127.0.0.1:$port" 'it did not start'
	exit 1
fi
BASE=$STACK_BASE

t 'with the responder up, the private Apache answers'
req GET /api/v1/health
expect_status 200

# Break the content, then kill the responders mod_fcgid started (relays
# with --share, and the server they share): the new ones it starts exit at
# once (status 1, invalid content).
printf '{' >"$STACK_CONTENT/profile.json"
for p in $(pgrep -f -- "perfil-fcgi --content $STACK_CONTENT --base-url $BASE( |\$)"); do
	kill -KILL "$p"
done

t 'responder cannot start: GET /api/v1/health is a JSON internal_error from Apache'
req GET /api/v1/health
expect_status 500 503
expect_error "$RESP_STATUS" internal_error
expect_header content-language en
expect_json '.error.documentation_url' "\"$BASE/developers\""
expect_body_not_contains '<html'

# Only one request: after a few failed starts mod_fcgid stops spawning until
# its spawn score decays (FcgidSpawnScoreUpLimit) and holds further requests
# meanwhile, for longer than a test should wait; they too end as JSON.
