#!/usr/bin/env bash
# lintian on the Debian package from deb_build.sh: no error. Warnings are printed (the README's
# Install section lists those that stay, and why).
#   lintian_test.sh BUILD_DIR VERSION
# SPDX-License-Identifier: GPL-3.0-or-later
. "$(dirname "$0")/common.sh"
build="$1" version="$2"
needs lintian lintian
deb="$(ls "$build"/packages/arenascope_"$version"_*.deb 2>/dev/null | head -n 1)"
[ -n "$deb" ] || skip "no package in $build/packages (the deb_build fixture did not run or was skipped)"
rc=0
lintian --fail-on error --display-info "$deb" >"$scratch/lintian.txt" 2>&1 || rc=$?
cat "$scratch/lintian.txt"
[ "$rc" -eq 0 ] || fail "lintian found errors (exit $rc)"
echo "lintian: no error ($(grep -c '^W:' "$scratch/lintian.txt" || true) warnings)"
