#!/usr/bin/env bash
# The README's test command: every XCTest case and every Swift Testing test of the package.
# `swift test` runs XCTest first, then Swift Testing; both summaries are printed so the counts
# of both frameworks show (the Swift Testing line alone would hide the XCTest count).
#
# When XCTest cases fail, their failures are printed, and they run once more on their own, to
# tell a flaky case from a broken one: the step passes only if every one of them passes that
# second time, and it says FLAKY with the first run's failures (also in `.ci/run`'s summary,
# through PI_CI_NOTES), so the flake is seen and fixed, not hidden. A crash, a Swift Testing
# failure or a case that fails twice fails the step.
set -uo pipefail
log=$(mktemp)
if ! swift build >"$log" 2>&1; then cat "$log"; exit 1; fi
notes=${PI_CI_NOTES:-/dev/null}

summary() {
  grep -E "Executed [0-9]+ tests" "$1" | tail -n 1          # XCTest: all suites
  grep -E "Test run with [0-9]+ tests" "$1" | tail -n 1
}

if swift test >"$log" 2>&1; then
  summary "$log"
  # Guard against a silently empty Swift Testing run ("0 tests in 0 suites").
  if grep -qE "Test run with 0 tests" "$log"; then echo "no Swift Testing test ran" >&2; exit 1; fi
  exit 0
fi

# What failed, for the reader: XCTest's failure lines and Swift Testing's ✘ lines, then the tail.
failures=$(grep -E "(^|: )error: |^Test Case '.*' failed \(|^✘ |Fatal error|Exited with" "$log" | head -n 60)
grep -vE "^\[[0-9]+/[0-9]+\]|^Test Case .* (started|passed)|^Test Suite .* (started|passed)|with 0 failures|^◇ |^✔ Test .* passed" "$log" | tail -n 120
echo "-- failures of the first run:"
echo "$failures"
{ echo "10-swift-test.sh, first run's failures:"; echo "$failures" | head -n 20; } >>"$notes"

cases=$(grep -oE "^Test Case '[A-Za-z0-9_]+\.[A-Za-z0-9_]+' failed" "$log" | sed -E "s/^Test Case '([^.]+)\.([^']+)' failed/\1\/\2/" | sort -u)
xctest_done=$(grep -cE "^Test Suite 'All tests' (passed|failed)" "$log")  # 0 after a crash
swift_testing_failed=$(grep -cE "^✘ Test .* failed|^✘ Suite .* failed|Test run with .* failed" "$log")
if [[ -z "$cases" || "$xctest_done" -eq 0 || "$swift_testing_failed" -ne 0 ]]; then
  echo "not a failing XCTest case that can run again (a crash, a build error or a Swift Testing failure): FAILED"
  exit 1
fi
count=$(wc -l <<<"$cases")
if ((count > 3)); then echo "$count cases failed: not a flake, FAILED"; exit 1; fi

filter="^[A-Za-z0-9_]+\.($(paste -sd'|' <<<"$cases"))\$"
echo "-- running the $count failed case(s) again on their own: $filter"
again=$(mktemp)
if swift test --skip-build --disable-swift-testing --filter "$filter" >"$again" 2>&1 \
   && grep -qE "Executed $count tests?, with 0 failures" "$again"; then
  echo "FLAKY: $(paste -sd' ' <<<"$cases") failed, then passed on their own; fix them (first run's failures above)"
  echo "FLAKY in 10-swift-test.sh: $(paste -sd' ' <<<"$cases") failed, then passed on their own" >>"$notes"
  summary "$log"
  exit 0
fi
grep -vE "^\[[0-9]+/[0-9]+\]|^Test Case .* (started|passed)" "$again" | tail -n 60
echo "failed again on their own: FAILED"
exit 1
