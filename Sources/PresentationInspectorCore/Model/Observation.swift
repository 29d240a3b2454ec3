import Foundation

/// What UIKit reported for an event, beside the model's prediction in the event's own fields.
///
/// Field names match ``Event``'s; a `nil` field was not observed. On a device the hooks fill it
/// after the call or at the end of the transition; in simulation a scenario step's `observed`
/// object stands for UIKit answering differently from the model.
public struct Observation: Hashable, Sendable {
    /// The fields, shared between copies until one of them changes (copy on write): the hooks
    /// pass an observation through several steps per call, and a copy of ten optional fields
    /// retained and released each of them (callgrind, issue 10: about 9,000 instructions per
    /// present/dismiss pair). Nil when nothing was observed, so an empty one allocates nothing.
    @usableFromInline var storage: Storage?

    @usableFromInline final class Storage: @unchecked Sendable {  // mutated only while uniquely referenced
        @exclusivity(unchecked) @usableFromInline var outcome: Outcome?
        @exclusivity(unchecked) @usableFromInline var presenting: ControllerRef?
        @exclusivity(unchecked) @usableFromInline var contextProvider: ControllerRef?
        @exclusivity(unchecked) @usableFromInline var effectiveStyle: PresentationStyle?
        @exclusivity(unchecked) @usableFromInline var effectiveTransition: TransitionStyle?
        @exclusivity(unchecked) @usableFromInline var window: String?
        @exclusivity(unchecked) @usableFromInline var covered: ControllerRef?
        @exclusivity(unchecked) @usableFromInline var presentationControllerClass: String?
        @exclusivity(unchecked) @usableFromInline var dismissed: [ControllerRef]?
        @exclusivity(unchecked) @usableFromInline var handledBy: ControllerRef?

        @inlinable init() {}

        @inlinable init(copying o: Storage) {
            outcome = o.outcome
            presenting = o.presenting
            contextProvider = o.contextProvider
            effectiveStyle = o.effectiveStyle
            effectiveTransition = o.effectiveTransition
            window = o.window
            covered = o.covered
            presentationControllerClass = o.presentationControllerClass
            dismissed = o.dismissed
            handledBy = o.handledBy
        }
    }

