#!/usr/bin/env bash
# A headline that only repeats the job title (a JSON Resume's one
# basics.label fills both on import) is said once on the home page and the
# CV; a headline of its own is still shown beside the job title. The
# content is tests/fixtures/solo_en with the headline set to the job title.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

trap 'stack_stop; _bb_finish' EXIT
SITE=$BB_TMP/site-same-title
rm -rf "$SITE" && cp -R "$STACK_ROOT/tests/fixtures/solo_en" "$SITE"
jq '.headline = .job_title' "$STACK_ROOT/tests/fixtures/solo_en/profile.json" >"$SITE/profile.json"
title=$(jq -r .job_title "$SITE/profile.json")
export PERFIL_CONTENT=$SITE
bb_private_stack 580 'serving a profile whose headline is its job title'

# count TEXT: how many lines of the last body hold TEXT.
count() {
	grep -cF -- "$1" "$RESP_DIR/body"
}

for path in / /index.md /cv /cv.md; do
	t "$path: the job title that is also the headline appears once"
	req GET "$path"
	expect_status 200
	expect_equal "lines with \"$title\" in the page's main text" 1 \
		"$(sed -n '/<main/,/<\/main>/p; /^# /,$p' "$RESP_DIR/body" | grep -cF -- "$title")"
done

stack_stop
t 'a headline of its own is still shown beside the job title'
export PERFIL_CONTENT=tests/fixtures/solo_en
bb_private_stack 580 'serving tests/fixtures/solo_en'
req GET /
expect_body_contains "$(jq -r .headline "$STACK_ROOT/tests/fixtures/solo_en/profile.json")"
expect_body_contains "$(jq -r .job_title "$STACK_ROOT/tests/fixtures/solo_en/profile.json")"
