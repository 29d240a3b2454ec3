#!/usr/bin/env bash
# An app-shaped client (Examples/AppShapedClient) builds and runs against this package through
# the products an app imports, PresentationInspector and PresentationInspectorTesting: being
# another package, it sees only their public surface (none of the `@_spi(Package)` declarations), so
# this fails when something an app or its tests need stops being public. It resolves offline,
# with the example's own pins (Examples/AppShapedClient/Package.resolved, checked in) and SwiftPM's
# local cache of the dependencies. On Linux SwiftPM rewrites that file without FLEX (declared for
# Apple hosts only): the step checks that the versions it resolved are the pinned ones, then puts the
# checked-in file back.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
scratch=${PI_SCRATCH_PATH:-.build}
client=Examples/AppShapedClient
fail() { echo "34-app-shaped-client: $*" >&2; exit 1; }

log=$(mktemp)
pins=$(mktemp)
cp "$client/Package.resolved" "$pins"
trap 'cp "$pins" "$client/Package.resolved"; rm -f "$log" "$pins"' EXIT
build=(--package-path "$client" --scratch-path "$root/$scratch/app-shaped-client")
# SwiftPM rebuilds the dependency when it changed but not always the client's file that uses it
# (an access level changed in the core went unnoticed): the client's own module is compiled afresh
# every run, and the build planned again; the dependency's build stays incremental.
find "$root/$scratch/app-shaped-client" -maxdepth 3 -type d -name AppShapedClient.build -exec rm -rf {} +
rm -f "$root/$scratch/app-shaped-client/debug.yaml" "$root/$scratch/app-shaped-client/debug/description.json"
start=$SECONDS
if ! swift build "${build[@]}" >"$log" 2>&1; then
  grep -E "error|warning" "$log" | head -40; fail "the app-shaped client does not build against the public surface"
fi
if grep -E "warning:" "$log" | grep -q "AppShapedClient/"; then grep -E "warning:" "$log"; fail "the client builds with warnings"; fi
echo "app-shaped client built in $((SECONDS - start)) s"
# Every pin SwiftPM resolved here is the checked-in one (FLEX is resolved on Apple hosts only).
python3 - "$pins" "$client/Package.resolved" <<'PY' || fail "the example resolved other versions than it pins (Examples/AppShapedClient/Package.resolved)"
import json, sys
pinned = {p["identity"]: p["state"].get("version") for p in json.load(open(sys.argv[1]))["pins"]}
used = {p["identity"]: p["state"].get("version") for p in json.load(open(sys.argv[2]))["pins"]}
wrong = {k: (v, pinned.get(k)) for k, v in used.items() if pinned.get(k) != v}
if wrong:
    sys.exit(f"34-app-shaped-client: resolved {wrong} (resolved, pinned)")
PY
if ! "$(swift build "${build[@]}" --show-bin-path)/AppShapedClient" >"$log" 2>&1; then
  cat "$log"; fail "the app-shaped client failed"
fi
tail -n 3 "$log"
grep -q "read and exported through the public API" "$log" || fail "the client did not finish"
