import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// Output that cannot be written whole is a failure the user is told about (exit 73, the reason
/// on standard error), never a crash and never a success: a full standard output, a full
/// temporary folder. And a log read from standard input is an input like any other: no output
/// may write over it.
final class CLIWriteFailureTests: XCTestCase {
    private var fx: CLIFixtures!
    private var log = ""

    override func setUpWithError() throws {
        fx = try CLIFixtures()
        log = try fx.log(BuiltInScenarios.camera).path
    }

    override func tearDown() { fx = nil }

    func testAFullStandardOutputExits73() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full")
        let commands: [[String]] = [
            ["summary", log], ["summary", "--json", log], ["timeline", log], ["timeline", "--json", log],
            ["diagnose", log], ["diagnose", "--json", log], ["convert", "--to", "jsonl", log],
            ["convert", "--to", "html", log], ["graph", log], ["explain", "1", log], ["scenario", log],
            ["diff", log, log],
        ]
        for command in commands {
            let r = try PInspectBinary.shell(#"exec "$0" "$@" > /dev/full"#, command)
            XCTAssertEqual(r.status, 73, "\(command): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("pinspect: cannot write standard output: "), "\(command): \(r.stderr)")
        }
    }

    /// Whether pinspect is built with a sanitizer, whose runtime dies under the file size limit
    /// below before pinspect can answer (CI steps 20 and 60 run the tests so built).
    private static let isSanitized: Bool = {
        guard let binary = FileManager.default.contents(atPath: PInspectBinary.path) else { return false }
        return ["__tsan_init", "__asan_init"].contains { binary.range(of: Data($0.utf8)) != nil }
    }()

    func testAFullTemporaryFolderExits73() throws {
        try XCTSkipIf(Self.isSanitized, "a sanitizer's runtime does not survive the file size limit")
        // Enough events for the spools to pass the file size limit set below (64 KiB).
        let events = try fx.log(BuiltInScenarios.diagnostics).events
        var many: [Event] = []
        for round in 0..<60 {
            for var e in events { e.seq += round * events.count; e.time += Double(round) * 100; many.append(e) }
        }
        let big = try fx.write("big.jsonl", LogWriter.text(header: LogHeader(), events: many))
        let temporary = fx.path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        for command in [["timeline", big], ["diagnose", big], ["convert", "--to", "jsonl", "--at", "\(many.count)", big]] {
            let r = try PInspectBinary.shell(#"trap '' XFSZ; ulimit -f 64; export TMPDIR="$T"; exec "$0" "$@""#.replacingOccurrences(of: "$T", with: temporary), command)
            XCTAssertEqual(r.status, 73, "\(command): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("pinspect: writing a temporary file in \(temporary)"), "\(command): \(r.stderr)")
        }
    }

    func testAnOutputThatStandardInputReadsIsRefused() throws {
        for command in [["convert", "--to", "jsonl", "--at", "3"], ["convert", "--to", "html"], ["scenario"],
                        ["test", "--framework", "xctest", "--expect-clean"], ["graph"]] {
            let before = try Data(contentsOf: URL(fileURLWithPath: log))
            let r = try PInspectBinary.shell(#"f="$1"; shift; exec "$0" "$@" -o "$f" - < "$f""#, [log] + command)
            XCTAssertEqual(r.status, 64, "\(command): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("it is the file standard input reads"), "\(command): \(r.stderr)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: log)), before, "\(command) changed its input")
        }
        let scenario = try fx.scenario(BuiltInScenarios.camera)
        let before = try Data(contentsOf: URL(fileURLWithPath: scenario))
        let r = try PInspectBinary.shell(#"exec "$0" simulate -o "$1" - < "$1""#, [scenario])
        XCTAssertEqual(r.status, 64, r.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: scenario)), before, "simulate changed its scenario")
    }

    /// A log whose recorder dropped events says so where the output does not (a CI gate on
    /// `diagnose` would otherwise pass in silence over what was dropped).
    func testDroppedEventsAreNotedWhereTheOutputDoesNotSayIt() throws {
        let text = try String(contentsOfFile: log, encoding: .utf8)
        let dropped = try fx.write("dropped.jsonl", text.replacingOccurrences(of: "{", with: #"{"dropped":5,"#, options: .anchored))
        for command in [["diagnose", dropped], ["diagnose", "--json", dropped], ["timeline", dropped]] {
            let r = try PInspectBinary.run(command)
            XCTAssertTrue(r.stderr.contains("dropped 5 earlier events"), "\(command): \(r.stderr)")
        }
        let whole = try PInspectBinary.run(["diagnose", log])
        XCTAssertFalse(whole.stderr.contains("dropped"), whole.stderr)
    }

    func testScenarioAndTestOptionsGivenTwiceAreRefused() throws {
        let a = fx.path("a.json"), b = fx.path("b.json")
        for command in [["scenario", "-o", a, "-o", b, log],
                        ["test", log, "--framework", "xctest", "--framework", "swift-testing", "--expect-clean", "-o", a],
                        ["test", log, "--framework", "xctest", "--name", "A", "--name", "B", "--expect-clean", "-o", a]] {
            let r = try PInspectBinary.run(command)
            XCTAssertEqual(r.status, 64, "\(command): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("was given 2 times with different values"), "\(command): \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: a) || FileManager.default.fileExists(atPath: b), "\(command) wrote")
        }
    }
}
