import Foundation

/// One hooked `present` from its call to the end of its transition: records the `present`
/// event with the call's look at UIKit, then `present-completed` with a second look, then runs
/// the app's completion.
///
/// UIKit may end a non-animated present's transition inside the call: the present's event is
/// then recorded from the completion, before the app's completion runs, so that whatever the
/// app does there (a dismiss) is recorded after it, in call order.
final class PresentCall<N: PresentationNode>: @unchecked Sendable {
    private let handler: PresentationHooksHandler
    private let resolution: PresentResolution<N>
    /// The diagnostics known before the call.
    private let diagnostics: [Diagnostic]
    /// What the other size class does, whose warning is settled after the call.
    private let otherSizeClass: OtherSizeClass.Finding
    /// The diagnostics that follow the other size class's (the other iOS versions').
    private let laterDiagnostics: [Diagnostic]
    private let animated: Bool
    private let context: CallContext
    /// Whether observations are recorded (on a device): the outcome and presenter UIKit
    /// reports are then looked at after the call and again at the end of the transition.
    private let looks: Bool
    /// UIKit's answer, told whether the transition has ended (UIKit has called the present's
    /// completion): only then is what is on screen the presentation's final look.
    private let observe: ((_ transitionEnded: Bool) -> Observation?)?
    /// Reads made once UIKit's present has returned, before the event is recorded.
    private let afterCall: (() -> Void)?
    private let completion: (() -> Void)?

    private let state = Locked(PresentCallState())

    init(handler: PresentationHooksHandler, resolution: PresentResolution<N>, diagnostics: [Diagnostic],
         otherSizeClass: OtherSizeClass.Finding, laterDiagnostics: [Diagnostic], animated: Bool, context: CallContext, looks: Bool,
         observe: ((_ transitionEnded: Bool) -> Observation?)?, afterCall: (() -> Void)?, completion: (() -> Void)?) {
        self.handler = handler
        self.resolution = resolution
        self.diagnostics = diagnostics
        self.otherSizeClass = otherSizeClass
        self.laterDiagnostics = laterDiagnostics
        self.animated = animated
        self.context = context
        self.looks = looks
        self.observe = observe
        self.afterCall = afterCall
        self.completion = completion
    }

    private var refs: (source: ControllerRef, presented: ControllerRef, presenting: ControllerRef, contextProvider: ControllerRef) {
        resolution.refs
    }

    /// The present event as the model predicts it, with `outcome` and `diagnostics`.
    private func event(outcome: Outcome, presenting: ControllerRef?, steps: [ExplanationStep], chain: [ControllerRef],
                       diagnostics: [Diagnostic]) -> Event {
        var e = Event(time: handler.scheduler.now, thread: context.thread, kind: .present, outcome: outcome, animated: animated,
                      window: resolution.windowID, source: refs.source, presented: refs.presented,
                      presenting: presenting ?? refs.presenting, contextProvider: refs.contextProvider,
                      requestedStyle: resolution.requestedStyle, effectiveStyle: resolution.effectiveStyle,
                      requestedTransition: resolution.requestedTransition, effectiveTransition: resolution.effectiveTransition,
                      steps: steps, diagnostics: diagnostics, chain: chain, callSite: context.callSiteText,
                      capturedCallStack: context.capturedCallStack, ancestry: resolution.ancestryRefs)
        e.rulesVersion = resolution.rulesVersion
        e.addFixes()
        return e
    }

    /// The `model-drift`s of `observed` against `predicted`; a style the model does not predict
    /// (``PresentResolution/styleIsPredicted``) is observed only and never drifts.
    private func drift(predicted: Event, observed: Observation) -> [Diagnostic] {
        var predicted = predicted
        if !resolution.styleIsPredicted, let style = observed.effectiveStyle { predicted.effectiveStyle = style }
        return ModelDrift.diagnostics(predicted: predicted, observed: observed)
    }

    // MARK: a present UIKit raises for

