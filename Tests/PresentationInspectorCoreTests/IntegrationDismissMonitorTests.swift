import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import TestSupport

/// The interactive-dismissal state machine, fed with the callbacks the UIKit layer would
/// send (viewWillDisappear with isBeingDismissed, coordinator completion, the delegate's
/// didAttemptToDismiss), over simulated controllers.
final class IntegrationDismissMonitorTests: XCTestCase {
    private var sim: Simulation!
    private var monitor: InteractiveDismissMonitor!
    private var root: SimController!
    private var sheet: SimController!

    override func setUpWithError() throws {
        sim = Simulation(configuration: HandlerConfiguration(leakCheckDelay: nil, ignore: { $0.type == "SecretViewController" }))
        root = SimController(id: "root", type: "RootViewController")
        sheet = SimController(id: "sheet", type: "SheetViewController", title: "Compose")
        sheet.modalPresentationStyle = .pageSheet
        try sim.add(root)
        try sim.add(sheet)
        try sim.addWindow(id: "main", root: root, isKey: true)
        monitor = InteractiveDismissMonitor(handler: sim.handler)
        monitor.start()
        sim.present(sheet, from: root, animated: true)
        sim.advance(by: 1)
    }

    override func tearDown() {
        monitor.stop()
    }

    private var events: [Event] { sim.recorder.events }
    private func eventCount() -> Int { sim.recorder.events.count }

    func testSwipeThatCompletesIsRecordedAsCompletedInteractiveDismiss() throws {
        let before = eventCount()
        XCTAssertEqual(monitor.dismissalWillBegin(sheet, isInteractive: true), .userInteraction)
        XCTAssertEqual(eventCount(), before, "nothing is recorded until the swipe ends")
        monitor.dismissalDidEnd(sheet, cancelled: false)
        let last = try XCTUnwrap(events.last)
        XCTAssertEqual(last.kind, .interactiveDismiss)
        XCTAssertEqual(last.outcome, .completed)
        XCTAssertEqual(last.receiver?.id, "sheet")
        XCTAssertEqual(last.handledBy?.id, "root")
        XCTAssertEqual(last.dismissed.map(\.id), ["sheet"])
        XCTAssertEqual(last.chain.map(\.id), ["root"], "the chain after the swipe no longer holds the sheet")
    }

    func testSwipeThatIsCancelledIsRecordedAsCancelled() throws {
        monitor.dismissalWillBegin(sheet, isInteractive: true)
        monitor.dismissalDidEnd(sheet, cancelled: true)
        let last = try XCTUnwrap(events.last)
        XCTAssertEqual(last.kind, .interactiveDismiss)
        XCTAssertEqual(last.outcome, .cancelled)
        XCTAssertEqual(last.dismissed, [])
        XCTAssertEqual(last.chain.map(\.id), ["root", "sheet"])
    }

    func testRefusedSwipeIsRecordedAsBlocked() throws {
        sheet.isModalInPresentation = true
        monitor.dismissalAttemptBlocked(sheet)
        let last = try XCTUnwrap(events.last)
        XCTAssertEqual(last.kind, .interactiveDismiss)
        XCTAssertEqual(last.outcome, .blocked)
        XCTAssertTrue(last.explanation.contains { $0.contains("isModalInPresentation = true") }, "\(last.explanation)")
    }

    func testDelegateRefusalWithoutModalFlagIsBlockedWithItsOwnExplanation() throws {
        monitor.dismissalAttemptBlocked(sheet)
        XCTAssertEqual(events.last?.outcome, .blocked)
        let refused = try XCTUnwrap(events.last)
        XCTAssertTrue(refused.explanation.contains { $0.contains("its delegate") }, "\(refused.explanation)")
    }

