import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// Issue 10: `timeline`, `diagnose` and `convert --to jsonl` stream the log. Their output must be
/// what the whole-log path prints. A log whose lines are shuffled sends `timeline` down the
/// whole-log path (it needs seq order) and `diagnose` through its sort, so the shuffled log's
/// output is the reference for the in-order log's streamed one.
final class CLIStreamingTests: XCTestCase {
    /// Every built-in scenario, one after the other, renumbered: many windows, every kind of
    /// event, diagnostics of every severity, bad lines between them.
    private func combinedLog(badLines: Bool) -> (header: String, lines: [String]) {
        var seq = 0
        var lines: [String] = []
        var offset = 0.0
        for s in BuiltInScenarios.all {
            let simulation = Simulation()
            try? simulation.run(try! s.scenario())
            let first = seq
            for var e in simulation.recorder.events {
                seq += 1
                e.seq = seq
                if let r = e.relatesTo { e.relatesTo = r + first }
                e.time += offset
                lines.append(EventCoding.encode(e))
            }
            offset = (simulation.recorder.events.map(\.time).max() ?? 0) + offset + 1
            if badLines { lines.append("{\"seq\":\(seq),\"kind\":") }
        }
        return (EventCoding.encode(LogHeader(app: ["name": "streaming"])), lines)
    }

    private func run(_ args: [String], _ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> PInspectBinary.Result {
        try PInspectBinary.run(args + ["-"], stdin: Data(text.utf8), file: file, line: line)
    }

    func testStreamedOutputsAreTheWholeLogOutputs() throws {
        for badLines in [false, true] {
            let (header, lines) = combinedLog(badLines: badLines)
            let inOrder = ([header] + lines).joined(separator: "\n") + "\n"
            // Reversed: seq order is lost, the bad lines' numbers change (not compared).
            let shuffled = ([header] + lines.reversed()).joined(separator: "\n") + "\n"
            for args in [["timeline"], ["timeline", "--json"], ["timeline", "--kind", "present"],
                         ["timeline", "--json", "--controller", "UINavigationController"],
                         ["timeline", "--controller", "map"], ["timeline", "--json", "--kind", "sheet-detent-changed"],
                         ["diagnose", "--fail-on", "error"], ["diagnose", "--json"]] {
                let streamed = try run(args, inOrder)
                let whole = try run(args, shuffled)
                XCTAssertEqual(streamed.status, whole.status, "\(args)")
                XCTAssertEqual(streamed.status == 65, badLines, "\(args): \(streamed.stderr)")
                XCTAssertFalse(streamed.stdout.isEmpty)
                XCTAssertEqual(streamed.stdout, whole.stdout, "\(args) (bad lines: \(badLines))")
                if args == ["timeline", "--controller", "map"] {
                    XCTAssertTrue(streamed.stdout.contains("interactive below PlacesDrawerViewController"), streamed.stdout)
                }
            }
        }
    }

    func testConvertToJSONLStreamsTheValidEvents() throws {
        let (header, lines) = combinedLog(badLines: true)
        let text = ([header] + lines).joined(separator: "\n") + "\n"
        let r = try run(["convert", "--to", "jsonl"], text)
        XCTAssertEqual(r.status, 65)
        let read = try LogReader.read(text: text)
        XCTAssertEqual(r.stdout, LogWriter.text(header: read.header, events: read.events))
        let cut = try run(["convert", "--to", "jsonl", "--at", "40"], text)
        XCTAssertEqual(cut.stdout, LogWriter.text(header: read.header, events: read.events.filter { $0.seq <= 40 }))
        let missing = try run(["convert", "--to", "jsonl", "--at", "999999"], text)
        XCTAssertEqual(missing.status, 64)
        XCTAssertEqual(missing.stdout, "", "nothing is written for an event that is not in the log")
        XCTAssertTrue(missing.stderr.contains("no event #999999"), missing.stderr)
    }

    func testAnOutputFileIsReplacedOnlyWhenComplete() throws {
        let fx = try CLIFixtures()
        let (header, lines) = combinedLog(badLines: false)
        let log = try fx.write("log.jsonl", ([header] + lines).joined(separator: "\n") + "\n")
        let target = try fx.write("out.jsonl", "before\n")
        let failed = try PInspectBinary.run(["convert", "--to", "jsonl", "--at", "999999", "-o", target, log])
        XCTAssertEqual(failed.status, 64)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "before\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fx.directory).sorted(), ["log.jsonl", "out.jsonl"],
                       "no temporary file is left beside the output")
        let ok = try PInspectBinary.run(["convert", "--to", "jsonl", "-o", target, log])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), try String(contentsOfFile: log, encoding: .utf8))
    }
}
