#!/usr/bin/env bash
# Runs ArenaScope's libFuzzer targets (tests/fuzz) for a chosen time.
#   scripts/fuzz.sh [load|analyze|offline_plan|all] [seconds per target, default 60] [jobs, default 1]
# With ARENASCOPE_FUZZ_RUNS=N each target instead runs N inputs from a fixed seed: the same
# inputs every time (what the test command does, so CI is deterministic).
# Builds the asan-core preset (clang, AddressSanitizer + UBSan, coverage) in build-asan-core.
# Seeds: the bundled models, the lesson models and ../shared/models when present, copied into
# build-asan-core/corpus/<target> at run time (nothing is committed). A crash, timeout or
# out-of-memory lands in build-asan-core/findings/; check the input in under
# tests/fuzz/regressions/<target>/ once fixed, so the regression tests replay it forever.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$here/build-asan-core"
which="${1:-all}"
seconds="${2:-60}"
jobs="${3:-1}"

if [ ! -f "$build/build.ninja" ]; then
  cmake --preset asan-core -S "$here" >/dev/null
fi
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target fuzz_load fuzz_analyze fuzz_offline_plan

seed() {
  local target="$1" dir="$build/corpus/$1"
  mkdir -p "$dir"
  local models=("$here"/models/*.tflite)
  [ -d "$here/../shared/models" ] && while IFS= read -r f; do models+=("$f"); done \
    < <(find "$here/../shared/models" -name '*.tflite' -size -2M)
  for m in "${models[@]}"; do
    local name; name="$(basename "$m")"
    if [ "$target" = analyze ]; then
      # The analyze target's first byte picks the settings.
      for b in 00 24 2d 0a; do
        [ -f "$dir/$b-$name" ] || { printf "\\x$b"; cat "$m"; } > "$dir/$b-$name"
      done
    else
      [ -f "$dir/$name" ] || cp "$m" "$dir/$name"
    fi
  done
}

run() {
  local target="$1"
  seed "$target"
  mkdir -p "$build/findings"
  echo "== fuzz_$target for ${ARENASCOPE_FUZZ_RUNS:-${seconds}s} ${ARENASCOPE_FUZZ_RUNS:+runs}"
  local log="$build/findings/fuzz_$target.log"
  set +e
  local parallel=()
  [ "$jobs" -gt 1 ] && parallel=(-fork="$jobs")
  local budget=(-max_total_time="$seconds")
  [ -n "${ARENASCOPE_FUZZ_RUNS:-}" ] && budget=(-runs="$ARENASCOPE_FUZZ_RUNS" -seed=1)
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$build/tests/fuzz/fuzz_$target" "$build/corpus/$target" \
    "${budget[@]}" -timeout=20 -rss_limit_mb=3072 -max_len=4194304 \
    "${parallel[@]}" -print_final_stats=1 \
    -artifact_prefix="$build/findings/$target-" >"$log" 2>&1
  local rc=$?
  set -e
  grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$log" | tail -n 2 || true
  if [ $rc -ne 0 ]; then
    echo "fuzz_$target FOUND A PROBLEM (exit $rc); input in $build/findings/, log: $log" >&2
    grep -m 5 -E "ERROR|runtime error|SUMMARY" "$log" >&2 || true
    return 1
  fi
}

status=0
if [ "$which" = all ]; then
  for t in load analyze offline_plan; do run "$t" || status=1; done
else
  run "$which" || status=1
fi
exit $status
