/// Plain-text export: a header, the timeline (one line per event, diagnostics below), the
/// presented lifetimes per lane, and the chains in the spirit of UIKit's `_printHierarchy`.
///
/// Deterministic: the header's `created` time is left out so that outputs can be compared.
@_spi(Package) public enum TextExporter {
    /// The whole text export; `at` limits the chain listing to the state after that seq.
    @_spi(Package) public static func render(header: LogHeader, events: [Event], at seq: Int? = nil) -> String {
        var out = headerText(header: header, events: events)
        out += "\nTimeline\n"
        out += timeline(events: events)
        out += "\nPresented lifetimes\n"
        out += lifetimes(PresentationTimeline.make(events: events))
        out += "\n" + chainListing(ChainGraph.make(events: events, at: seq))
        return out
    }

    /// The first lines: app, device, counts, time range.
    @_spi(Package) public static func headerText(header: LogHeader, events: [Event]) -> String {
        headerText(header: header, summary: RecordingSummary(header: header, events: events))
    }

    /// The header block from a summary already computed (a streamed log keeps no events).
    @_spi(Package) public static func headerText(header: LogHeader, summary s: RecordingSummary) -> String {
        var out = "PresentationInspector recording (format version \(header.version))\n"
        if !header.app.isEmpty { out += "app: " + keyValues(header.app) + "\n" }
        if !header.device.isEmpty { out += "device: " + keyValues(header.device) + "\n" }
        out += s.oneLine + "\n"
        if header.dropped > 0 { out += "note: the ring buffer dropped \(header.dropped) earlier events\n" }
        return out
    }

    private static func keyValues(_ m: [String: String]) -> String {
        m.keys.sorted().map { "\(VisibleText.escaped($0))=\(VisibleText.escaped(m[$0]!))" }.joined(separator: ", ")
    }

    /// One line per event (its summary), with its diagnostics indented below.
    @_spi(Package) public static func timeline(events: [Event]) -> String {
        var out = ""
        for e in events.sorted(by: { $0.seq < $1.seq }) { out += timelineLines(e) }
        return out.isEmpty ? noEvents : out
    }

    /// What ``timeline(events:)`` says when there is no event.
    @_spi(Package) public static let noEvents = "  (no events)\n"

    /// One event's lines in ``timeline(events:)``: its summary, what was observed, its diagnostics.
    @_spi(Package) public static func timelineLines(_ e: Event) -> String {
        var out = "  " + e.summary + "\n"
        if let o = e.observed, !o.isEmpty {
            out += "      observed: " + o.fields.map { "\($0.name) \(VisibleText.escaped($0.value))" }.joined(separator: ", ") + "\n"
        }
        for d in e.diagnostics {
            out += "      \(severityBadge(d.severity)) \(d.code): \(VisibleText.escaped(d.message))\n"
            if let fix = d.fix { out += "        fix: \(VisibleText.escaped(fix))\n" }
        }
        return out
    }

    /// `[error]`, `[warning]`, `[info]`.
    @_spi(Package) public static func severityBadge(_ s: Severity) -> String { "[\(s.rawValue)]" }

    /// Each lane's lifetimes, with their times, style and the events that bound them.
    @_spi(Package) public static func lifetimes(_ t: PresentationTimeline) -> String {
        var meter = WorkMeter()
        return lifetimes(t, meter: &meter)
    }

    /// ``lifetimes(_:)``, counting its steps: lifetimes and transitions are grouped by lane once
    /// rather than filtered per lane (which would be quadratic in the number of lanes).
    static func lifetimes(_ t: PresentationTimeline, meter: inout WorkMeter) -> String {
        var lifetimesByLane = [[PresentationTimeline.Lifetime]](repeating: [], count: t.lanes.count)
        var transitionsByLane = [[PresentationTimeline.Transition]](repeating: [], count: t.lanes.count)
        var reachableByLane = [[PresentationTimeline.Reachable]](repeating: [], count: t.lanes.count)
        for l in t.lifetimes where lifetimesByLane.indices.contains(l.lane) { meter.steps += 1; lifetimesByLane[l.lane].append(l) }
        for tr in t.transitions where transitionsByLane.indices.contains(tr.lane) { meter.steps += 1; transitionsByLane[tr.lane].append(tr) }
        for r in t.reachable where reachableByLane.indices.contains(r.lane) { meter.steps += 1; reachableByLane[r.lane].append(r) }
        var out = ""
        for (i, lane) in t.lanes.enumerated() {
            meter.steps += 1
            let items = lifetimesByLane[i]
            guard !items.isEmpty else { continue }
            out += laneHeading(lane)
            for l in items {
                meter.steps += 1
                out += lifetimeLine(l)
            }
            for tr in transitionsByLane[i] {
                meter.steps += 1
                out += transitionLine(tr) ?? ""
            }
            for r in reachableByLane[i] {
                meter.steps += 1
                out += reachableLine(r)
            }
        }
        return out.isEmpty ? noLifetimes : out
    }

