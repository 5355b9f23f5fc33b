#!/usr/bin/env bash
# install-deps.sh: install the Debian packages perfil needs to build, run and
# test, and only those that are missing.
#
#   tests/lib/install-deps.sh [EXTRA-PACKAGE...]     # run it: everything
#   tests/lib/install-deps.sh --serve                # what ./serve needs
#   tests/lib/install-deps.sh --upload               # what ./make-upload needs
#   . tests/lib/install-deps.sh; perfil_install_deps  # or source it
#
# Three lists, here and nowhere else: PERFIL_SERVE_DEPS, what ./serve needs
# to build perfil-fcgi and serve it through nginx, PERFIL_UPLOAD_DEPS, what
# ./make-upload needs beside them, and PERFIL_TEST_DEPS, what only the tests
# need (./run-tests installs all three). A feature that needs a new
# tool (wrk, apache2, nodejs, npm, chromium, ...) adds it to the third.
# Runs apt-get update at most once, and only when something is missing; needs
# no standard input; uses sudo when not root; waits for the apt and dpkg
# locks another process holds (perfil_wait_apt_locks), saying so.

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
	libglib2.0-dev zlib1g-dev libbrotli-dev nettle-dev
	libdeflate-dev
	# the CV's PDF (/cv.pdf, configure --disable-pdf leaves it out): cairo
	# and pango, and the font it embeds (fontconfig finds DejaVu Sans)
	libcairo2-dev libpango1.0-dev libfontconfig-dev fonts-dejavu-core
	# the LinkedIn import (--from-linkedin; configure --without-libzip
	# leaves it out)
	libzip-dev
	# the BibTeX import (--add-bibtex, --from-bibtex; configure
	# --without-btparse leaves it out)
	libbtparse-dev
	# the web server in front, and what tests/lib/stack.sh uses to start it
	# and print the first URLs (curl: is it up; jq: a project's slug)
	nginx-light curl jq
)
PERFIL_TEST_DEPS=(
	# unit tests; ccache in front of the compilers for the suite's builds
	# (run-tests)
	check ccache
	# black-box tests (brotli: decoding in compression.test.sh; pycurl: the
	# curl command lines of a run sent to one process, tests/lib/curld.sh)
	brotli python3-pycurl
	# the vCard parsed by a real vCard library (vcard.test.sh)
	python3-vobject
	# /publications.bib read by an independent BibTeX parser (bibtex.test.sh)
	python3-bibtexparser
	# identity (identity.test.sh): the microformats2 parser
	python3-mf2py
	# the plain-text CV's line ends against ICU's word breaks (cv_text.test.sh)
	python3-icu
	# the CV's PDF opened as a tagged PDF (cv_pdf_tags.test.sh): its structure
	# tree, catalog, XMP metadata, annotations and fonts
	python3-pikepdf
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
	# ss for the sockets a test waits on (tests/blackbox/ops.sh); strace to
	# hold a new generation's first worker back (reload_process.test.sh)
	clang libclang-rt-14-dev valgrind libfcgi-bin iproute2 strace
	# sleep, mkdir, basename and dirname as loadable builtins of the
	# black-box files' shells (tests/blackbox/lib.sh)
	bash-builtins
	# deployments: Apache + mod_fcgid (run on a private configuration and
	# port, never the system's), spawn-fcgi, systemd-analyze, groff for man,
	# Varnish as the shared cache in front (tests/blackbox/varnish.test.sh)
	apache2 libapache2-mod-fcgid spawn-fcgi systemd groff-base mandoc varnish
	# fresh Debian roots for tests/install/foreign-roots
	debootstrap
	# the Debian package (tests/deb/run): dpkg-buildpackage with debhelper
	# (it brings dh-autoreconf), lintian, and man-db for man -w
	dpkg-dev debhelper lintian man-db
)
# What ./make-upload needs beyond PERFIL_SERVE_DEPS for the self-contained
# build (tests/install/self-contained too): dpkg-dev for apt-get source's
# dpkg-source, meson and ninja to build Debian's harfbuzz and pango1.0
# sources into static archives (tests/lib/build-static-deps.sh), and
# fontconfig's fc-match and fc-query to gather the upload's fonts.
PERFIL_UPLOAD_DEPS=(dpkg-dev meson ninja-build fontconfig)
PERFIL_DEPS=("${PERFIL_SERVE_DEPS[@]}" "${PERFIL_TEST_DEPS[@]}" "${PERFIL_UPLOAD_DEPS[@]}")

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

# perfil_install_upload_deps: install whatever of PERFIL_SERVE_DEPS and
# PERFIL_UPLOAD_DEPS is missing (./make-upload). Returns apt-get's status.
perfil_install_upload_deps() {
	_perfil_install "${PERFIL_SERVE_DEPS[@]}" "${PERFIL_UPLOAD_DEPS[@]}"
}

# perfil_font_deps DIR [BIN]: print, one a line, the font packages the
# content in DIR needs for its PDF beyond fonts-dejavu-core (Latin, Greek,
# Cyrillic): those BIN --font-packages names (default: the build's
# _build/default/src/perfil-fcgi), for the characters of the files perfil
# reads that no installed font has, by a table of ICU scripts
# (src/site/cv_fonts.c): fonts-noto-cjk (about 90 MB installed) for Han,
# kana, Hangul or Bopomofo, fonts-noto-core for any other script (Arabic,
# Hebrew, Devanagari, Thai...). A Spanish site needs neither, and
# documentation beside the content (its README.md) is no content: perfil
# does not read it. Prints nothing for content that does not load (the
# check after it says why).
perfil_font_deps() {
	local bin=${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/_build/default/src/perfil-fcgi}
	"$bin" --font-packages --content "$1" 2>/dev/null
	return 0
}

