#!/usr/bin/env bash
# libFuzzer on the log reader, the views on what it accepts (every exporter, layout and renderer),
# and the scenario parser (docs/RELIABILITY.md). Seeds: the
# demo's live log (a few events, and the header with each event line alone) and the built-in
# scenarios. The inputs in Fuzz/Regressions are replayed first; then each target fuzzes for
# FUZZ_SECONDS (default 45). A failure prints the message and the saved input: fix the bug, add
# the input to Fuzz/Regressions and a case to Tests/ReliabilityTests/FuzzRegressionTests.swift.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
seconds=${FUZZ_SECONDS:-45}
work=$root/Fuzz/.build-fuzz/run
log=$(mktemp)
trap 'rm -f "$log"' EXIT

bin=$(Benchmarks/build.sh InspectorDemo) || exit 1
if ! (cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
      --scratch-path .build-fuzz) >"$log" 2>&1; then
  grep -vE "^\[[0-9]+/[0-9]+\]|ld.gold: warning: Cannot export" "$log" | tail -n 60
  echo "building the fuzz targets failed"
  exit 1
fi
fuzzbin=$root/Fuzz/.build-fuzz/release

rm -rf "$work"
mkdir -p "$work"/{demo,seeds-log,seeds-scenario,corpus-log,corpus-scenario,artifacts}
"$bin/InspectorDemo" --quiet --no-color --output "$work/demo" >/dev/null || exit 1
"$bin/InspectorDemo" --write-scenarios "$work/seeds-scenario" >/dev/null || exit 1
head -n 5 "$work/demo/events.jsonl" >"$work/seeds-log/first-events.jsonl"
header=$(head -n 1 "$work/demo/events.jsonl")
n=0
tail -n +2 "$work/demo/events.jsonl" | while IFS= read -r line; do
  n=$((n + 1))
  printf '%s\n%s\n' "$header" "$line" >"$work/seeds-log/event-$n.jsonl"
done
echo "seeds: $(ls "$work/seeds-log" | wc -l) logs, $(ls "$work/seeds-scenario" | wc -l) scenarios"

failed=0
run() {  # target, corpus, seeds, regressions
  local target=$1 corpus=$2 seeds=$3 regressions=$4
  export SWIFT_BACKTRACE=enable=no  # the backtracer confuses ASan (docs/RELIABILITY.md, "Tool traps")
  if ! "$fuzzbin/$target" -runs=0 "$regressions"/* >"$log" 2>&1; then
    grep -E "Fatal error|ERROR:|SUMMARY" "$log" | head -n 20
    echo "$target: a regression input fails again"
    failed=1
    return
  fi
  echo "$target: $(ls "$regressions" | wc -l) regression inputs pass"
  if "$fuzzbin/$target" "$corpus" "$seeds" -dict=Fuzz/json.dict -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
       -max_total_time="$seconds" -artifact_prefix="$work/artifacts/$target-" -print_final_stats=1 >"$log" 2>&1; then
    local runs
    runs=$(grep -E "^stat::number_of_executed_units" "$log" | awk '{print $2}')
    echo "$target: ${runs:-?} inputs in ${seconds} s, no failure ($(grep -E "DONE|INITED" "$log" | tail -n 1 | grep -oE "cov: [0-9]+ ft: [0-9]+"))"
  else
    grep -E "Fatal error|invariant|ERROR:|SUMMARY|Test unit written" "$log" | head -n 20 | cut -c1-600
    echo "$target: FAILED; the input is in $work/artifacts/"
    failed=1
  fi
}
run FuzzLogReader "$work/corpus-log" "$work/seeds-log" Fuzz/Regressions/log
mkdir -p "$work/corpus-views" "$work/seeds-views"
cp "$work"/seeds-log/* Fuzz/Regressions/views/* "$work/seeds-views/"
run FuzzViews "$work/corpus-views" "$work/seeds-views" Fuzz/Regressions/views
run FuzzScenario "$work/corpus-scenario" "$work/seeds-scenario" Fuzz/Regressions/scenario
exit $failed
