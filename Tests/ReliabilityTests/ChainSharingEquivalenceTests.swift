@testable import PresentationInspectorCore
import PresentationSimulator
import XCTest

/// The handler shares a window's chain between events until a present, a dismiss or a change
/// the simulation reports invalidates it (issue 10). On random hierarchies driven by random
/// steps, a run that shares must record exactly what a run that walks for every event records.
final class ChainSharingEquivalenceTests: XCTestCase {
    func testSharedChainsAreTheChainsAWalkFinds() throws {
        // Chains worked out from the one before a present or dismiss (not walked) are compared too.
        XCTAssertGreaterThan(try compareBothWays(randomRun, steps: 250), 10)
    }

    /// Runs `run` for 12 seeds sharing chains and walking every time; asserts that both record the
    /// same events and returns how many chains the sharing runs worked out from the one before.
    private func compareBothWays(_ run: (UInt64, Int, Bool) throws -> ([Event], Simulation), steps: Int) throws -> Int {
        var derived = 0
        for seed in 1...12 {
            let (shared, sharingRun) = try run(UInt64(seed), steps, true)
            let (walked, walkingRun) = try run(UInt64(seed), steps, false)
            derived += sharingRun.handler.chains.derivedChains
            XCTAssertEqual(walkingRun.handler.chains.derivedChains, 0)
            XCTAssertEqual(shared.count, walked.count, "seed \(seed)")
            for (a, b) in zip(shared, walked) {
                XCTAssertEqual(a.chain, b.chain, "seed \(seed), event #\(a.seq) \(a.kind.rawValue)")
                XCTAssertEqual(a, b, "seed \(seed), event #\(a.seq)")
            }
        }
        return derived
    }

    /// Runs that mostly present on the top of a window's chain and dismiss from it (the usual app,
    /// where chains are worked out from the one before), mixed with presents and dismissals from
    /// the middle and from children, containment changes and animated calls: both ways agree.
    func testChainsWorkedOutFromTheOneBeforeAreTheChainsAWalkFinds() throws {
        XCTAssertGreaterThan(try compareBothWays(stackRun, steps: 300), 300)
    }

    private func stackRun(seed: UInt64, steps: Int, sharing: Bool) throws -> ([Event], Simulation) {
        var rng = SplitMix(seed: seed)
        let sim = Simulation(recorder: Recorder(capacity: 4_000), configuration: HandlerConfiguration(leakCheckDelay: nil))
        sim.handler.chains.isSharing = sharing
        let styles: [PresentationStyle] = [.fullScreen, .pageSheet, .formSheet, .overFullScreen, .automatic, .currentContext]
        let all = try addRandomControllers(to: sim, rng: &rng, styles: styles, popoverAnchors: true)
        let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        func pick() -> SimController { all[Int(rng.next() % UInt64(all.count))] }
        func chain() -> [SimController] { sim.handler.chain(from: all[0]).compactMap { byID[$0.id] } }
        for _ in 0..<steps {
            let c = chain(), top = c.last ?? all[0]
            let animated = rng.next() % 8 == 0
            switch rng.next() % 12 {
            case 0...3: sim.present(pick(), from: top, animated: animated)
            case 4...6: sim.dismiss(top, animated: animated)
            case 7: sim.dismiss(c[Int(rng.next() % UInt64(c.count))], animated: animated)
            case 8: sim.present(pick(), from: c[Int(rng.next() % UInt64(c.count))], animated: animated)
            case 9: try? sim.addChild(pick(), to: top)
            case 10: sim.present(pick(), from: top.children.first ?? top, animated: animated)
            default: sim.advance(by: Double(rng.next() % 5) / 10)
            }
        }
        sim.drain()
        return (sim.recorder.events, sim)
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

    private func randomRun(seed: UInt64, steps: Int, sharing: Bool) throws -> ([Event], Simulation) {
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
        return (sim.recorder.events, sim)
    }
}
