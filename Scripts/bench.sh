#!/usr/bin/env bash
# The benchmarks of issue 6, side by side with their baselines, as one table (docs/PERFORMANCE.md).
# Not part of CI: wall-clock figures need a quiet machine; callgrind instruction counts do not.
#
#   Scripts/bench.sh                 everything (about 5 minutes on 2 cores; the 1,000,000-event
#                                    log is 1 GB and jq takes minutes on it)
#   BENCH_QUICK=1 Scripts/bench.sh   smaller sizes (about 2 minutes), for checking the script
#   BENCH_SMOKE=1 Scripts/bench.sh   tiny sizes (seconds once built): every benchmark runs, the
#                                    figures mean nothing; CI runs this (Scripts/ci/80-bench-smoke.sh)
#                                    so the benchmarks cannot rot
#
# Environment: BENCH_LOG_EVENTS (pinspect vs jq, default 1000000), BENCH_MEMORY_SIZES
# (default "10000 100000 1000000"), BENCH_STACK_DEPTH (memory at a modal stack, default 1000),
# BENCH_DIR (scratch folder, default Benchmarks/.build-bench/run).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
quick=${BENCH_QUICK:-0}
smoke=${BENCH_SMOKE:-0}
[ "$smoke" = 1 ] && quick=1
log_events=${BENCH_LOG_EVENTS:-$([ "$smoke" = 1 ] && echo 2000 || ([ "$quick" = 1 ] && echo 100000 || echo 1000000))}
memory_sizes=${BENCH_MEMORY_SIZES:-$([ "$smoke" = 1 ] && echo "1000" || ([ "$quick" = 1 ] && echo "10000 100000" || echo "10000 100000 1000000"))}
stack_depth=${BENCH_STACK_DEPTH:-$([ "$smoke" = 1 ] && echo 50 || echo 1000)}
stack_events=$([ "$smoke" = 1 ] && echo 500 || echo 10000)
callsite_calls=$([ "$smoke" = 1 ] && echo 500 || echo 20000)
# Sizes of the smoke run: every benchmark, in seconds.
record_pairs_5=$([ "$smoke" = 1 ] && echo 20 || echo 200); record_pairs_50=$([ "$smoke" = 1 ] && echo 5 || echo 50)
record_batches=$([ "$smoke" = 1 ] && echo 2 || ([ "$quick" = 1 ] && echo 15 || echo 41))
callgrind_pairs=$([ "$smoke" = 1 ] && echo 20 || echo 500)
jsonl_events=$([ "$smoke" = 1 ] && echo 1000 || ([ "$quick" = 1 ] && echo 20000 || echo 100000))
html_sizes=$([ "$smoke" = 1 ] && echo "100 1000" || echo "1000 10000 100000")
html_runs=$([ "$smoke" = 1 ] && echo 1 || echo 3)
dir=${BENCH_DIR:-$root/Benchmarks/.build-bench/run}
mkdir -p "$dir"
results=$dir/results.jsonl
: >"$results"
say() { echo "bench: $*" >&2; }

missing=()
for tool in jq valgrind chromium; do command -v "$tool" >/dev/null || missing+=("$tool"); done
[ -x /usr/bin/time ] || missing+=(time)
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}") >/dev/null || exit 1
fi

say "building (release)"
bin=$(Benchmarks/build.sh pibench pinspect) || exit 1
record() { "$@" | tee -a "$results" >&2; }
note() { printf '%s\n' "$1" >>"$results"; }

# 1. Recording cost: wall clock (modes interleaved) and callgrind instructions.
for depth in 5 50; do
  pairs=$([ "$depth" = 5 ] && echo "$record_pairs_5" || echo "$record_pairs_50")
  say "recording, depth $depth (wall clock)"
  record "$bin/pibench" record --depth "$depth" --pairs "$pairs" --batches "$record_batches"
  strip --strip-debug -o "$dir/pibench-nodebug" "$bin/pibench"  # valgrind 3.19 cannot read this DWARF
  for mode in simulator inspector swiftlog device device-glibc uikit-reads; do
    say "recording, depth $depth, $mode (callgrind)"
    out=$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$dir/callgrind-$mode-$depth.out" \
          --toggle-collect='*measuredPairs*' "$dir/pibench-nodebug" record --once --mode "$mode" --depth "$depth" --pairs "$callgrind_pairs" 2>&1)
    measured=$(printf '%s\n' "$out" | grep -o '"measured_pairs":[0-9]*' | cut -d: -f2)
    instructions=$(printf '%s\n' "$out" | grep -oE 'Collected : [0-9]+' | grep -oE '[0-9]+')
    note "{\"bench\":\"record-callgrind\",\"mode\":\"$mode\",\"depth\":$depth,\"instructions\":${instructions:-0},\"pairs\":${measured:-1}}"
  done
