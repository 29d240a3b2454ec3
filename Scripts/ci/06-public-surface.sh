#!/usr/bin/env bash
# The core's public surface stays small: what an app that imports PresentationInspector sees (the
# product re-exports the core). The counter's own tests first, then the count, which prints the
# number and the files with the most, and fails above the limit. What counts: count_public.py.
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 Scripts/ci/test_count_public.py
python3 Scripts/ci/count_public.py --limit "${PI_PUBLIC_LIMIT:-250}" Sources/PresentationInspectorCore
