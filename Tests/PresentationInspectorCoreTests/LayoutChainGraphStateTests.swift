@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// The graph's state after one event (`graph --at N`) keeps each controller's containers.
final class LayoutChainGraphStateTests: XCTestCase {
    func testStateAfterAnEventKeepsTheContainersOfItsSource() throws {
        let events = try ExportFixtures.demoEvents()
        for seq in [30, 36, 45, 57, 77] {
            let text = TextExporter.chainListing(ChainGraph.make(events: events, at: seq))
            XCTAssertFalse(text.contains("not placed"), "after #\(seq):\n\(text)")
        }
        // #57: the feed sits under feedNav, itself under the window root labTabs.
        let g = ChainGraph.make(events: events, at: 57)
        let containers = Set(g.edges.filter { $0.kind == .container }.map { "\($0.from)>\($0.to)" })
        XCTAssertTrue(containers.isSuperset(of: ["labTabs>feedNav", "feedNav>feed"]), "\(containers)")
        let text = TextExporter.chainListing(g)
        XCTAssertTrue(text.contains("<UITabBarController: labTabs>, root\n   | <UINavigationController: feedNav>\n   |   | <FeedViewController: feed>"), text)
    }

    func testADetachedControllerIsNotAWindowRoot() throws {
        let g = ChainGraph.make(events: try ExportFixtures.events(BuiltInScenarios.diagnostics))
        let orphan = try XCTUnwrap(g.node("orphan"))
        XCTAssertEqual(orphan.window, "(no window)")
        XCTAssertFalse(orphan.isWindowRoot)
        XCTAssertFalse(DOTExporter.render(g).contains("orphan\\n(window root)"))
    }

    func testAtAppliesToEveryFormatWhereItMeansSomething() throws {
        let events = try ExportFixtures.demoEvents()
        let h = ExportFixtures.header
        for f in [ExportFormat.dot, .mermaid, .text, .perfetto, .jsonl] {
            XCTAssertNotEqual(Exporter.render(f, header: h, events: events, at: 13), Exporter.render(f, header: h, events: events), "\(f)")
        }
        let log = Exporter.render(.jsonl, header: h, events: events, at: 13)
        XCTAssertEqual(log.split(separator: "\n").count, 14, "the header and events #1–#13")
        let trace = Exporter.render(.perfetto, header: h, events: events, at: 13)
        XCTAssertTrue(trace.contains("\"seq\":13,"))
        XCTAssertFalse(trace.contains("\"seq\":14,"))
    }
}
