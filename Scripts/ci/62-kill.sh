#!/usr/bin/env bash
# Kill test (issue 6; docs/RELIABILITY.md): a live-log writer killed with SIGKILL at 50 random
# moments, the real InspectorDemo killed 10 times, and 20 writers cut in the middle of a line by
# a file-size limit. Every log must import with LogReader, keeping every complete line, losing
# at most the partial last one, and reporting it.
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=$(Benchmarks/build.sh pistress InspectorDemo) || exit 1
"$bin/pistress" killtest --runs "${KILL_RUNS:-50}" --writer "$bin/pistress" \
  --demo "$bin/InspectorDemo" --demo-runs "${KILL_DEMO_RUNS:-10}" --cut-runs "${KILL_CUT_RUNS:-20}" \
  --dir "$PWD/Benchmarks/.build-bench/kill-test"
