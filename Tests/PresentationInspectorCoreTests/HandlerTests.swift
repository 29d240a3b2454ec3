import XCTest
import Foundation
@_spi(Package) @testable import PresentationInspectorCore
import TestSupport

/// A minimal hand-built hierarchy, independent of the simulator, to test the handler the way
/// the UIKit adapter will use it.
final class FakeNode: PresentationNode {
    let ref: ControllerRef
    var parentNode: FakeNode?
    var childNodes: [FakeNode] = []
    var presentingNode: FakeNode? {
        get { presenterReads += 1; return presenter }
        set { presenter = newValue }
    }
    private weak var presenter: FakeNode?
    /// How often `presentingNode` was read.
    private(set) var presenterReads = 0
    var ownPresentedNode: FakeNode?
    var rootOfWindow: String?
    var modalPresentationStyle: PresentationStyle = .automatic
    var modalTransitionStyle: TransitionStyle = .coverVertical
    var definesPresentationContext = false
    var providesPresentationContextTransitionStyle = false
    var isModalInPresentation = false
    var popoverAnchor: PopoverAnchorState = .missing
    var popoverAnchorIsSetByDelegate = false
    var popoverDelegateAdaptsStyle = false
    var popoverPresentationControllerRef: ControllerRef?
    var isViewInWindow = true
    var horizontalSizeClass: SizeClass = .compact
    var verticalSizeClass: SizeClass = .regular
    var isBeingPresentedOrDismissed = false

    init(_ id: String, window: String? = nil) {
        ref = ControllerRef(id: id, type: "Fake")
        rootOfWindow = window
    }

    func makeLivenessProbe() -> LivenessProbe {
        LivenessProbe { [weak self] in self != nil }
    }

    func addChild(_ c: FakeNode) { childNodes.append(c); c.parentNode = self }
}

/// A scheduler whose time the test sets, and whose delayed work runs on demand.
final class ManualScheduler: InspectorScheduler, @unchecked Sendable {
    var now: Double = 0
    var pending: [(Double, @Sendable () -> Void)] = []
    func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) { pending.append((now + seconds, work)) }
    func runPending() { let p = pending; pending = []; p.forEach { $0.1() } }
}

final class HandlerTests: XCTestCase {
    private func make() -> (PresentationHooksHandler, ManualScheduler) {
        let s = ManualScheduler()
        return (PresentationHooksHandler(recorder: Recorder(), scheduler: s), s)
    }

    /// UIKit's original present, as far as the handler can see it: sets the relationship,
    /// calls the completion at once (as a non-animated present may).
    private func originalPresent(_ p: FakeNode, on r: FakeNode) -> ((() -> Void)?) -> Void {
        { completion in
            r.ownPresentedNode = p
            p.presentingNode = r
            completion?()
        }
    }

    // MARK: observations (as the UIKit hooks record them)

    private func makeObserving() -> PresentationHooksHandler {
        PresentationHooksHandler(recorder: Recorder(), scheduler: ManualScheduler(),
                                 configuration: HandlerConfiguration(leakCheckDelay: nil, recordsObservations: true))
    }
    private func drifts(_ e: Event) -> [String] { e.diagnostics.filter { $0.code == .modelDrift }.map(\.message) }

    /// A transition runs in a window while any controller of its chain is being presented or
    /// dismissed, in whichever branch: a present from another branch is refused as in progress,
    /// and so is a dismiss.
    func testATransitionInAnotherBranchOfTheWindowHoldsPresentsAndDismisses() {
        let h = make().0
        let root = FakeNode("root", window: "w"), left = FakeNode("left"), right = FakeNode("right")
        root.addChild(left); root.addChild(right)
        let sheet = FakeNode("sheet"), other = FakeNode("other")
        left.ownPresentedNode = sheet; sheet.presentingNode = left
        sheet.isBeingPresentedOrDismissed = true
        h.handlePresent(source: right, presented: other, animated: true, completion: nil) { _ in }
        h.handleDismiss(receiver: sheet, animated: true, completion: nil) { _ in }
        let codes = h.recorder.events.map { $0.diagnostics.first?.code }
        XCTAssertEqual(codes, [.presentationInProgress, .dismissDuringTransition])
        sheet.isBeingPresentedOrDismissed = false
        h.handlePresent(source: right, presented: other, animated: true, completion: nil) { _ in }
        XCTAssertNotEqual(h.recorder.events.last?.diagnostics.first?.code, .presentationInProgress)
    }

