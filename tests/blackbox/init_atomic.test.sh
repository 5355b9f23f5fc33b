#!/usr/bin/env bash
# front: nginx-only --init is the responder's own; one front is enough
# Imports are atomic (issue 46): --init writes into a directory beside the
# target, loads it with the loader's rules and renames it into place only
# when everything loads. Each failing case below exits 1 with a message and
# leaves neither the target nor a temporary directory; before, a tab in a
# LinkedIn location cell left 15 files, a JSON Resume with a tab in a
# location or U+0007 in a label 16, a 1,008-character target 5, and the next
# run was refused for a directory that was not empty. Control characters in
# an import's single-line fields now become spaces, reported as "cleaned:"
# lines, and the import passes --check. A full disk is a 64 KiB tmpfs
# mounted here (as root) with 8 KiB left.
. "$(dirname "$0")/lib.sh"

mnt=$BB_TMP/tmpfs
cleanup() {
	if [[ -n $mnt ]] && findmnt -rn "$mnt" >/dev/null && ! umount "$mnt"; then
		echo "init_atomic: umount $mnt failed" >&2
	fi
}
trap 'cleanup; _bb_finish' EXIT

# no_trace DIR: neither DIR nor a .perfil-init-* directory in its parent.
no_trace() {
	local left
	left=$( (
		[[ -e $1 ]] && printf '%s ' "$1"
		compgen -G "$(dirname "$1")/.perfil-init-*"
	) | tr '\n' ' ')
	expect_equal "nothing left of $(basename "$1" | head -c 40) (the target, a .perfil-init-* directory)" '' "${left% }"
}

# loads DIR: --check accepts DIR.
loads() {
	run_cmd "$PERFIL_BIN" --check --content "$1"
	expect_exit 0
}

work=$BB_TMP/atomic
rm -rf "$work"
mkdir -p "$work"

t 'a JSON Resume with a tab in a location and U+0007 in a label: cleaned, reported, it loads'
jq -n '{basics: {name: "Ada Example", label: "Firmware\u0007engineer",
	location: {city: "Bris\ttol", countryCode: "GB"}},
	work: [{name: "Harbour Devices", position: "Lead", startDate: "2020-01",
	location: "Bristol,\tUK", summary: "Led\tthe team.\nShipped."}]}' >"$work/ctl.json"
run_cmd "$PERFIL_BIN" --init "$work/ctl" --from-resume "$work/ctl.json"
expect_exit 0
expect_stdout_match 'cleaned: profile\.json: location\.city: control character U\+0009 became a space \(not allowed in a single-line field\)'
expect_stdout_match 'cleaned: profile\.json: job_title: control character U\+0007 became a space'
expect_stdout_match 'cleaned: experience\.json: \[0\]\.location: control character U\+0009'
expect_equal 'a tab in prose is kept (the loader allows it): no line for experience.json description' \
	no "$(grep -q 'experience\.json: \[0\]\.description' "$BB_TMP/stdout" && echo yes || echo no)"
expect_equal 'the city as written, the tab a space' '"Bris tol"' "$(jq .location.city "$work/ctl/profile.json")"
expect_equal 'the label as written, U+0007 a space' '"Firmware engineer"' "$(jq .job_title "$work/ctl/profile.json")"
expect_equal 'the README.md written with the content lists the same cleaned lines' \
	"$(grep '^cleaned: ' "$BB_TMP/stdout")" "$(grep '^cleaned: ' "$work/ctl/README.md")"
loads "$work/ctl"
expect_equal 'no .perfil-init-* directory left beside it' '' "$(compgen -G "$work/.perfil-init-*")"

t 'the same in two languages: each language copy reported, it loads'
run_cmd "$PERFIL_BIN" --init "$work/ctl2" --languages en,es --from-resume "$work/ctl.json"
expect_exit 0
expect_stdout_match 'cleaned: profile\.json: location\.city\.es: control character U\+0009'
loads "$work/ctl2"

