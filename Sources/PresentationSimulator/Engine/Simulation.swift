@_spi(Package) import PresentationInspectorCore

/// A simulated window.
public final class SimWindow {
    public let id: String
    public let root: SimController
    /// `windowLevel`.
    public var level: Double
    /// Whether it is the key window.
    public var isKey: Bool
    let environment: Scenario.Environment

    init(id: String, root: SimController, level: Double, isKey: Bool, environment: Scenario.Environment) {
        self.id = id; self.root = root; self.level = level; self.isKey = isKey; self.environment = environment
    }
}

/// A message UIKit would print to the console, with the virtual time it was printed at.
public struct ConsoleLine: Sendable, Equatable {
    public var time: Double
    public var text: String
}

/// A misuse of the simulator that UIKit would not accept either (pushing onto a non-navigation
/// controller, swiping a controller that is no sheet…).
public struct SimulationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var key: String?
    public var message: String
    public var description: String { message }
}

/// DESIGN's presentation model as an engine: windows, controllers, containers, a virtual
/// clock, and present/dismiss calls routed through the same `PresentationHooksHandler`
/// that UIKit's swizzled methods call.
public final class Simulation {
    /// Length of an animated present or dismiss transition, in virtual seconds.
    public static let transitionDuration = 0.35

    public let clock: VirtualClock
    @_spi(Package) public let handler: PresentationHooksHandler
    @_spi(Package) public var recorder: Recorder { handler.recorder }
    /// What the simulation recorded so far, oldest first.
    public var events: [Event] { handler.recorder.events }
    /// Messages UIKit would have printed.
    public private(set) var console: [ConsoleLine] = []
    /// The windows, in the order they were made.
    public private(set) var windows: [SimWindow] = []

    private var strong: [String: SimController] = [:]
    private var weak: [String: WeakController] = [:]
    /// References held by "something else" for controllers declared with `leaks`.
    private var leakedOwners: [SimController] = []
    /// The current step's `observed` answers: UIKit's original methods follow them over the model.
    var observationOverride: ResolvedObservation?
    /// Moves on whenever a controller's facts (``ControllerFacts``: containment, properties,
    /// windows) may have changed; facts noted in the current generation are not read again.
    var factsGeneration = 0

    /// Says that some controller's facts may have changed.
    func factsDidChange() { factsGeneration &+= 1 }

    private struct WeakController { weak var controller: SimController? }

    /// Creates an engine with a recorder of its own and the default configuration.
    public convenience init() {
        self.init(recorder: Recorder(), configuration: HandlerConfiguration())
    }

    /// Creates an engine that records into `recorder`.
    @_spi(Package) public init(recorder: Recorder = Recorder(), configuration: HandlerConfiguration = HandlerConfiguration()) {
        clock = VirtualClock()
        handler = PresentationHooksHandler(recorder: recorder, scheduler: clock, configuration: configuration)
    }

    deinit {
        // Pending timers hold closures that capture the clock and the recorder (leak checks);
        // a run that stops early would otherwise leave that cycle alive.
        clock.cancelAll()
    }

    // MARK: Controllers and windows

    /// The controller with this id, if it is still alive.
    public func controller(_ id: String) -> SimController? { strong[id] ?? weak[id]?.controller }

    /// Adds a controller that the simulation keeps alive until ``release(_:)``.
    public func add(_ c: SimController, environment: Scenario.Environment = Scenario.Environment()) throws(SimulationError) {
        guard controller(c.id) == nil else { throw SimulationError(key: "id", message: "duplicate controller id \"\(c.id)\"") }
        c.simulation = self
        c.sizeClass = environment.horizontalSizeClass
        c.verticalSizeClassValue = environment.verticalSizeClass
        c.version = environment.systemVersion
        factsDidChange()
        strong[c.id] = c
        weak[c.id] = WeakController(controller: c)
    }

    /// Adds a window whose root is `root`.
    @discardableResult
    public func addWindow(id: String, root: SimController, level: Double = 0, isKey: Bool = false,
                          environment: Scenario.Environment = Scenario.Environment()) throws(SimulationError) -> SimWindow {
        guard !windows.contains(where: { $0.id == id }) else { throw SimulationError(key: "id", message: "duplicate window id \"\(id)\"") }
        guard root.parent == nil, root.presenting == nil, root.windowID == nil else {
            throw SimulationError(key: "root", message: "\(root.id) is already in a hierarchy and cannot be a window's root")
        }
        if isKey { windows.forEach { $0.isKey = false } }
        let w = SimWindow(id: id, root: root, level: level, isKey: isKey, environment: environment)
        root.windowID = id
        factsDidChange()
        windows.append(w)
        return w
    }

