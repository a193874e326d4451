#!/usr/bin/env bash
# cmake --install into a temporary prefix: every file in its place, and the installed arenascope
# runs `plan` on the installed example model and a lesson.
#   install_prefix_test.sh BUILD_DIR APP_ID
# SPDX-License-Identifier: GPL-3.0-or-later
. "$(dirname "$0")/common.sh"
build="$1" id="$2"
prefix="$scratch/prefix with space"

cmake --install "$build" --prefix "$prefix" >/dev/null || fail "cmake --install failed"
for f in bin/arenascope \
    share/arenascope/models/example_kws_int8.tflite \
    share/arenascope/models/lessons/greedy_gap.tflite \
    "share/applications/$id.desktop" \
    "share/mime/packages/$id.xml" \
    "share/metainfo/$id.metainfo.xml" \
    "share/icons/hicolor/scalable/apps/$id.svg" \
    share/man/man1/arenascope.1.gz \
    share/bash-completion/completions/arenascope \
    share/zsh/vendor-completions/_arenascope \
    share/doc/arenascope/copyright; do
    [ -e "$prefix/$f" ] || fail "not installed: $f"
done
for size in 16 22 24 32 48 64 128 256; do
    [ -e "$prefix/share/icons/hicolor/${size}x${size}/apps/$id.png" ] || fail "no ${size}x${size} icon"
done

# The installed example and every installed lesson: plan answers (0 fits or allocates, 1 does
# not fit; 2 would be unreadable input).
models=("$prefix/share/arenascope/models/example_kws_int8.tflite" "$prefix"/share/arenascope/models/lessons/*.tflite)
[ ${#models[@]} -ge 5 ] || fail "only ${#models[@]} models installed"
for m in "${models[@]}"; do
    rc=0
    out="$("$prefix/bin/arenascope" plan "$m" --json)" || rc=$?
    [ "$rc" -le 1 ] || fail "plan $(basename "$m") exited $rc"
    grep -q '"min_arena_bytes"' <<<"$out" || fail "plan $(basename "$m") printed no figures"
done
"$prefix/bin/arenascope" plan "${models[0]}" | grep -q "smallest" || fail "plan on the example printed no verdict"
echo "installed into $prefix; plan ran on ${#models[@]} installed models"
