import Foundation

/// What explains a dismissal transition that UIKit began for a presented controller.
@_spi(Package) public enum DismissalAttribution: Equatable, Sendable {
    /// A recorded `dismiss` call (the event with this `seq`) removes the controller; its
    /// events are already recorded. A cancelled interactive transition of such a call is
    /// recorded as `interactive-dismiss` / `cancelled`.
    case dismissCall(seq: Int)
    /// No dismiss call explains it and the user drives it (a sheet swiped down): recorded as
    /// `interactive-dismiss`, `completed` or `cancelled`.
    case userInteraction
    /// No dismiss call explains it and nothing interactive drives it (a popover dismissed by a
    /// tap outside it, an alert dismissing itself, a class overriding `dismiss` without calling
    /// `super`): recorded as a `dismiss` event whose explanation says so.
    case withoutDismissCall
    /// Not a presented controller, or excluded: nothing is recorded.
    case ignored
}

/// Turns UIKit's dismissal callbacks into recorded events, telling swipes from dismiss calls.
///
/// UIKit calls no `dismiss` method when the user swipes a sheet down, so the UIKit layer
/// reports three things here, and this monitor decides what they mean:
/// - ``dismissalWillBegin(_:isInteractive:context:)``: a presented controller's dismissal
///   transition starts (on iOS: `viewWillDisappear` with `isBeingDismissed`, and the
///   transition coordinator's `isInteractive`);
/// - ``dismissalDidEnd(_:cancelled:context:)``: that transition ended (coordinator completion);
/// - ``dismissalAttemptBlocked(_:context:)``: a swipe was refused (`isModalInPresentation` or
///   the delegate's `presentationControllerShouldDismiss`).
///
/// It follows the recorder to know which controllers recorded `dismiss` calls are removing,
/// so a transition explained by a call is not recorded twice. Thread-safe; it never calls
/// the handler or the recorder while holding its lock.
@_spi(Package) public final class InteractiveDismissMonitor: @unchecked Sendable {
    /// The handler the events go through.
    @_spi(Package) public let handler: PresentationHooksHandler

    /// Bound on remembered removals and transitions: entries of calls whose completion never ran,
    /// and transitions whose end never came, are dropped oldest first beyond it.
    static let removalLimit = 512

    private struct Transition {
        var attribution: DismissalAttribution
        var isInteractive: Bool
        /// The controller's id, taken when the transition began (its end needs no snapshot).
        var id = ""
        /// What its end records; nil for a dismiss call's transition, which ``dismissalDidEnd(_:cancelled:context:)``
        /// ends itself (the usual case: no closure made per dismissal).
        var onEnd: ((_ cancelled: Bool, _ context: CallContext) -> Void)?
    }

    /// The removals in flight, with the lock that also guards `transitions`. The subscription
    /// holds this, not the monitor: no weak reference to the monitor on every event (it gave the
    /// monitor a side table and each delivery a weak load and Swift's slow release path).
    private let removals = Removals()
    private var lock: InspectorLock { removals.lock }
    /// The transitions begun and not ended yet, oldest first: a few at a time, so a list searched
    /// by identity. Bounded like the removals. Guarded by `lock`.
    private var transitions: [(controller: ObjectIdentifier, transition: Transition)] = []
    private var subscription: Recorder.Subscription?

    /// Creates a monitor; call ``start()`` to follow the handler's recorder.
    @_spi(Package) public init(handler: PresentationHooksHandler) {
        self.handler = handler
    }

    deinit { subscription?.cancel() }

    /// Follows the recorder's events (needed to recognise dismissals caused by calls).
    @_spi(Package) public func start() {
        let s = handler.recorder.subscribe { [removals] event in removals.observe(event) }
        lock.lock(); let previous = subscription; subscription = s; lock.unlock()
        previous?.cancel()
    }

    /// Stops following the recorder and forgets every transition.
    @_spi(Package) public func stop() {
        lock.lock()
        let s = subscription
        subscription = nil
        removals.entries = []
        transitions = []
        lock.unlock()
        s?.cancel()
    }

    /// Ids of controllers that recorded dismiss calls are removing (for tests and debugging).
    @_spi(Package) public var controllersBeingDismissedByCalls: Set<String> {
        lock.lock(); defer { lock.unlock() }
        return Set(removals.entries.map(\.id))
    }

    /// Updates the removals in flight from one recorded event.
    @_spi(Package) public func observe(_ event: Event) { removals.observe(event) }

    // MARK: UIKit callbacks

    /// A presented controller's dismissal transition begins. Call before UIKit detaches it.
    @discardableResult
    @_spi(Package) public func dismissalWillBegin<N: PresentationNode>(_ controller: N, isInteractive: Bool,
                                                         context: CallContext = .main) -> DismissalAttribution {
        dismissalWillBegin(controller, checkedRef: nil, isInteractive: isInteractive, context: context)
    }