    /// Records the rejection before UIKit's original runs: the app may not survive it.
    func recordRaisingRejection() {
        state.withLock { s in
            var e = event(outcome: .rejected, presenting: nil, steps: resolution.steps, chain: Hierarchy.refs(resolution.reads.windowChain),
                          diagnostics: diagnostics + laterDiagnostics)
            let seq = handler.recorder.record(e).seq
            e.seq = seq
            s.seq = seq
            s.predicted = e
        }
    }

    /// UIKit ended the transition of a present the model said it raises for: it went ahead
    /// after all, and only this look can say so.
    func transitionEndedAfterRejection() {
        let s = state.withLock { $0 }
        if looks, let seq = s.seq, let predicted = s.predicted, !resolution.presentedWasPresented,
           let presenter = resolution.presented.presentingNode {
            var done = Event(time: handler.scheduler.now, thread: context.thread, kind: .presentCompleted, outcome: .completed,
                             animated: animated, window: resolution.windowID, relatesTo: seq, source: refs.source,
                             presented: refs.presented, presenting: presenter.ref, effectiveStyle: resolution.effectiveStyle,
                             chain: handler.chain(from: Hierarchy.ultimateRoot(of: resolution.presented)))
            done.rulesVersion = resolution.rulesVersion
            let observation = Observation(presenting: presenter.ref, outcome: .presented).merging(observe?(true))
            PresentationHooksHandler.store(observation, drift: drift(predicted: predicted, observed: observation), on: &done)
            handler.recorder.record(done)
        }
        completion?()
    }

    // MARK: a present UIKit goes ahead with

    /// What the hierarchy itself reports about the present (on a device, the presented
    /// controller's `presentingViewController`), merged with what the hook saw of UIKit's answer.
    private func look(presenter: ControllerRef?, atCall: Bool, transitionEnded: Bool) -> Observation {
        var o = observe?(transitionEnded) ?? Observation()
        if let presenter, !resolution.presentedWasPresented {
            o.presenting = presenter
            if atCall { o.outcome = .presented }
        } else if atCall {
            // After the transition a missing presenter means it was dismissed meanwhile, not refused.
            o.outcome = .rejected
        }
        return o
    }

    /// Records the present's event with the call's look, once: right after UIKit's original
    /// returned, or from the completion when UIKit ends the transition inside the call.
    func recordPresent(lookingAtEnd: Bool = false) {
        state.withLock { s in
            guard s.seq == nil else { return }
            // UIKit has made the presentation's controllers: what could not be read before the call can be now.
            afterCall?()
            var diagnostics = diagnostics
            if let other = otherSizeClass.diagnostic() { diagnostics.append(other) }
            diagnostics += laterDiagnostics
            let observedPresenter = resolution.presented.presentingNode
            let succeeded = !resolution.presentedWasPresented && observedPresenter != nil
            var observation = looks ? look(presenter: observedPresenter?.ref, atCall: true, transitionEnded: lookingAtEnd)
                : observe?(lookingAtEnd)
            if observation?.isEmpty == true { observation = nil }
            var steps = resolution.steps
            if observation == nil {
                // Without an observation, the explanation says where the hierarchy differed.
                if succeeded != (resolution.rejection == nil) {
                    steps.append(.text(succeeded ? "Observed: the presentation went ahead although the model predicted a rejection."
                                                 : "Observed: the presentation did not happen although the model predicted it would."))
                } else if succeeded, let observedPresenter, observedPresenter !== resolution.presenting {
                    steps.append(.text("Observed: UIKit chose \(observedPresenter.ref.label) as the presenting controller where the model predicted \(refs.presenting.label)."))
                }
            }
            let chainRoot = succeeded ? Hierarchy.ultimateRoot(of: resolution.presented) : resolution.ultimateRoot
            // The event's outcome is what happened; with an observation every other field stays the model's prediction.
            let presenting = succeeded && observation == nil ? observedPresenter?.ref : nil
            let chain = handler.chain(from: chainRoot)
            var e = event(outcome: succeeded ? .presented : .rejected, presenting: presenting, steps: steps, chain: chain,
                          diagnostics: diagnostics)
            // The sheet, read now that UIKit made its presentation controller (never before the call).
            if succeeded, let sheet = SheetRules.state(of: resolution.presented, over: observedPresenter) {
                e.sheet = sheet
                // An undimmed sheet leaves its presenting controller within reach: the explanation says so.
                if sheet.background == .interactive || sheet.background == .modal {
                    e.steps.append(.text(SheetRules.sentence(sheet, sheet: refs.presented, presenter: observedPresenter?.ref)))
                }
            }
            let predictedOutcome: Outcome = resolution.rejection == nil ? .presented : .rejected
            var predicted = e
            predicted.outcome = predictedOutcome
            if let observation, !observation.isEmpty {
                PresentationHooksHandler.store(observation, drift: drift(predicted: predicted, observed: observation), on: &e)
            }
            s.seq = handler.recorder.record(e).seq
            if succeeded { handler.recordedSheets.note(refs.presented.id, e.sheet) }
            s.predicted = predicted
            s.firstLook = observation
            s.lookedAtEnd = lookingAtEnd
            s.succeeded = succeeded
            s.chain = chain
            s.sheet = e.sheet
        }
    }