done

# 1b. One call site: captured return addresses against Thread.callStackSymbols + parsing.
say "call site capture"
record "$bin/pibench" callsite --calls "$callsite_calls"

# 2. Memory per retained event, and growth once the ring is full; then a full ring at a deep modal stack.
for n in $memory_sizes; do
  say "memory, $n events"
  record "$bin/pibench" memory --events "$n"
done
say "memory, modal stack $stack_depth deep, $stack_events events"
record "$bin/pibench" memory --stack-depth "$stack_depth" --events "$stack_events"

# 3. JSONL export and import against Foundation's JSONEncoder/JSONDecoder.
say "JSONL, $jsonl_events events"
record "$bin/pibench" jsonl --events "$jsonl_events" --dir "$dir"

# 4. pinspect summary/diagnose against jq computing the same counts on the same file.
log=$dir/log-$log_events.jsonl
[ -s "$log" ] || { say "generating a $log_events-event log"; "$bin/pibench" genlog --events "$log_events" --output "$log" >/dev/null; }
timeit() {  # name, output file, command... (peak RSS from /usr/bin/time -f %M, in KiB)
  local name=$1 out=$2; shift 2
  local t0 t1 ms rss
  t0=$(date +%s%N)
  /usr/bin/time -f %M -o "$dir/rss-$name.txt" "$@" >"$out" 2>/dev/null
  t1=$(date +%s%N)
  ms=$(((t1 - t0) / 1000000))
  rss=$(tail -n 1 "$dir/rss-$name.txt" 2>/dev/null | grep -oE '^[0-9]+$' || echo 0)
  note "{\"bench\":\"cli\",\"name\":\"$name\",\"ms\":$ms,\"peak_rss_kib\":${rss:-0},\"events\":$log_events,\"bytes\":$(stat -c %s "$log")}"
  say "$name: $ms ms, peak RSS ${rss:-?} KiB"
}
timeit pinspect-summary "$dir/pinspect-summary.json" "$bin/pinspect" summary --json "$log"
timeit jq-summary "$dir/jq-summary.json" jq -n -f Benchmarks/jq/summary.jq "$log"
timeit pinspect-diagnose "$dir/pinspect-diagnose.txt" "$bin/pinspect" diagnose --fail-on error "$log"
timeit jq-diagnose "$dir/jq-diagnose.txt" jq -rn -f Benchmarks/jq/diagnose.jq "$log"
timeit pinspect-timeline "$dir/pinspect-timeline.txt" "$bin/pinspect" timeline "$log"
timeit pinspect-convert /dev/null "$bin/pinspect" convert --to jsonl -o "$dir/pinspect-convert.jsonl" "$log"
# Same answers? (event, diagnostic and controller counts; finding lines)
agree=$(python3 - "$dir" <<'PY'
import json, sys
d = sys.argv[1]
p = json.load(open(f"{d}/pinspect-summary.json")); q = json.load(open(f"{d}/jq-summary.json"))
same = (p["events"] == q["events"] and p["kinds"] == q["kinds"] and p["outcomes"] == q["outcomes"]
        and p["codes"] == q["codes"] and p["controllers"] == q["controllers"] and sorted(p["windows"]) == q["windows"]
        and {k: v for k, v in p["severities"].items() if v} == q["severities"])
pl = sum(1 for l in open(f"{d}/pinspect-diagnose.txt") if " #" in l)
ql = sum(1 for l in open(f"{d}/jq-diagnose.txt") if l.startswith("#"))
print("true" if same and pl == ql else "false")
PY
)
note "{\"bench\":\"cli-agree\",\"same_counts\":$agree}"

# 5. HTML report: size, generation time, and time until headless Chromium has rendered it.
for n in $html_sizes; do
  say "HTML report, $n events"
  record "$bin/pibench" html --events "$n" --output "$dir/report-$n.html"
  python3 Benchmarks/Scripts/html_render_time.py "$dir/report-$n.html" --runs "$html_runs" --interact | sed "s/^{/{\"bench\":\"html-render\",\"events\":$n,/" | tee -a "$results" >&2
done

python3 Benchmarks/Scripts/bench_table.py "$results"
