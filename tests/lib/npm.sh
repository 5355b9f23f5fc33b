# npm.sh: the npm packages of a test directory (tests/mcp, tests/conformance,
# tests/resume, tests/contract, tests/site), installed from its lock file.
#
#   . tests/lib/npm.sh
#   perfil_npm_ci tests/mcp || echo 'npm ci failed'
#
# A directory whose node_modules was installed from the lock file as it is
# now is left alone. Otherwise its packages come from a kept copy of an
# earlier install of the same lock file, or from `npm ci` (offline from
# npm's own cache when it has them), which then keeps a copy. The copies
# are under $PERFIL_NPM_CACHE (default ~/.cache/perfil/npm), one per
# directory and lock file: the name is the directory's, the SHA-256 of its
# package-lock.json, Node's version and the machine, so a changed pin or
# another Node installs again. A copy is hard links where the cache and the
# tree share a file system (a copy of the files where not), made whole in a
# temporary directory and renamed, so a run stopped half-way leaves none; a
# directory's older copies are removed when a new one is kept. Nothing
# under tests/ writes into node_modules; PERFIL_NPM_CACHE=off turns the
# copies off (npm ci every time).
#
# Why: npm ci of tests/mcp and tests/conformance takes 15 to 20 s each in a
# clean clone (extracting 23,000 files); the copy takes under 2 s.

# perfil_npm_fresh DIR: DIR's node_modules was installed from its lock file
# as it is now (npm writes node_modules/.package-lock.json at the end).
perfil_npm_fresh() {
	[[ -f $1/node_modules/.package-lock.json &&
		! $1/package-lock.json -nt $1/node_modules/.package-lock.json ]]
}

# perfil_npm_ci DIR: install DIR's packages as above; npm's output goes to
# standard error. Returns npm ci's status.
perfil_npm_ci() {
	local dir=$1 cache key kept tmp
	perfil_npm_fresh "$dir" && return 0
	cache=${PERFIL_NPM_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/perfil/npm}
	if [[ $cache == off ]] || ! command -v sha256sum >/dev/null; then
		(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) >&2
		return
	fi
	key=$(basename "$dir")-$({
		cat "$dir/package-lock.json"
		node --version
		uname -m
	} | sha256sum | cut -c1-16)
	kept=$cache/$key
	if [[ -f $kept/.complete ]]; then
		rm -rf "$dir/node_modules"
		if cp -al "$kept/node_modules" "$dir/node_modules" 2>/dev/null ||
			{ rm -rf "$dir/node_modules" && cp -a "$kept/node_modules" "$dir/node_modules"; }; then
			# The copy keeps the install's times: mark it installed now,
			# after the lock file it came from.
			touch "$dir/node_modules/.package-lock.json"
			return 0
		fi
		rm -rf "$dir/node_modules"
	fi
	(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) >&2 || return
	# Keeping a copy is best effort: a cache that cannot be written costs
	# the next run an npm ci, nothing else.
	mkdir -p "$cache" 2>/dev/null || return 0
	tmp=$(mktemp -d "$cache/.$key.XXXXXX" 2>/dev/null) || return 0
	if { cp -al "$dir/node_modules" "$tmp/node_modules" 2>/dev/null ||
		{ rm -rf "$tmp/node_modules" && cp -a "$dir/node_modules" "$tmp/node_modules"; }; } &&
		touch "$tmp/.complete" && rm -rf "$kept" && mv -T "$tmp" "$kept"; then
		local old
		for old in "$cache/$(basename "$dir")"-*; do
			[[ $old == "$kept" || ! -d $old ]] || rm -rf "$old"
		done
	else
		rm -rf "$tmp"
	fi
	return 0
}
