#!/usr/bin/env python3
"""Chooses what Scripts/ios-simulator-tests.sh runs on: the Xcode, then the iOS Simulator runtime and
the iPhone and iPad simulators that Xcode can drive (docs/IOS.md, "Running on the Simulator").

A runtime newer than the selected Xcode's iOS Simulator SDK fails in xcodebuild, so the newest
installed runtime is not enough: a runtime is eligible when its major.minor is at most the SDK's, and
when xcodebuild's own list of destinations is given, a simulator is eligible only if it is there.

  ios_simulator_plan.py xcode --major 26 [--applications DIR | --candidates FILE]
      prints the Developer folder of the newest Xcode 26 (a release before a beta or release
      candidate), for DEVELOPER_DIR. --candidates: a JSON list of {"path", "version"} (tests).
  ios_simulator_plan.py plan --version FILE --sdks FILE --runtimes FILE --devices FILE
                             [--destinations FILE] [--iphone NAME] [--ipad NAME] [--runtime VERSION]
      reads the outputs of `xcodebuild -version`, `xcodebuild -showsdks -json`,
      `xcrun simctl list runtimes -j`, `xcrun simctl list devices available -j` and (optional)
      `xcodebuild -showdestinations`, and prints the plan: what it chose and why, then one line
      per simulator, tab-separated: `iphone|ipad  UDID  NAME  iOS-VERSION`.

Exit: 0 a plan, 2 nothing eligible or a request it refuses (said on stderr), 64 bad usage or input.
"""
import argparse
import json
import os
import plistlib
import re
import sys

# Package traits (the manifest's tools version 6.1) need Xcode 16.3.
MINIMUM_XCODE = (16, 3)


class Refusal(Exception):
    """What cannot be run, in a sentence for the user."""


def version_tuple(text):
    """`26.1` or `26.0.1` as (26, 1, 0); None when it is no version."""
    m = re.fullmatch(r"\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*", text or "")
    if not m:
        return None
    return tuple(int(x or 0) for x in m.groups())


def shown(version):
    """(26, 1, 0) as `26.1`, (26, 0, 1) as `26.0.1`."""
    major, minor, patch = version
    return f"{major}.{minor}" + (f".{patch}" if patch else "")


# ---------- Xcode ----------

def is_prerelease(path):
    name = os.path.basename(path.rstrip("/")).lower()
    return any(mark in name for mark in ("beta", "release_candidate", "_rc"))


def choose_xcode(candidates, major):
    """The newest Xcode of `major` among [{"path", "version"}], a release before a prerelease."""
    fitting = []
    for c in candidates:
        v = version_tuple(c.get("version"))
        if v and v[0] == major:
            fitting.append((not is_prerelease(c["path"]), v, c["path"]))
    if not fitting:
        found = ", ".join(f"{os.path.basename(c['path'])} ({c.get('version')})" for c in candidates) or "none"
        raise Refusal(f"no Xcode {major} installed (found: {found})")
    fitting.sort()
    return fitting[-1][2]


def installed_xcodes(applications):
    """Each Xcode*.app in `applications` with the version its version.plist states."""
    out = []
    for name in sorted(os.listdir(applications)):
        if not (name.startswith("Xcode") and name.endswith(".app")):
            continue
        path = os.path.join(applications, name)
        try:
            with open(os.path.join(path, "Contents", "version.plist"), "rb") as f:
                version = plistlib.load(f).get("CFBundleShortVersionString")
        except (OSError, plistlib.InvalidFileException):
            continue
        out.append({"path": path, "version": version})
    return out


# ---------- the plan ----------

def xcode_version(text):
    """`Xcode 26.1` / `Build version 17B55` → ((26, 1, 0), "17B55")."""
    m = re.search(r"^Xcode\s+(\S+)", text, re.M)
    v = version_tuple(m.group(1)) if m else None
    if not v:
        raise ValueError("xcodebuild -version: no `Xcode N.N` line")
    b = re.search(r"^Build version\s+(\S+)", text, re.M)
    return v, (b.group(1) if b else "?")


def simulator_sdk(sdks):
    """The newest iOS Simulator SDK version in `xcodebuild -showsdks -json`."""
    versions = [version_tuple(s.get("sdkVersion") or s.get("platformVersion"))
                for s in sdks if s.get("platform") == "iphonesimulator"]
    versions = [v for v in versions if v]
    if not versions:
        raise Refusal("the selected Xcode has no iOS Simulator SDK (xcodebuild -showsdks lists none)")
    return max(versions)


def ios_runtimes(runtimes):
    """{identifier: (version, name)} of the available iOS runtimes in `simctl list runtimes -j`."""
    out = {}
    for r in runtimes.get("runtimes", []):
        if r.get("platform", "iOS") != "iOS" or not r.get("isAvailable", True):
            continue
        if ".iOS-" not in r.get("identifier", ""):
            continue
        v = version_tuple(r.get("version"))
        if v:
            out[r["identifier"]] = (v, r.get("name") or f"iOS {shown(v)}")
    return out


def available_destinations(text):
    """The simulator ids in the "Available destinations" part of `xcodebuild -showdestinations`."""
    ids = set()
    available = True
    for line in text.splitlines():
        if "Ineligible destinations" in line:
            available = False
        if available and "platform:iOS Simulator" in line:
            m = re.search(r"\bid:([0-9A-Fa-f-]{36})\b", line)
            if m:
                ids.add(m.group(1).upper())
    return ids


def within(runtime, sdk):
    """Whether a runtime of this version can run apps built with the SDK (major.minor at most the SDK's)."""
    return runtime[:2] <= sdk[:2]


