#!/usr/bin/env bash
# The README's test command: every XCTest suite of the package.
set -uo pipefail
log=$(mktemp)
if ! swift build >"$log" 2>&1; then cat "$log"; exit 1; fi
if swift test --disable-swift-testing >"$log" 2>&1; then
  grep -E "error:|failed|Executed" "$log" | tail -n 5
  exit 0
fi
grep -vE "^\[[0-9]+/[0-9]+\]|^Test Case .* (started|passed)" "$log" | tail -n 200
exit 1
