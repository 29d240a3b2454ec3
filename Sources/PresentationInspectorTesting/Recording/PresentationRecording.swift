@_spi(Package) import PresentationInspectorCore

/// The presentations recorded while a piece of test code ran, with the checks tests make on them.
///
/// Capture one around a closure — ``capture(in:_:)`` drives a `Simulation`
/// anywhere; on iOS `capture(_:)` records real `present`/`dismiss` calls through
/// PresentationInspector's hooks — then assert on it with the XCTest functions
/// (``XCTAssertNoPresentationDiagnostics(_:atLeast:_:file:line:)``) or the Swift Testing
/// methods (``expectNoDiagnostics(atLeast:sourceLocation:)``). Both report the same messages,
/// built here by the `…Failure` methods, which return `nil` when the check passes.
public struct PresentationRecording: Sendable {
    /// The events recorded while the closure ran, oldest first.
    public var events: [Event]
    /// Each window's presentation chain as it stood when the closure returned, root first: in
    /// simulation every window; on iOS each window the recorded events touched, as its latest
    /// event left it.
    public var chains: [WindowChain]

    /// Creates a recording from events and the chains after them (for tests of the checks themselves).
    public init(events: [Event], chains: [WindowChain]) {
        self.events = events
        self.chains = chains
    }

    /// Every diagnostic of `severity` or worse, each with the event that carries it.
    public func diagnostics(atLeast severity: Severity) -> [(event: Event, diagnostic: Diagnostic)] {
        events.flatMap { e in e.diagnostics.filter { $0.severity >= severity }.map { (event: e, diagnostic: $0) } }
    }

    /// The successful presentations of controllers of class `type` (with or without its module:
    /// `DetailViewController` matches an app's `MyApp.DetailViewController`), oldest first.
    public func presentations(of type: String) -> [Event] {
        events.filter { $0.kind == .present && $0.outcome == .presented && Self.isClass($0.presented, type) }
    }

    /// Whether `ref` is of class `name`, given with or without its module.
    static func isClass(_ ref: ControllerRef?, _ name: String) -> Bool {
        guard let type = ref?.type else { return false }
        return type == name || type.hasSuffix("." + name)
    }

    /// The controller that presented `e`: what UIKit reported where it was observed (on iOS),
    /// else the model's prediction.
    func presenting(_ e: Event) -> ControllerRef? { e.observed?.presenting ?? e.presenting }

    /// The style `e` was shown in: what UIKit showed where it was observed (a sheet's or
    /// popover's when its transition ended, on the `present-completed` event), else the model's
    /// prediction.
    func style(_ e: Event) -> PresentationStyle? {
        e.observed?.effectiveStyle
            ?? events.first { $0.kind == .presentCompleted && $0.relatesTo == e.seq }?.observed?.effectiveStyle
            ?? e.effectiveStyle
    }

    // MARK: checks shared by both test frameworks

    /// The failure message for every diagnostic of `severity` or worse, or `nil` if there is none.
    ///
    /// Each diagnostic reads: its code and severity with the event, UIKit's console message, the
    /// fix, the resolver's explanation, and the call site recorded on device. `model-drift` is left
    /// out: it says where UIKit differed from the model, not what the app did wrong.
    public func diagnosticsFailure(atLeast severity: Severity = .warning) -> String? {
        let found = diagnostics(atLeast: severity).filter { $0.diagnostic.code != .modelDrift }
        guard !found.isEmpty else { return nil }
        let head = found.count == 1
            ? "1 presentation diagnostic of severity \(severity.rawValue) or worse was recorded:"
            : "\(found.count) presentation diagnostics of severity \(severity.rawValue) or worse were recorded:"
        return ([head] + found.map { Self.describe($0.diagnostic, in: $0.event) }).joined(separator: "\n")
    }

    /// The failure message when no controller of class `type` was presented (by a presenting
    /// controller of class or id `presentingTypeOrID`, in `style`, when given), or `nil`. The
    /// presenting controller and the style are what UIKit did where the recording observed it
    /// (on iOS), else the model's prediction.
    public func presentedFailure(_ type: String, by presentingTypeOrID: String? = nil,
                                 style: PresentationStyle? = nil) -> String? {
        let candidates = presentations(of: type)
        let matching = candidates.filter { e in
            (presentingTypeOrID.map { p in Self.isClass(presenting(e), p) || presenting(e)?.id == p } ?? true)
                && (style.map { self.style(e) == $0 } ?? true)
        }
        guard matching.isEmpty else { return nil }
        var wanted = "Expected \(type) to be presented"
        if let presentingTypeOrID { wanted += " by \(presentingTypeOrID)" }
        if let style { wanted += " in style \(style.name)" }
        var lines = [wanted + "."]
        let presents = events.filter { $0.kind == .present }
        if presents.isEmpty {
            lines.append("No present was recorded (\(events.count) events).")
        } else {
            lines.append("Recorded presents:")
            for e in presents {
                var line = "  \(e.summary)"
                if let p = presenting(e) { line += " · presenting \(p.label)" }
                if let s = self.style(e) { line += " · style \(s.name)" }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The failure message when no window's chain (or window `window`'s) holds exactly the
    /// controllers of classes or ids `expected`, root first; `nil` when one does.
    public func chainFailure(_ expected: [String], window: String? = nil) -> String? {
        let windows = chains.filter { window == nil || $0.id == window }
        let matches = windows.contains { w in
            w.chain.count == expected.count && zip(w.chain, expected).allSatisfy { Self.isClass($0, $1) || $0.id == $1 }
        }
        if matches { return nil }
        var lines = ["Expected the chain \(expected.joined(separator: " → "))"
                     + (window.map { " in window \($0)" } ?? "") + " after the run."]
        if windows.isEmpty {
            lines.append(window.map { "No window \($0) was recorded." } ?? "No window was recorded.")
        } else {
            lines.append("Chains after the run:")
            for w in windows {
                lines.append("  window \(VisibleText.escaped(w.id)): " + (w.chain.isEmpty ? "(empty)" : w.chain.map(\.label).joined(separator: " → ")))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One diagnostic as a test failure reads it.
    static func describe(_ d: Diagnostic, in e: Event) -> String {
        var lines = ["\(d.severity.rawValue) \(d.code.rawValue) at \(e.summary)",
                     "  UIKit: \(d.message)"]
        if let fix = d.fix ?? Diagnostic.fix(for: d, in: e) { lines.append("  Fix: \(fix)") }
        if !e.steps.isEmpty {
            lines.append("  Why:")
            lines += e.explanation.enumerated().map { "    \($0.offset + 1). \($0.element)" }
        }
        lines.append("  Call site: \(e.callSite ?? "not recorded (simulated call)")")
        return lines.joined(separator: "\n")
    }
}

extension PresentationRecording {
    /// The events a recorder holds after `seq`, oldest first.
    static func events(in recorder: Recorder, after seq: Int) -> [Event] {
        recorder.events.filter { $0.seq > seq }
    }

    /// Each window's chain as its latest event left it (used where the live chains are not at hand).
    static func chainsFromEvents(_ events: [Event]) -> [WindowChain] {
        var order: [String] = []
        var latest: [String: [ControllerRef]] = [:]
        for e in events {
            guard let w = e.window else { continue }
            if latest[w] == nil { order.append(w) }
            latest[w] = e.chain
        }
        return order.map { WindowChain(id: $0, level: 0, isKey: false, chain: latest[$0] ?? []) }
    }
}
