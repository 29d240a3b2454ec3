#!/usr/bin/env bash
# The HTML report as a person uses it, in headless Chromium over the DevTools protocol
# (Scripts/ci/report_browser.py): selection scrolls the list and the timeline both ways, the
# address hash follows selection and filters and restores them, + - 0 zoom the timeline, no
# sideways scroll at 390 px, `convert --to html --at N` opens on N, and a 100,000-event report
# opens without script errors (its select and filter times are printed, not judged: CI
# machines vary; Scripts/bench.sh measures them).
set -uo pipefail
cd "$(dirname "$0")/../.."
scratch=${PI_SCRATCH_PATH:-.build}
fail() { echo "35-report-browser: $*" >&2; exit 1; }
for tool in chromium python3; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (.ci/run installs chromium)"
done
log=$(mktemp)
if ! swift build --scratch-path "$scratch" --product pinspect >"$log" 2>&1 ||
   ! swift build --scratch-path "$scratch" --product InspectorDemo >>"$log" 2>&1; then
  cat "$log"; fail "build failed"
fi
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work" "$log"' EXIT

"$bin/InspectorDemo" --quiet --output "$work/out" >/dev/null || fail "InspectorDemo failed"
python3 Scripts/ci/report_browser.py "$work/out/report.html" || fail "the demo report failed a check"

# --at N: the page opens with N selected.
"$bin/pinspect" convert --to html --at 13 -o "$work/at13.html" "$work/out/events.jsonl" || fail "convert --at 13 failed"
chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=3000 --dump-dom "file://$work/at13.html" \
  2>/dev/null >"$work/at13.dom"
grep -q 'data-selected="13"' "$work/at13.dom" || fail "convert --to html --at 13 does not open with #13 selected"
echo "35-report-browser: ok   convert --to html --at 13 opens on #13"

python3 Scripts/ci/repeat_log.py "$work/out/events.jsonl" 100000 "$work/big.jsonl"
"$bin/pinspect" convert --to html -o "$work/big.html" "$work/big.jsonl" || fail "convert of the 100,000-event log failed"
bytes=$(stat -c %s "$work/big.html")
echo "35-report-browser: 100,000-event report is $bytes bytes ($((bytes / 100000)) B per event)"
python3 Scripts/ci/report_browser.py "$work/big.html" --quick || fail "the 100,000-event report failed to open cleanly"
echo "35-report-browser: ok"
