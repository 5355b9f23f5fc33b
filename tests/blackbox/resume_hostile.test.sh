#!/usr/bin/env bash
# front: nginx-only --init --from-resume is the responder's own; one front is enough
# Hostile JSON Resume documents (issue 35): a member the import reads but
# of another type than JSON Resume 1.0 gives it, at any level, stops
# --init --from-resume with exit 1 and one message naming the file, the
# member's path and the reason; nothing is written. Each of these crashed
# the import before it checked every level (exit 139: a NULL member name
# reached strcmp). Over-long sections are refused by the import's bounds.
. "$(dirname "$0")/lib.sh"
trap '_bb_finish' EXIT

# refused NAME JSON PATH REASON: --init --from-resume on JSON exits 1 with
# "NAME.json: PATH: REASON" and leaves no directory behind.
refused() {
	local name=$1 json=$2 path=$3 reason=$4 f=$BB_TMP/$1.json out=$BB_TMP/$1.out
	printf '%s\n' "$json" >"$f"
	rm -rf "$out"
	t "--from-resume $name.json ($(head -c 60 <<<"$json")): exit 1 naming the file, $path and the reason"
	run_cmd "$PERFIL_BIN" --init "$out" --from-resume "$f"
	expect_exit 1
	expect_stderr_match "--from-resume: $f: $path: $reason"
	expect_equal 'nothing written' no "$([[ -e $out ]] && echo yes || echo no)"
}

refused location '{"basics":{"name":"A B","location":["x"]}}' 'basics\.location' 'is not an object'
refused meta '{"meta":[1]}' 'meta' 'is not an object'
refused basics '{"basics":[1]}' 'basics' 'is not an object'
refused work '{"work":[[1]]}' 'work\[0\]' 'is not an object'
refused profiles '{"basics":{"profiles":[[1]]}}' 'basics\.profiles\[0\]' 'is not an object'
refused name '{"basics":{"name":7}}' 'basics\.name' 'is not a string'
refused city '{"basics":{"location":{"city":["x"]}}}' 'basics\.location\.city' 'is not a string'
refused keywords '{"skills":[{"name":"C","keywords":[1]}]}' 'skills\[0\]\.keywords\[0\]' 'is not a string'
refused years '{"skills":[{"name":"C","keywords":["C"],"years":{"C":20}}]}' 'skills\[0\]\.years\.C' 'is not a string'
refused highlights '{"work":[{"name":"X","highlights":"x"}]}' 'work\[0\]\.highlights' 'is not an array of strings'
refused work_items "{\"work\":[$(printf '{},%.0s' $(seq 10000)){}]}" 'work' 'has more than 10000 items'

t 'a member the import does not read may have any shape: it is reported, not refused'
printf '%s\n' '{"basics":{"name":"A B","x-extra":[[1]]},"x-top":{"a":[1]}}' >"$BB_TMP/extra.json"
rm -rf "$BB_TMP/extra.out"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/extra.out" --from-resume "$BB_TMP/extra.json"
expect_exit 0
expect_stdout_match 'not imported: basics\.x-extra '
expect_stdout_match 'not imported: x-top '

# Duplicate member names (JSON leaves them open; the import, like cJSON,
# takes the first): each reported, at every level, at most 20 lines and a
# count; the first value is the one written. Before, the rest were dropped
# without a word.
t 'duplicate keys: each reported with its path and count, the first imported; bounded report'
printf '%s\n' '{"basics":{"name":"Ana Bravo","name":"Second Name","profiles":[{"network":"X","url":"https://x.example/a","url":"https://x.example/b"}]},
 "work":[{"name":"W","position":"First","position":"Second","position":"Third","startDate":"2020-01"}],
 "x-top":{'"$(for i in $(seq 30); do printf '"k%d":1,"k%d":2,' "$i" "$i"; done)"'"z":0}}' \
	>"$BB_TMP/dups.json"
rm -rf "$BB_TMP/dups.out"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/dups.out" --from-resume "$BB_TMP/dups.json"
expect_exit 0
expect_stdout_match 'duplicate key: basics\.name \(2 times: the first is imported, the others ignored\)'
expect_stdout_match 'duplicate key: basics\.profiles\[0\]\.url \(2 times'
expect_stdout_match 'duplicate key: work\[0\]\.position \(3 times'
expect_stdout_match 'duplicate key: 13 more names duplicated'
expect_equal 'duplicate-key lines' 21 "$(grep -c '^duplicate key' "$BB_TMP/stdout")"
expect_equal 'the name written' 'Ana Bravo' "$(jq -r .name "$BB_TMP/dups.out/profile.json")"

# One URL rule (src/base/url.c): a URL of the document that the content's
# rule refuses (another scheme, user information, a control character,
# U+007F included) is not imported; the report names its member and the
# reason, and what is written passes --check (U+007F once reached the
# written content, which then did not load).
t 'bad URLs in the document: not imported, each named with its reason; the content loads'
printf '%s\n' '{"basics":{"name":"Ana Bravo","url":"javascript:alert(1)",
 "profiles":[{"network":"X","url":"https://u:p@x.example/a"}]},
 "work":[{"name":"W","position":"P","url":"https://w.example/\u007f","startDate":"2020-01"}]}' \
	>"$BB_TMP/urls.json"
rm -rf "$BB_TMP/urls.out"
run_cmd "$PERFIL_BIN" --init "$BB_TMP/urls.out" --from-resume "$BB_TMP/urls.json"
expect_exit 0
expect_stdout_match 'profile\.json: url = "[^"]*" \(basics\.url is not an http\(s\) URL: not an absolute http\(s\) URI\)'
expect_stdout_match 'not imported: basics\.profiles\[0\] \(url: user information \(user@\) is not allowed'
expect_stdout_match 'not imported: work\[0\]\.url \(.* is not an http\(s\) URL: control character U\+007F'
run_cmd "$PERFIL_BIN" --check --content "$BB_TMP/urls.out"
expect_exit 0
