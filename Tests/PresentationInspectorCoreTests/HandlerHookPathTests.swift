import XCTest
import Foundation
@_spi(Package) @testable import PresentationInspectorCore
import TestSupport

/// What the UIKit hooks hand the handler and the dismissal monitor, and what UIKit answers: each
/// must leave the events as the model and UIKit say.
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

    /// The model predicts a dismiss rejected (a transition runs), UIKit performs it: the removed
    /// controller's `viewWillDisappear`, reported from inside the call, belongs to that call. The
    /// call's end records the removal with its drift, and nothing records it a second time as a
    /// dismissal without a call.
    func testADismissUIKitPerformsAgainstThePredictionIsRecordedOnce() {
        let h = make(observing: true)
        let monitor = InteractiveDismissMonitor(handler: h)
        monitor.start()
        defer { monitor.stop() }
        let root = FakeNode("root", window: "w"), p = FakeNode("p")
        present(p, on: root)
        p.isBeingPresentedOrDismissed = true
        h.handleDismiss(receiver: p, animated: true, completion: nil) { c in
            let call = h.recorder.events.last?.seq ?? -1
            XCTAssertEqual(monitor.dismissalWillBegin(p, isInteractive: false), .dismissCall(seq: call))
            self.detach(p)
            monitor.dismissalDidEnd(p, cancelled: false)
            c?()
        }
        let events = h.recorder.events
        XCTAssertEqual(events.map(\.kind), [.dismiss, .dismissCompleted])
        XCTAssertEqual(events.first?.outcome, .rejected)
        XCTAssertEqual(events.last?.observed?.dismissed?.map(\.id), ["p"])
        XCTAssertTrue(events.last?.diagnostics.contains { $0.code == .modelDrift } == true)
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

    // MARK: one look when the transition ended inside the call

    /// Presents `p` from a window's root with observations on; the completion runs inside the call
    /// or, with `later`, after it. Returns the events and, for each time UIKit was asked, whether
    /// it was told that the transition had ended.
    private func observedPresent(later: Bool) -> (events: [Event], looks: [Bool]) {
        let h = make(observing: true)
        let root = FakeNode("root", window: "w"), p = FakeNode("p")
        var looks: [Bool] = []
        var pending: (() -> Void)?
        h.handlePresent(source: root, presented: p, animated: true, completion: nil,
                        observe: { ended in
                            looks.append(ended)
                            return Observation(effectiveStyle: .pageSheet, window: "w", presentationControllerClass: "UISheet")
                        }) { c in
            self.present(p, on: root)
            if later { pending = c } else { c?() }
        }
        pending?()
        return (h.recorder.events, looks)
    }

    /// Only UIKit's call of the completion says the transition has ended: the look right after
    /// the call is told it has not (the presented view may still be moving).
    func testTheLookIsToldWhetherUIKitHasEndedTheTransition() {
        XCTAssertEqual(observedPresent(later: true).looks, [false, true])
        XCTAssertEqual(observedPresent(later: false).looks, [true])
    }

    func testATransitionEndedInsideTheCallIsLookedAtOnceWithTheSameResult() throws {
        let inside = observedPresent(later: false), after = observedPresent(later: true)
        XCTAssertEqual(inside.looks.count, 1, "the call's look saw the transition's end")
        XCTAssertEqual(after.looks.count, 2, "a transition that ends later is looked at again")
        XCTAssertEqual(inside.events.map(\.kind), [.present, .presentCompleted])
        XCTAssertEqual(after.events.map(\.kind), [.present, .presentCompleted])
        let done = try inside.events.element(1)
        XCTAssertEqual(done.observed, try after.events.element(1).observed, "the same observation either way")
        XCTAssertEqual(done.diagnostics, try after.events.element(1).diagnostics)
        XCTAssertEqual(done.presenting, try after.events.element(1).presenting)
        XCTAssertEqual(done.observed?.presenting?.id, "root")
        XCTAssertNil(done.observed?.outcome, "a completion's look has no outcome")
        XCTAssertEqual(done.observed?.effectiveStyle, .pageSheet)
        XCTAssertEqual(try inside.events.element(0).observed?.outcome, .presented)
        XCTAssertEqual(try inside.events.element(0).diagnostics.map(\.code), [.modelDrift], "the call reports the style's drift once")
        XCTAssertEqual(done.diagnostics, [])
    }

    // MARK: what a dismissal really removed

    func testWitnessNamesTheRealPresenterWhenItIsNotTheChainsPrevious() throws {
        let h = make(observing: true)
        let root = FakeNode("root", window: "w"), child = FakeNode("child"), x = FakeNode("x")
        root.addChild(child)
        child.definesPresentationContext = true
        x.modalPresentationStyle = .currentContext
        h.handlePresent(source: child, presented: x, animated: false, completion: nil) { self.present(x, on: child, completion: $0) }
        XCTAssertEqual(h.recorder.events.last?.chain.map(\.id), ["root", "x"])
        h.handleDismiss(receiver: child, animated: false, completion: nil) { self.detach(x); $0?() }
        let done = try XCTUnwrap(h.recorder.events.last)
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