    /// Drops the simulation's own reference to a controller; it lives on only while the
    /// hierarchy (or a simulated leak) retains it.
    public func release(_ id: String) {
        strong[id]?.releasedByScenario = true
        strong[id] = nil
    }

    func window(for c: SimController) -> SimWindow? {
        guard let id = Hierarchy.windowID(of: c) else { return nil }
        return windows.first { $0.id == id }
    }

    /// Loads a scenario's environment, controllers and windows (steps are not run).
    public func load(_ scenario: Scenario) throws(SimulationError) {
        handler.chooseOtherSizeClassCheck(scenario.checksOtherSizeClass)
        handler.chooseOtherIOSVersions(Self.otherIOSVersions(of: scenario))
        for spec in scenario.controllers {
            let c = SimController(id: spec.id, type: spec.type, title: spec.title, container: spec.container)
            if let v = spec.modalPresentationStyle { c.modalPresentationStyle = v }
            if let v = spec.modalTransitionStyle { c.modalTransitionStyle = v }
            c.preferredTransition = spec.preferredTransition
            if let v = spec.definesPresentationContext { c.definesPresentationContext = v }
            if let v = spec.providesPresentationContextTransitionStyle { c.providesPresentationContextTransitionStyle = v }
            if let v = spec.isModalInPresentation { c.isModalInPresentation = v }
            if let v = spec.popoverAnchor { c.popoverAnchor = v }
            if let v = spec.systemController { c.systemController = v }
            c.preferredStyle = spec.preferredStyle
            if let v = spec.detents { c.detents = v }
            c.selectedDetent = spec.selectedDetent
            c.largestUndimmedDetent = spec.largestUndimmedDetent
            if let v = spec.prefersGrabberVisible { c.prefersGrabberVisible = v }
            if let v = spec.prefersEdgeAttachedInCompactHeight { c.prefersEdgeAttachedInCompactHeight = v }
            c.prefersPageSizing = spec.prefersPageSizing
            try add(c, environment: scenario.environment)
            if spec.leaks { leakedOwners.append(c) }
        }
        for spec in scenario.controllers {
            let parent = try declared(spec.id, key: "id")
            for childID in spec.children {
                try addChild(try declared(childID, key: "children"), to: parent)
            }
            parent.selectedIndex = spec.selected
            factsDidChange()
        }
        for w in scenario.windows {
            try addWindow(id: w.id, root: try declared(w.root, key: "root"), level: w.level, isKey: w.key, environment: scenario.environment)
        }
    }

    /// The iOS versions a scenario's `options` compare (`other-ios-version`): nil, the handler's
    /// configuration; `.some(nil)`, none; else its `minimumIOS` (or the package's) to the newest modelled.
    static func otherIOSVersions(of scenario: Scenario) -> ClosedRange<SystemVersion>?? {
        if scenario.checksOtherIOSVersions == false { return .some(nil) }
        guard scenario.checksOtherIOSVersions == true || scenario.minimumIOS != nil else { return nil }
        return UIKitVersions.rulesVersion(for: scenario.minimumIOS ?? UIKitVersions.oldestSupported)...UIKitVersions.newestModelled
    }

    /// The controller a scenario's declaration names (the parser checks every name; a scenario
    /// built in code may name one it does not declare).
    private func declared(_ id: String, key: String) throws(SimulationError) -> SimController {
        guard let c = controller(id) else { throw SimulationError(key: key, message: "controller \"\(id)\" is not declared") }
        return c
    }

    // MARK: Transitions

    /// Whether a present or dismiss transition is running where `c` hangs: the root of its window
    /// (or of its detached tree) or one of that root's presented controllers is being presented or
    /// dismissed (rule 4), read over the chain as the resolver reads it.
    public func isTransitionInProgress(for c: SimController) -> Bool {
        Hierarchy.transitionRuns(in: Hierarchy.chain(from: Hierarchy.ultimateRoot(of: c)))
    }

    /// Ends a transition: at once when it is not animated or has no window, after
    /// ``transitionDuration`` otherwise. The controllers it moves say that it runs
    /// (``SimController/isBeingPresentedOrDismissed``) until `finish` settles them.
    func runTransition(in window: String?, animated: Bool, finish: @escaping () -> Void) {
        guard animated, window != nil else { finish(); return }
        clock.scheduleLocal(after: Self.transitionDuration) { finish() }
    }

    func log(_ text: String) { console.append(ConsoleLine(time: clock.now, text: text)) }

