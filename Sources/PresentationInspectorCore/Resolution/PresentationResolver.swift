/// What the model says a `present` call does, before it runs.
@_spi(Package) public struct PresentResolution<Node: PresentationNode> {
    @_spi(Package) public let source: Node
    @_spi(Package) public let presented: Node
    /// The controller that becomes `presentingViewController` (nil only for a detached source).
    @_spi(Package) public let presenting: Node
    /// The controller whose area the presentation covers.
    @_spi(Package) public let contextProvider: Node
    @_spi(Package) public let requestedStyle: PresentationStyle
    @_spi(Package) public let effectiveStyle: PresentationStyle
    @_spi(Package) public let requestedTransition: TransitionStyle
    @_spi(Package) public let effectiveTransition: TransitionStyle
    /// Every finding, the rejecting one (if any) first among the checks.
    @_spi(Package) public let diagnostics: [Diagnostic]
    /// The check that rejects the presentation, if any (nothing changes).
    @_spi(Package) public let rejection: Diagnostic?
    /// The walk that found the answer, as data.
    @_spi(Package) public let steps: [ExplanationStep]
    /// The walk that found the answer, one sentence per step.
    @_spi(Package) public var explanation: [String] { steps.map(\.sentence) }
    /// The window the source belongs to.
    @_spi(Package) public let windowID: String?
    /// The source's ancestors through `parent`, starting with itself: the walk of rule 2. Walked
    /// again when asked (the resolver keeps only their snapshots, for the event): it describes the
    /// hierarchy as it is at that moment.
    @_spi(Package) public var ancestry: [Node] { Hierarchy.ancestry(of: source) }
    /// The root of the source's window (or of its detached presentation tree): where the chain
    /// the present changes starts.
    let ultimateRoot: Node
    /// The snapshots of `source`, `presented`, `presenting` and `contextProvider`, taken once
    /// (on a device each snapshot takes locks and reads the title).
    let refs: (source: ControllerRef, presented: ControllerRef, presenting: ControllerRef, contextProvider: ControllerRef)
    /// The snapshots of the source's ancestors through `parent`, starting with its own: the walk
    /// of rule 2, taken once as well.
    let ancestryRefs: [ControllerRef]
    /// Whether the presented controller had a presenter when the resolver asked (its first check).
    let presentedWasPresented: Bool
    /// What the resolver read of the hierarchy whatever the size class: a second answer in the
    /// other size class (``OtherSizeClass``) or iOS version (``OtherIOSVersion``) decides over the same reads.
    let reads: PresentReads<Node>
    /// The iOS version whose rules decided (``UIKitVersions/rulesVersion(for:)``).
    @_spi(Package) public let rulesVersion: SystemVersion
    /// Whether the model predicts ``effectiveStyle``: false for a system controller whose style
    /// Apple does not document (DESIGN "System controllers"), which is recorded as observed only
    /// (an observed style never drifts from it).
    public internal(set) var styleIsPredicted = true
    /// Whether the presented controller is a popover here whose anchor could not be read before
    /// the call (``PopoverReading``): the anchor check waits for the read after it.
    var popoverAnchorUnknown = false
    /// What another iOS version's answer is decided over (``OtherIOSVersion``), as plain values.
    var versionInputs: OtherIOSVersion.Inputs?

    init(source: Node, presented: Node, presenting: Node, contextProvider: Node, requestedStyle: PresentationStyle,
         effectiveStyle: PresentationStyle, requestedTransition: TransitionStyle, effectiveTransition: TransitionStyle,
         diagnostics: [Diagnostic], rejection: Diagnostic?, steps: [ExplanationStep], windowID: String?,
         ultimateRoot: Node, refs: (source: ControllerRef, presented: ControllerRef, presenting: ControllerRef, contextProvider: ControllerRef),
         ancestryRefs: [ControllerRef], presentedWasPresented: Bool, reads: PresentReads<Node>, rulesVersion: SystemVersion) {
        self.source = source; self.presented = presented; self.presenting = presenting; self.contextProvider = contextProvider
        self.requestedStyle = requestedStyle; self.effectiveStyle = effectiveStyle
        self.requestedTransition = requestedTransition; self.effectiveTransition = effectiveTransition
        self.diagnostics = diagnostics; self.rejection = rejection; self.steps = steps; self.windowID = windowID
        self.ultimateRoot = ultimateRoot
        self.refs = refs
        self.ancestryRefs = ancestryRefs
        self.presentedWasPresented = presentedWasPresented
        self.reads = reads
        self.rulesVersion = rulesVersion
    }
}

