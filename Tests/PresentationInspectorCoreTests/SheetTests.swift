import XCTest
@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import TestSupport

/// Sheets in the core (DESIGN "Sheets"): the model's reading, the log's `sheet` object in both
/// decoders, the views' times within reach, and no read of a sheet before UIKit's present.
final class SheetTests: XCTestCase {
    // MARK: the model

    func testTheBackgroundIsReadInItsDocumentedOrder() {
        let v17 = SystemVersion(parsing: "17.4")!
        let undimmed = SheetState(detents: ["medium", "large"], selectedDetent: "medium", largestUndimmedDetent: "medium")
        func bg(_ s: SheetState, modal: Bool = false, h: SizeClass = .compact, v: SizeClass = .regular) -> SheetBackground {
            SheetRules.background(s, isModalInPresentation: modal, horizontalSizeClass: h, verticalSizeClass: v, version: v17)
        }
        XCTAssertEqual(bg(undimmed), .interactive)
        XCTAssertEqual(bg(undimmed, modal: true), .modal)
        XCTAssertEqual(bg(undimmed, v: .compact), .covered, "full screen in a compact height")
        var attached = undimmed
        attached.prefersEdgeAttachedInCompactHeight = true
        XCTAssertEqual(bg(attached, v: .compact), .unknown, "medium is inactive in a compact height")
        XCTAssertEqual(bg(undimmed, h: .regular), .unknown, "regular width and height: undocumented")
        XCTAssertEqual(bg(SheetState(detents: ["medium", "large"]), h: .regular), .dimmed, "nothing undimmed dims everywhere")
        var above = undimmed
        above.selectedDetent = "large"
        XCTAssertEqual(bg(above), .dimmed)
        XCTAssertEqual(bg(above, modal: true), .dimmed, "dimmed wins over modal")
        var stray = undimmed
        stray.largestUndimmedDetent = "gone"
        XCTAssertEqual(bg(stray), .dimmed, "an identifier not among the detents dims every detent")
        var unselected = undimmed
        unselected.selectedDetent = nil
        XCTAssertEqual(unselected.restingDetent, "medium", "nil rests at the smallest")
        unselected.selectedDetent = "gone"
        XCTAssertEqual(unselected.restingDetent, "medium", "one not found rests at the smallest")
        XCTAssertEqual(bg(SheetState(detents: ["peek", "medium", "large"], selectedDetent: "peek", largestUndimmedDetent: "medium")), .interactive,
                       "a custom detent below the largest undimmed one")
    }

    func testTheVersionTableHoldsTheSheetRows() throws {
        func v(_ s: String) -> SystemVersion { SystemVersion(parsing: s)! }
        XCTAssertEqual(UIKitVersions.sheetDetents.value(at: v("15.0")), true)
        XCTAssertEqual(UIKitVersions.customDetents.value(at: v("15.5")), false)
        XCTAssertEqual(UIKitVersions.customDetents.value(at: v("16.0")), true)
        XCTAssertEqual(UIKitVersions.mediumDetentInCompactHeight.value(at: v("26.2")), true)
        XCTAssertEqual(UIKitVersions.prefersPageSizing.value(at: v("16.4")), false)
        XCTAssertEqual(UIKitVersions.prefersPageSizing.value(at: v("17.0")), true)
        let names = UIKitVersions.table.map(\.name)
        for name in ["sheet detents", "custom sheet detents", "medium detent in compact height", "sheet prefersPageSizing"] {
            XCTAssertTrue(names.contains(name), name)
        }
        XCTAssertTrue(try UIKitVersions.mediumDetentInCompactHeight.evidence.element(0).location.hasSuffix("UISheetPresentationController.h:50"))
    }

    // MARK: the log

    private func line(_ sheet: String) -> String {
        #"{"seq":1,"time":0,"kind":"present","outcome":"presented","sheet":"# + sheet + "}"
    }
    private func reference(_ text: String) throws -> Event { try EventCoding.decodeEvent(try XCTUnwrap(JSONParser.parse(text).objectValue)) }
    private func fast(_ text: String) -> Event? { var copy = text; return copy.withUTF8 { EventByteDecoder.decode($0) } }

