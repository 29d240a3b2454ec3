/// What the model says a `present` call does, before it runs.
public struct PresentResolution<Node: PresentationNode> {
    public var source: Node
    public var presented: Node
    /// The controller that becomes `presentingViewController` (nil only for a detached source).
    public var presenting: Node
    /// The controller whose area the presentation covers.
    public var contextProvider: Node
    public var requestedStyle: PresentationStyle
    public var effectiveStyle: PresentationStyle
    public var requestedTransition: TransitionStyle
    public var effectiveTransition: TransitionStyle
    /// Every finding, the rejecting one (if any) first among the checks.
    public var diagnostics: [Diagnostic]
    /// The check that rejects the presentation, if any (nothing changes).
    public var rejection: Diagnostic?
    /// The walk that found the answer, one sentence per step.
    public var explanation: [String]
    /// The window the source belongs to.
    public var windowID: String?
}

/// What the model says a `dismiss` call does.
public struct DismissResolution<Node: PresentationNode> {
    public var receiver: Node
    /// The presenting controller that performs the dismissal; nil when nothing is dismissed.
    public var handledBy: Node?
    /// Controllers removed, top first.
    public var dismissed: [Node]
    /// Whether the message is handled by another controller than its receiver.
    public var forwarded: Bool
    public var outcome: Outcome
    public var diagnostics: [Diagnostic]
    public var explanation: [String]
    public var windowID: String?
}

/// Options of the model that are a matter of taste rather than UIKit's rules.
public struct ResolverOptions: Sendable {
    /// `deep-chain` is reported when a present makes more presented controllers than this in one window.
    public var deepChainLimit: Int

    public init(deepChainLimit: Int = 3) { self.deepChainLimit = deepChainLimit }
}

/// DESIGN's presentation rules as pure functions over ``PresentationNode``s.
public enum PresentationResolver {
    /// Rule 1: the style UIKit uses for a requested style in an environment.
    public static func effectiveStyle(_ requested: PresentationStyle, sizeClass: SizeClass) -> (PresentationStyle, String) {
        switch requested {
        case .automatic:
            return (.pageSheet, "Requested style automatic resolves to pageSheet.")
        case .popover where sizeClass == .compact:
            return (.fullScreen, "Requested style popover adapts to fullScreen in a horizontally compact environment.")
        default:
            return (requested, "Requested style \(requested.name) is used as is\(sizeClass == .compact && requested.isSheet ? " (sheets stay sheets in compact width)" : "").")
        }
    }

