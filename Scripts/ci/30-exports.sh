#!/usr/bin/env bash
# Visual exports, checked with the real tools: Graphviz must accept our DOT, headless chromium
# must run the HTML report's script without errors and show the right counts, and the
# Perfetto trace must have the Trace Event format's required fields. Both tools are required
# here (.ci/run installs them); a missing tool fails the step instead of skipping it.
set -uo pipefail
cd "$(dirname "$0")/../.."
scratch=${PI_SCRATCH_PATH:-.build}   # local runs may pass their own build folder
fail() { echo "30-exports: $*" >&2; exit 1; }

for tool in dot chromium jq; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (.ci/run installs graphviz, chromium and jq)"
done

log=$(mktemp)
if ! swift build --scratch-path "$scratch" --product pinspect >"$log" 2>&1 ||
   ! swift build --scratch-path "$scratch" --product InspectorDemo >>"$log" 2>&1; then
  cat "$log"; fail "build failed"
fi
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
pinspect="$bin/pinspect"
work=$(mktemp -d)
trap 'rm -rf "$work" "$log"' EXIT

# 1. The demo writes every artefact next to the log and names them.
"$bin/InspectorDemo" --quiet --output "$work/out" >"$work/demo.txt" ||
  fail "InspectorDemo failed: $(cat "$work/demo.txt")"
"$bin/InspectorDemo" --write-scenarios "$work/scenarios" >"$work/scenarios.txt" ||
  fail "InspectorDemo --write-scenarios failed: $(cat "$work/scenarios.txt")"
for f in events.jsonl report.html trace.json chain.dot chain.mmd; do
  [[ -s "$work/out/$f" ]] || fail "the demo did not write $f"
  grep -q "$work/out/$f" "$work/demo.txt" || fail "the demo did not print where $f is"
done

# 2. Graphviz accepts the DOT: the demo's, and each scenario's at every fifth event.
check_dot() {
  local err
  err=$(dot -Tsvg "$1" -o "$work/check.svg" 2>&1) || fail "dot rejected $1: $err"
  [[ -z "$err" ]] && grep -q "<svg" "$work/check.svg" || fail "dot complained about $1: $err"
}
check_dot "$work/out/chain.dot"
dots=1
for scenario in "$work"/scenarios/*.json; do
  name=$(basename "$scenario" .json)
  "$pinspect" simulate "$scenario" -o "$work/$name.jsonl" || fail "pinspect simulate $name failed"
  last=$("$pinspect" summary --json "$work/$name.jsonl" | jq .lastSeq)
  for ((seq = 1; seq <= last; seq += 5)); do
    "$pinspect" graph --format dot --at "$seq" -o "$work/$name-$seq.dot" "$work/$name.jsonl" || fail "graph --at $seq of $name failed"
    check_dot "$work/$name-$seq.dot"; dots=$((dots + 1))
  done
done
echo "dot -Tsvg accepted $dots graphs"

# 3. The report's script runs without errors in headless chromium and shows the right numbers.
expected=$("$pinspect" summary --json "$work/out/events.jsonl")
stderr=$(chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr --virtual-time-budget=3000 \
  --dump-dom "file://$work/out/report.html" 2>&1 >"$work/dom.html")
if printf '%s\n' "$stderr" | grep -F ':CONSOLE' | grep 'Uncaught' >&2; then fail "the report's script threw"; fi
grep -q 'data-ready="true"' "$work/dom.html" || fail "the report's script did not finish (no data-ready=true)"
shown() { sed -n "s/.*id=\"$1\">\([0-9]*\)<.*/\1/p" "$work/dom.html" | head -n1; }
[[ "$(shown stat-events)" == "$(jq .events <<<"$expected")" ]] ||
  fail "report shows $(shown stat-events) events, the log has $(jq .events <<<"$expected")"
[[ "$(shown stat-diagnostics)" == "$(jq .diagnostics <<<"$expected")" ]] ||
  fail "report shows $(shown stat-diagnostics) diagnostics, the log has $(jq .diagnostics <<<"$expected")"
echo "report: $(shown stat-events) events, $(shown stat-diagnostics) diagnostics, no script errors"

# 4. The trace has the Trace Event format's required fields (the XCTests also check nesting).
jq -e '
  (.traceEvents | type == "array" and length > 0) and
  (.traceEvents | all(.name and (.ph | IN("X", "i", "M")) and (.pid | type == "number") and (.tid | type == "number"))) and
  ([.traceEvents[] | select(.ph == "X") | (.ts >= 0 and .dur >= 0)] | all) and
  ([.traceEvents[] | select(.ph == "i") | (.s | IN("g", "p", "t"))] | all)
' "$work/out/trace.json" >/dev/null || fail "trace.json lacks required Trace Event fields"
[[ $(jq '[.traceEvents[] | select(.ph == "i" and (.cat | startswith("diagnostic")))] | length' "$work/out/trace.json") == "$(jq .diagnostics <<<"$expected")" ]] ||
  fail "trace.json should hold one instant event per diagnostic"
echo "trace.json: $(jq '.traceEvents | length' "$work/out/trace.json") trace events, fields and instants ok"

# 5. The CI gate: the demo has warnings and errors, so diagnose fails it.
"$pinspect" diagnose "$work/out/events.jsonl" >/dev/null
rc=$?
[[ $rc == 1 ]] || fail "pinspect diagnose on the demo log exited $rc, expected 1 (findings)"
echo "30-exports: ok"
