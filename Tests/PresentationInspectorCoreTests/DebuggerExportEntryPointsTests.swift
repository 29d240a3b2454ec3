import XCTest
import Foundation
@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// `pi graph` and `pi export`: the entry points that hand over to ``Exporter``.
final class DebuggerExportEntryPointsTests: DebuggerEntryPointTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = NSTemporaryDirectory() + "pi-debugger-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
        super.tearDown()
    }

    func testGraphRendersDOTAndMermaidThroughTheExporter() throws {
        for format in ["dot", "mermaid"] {
            let reply = try withCString(format) { try take(presentationInspectorGraph($0, 0)) }
            XCTAssertEqual(reply, Exporter.render(ExportFormat(rawValue: format)!, header: header, events: events), format)
            XCTAssertTrue(reply.contains("peoplePicker"), format)
        }
    }

    func testGraphAsTextIsTheChainListing() throws {
        let reply = try withCString("text") { try take(presentationInspectorGraph($0, 0)) }
        XCTAssertEqual(reply, TextExporter.chainListing(ChainGraph.make(events: events)))
        XCTAssertTrue(reply.contains("window camera-window"), reply)
        XCTAssertFalse(reply.contains("Timeline"), "the timeline belongs to pi events, not the graph")
        XCTAssertEqual(try take(presentationInspectorGraph(nil, 0)), reply, "NULL means text")
    }

    func testGraphAtASequenceNumberShowsThatMoment() throws {
        let share = try seq { $0.presented?.id == "share" }
        let reply = try withCString("dot") { try take(presentationInspectorGraph($0, Int64(share))) }
        XCTAssertEqual(reply, Exporter.render(.dot, header: header, events: events, at: share))
        let last = try XCTUnwrap(events.last?.seq)
        let beyond = try withCString("dot") { try take(presentationInspectorGraph($0, Int64(last + 5))) }
        XCTAssertEqual(errorMessage(beyond), "no event #\(last + 5) yet: the latest recorded event is #\(last)")
    }

    func testGraphRejectsFormatsThatAreNotGraphs() throws {
        for format in ["svg", "html", "jsonl"] {
            let reply = try withCString(format) { try take(presentationInspectorGraph($0, 0)) }
            XCTAssertEqual(errorMessage(reply), "unknown graph format \"\(format)\" (known: text, dot, mermaid)")
        }
    }

    func testExportWritesALogThatReadsBack() throws {
        let path = directory + "/events.jsonl"
        let reply = try object(withCString(path) { try take(presentationInspectorExport($0, nil)) })
        XCTAssertEqual(reply["path"]?.stringValue, path)
        XCTAssertEqual(reply["format"]?.stringValue, "jsonl")
        XCTAssertEqual(reply["events"]?.intValue, events.count)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).intValue
        XCTAssertEqual(reply["bytes"]?.intValue, size)
        let read = try LogReader.read(path: path)
        XCTAssertEqual(read.events, events)
        XCTAssertEqual(read.header.app, ["name": "DebuggerTests"])
    }

    func testExportInfersTheFormatFromTheExtensionOrTakesItGiven() throws {
        let cases: [(String, String?, ExportFormat)] = [
            ("report.html", nil, .html), ("trace.json", nil, .perfetto), ("chain.dot", nil, .dot),
            ("chain.mmd", nil, .mermaid), ("timeline.txt", nil, .text), ("anything.log", "text", .text),
            ("REPORT.HTML", nil, .html), ("spans.otlp.json", nil, .otlp),
        ]
        for (name, format, expected) in cases {
            let path = directory + "/" + name
            let reply = try withCString(path) { p in try withCString(format) { f in try take(presentationInspectorExport(p, f)) } }
            XCTAssertEqual(try object(reply)["format"]?.stringValue, expected.rawValue, name)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8),
                           Exporter.render(expected, header: header, events: events), name)
        }
    }

    func testExportReportsUnwritablePathsAndBadFormatsWithoutCrashing() throws {
        let missing = directory + "/no/such/folder/events.jsonl"
        let reply = try withCString(missing) { try take(presentationInspectorExport($0, nil)) }
        XCTAssertEqual(errorMessage(reply), "cannot write \(missing): the folder \(directory)/no/such/folder does not exist (create it first: mkdir -p \(directory)/no/such/folder)", reply)

        let folder = try withCString(directory) { try take(presentationInspectorExport($0, "jsonl")) }
        XCTAssertEqual(errorMessage(folder), "cannot write \(directory): it is a directory; name a file inside it, e.g. \(directory)/out")

        let unknownExtension = try withCString(directory + "/x.pdf") { try take(presentationInspectorExport($0, nil)) }
        XCTAssertTrue(errorMessage(unknownExtension).hasPrefix("cannot tell the format from \"\(directory)/x.pdf\""))

        let badFormat = try withCString(directory + "/x.jsonl") { p in try withCString("pdf") { try take(presentationInspectorExport(p, $0)) } }
        XCTAssertEqual(errorMessage(badFormat), "unknown export format \"pdf\" (known: jsonl, html, perfetto, dot, mermaid, text, otlp)")

        XCTAssertEqual(errorMessage(try take(presentationInspectorExport(nil, nil))), "export needs a file path")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/x.jsonl"))
    }

    func testExportRefusesTheLiveLogUnderAnySpelling() throws {
        let live = directory + "/live.jsonl"
        try simulation.recorder.startLiveLog(path: live, header: header)
        defer { simulation.recorder.stopLiveLog() }
        let before = try String(contentsOfFile: live, encoding: .utf8)
        let link = directory + "/link.jsonl"
        try FileManager.default.linkItem(atPath: live, toPath: link)
        for spelling in [live, directory + "/./live.jsonl", link] {
            let reply = try withCString(spelling) { try take(presentationInspectorExport($0, nil)) }
            XCTAssertTrue(errorMessage(reply).contains("it is the live log this app is writing"), reply)
        }
        XCTAssertEqual(try String(contentsOfFile: live, encoding: .utf8), before)
        // The live log still grows: the file the app writes to is the one on disk.
        _ = simulation.recorder.record(Event(time: 1, kind: .present, outcome: .presented))
        XCTAssertGreaterThan(try String(contentsOfFile: live, encoding: .utf8).count, before.count)
        // Another file in the same folder is written as usual.
        let other = try withCString(directory + "/copy.jsonl") { try take(presentationInspectorExport($0, nil)) }
        XCTAssertEqual(try object(other)["format"]?.stringValue, "jsonl")
    }

    func testExportResolvesRelativePathsAgainstTheCurrentDirectory() throws {
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(directory))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let reply = try object(withCString("relative.jsonl") { try take(presentationInspectorExport($0, nil)) })
        let written = try XCTUnwrap(reply["path"]?.stringValue)
        XCTAssertTrue(written.hasPrefix("/") && written.hasSuffix("/relative.jsonl"), written)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/relative.jsonl"))
    }
}
