@_spi(Package) import PresentationInspectorCore

/// A step's `observed` answers, resolved to live controllers: what "UIKit" does instead of the model.
struct ResolvedObservation {
    var presenting: SimController?
    var contextProvider: SimController?
    var effectiveStyle: PresentationStyle?
    var effectiveTransition: TransitionStyle?
    var presentationControllerClass: String?
    var dismissed: [SimController]?
    var handledBy: SimController?

    /// This observation with what `end` saw once the transition ended put over it.
    func overlaid(by end: ResolvedObservation) -> ResolvedObservation {
        var o = self
        if let v = end.contextProvider { o.contextProvider = v }
        if let v = end.effectiveStyle { o.effectiveStyle = v }
        if let v = end.effectiveTransition { o.effectiveTransition = v }
        if let v = end.presentationControllerClass { o.presentationControllerClass = v }
        return o
    }

    /// The recorded form: references only, never controllers.
    var observation: Observation {
        Observation(presenting: presenting?.ref, contextProvider: contextProvider?.ref, effectiveStyle: effectiveStyle,
                    effectiveTransition: effectiveTransition, presentationControllerClass: presentationControllerClass,
                    dismissed: dismissed?.map(\.ref), handledBy: handledBy?.ref)
    }
}

extension Simulation {
    /// Resolves a step's `observed` ids to controllers that are still alive.
    func resolve(_ o: Scenario.Observed, key step: String = "observed") throws(SimulationError) -> ResolvedObservation {
        func c(_ id: String?, _ key: String) throws(SimulationError) -> SimController? {
            guard let id else { return nil }
            guard let c = controller(id) else {
                throw SimulationError(key: "\(step).\(key)", message: "controller \"\(id)\" no longer exists (it was released and deallocated)")
            }
            return c
        }
        var r = ResolvedObservation()
        r.presenting = try c(o.presenting, "presenting")
        r.contextProvider = try c(o.contextProvider, "contextProvider")
        r.handledBy = try c(o.handledBy, "handledBy")
        r.effectiveStyle = o.effectiveStyle
        r.effectiveTransition = o.effectiveTransition
        r.presentationControllerClass = o.presentationControllerClass
        if let d = o.dismissed {
            var list: [SimController] = []
            for id in d { if let x = try c(id, "dismissed") { list.append(x) } }
            r.dismissed = list
        }
        return r
    }

    /// A dismiss the model finds nothing for: UIKit (the step's `observed`) may still remove
    /// controllers; they go as in any dismissal, at the end of the transition in their window.
    func removeObservedWithoutPrediction(animated: Bool, completion: (() -> Void)?) {
        guard let removed = observationOverride?.dismissed, let top = removed.first else { completion?(); return }
        removed.forEach { $0.isBeingDismissed = true }
        let serials = removed.map(\.presentationSerial)
        runTransition(in: Hierarchy.windowID(of: top), animated: animated) { [weak self] in
            self?.detach(removed, presentedAs: serials)
            completion?()
        }
    }
}