def plan(version_text, sdks, runtimes, devices, destinations_text=None, iphone=None, ipad=None, runtime=None):
    """The plan: (lines saying what was chosen, [(kind, udid, name, iOS version)])."""
    xcode, build = xcode_version(version_text)
    if xcode[:2] < MINIMUM_XCODE:
        raise Refusal(f"Xcode {shown(xcode)}: {shown(MINIMUM_XCODE + (0,))} or later is needed (the manifest uses Swift 6.1's traits)")
    sdk = simulator_sdk(sdks)
    known = ios_runtimes(runtimes)
    if not known:
        raise Refusal("no iOS Simulator runtime is installed (Xcode ▸ Settings ▸ Components adds one)")
    eligible = {i: vn for i, vn in known.items() if within(vn[0], sdk)}
    newer = sorted((vn[0] for i, vn in known.items() if i not in eligible), reverse=True)
    wanted = version_tuple(runtime) if runtime else None
    if runtime and not wanted:
        raise Refusal(f"PI_SIM_RUNTIME={runtime!r} is no iOS version such as 26.1")
    if wanted and not within(wanted, sdk):
        raise Refusal(f"iOS {shown(wanted)} is newer than the selected Xcode's iOS Simulator SDK {shown(sdk)}: "
                      "xcodebuild cannot run it there; select a newer Xcode (DEVELOPER_DIR) or ask for an older runtime")
    if wanted:
        eligible = {i: vn for i, vn in eligible.items() if vn[0][:2] == wanted[:2]}
        if not eligible:
            raise Refusal(f"no iOS {shown(wanted)} runtime is installed")
    if not eligible:
        raise Refusal(f"every installed iOS runtime ({', '.join('iOS ' + shown(v) for v in newer)}) is newer than the "
                      f"selected Xcode's iOS Simulator SDK {shown(sdk)}: select a newer Xcode (DEVELOPER_DIR) or install iOS {shown(sdk)}")
    offered = available_destinations(destinations_text) if destinations_text is not None else None

    def choose(kind, name):
        best = None
        skipped_newer = None
        for identifier, listed in devices.get("devices", {}).items():
            for d in listed:
                if not d.get("isAvailable", True):
                    continue
                if not (d.get("name") == name if name else d.get("name", "").startswith(kind)):
                    continue
                if identifier not in eligible:
                    if identifier in known and not within(known[identifier][0], sdk):
                        skipped_newer = known[identifier][0]
                    continue
                if offered is not None and d.get("udid", "").upper() not in offered:
                    continue
                version = eligible[identifier][0]
                if best is None or version > best[0]:
                    best = (version, d["udid"], d["name"])
        if best is None:
            what = f"a simulator named {name!r}" if name else f"an {kind} simulator"
            if skipped_newer:
                raise Refusal(f"{what} exists only on iOS {shown(skipped_newer)}, newer than the selected Xcode's iOS Simulator "
                              f"SDK {shown(sdk)}: xcodebuild cannot run it; select a newer Xcode or add the device to an older runtime")
            where = " among the destinations xcodebuild offers" if offered is not None else ""
            label = f"simulator named {name!r}" if name else f"{kind} simulator"
            raise Refusal(f"no {label} on an iOS runtime up to {shown(sdk)}{where} "
                          "(Xcode ▸ Settings ▸ Components adds a runtime; xcrun simctl create adds a device)")
        return (kind.lower(), best[1], best[2], shown(best[0]))

    chosen = [choose("iPhone", iphone), choose("iPad", ipad)]
    said = [f"Xcode {shown(xcode)} ({build})",
            f"iOS Simulator SDK {shown(sdk)}",
            "runtimes it can drive: " + ", ".join(f"iOS {shown(v)}" for v, _ in sorted(eligible.values(), reverse=True))]
    if newer:
        said.append("skipped, newer than the SDK: " + ", ".join(f"iOS {shown(v)}" for v in newer))
    if offered is not None:
        said.append(f"destinations xcodebuild offers: {len(offered)} simulator(s)")
    return said, chosen


def read_json(path, what):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise ValueError(f"{path}: {what}: {e}") from None


def read_text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    x = sub.add_parser("xcode")
    x.add_argument("--major", type=int, required=True)
    x.add_argument("--applications", default="/Applications")
    x.add_argument("--candidates")
    p = sub.add_parser("plan")
    for name in ("version", "sdks", "runtimes", "devices"):
        p.add_argument("--" + name, required=True)
    p.add_argument("--destinations")
    p.add_argument("--iphone")
    p.add_argument("--ipad")
    p.add_argument("--runtime")
    args = parser.parse_args(argv)
    try:
        if args.command == "xcode":
            candidates = read_json(args.candidates, "candidates") if args.candidates else installed_xcodes(args.applications)
            print(os.path.join(choose_xcode(candidates, args.major), "Contents", "Developer"))
            return 0
        said, chosen = plan(read_text(args.version), read_json(args.sdks, "xcodebuild -showsdks -json"),
                            read_json(args.runtimes, "simctl list runtimes -j"), read_json(args.devices, "simctl list devices -j"),
                            read_text(args.destinations) if args.destinations else None,
                            args.iphone or None, args.ipad or None, args.runtime or None)
    except Refusal as e:
        print(f"ios-simulator-plan: {e}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as e:
        print(f"ios-simulator-plan: {e}", file=sys.stderr)
        return 64
    for line in said:
        print(line)
    for row in chosen:
        print("\t".join(row))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
