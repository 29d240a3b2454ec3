@_spi(Package) import PresentationInspectorCore

// Rule 6 (docs/DESIGN.md): which controllers' views are in a window.

extension Simulation {
    /// Whether `c`'s view is in a window now (`viewIfLoaded?.window != nil`).
    ///
    /// It is when every step from `c` up to a window's root is visible (a child its container
    /// shows, a controller its presenter presents) and nothing on the way is covered by a
    /// completed `fullScreen` or `currentContext` presentation that is not itself on the way.
    /// It agrees with ``visibleControllerIDs()``, which collects from the windows' roots.
    public func isViewInWindow(_ c: SimController) -> Bool {
        if let p = c.presented, Self.covers(p) { return false }
        var x = c
        for _ in 0..<100_000 {
            if let parent = x.parent {
                guard parent.shows(child: x) else { return false }
                if let p = parent.presented, Self.covers(p) { return false }
                x = parent
            } else if let presenter = x.presenting {
                guard presenter.presented === x else { return false }
                x = presenter
            } else {
                guard let id = x.windowID else { return false }
                return windows.contains { $0.id == id && $0.root === x }
            }
        }
        return false
    }

    /// Whether `p`'s completed presentation has taken the views it covers out of the window. Once
    /// its dismissal begins they are back: the dismissal shows them as `p` leaves (DESIGN rule 6).
    static func covers(_ p: SimController) -> Bool {
        p.presentationCompleted && !p.isBeingDismissed && !(p.effectiveStyle?.keepsCoveredViewsInWindow ?? true)
    }

    /// Every controller whose view is in window `w`.
    func visibleControllers(in w: SimWindow) -> Set<ObjectIdentifier> {
        var depthGuard = 0
        func visit(_ c: SimController) -> Set<ObjectIdentifier> {
            depthGuard += 1
            guard depthGuard < 100_000 else { return [] }
            var s: Set<ObjectIdentifier> = [ObjectIdentifier(c)]
            for child in c.visibleChildren { s.formUnion(visit(child)) }
            if let p = c.presented {
                let above = visit(p)
                s = Self.covers(p) ? above : s.union(above)
            }
            return s
        }
        return visit(w.root)
    }

    /// The ids of every controller whose view is in a window, for display.
    public func visibleControllerIDs() -> Set<String> {
        var ids = Set<String>()
        for w in windows {
            let set = visibleControllers(in: w)
            for c in Hierarchy.chain(from: w.root) { collect(c, set, &ids) }
        }
        return ids
    }

    private func collect(_ c: SimController, _ set: Set<ObjectIdentifier>, _ ids: inout Set<String>) {
        if set.contains(ObjectIdentifier(c)) { ids.insert(c.id) }
        for child in c.children { collect(child, set, &ids) }
    }
}