# perfil_install_font_deps DIR [BIN]: install what perfil_font_deps DIR
# prints and is missing (./serve, before it checks and serves DIR;
# ./make-upload, before it gathers the fonts of the upload).
perfil_install_font_deps() {
	local fonts=()
	mapfile -t fonts < <(perfil_font_deps "$@")
	((${#fonts[@]} == 0)) && return 0
	printf 'install-deps: the PDF of %s needs %s (perfil-fcgi --font-packages)\n' \
		"$1" "${fonts[*]}" >&2
	_perfil_install "${fonts[@]}"
}

# The locks apt and dpkg take (fcntl locks, which flock(1) neither sees nor
# blocks): dpkg's, the frontend's (apt-get install, unattended-upgrades),
# the package lists' (apt-get update) and the download cache's.
PERFIL_APT_LOCKS=(/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock
	/var/lib/apt/lists/lock /var/cache/apt/archives/lock)

# perfil_lock_holder FILE: print "PID (COMMAND)" of the process holding a
# lock on FILE (/proc/locks, matched by inode), or nothing when it is free.
perfil_lock_holder() {
	local ino pid
	ino=$(stat -c %i "$1" 2>/dev/null) || return 0
	pid=$(awk -v ino="$ino" '$2 != "->" { n = split($6, d, ":");
		if (d[n] == ino) { print $5; exit } }' /proc/locks 2>/dev/null)
	[[ -n $pid ]] || return 0
	printf '%s (%s)\n' "$pid" "$(cat "/proc/$pid/comm" 2>/dev/null || echo '?')"
}

# perfil_wait_apt_locks: wait, up to PERFIL_APT_LOCK_TIMEOUT seconds (default
# 600), until no process holds one of PERFIL_APT_LOCKS (a fresh server's
# unattended-upgrades does for minutes), saying on stderr what it waits for.
# Returns 1 when the time is up.
perfil_wait_apt_locks() {
	local limit=${PERFIL_APT_LOCK_TIMEOUT:-600} t0=$SECONDS lock holder said=
	for lock in "${PERFIL_APT_LOCKS[@]}"; do
		while holder=$(perfil_lock_holder "$lock") && [[ -n $holder ]]; do
			if [[ $said != "$lock $holder" ]]; then
				printf 'install-deps: waiting for %s, held by process %s (up to %d s in all; PERFIL_APT_LOCK_TIMEOUT)\n' \
					"$lock" "$holder" "$limit" >&2
				said="$lock $holder"
			fi
			if ((SECONDS - t0 >= limit)); then
				printf 'install-deps: %s is still held by process %s after %d s; try again when it is done\n' \
					"$lock" "$holder" "$limit" >&2
				return 1
			fi
			sleep 0.2
		done
	done
	[[ -z $said ]] || printf 'install-deps: the apt and dpkg locks are free after %d s\n' \
		$((SECONDS - t0)) >&2
	return 0
}

# perfil_apt_get ARG...: apt-get ARG... as root (sudo when not), with no
# standard input and no question, once the apt and dpkg locks are free;
# apt-get itself waits for dpkg's locks as long again
# (DPkg::Lock::Timeout) should another process take them in between.
perfil_apt_get() {
	local sudo=()
	if [[ $EUID != 0 ]]; then
		sudo=(sudo)
	fi
	perfil_wait_apt_locks || return
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get \
		-o DPkg::Lock::Timeout="${PERFIL_APT_LOCK_TIMEOUT:-600}" "$@" </dev/null
}

# _perfil_install PACKAGE...: install those of the packages that are missing.
_perfil_install() {
	local missing=()
	mapfile -t missing < <(perfil_missing_deps "$@")
	if ((${#missing[@]} == 0)); then
		return 0
	fi
	printf 'install-deps: installing %s\n' "${missing[*]}" >&2
	perfil_apt_get update -qq || return
	perfil_apt_get install -y -qq --no-install-recommends \
		-o Dpkg::Options::=--force-confdef \
		-o Dpkg::Options::=--force-confold \
		"${missing[@]}"
}

# perfil_install_npm: Debian's nodejs has no npm of its own (some builds of
# nodejs bundle it); install the npm package only when there is none.
perfil_install_npm() {
	command -v npm >/dev/null 2>&1 && return 0
	perfil_install_deps npm
}

. "$(dirname "${BASH_SOURCE[0]}")/npm.sh"

# perfil_install_mcp_client: the official MCP client and Inspector that
# tests/blackbox/mcp.test.sh drives /mcp with (tests/mcp, pinned by its lock
# file); the test file runs the same npm ci when they are missing.
perfil_install_mcp_client() {
	local dir
	dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../mcp" && pwd) || return 1
	perfil_npm_ci "$dir" @modelcontextprotocol/sdk
}

# perfil_install_conformance: the official MCP conformance suite and the
# Node 22 it needs (npm's node package, beside Debian's nodejs) that
# tests/blackbox/mcp_conformance.test.sh runs against /mcp (tests/conformance,
# pinned by its lock file); the test file runs the same npm ci when missing.
perfil_install_conformance() {
	local dir
	dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../conformance" && pwd) || return 1
	perfil_npm_ci "$dir" @modelcontextprotocol/conformance
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	set -euo pipefail
	if [[ ${1-} == --serve ]]; then
		perfil_install_serve_deps
	elif [[ ${1-} == --upload ]]; then
		perfil_install_upload_deps
	else
		perfil_install_deps "$@"
		perfil_install_npm
		perfil_install_mcp_client
		perfil_install_conformance
	fi
fi
