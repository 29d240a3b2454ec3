@_spi(Package) import PresentationInspectorCore

extension ReplayBuilder {
    // MARK: Calls become steps

    /// The step that makes `e`'s call again, after an `advance` to its time. Completions and
    /// leak checks need none: the simulation makes them as the recording did.
    mutating func replay(_ e: Event) throws(ReplayError) {
        let kind = e.kind.rawValue
        switch e.kind {
        case .present:
            guard let p = e.presented else { throw ReplayError(seq: e.seq, fact: "presented", message: "a \(kind) event without its presented controller cannot be replayed") }
            guard let source = e.source else { throw ReplayError(seq: e.seq, fact: "source", message: "a \(kind) event without its source (the receiver of present) cannot be replayed") }
            advance(to: e.time)
            // The sheet it is shown in, as configured at the call; then as its transition's end found it.
            if e.outcome == .presented, let sheet = e.sheet { configureSheet(p.id, as: sheet, selection: true, at: e) }
            var step = Scenario.Step(.present(p.id, from: source.id, animated: e.animated), thread: e.thread)
            step.observed = observedPresent(e)
            step.observedAtEnd = observedAtPresentEnd(e)
            steps.append(step)
            if e.outcome == .presented, e.sheet != nil { sheetsShown.insert(p.id) }
            if let end = presentEnds[e.seq], let sheet = end.sheet {
                sheetsShown.insert(p.id)
                configureSheet(p.id, as: sheet, selection: true, at: end)
            }
        case .dismiss:
            guard let r = e.receiver else { throw ReplayError(seq: e.seq, fact: "receiver", message: "a \(kind) event without its receiver cannot be replayed") }
            advance(to: e.time)
            var step = Scenario.Step(.dismiss(r.id, animated: e.animated), thread: e.thread)
            step.observed = observedDismiss(e)
            steps.append(step)
        case .interactiveDismiss:
            guard let sheet = e.receiver else { throw ReplayError(seq: e.seq, fact: "receiver", message: "a swipe-down without its sheet cannot be replayed") }
            advance(to: e.time)
            steps.append(Scenario.Step(.swipeDown(sheet.id, complete: e.outcome == .completed), thread: e.thread))
        case .sheetDetentChanged:
            try replaySheetDetentChange(e)
        case .presentCompleted, .dismissCompleted, .leakCheck:
            break
        }
    }

    /// An `advance` step up to `time`, when it is later than the replay's clock.
    mutating func advance(to time: Double) {
        let dt = time - clock
        guard dt > 0 else { return }
        // One step holds at most a day (docs/SCENARIOS.md); a longer pause takes several.
        var left = dt
        while left > 0 {
            let s = min(left, 86_400)
            steps.append(Scenario.Step(.advance(s)))
            clock += s
            left -= s
        }
        clock = time
    }

    /// What UIKit reported about a present, as the step's `observed` answers (the simulation then
    /// follows them and records the same `model-drift`s).
    private mutating func observedPresent(_ e: Event) -> Scenario.Observed? {
        guard let o = e.observed else { return nil }
        var r = Scenario.Observed()
        r.presenting = o.presenting?.id
        r.contextProvider = o.contextProvider?.id
        r.effectiveStyle = o.effectiveStyle
        r.effectiveTransition = o.effectiveTransition
        r.presentationControllerClass = o.presentationControllerClass
        if let p = e.presented?.id {
            // The event's outcome is what happened; a model that predicted another says so in its drift.
            if let out = o.outcome, e.diagnostics.contains(where: { $0.isModelDrift(of: "outcome") }) {
                note(p, "At #\(e.seq) UIKit's outcome (\(out.rawValue)) differs from the model's; a scenario cannot ask for it, so the replay follows the model.")
            }
            if o.window != nil && o.window != e.window {
                note(p, "At #\(e.seq) UIKit put it in window \(o.window ?? "none"); a scenario cannot ask for another window than the model's.")
            }
        }
        let empty = r.presenting == nil && r.contextProvider == nil && r.effectiveStyle == nil && r.effectiveTransition == nil
            && r.presentationControllerClass == nil
        return empty ? nil : r
    }

    /// What UIKit reported at the end of a present's transition beyond what the call saw (its
    /// `present-completed`'s look), as the step's `observedAtEnd`: the replay then records the
    /// same answers and drifts at the end.
    private mutating func observedAtPresentEnd(_ e: Event) -> Scenario.Observed? {
        guard let completed = presentEnds[e.seq], let end = completed.observed?.subtracting(e.observed) else { return nil }
        if let p = e.presented?.id {
            // What a scenario cannot ask for: its controller's comment says why the replay differs.
            if end.window != nil, completed.diagnostics.contains(where: { $0.isModelDrift(of: "window") }) {
                note(p, "At #\(completed.seq) (the end of its transition) UIKit put it in window \(end.window ?? "none"); a scenario cannot ask for another window than the model's.")
            }
            if let presenting = end.presenting, completed.diagnostics.contains(where: { $0.isModelDrift(of: "presenting") }) {
                note(p, "At #\(completed.seq) (the end of its transition) UIKit named \(presenting.label) as its presenting controller; a scenario sets the presenting controller at the call only.")
            }
        }
        var r = Scenario.Observed()
        r.contextProvider = end.contextProvider?.id
        r.effectiveStyle = end.effectiveStyle
        r.effectiveTransition = end.effectiveTransition
        r.presentationControllerClass = end.presentationControllerClass
        let empty = r.contextProvider == nil && r.effectiveStyle == nil && r.effectiveTransition == nil && r.presentationControllerClass == nil
        return empty ? nil : r
    }

    /// What UIKit reported about a dismissal (its dismissed set and handler), as `observed` answers:
    /// the call's own observation, else (a device's log) what its `dismiss-completed` observed where
    /// that differs from the prediction, so the replay removes what UIKit removed.
    private func observedDismiss(_ e: Event) -> Scenario.Observed? {
        if let o = e.observed, o.dismissed != nil || o.handledBy != nil {
            var r = Scenario.Observed()
            r.dismissed = o.dismissed?.map(\.id)
            r.handledBy = o.handledBy?.id
            return r
        }
        guard let end = dismissalEnds[e.seq]?.observed else { return nil }
        var r = Scenario.Observed()
        if let d = end.dismissed, d.map(\.id) != e.dismissed.map(\.id) { r.dismissed = d.map(\.id) }
        if let h = end.handledBy, h.id != e.handledBy?.id { r.handledBy = h.id }
        return r.dismissed == nil && r.handledBy == nil ? nil : r
    }
}
