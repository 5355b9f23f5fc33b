#!/usr/bin/env bash
# install-deps.sh: install the Debian packages perfil needs to build, run and
# test, and only those that are missing.
#
#   tests/lib/install-deps.sh [EXTRA-PACKAGE...]     # run it: everything
#   tests/lib/install-deps.sh --serve                # what ./serve needs
#   . tests/lib/install-deps.sh; perfil_install_deps  # or source it
#
# Two lists, here and nowhere else: PERFIL_SERVE_DEPS, what ./serve needs to
# build perfil-fcgi and serve it through nginx, and PERFIL_TEST_DEPS, what
# only the tests need (./run-tests installs both). A feature that needs a new
# tool (wrk, apache2, nodejs, npm, chromium, ...) adds it to the second.
# Runs apt-get update at most once, and only when something is missing; needs
# no standard input; uses sudo when not root.

# What a fresh machine downloads for each list was measured by simulating
# apt against a dpkg status file holding only Debian 12's Priority: required
# and Essential packages (and apt, ca-certificates) with their dependencies:
#   apt-get -s -o Dir::State::status=FILE install --no-install-recommends LIST
# then summing apt-cache's Size of every "Inst" line: the serve list is 104
# packages (100 new, 4 upgraded), 101 MiB to download, 419 MiB installed
# (measured before cairo, pango and fonts-dejavu-core joined it for /cv.pdf).
PERFIL_SERVE_DEPS=(
	# build
	build-essential autoconf automake pkg-config
	# libraries linked by perfil-fcgi (their static archives too, for
	# ./configure --enable-self-contained)
	libfcgi-dev libcjson-dev libicu-dev libcmark-dev libyaml-dev
	libglib2.0-dev zlib1g-dev libbrotli-dev
	# the CV's PDF (/cv.pdf, configure --disable-pdf leaves it out): cairo
	# and pango, and the font it embeds (fontconfig finds DejaVu Sans)
	libcairo2-dev libpango1.0-dev libfontconfig-dev fonts-dejavu-core
	# the LinkedIn import (--from-linkedin; configure --without-libzip
	# leaves it out)
	libzip-dev
	# the web server in front, and what tests/lib/stack.sh uses to start it
	# and print the first URLs (curl: is it up; jq: a project's slug)
	nginx-light curl jq
)
PERFIL_TEST_DEPS=(
	# unit tests
	check
	# black-box tests (brotli: decoding in compression.test.sh)
	brotli
	# the vCard parsed by a real vCard library (vcard.test.sh)
	python3-vobject
	# identity (identity.test.sh): the microformats2 parser
	python3-mf2py
	# the plain-text CV's line ends against ICU's word breaks (cv_text.test.sh)
	python3-icu
	# website checks (tests/site/run): XML well-formedness, headless browser,
	# node for html-validate, Lighthouse and markdownlint-cli2 (npm comes with
	# it or as Debian's npm), pdfinfo to count the printed CV's pages; the
	# CV's PDF (tests/blackbox/cv_pdf.test.sh): pdftotext, pdffonts, pdfinfo
	# (poppler-utils) and qpdf for its catalog, structure and links
	libxml2-utils chromium nodejs poppler-utils qpdf
	# every script on the page and in the PDF (tests/blackbox/every_script.test.sh,
	# the ja and ar screenshots of tests/site/run): Noto for the scripts
	# DejaVu lacks, CJK apart (./serve installs them only for content
	# that needs them: perfil_install_font_deps)
	fonts-noto-core fonts-noto-cjk
	# benchmark (tests/bench/run): wrk, and php-fpm for the PHP-FPM peer (the
	# Node.js peer uses nodejs above)
	wrk php-fpm
	# hardening: fuzzing (clang, libFuzzer runtime), leak checks, raw FastCGI;
	# ss for the sockets a test waits on (tests/blackbox/ops.sh)
	clang libclang-rt-14-dev valgrind libfcgi-bin iproute2
	# deployments: Apache + mod_fcgid (run on a private configuration and
	# port, never the system's), spawn-fcgi, systemd-analyze, groff for man,
	# Varnish as the shared cache in front (tests/blackbox/varnish.test.sh)
	apache2 libapache2-mod-fcgid spawn-fcgi systemd groff-base mandoc varnish
	# fresh Debian roots for tests/install/foreign-roots
	debootstrap
	# the self-contained build (./make-upload, tests/install/self-contained):
	# meson and ninja build Debian's harfbuzz and pango1.0 sources into
	# static archives (tests/lib/build-static-deps.sh)
	meson ninja-build
	# the Debian package (tests/deb/run): dpkg-buildpackage with debhelper
	# (it brings dh-autoreconf), lintian, and man-db for man -w
	dpkg-dev debhelper lintian man-db
)
PERFIL_DEPS=("${PERFIL_SERVE_DEPS[@]}" "${PERFIL_TEST_DEPS[@]}")

