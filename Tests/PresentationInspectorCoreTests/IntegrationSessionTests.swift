import XCTest
import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// A clock that stays where the test puts it.
private final class FixedScheduler: InspectorScheduler, @unchecked Sendable {
    var now: Double = 0
    func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {}
}

/// Collects what a session sends to its signpost sink.
private final class SignpostLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [SignpostAction] = []
    func append(_ a: SignpostAction) { lock.lock(); stored.append(a); lock.unlock() }
    var actions: [SignpostAction] { lock.lock(); defer { lock.unlock() }; return stored }
}

/// ``InspectorSession`` (what `PresentationInspector.start` builds) and ``SignpostPlanner``.
final class IntegrationSessionTests: XCTestCase {
    override func tearDown() {
        InspectorRuntime.shared.uninstall()
    }

    /// A session driven by a simulation sharing its recorder: root presents a titled sheet,
    /// which is then dismissed.
    private func drive(_ session: InspectorSession) throws {
        let sim = Simulation(recorder: session.recorder, configuration: session.configuration.handlerConfiguration)
        let root = SimController(id: "root", type: "RootViewController")
        let sheet = SimController(id: "sheet", type: "SheetViewController", title: "Private Note")
        try sim.add(root)
        try sim.add(sheet)
        try sim.addWindow(id: "main", root: root, isKey: true)
        sim.present(sheet, from: root, animated: true)
        sim.advance(by: 1)
        sim.dismiss(sheet, animated: true)
        sim.advance(by: 1)
    }

    func testSessionIsBuiltFromTheConfiguration() {
        let config = InspectorConfiguration(capacity: 5, leakCheckDelay: nil, resolver: ResolverOptions(deepChainLimit: 9))
        let session = InspectorSession(configuration: config, header: LogHeader(app: ["name": "Test"]), scheduler: FixedScheduler())
        XCTAssertEqual(session.recorder.capacity, 5)
        XCTAssertNil(session.handler.configuration.leakCheckDelay)
        XCTAssertEqual(session.handler.configuration.resolver.deepChainLimit, 9)
        XCTAssertTrue(session.dismissals.handler === session.handler)
        XCTAssertNil(session.liveLogError)
        XCTAssertFalse(session.isActivated)
    }

    func testActivationPublishesTheSessionToTheRuntimeAndDeactivationWithdrawsIt() {
        let session = InspectorSession(configuration: InspectorConfiguration(), header: LogHeader(app: ["name": "Runtime"]), scheduler: FixedScheduler())
        let chain = WindowChain(id: "0x1", level: 0, isKey: true, chain: [ControllerRef(id: "0x2", type: "Root")])
        session.activate(windowChains: { [chain] })
        XCTAssertTrue(session.isActivated)
        XCTAssertTrue(InspectorRuntime.shared.recorder === session.recorder)
        XCTAssertEqual(InspectorRuntime.shared.windowChains(), [chain])
        XCTAssertEqual(InspectorRuntime.shared.header.app["name"], "Runtime")
        session.deactivate()
        XCTAssertFalse(session.isActivated)
        XCTAssertNil(InspectorRuntime.shared.recorder)
        XCTAssertEqual(InspectorRuntime.shared.windowChains(), [])
    }

    func testDeactivatingAnOlderSessionLeavesTheNewerOneInstalled() {
        let old = InspectorSession(configuration: InspectorConfiguration(), header: LogHeader(), scheduler: FixedScheduler())
        let new = InspectorSession(configuration: InspectorConfiguration(), header: LogHeader(), scheduler: FixedScheduler())
        old.activate(windowChains: nil)
        new.activate(windowChains: nil)
        old.deactivate()
        XCTAssertTrue(InspectorRuntime.shared.recorder === new.recorder)
        new.deactivate()
    }

