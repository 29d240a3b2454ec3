import PresentationInspectorCore

extension Simulation {
    /// Notes the facts a call on `nodes` reads (``ControllerFacts/involved(in:containment:)``),
    /// read from the model, so that the log can be replayed (`pinspect scenario`).
    func noteFacts(_ nodes: [SimController]) {
        recorder.noteControllerFacts(ControllerFacts.involved(in: nodes) { c in
            (ControllerFacts.Container(rawValue: c.container.rawValue) ?? .plain, c.container == .tabBar ? c.selectedIndex : nil)
        })
    }
}
