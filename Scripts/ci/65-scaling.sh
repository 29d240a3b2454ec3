#!/usr/bin/env bash
# No quadratic path in pinspect (issue 10, item 5): every command that reads a log runs under
# callgrind on a log of N windows and one of 4N (Scripts/ci/many_windows.py), and simulate on
# scenarios of N and 4N windows (Scripts/ci/many_windows_scenario.py); the instructions it
# executes (minus those on a log with a header only, or a scenario without steps: startup) may
# grow at most 4.6x (4x, with room for sorting). Instruction counts, not time: the same on a
# loaded machine.
set -uo pipefail
cd "$(dirname "$0")/../.."
n=${SCALING_WINDOWS:-400}
command -v valgrind >/dev/null || { echo "SKIPPED: valgrind is not installed"; exit 3; }
bin=$(Benchmarks/build.sh pinspect) || exit 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read Swift 6.3's DWARF: a stripped copy (docs/PERFORMANCE.md).
cp "$bin/pinspect" "$work/pinspect" && strip --strip-debug "$work/pinspect"
python3 Scripts/ci/many_windows.py "$n" "$work/n.jsonl"
python3 Scripts/ci/many_windows.py $((4 * n)) "$work/4n.jsonl"
head -n 1 "$work/n.jsonl" >"$work/0.jsonl"
instructions() {  # log, args...
  local log=$1; shift
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$work/pinspect" "$@" "$log" >/dev/null 2>"$work/err"
  grep -oE "Collected : [0-9]+" "$work/err" | awk '{print $3}'
}
failed=0
while IFS= read -r args; do
  # shellcheck disable=SC2086
  z=$(instructions "$work/0.jsonl" $args); a=$(instructions "$work/n.jsonl" $args); b=$(instructions "$work/4n.jsonl" $args)
  if [[ -z "$z" || -z "$a" || -z "$b" ]]; then echo "$args: no instruction count"; failed=1; continue; fi
  verdict=$(python3 -c "z,a,b=$z,$a,$b; r=(b-z)/max(1,a-z); print(f'{r:.2f} ' + ('ok' if r <= 4.6 else 'QUADRATIC'))")
  printf '%-26s n: %12s  4n: %13s  ratio %s\n' "$args" "$((a - z))" "$((b - z))" "$verdict"
  [[ "$verdict" == *QUADRATIC* ]] && failed=1
done <<'ARGS'
summary
diagnose
timeline
timeline --json
timeline --kind present
graph
graph --format dot
graph --format mermaid
graph --format svg
graph --at 3
convert --to jsonl
convert --to text
convert --to perfetto
convert --to otlp
convert --to html
explain 1
ARGS
# diff takes two logs: the 4N log against itself, then the N log against itself.
d1=$(instructions "$work/n.jsonl" diff "$work/n.jsonl"); d4=$(instructions "$work/4n.jsonl" diff "$work/4n.jsonl")
d0=$(instructions "$work/0.jsonl" diff "$work/0.jsonl")
verdict=$(python3 -c "z,a,b=$d0,$d1,$d4; r=(b-z)/max(1,a-z); print(f'{r:.2f} ' + ('ok' if r <= 4.6 else 'QUADRATIC'))")
printf '%-26s ratio %s\n' "diff" "$verdict"
[[ "$verdict" == *QUADRATIC* ]] && failed=1
# simulate reads a scenario: N windows against 4N (Scripts/ci/many_windows_scenario.py).
python3 Scripts/ci/many_windows_scenario.py 0 "$work/s0.json"
python3 Scripts/ci/many_windows_scenario.py "$n" "$work/sn.json"
python3 Scripts/ci/many_windows_scenario.py $((4 * n)) "$work/s4n.json"
s0=$(instructions "$work/s0.json" simulate); s1=$(instructions "$work/sn.json" simulate); s4=$(instructions "$work/s4n.json" simulate)
if [[ -z "$s0" || -z "$s1" || -z "$s4" ]]; then echo "simulate: no instruction count"; failed=1
else
  verdict=$(python3 -c "z,a,b=$s0,$s1,$s4; r=(b-z)/max(1,a-z); print(f'{r:.2f} ' + ('ok' if r <= 4.6 else 'QUADRATIC'))")
  printf '%-26s n: %12s  4n: %13s  ratio %s\n' "simulate" "$((s1 - s0))" "$((s4 - s0))" "$verdict"
  [[ "$verdict" == *QUADRATIC* ]] && failed=1
fi
exit $failed
