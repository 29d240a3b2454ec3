#!/usr/bin/env bash
# Type-checks the iOS layer (Sources/PresentationInspector) together with the core against the
# real iOS SDK and FLEX's headers, in Swift 6 mode with warnings as errors, at an iOS 15 target.
# UIKit does not exist on Linux: the check uses ../shared/tools/ios-typecheck and two git mirrors
# (github:seayou2468-web/maciOS and github:FLEXTool/FLEX, as the search tool's fetch stores them).
# Without the tool or the SDK mirror the step prints that it skipped and succeeds.
set -euo pipefail
cd "$(dirname "$0")/../.."

tool=${PI_IOS_TYPECHECK:-../shared/tools/ios-typecheck}
if [[ ! -x $tool ]]; then
  echo "SKIPPED: iOS type-check: tool not found at $tool (set PI_IOS_TYPECHECK, or put shared/ beside the checkout)"
  exit 0
fi
tool_dir=$(cd "$(dirname "$tool")" && pwd)

# The mirrors: $PI_MIRRORS, else the first .mirror folder beside the checkout or above the tool
# (the same places the tool itself looks, resolved here so the step can say what it found).
mirrors=${PI_MIRRORS:-}
if [[ -z $mirrors ]]; then
  for c in "$PWD/../.mirror" "$PWD/.mirror" "$tool_dir/../../.mirror" "$tool_dir/../../../.mirror"; do
    if [[ -d $c/seayou2468-web+maciOS ]]; then mirrors=$(cd "$c" && pwd); break; fi
  done
fi
if [[ -z $mirrors || ! -d $mirrors/seayou2468-web+maciOS ]]; then
  echo "SKIPPED: iOS type-check: no iOS SDK mirror (seayou2468-web+maciOS) in ${PI_MIRRORS:-../.mirror, .mirror or beside the tool};"
  echo "         fetch github:seayou2468-web/maciOS and github:FLEXTool/FLEX, or set PI_MIRRORS (see docs/IOS.md)"
  exit 0
fi
export PI_MIRRORS=$mirrors

modules=(--module PresentationInspectorCore=Sources/PresentationInspectorCore
         --module PresentationInspector=Sources/PresentationInspector
         # The Testing product's recording part (its XCTest/Swift Testing files are not in the SDK mirror).
         --module PresentationSimulator=Sources/PresentationSimulator
         --module PresentationInspectorTesting=Sources/PresentationInspectorTesting/Recording)
common=(--swift-version 6 --warnings-as-errors --target arm64-apple-ios15.0)

# Runs the tool, showing its diagnostics without the long swiftc command lines; keeps its status.
check() {
  local log rc=0
  log=$("$tool" "$@" 2>&1) || rc=$?
  printf '%s\n' "$log" | grep -v '^+ ' || true
  return "$rc"
}

echo "-- iOS layer without FLEX (the #if canImport(FLEX) branch off)"
check "${common[@]}" --no-flex "${modules[@]}"

if [[ -d $mirrors/FLEXTool+FLEX ]]; then
  echo "-- iOS layer with FLEX's headers"
  check "${common[@]}" "${modules[@]}"
else
  echo "SKIPPED (partly): FLEX mirror (FLEXTool+FLEX) not found in $mirrors: the FLEX integration was not type-checked"
fi
