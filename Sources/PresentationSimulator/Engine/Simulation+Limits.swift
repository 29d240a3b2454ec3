@_spi(Package) import PresentationInspectorCore

extension Simulation {
    /// Refuses to make `child` (and everything it contains) a child of `parent` when that would
    /// nest controllers deeper than ``Scenario/maximumContainmentDepth`` levels: hostile scenarios
    /// must end with an error, not with walks and recursions over unbounded depth.
    func checkContainmentDepth(adding child: SimController, to parent: SimController, key: String) throws(SimulationError) {
        let deepest = Hierarchy.ancestry(of: parent).count + height(of: child) - 1
        guard deepest <= Scenario.maximumContainmentDepth else {
            throw SimulationError(key: key, message: "adding \(child.id) to \(parent.id) would nest controllers \(deepest) levels deep; containment deeper than \(Scenario.maximumContainmentDepth) levels is not supported")
        }
    }

    /// Levels in `c`'s subtree, `c` included (each subtree was built within the limit, so the
    /// recursion stays shallow).
    private func height(of c: SimController) -> Int {
        1 + (c.children.map { height(of: $0) }.max() ?? 0)
    }
}
