@_spi(Package) import PresentationInspectorCore

extension ReplayBuilder {
    // MARK: Changes the log notes late

    /// A call's chain starts at its tree's root, which no container holds (`Hierarchy.ultimateRoot`).
    /// Where the replay still has it in one, that container let it go by a change no event's facts
    /// record (it was deallocated, nothing else holding it): the replay takes it out before the call.
    mutating func detachChainRoot(of e: Event) throws(ReplayError) {
        guard e.kind == .present || e.kind == .dismiss || e.kind == .interactiveDismiss, let root = e.chain.first?.id else { return }
        if let container = parent[root] {
            note(root, "Event #\(e.seq)'s chain starts at it, out of any container, though no facts record it leaving \(container): removed from it before that call.")
            try remove(root, declaring: false, at: e)
        }
        // Nothing presents it any more, though no event dismissed it: its presenter, which no later
        // event names, was deallocated (the app let it go, and its container, if any) and took the
        // presentation with it. The replay lets it go before the call.
        if let presenter = presenterOf[root], declared[presenter] != nil, (lastNamed[presenter] ?? 0) < e.seq {
            note(presenter, "Event #\(e.seq)'s chain starts at \(root), which it presented, and no later event names it: let go (released, out of its container) before that call.")
            if parent[presenter] != nil { try remove(presenter, declaring: false, at: e) }
            steps.append(Scenario.Step(.release(presenter)))
            presenterOf[root] = nil
        }
    }

    /// Keeps ``presenterOf`` as `e` leaves the presentations.
    mutating func trackPresentation(_ e: Event) {
        switch e.kind {
        case .present, .presentCompleted:
            if e.outcome != .rejected, let p = e.presented?.id, let q = (e.observed?.presenting ?? e.presenting)?.id { presenterOf[p] = q }
        case .dismissCompleted, .interactiveDismiss:
            for d in e.observed?.dismissed ?? e.dismissed { presenterOf[d.id] = nil }
        default:
            break
        }
    }
}