    /// What ``lifetimes(_:)`` says when there is no lifetime.
    @_spi(Package) public static let noLifetimes = "  (none)\n"

    /// A lane's heading in ``lifetimes(_:)`` (only lanes with lifetimes are listed).
    @_spi(Package) public static func laneHeading(_ lane: PresentationTimeline.Lane) -> String {
        "  \(capped(lane.title, 120))\n"
    }

    /// A lifetime's line in ``lifetimes(_:)``.
    @_spi(Package) public static func lifetimeLine(_ l: PresentationTimeline.Lifetime) -> String {
        var line = "    \(formatTime(l.start)) → \(l.isOpen ? "end" : formatTime(l.end))  \(capped(l.controller.label, 120))"
        if let s = l.style { line += "  \(s.name)" }
        if let p = l.presentSeq { line += "  #\(p)" + (l.endSeq.map { "–#\($0)" } ?? "–") }
        if l.isOpen && !l.isWindowRoot { line += "  (still presented)" }
        return line + "\n"
    }

    /// A transition's line in ``lifetimes(_:)``, listed after its lane's lifetimes; nil for one
    /// that took no time (not listed).
    @_spi(Package) public static func transitionLine(_ tr: PresentationTimeline.Transition) -> String? {
        guard tr.end > tr.start else { return nil }
        return "    \(tr.direction == .present ? "presenting" : "dismissing") \(capped(tr.controller.id)): \(formatTime(tr.start)) → \(formatTime(tr.end))\n"
    }

    /// A line in ``lifetimes(_:)`` for a time a presenting controller stayed interactive below an
    /// undimmed sheet, listed after its lane's transitions.
    @_spi(Package) public static func reachableLine(_ r: PresentationTimeline.Reachable) -> String {
        "    interactive below \(capped(r.sheet.label, 120)) (undimmed at \(capped(r.detent, 40))): \(capped(r.controller.id)) \(formatTime(r.start)) → \(r.isOpen ? "end" : formatTime(r.end))  #\(r.startSeq)–\(r.endSeq.map { "#\($0)" } ?? "")\n"
    }

    /// The chains per window: `|` marks a container child, `+` a presented controller, `x` a
    /// rejected attempt to present one.
    @_spi(Package) public static func chainListing(_ g: ChainGraph) -> String {
        var meter = WorkMeter()
        return chainListing(g, meter: &meter)
    }

