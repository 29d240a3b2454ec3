import XCTest
import Foundation
@_spi(Package) @testable import PresentationInspectorCore

final class RecorderTests: XCTestCase {
    private func event(_ i: Int, thread: String = "main") -> Event { makeEvent(i, thread: thread) }

    func testSequenceNumbersAndLookup() {
        let r = Recorder(capacity: 10)
        for i in 0..<5 { r.record(event(i)) }
        XCTAssertEqual(r.events.map(\.seq), [1, 2, 3, 4, 5])
        XCTAssertEqual(r.event(seq: 3)?.presented?.id, "c2")
        XCTAssertNil(r.event(seq: 6))
        XCTAssertNil(r.event(seq: 0))
    }

    /// Clearing (the overlay's Clear) must not reuse numbers: completions in flight, the live log
    /// and signposts refer to events by number.
    func testResetKeepsNumberingAndCountsTheForgottenEventsAsDropped() {
        let r = Recorder(capacity: 10)
        let planner = SignpostPlanner()
        var present = makeEvent(0)
        present.kind = .present; present.outcome = .presented
        let first = r.record(present)
        let begun = planner.actions(for: first)
        r.reset()
        XCTAssertEqual(r.events, [])
        let second = r.record(present)
        XCTAssertEqual(second.seq, 2)
        XCTAssertEqual(r.droppedCount, 1)
        let begunAgain = planner.actions(for: second)
        // The first present's completion, arriving after the clear, ends the first interval only.
        var done = makeEvent(1)
        done.kind = .presentCompleted; done.outcome = .completed; done.relatesTo = first.seq
        guard case .begin(let id1, _, _)? = begun.first, case .begin(let id2, _, _)? = begunAgain.first,
              case .end(let ended, _, _)? = planner.actions(for: r.record(done)).first else { return XCTFail("\(begun) \(begunAgain)") }
        XCTAssertEqual(ended, id1)
        XCTAssertNotEqual(id1, id2)
        XCTAssertEqual(planner.openIntervalCount, 1, "the second interval is still open")
    }

    func testRingOverflowReportsExactlyHowManyWereDropped() {
        let r = Recorder(capacity: 100)
        for i in 0..<1_234 { r.record(event(i)) }
        let s = r.snapshot()
        XCTAssertEqual(s.events.count, 100)
        XCTAssertEqual(s.droppedCount, 1_134)
        XCTAssertEqual(s.totalRecorded, 1_234)
        XCTAssertEqual(s.events.first?.seq, 1_135, "the oldest retained event follows the gap")
        XCTAssertEqual(s.events.last?.seq, 1_234)
        XCTAssertEqual(s.events.map(\.seq), Array(1_135...1_234))
        XCTAssertEqual(r.event(seq: 1_134), nil)
        XCTAssertEqual(r.event(seq: 1_135)?.presented?.id, "c1134")
        XCTAssertEqual(Recorder().capacity, 10_000)
    }

