import Foundation

/// Settings of the hook handler.
public struct HandlerConfiguration: Sendable {
    /// Options of the presentation model.
    public var resolver: ResolverOptions
    /// Seconds after a dismissal completes at which dismissed controllers are checked for
    /// leaks; nil turns leak checks off.
    public var leakCheckDelay: Double?
    /// Returns true for controllers whose presentations must not be recorded (the
    /// inspector's own UI, FLEX's). Calls involving them go straight to UIKit.
    public var ignore: (@Sendable (ControllerRef) -> Bool)?
    /// Whether events carry what the hierarchy reported after each call (`observed`, with a
    /// `model-drift` per difference): on for UIKit, whose answer is the fact; off for the
    /// simulator, whose world is the model itself (its logs stay as they are).
    public var recordsObservations: Bool

    public init(resolver: ResolverOptions = ResolverOptions(), leakCheckDelay: Double? = 2.0,
                ignore: (@Sendable (ControllerRef) -> Bool)? = nil, recordsObservations: Bool = false) {
        self.resolver = resolver
        self.leakCheckDelay = leakCheckDelay
        self.ignore = ignore
        self.recordsObservations = recordsObservations
    }
}

/// The single entry point that hooked `present` and `dismiss` calls go through — the UIKit
/// swizzles on iOS and the simulator everywhere.
///
/// For each call it resolves what UIKit will do (``PresentationResolver``), runs the
/// original implementation through the closure it is given, observes the result, and
/// records events: the request with its resolution and diagnostics, then its completion.
/// Re-entrant dismissals (UIKit forwarding `dismiss` to the presenting controller) are
/// folded into the outer call's single event.
///
/// Thread safety: the handler may be called from any thread; calls on one controller
/// hierarchy must come from one thread at a time (as UIKit requires).
public final class PresentationHooksHandler: @unchecked Sendable {
    public let recorder: Recorder
    public let scheduler: any InspectorScheduler
    public let configuration: HandlerConfiguration
    /// Controllers no leak check follows (a conformance run's own).
    public let leakCheckExemptions = LeakCheckExemptions()

    /// Each window's chain, walked once per change rather than once per event.
    @usableFromInline let chains = WindowChains()
    /// The last present's ancestry, shared by the next present from the same place.
    @usableFromInline let recentAncestry = RecentAncestry()
    private let lock = InspectorLock()
    private var pendingSwipes: [ObjectIdentifier: PendingSwipe] = [:]

    public init(recorder: Recorder, scheduler: any InspectorScheduler, configuration: HandlerConfiguration = HandlerConfiguration()) {
        self.recorder = recorder
        self.scheduler = scheduler
        self.configuration = configuration
    }

    /// Tells the handler that controllers changed in a way no hooked call shows (a window's root
    /// replaced, children added or removed, a title changed): the next event walks its window's
    /// chain again instead of sharing the one taken at the last present or dismiss.
    public func hierarchyDidChange() { chains.invalidate() }

    /// The chain that starts at `root` (a window's root) as the events name it: walked once after
    /// each hooked present or dismiss and shared until the next, so a view that shows every
    /// window's chain after every event costs a walk only when something changed.
    public func chain<N: PresentationNode>(from root: N) -> [ControllerRef] { chains.chain(from: root) }

    // One and two arguments, not variadic: a variadic call made an array per hooked call.
    @inlinable func ignored(_ ref: ControllerRef) -> Bool {
        guard let ignore = configuration.ignore else { return false }
        return ignore(ref)
    }

    @inlinable func ignored(_ a: ControllerRef, _ b: ControllerRef) -> Bool {
        guard let ignore = configuration.ignore else { return false }
        return ignore(a) || ignore(b)
    }

    // MARK: present

