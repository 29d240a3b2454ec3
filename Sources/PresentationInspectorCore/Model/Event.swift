/// What an event records.
public enum EventKind: String, Sendable, CaseIterable {
    /// A `present(_:animated:completion:)` call.
    case present
    /// A `dismiss(animated:completion:)` call (forwarded re-entries are folded into one).
    case dismiss
    /// A sheet swiped down by the user: no `dismiss` call is involved.
    case interactiveDismiss = "interactive-dismiss"
    /// The end of a present transition; its completion handler runs now.
    case presentCompleted = "present-completed"
    /// The end of a dismiss transition.
    case dismissCompleted = "dismiss-completed"
    /// A dismissed controller checked for being still alive.
    case leakCheck = "leak-check"
    /// A presented sheet came to rest at another detent: the user dragged it, or the app set its
    /// `selectedDetentIdentifier` (the event's ``Event/sheet`` holds the sheet as it is now).
    case sheetDetentChanged = "sheet-detent-changed"
}

/// How an operation ended.
public enum Outcome: String, Sendable, CaseIterable {
    case presented, rejected, dismissed
    case noOp = "no-op"
    case completed, cancelled, blocked
}

/// One recorded fact. Kind-specific fields are `nil` where they do not apply.
///
/// Events hold ``ControllerRef`` snapshots only, never controllers.
public struct Event: Hashable, Sendable {
    /// Position in the recording, from 1, without gaps (a ring-buffer gap shows as missing numbers).
    public var seq: Int
    /// Seconds since the recording started.
    public var time: Double
    /// `"main"`, or the name of the thread the call was made on.
    public var thread: String
    /// What happened: a present, a dismiss, a completion, a leak check.
    public var kind: EventKind
    /// How it ended: presented, rejected, dismissed, completed…
    public var outcome: Outcome
    /// The `animated` argument of the call.
    public var animated: Bool
    /// The window whose chain the event concerns, when known.
    public var window: String?
    /// For completions and leak checks: the `seq` of the operation they belong to.
    public var relatesTo: Int?

    // present
    /// The receiver of `present` (the original presenter).
    public var source: ControllerRef?
    /// The controller being presented.
    public var presented: ControllerRef?
    /// The controller UIKit makes `presentingViewController`.
    public var presenting: ControllerRef?
    /// The controller whose area the presentation covers.
    public var contextProvider: ControllerRef?
    /// The presented controller's `modalPresentationStyle` when `present` was called.
    public var requestedStyle: PresentationStyle?
    /// The style UIKit uses (``requestedStyle`` adapted to the environment).
    public var effectiveStyle: PresentationStyle?
    /// The presented controller's `modalTransitionStyle` when `present` was called.
    public var requestedTransition: TransitionStyle?
    /// The transition UIKit runs (the context provider's, when it provides one).
    public var effectiveTransition: TransitionStyle?
    /// The walk that found the answer, as data (``ExplanationStep``); sentences on demand.
    public var steps: [ExplanationStep]
    /// The walk that found the answer, one sentence per step (rendered from ``steps``; setting
    /// it stores the sentences as they are).
    public var explanation: [String] {
        get { steps.map(\.sentence) }
        set { steps = newValue.map(ExplanationStep.text) }
    }

    // dismiss
    /// The receiver of `dismiss` (or the swiped sheet for an interactive dismissal).
    public var receiver: ControllerRef?
    /// The presenting controller that performed the dismissal, or that refused it while a
    /// transition ran (UIKit's message names it).
    public var handledBy: ControllerRef?
    /// Dismissed controllers, top first.
    public var dismissed: [ControllerRef]
    /// Whether the message was handled by another controller than its receiver.
    public var forwarded: Bool?

    // all
    /// What went wrong, in UIKit's words where UIKit prints a message (empty when nothing did).
    public var diagnostics: [Diagnostic]
    /// The window's presentation chain after the event, root first.
    public var chain: [ControllerRef]
    /// Where the call came from, when known (`file:line` or a symbol): the text a log or a
    /// scenario gave, or else the app frame of the call stack the hooks captured, symbolicated when first
    /// read. Setting it stores the text and drops the captured stack.
    public var callSite: String? {
        get { callSiteText ?? capturedCallStack?.appFrame }
        set { callSiteText = newValue; capturedCallStack = nil }
    }
    /// The call site as text (logs, scenarios).
    @usableFromInline var callSiteText: String?
    /// The call site as the hooks capture it: return addresses, symbolicated only when read.
    @_spi(Package) public var capturedCallStack: CapturedCallStack?
    /// The source's (present) or receiver's (dismiss) ancestors through `parent`, starting with
    /// itself and ending at its presentation root: the containers the resolver walked.
    public var ancestry: [ControllerRef]
    /// What UIKit reported, where the hooks (or a scenario's `observed` override) could see
    /// it; the fields above stay the model's prediction (a difference is a `model-drift` diagnostic).
    public var observed: Observation? = nil
    /// The iOS version whose UIKit rules the model applied (docs/DESIGN.md, "UIKit by iOS version"): the version the app
    /// runs on, or the newest modelled for a newer one; a scenario's `environment.iOS`, else the
    /// newest modelled. Nil for an event the model did not resolve (a call off the main thread)
    /// and in logs written before the field existed (JSON key `rulesIOS`).
    public var rulesVersion: SystemVersion? = nil
    /// The sheet the presented controller is shown in (present, and `sheet-detent-changed`: as it is
    /// after the change; `present-completed` where it changed during the transition): its detents
    /// and configuration as UIKit holds them, with the model's reading (``SheetState``). Nil for
    /// any other presentation, and in logs written before the field existed (JSON key `sheet`).
    public var sheet: SheetState? = nil
    /// What the rules read about the controllers this event's call involved, for those whose
    /// facts the recording had not kept yet or saw changed (``ControllerFacts``); usually empty.
    @_spi(Package) public var facts: [ControllerFacts] = []

