#!/usr/bin/env bash
# The core's folders depend on each other in one direction (docs/DESIGN.md, "Architecture"):
# the check's own tests first (a deliberate back reference must fail), then the sources.
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 Scripts/ci/test_check_direction.py
python3 Scripts/ci/check_direction.py Sources/PresentationInspectorCore
