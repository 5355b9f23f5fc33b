# keep.sh: copies of work that a clean clone would otherwise redo, kept
# between runs under a cache directory (tests/lib/npm.sh: the npm
# installs; tests/lib/build-static-deps.sh: the static archives).
#
#   . tests/lib/keep.sh
#   perfil_keep_take ROOT ENTRY FN ARGS...      # FN ROOT/ENTRY ARGS...
#   perfil_keep_put ROOT ENTRY PREFIX FN ARGS...  # FN TMPDIR ARGS...
#
# An entry is a directory ROOT/ENTRY, named by its user for what it holds
# (a SHA-256 of its inputs), complete when it holds .complete: it is made
# whole in a temporary directory beside it and renamed into place, so a run
# stopped half-way leaves none. Runs at once (two clones' suites, a run
# and ./make-upload) share ROOT/.lock: a run copying out of an entry holds
# it shared, one replacing an entry or removing the older ones holds it
# alone, so no run removes an entry another is copying from. Keeping is
# best effort: a cache that cannot be written costs the next run the work,
# nothing else.

# _perfil_keep_lock ROOT MODE: a descriptor on ROOT/.lock, locked (-s or -x;
# at most 10 minutes' wait), in the variable _perfil_keep_fd; fails when
# ROOT cannot have one.
_perfil_keep_lock() {
	command -v flock >/dev/null || return 1
	exec {_perfil_keep_fd}>>"$1/.lock" 2>/dev/null || return 1
	flock "$2" -w 600 "$_perfil_keep_fd" || {
		exec {_perfil_keep_fd}>&-
		return 1
	}
}

_perfil_keep_unlock() {
	exec {_perfil_keep_fd}>&-
}

# perfil_keep_take ROOT ENTRY FN ARGS...: when ROOT/ENTRY is complete, runs
# FN ROOT/ENTRY ARGS... (which copies out of it) under the shared lock and
# returns its status; 1 when there is no such entry.
perfil_keep_take() {
	local root=$1 entry=$2 rc=1
	shift 2
	[[ -f $root/$entry/.complete ]] || return 1
	_perfil_keep_lock "$root" -s || return 1
	if [[ -f $root/$entry/.complete ]]; then
		"$1" "$root/$entry" "${@:2}"
		rc=$?
	fi
	_perfil_keep_unlock
	return "$rc"
}

# perfil_keep_put ROOT ENTRY PREFIX FN ARGS...: runs FN TMP ARGS... to fill
# a new temporary directory TMP beside ROOT/ENTRY, then, under the lock
# alone, renames it to ROOT/ENTRY and removes the other entries whose
# names begin with PREFIX (all of them: an empty PREFIX), and the
# temporary directories a stopped run left over an hour ago. Returns 0.
perfil_keep_put() {
	local root=$1 entry=$2 prefix=$3 tmp old
	shift 3
	mkdir -p "$root" 2>/dev/null || return 0
	tmp=$(mktemp -d "$root/.$entry.XXXXXX" 2>/dev/null) || return 0
	if ! "$1" "$tmp" "${@:2}" || ! touch "$tmp/.complete" ||
		! _perfil_keep_lock "$root" -x; then
		rm -rf "$tmp"
		return 0
	fi
	if rm -rf "${root:?}/$entry" && mv -T "$tmp" "$root/$entry"; then
		for old in "$root/$prefix"*; do
			[[ $old == "$root/$entry" || ! -d $old ]] || rm -rf "$old" || true
		done
		find "$root" -mindepth 1 -maxdepth 1 -name '.*.*' -type d \
			-mmin +60 -exec rm -rf {} + 2>/dev/null || true
	else
		rm -rf "$tmp"
	fi
	_perfil_keep_unlock
	return 0
}
