import XCTest
@testable import PresentationInspectorCore
import PresentationSimulator

/// The recorder keeps events as small records over shared pools (issue 10): what goes in must
/// come out equal, field for field, and pooled values must leave with the last event naming them.
final class RecorderStorageTests: XCTestCase {
    /// Every event of every built-in scenario, as the handler handed it to the recorder (a
    /// subscriber sees the event before it is stored), against what the ring gives back.
    func testEveryBuiltInEventComesBackAsItWentIn() throws {
        for builtIn in BuiltInScenarios.all {
            let simulation = Simulation()
            let given = EventCollector()
            let subscription = simulation.recorder.subscribe { given.add($0) }
            try simulation.run(try builtIn.scenario())
            subscription.cancel()
            let stored = simulation.recorder.events
            XCTAssertEqual(stored.count, given.events.count, builtIn.key)
            for (a, b) in zip(stored, given.events) { assertIdentical(a, b, builtIn.key) }
        }
    }

    /// Fields the scenarios leave empty: observations, call sites, text steps, threads, odd strings.
    func testUnusualFieldsComeBackAsTheyWentIn() {
        let long = ControllerRef(id: "0x0000600003c04e00", type: "MyApp.SomeRatherLongViewControllerName", title: "Ünïcödé 🎉 title")
        var e = Event(time: 1.5, thread: "worker-7", kind: .dismiss, outcome: .dismissed, animated: true, window: "",
                      relatesTo: 0, explanation: ["A sentence read back from a log."],
                      steps: [.removed([long]), .text("")], receiver: long, handledBy: ControllerRef(id: "", type: ""),
                      dismissed: [long, long], forwarded: false, diagnostics: [.nothingToDismiss(long)],
                      chain: [long], callSite: "MyApp`f() + 12", ancestry: [long])
        e.observed = Observation(window: "w2", dismissed: [], handledBy: long, outcome: .dismissed)
        let r = Recorder(capacity: 4)
        let given = r.record(e)
        let back = r.events[0]
        assertIdentical(back, given, "unusual")
        XCTAssertTrue(StructuralSteps(steps: back.steps) == StructuralSteps(steps: given.steps),
                      "steps keep their kinds: a text step stays text, a structured one structured")
    }

    /// A full ring replaced by other events holds exactly the pooled values of what it retains:
    /// nothing stays behind for events that left (memory is flat once the ring is full).
    func testPooledValuesLeaveWithTheirLastEvent() throws {
        let events = try BuiltInScenarios.all.flatMap { try ExportFixtures.events($0) }
        let capacity = 20
        let ring = Recorder(capacity: capacity)
        for e in events { ring.record(e) }
        let fresh = Recorder(capacity: capacity)
        for e in events.suffix(capacity) { fresh.record(e) }
        XCTAssertEqual(ring.events.map(\.explanation), fresh.events.map(\.explanation))
        XCTAssertEqual(ring.pooledValueCount, fresh.pooledValueCount)
        XCTAssertGreaterThan(events.count, 3 * capacity, "the ring wrapped several times")
        ring.reset()
        XCTAssertEqual(ring.pooledValueCount, 0)
    }

    /// A freed slot is reused for another value, and the cache of recent slots does not answer
    /// with the value that left.
    func testInternPoolReusesFreedSlots() {
        var pool = InternPool<String>()
        let a = pool.retain("a")
        XCTAssertEqual(pool.retain("a"), a)
        pool.release(a); pool.release(a)
        XCTAssertEqual(pool.liveCount, 0)
        XCTAssertNil(pool[a])
        let b = pool.retain("b")
        XCTAssertEqual(b, a, "the freed slot is reused")
        XCTAssertEqual(pool[b], "b")
        let a2 = pool.retain("a")
        XCTAssertNotEqual(a2, b)
        XCTAssertEqual(pool[a2], "a")
        XCTAssertEqual(pool.retain(nil as String?), 0)
    }

    /// Structured and text steps that read the same are equal as events (a log read back equals
    /// the recording) but are different values to the pools.
    func testStructuralStepsTellTextFromStructure() {
        let r = ControllerRef(id: "r", type: "VC")
        let structured = ExplanationStep.dismissCalled(r)
        let text = ExplanationStep.text(structured.sentence)
        XCTAssertEqual(structured, text)
        XCTAssertFalse(structured.isStructurallyEqual(to: text))
        XCTAssertTrue(structured.isStructurallyEqual(to: .dismissCalled(ControllerRef(id: "r", type: "VC"))))
        XCTAssertFalse(structured.isStructurallyEqual(to: .dismissCalled(ControllerRef(id: "r", type: "VC", title: "t"))))
    }

    private func assertIdentical(_ a: Event, _ b: Event, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a, b, "\(what) #\(b.seq)", file: file, line: line)
        XCTAssertEqual(a.explanation, b.explanation, "\(what) #\(b.seq)", file: file, line: line)
        XCTAssertEqual(a.observed, b.observed, "\(what) #\(b.seq)", file: file, line: line)
        XCTAssertEqual(a.callSite, b.callSite, "\(what) #\(b.seq)", file: file, line: line)
        XCTAssertTrue(StructuralSteps(steps: a.steps) == StructuralSteps(steps: b.steps), "\(what) #\(b.seq)", file: file, line: line)
    }
}

/// Thread-safe collector of delivered events.
final class EventCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Event] = []
    func add(_ e: Event) { lock.lock(); items.append(e); lock.unlock() }
    var events: [Event] { lock.lock(); defer { lock.unlock() }; return items }
}
