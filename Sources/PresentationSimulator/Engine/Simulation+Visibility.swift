extension Simulation {
    /// Rule 6 for one controller, walking up from it rather than collecting every visible
    /// controller of its window: O(depth) instead of O(window) on every `present` the resolver
    /// checks. It gives the same answer as ``visibleControllerIDs()`` (a randomized test in
    /// Tests/ReliabilityTests compares the two).
    ///
    /// `c` is in the window when every step from it up to a window's root is visible — a child
    /// its container shows, a controller its presenter presents — and nothing on the way is
    /// covered by a completed non-"over" full-screen presentation that is not itself on the way.
    func viewIsInWindowWalkingUp(_ c: SimController) -> Bool {
        func covers(_ p: SimController) -> Bool {
            p.presentationCompleted && !(p.effectiveStyle?.keepsCoveredViewsInWindow ?? true)
        }
        if let p = c.presented, covers(p) { return false }
        var x = c
        for _ in 0..<100_000 {
            if let parent = x.parent {
                guard parent.shows(child: x) else { return false }
                if let p = parent.presented, covers(p) { return false }
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
}

// MARK: Window membership, kept as UIKit keeps it

extension Simulation {
    /// Whether a completed presentation of `p` takes the covered views out of the window.
    static func covers(_ p: SimController?) -> Bool {
        guard let p else { return false }
        return p.presentationCompleted && !(p.effectiveStyle?.keepsCoveredViewsInWindow ?? true)
    }

    /// Rule 6 as UIKit answers `view.window`: from a value kept up to date, not by a walk.
    ///
    /// UIKit reads a cached ivar: in UIKitCore (iOS 18.0, decompiled) `-[UIView window]` returns
    /// `_window`, which `-[UIView _recursivelyUpdateCachedWindowForMoveToWindow:]` sets for a view
    /// and its subviews whenever they move. So a read costs the same at any depth and the moves
    /// pay. The simulation does the same (``refreshWindowMembership(below:)`` after every change),
    /// so that the device-path benchmark's model of UIKit's reads, which runs on this engine,
    /// costs what UIKit's do (issue 10: the walk was about a tenth of that row at depth 50).
    /// The rule itself stays ``viewIsInWindowWalkingUp(_:)``: debug builds check every answer
    /// against it, and it answers whenever the kept values were given up.
    func viewIsInWindowKept(_ c: SimController) -> Bool {
        guard membershipIsKept else { return viewIsInWindowWalkingUp(c) }
        let kept = c.isInWindowUpToSelf && !Self.covers(c.presented)
        assert(kept == viewIsInWindowWalkingUp(c), "the kept window membership of \(c.id) differs from rule 6")
        return kept
    }

    /// Recomputes the kept membership of `top` and of everything it contains and presents, top
    /// down; call after changing `top`'s links or its containers' state (its own parent and
    /// presenter must be up to date). Each controller is visited once; a hierarchy past
    /// ``membershipVisitLimit`` (or a cycle) gives the kept values up for good, and reads walk.
    func refreshWindowMembership(below top: SimController) {
        guard membershipIsKept else { return }
        let was = top.isInWindowUpToSelf, now = membershipUpToSelf(of: top)
        top.isInWindowUpToSelf = now
        // Out of the window before and after: so is everything under it (rule 6 holds for a
        // controller only if it holds for every step above it), and nothing changes below.
        // Building a hierarchy before its window exists costs no walk per added child.
        if !was && !now { return }
        var pending = [top]
        var visits = 0
        while let x = pending.popLast() {
            visits += 1
            guard visits <= Self.membershipVisitLimit else { membershipIsKept = false; return }
            // Rule 6 for the children: the container shows them and nothing presented over it covers them.
            let childrenMayShow = x.isInWindowUpToSelf && !Self.covers(x.presented)
            let count = x.children.count
            for (i, child) in x.children.enumerated() {
                let shown: Bool
                switch x.container {
                case .navigation: shown = i == count - 1
                case .tabBar: shown = i == x.selectedIndex
                case .split, .plain, .none: shown = true
                }
                child.isInWindowUpToSelf = childrenMayShow && shown && child.parent === x
                pending.append(child)
            }
            if let p = x.presented {
                p.isInWindowUpToSelf = membershipUpToSelf(of: p)
                pending.append(p)
            }
        }
    }

    /// Visits one refresh may make before the kept values are given up: far more controllers
    /// than a scenario can declare, so only a cycle (which no change makes) reaches it.
    static let membershipVisitLimit = 1_000_000

    /// Rule 6 up to `c` itself, from the kept value of its parent or presenter (without `c`'s
    /// own presented controller, which a read checks).
    private func membershipUpToSelf(of c: SimController) -> Bool {
        if let parent = c.parent {
            return parent.shows(child: c) && !Self.covers(parent.presented) && parent.isInWindowUpToSelf
        }
        if let presenter = c.presenting {
            return presenter.presented === c && presenter.isInWindowUpToSelf
        }
        guard let id = c.windowID else { return false }
        return windows.contains { $0.id == id && $0.root === c }
    }
}