    /// The windows' presentation chains, for display and the debugger entry points.
    public func windowChains() -> [WindowChain] {
        windows.map { w in
            let nodes = Hierarchy.chain(from: w.root)
            return WindowChain(id: w.id, level: w.level, isKey: w.isKey, chain: nodes.map(\.ref),
                               levels: nodes.map { Hierarchy.presentationLevel(of: $0) }, sheets: SheetRules.states(ofChain: nodes))
        }
    }

    // MARK: present (the hooked entry point and UIKit's original)

    /// `source.present(presented, animated:completion:)` on the main thread, through the hook handler.
    public func present(_ presented: SimController, from source: SimController, animated: Bool = true,
                        completion: (() -> Void)? = nil) {
        present(presented, from: source, animated: animated, context: .main, observed: nil, completion: completion)
    }

    /// `source.present(presented, animated:completion:)` in `context`, through the hook handler.
    @_spi(Package) public func present(_ presented: SimController, from source: SimController, animated: Bool = true,
                         context: CallContext, completion: (() -> Void)? = nil) {
        present(presented, from: source, animated: animated, context: context, observed: nil, completion: completion)
    }

    /// `present` where UIKit answers as `observed` says instead of as the model predicts, and
    /// once the transition has ended as `observedAtEnd` says (over `observed`).
    func present(_ presented: SimController, from source: SimController, animated: Bool, context: CallContext,
                 observed: ResolvedObservation?, observedAtEnd: ResolvedObservation? = nil, completion: (() -> Void)? = nil) {
        if !context.isMainThread {
            log("Main Thread Checker: UI API called on a background thread: -[UIViewController presentViewController:animated:completion:]")
        }
        observationOverride = observed
        defer { observationOverride = nil }
        noteFacts([source, presented])
        let atEnd = observedAtEnd.map { (observed ?? ResolvedObservation()).overlaid(by: $0) }
        // The end of the transition shows what the call showed, with `observedAtEnd` over it.
        let observe: ((Bool) -> Observation?)? = observed == nil && atEnd == nil ? nil : { ended in
            (ended ? atEnd ?? observed : observed)?.observation
        }
        handler.handlePresent(source: source, presented: presented, animated: animated, context: context, completion: completion,
                              observe: observe) { wrapped in
            self.originalPresent(presented, from: source, animated: animated, styleAtEnd: atEnd?.effectiveStyle, completion: wrapped)
        }
    }

    /// What UIKit's own `present` does, per DESIGN's rules; `styleAtEnd` is the style the
    /// presentation adapts to when its transition ends (a step's `observedAtEnd`).
    private func originalPresent(_ presented: SimController, from source: SimController, animated: Bool, styleAtEnd: PresentationStyle?,
                                 completion: (() -> Void)?) {
        let r = PresentationResolver.resolvePresent(source: source, presented: presented, options: handler.configuration.resolver)
        if r.diagnostics.contains(where: { $0.code == .detachedPresenter }) {
            log("[Presentation] " + Diagnostic.detachedPresenter(source.ref).message)
        }
        if let rejection = r.rejection {
            if rejection.severity == .error {
                let exception = rejection.code == .popoverWithoutAnchor ? "NSGenericException" : "NSInvalidArgumentException"
                log("*** Terminating app due to uncaught exception '\(exception)', reason: '\(rejection.message)' (the simulation carries on)")
            } else {
                log("[Presentation] " + rejection.message)
            }
            return
        }
        let presenting = observationOverride?.presenting ?? r.presenting
        presenting.presented = presented
        presented.presenting = presenting
        presented.effectiveStyle = observationOverride?.effectiveStyle ?? r.effectiveStyle
        presented.presentationCompleted = false
        presented.presentationSerial += 1
        let serial = presented.presentationSerial
        runTransition(in: r.windowID, animated: animated) {
            if presented.presentationSerial == serial && presented.presenting != nil {
                presented.presentationCompleted = true
                if let styleAtEnd { presented.effectiveStyle = styleAtEnd }
            }
            completion?()
        }
    }

    // MARK: dismiss

    /// `receiver.dismiss(animated:completion:)` on the main thread, through the hook handler.
    public func dismiss(_ receiver: SimController, animated: Bool = true, completion: (() -> Void)? = nil) {
        dismiss(receiver, animated: animated, context: .main, observed: observationOverride, completion: completion)
    }

    /// `receiver.dismiss(animated:completion:)` in `context`, through the hook handler.
    @_spi(Package) public func dismiss(_ receiver: SimController, animated: Bool = true, context: CallContext, completion: (() -> Void)? = nil) {
        dismiss(receiver, animated: animated, context: context, observed: observationOverride, completion: completion)
    }

