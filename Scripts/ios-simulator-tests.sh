#!/usr/bin/env bash
# Runs the iOS layer on the Simulator, for a maintainer with a Mac and Xcode 16.3 or later (and
# for .github/workflows/ios-simulator.yml): generates Examples/InspectorTourHost's Xcode project
# with XcodeGen, builds the host app and its application test bundle once, then runs the tests
# (the presentation tour, then the conformance run) on an iPhone and an iPad simulator.
#
# Reports go to $PI_SIM_OUTPUT (default .build/ios-simulator):
#   reports/iphone, reports/ipad  the tour's report per stage (tour-*.txt), the recording
#                                 (recording.jsonl, recording.html) and presentation-conformance.txt/.json
#   results/*.xcresult            xcodebuild's result bundles (the same reports attached)
#   logs/*.log                    xcodebuild's output
# Simulators: the first iPhone and the first iPad of the newest installed iOS runtime, or the
# devices named by PI_SIM_IPHONE / PI_SIM_IPAD (e.g. PI_SIM_IPAD="iPad Air 11-inch (M3)").
# XcodeGen: $XCODEGEN, else `xcodegen` on PATH, else release 2.45.4 downloaded into
# $PI_SIM_OUTPUT/tools. Exit: 0 all passed, 1 a build or a test failed, 2 cannot run here.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
host=Examples/InspectorTourHost
project=$host/InspectorTourHost.xcodeproj
scheme=InspectorTourHost
xcodegen_version=2.45.4
out=${PI_SIM_OUTPUT:-$root/.build/ios-simulator}

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
  exit 0
fi
cannot() { echo "ios-simulator-tests: $*" >&2; exit 2; }

[[ $(uname -s) == Darwin ]] || cannot "needs macOS with Xcode 16.3 or later (this is $(uname -s)); see docs/IOS.md"
command -v xcodebuild >/dev/null || cannot "xcodebuild not found: install Xcode 16.3 or later and select it (xcode-select -s)"
xcode=$(xcodebuild -version | awk 'NR == 1 { print $2 }')
major=${xcode%%.*}
minor=$(echo "$xcode" | awk -F. '{ print ($2 == "" ? 0 : $2) }')
if ((major < 16 || (major == 16 && minor < 3))); then
  cannot "Xcode $xcode: 16.3 or later is needed (the package's manifest uses Swift 6.1's traits)"
fi
mkdir -p "$out/logs" "$out/reports" "$out/results"

# The project, generated from the checked-in spec.
xcodegen=${XCODEGEN:-$(command -v xcodegen || true)}
if [[ -z $xcodegen ]]; then
  tools=$out/tools/xcodegen-$xcodegen_version
  if [[ ! -x $tools/xcodegen/bin/xcodegen ]]; then
    echo "== downloading XcodeGen $xcodegen_version into $tools"
    mkdir -p "$tools"
    curl -fsSL -o "$tools/xcodegen.zip" \
      "https://github.com/yonaskolb/XcodeGen/releases/download/$xcodegen_version/xcodegen.zip"
    (cd "$tools" && unzip -q -o xcodegen.zip)
  fi
  xcodegen=$tools/xcodegen/bin/xcodegen
fi
echo "== $xcode, $("$xcodegen" --version 2>/dev/null || echo "XcodeGen at $xcodegen")"
mkdir -p "$host/Generated"   # the Info.plists XcodeGen writes (ignored by git)
"$xcodegen" generate --spec "$host/project.yml" --quiet

# The simulators: udid, name and iOS version, tab-separated.
simulator() {  # kind (iPhone or iPad), wanted name or ""
  xcrun simctl list devices available --json | python3 -c '
import json, re, sys
kind, wanted = sys.argv[1], sys.argv[2]
best = None
for runtime, devices in json.load(sys.stdin)["devices"].items():
    m = re.search(r"\.iOS-(\d+)-(\d+)(?:-(\d+))?$", runtime)
    if not m:
        continue
    version = tuple(int(x or 0) for x in m.groups())
    for d in devices:
        if d.get("isAvailable", True) and (d["name"] == wanted if wanted else d["name"].startswith(kind)):
            if best is None or version > best[0]:
                best = (version, d["udid"], d["name"])
if best:
    print(best[1], best[2], ".".join(map(str, best[0])), sep="\t")
' "$1" "$2"
}
iphone=$(simulator iPhone "${PI_SIM_IPHONE:-}")
ipad=$(simulator iPad "${PI_SIM_IPAD:-}")
[[ -n $iphone ]] || cannot "no available iPhone simulator${PI_SIM_IPHONE:+ named $PI_SIM_IPHONE} (Xcode ▸ Settings ▸ Components adds an iOS runtime)"
[[ -n $ipad ]] || cannot "no available iPad simulator${PI_SIM_IPAD:+ named $PI_SIM_IPAD}"

common=(-project "$project" -scheme "$scheme" -configuration Debug -derivedDataPath "$out/DerivedData"
        -clonedSourcePackagesDirPath "$out/SourcePackages" -skipPackagePluginValidation)
udid=$(cut -f1 <<<"$iphone")
echo "== build-for-testing"
if ! xcodebuild build-for-testing "${common[@]}" -destination "platform=iOS Simulator,id=$udid" \
     >"$out/logs/build.log" 2>&1; then
  tail -n 60 "$out/logs/build.log"
  echo "ios-simulator-tests: the build failed (log: $out/logs/build.log)"
  exit 1
fi

failed=()
for device in iphone ipad; do
  line=${!device}
  IFS=$'\t' read -r udid name os <<<"$line"
  echo "== tests on $name (iOS $os)"
  rm -rf "$out/results/$device.xcresult" "$out/reports/$device"
  mkdir -p "$out/reports/$device"
  # xcodebuild passes TEST_RUNNER_-prefixed variables, prefix stripped, to the test process (the
  # host app); the Simulator's processes write to the Mac's file system.
  if TEST_RUNNER_PI_TOUR_REPORTS="$out/reports/$device" \
     xcodebuild test-without-building "${common[@]}" -destination "platform=iOS Simulator,id=$udid" \
       -parallel-testing-enabled NO -resultBundlePath "$out/results/$device.xcresult" \
       >"$out/logs/test-$device.log" 2>&1; then
    echo "   passed"
  else
    grep -E "error:|Test Case .* failed|crashed|Restarting after" "$out/logs/test-$device.log" | head -n 40 || true
    echo "   FAILED (log: $out/logs/test-$device.log)"
    failed+=("$name")
  fi
  conformance=$out/reports/$device/presentation-conformance.txt
  [[ -f $conformance ]] && echo "   conformance: $(tail -n 1 "$conformance")"
done

echo "== reports in $out/reports"
if ((${#failed[@]})); then
  echo "ios-simulator-tests: failed on ${failed[*]}"
  exit 1
fi
echo "ios-simulator-tests: passed on the iPhone and the iPad"
