import XCTest
import Foundation
@_spi(Adapter) @testable import PresentationInspectorCore

/// What the UIKit hooks hand the handler so that it reads UIKit less per call (issue 10, the
/// device path): the snapshots the hook took, the window chain the handler keeps, and the call's
/// own look when the transition ended inside the call. Each must leave the events as they were.
final class HandlerHookPathTests: XCTestCase {
    /// Counts the handler's calls of its `ignore` predicate.
    private final class IgnoreCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        var count: Int { lock.lock(); defer { lock.unlock() }; return n }
        func bump() { lock.lock(); n += 1; lock.unlock() }
    }

    private func make(observing: Bool = false, ignore: (@Sendable (ControllerRef) -> Bool)? = nil) -> PresentationHooksHandler {
        PresentationHooksHandler(recorder: Recorder(), scheduler: ManualScheduler(),
                                 configuration: HandlerConfiguration(leakCheckDelay: nil, ignore: ignore, recordsObservations: observing))
    }

    private func present(_ p: FakeNode, on r: FakeNode, completion: (() -> Void)? = nil) {
        r.ownPresentedNode = p
        p.presentingNode = r
        completion?()
    }

    private func detach(_ p: FakeNode) {
        p.presentingNode?.ownPresentedNode = nil
        p.presentingNode = nil
    }

    // MARK: snapshots taken by the hook

    func testSnapshotsTheHookCheckedAreRecordedAndNotCheckedAgain() {
        let counter = IgnoreCounter()
        let h = make(ignore: { _ in counter.bump(); return false })
        let root = FakeNode("root", window: "w"), p = FakeNode("p")
        // The hook's snapshots, with titles the nodes' own would not have: the event must carry these.
        let hookRefs = (source: ControllerRef(id: "root", type: "Fake", title: "Home"), presented: ControllerRef(id: "p", type: "Fake", title: "Detail"))
        h.handlePresent(source: root, presented: p, checkedRefs: hookRefs, animated: false, context: .main, completion: nil, observe: nil) {
            self.present(p, on: root, completion: $0)
        }
        XCTAssertEqual(counter.count, 0, "the hook checked the exclusions already")
        let e = h.recorder.events[0]
        XCTAssertEqual(e.source?.title, "Home")
        XCTAssertEqual(e.presented?.title, "Detail")
        XCTAssertEqual(e.presenting?.title, "Home", "the presenting controller is the source: its snapshot is the hook's")

        h.handleDismiss(receiver: root, checkedRef: hookRefs.source, animated: false, context: .main, completion: nil) {
            self.detach(p); $0?()
        }
        // The receiver is not checked again; what the dismissal removes still is (the hook did not see it).
        XCTAssertEqual(counter.count, 1)
        let d = h.recorder.events.first { $0.kind == .dismiss }!
        XCTAssertEqual(d.receiver?.title, "Home")
        XCTAssertEqual(d.handledBy?.title, "Home", "the receiver handles it: its snapshot is the hook's")
        XCTAssertEqual(d.dismissed.map(\.id), ["p"])

        // The public entry points check both controllers, then the receiver and what it removes.
        let q = FakeNode("q")
        h.handlePresent(source: root, presented: q, animated: false, completion: nil) { self.present(q, on: root, completion: $0) }
        XCTAssertEqual(counter.count, 3)
        h.handleDismiss(receiver: root, animated: false, completion: nil) { self.detach(q); $0?() }
        XCTAssertEqual(counter.count, 5)
    }

    func testMonitorTakesTheHooksCheckedSnapshot() {
        let counter = IgnoreCounter()
        let h = make(ignore: { _ in counter.bump(); return false })
        let monitor = InteractiveDismissMonitor(handler: h)
        let root = FakeNode("root", window: "w"), sheet = FakeNode("sheet")
        present(sheet, on: root)
        XCTAssertEqual(monitor.dismissalWillBegin(sheet, checkedRef: sheet.ref, isInteractive: false), .withoutDismissCall)
        XCTAssertEqual(counter.count, 0)
        detach(sheet)
        monitor.dismissalDidEnd(sheet, cancelled: false)
        XCTAssertEqual(h.recorder.events.map(\.kind), [.dismiss, .dismissCompleted])
        present(sheet, on: root)
        XCTAssertEqual(monitor.dismissalWillBegin(sheet, isInteractive: false), .withoutDismissCall)
        XCTAssertEqual(counter.count, 1, "without a snapshot from the hook the monitor checks its own")
    }

    /// A hook that checked the controller by class name hands its id: a dismissal a recorded call
    /// explains is recognised by it, with no snapshot and no predicate call.
    func testMonitorRecognisesADismissCallByTheHooksCheckedID() {
        let counter = IgnoreCounter()
        let h = make(ignore: { _ in counter.bump(); return false })
        let monitor = InteractiveDismissMonitor(handler: h)
        monitor.start()
        let root = FakeNode("root", window: "w"), sheet = FakeNode("sheet")
        h.handlePresent(source: root, presented: sheet, animated: false, completion: nil) { self.present(sheet, on: root, completion: $0) }
        let checks = counter.count
        var attribution: DismissalAttribution?
        h.handleDismiss(receiver: sheet, animated: false, completion: nil) { c in
            attribution = monitor.dismissalWillBegin(sheet, checkedID: sheet.ref.id, isInteractive: false)
            self.detach(sheet)
            c?()
            monitor.dismissalDidEnd(sheet, cancelled: false)
        }
        guard case .dismissCall(let seq)? = attribution else { return XCTFail("\(String(describing: attribution))") }
        XCTAssertEqual(h.recorder.events.first { $0.seq == seq }?.kind, .dismiss)
        XCTAssertEqual(h.recorder.events.map(\.kind), [.present, .presentCompleted, .dismiss, .dismissCompleted], "recorded once")
        XCTAssertEqual(counter.count, checks + 2, "the dismiss call's own checks (its receiver, what it removes); none by the monitor")
        XCTAssertEqual(monitor.controllersBeingDismissedByCalls, [])
    }

    func testTheClassNameCheckDefersToTheSnapshotOnlyForAPredicate() {
        let builtIn = ExclusionPolicy.inspectorAndFLEX
        XCTAssertEqual(builtIn.excludesCall(typeName: "MyApp.List", windowTypeName: "UIWindow"), false)
        XCTAssertEqual(builtIn.excludesCall(typeName: "FLEXNavigationController", windowTypeName: nil), true)
        XCTAssertEqual(builtIn.excludesCall(typeName: "PresentationInspector.Timeline", windowTypeName: nil), true, "by prefix")
        XCTAssertEqual(builtIn.excludesCall(typeName: "MyApp.List", windowTypeName: "FLEXWindow"), true)
        let withPredicate = ExclusionPolicy(controllerTypeNames: ["Debug"], predicate: { $0.title == "secret" })
        XCTAssertEqual(withPredicate.excludesCall(typeName: "Debug", windowTypeName: nil), true, "the class name alone settles it")
        XCTAssertNil(withPredicate.excludesCall(typeName: "MyApp.List", windowTypeName: nil), "only the snapshot can tell")
    }

    // MARK: transitions read from the kept chain

    /// root (window) presents `a`; `b` is presented from `a`. (The caller keeps `root`: nodes hold
    /// their presenters weakly, as UIKit's adapter does.)
    private func stack() -> (root: FakeNode, a: FakeNode, b: FakeNode, handler: PresentationHooksHandler) {
        let h = make()
        let root = FakeNode("root", window: "w"), a = FakeNode("a"), b = FakeNode("b")
        for n in [root, a, b] { n.isBeingPresentedOrDismissed = false }
        h.handlePresent(source: root, presented: a, animated: false, completion: nil) { self.present(a, on: root, completion: $0) }
        return (root, a, b, h)
    }

    func testATransitionInTheKeptChainRejectsAPresentWithoutAskingTheWindow() {
        let (root, a, b, h) = stack()
        defer { withExtendedLifetime(root) {} }
        a.isBeingPresentedOrDismissed = true
        h.handlePresent(source: a, presented: b, animated: false, completion: nil) { self.present(b, on: a, completion: $0) }
        let e = h.recorder.events.last { $0.kind == .present }!
        XCTAssertEqual(e.diagnostics.first?.code, .presentationInProgress)
        XCTAssertEqual(a.transitionQuestions, 0, "answered from the chain, not by walking the window")
    }

    func testNoTransitionInTheKeptChainLetsThePresentThrough() {
        let (root, a, b, h) = stack()
        h.handlePresent(source: a, presented: b, animated: false, completion: nil) { self.present(b, on: a, completion: $0) }
        XCTAssertEqual(h.recorder.events.last { $0.kind == .present }?.outcome, .presented)
        XCTAssertEqual(root.transitionQuestions + a.transitionQuestions, 0)
        // A dismissal asks the same way.
        b.isBeingPresentedOrDismissed = true
        h.handleDismiss(receiver: a, animated: false, completion: nil) { self.detach(b); $0?() }
        XCTAssertEqual(h.recorder.events.last { $0.kind == .dismiss }?.diagnostics.first?.code, .dismissDuringTransition)
        XCTAssertEqual(a.transitionQuestions, 0)
    }

    func testNodesThatDoNotSayAreAskedForTheirWindow() {
        let (root, a, b, h) = stack()
        defer { withExtendedLifetime(root) {} }
        a.isBeingPresentedOrDismissed = nil
        a.isTransitionInProgress = true
        h.handlePresent(source: a, presented: b, animated: false, completion: nil) { self.present(b, on: a, completion: $0) }
        XCTAssertEqual(h.recorder.events.last { $0.kind == .present }?.diagnostics.first?.code, .presentationInProgress)
        XCTAssertEqual(a.transitionQuestions, 1)
    }

    /// A change the handler did not see (a call the hook let through unrecorded) is read once the
    /// hook says so (`hierarchyDidChange`), as the iOS hooks and the device bench do.
    func testAChangeTheHandlerDidNotSeeIsReadOnceTold() {
        let (root, a, b, h) = stack()
        defer { withExtendedLifetime(root) {} }
        let x = FakeNode("x")
        x.isBeingPresentedOrDismissed = true
        present(x, on: a)  // straight to UIKit, still in its transition
        h.hierarchyDidChange()
        h.handlePresent(source: a, presented: b, animated: false, completion: nil) { self.present(b, on: a, completion: $0) }
        XCTAssertEqual(h.recorder.events.last { $0.kind == .present }?.diagnostics.first?.code, .presentationInProgress)
        XCTAssertEqual(a.transitionQuestions, 0)
    }

    func testUnsharedChainsAskTheWindow() {
        let (root, a, b, h) = stack()
        defer { withExtendedLifetime(root) {} }
        h.chains.isSharing = false
        a.isBeingPresentedOrDismissed = true  // not read: only the window's answer counts
        h.handlePresent(source: a, presented: b, animated: false, completion: nil) { self.present(b, on: a, completion: $0) }
        XCTAssertEqual(h.recorder.events.last { $0.kind == .present }?.outcome, .presented)
        XCTAssertEqual(a.transitionQuestions, 1)
    }

    // MARK: one look when the transition ended inside the call

    /// Presents `p` from a window's root with observations on; the completion runs inside the call
    /// or, with `later`, after it. Returns the events and how often UIKit was asked.
    private func observedPresent(later: Bool) -> (events: [Event], looks: Int) {
        let h = make(observing: true)
        let root = FakeNode("root", window: "w"), p = FakeNode("p")
        var looks = 0
        var pending: (() -> Void)?
        h.handlePresent(source: root, presented: p, animated: true, completion: nil,
                        observe: { looks += 1; return Observation(effectiveStyle: .formSheet, window: "w", presentationControllerClass: "UISheet") }) { c in
            self.present(p, on: root)
            if later { pending = c } else { c?() }
        }
        pending?()
        return (h.recorder.events, looks)
    }

    func testATransitionEndedInsideTheCallIsLookedAtOnceWithTheSameResult() {
        let inside = observedPresent(later: false), after = observedPresent(later: true)
        XCTAssertEqual(inside.looks, 1, "the call's look saw the transition's end")
        XCTAssertEqual(after.looks, 2, "a transition that ends later is looked at again")
        XCTAssertEqual(inside.events.map(\.kind), [.present, .presentCompleted])
        XCTAssertEqual(after.events.map(\.kind), [.present, .presentCompleted])
        let done = inside.events[1]
        XCTAssertEqual(done.observed, after.events[1].observed, "the same observation either way")
        XCTAssertEqual(done.diagnostics, after.events[1].diagnostics)
        XCTAssertEqual(done.presenting, after.events[1].presenting)
        XCTAssertEqual(done.observed?.presenting?.id, "root")
        XCTAssertNil(done.observed?.outcome, "a completion's look has no outcome")
        XCTAssertEqual(done.observed?.effectiveStyle, .formSheet)
        XCTAssertEqual(inside.events[0].observed?.outcome, .presented)
        XCTAssertEqual(inside.events[0].diagnostics.map(\.code), [.modelDrift], "the call reports the style's drift once")
        XCTAssertEqual(done.diagnostics, [])
    }

    // MARK: what a dismissal really removed

    func testWitnessNamesTheRealPresenterWhenItIsNotTheChainsPrevious() {
        let h = make(observing: true)
        let root = FakeNode("root", window: "w"), child = FakeNode("child"), x = FakeNode("x")
        root.addChild(child)
        child.definesPresentationContext = true
        x.modalPresentationStyle = .currentContext
        h.handlePresent(source: child, presented: x, animated: false, completion: nil) { self.present(x, on: child, completion: $0) }
        XCTAssertEqual(h.recorder.events.last?.chain.map(\.id), ["root", "x"])
        h.handleDismiss(receiver: child, animated: false, completion: nil) { self.detach(x); $0?() }
        let done = h.recorder.events.last!
        XCTAssertEqual(done.kind, .dismissCompleted)
        XCTAssertEqual(done.observed?.dismissed?.map(\.id), ["x"])
        XCTAssertEqual(done.observed?.handledBy?.id, "child", "x's presenter, not the chain's controller before it")
        XCTAssertEqual(done.diagnostics, [])
    }

    func testWitnessSeesAControllerStillPresentedByAnotherAsRemoved() {
        let h = make(observing: true)
        let root = FakeNode("root", window: "w"), a = FakeNode("a"), other = FakeNode("other", window: "w2")
        h.handlePresent(source: root, presented: a, animated: false, completion: nil) { self.present(a, on: root, completion: $0) }
        h.handleDismiss(receiver: root, animated: false, completion: nil) { c in
            self.detach(a)
            self.present(a, on: other)  // presented again elsewhere before the transition ended
            c?()
        }
        XCTAssertEqual(h.recorder.events.last?.observed?.dismissed?.map(\.id), ["a"])
    }

    /// A chain walk says which controllers the one before them presented; the kept chain keeps that
    /// through the changes a present or dismissal makes to its top.
    func testTheChainWalkTellsWhoThePreviousControllerPresented() {
        let root = FakeNode("root", window: "w"), child = FakeNode("child"), a = FakeNode("a"), b = FakeNode("b")
        root.addChild(child)
        present(a, on: child)  // a context presentation: presented by the root's child
        present(b, on: a)
        let walked = Hierarchy.chainWithPresenters(from: root)
        XCTAssertEqual(walked.nodes.map(\.ref.id), ["root", "a", "b"])
        XCTAssertEqual(walked.presentedByPrevious, 0b100, "b by a, a not by the root")
        XCTAssertEqual(Hierarchy.chain(from: root).map(\.ref.id), ["root", "a", "b"])

        var kept = WindowChains.KeptNodes(walked.nodes, presentedByPrevious: walked.presentedByPrevious)
        XCTAssertEqual((0..<3).map(kept.isPresentedByPrevious), [false, false, true])
        kept.removeLast(1)
        XCTAssertEqual((0..<3).map(kept.isPresentedByPrevious), [false, false, false])
        kept.append(presentedByLast: b)
        XCTAssertEqual((0..<3).map(kept.isPresentedByPrevious), [false, false, true])
        kept.removeLast(2)
        kept.append(presentedByLast: a)
        XCTAssertEqual((0..<3).map(kept.isPresentedByPrevious), [false, true, false])
    }

    /// The witness of a dismissal reads no presenter the kept chain already names, and still
    /// asks for the one it does not (a context presentation's presenter is not the chain's previous).
    func testTheWitnessReadsOnlyThePresentersTheChainDoesNotName() {
        let root = FakeNode("root", window: "w"), child = FakeNode("child"), a = FakeNode("a"), b = FakeNode("b")
        root.addChild(child)
        present(a, on: child)
        present(b, on: a)
        let chains = WindowChains()
        let look = chains.look(from: root)
        let kept = try! XCTUnwrap(chains.keptNodes(of: look))
        let (aReads, bReads) = (a.presenterReads, b.presenterReads)
        let witness = try! XCTUnwrap(DismissalWitness<FakeNode>(chain: kept, refs: look.refs))
        XCTAssertEqual(b.presenterReads, bReads, "b's presenter is the chain's previous: not read")
        XCTAssertEqual(a.presenterReads, aReads + 1, "a's is read")
        XCTAssertEqual(witness.entries.map { "\($0.ref.id)<\($0.presenter.id)" }, ["a<child", "b<a"])
        detach(b)
        XCTAssertEqual(witness.observation(), Observation(dismissed: [b.ref], handledBy: a.ref))
    }

    // MARK: observations share their fields

    func testObservationCopiesAreIndependentAndEqualByValue() {
        let a = Observation(window: "w")
        var b = a
        b.window = "x"
        XCTAssertEqual(a.window, "w")
        XCTAssertEqual(b.window, "x")
        var c = Observation(window: "w")
        XCTAssertEqual(a, c)
        XCTAssertEqual(a.hashValue, c.hashValue)
        c.window = nil
        XCTAssertTrue(c.isEmpty)
        XCTAssertEqual(c, Observation(), "fields set and cleared equal none set")
        XCTAssertEqual(c.hashValue, Observation().hashValue)
        XCTAssertEqual(Observation().merging(a), a)
        XCTAssertEqual(a.merging(Observation()), a)
        XCTAssertEqual(a.subtracting(Observation()), a)
        XCTAssertTrue(a.subtracting(a).isEmpty)
        XCTAssertEqual(Set([a, b, Observation(window: "w")]).count, 2)
    }
}

