/// Bounded descriptions for the graph views: an edge's intervals and a label line never grow
/// with the recording (a 10,000-event log once put 1,640 intervals into one DOT label, past
/// Graphviz's 16,384-byte token limit).
extension ChainGraph.Edge {
    /// At most this many intervals are listed one by one; more are collapsed.
    static let listedIntervals = 3

    /// `#3–#9, #12`, or, past `listedIntervals`, `1,640×, #8–#10003` (`…–now` while it holds).
    /// Rejected attempts list their events alone: `#4, #9`, `12×, #4–#99`.
    @_spi(Package) public var intervalSummary: String {
        let instants = kind == .rejected
        if intervals.count <= Self.listedIntervals {
            return intervals.map { i in "#\(i.start)" + (instants ? "" : i.end.map { "–#\($0)" } ?? "") }.joined(separator: ", ")
        }
        let first = intervals[0], last = intervals[intervals.count - 1]
        if instants { return "\(groupedThousands(intervals.count))×, #\(first.start)–#\(last.start)" }
        return "\(groupedThousands(intervals.count))×, #\(first.start)–" + (last.end.map { "#\($0)" } ?? "now")
    }
}

/// `1640` → `1,640`.
func groupedThousands(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = n < 0 ? "-" : ""
    for (i, ch) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
        out.append(ch)
    }
    return out
}

/// `s` on one line, its control characters escaped (``VisibleText``), cut to `limit`
/// characters, an ellipsis marking the cut.
func capped(_ s: String, _ limit: Int = ChainGraph.labelLimit) -> String {
    let s = VisibleText.escaped(s)
    return s.count <= limit ? s : String(s.prefix(max(limit - 1, 0))) + "…"
}

extension ChainGraph {
    /// The label drawn beside an edge in the laid-out views (SVG, overlay), nil for unlabelled
    /// kinds: the style or kind (a sheet's with the detent it rests at), then, for the whole
    /// recording, when it held.
    @_spi(Package) public static func edgeLabel(_ e: Edge, seq: Int?) -> String? {
        var text: String
        switch e.kind {
        case .presentation:
            text = e.style?.name ?? "presents"
            if let sheet = e.sheet, sheet.hasDetentsConfigured { text += " at \(sheet.restingSummary)" }
        case .context: text = "context"
        case .rejected: text = "attempted → rejected"
        case .container, .source: return nil
        }
        if seq == nil || e.kind == .rejected { text += " " + e.intervalSummary }
        return text
    }

    /// The longest label line (type, title, id) the graph views print.
    @_spi(Package) public static let labelLimit = 60
}