    func testHammeredFromEightThreads() {
        let r = Recorder(capacity: 5_000)
        let perThread = 2_000
        let counter = SeqCollector()
        let threads = ThreadCounter()
        let sub = r.subscribe { counter.add($0.seq); threads.add($0.thread) }
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            for i in 0..<perThread {
                r.record(makeEvent(i, thread: "t\(t)"))
                if i % 100 == 0 { _ = r.snapshot(); _ = r.droppedCount }
            }
        }
        let s = r.snapshot()
        XCTAssertEqual(s.totalRecorded, 8 * perThread)
        XCTAssertEqual(s.events.count, 5_000)
        XCTAssertEqual(s.droppedCount, 8 * perThread - 5_000)
        XCTAssertEqual(s.events.map(\.seq), Array((8 * perThread - 4_999)...(8 * perThread)))
        XCTAssertEqual(threads.counts, Dictionary(uniqueKeysWithValues: (0..<8).map { ("t\($0)", perThread) }))
        XCTAssertEqual(counter.values, Array(1...(8 * perThread)), "subscribers see every event, in sequence order")
        sub.cancel()
    }

    func testSubscriptionCancelStopsDelivery() {
        let r = Recorder()
        let got = SeqCollector()
        let sub = r.subscribe { got.add($0.seq) }
        r.record(event(1))
        sub.cancel()
        r.record(event(2))
        XCTAssertEqual(got.values, [1])
    }

    func testSubscriberMayRecord() {
        let r = Recorder()
        let sub = r.subscribe { e in if e.kind == .present { r.record(Event(time: 0, kind: .presentCompleted, outcome: .completed, relatesTo: e.seq)) } }
        r.record(event(0))
        XCTAssertEqual(r.events.map(\.kind), [.present, .presentCompleted])
        sub.cancel()
    }

    /// An event a subscriber records reaches every subscriber after the event it is handling:
    /// a later subscriber sees them in sequence order.
    func testAnEventASubscriberRecordsIsDeliveredInSequenceOrder() {
        let r = Recorder()
        let seen = SeqCollector()
        let recording = r.subscribe { e in if e.kind == .present { r.record(Event(time: 0, kind: .presentCompleted, outcome: .completed, relatesTo: e.seq)) } }
        let watching = r.subscribe { seen.add($0.seq) }
        r.record(event(0))
        XCTAssertEqual(seen.values, [1, 2])
        _ = (recording, watching)
    }

    /// A subscriber that reads the recorder while another thread records: the two recording
    /// threads must not wait for each other's lock (they did: record held the state's lock while
    /// waiting for delivery, and the subscriber waited for the state's lock).
    func testASubscriberMayReadTheRecorderWhileAnotherThreadRecords() {
        let r = Recorder()
        let inSubscriber = DispatchSemaphore(value: 0)
        let first = Locked(true)
        let sub = r.subscribe { _ in
            guard first.withLock({ f in defer { f = false }; return f }) else { return }
            inSubscriber.signal()
            Thread.sleep(forTimeInterval: 0.3)  // the other thread records meanwhile
            _ = r.droppedCount
        }
        let done = DispatchGroup()
        let one = event(1), two = event(2)
        done.enter()
        Thread.detachNewThread { r.record(one); done.leave() }
        inSubscriber.wait()
        done.enter()
        Thread.detachNewThread { r.record(two); done.leave() }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the recording threads wait for each other")
        XCTAssertEqual(r.events.map(\.seq), [1, 2])
        _ = sub
    }

    /// A sequence number out of any range is no retained event, not an overflow.
    func testLookupOfAHostileSeqIsNil() {
        let r = Recorder(capacity: 10)
        for i in 0..<3 { r.record(event(i)) }
        XCTAssertNil(r.event(seq: Int.min))
        XCTAssertNil(r.event(seq: Int.max))
    }

    func testLiveLogFlushesEveryEvent() throws {
        let path = NSTemporaryDirectory() + "live-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = Recorder()
        try r.startLiveLog(path: path, header: LogHeader(app: ["name": "test"]))
        r.record(event(0))
        r.record(event(1))
        // No close, no flush call: the lines are on disk already.
        let read = try LogReader.read(path: path)
        XCTAssertEqual(read.events.map(\.seq), [1, 2])
        XCTAssertEqual(read.header.app["name"], "test")
        XCTAssertEqual(read.issues, [])
        r.stopLiveLog()
        r.record(event(2))
        XCTAssertEqual(try LogReader.read(path: path).events.count, 2)
    }

    func testLiveLogOnAnUnwritablePathThrowsAClearError() {
        XCTAssertThrowsError(try Recorder().startLiveLog(path: "/nonexistent-dir/x.jsonl", header: LogHeader())) { e in
            XCTAssertTrue("\(e)".hasPrefix("/nonexistent-dir/x.jsonl: cannot write the live log:"), "\(e)")
        }
    }
}

private func makeEvent(_ i: Int, thread: String = "main") -> Event {
    Event(time: Double(i), thread: thread, kind: .present, outcome: .presented,
          presented: ControllerRef(id: "c\(i)", type: "VC"))
}

/// Thread-safe collector for subscriber callbacks.
final class SeqCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Int] = []
    func add(_ v: Int) { lock.lock(); items.append(v); lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return items }
}

/// Thread-safe per-thread event counter.
final class ThreadCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var byThread: [String: Int] = [:]
    func add(_ t: String) { lock.lock(); byThread[t, default: 0] += 1; lock.unlock() }
    var counts: [String: Int] { lock.lock(); defer { lock.unlock() }; return byThread }
}
