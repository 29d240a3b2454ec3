/// What ``PresentationResolver`` reads of the hierarchy for one `present` whatever the size class
/// it resolves in: where the source hangs, whether the presented controller is free, whether a
/// transition runs, whether the source and its ancestors are in a window.
///
/// Read once per present: the answer in the other size class (``OtherSizeClass``) decides over
/// the same reads instead of walking the window again. Everything here is read in the order the
/// resolver used to read it; on a device each read asks UIKit on the main thread, at the call.
struct PresentReads<N: PresentationNode> {
    let source: N
    let presented: N
    let sourceRef: ControllerRef
    let presentedRef: ControllerRef
    /// The source's ancestors through `parent`, itself first, and their snapshots.
    let ancestry: [N]
    let ancestryRefs: [ControllerRef]
    /// The controller that presented the top of the source's ancestry, if it was presented.
    let rootPresenter: N?
    /// The root of everything the source hangs from (its window's root, or a detached root).
    let ultimateRoot: N
    /// The window of ``ultimateRoot``; nil for a detached source.
    let windowID: String?
    /// The presented controller's own presenter, parent and window (rule 4's first checks).
    let presentedBy: N?
    let presentedParent: N?
    let presentedWindow: String?
    /// The chain of the source's window (of ``ultimateRoot``) before the call.
    let windowChain: [N]
    /// Whether a presentation transition runs in the source's window (rule 4's in-progress check).
    let presentationRuns: Bool
    /// Whether a dismissal transition runs in the source's window (counted by no check of a
    /// present: recorded in the explanation, DESIGN "unverified").
    let dismissalRuns: Bool
    /// Whether the source's view is in a window.
    let sourceIsInWindow: Bool
    /// Whether each of ``ancestry``'s views is in a window: the presenting controller is one of
    /// them whatever the size class (the presentation root, or the context provider).
    let ancestryInWindow: [Bool]
    /// Whether the top of the source's ancestry, or a controller it was presented from, is being
    /// dismissed: every controller of the ancestry is leaving the window.
    let rootIsLeaving: Bool
    /// The size class the rules see (`SizeClass.rulesSee(horizontal:vertical:)`) where UIKit presents
    /// from: the source's presentation root (its window's root, or a presented controller), whose
    /// traits the new presentation controller takes. Traits flow down "window scene, window,
    /// presentation controller, view controller, view" (Apple, Traits and the trait environment), so
    /// a container that narrows its children's traits (a split view's column on an iPad) does not
    /// make the presentation compact.
    let sizeClass: SizeClass
    /// Whether UIKit presents in a compact height (an iPhone in landscape), where a sheet looks full screen.
    let heightIsCompact: Bool
    /// The size class the source itself reports, where it differs from ``sizeClass`` (for the explanation).
    let sourceSizeClass: SizeClass?
    /// The iOS version the app runs on (nil: unknown, the newest modelled).
    let systemVersion: SystemVersion?

    init(source: N, presented: N) {
        self.source = source
        self.presented = presented
        sourceRef = source.ref
        presentedRef = presented.ref
        ancestry = Hierarchy.ancestry(of: source)
        ancestryRefs = Hierarchy.refs(ancestry)
        let root = ancestry[ancestry.count - 1]
        rootPresenter = root.presentingNode
        ultimateRoot = rootPresenter.map { Hierarchy.ultimateRoot(of: $0) } ?? root
        windowID = ultimateRoot.rootOfWindow
        presentedBy = presented.presentingNode
        presentedParent = presented.parentNode
        presentedWindow = presented.rootOfWindow
        windowChain = Hierarchy.chain(from: ultimateRoot)
        (presentationRuns, dismissalRuns) = Hierarchy.runningTransitions(in: windowChain)
        sourceIsInWindow = source.isViewInWindow
        // A child's view is inside its parent's: when the source's view is in a window, so are its
        // ancestors' (no read needed); otherwise each is asked.
        var inWindow = [sourceIsInWindow]
        for i in 1..<max(1, ancestry.count) { inWindow.append(sourceIsInWindow || ancestry[i].isViewInWindow) }
        ancestryInWindow = inWindow
        // Only a running dismissal can take the ancestry with it: otherwise nothing is read.
        var leaving = false
        if dismissalRuns {
            var x: N? = root
            var depth = 0
            while let node = x, !leaving, depth < 1_000 {
                leaving = node.isBeingDismissed
                x = node.presentingNode
                depth += 1
            }
        }
        rootIsLeaving = leaving
        let vertical = root.verticalSizeClass
        sizeClass = SizeClass.rulesSee(horizontal: root.horizontalSizeClass, vertical: vertical)
        heightIsCompact = vertical == .compact
        let sourceReports = root === source ? sizeClass : SizeClass.rulesSee(horizontal: source.horizontalSizeClass, vertical: source.verticalSizeClass)
        sourceSizeClass = sourceReports == sizeClass ? nil : sourceReports
        systemVersion = source.systemVersion
    }
}
