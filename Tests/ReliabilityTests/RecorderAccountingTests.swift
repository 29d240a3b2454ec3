import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// The soak's accounting, small enough for every `swift test` (the 1,000,000-event run with RSS
/// sampling is `pistress soak`, Scripts/ci/63-soak.sh): several threads record through their own
/// simulations into one small ring with live subscribers; every event is delivered in sequence
/// order, retained, or counted as dropped, and an exported log says how many were dropped.
final class RecorderAccountingTests: XCTestCase {
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var count = 0
        private(set) var last = 0
        private(set) var outOfOrder = 0
        func add(_ e: Event) {
            lock.lock()
            count += 1
            if e.seq != last + 1 { outOfOrder += 1 }
            last = e.seq
            lock.unlock()
        }
    }

    func testEveryEventIsDeliveredRetainedOrCountedAsDropped() throws {
        let threads = 4, pairs = 400, capacity = 500
        let recorder = Recorder(capacity: capacity)
        let seen = [Seen(), Seen()]
        let subscriptions = seen.map { s in recorder.subscribe { s.add($0) } }
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            let sim = Simulation(recorder: recorder, configuration: HandlerConfiguration(leakCheckDelay: nil))
            let root = SimController(id: "root\(t)", type: "UINavigationController")
            let list = SimController(id: "list\(t)", type: "ListViewController")
            let sheet = SimController(id: "sheet\(t)", type: "SheetViewController")
            try! sim.add(root); try! sim.add(list); try! sim.add(sheet)
            try! sim.addChild(list, to: root)
            try! sim.addWindow(id: "w\(t)", root: root)
            for _ in 0..<pairs {
                sim.present(sheet, from: list, animated: false)
                sim.dismiss(sheet, animated: false)
            }
        }
        withExtendedLifetime(subscriptions) {}
        let total = threads * pairs * 4
        let snapshot = recorder.snapshot()
        XCTAssertEqual(snapshot.totalRecorded, total)
        XCTAssertEqual(snapshot.events.count, capacity)
        XCTAssertEqual(snapshot.droppedCount, total - capacity)
        XCTAssertEqual(snapshot.events.map(\.seq), Array((total - capacity + 1)...total))
        for s in seen {
            XCTAssertEqual(s.count, total)
            XCTAssertEqual(s.last, total)
            XCTAssertEqual(s.outOfOrder, 0, "delivery must follow sequence order")
        }
        var header = LogHeader()
        header.dropped = snapshot.droppedCount
        let read = try LogReader.read(text: LogWriter.text(header: header, events: snapshot.events))
        XCTAssertEqual(read.header.dropped + read.events.count, total)
        XCTAssertEqual(read.events.first?.seq, read.header.dropped + 1)
    }
}
