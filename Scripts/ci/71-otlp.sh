#!/usr/bin/env bash
# OpenTelemetry export: `pinspect convert --to otlp` on the demo's log must be a valid
# ExportTraceServiceRequest by the protocol's own definitions (opentelemetry-proto from PyPI,
# strict parse: unknown fields are errors), with well-formed ids and start <= end; the output
# must be reproducible; bad input must fail as for every other format (65 bad data, 66 missing).
set -euo pipefail
cd "$(dirname "$0")/../.."

venv=.build/otel-venv
if [[ ! -x $venv/bin/python ]] || ! "$venv/bin/python" -c 'import opentelemetry.proto' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" -q install opentelemetry-proto
fi

swift build --product InspectorDemo >/dev/null
swift build --product pinspect >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
.build/debug/InspectorDemo --quiet --output "$out/demo" >/dev/null
.build/debug/pinspect convert --to otlp -o "$out/a.otlp.json" "$out/demo/events.jsonl"
.build/debug/pinspect convert --to otlp "$out/demo/events.jsonl" > "$out/b.otlp.json"
"$venv/bin/python" Scripts/ci/otlp_validate.py "$out/a.otlp.json"

# Reproducible: the same log gives the same bytes.
cmp -s <(tr -d '\n' < "$out/a.otlp.json") <(tr -d '\n' < "$out/b.otlp.json") \
  || { echo "otlp output differs between two runs on the same log"; exit 1; }

# Bad input behaves as for every other format.
rc=0; .build/debug/pinspect convert --to otlp "$out/missing.jsonl" >/dev/null 2>&1 || rc=$?
[[ $rc == 66 ]] || { echo "missing file: expected exit 66, got $rc"; exit 1; }
{ head -n 3 "$out/demo/events.jsonl"; echo '{"seq":"garbage"'; } > "$out/bad.jsonl"
rc=0; .build/debug/pinspect convert --to otlp -o "$out/bad.otlp.json" "$out/bad.jsonl" 2>/dev/null || rc=$?
[[ $rc == 65 ]] || { echo "bad line: expected exit 65, got $rc"; exit 1; }
"$venv/bin/python" Scripts/ci/otlp_validate.py "$out/bad.otlp.json" >/dev/null \
  || { echo "otlp output of a log with a bad line is not valid"; exit 1; }
echo "otlp: demo log valid, reproducible; bad input exits 66/65"
