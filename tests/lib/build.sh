#!/usr/bin/env bash
# build.sh: build perfil out of tree, in _build/NAME under the repository
# root; the main build is _build/default (the responder lands at
# _build/default/src/perfil-fcgi).
#
#   tests/lib/build.sh                                  # _build/default
#   tests/lib/build.sh asan --enable-asan --enable-ubsan
#   . tests/lib/build.sh; perfil_build [NAME [CONFIGURE-ARG...]]
#
# Runs autoreconf -fi when configure is missing and NAME's configure (with
# the arguments given, or for "default" the words of $PERFIL_CONFIGURE_FLAGS)
# when _build/NAME/Makefile is missing, then make -j2 there. The source tree
# itself is never configured, so any number of builds with different flags
# live side by side. To change the flags of a build, remove _build/NAME.

# perfil_build_dir [NAME]: print the absolute directory of build NAME.
perfil_build_dir() {
	local root
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
	printf '%s/_build/%s\n' "$root" "${1:-default}"
}

# perfil_build [NAME [CONFIGURE-ARG...]]: configure (once) and build
# _build/NAME. Returns the failing step's status.
perfil_build() (
	set -euo pipefail
	local name=${1:-default} flags=() dir
	shift || true
	cd "$(dirname "${BASH_SOURCE[0]}")/../.."
	if [[ -f config.status ]]; then
		# A tree configured in place (older checkouts) blocks VPATH builds.
		echo 'build: the source tree was configured in place; running make distclean there' >&2
		make distclean >/dev/null 2>&1 || rm -f config.status
	fi
	# Callers use "perfil_build || ...", which switches set -e off inside
	# this function: every step below checks its own status.
	if [[ ! -x configure || ! -f Makefile.in ]]; then
		autoreconf -fi || return
	fi
	dir=_build/$name
	mkdir -p "$dir" && cd "$dir" || return
	if [[ ! -f Makefile ]]; then
		if (($# > 0)); then
			flags=("$@")
		elif [[ $name == default ]]; then
			read -r -a flags <<<"${PERFIL_CONFIGURE_FLAGS-}"
		fi
		if ! ../../configure "${flags[@]}"; then
			rm -f Makefile
			return 1
		fi
	fi
	make -j2
)

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	set -euo pipefail
	perfil_build "$@"
fi