    /// The fields, made unique to this value before a change.
    @inlinable mutating func writable() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.map(Storage.init(copying:)) ?? Storage() }
        return storage.unsafelyUnwrapped
    }

    /// What became of the call: `presented` when UIKit set `presentingViewController`,
    /// `rejected` when it did not (the event's own `outcome` is always what happened).
    public var outcome: Outcome? {
        @inlinable get { storage?.outcome }
        @inlinable set { writable().outcome = newValue }
    }
    /// The controller UIKit made `presentingViewController`.
    public var presenting: ControllerRef? {
        @inlinable get { storage?.presenting }
        @inlinable set { writable().presenting = newValue }
    }
    /// The controller whose area the presentation covers.
    public var contextProvider: ControllerRef? {
        @inlinable get { storage?.contextProvider }
        @inlinable set { writable().contextProvider = newValue }
    }
    /// The style in effect after adaptation.
    public var effectiveStyle: PresentationStyle? {
        @inlinable get { storage?.effectiveStyle }
        @inlinable set { writable().effectiveStyle = newValue }
    }
    /// The transition style in effect.
    public var effectiveTransition: TransitionStyle? {
        @inlinable get { storage?.effectiveTransition }
        @inlinable set { writable().effectiveTransition = newValue }
    }
    /// The window the presented view ended up in.
    public var window: String? {
        @inlinable get { storage?.window }
        @inlinable set { writable().window = newValue }
    }
    /// The controller whose view the presentation covers (context styles).
    public var covered: ControllerRef? {
        @inlinable get { storage?.covered }
        @inlinable set { writable().covered = newValue }
    }
    /// The class name of the presentation controller UIKit used.
    public var presentationControllerClass: String? {
        @inlinable get { storage?.presentationControllerClass }
        @inlinable set { writable().presentationControllerClass = newValue }
    }
    /// The controllers that really lost their `presentingViewController`, top first.
    public var dismissed: [ControllerRef]? {
        @inlinable get { storage?.dismissed }
        @inlinable set { writable().dismissed = newValue }
    }
    /// The controller that really performed the dismissal.
    public var handledBy: ControllerRef? {
        @inlinable get { storage?.handledBy }
        @inlinable set { writable().handledBy = newValue }
    }

    /// Creates an observation; every field is optional.
    public init(presenting: ControllerRef? = nil, contextProvider: ControllerRef? = nil,
                effectiveStyle: PresentationStyle? = nil, effectiveTransition: TransitionStyle? = nil,
                window: String? = nil, covered: ControllerRef? = nil, presentationControllerClass: String? = nil,
                dismissed: [ControllerRef]? = nil, handledBy: ControllerRef? = nil, outcome: Outcome? = nil) {
        guard outcome != nil || presenting != nil || contextProvider != nil || effectiveStyle != nil || effectiveTransition != nil
                || window != nil || covered != nil || presentationControllerClass != nil || dismissed != nil || handledBy != nil else { return }
        let s = Storage()
        s.outcome = outcome
        s.presenting = presenting
        s.contextProvider = contextProvider
        s.effectiveStyle = effectiveStyle
        s.effectiveTransition = effectiveTransition
        s.window = window
        s.covered = covered
        s.presentationControllerClass = presentationControllerClass
        s.dismissed = dismissed
        s.handledBy = handledBy
        storage = s
    }

    /// Whether every field is equal.
    public static func == (a: Observation, b: Observation) -> Bool {
        if a.storage === b.storage { return true }
        guard let x = a.storage, let y = b.storage else {
            return a.outcome == b.outcome && a.presenting == b.presenting && a.contextProvider == b.contextProvider
                && a.effectiveStyle == b.effectiveStyle && a.effectiveTransition == b.effectiveTransition && a.window == b.window
                && a.covered == b.covered && a.presentationControllerClass == b.presentationControllerClass
                && a.dismissed == b.dismissed && a.handledBy == b.handledBy
        }
        // The recorder compares each new observation with the ones it holds: their fields are
        // mostly the very same references and strings, told equal by their bits without
        // retaining them (callgrind: ≈ 15 reference-count operations an event before).
        return same(&x.outcome, &y.outcome) && same(&x.presenting, &y.presenting)
            && same(&x.contextProvider, &y.contextProvider) && same(&x.effectiveStyle, &y.effectiveStyle)
            && same(&x.effectiveTransition, &y.effectiveTransition) && same(&x.window, &y.window)
            && same(&x.covered, &y.covered) && same(&x.presentationControllerClass, &y.presentationControllerClass)
            && same(&x.dismissed, &y.dismissed) && same(&x.handledBy, &y.handledBy)
    }

    /// Whether two stored fields are equal: the same bits are the same value; others are compared as values.
    @inline(__always) private static func same<T: Equatable>(_ a: UnsafeMutablePointer<T>, _ b: UnsafeMutablePointer<T>) -> Bool {
        memcmp(a, b, MemoryLayout<T>.size) == 0 || a.pointee == b.pointee
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(outcome)
        hasher.combine(presenting)
        hasher.combine(contextProvider)
        hasher.combine(effectiveStyle)
        hasher.combine(effectiveTransition)
        hasher.combine(window)
        hasher.combine(covered)
        hasher.combine(presentationControllerClass)
        hasher.combine(dismissed)
        hasher.combine(handledBy)
    }

    /// This observation without the fields `earlier` already observed with the same value: what
    /// a second look (at the end of a transition) adds to the first.
    public func subtracting(_ earlier: Observation?) -> Observation {
        guard let earlier, earlier.storage != nil, storage != nil else { return self }
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
    ///
    /// Consuming: the hooks merge into a value they made for it, whose fields are then filled in
    /// place (a copy made a second storage and retained every field; callgrind, issue 10).
    public consuming func merging(_ other: Observation?) -> Observation {
        guard let other, let from = other.storage else { return self }
        if storage == nil { return other }
        var o = self
        let s = o.writable()
        if s.outcome == nil { s.outcome = from.outcome }
        if s.presenting == nil { s.presenting = from.presenting }
        if s.contextProvider == nil { s.contextProvider = from.contextProvider }
        if s.effectiveStyle == nil { s.effectiveStyle = from.effectiveStyle }
        if s.effectiveTransition == nil { s.effectiveTransition = from.effectiveTransition }
        if s.window == nil { s.window = from.window }
        if s.covered == nil { s.covered = from.covered }
        if s.presentationControllerClass == nil { s.presentationControllerClass = from.presentationControllerClass }
        if s.dismissed == nil { s.dismissed = from.dismissed }
        if s.handledBy == nil { s.handledBy = from.handledBy }
        return o
    }

    /// Whether nothing was observed.
    public var isEmpty: Bool {
        guard storage != nil else { return true }
        return outcome == nil && presenting == nil && contextProvider == nil && effectiveStyle == nil && effectiveTransition == nil
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

extension Observation: CustomReflectable {
    /// The fields, as a struct of optional fields shows them (the storage is an implementation detail).
    public var customMirror: Mirror {
        Mirror(self, children: ["outcome": outcome as Any, "presenting": presenting as Any, "contextProvider": contextProvider as Any,
                                "effectiveStyle": effectiveStyle as Any, "effectiveTransition": effectiveTransition as Any,
                                "window": window as Any, "covered": covered as Any,
                                "presentationControllerClass": presentationControllerClass as Any,
                                "dismissed": dismissed as Any, "handledBy": handledBy as Any], displayStyle: .struct)
    }
}

/// Compares the model's prediction with what UIKit reported: one `model-drift` per differing field.
///
/// Used by the simulator and by the iOS hooks (through ``PresentationHooksHandler``). Fields the
/// event does not predict (`covered`, `presentationControllerClass`) never drift.
public enum ModelDrift {
    /// The drift diagnostics of `observed` against `predicted`, in field order.
    public static func diagnostics(predicted e: Event, observed o: Observation) -> [Diagnostic] {
        diagnostics(predicted: DriftPrediction(e), observed: o)
    }

    /// The same, against the predicted fields alone.
    @usableFromInline static func diagnostics(predicted e: DriftPrediction, observed o: Observation) -> [Diagnostic] {
        diagnostics(outcome: e.outcome, presenting: e.presenting, contextProvider: e.contextProvider, effectiveStyle: e.effectiveStyle,
                    effectiveTransition: e.effectiveTransition, window: e.window, dismissed: e.dismissed, handledBy: e.handledBy, observed: o)
    }

    /// The same, against predicted fields given one by one (a dismissal's completion has them at
    /// hand: no ``DriftPrediction`` made for it).
    @usableFromInline static func diagnostics(outcome: Outcome, presenting: ControllerRef?, contextProvider: ControllerRef?,
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

/// The fields of a predicted event that an observation can contradict: what ``ModelDrift``
/// compares. The hooks keep this until UIKit's answer arrives, not a copy of the whole event
/// (callgrind: a copy and its destruction retained and released every field, about a third of
/// the recording path's reference counting). A class: the present's prediction is handed to
/// its completion and compared twice, and as a value each of those copies retained and
/// released its eight fields (callgrind, issue 10: ≈ 20 reference-count operations an event).
@usableFromInline final class DriftPrediction: Sendable {
    @usableFromInline let outcome: Outcome
    @usableFromInline let presenting: ControllerRef?
    @usableFromInline let contextProvider: ControllerRef?
    @usableFromInline let effectiveStyle: PresentationStyle?
    @usableFromInline let effectiveTransition: TransitionStyle?
    @usableFromInline let window: String?
    @usableFromInline let dismissed: [ControllerRef]
    @usableFromInline let handledBy: ControllerRef?

    /// `e`'s predicted fields; `outcome`, when given, replaces the event's.
    @inlinable init(_ e: borrowing Event, outcome: Outcome? = nil) {
        self.outcome = outcome ?? e.outcome
        presenting = e.presenting
        contextProvider = e.contextProvider
        effectiveStyle = e.effectiveStyle
        effectiveTransition = e.effectiveTransition
        window = e.window
        dismissed = e.dismissed
        handledBy = e.handledBy
    }
}

extension Diagnostic {
    /// "model predicted presenting <A: 0x1>, UIKit chose <B: 0x2>": reality differed from the model.
    public static func modelDrift(field: String, predicted: String, observed: String) -> Diagnostic {
        Diagnostic(code: .modelDrift, severity: .warning,
                   message: "model predicted \(field) \(predicted), UIKit chose \(observed)")
    }
}

extension DiagnosticCode {
    /// UIKit did something other than the model predicted (an observed field differs).
    public static let modelDrift = Self(rawValue: "model-drift")
}
