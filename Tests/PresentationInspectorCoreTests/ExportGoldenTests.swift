import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// Golden-file tests: the text, DOT and Mermaid exports of every built-in scenario.
final class ExportGoldenTests: XCTestCase {
    func testTextDOTAndMermaidOfEveryBuiltInScenarioMatchTheirGoldenFiles() throws {
        XCTAssertEqual(BuiltInScenarios.all.count, 9, "a scenario was added or removed: add or delete its golden files")
        for s in BuiltInScenarios.all {
            let events = try ExportFixtures.events(s)
            XCTAssertFalse(events.isEmpty, s.key)
            try assertGolden(Exporter.render(.text, header: ExportFixtures.header, events: events), "\(s.key).txt")
            try assertGolden(Exporter.render(.dot, header: ExportFixtures.header, events: events), "\(s.key).dot")
            try assertGolden(Exporter.render(.mermaid, header: ExportFixtures.header, events: events), "\(s.key).mmd")
        }
    }

    func testGraphStateAfterAnEventMatchesItsGoldenFiles() throws {
        // Camera: after #7 the people picker sits on the photo library, presented full screen.
        let events = try ExportFixtures.events(BuiltInScenarios.camera)
        try assertGolden(Exporter.render(.dot, header: ExportFixtures.header, events: events, at: 7), "camera-at-7.dot")
        try assertGolden(Exporter.render(.text, header: ExportFixtures.header, events: events, at: 7), "camera-at-7.txt")
    }

    /// A hierarchy 20,000 controllers deep (a log the reader accepts: one present whose source
    /// has that many ancestors) is listed whole, its depth written out, without a call per
    /// level: a recursion that deep overflowed the stack.
    func testTheTextGraphListsAHierarchyDeeperThanTheStackWouldHold() throws {
        // The source first, then its parent, up to the window's root.
        let ancestry = (0..<20_000).reversed().map { ControllerRef(id: "c\($0)", type: "ContainerViewController") }
        let sheet = ControllerRef(id: "sheet", type: "SheetViewController")
        let root = ancestry[ancestry.count - 1]
        let source = try ancestry.element(0)
        let present = Event(seq: 1, time: 0, kind: .present, outcome: .presented, window: "w", source: source,
                            presented: sheet, presenting: root, effectiveStyle: .pageSheet, chain: [root, sheet], ancestry: ancestry)
        let text = Exporter.render(.text, header: ExportFixtures.header, events: [present])
        XCTAssertTrue(text.contains(" (19998)   | <ContainerViewController: c19999>"), String(text.suffix(300)))
    }

    /// A controller reached again is listed once with what hangs below it: a log whose chains
    /// make each presented controller a window root in turn (1,000 of them) gave a listing with
    /// the square of that many lines.
    func testTheTextGraphListsWhatHangsBelowAControllerOnce() {
        var events: [Event] = []
        var top = ControllerRef(id: "root", type: "RootViewController")
        for i in 0..<1_000 {
            let p = ControllerRef(id: "d\(i)", type: "StepViewController")
            events.append(Event(seq: i + 1, time: Double(i), kind: .present, outcome: .presented, window: "w",
                                source: top, presented: p, presenting: top, effectiveStyle: .pageSheet, chain: [top, p]))
            top = p
        }
        let listing = TextExporter.chainListing(ChainGraph.make(events: events))
        let lines = listing.split(separator: "\n")
        XCTAssertLessThan(lines.count, 4 * events.count, String(listing.prefix(500)))
        XCTAssertEqual(lines.filter { $0.contains("+ <StepViewController: d999>") }.count, 1)
    }

    func testOutputsDoNotDependOnTheHeadersCreationTime() throws {
        let events = try ExportFixtures.events(BuiltInScenarios.calendar)
        var later = ExportFixtures.header
        later.created = "2031-05-06T07:08:09.000Z"
        for format in [ExportFormat.text, .dot, .mermaid, .perfetto] {
            XCTAssertEqual(Exporter.render(format, header: ExportFixtures.header, events: events),
                           Exporter.render(format, header: later, events: events), format.rawValue)
        }
    }

    func testGoldenFilesHoldNoCreationTime() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: ExportFixtures.goldenDirectory.path)
        XCTAssertGreaterThanOrEqual(files.count, 20)
        for f in files {
            let text = try String(contentsOf: ExportFixtures.goldenDirectory.appendingPathComponent(f), encoding: .utf8)
            XCTAssertFalse(text.contains("2000-01-01"), "\(f) contains the header's created time")
        }
    }

    func testJSONLExportIsTheLogWriterOutputAndReadsBack() throws {
        let events = try ExportFixtures.events(BuiltInScenarios.camera)
        let text = Exporter.render(.jsonl, header: ExportFixtures.header, events: events)
        XCTAssertEqual(text, LogWriter.text(header: ExportFixtures.header, events: events))
        let read = try LogReader.read(text: text)
        XCTAssertEqual(read.events.map(EventCoding.encode), events.map(EventCoding.encode))
        XCTAssertTrue(read.issues.isEmpty)
    }

    func testWriteCreatesTheFileWithTheRenderedText() throws {
        let events = try ExportFixtures.events(BuiltInScenarios.recipe)
        let path = NSTemporaryDirectory() + "export-write-\(getpid()).dot"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Exporter.write(.dot, header: ExportFixtures.header, events: events, to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), Exporter.render(.dot, header: ExportFixtures.header, events: events))
    }
}