# zip_of ZIP DIR: ZIP with every CSV of DIR.
zip_of() {
	python3 - "$@" <<'PY'
import glob, os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for f in sorted(glob.glob(os.path.join(sys.argv[2], "*.csv"))):
        z.write(f, os.path.basename(f))
PY
}
if "$PERFIL_BIN" --help | grep -q -- '--from-linkedin' &&
	! "$PERFIL_BIN" --init "$work/probe" --from-linkedin /dev/null 2>&1 | grep -q 'built without libzip'; then
	t 'a LinkedIn archive with a tab in a location cell: cleaned, reported, it loads'
	mkdir -p "$work/li"
	cp "$STACK_ROOT"/tests/fixtures/linkedin/*.csv "$work/li/"
	python3 - "$work/li" <<'PY'
import csv, os, sys
for name, col, value in (("Positions.csv", "Location", "Bristol,\tEngland"),
                         ("Profile.csv", "Geo Location", "Bristol\t, United Kingdom")):
    p = os.path.join(sys.argv[1], name)
    rows = list(csv.reader(open(p, newline="", encoding="utf-8")))
    rows[1][rows[0].index(col)] = value
    with open(p, "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
PY
	zip_of "$work/li.zip" "$work/li"
	run_cmd "$PERFIL_BIN" --init "$work/lo" --from-linkedin "$work/li.zip"
	expect_exit 0
	expect_stdout_match 'cleaned: experience\.json: \[0\]\.location: control character U\+0009'
	expect_stdout_match 'cleaned: profile\.json: location\.city: control character U\+0009'
	loads "$work/lo"
fi
rm -rf "$work/probe"

t 'a 1,008-character target path: exit 1, path too long, nothing left'
long=$work
while ((${#long} < 1008 - 201)); do
	long=$long/$(printf 'd%.0s' {1..200})
done
mkdir -p "$long"
long=$long/$(printf 'x%.0s' $(seq $((1008 - ${#long} - 1))))
expect_equal 'the target path has 1,008 characters' 1008 "${#long}"
run_cmd "$PERFIL_BIN" --init "$long" --from-resume "$work/ctl.json"
expect_exit 1
expect_stderr_match 'path too long \(1008 bytes; a content directory.s path has at most [0-9]+\) \(nothing written\)'
no_trace "$long"
run_cmd "$PERFIL_BIN" --init "$long"
expect_exit 1
no_trace "$long"

t 'a path that fits (900 characters) is written and loads'
fits=${long:0:$((${#long} - 108))}
expect_equal 'the target path has 900 characters' 900 "${#fits}"
run_cmd "$PERFIL_BIN" --init "$fits"
expect_exit 0
loads "$fits"

t 'content that does not load (a broken label set): exit 1, the reason, nothing left'
mkdir -p "$work/badlabels"
printf '{\n' >"$work/badlabels/en.json"
run_cmd "$PERFIL_BIN" --init "$work/nolabels" --labels "$work/badlabels"
expect_exit 1
expect_stderr_match "the content does not load, nothing written: $work/badlabels/en\\.json: "
no_trace "$work/nolabels"

t 'an empty directory as the target is replaced; a file there is refused and kept'
mkdir -p "$work/empty"
run_cmd "$PERFIL_BIN" --init "$work/empty"
expect_exit 0
loads "$work/empty"
printf 'keep\n' >"$work/file"
run_cmd "$PERFIL_BIN" --init "$work/file"
expect_exit 1
expect_stderr_match 'file: exists and is not an empty directory'
expect_equal 'the file is untouched' keep "$(cat "$work/file")"

t 'a full disk (a 64 KiB tmpfs, 8 KiB left): exit 1 naming the file, nothing left'
mkdir -p "$mnt"
if mount -t tmpfs -o size=64k tmpfs "$mnt" 2>"$BB_TMP/mount.err"; then
	head -c $((56 * 1024)) /dev/zero >"$mnt/fill"
	run_cmd "$PERFIL_BIN" --init "$mnt/full" --from-resume "$work/ctl.json"
	expect_exit 1
	expect_stderr_match "--init: $mnt/full/[a-z-]+\\.json: No space left on device \\(nothing written\\)"
	no_trace "$mnt/full"
	expect_equal 'the tmpfs holds only the filler' fill "$(ls -A "$mnt")"
	t 'the same tmpfs with room: the import is written'
	rm -f "$mnt/fill"
	run_cmd "$PERFIL_BIN" --init "$mnt/full" --from-resume "$work/ctl.json"
	expect_exit 0
	loads "$mnt/full"
	cleanup
else
	_bb_fail 'a tmpfs mounted for the full disk (needs root)' "$(cat "$BB_TMP/mount.err")"
fi
rm -rf "$work"