/// How the handler's caches hold nodes (`WindowChains.KeptNodes`): strongly when a node keeps no
/// controller alive (an adapter), weakly when the node is the controller itself.
final class KeptNodesTests: XCTestCase {
    /// An adapter over any object, holding it weakly as `UIKitNode` holds its controller.
    final class Adapter: PresentationNode {
        static var keepsNoControllerAlive: Bool { true }
        weak var controller: AnyObject?
        init(_ controller: AnyObject) { self.controller = controller }
        var ref: ControllerRef { ControllerRef(id: "0x1", type: "Adapter") }
        var parentNode: Adapter? { nil }
        var childNodes: [Adapter] { [] }
        var presentingNode: Adapter? { nil }
        var ownPresentedNode: Adapter? { nil }
        var rootOfWindow: String? { nil }
        var modalPresentationStyle: PresentationStyle { .automatic }
        var modalTransitionStyle: TransitionStyle { .coverVertical }
        var definesPresentationContext: Bool { false }
        var providesPresentationContextTransitionStyle: Bool { false }
        var isModalInPresentation: Bool { false }
        var hasPopoverAnchor: Bool { true }
        var isViewInWindow: Bool { controller != nil }
        var horizontalSizeClass: SizeClass { .compact }
        var isTransitionInProgress: Bool { false }
        var isBeingPresentedOrDismissed: Bool? { controller == nil ? nil : false }
        func makeLivenessProbe() -> LivenessProbe { LivenessProbe { false } }
    }

