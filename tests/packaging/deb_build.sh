#!/usr/bin/env bash
# The ctest fixture of the Debian package tests: cpack -G DEB in the build folder, as
# `scripts/arenascope.sh package` does, into BUILD_DIR/packages.
#   deb_build.sh BUILD_DIR
# SPDX-License-Identifier: GPL-3.0-or-later
. "$(dirname "$0")/common.sh"
build="$1"
needs dpkg-shlibdeps dpkg-dev
cd "$build"
cpack -G DEB >"$scratch/cpack.log" 2>&1 || { cat "$scratch/cpack.log"; fail "cpack -G DEB failed"; }
grep -i "package.*generated" "$scratch/cpack.log" || true
