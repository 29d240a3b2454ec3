@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// Graphs that scale (issue 12, item 2): large recordings are fitted so Graphviz and Mermaid
/// take them; rejected attempts are drawn.
final class ExportLargeGraphTests: XCTestCase {
    func testTenThousandEventsAreFittedIntoABoundedGraph() {
        let events = ExportFixtures.largeRecording(events: 10_000)
        let full = ChainGraph.make(events: events)
        XCTAssertGreaterThan(full.nodes.count, ChainGraph.drawnNodeLimit, "the fixture no longer needs fitting")
        let g = full.fitted()
        XCTAssertLessThanOrEqual(g.nodes.count, ChainGraph.drawnNodeLimit)
        // The sheets become two groups (every tenth was also rejected once), whose presentation
        // edges carry every interval.
        XCTAssertEqual(g.nodes.filter { $0.ref.type == "SheetViewController" }.map(\.ref.id),
                       ["245× (sheet0 … sheet2440)", "2,205× (sheet1 … sheet2449)"])
        let intervals = { (g: ChainGraph) in g.edges.filter { $0.kind == .presentation }.map(\.intervals.count).reduce(0, +) }
        XCTAssertEqual(intervals(g), intervals(full))
        XCTAssertEqual(g.edges.filter { $0.kind == .presentation }.count, 2)
        XCTAssertNotNil(g.note)

        let dot = DOTExporter.render(full)
        XCTAssertLessThan(dot.utf8.count, 20_000)
        // Graphviz refuses tokens longer than 16,384 bytes: no quoted string comes close.
        let longest = dot.split(separator: "\"").map(\.utf8.count).max() ?? 0
        XCTAssertLessThan(longest, 300)
        XCTAssertTrue(dot.contains("×, #"), "intervals collapsed")
        XCTAssertLessThanOrEqual(MermaidExporter.render(full).count, MermaidExporter.textLimit)
    }

    func testWindowsAreLeftOutWhenGroupingIsNotEnough() {
        // Every window holds a root and a container child: nothing to group.
        var events: [Event] = []
        for i in 0..<300 {
            let root = ControllerRef(id: "root\(i)", type: "Root"), child = ControllerRef(id: "child\(i)", type: "Child")
            let sheet = ControllerRef(id: "s\(i)", type: "Sheet\(i)")
            events.append(Event(seq: i, time: Double(i), kind: .present, outcome: .presented, window: "w\(i)", source: child,
                                presented: sheet, presenting: root, chain: [root, sheet], ancestry: [child, root]))
        }
        let full = ChainGraph.make(events: events)
        let g = full.fitted(maxNodes: 90)
        XCTAssertLessThanOrEqual(g.nodes.count, 90)
        XCTAssertEqual(g.windows.count, 30)
        XCTAssertTrue(g.edges.allSatisfy { e in g.node(e.from) != nil && g.node(e.to) != nil })
        XCTAssertEqual(g.note, "810 controllers in 270 windows not drawn: use --at N, or the text listing")
        let mermaid = MermaidExporter.render(full)
        XCTAssertLessThanOrEqual(mermaid.count, MermaidExporter.textLimit)
        XCTAssertTrue(mermaid.contains("not drawn"))
    }

    /// A log can claim a relationship between every pair of a few controllers (each given one
    /// parent after another): the views draw a bounded number of them, presentations first,
    /// and say how many they leave out. (Drawn whole, 200 such controllers took minutes.)
    func testRelationshipsAreCappedWithPresentationsFirst() throws {
        var events: [Event] = []
        let ids = (0..<60).map { ControllerRef(id: "c\($0)", type: "C") }
        let root = try ids.element(0), sheet = ControllerRef(id: "sheet", type: "Sheet")
        for i in 1..<ids.count {
            for j in 0..<i {
                events.append(Event(seq: events.count + 1, time: 0, kind: .dismiss, outcome: .noOp, window: "w", receiver: ids[i],
                                    chain: [root], ancestry: [ids[i], ids[j]]))
            }
        }
        events.append(Event(seq: events.count + 1, time: 1, kind: .present, outcome: .presented, window: "w", source: root,
                            presented: sheet, presenting: root, chain: [root, sheet], ancestry: [root]))
        let full = ChainGraph.make(events: events)
        XCTAssertEqual(full.edges.filter { $0.kind == .container }.count, 60 * 59 / 2)
        let g = full.fitted()
        XCTAssertEqual(g.nodes, full.nodes, "every controller is drawn")
        XCTAssertEqual(g.edges.count, ChainGraph.drawnNodeLimit * ChainGraph.drawnEdgesPerNode)
        XCTAssertEqual(g.edges.first?.kind, .presentation, "presentations come first")
        XCTAssertEqual(g.note, "971 of 1,771 relationships not drawn: use --at N, or the text listing")
        XCTAssertTrue(DOTExporter.render(full).contains("relationships not drawn"))
    }

    func testSmallGraphsAreNotTouched() throws {
        let g = ChainGraph.make(events: try ExportFixtures.demoEvents())
        XCTAssertEqual(g.fitted(), g)
    }

    func testLabelsAreCapped() {
        let long = String(repeating: "VeryLongTypeName", count: 40)
        let lines = ChainGraphLayout.lines(for: ControllerRef(id: String(repeating: "i", count: 500), type: long, title: long))
        XCTAssertTrue(lines.allSatisfy { $0.count <= ChainGraph.labelLimit }, "\(lines.map(\.count))")
        XCTAssertTrue(try lines.element(0).hasSuffix("…"))
    }

    func testRejectedAttemptsAreDrawnFromTheAttemptedPresenter() throws {
        let events = try ExportFixtures.events(BuiltInScenarios.camera)
        let g = ChainGraph.make(events: events)
        let rejected = try XCTUnwrap(g.edges.first { $0.kind == .rejected })
        XCTAssertEqual("\(rejected.from)->\(rejected.to)", "photos->share")
        XCTAssertFalse(rejected.isActive)
        XCTAssertTrue(DOTExporter.render(g).contains("attempted → rejected #9"))
        XCTAssertTrue(TextExporter.chainListing(g).contains("x <UIActivityViewController: share>, attempted, rejected: #9"))
        // Right after the attempt the graph shows it; one event later it is gone.
        XCTAssertTrue(ChainGraph.make(events: events, at: 9).edges.contains { $0.kind == .rejected })
        XCTAssertFalse(ChainGraph.make(events: events, at: 10).edges.contains { $0.kind == .rejected })
    }
}
