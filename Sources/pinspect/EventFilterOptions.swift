import ArgumentParser
@_spi(Package) import PresentationInspectorCore

/// `--kind` and `--controller`, as `pi events` has them: which events a view shows.
struct EventFilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only events of this kind: \(EventKind.allCases.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "kind"))
    var kind: String?
    @Option(help: ArgumentHelp("Only events naming this controller: its id (exactly), or its title or type name (ignoring case).", valueName: "name"))
    var controller: String?

    func validate() throws {
        if let kind, EventKind(rawValue: kind) == nil {
            throw ValidationError("unknown event kind '\(kind)' (known: \(EventKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let controller, controller.isEmpty { throw ValidationError("--controller needs an id, a type name or a title") }
    }

    /// Whether any filter was given.
    var isActive: Bool { kind != nil || controller != nil }

    /// Says on standard error that the filters selected nothing (the output alone cannot tell
    /// a misspelt name from a controller that did nothing).
    func reportNothingMatched() {
        var given: [String] = []
        if let kind { given.append("--kind \(kind)") }
        if let controller { given.append("--controller '\(controller)'") }
        var s = "\(given.joined(separator: " with ")) matched no event"
        if controller != nil { s += " (a controller is named by its id, exactly, or its title or type name, ignoring case)" }
        report(s)
    }

    /// Whether an event passes both filters.
    func matches(_ e: Event) -> Bool {
        if let kind, e.kind.rawValue != kind { return false }
        if let controller, !e.names(controller: controller) { return false }
        return true
    }

    /// The timeline restricted to what the selected events touch: lifetimes they began or ended
    /// (or of the named controller), and their transitions and markers. Lanes stay as they are,
    /// so lane numbers in `--json` output still match an unfiltered run.
    func apply(to t: PresentationTimeline, selected: Set<Int>) -> PresentationTimeline {
        guard isActive else { return t }
        var out = t
        out.lifetimes = t.lifetimes.filter { l in
            l.presentSeq.map(selected.contains) == true || l.endSeq.map(selected.contains) == true
                || controller.map(l.controller.isNamed) == true
        }
        out.transitions = t.transitions.filter { selected.contains($0.seq) }
        out.markers = t.markers.filter { selected.contains($0.seq) }
        out.reachable = t.reachable.filter { r in
            selected.contains(r.startSeq) || r.endSeq.map(selected.contains) == true
                || controller.map { r.controller.isNamed($0) || r.sheet.isNamed($0) } == true
        }
        return out
    }
}
