@_spi(Package) @testable import PresentationInspectorCore
import XCTest

/// No quadratic path (issue 10, item 5): the summary, the chain listing and the lifetimes count
/// their steps; a log 4× larger in windows and controllers must cost about 4× the steps, not 16×.
/// Counts, not wall time.
final class ExportScalingTests: XCTestCase {
    /// `windows` windows, each with a root and a navigation child that presents a sheet from
    /// inside it (source ≠ presenting) which is later dismissed: every window adds nodes,
    /// container, presentation and source edges, lanes and lifetimes.
    static func manyWindows(_ windows: Int) -> [Event] {
        var events: [Event] = []
        var seq = 0
        func add(_ e: Event) { var e = e; e.seq = seq; seq += 1; events.append(e) }
        for i in 0..<windows {
            let root = ControllerRef(id: "root\(i)", type: "UITabBarController")
            let nav = ControllerRef(id: "nav\(i)", type: "UINavigationController")
            let list = ControllerRef(id: "list\(i)", type: "ListViewController")
            let sheet = ControllerRef(id: "sheet\(i)", type: "SheetViewController")
            add(Event(time: Double(seq), kind: .present, outcome: .presented, window: "w\(i)", source: list, presented: sheet,
                      presenting: root, contextProvider: root, requestedStyle: .pageSheet, effectiveStyle: .pageSheet,
                      chain: [root, sheet], ancestry: [list, nav, root]))
        }
        for i in 0..<windows {
            let root = ControllerRef(id: "root\(i)", type: "UITabBarController")
            let sheet = ControllerRef(id: "sheet\(i)", type: "SheetViewController")
            add(Event(time: Double(seq), kind: .dismiss, outcome: .dismissed, window: "w\(i)", receiver: sheet,
                      handledBy: root, dismissed: [sheet], chain: [root], ancestry: [sheet]))
        }
        return events
    }

    private func assertLinear(_ name: String, _ steps: (Int) -> Int, file: StaticString = #filePath, line: UInt = #line) {
        let small = steps(500), large = steps(2_000)
        XCTAssertGreaterThan(small, 0, name, file: file, line: line)
        let ratio = Double(large) / Double(small)
        XCTAssertLessThanOrEqual(ratio, 4.5, "\(name): \(small) steps for n, \(large) for 4n", file: file, line: line)
    }

    func testTheSummaryIsLinearInTheNumberOfWindows() {
        assertLinear("RecordingSummary") { n in
            var m = WorkMeter()
            let s = RecordingSummary(header: LogHeader(), events: Self.manyWindows(n), meter: &m)
            XCTAssertEqual(s.windows.count, n)
            XCTAssertEqual(s.windows.first, "w0")
            return m.steps
        }
    }

    func testTheChainListingIsLinearInWindowsAndEdges() {
        assertLinear("chainListing") { n in
            var m = WorkMeter()
            let text = TextExporter.chainListing(ChainGraph.make(events: Self.manyWindows(n)), meter: &m)
            // Indexed, and still right: each sheet listed from its source, under its window root.
            XCTAssertTrue(text.contains("window w\(n - 1)\n<UITabBarController: root\(n - 1)>, root\n"), String(text.suffix(600)))
            XCTAssertTrue(text.contains("presented: pageSheet, from <ListViewController: list\(n - 1)>, #\(n - 1)–#\(2 * n - 1)"))
            return m.steps
        }
    }

    func testTheLifetimesAreLinearInTheNumberOfLanes() {
        assertLinear("lifetimes") { n in
            var m = WorkMeter()
            let t = PresentationTimeline.make(events: Self.manyWindows(n))
            let text = TextExporter.lifetimes(t, meter: &m)
            XCTAssertGreaterThanOrEqual(t.lanes.count, 2 * n)
            XCTAssertTrue(text.contains("sheet\(n - 1)"))
            return m.steps
        }
    }

    func testTheTimelineBuilderIsLinearInTheNumberOfWindows() {
        assertLinear("PresentationTimeline.Builder") { n in
            var b = PresentationTimeline.Builder()
            for e in Self.manyWindows(n) { b.add(e); _ = b.drain() }
            let ending = b.finish(start: 0, end: Double(2 * n))
            // Lanes in window order (windows numbered in order of appearance, not by name).
            XCTAssertEqual(ending.lanes.first?.key.window, "w0")
            XCTAssertEqual(ending.lanes.last?.key.window, "w\(n - 1)")
            return b.steps
        }
    }

    /// The builder keeps what is open only: a long recording of presentations that all end
    /// leaves nothing behind (`pinspect timeline` streams with it).
    func testTheTimelineBuilderForgetsWhatIsFinal() {
        var b = PresentationTimeline.Builder()
        let root = ControllerRef(id: "root", type: "UINavigationController")
        var seq = 0, handedOut = 0
        func add(_ e: Event) { var e = e; seq += 1; e.seq = seq; b.add(e); handedOut += b.drain().count }
        for i in 0..<2_000 {
            let sheet = ControllerRef(id: "sheet\(i)", type: "Sheet")
            add(Event(time: Double(seq), kind: .present, outcome: .presented, window: "w", source: root, presented: sheet,
                      presenting: root, effectiveStyle: .pageSheet, chain: [root, sheet]))
            add(Event(time: Double(seq), kind: .presentCompleted, outcome: .completed, window: "w", relatesTo: seq, presented: sheet, chain: [root, sheet]))
            add(Event(time: Double(seq), kind: .dismiss, outcome: .dismissed, window: "w", receiver: sheet, handledBy: root,
                      dismissed: [sheet], chain: [root]))
            add(Event(time: Double(seq), kind: .dismissCompleted, outcome: .completed, window: "w", relatesTo: seq, dismissed: [sheet], chain: [root]))
        }
        XCTAssertLessThanOrEqual(b.lifetimes.count, 1, "only the window root's lifetime is open")
        XCTAssertEqual(b.transitions.count, 0)
        XCTAssertGreaterThanOrEqual(handedOut, 2_000 * 3)
    }

    func testLongIntervalListsAreCollapsed() {
        var e = ChainGraph.Edge(kind: .presentation, from: "a", to: "b", style: nil, intervals: [])
        for i in 0..<1_640 { e.intervals.append(.init(start: 8 + 6 * i, end: 10 + 6 * i)) }
        XCTAssertEqual(e.intervalSummary, "1,640×, #8–#9844")
        e.intervals[e.intervals.count - 1].end = nil
        XCTAssertEqual(e.intervalSummary, "1,640×, #8–now")
        e.intervals = [.init(start: 3, end: 9), .init(start: 12, end: nil)]
        XCTAssertEqual(e.intervalSummary, "#3–#9, #12")
    }
}