    /// Handles `source.present(presented, animated:completion:)`.
    ///
    /// - Parameters:
    ///   - source: the receiver of `present` (the original presenter).
    ///   - presented: the controller being presented.
    ///   - animated: the call's `animated` argument.
    ///   - context: the thread and call site of the call.
    ///   - completion: the call's completion handler, run after the completion event is recorded.
    ///   - original: performs UIKit's original `present`, calling the completion it
    ///     is given when the transition ends.
    ///   - observe: what UIKit reported once `original` returned (nil when nothing was observed):
    ///     the event keeps the model's prediction and gains `observed` and one `model-drift` per differing field.
    @inlinable public func handlePresent<N: PresentationNode>(source: N, presented: N, animated: Bool, context: CallContext = .main,
                                                   completion: (() -> Void)?, observe: (() -> Observation?)? = nil,
                                                   original: (_ completion: (() -> Void)?) -> Void) {
        let s = source.ref, p = presented.ref
        if ignored(s, p) { original(completion); chains.invalidate(); return }
        handleCheckedPresent(source: source, presented: presented, refs: (s, p), animated: animated, context: context, completion: completion,
                             observe: observe, original: original)
    }

    /// ``handlePresent(source:presented:animated:context:completion:observe:original:)`` for a hook
    /// that has taken both controllers' snapshots at the call (`checkedRefs`) and found neither
    /// excluded by the session's ``ExclusionPolicy``, whose predicate is this handler's `ignore`:
    /// a snapshot takes locks and reads the title, and each was taken three times per call.
    /// `sourceViewInWindow` is whether the source's view was in a window when the hook read its
    /// window for the exclusions (nil: not read): the resolver's window check then asks no second
    /// time (on a device, `view.window`; a present from deep in the containment pays per level).
    @_spi(Adapter) @inlinable public func handlePresent<N: PresentationNode>(
        source: N, presented: N, checkedRefs: (source: ControllerRef, presented: ControllerRef), sourceViewInWindow: Bool? = nil,
        animated: Bool, context: CallContext,
        completion: (() -> Void)?, observe: (() -> Observation?)?, original: (_ completion: (() -> Void)?) -> Void
    ) {
        handleCheckedPresent(source: source, presented: presented, refs: checkedRefs, sourceViewInWindow: sourceViewInWindow,
                             animated: animated, context: context, completion: completion, observe: observe, original: original)
    }

