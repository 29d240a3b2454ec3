#!/usr/bin/env bash
# The manifest's FLEX opt-out holds: the package trait `FLEX` exists and is on by default; on an
# Apple host (evaluated here from a copy with the Linux guard lifted) PresentationInspector
# depends on FLEX only for iOS and only with that trait; on Linux nothing FLEX is declared, so
# resolution is unchanged. Reads the manifest only (`swift package dump-package`): no network.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift package dump-package > "$work/linux.json"
sed 's/^#if !os(Linux)$/#if true/' Package.swift > "$work/Package.swift"
grep -q '^#if true$' "$work/Package.swift" || { echo "manifest: the '#if !os(Linux)' guard around FLEX is gone"; exit 1; }
(cd "$work" && swift package dump-package > apple.json)

python3 - "$work/linux.json" "$work/apple.json" <<'PY'
import json, sys
linux, apple = (json.load(open(p)) for p in sys.argv[1:3])
errors = []
traits = {t["name"]: t for t in linux.get("traits") or []}
if "FLEX" not in traits:
    errors.append("no trait named FLEX")
if "FLEX" not in (traits.get("default", {}).get("enabledTraits") or []):
    errors.append("the FLEX trait is not enabled by default")

def identities(manifest):
    return {d["sourceControl"][0]["identity"] for d in manifest["dependencies"] if d.get("sourceControl")}

def flex_conditions(manifest):
    target = next(t for t in manifest["targets"] if t["name"] == "PresentationInspector")
    return [d["product"][3] for d in target["dependencies"] if "product" in d and d["product"][1] == "FLEX"]

if "flex" in identities(linux) or flex_conditions(linux):
    errors.append("Linux declares FLEX: it would resolve a new package")
conditions = flex_conditions(apple)
if "flex" not in identities(apple) or len(conditions) != 1:
    errors.append("on an Apple host PresentationInspector does not depend on FLEX once")
elif conditions[0] != {"platformNames": ["ios"], "traits": ["FLEX"]}:
    errors.append(f"FLEX's condition is {conditions[0]}, not iOS with the FLEX trait")
for e in errors:
    print("manifest:", e)
if errors:
    sys.exit(1)
print("manifest: FLEX trait on by default; FLEX linked only on iOS with the trait; Linux declares no FLEX")
PY
