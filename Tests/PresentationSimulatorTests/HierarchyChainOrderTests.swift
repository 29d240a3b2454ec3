import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// The order `Hierarchy.chain(from:)` lists a window's presentations in: preorder, each branch's
/// presentations (with what they present) in the order of the branches.
final class HierarchyChainOrderTests: XCTestCase {
    func testBranchesFollowInOrderEachWithWhatItPresents() throws {
        let sim = Simulation(recorder: Recorder())
        let split = SimController(id: "split", type: "UISplitViewController", container: .split)
        let left = SimController(id: "left", type: "UINavigationController")
        let right = SimController(id: "right", type: "UINavigationController")
        for c in [split, left, right] { try sim.add(c) }
        try sim.addChild(left, to: split)
        try sim.addChild(right, to: split)
        try sim.addWindow(id: "main", root: split, isKey: true)
        func overContext(_ id: String) throws -> SimController {
            let c = SimController(id: id, type: "DetailViewController")
            c.modalPresentationStyle = .overCurrentContext
            try sim.add(c)
            return c
        }
        let l1 = try overContext("l1"), l2 = try overContext("l2"), r1 = try overContext("r1")
        // The right branch presents first: the chain's order is the branches', not the calls'.
        sim.present(r1, from: right, animated: false)
        sim.present(l1, from: left, animated: false)
        sim.present(l2, from: l1, animated: false)
        XCTAssertTrue(r1.presentingNode === right && l1.presentingNode === left && l2.presentingNode === l1)
        XCTAssertEqual(Hierarchy.chain(from: split).map(\.id), ["split", "l1", "l2", "r1"])
        XCTAssertEqual(Hierarchy.dismissalSet(startingAt: l1).map(\.id), ["l2", "l1"])
    }
}
