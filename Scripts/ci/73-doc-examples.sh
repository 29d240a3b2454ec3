#!/usr/bin/env bash
# The docs' example outputs (README.md, docs/CLI.md, docs/LLDB.md, docs/DESIGN.md: the blocks marked
# `<!-- example: COMMAND -->`) are what the current build prints: Scripts/doc_examples.py --check
# runs each command (pinspect and the demo directly, `pi` in lldb-16 on the demo in debugger mode)
# and fails with a diff on any difference, so a changed number fails here until
# `python3 Scripts/doc_examples.py` regenerates the docs (add --screenshots for the report's PNGs).
set -uo pipefail
cd "$(dirname "$0")/../.."
scratch=${PI_SCRATCH_PATH:-.build}
lldb_bin=${PI_LLDB:-lldb-16}
command -v "$lldb_bin" >/dev/null || { echo "73-doc-examples: $lldb_bin is missing (apt-get install lldb-16 python3-lldb-16)"; exit 1; }
log=$(mktemp); trap 'rm -f "$log"' EXIT
for product in pinspect InspectorDemo; do
  if ! swift build --scratch-path "$scratch" --product "$product" >"$log" 2>&1; then
    tail -n 80 "$log"; exit 1
  fi
done
PI_LLDB="$lldb_bin" python3 Scripts/doc_examples.py --check --bin "$(swift build --scratch-path "$scratch" --show-bin-path)"
