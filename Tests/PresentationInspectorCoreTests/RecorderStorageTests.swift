import XCTest
@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import TestSupport

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
    func testUnusualFieldsComeBackAsTheyWentIn() throws {
        let long = ControllerRef(id: "0x0000600003c04e00", type: "MyApp.SomeRatherLongViewControllerName", title: "Ünïcödé 🎉 title")
        var e = Event(time: 1.5, thread: "worker-7", kind: .dismiss, outcome: .dismissed, animated: true, window: "",
                      relatesTo: 0, explanation: ["A sentence read back from a log."],
                      steps: [.removed([long]), .text("")], receiver: long, handledBy: ControllerRef(id: "", type: ""),
                      dismissed: [long, long], forwarded: false, diagnostics: [.nothingToDismiss(long)],
                      chain: [long], callSite: "MyApp`f() + 12", ancestry: [long])
        e.observed = Observation(window: "w2", dismissed: [], handledBy: long, outcome: .dismissed)
        let r = Recorder(capacity: 4)
        let given = r.record(e)
        let back = try r.events.element(0)
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

    /// Chains share their prefixes: a modal stack built one level at a time costs one node per
    /// level, every event still reads its own chain back, and nodes leave with their events.
    func testChainsSharePrefixesAndLeaveWithTheirEvents() {
        let refs = (0..<300).map { ControllerRef(id: "m\($0)", type: "Modal", title: "Level \($0)") }
        let r = Recorder(capacity: 1_000)
        var given: [Event] = []
        // Up to 300 deep, back down to 100, up to 150 along another branch.
        let lengths = Array(1...300) + Array((100..<300).reversed()) + Array(101...150)
        for (i, n) in lengths.enumerated() {
            var chain = Array(refs.prefix(n))
            if i >= 500 { chain[n - 1] = ControllerRef(id: "b\(n)", type: "Branch") }
            given.append(r.record(Event(time: Double(i), kind: .present, outcome: .presented, chain: chain)))
        }
        XCTAssertEqual(r.events.map(\.chain), given.map(\.chain))
        // 300 nodes for the first branch, 50 for the second (its levels 101…150 end in other controllers).
        XCTAssertEqual(r.pooledValueCount, 300 + 50 + 300 + 50 + 1 /* thread */ , "nodes + references + the thread name")
        for i in 0..<1_000 { r.record(Event(time: Double(1_000 + i), kind: .present, outcome: .presented)) }
        XCTAssertEqual(r.pooledValueCount, 1, "only the thread name is left")
    }

    /// Random chains (shared prefixes, branches, repeats, empty ones) through a small ring: each
    /// reads back as recorded, and the pools hold what a fresh ring of the same events holds.
    func testRandomChainsRoundTripAndPoolsMatchAFreshRing() {
        let alphabet = (0..<5).map { ControllerRef(id: "c\($0)", type: "T") }
        for seed in 1...8 {
            var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
            func next(_ n: Int) -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int((state >> 33) % UInt64(n))
            }
            let ring = Recorder(capacity: 7)
            var given: [Event] = []
            for i in 0..<500 {
                let chain = (0..<next(7)).map { _ in alphabet[next(alphabet.count)] }
                given.append(ring.record(Event(time: Double(i), kind: .present, outcome: .presented, chain: chain)))
                XCTAssertEqual(ring.events.last?.chain, chain, "seed \(seed), event \(i)")
            }
            let fresh = Recorder(capacity: 7)
            for e in given.suffix(7) { fresh.record(e) }
            XCTAssertEqual(ring.events.map(\.chain), fresh.events.map(\.chain), "seed \(seed)")
            XCTAssertEqual(ring.pooledValueCount, fresh.pooledValueCount, "seed \(seed)")
        }
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
