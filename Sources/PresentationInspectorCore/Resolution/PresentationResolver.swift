/// What the model says a `present` call does, before it runs.
public struct PresentResolution<Node: PresentationNode> {
    public let source: Node
    public let presented: Node
    /// The controller that becomes `presentingViewController` (nil only for a detached source).
    public let presenting: Node
    /// The controller whose area the presentation covers.
    public let contextProvider: Node
    public let requestedStyle: PresentationStyle
    public let effectiveStyle: PresentationStyle
    public let requestedTransition: TransitionStyle
    public let effectiveTransition: TransitionStyle
    /// Every finding, the rejecting one (if any) first among the checks.
    public let diagnostics: [Diagnostic]
    /// The check that rejects the presentation, if any (nothing changes).
    public let rejection: Diagnostic?
    /// The walk that found the answer, as data.
    public let steps: [ExplanationStep]
    /// The walk that found the answer, one sentence per step.
    public var explanation: [String] { steps.map(\.sentence) }
    /// The window the source belongs to.
    public let windowID: String?
    /// The source's ancestors through `parent`, starting with itself: the walk of rule 2. Walked
    /// again when asked (the resolver keeps only their snapshots, for the event): it describes the
    /// hierarchy as it is at that moment.
    public var ancestry: [Node] { Hierarchy.ancestry(of: source) }
    /// The root of the source's window (or of its detached presentation tree): where the chain
    /// the present changes starts.
    @usableFromInline let ultimateRoot: Node
    /// The snapshots of `source`, `presented`, `presenting` and `contextProvider`, taken once
    /// (on a device each snapshot takes locks and reads the title).
    @usableFromInline let refs: (source: ControllerRef, presented: ControllerRef, presenting: ControllerRef, contextProvider: ControllerRef)
    /// The snapshots of the source's ancestors through `parent`, starting with its own: the walk
    /// of rule 2, taken once as well.
    @usableFromInline let ancestryRefs: [ControllerRef]
    /// The look at the window's chain the resolver took for its checks (nil without the hook
    /// handler's window chains): the handler's look before the call, taken once.
    @usableFromInline let chainLook: WindowChains.Chain<Node>?
    /// Whether the presented controller had a presenter when the resolver asked (its first check):
    /// the handler's "was it presented before the call", read once.
    @usableFromInline let presentedWasPresented: Bool

    @inlinable
    init(source: Node, presented: Node, presenting: Node, contextProvider: Node, requestedStyle: PresentationStyle,
         effectiveStyle: PresentationStyle, requestedTransition: TransitionStyle, effectiveTransition: TransitionStyle,
         diagnostics: [Diagnostic], rejection: Diagnostic?, steps: [ExplanationStep], windowID: String?,
         ultimateRoot: Node, refs: (source: ControllerRef, presented: ControllerRef, presenting: ControllerRef, contextProvider: ControllerRef),
         ancestryRefs: [ControllerRef], chainLook: WindowChains.Chain<Node>?, presentedWasPresented: Bool) {
        self.source = source; self.presented = presented; self.presenting = presenting; self.contextProvider = contextProvider
        self.requestedStyle = requestedStyle; self.effectiveStyle = effectiveStyle
        self.requestedTransition = requestedTransition; self.effectiveTransition = effectiveTransition
        self.diagnostics = diagnostics; self.rejection = rejection; self.steps = steps; self.windowID = windowID
        self.ultimateRoot = ultimateRoot
        self.refs = refs
        self.ancestryRefs = ancestryRefs
        self.chainLook = chainLook
        self.presentedWasPresented = presentedWasPresented
    }
}

