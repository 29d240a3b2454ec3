@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// The ring passes what its dropped events said to the oldest event it keeps: a controller's facts
/// are recorded once, so a ring that forgot them would leave a replay nothing to rebuild from.
final class RecorderRingFactsTests: XCTestCase {
    private let root = ControllerRef(id: "root", type: "Root"), sheet = ControllerRef(id: "sheet", type: "Sheet")

    private func present(_ facts: [ControllerFacts] = [], style: PresentationStyle = .formSheet) -> Event {
        var e = Event(time: 0, kind: .present, outcome: .presented, window: "w", source: root, presented: sheet, presenting: root,
                      effectiveStyle: style, chain: [root, sheet])
        e.facts = facts
        return e
    }

    private func other() -> Event { Event(time: 1, kind: .dismiss, outcome: .noOp, window: "w", receiver: root, chain: [root]) }

    func testTheFactsOfDroppedEventsAndTheirPresentationsReachTheOldestKept() throws {
        var rootFacts = ControllerFacts(id: "root", type: "Root")
        rootFacts.definesPresentationContext = true
        let r = Recorder(capacity: 2)
        r.record(present([rootFacts]))
        r.record(other())
        r.record(other())
        let first = try XCTUnwrap(r.events.first)
        XCTAssertEqual(first.seq, 2)
        let carried = Dictionary(first.facts.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        XCTAssertEqual(carried["root"]?.definesPresentationContext, true, "a dropped event's facts")
        XCTAssertEqual(carried["sheet"]?.presentedBy, "root", "a dropped present's presenter")
        XCTAssertEqual(carried["sheet"]?.presentedAs, .formSheet)
        r.record(other())
        XCTAssertEqual(try XCTUnwrap(r.events.first).facts.count, 2, "passed on again at the next drop")

        let log = LogWriter.text(header: LogHeader(dropped: r.droppedCount), events: r.events)
        let read = try XCTUnwrap(try LogReader.read(text: log, name: "ring.jsonl").events.first)
        XCTAssertEqual(read.facts, r.events.first?.facts, "the log keeps presentedBy and presentedAs")
    }

    func testADroppedDismissalTakesThePresentationAwayAndOwnFactsWin() throws {
        let r = Recorder(capacity: 1)
        r.record(present())
        var end = Event(time: 0.35, kind: .dismissCompleted, outcome: .completed, window: "w", receiver: root, handledBy: root,
                        dismissed: [sheet], chain: [root])
        end.relatesTo = 1
        r.record(end)
        XCTAssertEqual(try XCTUnwrap(r.events.first).facts.first { $0.id == "sheet" }?.presentedBy, "root", "a ring of one keeps it on the new event")
        var mine = ControllerFacts(id: "root", type: "Root")
        mine.definesPresentationContext = false
        var next = other()
        next.facts = [mine]
        r.record(next)
        let kept = try XCTUnwrap(r.events.first)
        XCTAssertNil(kept.facts.first { $0.id == "sheet" }?.presentedBy, "dismissed in a dropped event")
        XCTAssertEqual(kept.facts.first { $0.id == "root" }?.definesPresentationContext, false, "the kept event's own facts are newer")
    }

    /// A controller that moved to another container is not listed by its old one any more.
    func testMergedFactsDropAMovedChildFromItsOldParent() {
        var a = ControllerFacts(id: "a", type: "Nav"), b = ControllerFacts(id: "b", type: "Nav"), c = ControllerFacts(id: "c", type: "Leaf")
        a.children = ["c"]
        c.parent = "a"
        var list = [a, c]
        b.children = ["c"]
        var moved = c
        moved.parent = "b"
        list.merge(b)
        list.merge(moved)
        XCTAssertEqual(list.first { $0.id == "a" }?.children, [])
        XCTAssertEqual(list.first { $0.id == "c" }?.parent, "b")
    }

    /// Read twice by one call (as a child, then on the call's path), a controller's facts are
    /// recorded once with its children.
    func testFactsReadTwiceByOneCallKeepEverythingRead() throws {
        var asChild = ControllerFacts(id: "nav", type: "UINavigationController"), onPath = asChild
        asChild.parent = "root"
        onPath.parent = "root"
        onPath.children = ["list"]
        let r = Recorder()
        r.noteControllerFacts([asChild, onPath])
        r.record(other())
        XCTAssertEqual(try XCTUnwrap(r.events.first).facts.map(\.children), [["list"]])
    }

    /// Nothing endless: once a ring has replaced a whole round of a flow that repeats (the memory
    /// benchmark's mix: every built-in scenario, in a fresh simulation each round), what it carries
    /// for its oldest event (one entry per controller the dropped events named) and what its pools
    /// hold stay that size however many events follow: ten rings' worth here.
    func testWhatAFullRingCarriesStaysBoundedWhileAFlowRepeats() throws {
        let scenarios = try BuiltInScenarios.all.map { try $0.scenario() }
        let ring = Recorder(capacity: 300)
        func round() throws {
            let sim = Simulation(recorder: ring)
            for s in scenarios { try sim.run(s) }
        }
        while ring.droppedCount == 0 { try round() }
        try round()  // the first round is dropped whole: every controller of the flow is carried
        let carried = ring.carriedControllerCount, pooled = ring.pooledValueCount
        let named = Set(ring.events.flatMap { $0.facts.map(\.id) + [$0.presented, $0.presenting, $0.receiver].compactMap { $0?.id } })
        XCTAssertGreaterThan(carried, 0)
        XCTAssertLessThanOrEqual(carried, named.count, "the controllers of the flow, no more")
        let end = ring.snapshot().totalRecorded + 10 * ring.capacity
        while ring.snapshot().totalRecorded < end {
            try round()
            // Rounds are alike, so at the end of each the ring holds the same events.
            XCTAssertEqual(ring.carriedControllerCount, carried, "carried facts grow with the events replaced")
            XCTAssertEqual(ring.pooledValueCount, pooled, "pooled values grow with the events replaced")
        }
    }
}
