#!/usr/bin/env bash
# Type-checks the iOS layer (Sources/PresentationInspector) together with the core against the
# real iOS SDK and FLEX's headers, in Swift 6 mode with warnings as errors, at an iOS 15 target.
# UIKit does not exist on Linux: the check uses ../shared/tools/ios-typecheck and two git mirrors
# (github:seayou2468-web/maciOS and github:FLEXTool/FLEX, as the search tool's fetch stores them).
# It runs with and without the FLEX trait (-DFLEX) and FLEX's module, and with and without -DDEBUG
# (the debug-only branches); once compiled for an app extension (-application-extension: no
# API marked unavailable in extensions); and with the Simulator tests' host app and tour
# (Examples/InspectorTourHost, whose Swift outside XCTest is checked nowhere else on Linux); and for
# Mac Catalyst, against the mirror's macOS SDK (its System/iOSSupport UIKit), as an app's Mac build
# compiles the package by default: the FLEX trait on, FLEX not linked (Scripts/ci/catalyst_sdk.py
# prepares that SDK; a probe module fails unless UIKit is Catalyst's).
# The tool compiles sources without SwiftPM (no SWIFT_PACKAGE): the report's assets, which SwiftPM
# embeds, are compiled as a build without them has them (HTMLReportAssets).
# Without the tool, or when the tool has neither the mirrors nor its cache of them (it exits 2),
# the step prints SKIPPED and exits 3, which .ci/run counts as skipped, not passed.
set -uo pipefail
cd "$(dirname "$0")/../.."

skipped=0
skip() { echo "SKIPPED: $*"; skipped=1; }

tool=${PI_IOS_TYPECHECK:-../shared/tools/ios-typecheck}
if [[ ! -x $tool ]]; then
  skip "iOS type-check: tool not found at $tool (set PI_IOS_TYPECHECK, or put shared/ beside the checkout)"
  exit 3
fi
tool_dir=$(cd "$(dirname "$tool")" && pwd)

# The mirrors: $PI_MIRRORS, else the first .mirror folder beside the checkout or above the tool.
# Without them the tool falls back to the SDK and FLEX headers it extracted earlier (its cache).
mirrors=${PI_MIRRORS:-}
if [[ -z $mirrors ]]; then
  for c in "$PWD/../.mirror" "$PWD/.mirror" "$tool_dir/../../.mirror" "$tool_dir/../../../.mirror"; do
    if [[ -d $c/seayou2468-web+maciOS ]]; then mirrors=$(cd "$c" && pwd); break; fi
  done
fi
if [[ -n $mirrors ]]; then export PI_MIRRORS=$mirrors; else echo "no mirrors found; the tool uses its cache if it has one"; fi

probe=""
trap '[[ -z $probe ]] || rm -rf "$probe"' EXIT

modules=(--module PresentationInspectorCore=Sources/PresentationInspectorCore
         # Before the UIKit layer: its conformance run plans and simulates scenarios.
         --module PresentationSimulator=Sources/PresentationSimulator
         --module PresentationInspector=Sources/PresentationInspector
         # The Testing product's recording part (its XCTest/Swift Testing files are not in the SDK mirror).
         --module PresentationInspectorTesting=Sources/PresentationInspectorTesting/Recording)
# No package name, as the project's own command runs it: the core shares what only the package's
# targets use as `@_spi(Package) public`, never `package` (swiftc refuses it without a package name).
common=(--swift-version 6 --warnings-as-errors --target arm64-apple-ios15.0)
# The Simulator tests' tour library and host app, built as Xcode builds them: Debug, the package
# without traits (InspectorTour/Package.swift), after the product's modules.
host_app=(--module InspectorTour=Examples/InspectorTourHost/InspectorTour/Sources/InspectorTour
          --module InspectorTourHost=Examples/InspectorTourHost/App)

