#!/usr/bin/env bash
# The HTML report as a person uses it, in headless Chromium over the DevTools protocol
# (Scripts/ci/report_browser.py, one browser for every check): the demo's report (first-diagnostic
# key, hash round trip, timeline zoom, drag-select, sticky labels, folding window groups, hover and
# click on the canvas, a rejection on the lane it was attempted at, the chain graph fitting and
# zooming, no sideways scroll at 390 px), `convert --to html --at N`, selection scroll both ways on
# the demo's 10,000-event debugger recording, and a 100,000-event report opening and staying usable
# (its times are printed, not judged: CI machines vary; Scripts/bench.sh measures them). First,
# every script the report embeds (Sources/PresentationInspectorCore/Export/Resources/*.js) passes
# `node --check`, which names the file and line of a syntax error before any page is opened.
set -uo pipefail
cd "$(dirname "$0")/../.."
scratch=${PI_SCRATCH_PATH:-.build}
fail() { echo "35-report-browser: $*" >&2; exit 1; }
for tool in chromium python3 node; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (.ci/run installs chromium and nodejs)"
done
shopt -s nullglob
scripts=(Sources/PresentationInspectorCore/Export/Resources/*.js)
((${#scripts[@]})) || fail "no scripts in Sources/PresentationInspectorCore/Export/Resources"
for script in "${scripts[@]}"; do
  node --check "$script" || fail "$script has a syntax error (above)"
done
echo "35-report-browser: ${#scripts[@]} scripts pass node --check"
log=$(mktemp); work=$(mktemp -d)
trap 'rm -rf "$work" "$log"' EXIT
if ! swift build --scratch-path "$scratch" --product pinspect >"$log" 2>&1 ||
   ! swift build --scratch-path "$scratch" --product InspectorDemo >>"$log" 2>&1; then
  cat "$log"; fail "build failed"
fi
bin=$(swift build --scratch-path "$scratch" --show-bin-path)

"$bin/InspectorDemo" --quiet --output "$work/demo" >/dev/null || fail "InspectorDemo failed"
"$bin/pinspect" convert --to html --at 13 -o "$work/at13.html" "$work/demo/events.jsonl" || fail "convert --at 13 failed"
# A short recording in one window (the first time axis label, counts of 1).
"$bin/InspectorDemo" --quiet --scenario calendar-new-event --output "$work/short" >/dev/null || fail "InspectorDemo --scenario failed"
# 10,000 events: the demo's debugger mode appends synthetic events (the generator the LLDB checks use).
"$bin/InspectorDemo" --quiet --break-for-debugger --debugger-synthetic-events=10000 --output "$work/big10k" >/dev/null 2>&1 ||
  fail "InspectorDemo --debugger-synthetic-events=10000 failed"
"$bin/pinspect" convert --to html -o "$work/r10k.html" "$work/big10k/events.jsonl" || fail "convert of 10,000 events failed"
# 100,000 events: the demo's log repeated (fast to make without the benchmarks).
python3 Scripts/ci/repeat_log.py "$work/demo/events.jsonl" 100000 "$work/big.jsonl"
"$bin/pinspect" convert --to html -o "$work/r100k.html" "$work/big.jsonl" || fail "convert of the 100,000-event log failed"
echo "35-report-browser: the 10,000-event report is $(stat -c %s "$work/r10k.html") bytes, the 100,000-event one $(stat -c %s "$work/r100k.html")"
python3 Scripts/ci/report_browser.py "$work/demo/report.html" --at-report "$work/at13.html" --at 13 --short "$work/short/report.html" \
  --large "$work/r10k.html" --huge "$work/r100k.html" || fail "report checks failed"
echo "35-report-browser: ok"
