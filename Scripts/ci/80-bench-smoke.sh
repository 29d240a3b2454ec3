#!/usr/bin/env bash
# Every benchmark of Scripts/bench.sh at tiny sizes (BENCH_SMOKE=1), so the benchmarks cannot rot:
# each must run, print its JSON line, and the table must be built; pinspect and jq must agree on
# the counts. Then the budgets of Benchmarks/Thresholds.json: the enforced ones must hold within
# their smoke limits (byte counts and ratios, not wall-clock times: CI machines are noisy); the
# goals not yet met are printed with their figures and never fail the step. PI_BENCH_THRESHOLDS
# names another thresholds file. docs/PERFORMANCE.md holds the measured table.
set -uo pipefail
cd "$(dirname "$0")/../.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 Benchmarks/Scripts/test_check_thresholds.py || { echo "bench smoke: the thresholds check's tests failed"; exit 1; }
if ! BENCH_SMOKE=1 BENCH_DIR="$dir" Scripts/bench.sh >"$dir/table.txt" 2>"$dir/bench.err"; then
  tail -n 40 "$dir/bench.err"
  echo "bench smoke run failed"
  exit 1
fi
python3 - "$dir/results.jsonl" <<'PY' || exit 1
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
kinds = {r.get("bench") for r in rows}
need = {"record", "record-callgrind", "callsite", "memory", "memory-stack", "jsonl", "cli", "cli-agree", "html", "html-render"}
missing = need - kinds
if missing:
    sys.exit(f"bench smoke: no result from {sorted(missing)} (got {sorted(k for k in kinds if k)})")
if not all(r["same_counts"] for r in rows if r.get("bench") == "cli-agree"):
    sys.exit("bench smoke: pinspect and jq disagree on the counts")
if {r.get("mode") for r in rows if r.get("bench") == "record-callgrind"} != {"simulator", "inspector", "swiftlog", "device", "device-glibc", "uikit-reads"}:
    sys.exit("bench smoke: a recording mode has no callgrind figure")
if any(r.get("pending_work", 0) > 1 for r in rows if r.get("bench") == "record" and r.get("mode") == "device"):
    sys.exit("bench smoke: the device path's scheduled work (leak checks) piles up")
# The device path prices a capture as deep as an app's stack: every capture fills the 32 frames
# (`captured_frames` is the fewest any capture of the run found).
if any(r.get("captured_frames") != 32 for r in rows if r.get("bench") == "record" and r.get("mode", "").startswith("device")):
    sys.exit("bench smoke: the device path's call-site capture did not walk a full stack (32 frames)")
# The recording modes' last present holds what the simulation holds (outcome, every ancestor, no
# diagnostic): a fast path must not buy its speed by recording less.
if any(r.get("faithful") != ("yes" if r.get("mode") in ("inspector", "device", "device-glibc") else "n/a")
       for r in rows if r.get("bench") == "record"):
    sys.exit("bench smoke: a recording mode's last present does not match the simulation (see `faithful`)")
if any(r.get("instructions", 1) == 0 for r in rows if r.get("bench") == "record-callgrind"):
    sys.exit("bench smoke: callgrind counted no instructions (the toggle symbol was not found)")
print(f"bench smoke: {len(rows)} results from {len(kinds)} benchmarks")
PY
echo "bench smoke: budgets (Benchmarks/Thresholds.json; smoke limits for the enforced ones)"
python3 Benchmarks/Scripts/check_thresholds.py "$dir/results.jsonl" --smoke \
  --thresholds "${PI_BENCH_THRESHOLDS:-Benchmarks/Thresholds.json}" || exit 1
lines=$(wc -l <"$dir/table.txt")
((lines > 5)) || { cat "$dir/table.txt"; echo "bench smoke: the table is empty"; exit 1; }
echo "bench smoke: table of $lines lines built"
