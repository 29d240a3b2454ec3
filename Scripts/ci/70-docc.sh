#!/usr/bin/env bash
# DocC: builds the documentation of the portable targets (and of PresentationInspector, which on
# Linux is the core's re-export plus its catalog) with warnings as errors, so a broken symbol
# link, a missing parameter description or a bad article link fails CI.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for target in PresentationInspectorCore PresentationSimulator PresentationInspectorTesting PresentationInspector; do
  log=$out/$target.log
  if ! swift package --allow-writing-to-directory "$out" generate-documentation --target "$target" \
        --warnings-as-errors --output-path "$out/$target" >"$log" 2>&1; then
    grep -vE '^\[[0-9]+/[0-9]+\]' "$log" | tail -n 60
    echo "docc: $target failed"
    exit 1
  fi
  [[ -f $out/$target/index.html || -d $out/$target/data ]] || { echo "docc: $target wrote no archive"; exit 1; }
  echo "docc: $target ok ($(find "$out/$target/data" -name '*.json' | wc -l) pages)"
done