    /// Rules 1–4 and 10 for `source.present(presented)`.
    public static func resolvePresent<N: PresentationNode>(source: N, presented: N, options: ResolverOptions = ResolverOptions()) -> PresentResolution<N> {
        // Labels are built once and reused: this runs on every hooked `present` (issue 6).
        var steps: [String] = []
        steps.reserveCapacity(8)
        let s = source.ref, p = presented.ref
        let sLabel = s.label, pLabel = p.label
        steps.append("present was called on \(sLabel): the source (original presenter) of \(pLabel).")

        // Where the source hangs.
        let ancestry = Hierarchy.ancestry(of: source)
        let root = ancestry.last!
        let rootLabel = root === source ? sLabel : root.ref.label
        let ultimateRoot = Hierarchy.ultimateRoot(of: source)
        let detached = ultimateRoot.rootOfWindow == nil
        if ancestry.count > 1 {
            // A closure, not the key path `\.ref.type`: generic key paths are instantiated at run time.
            let path = ancestry.map { $0.ref.type }.joined(separator: " → ")
            steps.append("Walking up through parent: \(path). The presentation root is \(rootLabel), \(rootDescription(root)).")
        } else {
            steps.append("\(sLabel) has no parent, so it is its own presentation root: \(rootDescription(root)).")
        }

        // Style.
        let (style, styleNote) = effectiveStyle(presented.modalPresentationStyle, sizeClass: source.horizontalSizeClass)
        steps.append(styleNote)

        // Presenting controller and context provider (rule 2).
        var provider = root
        if style.isContextStyle {
            var walk: [String] = []
            var found: N?
            for a in ancestry {
                walk.append("\(a.ref.type).definesPresentationContext = \(a.definesPresentationContext)")
                if a.definesPresentationContext { found = a; break }
            }
            if let found {
                provider = found
                steps.append("Style \(style.name) searches for a presentation context from the source up: \(walk.joined(separator: ", ")) → \(found.ref.label) provides the context and becomes the presenting controller.")
            } else {
                steps.append("Style \(style.name) searches for a presentation context from the source up: \(walk.joined(separator: ", ")); none defines one, so the presentation root \(rootLabel) provides it and presents.")
            }
        } else {
            steps.append("Style \(style.name) is not a context style, so definesPresentationContext is not consulted: the presentation root \(rootLabel) provides the context and presents.")
        }
        let presenting = provider
        let presentingRef = presenting === root ? root.ref : presenting.ref
        if presenting !== source {
            steps.append("So presentedViewController.presentingViewController will be \(presenting === root ? rootLabel : presentingRef.label), not the source \(sLabel): UIKit uses the controller whose area the presentation covers.")
        } else {
            steps.append("The source itself presents (it is the controller whose area the presentation covers).")
        }

        // Transition style (rule 3).
        let requestedTransition = presented.modalTransitionStyle
        var transition = requestedTransition
        if style.isContextStyle && provider.definesPresentationContext {
            if provider.providesPresentationContextTransitionStyle {
                transition = provider.modalTransitionStyle
                steps.append("\(provider.ref.label) defines the context and providesPresentationContextTransitionStyle = true: its modalTransitionStyle \(transition.name) replaces the presented controller's \(requestedTransition.name).")
            } else {
                steps.append("Transition \(transition.name) is the presented controller's own (\(provider.ref.type).providesPresentationContextTransitionStyle = false).")
            }
        } else {
            steps.append("Transition \(transition.name) is the presented controller's own.")
        }

        // Checks (rule 4), in order; the first failure rejects.
        var diagnostics: [Diagnostic] = []
        var rejection: Diagnostic?
        if let q = presented.presentingNode {
            rejection = .alreadyPresented(p, by: q.ref)
            steps.append("Check already-presented failed: \(pLabel) is already being presented by \(q.ref.label). UIKit raises an exception.")
        } else if presented.parentNode != nil || presented.rootOfWindow != nil {
            rejection = .activeController(p)
            let why = presented.parentNode.map { "it is a child of \($0.ref.label)" } ?? "it is the root of window \(presented.rootOfWindow!)"
            steps.append("Check active-controller failed: \(why). UIKit raises an exception.")
        } else if source.isTransitionInProgress {
            rejection = .presentationInProgress(p, on: presentingRef, from: s)
            steps.append("Check presentation-in-progress failed: a present or dismiss transition is still running in this window.")
        } else if let q = Hierarchy.presentedController(of: presenting) {
            rejection = .alreadyPresenting(p, on: presentingRef, from: s, current: q.ref)
            let owner = q.presentingNode.map { $0 === presenting ? "" : " (inherited from \($0.ref.label), rule 5)" } ?? ""
            steps.append("Check already-presenting failed: \(presentingRef.label).presentedViewController is \(q.ref.label)\(owner).")
        } else if !source.isViewInWindow {
            rejection = .notInWindowHierarchy(p, on: presentingRef, from: s)
            steps.append("Check not-in-window-hierarchy failed: \(sLabel)'s view is not in a window (hidden tab or navigation level, covered by a full-screen presentation, or never shown).")
        } else if style == .popover && !presented.hasPopoverAnchor {
            // Only a real popover (regular width) needs an anchor; in compact width it adapted to fullScreen.
            rejection = .popoverWithoutAnchor(p)
            steps.append("Check popover-without-anchor failed: \(pLabel) is shown as a popover (regular width) with no sourceView or barButtonItem. UIKit raises an exception.")
        } else {
            steps.append("Checks passed: not already presented, not an active child or root, no transition running, \(presentingRef.type) presents nothing yet, the source's view is in the window.")
        }
        if detached { diagnostics.append(.detachedPresenter(s)) }
        if let rejection {
            diagnostics.insert(rejection, at: 0)
            steps.append("Rejected: nothing changes.")
        } else {
            // `presenting` is an ancestor of the source: same ultimate root.
            let depth = Hierarchy.chain(from: ultimateRoot).count  // after: +1 - root
            if depth > options.deepChainLimit {
                diagnostics.append(.deepChain(depth: depth, limit: options.deepChainLimit))
            }
        }
        if detached { steps.append("\(sLabel) is not attached to any window's controller hierarchy (detached).") }

        return PresentResolution(source: source, presented: presented, presenting: presenting, contextProvider: provider,
                                 requestedStyle: presented.modalPresentationStyle, effectiveStyle: style,
                                 requestedTransition: requestedTransition, effectiveTransition: transition,
                                 diagnostics: diagnostics, rejection: rejection, explanation: steps,
                                 windowID: ultimateRoot.rootOfWindow)
    }

