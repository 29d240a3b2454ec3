/// Graphviz DOT export of a ``ChainGraph``: one cluster per window, one node per controller,
/// the four edge kinds told apart by style (see docs/FORMATS.md).
@_spi(Package) public enum DOTExporter {
    /// The DOT text (`dot -Tsvg` renders it).
    /// Graphs with more than ``ChainGraph/drawnNodeLimit`` controllers are drawn fitted
    /// (``ChainGraph/fitted(maxNodes:)``), so Graphviz renders any recording.
    @_spi(Package) public static func render(_ graph: ChainGraph) -> String {
        let g = graph.fitted()
        let ids = Dictionary(g.nodes.enumerated().map { ($1.ref.id, "n\($0)") }, uniquingKeysWith: { a, _ in a })
        var out = "digraph \"presentation-chains\" {\n"
        let title = (g.seq.map { "Presentation chains after #\($0)" } ?? "Presentation chains (whole recording)")
            + (g.note.map { "\n(\($0))" } ?? "")
        out += "  graph [rankdir=TB, fontname=\"Helvetica\", fontsize=12, labelloc=t, label=\(quote(title)), newrank=true];\n"
        out += "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", color=\"#57606a\", fontname=\"Helvetica\", fontsize=11];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9];\n"
        let byWindow = g.nodesByWindow
        for (w, window) in g.windows.enumerated() {
            out += "  subgraph \"cluster_\(w)\" {\n"
            out += "    label=\(quote(ChainGraph.windowHeading(capped(window)))); style=\"rounded,dashed\"; color=\"#8c959f\";\n"
            for n in byWindow[window] ?? [] {
                out += "    \(ids[n.ref.id]!) [label=\(quote(label(n)))\(attributes(n))];\n"
            }
            out += "  }\n"
        }
        for e in g.edges {
            guard let a = ids[e.from], let b = ids[e.to] else { continue }
            out += "  \(a) -> \(b) [\(edgeAttributes(e, atSeq: g.seq))];\n"
        }
        out += "}\n"
        return out
    }

    /// The node's label lines: type, title, id, and its role.
    static func label(_ n: ChainGraph.Node) -> String {
        var lines = ChainGraphLayout.lines(for: n.ref)
        if n.isWindowRoot { lines.append("(window root)") }
        if n.definesContext { lines.append("(defines context)") }
        if n.interactiveUnder != nil { lines.append("(still interactive: the sheet above is undimmed)") }
        return lines.joined(separator: "\n")
    }

    /// `presents pageSheet at medium, undimmed`: a presentation edge's words, its sheet's detent included.
    static func presents(_ e: ChainGraph.Edge) -> String {
        "presents" + (e.style.map { " \($0.name)" } ?? "") + (e.sheet.flatMap { $0.hasDetentsConfigured ? " at \($0.restingSummary)" : nil } ?? "")
    }

    private static func attributes(_ n: ChainGraph.Node) -> String {
        var a = ""
        if n.isWindowRoot { a += ", peripheries=2" }
        if n.isPresented { a += ", fillcolor=\"#ddf4ff\"" }
        if n.definesContext { a += ", color=\"#1a7f37\"" }
        if n.interactiveUnder != nil { a += ", color=\"#1a7f37\", penwidth=2.5, style=\"rounded,filled,bold\"" }
        return a
    }

    /// `#3–#9, #12` style description of when an edge held.
    static func intervals(_ e: ChainGraph.Edge) -> String { e.intervalSummary }

    private static func edgeAttributes(_ e: ChainGraph.Edge, atSeq: Int?) -> String {
        let when = atSeq == nil ? " " + intervals(e) : ""
        switch e.kind {
        case .container:
            return "label=\"child\", color=\"#8c959f\", fontcolor=\"#57606a\", arrowhead=empty"
        case .presentation:
            return "label=\(quote(presents(e) + when)), color=\"#0969da\", fontcolor=\"#0969da\", penwidth=2"
        case .source:
            return "label=\(quote("source\(when)")), style=dashed, color=\"#8250df\", fontcolor=\"#8250df\""
        case .context:
            return "label=\(quote("context\(when)")), style=dotted, color=\"#1a7f37\", fontcolor=\"#1a7f37\", penwidth=2"
        case .rejected:
            return "label=\(quote("attempted → rejected " + intervals(e))), style=dashed, color=\"#cf222e\", fontcolor=\"#cf222e\", arrowhead=tee"
        }
    }

    /// A DOT double-quoted string; newlines become `\n` line breaks, other control characters
    /// visible escapes (``VisibleText``).
    static func quote(_ s: String) -> String {
        var out = "\""
        for ch in VisibleText.escaped(s, keepingLineBreaks: true) {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": continue
            default: out.append(ch)
            }
        }
        return out + "\""
    }
}

