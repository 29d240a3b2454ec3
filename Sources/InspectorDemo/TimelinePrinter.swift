import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// Prints a scenario's events as a readable timeline: who presented what, from where, why,
/// and what went wrong.
struct TimelinePrinter {
    var verbose: Bool
    var color: Bool

    private func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    private func bold(_ s: String) -> String { paint(s, "1") }
    private func dim(_ s: String) -> String { paint(s, "2") }

    private func badge(_ d: Diagnostic) -> String {
        switch d.severity {
        case .error: paint("✖ error", "31;1")
        case .warning: paint("⚠ warning", "33;1")
        case .info: paint("ℹ info", "36")
        }
    }

    func print(scenario: Scenario, builtIn: BuiltInScenario, events: [Event], console: [ConsoleLine]) {
        Swift.print()
        Swift.print(bold("▶ \(scenario.name)") + dim("  [\(builtIn.key)]"))
        Swift.print(dim("  \(builtIn.summary)"))
        for e in events { printEvent(e) }
        if !console.isEmpty {
            Swift.print(dim("  UIKit console:"))
            for line in console { Swift.print(dim("    \(formatTime(line.time))  \(line.text)")) }
        }
    }

    private func name(_ r: ControllerRef?) -> String {
        guard let r else { return "?" }
        if let t = r.title, !t.isEmpty { return "\(r.type) \"\(t)\"" }
        return "\(r.type) (\(r.id))"
    }

    private func printEvent(_ e: Event) {
        let head = "  \(formatTime(e.time)) #\(e.seq)"
        let outcome: String
        switch e.outcome {
        case .rejected, .blocked: outcome = paint(e.outcome.rawValue, "31")
        case .presented, .dismissed, .completed: outcome = paint(e.outcome.rawValue, "32")
        default: outcome = paint(e.outcome.rawValue, "33")
        }
        switch e.kind {
        case .present:
            Swift.print("\(head) \(bold("present")) \(name(e.presented)) from \(name(e.source)) → \(outcome)")
            var facts = ["presenting: \(name(e.presenting))"]
            if let c = e.contextProvider, c.id != e.presenting?.id { facts.append("context: \(name(c))") }
            if let r = e.requestedStyle, let s = e.effectiveStyle { facts.append(r == s ? "style \(s.name)" : "style \(r.name) → \(s.name)") }
            if let r = e.requestedTransition, let t = e.effectiveTransition { facts.append(r == t ? "transition \(t.name)" : "transition \(r.name) → \(t.name)") }
            if !e.animated { facts.append("not animated") }
            if let sheet = e.sheet, sheet.hasDetentsConfigured { facts.append("sheet at \(sheet.restingSummary)") }
            Swift.print(dim("      " + facts.joined(separator: " · ")))
            printWhy(e)
        case .dismiss, .interactiveDismiss:
            let verb = e.kind == .dismiss ? "dismiss" : "swipe down"
            var line = "\(head) \(bold(verb)) on \(name(e.receiver)) → \(outcome)"
            if !e.dismissed.isEmpty { line += " removing \(e.dismissed.map { name($0) }.joined(separator: ", "))" }
            Swift.print(line)
            if let h = e.handledBy, e.forwarded == true { Swift.print(dim("      handled by \(name(h)) (forwarded)")) }
            printWhy(e)
        case .presentCompleted:
            Swift.print(dim("\(head) present transition of \(name(e.presented)) finished; completion runs"))
        case .dismissCompleted:
            Swift.print(dim("\(head) dismiss transition finished; chain: \(e.chain.map(\.type).joined(separator: " → "))"))
        case .leakCheck:
            Swift.print("\(head) \(bold("leak check")) \(e.dismissed.map { name($0) }.joined(separator: ", "))")
        case .sheetDetentChanged:
            Swift.print("\(head) \(bold("detent")) \(name(e.presented)) rests at \(e.sheet?.restingSummary ?? "?")")
            if let sheet = e.sheet, let presenter = e.presenting, sheet.background == .interactive {
                Swift.print(dim("      \(name(presenter)) below stays interactive"))
            }
        }
        for d in e.diagnostics { Swift.print("      \(badge(d)) \(d.code): \(d.message)") }
        if e.thread != "main" { Swift.print(dim("      on thread \(e.thread)")) }
    }

    private func printWhy(_ e: Event) {
        if verbose {
            for step in e.explanation { Swift.print(dim("      · \(step)")) }
            return
        }
        // The one step that says why the presenting controller (or handler) is what it is.
        let key = e.kind == .present ? ["searches for a presentation context", "is not a context style"] : ["forwarded", "inherited", "presents "]
        if let why = e.explanation.first(where: { step in key.contains { step.contains($0) } }), e.outcome != .rejected || e.kind != .present {
            Swift.print(dim("      why: \(why)"))
        }
    }

    func printSummary(snapshot: RecordingSnapshot, files: [String]) {  // files: "wrote PATH" lines
        let diags = snapshot.events.flatMap(\.diagnostics)
        let bySeverity = Dictionary(grouping: diags, by: \.severity).mapValues(\.count)
        Swift.print()
        Swift.print(bold("Recorded \(snapshot.events.count) events") +
                    " (\(bySeverity[.error] ?? 0) errors, \(bySeverity[.warning] ?? 0) warnings, \(bySeverity[.info] ?? 0) info)" +
                    (snapshot.droppedCount > 0 ? "; \(snapshot.droppedCount) older events dropped by the ring buffer" : ""))
        for f in files { Swift.print("  \(f)") }
    }
}
