import XCTest
import Foundation
@testable import PresentationInspectorCore

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
        static var keepsNoControllerAlive: Bool { true }
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
        var hasPopoverAnchor: Bool { true }
        var isViewInWindow: Bool { false }
        var horizontalSizeClass: SizeClass { .compact }
        var isTransitionInProgress: Bool { false }
        var isBeingPresentedOrDismissed: Bool? { nil }
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
}