    /// `dismiss` where UIKit removes what `observed` says instead of what the model predicts.
    func dismiss(_ receiver: SimController, animated: Bool, context: CallContext, observed: ResolvedObservation?,
                 completion: (() -> Void)? = nil) {
        let outer = observationOverride
        observationOverride = observed
        defer { observationOverride = outer }
        noteFacts([receiver])
        handler.handleDismiss(receiver: receiver, animated: animated, context: context, completion: completion,
                              observe: observed.map { o in { o.observation } }) { wrapped in
            self.originalDismiss(receiver, animated: animated, context: context, completion: wrapped)
        }
    }

    /// What UIKit's own `dismiss` does: forward to the presenting controller (re-entering the
    /// hooked method, as UIKit does), or remove the presented chain. The controller the message
    /// reaches refuses it while a transition runs, in its own name (DESIGN rule 7).
    private func originalDismiss(_ receiver: SimController, animated: Bool, context: CallContext, completion: (() -> Void)?) {
        let target: SimController
        if let p = Hierarchy.presentedController(of: receiver) {
            target = p
        } else if Hierarchy.presentationRoot(of: receiver).presenting != nil {
            target = Hierarchy.presentationRoot(of: receiver)
        } else {
            if isTransitionInProgress(for: receiver) {
                log("[Presentation] " + Diagnostic.dismissDuringTransition(receiver.ref).message)
                return
            }
            removeObservedWithoutPrediction(animated: animated, completion: completion)
            return
        }
        guard let handler = target.presenting else { completion?(); return }
        if handler !== receiver {
            dismiss(handler, animated: animated, context: context, completion: completion)
            return
        }
        if isTransitionInProgress(for: receiver) {
            log("[Presentation] " + Diagnostic.dismissDuringTransition(receiver.ref).message)
            return
        }
        let removed = observationOverride?.dismissed ?? Hierarchy.dismissalSet(startingAt: target)
        removed.forEach { $0.isBeingDismissed = true }
        let serials = removed.map(\.presentationSerial)
        // Weak: the pending transition lives in the clock, which the simulation owns (a run
        // stopped by an error would otherwise keep both alive).
        runTransition(in: Hierarchy.windowID(of: receiver), animated: animated) { [weak self] in
            self?.detach(removed, presentedAs: serials)
            completion?()
        }
    }

    /// Ends a dismissal: detaches each of `removed` still in the presentation it was dismissed
    /// from (`serials`), leaving one presented again meanwhile alone.
    func detach(_ removed: [SimController], presentedAs serials: [Int]) {
        for (c, serial) in zip(removed, serials) where c.presentationSerial == serial { detachPresented(c) }
    }

    func detachPresented(_ c: SimController) {
        if let p = c.presenting, p.presented === c { p.presented = nil }
        c.presenting = nil
        c.effectiveStyle = nil
        c.presentationCompleted = false
        c.isBeingDismissed = false
    }

    // MARK: Interactive dismissal (rule 8)

    /// The user swipes `sheet` down and lets go past the threshold (`complete`) or not.
    public func swipeDown(_ sheet: SimController, complete: Bool) throws(SimulationError) {
        try swipeDown(sheet, complete: complete, context: .main)
    }

    /// The user swipes `sheet` down, the hooks called in `context`.
    @_spi(Package) public func swipeDown(_ sheet: SimController, complete: Bool, context: CallContext) throws(SimulationError) {
        guard sheet.presenting != nil, let style = sheet.effectiveStyle else {
            throw SimulationError(key: "swipeDown", message: "\(sheet.id) is not presented, so there is nothing to swipe down")
        }
        guard style.isSheet else {
            throw SimulationError(key: "swipeDown", message: "\(sheet.id) is presented as \(style.name); only pageSheet and formSheet can be swiped down")
        }
        noteFacts([sheet])
        if sheet.isModalInPresentation {
            handler.interactiveDismissBlocked(sheet: sheet, context: context)
            return
        }
        handler.interactiveDismissBegan(sheet: sheet)
        if complete {
            for c in Hierarchy.dismissalSet(startingAt: sheet) { detachPresented(c) }
        }
        handler.interactiveDismissEnded(sheet: sheet, completed: complete, context: context)
    }

    // MARK: Containers

    /// `parent.addChild(child)` (and, for navigation controllers, a push without animation).
    public func addChild(_ child: SimController, to parent: SimController) throws(SimulationError) {
        guard parent.container != .none else {
            throw SimulationError(key: "to", message: "\(parent.id) (\(parent.type)) is no container; declare it with \"container\"")
        }
        try checkFree(child, key: "addChild")
        try checkContainmentDepth(adding: child, to: parent, key: "to")
        guard !isAncestor(child, of: parent) else {
            throw SimulationError(key: "to", message: "\(child.id) is an ancestor of \(parent.id); a controller cannot contain its ancestor")
        }
        parent.children.append(child)
        child.parent = parent
        factsDidChange()
    }

