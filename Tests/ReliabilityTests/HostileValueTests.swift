import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// Numbers past their range: the reader refuses them as bad lines naming the key, the value and
/// the range (docs/FORMATS.md), and every view survives them when they reach it some other way
/// (built in memory). Before the fix, `time: 1e16` trapped `formatTime` and `1e13` trapped the
/// Perfetto exporter; `dropped: -4` was shown and 2⁶³ silently became 0.
final class HostileValueTests: XCTestCase {
    private let header = EventCoding.encode(LogHeader(app: ["name": "hostile"]))

    private func line(seq: String = "1", time: String = "1", extra: String = "") -> String {
        #"{"seq":\#(seq),"time":\#(time),"kind":"present","outcome":"presented"\#(extra),"diagnostics":[],"chain":[{"id":"root","type":"Root"}]}"#
    }

    private func read(_ lines: [String]) throws -> LogReadResult {
        try LogReader.read(text: lines.joined(separator: "\n") + "\n", name: "hostile.jsonl")
    }

    func testOutOfRangeTimesAreBadLinesNamingKeyValueAndRange() throws {
        let times = ["1e16", "1e13", "1e308", "-1e308", "-1", "1000000001"]
        let r = try read([header, line(seq: "0", time: "0.5")] + times.enumerated().map { line(seq: "\($0.offset + 1)", time: $0.element) })
        XCTAssertEqual(r.events.map(\.seq), [0])
        XCTAssertEqual(r.issues.map(\.line), Array(3...(2 + times.count)))
        for issue in r.issues {
            XCTAssertTrue(issue.message.hasPrefix(#"key "time": out of range: "#), issue.message)
            XCTAssertTrue(issue.message.contains("is not in 0…1e9 s"), issue.message)
        }
    }

    func testTimeAtTheEdgesOfItsRangeIsKept() throws {
        let r = try read([header, line(seq: "1", time: "0"), line(seq: "2", time: "1e9")])
        XCTAssertEqual(r.events.map(\.time), [0, 1e9])
        XCTAssertTrue(r.issues.isEmpty, "\(r.issues)")
    }

    func testHugeSequenceNumbersAreOutOfRangeNotMistyped() throws {
        let r = try read([header, line(seq: "9223372036854775807"), line(seq: "9007199254740994"),
                          line(seq: "2", extra: #","relatesTo":1e300"#), line(seq: "9007199254740992")])
        XCTAssertEqual(r.events.map(\.seq), [9_007_199_254_740_992])
        XCTAssertEqual(r.issues.count, 3)
        XCTAssertEqual(try r.issues.element(0).message, #"key "seq": out of range: 9223372036854775807 is not in 0…2^53; skipped"#, "as written, not as a Double reads it")
        XCTAssertEqual(try r.issues.element(1).message, #"key "seq": out of range: 9007199254740994 is not in 0…2^53; skipped"#)
        let third = try r.issues.element(2).message
        XCTAssertTrue(third.hasPrefix(#"key "relatesTo": out of range: "#), third)
        let negative = try read([header, line(seq: "-3"), line(seq: "1.5")])
        XCTAssertEqual(negative.issues.map(\.message), [#"key "seq": out of range: -3 is not in 0…2^53; skipped"#,
                                                        #"key "seq": expected a non-negative integer, found 1.5; skipped"#])
    }

    /// Two logs joined (`cat a.jsonl b.jsonl`): the second header is named, not taken for an
    /// event without a seq.
    func testASecondHeaderIsNamed() throws {
        let r = try read([header, line(seq: "1"), header, line(seq: "1")])
        XCTAssertEqual(r.events.map(\.seq), [1, 1])
        XCTAssertEqual(r.issues.map(\.line), [3])
        XCTAssertTrue(r.issues.first?.message.hasPrefix("a second log header: the file holds two logs joined") == true, "\(r.issues)")
    }

    /// A header's version that is no usable integer says what it is, not "missing".
    func testAHeaderVersionSaysWhatIsWrongWithIt() {
        let cases: [(String, String)] = [
            ("1e308", "newer than this reader"), ("9223372036854775807", "log format version 9223372036854775807 is newer"),
            ("9007199254740993", "log format version 9007199254740993 is newer"), ("1e19", "log format version 1e19 is newer"), ("1.5", "expected an integer, found 1.5"),
            (#""1""#, "expected an integer, found a string"), ("0", "must be 1 or more, found 0"), ("-7", "must be 1 or more, found -7"),
        ]
        for (value, expected) in cases {
            let text = #"{"format":"presentation-inspector-log","version":"# + value + "}\n"
            XCTAssertThrowsError(try LogReader.read(text: text), value) { error in
                XCTAssertTrue("\(error)".contains(#"key "version": "#) && "\(error)".contains(expected), "\(value): \(error)")
            }
        }
        let missing = #"{"format":"presentation-inspector-log"}"# + "\n"
        XCTAssertThrowsError(try LogReader.read(text: missing)) { XCTAssertTrue("\($0)".contains(#"key "version": missing"#), "\($0)") }
    }

    func testHeaderDroppedOutsideItsRangeRefusesTheHeader() throws {
        for bad in ["-4", "9223372036854775807", "1.5"] {
            let h = #"{"format":"presentation-inspector-log","version":1,"created":"x","dropped":\#(bad)}"#
            XCTAssertThrowsError(try read([h, line()])) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains("dropped"), text)
                XCTAssertTrue(text.contains("hostile.jsonl:1"), text)
            }
        }
        let ok = #"{"format":"presentation-inspector-log","version":1,"created":"x","dropped":4}"#
        XCTAssertEqual(try read([ok, line()]).header.dropped, 4)
    }

    func testAByteOrderMarkBeforeTheHeaderIsSkipped() throws {
        let r = try read(["\u{FEFF}" + header, line()])
        XCTAssertEqual(r.events.count, 1)
        XCTAssertTrue(r.issues.isEmpty)
    }

    /// Values no reader lets through, built in memory: every exporter and view must still return.
    func testEveryViewSurvivesExtremeValuesBuiltInMemory() throws {
        let simulation = Simulation()
        try simulation.run(try BuiltInScenarios.camera.scenario())
        let base = simulation.recorder.events
        let extremes: [Double] = [1e16, 1e13, 1e308, -1e308, .infinity, -.infinity, .nan, -1, 0]
        for t in extremes {
            var events = base
            try events.change(events.count / 2) { $0.time = t }
            try events.change(events.count - 1) { $0.time = t }
            var h = LogHeader(app: ["name": "extreme", "build": "1"])
            h.dropped = Int.max
            for format in ExportFormat.allCases {
                let out = Exporter.render(format, header: h, events: events)
                XCTAssertFalse(out.isEmpty, "\(format) at time \(t)")
            }
            for at in [nil, events[events.count / 2].seq, Int.max, -1] {
                _ = Exporter.render(.dot, header: h, events: events, at: at)
                _ = TextExporter.render(header: h, events: events, at: at)
            }
            _ = RecordingSummary(header: h, events: events)
            _ = TimelineLayout.make(events: events)
            XCTAssertFalse(formatTime(t).isEmpty)
        }
    }

    func testFormatTimeAtAndPastItsLimits() {
        XCTAssertEqual(formatTime(1.5), "1.500s")
        XCTAssertEqual(formatTime(1e9), "1000000000.000s")
        XCTAssertEqual(formatTime(1e16), "1e+16s")
        XCTAssertEqual(formatTime(.infinity), "infs")
        XCTAssertEqual(clampedInt(.nan), 0)
        XCTAssertEqual(clampedInt(1e300), Int.max)
        XCTAssertEqual(clampedInt(-.infinity), Int.min)
        XCTAssertEqual(clampedInt(2.5), 3)
    }
}
