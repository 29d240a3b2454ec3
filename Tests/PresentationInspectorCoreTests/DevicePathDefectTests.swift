import XCTest
import Foundation
@_spi(Package) @testable import PresentationInspectorCore
import TestSupport

/// Defects a review of the device path found, each reproduced through the portable handler with
/// nodes shaped like the UIKit adapter's.
final class DevicePathDefectTests: XCTestCase {
    private func makeObserving() -> PresentationHooksHandler {
        PresentationHooksHandler(recorder: Recorder(), scheduler: ManualScheduler(),
                                 configuration: HandlerConfiguration(leakCheckDelay: nil, recordsObservations: true))
    }

    /// A node whose controller is running its `deinit`: the adapter cannot reference it, so it
    /// answers like a controller in no hierarchy (no parent, no presenter, no window).
    final class DeallocatingNode: PresentationNode {
        var ref: ControllerRef { ControllerRef(id: "0xdead", type: "ClosingViewController") }
        var parentNode: DeallocatingNode? { nil }
        var childNodes: [DeallocatingNode] { [] }
        var presentingNode: DeallocatingNode? { nil }
        var ownPresentedNode: DeallocatingNode? { nil }
        var rootOfWindow: String? { nil }
        var modalPresentationStyle: PresentationStyle { .automatic }
        var modalTransitionStyle: TransitionStyle { .coverVertical }
        var definesPresentationContext: Bool { false }
        var providesPresentationContextTransitionStyle: Bool { false }
        var isModalInPresentation: Bool { false }
        var popoverAnchor: PopoverAnchorState { .anchored }
        var isViewInWindow: Bool { false }
        var horizontalSizeClass: SizeClass { .compact }
        var verticalSizeClass: SizeClass { .regular }
        var isBeingPresentedOrDismissed: Bool { false }
        func makeLivenessProbe() -> LivenessProbe { LivenessProbe { false } }
    }

    /// Item 1: `dismiss` sent from a controller's `deinit` is recorded, without a live witness.
    func testDismissFromDeinitIsRecordedWithoutCrashing() {
        let h = makeObserving()
        let node = DeallocatingNode()
        var ran = false
        h.handleDismiss(receiver: node, animated: false, completion: { ran = true }) { c in c?() }
        let events = h.recorder.events
        XCTAssertEqual(events.map(\.kind), [.dismiss])
        XCTAssertEqual(events.first?.receiver?.id, "0xdead")
        XCTAssertEqual(events.first?.outcome, .noOp)
        XCTAssertTrue(ran, "the app's completion runs")
    }

    /// Item 3: UIKit runs a non-animated present's completion inside the call; the app's
    /// completion dismisses at once. Events come in call order, the present is `presented`, and
    /// no outcome drift is reported.
    func testACompletionThatDismissesAtOnceIsRecordedInCallOrder() {
        let h = makeObserving()
        let root = FakeNode("root", window: "w")
        let p = FakeNode("p")
        let dismissNow: () -> Void = {
            h.handleDismiss(receiver: p, animated: false, completion: nil) { c in
                root.ownPresentedNode = nil
                p.presentingNode = nil
                c?()
            }
        }
        h.handlePresent(source: root, presented: p, animated: false, completion: dismissNow) { c in
            root.ownPresentedNode = p
            p.presentingNode = root
            c?()  // UIKit: a non-animated present completes inside the call
        }
        let events = h.recorder.events
        XCTAssertEqual(events.map(\.kind), [.present, .presentCompleted, .dismiss, .dismissCompleted])
        XCTAssertEqual(events.first?.outcome, .presented)
        XCTAssertEqual(events.first?.observed?.outcome, .presented)
        XCTAssertEqual(events.flatMap(\.diagnostics).filter { $0.code == .modelDrift }.map(\.message), [])
        XCTAssertEqual(events.first?.chain.map(\.id), ["root", "p"])
    }

    /// Item 7: a dismiss that passes through unrecorded (excluded, or off the main thread) lets
    /// only UIKit's forward of it pass; the app's own dismissals made meanwhile are recorded.
    func testOnlyTheForwardOfAPassThroughDismissPassesUnrecorded() {
        let h = PresentationHooksHandler(recorder: Recorder(), scheduler: ManualScheduler(),
                                         configuration: HandlerConfiguration(leakCheckDelay: nil))
        let root = FakeNode("root", window: "w"), tool = FakeNode("tool")
        let other = FakeNode("other", window: "w2"), sheet = FakeNode("sheet")
        root.ownPresentedNode = tool; tool.presentingNode = root
        other.ownPresentedNode = sheet; sheet.presentingNode = other
        func detach(_ p: FakeNode) { p.presentingNode?.ownPresentedNode = nil; p.presentingNode = nil }
        for receiver in [tool, nil] as [FakeNode?] {
            h.recorder.reset()
            root.ownPresentedNode = tool; tool.presentingNode = root
            other.ownPresentedNode = sheet; sheet.presentingNode = other
            // The app dismisses `sheet` from its completion, which UIKit runs at once.
            let appCompletion = {
                h.handleDismiss(receiver: sheet, animated: false, completion: nil) { c in detach(sheet); c?() }
            }
            h.passThroughDismiss(receiver: receiver, completion: appCompletion) { c in
                // UIKit forwards the message to the presenting controller first thing.
                h.handleDismiss(receiver: root, animated: false, completion: nil) { c2 in
                    detach(tool)
                    // A viewWillDisappear in the app dismisses something of its own.
                    h.handleDismiss(receiver: other, animated: false, completion: nil) { c3 in c3?() }
                    c2?()
                }
                c?()
            }
            let dismissals = h.recorder.events.filter { $0.kind == .dismiss }.map { $0.receiver?.id ?? "" }
            XCTAssertEqual(dismissals, ["other", "sheet"], receiver == nil ? "off the main thread" : "excluded")
        }
    }

    /// Item 8: a popover anchored in its delegate's `prepareForPopoverPresentation(_:)` has no
    /// anchor when `present` is called: not a rejection.
    func testAPopoverAnchoredByItsDelegateIsNotRejected() throws {
        for setByDelegate in [false, true] {
            let h = PresentationHooksHandler(recorder: Recorder(), scheduler: ManualScheduler(),
                                             configuration: HandlerConfiguration(leakCheckDelay: nil))
            let root = FakeNode("root", window: "w"), p = FakeNode("p")
            root.horizontalSizeClass = .regular
            p.modalPresentationStyle = .popover
            p.popoverAnchorIsSetByDelegate = setByDelegate
            h.handlePresent(source: root, presented: p, animated: false, completion: nil) { c in
                root.ownPresentedNode = p; p.presentingNode = root; c?()
            }
            let e = try h.recorder.events.element(0)
            if setByDelegate {
                XCTAssertEqual(e.outcome, .presented)
                XCTAssertEqual(e.diagnostics, [])
                XCTAssertTrue(e.explanation.contains { $0.contains("prepareForPopoverPresentation(_:)") })
            } else {
                XCTAssertEqual(e.diagnostics.first?.code, .popoverWithoutAnchor)
            }
        }
    }
}
