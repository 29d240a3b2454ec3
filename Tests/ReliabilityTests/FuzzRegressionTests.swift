import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// Inputs that the libFuzzer targets (Fuzz/) once crashed on, kept as tests. The raw inputs are
/// also in Fuzz/Regressions/, which Scripts/ci/61-fuzz.sh replays before fuzzing.
final class FuzzRegressionTests: XCTestCase {
    private let header = #"{"format":"presentation-inspector-log","version":1,"created":"2026-01-01T00:00:00Z","app":{},"device":{}}"#
    private let event = #"{"seq":1,"time":0.5,"thread":"main","kind":"present","outcome":"presented","animated":true,"diagnostics":[],"chain":[]}"#

    /// FuzzLogReader: the in-memory reader split on the Character "\n", which a CRLF pair is
    /// not, so a CRLF log failed there while the file reader read it.
    func testCRLFLogReadsTheSameFromTextAndFile() throws {
        let text = header + "\r\n" + event + "\r\n"
        let fromText = try LogReader.read(text: text, name: "crlf.jsonl")
        XCTAssertEqual(fromText.events.map(\.seq), [1])
        XCTAssertEqual(fromText.issues, [])

        let path = NSTemporaryDirectory() + "crlf-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let fromFile = try LogReader.read(path: path)
        XCTAssertEqual(fromFile.events, fromText.events)
        XCTAssertEqual(fromFile.issues, fromText.issues)
    }

    /// A CRLF log cut in the middle of its last line: both readers report the same truncation.
    func testCRLFLogWithACutLastLine() throws {
        let text = header + "\r\n" + event + "\r\n" + String(event.prefix(40))
        let read = try LogReader.read(text: text, name: "cut.jsonl")
        XCTAssertEqual(read.events.count, 1)
        XCTAssertTrue(read.truncatedLastLine)
        XCTAssertEqual(read.issues.map(\.line), [3])
    }

    /// FuzzViews: a time with more digits than microseconds is written to the microsecond, as
    /// every time in a log, and reads back so; nothing else of the event changes.
    func testATimeBelowAMicrosecondIsRewrittenToTheMicrosecond() throws {
        let precise = event.replacingOccurrences(of: #""time":0.5"#, with: #""time":11.9123456789012345678901234567890"#)
        let read = try LogReader.read(text: header + "\n" + precise + "\n", name: "precise.jsonl")
        let original = try XCTUnwrap(read.events.first)
        XCTAssertEqual(original.time, 11.912345678901234)
        let rewritten = try LogReader.read(text: LogWriter.text(header: read.header, events: read.events), name: "rewritten.jsonl")
        var expected = original
        expected.time = 11.912346
        XCTAssertEqual(rewritten.events, [expected])
        XCTAssertEqual(JSONWriter.toTheMicrosecond(original.time), 11.912346)
        XCTAssertEqual(JSONWriter.toTheMicrosecond(1.7e308), 1.7e308, "no overflow to infinity")
    }

    /// FuzzLogReader: a time near Double's maximum overflowed the writer's microsecond rounding
    /// to infinity, and the writer printed `inf`, which is no JSON.
    func testHugeFiniteNumbersStayValidJSON() throws {
        for value in [1.7e308, -Double.greatestFiniteMagnitude, 9.99e307, 1e300 + 0.5, Double.leastNonzeroMagnitude] {
            var w = JSONWriter()
            w.number(value)
            let parsed = try JSONParser.parse(w.text)
            XCTAssertNotNil(parsed.numberValue, "\(value) → \(w.text)")
        }
        var e = Event(time: 1.7e308, kind: .present, outcome: .presented)
        e.seq = 1
        let line = EventCoding.encode(e)
        // Still valid JSON; since the reader range-checks times (0…1e9 s), it is refused by name.
        let object = try XCTUnwrap(JSONParser.parse(line).objectValue)
        XCTAssertThrowsError(try EventCoding.decodeEvent(object)) { error in
            XCTAssertTrue("\(error)".contains("out of range"), "\(error)")
        }
    }

    /// FuzzScenario (LeakSanitizer): a scenario that stopped on an error left leak-check timers
    /// in the virtual clock; their closures held the clock and the recorder, a retain cycle.
    func testSimulationStoppedEarlyReleasesItsRecorder() throws {
        let json = """
        { "controllers": [ { "id": "root", "type": "Root" }, { "id": "sheet", "type": "Sheet" } ],
          "windows": [ { "id": "w", "root": "root" } ],
          "steps": [ { "present": "sheet", "from": "root", "animated": false },
                     { "dismiss": "sheet", "animated": false },
                     { "swipeDown": "sheet" } ] }
        """
        let scenario = try Scenario.parse(json, file: "stops.json")
        weak var recorder: Recorder?
        weak var clock: VirtualClock?
        do {
            let sim = Simulation()
            recorder = sim.recorder
            clock = sim.clock
            XCTAssertThrowsError(try sim.run(scenario)) { error in
                XCTAssertTrue("\(error)".contains("steps[2] (swipeDown)"), "\(error)")
            }
            XCTAssertTrue(sim.clock.hasPendingWork, "the leak check is still pending when the run stops")
        }
        XCTAssertNil(recorder, "the recorder outlived its simulation")
        XCTAssertNil(clock, "the virtual clock outlived its simulation")
    }

    /// FuzzScenario (LeakSanitizer): a run stopped by an error during an animated dismissal; the
    /// pending transition's closure held the simulation itself, so its deinit never ran.
    func testSimulationStoppedDuringADismissTransitionIsReleased() throws {
        let json = """
        { "controllers": [ { "id": "root", "type": "Root" }, { "id": "sheet", "type": "Sheet" } ],
          "windows": [ { "id": "w", "root": "root" } ],
          "steps": [ { "present": "sheet", "from": "root" }, { "advance": 0.5 },
                     { "dismiss": "sheet" }, { "swipeDown": "root" } ] }
        """
        let scenario = try Scenario.parse(json, file: "stops.json")
        weak var simulation: Simulation?
        weak var recorder: Recorder?
        do {
            let sim = Simulation()
            simulation = sim
            recorder = sim.recorder
            XCTAssertThrowsError(try sim.run(scenario))
            XCTAssertTrue(sim.clock.hasPendingWork, "the dismiss transition is still running when the run stops")
        }
        XCTAssertNil(simulation, "the simulation outlived its last reference")
        XCTAssertNil(recorder, "the recorder outlived its simulation")
    }
}