    private static func rootDescription<N: PresentationNode>(_ root: N) -> String {
        if let w = root.rootOfWindow { return "the root of window \(w)" }
        if let q = root.presentingNode { return "presented by \(q.ref.label)" }
        return "which is no window's root and was not presented (detached)"
    }

    /// Rule 7 for `receiver.dismiss(animated:)`.
    public static func resolveDismiss<N: PresentationNode>(receiver: N) -> DismissResolution<N> {
        let r = receiver.ref
        var steps = ["dismiss was called on \(r.label)."]
        let window = Hierarchy.windowID(of: receiver)
        if receiver.isTransitionInProgress {
            steps.append("A present or dismiss transition is still running in this window: UIKit ignores the dismissal.")
            return DismissResolution(receiver: receiver, handledBy: nil, dismissed: [], forwarded: false, outcome: .rejected,
                                     diagnostics: [.dismissDuringTransition(r)], explanation: steps, windowID: window)
        }
        if let p = Hierarchy.presentedController(of: receiver), let handler = p.presentingNode {
            let set = Hierarchy.dismissalSet(startingAt: p)
            if p.presentingNode === receiver {
                steps.append("\(r.label) presents \(p.ref.label): it dismisses that controller and everything above it.")
            } else {
                steps.append("\(r.label).presentedViewController is \(p.ref.label) (inherited through its ancestors, rule 5); its presenting controller \(handler.ref.label) handles the dismissal.")
            }
            steps.append("Removed, top first: \(set.map { $0.ref.label }.joined(separator: ", ")).\(set.count > 1 ? " Only the top one animates." : "")")
            return DismissResolution(receiver: receiver, handledBy: handler, dismissed: set, forwarded: handler !== receiver,
                                     outcome: .dismissed, diagnostics: [], explanation: steps, windowID: window)
        }
        let root = Hierarchy.presentationRoot(of: receiver)
        if let handler = root.presentingNode {
            let set = Hierarchy.dismissalSet(startingAt: root)
            steps.append("\(r.label) presents nothing\(root === receiver ? " and was presented" : ", and its presentation root \(root.ref.label) was presented"): the message is forwarded to the presenting controller \(handler.ref.label), which dismisses \(root.ref.label) and everything above it.")
            steps.append("Removed, top first: \(set.map { $0.ref.label }.joined(separator: ", ")).\(set.count > 1 ? " Only the top one animates." : "")")
            return DismissResolution(receiver: receiver, handledBy: handler, dismissed: set, forwarded: true,
                                     outcome: .dismissed, diagnostics: [], explanation: steps, windowID: window)
        }
        steps.append("\(r.label) presents nothing and its presentation root was not presented: nothing to dismiss.")
        return DismissResolution(receiver: receiver, handledBy: nil, dismissed: [], forwarded: false, outcome: .noOp,
                                 diagnostics: [.nothingToDismiss(r)], explanation: steps, windowID: window)
    }

    /// Rule 8: a sheet swiped down, completed or cancelled by the user.
    public static func resolveInteractiveDismiss<N: PresentationNode>(sheet: N, completes: Bool) -> DismissResolution<N> {
        let r = sheet.ref
        var steps = ["The user swiped down \(r.label)."]
        let window = Hierarchy.windowID(of: sheet)
        if sheet.isModalInPresentation {
            steps.append("\(r.type).isModalInPresentation = true: the swipe is blocked and the sheet stays.")
            return DismissResolution(receiver: sheet, handledBy: nil, dismissed: [], forwarded: false, outcome: .blocked,
                                     diagnostics: [], explanation: steps, windowID: window)
        }
        guard completes else {
            steps.append("The user let go before the threshold: the swipe is cancelled and the sheet stays.")
            return DismissResolution(receiver: sheet, handledBy: nil, dismissed: [], forwarded: false, outcome: .cancelled,
                                     diagnostics: [], explanation: steps, windowID: window)
        }
        let set = Hierarchy.dismissalSet(startingAt: sheet)
        steps.append("The swipe completes: \(sheet.presentingNode?.ref.label ?? "its presenting controller") removes \(set.map { $0.ref.label }.joined(separator: ", ")) without any dismiss call.")
        return DismissResolution(receiver: sheet, handledBy: sheet.presentingNode, dismissed: set, forwarded: false,
                                 outcome: .completed, diagnostics: [], explanation: steps, windowID: window)
    }
}