    private func checkFree(_ child: SimController, key: String) throws(SimulationError) {
        if let p = child.parent { throw SimulationError(key: key, message: "\(child.id) is already a child of \(p.id)") }
        if let q = child.presenting { throw SimulationError(key: key, message: "\(child.id) is presented by \(q.id)") }
        if let w = child.windowID { throw SimulationError(key: key, message: "\(child.id) is the root of window \(w)") }
    }

    private func isAncestor(_ a: SimController, of c: SimController) -> Bool {
        Hierarchy.ancestry(of: c).contains { $0 === a }
    }

    /// `child.removeFromParent()`.
    public func removeFromParent(_ child: SimController) {
        guard let p = child.parent else { return }
        p.children.removeAll { $0 === child }
        if p.container == .tabBar, p.selectedIndex >= p.children.count { p.selectedIndex = max(0, p.children.count - 1) }
        child.parent = nil
        factsDidChange()
    }

    /// `nav.pushViewController(c, animated:)`.
    public func push(_ c: SimController, onto nav: SimController) throws(SimulationError) {
        guard nav.container == .navigation else {
            throw SimulationError(key: "onto", message: "\(nav.id) (\(nav.type)) is not a navigation controller")
        }
        try checkFree(c, key: "push")
        try checkContainmentDepth(adding: c, to: nav, key: "push")
        guard !isAncestor(c, of: nav) else { throw SimulationError(key: "push", message: "\(c.id) is an ancestor of \(nav.id)") }
        nav.children.append(c)
        c.parent = nav
        factsDidChange()
    }

    /// `nav.popViewController(animated:)`: does nothing on the root level, as in UIKit.
    public func pop(_ nav: SimController) throws(SimulationError) {
        guard nav.container == .navigation else {
            throw SimulationError(key: "pop", message: "\(nav.id) (\(nav.type)) is not a navigation controller")
        }
        guard nav.children.count > 1, let top = nav.children.last else {
            log("popViewController on \(nav.ref.consoleDescription) ignored: only the root level is left.")
            return
        }
        removeFromParent(top)
    }

    /// `tabs.selectedIndex = index`.
    public func select(_ index: Int, in tabs: SimController) throws(SimulationError) {
        guard tabs.container == .tabBar else {
            throw SimulationError(key: "in", message: "\(tabs.id) (\(tabs.type)) is not a tab bar controller")
        }
        guard tabs.children.indices.contains(index) else {
            throw SimulationError(key: "select", message: "index \(index) is out of range: \(tabs.id) has \(tabs.children.count == 1 ? "1 tab" : "\(tabs.children.count) tabs")")
        }
        tabs.selectedIndex = index
        factsDidChange()
    }

    /// Applies a `set` step's property.
    public func set(_ property: Scenario.Property, on c: SimController) {

        switch property {
        case .modalPresentationStyle(let v): c.modalPresentationStyle = v
        case .modalTransitionStyle(let v): c.modalTransitionStyle = v
        case .preferredTransition(let v): c.preferredTransition = v
        case .definesPresentationContext(let v): c.definesPresentationContext = v
        case .providesPresentationContextTransitionStyle(let v): c.providesPresentationContextTransitionStyle = v
        case .isModalInPresentation(let v): c.isModalInPresentation = v
        case .popoverAnchor(let v): c.popoverAnchor = v
        case .title(let v): c.title = v
        case .detents(let v): c.detents = v
        case .selectedDetent(let v): c.selectedDetent = v
        case .largestUndimmedDetent(let v): c.largestUndimmedDetent = v
        case .prefersGrabberVisible(let v): c.prefersGrabberVisible = v
        case .prefersEdgeAttachedInCompactHeight(let v): c.prefersEdgeAttachedInCompactHeight = v
        case .prefersPageSizing(let v): c.prefersPageSizing = v
        }
    }

    // MARK: Time

    /// Moves the virtual clock, finishing transitions and running timers that fall due.
    public func advance(by seconds: Double) { clock.advance(by: seconds) }

    /// Runs every pending transition and timer (bounded to one virtual hour).
    public func drain() {
        var guardCount = 0
        while let next = clock.nextDeadline, guardCount < 10_000 {
            guard next - clock.now < 3600 else { break }
            clock.advance(by: max(0, next - clock.now))
            guardCount += 1
        }
    }
}
