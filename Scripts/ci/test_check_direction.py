#!/usr/bin/env python3
"""Tests of check_direction.py over small trees made for each case."""

import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_direction  # noqa: E402


class DirectionTests(unittest.TestCase):
    def tree(self, files):
        """A core folder holding `files` ({"Folder/Name.swift": text}); returns its path."""
        root = tempfile.mkdtemp()
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", root], check=True))
        for rel, text in files.items():
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        return root

    def run_script(self, root):
        return subprocess.run([sys.executable, os.path.join(HERE, "check_direction.py"), root],
                              capture_output=True, text=True)

    STACK = "public final class CapturedCallStack {\n    public let addresses: [UInt] = []\n}\n"
    EVENT = "public struct Event {\n    public var seq: Int\n}\n"

    def test_references_along_the_direction_pass(self):
        root = self.tree({
            "Model/Event.swift": self.EVENT,
            "Integration/CallStackCapture.swift": self.STACK + "func record(_ e: Event) {}\n",
        })
        result = self.run_script(root)
        self.assertEqual(result.returncode, 0, result.stdout)

    def test_a_back_reference_fails_naming_file_line_and_symbol(self):
        root = self.tree({
            "Model/Event.swift": self.EVENT.replace(
                "    public var seq: Int\n",
                "    public var seq: Int\n    public var stack: CapturedCallStack?\n"),
            "Integration/CallStackCapture.swift": self.STACK,
        })
        result = self.run_script(root)
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertIn(os.path.join(root, "Model", "Event.swift") + ":3: Model uses "
                      "CapturedCallStack of Integration", result.stdout)

    def test_a_member_added_by_a_higher_folder_counts_as_that_folder(self):
        root = self.tree({
            "Model/Event.swift": self.EVENT + "func show(_ e: Event) -> String { e.sessionLabel }\n",
            "Integration/Session.swift": "extension Event {\n    var sessionLabel: String { \"\" }\n}\n",
        })
        found = check_direction.check(root)
        self.assertEqual(len(found), 1, found)
        self.assertTrue(found[0].endswith("Model uses .sessionLabel of Integration"), found)

    def test_comments_strings_and_locals_are_not_references(self):
        root = self.tree({
            "Model/Event.swift": self.EVENT
            + "// A CapturedCallStack is made by the session.\n"
            + "let note = \"CapturedCallStack \\(1 + \"x\".count) CapturedCallStack\"\n"
            + "func f() { let record = 1; _ = record }\n",
            "Integration/CallStackCapture.swift": self.STACK + "func record() {}\n",
        })
        self.assertEqual(check_direction.check(root), [])

    def test_an_unknown_folder_is_an_error(self):
        root = self.tree({"Elsewhere/Thing.swift": "struct Thing {}\n"})
        result = self.run_script(root)
        self.assertEqual(result.returncode, 2)
        self.assertIn("Elsewhere", result.stdout)

    def test_every_folder_builds_only_on_folders_below_it(self):
        for folder, allowed in check_direction.ALLOWED.items():
            self.assertNotIn(folder, allowed, f"{folder} depends on itself through a cycle")


if __name__ == "__main__":
    unittest.main()
