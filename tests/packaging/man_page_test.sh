#!/usr/bin/env bash
# The generated man page renders with man -l without a groff warning and documents every command
# and every option that `arenascope COMMAND --help` lists.
#   man_page_test.sh ARENASCOPE MAN_PAGE
# SPDX-License-Identifier: GPL-3.0-or-later
. "$(dirname "$0")/common.sh"
exe="$1" page="$2"
needs man man-db
export MANWIDTH=200 MANPAGER=cat PAGER=cat LC_ALL=C.UTF-8
man --warnings -l "$page" >"$scratch/man.txt" 2>"$scratch/warnings.txt" || fail "man -l failed: $(cat "$scratch/warnings.txt")"
[ ! -s "$scratch/warnings.txt" ] || fail "groff warnings: $(cat "$scratch/warnings.txt")"
for section in NAME SYNOPSIS DESCRIPTION COMMANDS "BUILD SETTINGS OPTIONS" "EXIT STATUS" FILES; do
    grep -q "^$section" "$scratch/man.txt" || fail "no $section section"
done
# Every command and option of the usage (generated from the same table, so they cannot drift).
commands="$("$exe" --help | sed -n 's/^  arenascope \([a-z][a-z-]*\) .*/\1/p' | sort -u)"
[ "$(wc -w <<<"$commands")" -ge 10 ] || fail "too few commands in --help: $commands"
count=0
for c in $commands; do
    grep -q "arenascope $c" "$scratch/man.txt" || fail "command $c missing"
    for o in $("$exe" "$c" --help | grep -oE '^  --[a-z0-9-]+' | sort -u); do
        grep -qe "$o" "$scratch/man.txt" || fail "$c's option $o missing"
        count=$((count + 1))
    done
done
echo "man -l: $(wc -l <"$scratch/man.txt") lines, $(wc -w <<<"$commands") commands, $count options, no warning"
