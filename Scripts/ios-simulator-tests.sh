#!/usr/bin/env bash
# Runs the iOS layer on the Simulator, for a maintainer with a Mac and Xcode 16.3 or later (26 in
# .github/workflows/ios-simulator.yml): builds the package with xcodebuild, generates
# Examples/InspectorTourHost's Xcode project with XcodeGen, builds the host app and its application
# test bundle once, then runs the tests (the presentation tour, then the conformance run) on an
# iPhone and an iPad simulator.
#
#   Scripts/ios-simulator-tests.sh               build, then test
#   Scripts/ios-simulator-tests.sh --dry-run     print the Xcode, the runtime and the simulators it
#                                                would use and the commands it would run; build nothing
#   Scripts/ios-simulator-tests.sh --build-only  build the package and the host app, test nothing
#
# The Xcode is the selected one (DEVELOPER_DIR, else xcode-select's). The simulators run a runtime
# that Xcode can drive: at most its iOS Simulator SDK's version (a newer runtime fails in
# xcodebuild), among the destinations `xcodebuild -showdestinations` offers; the newest such, its
# first iPhone and first iPad, or the devices named by PI_SIM_IPHONE / PI_SIM_IPAD, or the runtime
# PI_SIM_RUNTIME (e.g. 26.1); a request for a newer one is refused (Scripts/ios_simulator_plan.py).
# PI_SIM_FIXTURES=DIR reads the tools' answers from DIR instead (Scripts/fixtures/ios-simulator):
# --dry-run then runs on any machine.
#
# Reports go to $PI_SIM_OUTPUT (default .build/ios-simulator):
#   reports/iphone, reports/ipad  the tour's report per stage (tour-*.txt), the recording
#                                 (recording.jsonl, recording.html) and presentation-conformance.txt/.json
#   results/*.xcresult            xcodebuild's result bundles (the same reports attached)
#   logs/*.log                    xcodebuild's output
# The host app's package versions are pinned (Examples/InspectorTourHost/Package.resolved, copied
# into the generated project; xcodebuild resolves nothing else). XcodeGen: $XCODEGEN, else `xcodegen`
# on PATH, else release 2.45.4 downloaded into $PI_SIM_OUTPUT/tools.
# Exit: 0 all passed (or planned), 1 a build or a test failed, 2 cannot run here.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
host=Examples/InspectorTourHost
project=$host/InspectorTourHost.xcodeproj
scheme=InspectorTourHost
xcodegen_version=2.45.4
out=${PI_SIM_OUTPUT:-$root/.build/ios-simulator}
fixtures=${PI_SIM_FIXTURES:-}

mode=test
case ${1:-} in
  -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
  --dry-run) mode=dry-run ;;
  --build-only) mode=build ;;
  "") ;;
  *) echo "ios-simulator-tests: unknown option $1 (--dry-run, --build-only, --help)" >&2; exit 2 ;;
esac
cannot() { echo "ios-simulator-tests: $*" >&2; exit 2; }

# The tools' answers, in a scratch folder removed on exit (or the fixtures' files).
answers=$(mktemp -d)
trap 'rm -rf "$answers"' EXIT
if [[ -n $fixtures ]]; then
  [[ $mode == dry-run ]] || cannot "PI_SIM_FIXTURES holds saved answers: only --dry-run can use them"
  for f in xcodebuild-version.txt showsdks.json runtimes.json devices.json; do
    [[ -f $fixtures/$f ]] || cannot "PI_SIM_FIXTURES: $fixtures/$f is missing"
    cp "$fixtures/$f" "$answers/$f"
  done
  [[ -f $fixtures/destinations.txt ]] && cp "$fixtures/destinations.txt" "$answers/destinations.txt"
else
  [[ $(uname -s) == Darwin ]] || cannot "needs macOS with Xcode 16.3 or later (this is $(uname -s)); see docs/IOS.md (PI_SIM_FIXTURES for a dry run elsewhere)"
  command -v xcodebuild >/dev/null || cannot "xcodebuild not found: install Xcode 16.3 or later and select it (xcode-select -s, or DEVELOPER_DIR)"
  xcodebuild -version >"$answers/xcodebuild-version.txt" || cannot "xcodebuild -version failed: is an Xcode selected?"
  xcodebuild -showsdks -json >"$answers/showsdks.json" || cannot "xcodebuild -showsdks failed"
  xcrun simctl list runtimes -j >"$answers/runtimes.json" || cannot "xcrun simctl list runtimes failed"
  xcrun simctl list devices available -j >"$answers/devices.json" || cannot "xcrun simctl list devices failed"
  # What xcodebuild itself offers for the package's scheme (it resolves the package first).
  if [[ $mode != build ]] && ! xcodebuild -showdestinations -scheme PresentationInspector -skipPackagePluginValidation \
       >"$answers/destinations.txt" 2>"$answers/destinations.err"; then
    echo "ios-simulator-tests: xcodebuild -showdestinations failed; choosing from simctl's list alone:"
    tail -n 5 "$answers/destinations.err"
    rm -f "$answers/destinations.txt"
  fi
