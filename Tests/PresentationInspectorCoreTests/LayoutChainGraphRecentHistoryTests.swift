import XCTest
@_spi(Package) import PresentationInspectorCore

/// The live history graph keeps the recent part of a long recording only.
final class LayoutChainGraphRecentHistoryTests: XCTestCase {
    /// A root presenting and dismissing a new sheet `count` times (every sheet a new controller).
    private func sheets(_ count: Int) -> [Event] {
        let root = ControllerRef(id: "0xroot", type: "Root")
        var events: [Event] = []
        for i in 0..<count {
            let sheet = ControllerRef(id: "0xs\(i)", type: "Sheet")
            events.append(Event(seq: 2 * i + 1, time: Double(i), kind: .present, outcome: .presented, window: "w",
                                source: root, presented: sheet, presenting: root, chain: [root, sheet]))
            events.append(Event(seq: 2 * i + 2, time: Double(i) + 0.5, kind: .dismiss, outcome: .dismissed, window: "w",
                                receiver: sheet, handledBy: root, dismissed: [sheet], chain: [root]))
        }
        return events
    }

    func testALongRecordingKeepsItsLatestControllersOnly() {
        let events = sheets(5_000)
        let graph = ChainGraph.recentHistory(events: events, maxControllers: 100)
        XCTAssertLessThanOrEqual(graph.nodes.count, 100)
        XCTAssertEqual(graph.nodes.count, 100, "the root and the 99 latest sheets")
        XCTAssertNotNil(graph.node("0xs4999"), "the latest controller is kept")
        XCTAssertNil(graph.node("0xs0"), "the oldest is not")
        XCTAssertEqual(graph.note, "history since event #9803: 9,802 older events not drawn")
    }

    func testAShortRecordingIsTheWholeHistory() {
        let events = sheets(10)
        XCTAssertEqual(ChainGraph.recentHistory(events: events, maxControllers: 100), ChainGraph.make(events: events))
        XCTAssertNil(ChainGraph.recentHistory(events: events).note)
        XCTAssertEqual(ChainGraph.recentHistory(events: []).nodes, [])
    }

    func testTheLatestEventIsKeptEvenWhenItAloneNamesMore() {
        let graph = ChainGraph.recentHistory(events: sheets(3), maxControllers: 1)
        XCTAssertEqual(graph.nodes.map(\.ref.id).sorted(), ["0xroot", "0xs2"], "the last dismissal names the root and its sheet")
    }
}