    @inlinable func handleCheckedPresent<N: PresentationNode>(
        source: N, presented: N, refs checkedRefs: (source: ControllerRef, presented: ControllerRef), sourceViewInWindow: Bool? = nil,
        animated: Bool, context: CallContext,
        completion: (() -> Void)?, observe: (() -> Observation?)?, original: (_ completion: (() -> Void)?) -> Void
    ) {
        let resolution = PresentationResolver.resolvePresent(source: source, presented: presented, refs: checkedRefs, options: configuration.resolver,
                                                             chains: chains, sourceViewInWindow: sourceViewInWindow,
                                                             recentAncestry: recentAncestry)
        let refs = resolution.refs
        /// A node's snapshot, reusing the resolver's for the controllers it already looked at.
        func ref(_ n: N?) -> ControllerRef? {
            guard let n else { return nil }
            return n === resolution.presenting ? refs.presenting : n === source ? refs.source : n === presented ? refs.presented : n.ref
        }
        var diagnostics = resolution.diagnostics
        if !context.isMainThread { diagnostics.append(.offMainThread("present(_:animated:completion:)", thread: context.thread)) }
        // The completions capture the thread's name, not the context: capturing it copied every field.
        let thread = context.thread

        func event(outcome: Outcome, presenting: N?, steps: [ExplanationStep], chain: [ControllerRef]) -> Event {
            var e = Event(time: scheduler.now, thread: context.thread, kind: .present, outcome: outcome, animated: animated,
                          window: resolution.windowID, source: refs.source, presented: refs.presented,
                          presenting: ref(presenting) ?? refs.presenting, contextProvider: refs.contextProvider,
                          requestedStyle: resolution.requestedStyle, effectiveStyle: resolution.effectiveStyle,
                          requestedTransition: resolution.requestedTransition, effectiveTransition: resolution.effectiveTransition,
                          steps: steps, diagnostics: diagnostics, chain: chain, callSite: context.callSiteText, capturedCallStack: context.capturedCallStack,
                          ancestry: resolution.ancestryRefs)
            e.addFixes()
            return e
        }

        // UIKit raises for these: record first, the app may not survive the original call.
        if let rejection = resolution.rejection, rejection.severity == .error {
            let chain = chains.chain(from: resolution.ultimateRoot)
            var rejected = event(outcome: .rejected, presenting: nil, steps: resolution.steps, chain: chain)
            let prediction = DriftPrediction(rejected)
            let seq = recorder.record(inPlace: &rejected)
            defer { chains.invalidate() }
            guard configuration.recordsObservations else { original(completion); return }
            // If UIKit went ahead after all, its completion is the only place that can say so.
            let wasPresented = resolution.presentedWasPresented
            original { [recorder, scheduler, chains] in
                chains.invalidate()
                if !wasPresented, let p = presented.presentingNode {
                    var done = Event(time: scheduler.now, thread: thread, kind: .presentCompleted, outcome: .completed,
                                     animated: animated, window: resolution.windowID, relatesTo: seq, source: refs.source,
                                     presented: refs.presented, presenting: p.ref, effectiveStyle: resolution.effectiveStyle,
                                     chain: chains.chain(from: Hierarchy.ultimateRoot(of: presented)))
                    Self.attach(Observation(presenting: p.ref, outcome: .presented).merging(observe?()), to: &done, driftAgainst: prediction)
                    _ = recorder.record(inPlace: &done)
                }
                completion?()
            }
            return
        }

        let wasPresented = resolution.presentedWasPresented  // read by the resolver just now
        let predictedOutcome: Outcome = resolution.rejection == nil ? .presented : .rejected
        let looks = configuration.recordsObservations
        // What the completion records, in one object: not the resolution (capturing it copied
        // every field into the closure), and not value by value (the closure that waits for the
        // event's `seq` copied every one again).
        let completed = PresentCompletion(handler: self, source: source, presented: presented, predictedPresenting: resolution.presenting,
                                          refs: (refs.source, refs.presented, refs.presenting), thread: thread, animated: animated,
                                          windowID: resolution.windowID, effectiveStyle: resolution.effectiveStyle,
                                          observe: observe, looks: looks, completion: completion)
        // The chain before the call: when the call only puts `presented` on its top, the chain
        // after it is worked out from this one instead of walked.
        let chainRoot = resolution.ultimateRoot
        completed.chainBefore = resolution.chainLook ?? chains.look(from: chainRoot)
        original(completed.transitionEnded)
        let endedInCall = completed.afterCall(chains)

        // Observe what actually happened; on device this is UIKit's own answer.
        let observedPresenting = presented.presentingNode
        let succeeded = !wasPresented && observedPresenting != nil
        var observation = observe?()
        if looks { observation = Self.observedPresent(presenting: ref(observedPresenting), wasPresented: wasPresented, at: .call, merging: consume observation) }
        var steps = resolution.steps
        if observation != nil {
            // The observation and its model-drift say where reality differed.
        } else if succeeded != (resolution.rejection == nil) {
            steps.append(.text(succeeded ? "Observed: the presentation went ahead although the model predicted a rejection."
                                         : "Observed: the presentation did not happen although the model predicted it would."))
        } else if succeeded, let observedPresenting, observedPresenting !== resolution.presenting {
            steps.append(.text("Observed: UIKit chose \(observedPresenting.ref.label) as the presenting controller where the model predicted \(refs.presenting.label)."))
        }
        // The presenting controller the model chose is an ancestor of the source, in the source's
        // tree; a refused present changes no tree.
        let chain = completed.chainLeft(chains) ?? chains.chain(from: !succeeded || observedPresenting === resolution.presenting ? chainRoot : Hierarchy.ultimateRoot(of: presented))
        // The event's outcome is what happened; with an observation every other field stays the model's prediction.
        var e = event(outcome: succeeded ? .presented : .rejected,
                      presenting: succeeded ? (observation != nil ? resolution.presenting : observedPresenting) : nil,
                      steps: steps, chain: chain)
        if observation != nil || looks {
            Self.attach(observation, to: &e, predictedOutcome: predictedOutcome)
            if looks {
                completed.observation = observation
                // The transition ended inside the call: this look, taken after it, saw its end.
                if endedInCall, succeeded, var seen = observation {
                    seen.outcome = nil  // as the completion's own look has it
                    completed.lookAtEnd = seen
                } else {
                    // The completion's look is compared with the prediction (made only for it).
                    completed.predicted = DriftPrediction(e, outcome: predictedOutcome)
                }
            }
        }
        // In place: handing over a copy retained and released every field (callgrind).
        completed.presentRecorded(seq: recorder.record(inPlace: &e))
    }

