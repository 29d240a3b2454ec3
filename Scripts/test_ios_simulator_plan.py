#!/usr/bin/env python3
"""Tests of ios_simulator_plan.py over what a Mac answers (Scripts/fixtures/ios-simulator): the Xcode,
the runtime and the simulators it picks, and the requests it refuses. Run:
python3 Scripts/test_ios_simulator_plan.py"""
import copy
import io
import json
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ios_simulator_plan as p  # noqa: E402

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "ios-simulator")


def fixture(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        return json.load(f) if name.endswith(".json") else f.read()


class PlanTests(unittest.TestCase):
    def setUp(self):
        self.version = fixture("xcodebuild-version.txt")
        self.sdks = fixture("showsdks.json")
        self.runtimes = fixture("runtimes.json")
        self.devices = fixture("devices.json")
        self.destinations = fixture("destinations.txt")

    def plan(self, **kw):
        args = dict(version_text=self.version, sdks=self.sdks, runtimes=self.runtimes, devices=self.devices)
        args.update(kw)
        return p.plan(**args)

    def test_the_newest_runtime_the_sdk_can_drive_not_the_newest_installed(self):
        said, chosen = self.plan(destinations_text=self.destinations)
        self.assertEqual(chosen, [("iphone", "33333333-3333-4333-8333-333333333333", "iPhone 17", "26.1"),
                                  ("ipad", "44444444-4444-4444-8444-444444444444", "iPad Air 11-inch (M3)", "26.1")])
        self.assertIn("Xcode 26.1 (17B55)", said)
        self.assertIn("iOS Simulator SDK 26.1", said)
        self.assertIn("skipped, newer than the SDK: iOS 26.2", said)

    def test_a_named_simulator_only_on_a_newer_runtime_is_refused(self):
        with self.assertRaisesRegex(p.Refusal, r"'iPhone 17 Pro' exists only on iOS 26.2, newer than the selected Xcode's iOS Simulator SDK 26.1"):
            self.plan(iphone="iPhone 17 Pro")

    def test_a_runtime_asked_for_newer_than_the_sdk_is_refused_and_an_older_one_used(self):
        with self.assertRaisesRegex(p.Refusal, r"iOS 26.2 is newer than the selected Xcode's iOS Simulator SDK 26.1"):
            self.plan(runtime="26.2")
        _, chosen = self.plan(runtime="18.6")
        self.assertEqual([c[2:] for c in chosen], [("iPhone 16", "18.6"), ("iPad Air 11-inch (M2)", "18.6")])
        with self.assertRaisesRegex(p.Refusal, r"no iOS 17.0 runtime is installed"):
            self.plan(runtime="17.0")

    def test_only_newer_runtimes_is_refused_naming_them(self):
        sdks = copy.deepcopy(self.sdks)
        for s in sdks:
            s["sdkVersion"] = "18.0"
        with self.assertRaisesRegex(p.Refusal, r"every installed iOS runtime \(iOS 26.2, iOS 26.1, iOS 18.6\) is newer than .* SDK 18.0"):
            self.plan(sdks=sdks)

    def test_only_what_xcodebuild_offers_is_chosen(self):
        offered = self.destinations.replace("id:33333333-3333-4333-8333-333333333333", "id:99999999-9999-4999-8999-999999999999")
        _, chosen = self.plan(destinations_text=offered)
        self.assertEqual(chosen[0][2:], ("iPhone 16", "18.6"))
        self.assertEqual(p.available_destinations(self.destinations),
                         {"11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222",
                          "33333333-3333-4333-8333-333333333333", "44444444-4444-4444-8444-444444444444"},
                         "the ineligible ones are not offered")

    def test_an_old_xcode_and_a_missing_simulator_sdk_are_refused(self):
        with self.assertRaisesRegex(p.Refusal, r"Xcode 16.2: 16.3 or later is needed"):
            self.plan(version_text="Xcode 16.2\nBuild version 16C5032a\n")
        with self.assertRaisesRegex(p.Refusal, r"no iOS Simulator SDK"):
            self.plan(sdks=[s for s in self.sdks if s["platform"] != "iphonesimulator"])

    def test_no_ipad_is_said(self):
        devices = {"devices": {k: [d for d in v if not d["name"].startswith("iPad")] for k, v in self.devices["devices"].items()}}
        with self.assertRaisesRegex(p.Refusal, r"no iPad simulator on an iOS runtime up to 26.1"):
            self.plan(devices=devices)


class XcodeTests(unittest.TestCase):
    def test_the_newest_release_of_the_major(self):
        candidates = fixture("xcodes.json")
        self.assertEqual(p.choose_xcode(candidates, 26), "/Applications/Xcode_26.1.app")
        self.assertEqual(p.choose_xcode(candidates, 16), "/Applications/Xcode_16.4.app")
        only_beta = [{"path": "/Applications/Xcode_26.2_beta.app", "version": "26.2"}]
        self.assertEqual(p.choose_xcode(only_beta, 26), "/Applications/Xcode_26.2_beta.app", "a prerelease when nothing else")
        with self.assertRaisesRegex(p.Refusal, r"no Xcode 27 installed \(found: Xcode_16.4.app \(16.4\)"):
            p.choose_xcode(candidates, 27)

    def test_the_versions_are_read_from_each_apps_version_plist(self):
        import plistlib
        with tempfile.TemporaryDirectory() as apps:
            for name, version in [("Xcode_26.1.app", "26.1"), ("Xcode_16.4.app", "16.4"), ("Other.app", "1.0")]:
                os.makedirs(os.path.join(apps, name, "Contents"))
                with open(os.path.join(apps, name, "Contents", "version.plist"), "wb") as f:
                    plistlib.dump({"CFBundleShortVersionString": version}, f)
            os.makedirs(os.path.join(apps, "Xcode_broken.app"))
            found = p.installed_xcodes(apps)
            self.assertEqual(sorted(c["version"] for c in found), ["16.4", "26.1"])
            out = io.StringIO()
            with redirect_stdout(out):
                self.assertEqual(p.main(["xcode", "--major", "26", "--applications", apps]), 0)
            self.assertEqual(out.getvalue().strip(), os.path.join(apps, "Xcode_26.1.app", "Contents", "Developer"))


class CommandTests(unittest.TestCase):
    def run_main(self, argv):
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            rc = p.main(argv)
        return rc, out.getvalue(), err.getvalue()

    def files(self):
        return ["--version", os.path.join(FIXTURES, "xcodebuild-version.txt"), "--sdks", os.path.join(FIXTURES, "showsdks.json"),
                "--runtimes", os.path.join(FIXTURES, "runtimes.json"), "--devices", os.path.join(FIXTURES, "devices.json")]

    def test_the_plan_ends_with_one_tab_separated_line_per_simulator(self):
        rc, out, _ = self.run_main(["plan"] + self.files())
        self.assertEqual(rc, 0)
        rows = [line.split("\t") for line in out.splitlines() if "\t" in line]
        self.assertEqual([r[0] for r in rows], ["iphone", "ipad"])

    def test_a_refusal_exits_2_and_bad_input_64_naming_the_file(self):
        rc, _, err = self.run_main(["plan"] + self.files() + ["--runtime", "26.2"])
        self.assertEqual(rc, 2)
        self.assertTrue(err.startswith("ios-simulator-plan: iOS 26.2 is newer"), err)
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as bad:
            bad.write("{ not json")
        try:
            files = self.files()
            files[files.index("--runtimes") + 1] = bad.name
            rc, _, err = self.run_main(["plan"] + files)
            self.assertEqual(rc, 64)
            self.assertIn(bad.name, err)
        finally:
            os.unlink(bad.name)


if __name__ == "__main__":
    unittest.main(verbosity=1)