/// What the model says a `dismiss` call does.
@_spi(Package) public struct DismissResolution<Node: PresentationNode> {
    @_spi(Package) public let receiver: Node
    /// The presenting controller that performs the dismissal, or that refuses it while a transition
    /// runs; nil when there is none.
    @_spi(Package) public let handledBy: Node?
    /// Controllers removed, top first.
    @_spi(Package) public let dismissed: [Node]
    /// Whether the message is handled by another controller than its receiver.
    @_spi(Package) public let forwarded: Bool
    @_spi(Package) public let outcome: Outcome
    @_spi(Package) public let diagnostics: [Diagnostic]
    /// The walk that found the answer, as data.
    @_spi(Package) public let steps: [ExplanationStep]
    /// The walk that found the answer, one sentence per step.
    @_spi(Package) public var explanation: [String] { steps.map(\.sentence) }
    @_spi(Package) public let windowID: String?
    /// The root of everything the receiver hangs from (its window's root, or a detached root):
    /// where the chain the dismissal changes starts.
    let ultimateRoot: Node
    /// The chain that starts at ``ultimateRoot``, as the resolver read it before the call: the
    /// chain an event of this instant names.
    let windowChain: [Node]
    /// The snapshots of ``dismissed`` (in its order) and of ``handledBy``, taken once for the steps
    /// and shared with the event.
    let refs: (dismissed: [ControllerRef], handledBy: ControllerRef?)

    init(receiver: Node, handledBy: Node?, dismissed: [Node], forwarded: Bool, outcome: Outcome, diagnostics: [Diagnostic],
         steps: [ExplanationStep], windowID: String?, ultimateRoot: Node, windowChain: [Node],
         refs: (dismissed: [ControllerRef], handledBy: ControllerRef?)) {
        self.receiver = receiver; self.handledBy = handledBy; self.dismissed = dismissed; self.forwarded = forwarded
        self.outcome = outcome; self.diagnostics = diagnostics; self.steps = steps; self.windowID = windowID
        self.ultimateRoot = ultimateRoot
        self.windowChain = windowChain
        self.refs = refs
    }
}

/// Options of the model that are a matter of taste rather than UIKit's rules.
public struct ResolverOptions: Sendable {
    /// `deep-chain` is reported when a present makes more presented controllers than this in one window.
    public var deepChainLimit: Int
    /// The size class to resolve in, as rule 1 reads it (`PresentReads.sizeClass`), instead of the
    /// one UIKit presents in (nil: that one, as UIKit does): how `OtherSizeClass` asks what the
    /// other kind of device would do.
    var sizeClass: SizeClass?
    /// The iOS version whose rules to resolve by (``UIKitVersions``), instead of the one the app
    /// runs on (nil: the app's, as UIKit does): how `OtherIOSVersion` asks what another version
    /// would do.
    var systemVersion: SystemVersion?

    /// Options with the given deep-chain limit (3 by default).
    public init(deepChainLimit: Int = 3) { self.deepChainLimit = deepChainLimit }
}

/// What rule 10 finds of a popover's anchor before the call.
enum PopoverAnchorCheck {
    case anchored, missing, setByDelegate, unknown

    /// The anchor of `presented`, a popover where it is shown, read once.
    init<N: PresentationNode>(_ presented: N) {
        switch presented.popoverAnchor {
        case .anchored: self = .anchored
        case .missing: self = presented.popoverAnchorIsSetByDelegate ? .setByDelegate : .missing
        case .unknown: self = .unknown
        }
    }
}

/// DESIGN's presentation rules as pure functions over ``PresentationNode``s.
@_spi(Package) public enum PresentationResolver {
    /// Rule 1: the style UIKit uses for a requested style in an environment, by the rules of
    /// `version` (nil: the newest modelled).
    @_spi(Package) public static func effectiveStyle(_ requested: PresentationStyle, sizeClass: SizeClass,
                                                     version: SystemVersion? = nil) -> (PresentationStyle, String) {
        let (style, step) = effectiveStyleStep(requested, sizeClass: sizeClass, version: UIKitVersions.rulesVersion(for: version))
        return (style, step.sentence)
    }