# perfil_missing_deps PACKAGE...: print, one a line, the packages that are not
# installed.
perfil_missing_deps() {
	local pkg status
	for pkg in "$@"; do
		status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null) || status=
		if [[ $status != 'install ok installed' ]]; then
			printf '%s\n' "$pkg"
		fi
	done
}

# perfil_install_deps [EXTRA-PACKAGE...]: install whatever of PERFIL_DEPS (the
# serve and the test lists) and the extra packages is missing. Returns
# apt-get's status.
perfil_install_deps() {
	_perfil_install "${PERFIL_DEPS[@]}" "$@"
}

# perfil_install_serve_deps: install whatever of PERFIL_SERVE_DEPS is missing
# (./serve). Returns apt-get's status.
perfil_install_serve_deps() {
	_perfil_install "${PERFIL_SERVE_DEPS[@]}"
}

# perfil_font_deps DIR: print, one a line, the font packages the content in
# DIR needs for its PDF beyond fonts-dejavu-core (Latin, Greek, Cyrillic):
# fonts-noto-cjk (about 90 MB installed) when a text holds Han, kana, Hangul
# or Bopomofo, fonts-noto-core when it holds any other script (Arabic,
# Hebrew, Devanagari, Thai...). A Spanish site needs neither. grep -P knows
# Unicode's script properties; nothing else is read.
perfil_font_deps() {
	local cjk='\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Bopomofo}'
	local mine="\p{Latin}\p{Greek}\p{Cyrillic}\p{Common}\p{Inherited}$cjk"
	LC_ALL=C.UTF-8 grep -rqsP --include='*.json' --include='*.md' \
		"[$cjk]" "$1" && echo fonts-noto-cjk
	LC_ALL=C.UTF-8 grep -rqsP --include='*.json' --include='*.md' \
		"[^$mine\\s]" "$1" && echo fonts-noto-core
	return 0
}

# perfil_install_font_deps DIR: install what perfil_font_deps DIR prints
# and is missing (./serve, before serving DIR).
perfil_install_font_deps() {
	local fonts=()
	mapfile -t fonts < <(perfil_font_deps "$1")
	((${#fonts[@]} == 0)) || _perfil_install "${fonts[@]}"
}

# _perfil_install PACKAGE...: install those of the packages that are missing.
_perfil_install() {
	local missing=() sudo=()
	mapfile -t missing < <(perfil_missing_deps "$@")
	if ((${#missing[@]} == 0)); then
		return 0
	fi
	if [[ $(id -u) != 0 ]]; then
		sudo=(sudo)
	fi
	printf 'install-deps: installing %s\n' "${missing[*]}" >&2
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
		apt-get update -qq </dev/null || return
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq --no-install-recommends \
		-o Dpkg::Options::=--force-confdef \
		-o Dpkg::Options::=--force-confold \
		"${missing[@]}" </dev/null
}

# perfil_install_npm: Debian's nodejs has no npm of its own (some builds of
# nodejs bundle it); install the npm package only when there is none.
perfil_install_npm() {
	command -v npm >/dev/null 2>&1 && return 0
	perfil_install_deps npm
}

# perfil_install_mcp_client: the official MCP client and Inspector that
# tests/blackbox/mcp.test.sh drives /mcp with (tests/mcp, pinned by its lock
# file); the test file runs the same npm ci when they are missing.
perfil_install_mcp_client() {
	local dir
	dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../mcp" && pwd) || return 1
	[[ -d $dir/node_modules/@modelcontextprotocol/sdk ]] && return 0
	(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
}

# perfil_install_conformance: the official MCP conformance suite and the
# Node 22 it needs (npm's node package, beside Debian's nodejs) that
# tests/blackbox/mcp_conformance.test.sh runs against /mcp (tests/conformance,
# pinned by its lock file); the test file runs the same npm ci when missing.
perfil_install_conformance() {
	local dir
	dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../conformance" && pwd) || return 1
	[[ -d $dir/node_modules/@modelcontextprotocol/conformance ]] && return 0
	(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	set -euo pipefail
	if [[ ${1-} == --serve ]]; then
		perfil_install_serve_deps
	else
		perfil_install_deps "$@"
		perfil_install_npm
		perfil_install_mcp_client
		perfil_install_conformance
	fi
fi
