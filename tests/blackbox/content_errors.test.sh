#!/usr/bin/env bash
# front: nginx-only it runs perfil-fcgi --check directly, no front involved; run once
# Content validation: perfil-fcgi refuses broken content, at --check and at
# start-up, with one message naming the file, the field path and the reason:
#   perfil-fcgi: FILE: FIELD.PATH: reason
. "$(dirname "$0")/lib.sh"

: "${PERFIL_BIN:?}"

# broken NAME FILE JQ-PROGRAM: print the path of a copy of the content in
# which FILE was rewritten by JQ-PROGRAM.
broken() {
	local dir=$BB_TMP/$1
	rm -rf "$dir"
	cp -R "$CONTENT" "$dir"
	jq "$3" "$CONTENT/$2" >"$dir/$2"
	chmod -R a+rX "$dir"
	printf '%s\n' "$dir"
}

# expect_refused FILE PATH-REGEX: the last command exited 1 and its stderr
# names FILE, a field path matching PATH-REGEX and a reason.
expect_refused() {
	local file_re=${1//./\\.}
	expect_exit 1
	expect_stderr_match "(^|"$'\n'")perfil-fcgi: [^"$'\n'"]*$file_re: $2: [^"$'\n'"]+"
}

last=$(($(content projects.json length) - 1))
i2=$((last < 2 ? last : 2))

t 'valid content: --check exits 0 with a one-line summary on stdout'
run_cmd "$PERFIL_BIN" --check --content "$CONTENT"
expect_exit 0
expect_stdout_lines 1
expect_stderr_lines 0

t 'invalid JSON is refused, naming the file'
dir=$(broken invalid-json profile.json .)
printf '{"name": "x",\n' >"$dir/profile.json"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_exit 1
expect_stderr_match '(^|'$'\n'')perfil-fcgi: [^'$'\n'']*profile\.json: [^'$'\n'']+'

t 'an empty file is refused, naming the file'
dir=$(broken empty-file skills.json .)
: >"$dir/skills.json"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_exit 1
expect_stderr_match 'skills\.json: '

t 'a missing content file that is not optional is refused, naming the file'
dir=$(broken missing-file skills.json .)
rm "$dir/skills.json"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_exit 1
expect_stderr_match 'skills\.json'

t 'a missing required field: [0].title of projects.json'
run_cmd "$PERFIL_BIN" --check --content "$(broken missing-field projects.json 'del(.[0].title)')"
expect_refused projects.json '\[0\]\.title'

t 'a missing required field in profile.json: email'
run_cmd "$PERFIL_BIN" --check --content "$(broken missing-email profile.json 'del(.email)')"
expect_refused profile.json '\.?email'

t 'a bad slug: [1].slug "Bad Slug" in experience.json'
run_cmd "$PERFIL_BIN" --check --content "$(broken bad-slug experience.json '.[1].slug = "Bad Slug"')"
expect_refused experience.json '\[1\]\.slug'

t 'a duplicate slug: [1].slug repeats [0].slug in projects.json'
run_cmd "$PERFIL_BIN" --check --content "$(broken dup-slug projects.json '.[1].slug = .[0].slug')"
expect_refused projects.json '\[1\]\.slug'

t 'a bad URI: [0].url "not a url" in projects.json'
run_cmd "$PERFIL_BIN" --check --content "$(broken bad-uri projects.json '.[0].url = "not a url"')"
expect_refused projects.json '\[0\]\.url'

t 'a bad URI: credential_url with a relative path in certifications.json'
run_cmd "$PERFIL_BIN" --check --content "$(broken bad-uri-2 certifications.json '.[0].credential_url = "/cert.pdf"')"
expect_refused certifications.json '\[0\]\.credential_url'

# One URL rule (src/base/url.c): every URL the content, site.json and the
# command line give is parsed as RFC 3986 and held to what its place allows;
# a refusal is one line naming the option, or the file and field, and the
# reason.
t 'javascript: in a profile link: one message naming profile.json, profiles[2].url'
run_cmd "$PERFIL_BIN" --check --content "$(broken js-link profile.json '.profiles[2].url = "javascript:alert(1)"')"
expect_refused profile.json 'profiles\[2\]\.url'
expect_stderr_match 'profile\.json: profiles\[2\]\.url: not an absolute http\(s\) URI: "javascript:alert\(1\)"'
expect_stderr_lines 1

t 'a data: URL as a project url: one message naming projects.json, [0].url'
run_cmd "$PERFIL_BIN" --check --content "$(broken data-url projects.json '.[0].url = "data:text/plain,x"')"
expect_refused projects.json '\[0\]\.url'
expect_stderr_lines 1

t 'a control character (U+007F too) in a content URL: one message naming file and field'
for cc in '\u0001' '\u007F'; do
	run_cmd "$PERFIL_BIN" --check --content "$(broken ctl-url experience.json ".[0].url = \"https://a.example/x${cc}y\"")"
	expect_refused experience.json '\[0\]\.url'
	expect_stderr_match "experience\\.json: \\[0\\]\\.url: control character U\\+00${cc: -2}"
	expect_stderr_lines 1
