/// What a view of a recording leads with: its problems (docs/DESIGN.md, "views lead with the
/// problem"). The overlay and the HTML report open on the same event.
@_spi(Package) public enum ProblemFocus {
    /// The event a first look lands on: the first with an error, else the first with a warning
    /// (the HTML report's `firstProblem`); nil when no event has either.
    @_spi(Package) public static func firstProblem(in events: [Event]) -> Event? {
        events.first { e in e.diagnostics.contains { $0.severity == .error } }
            ?? events.first { e in e.diagnostics.contains { $0.severity == .warning } }
    }

    /// A list's heading: how many events, then its diagnostics by severity, most severe first,
    /// and how many older events the recorder dropped: `97 events · 3 errors, 11 warnings, 2 info`.
    @_spi(Package) public static func heading(events: [Event], dropped: Int) -> String {
        var counts: [Severity: Int] = [:]
        for e in events { for d in e.diagnostics { counts[d.severity, default: 0] += 1 } }
        var text = counted(events.count, "event")
        let found = [Severity.error, .warning, .info].compactMap { s in counts[s].map { counted($0, s.rawValue) } }
        if !found.isEmpty { text += " · " + found.joined(separator: ", ") }
        if dropped > 0 { text += " · \(dropped) older dropped" }
        return text
    }

    /// "1 error", "4 errors", "3 info": a count with its noun, plural where English has one
    /// (pinspect's summaries count the same way).
    @_spi(Package) public static func counted(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 || noun == "info" ? "" : "s")"
    }
}
