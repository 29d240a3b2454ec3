import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import TestSupport
import XCTest

/// What surprised a first-time user, each now said plainly: an event log given to `simulate`,
/// repeated sequence numbers, a debug build reading a large log.
final class CLISmallSurpriseTests: XCTestCase {
    private var fx: CLIFixtures!
    private var log = ""

    override func setUpWithError() throws {
        fx = try CLIFixtures()
        log = try fx.log(BuiltInScenarios.camera).path
    }

    override func tearDown() { fx = nil }

    /// A log is not a scenario: `simulate` says so and names the command that makes one of it,
    /// where it used to say "invalid JSON" at line 2.
    func testSimulateGivenALogPointsAtPinspectScenario() throws {
        let r = try PInspectBinary.run(["simulate", log])
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertEqual(r.stderr, "pinspect: \(log):1: this is an event log (presentation-inspector-log), not a scenario; "
                       + "make a scenario that replays it with: pinspect scenario \(log) -o scenario.json\n")
        let piped = try PInspectBinary.run(["simulate", "-"], stdin: try Data(contentsOf: URL(fileURLWithPath: log)))
        XCTAssertEqual(piped.status, 65, piped.stderr)
        XCTAssertTrue(piped.stderr.contains("<stdin>:1: this is an event log (presentation-inspector-log), not a scenario; "
                                            + "make a scenario that replays it with: pinspect scenario LOG -o scenario.json"), piped.stderr)
        // A header alone is no scenario either (it is valid JSON: the scenario reader saw an unknown key).
        let header = try fx.write("header.jsonl", String(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").element(0)) + "\n")
        XCTAssertTrue(try PInspectBinary.run(["simulate", header]).stderr.contains("this is an event log"))
    }

    /// Two events with one number: every command says so once (the events are all used).
    func testRepeatedSequenceNumbersAreNoted() throws {
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let (l0, l1, l2, l3) = (try lines.element(0), try lines.element(1), try lines.element(2), try lines.element(3))
        let repeated = try fx.write("repeated.jsonl", (lines + [l2, l3]).joined(separator: "\n") + "\n")
        let note = "pinspect: note: \(repeated): 2 events repeat the sequence number of an earlier one (first #2): "
            + "a recorder numbers each event once, so the log was edited or written by another tool; explain and --at take the first event with a number\n"
        for command in [["summary"], ["timeline"], ["diagnose", "--fail-on", "none"], ["explain", "2"], ["graph"]] {
            let r = try PInspectBinary.run(command + [repeated])
            XCTAssertEqual(r.status, 0, "\(command): \(r.stderr)")
            XCTAssertEqual(r.stderr, note, "\(command)")
        }
        let clean = try PInspectBinary.run(["summary", log])
        XCTAssertEqual(clean.stderr, "", "no note for a log as the recorder writes it")
        // Out of order is not repeated: the note counts repeats only.
        let shuffled = try fx.write("shuffled.jsonl", ([l0, l3, l1, l2] + lines.dropFirst(4)).joined(separator: "\n") + "\n")
        XCTAssertEqual(try PInspectBinary.run(["summary", shuffled]).stderr, "")
        let both = try fx.write("both.jsonl", ([l0, l3, l1, l2, l1] + lines.dropFirst(4)).joined(separator: "\n") + "\n")
        XCTAssertTrue(try PInspectBinary.run(["summary", both]).stderr.contains("an event repeats the sequence number of an earlier one (first #1)"))
    }

    /// `swift run` builds pinspect for debugging: before it reads a large log it says the release
    /// build is about ten times faster (the tests run the debug build).
    func testADebugBuildSaysSoBeforeALargeLog() throws {
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let body = lines.dropFirst().joined(separator: "\n")
        let path = fx.path("large.jsonl")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try file.write(contentsOf: Data((try lines.element(0) + "\n").utf8))
        var written = 0
        while written < largeLogBytes {
            let chunk = Data((body + "\n").utf8)
            try file.write(contentsOf: chunk)
            written += chunk.count
        }
        try file.close()
        let r = try PInspectBinary.run(["summary", path])
        XCTAssertTrue(r.stderr.hasPrefix("pinspect: note: this pinspect is a debug build (swift run builds one), about ten times slower"
                                         + " on a log this size; build the release once, swift build -c release, and run .build/release/pinspect"), r.stderr)
        XCTAssertFalse(try PInspectBinary.run(["summary", log]).stderr.contains("debug build"), "a small log reads fast enough")
    }
}

/// The size from which pinspect's debug build says so (`largeLogBytes` in the CLI).
private let largeLogBytes = 32 << 20