    /// UIKit's completion of the present: the present's event if the call has not recorded it
    /// yet, `present-completed`, then the app's completion.
    func transitionEnded() {
        recordPresent(lookingAtEnd: true)
        let s = state.withLock { $0 }
        // Recorded from the completion UIKit ran inside the call, the two events share an instant
        // and so their chain; a later end walks it again.
        let chain = s.lookedAtEnd ? s.chain : handler.chain(from: Hierarchy.ultimateRoot(of: resolution.presented))
        var done = Event(time: handler.scheduler.now, thread: context.thread, kind: .presentCompleted, outcome: .completed,
                         animated: animated, window: resolution.windowID, relatesTo: s.seq, source: refs.source, presented: refs.presented,
                         presenting: nil, effectiveStyle: resolution.effectiveStyle, chain: chain)
        done.rulesVersion = resolution.rulesVersion
        if s.lookedAtEnd && s.succeeded, var seen = s.firstLook {
            // The call's look was taken at the end of the transition: it is what a second look
            // would see, and its differences are on the present's own event.
            seen.outcome = nil
            done.presenting = seen.presenting ?? resolution.presented.presentingNode?.ref
            done.observed = seen
        } else {
            let presenterNode = resolution.presented.presentingNode
            let presenter = presenterNode?.ref
            done.presenting = presenter
            // A sheet configured during the transition (by the app, or by SwiftUI from the sheet's
            // content: unverified, docs/IOS.md) is recorded as it stands at the end, where it differs.
            if s.succeeded, let presenterNode, let sheet = SheetRules.state(of: resolution.presented, over: presenterNode), sheet != s.sheet {
                done.sheet = sheet
                handler.recordedSheets.note(refs.presented.id, sheet)
            }
            // Adaptation and the final window are known only now. Without the hierarchy's own
            // look (the simulator), the caller's answer at the end is all there is to see.
            if let predicted = s.predicted,
               let again = looks ? look(presenter: presenter, atCall: false, transitionEnded: true) : observe?(true) {
                if !again.isEmpty {
                    let drift = drift(predicted: predicted, observed: again.subtracting(s.firstLook))
                    PresentationHooksHandler.store(again, drift: drift, on: &done)
                }
            }
        }
        handler.recorder.record(done)
        completion?()
    }
}

/// What a ``PresentCall`` learns as it goes, behind its lock.
private struct PresentCallState {
    /// The present's own event, once recorded.
    var seq: Int?
    /// The predicted present event, which the completion's look is compared with.
    var predicted: Event?
    /// The call's look at UIKit.
    var firstLook: Observation?
    /// Whether the call's look was taken when the transition had ended (inside the call).
    var lookedAtEnd = false
    /// The chain the present's event names: a `present-completed` recorded at the same instant
    /// names the same.
    var chain: [ControllerRef] = []
    var succeeded = false
    /// The sheet the present's event recorded.
    var sheet: SheetState?
}
