#!/usr/bin/env bash
# Graphs that scale (issue 12): the 10,000- and 100,000-event logs, realistic (the demo repeated)
# and synthetic (a new sheet per round in 25 windows), give DOT that Graphviz renders; the 10,000
# ones also give Mermaid within its default 50,000-character limit and text lines of bounded length.
set -uo pipefail
cd "$(dirname "$0")/../.."
scratch=${PI_SCRATCH_PATH:-.build}
fail() { echo "31-large-graphs: $*" >&2; exit 1; }
command -v dot >/dev/null || fail "dot is not installed (.ci/run installs graphviz)"

log=$(mktemp)
if ! swift build --scratch-path "$scratch" --product pinspect >"$log" 2>&1 ||
   ! swift build --scratch-path "$scratch" --product InspectorDemo >>"$log" 2>&1; then
  cat "$log"; fail "build failed"
fi
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work" "$log"' EXIT

"$bin/InspectorDemo" --quiet --output "$work/demo" >/dev/null || fail "InspectorDemo failed"
for n in 10000 100000; do
  python3 Scripts/ci/graph_logs.py realistic "$work/demo/events.jsonl" "$n" "$work/realistic-$n.jsonl" || fail "graph_logs.py realistic $n"
  python3 Scripts/ci/graph_logs.py synthetic "$n" "$work/synthetic-$n.jsonl" || fail "graph_logs.py synthetic $n"
  for kind in realistic synthetic; do
    name="$kind-$n"
    "$bin/pinspect" graph --format dot -o "$work/$name.dot" "$work/$name.jsonl" || fail "pinspect graph --format dot $name"
    err=$(timeout 120 dot -Tsvg "$work/$name.dot" -o "$work/$name.svg" 2>&1) || fail "dot rejected $name.dot: $err"
    [[ -z "$err" ]] && grep -q "<svg" "$work/$name.svg" || fail "dot complained about $name.dot: $err"
    # Mermaid and text at 10,000 only: the 100,000 run goes through the same fitting and would
    # double the step's time (each pinspect run reads the whole log, ~8 s of CPU at 100,000).
    if (( n > 10000 )); then echo "$name: dot $(wc -c <"$work/$name.dot") B rendered"; continue; fi
    "$bin/pinspect" graph --format mermaid -o "$work/$name.mmd" "$work/$name.jsonl" || fail "pinspect graph --format mermaid $name"
    chars=$(python3 -c 'import sys; print(len(open(sys.argv[1], encoding="utf-8").read()))' "$work/$name.mmd")
    (( chars <= 50000 )) || fail "$name.mmd is $chars characters (Mermaid's limit is 50,000)"
    "$bin/pinspect" graph -o "$work/$name.txt" "$work/$name.jsonl" || fail "pinspect graph $name"
    longest=$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$work/$name.txt")
    (( longest <= 400 )) || fail "$name.txt has a $longest-character line"
    echo "$name: dot $(wc -c <"$work/$name.dot") B rendered, mermaid $chars chars, longest text line $longest"
  done
done