    /// When a present is looked at: right after the call, or when its transition has ended.
    @usableFromInline enum Look { case call, completion }

    /// What the hierarchy itself reports about a present, through the node protocol (on a device,
    /// `presentingViewController`): the outcome, and the presenting controller UIKit chose
    /// (`presenting`: the presented controller's presenter as the caller read it, nil for none;
    /// read once per look: on a device each read takes locks).
    @usableFromInline static func observedPresent(presenting p: ControllerRef?, wasPresented: Bool, at look: Look) -> Observation {
        guard let p, !wasPresented else {
            // After the transition a missing presenter means it was dismissed meanwhile, not refused.
            return look == .call ? Observation(outcome: .rejected) : Observation()
        }
        return Observation(presenting: p, outcome: look == .call ? .presented : nil)
    }

    /// ``observedPresent(presenting:wasPresented:at:)`` merged with `other` (what the hook saw of
    /// UIKit's answer), whose fields it fills in place: the same as
    /// `observedPresent(…).merging(other)`, without a second storage (callgrind, issue 10).
    @inlinable static func observedPresent(presenting p: ControllerRef?, wasPresented: Bool, at look: Look,
                                           merging other: consuming Observation?) -> Observation {
        guard var o = other, o.storage != nil else { return observedPresent(presenting: p, wasPresented: wasPresented, at: look) }
        if let p, !wasPresented {
            o.presenting = p
            if look == .call { o.outcome = .presented }
        } else if look == .call {
            o.outcome = .rejected
        }
        return o
    }

    // MARK: dismiss

    /// Handles `receiver.dismiss(animated:completion:)`. UIKit forwards a dismiss sent to a
    /// controller that presents nothing to the controller that presented it, re-entering the
    /// hooked method: that one forwarded call goes straight to `original` and is folded into the
    /// outer event. Every other call (the app dismissing from a completion UIKit runs at once, or
    /// from `viewWillDisappear`) is recorded.
    ///   - observe: what UIKit really did (dismissed set, handler), when known before the call is
    ///     recorded (the simulator's scenario overrides); adds `observed` and `model-drift`s.
    @inlinable public func handleDismiss<N: PresentationNode>(receiver: N, animated: Bool, context: CallContext = .main,
                                                   completion: (() -> Void)?, observe: (() -> Observation?)? = nil,
                                                   original: (_ completion: (() -> Void)?) -> Void) {
        handleCheckedDismiss(receiver: receiver, checkedRef: nil, animated: animated, context: context, completion: completion, observe: observe,
                             original: original)
    }

    /// ``handleDismiss(receiver:animated:context:completion:observe:original:)`` for a hook that
    /// has taken the receiver's snapshot at the call (`checkedRef`) and found it not excluded by
    /// the session's ``ExclusionPolicy``, whose predicate is this handler's `ignore`.
    @_spi(Adapter) @inlinable public func handleDismiss<N: PresentationNode>(
        receiver: N, checkedRef: ControllerRef?, animated: Bool, context: CallContext, completion: (() -> Void)?,
        observe: (() -> Observation?)? = nil, original: (_ completion: (() -> Void)?) -> Void
    ) {
        handleCheckedDismiss(receiver: receiver, checkedRef: checkedRef, animated: animated, context: context, completion: completion,
                             observe: observe, original: original)
    }

