#!/usr/bin/env bash
# Soak (issue 6; docs/RELIABILITY.md): 1,000,000 events through one recorder from 4 threads with
# live subscribers and a live log; RSS must stay flat once the ring is full, and every event is
# delivered, retained or counted as dropped.
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=$(Benchmarks/build.sh pistress) || exit 1
"$bin/pistress" soak --events "${SOAK_EVENTS:-1000000}" --threads 4