    /// ``dismissalWillBegin(_:isInteractive:context:)`` for a hook that has found the controller
    /// presented (it has a `presentingViewController`), taken its snapshot (`checkedRef`) and found
    /// it not excluded by the session's ``ExclusionPolicy``, whose predicate is the handler's
    /// `ignore`: on a device each of these reads takes locks.
    @discardableResult
    @_spi(Package) public func dismissalWillBegin<N: PresentationNode>(_ controller: N, checkedRef: ControllerRef?, isInteractive: Bool,
                                                         context: CallContext = .main) -> DismissalAttribution {
        guard checkedRef != nil || controller.presentingNode != nil else { return .ignored }
        let ref = checkedRef ?? controller.ref  // once: on a device each read takes locks and reads the title
        guard checkedRef != nil || !isExcluded(ref) else { return .ignored }
        return dismissalBegan(controller, id: ref.id, isInteractive: isInteractive, context: context)
    }

    /// ``dismissalWillBegin(_:checkedRef:isInteractive:context:)`` for a hook that has checked the
    /// controller without taking its snapshot (``ExclusionPolicy/excludesCall(typeName:windowTypeName:)``
    /// answered false), with the controller's id (`0x…`): only a dismissal no call explains needs
    /// the snapshot, and takes it then.
    @discardableResult
    @_spi(Package) public func dismissalWillBegin<N: PresentationNode>(_ controller: N, checkedID: String, isInteractive: Bool,
                                                         context: CallContext = .main) -> DismissalAttribution {
        dismissalBegan(controller, id: checkedID, isInteractive: isInteractive, context: context)
    }

    /// The dismissal of `controller` (id `id`), presented and not excluded, begins.
    private func dismissalBegan<N: PresentationNode>(_ controller: N, id: String, isInteractive: Bool,
                                                     context: CallContext) -> DismissalAttribution {
        lock.lock()
        // The call that predicted this removal, else the recorded call UIKit is running now.
        let callSeq = removals.seq(of: id) ?? DismissCallInFlight.seq
        lock.unlock()

        let transition: Transition
        if let callSeq {
            transition = Transition(attribution: .dismissCall(seq: callSeq), isInteractive: isInteractive, onEnd: nil)
        } else if isInteractive {
            handler.interactiveDismissBegan(sheet: controller)
            transition = Transition(attribution: .userInteraction, isInteractive: true) { [handler] cancelled, context in
                handler.interactiveDismissEnded(sheet: controller, completed: !cancelled, context: context)
            }
        } else {
            transition = recordDismissalWithoutCall(controller, context: context)
        }
        var begun = transition
        begun.id = id
        lock.lock()
        let key = ObjectIdentifier(controller)
        if let i = transitions.firstIndex(where: { $0.controller == key }) { transitions.remove(at: i) }
        if transitions.count >= Self.removalLimit { transitions.removeFirst() }
        transitions.append((key, begun))
        lock.unlock()
        return transition.attribution
    }

    /// The transition reported by ``dismissalWillBegin(_:isInteractive:context:)`` ended;
    /// `cancelled` is true when the controller stays (the user let go early).
    @_spi(Package) public func dismissalDidEnd<N: PresentationNode>(_ controller: N, cancelled: Bool, context: CallContext = .main) {
        lock.lock()
        let id = ObjectIdentifier(controller)
        let transition = transitions.firstIndex { $0.controller == id }.map { transitions.remove(at: $0).transition }
        if !cancelled, !removals.entries.isEmpty { removals.remove(id: transition?.id ?? controller.ref.id) }
        lock.unlock()
        guard let transition else { return }
        if case .dismissCall(let seq) = transition.attribution, transition.onEnd == nil {
            callTransitionEnded(controller, seq: seq, interactive: transition.isInteractive, cancelled: cancelled, context: context)
        } else {
            transition.onEnd?(cancelled, context)
        }
    }

    /// UIKit refused to let the user dismiss `controller` (`isModalInPresentation`, or the
    /// delegate's `presentationControllerShouldDismiss` returned false).
    @_spi(Package) public func dismissalAttemptBlocked<N: PresentationNode>(_ controller: N, context: CallContext = .main) {
        guard !isExcluded(controller.ref) else { return }
        handler.interactiveDismissBlocked(sheet: controller, context: context)
    }

    // MARK: Private

    private func isExcluded(_ ref: ControllerRef) -> Bool {
        handler.configuration.ignore?(ref) ?? false
    }

