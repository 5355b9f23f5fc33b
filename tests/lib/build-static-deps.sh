#!/usr/bin/env bash
# build-static-deps.sh: build the static archives the self-contained build
# (./configure --enable-self-contained) needs and Debian does not ship.
# Today that is cJSON alone: libcjson-dev has the shared library only. Every
# other library's .a comes with its -dev package (tests/lib/install-deps.sh).
#
#   tests/lib/build-static-deps.sh DIR
#
# Leaves DIR/lib/libcjson.a and DIR/lib/pkgconfig/libcjson.pc (with the
# headers of the installed libcjson-dev, the same version), for configure to
# find with PKG_CONFIG_PATH=DIR/lib/pkgconfig. Does nothing when the archive
# is there already.
#
# The source is Debian's: `apt-get source` of the version of libcjson-dev
# that is installed (its patches applied by dpkg-source), compiled with
# dpkg-buildflags' flags. The system's apt sources are left alone: a private
# source list in DIR/apt names, as deb-src, the mirrors and suites the
# system's own deb entries name, with apt's usual keyrings, so no deb-src line
# has to be added to /etc/apt and no global `apt-get update` runs.
# CC: the compiler (default cc). Needs dpkg-dev (build-essential has it).

set -euo pipefail
if (($# != 1)); then
	echo 'usage: build-static-deps.sh DIR' >&2
	exit 2
fi
mkdir -p "$1"
dir=$(cd "$1" && pwd)
cc=${CC:-cc}

if [[ -f $dir/lib/libcjson.a && -f $dir/lib/pkgconfig/libcjson.pc ]]; then
	exit 0
fi

version=$(dpkg-query -W -f='${source:Version}' libcjson-dev 2>/dev/null) || {
	echo 'build-static-deps: libcjson-dev is not installed (apt-get install libcjson-dev)' >&2
	exit 1
}

apt=$dir/apt
rm -rf "$apt" "$dir/src"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" \
	"$apt/sources.list.d" "$dir/src" "$dir/lib/pkgconfig"
# One deb-src line per mirror, suite and component the system installs
# binary packages from.
apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' \
	'Created-By: Packages' | sort -u |
	while read -r uri suite comp; do
		printf 'deb-src %s %s %s\n' "$uri" "$suite" "$comp"
	done >"$apt/sources.list"
if [[ ! -s $apt/sources.list ]]; then
	echo 'build-static-deps: apt names no Debian mirror (apt-get indextargets)' >&2
	exit 1
fi
opts=(-o "Dir::Etc::sourcelist=$apt/sources.list"
	-o "Dir::Etc::sourceparts=$apt/sources.list.d"
	-o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache"
	-o Debug::NoLocking=1 -qq)
if [[ $(id -u) == 0 ]]; then
	# apt drops to _apt to download, which cannot write into DIR.
	opts+=(-o APT::Sandbox::User=root)
fi
echo "build-static-deps: fetching Debian's cjson $version source into $dir/src" >&2
apt-get "${opts[@]}" update </dev/null >&2
(cd "$dir/src" && { apt-get "${opts[@]}" source "cjson=$version" ||
	apt-get "${opts[@]}" source cjson; } </dev/null >&2)
src=$(find "$dir/src" -mindepth 2 -maxdepth 2 -name cJSON.c -printf '%h\n' | head -n 1)
if [[ -z $src ]]; then
	echo "build-static-deps: no cJSON.c in the cjson source under $dir/src" >&2
	exit 1
fi

# Debian's flags (hardening included); -fPIC so that the archive links into
# a position-independent executable whatever the compiler's default.
read -r -a cflags <<<"$(dpkg-buildflags --get CFLAGS)"
read -r -a cppflags <<<"$(dpkg-buildflags --get CPPFLAGS)"
"$cc" "${cppflags[@]}" "${cflags[@]}" -fPIC -std=c89 -c "$src/cJSON.c" \
	-o "$dir/src/cJSON.o"
rm -f "$dir/lib/libcjson.a"
ar rcs "$dir/lib/libcjson.a" "$dir/src/cJSON.o"

cat >"$dir/lib/pkgconfig/libcjson.pc" <<EOF
# Written by tests/lib/build-static-deps.sh: Debian's cjson $version, static.
libdir=$dir/lib
includedir=$(pkg-config --variable=includedir libcjson 2>/dev/null || echo /usr/include)

Name: libcjson
Version: ${version%%-*}
Description: Ultralightweight JSON parser in ANSI C (static archive)
Libs: -L\${libdir} -lcjson
Libs.private: -lm
Cflags: -I\${includedir} -I\${includedir}/cjson
EOF
echo "build-static-deps: $dir/lib/libcjson.a" >&2