    /// The popover exception names the popover presentation controller the adapter read (its class
    /// and address, as on a device), and one named by the presented controller when it read none.
    func testAnAnchorlessPopoverNamesThePopoverPresentationControllerTheAdapterRead() {
        let h = make().0
        let root = FakeNode("0x10", window: "w"), menu = FakeNode("0x20")
        root.horizontalSizeClass = .regular
        menu.modalPresentationStyle = .popover
        menu.popoverPresentationControllerRef = ControllerRef(id: "0x30", type: "UIPopoverPresentationController")
        h.handlePresent(source: root, presented: menu, animated: true, completion: nil) { _ in }
        XCTAssertEqual(h.recorder.events.last?.diagnostics.first?.message,
                       "UIPopoverPresentationController (<UIPopoverPresentationController: 0x30>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.")
        menu.popoverPresentationControllerRef = nil
        h.handlePresent(source: root, presented: menu, animated: true, completion: nil) { _ in }
        XCTAssertEqual(h.recorder.events.last?.diagnostics.first?.message,
                       "UIPopoverPresentationController (<UIPopoverPresentationController: 0x20.popoverPresentationController>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.")
    }

    /// What UIKit removed is read back top first, as the model names it: a dismissal of two
    /// stacked presentations observes both, in the order of `dismissed`, without a drift.
    func testObservedDismissalOfAStackIsReadTopFirst() {
        let h = makeObserving()
        let root = FakeNode("root", window: "w"), a = FakeNode("a"), b = FakeNode("b")
        root.ownPresentedNode = a; a.presentingNode = root
        a.ownPresentedNode = b; b.presentingNode = a
        h.handleDismiss(receiver: root, animated: false, completion: nil) { c in
            a.ownPresentedNode = nil; b.presentingNode = nil
            root.ownPresentedNode = nil; a.presentingNode = nil
            c?()
        }
        let events = h.recorder.events
        XCTAssertEqual(events.map(\.kind), [.dismiss, .dismissCompleted])
        XCTAssertEqual(events.first?.dismissed.map(\.id), ["b", "a"])
        XCTAssertEqual(events.last?.observed?.dismissed?.map(\.id), ["b", "a"])
        XCTAssertEqual(events.last?.observed?.handledBy?.id, "root")
        XCTAssertEqual(events.flatMap(drifts), [])
        XCTAssertEqual(events.last?.chain.map(\.id), ["root"])
    }

    func testObservingHandlerKeepsThePredictionAndRecordsWhatUIKitChose() throws {
        let h = makeObserving()
        let root = FakeNode("root", window: "w")
        let child = FakeNode("child")
        root.addChild(child)
        let p = FakeNode("p")
        h.handlePresent(source: child, presented: p, animated: false, completion: nil, original: originalPresent(p, on: child))
        let e = try h.recorder.events.element(0)
        XCTAssertEqual(e.presenting?.id, "root", "the field stays the model's prediction")
        XCTAssertEqual(e.observed?.presenting?.id, "child")
        XCTAssertEqual(e.observed?.outcome, .presented)
        XCTAssertEqual(drifts(e), ["model predicted presenting <Fake: root>, UIKit chose <Fake: child>"])
        XCTAssertFalse(e.explanation.contains { $0.hasPrefix("Observed:") }, "facts, not sentences")
        XCTAssertEqual(try h.recorder.events.element(1).kind, .presentCompleted)
        XCTAssertEqual(drifts(try h.recorder.events.element(1)), [], "the completion repeats no drift the call already reported")
    }

    func testObservingHandlerReportsAPresentUIKitRefusedAsAnOutcomeDrift() throws {
        let h = makeObserving()
        let root = FakeNode("root", window: "w")
        let p = FakeNode("p")
        h.handlePresent(source: root, presented: p, animated: false, completion: nil) { _ in /* UIKit did nothing */ }
        let e = try h.recorder.events.element(0)
        XCTAssertEqual(e.outcome, .rejected, "the outcome is what happened")
        XCTAssertEqual(drifts(e), ["model predicted outcome presented, UIKit chose rejected"])
    }