    /// A kept adapter node outlives its controller: read as gone once the controller is.
    func testAKeptNodeWhoseControllerIsGoneIsNotLive() {
        var controller: NSObject? = NSObject()
        let a = Adapter(controller!)
        let kept = WindowChains.KeptNodes([a])
        XCTAssertTrue(kept.live(0, as: Adapter.self) === a)
        controller = nil
        XCTAssertNotNil(kept[0], "still kept")
        XCTAssertNil(kept.live(0, as: Adapter.self), "but its controller is gone")
        withExtendedLifetime(controller) {}
    }

    func testAdapterNodesAreKeptAndTheirControllersAreNot() {
        weak var controller: AnyObject?
        weak var node: Adapter?
        let kept: WindowChains.KeptNodes = {
            let c = NSObject()
            controller = c
            let a = Adapter(c)
            node = a
            return WindowChains.KeptNodes([a])
        }()
        XCTAssertTrue(kept.keepsStrongly)
        XCTAssertNotNil(node, "the cache keeps the adapter node")
        XCTAssertNil(controller, "but not the controller it stands for")
        XCTAssertTrue(kept[0] === node)
    }

    func testNodesThatAreTheirControllersAreNotKept() {
        weak var gone: FakeNode?
        let kept: WindowChains.KeptNodes = {
            let f = FakeNode("f")
            gone = f
            return WindowChains.KeptNodes([f])
        }()
        XCTAssertFalse(kept.keepsStrongly)
        XCTAssertNil(gone)
        XCTAssertNil(kept[0])
    }

    /// A chain the handler keeps but no longer trusts (a change no hook saw) keeps none of the
    /// simulator's controllers alive.
    func testAStaleChainKeepsNoControllerAlive() {
        let h = PresentationHooksHandler(recorder: Recorder(), scheduler: ManualScheduler(),
                                         configuration: HandlerConfiguration(leakCheckDelay: nil))
        let root = FakeNode("root", window: "w")
        weak var gone: FakeNode?
        do {
            let p = FakeNode("p")
            gone = p
            h.handlePresent(source: root, presented: p, animated: false, completion: nil) { c in
                root.ownPresentedNode = p; p.presentingNode = root; c?()
            }
            XCTAssertEqual(h.chain(from: root).map(\.id), ["root", "p"])
            h.hierarchyDidChange()
            root.ownPresentedNode = nil  // UIKit let go of it without a hooked call
        }
        XCTAssertNil(gone)
    }
}
