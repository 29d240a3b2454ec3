import Foundation

// What a hooked call leaves to run when UIKit calls its completion.

/// A present's completion: the `present-completed` event it records once the present's own event
/// has its `seq`, with a second look compared against the present's prediction and first
/// observation. UIKit may run the completion before `present` returns: it then waits until the
/// event is recorded (``transitionCompleted()``, ``presentRecorded(seq:)``), so `predicted` and
/// `observation`, set before, are read after (``orderLock`` orders the two).
///
/// Also the present's ``TransitionEnd``: one object per present rather than three (with the
/// ordering's own object and the closure handed to it; callgrind, issue 10).
@usableFromInline final class PresentCompletion<N: PresentationNode>: TransitionEnd, @unchecked Sendable {
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
    /// The app's own completion, run once the transition's end is handled.
    @usableFromInline let completion: (() -> Void)?
    /// The chain before the call (set before UIKit's present runs): the chain after it is worked
    /// out from this one when the call only put the presented controller on its top.
    @exclusivity(unchecked) @usableFromInline var chainBefore: WindowChains.Chain<N>?
    // Set before the present's event is recorded, read after (ordered by `orderLock`; run-time
    // exclusivity checks off: a runtime call per access).
    @exclusivity(unchecked) @usableFromInline var predicted: DriftPrediction?
    @exclusivity(unchecked) @usableFromInline var observation: Observation?
    /// The call's own look when the transition ended inside the call: taken after the end, it is
    /// what a second look would see (nothing runs between the two), so none is taken.
    @exclusivity(unchecked) @usableFromInline var lookAtEnd: Observation?
    /// One lock for every instance, for the ordering below: one is made per present, and a lock
    /// of its own was made and destroyed with it (callgrind: ≈ 100 instructions an event).
    @usableFromInline static var orderLock: InspectorLock { completionOrderLock }
    // Guarded by `orderLock`.
    @exclusivity(unchecked) @usableFromInline var recordedSeq: Int?
    /// UIKit ran the completion before the present's event was recorded.
    @exclusivity(unchecked) @usableFromInline var completedEarly = false

    @inlinable init(handler: PresentationHooksHandler, source: N, presented: N, predictedPresenting: N,
                    refs: (source: ControllerRef, presented: ControllerRef, presenting: ControllerRef), thread: String,
                    animated: Bool, windowID: String?, effectiveStyle: PresentationStyle, observe: (() -> Observation?)?, looks: Bool,
                    completion: (() -> Void)?) {
        self.handler = handler
        self.source = source; self.presented = presented; self.predictedPresenting = predictedPresenting
        sourceRef = refs.source; presentedRef = refs.presented; presentingRef = refs.presenting
        self.thread = thread; self.animated = animated; self.windowID = windowID; self.effectiveStyle = effectiveStyle
        self.observe = observe; self.looks = looks; self.completion = completion
    }

    /// UIKit's completion of the present (what the hook hands UIKit, as `transitionEnded`: a
    /// method of this object, so no closure context is made per present): the chain's change
    /// applied, `present-completed` recorded (or ordered after the present's event), then the
    /// app's completion.
    @inlinable func transitionEnded() {
        let chains = handler.chains
        if let before = chainBefore {
            mark(chains, after: before.generation, applying: chains.change(before, afterPresenting: presented))
        } else {
            mark(chains, after: 0, applying: nil as WindowChains.Change<N>?)
        }
        transitionCompleted()
        completion?()
    }

    /// UIKit ran the present's completion: records `present-completed` now, or as soon as the
    /// present's own event is recorded.
    @inlinable func transitionCompleted() {
        Self.orderLock.lock()
        guard let seq = recordedSeq else { completedEarly = true; Self.orderLock.unlock(); return }
        Self.orderLock.unlock()
        record(seq: seq)
    }

    /// The present's own event is recorded as `seq`: a completion that ran before is recorded now.
    @inlinable func presentRecorded(seq: Int) {
        Self.orderLock.lock()
        recordedSeq = seq
        let waited = completedEarly
        completedEarly = false
        Self.orderLock.unlock()
        if waited { record(seq: seq) }
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
                         chain: chainLeft(handler.chains) ?? handler.chains.chain(from: Hierarchy.ultimateRoot(of: presented)))
        if let lookAtEnd {
            // Its differences from the prediction are on the present's own event.
            done.observed = lookAtEnd
        } else if looks, let predicted {
            // A second look once the transition is over: adaptation and the final window are known only now.
            let again = PresentationHooksHandler.observedPresent(presenting: pRef, wasPresented: false, at: .completion, merging: observe?())
            PresentationHooksHandler.attach(again, to: &done, driftAgainst: predicted, driftOnly: again.subtracting(observation))
        }
        _ = handler.recorder.record(inPlace: &done)
    }
}

/// ``PresentCompletion/orderLock`` (a generic class cannot have a stored static property).
@usableFromInline let completionOrderLock = InspectorLock()