/// Mermaid flowchart export of a ``ChainGraph`` (renders on GitHub and in Mermaid Live).
@_spi(Package) public enum MermaidExporter {
    /// Mermaid's default `maxTextSize`: longer diagrams are refused.
    @_spi(Package) public static let textLimit = 50_000

    /// The Mermaid text, at most ``textLimit`` characters: large graphs are fitted
    /// (``ChainGraph/fitted(maxNodes:)``) with fewer controllers until the text fits.
    @_spi(Package) public static func render(_ graph: ChainGraph) -> String {
        var limit = ChainGraph.drawnNodeLimit
        while true {
            let text = render(fitted: graph.fitted(maxNodes: limit))
            if text.count <= textLimit || limit <= 1 { return text }
            limit /= 2
        }
    }

    private static func render(fitted g: ChainGraph) -> String {
        let ids = Dictionary(g.nodes.enumerated().map { ($1.ref.id, "n\($0)") }, uniquingKeysWith: { a, _ in a })
        // YAML front matter: quoted, and `seq N` rather than `#N` (a YAML comment, a Mermaid entity).
        let note = g.note.map { " (\(escape($0)))" } ?? ""
        var out = "---\ntitle: \"\(g.seq.map { "Presentation chains after seq \($0)" } ?? "Presentation chains (whole recording)")\(note)\"\n---\n"
        out += "flowchart TB\n"
        let byWindow = g.nodesByWindow
        for (w, window) in g.windows.enumerated() {
            out += "  subgraph w\(w)[\"\(escape(ChainGraph.windowHeading(capped(window))))\"]\n"
            for n in byWindow[window] ?? [] {
                let text = DOTExporter.label(n).split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) }
                out += "    \(ids[n.ref.id]!)[\"\(text.joined(separator: "<br/>"))\"]\n"
            }
            out += "  end\n"
        }
        var styles: [String] = []
        var link = 0
        for e in g.edges {
            guard let a = ids[e.from], let b = ids[e.to] else { continue }
            let when = g.seq == nil ? " " + DOTExporter.intervals(e).replacingHashes() : ""
            switch e.kind {
            case .container:
                out += "  \(a) -->|child| \(b)\n"
                styles.append("  linkStyle \(link) stroke:#8c959f\n")
            case .presentation:
                out += "  \(a) ==>|\"\(escape(DOTExporter.presents(e)))\(when)\"| \(b)\n"
                styles.append("  linkStyle \(link) stroke:#0969da\n")
            case .source:
                out += "  \(a) -.->|\"source\(when)\"| \(b)\n"
                styles.append("  linkStyle \(link) stroke:#8250df\n")
            case .context:
                out += "  \(a) -.->|\"context\(when)\"| \(b)\n"
                styles.append("  linkStyle \(link) stroke:#1a7f37,stroke-width:2px\n")
            case .rejected:
                out += "  \(a) --x|\"attempted → rejected \(DOTExporter.intervals(e).replacingHashes())\"| \(b)\n"
                styles.append("  linkStyle \(link) stroke:#cf222e,stroke-dasharray:4 3\n")
            }
            link += 1
        }
        out += styles.joined()
        let roots = g.nodes.filter(\.isWindowRoot).compactMap { ids[$0.ref.id] }
        let presented = g.nodes.filter(\.isPresented).compactMap { ids[$0.ref.id] }
        let interactive = g.nodes.filter { $0.interactiveUnder != nil }.compactMap { ids[$0.ref.id] }
        out += "  classDef root stroke-width:3px\n"
        out += "  classDef presented fill:#ddf4ff\n"
        if !roots.isEmpty { out += "  class \(roots.joined(separator: ",")) root\n" }
        if !presented.isEmpty { out += "  class \(presented.joined(separator: ",")) presented\n" }
        if !interactive.isEmpty {
            out += "  classDef interactive stroke:#1a7f37,stroke-width:3px\n"
            out += "  class \(interactive.joined(separator: ",")) interactive\n"
        }
        return out
    }

    /// Escapes text for a quoted Mermaid label: quotes and angle brackets become entity codes,
    /// control characters visible escapes (``VisibleText``).
    static func escape(_ s: String) -> String {
        var out = ""
        for ch in VisibleText.escaped(s, keepingLineBreaks: true) {
            switch ch {
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "\n", "\r": out += " "
            default: out.append(ch)
            }
        }
        return out
    }
}

private extension String {
    /// `#3–#9` reads as entity codes to Mermaid; it gets `seq 3–9` instead (`1,640×, seq 8–now`).
    func replacingHashes() -> String {
        guard let first = range(of: "#") else { return self }
        var s = self
        s.replaceSubrange(first, with: "seq ")
        return String(s.filter { $0 != "#" })
    }
}
