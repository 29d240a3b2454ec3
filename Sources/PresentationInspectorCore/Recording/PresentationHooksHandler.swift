import Foundation

/// Settings of the hook handler.
@_spi(Package) public struct HandlerConfiguration: Sendable {
    /// Options of the presentation model.
    @_spi(Package) public var resolver: ResolverOptions
    /// Seconds after a dismissal completes at which dismissed controllers are checked for
    /// leaks; nil turns leak checks off.
    @_spi(Package) public var leakCheckDelay: Double?
    /// Returns true for controllers whose presentations must not be recorded (the
    /// inspector's own UI, FLEX's). Calls involving them go straight to UIKit.
    @_spi(Package) public var ignore: (@Sendable (ControllerRef) -> Bool)?
    /// Whether events carry what the hierarchy reported after each call (`observed`, with a
    /// `model-drift` per difference): on for UIKit, whose answer is the fact; off for the
    /// simulator, whose world is the model itself (its logs stay as they are).
    @_spi(Package) public var recordsObservations: Bool
    /// Whether each present is also resolved in the other size class (an iPhone against an iPad), adding an
    /// `other-size-class` warning where the other kind of device would raise, refuse it or cover
    /// another area (DESIGN, rule 11). On by default.
    @_spi(Package) public var checksOtherSizeClass: Bool
    /// The iOS versions the app supports, compared for each present (`other-ios-version`, info,
    /// DESIGN rule 12): from its minimum (on a device `MinimumOSVersion`; nil: the package's,
    /// ``UIKitVersions/oldestSupported``) to the newest modelled; nil turns the comparison off.
    @_spi(Package) public var otherIOSVersionsFrom: SystemVersion?
    /// Whether each present is compared with the other iOS versions the app supports.
    @_spi(Package) public var checksOtherIOSVersions: Bool

    @_spi(Package) public init(resolver: ResolverOptions = ResolverOptions(), leakCheckDelay: Double? = 2.0,
                ignore: (@Sendable (ControllerRef) -> Bool)? = nil, recordsObservations: Bool = false,
                checksOtherSizeClass: Bool = true, checksOtherIOSVersions: Bool = true, minimumIOS: SystemVersion? = nil) {
        self.resolver = resolver
        self.leakCheckDelay = leakCheckDelay
        self.ignore = ignore
        self.recordsObservations = recordsObservations
        self.checksOtherSizeClass = checksOtherSizeClass
        self.checksOtherIOSVersions = checksOtherIOSVersions
        self.otherIOSVersionsFrom = minimumIOS
    }

