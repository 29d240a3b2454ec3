#!/usr/bin/env bash
# The Simulator tests' checks fail when a recording differs from what UIKit did: the tests of
# TourChecks (Examples/InspectorTourHost/InspectorTour) run here on synthetic events. The tour
# itself is UIKit and runs on a Mac (Scripts/ios-simulator-tests.sh); on Linux its package
# builds the portable checks alone. Its own scratch path keeps the root package's build apart.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift test --package-path Examples/InspectorTourHost/InspectorTour --scratch-path .build/inspector-tour
