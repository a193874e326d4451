# Shared by the packaging tests (sourced): skip, fail, and a scratch folder removed on exit.
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

# ctest marks exit 77 as skipped (SKIP_RETURN_CODE in tests/packaging/CMakeLists.txt).
skip() {
    echo "SKIP: $*"
    exit 77
}

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# needs TOOL PACKAGE: skips with the Debian package to install when TOOL is missing.
needs() {
    command -v "$1" >/dev/null 2>&1 || skip "$1 is not installed (apt-get install $2; scripts/arenascope.sh installs it)"
}

scratch="$(mktemp -d "${TMPDIR:-/tmp}/arenascope-packaging.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

# expect LINE WORD...: every WORD is among what `completions LINE` (the shell's test defines it)
# offers; refuse LINE WORD...: none is.
expect() {
    local line="$1" got w
    shift
    got="$(completions "$line")" || fail "'$line': the shell did not complete"
    for w; do
        grep -qxF -- "$w" <<<"$got" || fail "'$line' does not offer '$w'; it offers: $(tr '\n' ' ' <<<"$got")"
    done
}
refuse() {
    local line="$1" got w
    shift
    got="$(completions "$line")" || fail "'$line': the shell did not complete"
    for w; do
        ! grep -qxF -- "$w" <<<"$got" || fail "'$line' offers '$w'"
    done
}
