import XCTest
import Foundation
@_spi(Package) @testable import PresentationInspectorCore
import TestSupport

final class LogTests: XCTestCase {
    private let full = Event(
        seq: 7, time: 1.25, thread: "worker", kind: .present, outcome: .rejected, animated: true, window: "main",
        relatesTo: 3, source: ControllerRef(id: "s", type: "Source", title: "Title with \"quotes\"\n"),
        presented: ControllerRef(id: "p", type: "P"), presenting: ControllerRef(id: "r", type: "R"),
        contextProvider: ControllerRef(id: "r", type: "R"), requestedStyle: .automatic, effectiveStyle: .pageSheet,
        requestedTransition: .crossDissolve, effectiveTransition: .flipHorizontal, explanation: ["one", "two ✓"],
        receiver: ControllerRef(id: "x", type: "X"), handledBy: ControllerRef(id: "y", type: "Y"),
        dismissed: [ControllerRef(id: "d1", type: "D", title: "é"), ControllerRef(id: "d2", type: "D")], forwarded: true,
        diagnostics: [.alreadyPresenting(ControllerRef(id: "p", type: "P"), on: ControllerRef(id: "r", type: "R"),
                                         from: ControllerRef(id: "s", type: "S"), current: ControllerRef(id: "q", type: "Q"))],
        chain: [ControllerRef(id: "r", type: "R"), ControllerRef(id: "q", type: "Q")], callSite: "App.swift:12",
        ancestry: [ControllerRef(id: "s", type: "Source"), ControllerRef(id: "n", type: "UINavigationController")])

