/// Rewriting every controller reference of an event at once: title redaction, and the
/// conformance run's translation of device addresses to scenario ids.
extension Event {
    /// `self` with `transform` applied to every controller reference it holds, the observed
    /// ones included (sentences are left as they are).
    public func mappingControllers(_ transform: (ControllerRef) -> ControllerRef) -> Event {
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
        return e
    }
}

extension Observation {
    /// `self` with `transform` applied to every controller reference it holds.
    public func mappingControllers(_ transform: (ControllerRef) -> ControllerRef) -> Observation {
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
    public var controllers: [ControllerRef] {
        [presenting, contextProvider, covered, handledBy].compactMap { $0 } + (dismissed ?? [])
    }
}
