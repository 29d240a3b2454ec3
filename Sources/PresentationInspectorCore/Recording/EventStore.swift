/// The recorder's ring, holding events as small records whose references, chains, explanations
/// and diagnostics live once in pools (an ``Event`` copies its references, chain, ancestry and
/// explanation into every event: ~1.8 KB each).
///
/// An ``Event`` goes in whole and comes out equal; in between it is ~100 bytes plus its share of
/// the pools. Not thread-safe: the ``Recorder`` calls it under its lock.
struct EventStore {
    /// One retained event: fixed-size fields inline, everything else a pool slot (0 = none/empty).
    struct Record {
        var seq = 0
        var time = 0.0
        var relatesTo = Int.min  // Int.min: nil
        var thread: UInt32 = 0, window: UInt32 = 0, callSite: UInt32 = 0
        var source: UInt32 = 0, presented: UInt32 = 0, presenting: UInt32 = 0
        var contextProvider: UInt32 = 0, receiver: UInt32 = 0, handledBy: UInt32 = 0
        var steps: UInt32 = 0, dismissed: UInt32 = 0, diagnostics: UInt32 = 0
        var chain: UInt32 = 0, ancestry: UInt32 = 0, observed: UInt32 = 0, facts: UInt32 = 0, sheet: UInt32 = 0
        var kind = EventKind.present
        var outcome = Outcome.presented
        var animated = false
        /// ``Event/rulesVersion`` as `major * 100 + minor`; 0: nil.
        var rulesVersion: UInt16 = 0
        var forwarded: Bool?
        var requestedStyle: PresentationStyle?
        var effectiveStyle: PresentationStyle?
        var requestedTransition: TransitionStyle?
        var effectiveTransition: TransitionStyle?
        /// Shared with the hooks' table of recent stacks (one object per call site).
        var callStack: CapturedCallStack?
    }

    private var strings = InternPool<String>()
    private var refs = InternPool<ControllerRef>()
    private var refArrays = InternPool<[ControllerRef]>()
    private var stepArrays = InternPool<StructuralSteps>()
    private var diagnosticArrays = InternPool<[Diagnostic]>()
    private var observations = InternPool<Observation>()
    /// The sheets presents and detent changes record (one sheet's few states repeat).
    private var sheets = InternPool<SheetState>()
    /// Controllers' facts (rare: a controller's first event, or a change): a recording that
    /// repeats a flow repeats them, and keeps them once.
    private var factLists = InternPool<[ControllerFacts]>()
    private var chains = ChainTrie()

    /// Distinct values held by the pools, for tests and the memory benchmark's breakdown.
    var pooledValueCount: Int {
        strings.liveCount + refs.liveCount + refArrays.liveCount + stepArrays.liveCount
            + diagnosticArrays.liveCount + observations.liveCount + factLists.liveCount + sheets.liveCount + chains.nodeCount
    }

    /// Interns `e`'s values (one more holder each) and returns its record.
    mutating func store(_ e: Event) -> Record {
        var r = Record()
        r.seq = e.seq
        r.time = e.time
        r.relatesTo = e.relatesTo ?? Int.min
        r.thread = strings.retain(e.thread)
        r.window = strings.retain(e.window)
        r.callSite = strings.retain(e.callSiteText)
        r.callStack = e.capturedCallStack
        r.source = refs.retain(e.source)
        r.presented = refs.retain(e.presented)
        r.presenting = refs.retain(e.presenting)
        r.contextProvider = refs.retain(e.contextProvider)
        r.receiver = refs.retain(e.receiver)
        r.handledBy = refs.retain(e.handledBy)
        r.steps = e.steps.isEmpty ? 0 : stepArrays.retain(StructuralSteps(steps: e.steps))
        r.dismissed = e.dismissed.isEmpty ? 0 : refArrays.retain(e.dismissed)
        r.diagnostics = e.diagnostics.isEmpty ? 0 : diagnosticArrays.retain(e.diagnostics)
        r.chain = chains.retain(e.chain, refs: &refs)
        r.ancestry = e.ancestry.isEmpty ? 0 : refArrays.retain(e.ancestry)
        r.observed = observations.retain(e.observed)
        r.sheet = sheets.retain(e.sheet)
        r.kind = e.kind
        r.outcome = e.outcome
        r.animated = e.animated
        r.rulesVersion = e.rulesVersion.map { UInt16($0.major * 100 + $0.minor) } ?? 0
        r.forwarded = e.forwarded
        r.requestedStyle = e.requestedStyle
        r.effectiveStyle = e.effectiveStyle
        r.requestedTransition = e.requestedTransition
        r.effectiveTransition = e.effectiveTransition
        r.facts = e.facts.isEmpty ? 0 : factLists.retain(e.facts)
        return r
    }

