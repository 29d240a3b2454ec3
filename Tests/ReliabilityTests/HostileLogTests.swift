import Foundation
@_spi(Package) import PresentationInspectorCore
import XCTest
import TestSupport

/// Hostile logs: deep nesting, giant lines, garbage, duplicate and cyclic references. Every
/// complete event is kept, every bad line reported with its number, and every exporter copes.
final class HostileLogTests: XCTestCase {
    private let header = EventCoding.encode(LogHeader(app: ["name": "hostile"]))

    private func event(_ seq: Int, extra: String = "") -> String {
        #"{"seq":\#(seq),"time":\#(seq),"kind":"present","outcome":"presented"\#(extra),"diagnostics":[],"chain":[{"id":"root","type":"Root"}]}"#
    }

    private func readFile(_ lines: [String]) throws -> LogReadResult {
        let path = NSTemporaryDirectory() + "hostile-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return try LogReader.read(path: path)
    }

    func testDeeplyNestedLineIsSkippedAndReported() throws {
        let read = try readFile([header, event(1), #"{"seq":2,"x":"# + String(repeating: "[", count: 200_000) + "}", event(3)])
        XCTAssertEqual(read.events.map(\.seq), [1, 3])
        XCTAssertEqual(read.issues.map(\.line), [3])
        let issue = try read.issues.element(0)
        XCTAssertTrue(issue.message.contains("nesting deeper than 256 levels"), issue.message)
    }

    func testOversizedLineEndsTheReadingWithoutBufferingIt() throws {
        let giant = event(2, extra: #","title":""# + String(repeating: "x", count: LogReader.maximumLineLength + 10) + "\"")
        let read = try readFile([header, event(1), giant, event(3)])
        XCTAssertEqual(read.events.map(\.seq), [1])
        XCTAssertEqual(read.issues.count, 1)
        let issue = try read.issues.element(0)
        XCTAssertTrue(issue.description.hasPrefix("line 3: line is longer than \(LogReader.maximumLineLength) bytes"), issue.description)
    }

    /// A line that never ends, from a device: the reading stops once the line passes the limit.
    func testEndlessLineFromADeviceIsRefusedAtTheLimit() {
        XCTAssertThrowsError(try LogReader.read(path: "/dev/zero")) { error in
            XCTAssertEqual("\(error)", "/dev/zero:1: not a presentation-inspector-log: line is longer than \(LogReader.maximumLineLength) bytes (the line limit); a header is one short JSON object")
        }
    }

    func testGarbageLinesAreEachReported() throws {
        let read = try readFile([header] + Array(repeating: "not json", count: 2_000) + [event(1)])
        XCTAssertEqual(read.events.map(\.seq), [1])
        XCTAssertEqual(read.issues.count, 2_000)
        XCTAssertEqual(read.issues.last?.line, 2_001)
    }

    func testBinaryNoiseIsNotAHeader() {
        let noise = String(decoding: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }, as: UTF8.self)
        XCTAssertThrowsError(try LogReader.read(text: noise, name: "noise.bin")) { error in
            XCTAssertTrue("\(error)".hasPrefix("noise.bin:1: not a presentation-inspector-log"), "\(error)")
        }
    }

    /// Duplicate sequence numbers, completions that relate to themselves, chains that name one
    /// controller twice, a huge chain: the reader keeps them as written and every exporter
    /// renders them.
    func testDuplicateAndCyclicReferencesRenderInEveryFormat() throws {
        var lines = [header]
        for i in 0..<400 {
            lines.append(#"{"seq":\#(i / 2),"time":\#(i % 7),"kind":"present-completed","outcome":"completed","relatesTo":\#(i / 2),"window":"w","presented":{"id":"a","type":"A"},"presenting":{"id":"a","type":"A"},"diagnostics":[],"chain":[{"id":"a","type":"A"},{"id":"b","type":"B"},{"id":"a","type":"A"}]}"#)
        }
        let chain = (0..<5_000).map { #"{"id":"c\#($0)","type":"C"}"# }.joined(separator: ",")
        lines.append(#"{"seq":1000,"time":9,"kind":"dismiss","outcome":"dismissed","window":"w","receiver":{"id":"a","type":"A"},"dismissed":["a","a","b"],"diagnostics":[],"chain":[\#(chain)]}"#)
        let read = try readFile(lines)
        XCTAssertEqual(read.events.count, 401)
        XCTAssertEqual(read.issues, [])
        for format in ExportFormat.allCases {
            let out = Exporter.render(format, header: read.header, events: read.events)
            XCTAssertFalse(out.isEmpty, "\(format) rendered nothing")
        }
    }
}
