#!/usr/bin/env bash
# build-static-deps.sh: build the static archives the self-contained build
# (./configure --enable-self-contained) needs and Debian does not ship:
# cJSON (libcjson-dev has the shared library only), HarfBuzz and Pango
# (libharfbuzz-dev and libpango1.0-dev likewise), the last two for /cv.pdf.
# Every other library's .a comes with its -dev package
# (tests/lib/install-deps.sh).
#
#   tests/lib/build-static-deps.sh DIR
#
# Leaves in DIR/lib libcjson.a, libharfbuzz.a, libpango-1.0.a,
# libpangoft2-1.0.a and libpangocairo-1.0.a, with their .pc files in
# DIR/lib/pkgconfig (the headers those name are the installed -dev
# packages', the same versions), for configure to find with
# PKG_CONFIG_PATH=DIR/lib/pkgconfig. Does nothing for an archive that is
# there already, or (cJSON) that the system has.
#
# The sources are Debian's: `apt-get source` of the version of each -dev
# package that is installed (its patches applied by dpkg-source), compiled
# with dpkg-buildflags' flags; HarfBuzz and Pango with Debian's meson and
# ninja, release build, every option off that the PDF does not use (no
# tests, docs, introspection, Xft, libthai, glib/ICU/graphite in
# HarfBuzz), and only the libraries' own targets built. The system's apt
# sources are left alone: a private source list in DIR/apt names, as
# deb-src, the mirrors and suites the system's own deb entries name, with
# apt's usual keyrings, so no deb-src line has to be added to /etc/apt and
# no global `apt-get update` runs.
# The archives are kept for the next build of the same sources with the
# same compilers and flags (PERFIL_BUILD_CACHE, below): a clean clone on a
# machine that built them once copies them instead.
# CC: the compiler (default cc). Needs dpkg-dev (build-essential has it),
# meson and ninja-build.