done

t 'user information in a profile link is refused; an @ in its path is not'
run_cmd "$PERFIL_BIN" --check --content "$(broken userinfo-link profile.json '.profiles[0].url = "https://u:p@github.example/x"')"
expect_refused profile.json 'profiles\[0\]\.url'
expect_stderr_match 'profiles\[0\]\.url: user information \(user@\) is not allowed'
run_cmd "$PERFIL_BIN" --check --content "$(broken at-path site.json '.security = {contact: "https://a.example/@sec", policy: "https://a.example/@sec/policy"}')"
expect_exit 0

t 'site.json: security.contact that is no mailto:, https: or tel: URI names the member'
run_cmd "$PERFIL_BIN" --check --content "$(broken sec-contact site.json '.security = {contact: ["mailto:sec@a.example", "javascript:x"]}')"
expect_exit 1
expect_stderr_match 'site\.json: security\.contact\[1\]: not a mailto:, https: or tel: URI'
expect_stderr_lines 1

t '--base-url with user information: one message naming --base-url, status 2'
run_cmd "$PERFIL_BIN" --check --content "$CONTENT" --base-url https://u:p@example.org
expect_exit 2
expect_stderr_match '^perfil-fcgi: --base-url: user information \(user@\) is not allowed in a URI$'
expect_stderr_lines 1

t '--base-url with a query, a fragment, U+007F or another scheme: one message each'
for bad in 'https://example.org/?a=1' 'https://example.org/#x' "$(printf 'https://example.org/\x7f')" \
	'javascript:alert(1)' 'https://example.org:99999'; do
	run_cmd "$PERFIL_BIN" --check --content "$CONTENT" --base-url "$bad"
	expect_exit 2
	expect_stderr_match '^perfil-fcgi: --base-url: '
	expect_stderr_lines 1
done

t 'site.json base_url with user information: one message naming site.json and base_url'
run_cmd "$PERFIL_BIN" --check --content "$(broken base-userinfo site.json '.base_url = "https://u:p@example.org"')"
expect_exit 1
expect_stderr_match 'site\.json: base_url: user information \(user@\) is not allowed'
expect_stderr_lines 1

t 'a bad e-mail address in profile.json'
run_cmd "$PERFIL_BIN" --check --content "$(broken bad-email profile.json '.email = "not-an-email"')"
expect_refused profile.json '\.?email'

t "a missing \"en\" translation: [$i2].title.en in projects.json"
run_cmd "$PERFIL_BIN" --check --content "$(broken missing-en projects.json "del(.[$i2].title.en)")"
expect_refused projects.json "\\[$i2\\]\\.title\\.en"

t 'an empty translation: [0].comment.es in recommendations.json'
run_cmd "$PERFIL_BIN" --check --content "$(broken empty-es recommendations.json '.[0].comment.es = ""')"
expect_refused recommendations.json '\[0\]\.comment\.es'

t 'a nested path: the years of a skill in skills.json'
run_cmd "$PERFIL_BIN" --check --content "$(broken bad-years skills.json '.[0].skills[1].years = "a lot"')"
expect_refused skills.json '\[0\]\.skills\[1\]\.years'