    /// The versions `other-ios-version` compares: the app's minimum (clamped to the supported
    /// range) to the newest modelled.
    @_spi(Package) public var supportedIOSVersions: ClosedRange<SystemVersion> {
        UIKitVersions.rulesVersion(for: otherIOSVersionsFrom ?? UIKitVersions.oldestSupported)...UIKitVersions.newestModelled
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
@_spi(Package) public final class PresentationHooksHandler: @unchecked Sendable {
    @_spi(Package) public let recorder: Recorder
    @_spi(Package) public let scheduler: any InspectorScheduler
    @_spi(Package) public let configuration: HandlerConfiguration
    /// Controllers no leak check follows (a conformance run's own).
    @_spi(Package) public let leakCheckExemptions = LeakCheckExemptions()
    private let pendingSwipes = Locked<[ObjectIdentifier: PendingSwipe]>([:])
    /// The sheets as their events last recorded them (``sheetDetentChanged(sheet:context:)``).
    let recordedSheets = RecordedSheets()
    /// How many swipes have begun and not ended (for tests).
    var pendingSwipeCount: Int { pendingSwipes.withLock { $0.count } }
    /// A scenario's own choice for ``HandlerConfiguration/checksOtherSizeClass`` (nil: the configuration's).
    private let otherSizeClassChoice = Locked<Bool?>(nil)
    /// A scenario's own choice for the iOS versions compared: nil, the configuration's; `.some(nil)`, none.
    /// The iOS versions each present is compared with, and their spans (computed once per choice),
    /// nil when off: the scenario's choice (`chooseOtherIOSVersions(_:)`), else the configuration's.
    private let otherIOSVersionSpans: Locked<OtherIOSVersion.Supported?>

    @_spi(Package) public init(recorder: Recorder, scheduler: any InspectorScheduler, configuration: HandlerConfiguration = HandlerConfiguration()) {
        self.recorder = recorder
        self.scheduler = scheduler
        self.configuration = configuration
        otherIOSVersionSpans = Locked(configuration.checksOtherIOSVersions ? OtherIOSVersion.Supported(configuration.supportedIOSVersions) : nil)
    }

    /// The chain that starts at `root` (a window's root) as the events name it, walked now.
    @_spi(Package) public func chain<N: PresentationNode>(from root: N) -> [ControllerRef] {
        Hierarchy.refs(Hierarchy.chain(from: root))
    }

    func ignored(_ ref: ControllerRef) -> Bool {
        configuration.ignore?(ref) ?? false
    }

    /// Whether presents are also resolved in the other size class: the scenario's choice when it
    /// made one (`chooseOtherSizeClassCheck(_:)`), else the configuration's.
    var checksOtherSizeClass: Bool {
        otherSizeClassChoice.withLock { $0 } ?? configuration.checksOtherSizeClass
    }

    /// Overrides ``HandlerConfiguration/checksOtherSizeClass`` for the calls that follow (a
    /// scenario's `options`); nil returns to the configuration's.
    @_spi(Package) public func chooseOtherSizeClassCheck(_ on: Bool?) {
        otherSizeClassChoice.withLock { $0 = on }
    }

    /// The iOS versions each present is compared with (`other-ios-version`), nil when off.
    var otherIOSVersions: ClosedRange<SystemVersion>? { otherIOSVersionSpans.withLock { $0?.range } }

    /// Overrides the iOS versions compared for the calls that follow (a scenario's `options`):
    /// `.some(nil)` turns the comparison off; nil returns to the configuration's.
    @_spi(Package) public func chooseOtherIOSVersions(_ versions: ClosedRange<SystemVersion>??) {
        let chosen: ClosedRange<SystemVersion>? = switch versions {
        case .none: configuration.checksOtherIOSVersions ? configuration.supportedIOSVersions : nil
        case .some(let range): range
        }
        otherIOSVersionSpans.withLock { $0 = chosen.map(OtherIOSVersion.Supported.init) }
    }

    // MARK: present

    /// Handles `source.present(presented, animated:completion:)`: resolve, call the original,
    /// observe, record.
    ///
    /// - Parameters:
    ///   - source: the receiver of `present` (the original presenter).
    ///   - presented: the controller being presented.
    ///   - animated: the call's `animated` argument.
    ///   - context: the thread and call site of the call.
    ///   - completion: the call's completion handler, run after the completion event is recorded.
    ///   - observe: what UIKit reported, asked right after `original` returns (or when UIKit ends
    ///     the transition inside the call) and again when the transition ends, and told whether
    ///     it has ended (UIKit has called the completion it was given); nil when nothing was
    ///     observed. The event keeps the model's prediction and gains `observed` and one
    ///     `model-drift` per differing field.
    ///   - original: performs UIKit's original `present`, calling the completion it is given
    ///     when the transition ends.
    ///   - afterCall: run once UIKit's present has returned (or has ended its transition inside
    ///     the call), before the event is recorded: what may be read only then (on a device, the
    ///     presented controller's facts with its popover presentation controller, ``PopoverReading``).
    ///
    /// Nothing before `original` reads state that UIKit creates on first read: the resolver and
    /// the facts ask the nodes only for what exists (DESIGN "Observation first"); a popover's anchor
    /// that cannot be read yet is read after the call, for the same event.
    @_spi(Package) public func handlePresent<N: PresentationNode>(source: N, presented: N, animated: Bool, context: CallContext = .main,
                                                   completion: (() -> Void)?, observe: ((_ transitionEnded: Bool) -> Observation?)? = nil,
                                                   afterCall: (() -> Void)? = nil,
                                                   original: (_ completion: (() -> Void)?) -> Void) {
        if ignored(source.ref) || ignored(presented.ref) { original(completion); return }
        let resolution = PresentationResolver.resolvePresent(source: source, presented: presented, options: configuration.resolver)
        var diagnostics = resolution.diagnostics
        if !context.isMainThread { diagnostics.append(.offMainThread("present(_:animated:completion:)", thread: context.thread)) }
        // What the other kind of device would do: one more resolve, in the other size class.
        let other = checksOtherSizeClass ? OtherSizeClass.finding(for: resolution, options: configuration.resolver) : .decided(nil)
        // What users on the app's other iOS versions see: one more resolve per span of versions.
        var versions: [Diagnostic] = []
        if let supported = otherIOSVersionSpans.withLock({ $0 }),
           let other = OtherIOSVersion.diagnostic(for: resolution, options: configuration.resolver, supported: supported) {
            versions.append(other)
        }
        let call = PresentCall(handler: self, resolution: resolution, diagnostics: diagnostics, otherSizeClass: other,
                               laterDiagnostics: versions, animated: animated, context: context,
                               looks: configuration.recordsObservations, observe: observe, afterCall: afterCall, completion: completion)
        // UIKit raises for these: recorded before the original runs, the app may not survive it.
        if let rejection = resolution.rejection, rejection.severity == .error {
            call.recordRaisingRejection()
            original { call.transitionEndedAfterRejection() }
            return
        }
        original { call.transitionEnded() }
        call.recordPresent()
    }

    // MARK: dismiss

    /// Handles `receiver.dismiss(animated:completion:)`: resolve, record, call the original,
    /// record the end of the transition.
    ///
    /// UIKit forwards a dismiss sent to a controller that presents nothing to the controller
    /// that presented it, re-entering the hooked method: that one forwarded call goes straight
    /// to `original` and is folded into the outer event. Every other call (the app dismissing
    /// from a completion UIKit runs at once, or from `viewWillDisappear`) is recorded.
    ///   - observe: what UIKit really did (dismissed set, handler), when known before the call is
    ///     recorded (the simulator's scenario overrides); adds `observed` and `model-drift`s.
    @_spi(Package) public func handleDismiss<N: PresentationNode>(receiver: N, animated: Bool, context: CallContext = .main,
                                                   completion: (() -> Void)?, observe: (() -> Observation?)? = nil,
                                                   original: (_ completion: (() -> Void)?) -> Void) {
        if DismissForward.passesExpectedForward(receiver, completion: completion, original: original) { return }
        let resolution = PresentationResolver.resolveDismiss(receiver: receiver)
        // The forward UIKit will make from this call, if any, passes through unrecorded.
        let forward = resolution.forwarded ? resolution.handledBy.map { DismissForward.Expected.receiver(ObjectIdentifier($0)) } : nil
        let receiverRef = receiver.ref
        let dismissedRefs = resolution.refs.dismissed
        // Calls on ignored controllers, and dismissals that only remove ignored controllers (the
        // inspector's own UI), go straight to UIKit.
        if ignored(receiverRef) || (!dismissedRefs.isEmpty && dismissedRefs.allSatisfy(ignored)) {
            DismissForward.run(expecting: forward) { original(completion) }
            return
        }
        var diagnostics = resolution.diagnostics
        if !context.isMainThread { diagnostics.append(.offMainThread("dismiss(animated:completion:)", thread: context.thread)) }
        // The chain as it stands once the call returns: an animated dismissal keeps the removed
        // controllers until its transition ends (dismiss-completed shows them gone).
        let windowRoot = resolution.ultimateRoot
        let nodesBefore = resolution.windowChain
        let chainBefore = Hierarchy.refs(nodesBefore)
        let removed = Set(dismissedRefs.map { $0.id })
        let chainAfter = animated && resolution.outcome == .dismissed ? chainBefore : chainBefore.filter { !removed.contains($0.id) }
        var event = Event(
            time: scheduler.now, thread: context.thread, kind: .dismiss, outcome: resolution.outcome, animated: animated,
            window: resolution.windowID, steps: resolution.steps, receiver: receiverRef,
            handledBy: resolution.refs.handledBy, dismissed: dismissedRefs, forwarded: resolution.forwarded,
            diagnostics: diagnostics, chain: chainAfter, callSite: context.callSiteText, capturedCallStack: context.capturedCallStack,
            ancestry: Hierarchy.refs(Hierarchy.ancestry(of: receiver)))
        event.rulesVersion = UIKitVersions.rulesVersion(for: receiver.systemVersion)
        event.addFixes()
        Self.attach(observe?(), to: &event)
        // Recorded before the original runs, so a crash in UIKit's dismissal cannot lose it.
        let seq = recorder.record(event).seq

        // Who really loses its presenter is read when the transition ends, against the chain now.
        let witness = configuration.recordsObservations ? DismissalWitness(chain: nodesBefore) : nil
        // What the caller observed UIKit removing where the model predicted nothing (a
        // scenario's `observed`): the dismissal then completes as one UIKit performs.
        let observedRemoval = event.observed?.dismissed?.isEmpty == false
        let unpredictedRemoval = resolution.outcome != .dismissed && observedRemoval ? event.observed : nil
        guard resolution.outcome == .dismissed || witness != nil || unpredictedRemoval != nil else {
            DismissForward.run(expecting: forward) { original(completion) }
            return
        }
        // A loop over the nodes, not `zip`/`map`: unspecialised, those ask the runtime for metadata.
        var probes: [(ControllerRef, LivenessProbe)] = []
        if configuration.leakCheckDelay != nil && resolution.outcome == .dismissed {
            for i in 0..<min(dismissedRefs.count, resolution.dismissed.count) {
                probes.append((dismissedRefs[i], resolution.dismissed[i].makeLivenessProbe()))
            }
        }
        let predicted = event
        let observedAtCall = event.observed
        let thread = context.thread
        // A dismissal UIKit begins inside the call is the call's, even one the model did not
        // predict, when the call's end reports what UIKit removed (its witness).
        DismissForward.run(expecting: forward) {
            DismissCallInFlight.run(seq: witness != nil ? seq : nil) {
                original { [self] in
                    let observation = witness?.observation() ?? unpredictedRemoval
                    // A dismissal the model did not predict is recorded only if UIKit really removed something.
                    if predicted.outcome == .dismissed || observation?.dismissed?.isEmpty == false {
                        var done = Event(time: scheduler.now, thread: thread, kind: .dismissCompleted, outcome: .completed,
                                         animated: animated, window: predicted.window, relatesTo: seq, receiver: receiverRef,
                                         handledBy: predicted.handledBy, dismissed: dismissedRefs, chain: chain(from: windowRoot))
                        done.rulesVersion = predicted.rulesVersion
                        if let observation, !observation.isEmpty {
                            let drift = ModelDrift.diagnostics(predicted: predicted, observed: observation.subtracting(observedAtCall))
                            Self.store(observation, drift: drift, on: &done)
                        }
                        recorder.record(done)
                    }
                    if let delay = configuration.leakCheckDelay {
                        scheduleLeakChecks(probes, after: delay, relatesTo: seq, window: predicted.window, rulesVersion: predicted.rulesVersion)
                    }
                    // The app's own calls from its completion are its own, whatever UIKit forwards.
                    DismissForward.run(expecting: nil) { DismissCallInFlight.run(seq: nil) { completion?() } }
                }
            }
        }
    }

    /// Runs `original` for a `dismiss` that is not recorded: one on a controller the session
    /// excludes, or one made off the main thread (`receiver` nil: UIKit cannot be read there).
    /// UIKit's forward of it to the presenting controller passes through unrecorded as well;
    /// every other `dismiss` made while it runs (a completion UIKit runs at once, a
    /// `viewWillDisappear`) is recorded.
    @_spi(Package) public func passThroughDismiss<N: PresentationNode>(receiver: N?, completion: (() -> Void)?,
                                                        original: (_ completion: (() -> Void)?) -> Void) {
        if let receiver, DismissForward.passesExpectedForward(receiver, completion: completion, original: original) { return }
        let forward: DismissForward.Expected?
        if let receiver {
            let resolution = PresentationResolver.resolveDismiss(receiver: receiver)
            forward = resolution.forwarded ? resolution.handledBy.map { .receiver(ObjectIdentifier($0)) } : nil
        } else {
            // Off the main thread the forward's receiver cannot be read: UIKit forwards first
            // thing in `dismiss`, before any of the app's code runs, so it is the first call made.
            forward = .firstCall
        }
        DismissForward.run(expecting: forward) {
            original { DismissForward.run(expecting: nil) { completion?() } }
        }
    }

    /// For a hook that cannot hand every call to the handler (off the main thread): when a
    /// `dismiss` sent to `receiver` now is UIKit's forward of one that passes through unrecorded
    /// (``passThroughDismiss(receiver:completion:original:)``), runs `original` and answers true.
    @_spi(Package) public func passesExpectedForward<N: PresentationNode>(_ receiver: N, completion: (() -> Void)?,
                                                          original: (_ completion: (() -> Void)?) -> Void) -> Bool {
        DismissForward.passesExpectedForward(receiver, completion: completion, original: original)
    }

    // MARK: observations

    /// Stores `observation` on `event` with one `model-drift` per field that differs from the
    /// event's own prediction (`predictedOutcome`, when given, for its outcome).
    static func attach(_ observation: Observation?, to event: inout Event, predictedOutcome: Outcome? = nil) {
        guard let observation, !observation.isEmpty else { return }
        var predicted = event
        if let predictedOutcome { predicted.outcome = predictedOutcome }
        store(observation, drift: ModelDrift.diagnostics(predicted: predicted, observed: observation), on: &event)
    }

    /// Puts `observation` and its `model-drift`s on `event`.
    static func store(_ observation: Observation, drift: [Diagnostic], on event: inout Event) {
        event.observed = observation
        if !drift.isEmpty { event.diagnostics += drift; event.addFixes() }
    }

    func scheduleLeakChecks(_ probes: [(ControllerRef, LivenessProbe)], after delay: Double, relatesTo seq: Int, window: String?,
                            rulesVersion: SystemVersion?) {
        guard !probes.isEmpty else { return }
        scheduler.schedule(after: delay) { [recorder, scheduler, leakCheckExemptions] in
            for (ref, probe) in probes where !leakCheckExemptions.contains(ref.id) && probe.isLeaked() {
                var check = Event(time: scheduler.now, kind: .leakCheck, outcome: .completed, window: window, relatesTo: seq,
                                  dismissed: [ref], diagnostics: [.leakedAfterDismiss(ref, seconds: delay)])
                check.rulesVersion = rulesVersion
                recorder.record(check.withFixes())
            }
        }
    }

    /// `event` stamped with the rules version of `node`'s app (``Event/rulesVersion``).
    static func ruled<N: PresentationNode>(_ event: Event, by node: N) -> Event {
        var e = event
        e.rulesVersion = UIKitVersions.rulesVersion(for: node.systemVersion)
        return e
    }

    // MARK: interactive dismissal

    private struct PendingSwipe {
        /// The sheet being swiped. A swipe whose sheet is gone ended unseen: it is dropped, and
        /// its key (the sheet's address) may already name another sheet.
        weak var sheet: AnyObject?
        var dismissed: [ControllerRef]
        var handledBy: ControllerRef?
        var window: String?
        var steps: [ExplanationStep]
        var chainAfter: [ControllerRef]
    }

    /// The user started swiping `sheet` down. Call before UIKit changes anything.
    @_spi(Package) public func interactiveDismissBegan<N: PresentationNode>(sheet: N) {
        if ignored(sheet.ref) { return }
        let r = PresentationResolver.resolveInteractiveDismiss(sheet: sheet, completes: true)
        let removed = Set(r.dismissed.map(ObjectIdentifier.init))
        let chainAfter = Hierarchy.refs(r.windowChain.filter { !removed.contains(ObjectIdentifier($0)) })
        let pending = PendingSwipe(sheet: sheet, dismissed: Hierarchy.refs(r.dismissed), handledBy: r.handledBy?.ref,
                                   window: r.windowID, steps: r.steps, chainAfter: chainAfter)
        pendingSwipes.withLock { swipes in
            swipes = swipes.filter { $0.value.sheet != nil }
            swipes[ObjectIdentifier(sheet)] = pending
        }
    }

    /// The swipe was refused because `isModalInPresentation` is true.
    @_spi(Package) public func interactiveDismissBlocked<N: PresentationNode>(sheet: N, context: CallContext = .main) {
        if ignored(sheet.ref) { return }
        pendingSwipes.withLock { $0[ObjectIdentifier(sheet)] = nil }
        let r = PresentationResolver.resolveInteractiveDismiss(sheet: sheet, completes: false)
        var steps = r.steps
        if !sheet.isModalInPresentation { steps.append(.text("The app refused the dismissal (isModalInPresentation or its delegate).")) }
        recorder.record(Self.ruled(Event(time: scheduler.now, thread: context.thread, kind: .interactiveDismiss, outcome: .blocked, animated: true,
                                         window: r.windowID, steps: steps, receiver: sheet.ref, forwarded: false,
                                         chain: Hierarchy.refs(r.windowChain)), by: sheet))
    }

    /// The swipe ended: `completed` is true when the sheet went away, false when the user cancelled.
    @_spi(Package) public func interactiveDismissEnded<N: PresentationNode>(sheet: N, completed: Bool, context: CallContext = .main) {
        if ignored(sheet.ref) { return }
        let pending = pendingSwipes.withLock { $0.removeValue(forKey: ObjectIdentifier(sheet)) }.flatMap { $0.sheet === sheet ? $0 : nil }
        guard completed else {
            let r = PresentationResolver.resolveInteractiveDismiss(sheet: sheet, completes: false)
            recorder.record(Self.ruled(Event(time: scheduler.now, thread: context.thread, kind: .interactiveDismiss, outcome: .cancelled,
                                             animated: true, window: r.windowID, steps: r.steps, receiver: sheet.ref, forwarded: false,
                                             chain: Hierarchy.refs(r.windowChain)), by: sheet))
            return
        }
        let p = pending ?? {
            let r = PresentationResolver.resolveInteractiveDismiss(sheet: sheet, completes: true)
            return PendingSwipe(sheet: sheet, dismissed: Hierarchy.refs(r.dismissed), handledBy: r.handledBy?.ref, window: r.windowID,
                                steps: r.steps, chainAfter: [])
        }()
        let swipe = Self.ruled(Event(time: scheduler.now, thread: context.thread, kind: .interactiveDismiss, outcome: .completed,
                                     animated: true, window: p.window, steps: p.steps, receiver: sheet.ref,
                                     handledBy: p.handledBy, dismissed: p.dismissed, forwarded: false, chain: p.chainAfter), by: sheet)
        let seq = recorder.record(swipe).seq
        if let delay = configuration.leakCheckDelay {
            scheduleLeakChecks([(sheet.ref, sheet.makeLivenessProbe())], after: delay, relatesTo: seq, window: p.window,
                               rulesVersion: swipe.rulesVersion)
        }
    }
}
