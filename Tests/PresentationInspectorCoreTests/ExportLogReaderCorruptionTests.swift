import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// Random corruption of real logs: the reader never crashes, keeps every intact event, and
/// names the lines it skipped.
final class ExportLogReaderCorruptionTests: XCTestCase {
    private var lines: [String] = []
    /// The events as the log holds them (times rounded as written), so equality is exact.
    private var events: [Event] = []

    override func setUpWithError() throws {
        let text = LogWriter.text(header: ExportFixtures.header, events: try ExportFixtures.demoEvents())
        lines = text.split(separator: "\n").map(String.init)
        events = try LogReader.read(text: text).events
    }

    /// Applies one random mutation to a line.
    private func mutate(_ line: String, _ rng: inout SplitMix64) -> String {
        var bytes = Array(line.utf8)
        switch rng.next() % 6 {
        case 0:  // flip a byte
            let i = Int(rng.next() % UInt64(bytes.count))
            bytes[i] ^= UInt8(1 + rng.next() % 255)
        case 1:  // cut it short
            bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count))))
        case 2:  // insert binary garbage (no newline)
            let garbage = (0..<(1 + Int(rng.next() % 40))).map { _ in UInt8(rng.next() % 256) }.map { $0 == 0x0A ? 0x00 : $0 }
            bytes.insert(contentsOf: garbage, at: Int(rng.next() % UInt64(bytes.count)))
        case 3:  // drop a character
            bytes.remove(at: Int(rng.next() % UInt64(bytes.count)))
        case 4:  // an unknown kind
            return line.replacingOccurrences(of: "\"kind\":\"", with: "\"kind\":\"x-")
        default:  // a different JSON value altogether
            return ["[]", "42", "null", "{}", "\"text\"", "{\"seq\":\"one\"}"][Int(rng.next() % 6)]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func testRandomCorruptionKeepsEveryIntactEventAndReportsBadLines() throws {
        var rng = SplitMix64(seed: 2024)
        for round in 0..<300 {
            var corrupted = lines
            var touched = Set<Int>()  // 0-based line indices
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let i = 1 + Int(rng.next() % UInt64(lines.count - 1))  // the header stays intact
                corrupted[i] = mutate(corrupted[i], &rng)
                touched.insert(i)
            }
            let text = corrupted.joined(separator: "\n") + (rng.next() % 2 == 0 ? "\n" : "")
            let result = try LogReader.read(text: text, name: "round\(round).jsonl")
            let intact = events.enumerated().filter { !touched.contains($0.offset + 1) }.map(\.element)
            let intactSeqs = Set(intact.map(\.seq))
            XCTAssertEqual(result.events.filter { intactSeqs.contains($0.seq) && intact.contains($0) }.count, intact.count,
                           "round \(round): an intact event was lost")
            XCTAssertLessThanOrEqual(result.events.count + result.issues.count, lines.count - 1)
            for issue in result.issues {
                XCTAssertTrue(touched.contains(issue.line - 1), "round \(round): line \(issue.line) was not corrupted: \(issue.message)")
            }
        }
    }

    func testOneBadLineIsNamedAndTheRestIsRead() throws {
        for target in [2, lines.count / 2, lines.count - 1] {
            var corrupted = lines
            corrupted[target] = "{\"seq\": 3, \"kind\": \"pres"
            let result = try LogReader.read(text: corrupted.joined(separator: "\n") + "\n", name: "one.jsonl")
            XCTAssertEqual(result.events.count, events.count - 1)
            XCTAssertEqual(result.issues.map(\.line), [target + 1])
            XCTAssertFalse(result.truncatedLastLine)
        }
    }

    func testTruncationAtAnyByteKeepsTheCompleteLines() throws {
        let text = Array((lines.joined(separator: "\n") + "\n").utf8)
        let headerEnd = try lines.element(0).utf8.count + 1
        var rng = SplitMix64(seed: 99)
        for _ in 0..<200 {
            let cut = headerEnd + Int(rng.next() % UInt64(text.count - headerEnd))
            let prefix = String(decoding: text[..<cut], as: UTF8.self)
            let result = try LogReader.read(text: prefix, name: "cut.jsonl")
            let complete = prefix.split(separator: "\n", omittingEmptySubsequences: false).count - 2  // minus header and partial
            XCTAssertEqual(result.events, Array(events.prefix(complete + (result.issues.isEmpty && !prefix.hasSuffix("\n") ? 1 : 0))))
            XCTAssertLessThanOrEqual(result.issues.count, 1)
            if let issue = result.issues.first { XCTAssertTrue(issue.isTruncatedLastLine, issue.message) }
        }
    }

    func testCorruptedFilesReadThroughTheStreamingReader() throws {
        var rng = SplitMix64(seed: 7)
        let path = NSTemporaryDirectory() + "corrupt-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        for _ in 0..<40 {
            var corrupted = lines
            let i = 1 + Int(rng.next() % UInt64(lines.count - 1))
            corrupted[i] = mutate(corrupted[i], &rng)
            try (corrupted.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let fromFile = try LogReader.read(path: path)
            let fromText = try LogReader.read(text: corrupted.joined(separator: "\n") + "\n", name: path)
            XCTAssertEqual(fromFile.events, fromText.events)
            XCTAssertEqual(fromFile.issues, fromText.issues)
        }
    }

    func testAnythingInPlaceOfTheHeaderIsRefusedWithTheFileAndLine() throws {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<100 {
            var corrupted = lines
            let garbage = String(decoding: (0..<Int(1 + rng.next() % 200)).map { _ in UInt8(rng.next() % 256) }.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self)
            try corrupted.change(0) { $0 = garbage }
            XCTAssertThrowsError(try LogReader.read(text: corrupted.joined(separator: "\n"), name: "garbage.jsonl")) { error in
                let text = "\(error)"
                XCTAssertTrue(text.hasPrefix("garbage.jsonl:") , text)
            }
        }
    }
}
