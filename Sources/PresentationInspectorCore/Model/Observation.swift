import Foundation

/// What UIKit reported for an event, beside the model's prediction in the event's own fields.
///
/// Field names match ``Event``'s; a `nil` field was not observed. On a device the hooks fill it
/// after the call or at the end of the transition; in simulation a scenario step's `observed`
/// object stands for UIKit answering differently from the model.
public struct Observation: Hashable, Sendable {
    /// What became of the call: `presented` when UIKit set `presentingViewController`,
    /// `rejected` when it did not (the event's own `outcome` is always what happened).
    public var outcome: Outcome?
    /// The presenting controller UIKit chose (`presentingViewController`).
    public var presenting: ControllerRef?
    /// The controller that provided the presentation context (context styles only).
    public var contextProvider: ControllerRef?
    /// The presentation style in effect, after adaptation.
    public var effectiveStyle: PresentationStyle?
    /// The transition style in effect.
    public var effectiveTransition: TransitionStyle?
    /// The window the presented controller's view is in.
    public var window: String?
    /// The controller whose view the presentation covers (context styles).
    public var covered: ControllerRef?
    /// The class of the presentation controller UIKit made.
    public var presentationControllerClass: String?
    /// The controllers a dismissal removed, top first.
    public var dismissed: [ControllerRef]?
    /// The controller that performed a dismissal.
    public var handledBy: ControllerRef?

    /// Creates an observation; every field is optional.
    public init(presenting: ControllerRef? = nil, contextProvider: ControllerRef? = nil,
                effectiveStyle: PresentationStyle? = nil, effectiveTransition: TransitionStyle? = nil,
                window: String? = nil, covered: ControllerRef? = nil, presentationControllerClass: String? = nil,
                dismissed: [ControllerRef]? = nil, handledBy: ControllerRef? = nil, outcome: Outcome? = nil) {
        self.outcome = outcome
        self.presenting = presenting
        self.contextProvider = contextProvider
        self.effectiveStyle = effectiveStyle
        self.effectiveTransition = effectiveTransition
        self.window = window
        self.covered = covered
        self.presentationControllerClass = presentationControllerClass
        self.dismissed = dismissed
        self.handledBy = handledBy
    }

    /// This observation without the fields `earlier` already observed with the same value: what
    /// a second look (at the end of a transition) adds to the first.
    public func subtracting(_ earlier: Observation?) -> Observation {
        guard let earlier else { return self }
        var o = self
        if o.outcome == earlier.outcome { o.outcome = nil }
        if o.presenting?.id == earlier.presenting?.id { o.presenting = nil }
        if o.contextProvider?.id == earlier.contextProvider?.id { o.contextProvider = nil }
        if o.effectiveStyle == earlier.effectiveStyle { o.effectiveStyle = nil }
        if o.effectiveTransition == earlier.effectiveTransition { o.effectiveTransition = nil }
        if o.window == earlier.window { o.window = nil }
        if o.covered?.id == earlier.covered?.id { o.covered = nil }
        if o.presentationControllerClass == earlier.presentationControllerClass { o.presentationControllerClass = nil }
        if Self.sameIDs(o.dismissed, earlier.dismissed) { o.dismissed = nil }
        if o.handledBy?.id == earlier.handledBy?.id { o.handledBy = nil }
        return o
    }

    /// Whether both are absent, or list the same controllers (by id) in the same order.
    static func sameIDs(_ a: [ControllerRef]?, _ b: [ControllerRef]?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.elementsEqual(b) { $0.id == $1.id }
    }

    /// `self` with the fields `other` observed and `self` did not.
    public func merging(_ other: Observation?) -> Observation {
        guard let other else { return self }
        var o = self
        o.outcome = o.outcome ?? other.outcome
        o.presenting = o.presenting ?? other.presenting
        o.contextProvider = o.contextProvider ?? other.contextProvider
        o.effectiveStyle = o.effectiveStyle ?? other.effectiveStyle
        o.effectiveTransition = o.effectiveTransition ?? other.effectiveTransition
        o.window = o.window ?? other.window
        o.covered = o.covered ?? other.covered
        o.presentationControllerClass = o.presentationControllerClass ?? other.presentationControllerClass
        o.dismissed = o.dismissed ?? other.dismissed
        o.handledBy = o.handledBy ?? other.handledBy
        return o
    }

    /// Whether nothing was observed.
    public var isEmpty: Bool {
        outcome == nil && presenting == nil && contextProvider == nil && effectiveStyle == nil && effectiveTransition == nil
            && window == nil && covered == nil && presentationControllerClass == nil && dismissed == nil && handledBy == nil
    }