fi

echo "== plan (${DEVELOPER_DIR:-the selected Xcode})"
args=(plan --version "$answers/xcodebuild-version.txt" --sdks "$answers/showsdks.json"
      --runtimes "$answers/runtimes.json" --devices "$answers/devices.json"
      --iphone "${PI_SIM_IPHONE:-}" --ipad "${PI_SIM_IPAD:-}" --runtime "${PI_SIM_RUNTIME:-}")
[[ -f $answers/destinations.txt ]] && args+=(--destinations "$answers/destinations.txt")
rc=0
plan=$(python3 Scripts/ios_simulator_plan.py "${args[@]}") || rc=$?
((rc == 0)) || exit 2   # the helper said why
printf '%s\n' "$plan" | grep -v $'\t' | sed 's/^/   /'
iphone=$(printf '%s\n' "$plan" | awk -F'\t' '$1 == "iphone" { print $2 "\t" $3 "\t" $4 }')
ipad=$(printf '%s\n' "$plan" | awk -F'\t' '$1 == "ipad" { print $2 "\t" $3 "\t" $4 }')
for device in iphone ipad; do
  IFS=$'\t' read -r udid name os <<<"${!device}"
  echo "   $device: $name, iOS $os ($udid)"
done

common=(-project "$project" -scheme "$scheme" -configuration Debug -derivedDataPath "$out/DerivedData"
        -clonedSourcePackagesDirPath "$out/SourcePackages" -skipPackagePluginValidation -disableAutomaticPackageResolution)
package_build=(xcodebuild build -scheme PresentationInspector -destination "generic/platform=iOS Simulator"
               -derivedDataPath "$out/DerivedData-package" -skipPackagePluginValidation)
pins=$project/project.xcworkspace/xcshareddata/swiftpm/Package.resolved
if [[ $mode == dry-run ]]; then
  show() { printf '  '; printf ' %q' "$@"; echo; }
  echo "== would run"
  show "${package_build[@]}"
  show xcodegen generate --spec "$host/project.yml"
  show cp "$host/Package.resolved" "$pins"
  show xcodebuild build-for-testing "${common[@]}" -destination "generic/platform=iOS Simulator"
  for device in iphone ipad; do
    show xcodebuild test-without-building "${common[@]}" -destination "platform=iOS Simulator,id=$(cut -f1 <<<"${!device}")"
  done
  exit 0
fi
mkdir -p "$out/logs" "$out/reports" "$out/results"

# The package itself, as an app's Xcode builds it.
echo "== build the package (xcodebuild, iOS Simulator)"
if ! "${package_build[@]}" >"$out/logs/build-package.log" 2>&1; then
  tail -n 60 "$out/logs/build-package.log"
  echo "ios-simulator-tests: the package does not build with Xcode (log: $out/logs/build-package.log)"
  exit 1
fi

# The project, generated from the checked-in spec, with the checked-in package versions.
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
echo "== $("$xcodegen" --version 2>/dev/null || echo "XcodeGen at $xcodegen")"
mkdir -p "$host/Generated"   # the Info.plists XcodeGen writes (ignored by git)
"$xcodegen" generate --spec "$host/project.yml" --quiet
mkdir -p "$(dirname "$pins")"
cp "$host/Package.resolved" "$pins"

echo "== build-for-testing (the host app and its test bundle)"
if ! xcodebuild build-for-testing "${common[@]}" -destination "generic/platform=iOS Simulator" \
     >"$out/logs/build.log" 2>&1; then
  tail -n 60 "$out/logs/build.log"
  echo "ios-simulator-tests: the build failed (log: $out/logs/build.log)"
  exit 1
fi
if [[ $mode == build ]]; then
  echo "ios-simulator-tests: the package and the host app build"
  exit 0
fi

failed=()
for device in iphone ipad; do
  IFS=$'\t' read -r udid name os <<<"${!device}"
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
