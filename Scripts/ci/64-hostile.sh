#!/usr/bin/env bash
# Hostile input at full size (issue 6; docs/RELIABILITY.md): deep nesting, cycles, 100,000
# controllers, 1,000,000 steps, duplicate ids, 100 MB lines, garbage. Each case must end with its
# expected answer within its memory bound (peak RSS of a child process per case).
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=$(Benchmarks/build.sh pistress) || exit 1
"$bin/pistress" hostile --scale "${HOSTILE_SCALE:-10}"