    func testObservingHandlerNoticesAPresentUIKitAllowedAlthoughTheModelPredictedItRaises() {
        let h = makeObserving()
        let root = FakeNode("root", window: "w")
        let child = FakeNode("child")
        root.addChild(child)
        // Presenting an active child raises per the model; this "UIKit" presents it anyway.
        h.handlePresent(source: root, presented: child, animated: false, completion: nil, original: originalPresent(child, on: root))
        let events = h.recorder.events
        XCTAssertEqual(events.map(\.kind), [.present, .presentCompleted])
        XCTAssertEqual(try events.element(0).outcome, .rejected)
        XCTAssertEqual(try events.element(1).observed?.outcome, .presented)
        XCTAssertEqual(drifts(try events.element(1)), ["model predicted outcome rejected, UIKit chose presented"])
    }

    func testCompletionCalledInsideTheOriginalIsRecordedAfterThePresent() {
        let (h, _) = make()
        let root = FakeNode("root", window: "w")
        let p = FakeNode("p")
        var userCompletion = 0
        h.handlePresent(source: root, presented: p, animated: false, completion: { userCompletion += 1 }, original: originalPresent(p, on: root))
        let events = h.recorder.events
        XCTAssertEqual(events.map(\.kind), [.present, .presentCompleted])
        XCTAssertEqual(try events.element(1).relatesTo, try events.element(0).seq)
        XCTAssertEqual(userCompletion, 1)
        XCTAssertEqual(try events.element(0).chain.map(\.id), ["root", "p"])
    }

    func testObservedPresentingWinsOverThePrediction() throws {
        let (h, _) = make()
        let root = FakeNode("root", window: "w")
        let child = FakeNode("child")
        root.addChild(child)
        let p = FakeNode("p")
        // UIKit (say, a custom container) made the child present although the model says root.
        h.handlePresent(source: child, presented: p, animated: false, completion: nil, original: originalPresent(p, on: child))
        let e = try h.recorder.events.element(0)
        XCTAssertEqual(e.presenting?.id, "child")
        XCTAssertEqual(e.contextProvider?.id, "root")
        XCTAssertTrue(try XCTUnwrap(e.explanation.last).hasPrefix("Observed: UIKit chose Fake (child) as the presenting controller where the model predicted Fake (root)."))
    }

    func testErrorRejectionIsRecordedBeforeTheOriginalRuns() {
        let (h, _) = make()
        let root = FakeNode("root", window: "w")
        let child = FakeNode("child")
        root.addChild(child)
        var eventsSeenByOriginal = -1
        h.handlePresent(source: root, presented: child, animated: true, completion: nil) { _ in
            // On device UIKit raises here; the event must already be on record.
            eventsSeenByOriginal = h.recorder.events.count
        }
        XCTAssertEqual(eventsSeenByOriginal, 1)
        XCTAssertEqual(try h.recorder.events.element(0).diagnostics.first?.code, .activeController)
    }

    func testReentrantDismissIsCoalesced() {
        let (h, s) = make()
        let root = FakeNode("root", window: "w")
        let p = FakeNode("p")
        root.ownPresentedNode = p
        p.presentingNode = root
        var completions = 0
        func dismiss(_ r: FakeNode, _ completion: (() -> Void)?) {
            h.handleDismiss(receiver: r, animated: false, completion: completion) { wrapped in
                if r === p { dismiss(root, wrapped); return }  // UIKit forwards to the presenting controller
                root.ownPresentedNode = nil
                p.presentingNode = nil
                wrapped?()
            }
        }
        dismiss(p) { completions += 1 }
        XCTAssertEqual(h.recorder.events.map(\.kind), [.dismiss, .dismissCompleted])
        XCTAssertEqual(try h.recorder.events.element(0).forwarded, true)
        XCTAssertEqual(try h.recorder.events.element(0).handledBy?.id, "root")
        XCTAssertEqual(completions, 1)
        // A leak check is scheduled; the fake node is still referenced here, so it reports.
        XCTAssertEqual(s.pending.count, 1)
        s.runPending()
        XCTAssertEqual(h.recorder.events.last?.kind, .leakCheck)
        // A second, separate dismiss is recorded again (the depth counter was reset).
        dismiss(root, nil)
        XCTAssertEqual(h.recorder.events.last?.kind, .dismiss)
        XCTAssertEqual(h.recorder.events.last?.outcome, .noOp)
    }

