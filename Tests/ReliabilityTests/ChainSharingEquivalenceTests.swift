@testable import PresentationInspectorCore
import PresentationSimulator
import XCTest

/// The handler shares a window's chain between events until a present, a dismiss or a change
/// the simulation reports invalidates it (issue 10). On random hierarchies driven by random
/// steps, a run that shares must record exactly what a run that walks for every event records.
final class ChainSharingEquivalenceTests: XCTestCase {
    func testSharedChainsAreTheChainsAWalkFinds() throws {
        for seed in 1...12 {
            let shared = try randomRun(seed: UInt64(seed), steps: 250, sharing: true)
            let walked = try randomRun(seed: UInt64(seed), steps: 250, sharing: false)
            XCTAssertEqual(shared.count, walked.count, "seed \(seed)")
            for (a, b) in zip(shared, walked) {
                XCTAssertEqual(a.chain, b.chain, "seed \(seed), event #\(a.seq) \(a.kind.rawValue)")
                XCTAssertEqual(a, b, "seed \(seed), event #\(a.seq)")
            }
        }
    }

    /// A title changed between two events shows in the second one's chain.
    func testATitleSetBetweenEventsShowsInTheNextChain() throws {
        let sim = Simulation(recorder: Recorder(capacity: 64), configuration: HandlerConfiguration(leakCheckDelay: nil))
        let root = SimController(id: "root", type: "Root"), sheet = SimController(id: "sheet", type: "Sheet")
        try sim.add(root); try sim.add(sheet)
        try sim.addWindow(id: "w", root: root, isKey: true)
        sim.present(sheet, from: root, animated: false)
        sim.set(.title("Renamed"), on: root)
        sim.dismiss(sheet, animated: true)
        let dismiss = try XCTUnwrap(sim.recorder.events.last { $0.kind == .dismiss })
        XCTAssertEqual(dismiss.chain.first?.title, "Renamed")
    }

    private func randomRun(seed: UInt64, steps: Int, sharing: Bool) throws -> [Event] {
        var rng = SplitMix(seed: seed)
        let sim = Simulation(recorder: Recorder(capacity: 4_000), configuration: HandlerConfiguration(leakCheckDelay: nil))
        sim.handler.chains.isSharing = sharing
        let styles: [PresentationStyle] = [.fullScreen, .pageSheet, .formSheet, .currentContext, .overFullScreen,
                                           .overCurrentContext, .popover, .automatic]
        let all = try addRandomControllers(to: sim, rng: &rng, styles: styles, popoverAnchors: true)
        func pick() -> SimController { all[Int(rng.next() % UInt64(all.count))] }
        for _ in 0..<steps {
            let a = pick(), b = pick()
            switch rng.next() % 10 {
            case 0, 1: try? sim.addChild(a, to: b)
            case 2, 3: sim.present(a, from: b, animated: rng.next() % 2 == 0)
            case 4, 5: sim.dismiss(a, animated: rng.next() % 2 == 0)
            case 6: sim.advance(by: Double(rng.next() % 5) / 10)
            case 7: sim.set(.title(rng.next() % 2 == 0 ? "T\(rng.next() % 9)" : nil), on: a)
            case 8: if rng.next() % 3 == 0 { sim.removeFromParent(a) } else { try? sim.pop(b) }
            default: try? sim.push(a, onto: b)
            }
        }
        sim.drain()
        return sim.recorder.events
    }
}