    func testEveryFieldRoundTrips() throws {
        let line = EventCoding.encode(full)
        let decoded = try EventCoding.decodeEvent(try XCTUnwrap(JSONParser.parse(line).objectValue))
        XCTAssertEqual(decoded, full)
        XCTAssertTrue(line.hasPrefix(#"{"seq":7,"time":1.25,"thread":"worker","kind":"present","outcome":"rejected","animated":true"#), line)
        XCTAssertTrue(line.contains(#""dismissed":["d1","d2"]"#), "dismissed holds ids, top first")
    }

    func testWholeLogRoundTripsThroughAFile() throws {
        let path = NSTemporaryDirectory() + "log-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let events = (1...300).map { i -> Event in var e = full; e.seq = i; return e }
        try LogWriter.write(header: LogHeader(app: ["name": "A"], device: ["model": "M"], dropped: 5), events: events, to: path)
        let read = try LogReader.read(path: path)
        XCTAssertEqual(read.events, events)
        XCTAssertEqual(read.header.dropped, 5)
        XCTAssertEqual(read.header.device["model"], "M")
        XCTAssertEqual(read.header.version, 1)
    }

    func testTruncatedLastLineIsReportedAndEveryCompleteEventKept() throws {
        var text = LogWriter.text(header: LogHeader(), events: (1...20).map { i in var e = full; e.seq = i; return e })
        let cut = EventCoding.encode(full)
        text += String(cut.prefix(cut.count / 2))
        let read = try LogReader.read(text: text, name: "cut.jsonl")
        XCTAssertEqual(read.events.map(\.seq), Array(1...20))
        XCTAssertTrue(read.truncatedLastLine)
        XCTAssertEqual(read.issues.map(\.line), [22])
        XCTAssertEqual(read.issues.first?.description, "line 22: last line is incomplete (the write was cut short); skipped")
    }

    func testTruncationAtEveryByteOfAFileRecoversEveryCompleteLine() throws {
        let path = NSTemporaryDirectory() + "trunc-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let events = (1...4).map { i -> Event in var e = full; e.seq = i; return e }
        let bytes = Array(LogWriter.text(header: LogHeader(), events: events).utf8)
        let headerEnd = try XCTUnwrap(bytes.firstIndex(of: 0x0A)) + 1
        for cut in headerEnd...bytes.count {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes[..<cut])))
            let read = try LogReader.read(path: path)
            let completeLines = bytes[headerEnd..<cut].filter { $0 == 0x0A }.count
            XCTAssertGreaterThanOrEqual(read.events.count, completeLines, "cut at \(cut)")
            XCTAssertLessThanOrEqual(read.events.count, completeLines + 1)
            XCTAssertLessThanOrEqual(read.issues.count, 1)
        }
    }

    func testUnknownFieldsAreIgnoredAndBadLinesSkipped() throws {
        let text = """
        {"format":"presentation-inspector-log","version":1,"created":"x","app":{},"device":{},"future":{"a":[1,2]}}
        {"seq":1,"time":0,"thread":"main","kind":"present","outcome":"presented","animated":false,"newField":42,"diagnostics":[],"chain":[]}
        {"seq":2,"time":0,"kind":"teleport","outcome":"presented"}
        not json
        {"seq":3,"time":1,"kind":"dismiss","outcome":"no-op","diagnostics":[{"code":"from-the-future","severity":"info","message":"m"}]}

        """
        let read = try LogReader.read(text: text, name: "mixed.jsonl")
        XCTAssertEqual(read.events.map(\.seq), [1, 3])
        XCTAssertEqual(try read.events.element(1).diagnostics.first?.code.rawValue, "from-the-future")
        XCTAssertEqual(read.issues.map(\.description), [
            #"line 3: key "kind": unknown kind "teleport" (known: present, dismiss, interactive-dismiss, present-completed, dismiss-completed, leak-check, sheet-detent-changed); skipped"#,
            "line 4: invalid JSON: invalid literal at column 1; skipped",
        ])
        XCTAssertFalse(read.truncatedLastLine)
    }

    func testNewerMajorVersionIsRefused() {
        let text = #"{"format":"presentation-inspector-log","version":2,"created":"x","app":{},"device":{}}"# + "\n"
        XCTAssertThrowsError(try LogReader.read(text: text, name: "new.jsonl")) { e in
            XCTAssertEqual("\(e)", #"new.jsonl:1: key "version": log format version 2 is newer than this reader (which reads up to 1); update PresentationInspector to read it"#)
        }
    }

    func testNotALog() {
        XCTAssertThrowsError(try LogReader.read(text: "", name: "empty.jsonl")) { e in
            XCTAssertEqual("\(e)", "empty.jsonl: the file is empty; expected a presentation-inspector-log header on line 1")
        }
        XCTAssertThrowsError(try LogReader.read(text: "\u{1}\u{2}garbage", name: "bin")) { e in
            XCTAssertEqual("\(e)", "bin:1: not a presentation-inspector-log: invalid JSON: unexpected byte 0x1 at column 1")
        }
        XCTAssertThrowsError(try LogReader.read(text: #"{"format":"other"}"#, name: "o")) { e in
            XCTAssertEqual("\(e)", #"o:1: not a presentation-inspector-log: key "format": is "other", expected "presentation-inspector-log""#)
        }
        XCTAssertThrowsError(try LogReader.read(path: "/nonexistent.jsonl")) { e in
            XCTAssertEqual("\(e)", "/nonexistent.jsonl: no such file")
        }
    }

    /// A line longer than the limit ends the reading there, whatever follows: the events before it
    /// are used, the line is reported, nothing after it is read.
    func testOversizedLineEndsTheReading() throws {
        let path = NSTemporaryDirectory() + "big-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var data = Data(LogWriter.text(header: LogHeader(), events: [full]).utf8)
        data.append(Data(repeating: UInt8(ascii: "a"), count: LogReader.maximumLineLength + 10))
        data.append(Data("\n".utf8))
        var second = full
        second.seq = 8
        data.append(Data((EventCoding.encode(second) + "\n").utf8))
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: data))
        let read = try LogReader.read(path: path)
        XCTAssertEqual(read.events.map(\.seq), [7])
        XCTAssertEqual(read.issues.map(\.line), [3])
        XCTAssertEqual(read.issues.first?.message, "line is longer than \(LogReader.maximumLineLength) bytes (the line limit): not an event; the rest of the log is not read")
        var streamed: [Int] = []
        let (_, issues) = try LogReader.stream(path: path) { streamed.append($0.seq) }
        XCTAssertEqual(streamed, [7], "streamed, the reading ends there too")
        XCTAssertEqual(issues.map(\.line), [3])
        let text = String(decoding: data, as: UTF8.self)
        for workers in [1, 4] {
            let inMemory = try LogReader.read(text: text, workers: workers)
            XCTAssertEqual(inMemory.events.map(\.seq), [7], "\(workers) workers")
            XCTAssertEqual(inMemory.issues.map(\.line), [3], "\(workers) workers")
        }
    }
}