t 'an unknown key is rejected: [0].titel in projects.json'
run_cmd "$PERFIL_BIN" --check --content "$(broken unknown-key projects.json '.[0].titel = .[0].title')"
expect_refused projects.json '\[0\]\.titel'

t 'a wrong type: a number where a translated text goes, about.json summary'
run_cmd "$PERFIL_BIN" --check --content "$(broken wrong-type about.json '.summary = 42')"
expect_refused about.json '\.?summary'

# The site settings (site.json) are optional and checked as strictly.
t 'site.json may be absent: no licence, no pronouns, the content loads'
dir=$(broken no-settings profile.json .)
rm -f "$dir/site.json"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_exit 0

t 'site.json: an unknown member, a bad pronoun and a licence without url are refused'
run_cmd "$PERFIL_BIN" --check --content "$(broken settings-unknown site.json '.licnce = 1')"
expect_refused site.json 'licnce'
run_cmd "$PERFIL_BIN" --check --content "$(broken settings-pronoun site.json '.pronouns = "it"')"
expect_refused site.json 'pronouns'
run_cmd "$PERFIL_BIN" --check --content "$(broken settings-licence site.json 'del(.licence.url)')"
expect_refused site.json 'licence\.url'

# site.json is declared like a collection and checked by the content's
# validator: its problems read like profile.json's, "FILE: FIELD: reason"
# with the same reason for the same fault.
# same_form SITE-JQ PROFILE-JQ SITE-FIELD PROFILE-FIELD REASON-REGEX
same_form() {
	run_cmd "$PERFIL_BIN" --check --content "$(broken form-site site.json "$1")"
	expect_refused site.json "$3"
	expect_stderr_match "site\\.json: $3: $5"
	run_cmd "$PERFIL_BIN" --check --content "$(broken form-profile profile.json "$2")"
	expect_refused profile.json "$4"
	expect_stderr_match "profile\\.json: $4: $5"
}

t 'site.json: an unknown member reads like an unknown field of profile.json'
same_form '.licnce = 1' '.titel = 1' licnce titel 'unknown field'

t 'site.json: a wrong type reads like a wrong type in profile.json'
same_form '.name_rule = 3' '.email = 3' name_rule email 'expected a string'
same_form '.fictional = "yes"' '.location.remote = "yes"' fictional 'location\.remote' \
	'expected true or false'

t 'site.json: a bad URL reads like a bad URL in profile.json'
same_form '.licence.url = "ftp://x.example/l"' '.url = "ftp://x.example/l"' \
	'licence\.url' url 'not an absolute http\(s\) URI: "ftp://x\.example/l"'

t 'site.json: every problem in one run, one line each'
run_cmd "$PERFIL_BIN" --check --content "$(broken form-all site.json \
	'.licnce = 1 | .name_rule = 3 | .licence.url = "ftp://x.example/l"')"
expect_refused site.json licnce
expect_stderr_match 'site\.json: name_rule: expected a string'
expect_stderr_match 'site\.json: licence\.url: not an absolute'

t 'site.json: a template naming no profile text is refused'
run_cmd "$PERFIL_BIN" --check --content "$(broken settings-template site.json '.facts[0].en = "@@nickname@@ is kept"')"
expect_refused site.json 'facts\[0\]'

t 'start-up with broken content fails the same way, before serving'
dir=$(broken startup projects.json "del(.[$i2].title.en)")
user=()
if [[ $EUID == 0 ]]; then
	user=(--user www-data)
fi
run_cmd timeout 10 "$PERFIL_BIN" --socket "$BB_TMP/startup.sock" --content "$dir" \
	--base-url "$BASE" "${user[@]}"
expect_refused projects.json "\\[$i2\\]\\.title\\.en"

# A validator owners trust: every problem of a set in one run, one line each.
t 'every problem in one run: three files, four problems, four lines'
dir=$(broken many projects.json '.[0].slug = "Bad Slug" | .[1].url = "https://user@x.example/"')
jq '.[0].role.en = "a\u0001b"' "$CONTENT/experience.json" >"$dir/experience.json"
jq '.location.country = "QQ"' "$CONTENT/profile.json" >"$dir/profile.json"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_refused projects.json '\[0\]\.slug'
expect_refused projects.json '\[1\]\.url'
expect_stderr_match 'projects\.json: \[1\]\.url: user information \(user@\) is not allowed'
expect_refused experience.json '\[0\]\.role\.en'
expect_stderr_match 'experience\.json: \[0\]\.role\.en: control character U\+0001'
expect_refused profile.json 'location\.country'
expect_stderr_lines 4

