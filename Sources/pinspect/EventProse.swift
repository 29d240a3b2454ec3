@_spi(Package) import PresentationInspectorCore

/// Sentences that explain an event: the recorded explanation steps, or, for events that carry
/// none (completions, leak checks), sentences built from the event and the one it belongs to.
enum EventProse {
    static func steps(for e: Event, in events: [Event]) -> [String] {
        var steps = e.explanation
        let origin = e.relatesTo.flatMap { seq in events.first { $0.seq == seq } }
        if steps.isEmpty {
            switch e.kind {
            case .present:
                steps.append("present was called on \(name(e.source)) to show \(name(e.presented)).")
                if let p = e.presenting { steps.append("The presenting controller is \(p.label).") }
            case .dismiss, .interactiveDismiss:
                let verb = e.kind == .dismiss ? "dismiss was called on" : "The user swiped down"
                steps.append("\(verb) \(name(e.receiver)).")
                if let h = e.handledBy { steps.append("\(h.label) \(e.outcome == .rejected ? "refused" : "handled") it\(e.forwarded == true ? " (forwarded)" : "").") }
                if !e.dismissed.isEmpty { steps.append("Removed, top first: \(e.dismissed.map(\.label).joined(separator: ", ")).") }
            case .presentCompleted:
                let start = origin.map { " started by #\($0.seq) at \(formatTime($0.time))" } ?? ""
                steps.append("The present transition of \(name(e.presented))\(start) finished at \(formatTime(e.time)); its completion handler runs now.")
            case .dismissCompleted:
                let start = origin.map { " started by #\($0.seq) at \(formatTime($0.time))" } ?? ""
                steps.append("The dismiss transition\(start) finished at \(formatTime(e.time)): \(e.dismissed.map(\.label).joined(separator: ", ")) left the screen; the completion handler runs now.")
            case .sheetDetentChanged:
                steps.append("\(name(e.presented))'s sheet came to rest at \(e.sheet?.restingSummary ?? "another detent").")
            case .leakCheck:
                let after = origin.map { " \(formatTime(e.time - $0.time)) after the dismissal #\($0.seq)" } ?? ""
                steps.append("The inspector checked\(after) whether \(e.dismissed.map(\.label).joined(separator: ", ")) had been freed.")
                steps.append(e.diagnostics.isEmpty ? "It had: nothing retains it." : "It had not: something still retains it (see below).")
            }
        }
        if e.kind != .leakCheck, !e.chain.isEmpty {
            steps.append("Afterwards the window's presentation chain is \(e.chain.map(\.label).joined(separator: " → ")).")
        }
        if e.thread != "main" { steps.append("The call was made on thread \"\(e.thread)\", not the main thread.") }
        return steps.map { VisibleText.escaped($0) }  // a step is one paragraph
    }

    /// A diagnostic and its remedy (`Fix:`), each wrapped by `wrap`.
    static func diagnosticLines(_ d: Diagnostic, wrap: (String) -> String) -> String {
        var out = wrap("- \(d.severity.rawValue) \(d.code): \(VisibleText.escaped(d.message))") + "\n"
        if let fix = d.fix { out += wrap("  Fix: \(VisibleText.escaped(fix))") + "\n" }
        return out
    }

    private static func name(_ r: ControllerRef?) -> String { r?.label ?? "an unknown controller" }
}