    @inlinable func handleCheckedDismiss<N: PresentationNode>(
        receiver: N, checkedRef: ControllerRef?, animated: Bool, context: CallContext, completion: (() -> Void)?,
        observe: (() -> Observation?)?, original: (_ completion: (() -> Void)?) -> Void
    ) {
        let expected = ForwardedDismiss.expected
        if expected != 0, expected == UInt(bitPattern: ObjectIdentifier(receiver)) {
            // UIKit's forward: folded. Calls the app makes while it runs are its own again.
            ForwardedDismiss.expected = 0
            defer { ForwardedDismiss.expected = expected }
            original(completion)
            return
        }
        let receiverRef = checkedRef ?? receiver.ref
        let resolution = PresentationResolver.resolveDismiss(receiver: receiver, ref: receiverRef, chains: chains)
        // The forward UIKit will make, if any; ignored calls' forwards are skipped as well.
        ForwardedDismiss.expected = resolution.forwarded ? resolution.handledBy.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0 : 0
        defer { ForwardedDismiss.expected = expected }
        if checkedRef == nil, ignored(receiverRef) { original(completion); chains.invalidate(); return }

        // A dismissal that only removes ignored controllers (the inspector's own UI) is not recorded either.
        let dismissedRefs = resolution.refs.dismissed
        if configuration.ignore != nil, !dismissedRefs.isEmpty, dismissedRefs.allSatisfy({ ignored($0) }) {
            original(completion)
            chains.invalidate()
            return
        }
        var diagnostics = resolution.diagnostics
        if !context.isMainThread { diagnostics.append(.offMainThread("dismiss(animated:completion:)", thread: context.thread)) }
        let thread = context.thread  // for the completion (see handlePresent)
        // The window's root, taken now: after the dismissal the receiver may hang from nothing.
        let windowRoot = resolution.ultimateRoot
        // The chain as it stands once the call returns: an animated dismissal keeps the removed
        // controllers until its transition ends (dismiss-completed shows them gone).
        let now = resolution.chainLook ?? chains.look(from: windowRoot)
        let chainNow = now.refs
        let chainAfter = animated && resolution.outcome == .dismissed ? chainNow : chainNow.removing(dismissedRefs)
        let handledBy = resolution.refs.handledBy
        var dismissEvent = Event(
            time: scheduler.now, thread: context.thread, kind: .dismiss, outcome: resolution.outcome, animated: animated,
            window: resolution.windowID, steps: resolution.steps, receiver: receiverRef,
            handledBy: handledBy, dismissed: dismissedRefs, forwarded: resolution.forwarded,
            diagnostics: diagnostics, chain: chainAfter, callSite: context.callSiteText, capturedCallStack: context.capturedCallStack,
            ancestry: Hierarchy.ancestryRefs(of: receiver, first: receiverRef))
        dismissEvent.addFixes()
        Self.attach(observe?(), to: &dismissEvent)
        // The prediction the observation is compared with, kept only when there will be one.
        // What the completion's look is compared with: the dismiss event's predicted fields (its
        // outcome, window, dismissed and handler; it predicts no presentation), kept as they are.
        let predictedOutcome = resolution.outcome
        let observedAtCall = configuration.recordsObservations ? dismissEvent.observed : nil
        let recordedSeq = recorder.record(inPlace: &dismissEvent)

        // Reconciled when the transition ends: who really lost its presenter. The call above is
        // recorded first, so a crash in UIKit's dismissal cannot lose it.
        let before = configuration.recordsObservations ? chains.keptNodes(of: now).flatMap { DismissalWitness(chain: $0, refs: chainNow) } ?? DismissalWitness(chain: Hierarchy.chain(from: windowRoot)) : nil
        guard resolution.outcome == .dismissed || before != nil else { original(completion); chains.invalidate(); return }
        let probes = configuration.leakCheckDelay == nil || resolution.outcome != .dismissed ? [] : zip(dismissedRefs, resolution.dismissed).map { ($0, $1.makeLivenessProbe()) }
        let window = resolution.windowID
        let ended = TransitionEnd()
        let predictsDismissal = resolution.outcome == .dismissed  // not the resolution: capturing it copies it whole
        let dismissedNodes = resolution.dismissed
        let leakCheckDelay = configuration.leakCheckDelay  // not the configuration: its closures would be retained
        let wrapped: () -> Void = { [recorder, scheduler, chains, leakCheckExemptions] in
            let observation = before?.observation()
            // The chain after a dismissal of its top is the one before without it, once checked.
            ended.mark(chains, after: now.generation,
                       applying: predictsDismissal ? chains.change(now, afterDismissing: dismissedNodes, observed: before == nil ? nil : observation?.dismissed ?? []) : nil)
            // A dismissal the model did not predict is recorded only if UIKit really removed something.
            if predictsDismissal || observation?.dismissed?.isEmpty == false {
                var done = Event(time: scheduler.now, thread: thread, kind: .dismissCompleted, outcome: .completed,
                                 animated: animated, window: window, relatesTo: recordedSeq, receiver: receiverRef,
                                 handledBy: handledBy, dismissed: dismissedRefs, chain: ended.chainLeft(chains) ?? chains.chain(from: windowRoot))
                if let observation, !observation.isEmpty {
                    let drift = ModelDrift.diagnostics(outcome: predictedOutcome, presenting: nil, contextProvider: nil, effectiveStyle: nil,
                                                       effectiveTransition: nil, window: window, dismissed: dismissedRefs, handledBy: handledBy,
                                                       observed: observation.subtracting(observedAtCall))
                    Self.store(observation, drift: drift, on: &done)
                }
                _ = recorder.record(inPlace: &done)
            }
            if let delay = leakCheckDelay { Self.scheduleLeakChecks(probes, after: delay, relatesTo: recordedSeq, window: window, recorder: recorder, scheduler: scheduler,
                                                                    exemptions: leakCheckExemptions) }
            completion?()
        }
        original(wrapped)
        ended.afterCall(chains)
    }

