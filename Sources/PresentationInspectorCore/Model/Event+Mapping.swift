/// Rewriting every controller reference of an event at once: title redaction, and the
/// conformance run's translation of device addresses to scenario ids.
extension Event {
    /// `self` with `transform` applied to every controller reference it holds, the observed
    /// ones and the controllers its ``facts`` name included (sentences are left as they are).
    @_spi(Package) public func mappingControllers(_ transform: (ControllerRef) -> ControllerRef) -> Event {
        var e = self
        e.source = source.map(transform)
        e.presented = presented.map(transform)
        e.presenting = presenting.map(transform)
        e.contextProvider = contextProvider.map(transform)
        e.receiver = receiver.map(transform)
        e.handledBy = handledBy.map(transform)
        e.dismissed = dismissed.map(transform)
        e.chain = chain.map(transform)
        e.ancestry = ancestry.map(transform)
        e.observed = observed?.mappingControllers(transform)
        if !facts.isEmpty {
            func id(_ x: String) -> String { transform(ControllerRef(id: x, type: "")).id }
            e.facts = facts.map { f in
                let r = transform(ControllerRef(id: f.id, type: f.type, title: f.title))
                var m = f
                m.id = r.id; m.type = r.type; m.title = r.title
                m.parent = f.parent.map(id)
                m.children = f.children?.map(id)
                return m
            }
        }
        return e
    }
}

extension Observation {
    /// `self` with `transform` applied to every controller reference it holds.
    @_spi(Package) public func mappingControllers(_ transform: (ControllerRef) -> ControllerRef) -> Observation {
        var o = self
        o.presenting = presenting.map(transform)
        o.contextProvider = contextProvider.map(transform)
        o.covered = covered.map(transform)
        o.dismissed = dismissed.map { $0.map(transform) }
        o.handledBy = handledBy.map(transform)
        return o
    }
}

extension Observation {
    /// Every controller reference it holds.
    @_spi(Package) public var controllers: [ControllerRef] {
        [presenting, contextProvider, covered, handledBy].compactMap { $0 } + (dismissed ?? [])
    }
}
