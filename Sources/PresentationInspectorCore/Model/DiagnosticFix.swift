/// Remedies: for each diagnostic, what to change, named with the event's own controllers.
extension Diagnostic {
    /// The remedy for this diagnostic on event `e`, nil for codes this version does not know.
    ///
    /// Built from the event alone (its source, presenting and presented controllers, the chain
    /// after it and the source's ancestry), so readers can compute it for logs that lack it.
    @_spi(Package) public static func fix(for d: Diagnostic, in e: Event) -> String? {
        let top = e.chain.last.map(\.consoleDescription)
        let topClause = top.map { $0 + " (the top of the chain)" }
        switch d.code {
        case .alreadyPresented:
            let p = name(e.presented, "the presented controller")
            // The presenter the resolver found; a log read back has only the chain, where the entry
            // before the presented one is its presenter for a single branch.
            let by = e.steps.lazy.compactMap { step -> ControllerRef? in
                if case .alreadyPresented(_, let q) = step { return q }
                return nil
            }.first?.consoleDescription
                ?? e.chain.firstIndex { $0.id == e.presented?.id }.flatMap { $0 > 0 ? e.chain[$0 - 1].consoleDescription : nil }
            return "create a new \(VisibleText.escaped(e.presented?.type ?? "controller")) instead of presenting \(p) again, or dismiss it first"
                + (by.map { " (\($0).dismiss(animated:))" } ?? "")
        case .activeController:
            let p = name(e.presented, "the presented controller")
            return "present a new \(VisibleText.escaped(e.presented?.type ?? "controller")): \(p) is a child or a window's root; remove it from its parent first (removeFromParent) if it must be reused"
        case .presentationInProgress:
            let p = name(e.presented, "the controller")
            return "present \(p) from the completion handler of the running presentation"
                + (top.map { ", then from \($0) (the top of the chain)" } ?? "")
        case .alreadyPresenting where e.steps.contains(where: { if case .dismissalNotCounted = $0 { true } else { false } }):
            // What the presenting controller still presents is being dismissed (the resolver's steps say so).
            let current = e.steps.lazy.compactMap { step -> ControllerRef? in
                if case .alreadyPresenting(_, let q, _) = step { return q }
                return nil
            }.first.map(\.consoleDescription) ?? "the presented controller"
            return "\(current) is being dismissed: present from the completion handler of that dismissal (whether UIKit also counts a running dismissal as a presentation in progress is unverified; it names \(current) here)"
        case .alreadyPresenting:
            let current = e.presenting.flatMap { r in e.chain.firstIndex { $0.id == r.id } }
                .flatMap { $0 + 1 < e.chain.count ? e.chain[$0 + 1].consoleDescription : nil }
            let it = current == nil || current == top ? "it" : current!
            if let topClause { return "present from \(topClause), or dismiss \(it) first" }
            return "dismiss \(current ?? "the presented controller") first"
        case .notInWindowHierarchy:
            let s = name(e.source, "the source")
            // The presenting controller is being dismissed (the resolver's step says so).
            let leaving = e.steps.contains { if case .presentingNotInWindow(_, leaving: true) = $0 { true } else { false } }
            if leaving, let r = e.presenting {
                return "\(r.consoleDescription) is being dismissed: present from the completion handler of that dismissal, from the controller that presented it"
            }
            let other = top.flatMap { $0 == s ? nil : $0 }
            return "present once \(s) is in a window (viewDidAppear)" + (other.map { ", or from \($0)" } ?? "")
        case .dismissDuringTransition:
            let r = name(e.receiver, "the controller")
            return "call dismiss on \(r) from the completion handler of the running present or dismiss, not while it runs"
        case .nothingToDismiss:
            let r = name(e.receiver, "this controller")
            if e.chain.count > 1, let top { return "\(r) presents nothing and was not presented: remove the call, or dismiss \(top) (the top of the chain)" }
            return "\(r) presents nothing and was not presented: remove the call"
        case .offMainThread:
            return "make the call on the main thread (DispatchQueue.main.async or a @MainActor function) instead of \"\(VisibleText.escaped(e.thread))\""
        case .leakedAfterDismiss:
            let c = name(e.dismissed.first, "the controller")
            return "find what still retains \(c) (Xcode's memory graph): a closure capturing self strongly, a strong delegate, a timer or an observer"
        case .detachedPresenter:
            let s = e.source
            let parent = e.ancestry.count > 1 ? e.ancestry[1].consoleDescription : nil
            let window = top.flatMap { $0 == s?.consoleDescription || e.window == nil ? nil : "the window's top controller \($0)" }
                ?? "the top controller of a window"
            if let parent { return "present from \(parent) (the parent of \(name(s, "the source"))) or \(window)" }
            return "add \(name(s, "the source")) to a window's hierarchy (addChild) before presenting, or present from \(window)"
        case .popoverWithoutAnchor:
            let p = name(e.presented, "the controller")
            return "set \(p).popoverPresentationController?.sourceItem (iOS 16 and later), or sourceView with sourceRect, before presenting it"
        case .deepChain:
            let base = e.chain.count > 1 ? e.chain[1].consoleDescription : nil
            return "push inside a navigation controller instead of presenting"
                + (top.map { " on \($0)" } ?? "") + (base.map { ", or dismiss back to \($0) first" } ?? "")
        case DiagnosticCode(rawValue: "model-drift"):
            // Emitted when UIKit's observed result differs from the model's prediction.
            let s = name(e.source, "the source")
            return "check what changes the presentation from \(s): a container overriding present or show, a custom UIPresentationController, or definesPresentationContext set during the call; if none, report the event (pinspect explain \(e.seq) --json)"
        default:
            return nil
        }
    }

    private static func name(_ r: ControllerRef?, _ fallback: String) -> String { r?.consoleDescription ?? fallback }
}

extension Event {
    /// The event with a ``Diagnostic/fix`` on every diagnostic that has none and a known code.
    @_spi(Package) public func withFixes() -> Event {
        var e = self
        e.addFixes()
        return e
    }

    /// Adds the fixes in place (the hooks' path: no copy of the event).
    @usableFromInline mutating func addFixes() {
        for i in diagnostics.indices where diagnostics[i].fix == nil {
            diagnostics[i].fix = Diagnostic.fix(for: diagnostics[i], in: self)
        }
    }
}
