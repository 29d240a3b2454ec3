#!/usr/bin/env bash
# The HTML report's behaviour in headless Chromium, driven over the DevTools protocol
# (Benchmarks/Scripts/html_report_checks.py): address hash round trip, first-diagnostic key,
# selection scroll in both directions on 10,000 events, no sideways scroll at 390 px,
# `convert --at` (step 35, by another helper, checks zoom and the 100,000-event report).
set -uo pipefail
cd "$(dirname "$0")/../.."
scratch=${PI_SCRATCH_PATH:-.build}
fail() { echo "36-report-checks: $*" >&2; exit 1; }
for tool in chromium python3; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (.ci/run installs chromium)"
done
log=$(mktemp); work=$(mktemp -d)
trap 'rm -rf "$work" "$log"' EXIT
if ! swift build --scratch-path "$scratch" --product pinspect >"$log" 2>&1 ||
   ! swift build --scratch-path "$scratch" --product InspectorDemo >>"$log" 2>&1; then
  cat "$log"; fail "build failed"
fi
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
"$bin/InspectorDemo" --quiet --output "$work/demo" >/dev/null || fail "InspectorDemo failed"
"$bin/pinspect" convert --to html --at 13 -o "$work/at13.html" "$work/demo/events.jsonl" || fail "convert --at failed"
# Large logs: the demo's debugger mode appends synthetic events (the same generator the LLDB checks use).
for n in 10000; do
  "$bin/InspectorDemo" --quiet --break-for-debugger --debugger-synthetic-events="$n" --output "$work/big$n" >/dev/null 2>&1 ||
    fail "InspectorDemo --debugger-synthetic-events=$n failed"
  "$bin/pinspect" convert --to html -o "$work/r$n.html" "$work/big$n/events.jsonl" || fail "convert of $n events failed"
done
python3 Benchmarks/Scripts/html_report_checks.py "$work/demo/report.html" "$work/r10000.html" \
  --at-report "$work/at13.html" --at 13 || fail "report checks failed"
echo "36-report-checks: ok"
