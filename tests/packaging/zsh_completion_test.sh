#!/usr/bin/env bash
# The generated zsh completion, in a real zsh (zsh_complete.zsh drives compsys in a pty): commands,
# options, board names after --board, configuration values, files filtered by kind.
#   zsh_completion_test.sh ARENASCOPE COMPLETION_FILE
# SPDX-License-Identifier: GPL-3.0-or-later
. "$(dirname "$0")/common.sh"
exe="$1" file="$2" here="$(cd "$(dirname "$0")" && pwd)"
needs zsh zsh
zsh -n "$file" || fail "zsh -n: the script does not parse"
mkdir -p "$scratch/functions"
cp "$file" "$scratch/functions/_arenascope"

# The matches, unquoted (_files adds them as the line will hold them: with\ space).
completions() {
    (cd "$scratch/work" && zsh -f "$here/zsh_complete.zsh" "$scratch/functions" "$1") | sed 's/\\\(.\)/\1/g' | sort -u
}

mkdir -p "$scratch/work/sub" && cd "$scratch/work"
touch a.tflite "with space ü.tflite" table.csv baseline.json
start=$SECONDS
boards="$("$exe" --board list | grep -v '^ ')" || fail "$exe --board list failed"
[ "$(wc -w <<<"$boards")" -ge 5 ] || fail "--board list printed $(wc -w <<<"$boards") boards"
# shellcheck disable=SC2086
expect "arenascope plan a.tflite --board " $boards
expect "arenascope pl" plan
expect "arenascope plan a.tflite --bo" --board
expect "arenascope compare a.tflite --b-ker" --b-kernels
expect "arenascope plan " a.tflite "with space ü.tflite"
refuse "arenascope plan " table.csv baseline.json
expect "arenascope check --baseline " baseline.json
expect "arenascope plan a.tflite --kernels " reference cmsis-nn esp-nn
expect "arenascope plan a.tflite --config kernels=c" cmsis-nn
echo "zsh completion: every check passed in $((SECONDS - start)) s"