/// What the model says a `dismiss` call does.
public struct DismissResolution<Node: PresentationNode> {
    public let receiver: Node
    /// The presenting controller that performs the dismissal; nil when nothing is dismissed.
    public let handledBy: Node?
    /// Controllers removed, top first.
    public let dismissed: [Node]
    /// Whether the message is handled by another controller than its receiver.
    public let forwarded: Bool
    public let outcome: Outcome
    public let diagnostics: [Diagnostic]
    /// The walk that found the answer, as data.
    public let steps: [ExplanationStep]
    /// The walk that found the answer, one sentence per step.
    public var explanation: [String] { steps.map(\.sentence) }
    public let windowID: String?
    /// The root of everything the receiver hangs from (its window's root, or a detached root):
    /// where the chain the dismissal changes starts.
    @usableFromInline let ultimateRoot: Node
    /// The snapshots of ``dismissed`` (in its order) and of ``handledBy``, taken once for the steps
    /// and shared with the event.
    @usableFromInline let refs: (dismissed: [ControllerRef], handledBy: ControllerRef?)
    /// The look at the window's chain the resolver took for its transition check (see
    /// ``PresentResolution``'s).
    @usableFromInline let chainLook: WindowChains.Chain<Node>?

    @inlinable
    init(receiver: Node, handledBy: Node?, dismissed: [Node], forwarded: Bool, outcome: Outcome, diagnostics: [Diagnostic],
         steps: [ExplanationStep], windowID: String?, ultimateRoot: Node, chainLook: WindowChains.Chain<Node>?,
         refs: (dismissed: [ControllerRef], handledBy: ControllerRef?)) {
        self.receiver = receiver; self.handledBy = handledBy; self.dismissed = dismissed; self.forwarded = forwarded
        self.outcome = outcome; self.diagnostics = diagnostics; self.steps = steps; self.windowID = windowID
        self.ultimateRoot = ultimateRoot
        self.chainLook = chainLook
        self.refs = refs
    }
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
        let (style, step) = effectiveStyleStep(requested, sizeClass: sizeClass)
        return (style, step.sentence)
    }

    /// Rule 1, with its explanation step.
    @usableFromInline static func effectiveStyleStep(_ requested: PresentationStyle, sizeClass: SizeClass) -> (PresentationStyle, ExplanationStep) {
        switch requested {
        case .automatic: (.pageSheet, .automaticStyle)
        case .popover where sizeClass == .compact: (.fullScreen, .popoverAdapts)
        default: (requested, .styleAsIs(requested, sheetInCompact: sizeClass == .compact && requested.isSheet))
        }
    }

    /// Rules 1–4 and 10 for `source.present(presented)`.
    @inlinable public static func resolvePresent<N: PresentationNode>(source: N, presented: N, options: ResolverOptions = ResolverOptions()) -> PresentResolution<N> {
        resolvePresent(source: source, presented: presented, refs: (source.ref, presented.ref), options: options, chains: nil)
    }

    /// Rules 1–4 and 10, with the two controllers' snapshots taken already (`refs`), and the hook
    /// handler's window chains when there are: one look at the window's chain then gives its
    /// length and whether a transition runs in it (otherwise: walked, and
    /// ``PresentationNode/isTransitionInProgress`` asked), and is handed back to the handler;
    /// `sourceViewInWindow`, when the caller read it already, answers the window check;
    /// `recentAncestry`, the handler's last ancestry, is shared when the walk meets it again.
    @inlinable static func resolvePresent<N: PresentationNode>(source: N, presented: N, refs: (source: ControllerRef, presented: ControllerRef),
                                                             options: ResolverOptions, chains: WindowChains?,
                                                             sourceViewInWindow: Bool? = nil,
                                                             recentAncestry: RecentAncestry? = nil) -> PresentResolution<N> {
        // Steps are data; sentences are rendered only where a person reads them (issue 10).
        var steps: [ExplanationStep] = []
        steps.reserveCapacity(8)
        let s = refs.source, p = refs.presented
        steps.append(.presentCalled(source: s, presented: p))

        // The style first: the walk up below also looks for the context provider (rule 2) when
        // the style needs one.
        let (style, styleNote) = effectiveStyleStep(presented.modalPresentationStyle, sizeClass: source.horizontalSizeClass)

        // Where the source hangs: one walk up, each ancestor's snapshot taken once (the steps, the
        // context check and the event share them), no array of nodes (only the root and the
        // provider are kept), and the last ancestry's arrays when it is the same.
        let recent = recentAncestry?.last()
        var ancestry = AncestryBuilder(previous: recent?.refs ?? [], tail: recent?.tail)
        ancestry.append(s)
        var root = source
        // Rule 2's context walk, from the source up to the first ancestor that defines a context.
        let looksForContext = style.isContextStyle
        var walk: [ExplanationStep.ContextCheck] = []
        var contextProvider: (node: N, ref: ControllerRef)?
        if looksForContext {
            let defines = source.definesPresentationContext
            walk.append(.init(type: s.type, defines: defines))
            if defines { contextProvider = (source, s) }
            while contextProvider == nil, ancestry.count < 10_000, let up = root.parentWithRef() {
                root = up.node
                ancestry.append(up.ref)
                let defines = up.node.definesPresentationContext
                walk.append(.init(type: up.ref.type, defines: defines))
                if defines { contextProvider = up }
            }
        }
        // The rest of the way (all of it for a style without a context), in the adapter's one walk.
        if let up = root.ancestorRefs(limit: 10_000 - ancestry.count) {
            root = up.root
            ancestry.append(adapterRefs: up.refs)
        } else {
            root = root.walkUp(limit: 10_000 - ancestry.count) { ancestry.append($0) }
        }
        let (ancestryRefs, sameAsRecent) = ancestry.finish()
        let rootRef = ancestryRefs[ancestryRefs.count - 1]
        // A closure, not the key path `\.ref.type`: generic key paths are instantiated at run time.
        let pathTypes = sameAsRecent ? recent!.types : ancestryRefs.count > 1 ? ancestryRefs.map { $0.type } : []
        // Kept when new, or when the adapter answered a new array of the same snapshots (so that
        // the next present shares it without a look at each).
        if !sameAsRecent || (ancestry.tail != nil && !ancestry.tailShared) {
            recentAncestry?.keep(ancestryRefs, types: pathTypes, tail: ancestry.tail)
        }
        // From the root just found, which has no parent: one walk up the containment, not two.
        let rootPresenter = root.presentingNode
        let ultimateRoot = rootPresenter.map { Hierarchy.ultimateRoot(of: $0) } ?? root
        let windowID = ultimateRoot.rootOfWindow
        let detached = windowID == nil
        // The one look at the window's chain, when the transition check or the depth needs it.
        var look: WindowChains.Chain<N>?
        func transitionRuns() -> Bool {
            guard let chains else { return source.isTransitionInProgress }
            let check = chains.transitionCheck(from: ultimateRoot)
            look = check.look
            return check.runs ?? source.isTransitionInProgress
        }
        // Where the root hangs, from the reads above.
        let place: ExplanationStep.RootPlace
        if let rootPresenter {
            place = root.rootOfWindow.map { .windowRoot($0) } ?? .presentedBy(rootPresenter.ref)
        } else {
            place = windowID.map { .windowRoot($0) } ?? .detached
        }
        if ancestryRefs.count > 1 {
            steps.append(.walkedUp(path: pathTypes, root: rootRef, place: place))
        } else {
            steps.append(.ownRoot(s, place: place))
        }

        // Style.
        steps.append(styleNote)

        // Presenting controller and context provider (rule 2).
        var provider = root
        var providerRef = rootRef
        if looksForContext {
            if let contextProvider {
                provider = contextProvider.node
                providerRef = contextProvider.ref
                steps.append(.contextFound(style, walk: walk, provider: providerRef))
            } else {
                steps.append(.contextNotFound(style, walk: walk, root: rootRef))
            }
        } else {
            steps.append(.notContextStyle(style, root: rootRef))
        }
        let presenting = provider
        let presentingRef = providerRef
        if presenting !== source {
            steps.append(.presentingIsNotSource(presenting: presentingRef, source: s))
        } else {
            steps.append(.sourcePresents)
        }

        // Transition style (rule 3).
        let requestedTransition = presented.modalTransitionStyle
        var transition = requestedTransition
        if style.isContextStyle && provider.definesPresentationContext {
            if provider.providesPresentationContextTransitionStyle {
                transition = provider.modalTransitionStyle
                steps.append(.transitionFromProvider(provider: providerRef, transition: transition, requested: requestedTransition))
            } else {
                steps.append(.transitionOwnProviderDeclines(transition, providerType: providerRef.type))
            }
        } else {
            steps.append(.transitionOwn(transition))
        }

        // Checks (rule 4), in order; the first failure rejects.
        var diagnostics: [Diagnostic] = []
        var rejection: Diagnostic?
        let presentedBy = presented.presentingNode
        if let q = presentedBy {
            rejection = .alreadyPresented(p, by: q.ref)
            steps.append(.alreadyPresented(p, by: q.ref))
        } else if presented.parentNode != nil || presented.rootOfWindow != nil {
            rejection = .activeController(p)
            steps.append(presented.parentNode.map { .activeChild(p, parent: $0.ref) } ?? .activeRoot(p, window: presented.rootOfWindow!))
        } else if transitionRuns() {
            rejection = .presentationInProgress(p, on: presentingRef, from: s)
            steps.append(.transitionRunning)
        } else if let q = Hierarchy.presentedController(of: presenting) {
            rejection = .alreadyPresenting(p, on: presentingRef, from: s, current: q.ref)
            let owner = q.presentingNode.flatMap { $0 === presenting ? nil : $0.ref }
            steps.append(.alreadyPresenting(presenting: presentingRef, current: q.ref, inheritedFrom: owner))
        } else if !(sourceViewInWindow ?? source.isViewInWindow) {
            rejection = .notInWindowHierarchy(p, on: presentingRef, from: s)
            steps.append(.notInWindow(source: s))
        } else if style == .popover && !presented.hasPopoverAnchor {
            // Only a real popover (regular width) needs an anchor; in compact width it adapted to fullScreen.
            rejection = .popoverWithoutAnchor(p)
            steps.append(.popoverWithoutAnchor(p))
        } else {
            steps.append(.checksPassed(presentingType: presentingRef.type))
        }
        if detached { diagnostics.append(.detachedPresenter(s)) }
        if look == nil { look = chains?.look(from: ultimateRoot) }
        if let rejection {
            diagnostics.insert(rejection, at: 0)
            steps.append(.nothingChanges)
        } else {
            // `presenting` is an ancestor of the source: same ultimate root.
            let depth = look?.refs.count ?? Hierarchy.chain(from: ultimateRoot).count  // after: +1 - root
            if depth > options.deepChainLimit {
                diagnostics.append(.deepChain(depth: depth, limit: options.deepChainLimit))
            }
        }
        if detached { steps.append(.detachedSource(s)) }

        return PresentResolution(source: source, presented: presented, presenting: presenting, contextProvider: provider,
                                 requestedStyle: presented.modalPresentationStyle, effectiveStyle: style,
                                 requestedTransition: requestedTransition, effectiveTransition: transition,
                                 diagnostics: diagnostics, rejection: rejection, steps: steps,
                                 windowID: windowID, ultimateRoot: ultimateRoot,
                                 refs: (s, p, presentingRef, providerRef), ancestryRefs: ancestryRefs, chainLook: look,
                                 presentedWasPresented: presentedBy != nil)
    }

    /// Rule 7 for `receiver.dismiss(animated:)`.
    @inlinable public static func resolveDismiss<N: PresentationNode>(receiver: N) -> DismissResolution<N> {
        resolveDismiss(receiver: receiver, ref: receiver.ref, chains: nil)
    }

    /// Rule 7, with the receiver's snapshot taken already and the hook handler's window chains
    /// when there are (as for ``resolvePresent(source:presented:refs:options:chains:)``).
    @inlinable static func resolveDismiss<N: PresentationNode>(receiver: N, ref r: ControllerRef,
                                                             chains: WindowChains?) -> DismissResolution<N> {
        var steps: [ExplanationStep] = []
        steps.reserveCapacity(4)  // grown from one element, the array was made three times
        steps.append(.dismissCalled(r))
        // One walk up the containment: the receiver's presentation root, and on the way the
        // controller UIKit answers `presentedViewController` with (rule 5: its own, else its parent's).
        var presentationRoot = receiver
        var presented = receiver.ownPresentedNode
        var levels = 0
        while levels < 10_000, let parent = presentationRoot.parentNode {
            presentationRoot = parent
            if presented == nil { presented = parent.ownPresentedNode }
            levels += 1
        }
        let rootPresenter = presentationRoot.presentingNode
        let windowRoot = rootPresenter.map { Hierarchy.ultimateRoot(of: $0) } ?? presentationRoot
        let window = windowRoot.rootOfWindow
        let check = chains?.transitionCheck(from: windowRoot)
        let look = check?.look
        if check?.runs ?? receiver.isTransitionInProgress {
            steps.append(.dismissDuringTransition)
            return DismissResolution(receiver: receiver, handledBy: nil, dismissed: [], forwarded: false, outcome: .rejected,
                                     diagnostics: [.dismissDuringTransition(r)], steps: steps, windowID: window, ultimateRoot: windowRoot, chainLook: look, refs: ([], nil))
        }
        if let p = presented, let handler = p.presentingNode {
            let set = Hierarchy.dismissalSet(startingAt: p)
            let setRefs = Hierarchy.refs(set)
            // `set` starts at `p`'s chain: its last element is `p` itself.
            let presentedRef = setRefs.last ?? p.ref
            let handlerRef: ControllerRef
            if handler === receiver {
                handlerRef = r
                steps.append(.dismissesOwn(receiver: r, presented: presentedRef))
            } else {
                handlerRef = handler.ref
                steps.append(.dismissInherited(receiver: r, presented: presentedRef, handler: handlerRef))
            }
            steps.append(.removed(setRefs))
            return DismissResolution(receiver: receiver, handledBy: handler, dismissed: set, forwarded: handler !== receiver,
                                     outcome: .dismissed, diagnostics: [], steps: steps, windowID: window, ultimateRoot: windowRoot, chainLook: look,
                                     refs: (setRefs, handlerRef))
        }
        let root = presentationRoot
        if let handler = rootPresenter {
            let set = Hierarchy.dismissalSet(startingAt: root)
            let setRefs = Hierarchy.refs(set, reusing: r, of: receiver)
            let rootRef = root === receiver ? r : setRefs.last ?? root.ref
            let handlerRef = handler.ref
            steps.append(.forwarded(receiver: r, root: root === receiver ? nil : rootRef, handler: handlerRef, dismissedRoot: rootRef))
            steps.append(.removed(setRefs))
            return DismissResolution(receiver: receiver, handledBy: handler, dismissed: set, forwarded: true,
                                     outcome: .dismissed, diagnostics: [], steps: steps, windowID: window, ultimateRoot: windowRoot, chainLook: look,
                                     refs: (setRefs, handlerRef))
        }
        steps.append(.nothingToDismiss(r))
        return DismissResolution(receiver: receiver, handledBy: nil, dismissed: [], forwarded: false, outcome: .noOp,
                                 diagnostics: [.nothingToDismiss(r)], steps: steps, windowID: window, ultimateRoot: windowRoot, chainLook: look, refs: ([], nil))
    }

    /// Rule 8: a sheet swiped down, completed or cancelled by the user.
    @inlinable public static func resolveInteractiveDismiss<N: PresentationNode>(sheet: N, completes: Bool) -> DismissResolution<N> {
        let r = sheet.ref
        var steps: [ExplanationStep] = [.swipedDown(r)]
        let windowRoot = Hierarchy.ultimateRoot(of: sheet)
        let window = windowRoot.rootOfWindow
        if sheet.isModalInPresentation {
            steps.append(.swipeBlocked(type: r.type))
            return DismissResolution(receiver: sheet, handledBy: nil, dismissed: [], forwarded: false, outcome: .blocked,
                                     diagnostics: [], steps: steps, windowID: window, ultimateRoot: windowRoot, chainLook: nil, refs: ([], nil))
        }
        guard completes else {
            steps.append(.swipeCancelled)
            return DismissResolution(receiver: sheet, handledBy: nil, dismissed: [], forwarded: false, outcome: .cancelled,
                                     diagnostics: [], steps: steps, windowID: window, ultimateRoot: windowRoot, chainLook: nil, refs: ([], nil))
        }
        let set = Hierarchy.dismissalSet(startingAt: sheet)
        let setRefs = Hierarchy.refs(set)
        let presenter = sheet.presentingNode
        let presenterRef = presenter?.ref
        steps.append(.swipeCompletes(presenter: presenterRef, removed: setRefs))
        return DismissResolution(receiver: sheet, handledBy: presenter, dismissed: set, forwarded: false,
                                 outcome: .completed, diagnostics: [], steps: steps, windowID: window, ultimateRoot: windowRoot, chainLook: nil,
                                 refs: (setRefs, presenterRef))
    }
}