    func testIgnoredControllersAreNotRecorded() {
        let s = ManualScheduler()
        let h = PresentationHooksHandler(recorder: Recorder(), scheduler: s,
                                         configuration: HandlerConfiguration(ignore: { $0.id.hasPrefix("inspector.") }))
        let root = FakeNode("root", window: "w")
        let mine = FakeNode("inspector.overlay")
        var ran = false
        h.handlePresent(source: root, presented: mine, animated: false, completion: nil) { _ in ran = true }
        XCTAssertTrue(ran, "the original always runs")
        XCTAssertEqual(h.recorder.events.count, 0)
    }

    func testInteractiveDismissStateMachine() {
        let (h, _) = make()
        let root = FakeNode("root", window: "w")
        let sheet = FakeNode("sheet")
        root.ownPresentedNode = sheet
        sheet.presentingNode = root
        h.interactiveDismissBegan(sheet: sheet)
        h.interactiveDismissEnded(sheet: sheet, completed: false)
        h.interactiveDismissBegan(sheet: sheet)
        // UIKit removes the sheet, then reports the end of the swipe.
        root.ownPresentedNode = nil
        sheet.presentingNode = nil
        h.interactiveDismissEnded(sheet: sheet, completed: true)
        sheet.isModalInPresentation = true
        h.interactiveDismissBlocked(sheet: sheet)
        let e = h.recorder.events
        XCTAssertEqual(e.map(\.outcome), [.cancelled, .completed, .blocked])
        XCTAssertEqual(try e.element(1).dismissed.map(\.id), ["sheet"], "the dismissed set is the one seen when the swipe began")
        XCTAssertEqual(try e.element(1).handledBy?.id, "root")
        XCTAssertEqual(try e.element(1).chain.map(\.id), ["root"])
    }

    /// A swipe whose end never comes (the sheet went away first) is not kept past its sheet.
    func testASwipeWithoutItsEndIsNotKeptPastItsSheet() {
        let (h, _) = make()
        let root = FakeNode("root", window: "w")
        var sheets = (0..<3).map { FakeNode("sheet\($0)") }
        for sheet in sheets {
            root.ownPresentedNode = sheet
            sheet.presentingNode = root
            h.interactiveDismissBegan(sheet: sheet)
        }
        root.ownPresentedNode = nil
        sheets.removeAll()
        let live = FakeNode("live")
        root.ownPresentedNode = live
        live.presentingNode = root
        h.interactiveDismissBegan(sheet: live)
        XCTAssertEqual(h.pendingSwipeCount, 1, "only the live sheet's swipe is pending")
        h.interactiveDismissEnded(sheet: live, completed: true)
        XCTAssertEqual(h.pendingSwipeCount, 0)
        XCTAssertEqual(h.recorder.events.last?.dismissed.map(\.id), ["live"])
    }

    /// A sheet at the address of one whose swipe never ended does not take that swipe's facts.
    func testASheetAtADeadSheetsAddressIsNotGivenItsSwipe() throws {
        let (h, _) = make()
        let root = FakeNode("root", window: "w")
        var dead: ObjectIdentifier?
        do {
            let gone = FakeNode("gone")
            root.ownPresentedNode = gone
            gone.presentingNode = root
            h.interactiveDismissBegan(sheet: gone)
            root.ownPresentedNode = nil
            dead = ObjectIdentifier(gone)
        }
        // The allocator hands the freed address out again; keep trying until it does.
        var kept: [FakeNode] = []
        var reused: FakeNode?
        for i in 0..<100 where reused == nil {
            let candidate = FakeNode("new\(i)")
            if ObjectIdentifier(candidate) == dead { reused = candidate } else { kept.append(candidate) }
        }
        // AddressSanitizer holds freed memory back (its quarantine): no address comes back there,
        // and the plain run (CI's first step) checks this.
        try XCTSkipIf(reused == nil, "no allocation reused the address (a sanitizer's quarantine)")
        let sheet = try XCTUnwrap(reused)
        root.ownPresentedNode = sheet
        sheet.presentingNode = root
        h.interactiveDismissEnded(sheet: sheet, completed: true)
        XCTAssertEqual(h.recorder.events.last?.dismissed.map(\.id), [sheet.ref.id], "not the dead sheet's swipe")
        XCTAssertEqual(h.pendingSwipeCount, 0)
    }
}