t 'a \u0000 escape is refused with a clear message, naming the line'
dir=$(broken nul about.json '.summary.es = "x"')
sed -i 's/"summary": {/"summary": {"es": "a\\u0000b",/; s/"es": "x",//' "$dir/about.json"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_exit 1
expect_stderr_match 'about\.json: \(top level\): line [0-9]+: \\u0000 \(a NUL character\) is not allowed'

t 'a FIFO in place of a content file: --check says so at once and does not hang'
dir=$(broken fifo about.json .)
rm "$dir/about.json" && mkfifo "$dir/about.json"
run_cmd timeout 5 "$PERFIL_BIN" --check --content "$dir"
expect_refused about.json '\(top level\)'
expect_stderr_match 'about\.json: \(top level\): not a regular file'

t 'start-up with a FIFO as a page: refused at once, not hung'
dir=$(broken fifo-page about.json .)
rm "$dir/pages/lab.en.md" && mkfifo "$dir/pages/lab.en.md"
run_cmd timeout 5 "$PERFIL_BIN" --socket "$BB_TMP/fifo.sock" --content "$dir" \
	--base-url "$BASE" "${user[@]}"
expect_refused 'pages/lab.en.md' '\(top level\)'

t 'a page that is a symbolic link to /etc/passwd is refused, naming it'
dir=$(broken link-passwd about.json .)
ln -sf /etc/passwd "$dir/pages/lab.en.md"
run_cmd timeout 5 "$PERFIL_BIN" --check --content "$dir"
expect_refused 'pages/lab.en.md' '\(top level\)'
expect_stderr_match 'lab\.en\.md: \(top level\): cannot open: a symbolic link leading out of the content directory'

t 'a content file that is a link to /proc/self/environ is refused'
dir=$(broken link-proc about.json .)
ln -sf /proc/self/environ "$dir/about.json"
run_cmd timeout 5 "$PERFIL_BIN" --check --content "$dir"
expect_refused about.json '\(top level\)'
expect_stderr_match 'about\.json: \(top level\): cannot open: a symbolic link leading out'

t 'site.json as a link to a FIFO outside: refused within a second, never read'
dir=$(broken link-fifo about.json .)
mkfifo "$BB_TMP/link-fifo.pipe"
ln -sf "$BB_TMP/link-fifo.pipe" "$dir/site.json"
stall=$(bb_stall_ms)
start=$(date +%s%3N)
run_cmd timeout 5 "$PERFIL_BIN" --check --content "$dir"
ms=$(($(date +%s%3N) - start))
expect_exit 1
expect_stderr_match 'site\.json: \(top level\): cannot open: a symbolic link leading out'
expect_within 'refused in under 1 s' "$(bb_promise_ms 1000)" "$ms" "$stall"

t 'a link to a FIFO inside the directory: not a regular file, at once'
dir=$(broken inner-fifo about.json .)
mkfifo "$dir/pipe"
ln -sf pipe "$dir/site.json"
run_cmd timeout 5 "$PERFIL_BIN" --check --content "$dir"
expect_exit 1
expect_stderr_match 'site\.json: \(top level\): not a regular file'

t 'a symbolic link that stays inside the content directory is followed'
dir=$(broken inner-link about.json .)
mv "$dir/pages/lab.en.md" "$dir/lab-en.text"
ln -s ../lab-en.text "$dir/pages/lab.en.md"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_exit 0

t 'a byte-order mark at the start of a page or a JSON file is dropped'
dir=$(broken bom about.json .)
{ printf '\357\273\277'; cat "$CONTENT/pages/lab.en.md"; } >"$dir/pages/lab.en.md"
{ printf '\357\273\277'; cat "$CONTENT/profile.json"; } >"$dir/profile.json"
run_cmd "$PERFIL_BIN" --check --content "$dir"
expect_exit 0
