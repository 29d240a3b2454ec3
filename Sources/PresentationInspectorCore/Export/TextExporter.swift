/// Plain-text export: a header, the timeline (one line per event, diagnostics below), the
/// presented lifetimes per lane, and the chains in the spirit of UIKit's `_printHierarchy`.
///
/// Deterministic: the header's `created` time is left out so that outputs can be compared.
public enum TextExporter {
    /// The whole text export; `at` limits the chain listing to the state after that seq.
    public static func render(header: LogHeader, events: [Event], at seq: Int? = nil) -> String {
        var out = headerText(header: header, events: events)
        out += "\nTimeline\n"
        out += timeline(events: events)
        out += "\nPresented lifetimes\n"
        out += lifetimes(PresentationTimeline.make(events: events))
        out += "\n" + chainListing(ChainGraph.make(events: events, at: seq))
        return out
    }

    /// The first lines: app, device, counts, time range.
    public static func headerText(header: LogHeader, events: [Event]) -> String {
        let s = RecordingSummary(header: header, events: events)
        var out = "PresentationInspector recording (format version \(header.version))\n"
        if !header.app.isEmpty { out += "app: " + keyValues(header.app) + "\n" }
        if !header.device.isEmpty { out += "device: " + keyValues(header.device) + "\n" }
        out += s.oneLine + "\n"
        if header.dropped > 0 { out += "note: the ring buffer dropped \(header.dropped) earlier events\n" }
        return out
    }

    private static func keyValues(_ m: [String: String]) -> String {
        m.keys.sorted().map { "\($0)=\(m[$0]!)" }.joined(separator: ", ")
    }

    /// One line per event (its summary), with its diagnostics indented below.
    public static func timeline(events: [Event]) -> String {
        var out = ""
        for e in events.sorted(by: { $0.seq < $1.seq }) {
            out += "  " + e.summary + "\n"
            if let o = e.observed, !o.isEmpty { out += "      observed: " + o.fields.map { "\($0.name) \($0.value)" }.joined(separator: ", ") + "\n" }
            for d in e.diagnostics { out += "      \(severityBadge(d.severity)) \(d.code): \(d.message)\n" }
        }
        return out.isEmpty ? "  (no events)\n" : out
    }

    /// `[error]`, `[warning]`, `[info]`.
    public static func severityBadge(_ s: Severity) -> String { "[\(s.rawValue)]" }

    /// Each lane's lifetimes, with their times, style and the events that bound them.
    public static func lifetimes(_ t: PresentationTimeline) -> String {
        var out = ""
        for (i, lane) in t.lanes.enumerated() {
            let items = t.lifetimes.filter { $0.lane == i }
            guard !items.isEmpty else { continue }
            out += "  \(lane.title)\n"
            for l in items {
                var line = "    \(formatTime(l.start)) → \(l.isOpen ? "end" : formatTime(l.end))  \(l.controller.label)"
                if let s = l.style { line += "  \(s.name)" }
                if let p = l.presentSeq { line += "  #\(p)" + (l.endSeq.map { "–#\($0)" } ?? "–") }
                if l.isOpen && !l.isWindowRoot { line += "  (still presented)" }
                out += line + "\n"
            }
            for tr in t.transitions where tr.lane == i && tr.end > tr.start {
                out += "    \(tr.direction == .present ? "presenting" : "dismissing") \(tr.controller.id): \(formatTime(tr.start)) → \(formatTime(tr.end))\n"
            }
        }
        return out.isEmpty ? "  (none)\n" : out
    }

    /// The chains per window: `|` marks a container child, `+` a presented controller.
    public static func chainListing(_ g: ChainGraph) -> String {
        var out = g.seq.map { "Chains after #\($0)\n" } ?? "Chains (whole recording; presentations with the events that began and ended them)\n"
        let nodes = Dictionary(g.nodes.map { ($0.ref.id, $0) }, uniquingKeysWith: { a, _ in a })
        var children: [String: [ChainGraph.Edge]] = [:]
        for e in g.edges where e.kind == .container || e.kind == .presentation { children[e.from, default: []].append(e) }
        let hasParent = Set(children.values.flatMap { $0.map(\.to) })
        var reached = Set<String>()

        func describe(_ n: ChainGraph.Node) -> String {
            var s = n.ref.consoleDescription
            if let t = n.ref.title, !t.isEmpty { s += " \"\(t)\"" }
            if n.definesContext { s += ", defines context" }
            return s
        }
        func presentation(_ e: ChainGraph.Edge) -> String {
            var parts: [String] = []
            if let s = e.style { parts.append(s.name) }
            if let src = g.edges.first(where: { $0.kind == .source && $0.to == e.to && $0.intervals.contains(where: { i in e.intervals.contains { $0.start == i.start } }) }),
               let n = nodes[src.from] {
                parts.append("from \(n.ref.consoleDescription)")
            }
            if let c = g.edges.first(where: { $0.kind == .context && $0.to == e.to }), let n = nodes[c.from] {
                parts.append("context \(n.ref.consoleDescription)")
            }
            if g.seq != nil, let last = e.intervals.last {
                parts.append("since #\(last.start)")
            } else {
                parts.append(e.intervals.map { i in "#\(i.start)" + (i.end.map { "–#\($0)" } ?? " (still presented)") }
                    .joined(separator: ", "))
            }
            return parts.joined(separator: ", ")
        }
        func walk(_ id: String, depth: Int, path: Set<String>) {
            for e in children[id] ?? [] {
                guard let child = nodes[e.to] else { continue }
                let prefix = String(repeating: "   |", count: depth) + "   " + (e.kind == .container ? "|" : "+") + " "
                if path.contains(e.to) {
                    out += prefix + child.ref.consoleDescription + " (cycle)\n"
                    continue
                }
                reached.insert(e.to)
                out += prefix + describe(child) + (e.kind == .presentation ? ", presented: " + presentation(e) : "") + "\n"
                walk(e.to, depth: depth + 1, path: path.union([e.to]))
            }
        }
        for w in g.windows {
            out += "window \(w)\n"
            let roots = g.nodes.filter { $0.window == w && $0.isWindowRoot }
            for r in roots {
                reached.insert(r.ref.id)
                out += describe(r) + ", root\n"
                walk(r.ref.id, depth: 0, path: [r.ref.id])
            }
            var notedUnplaced = false
            // Tops of unplaced subtrees first, so their children are listed under them.
            let unplaced = g.nodes.filter { $0.window == w && !reached.contains($0.ref.id) }
            let tops = unplaced.filter { !hasParent.contains($0.ref.id) } + unplaced.filter { hasParent.contains($0.ref.id) }
            for n in tops where !reached.contains(n.ref.id) {
                if !notedUnplaced { out += "  (not placed: the log does not say what contains them)\n"; notedUnplaced = true }
                out += "  " + describe(n) + "\n"
                reached.insert(n.ref.id)
                walk(n.ref.id, depth: 0, path: [n.ref.id])
            }
        }
        if g.windows.isEmpty { out += "  (no controllers)\n" }
        return out
    }
}
