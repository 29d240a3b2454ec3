import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// Mistakes at the edges get their real reason and the documented exit code (docs/CLI.md).
final class CLIMessageTests: XCTestCase {
    private var fx: CLIFixtures!
    private var log = ""

    override func setUpWithError() throws {
        fx = try CLIFixtures()
        log = try fx.log(BuiltInScenarios.camera).path
    }

    override func tearDown() { fx = nil }

    private func assertMessage(_ arguments: [String], status: Int32, _ message: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try PInspectBinary.run(arguments)
        XCTAssertEqual(r.status, status, "\(arguments): \(r.stderr)", file: file, line: line)
        XCTAssertEqual(r.stderr, "pinspect: \(message)\n", "\(arguments)", file: file, line: line)
    }

    func testExplainOfAnEventOnASkippedLineGivesTheBadLineAnd65() throws {
        var lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        try lines.change(3) { $0 = "{not json" }  // line 4: event #3
        let path = try fx.write("bad.jsonl", lines.joined(separator: "\n") + "\n")
        let r = try PInspectBinary.run(["explain", "3", path])
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("pinspect: explain: no valid event #3 in \(path); it may be on a skipped line: \(path):4: "), r.stderr)
        XCTAssertTrue(r.stderr.contains("(1 line skipped)"), r.stderr)
        let at = try PInspectBinary.run(["graph", "--at", "3", path])
        XCTAssertEqual(at.status, 65, at.stderr)
        XCTAssertTrue(at.stderr.hasPrefix("pinspect: --at: no valid event #3 in \(path); it may be on a skipped line"), at.stderr)
        // A clean log still says which events it has, as a usage error.
        try assertMessage(["explain", "999", log], status: 64, "explain: \(log) has no event #999 (it has #1–#\(lines.count - 1))")
    }

    func testNegativeEventNumbersAreNamed() throws {
        let message = "--at: the event number must be 0 or more (#N in other outputs), found -1"
        try assertMessage(["graph", "--at", "-1", log], status: 64, message)
        try assertMessage(["graph", "--at=-1", log], status: 64, message)
        try assertMessage(["convert", "--to", "dot", "--at", "-1", log], status: 64, message)
        try assertMessage(["explain", "-4", log], status: 64, "explain: the event number must be 0 or more (#N in other outputs), found -4")
    }

    /// Event numbers are plain ASCII digits, after an optional `#` as other outputs print them,
    /// wherever they are given (after `--` too), as the LLDB plugin reads them.
    func testEventNumbersAreDigitsOrTheHashForm() throws {
        let plain = try PInspectBinary.run(["explain", "3", log])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let hash = try PInspectBinary.run(["explain", "#3", log])
        XCTAssertEqual(hash.status, 0, hash.stderr)
        XCTAssertEqual(hash.stdout, plain.stdout)
        XCTAssertEqual(try PInspectBinary.run(["graph", "--at", "#3", log]).stdout, try PInspectBinary.run(["graph", "--at", "3", log]).stdout)
        try assertMessage(["explain", "+3", log], status: 64, "explain: the event number must be a whole number (#N in other outputs), found '+3'")
        try assertMessage(["graph", "--at=-0", log], status: 64, "--at: the event number must be a whole number (#N in other outputs), found '-0'")
        let afterDashes = try PInspectBinary.run(["explain", "--", "+3", log])
        XCTAssertEqual(afterDashes.status, 64, afterDashes.stderr)
        XCTAssertTrue(afterDashes.stderr.contains("explain: the event number must be a whole number (#N in other outputs), found '+3'"), afterDashes.stderr)
        // A command without --at says so, whatever its value.
        let diff = try PInspectBinary.run(["diff", "--at", "+3", log, log])
        XCTAssertEqual(diff.status, 64, diff.stderr)
        XCTAssertTrue(diff.stderr.contains("Unknown option '--at'"), diff.stderr)
    }

    func testConflictingRepeatedOptionsAreRefused() throws {
        try assertMessage(["graph", "--format", "dot", "--format", "svg", log], status: 64,
                          "--format was given 2 times with different values ('dot', 'svg'); give it once")
        try assertMessage(["graph", "--at", "13", "--at=14", log], status: 64,
                          "--at was given 2 times with different values ('13', '14'); give it once")
        try assertMessage(["convert", "--to", "html", "-o", "a.html", "--output", "b.html", log], status: 64,
                          "--output was given 2 times with different values ('a.html', 'b.html'); give it once")
        try assertMessage(["timeline", "--controller", "camera", "--controller", "photos", log], status: 64,
                          "--controller was given 2 times with different values ('camera', 'photos'); give it once")
        try assertMessage(["diagnose", "--fail-on", "error", "--fail-on", "none", log], status: 64,
                          "--fail-on was given 2 times with different values ('error', 'none'); give it once")
        let same = try PInspectBinary.run(["graph", "--format", "dot", "--format", "dot", log])
        XCTAssertEqual(same.status, 0, "the same value twice is no conflict: \(same.stderr)")
    }

    func testUnwritableOutputsSayWhy() throws {
        try assertMessage(["graph", "-o", "/no/such/folder/x.svg", log], status: 73,
                          "cannot write /no/such/folder/x.svg: the folder /no/such/folder does not exist (create it first: mkdir -p /no/such/folder)")
        try assertMessage(["graph", "-o", fx.directory, log], status: 73,
                          "cannot write \(fx.directory): it is a directory; name a file inside it, e.g. \(fx.directory)/out")
        try assertMessage(["convert", "--to", "jsonl", "-o", "/dev/null/x", log], status: 73,
                          "cannot write /dev/null/x: /dev/null is a file, not a folder")
        let proc = try PInspectBinary.run(["graph", "-o", "/proc/version", log])
        XCTAssertEqual(proc.status, 73, proc.stderr)
        XCTAssertTrue(proc.stderr.hasPrefix("pinspect: cannot write /proc/version: cannot create a file in the folder /proc"), proc.stderr)
        XCTAssertFalse(proc.stderr.contains("doesn't exist"), proc.stderr)
    }

    func testAFilterThatMatchesNothingSaysSo() throws {
        let r = try PInspectBinary.run(["timeline", "--controller", "nosuch", log])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "pinspect: --controller 'nosuch' matched no event (a controller is named by its id, exactly, or its title or type name, ignoring case)\n")
        let kind = try PInspectBinary.run(["timeline", "--kind", "leak-check", log])
        XCTAssertEqual(kind.status, 0, kind.stderr)
        XCTAssertEqual(kind.stderr, "pinspect: --kind leak-check matched no event\n")
        let some = try PInspectBinary.run(["timeline", "--controller", "camera", log])
        XCTAssertEqual(some.stderr, "", "a filter that matches says nothing")
    }

    func testTitlesAndTypeNamesMatchIgnoringCaseAndIdsExactly() throws {
        let title = try PInspectBinary.run(["timeline", "--controller", "People", log])
        XCTAssertEqual(title.status, 0, title.stderr)
        XCTAssertTrue(title.stdout.contains("peoplePicker"), title.stdout)
        for spelling in ["people", "PEOPLE"] {
            XCTAssertEqual(try PInspectBinary.run(["timeline", "--controller", spelling, log]).stdout, title.stdout, spelling)
        }
        let type = try PInspectBinary.run(["timeline", "--controller", "abpeoplepickernavigationcontroller", log])
        XCTAssertTrue(type.stdout.contains("peoplePicker"), type.stdout)
        let wrongCaseId = try PInspectBinary.run(["timeline", "--controller", "PEOPLEPICKER", log])
        XCTAssertTrue(wrongCaseId.stderr.contains("matched no event"), "ids match exactly: \(wrongCaseId.stdout)")
    }

    func testFailOnNoneReportsWithoutGating() throws {
        let gate = try PInspectBinary.run(["diagnose", "--fail-on", "info", log])
        XCTAssertEqual(gate.status, 1, gate.stderr)
        let r = try PInspectBinary.run(["diagnose", "--fail-on", "none", log])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").dropLast(), gate.stdout.split(separator: "\n").dropLast(), "the same findings")
        XCTAssertTrue(r.stdout.hasSuffix("; --fail-on none: not gating\n"), r.stdout)
    }
}