    /// Rule 1 by the rules of `version` (``UIKitVersions``), with its explanation step.
    static func effectiveStyleStep(_ requested: PresentationStyle, sizeClass: SizeClass,
                                   version: SystemVersion) -> (PresentationStyle, ExplanationStep) {
        switch requested {
        case .automatic:
            let style = UIKitVersions.automaticStyle.value(at: version) ?? .pageSheet
            return (style, .automaticStyle(style, rules: version))
        case .popover where sizeClass == .compact:
            return (UIKitVersions.popoverInCompact.value(at: version) ?? .formSheet, .popoverAdapts)
        default:
            return (requested, .styleAsIs(requested, sheetInCompact: sizeClass == .compact && requested.isSheet))
        }
    }

    /// Rules 1–4 and 10 for `source.present(presented)`, read from the hierarchy as it is now.
    @_spi(Package) public static func resolvePresent<N: PresentationNode>(source: N, presented: N, options: ResolverOptions = ResolverOptions()) -> PresentResolution<N> {
        resolvePresent(PresentReads(source: source, presented: presented), options: options)
    }

    /// Rules 1–4 and 10 over what was read of the hierarchy (`reads`) and, for the rest, the
    /// hierarchy as it is now: the size class (`options`) decides the style, and the style which
    /// ancestor presents.
    static func resolvePresent<N: PresentationNode>(_ reads: PresentReads<N>, options: ResolverOptions) -> PresentResolution<N> {
        let source = reads.source, presented = reads.presented
        let s = reads.sourceRef, p = reads.presentedRef
        var steps: [ExplanationStep] = [.presentCalled(source: s, presented: p)]

        // Where the source hangs: its ancestors through `parent`, itself first.
        let ancestry = reads.ancestry
        let ancestryRefs = reads.ancestryRefs
        let root = ancestry[ancestry.count - 1]
        let rootRef = ancestryRefs[ancestryRefs.count - 1]
        let rootPresenter = reads.rootPresenter
        let ultimateRoot = reads.ultimateRoot
        let windowID = reads.windowID
        let detached = windowID == nil
        let place: ExplanationStep.RootPlace
        if let rootPresenter {
            place = root.rootOfWindow.map { .windowRoot($0) } ?? .presentedBy(rootPresenter.ref)
        } else {
            place = windowID.map { .windowRoot($0) } ?? .detached
        }
        if ancestry.count > 1 {
            steps.append(.walkedUp(path: ancestryRefs.map { $0.type }, root: rootRef, place: place))
        } else {
            steps.append(.ownRoot(s, place: place))
        }

        // Style (rule 1), by the rules of the iOS version the app runs on.
        let sizeClass = options.sizeClass ?? reads.sizeClass
        if options.sizeClass == nil, let own = reads.sourceSizeClass {
            steps.append(.text("\(s.label) reports a \(own.rawValue) size class, but UIKit presents from \(rootRef.label), whose traits the presentation takes (\(sizeClass.rawValue)): traits flow from the window through presentation controllers to view controllers, not from a container's child (Apple, Traits and the trait environment)."))
        }
        let version = options.systemVersion ?? UIKitVersions.rulesVersion(for: reads.systemVersion)
        let inputs = StyleInputs(presented)
        var (style, styleNote, styleIsPredicted) = SystemControllerRules.effectiveStyle(inputs, sizeClass: sizeClass, version: version)
        steps.append(styleNote)
        if options.sizeClass == nil, styleIsPredicted, !style.isPredicted(inCompactHeight: reads.heightIsCompact) {
            styleIsPredicted = false
            steps.append(.text("In a compact height a sheet \"defaults to a full screen appearance\" (Apple, UISheetPresentationController.prefersEdgeAttachedInCompactHeight): the model keeps it a sheet, and the style UIKit reports is recorded as observed only."))
        }

        // Presenting controller and context provider (rule 2): for the context styles, the first
        // controller from the source up that defines a context; otherwise the presentation root.
        var provider = root
        var providerRef = rootRef
        var providerIndex = ancestry.count - 1
        if style.isContextStyle {
            var walk: [ExplanationStep.ContextCheck] = []
            var found: Int?
            for (i, node) in ancestry.enumerated() {
                let defines = node.definesPresentationContext
                walk.append(.init(type: ancestryRefs[i].type, defines: defines))
                if defines { found = i; break }
            }
            if let found {
                provider = ancestry[found]
                providerRef = ancestryRefs[found]
                providerIndex = found
                steps.append(.contextFound(style, walk: walk, provider: providerRef))
            } else {
                steps.append(.contextNotFound(style, walk: walk, root: rootRef))
            }
        } else {
            steps.append(.notContextStyle(style, root: rootRef))
        }
        let presenting = provider
        let presentingRef = providerRef
        steps.append(presenting !== source ? .presentingIsNotSource(presenting: presentingRef, source: s) : .sourcePresents)

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
        // From iOS 18 a preferred transition (zoom) replaces the style's (``UIKitVersions/preferredTransition``).
        let transitionWithoutPreferred = transition
        if let preferred = inputs.preferredTransition, UIKitVersions.preferredTransition.value(at: version) == true {
            steps.append(.preferredTransition(preferred, replaces: transition))
            transition = preferred
        }

        // Checks (rule 4), in the order real console output shows (DESIGN rule 4, the console
        // corpus); the first failure rejects.
        var diagnostics: [Diagnostic] = []
        var rejection: Diagnostic?
        var anchorUnknown = false
        // A sheet above the presenting controller that leaves it within reach (DESIGN "Sheets").
        var undimmed: UndimmedSheet?
        let presentedBy = reads.presentedBy
        let presentingIsLeaving = reads.rootIsLeaving && reads.ancestryInWindow[providerIndex]
        if let q = presentedBy {
            rejection = .alreadyPresented(p, by: q.ref)
            steps.append(.alreadyPresented(p, by: q.ref))
        } else if let parent = reads.presentedParent {
            rejection = .activeController(p)
            steps.append(.activeChild(p, parent: parent.ref))
        } else if let window = reads.presentedWindow {
            rejection = .activeController(p)
            steps.append(.activeRoot(p, window: window))
        } else if !reads.ancestryInWindow[providerIndex] || presentingIsLeaving {
            // UIKit's "whose view" is the presenting controller's: covered by a completed full-screen
            // presentation, not shown yet, or being dismissed; found before already-presenting.
            rejection = .notInWindowHierarchy(p, on: presentingRef, from: s)
            steps.append(.presentingNotInWindow(presentingRef, leaving: presentingIsLeaving))
        } else if reads.presentationRuns {
            rejection = .presentationInProgress(p, on: presentingRef, from: s)
            steps.append(.transitionRunning)
        } else {
            if reads.dismissalRuns { steps.append(.dismissalNotCounted) }
            if let q = Hierarchy.presentedController(of: presenting) {
                rejection = .alreadyPresenting(p, on: presentingRef, from: s, current: q.ref)
                let owner = q.presentingNode.flatMap { $0 === presenting ? nil : $0.ref }
                steps.append(.alreadyPresenting(presenting: presentingRef, current: q.ref, inheritedFrom: owner))
                undimmed = SheetRules.undimmedSheet(current: q)
                if let undimmed { steps.append(undimmed.step(presenting: presentingRef)) }
            } else if !reads.sourceIsInWindow {
                rejection = .notInWindowHierarchy(p, on: presentingRef, from: s)
                steps.append(.notInWindow(source: s))
            } else {
                // Only a real popover (regular width) needs an anchor; in compact width it adapted (rule 1,
                // and DESIGN "System controllers" for action sheets and share sheets), unless its delegate
                // chooses the adaptation and may keep it a popover.
                switch SystemControllerRules.needsAnchor(presented, style: style) ? PopoverAnchorCheck(presented) : .anchored {
                case .anchored:
                    break
                case .missing:
                    let popoverController = SystemControllerRules.popoverPresentationController(of: presented, p)
                    rejection = SystemControllerRules.popoverWithoutAnchor(presented, p, popoverController: popoverController, presenting: presentingRef)
                    steps.append(.popoverWithoutAnchor(p, popoverController: popoverController))
                case .setByDelegate:
                    steps.append(.text("The popover's delegate implements prepareForPopoverPresentation(_:), where apps set the anchor: whether it has one is known only once UIKit has asked it."))
                case .unknown:
                    anchorUnknown = true
                    steps.append(.text("Whether \(p.label) has an anchor cannot be read before UIKit presents it: it has no popover presentation controller yet, and reading one would create it (DESIGN \"Observation first\")."))
                }
                if rejection == nil { steps.append(.checksPassed(presentingType: presentingRef.type)) }
            }
        }
        if var alertRejection = rejection, presented.systemController == .alertController {
            // The top of the chain once a running dismissal ends: what stays on screen.
            var top = detached ? nil : reads.windowChain.last
            if !detached, reads.dismissalRuns, let i = reads.windowChain.firstIndex(where: { $0.isBeingDismissed }), i > 0 {
                top = reads.windowChain[i - 1]
            }
            alertRejection.fix = SystemControllerRules.alertFix(for: alertRejection, alert: p, source: s,
                                                                 current: Hierarchy.presentedController(of: presenting),
                                                                 top: top?.ref, presentingIsLeaving: presentingIsLeaving)
            rejection = alertRejection
        }
        if detached { diagnostics.append(.detachedPresenter(s)) }
        if let rejection {
            // The event tells the undimmed sheet's story; `rejection` keeps UIKit's words (its console line).
            diagnostics.insert(undimmed.map { $0.telling(rejection, source: s) } ?? rejection, at: 0)
            steps.append(.nothingChanges)
        } else {
            // The presented controller's level: one above the presenting controller's (a
            // presentation in another branch of the window makes this one no deeper).
            let depth = Hierarchy.presentationLevel(of: presenting) + 1
            if depth > options.deepChainLimit {
                diagnostics.append(.deepChain(depth: depth, limit: options.deepChainLimit))
            }
        }
        if detached { steps.append(.detachedSource(s)) }

        var resolution = PresentResolution(source: source, presented: presented, presenting: presenting, contextProvider: provider,
                                           requestedStyle: presented.modalPresentationStyle, effectiveStyle: style,
                                           requestedTransition: requestedTransition, effectiveTransition: transition,
                                           diagnostics: diagnostics, rejection: rejection, steps: steps,
                                           windowID: windowID, ultimateRoot: ultimateRoot,
                                           refs: (s, p, presentingRef, providerRef), ancestryRefs: ancestryRefs,
                                           presentedWasPresented: presentedBy != nil, reads: reads, rulesVersion: version)
        resolution.versionInputs = OtherIOSVersion.Inputs(style: inputs, sizeClass: sizeClass, transitionWithoutPreferred: transitionWithoutPreferred,
                                                          effectiveStyle: style, effectiveTransition: transition, rulesVersion: version,
                                                          styleIsPredicted: styleIsPredicted)
        resolution.styleIsPredicted = styleIsPredicted
        resolution.popoverAnchorUnknown = anchorUnknown
        return resolution
    }

