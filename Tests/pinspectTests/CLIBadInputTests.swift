import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// Bad input: one clear message naming the file and line, exit 65 (66 for a missing file),
/// never a crash or a hang; valid events around a bad line are still used.
final class CLIBadInputTests: XCTestCase {
    private var fx: CLIFixtures!
    private var lines: [String] = []

    override func setUpWithError() throws {
        fx = try CLIFixtures()
        let simulation = Simulation()
        try simulation.run(try BuiltInScenarios.camera.scenario())
        lines = LogWriter.text(header: LogHeader(app: ["name": "bad-input"]), events: simulation.recorder.events)
            .split(separator: "\n").map(String.init)
    }

    override func tearDown() { fx = nil }

    private var eventCount: Int { lines.count - 1 }

    /// Asserts exit 65 and exactly one `pinspect:` line on stderr containing every needle.
    private func assertBadData(_ r: PInspectBinary.Result, _ needles: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.status, 65, r.stderr, file: file, line: line)
        let messages = r.stderr.split(separator: "\n").filter { $0.hasPrefix("pinspect: ") && !$0.hasPrefix("pinspect: note: ") }
        XCTAssertEqual(messages.count, 1, "one clear message: \(r.stderr)", file: file, line: line)
        for n in needles { XCTAssertTrue(r.stderr.contains(n), "stderr lacks \(n): \(r.stderr)", file: file, line: line) }
    }

    func testEmptyFile() throws {
        let path = try fx.write("empty.jsonl", "")
        assertBadData(try PInspectBinary.run(["summary", path]), ["\(path): the file is empty", "line 1"])
    }

    func testBinaryGarbage() throws {
        var rng = SystemRandomNumberGenerator()
        // The first byte is garbage too, but never a blank: a file starting with a blank line
        // (1 run in ~250 with a random first byte) is reported at its first non-blank line, 2.
        let bytes = [0xFF] + (1..<200_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let path = fx.path("garbage.jsonl")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        assertBadData(try PInspectBinary.run(["timeline", path]), ["\(path):1:"])
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data([0x0A] + bytes)))
        assertBadData(try PInspectBinary.run(["timeline", path]), ["\(path):2:"])
    }

    func testOneHundredMegabyteLineEndsTheReading() throws {
        let path = fx.path("huge.jsonl")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let header = try lines.element(0), event = try lines.element(1)
        try h.write(contentsOf: Data((header + "\n" + event + "\n").utf8))
        let block = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        try h.write(contentsOf: Data("{\"seq\":99,\"junk\":\"".utf8))
        for _ in 0..<100 { try h.write(contentsOf: block) }
        try h.write(contentsOf: Data("\"}\n".utf8))
        try h.write(contentsOf: Data((lines[2...].joined(separator: "\n") + "\n").utf8))
        try h.close()
        let r = try PInspectBinary.run(["summary", "--json", path])
        assertBadData(r, ["\(path):3:", "longer than \(LogReader.maximumLineLength) bytes (the line limit)", "the rest of the log is not read",
                          "(1 line skipped)", "1 valid events used"])
        XCTAssertEqual(try JSONParser.parse(r.stdout).objectValue?["events"]?.intValue, 1, "the event before it is used")
    }

    func testHugeFirstLineIsRefused() throws {
        let path = fx.path("hugeheader.jsonl")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(repeating: UInt8(ascii: "{"), count: 20 << 20)))
        assertBadData(try PInspectBinary.run(["summary", path]), ["\(path):1:", "longer than \(LogReader.maximumLineLength) bytes"])
    }

    /// Endless input with no newline, as a device, as standard input and through a pipe (the
    /// timeline copies standard input first): every command refuses it once the line passes the
    /// limit, within seconds, instead of reading forever.
    func testEndlessInputIsRefusedAtTheLineLimit() throws {
        let refusal = "1: not a presentation-inspector-log: line is longer than \(LogReader.maximumLineLength) bytes (the line limit)"
        assertBadData(try PInspectBinary.run(["summary", "/dev/zero"], timeout: 30), ["/dev/zero:" + refusal])
        let inputs = ["exec \"$0\" \"$@\" < /dev/zero", "tr '\\0' x < /dev/zero | \"$0\" \"$@\""]
        for input in inputs {
            for command in [["summary", "-"], ["timeline", "-"], ["convert", "--to", "html", "-"]] {
                let r = try PInspectBinary.shell(input, command)
                XCTAssertEqual(r.status, 65, "\(input) \(command): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("<stdin>:" + refusal), "\(input) \(command): \(r.stderr)")
            }
        }
        // A scenario is read whole, up to its size limit.
        assertBadData(try PInspectBinary.run(["simulate", "/dev/zero"], timeout: 30),
                      ["/dev/zero: longer than \(Scenario.maximumFileSize) bytes (the size limit)"])
        let scenario = try PInspectBinary.shell("exec \"$0\" \"$@\" < /dev/zero", ["simulate", "-"])
        XCTAssertEqual(scenario.status, 65, scenario.stderr)
        XCTAssertTrue(scenario.stderr.contains("<stdin>: longer than \(Scenario.maximumFileSize) bytes (the size limit)"), scenario.stderr)
    }

    func testNewerVersionIsRefused() throws {
        var l = lines
        try l.change(0) { $0 = $0.replacingOccurrences(of: "\"version\":1", with: "\"version\":2") }
        let path = try fx.write("v2.jsonl", l.joined(separator: "\n") + "\n")
        assertBadData(try PInspectBinary.run(["diagnose", path]), ["\(path):1:", "version 2 is newer"])
    }

    func testNotALogAtAll() throws {
        let path = try fx.write("other.jsonl", "{\"format\":\"something-else\",\"version\":1}\n")
        assertBadData(try PInspectBinary.run(["summary", path]), ["\(path):1:", "something-else"])
    }

    func testTruncatedLastLineKeepsTheCompleteEvents() throws {
        let text = lines.joined(separator: "\n")
        let path = try fx.write("cut.jsonl", String(text.dropLast(25)))
        let r = try PInspectBinary.run(["summary", "--json", path])
        assertBadData(r, ["\(path):\(lines.count):", "incomplete", "\(eventCount - 1) valid events used"])
        XCTAssertEqual(try JSONParser.parse(r.stdout).objectValue?["events"]?.intValue, eventCount - 1)
    }

    func testUnknownKindsAreNamedAndCounted() throws {
        var l = lines
        try l.change(3) { $0 = $0.replacingOccurrences(of: "\"kind\":\"", with: "\"kind\":\"teleport-") }
        try l.change(5) { $0 = $0.replacingOccurrences(of: "\"kind\":\"", with: "\"kind\":\"teleport-") }
        let path = try fx.write("kinds.jsonl", l.joined(separator: "\n") + "\n")
        let r = try PInspectBinary.run(["timeline", path])
        assertBadData(r, ["\(path):4:", "unknown kind \"teleport-", "2 lines skipped in all: 4, 6", "\(eventCount - 2) valid events used"])
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasPrefix("  #") }.count, eventCount - 2)
    }

    func testBadLinesFailTheDiagnoseGateEvenWithoutFindings() throws {
        let simulation = Simulation()
        try simulation.run(try BuiltInScenarios.calendar.scenario())
        var l = LogWriter.text(header: LogHeader(), events: simulation.recorder.events).split(separator: "\n").map(String.init)
        l.insert("not json", at: 2)
        let path = try fx.write("calendar-bad.jsonl", l.joined(separator: "\n") + "\n")
        let r = try PInspectBinary.run(["diagnose", path])
        assertBadData(r, ["\(path):3: invalid JSON"])
        XCTAssertTrue(r.stdout.hasPrefix("no findings"))
    }

    func testMissingFileAndDirectory() throws {
        let missing = try PInspectBinary.run(["summary", fx.path("absent.jsonl")])
        XCTAssertEqual(missing.status, 66)
        XCTAssertEqual(missing.stderr, "pinspect: \(fx.path("absent.jsonl")): no such file\n")
        let dir = try PInspectBinary.run(["graph", fx.directory])
        XCTAssertEqual(dir.status, 65)
        XCTAssertTrue(dir.stderr.contains("is a directory"))
    }

    func testStandardInputNamesItselfInMessages() throws {
        let r = try PInspectBinary.run(["summary", "-"], stdin: Data())
        assertBadData(r, ["<stdin>: the file is empty"])
    }
}
