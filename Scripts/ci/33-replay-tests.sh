#!/usr/bin/env bash
# A recording becomes a test: `pinspect test` writes an XCTest and a Swift Testing file from a
# log, and a client package that depends on this one by path builds and runs them. A log with
# diagnostics must make the --expect-clean test fail and a clean log must make it pass; the
# --expect-as-recorded tests pass on both, and one whose expectation is broken by hand fails naming
# the event's seq and the field at the line that expected it. The client package and its build folder live under
# the scratch path, so runs after the first rebuild only what changed.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
scratch=${PI_SCRATCH_PATH:-.build}
fail() { echo "33-replay-tests: $*" >&2; exit 1; }

log=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$work" "$log"' EXIT
if ! swift build --scratch-path "$scratch" --product pinspect >"$log" 2>&1 ||
   ! swift build --scratch-path "$scratch" --product InspectorDemo >>"$log" 2>&1; then
  cat "$log"; fail "build failed"
fi
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
pinspect="$bin/pinspect"
"$bin/InspectorDemo" --write-scenarios "$work/scenarios" >/dev/null || fail "InspectorDemo failed"
"$pinspect" simulate "$work/scenarios/every-diagnostic.json" -o "$work/diagnostics.jsonl" || fail "simulate failed"
"$pinspect" simulate "$work/scenarios/calendar-new-event.json" -o "$work/clean.jsonl" || fail "simulate failed"
[[ -z $(jq -c 'select(.diagnostics != null and (.diagnostics | length) > 0)' <(tail -n +2 "$work/clean.jsonl")) ]] ||
  fail "calendar-new-event.json is expected to record no diagnostic"

# The client package: a test target that depends on the testing product alone, by path, as the
# README says (the product brings the core and the simulator; the generated files import it alone).
client="$root/$scratch/replay-client"
tests="$client/Tests/ReplayTests"
rm -rf "$tests"
mkdir -p "$tests"
cat >"$client/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "ReplayClient",
    dependencies: [.package(name: "PresentationInspector", path: "$root")],
    targets: [.testTarget(name: "ReplayTests", dependencies: [
        .product(name: "PresentationInspectorTesting", package: "PresentationInspector"),
    ])]
)
SWIFT
# Resolve as this package did (same pins, from the local cache: no network needed).
cp "$root/Package.resolved" "$client/Package.resolved"
for framework in xctest swift-testing; do
  suffix=$([[ $framework == xctest ]] && echo XCTests || echo SwiftTests)
  "$pinspect" test "$work/diagnostics.jsonl" --framework "$framework" --expect-clean -o "$tests/BuggyClean$suffix.swift" || fail "pinspect test failed"
  "$pinspect" test "$work/clean.jsonl" --framework "$framework" --expect-clean -o "$tests/FixedClean$suffix.swift" || fail "pinspect test failed"
  "$pinspect" test "$work/diagnostics.jsonl" --framework "$framework" --expect-as-recorded -o "$tests/BuggyAsRecorded$suffix.swift" || fail "pinspect test failed"
  "$pinspect" test "$work/clean.jsonl" --framework "$framework" --expect-as-recorded -o "$tests/FixedAsRecorded$suffix.swift" || fail "pinspect test failed"
  # A broken expectation: event #1's presenting controller changed in the generated file.
  broken="$tests/BrokenExpectation$suffix.swift"
  "$pinspect" test "$work/diagnostics.jsonl" --framework "$framework" --expect-as-recorded -o "$broken" || fail "pinspect test failed"
  python3 - "$broken" <<'PY' || fail "no row for event #1 in $broken"
import re, sys
path = sys.argv[1]
text = open(path).read()
row = re.compile(r'^(\s*\(#line, 1, \["[^"]*", "[^"]*", "[^"]*", )"([^"]*)"', re.M)
if not row.search(text):
    sys.exit(1)
open(path, "w").write(row.sub(r'\1"somewhere"', text, count=1))
PY
done

start=$SECONDS
if ! swift build --package-path "$client" --build-tests >"$log" 2>&1; then
  grep -E "error|warning" "$log" | head -40; fail "the generated tests do not build in a client package"
fi
if grep -E "warning:" "$log" | grep -q "ReplayTests"; then grep -E "warning:" "$log"; fail "the generated tests build with warnings"; fi
echo "client package built in $((SECONDS - start)) s"

# Passing: the as-recorded tests of both logs, and the clean log's expect-clean tests.
pass='FixedClean|BuggyAsRecorded|FixedAsRecorded'
if ! swift test --package-path "$client" --skip-build --filter "$pass" >"$log" 2>&1; then
  tail -n 40 "$log"; fail "a generated test that should pass failed"
fi
grep -qE "Executed 3 tests, with 0 failures" "$log" || { tail -n 20 "$log"; fail "expected 3 XCTest cases to pass"; }
grep -qE "Test run with 3 tests( in [0-9]+ suites?)? passed" "$log" || { tail -n 20 "$log"; fail "expected 3 Swift Testing tests to pass"; }

# Failing: the expect-clean tests of the log with diagnostics, naming the diagnostics.
if swift test --package-path "$client" --skip-build --filter BuggyClean >"$log" 2>&1; then
  tail -n 20 "$log"; fail "the expect-clean tests passed on a log with diagnostics"
fi
grep -qE "BuggyCleanXCTests.testReplay : failed - [0-9]+ presentation diagnostics" "$log" ||
  { tail -n 30 "$log"; fail "the XCTest expect-clean test did not fail with the diagnostics"; }
grep -qE "✘ Test replay\(\) recorded an issue" "$log" ||
  { tail -n 30 "$log"; fail "the Swift Testing expect-clean test did not fail with an issue"; }

# Failing: the broken expectation, reported at the line that expected it, naming the seq and the field.
if swift test --package-path "$client" --skip-build --filter BrokenExpectation >"$log" 2>&1; then
  tail -n 20 "$log"; fail "a broken as-recorded expectation passed"
fi
for suffix in XCTests SwiftTests; do
  line=$(grep -n '^ *(#line, 1, \[' "$tests/BrokenExpectation$suffix.swift" | head -1 | cut -d: -f1)
  message="event #1 (present compose): presenting: recorded somewhere, replayed labTabs"
  # XCTest puts the message on the location's line, Swift Testing on the next ("↳ …").
  grep -A1 -F "BrokenExpectation$suffix.swift:$line:" "$log" | grep -qF "$message" ||
    { grep -E "BrokenExpectation|error|✘" "$log" | head -20; fail "the $suffix broken expectation was not reported at line $line as: $message"; }
done
echo "generated tests: 6 pass, the 2 expect-clean tests of a log with diagnostics fail as they should, a broken expectation fails at its line naming the event and the field ($((SECONDS - start)) s)"
