extension ChainGraph {
    /// The window id graphs give controllers that were seen in no window (detached).
    static let noWindowID = "(no window)"

    /// The heading of a window's group in every graph format: `window lab`, or
    /// `detached (in no window)` for controllers outside any window, which are no window's root.
    static func windowHeading(_ window: String) -> String {
        window == noWindowID ? "detached (in no window)" : "window \(VisibleText.escaped(window))"
    }
}
