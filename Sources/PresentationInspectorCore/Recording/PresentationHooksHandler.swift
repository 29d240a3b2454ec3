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

    public init(resolver: ResolverOptions = ResolverOptions(), leakCheckDelay: Double? = 2.0,
                ignore: (@Sendable (ControllerRef) -> Bool)? = nil) {
        self.resolver = resolver
        self.leakCheckDelay = leakCheckDelay
        self.ignore = ignore
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

    private let lock = NSLock()
    private var pendingSwipes: [ObjectIdentifier: PendingSwipe] = [:]

    public init(recorder: Recorder, scheduler: any InspectorScheduler, configuration: HandlerConfiguration = HandlerConfiguration()) {
        self.recorder = recorder
        self.scheduler = scheduler
        self.configuration = configuration
    }

    private func ignored(_ refs: ControllerRef...) -> Bool {
        guard let ignore = configuration.ignore else { return false }
        return refs.contains(where: ignore)
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
    public func handlePresent<N: PresentationNode>(source: N, presented: N, animated: Bool, context: CallContext = .main,
                                                   completion: (() -> Void)?, observe: (() -> Observation?)? = nil,
                                                   original: (_ completion: (() -> Void)?) -> Void) {
        if ignored(source.ref, presented.ref) { original(completion); return }
        let resolution = PresentationResolver.resolvePresent(source: source, presented: presented, options: configuration.resolver)
        var diagnostics = resolution.diagnostics
        if !context.isMainThread { diagnostics.append(.offMainThread("present(_:animated:completion:)", thread: context.thread)) }

        func event(outcome: Outcome, presenting: N?, explanation: [String], chain: [ControllerRef]) -> Event {
            Event(time: scheduler.now, thread: context.thread, kind: .present, outcome: outcome, animated: animated,
                  window: resolution.windowID, source: source.ref, presented: presented.ref,
                  presenting: presenting?.ref ?? resolution.presenting.ref, contextProvider: resolution.contextProvider.ref,
                  requestedStyle: resolution.requestedStyle, effectiveStyle: resolution.effectiveStyle,
                  requestedTransition: resolution.requestedTransition, effectiveTransition: resolution.effectiveTransition,
                  explanation: explanation, diagnostics: diagnostics, chain: chain, callSite: context.callSite,
                  ancestry: Hierarchy.ancestry(of: source).map { $0.ref }).withFixes()
        }

        // UIKit raises for these: record first, the app may not survive the original call.
        if let rejection = resolution.rejection, rejection.severity == .error {
            let chain = Hierarchy.chain(from: Hierarchy.ultimateRoot(of: source)).map { $0.ref }
            recorder.record(event(outcome: .rejected, presenting: nil, explanation: resolution.explanation, chain: chain))
            original(completion)
            return
        }

        let wasPresented = presented.presentingNode != nil
        let op = PendingOperation()
        let wrapped: () -> Void = { [recorder, scheduler] in
            op.whenRecorded { seq in
                recorder.record(Event(time: scheduler.now, thread: context.thread, kind: .presentCompleted, outcome: .completed,
                                      animated: animated, window: resolution.windowID, relatesTo: seq,
                                      source: source.ref, presented: presented.ref, presenting: presented.presentingNode?.ref,
                                      effectiveStyle: resolution.effectiveStyle,
                                      chain: Hierarchy.chain(from: Hierarchy.ultimateRoot(of: presented)).map { $0.ref }))
            }
            completion?()
        }
        original(wrapped)

        // Observe what actually happened; on device this is UIKit's own answer.
        let observedPresenting = presented.presentingNode
        let succeeded = !wasPresented && observedPresenting != nil
        let observation = observe?()
        var explanation = resolution.explanation
        if observation?.presenting != nil {
            // The explicit observation and its model-drift say where reality differed.
        } else if succeeded != (resolution.rejection == nil) {
            explanation.append(succeeded ? "Observed: the presentation went ahead although the model predicted a rejection."
                                         : "Observed: the presentation did not happen although the model predicted it would.")
        } else if succeeded, let observedPresenting, observedPresenting !== resolution.presenting {
            explanation.append("Observed: UIKit chose \(observedPresenting.ref.label) as the presenting controller where the model predicted \(resolution.presenting.ref.label).")
        }
        let chain = Hierarchy.chain(from: Hierarchy.ultimateRoot(of: succeeded ? presented : source)).map { $0.ref }
        // With an explicit observation the top-level fields stay the model's prediction.
        var e = event(outcome: succeeded ? .presented : .rejected,
                      presenting: succeeded ? (observation?.presenting != nil ? resolution.presenting : observedPresenting) : nil,
                      explanation: explanation, chain: chain)
        Self.attach(observation, to: &e)
        let recorded = recorder.record(e)
        op.recorded(seq: recorded.seq)
    }

    // MARK: dismiss

    /// Handles `receiver.dismiss(animated:completion:)`. A call made while another dismiss
    /// is being handled on the same thread (UIKit forwarding the message) goes straight to
    /// `original` and is not recorded again.
    ///   - observe: what UIKit really did (dismissed set, handler), when known before the call is
    ///     recorded (the simulator's scenario overrides); adds `observed` and `model-drift`s.
    public func handleDismiss<N: PresentationNode>(receiver: N, animated: Bool, context: CallContext = .main,
                                                   completion: (() -> Void)?, observe: (() -> Observation?)? = nil,
                                                   original: (_ completion: (() -> Void)?) -> Void) {
        let depth = DismissDepth.current
        if depth > 0 { original(completion); return }
        // The depth covers ignored calls too, so the dismiss UIKit forwards from them is skipped as well.
        DismissDepth.current = depth + 1
        defer { DismissDepth.current = depth }
        if ignored(receiver.ref) { original(completion); return }

        let resolution = PresentationResolver.resolveDismiss(receiver: receiver)
        // A dismissal that only removes ignored controllers (the inspector's own UI) is not recorded either.
        if configuration.ignore != nil, !resolution.dismissed.isEmpty, resolution.dismissed.allSatisfy({ ignored($0.ref) }) {
            original(completion)
            return
        }
        var diagnostics = resolution.diagnostics
        if !context.isMainThread { diagnostics.append(.offMainThread("dismiss(animated:completion:)", thread: context.thread)) }
        let removed = Set(resolution.dismissed.map { ObjectIdentifier($0) })
        // The window's root, taken now: after the dismissal the receiver may hang from nothing.
        let windowRoot = Hierarchy.ultimateRoot(of: receiver)
        // The chain as it stands once the call returns: an animated dismissal keeps the removed
        // controllers until its transition ends (dismiss-completed shows them gone).
        let chainNow = Hierarchy.chain(from: windowRoot)
        let chainAfter = (animated && resolution.outcome == .dismissed ? chainNow : chainNow.filter { !removed.contains(ObjectIdentifier($0)) }).map { $0.ref }
        let dismissedRefs = resolution.dismissed.map { $0.ref }
        var dismissEvent = Event(
            time: scheduler.now, thread: context.thread, kind: .dismiss, outcome: resolution.outcome, animated: animated,
            window: resolution.windowID, explanation: resolution.explanation, receiver: receiver.ref,
            handledBy: resolution.handledBy?.ref, dismissed: dismissedRefs, forwarded: resolution.forwarded,
            diagnostics: diagnostics, chain: chainAfter, callSite: context.callSite,
            ancestry: Hierarchy.ancestry(of: receiver).map { $0.ref })
        dismissEvent = dismissEvent.withFixes()
        Self.attach(observe?(), to: &dismissEvent)
        let recorded = recorder.record(dismissEvent)

        guard resolution.outcome == .dismissed else { original(completion); return }
        let probes = configuration.leakCheckDelay == nil ? [] : resolution.dismissed.map { ($0.ref, $0.makeLivenessProbe()) }
        let window = resolution.windowID
        let handledBy = resolution.handledBy?.ref
        let wrapped: () -> Void = { [recorder, scheduler, configuration] in
            recorder.record(Event(time: scheduler.now, thread: context.thread, kind: .dismissCompleted, outcome: .completed,
                                  animated: animated, window: window, relatesTo: recorded.seq, receiver: receiver.ref,
                                  handledBy: handledBy, dismissed: dismissedRefs,
                                  chain: Hierarchy.chain(from: windowRoot).map { $0.ref }))
            if let delay = configuration.leakCheckDelay { Self.scheduleLeakChecks(probes, after: delay, relatesTo: recorded.seq, window: window, recorder: recorder, scheduler: scheduler) }
            completion?()
        }
        original(wrapped)
    }

    /// Stores `observation` on `event` and appends one `model-drift` per field that differs.
    static func attach(_ observation: Observation?, to event: inout Event) {
        guard let observation, !observation.isEmpty else { return }
        event.observed = observation
        event.diagnostics += ModelDrift.diagnostics(predicted: event, observed: observation)
        event = event.withFixes()
    }

    private static func scheduleLeakChecks(_ probes: [(ControllerRef, LivenessProbe)], after delay: Double, relatesTo seq: Int,
                                           window: String?, recorder: Recorder, scheduler: any InspectorScheduler) {
        guard !probes.isEmpty else { return }
        scheduler.schedule(after: delay) {
            for (ref, probe) in probes where probe.isLeaked() {
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
        var explanation: [String]
        var chainAfter: [ControllerRef]
    }

    /// The user started swiping `sheet` down. Call before UIKit changes anything.
    public func interactiveDismissBegan<N: PresentationNode>(sheet: N) {
        if ignored(sheet.ref) { return }
        let r = PresentationResolver.resolveInteractiveDismiss(sheet: sheet, completes: true)
        let removed = Set(r.dismissed.map { ObjectIdentifier($0) })
        let chainAfter = Hierarchy.chain(from: Hierarchy.ultimateRoot(of: sheet)).filter { !removed.contains(ObjectIdentifier($0)) }.map { $0.ref }
        lock.lock(); defer { lock.unlock() }
        pendingSwipes[ObjectIdentifier(sheet)] = PendingSwipe(began: scheduler.now, dismissed: r.dismissed.map { $0.ref }, handledBy: r.handledBy?.ref,
                                                              window: r.windowID, explanation: r.explanation, chainAfter: chainAfter)
    }

    /// The swipe was refused because `isModalInPresentation` is true.
    public func interactiveDismissBlocked<N: PresentationNode>(sheet: N, context: CallContext = .main) {
        if ignored(sheet.ref) { return }
        lock.lock(); pendingSwipes[ObjectIdentifier(sheet)] = nil; lock.unlock()
        let r = PresentationResolver.resolveInteractiveDismiss(sheet: sheet, completes: false)
        var explanation = r.explanation
        if !sheet.isModalInPresentation { explanation.append("The app refused the dismissal (isModalInPresentation or its delegate).") }
        recorder.record(Event(time: scheduler.now, thread: context.thread, kind: .interactiveDismiss, outcome: .blocked, animated: true,
                              window: r.windowID, explanation: explanation, receiver: sheet.ref, forwarded: false,
                              chain: Hierarchy.chain(from: Hierarchy.ultimateRoot(of: sheet)).map { $0.ref }))
    }

    /// The swipe ended: `completed` is true when the sheet went away, false when the user cancelled.
    public func interactiveDismissEnded<N: PresentationNode>(sheet: N, completed: Bool, context: CallContext = .main) {
        if ignored(sheet.ref) { return }
        lock.lock()
        let pending = pendingSwipes.removeValue(forKey: ObjectIdentifier(sheet))
        lock.unlock()
        if completed {
            let p = pending ?? {
                let r = PresentationResolver.resolveInteractiveDismiss(sheet: sheet, completes: true)
                return PendingSwipe(began: scheduler.now, dismissed: r.dismissed.map { $0.ref }, handledBy: r.handledBy?.ref, window: r.windowID,
                                    explanation: r.explanation, chainAfter: [])
            }()
            let seq = recorder.record(Event(time: scheduler.now, thread: context.thread, kind: .interactiveDismiss, outcome: .completed,
                                            animated: true, window: p.window, explanation: p.explanation, receiver: sheet.ref,
                                            handledBy: p.handledBy, dismissed: p.dismissed, forwarded: false, chain: p.chainAfter)).seq
            if let delay = configuration.leakCheckDelay {
                Self.scheduleLeakChecks([(sheet.ref, sheet.makeLivenessProbe())], after: delay, relatesTo: seq, window: p.window,
                                        recorder: recorder, scheduler: scheduler)
            }
        } else {
            let r = PresentationResolver.resolveInteractiveDismiss(sheet: sheet, completes: false)
            recorder.record(Event(time: scheduler.now, thread: context.thread, kind: .interactiveDismiss, outcome: .cancelled,
                                  animated: true, window: r.windowID, explanation: r.explanation, receiver: sheet.ref, forwarded: false,
                                  chain: Hierarchy.chain(from: Hierarchy.ultimateRoot(of: sheet)).map { $0.ref }))
        }
    }
}

/// How deeply `handleDismiss` is nested on the calling thread, in a pthread key: Foundation's
/// `threadDictionary` cost several microseconds per dismiss on Linux (issue 6 profile).
enum DismissDepth {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The nesting on this thread (0 outside any `handleDismiss`).
    static var current: Int {
        get { Int(bitPattern: pthread_getspecific(key)) }
        set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }
}

/// Orders a completion after the event it completes, even when UIKit runs the completion
/// before `present` returns.
final class PendingOperation: @unchecked Sendable {
    private let lock = NSLock()
    private var seq: Int?
    private var waiting: [(Int) -> Void] = []

    func whenRecorded(_ work: @escaping (Int) -> Void) {
        lock.lock()
        if let seq { lock.unlock(); work(seq); return }
        waiting.append(work)
        lock.unlock()
    }

    func recorded(seq: Int) {
        lock.lock()
        self.seq = seq
        let w = waiting
        waiting = []
        lock.unlock()
        for work in w { work(seq) }
    }
}