    /// Rule 7 for `receiver.dismiss(animated:)`, read from the hierarchy as it is now.
    @_spi(Package) public static func resolveDismiss<N: PresentationNode>(receiver: N) -> DismissResolution<N> {
        let r = receiver.ref
        var steps: [ExplanationStep] = [.dismissCalled(r)]
        let presentationRoot = Hierarchy.presentationRoot(of: receiver)
        let rootPresenter = presentationRoot.presentingNode
        let windowRoot = rootPresenter.map { Hierarchy.ultimateRoot(of: $0) } ?? presentationRoot
        let window = windowRoot.rootOfWindow
        // One walk of the window: whether a transition runs, and the chain the event names.
        let windowChain = Hierarchy.chain(from: windowRoot)
        func result(handledBy: N?, dismissed: [N], forwarded: Bool, outcome: Outcome, diagnostics: [Diagnostic],
                    refs: (dismissed: [ControllerRef], handledBy: ControllerRef?)) -> DismissResolution<N> {
            DismissResolution(receiver: receiver, handledBy: handledBy, dismissed: dismissed, forwarded: forwarded, outcome: outcome,
                              diagnostics: diagnostics, steps: steps, windowID: window, ultimateRoot: windowRoot,
                              windowChain: windowChain, refs: refs)
        }
        // The receiver's `presentedViewController` (rule 5): its own, else an ancestor's.
        let presented = Hierarchy.presentedController(of: receiver)
        if Hierarchy.transitionRuns(in: windowChain) {
            // UIKit hands the message on first (below): the controller it reaches refuses it, and
            // its message names that controller (DESIGN rule 7). With nothing to hand it to, the receiver.
            let handler: N?
            if let presented { handler = presented.presentingNode } else { handler = rootPresenter }
            let handlerRef = handler?.ref
            steps.append(.dismissDuringTransition(receiver: r, handler: handler === receiver ? nil : handlerRef))
            return result(handledBy: handler, dismissed: [], forwarded: handler.map { $0 !== receiver } ?? false, outcome: .rejected,
                          diagnostics: [.dismissDuringTransition(handlerRef ?? r)], refs: ([], handlerRef))
        }
        if let p = presented, let handler = p.presentingNode {
            let set = Hierarchy.dismissalSet(startingAt: p)
            let setRefs = Hierarchy.refs(set)
            let presentedRef = p.ref
            let handlerRef = handler.ref
            if handler === receiver {
                steps.append(.dismissesOwn(receiver: r, presented: presentedRef))
            } else {
                steps.append(.dismissInherited(receiver: r, presented: presentedRef, handler: handlerRef))
            }
            steps.append(.removed(setRefs))
            return result(handledBy: handler, dismissed: set, forwarded: handler !== receiver, outcome: .dismissed,
                          diagnostics: [], refs: (setRefs, handlerRef))
        }
        // Nothing presented from here: UIKit forwards the message to the presenter of the
        // receiver's presentation root.
        if let handler = rootPresenter {
            let set = Hierarchy.dismissalSet(startingAt: presentationRoot)
            let setRefs = Hierarchy.refs(set)
            let rootRef = presentationRoot.ref
            let handlerRef = handler.ref
            steps.append(.forwarded(receiver: r, root: presentationRoot === receiver ? nil : rootRef, handler: handlerRef, dismissedRoot: rootRef))
            steps.append(.removed(setRefs))
            return result(handledBy: handler, dismissed: set, forwarded: true, outcome: .dismissed,
                          diagnostics: [], refs: (setRefs, handlerRef))
        }
        steps.append(.nothingToDismiss(r))
        return result(handledBy: nil, dismissed: [], forwarded: false, outcome: .noOp,
                      diagnostics: [.nothingToDismiss(r)], refs: ([], nil))
    }

