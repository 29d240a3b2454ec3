@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// Two context presentations side by side in one window: each navigation controller of a split
/// defines its context and presents `overCurrentContext`, the two overlapping in time. The
/// window's `chain` then lists both presented controllers one after the other (DESIGN.md, "Event
/// log"), but neither presents the other: every view puts both one level above the window's root.
final class SideBySideContextTests: XCTestCase {
    /// Filter over the mailboxes (0 → 1.35 s) and attachment over the message (0.5 → 1.85 s).
    static let scenario = """
    { "name": "side-by-side context",
      "environment": { "idiom": "pad", "horizontalSizeClass": "regular" },
      "controllers": [
        { "id": "split", "type": "UISplitViewController", "children": ["mailNav", "detailNav"] },
        { "id": "mailNav", "type": "UINavigationController", "children": ["mailboxes"], "definesPresentationContext": true },
        { "id": "mailboxes", "type": "MailboxListViewController" },
        { "id": "detailNav", "type": "UINavigationController", "children": ["message"], "definesPresentationContext": true },
        { "id": "message", "type": "MessageViewController" },
        { "id": "filter", "type": "FilterViewController", "modalPresentationStyle": "overCurrentContext" },
        { "id": "attachment", "type": "AttachmentViewController", "modalPresentationStyle": "overCurrentContext" },
        { "id": "preview", "type": "PreviewViewController", "modalPresentationStyle": "overFullScreen" } ],
      "windows": [ { "id": "ipad", "root": "split", "key": true } ],
      "steps": [
        { "present": "filter", "from": "mailboxes", "animated": true },
        { "advance": 0.5 },
        { "present": "attachment", "from": "message", "animated": true },
        { "advance": 0.5 },
        { "dismiss": "filter", "animated": true },
        { "advance": 0.5 },
        { "dismiss": "attachment", "animated": true },
        { "advance": 0.5 } ] }
    """

    private func events() throws -> [Event] { try ExportFixtures.events(json: Self.scenario) }

    func testTheChainListsBothBranchesAsTheRecorderWritesIt() throws {
        let present = try XCTUnwrap(events().first { $0.kind == .present && $0.presented?.id == "attachment" })
        XCTAssertEqual(present.chain.map(\.id), ["split", "filter", "attachment"], "the window's whole list, branch after branch")
        XCTAssertEqual(present.presenting?.id, "detailNav", "attachment is not presented by filter")
    }

    func testTimelinePutsBothAtLevelOneInTwoSlots() throws {
        let t = PresentationTimeline.make(events: try events())
        XCTAssertEqual(t.lanes.map(\.title), ["ipad · root", "ipad · level 1", "ipad · level 1 (2)"])
        let placed = t.lifetimes.filter { !$0.isWindowRoot }.map { "\($0.controller.id)@\(t.lanes[$0.lane].key.level)" }
        XCTAssertEqual(placed, ["filter@1", "attachment@1"])
    }

    func testTextLifetimesListTheSecondAtLevelOne() throws {
        let text = TextExporter.render(header: ExportFixtures.header, events: try events())
        let lifetimes = try XCTUnwrap(text.components(separatedBy: "Presented lifetimes\n").last?.components(separatedBy: "\nChains").first)
        XCTAssertFalse(lifetimes.contains("level 2"), lifetimes)
        XCTAssertTrue(lifetimes.contains("  ipad · level 1 (2)\n    0.500s → 1.850s  AttachmentViewController (attachment)"), lifetimes)
    }

