#!/usr/bin/env bash
# Builds the release tools the reliability steps and Scripts/bench.sh use, in one scratch
# folder (Benchmarks/.build-bench): pibench, pistress, and the main package's InspectorDemo and
# pinspect as products of the dependency. Prints the bin folder on stdout; build output goes to
# stderr only on failure. Usage: bin=$(Benchmarks/build.sh [product...])
set -uo pipefail
cd "$(dirname "$0")"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# SwiftPM keeps the dependency's source list in the build plan and missed files added to the
# main package since the last build here ("cannot find ... in scope"): plan again every time
# (the build itself stays incremental).
rm -f .build-bench/release.yaml .build-bench/release/description.json
products=("$@")
((${#products[@]})) || products=(pibench pistress InspectorDemo)
for p in "${products[@]}"; do
  if ! swift build -c release --scratch-path .build-bench --product "$p" >"$log" 2>&1; then
    grep -vE "^\[[0-9]+/[0-9]+\]" "$log" | tail -n 60 >&2
    echo "Benchmarks/build.sh: building $p failed" >&2
    exit 1
  fi
done
swift build -c release --scratch-path .build-bench --show-bin-path