    /// Stores `observation` on `event` and appends one `model-drift` per field of `driftOnly`
    /// (default: the whole observation) that differs from `predicted` (default: the event itself).
    @usableFromInline static func attach(_ observation: Observation?, to event: inout Event, driftAgainst predicted: DriftPrediction,
                       driftOnly: Observation? = nil) {
        guard let observation, !observation.isEmpty else { return }
        store(observation, drift: ModelDrift.diagnostics(predicted: predicted, observed: driftOnly ?? observation), on: &event)
    }

    /// Puts `observation` and its `model-drift`s on `event`.
    @inlinable static func store(_ observation: Observation, drift: [Diagnostic], on event: inout Event) {
        event.observed = observation
        // Only the new diagnostics lack fixes (a fix never reads `observed`).
        if !drift.isEmpty { event.diagnostics += drift; event.addFixes() }
    }

    /// ``attach(_:to:driftAgainst:driftOnly:)`` against the event's own predicted fields, with
    /// `predictedOutcome` (when given) for its outcome: no ``DriftPrediction`` made.
    @usableFromInline static func attach(_ observation: Observation?, to event: inout Event, predictedOutcome: Outcome? = nil) {
        guard let observation, !observation.isEmpty else { return }
        let drift = ModelDrift.diagnostics(outcome: predictedOutcome ?? event.outcome, presenting: event.presenting,
                                           contextProvider: event.contextProvider, effectiveStyle: event.effectiveStyle,
                                           effectiveTransition: event.effectiveTransition, window: event.window,
                                           dismissed: event.dismissed, handledBy: event.handledBy, observed: observation)
        store(observation, drift: drift, on: &event)
    }

    @usableFromInline static func scheduleLeakChecks(_ probes: [(ControllerRef, LivenessProbe)], after delay: Double, relatesTo seq: Int,
                                           window: String?, recorder: Recorder, scheduler: any InspectorScheduler,
                                           exemptions: LeakCheckExemptions) {
        guard !probes.isEmpty else { return }
        scheduler.schedule(after: delay) {
            for (ref, probe) in probes where !exemptions.contains(ref.id) && probe.isLeaked() {
                recorder.record(Event(time: scheduler.now, kind: .leakCheck, outcome: .completed, window: window, relatesTo: seq,
                                      dismissed: [ref], diagnostics: [.leakedAfterDismiss(ref, seconds: delay)]).withFixes())
            }
        }
    }

