#!/usr/bin/env bash
# /mcp against the official MCP conformance suite (npm
# @modelcontextprotocol/conformance, pinned with the Node 22 it needs in
# tests/conformance, offline after npm ci), through the front this run uses
# (nginx's shipped site, or Apache's vhost with PERFIL_FRONT=apache).
#
# Revision 2025-11-25: server-initialize, ping, tools-list, resources-list,
# dns-rebinding-protection. Revision 2026-07-28: server-stateless, caching,
# http-header-validation, sep-2164-resource-not-found, tools-list,
# resources-list, dns-rebinding-protection, server-sse-multiple-streams
# (concurrent requests, each answered alone). Each must end with no failed check
# but those tests/conformance/expected-failures.yml lists (the suite exits
# non-zero for any other failure, and for a listed one that passes). The
# scenarios left out need the suite's own test tools, prompts, completions,
# logging, subscriptions or event streams, which a read-only profile server
# does not offer: docs/mcp.md, "Conformance", lists them and why.
. "$(dirname "$0")/lib.sh"

bb_npm conformance @modelcontextprotocol/conformance
dir=$STACK_ROOT/tests/conformance

# conformance REVISION SCENARIO: one scenario against $BASE/mcp.
conformance() {
	local out=$BB_TMP/conformance-$2-$1.txt
	t "conformance $1: $2 has no failed check but the expected ones"
	run_cmd timeout 120 "$dir/node_modules/.bin/node" \
		"$dir/node_modules/@modelcontextprotocol/conformance/dist/index.js" \
		server --url "$BASE/mcp" --scenario "$2" --spec-version "$1" \
		--expected-failures "$dir/expected-failures.yml"
	sed 's/\x1b\[[0-9;]*m//g' "$BB_TMP/stdout" >"$out"
	# The failed checks' ids first, where the status's 300 characters show.
	{
		grep -E '\] (FAILURE|WARNING) ' "$out" | sed 's/^[^[]*\[ *//; s/ *\].*//' |
			tr '\n' ' '
		echo
		cat "$out"
	} >"$BB_TMP/stdout"
	expect_exit 0
	expect_stdout_match 'Passed: [0-9]+/[0-9]+, [0-9]+ failed, 0 warnings'
	cp "$out" "$BB_TMP/stdout"
}

for s in server-initialize ping tools-list resources-list dns-rebinding-protection; do
	conformance 2025-11-25 "$s"
done
for s in server-stateless caching http-header-validation sep-2164-resource-not-found \
	tools-list resources-list dns-rebinding-protection server-sse-multiple-streams; do
	conformance 2026-07-28 "$s"
done