    func testPerfettoPutsTheSecondOnALevelOneTrack() throws {
        let trace = PerfettoExporter.render(header: ExportFixtures.header, events: try events())
        let lines = trace.split(separator: "\n").map(String.init)
        func tid(of needle: String) throws -> String {
            let line = try XCTUnwrap(lines.first { $0.contains(needle) }, needle)
            return try XCTUnwrap(line.range(of: #""tid":\d+"#, options: .regularExpression).map { String(line[$0]) })
        }
        let slice = try tid(of: #""name":"AttachmentViewController (attachment)","cat":"presented""#)
        let track = try XCTUnwrap(lines.first { $0.contains(#""name":"thread_name""#) && $0.contains(slice + ",") })
        XCTAssertTrue(track.contains(#""name":"ipad · level 1 (2)""#), track)
        XCTAssertFalse(trace.contains("level 2"))
    }

    func testReportTimelineDataHasNoSecondLevel() throws {
        let html = HTMLReport.render(header: ExportFixtures.header, events: try events())
        let open = "<script id=\"pi-data\" type=\"application/json\">"
        let start = try XCTUnwrap(html.range(of: open)).upperBound
        let end = try XCTUnwrap(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        let blob = try XCTUnwrap(JSONParser.parse(String(html[start..<end])).objectValue)
        let lanes = try XCTUnwrap(blob["timeline"]?.objectValue?["lanes"]?.arrayValue).map { Int($0.numberValue ?? .nan) }
        XCTAssertEqual(lanes, [0, 0, 0, 0, 1, 0, 0, 1, 1], "[window, level, slot] per lane")
    }

    func testOverlayTimelineLayoutDrawsBothBarsOnLevelOneLanes() throws {
        let layout = TimelineLayout.make(events: try events())
        for id in ["filter", "attachment"] {
            let bar = try XCTUnwrap(layout.bars.first { $0.lifetime.controller.id == id })
            let lane = try XCTUnwrap(layout.lanes.first { $0.frame.y <= bar.frame.midY && bar.frame.midY <= $0.frame.maxY })
            XCTAssertEqual(lane.level, 1, id)
        }
    }

    /// The graph and the chain listing read who presents whom, not positions in the chain: they
    /// already agreed, and must go on agreeing with the timeline.
    func testGraphAndChainListingAgree() throws {
        let events = try events()
        let layout = ChainGraphLayout.make(graph: ChainGraph.make(events: events, at: 4))
        let layers = Dictionary(uniqueKeysWithValues: layout.nodes.map { ($0.node.ref.id, $0.layer) })
        XCTAssertEqual(layers["filter"], layers["attachment"])
        let listing = TextExporter.chainListing(ChainGraph.make(events: events, at: 4))
        XCTAssertTrue(listing.contains("   |   + <FilterViewController: filter>"), listing)
        XCTAssertTrue(listing.contains("   |   + <AttachmentViewController: attachment>"), listing)
    }

    /// The live chains (`pi chain`, the overlay) carry each entry's level alongside the list.
    func testLiveWindowChainAndDebuggerReplyCarryLevels() throws {
        let simulation = Simulation(configuration: HandlerConfiguration(leakCheckDelay: nil))
        let scenario = try Scenario.parse(Self.scenario, file: "side-by-side.json")
        try simulation.load(scenario)
        for step in scenario.steps.prefix(4) { try simulation.perform(step) }
        let chain = try XCTUnwrap(simulation.windowChains().first)
        XCTAssertEqual(chain.chain.map(\.id), ["split", "filter", "attachment"])
        XCTAssertEqual(chain.levels, [0, 1, 1])
        guard case .success(let text) = DebuggerQueries.chain([chain]) else { return XCTFail("no reply") }
        XCTAssertTrue(text.contains(#""levels":[0,1,1]"#), text)
        XCTAssertEqual(WindowChain(id: "w", level: 0, isKey: true, chain: chain.chain).levels, [0, 1, 2], "without levels: one stack")
    }

    /// Presenting the attachment again: the fix dismisses it through its own presenter, not
    /// through the controller before it in the chain (the other branch's filter).
    func testAlreadyPresentedFixNamesTheRealPresenter() throws {
        let json = Self.scenario.replacingOccurrences(of: #"{ "dismiss": "filter""#,
                                                      with: #"{ "present": "attachment", "from": "message", "animated": false }, { "dismiss": "filter""#)
        let events = try ExportFixtures.events(json: json)
        let again = try XCTUnwrap(events.first { $0.kind == .present && $0.outcome == .rejected })
        let d = try XCTUnwrap(again.diagnostics.first { $0.code == .alreadyPresented })
        XCTAssertTrue(d.message.hasSuffix("already being presented by <UINavigationController: detailNav>."), d.message)
        XCTAssertEqual(d.fix, "create a new AttachmentViewController instead of presenting <AttachmentViewController: attachment> again, or dismiss it first (<UINavigationController: detailNav>.dismiss(animated:))")
    }

    /// A presentation over one branch makes the other branch no deeper: the deep-chain limit
    /// counts presentation levels, not the window's whole list.
    func testDeepChainCountsLevelsNotBranches() throws {
        let simulation = Simulation(configuration: HandlerConfiguration(resolver: ResolverOptions(deepChainLimit: 1), leakCheckDelay: nil))
        // The attachment then presents a preview: that one is two levels deep.
        let json = Self.scenario.replacingOccurrences(of: #"{ "dismiss": "filter""#,
                                                      with: #"{ "present": "preview", "from": "attachment", "animated": false }, { "dismiss": "filter""#)
        try simulation.run(try Scenario.parse(json, file: "side-by-side.json"))
        let deep = simulation.recorder.events.filter { $0.diagnostics.contains { $0.code == .deepChain } }
        XCTAssertEqual(deep.map { $0.presented?.id }, ["preview"], "filter and attachment are each one level deep")
        XCTAssertEqual(deep.first?.diagnostics.first { $0.code == .deepChain }?.message, Diagnostic.deepChain(depth: 2, limit: 1).message)
    }
}