    // MARK: interactive dismissal

    private struct PendingSwipe {
        var began: Double
        var dismissed: [ControllerRef]
        var handledBy: ControllerRef?
        var window: String?
        var steps: [ExplanationStep]
        var chainAfter: [ControllerRef]
    }

    /// The user started swiping `sheet` down. Call before UIKit changes anything.
    public func interactiveDismissBegan<N: PresentationNode>(sheet: N) {
        if ignored(sheet.ref) { return }
        let r = PresentationResolver.resolveInteractiveDismiss(sheet: sheet, completes: true)
        let removed = NodeSet(r.dismissed)
        let chainAfter = Hierarchy.refs(Hierarchy.chain(from: Hierarchy.ultimateRoot(of: sheet)).filter { !removed.contains($0) })
        lock.lock(); defer { lock.unlock() }
        pendingSwipes[ObjectIdentifier(sheet)] = PendingSwipe(began: scheduler.now, dismissed: Hierarchy.refs(r.dismissed), handledBy: r.handledBy?.ref,
                                                              window: r.windowID, steps: r.steps, chainAfter: chainAfter)
    }

    /// The swipe was refused because `isModalInPresentation` is true.
    public func interactiveDismissBlocked<N: PresentationNode>(sheet: N, context: CallContext = .main) {
        if ignored(sheet.ref) { return }
        lock.lock(); pendingSwipes[ObjectIdentifier(sheet)] = nil; lock.unlock()
        let r = PresentationResolver.resolveInteractiveDismiss(sheet: sheet, completes: false)
        var steps = r.steps
        if !sheet.isModalInPresentation { steps.append(.text("The app refused the dismissal (isModalInPresentation or its delegate).")) }
        recorder.record(Event(time: scheduler.now, thread: context.thread, kind: .interactiveDismiss, outcome: .blocked, animated: true,
                              window: r.windowID, steps: steps, receiver: sheet.ref, forwarded: false,
                              chain: Hierarchy.refs(Hierarchy.chain(from: Hierarchy.ultimateRoot(of: sheet)))))
    }

    /// The swipe ended: `completed` is true when the sheet went away, false when the user cancelled.
    public func interactiveDismissEnded<N: PresentationNode>(sheet: N, completed: Bool, context: CallContext = .main) {
        chains.invalidate()
        if ignored(sheet.ref) { return }
        lock.lock()
        let pending = pendingSwipes.removeValue(forKey: ObjectIdentifier(sheet))
        lock.unlock()
        if completed {
            let p = pending ?? {
                let r = PresentationResolver.resolveInteractiveDismiss(sheet: sheet, completes: true)
                return PendingSwipe(began: scheduler.now, dismissed: Hierarchy.refs(r.dismissed), handledBy: r.handledBy?.ref, window: r.windowID,
                                    steps: r.steps, chainAfter: [])
            }()
            let seq = recorder.record(Event(time: scheduler.now, thread: context.thread, kind: .interactiveDismiss, outcome: .completed,
                                            animated: true, window: p.window, steps: p.steps, receiver: sheet.ref,
                                            handledBy: p.handledBy, dismissed: p.dismissed, forwarded: false, chain: p.chainAfter)).seq
            if let delay = configuration.leakCheckDelay {
                Self.scheduleLeakChecks([(sheet.ref, sheet.makeLivenessProbe())], after: delay, relatesTo: seq, window: p.window,
                                        recorder: recorder, scheduler: scheduler, exemptions: leakCheckExemptions)
            }
        } else {
            let r = PresentationResolver.resolveInteractiveDismiss(sheet: sheet, completes: false)
            recorder.record(Event(time: scheduler.now, thread: context.thread, kind: .interactiveDismiss, outcome: .cancelled,
                                  animated: true, window: r.windowID, steps: r.steps, receiver: sheet.ref, forwarded: false,
                                  chain: Hierarchy.refs(Hierarchy.chain(from: Hierarchy.ultimateRoot(of: sheet)))))
        }
    }
}

