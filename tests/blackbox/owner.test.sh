#!/usr/bin/env bash
# Another owner: everything the program says about the person comes from
# the content directory. A second content directory for a different person
# (tests/fixtures/owner2: a co-founder with one partner, no licence, no
# pronouns) is served by a private stack; no page, markdown twin, agent file,
# OpenAPI document, sitemap, manifest or API answer may carry the demo's
# names, facts, licence or pronouns, and the new owner's own facts appear.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

DEMO=$STACK_ROOT/content
OWNER=$STACK_ROOT/tests/fixtures/owner2
export PERFIL_CONTENT=tests/fixtures/owner2
trap 'stack_stop; _bb_finish' EXIT
bb_private_stack 500 'serving tests/fixtures/owner2'

# Everything the site serves, in every language and representation.
paths=(/ /about /contact /privacy /lab /developers
	/en/ /en/about /en/contact /en/privacy /en/lab /en/developers
	/index.md /about.md /contact.md /privacy.md /lab.md /developers.md
	/en/index.md /en/about.md /en/contact.md /en/privacy.md /en/lab.md
	/en/developers.md /llms.txt /en/llms.txt /agents.md /en/agents.md
	/sitemap.xml /robots.txt /manifest.webmanifest /openapi.json
	/api/openapi.json /api/openapi.yaml /no-such-page /en/no-such-page.md
	/api/v1/health /api/v1/profile /api/v1/about /api/v1/projects
	/api/v1/experience /api/v1/skills /api/v1/certifications
	/api/v1/education /api/v1/recommendations /api/v1/search?q=data)

all=$BB_TMP/all
: >"$all"
t 'every document of the second owner is served'
for p in "${paths[@]}"; do
	for lang in es en; do
		case $p in
		/api/v1/*) req GET "$p" -H "Accept-Language: $lang" ;;
		*) [[ $lang == es ]] || continue; req GET "$p" ;;
		esac
		case $p in
		/no-such-page | /en/no-such-page.md) expect_status 404 ;;
		*) expect_status 200 ;;
		esac
		cat "$RESP_DIR/body" >>"$all"
		printf '\n' >>"$all"
	done
done

# demo_phrases: the demo person's names and the sentences about her, taken
# from the demo content (names) and from what the demo's settings say.
demo_phrases=(
	"$(jq -r .name "$DEMO/profile.json")"
	"$(jq -r .family_name "$DEMO/profile.json")"
	"$(jq -r .co_founder_of.name "$DEMO/profile.json")"
	"$(jq -r .email "$DEMO/profile.json")"
	'CC BY' 'CC-BY' 'creativecommons.org' 'founding partners'
	'socias fundadoras' 'sole founder' 'única fundadora' 'never split'
	'no se separa' 'cofundadora' 'Seville' 'Sevilla'
)

t 'no document names the demo person or repeats her facts or licence'
for ph in "${demo_phrases[@]}"; do
	[[ -n $ph && $ph != null ]] || continue
	if grep -qiF -- "$ph" "$all"; then
		_bb_fail "no \"$ph\" anywhere" "found: $(grep -oiF -m1 -- "$ph" "$all" | head -n 1)"
	else
		_bb_pass
	fi
done

t 'no document refers to the owner with pronouns the content did not give'
for w in she her hers ella encontrarla; do
	if grep -qiwE -- "$w" "$all"; then
		_bb_fail "no word \"$w\"" "found: $(grep -oiwE -m1 -- ".{30}$w.{30}" "$all" | head -n 1)"
	else
		_bb_pass
	fi
done

t 'no licence is claimed: OpenAPI has no info.license, pages no licence line'
req GET /openapi.json
expect_json '.info | has("license")' false
req GET /en/
expect_body_not_contains 'licen'
req GET /en/agents.md
expect_body_not_contains '## Attribution'
expect_body_not_contains 'Licen'
req GET /developers.md
expect_body_not_contains '## Licencia'

t 'the second owner is named and the facts of their settings are kept'
name=$(jq -r .name "$OWNER/profile.json")
req GET /en/agents.md
expect_body_contains "The full name is \"$name\". $(jq -r .name_rule.en "$OWNER/site.json")"
expect_body_contains 'the company has exactly two founders'
expect_body_contains "$(jq -r .co_founder_of.role.en "$OWNER/profile.json") of $(jq -r .co_founder_of.name "$OWNER/profile.json")"
req GET /agents.md
expect_body_contains 'la empresa tiene exactamente dos fundadores'
req GET /en/llms.txt
expect_body_contains "# $name"
expect_body_contains "$(jq -r .pages.lab.description.en "$OWNER/site.json")"
req GET /api/v1/profile
expect_json .data.name "\"$name\""
