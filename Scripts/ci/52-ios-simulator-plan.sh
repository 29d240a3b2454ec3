#!/usr/bin/env bash
# The Simulator harness runs the first time on a Mac: what it decides is checked here, with the
# answers a Mac with Xcode 26.1 gives (Scripts/fixtures/ios-simulator). The choice of Xcode, runtime
# and simulators (Scripts/ios_simulator_plan.py) has its tests; `ios-simulator-tests.sh --dry-run`
# prints the plan from the saved answers, refuses a runtime newer than the SDK and writes nothing;
# the workflow runs on macOS 26, selects Xcode 26 and builds before it tests; the examples pin their
# package versions.
set -uo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "52-ios-simulator-plan: $*" >&2; exit 1; }
fixtures=Scripts/fixtures/ios-simulator
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

python3 Scripts/test_ios_simulator_plan.py 2>&1 | tail -n 3
[[ ${PIPESTATUS[0]} -eq 0 ]] || fail "the plan's tests failed"

out=$(PI_SIM_FIXTURES=$fixtures PI_SIM_OUTPUT=$scratch/out Scripts/ios-simulator-tests.sh --dry-run 2>&1) \
  || { printf '%s\n' "$out"; fail "--dry-run failed"; }
printf '%s\n' "$out"
for want in "Xcode 26.1 (17B55)" "iOS Simulator SDK 26.1" "skipped, newer than the SDK: iOS 26.2" \
            "iphone: iPhone 17, iOS 26.1" "ipad: iPad Air 11-inch (M3), iOS 26.1" "xcodebuild build -scheme PresentationInspector"; do
  grep -qF -- "$want" <<<"$out" || fail "--dry-run does not say \"$want\""
done
[[ ! -e $scratch/out ]] || fail "--dry-run wrote to its output folder"
rc=0
refused=$(PI_SIM_FIXTURES=$fixtures PI_SIM_OUTPUT=$scratch/out PI_SIM_RUNTIME=26.2 Scripts/ios-simulator-tests.sh --dry-run 2>&1) || rc=$?
((rc == 2)) || { printf '%s\n' "$refused"; fail "a runtime newer than the SDK was not refused (exit $rc)"; }
grep -qF "iOS 26.2 is newer than the selected Xcode's iOS Simulator SDK 26.1" <<<"$refused" || fail "the refusal does not say why: $refused"
echo "refused: ${refused##*$'\n'}"

python3 - <<'PY' || fail "the workflow or the pins are not what the harness needs"
import json, re, sys
text = open(".github/workflows/ios-simulator.yml").read()
jobs = text.split("\njobs:\n", 1)[1]
build, simulator = jobs.split("\n  simulator:\n", 1)
problems = []
for name, job in (("build", build), ("simulator", simulator)):
    if not re.search(r"^\s+runs-on: macos-26\s*$", job, re.M):
        problems.append(f"job {name} does not run on macos-26")
    if "ios_simulator_plan.py xcode --major 26" not in job or "DEVELOPER_DIR=" not in job:
        problems.append(f"job {name} does not select Xcode 26 explicitly")
if "ios-simulator-tests.sh --build-only" not in build:
    problems.append("the build job does not build with xcodebuild (--build-only)")
if not re.search(r"^\s+needs: build\s*$", simulator, re.M):
    problems.append("the simulator job does not wait for the build job")
if simulator.index("--dry-run") > simulator.index("run: Scripts/ios-simulator-tests.sh\n"):
    problems.append("the simulator job does not print its plan before testing")
a = json.load(open("Examples/AppShapedClient/Package.resolved"))["pins"]
b = json.load(open("Examples/InspectorTourHost/Package.resolved"))["pins"]
if a != b:
    problems.append("the two examples pin different versions")
if "flex" not in {p["identity"] for p in b}:
    problems.append("the host app's pins lack FLEX (resolved on Apple hosts)")
if problems:
    sys.exit("\n".join(problems))
print("workflow: macOS 26, Xcode 26 selected, build before test; examples pinned:",
      ", ".join(f"{p['identity']} {p['state']['version']}" for p in b))
PY