/// The controller UIKit is expected to forward the dismiss being handled on this thread to
/// (its `ObjectIdentifier` bits, 0 for none), in a pthread key: Foundation's `threadDictionary`
/// cost several microseconds per dismiss on Linux (issue 6 profile).
@usableFromInline enum ForwardedDismiss {
    @usableFromInline static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The expected forward's receiver on this thread (0 outside any `handleDismiss`).
    @inlinable static var expected: UInt {
        get { UInt(bitPattern: pthread_getspecific(key)) }
        set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }
}

/// The presented controllers of a chain before a dismissal, weakly, with their presenters:
/// after the transition, the ones whose presenter is gone are what UIKit really dismissed.
@usableFromInline struct DismissalWitness<N: PresentationNode>: @unchecked Sendable {
    @usableFromInline struct Entry {
        /// Where the controller is in ``nodes``.
        @usableFromInline let index: Int
        @usableFromInline let ref: ControllerRef
        @usableFromInline let presenter: ControllerRef
        /// The presenter's node, by identity: compared with the presenter read after the
        /// transition (a snapshot to compare ids would take locks and read the title).
        @usableFromInline let presenterID: ObjectIdentifier
        @inlinable init(index: Int, ref: ControllerRef, presenter: ControllerRef, presenterID: ObjectIdentifier) {
            self.index = index; self.ref = ref; self.presenter = presenter; self.presenterID = presenterID
        }
    }
    /// The chain's controllers, as the window chains keep them (``WindowChains/KeptNodes``): their
    /// own array when the chain is the one they keep (a copy shares its storage; a weak reference
    /// made per controller cost more than the rest of the witness, callgrind).
    @usableFromInline let nodes: WindowChains.KeptNodes
    @usableFromInline let entries: [Entry]

    /// The presented controllers of `chain` (its first controller is its root), with `refs`, its
    /// snapshots in its order; nil when a controller of it is gone.
    @inlinable init?(chain: WindowChains.KeptNodes, refs: [ControllerRef]) {
        guard chain.count == refs.count, !chain.isEmpty, let first = chain.live(0, as: N.self) else { return nil }
        var out: [Entry] = []
        var previous: AnyObject = first
        // The first controller is the chain's root (a window's or a detached one): presented by nothing.
        for i in 1..<chain.count {
            guard let object = chain.live(i, as: N.self) else { return nil }
            defer { previous = object }
            // The chain says who presented it when that is the controller before it (the usual
            // case): each read of a presenter takes locks on a device.
            if chain.isPresentedByPrevious(i) {
                out.append(Entry(index: i, ref: refs[i], presenter: refs[i - 1], presenterID: ObjectIdentifier(previous)))
                continue
            }
            guard let presenter = object.presentingNode else { continue }
            // A chain's presented controller is usually presented by the one before it.
            let presenterRef = presenter === previous ? refs[i - 1] : presenter.ref
            out.append(Entry(index: i, ref: refs[i], presenter: presenterRef, presenterID: ObjectIdentifier(presenter)))
        }
        nodes = chain
        entries = out
    }

    /// The presented controllers of `chain`, walked now (its first controller is its root).
    @inlinable init(chain: [N]) {
        self.init(chain: WindowChains.KeptNodes(chain), refs: Hierarchy.refs(chain))!
    }

    /// `dismissed` (top first) and `handledBy` (the presenter of the lowest one removed).
    @inlinable func observation() -> Observation {
        // A controller deallocated meanwhile was removed as well. Every controller is read: a
        // chain with context presentations in several branches (a tab bar's) is not one stack,
        // and what a dismissal removes need not be its top.
        // One pass from the top: the removed ones top first, and the presenter of the lowest.
        var dismissed: [ControllerRef] = []
        var handledBy: ControllerRef?
        for e in entries.reversed() {
            let stays = nodes[e.index].map { unsafeDowncast($0, to: N.self).presentingNode.map { ObjectIdentifier($0) == e.presenterID } ?? false } ?? false
            if !stays { dismissed.append(e.ref); handledBy = e.presenter }
        }
        return Observation(dismissed: dismissed, handledBy: handledBy)
    }
}
