#!/usr/bin/env bash
# The XCTest suite again under ThreadSanitizer: any report fails the step.
# (NSLock is used throughout; docs/RELIABILITY.md, "Tool traps", says why not Synchronization.Mutex.)
set -uo pipefail
log=$(mktemp)
swift test --disable-swift-testing --sanitize=thread --scratch-path .build-tsan >"$log" 2>&1
rc=$?
if grep -q "WARNING: ThreadSanitizer" "$log"; then
  grep -B2 -A30 "WARNING: ThreadSanitizer" "$log" | head -n 120
  echo "ThreadSanitizer reported races"
  exit 1
fi
if ((rc != 0)); then
  grep -vE "^\[[0-9]+/[0-9]+\]|^Test Case .* (started|passed)" "$log" | tail -n 120
  exit "$rc"
fi
grep -E "Executed [0-9]+ tests" "$log" | tail -n 1
echo "no ThreadSanitizer reports"
