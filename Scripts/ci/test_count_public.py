#!/usr/bin/env python3
"""Tests of count_public.py: what it counts, what it skips, and that it fails above the limit."""

import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import count_public  # noqa: E402

SAMPLE = '''
/// A public type; "public func inDocComment()" is not code.
public struct Event: Hashable {
    public var seq: Int
    public private(set) var time: Double
    package var internalOnly: Int
    var implicit: Int
    @inlinable public init(seq: Int) { self.seq = seq; time = 0; internalOnly = 0; implicit = 0 }
    public static func == (a: Event, b: Event) -> Bool { true }
    let text = "public var notADeclaration: Int"
    /* public func inBlockComment() {} */
}

public enum Kind: String { case present, dismiss
    case leak
    public var label: String { rawValue }
}

public protocol Node {
    var id: String { get }
    func child() -> Node?
}

public extension Event {
    var summary: String { "" }
    func mentions(_ s: String) -> Bool { false }
    private func helper() {}
}

open class Base { open func hook() {} }

@_spi(Package) public struct Shared { @_spi(Package) public var x: Int }
@_spi(Package)
public func sharedHelper() {}
@_spi(Package) public extension Event {
    var sharedSummary: String { "" }
}

func call() { let fd = open("x", 0); _ = fd }
'''


class CountPublicTests(unittest.TestCase):
    def write(self, folder, name, text):
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def test_counts_modified_declarations_and_public_extension_members(self):
        with tempfile.TemporaryDirectory() as d:
            declared, implicit, spi = count_public.count_file(self.write(d, "A.swift", SAMPLE))
        # Event, seq, time, init, ==; Kind, label; Node; the extension, summary, mentions;
        # Base, hook. Not: package/internal members, comments, strings, a call of open(2).
        self.assertEqual(declared, 13)
        # present, dismiss, leak; the protocol's id and child().
        self.assertEqual(implicit, 5)
        # Shared, x, sharedHelper (its attribute on the line above), the SPI extension and its member.
        self.assertEqual(spi, 5)

    def test_fails_above_the_limit_and_lists_files(self):
        with tempfile.TemporaryDirectory() as d:
            self.write(d, "A.swift", SAMPLE)
            script = os.path.join(HERE, "count_public.py")
            ok = subprocess.run([sys.executable, script, "--limit", "13", d], capture_output=True, text=True)
            over = subprocess.run([sys.executable, script, "--limit", "12", d], capture_output=True, text=True)
        self.assertEqual(ok.returncode, 0, ok.stdout + ok.stderr)
        self.assertIn(": 13 (limit 13)", ok.stdout)
        self.assertIn("A.swift", ok.stdout)
        self.assertEqual(over.returncode, 1)
        self.assertIn("more than 12", over.stdout)


if __name__ == "__main__":
    unittest.main(verbosity=1)
