import Foundation

// What a hooked call leaves to run when UIKit calls its completion.

/// A present's completion: the `present-completed` event it records once the present's own event
/// has its `seq`, with a second look compared against the present's prediction and first
/// observation. UIKit may run the completion before `present` returns: ``PendingOperation`` holds
/// it until the event is recorded, so `predicted` and `observation`, set before, are read after
/// (its lock orders the two).
@usableFromInline final class PresentCompletion<N: PresentationNode>: @unchecked Sendable {
    @usableFromInline let handler: PresentationHooksHandler
    @usableFromInline let source: N, presented: N, predictedPresenting: N
    @usableFromInline let sourceRef: ControllerRef, presentedRef: ControllerRef, presentingRef: ControllerRef
    @usableFromInline let thread: String
    @usableFromInline let animated: Bool
    @usableFromInline let windowID: String?
    @usableFromInline let effectiveStyle: PresentationStyle
    @usableFromInline let observe: (() -> Observation?)?
    /// Whether observations are recorded: the completion then takes a second look.
    @usableFromInline let looks: Bool
    // Set before the present's event is recorded, read after (ordered by `PendingOperation`'s
    // lock; run-time exclusivity checks off: a runtime call per access).
    @exclusivity(unchecked) @usableFromInline var predicted: DriftPrediction?
    @exclusivity(unchecked) @usableFromInline var observation: Observation?
    /// The present's transition end: the chain it left, while nothing changed since, is the chain now.
    @exclusivity(unchecked) @usableFromInline var ended: TransitionEnd?
    /// The call's own look when the transition ended inside the call: taken after the end, it is
    /// what a second look would see (nothing runs between the two), so none is taken.
    @exclusivity(unchecked) @usableFromInline var lookAtEnd: Observation?

    @inlinable init(handler: PresentationHooksHandler, source: N, presented: N, predictedPresenting: N,
                    refs: (source: ControllerRef, presented: ControllerRef, presenting: ControllerRef), thread: String,
                    animated: Bool, windowID: String?, effectiveStyle: PresentationStyle, observe: (() -> Observation?)?, looks: Bool) {
        self.handler = handler
        self.source = source; self.presented = presented; self.predictedPresenting = predictedPresenting
        sourceRef = refs.source; presentedRef = refs.presented; presentingRef = refs.presenting
        self.thread = thread; self.animated = animated; self.windowID = windowID; self.effectiveStyle = effectiveStyle
        self.observe = observe; self.looks = looks
    }

    /// Records `present-completed` for the present recorded as `seq`.
    @inlinable func record(seq: Int) {
        let pRef: ControllerRef?
        if let lookAtEnd {
            pRef = lookAtEnd.presenting
        } else {
            let p = presented.presentingNode
            pRef = p.map { $0 === predictedPresenting ? presentingRef : $0 === source ? sourceRef : $0 === presented ? presentedRef : $0.ref }
        }
        var done = Event(time: handler.scheduler.now, thread: thread, kind: .presentCompleted, outcome: .completed,
                         animated: animated, window: windowID, relatesTo: seq, source: sourceRef, presented: presentedRef,
                         presenting: pRef, effectiveStyle: effectiveStyle,
                         // Walked up now, not the resolver's root: the transition may have taken a while.
                         chain: ended?.chainLeft(handler.chains) ?? handler.chains.chain(from: Hierarchy.ultimateRoot(of: presented)))
        if let lookAtEnd {
            // Its differences from the prediction are on the present's own event.
            done.observed = lookAtEnd
        } else if looks, let predicted {
            // A second look once the transition is over: adaptation and the final window are known only now.
            let again = PresentationHooksHandler.observedPresent(presenting: pRef, wasPresented: false, at: .completion).merging(observe?())
            PresentationHooksHandler.attach(again, to: &done, driftAgainst: predicted, driftOnly: again.subtracting(observation))
        }
        _ = handler.recorder.record(inPlace: &done)
    }
}

/// Orders a completion after the event it completes, even when UIKit runs the completion
/// before `present` returns.
@usableFromInline final class PendingOperation: @unchecked Sendable {
    @usableFromInline init() {}
    /// One lock for every instance: one is made per recorded call, and a lock of its own was made
    /// and destroyed with it (callgrind: ≈ 100 instructions an event).
    private static let lock = InspectorLock()
    private var lock: InspectorLock { Self.lock }
    // Guarded by `lock` (exclusivity checks off, as in ``Recorder``).
    @exclusivity(unchecked) private var seq: Int?
    /// The usual one waiter, then any others (an array made per call for one closure showed in the profile).
    @exclusivity(unchecked) private var first: ((Int) -> Void)?
    @exclusivity(unchecked) private var waiting: [(Int) -> Void] = []

    @usableFromInline func whenRecorded(_ work: @escaping (Int) -> Void) {
        lock.lock()
        if let seq { lock.unlock(); work(seq); return }
        if first == nil { first = work } else { waiting.append(work) }
        lock.unlock()
    }

    @usableFromInline func recorded(seq: Int) {
        lock.lock()
        self.seq = seq
        let f = first, w = waiting
        first = nil
        waiting = []
        lock.unlock()
        f?(seq)
        for work in w { work(seq) }
    }
}
