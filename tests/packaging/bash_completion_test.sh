#!/usr/bin/env bash
# The generated bash completion, driven as bash drives it (COMP_LINE and COMP_POINT, then the
# function `complete` names): commands, options, values from the tables (boards from
# `arenascope --board list`, snapshots, chips and esp-nn versions from the messages that list
# them), files filtered by kind, names with spaces and non-ASCII, and no wait without a model.
#   bash_completion_test.sh ARENASCOPE COMPLETION_SCRIPT
# SPDX-License-Identifier: GPL-3.0-or-later
. "$(dirname "$0")/common.sh"
exe="$1" script="$2"

# shellcheck source=/dev/null
source "$script"
[ "$(complete -p arenascope)" = "complete -F _arenascope arenascope" ] || fail "complete -p: $(complete -p arenascope)"

# The replies for a line typed up to its end, one per line, sorted. Completing may take no more
# than a second: it starts no process and reads no model.
completions() {
    local before after
    COMP_LINE="$1"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    before=${EPOCHREALTIME/[.,]/}
    set +e # as in an interactive shell
    _arenascope
    set -e
    after=${EPOCHREALTIME/[.,]/}
    [ $((after - before)) -lt 1000000 ] || fail "completing '$1' took $((after - before)) us"
    [ ${#COMPREPLY[@]} -eq 0 ] || printf '%s\n' "${COMPREPLY[@]}" | sort
}
# The values a message lists as a|b|c.
listed() { grep -oE '[A-Za-z0-9._-]+(\|[A-Za-z0-9._-]+)+' <<<"$1" | head -n 1 | tr '|' ' '; }

cd "$scratch"

# No model yet, an empty folder: nothing to wait for, nothing offered but folders.
mkdir empty && cd empty
[ -z "$(completions "arenascope plan ")" ] || fail "offers something in an empty folder"
cd ..

boards="$("$exe" --board list | grep -v '^ ')"
[ "$(wc -w <<<"$boards")" -ge 5 ] || fail "--board list printed $(wc -w <<<"$boards") boards"
# shellcheck disable=SC2086
expect "arenascope plan --board " $boards list
expect "arenascope plan m.tflite --board esp32" $(grep '^esp32' <<<"$boards")
refuse "arenascope plan m.tflite --board esp32" $(grep -v '^esp32' <<<"$boards")
expect "arenascope compare a.tflite --b-board " $boards
expect "arenascope report m.tflite --out d --board " $boards
tflm="$(listed "$("$exe" plan m.tflite --tflm no-such-snapshot 2>&1 || true)")"
[ -n "$tflm" ] || fail "no snapshot list in plan's message"
# shellcheck disable=SC2086
expect "arenascope plan m.tflite --tflm " $tflm
# shellcheck disable=SC2086
expect "arenascope plan m.tflite --kernels esp-nn --chip " $(listed "$("$exe" plan m.tflite --chip x 2>&1 || true)")
# shellcheck disable=SC2086
expect "arenascope plan m.tflite --kernels esp-nn --esp-nn " $(listed "$("$exe" plan m.tflite --esp-nn x 2>&1 || true)")
expect "arenascope solve b.csv --planner " tflm-greedy heuristic exact all
expect "arenascope plan m.tflite --planner " greedy linear
expect "arenascope compare a.tflite --b-kernels " reference cmsis-nn esp-nn

# Commands and options.
expect "arenascope " plan info report compare solve baseline check header
expect "arenascope pl" plan
expect "arenascope -" --help --version --man --completion
expect "arenascope --completion " bash zsh
expect "arenascope plan --bo" --board
expect "arenascope plan m.tflite --" --json --table --csv --board --tflm --arena-size --config --help
refuse "arenascope info m.tflite --" --board --table
expect "arenascope compare a.tflite --b-" --b-board --b-kernels --b-config --b-reorder
expect "arenascope check --" --baseline --max-growth --junit --update

# A configuration: keys, then a key's values after '='. Readline replaces only what follows the word's last
# '=', so the replies start there.
expect "arenascope plan m.tflite --config " target= kernels= board= tflm=
expect "arenascope plan m.tflite --config kernels=c" cmsis-nn
expect "arenascope baseline models --config kernels=cmsis-nn,cp" cmsis-nn,cpu=
expect "arenascope baseline models --config kernels=cmsis-nn,cpu=cortex-m5" cortex-m55
expect "arenascope plan m.tflite --config preserve-all-tensors=" true false

# Files by kind; a name with spaces and non-ASCII letters; folders always.
mkdir -p "files/sub dir" && cd files
touch a.tflite B.TFLITE "with space ü.tflite" table.csv baseline.json serial.log notes.txt other.bin
expect "arenascope plan " a.tflite B.TFLITE "with space ü.tflite" "sub dir"
refuse "arenascope plan " table.csv baseline.json other.bin
expect "arenascope " a.tflite plan
expect "arenascope plan with\\ sp" "with space ü.tflite"
expect "arenascope plan a.tflite --csv " table.csv "sub dir"
refuse "arenascope plan a.tflite --csv " a.tflite
expect "arenascope check --baseline " baseline.json
expect "arenascope report a.tflite --out " "sub dir"
refuse "arenascope report a.tflite --out " a.tflite
expect "arenascope solve " table.csv a.tflite other.bin
expect "arenascope compare a.tflite " a.tflite
refuse "arenascope info a.tflite " a.tflite
refuse "arenascope plan a.tflite --arena-size " a.tflite
expect "arenascope a.tflite --arena-size 64K " a.tflite
mkdir -p "$scratch/home/kws models"
touch "$scratch/home/kws models/kws.tflite" "$scratch/home/notes.csv"
HOME="$scratch/home" expect "arenascope plan ~/" "~/kws models"
HOME="$scratch/home" expect "arenascope plan ~/kws\\ models/" "~/kws models/kws.tflite"
HOME="$scratch/home" refuse "arenascope plan ~/" "~/notes.csv"
cd ..

echo "bash completion: every check passed, none took a second"