final class HandlerExclusionTests: XCTestCase {
    func testDismissOfAnIgnoredControllerRecordsNothingEvenWhenForwarded() {
        let h = PresentationHooksHandler(recorder: Recorder(), scheduler: ManualScheduler(),
                                         configuration: HandlerConfiguration(ignore: { $0.id.hasPrefix("inspector.") }))
        let root = FakeNode("root", window: "w")
        let mine = FakeNode("inspector.overlay")
        root.ownPresentedNode = mine
        mine.presentingNode = root
        func dismiss(_ r: FakeNode) {
            h.handleDismiss(receiver: r, animated: false, completion: nil) { wrapped in
                if r === mine { dismiss(root); return }  // UIKit forwards to the presenting controller
                root.ownPresentedNode = nil
                mine.presentingNode = nil
                wrapped?()
            }
        }
        dismiss(mine)
        XCTAssertNil(root.ownPresentedNode, "the original ran")
        XCTAssertEqual(h.recorder.events.count, 0, "neither the ignored call nor the call UIKit forwards is recorded")
        // root.dismiss() removing only an ignored controller is not recorded either.
        root.ownPresentedNode = mine
        mine.presentingNode = root
        dismiss(root)
        XCTAssertEqual(h.recorder.events.count, 0)
    }
}

/// A title changed between two events shows in the second one's chain: chains are walked when
/// an event is recorded.
final class HandlerChainTests: XCTestCase {
    func testATitleSetBetweenEventsShowsInTheNextChain() {
        let h = PresentationHooksHandler(recorder: Recorder(), scheduler: ManualScheduler(),
                                         configuration: HandlerConfiguration(leakCheckDelay: nil))
        let root = TitledNode("root", window: "w")
        let sheet = TitledNode("sheet")
        h.handlePresent(source: root, presented: sheet, animated: false, completion: nil) { c in
            root.ownPresentedNode = sheet; sheet.presentingNode = root; c?()
        }
        root.title = "Renamed"
        h.handleDismiss(receiver: sheet, animated: true, completion: nil) { _ in }
        XCTAssertEqual(h.recorder.events.last?.kind, .dismiss)
        XCTAssertEqual(h.recorder.events.last?.chain.first?.title, "Renamed")
    }

    final class TitledNode: PresentationNode {
        let id: String
        var title: String?
        var ref: ControllerRef { ControllerRef(id: id, type: "Titled", title: title) }
        var parentNode: TitledNode? { nil }
        var childNodes: [TitledNode] { [] }
        weak var presentingNode: TitledNode?
        var ownPresentedNode: TitledNode?
        let rootOfWindow: String?
        var modalPresentationStyle: PresentationStyle { .fullScreen }
        var modalTransitionStyle: TransitionStyle { .coverVertical }
        var definesPresentationContext: Bool { false }
        var providesPresentationContextTransitionStyle: Bool { false }
        var isModalInPresentation: Bool { false }
        var popoverAnchor: PopoverAnchorState { .anchored }
        var isViewInWindow: Bool { true }
        var horizontalSizeClass: SizeClass { .compact }
        var verticalSizeClass: SizeClass { .regular }
        var isBeingPresentedOrDismissed: Bool { false }
        init(_ id: String, window: String? = nil) { self.id = id; rootOfWindow = window }
        func makeLivenessProbe() -> LivenessProbe { LivenessProbe { false } }
    }
}
