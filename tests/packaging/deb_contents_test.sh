#!/usr/bin/env bash
# The Debian package from deb_build.sh: its control fields (version from the project, dependencies
# from dpkg-shlibdeps), its files, no maintainer script or conffile (an upgrade leaves the user's
# settings alone), and the extracted arenascope running `plan` on the extracted example model.
#   deb_contents_test.sh BUILD_DIR VERSION APP_ID
# SPDX-License-Identifier: GPL-3.0-or-later
. "$(dirname "$0")/common.sh"
build="$1" version="$2" id="$3"
needs dpkg-deb dpkg
deb="$(ls "$build"/packages/arenascope_"$version"_*.deb 2>/dev/null | head -n 1)"
[ -n "$deb" ] || skip "no package in $build/packages (the deb_build fixture did not run or was skipped)"

field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = arenascope ] || fail "Package is $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version is $(field Version), the project's is $version"
depends="$(field Depends)"
for lib in libc6 libstdc++6 libqt6widgets6 libqt6network6 libqcustomplot; do
    grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib (dpkg-shlibdeps): $depends"
done
echo "Depends: $depends"

dpkg-deb -c "$deb" | awk '{print $NF}' >"$scratch/files"
for f in ./usr/bin/arenascope "./usr/share/applications/$id.desktop" "./usr/share/mime/packages/$id.xml" \
    "./usr/share/metainfo/$id.metainfo.xml" ./usr/share/man/man1/arenascope.1.gz \
    ./usr/share/bash-completion/completions/arenascope ./usr/share/zsh/vendor-completions/_arenascope \
    ./usr/share/doc/arenascope/copyright ./usr/share/doc/arenascope/changelog.gz \
    "./usr/share/icons/hicolor/48x48/apps/$id.png" "./usr/share/icons/hicolor/scalable/apps/$id.svg" \
    ./usr/share/arenascope/models/example_kws_int8.tflite ./usr/share/arenascope/models/lessons/offline_plan.tflite; do
    grep -qxF "$f" "$scratch/files" || fail "the package lacks $f"
done
if grep -v '^\./usr/' "$scratch/files" | grep -v '^\./$'; then
    fail "files outside /usr (above)"
fi

dpkg-deb -e "$deb" "$scratch/control"
for script in preinst postinst prerm postrm config; do
    [ ! -e "$scratch/control/$script" ] || fail "a $script script: the package must not touch the user's settings"
done
[ ! -s "$scratch/control/conffiles" ] || fail "conffiles: $(cat "$scratch/control/conffiles")"

dpkg-deb -x "$deb" "$scratch/root"
file "$scratch/root/usr/bin/arenascope" 2>/dev/null | grep -q "not stripped" && fail "the binary is not stripped"
"$scratch/root/usr/bin/arenascope" --version | grep -q "arenascope $version" || fail "--version does not say $version"
rc=0
"$scratch/root/usr/bin/arenascope" plan "$scratch/root/usr/share/arenascope/models/example_kws_int8.tflite" \
    >"$scratch/plan.txt" || rc=$?
[ "$rc" -eq 0 ] || { cat "$scratch/plan.txt"; fail "the extracted arenascope's plan exited $rc"; }
head -n 3 "$scratch/plan.txt"
# And a lesson the package ships (0: it allocates; 1 would be a lesson that does not fit).
lesson="$scratch/root/usr/share/arenascope/models/lessons/greedy_gap.tflite"
rc=0
"$scratch/root/usr/bin/arenascope" plan "$lesson" --json >"$scratch/lesson.json" || rc=$?
[ "$rc" -le 1 ] && grep -q '"min_arena_bytes"' "$scratch/lesson.json" || fail "plan on the installed lesson exited $rc"
echo "$(basename "$deb"): $(stat -c %s "$deb") bytes, Installed-Size $(field Installed-Size) KiB"
