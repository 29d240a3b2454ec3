import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// The crashes and misleading messages found with hostile values: each command exits with a
/// message in the user's terms instead of a Swift fatal error (exit 132).
final class CLIHostileValueTests: XCTestCase {
    private var fx: CLIFixtures!
    private var log: (path: String, events: [Event])!

    override func setUpWithError() throws {
        fx = try CLIFixtures()
        log = try fx.log(BuiltInScenarios.camera)
    }

    override func tearDown() { fx = nil; log = nil }

    /// The camera log with event line `index` (1-based among events) edited by `edit`.
    private func edited(_ name: String, line index: Int, _ edit: (String) -> String) throws -> String {
        var lines = try String(contentsOfFile: log.path, encoding: .utf8).split(separator: "\n").map(String.init)
        try lines.change(index) { $0 = edit($0) }
        return try fx.write(name, lines.joined(separator: "\n") + "\n")
    }

    private func withTime(_ t: String) throws -> String {
        try edited("time-\(t).jsonl", line: 2) { $0.replacing(#/"time":[0-9.e+-]+/#, with: "\"time\":\(t)") }
    }

    func testOutOfRangeTimesAreNamedInEveryCommand() throws {
        for t in ["1e16", "1e13", "1e308", "-1e308"] {
            let path = try withTime(t)
            for command in [["summary"], ["timeline"], ["explain", "1"], ["convert", "--to", "html"], ["convert", "--to", "perfetto"],
                            ["convert", "--to", "text"], ["graph"], ["diagnose"]] {
                let r = try PInspectBinary.run(command + [path])
                XCTAssertNotEqual(r.status, 132, "\(command) trapped on time \(t): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("\(path):3: key \"time\": out of range"), "\(command) \(t): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("0…1e9 s"), r.stderr)
                XCTAssertFalse(r.stderr.contains("Fatal error"), r.stderr)
            }
        }
    }

    func testHugeSequenceNumberSaysOutOfRange() throws {
        let path = try edited("seq.jsonl", line: 2) { $0.replacing(#/"seq":[0-9]+/#, with: "\"seq\":9223372036854775807") }
        let r = try PInspectBinary.run(["summary", path])
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.stderr.contains("key \"seq\": out of range: 9223372036854775807 is not in 0…2^53"), r.stderr)
    }

    func testHeaderDroppedOutOfRangeIsRefusedNotShown() throws {
        for bad in ["-4", "9223372036854775807"] {
            let path = try edited("dropped\(bad).jsonl", line: 0) { $0.replacingOccurrences(of: "{", with: "{\"dropped\":\(bad),", options: .anchored) }
            let r = try PInspectBinary.run(["summary", path])
            XCTAssertEqual(r.status, 65, r.stderr)
            XCTAssertTrue(r.stderr.contains("dropped") && r.stderr.contains("out of range"), r.stderr)
            XCTAssertFalse(r.stdout.contains("-4"), r.stdout)
        }
    }

    func testByteOrderMarkIsAccepted() throws {
        let text = try String(contentsOfFile: log.path, encoding: .utf8)
        let path = try fx.write("bom.jsonl", "\u{FEFF}" + text)
        let r = try PInspectBinary.run(["summary", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let scenario = try fx.write("bom.json", "\u{FEFF}" + BuiltInScenarios.camera.json)
        XCTAssertEqual(try PInspectBinary.run(["simulate", scenario]).status, 0)
    }

    func testNegativeEventNumberBlamesTheEventNumber() throws {
        let r = try PInspectBinary.run(["explain", "-1", log.path])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("event number must be 0 or more"), r.stderr)
        XCTAssertFalse(r.stderr.contains(log.path), "blames the log: \(r.stderr)")
    }

    func testOutputPathProblemsAreNamed() throws {
        let dir = try PInspectBinary.run(["convert", "--to", "text", "-o", fx.directory, log.path])
        XCTAssertEqual(dir.status, 73)
        XCTAssertTrue(dir.stderr.contains("it is a directory"), dir.stderr)
        let missing = fx.path("no-such-folder/out.txt")
        let r = try PInspectBinary.run(["convert", "--to", "text", "-o", missing, log.path])
        XCTAssertEqual(r.status, 73)
        XCTAssertTrue(r.stderr.contains("the folder \(fx.path("no-such-folder")) does not exist"), r.stderr)
    }
}
