#!/usr/bin/env bash
# No test reads an array at an index it did not check (`xs[0]`, `xs.first!`): XCTest runs a target's
# tests in one process, and such a read out of range crashes it, hiding every test after the one that
# failed. The checker's own tests first (an unguarded read must be found), then Tests/.
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 Scripts/ci/test_check_test_indexing.py
python3 Scripts/ci/check_test_indexing.py