    /// ``chainListing(_:)``, counting its steps. Nodes per window, children per controller and
    /// source/context edges per presented controller are indexed once (searching the
    /// edges per edge would be quadratic).
    static func chainListing(_ g: ChainGraph, meter: inout WorkMeter) -> String {
        var out = g.seq.map { "Chains after #\($0)\n" } ?? "Chains (whole recording; presentations with the events that began and ended them)\n"
        var nodes: [String: ChainGraph.Node] = [:]
        var nodesByWindow: [String: [ChainGraph.Node]] = [:]
        for n in g.nodes {
            meter.steps += 1
            if nodes[n.ref.id] == nil { nodes[n.ref.id] = n }
            nodesByWindow[n.window, default: []].append(n)
        }
        var children: [String: [ChainGraph.Edge]] = [:]
        var sources: [String: [ChainGraph.Edge]] = [:], contexts: [String: ChainGraph.Edge] = [:]
        var hasParent = Set<String>()
        for e in g.edges {
            meter.steps += 1
            switch e.kind {
            case .container, .presentation, .rejected: children[e.from, default: []].append(e); hasParent.insert(e.to)
            case .source: sources[e.to, default: []].append(e)
            case .context: if contexts[e.to] == nil { contexts[e.to] = e }
            }
        }
        var reached = Set<String>()

        func describe(_ n: ChainGraph.Node) -> String {
            var s = capped(n.ref.consoleDescription, 2 * ChainGraph.labelLimit)
            if let t = n.ref.title, !t.isEmpty { s += " \"\(capped(t))\"" }
            if n.definesContext { s += ", defines context" }
            if let sheet = n.interactiveUnder { s += ", still interactive below \(capped(nodes[sheet]?.ref.consoleDescription ?? sheet))" }
            return s
        }
        func presentation(_ e: ChainGraph.Edge, meter: inout WorkMeter) -> String {
            var parts: [String] = []
            if let s = e.style { parts.append(s.name) }
            if let sheet = e.sheet, sheet.hasDetentsConfigured { parts.append("at \(sheet.restingSummary)") }
            // The source of this presentation: a source edge to the same controller that began
            // in one of its intervals (interval starts looked up in a set, not searched).
            let starts = Set(e.intervals.map(\.start))
            meter.steps += e.intervals.count
            if let src = (sources[e.to] ?? []).first(where: { s in
                meter.steps += 1
                return s.intervals.contains { starts.contains($0.start) }
            }), let n = nodes[src.from] {
                parts.append("from \(capped(n.ref.consoleDescription, 2 * ChainGraph.labelLimit))")
            }
            if let c = contexts[e.to], let n = nodes[c.from] {
                parts.append("context \(capped(n.ref.consoleDescription, 2 * ChainGraph.labelLimit))")
            }
            if g.seq != nil, let last = e.intervals.last {
                parts.append("since #\(last.start)")
            } else if e.intervals.count > ChainGraph.Edge.listedIntervals {
                parts.append(e.intervalSummary + (e.isActive ? " (still presented)" : ""))
            } else {
                parts.append(e.intervals.map { i in "#\(i.start)" + (i.end.map { "–#\($0)" } ?? " (still presented)") }
                    .joined(separator: ", "))
            }
            return parts.joined(separator: ", ")
        }
        var path = Set<String>()
        /// The controllers whose children have been listed.
        var expanded = Set<String>()
        /// Lists what hangs below `root`, depth first. The walk keeps its own stack: a chain
        /// thousands of presentations deep is a log the reader accepts, and a call per level
        /// would overflow the thread's stack (the app's main thread, for the overlay's export).
        func walk(_ root: String, meter: inout WorkMeter) {
            let top = children[root] ?? []
            if !top.isEmpty, !expanded.insert(root).inserted {
                out += "   (what hangs below it is listed above)\n"
                return
            }
            var stack: [(id: String, edges: [ChainGraph.Edge], next: Int)] = [(root, top, 0)]
            while let top = stack.last {
                guard top.next < top.edges.count else {
                    stack.removeLast()
                    if !stack.isEmpty { path.remove(top.id) }
                    continue
                }
                stack[stack.count - 1].next += 1
                let e = top.edges[top.next], depth = stack.count - 1
                meter.steps += 1
                guard let child = nodes[e.to] else { continue }
                // Deep chains are indented to a bounded width, with the depth written out.
                let shown = min(depth, 20)
                let prefix = String(repeating: "   |", count: shown) + (depth > shown ? " (\(depth))" : "")
                    + "   " + (e.kind == .container ? "|" : e.kind == .presentation ? "+" : "x") + " "
                if e.kind == .rejected {
                    // An attempt, not a relationship: listed, never walked into.
                    out += prefix + describe(child) + ", attempted, rejected: " + e.intervalSummary + "\n"
                    reached.insert(e.to)
                    continue
                }
                if path.contains(e.to) {
                    out += prefix + child.ref.consoleDescription + " (cycle)\n"
                    continue
                }
                reached.insert(e.to)
                let line = prefix + describe(child) + (e.kind == .presentation ? ", presented: " + presentation(e, meter: &meter) : "")
                // A controller reached again (a log whose chains name several roots for it, or
                // a DAG) is listed once with what hangs below it: listing it again for every
                // way in would make the output grow with the square of the log.
                let below = children[e.to] ?? []
                if !below.isEmpty, !expanded.insert(e.to).inserted {
                    out += line + " (what hangs below it is listed above)\n"
                    continue
                }
                out += line + "\n"
                path.insert(e.to)
                stack.append((e.to, below, 0))
            }
        }
        for w in g.windows {
            meter.steps += 1
            out += ChainGraph.windowHeading(capped(w)) + "\n"
            let members = nodesByWindow[w] ?? []
            for r in members where r.isWindowRoot {
                meter.steps += 1
                reached.insert(r.ref.id)
                out += describe(r) + ", root\n"
                path = [r.ref.id]
                walk(r.ref.id, meter: &meter)
            }
            var notedUnplaced = false
            // Tops of unplaced subtrees first, so their children are listed under them.
            let unplaced = members.filter { !reached.contains($0.ref.id) }
            meter.steps += members.count
            let tops = unplaced.filter { !hasParent.contains($0.ref.id) } + unplaced.filter { hasParent.contains($0.ref.id) }
            for n in tops where !reached.contains(n.ref.id) {
                meter.steps += 1
                if !notedUnplaced {
                    out += w == ChainGraph.noWindowID ? "  (detached: in no window's hierarchy)\n" : "  (not placed: the log does not say what contains them)\n"
                    notedUnplaced = true
                }
                out += "  " + describe(n) + "\n"
                reached.insert(n.ref.id)
                path = [n.ref.id]
                walk(n.ref.id, meter: &meter)
            }
        }
        if g.windows.isEmpty { out += "  (no controllers)\n" }
        return out
    }
}

/// Counts the steps an algorithm takes, so tests can check it scales linearly (run it on n and
/// 4n inputs and compare) without timing anything.
struct WorkMeter {
    var steps = 0
}
