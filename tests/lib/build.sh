#!/usr/bin/env bash
# build.sh: build perfil-fcgi in the repository root; the binary lands at
# src/perfil-fcgi.
#
#   tests/lib/build.sh                            # run it
#   . tests/lib/build.sh; perfil_build            # or source it
#
# Runs autoreconf -fi when configure is missing and ./configure (with the
# words of $PERFIL_CONFIGURE_FLAGS, e.g. "--enable-asan") when Makefile is
# missing, then make -j2. To change the flags of a configured tree, run
# `make distclean` first.

# perfil_build: build from the repository root. Returns the failing step's
# status.
perfil_build() (
	set -euo pipefail
	local flags=()
	cd "$(dirname "${BASH_SOURCE[0]}")/../.."
	if [[ ! -x configure ]]; then
		autoreconf -fi
	fi
	if [[ ! -f Makefile ]]; then
		read -r -a flags <<<"${PERFIL_CONFIGURE_FLAGS-}"
		./configure "${flags[@]}"
	fi
	make -j2
)

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	set -euo pipefail
	perfil_build
fi