    func testDismissalStartedByARecordedCallIsNotRecordedAgain() throws {
        sim.dismiss(sheet, animated: true)
        let dismissSeq = try XCTUnwrap(events.last { $0.kind == .dismiss }).seq
        XCTAssertEqual(monitor.controllersBeingDismissedByCalls, ["sheet"])
        let before = eventCount()
        XCTAssertEqual(monitor.dismissalWillBegin(sheet, isInteractive: false), .dismissCall(seq: dismissSeq))
        monitor.dismissalDidEnd(sheet, cancelled: false)
        XCTAssertEqual(eventCount(), before, "the monitor adds nothing to a dismiss call's own events")
        sim.advance(by: 1)
        XCTAssertEqual(events.last?.kind, .dismissCompleted)
        XCTAssertEqual(monitor.controllersBeingDismissedByCalls, [])
    }

    func testCompletionOfADismissCallForgetsItsControllers() {
        sim.dismiss(sheet, animated: true)
        XCTAssertEqual(monitor.controllersBeingDismissedByCalls, ["sheet"])
        sim.advance(by: 1)
        XCTAssertEqual(monitor.controllersBeingDismissedByCalls, [])
    }

    /// A completion forgets exactly its own call's controllers: those it names (in place), and any
    /// others still filed under its call (a completion that names fewer than its call did).
    func testCompletionForgetsOnlyItsOwnCallsControllers() throws {
        let a = ControllerRef(id: "a", type: "A"), b = ControllerRef(id: "b", type: "B"), c = ControllerRef(id: "c", type: "C")
        let other = InteractiveDismissMonitor(handler: sim.handler)
        other.observe(Event(seq: 7, time: 0, kind: .dismiss, outcome: .dismissed, dismissed: [a, b]))
        other.observe(Event(seq: 8, time: 0, kind: .dismiss, outcome: .dismissed, dismissed: [c]))
        XCTAssertEqual(other.controllersBeingDismissedByCalls, ["a", "b", "c"])
        other.observe(Event(seq: 9, time: 1, kind: .dismissCompleted, outcome: .completed, relatesTo: 7, dismissed: [a]))
        XCTAssertEqual(other.controllersBeingDismissedByCalls, ["c"])
        // A completion naming a controller another call removes leaves that call's entry alone.
        other.observe(Event(seq: 10, time: 1, kind: .dismissCompleted, outcome: .completed, relatesTo: 7, dismissed: [c]))
        XCTAssertEqual(other.controllersBeingDismissedByCalls, ["c"])
        other.observe(Event(seq: 11, time: 2, kind: .dismissCompleted, outcome: .completed, relatesTo: 8, dismissed: [c]))
        XCTAssertEqual(other.controllersBeingDismissedByCalls, [])
    }

    func testCancelledInteractiveTransitionOfADismissCallIsRecordedAndForgotten() throws {
        sim.dismiss(sheet, animated: true)
        let dismissSeq = try XCTUnwrap(events.last).seq
        monitor.dismissalWillBegin(sheet, isInteractive: true)
        monitor.dismissalDidEnd(sheet, cancelled: true)
        let last = try XCTUnwrap(events.last)
        XCTAssertEqual(last.kind, .interactiveDismiss)
        XCTAssertEqual(last.outcome, .cancelled)
        XCTAssertEqual(last.relatesTo, dismissSeq)
        XCTAssertEqual(monitor.controllersBeingDismissedByCalls, [])
    }

    func testDismissalWithoutAnyCallIsRecordedAsDismissWithCompletion() throws {
        XCTAssertEqual(monitor.dismissalWillBegin(sheet, isInteractive: false), .withoutDismissCall)
        let dismiss = try XCTUnwrap(events.last)
        XCTAssertEqual(dismiss.kind, .dismiss)
        XCTAssertEqual(dismiss.outcome, .dismissed)
        XCTAssertEqual(dismiss.receiver?.id, "sheet")
        XCTAssertEqual(dismiss.handledBy?.id, "root")
        XCTAssertEqual(dismiss.forwarded, false)
        XCTAssertEqual(dismiss.chain.map(\.id), ["root"])
        let why = try dismiss.explanation.element(0)
        XCTAssertTrue(why.contains("without a recorded dismiss call"), why)
        monitor.dismissalDidEnd(sheet, cancelled: false)
        let completed = try XCTUnwrap(events.last)
        XCTAssertEqual(completed.kind, .dismissCompleted)
        XCTAssertEqual(completed.relatesTo, dismiss.seq)
        XCTAssertEqual(completed.dismissed.map(\.id), ["sheet"])
    }