    func testSignpostsPairEveryIntervalOnceEvenWhenActivatedTwice() throws {
        let log = SignpostLog()
        let session = InspectorSession(configuration: InspectorConfiguration(), header: LogHeader(), scheduler: FixedScheduler())
        session.activate(windowChains: nil, signpostSink: { log.append($0) })
        session.activate(windowChains: nil, signpostSink: { log.append($0) })
        try drive(session)
        let events = session.events
        let present = try XCTUnwrap(events.first { $0.kind == .present }).seq, dismiss = try XCTUnwrap(events.first { $0.kind == .dismiss }).seq
        let shape = log.actions.map { action -> String in
            switch action {
            case let .begin(id, name, _): "begin \(name.rawValue) \(id)"
            case let .end(id, name, _): "end \(name.rawValue) \(id)"
            case let .event(name, _): "event \(name.rawValue)"
            }
        }
        // Interval ids are the planner's own counter (1, 2), not the events' seqs.
        _ = (present, dismiss)
        XCTAssertEqual(shape, ["begin present 1", "end present 1", "begin dismiss 2", "end dismiss 2"])
        XCTAssertEqual(session.signposts.openIntervalCount, 0)
        session.deactivate()
    }

    func testSignpostMessagesFollowTheExportRedactionAndCanBeTurnedOff() throws {
        let log = SignpostLog()
        let redacting = InspectorSession(configuration: InspectorConfiguration(redactsTitlesInExports: true), header: LogHeader(),
                                         scheduler: FixedScheduler())
        redacting.activate(windowChains: nil, signpostSink: { log.append($0) })
        try drive(redacting)
        redacting.deactivate()
        XCTAssertFalse(log.actions.isEmpty)
        for case let .begin(_, _, message) in log.actions { XCTAssertFalse(message.contains("Private Note"), message) }

        let silent = SignpostLog()
        let off = InspectorSession(configuration: InspectorConfiguration(emitsSignposts: false), header: LogHeader(), scheduler: FixedScheduler())
        off.activate(windowChains: nil, signpostSink: { silent.append($0) })
        try drive(off)
        off.deactivate()
        XCTAssertEqual(silent.actions, [])
    }

