#!/usr/bin/env bash
# The README's test command: every XCTest case and every Swift Testing test of the package.
# `swift test` runs XCTest first, then Swift Testing; both summaries are printed so the counts
# of both frameworks show (the Swift Testing line alone would hide the XCTest count).
set -uo pipefail
log=$(mktemp)
if ! swift build >"$log" 2>&1; then cat "$log"; exit 1; fi
if swift test >"$log" 2>&1; then
  grep -E "Executed [0-9]+ tests" "$log" | tail -n 1          # XCTest: all suites
  grep -E "Test run with [0-9]+ tests" "$log" | tail -n 1
  # Guard against a silently empty Swift Testing run ("0 tests in 0 suites").
  if grep -qE "Test run with 0 tests" "$log"; then echo "no Swift Testing test ran" >&2; exit 1; fi
  exit 0
fi
grep -vE "^\[[0-9]+/[0-9]+\]|^Test Case .* (started|passed)|^◇ |^✔ Test .* passed" "$log" | tail -n 200
exit 1