set -euo pipefail
if (($# != 1)); then
	echo 'usage: build-static-deps.sh DIR' >&2
	exit 2
fi
mkdir -p "$1"
dir=$(cd "$1" && pwd)
cc=${CC:-cc}

# What is missing: "source=version" per source package to fetch.
need=()
want() { # -dev package, source package
	local v
	v=$(dpkg-query -W -f='${source:Version}' "$1" 2>/dev/null) || {
		echo "build-static-deps: $1 is not installed (apt-get install $1)" >&2
		exit 1
	}
	need+=("$2=$v")
}
cjson=
if [[ ! -f $dir/lib/pkgconfig/libcjson.pc &&
	! -f $(pkg-config --variable=libdir libcjson 2>/dev/null)/libcjson.a ]]; then
	cjson=yes
	want libcjson-dev cjson
fi
pango=
if [[ ! -f $dir/lib/pkgconfig/pangocairo.pc ]]; then
	pango=yes
	want libharfbuzz-dev harfbuzz
	want libpango1.0-dev pango1.0
fi
if ((${#need[@]} == 0)); then
	exit 0
fi

# The archives of an earlier build with the same sources, compilers, flags
# and this script are kept under $PERFIL_BUILD_CACHE (default
# ~/.cache/perfil), in static-deps/KEY: KEY is the SHA-256 of all of them.
# A build copies its archives there (tests/lib/keep.sh: whole, then
# renamed, under a lock that other runs share) and a later one
# copies them back instead of fetching and compiling again (2 minutes of
# CPU, most of it HarfBuzz); the .pc files are written either way.
# PERFIL_BUILD_CACHE=off builds every time.
cache=${PERFIL_BUILD_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/perfil}
key=
if [[ $cache != off ]] && command -v sha256sum >/dev/null; then
	key=$({
		cat "${BASH_SOURCE[0]}"
		printf '%s\n' "${need[@]}"
		"$cc" --version 2>&1 | head -n 1
		c++ --version 2>&1 | head -n 1
		meson --version 2>&1
		dpkg-buildflags --get CFLAGS
		dpkg-buildflags --get CPPFLAGS
		dpkg-buildflags --get CXXFLAGS
		uname -m
	} | sha256sum | cut -c1-16)
fi
archives=()
[[ -n $cjson ]] && archives+=(libcjson.a)
[[ -n $pango ]] && archives+=(libharfbuzz.a libpango-1.0.a libpangoft2-1.0.a libpangocairo-1.0.a)
. "$(dirname "${BASH_SOURCE[0]}")/keep.sh"
# archives_from KEPT / archives_to TMP: the archives out of a kept entry,
# or into a new one (perfil_keep_take, perfil_keep_put).
archives_from() {
	mkdir -p "$dir/lib/pkgconfig" && (cd "$1" && cp "${archives[@]}" "$dir/lib/")
}
archives_to() {
	(cd "$dir/lib" && cp "${archives[@]}" "$1/")
}
restored=
if [[ -n $key ]] && perfil_keep_take "$cache/static-deps" "$key" archives_from; then
	restored=yes
	echo "build-static-deps: ${archives[*]} from $cache/static-deps/$key" >&2
fi

if [[ -z $restored ]]; then
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
	if [[ $EUID == 0 ]]; then
		# apt drops to _apt to download, which cannot write into DIR.
		opts+=(-o APT::Sandbox::User=root)
	fi
	apt-get "${opts[@]}" update </dev/null >&2
	for p in "${need[@]}"; do
		echo "build-static-deps: fetching Debian's ${p/=/ } source into $dir/src" >&2
		(cd "$dir/src" && { apt-get "${opts[@]}" source "$p" ||
			apt-get "${opts[@]}" source "${p%%=*}"; } </dev/null >&2)
	done
fi
# The unpacked source of package $1: the directory holding file $2.
tree() {
	local t
	t=$(find "$dir/src" -mindepth 2 -maxdepth 2 -path "$dir/src/$1-*/$2" \
		-printf '%h\n' | head -n 1)
	if [[ -z $t ]]; then
		echo "build-static-deps: no $2 in the $1 source under $dir/src" >&2
		exit 1
	fi
	printf '%s\n' "$t"
}
# The upstream version of installed package $1.
version() {
	dpkg-query -W -f='${Version}' "$1" | sed 's/^[0-9]*://; s/[-+].*//'
}

# Debian's flags (hardening included); -fPIC so that the archives link into
# a position-independent executable whatever the compiler's default.
read -r -a cflags <<<"$(dpkg-buildflags --get CFLAGS)"
read -r -a cppflags <<<"$(dpkg-buildflags --get CPPFLAGS)"

if [[ -n $cjson && -z $restored ]]; then
	src=$(tree cjson cJSON.c)
	"$cc" "${cppflags[@]}" "${cflags[@]}" -fPIC -std=c89 -c "$src/cJSON.c" \
		-o "$dir/src/cJSON.o"
	rm -f "$dir/lib/libcjson.a"
	ar rcs "$dir/lib/libcjson.a" "$dir/src/cJSON.o"
fi
if [[ -n $cjson ]]; then
	cat >"$dir/lib/pkgconfig/libcjson.pc" <<-EOF
	# Written by tests/lib/build-static-deps.sh: Debian's cjson, static.
	libdir=$dir/lib
	includedir=$(pkg-config --variable=includedir libcjson 2>/dev/null || echo /usr/include)

	Name: libcjson
	Version: $(version libcjson-dev)
	Description: Ultralightweight JSON parser in ANSI C (static archive)
	Libs: -L\${libdir} -lcjson
	Libs.private: -lm
	Cflags: -I\${includedir} -I\${includedir}/cjson
	EOF
	echo "build-static-deps: $dir/lib/libcjson.a" >&2
fi

# harfbuzz_pc: the .pc of the HarfBuzz archive (Pango's build reads it).
harfbuzz_pc() {
	cat >"$dir/lib/pkgconfig/harfbuzz.pc" <<-EOF
	# Written by tests/lib/build-static-deps.sh: Debian's harfbuzz, static.
	libdir=$dir/lib
	includedir=$(pkg-config --variable=includedir harfbuzz)

	Name: harfbuzz
	Description: HarfBuzz text shaping library (static archive)
	Version: $(version libharfbuzz-dev)
	Requires.private: freetype2
	Libs: -L\${libdir} -lharfbuzz
	Libs.private: -pthread -lm
	Cflags: -I\${includedir}/harfbuzz
	EOF
}

if [[ -n $pango && -z $restored ]]; then
	export CC=$cc CFLAGS="${cflags[*]} -fPIC" CPPFLAGS="${cppflags[*]}"
	CXXFLAGS="$(dpkg-buildflags --get CXXFLAGS) -fPIC"
	export CXXFLAGS
	meson=(--buildtype=release --default-library=static
		--wrap-mode=nodownload -Db_staticpic=true --prefix=/usr)
	start=$SECONDS
	# HarfBuzz: the shaper alone (no glib, ICU, graphite, cairo, tools),
	# compiled as one translation unit (meson's unity build; HarfBuzz
	# ships its own amalgamation, src/harfbuzz.cc, for the same purpose):
	# 75 s of CPU instead of 230 s for 84 units that each parse its
	# templates again.
	src=$(tree harfbuzz meson_options.txt)
	meson setup "${meson[@]}" --unity=on -Dunity_size=1000 \
		-Dglib=disabled -Dgobject=disabled \
		-Dcairo=disabled -Dchafa=disabled -Dicu=disabled \
		-Dgraphite=disabled -Dfreetype=enabled \
		-Dtests=disabled -Dintrospection=disabled -Ddocs=disabled \
		-Dbenchmark=disabled \
		"$src/_build" "$src" >&2
	ninja -C "$src/_build" src/libharfbuzz.a >&2
	cp "$src/_build/src/libharfbuzz.a" "$dir/lib/"
	harfbuzz_pc
	# Pango: its fontconfig/FreeType and cairo parts (no Xft, libthai).
	src=$(tree pango1.0 meson_options.txt)
	PKG_CONFIG_PATH=$dir/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH} \
		meson setup "${meson[@]}" -Dgtk_doc=false \
		-Dintrospection=disabled -Dinstall-tests=false \
		-Dfontconfig=enabled -Dfreetype=enabled -Dcairo=enabled \
		-Dxft=disabled -Dlibthai=disabled -Dsysprof=disabled \
		"$src/_build" "$src" >&2
	ninja -C "$src/_build" pango/libpango-1.0.a pango/libpangoft2-1.0.a \
		pango/libpangocairo-1.0.a >&2
	cp "$src/_build/pango/libpango-1.0.a" \
		"$src/_build/pango/libpangoft2-1.0.a" \
		"$src/_build/pango/libpangocairo-1.0.a" "$dir/lib/"
	echo "build-static-deps: harfbuzz and pango built in $((SECONDS - start)) s" >&2
fi
if [[ -n $pango ]]; then
	harfbuzz_pc
	inc=$(pkg-config --variable=includedir pango)
	v=$(version libpango1.0-dev)
	# gio's own .pc asks for libmount's archive, which Debian does not
	# ship; pango uses gio's list model only, which needs none of it.
	for m in pango pangoft2 pangocairo; do
		case $m in
		pango) req='gobject-2.0 harfbuzz'
			priv='glib-2.0 fribidi fontconfig freetype2 cairo'
			lib='-lpango-1.0' ;;
		pangoft2) req='pango freetype2 fontconfig'
			priv='glib-2.0 gobject-2.0 fribidi harfbuzz'
			lib='-lpangoft2-1.0' ;;
		pangocairo) req='pango cairo'
			priv='pangoft2 glib-2.0 gobject-2.0 fribidi harfbuzz fontconfig freetype2'
			lib='-lpangocairo-1.0' ;;
		esac
		cat >"$dir/lib/pkgconfig/$m.pc" <<-EOF
		# Written by tests/lib/build-static-deps.sh: Debian's pango1.0, static.
		libdir=$dir/lib
		includedir=$inc

		Name: $m
		Description: Pango ($m, static archive)
		Version: $v
		Requires: $req
		Requires.private: $priv
		Libs: -L\${libdir} $lib
		Libs.private: -lgio-2.0 -lgmodule-2.0 -lm
		Cflags: -I\${includedir}/pango-1.0
		EOF
	done
	echo "build-static-deps: $dir/lib/libpangocairo-1.0.a" >&2
fi

# Keep the archives for the next build (best effort: a cache that cannot
# be written costs the next build the fetch and the compiling, no more).
if [[ -n $key && -z $restored ]]; then
	perfil_keep_put "$cache/static-deps" "$key" '' archives_to
fi
