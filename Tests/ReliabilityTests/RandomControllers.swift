@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import TestSupport

/// 24 controllers of random kinds and styles (a third of them defining a presentation context) in
/// a simulation, the first two the roots of windows `w0` (key) and `w1`: the start of the
/// randomized equivalence tests.
func addRandomControllers(to sim: Simulation, rng: inout SplitMix, styles: [PresentationStyle],
                          popoverAnchors: Bool = false) throws -> [SimController] {
    let kinds: [(String, ContainerKind?)] = [("UINavigationController", nil), ("UITabBarController", nil),
                                             ("UISplitViewController", nil), ("Plain", .plain), ("Leaf", nil), ("Leaf", nil)]
    var all: [SimController] = []
    for i in 0..<24 {
        let (type, container) = kinds[Int(rng.next() % UInt64(kinds.count))]
        let c = SimController(id: "c\(i)", type: type, container: container)
        c.modalPresentationStyle = styles[Int(rng.next() % UInt64(styles.count))]
        c.definesPresentationContext = rng.next() % 3 == 0
        if popoverAnchors { c.hasPopoverAnchor = true }
        try sim.add(c)
        all.append(c)
    }
    try sim.addWindow(id: "w0", root: try all.element(0), isKey: true)
    try sim.addWindow(id: "w1", root: try all.element(1))
    return all
}
