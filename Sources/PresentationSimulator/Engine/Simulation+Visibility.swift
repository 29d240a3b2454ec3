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
