# npm.sh: the npm packages of a test directory (tests/mcp, tests/conformance,
# tests/resume, tests/contract, tests/site), installed from its lock file.
#
#   . tests/lib/npm.sh
#   perfil_npm_ci tests/mcp @modelcontextprotocol/sdk || echo 'npm ci failed'
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
# temporary directory and renamed (tests/lib/keep.sh, which also keeps two
# runs at once from removing a copy the other is taking); a directory's
# older copies are removed when a new one is kept. Nothing
# under tests/ writes into node_modules; PERFIL_NPM_CACHE=off turns the
# copies off (npm ci every time).
#
# Why: npm ci of tests/mcp and tests/conformance takes 15 to 20 s each in a
# clean clone (extracting 23,000 files); the copy takes under 2 s.

. "$(dirname "${BASH_SOURCE[0]}")/keep.sh"

# perfil_npm_fresh DIR: DIR's node_modules was installed from its lock file
# as it is now (npm writes node_modules/.package-lock.json at the end).
perfil_npm_fresh() {
	[[ -f $1/node_modules/.package-lock.json &&
		! $1/package-lock.json -nt $1/node_modules/.package-lock.json ]]
}

# perfil_npm_ci DIR [PATH...]: install DIR's packages as above, unless they
# were installed from the lock file as it is now and each PATH (a package,
# .bin/NAME) is under DIR/node_modules; npm's output goes to standard
# error. Returns npm ci's status.
perfil_npm_ci() {
	local dir=$1 cache key path have=yes
	shift
	for path; do
		[[ -e $dir/node_modules/$path ]] || have=
	done
	[[ -n $have ]] && perfil_npm_fresh "$dir" && return 0
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
	perfil_keep_take "$cache" "$key" _perfil_npm_from "$dir" && return 0
	(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) >&2 || return
	perfil_keep_put "$cache" "$key" "$(basename "$dir")-" _perfil_npm_to "$dir"
}

# _perfil_npm_copy FROM TO: FROM's tree as TO, hard links where they share a
# file system, else a copy.
_perfil_npm_copy() {
	rm -rf "$2"
	cp -al "$1" "$2" 2>/dev/null || { rm -rf "$2" && cp -a "$1" "$2"; }
}

# _perfil_npm_from KEPT DIR: DIR's node_modules from a kept copy.
_perfil_npm_from() {
	if _perfil_npm_copy "$1/node_modules" "$2/node_modules"; then
		# The copy keeps the install's times: mark it installed now,
		# after the lock file it came from.
		touch "$2/node_modules/.package-lock.json"
		return 0
	fi
	rm -rf "$2/node_modules"
	return 1
}

# _perfil_npm_to TMP DIR: a copy of DIR's node_modules in TMP.
_perfil_npm_to() {
	_perfil_npm_copy "$2/node_modules" "$1/node_modules"
}