    /// Rule 8: a sheet swiped down, completed or cancelled by the user.
    @_spi(Package) public static func resolveInteractiveDismiss<N: PresentationNode>(sheet: N, completes: Bool) -> DismissResolution<N> {
        let r = sheet.ref
        var steps: [ExplanationStep] = [.swipedDown(r)]
        let windowRoot = Hierarchy.ultimateRoot(of: sheet)
        let window = windowRoot.rootOfWindow
        let windowChain = Hierarchy.chain(from: windowRoot)
        if sheet.isModalInPresentation {
            steps.append(.swipeBlocked(type: r.type))
            return DismissResolution(receiver: sheet, handledBy: nil, dismissed: [], forwarded: false, outcome: .blocked,
                                     diagnostics: [], steps: steps, windowID: window, ultimateRoot: windowRoot, windowChain: windowChain, refs: ([], nil))
        }
        guard completes else {
            steps.append(.swipeCancelled)
            return DismissResolution(receiver: sheet, handledBy: nil, dismissed: [], forwarded: false, outcome: .cancelled,
                                     diagnostics: [], steps: steps, windowID: window, ultimateRoot: windowRoot, windowChain: windowChain, refs: ([], nil))
        }
        let set = Hierarchy.dismissalSet(startingAt: sheet)
        let setRefs = Hierarchy.refs(set)
        let presenter = sheet.presentingNode
        let presenterRef = presenter?.ref
        steps.append(.swipeCompletes(presenter: presenterRef, removed: setRefs))
        return DismissResolution(receiver: sheet, handledBy: presenter, dismissed: set, forwarded: false,
                                 outcome: .completed, diagnostics: [], steps: steps, windowID: window, ultimateRoot: windowRoot,
                                 windowChain: windowChain, refs: (setRefs, presenterRef))
    }
}