    /// Signposts are planned only while they are recorded (Instruments attached): an app nobody
    /// profiles does not build a summary line per event.
    func testSignpostsArePlannedOnlyWhileEnabled() throws {
        let log = SignpostLog()
        let enabled = Flag()
        let session = InspectorSession(configuration: InspectorConfiguration(), header: LogHeader(), scheduler: FixedScheduler())
        session.activate(windowChains: nil, signpostSink: { log.append($0) }, signpostsEnabled: { enabled.value })
        try drive(session)
        XCTAssertEqual(log.actions, [], "planned while disabled")
        XCTAssertEqual(session.signposts.openIntervalCount, 0)
        enabled.value = true
        try drive(session)
        XCTAssertFalse(log.actions.isEmpty, "not planned once enabled")
        session.deactivate()
    }

    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = false
        var value: Bool {
            get { lock.lock(); defer { lock.unlock() }; return stored }
            set { lock.lock(); stored = newValue; lock.unlock() }
        }
    }

    func testExportsHonourRedactionAndCarryTheDropCount() throws {
        let plain = InspectorSession(configuration: InspectorConfiguration(capacity: 3), header: LogHeader(), scheduler: FixedScheduler())
        try drive(plain)
        XCTAssertTrue(plain.render(.jsonl).contains("Private Note"))
        XCTAssertEqual(plain.exportHeader().dropped, plain.recorder.droppedCount)
        XCTAssertGreaterThan(plain.exportHeader().dropped, 0, "four events in a ring of three")

        let redacted = InspectorSession(configuration: InspectorConfiguration(redactsTitlesInExports: true), header: LogHeader(), scheduler: FixedScheduler())
        try drive(redacted)
        XCTAssertTrue(redacted.events.contains { $0.presented?.title == "Private Note" }, "memory keeps titles")
        let path = NSTemporaryDirectory() + "pi-session-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try redacted.export(.jsonl, toFile: path)
        let read = try LogReader.read(path: path)
        XCTAssertEqual(read.events.count, redacted.events.count)
        XCTAssertTrue(read.events.allSatisfy { e in e.controllers.allSatisfy { $0.title == nil } })
        XCTAssertFalse(try String(contentsOfFile: path, encoding: .utf8).contains("Private Note"))
    }

    func testLiveLogFailureIsReportedAndRecordingGoesOn() throws {
        let session = InspectorSession(configuration: InspectorConfiguration(liveLogPath: "/nonexistent-dir/pi/live.jsonl"),
                                       header: LogHeader(), scheduler: FixedScheduler())
        XCTAssertEqual(session.liveLogError?.path, "/nonexistent-dir/pi/live.jsonl")
        try drive(session)
        XCTAssertEqual(session.events.count, 4)
    }

    func testLiveLogReceivesEveryEvent() throws {
        let path = NSTemporaryDirectory() + "pi-live-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let session = InspectorSession(configuration: InspectorConfiguration(liveLogPath: path), header: LogHeader(), scheduler: FixedScheduler())
        XCTAssertNil(session.liveLogError)
        session.activate(windowChains: nil)
        try drive(session)
        session.deactivate()
        let read = try LogReader.read(path: path)
        XCTAssertEqual(read.events.map(\.kind), [.present, .presentCompleted, .dismiss, .dismissCompleted])
    }

    func testHistoryOfAControllerListsTheEventsNamingIt() throws {
        let session = InspectorSession(configuration: InspectorConfiguration(), header: LogHeader(), scheduler: FixedScheduler())
        try drive(session)
        XCTAssertEqual(session.history(ofController: "sheet").map(\.kind), [.present, .presentCompleted, .dismiss, .dismissCompleted])
        XCTAssertEqual(session.history(ofController: "nobody"), [])
    }

    // MARK: Planner alone

    func testPlannerMapsOutcomesToIntervalsAndPoints() {
        let planner = SignpostPlanner()
        let rejected = Event(seq: 1, time: 0, kind: .present, outcome: .rejected)
        let noOp = Event(seq: 2, time: 0, kind: .dismiss, outcome: .noOp)
        let swipe = Event(seq: 3, time: 0, kind: .interactiveDismiss, outcome: .cancelled)
        let leak = Event(seq: 4, time: 0, kind: .leakCheck, outcome: .completed)
        XCTAssertEqual(planner.actions(for: rejected), [.event(name: .rejected, message: rejected.summary)])
        XCTAssertEqual(planner.actions(for: noOp), [.event(name: .rejected, message: noOp.summary)])
        XCTAssertEqual(planner.actions(for: swipe), [.event(name: .interactiveDismiss, message: swipe.summary)])
        XCTAssertEqual(planner.actions(for: leak), [.event(name: .leak, message: leak.summary)])
        let orphanEnd = Event(seq: 5, time: 0, kind: .presentCompleted, outcome: .completed, relatesTo: 99)
        XCTAssertEqual(planner.actions(for: orphanEnd), [], "an end without its begin is dropped")
        XCTAssertEqual(SignpostPlanner.subsystem, "PresentationInspector")
        XCTAssertEqual(SignpostPlanner.category, "Presentations")
    }

    func testPlannerForgetsTheOldestOpenIntervalsBeyondItsLimit() {
        let planner = SignpostPlanner()
        for seq in 1...300 { _ = planner.actions(for: Event(seq: seq, time: 0, kind: .present, outcome: .presented)) }
        XCTAssertEqual(planner.openIntervalCount, 256)
        XCTAssertEqual(planner.actions(for: Event(seq: 301, time: 0, kind: .presentCompleted, outcome: .completed, relatesTo: 1)), [])
        XCTAssertEqual(planner.actions(for: Event(seq: 302, time: 0, kind: .presentCompleted, outcome: .completed, relatesTo: 300)).count, 1)
    }
}