    /// One holder fewer for each of `r`'s values (the record leaves the ring).
    mutating func release(_ r: Record) {
        strings.release(r.thread); strings.release(r.window); strings.release(r.callSite)
        refs.release(r.source); refs.release(r.presented); refs.release(r.presenting)
        refs.release(r.contextProvider); refs.release(r.receiver); refs.release(r.handledBy)
        stepArrays.release(r.steps)
        refArrays.release(r.dismissed); refArrays.release(r.ancestry)
        chains.release(r.chain, refs: &refs)
        diagnosticArrays.release(r.diagnostics)
        observations.release(r.observed)
        sheets.release(r.sheet)
        factLists.release(r.facts)
    }

    /// Notes in `carried` what the dropped record `r` said that still holds: its facts, a
    /// successful present's presenter and style as the presented controller's
    /// ``ControllerFacts/presentedBy`` and ``ControllerFacts/presentedAs``, and a finished
    /// dismissal's removal of them. Reads only what it needs: most records carry nothing.
    func carry(from r: Record, into carried: inout CarriedFacts) {
        for f in factLists[r.facts] ?? [] { carried.merge(f) }
        switch r.kind {
        case .present where r.outcome == .presented:
            guard let p = refs[r.presented] else { return }
            let observed = observations[r.observed]
            carried.present(p, by: (observed?.presenting ?? refs[r.presenting])?.id, as: observed?.effectiveStyle ?? r.effectiveStyle)
        case .presentCompleted:
            guard let p = refs[r.presented], let style = observations[r.observed]?.effectiveStyle else { return }
            carried.adapt(p.id, to: style)
        case .dismissCompleted:
            carried.remove((observations[r.observed]?.dismissed ?? refArrays[r.dismissed] ?? []).map(\.id))
        case .interactiveDismiss where r.outcome == .completed:
            carried.remove((refArrays[r.dismissed] ?? []).map(\.id))
        default:
            return
        }
    }

    /// The event `r` was made from.
    func event(_ r: Record) -> Event {
        var e = Event(seq: r.seq, time: r.time, thread: strings[r.thread] ?? "main", kind: r.kind, outcome: r.outcome,
                      animated: r.animated, window: strings[r.window], relatesTo: r.relatesTo == Int.min ? nil : r.relatesTo,
                      source: refs[r.source], presented: refs[r.presented], presenting: refs[r.presenting],
                      contextProvider: refs[r.contextProvider], requestedStyle: r.requestedStyle,
                      effectiveStyle: r.effectiveStyle, requestedTransition: r.requestedTransition,
                      effectiveTransition: r.effectiveTransition, steps: stepArrays[r.steps]?.steps ?? [],
                      receiver: refs[r.receiver], handledBy: refs[r.handledBy], dismissed: refArrays[r.dismissed] ?? [],
                      forwarded: r.forwarded, diagnostics: diagnosticArrays[r.diagnostics] ?? [],
                      chain: chains.chain(r.chain, refs: refs), callSite: strings[r.callSite], capturedCallStack: r.callStack, ancestry: refArrays[r.ancestry] ?? [])
        e.observed = observations[r.observed]
        e.sheet = sheets[r.sheet]
        e.facts = factLists[r.facts] ?? []
        if r.rulesVersion != 0 { e.rulesVersion = SystemVersion(major: Int(r.rulesVersion / 100), minor: Int(r.rulesVersion % 100)) }
        return e
    }

    /// Forgets every pooled value.
    mutating func removeAll() { self = EventStore() }
}