    private func callTransitionEnded<N: PresentationNode>(_ controller: N, seq: Int, interactive: Bool,
                                                          cancelled: Bool, context: CallContext) {
        guard cancelled else { return }
        // The call's completion will not run: forget every controller it was removing.
        lock.lock()
        removals.entries.removeAll { $0.seq == seq }
        lock.unlock()
        guard interactive else { return }
        let r = controller.ref
        handler.recorder.record(PresentationHooksHandler.ruled(Event(
            time: handler.scheduler.now, thread: context.thread, kind: .interactiveDismiss, outcome: .cancelled,
            animated: true, window: Hierarchy.windowID(of: controller), relatesTo: seq,
            explanation: ["The interactive transition started by dismiss call #\(seq) was cancelled: \(r.label) stays presented."],
            receiver: r, forwarded: false,
            chain: Hierarchy.chain(from: Hierarchy.ultimateRoot(of: controller)).map(\.ref)), by: controller))
    }

    /// Records a `dismiss` event for a dismissal no hooked call explains, and returns the
    /// transition that records its completion.
    private func recordDismissalWithoutCall<N: PresentationNode>(_ controller: N, context: CallContext) -> Transition {
        let r = controller.ref
        let presenting = controller.presentingNode
        let removedNodes = Hierarchy.dismissalSet(startingAt: controller)
        let removed = Set(removedNodes.map { ObjectIdentifier($0) })
        let windowRoot = Hierarchy.ultimateRoot(of: controller)
        let window = Hierarchy.windowID(of: controller)
        let dismissed = removedNodes.map(\.ref)
        let explanation = [
            "UIKit began dismissing \(r.label) without a recorded dismiss call.",
            "Its presenting controller \(presenting?.ref.label ?? "?") removes, top first: \(dismissed.map(\.label).joined(separator: ", ")).",
            "Typical causes: a popover dismissed by a tap outside it, an alert dismissing itself after an action, or a class that overrides dismiss(animated:completion:) without calling super.",
        ]
        let recorded = handler.recorder.record(PresentationHooksHandler.ruled(Event(
            time: handler.scheduler.now, thread: context.thread, kind: .dismiss, outcome: .dismissed, animated: true,
            window: window, explanation: explanation, receiver: r, handledBy: presenting?.ref, dismissed: dismissed,
            forwarded: false,
            chain: Hierarchy.chain(from: windowRoot).filter { !removed.contains(ObjectIdentifier($0)) }.map(\.ref)), by: controller))
        let handledBy = presenting?.ref
        let rulesVersion = recorded.rulesVersion
        return Transition(attribution: .withoutDismissCall, isInteractive: false) { [handler] cancelled, context in
            guard !cancelled else { return }
            var done = Event(
                time: handler.scheduler.now, thread: context.thread, kind: .dismissCompleted, outcome: .completed,
                animated: true, window: window, relatesTo: recorded.seq, receiver: r, handledBy: handledBy,
                dismissed: dismissed, chain: Hierarchy.chain(from: windowRoot).map(\.ref))
            done.rulesVersion = rulesVersion
            handler.recorder.record(done)
        }
    }
}

/// Which controllers recorded `dismiss` calls are removing, and the call's `seq`: a few at a
/// time (the calls whose transitions have not ended), so a list in recording order, searched
/// by id. Ids are `0x…` addresses.
private final class Removals: @unchecked Sendable {
    let lock = InspectorLock()
    /// Oldest first (a controller named again moves to the end). Guarded by `lock`.
    var entries: [(id: String, seq: Int)] = []

    func seq(of id: String) -> Int? {
        entries.last { $0.id == id }?.seq
    }

    func remove(id: String) {
        if let i = entries.firstIndex(where: { $0.id == id }) { entries.remove(at: i) }
    }

    /// Updates the removals from one recorded event.
    func observe(_ event: Event) {
        switch (event.kind, event.outcome) {
        case (.dismiss, .dismissed):
            lock.lock(); defer { lock.unlock() }
            for ref in event.dismissed {
                remove(id: ref.id)
                entries.append((ref.id, event.seq))
            }
            // Entries of calls whose completion never ran: the oldest go first.
            if entries.count > InteractiveDismissMonitor.removalLimit { entries.removeFirst(entries.count - InteractiveDismissMonitor.removalLimit) }
        case (.dismissCompleted, _):
            guard let seq = event.relatesTo else { return }
            lock.lock(); defer { lock.unlock() }
            entries.removeAll { $0.seq == seq }
        case (.present, .presented):
            // A new controller at a reused address is not the one being dismissed.
            guard let id = event.presented?.id else { return }
            lock.lock(); defer { lock.unlock() }
            if !entries.isEmpty { remove(id: id) }
        default:
            break
        }
    }
}
