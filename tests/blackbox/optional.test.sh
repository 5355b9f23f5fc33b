#!/usr/bin/env bash
# front: nginx-only the optional parts are the responder's; run once
# Optional parts of the content: without certifications.json,
# education.json, recommendations.json and the lab and privacy pages the
# site still loads; those collections are empty (200, [] with total 0), the
# pages answer 404 and nothing links them (navigation, llms.txt, sitemap).
#
# Runs a private stack on a copy of the content without those files.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

rm -rf "$BB_TMP/content"
cp -R "$CONTENT" "$BB_TMP/content"
rm -f "$BB_TMP/content"/{certifications,education,recommendations}.json \
	"$BB_TMP/content"/pages/{lab,privacy}.*.md
chmod -R a+rX "$BB_TMP/content"
PERFIL_CONTENT=$BB_TMP/content
trap 'stack_stop; _bb_finish' EXIT

t 'content without the optional parts passes --check'
run_cmd "$PERFIL_BIN" --check --content "$PERFIL_CONTENT"
expect_exit 0

bb_private_stack 500 'without the optional parts'

for c in certifications education recommendations; do
	for lang in es en; do
		t "/api/v1/$c?lang=$lang is an empty collection: 200, [] and total 0"
		req GET "/api/v1/$c?lang=$lang"
		expect_status 200
		expect_json '.data | length' 0
		expect_json '.meta.total' 0
		expect_json '.meta.count' 0
	done
done

t 'the other collections are served as before'
req GET /api/v1/projects
expect_status 200
expect_json '.meta.total' "$(content projects.json length)"

for p in /lab /privacy /en/lab /en/privacy /lab.md /en/privacy.md; do
	t "$p is a 404"
	req GET "$p"
	expect_status 404
done

for p in / /en/ /about /en/developers; do
	t "$p links neither lab nor privacy"
	req GET "$p"
	expect_status 200
	expect_body_not_contains 'href="/lab"'
	expect_body_not_contains '/privacy"'
	expect_body_not_contains '/en/lab"'
done

for p in /llms.txt /en/llms.txt /sitemap.xml /agents.md; do
	t "$p does not mention the lab or privacy pages"
	req GET "$p"
	expect_status 200
	expect_body_not_contains '/lab'
	expect_body_not_contains '/privacy'
done

for lang in es en; do
	if [[ $lang == es ]]; then pre=; else pre=/en; fi
	t "$pre/cv and $pre/cv.md leave out the absent collections' sections"
	for p in "$pre/cv" "$pre/cv.md"; do
		req GET "$p"
		expect_status 200
		for k in certifications education recommendations; do
			expect_body_not_contains "$(jq -r --arg k "cv.$k" '.[$k]' "$STACK_ROOT/labels/$lang.json")"
		done
		expect_body_contains "$(jq -r '."cv.experience"' "$STACK_ROOT/labels/$lang.json")"
	done
	t "$pre/ JSON-LD has neither alumniOf nor hasCredential"
	req GET "$pre/"
	expect_body_contains '"@type":"ProfilePage"'
	expect_body_not_contains '"alumniOf"'
	expect_body_not_contains '"hasCredential"'
done

t 'search finds no certification or recommendation'
req GET '/api/v1/search?q=a&limit=50'
expect_status 200
expect_json '[.data[] | select(.type == "certification" or .type == "recommendation")] | length' 0

t 'a page present in one language only is refused, naming the missing file'
cp "$CONTENT/pages/lab.es.md" "$PERFIL_CONTENT/pages/"
run_cmd "$PERFIL_BIN" --check --content "$PERFIL_CONTENT"
expect_exit 1
expect_stderr_match 'pages/lab\.en\.md: \(top level\): missing'
