#!/usr/bin/env bash
# The arena check a CI job runs: every model of arena-baseline.json measured again under each of
# its configurations. Exit 0: nothing grew; 1: an arena grew (the Markdown says what); 2: bad input.
# github-actions.yml and gitlab-ci.yml run this file after scripts/arenascope.sh build; so does
# tests/core/cli_ci_test.cpp (CiExamples).
#
#   ARENASCOPE        the arenascope binary (default: build/app/arenascope)
#   ARENA_REPORT_DIR  where arena-check.md and arena-check.xml (JUnit) go (default: .)
#
# In your own repository: record a baseline once and commit it,
#   arenascope baseline models/ --config target=cortex-m,kernels=cmsis-nn,cpu=cortex-m4 --out arena-baseline.json
# then point --baseline at it below. After an intended growth: arenascope check ... --update.
set -euo pipefail
arenascope="${ARENASCOPE:-build/app/arenascope}"
reports="${ARENA_REPORT_DIR:-.}"
"$arenascope" check --baseline examples/ci/arena-baseline.json --max-growth 0 \
  --junit "$reports/arena-check.xml" --markdown "$reports/arena-check.md"