    func testCancelledDismissalWithoutCallRecordsNoCompletion() {
        monitor.dismissalWillBegin(sheet, isInteractive: false)
        let count = eventCount()
        monitor.dismissalDidEnd(sheet, cancelled: true)
        XCTAssertEqual(eventCount(), count)
    }

    func testEndWithoutBeginRecordsNothing() {
        let count = eventCount()
        monitor.dismissalDidEnd(sheet, cancelled: false)
        XCTAssertEqual(eventCount(), count)
    }

    func testControllersThatAreNotPresentedOrExcludedAreIgnored() throws {
        XCTAssertEqual(monitor.dismissalWillBegin(root, isInteractive: true), .ignored)
        let secret = SimController(id: "secret", type: "SecretViewController")
        try sim.add(secret)
        sim.dismiss(sheet, animated: false)
        sim.advance(by: 1)
        sim.present(secret, from: root, animated: false)
        sim.advance(by: 1)
        XCTAssertNotNil(secret.presentingNode)
        let count = eventCount()
        XCTAssertEqual(monitor.dismissalWillBegin(secret, isInteractive: true), .ignored)
        monitor.dismissalAttemptBlocked(secret)
        XCTAssertEqual(eventCount(), count)
    }

    func testPresentingAControllerAgainForgetsAStaleRemoval() {
        // A dismiss whose completion never came names "sheet"; a new controller presented at
        // the same id (a reused address on device) must not be taken for it.
        sim.recorder.record(Event(time: 0, kind: .dismiss, outcome: .dismissed, dismissed: [ControllerRef(id: "reused", type: "X")]))
        XCTAssertTrue(monitor.controllersBeingDismissedByCalls.contains("reused"))
        sim.recorder.record(Event(time: 0, kind: .present, outcome: .presented, presented: ControllerRef(id: "reused", type: "Y")))
        XCTAssertFalse(monitor.controllersBeingDismissedByCalls.contains("reused"))
    }

    func testRemovalsInFlightAreBounded() {
        for i in 0..<600 {
            sim.recorder.record(Event(time: 0, kind: .dismiss, outcome: .dismissed, dismissed: [ControllerRef(id: "c\(i)", type: "X")]))
        }
        let ids = monitor.controllersBeingDismissedByCalls
        XCTAssertLessThanOrEqual(ids.count, 512)
        XCTAssertTrue(ids.contains("c599"), "the newest removals are kept")
        XCTAssertFalse(ids.contains("c0"), "the oldest removals are dropped")
    }

    func testMonitorIsSafeUnderConcurrentRecordingAndQueries() {
        // Real work per thread so ThreadSanitizer (CI step 20) can see a race if there is one.
        let recorder = sim.recorder, monitor = monitor!
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for i in 0..<300 {
                let ref = ControllerRef(id: "w\(worker)-\(i)", type: "X")
                let dismiss = recorder.record(Event(time: 0, kind: .dismiss, outcome: .dismissed, dismissed: [ref]))
                _ = monitor.controllersBeingDismissedByCalls
                recorder.record(Event(time: 0, kind: .dismissCompleted, outcome: .completed, relatesTo: dismiss.seq))
            }
        }
        XCTAssertEqual(monitor.controllersBeingDismissedByCalls, [], "every removal was completed")
    }

    func testStoppedMonitorNoLongerFollowsTheRecorder() {
        monitor.stop()
        sim.dismiss(sheet, animated: true)
        XCTAssertEqual(monitor.controllersBeingDismissedByCalls, [])
        XCTAssertEqual(monitor.dismissalWillBegin(sheet, isInteractive: true), .userInteraction,
                       "without the recorder's events a dismiss call cannot be recognised")
    }
}
