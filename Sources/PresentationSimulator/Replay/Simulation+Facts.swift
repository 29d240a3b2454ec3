@_spi(Package) import PresentationInspectorCore

extension Simulation {
    /// Notes the facts a call on `nodes` (a present's source and presented controller, a
    /// dismissal's receiver, a swiped sheet) reads, from the model, so that the log can be
    /// replayed (`pinspect scenario`): every controller from each node up through `parent` to its
    /// presentation root, with its children listed, and those children without theirs. (Above a
    /// presentation root, the controllers were noted by the calls made there.)
    ///
    /// Facts change only when ``factsGeneration`` moves on; a node walked in the current
    /// generation (and recorder epoch) is not walked again, so a call that changes nothing costs
    /// a comparison per node, whatever the depth.
    func noteFacts(_ nodes: [SimController]) {
        let generation = factsGeneration, epoch = recorder.factsEpoch
        var facts: [ControllerFacts] = []
        for start in nodes {
            if let w = start.factsWalked, w.generation == generation, w.epoch == epoch { continue }
            start.factsWalked = (generation, epoch)
            var path: [SimController] = [start]
            while let p = path[path.count - 1].parent, path.count < Scenario.maximumContainmentDepth { path.append(p) }
            let window = path[path.count - 1].rootOfWindow
            for c in path {
                note(c, children: true, window: window, generation: generation, epoch: epoch, into: &facts)
                for child in c.children.prefix(ControllerFacts.childLimit) {
                    note(child, children: false, window: window, generation: generation, epoch: epoch, into: &facts)
                }
            }
        }
        recorder.noteControllerFacts(facts)
    }

    /// Appends `c`'s facts unless they were noted in this generation (with its children, when
    /// `children` asks for them).
    private func note(_ c: SimController, children: Bool, window: String?, generation: Int, epoch: Int, into facts: inout [ControllerFacts]) {
        if let n = c.factsNoted, n.generation == generation, n.epoch == epoch, n.children || !children { return }
        facts.append(ControllerFacts.read(c, children: children, window: window, containment: Self.containment))
        c.factsNoted = (generation, epoch, children)
    }

    /// A controller's container kind, and a tab bar controller's selection, as facts name them.
    static func containment(_ c: SimController) -> (kind: ControllerFacts.Container, selected: Int?) {
        (ControllerFacts.Container(rawValue: c.container.rawValue) ?? .plain, c.container == .tabBar ? c.selectedIndex : nil)
    }
}
