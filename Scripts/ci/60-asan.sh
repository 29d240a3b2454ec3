#!/usr/bin/env bash
# The XCTest suite under AddressSanitizer (issue 6; ThreadSanitizer is 20-tsan.sh). Any ASan or
# LeakSanitizer report fails the step. XCTest's own leaks are suppressed (docs/RELIABILITY.md, "Tool traps").
set -uo pipefail
cd "$(dirname "$0")/../.."
log=$(mktemp)
supp=$(mktemp)
trap 'rm -f "$log" "$supp"' EXIT
printf 'leak:libXCTest.so\n' >"$supp"
LSAN_OPTIONS="suppressions=$supp" swift test --disable-swift-testing --sanitize=address --scratch-path .build-asan >"$log" 2>&1
rc=$?
if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)" "$log"; then
  grep -A40 -E "ERROR: (AddressSanitizer|LeakSanitizer)" "$log" | head -n 150
  echo "AddressSanitizer reported errors"
  exit 1
fi
if ((rc != 0)); then
  grep -vE "^\[[0-9]+/[0-9]+\]|^Test Case .* (started|passed)" "$log" | tail -n 120
  exit "$rc"
fi
grep -E "Executed [0-9]+ tests" "$log" | tail -n 1
echo "no AddressSanitizer or LeakSanitizer reports"
