@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// Rule 6 two ways: `Simulation.isViewInWindow` walks up from one controller;
/// `visibleControllerIDs()` collects every visible controller from the windows' roots. On random
/// hierarchies driven by random steps they must agree for every controller after every step.
final class VisibilityEquivalenceTests: XCTestCase {
    func testWalkingUpAgreesWithCollectingFromTheRoots() throws {
        for seed in 1...12 { try checkRandomRun(seed: UInt64(seed), steps: 250) }
    }

    private func checkRandomRun(seed: UInt64, steps: Int) throws {
        var rng = SplitMix(seed: seed)
        let sim = Simulation(recorder: Recorder(capacity: 64), configuration: HandlerConfiguration(leakCheckDelay: nil))
        let styles: [PresentationStyle] = [.fullScreen, .pageSheet, .formSheet, .currentContext, .overFullScreen,
                                           .overCurrentContext, .popover, .automatic, .custom]
        let all = try addRandomControllers(to: sim, rng: &rng, styles: styles)
        func pick() -> SimController { all[Int(rng.next() % UInt64(all.count))] }
        for step in 0..<steps {
            let a = pick(), b = pick()
            switch rng.next() % 10 {
            case 0, 1: try? sim.addChild(a, to: b)
            case 2: sim.present(a, from: b, animated: rng.next() % 2 == 0)
            case 3: sim.dismiss(a, animated: rng.next() % 2 == 0)
            case 4: sim.advance(by: Double(rng.next() % 5) / 10)
            case 5: if !b.children.isEmpty { try? sim.select(Int(rng.next() % UInt64(b.children.count)), in: b) }
            case 6: if rng.next() % 3 == 0 { sim.removeFromParent(a) } else { try? sim.pop(b) }
            case 7: try? sim.swipeDown(a, complete: rng.next() % 2 == 0)
            case 8: if rng.next() % 4 == 0 { _ = try? sim.addWindow(id: "w-\(step)", root: a) }
            default: try? sim.push(a, onto: b)
            }
            let visible = sim.visibleControllerIDs()
            for c in all {
                XCTAssertEqual(sim.isViewInWindow(c), visible.contains(c.id), "seed \(seed), step \(step), controller \(c.id)")
            }
        }
    }
}