    /// `field = value` pairs of what was observed, in field order, for text views.
    public var fields: [(name: String, value: String)] {
        var out: [(String, String)] = []
        if let v = outcome { out.append(("outcome", v.rawValue)) }
        if let v = presenting { out.append(("presenting", v.consoleDescription)) }
        if let v = contextProvider { out.append(("contextProvider", v.consoleDescription)) }
        if let v = effectiveStyle { out.append(("effectiveStyle", v.name)) }
        if let v = effectiveTransition { out.append(("effectiveTransition", v.name)) }
        if let v = window { out.append(("window", v)) }
        if let v = covered { out.append(("covered", v.consoleDescription)) }
        if let v = presentationControllerClass { out.append(("presentationControllerClass", v)) }
        if let v = dismissed { out.append(("dismissed", "[" + v.map(\.consoleDescription).joined(separator: ", ") + "]")) }
        if let v = handledBy { out.append(("handledBy", v.consoleDescription)) }
        return out
    }
}

/// Compares the model's prediction with what UIKit reported: one `model-drift` per differing field.
///
/// Used by the simulator and by the iOS hooks (through ``PresentationHooksHandler``). Fields the
/// event does not predict (`covered`, `presentationControllerClass`) never drift.
@_spi(Package) public enum ModelDrift {
    /// The drift diagnostics of `observed` against `predicted`, in field order.
    @_spi(Package) public static func diagnostics(predicted e: Event, observed o: Observation) -> [Diagnostic] {
        diagnostics(outcome: e.outcome, presenting: e.presenting, contextProvider: e.contextProvider, effectiveStyle: e.effectiveStyle,
                    effectiveTransition: e.effectiveTransition, window: e.window, dismissed: e.dismissed, handledBy: e.handledBy, observed: o)
    }

    /// The same, against predicted fields given one by one.
    static func diagnostics(outcome: Outcome, presenting: ControllerRef?, contextProvider: ControllerRef?,
                                              effectiveStyle: PresentationStyle?, effectiveTransition: TransitionStyle?, window: String?,
                                              dismissed: [ControllerRef], handledBy: ControllerRef?, observed o: Observation) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if let q = o.outcome, q != outcome {
            out.append(.modelDrift(field: "outcome", predicted: outcome.rawValue, observed: q.rawValue))
        }
        func ref(_ field: String, _ p: ControllerRef?, _ q: ControllerRef?) {
            guard let q, p?.id != q.id else { return }
            out.append(.modelDrift(field: field, predicted: p?.consoleDescription ?? "nothing", observed: q.consoleDescription))
        }
        ref("presenting", presenting, o.presenting)
        ref("contextProvider", contextProvider, o.contextProvider)
        if let q = o.effectiveStyle, q != effectiveStyle {
            out.append(.modelDrift(field: "effectiveStyle", predicted: effectiveStyle?.name ?? "nothing", observed: q.name))
        }
        if let q = o.effectiveTransition, q != effectiveTransition {
            out.append(.modelDrift(field: "effectiveTransition", predicted: effectiveTransition?.name ?? "nothing", observed: q.name))
        }
        if let q = o.window, q != window {
            out.append(.modelDrift(field: "window", predicted: window ?? "nothing", observed: q))
        }
        if let q = o.dismissed, !Observation.sameIDs(q, dismissed) {
            func list(_ r: [ControllerRef]) -> String { "[" + r.map(\.consoleDescription).joined(separator: ", ") + "]" }
            out.append(.modelDrift(field: "dismissed", predicted: list(dismissed), observed: list(q)))
        }
        ref("handledBy", handledBy, o.handledBy)
        return out
    }
}

extension Diagnostic {
    /// "model predicted presenting <A: 0x1>, UIKit chose <B: 0x2>": reality differed from the model.
    public static func modelDrift(field: String, predicted: String, observed: String) -> Diagnostic {
        Diagnostic(code: .modelDrift, severity: .warning,
                   message: "model predicted \(field) \(predicted), UIKit chose \(observed)")
    }

    /// Whether this is the `model-drift` of `field` (``modelDrift(field:predicted:observed:)``).
    @_spi(Package) public func isModelDrift(of field: String) -> Bool {
        code == .modelDrift && message.hasPrefix("model predicted \(field) ")
    }
}

extension DiagnosticCode {
    /// UIKit did something other than the model predicted (an observed field differs).
    public static let modelDrift = Self(rawValue: "model-drift")
}