    /// The most severe diagnostic's severity, if any.
    public var maxSeverity: Severity? { diagnostics.map(\.severity).max() }

    /// Every controller the event names, each once, in field order.
    public var controllers: [ControllerRef] {
        var seen = Set<String>()
        var out: [ControllerRef] = []
        for ref in [source, presented, presenting, contextProvider, receiver, handledBy].compactMap({ $0 }) + dismissed
        where seen.insert(ref.id).inserted { out.append(ref) }
        return out
    }

    /// Whether the event names the controller with this id (or, failing that, this type name).
    public func mentions(_ idOrType: String) -> Bool {
        controllers.contains { $0.id == idOrType || $0.type == idOrType } || chain.contains { $0.id == idOrType }
            || ancestry.contains { $0.id == idOrType }
    }

    /// A one-line summary: `#3 0.350s present PeoplePicker on PhotoLibrary → presented`.
    public var summary: String {
        var s = "#\(seq) \(formatTime(time)) \(kind.rawValue)"
        switch kind {
        case .present:
            s += " \(presented?.label ?? "?") from \(source?.label ?? "?")"
            if let presenting, presenting.id != source?.id { s += " on \(presenting.label)" }
        case .dismiss, .interactiveDismiss:
            s += " via \(receiver?.label ?? "?")"
            if !dismissed.isEmpty { s += " removing \(dismissed.map(\.label).joined(separator: ", "))" }
        case .presentCompleted:
            s += " \(presented?.label ?? "?")"
        case .dismissCompleted:
            s += " \(dismissed.map(\.label).joined(separator: ", "))"
        case .leakCheck:
            s += " \(dismissed.map(\.label).joined(separator: ", "))"
        case .sheetDetentChanged:
            s += " \(presented?.label ?? "?") to \(sheet?.restingSummary ?? "?")"
        }
        s += " → \(outcome.rawValue)"
        if thread != "main" { s += " [thread \(VisibleText.escaped(thread))]" }
        return s
    }
}

extension Event {
    /// Creates an event; only the fields every event has are required.
    // In an extension, so that the struct keeps its memberwise initializer (see below).
    @_spi(Package) public init(seq: Int = 0, time: Double, thread: String = "main", kind: EventKind, outcome: Outcome,
                animated: Bool = false, window: String? = nil, relatesTo: Int? = nil,
                source: ControllerRef? = nil, presented: ControllerRef? = nil, presenting: ControllerRef? = nil,
                contextProvider: ControllerRef? = nil, requestedStyle: PresentationStyle? = nil,
                effectiveStyle: PresentationStyle? = nil, requestedTransition: TransitionStyle? = nil,
                effectiveTransition: TransitionStyle? = nil, explanation: [String] = [], steps: [ExplanationStep] = [],
                receiver: ControllerRef? = nil, handledBy: ControllerRef? = nil, dismissed: [ControllerRef] = [],
                forwarded: Bool? = nil, diagnostics: [Diagnostic] = [], chain: [ControllerRef] = [],
                callSite: String? = nil, capturedCallStack: CapturedCallStack? = nil, ancestry: [ControllerRef] = []) {
        var steps = steps
        if !explanation.isEmpty { steps += explanation.map(ExplanationStep.text) }
        // The memberwise initializer builds the value in one piece.
        self.init(seq: seq, time: time, thread: thread, kind: kind, outcome: outcome, animated: animated, window: window,
                  relatesTo: relatesTo, source: source, presented: presented, presenting: presenting,
                  contextProvider: contextProvider, requestedStyle: requestedStyle, effectiveStyle: effectiveStyle,
                  requestedTransition: requestedTransition, effectiveTransition: effectiveTransition, steps: steps,
                  receiver: receiver, handledBy: handledBy, dismissed: dismissed, forwarded: forwarded,
                  diagnostics: diagnostics, chain: chain, callSiteText: callSite, capturedCallStack: capturedCallStack,
                  ancestry: ancestry, observed: nil, facts: [])
    }
}

/// `1.350s`: seconds with millisecond precision.
@_spi(Package) public func formatTime(_ t: Double) -> String {
    // Past 10¹² s the milliseconds no longer fit the arithmetic below; such a time is out of
    // ValueRanges.time anyway, so it is printed as the number it is rather than trapping.
    guard t.isFinite, abs(t) < 1e12 else { return "\(t)s" }
    let ms = clampedInt(t * 1000)
    let sign = ms < 0 ? "-" : ""
    let a = abs(ms)
    let frac = String(a % 1000)
    return "\(sign)\(a / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)s"
}
