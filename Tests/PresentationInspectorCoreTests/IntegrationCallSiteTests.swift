import XCTest
import Foundation
@_spi(Package) @testable import PresentationInspectorCore

/// Hook defects (issue 9 §5) whose logic is portable: call sites in statically linked apps,
/// and call sites computed only for calls that are recorded.
final class IntegrationCallSiteTests: XCTestCase {
    /// SwiftPM links the inspector into the app's image: its frames say `MyApp`.
    func testInspectorFramesInsideTheAppImageAreSkippedBySymbol() {
        let stack = [
            "0   MyApp   0x0000000104a1c2a4 $s21PresentationInspector0A5HooksO8callSiteSSSgyFZ + 40",
            "1   MyApp   0x0000000104a1c2b0 $s25PresentationInspectorCore0A12HooksHandlerC13handleDismissyyF + 12",
            "2   MyApp   0x0000000104a1c2c0 thunk for @escaping @callee_guaranteed (@guaranteed UIViewController, @unowned Bool) -> () + 52",
            "3   MyApp   0x0000000102f1c2a4 $s5MyApp18ListViewControllerC8showNextyyF + 120",
        ]
        XCTAssertEqual(CallSite.firstAppFrame(in: stack), "MyApp`MyApp.ListViewController.showNext() -> () + 120")
        XCTAssertTrue(CallSite.isInspectorSymbol("closure #1 in static PresentationInspector.PresentationHooks.presentBlock()"))
        XCTAssertFalse(CallSite.isInspectorSymbol("MyApp.ListViewController.showNext() -> ()"))
    }

    /// Only the symbol's own module counts, not the types in its signature.
    func testAnAppFrameThatNamesAnInspectorTypeIsTheApps() {
        let app = "MyApp.DebugMenu.show(events: [PresentationInspectorCore.Event]) -> ()"
        XCTAssertFalse(CallSite.isInspectorSymbol(app))
        XCTAssertFalse(CallSite.isInspectorSymbol("closure #1 (PresentationInspector.Foo) -> () in MyApp.DebugMenu.open() -> ()"))
        XCTAssertFalse(CallSite.isInspectorSymbol("generic specialization <PresentationInspectorCore.Event> of MyApp.log<A>(A) -> ()"))
        XCTAssertFalse(CallSite.isInspectorSymbol("$s5MyApp4MenuC4showyySay25PresentationInspectorCore5EventVGF"))
        XCTAssertTrue(CallSite.isInspectorSymbol("partial apply for closure #2 in static PresentationInspectorCore.PresentationHooksHandler.handleDismiss()"))
        XCTAssertTrue(CallSite.isInspectorSymbol("generic specialization <MyApp.Node> of PresentationInspectorCore.PresentationResolver.resolvePresent<A>(A) -> ()"))
        XCTAssertTrue(CallSite.isInspectorSymbol("$s25PresentationInspectorCore8RecorderC6recordyAA5EventVADF"))
        let stack = ["2   MyApp   0x0000000102f1c2a4 " + app + " + 44"]
        XCTAssertEqual(CallSite.firstAppFrame(in: stack), "MyApp`" + app + " + 44")
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func tick() -> String? { lock.lock(); n += 1; lock.unlock(); return "MyApp`site" }
        var count: Int { lock.lock(); defer { lock.unlock() }; return n }
    }

    func testCallSiteIsComputedOnceAndOnlyForRecordedCalls() {
        let counter = Counter()
        let recorder = Recorder()
        let handler = PresentationHooksHandler(recorder: recorder, scheduler: ManualScheduler(),
                                               configuration: HandlerConfiguration(ignore: { $0.id == "ignored" }))
        let root = FakeNode("root", window: "w")
        let p = FakeNode("p")
        // Recorded: computed once although two events read it.
        handler.handlePresent(source: root, presented: p, animated: false, context: CallContext(callSiteProvider: { counter.tick() }),
                              completion: nil) { c in root.ownPresentedNode = p; p.presentingNode = root; c?() }
        XCTAssertEqual(counter.count, 1)
        XCTAssertEqual(recorder.events.first?.callSite, "MyApp`site")
        // Ignored: never computed.
        let ignored = FakeNode("ignored")
        handler.handlePresent(source: root, presented: ignored, animated: false, context: CallContext(callSiteProvider: { counter.tick() }),
                              completion: nil) { _ in }
        XCTAssertEqual(counter.count, 1)
        // UIKit's forwarded re-entry, folded into the outer dismiss: never computed for the inner call.
        handler.handleDismiss(receiver: p, animated: false, context: CallContext(callSiteProvider: { counter.tick() }), completion: nil) { c in
            handler.handleDismiss(receiver: root, animated: false, context: CallContext(callSiteProvider: { counter.tick() }),
                                  completion: nil) { c2 in root.ownPresentedNode = nil; p.presentingNode = nil; c2?() }
            c?()
        }
        XCTAssertEqual(counter.count, 2)
    }
}

/// Signpost interval ids (issue 9 §5).
final class IntegrationSignpostIDTests: XCTestCase {
    func testIntervalIdsStayUniqueAfterTheRecordingIsCleared() {
        let planner = SignpostPlanner()
        let p = ControllerRef(id: "p", type: "P")
        func present(_ seq: Int) -> Event { Event(seq: seq, time: 0, kind: .present, outcome: .presented, presented: p) }
        func completed(_ seq: Int) -> Event { Event(seq: seq + 1, time: 0, kind: .presentCompleted, outcome: .completed, relatesTo: seq, presented: p) }
        guard case let .begin(first, _, _)? = planner.actions(for: present(1)).first else { return XCTFail("no begin") }
        _ = planner.actions(for: completed(1))
        // The recording was cleared: numbering restarts at 1.
        guard case let .begin(second, _, _)? = planner.actions(for: present(1)).first else { return XCTFail("no begin") }
        XCTAssertNotEqual(first, second)
        guard case let .end(ended, _, _)? = planner.actions(for: completed(1)).first else { return XCTFail("no end") }
        XCTAssertEqual(ended, second)
    }
}