failed=0
# Runs one variant, showing the tool's diagnostics without the long swiftc command lines.
check() {  # label, tool arguments...
  local label=$1 log rc=0
  shift
  echo "-- $label"
  log=$("$tool" "$@" 2>&1) || rc=$?
  printf '%s\n' "$log" | grep -v '^+ ' || true
  case $rc in
    0) ;;
    2) skip "$label: the tool has neither the mirrors nor its cache (fetch github:seayou2468-web/maciOS and github:FLEXTool/FLEX; see docs/IOS.md)" ;;
    *) failed=1 ;;
  esac
}

# The package trait `FLEX` (on by default) reaches the code as -DFLEX, as SwiftPM passes it.
check "iOS layer without the FLEX trait" "${common[@]}" --no-flex "${modules[@]}"
check "iOS layer without the FLEX trait, DEBUG, with the Simulator tests' host app" \
  "${common[@]}" --no-flex -Xswiftc -DDEBUG "${modules[@]}" "${host_app[@]}"
# An app extension compiles the package with -application-extension (without FLEX, an app's tool).
check "iOS layer for an app extension (-application-extension), without the FLEX trait, DEBUG" \
  "${common[@]}" --no-flex -Xswiftc -application-extension -Xswiftc -DDEBUG "${modules[@]}"
check "iOS layer with the FLEX trait and FLEX's headers" "${common[@]}" -Xswiftc -DFLEX "${modules[@]}"
check "iOS layer with the FLEX trait and FLEX's headers, DEBUG" "${common[@]}" -Xswiftc -DFLEX -Xswiftc -DDEBUG "${modules[@]}"
# The trait on but FLEX not linked (its dependency is conditioned on iOS: Mac Catalyst builds).
check "iOS layer with the FLEX trait, FLEX not linked" "${common[@]}" --no-flex -Xswiftc -DFLEX "${modules[@]}"
# The trait off while the app links FLEX itself: the integration stays out.
check "iOS layer without the FLEX trait, FLEX's headers present" "${common[@]}" "${modules[@]}"

# Mac Catalyst: the tool knows only the iPhoneOS SDK, so the macOS SDK is handed to swiftc after it
# (the last -sdk wins) with the Catalyst frameworks and Swift modules of its System/iOSSupport. The
# SDK's Swift interfaces for Catalyst are arm64e and x86_64 only: the x86_64 slice is checked.
sdk_git=""
for d in "${PI_MIRRORS:-/nonexistent}/seayou2468-web+maciOS/repo" "${PI_MIRRORS:-/nonexistent}/seayou2468-web+maciOS"; do
  if git --git-dir="$d" rev-parse -q --verify HEAD >/dev/null 2>&1; then sdk_git=$d; break; fi
done
if [[ -z $sdk_git ]]; then
  skip "Mac Catalyst: no maciOS mirror to take the macOS SDK from (fetch github:seayou2468-web/maciOS)"
elif ! macsdk=$(python3 Scripts/ci/catalyst_sdk.py "$sdk_git"); then
  skip "Mac Catalyst: the mirror's macOS SDK could not be prepared"
else
  support=$macsdk/System/iOSSupport
  probe=$(mktemp -d)
  printf '%s\n' '#if !canImport(UIKit) || !targetEnvironment(macCatalyst)' '#error("the Mac Catalyst variant does not see Catalyst'"'"'s UIKit")' '#endif' \
    'import UIKit' 'let catalystProbe: UIModalPresentationStyle = .popover' >"$probe/CatalystProbe.swift"
  catalyst=(--swift-version 6 --warnings-as-errors --target x86_64-apple-ios15.0-macabi
            -Xswiftc -sdk -Xswiftc "$macsdk" -Xswiftc -Fsystem -Xswiftc "$support/System/Library/Frameworks"
            -Xswiftc -I -Xswiftc "$support/usr/lib/swift" -Xswiftc -Xcc -Xswiftc -isystem -Xswiftc -Xcc -Xswiftc "$support/usr/include")
  check "Mac Catalyst, the FLEX trait on (FLEX is linked for iOS only), DEBUG" \
    "${catalyst[@]}" --no-flex -Xswiftc -DFLEX -Xswiftc -DDEBUG --module CatalystProbe="$probe" "${modules[@]}"
fi

((failed)) && exit 1
((skipped)) && exit 3
exit 0