    func testTheSheetObjectRoundTripsThroughBothDecoders() throws {
        var e = Event(seq: 4, time: 1, kind: .sheetDetentChanged, outcome: .completed, presented: ControllerRef(id: "d", type: "D"))
        e.sheet = SheetState(detents: ["peek", "medium", "large"], selectedDetent: "peek", largestUndimmedDetent: "medium",
                             prefersGrabberVisible: true, prefersEdgeAttachedInCompactHeight: true, prefersPageSizing: false,
                             appearance: .edgeAttached, background: .interactive)
        let text = EventCoding.encode(e)
        XCTAssertTrue(text.contains(#""sheet":{"detents":["peek","medium","large"],"selectedDetent":"peek","largestUndimmedDetent":"medium","prefersGrabberVisible":true,"prefersEdgeAttachedInCompactHeight":true,"prefersPageSizing":false,"appearance":"edgeAttached","background":"interactive"}"#), text)
        XCTAssertEqual(try reference(text), e)
        XCTAssertEqual(fast(text), e)
    }

    func testOldLogsAndSparseSheetsRead() throws {
        XCTAssertNil(try reference(#"{"seq":1,"time":0,"kind":"present","outcome":"presented"}"#).sheet, "a log written before sheets")
        let cases: [(String, SheetState?)] = [
            ("{}", SheetState()),
            ("null", nil),
            (#"{"detents":["medium"],"future":[1,{"x":2}],"selectedDetent":null}"#, SheetState(detents: ["medium"])),
        ]
        for (json, expected) in cases {
            let r = try reference(line(json))
            XCTAssertEqual(r.sheet, expected, json)
            if let f = fast(line(json)) { XCTAssertEqual(f, r, json) }
        }
    }

    func testBadSheetValuesNameTheirKey() {
        let cases = [
            (#"[]"#, #"key "sheet": expected an object, found an array"#),
            (#"{"detents":["medium",3]}"#, #"key "sheet.detents[1]": expected a string"#),
            (#"{"detents":"medium"}"#, #"key "sheet.detents": expected an array of at most 1000 detent identifiers"#),
            (#"{"background":"sometimes"}"#, #"key "sheet.background": unknown value "sometimes" (known: interactive, dimmed, modal, covered, unknown)"#),
            (#"{"appearance":"floating"}"#, #"key "sheet.appearance": unknown value "floating""#),
            (#"{"prefersGrabberVisible":"yes"}"#, #"key "sheet.prefersGrabberVisible": expected a boolean"#),
        ]
        for (json, expected) in cases {
            XCTAssertThrowsError(try reference(line(json))) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(json): \(error)")
            }
            XCTAssertNil(fast(line(json)), "the fast path defers on \(json)")
        }
        let many = "{\"detents\":[" + Array(repeating: "\"d\"", count: 1_001).joined(separator: ",") + "]}"
        XCTAssertThrowsError(try reference(line(many)))
    }

    // MARK: no read before UIKit's present

    /// A controller whose sheet presentation controller, read before it is presented, would be
    /// created by the read (as UIKit's getter does).
    final class SheetNode: PresentationNode {
        let ref: ControllerRef
        var parentNode: SheetNode? { nil }
        var childNodes: [SheetNode] { [] }
        weak var presentingNode: SheetNode?
        var ownPresentedNode: SheetNode?
        var rootOfWindow: String?
        var modalPresentationStyle: PresentationStyle = .pageSheet
        var modalTransitionStyle: TransitionStyle = .coverVertical
        var definesPresentationContext = false
        var providesPresentationContextTransitionStyle = false
        var isModalInPresentation = false
        var popoverAnchor: PopoverAnchorState = .anchored
        var isViewInWindow = true
        var horizontalSizeClass: SizeClass = .compact
        var verticalSizeClass: SizeClass = .regular
        var isBeingPresentedOrDismissed = false
        var configured = SheetState(detents: ["medium", "large"], selectedDetent: "medium", largestUndimmedDetent: "medium")
        /// Reads of the sheet while the controller was not presented: each would have made one.
        private(set) var readsBeforePresented = 0
        var sheetState: SheetState? {
            guard presentingNode != nil else { readsBeforePresented += 1; return nil }
            return configured
        }
        init(_ id: String, window: String? = nil) { ref = ControllerRef(id: id, type: "S\(id)"); rootOfWindow = window }
        func makeLivenessProbe() -> LivenessProbe { LivenessProbe { false } }
    }

    func testTheSheetIsReadOnlyAfterUIKitsPresentAndRecorded() {
        let handler = PresentationHooksHandler(recorder: Recorder(), scheduler: ManualScheduler(),
                                               configuration: HandlerConfiguration(leakCheckDelay: nil, recordsObservations: true))
        let root = SheetNode("root", window: "w"), drawer = SheetNode("drawer"), card = SheetNode("card")
        // UIKit's original: presents when nothing is presented yet, refuses otherwise.
        func present(_ p: SheetNode) {
            handler.handlePresent(source: root, presented: p, animated: false, completion: nil) { completion in
                XCTAssertEqual(p.readsBeforePresented, 0, "read before UIKit's present ran")
                guard root.ownPresentedNode == nil else { return }
                root.ownPresentedNode = p
                p.presentingNode = root
                completion?()
            }
        }
        present(drawer)
        XCTAssertEqual(drawer.readsBeforePresented, 0)
        present(card)  // refused: the drawer's sheet is read (it is presented), the card's never
        XCTAssertEqual(card.readsBeforePresented, 0)
        let presents = handler.recorder.events.filter { $0.kind == .present }
        XCTAssertEqual(presents.first?.sheet?.background, .interactive)
        XCTAssertEqual(presents.last?.outcome, .rejected)
        XCTAssertTrue(presents.last?.diagnostics.first?.message.contains("undimmed") == true, "\(presents.last?.diagnostics ?? [])")
        XCTAssertNil(presents.last?.sheet, "a refused present shows no sheet")
        handler.sheetDetentChanged(sheet: card)
        XCTAssertEqual(card.readsBeforePresented, 0, "a controller not presented is not read")
    }

    // MARK: the views

    private func drawerEvents() throws -> [Event] {
        let sim = Simulation()
        try sim.run(try BuiltInScenarios.drawer.scenario())
        return sim.recorder.events
    }

    func testTheTimelineKnowsWhenThePresenterIsWithinReach() throws {
        let t = PresentationTimeline.make(events: try drawerEvents())
        XCTAssertEqual(t.reachable.map { [$0.startSeq, $0.endSeq ?? -1] }, [[1, 4], [5, 6], [8, -1]],
                       "from the present to the drag up, from the drag down to the card presented above the drawer, from its dismissal on")
        XCTAssertTrue(t.reachable.allSatisfy { $0.controller.id == "map" && $0.sheet.id == "drawer" && $0.detent == "medium" })
        XCTAssertEqual(t.reachable.last?.isOpen, true)
        XCTAssertEqual(try t.lanes.element(try t.reachable.element(0).lane).title, "mapWindow · root")
        XCTAssertEqual(t.markers.filter { $0.kind == .detent }.map(\.seq), [4, 5])
        let layout = TimelineLayout.make(timeline: t)
        XCTAssertEqual(layout.bands.count, 3)
        XCTAssertTrue(SVGRenderer.timeline(layout).contains("pi-reach"))
    }

    func testTheChainGraphMarksThePresenterWhileTheSheetRestsUndimmed() throws {
        let events = try drawerEvents()
        let interactive = (1...events.count).map { seq in ChainGraph.make(events: events, at: seq).node("map")?.interactiveUnder }
        XCTAssertEqual(interactive, ["drawer", "drawer", "drawer", nil, "drawer", nil, nil, "drawer", "drawer"])
        let g = ChainGraph.make(events: events, at: 3)
        XCTAssertEqual(g.edges.first { $0.kind == .presentation }?.sheet?.restingDetent, "medium")
        XCTAssertTrue(DOTExporter.render(g).contains("(still interactive: the sheet above is undimmed)"))
        XCTAssertTrue(MermaidExporter.render(g).contains("class n0 interactive"))
        XCTAssertTrue(SVGRenderer.chainGraph(ChainGraphLayout.make(graph: g)).contains("pi-interactive"))
        XCTAssertTrue(TextExporter.chainListing(g).contains("still interactive below <PlacesDrawerViewController: drawer>"))
    }

    func testLiveChainsCarryEachEntrysSheetForPiChain() throws {
        let sim = Simulation()
        try sim.run(try BuiltInScenarios.drawer.scenario())
        let chain = try XCTUnwrap(sim.windowChains().first { $0.id == "mapWindow" })
        XCTAssertEqual(chain.sheets.map { $0?.background }, [nil, .interactive])
        let reply = DebuggerQueries.chain([chain])
        guard case .success(let json) = reply else { return XCTFail("\(reply)") }
        XCTAssertTrue(json.contains(#""sheets":[null,{"detents":["medium","large"],"selectedDetent":"medium""#), json)
        XCTAssertEqual(WindowChain(id: "w", level: 0, isKey: true, chain: [ControllerRef(id: "a", type: "A")]).sheets, [nil])
    }

    func testDiffComparesTheSheetFieldByField() throws {
        var a = Event(seq: 1, time: 0, kind: .present, outcome: .presented, presented: ControllerRef(id: "d", type: "D"))
        a.sheet = SheetState(detents: ["medium", "large"], selectedDetent: "medium", background: .interactive)
        var b = a
        b.sheet?.selectedDetent = "large"
        b.sheet?.background = .dimmed
        let d = LogDiff([a], [b])
        XCTAssertEqual(d.differences.map(\.field), ["sheet.selectedDetent", "sheet.background"])
        XCTAssertEqual(d.factsAgreeing, LogDiff.comparedFields.count, "a sheet is no recorded fact")
        XCTAssertTrue(LogDiff([a], [b], comparing: [.observed, .chain]).isEquivalent)
        var none = a
        none.sheet = nil
        XCTAssertTrue(LogDiff([a], [none]).differences.contains { $0.field == "sheet.detents" && $0.bValue == "none" })
    }
}
