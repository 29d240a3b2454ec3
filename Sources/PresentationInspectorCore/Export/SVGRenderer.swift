/// Draws the layouts as SVG, used standalone (`pinspect graph --format svg`) and inline in the
/// HTML report. Colours are inline attributes so a standalone file renders anywhere; class
/// names (`pi-…`) and `data-` attributes let the report's script highlight and filter.
@_spi(Package) public enum SVGRenderer {
    /// Colours per severity: error, warning, info.
    static func colour(_ s: Severity?) -> String {
        switch s {
        case .error: "#cf222e"
        case .warning: "#bf8700"
        case .info: "#1b7c83"
        case nil: "#0969da"
        }
    }

    /// The timeline as an `<svg>` element.
    @_spi(Package) public static func timeline(_ l: TimelineLayout, standalone: Bool = false) -> String {
        var o = open(width: l.size.width, height: l.size.height, cls: "pi-timeline", standalone: standalone,
                     label: "Timeline: one lane per window and presentation level")
        o += "<g class=\"pi-lanes\">"
        for (i, lane) in l.lanes.enumerated() {
            let f = lane.frame
            o += "<rect x=\"0\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"\(i % 2 == 0 ? "#f6f8fa" : "#ffffff")\"/>"
            o += "<text x=\"6\" y=\"\(n(f.midY + 4))\" fill=\"#24292f\">\(esc(clip(lane.title, to: l.options.laneTitleWidth - 10)))</text>"
        }
        o += "</g><g class=\"pi-axis\">"
        for t in l.ticks {
            o += "<line x1=\"\(n(t.x))\" y1=\"\(n(l.options.axisHeight - 6))\" x2=\"\(n(t.x))\" y2=\"\(n(l.size.height))\" stroke=\"#d0d7de\" stroke-width=\"1\"/>"
            o += "<text x=\"\(n(t.x))\" y=\"\(n(l.options.axisHeight - 10))\" text-anchor=\"middle\" fill=\"#57606a\">\(esc(t.label))</text>"
        }
        o += "</g><g class=\"pi-bars\">"
        for b in l.bars {
            let f = b.frame, lt = b.lifetime
            let fill = lt.isWindowRoot ? "#d0d7de" : "#b6e3ff"
            let seqAttr = lt.presentSeq.map { " data-seq=\"\($0)\"" } ?? ""
            var tip = lt.controller.label
            if let s = lt.style { tip += " · \(s.name)" }
            tip += " · \(formatTime(lt.start))–\(lt.isOpen ? "end" : formatTime(lt.end))"
            o += "<rect class=\"pi-bar\"\(seqAttr) data-id=\"\(esc(lt.controller.id))\" x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" rx=\"3\" fill=\"\(fill)\" stroke=\"#54aeff\" stroke-width=\"\(lt.isWindowRoot ? 0 : 1)\"><title>\(esc(tip))</title></rect>"
            let label = clip(lt.controller.title.map { "\(lt.controller.type) “\($0)”" } ?? lt.controller.type, to: f.width - 8)
            if !label.isEmpty {
                o += "<text x=\"\(n(f.x + 4))\" y=\"\(n(f.maxY - 4))\" fill=\"#0a3069\" font-size=\"10\" pointer-events=\"none\">\(esc(label))</text>"
            }
        }
        o += "</g><g class=\"pi-segments\">"
        for s in l.segments {
            let f = s.frame
            let fill = s.transition.direction == .present ? "#2da44e" : "#fb8f44"
            o += "<rect class=\"pi-seg\" data-seq=\"\(s.transition.seq)\" x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"\(fill)\" fill-opacity=\"0.55\"><title>\(esc("\(s.transition.direction.rawValue) transition of \(s.transition.controller.label) #\(s.transition.seq): \(formatTime(s.transition.start))–\(formatTime(s.transition.end))"))</title></rect>"
        }
        o += "</g><g class=\"pi-reachable\">"
        for b in l.bands {
            let f = b.frame, r = b.reachable
            let tip = "\(r.controller.label) stays interactive below \(r.sheet.label), undimmed at its \(r.detent) detent · \(formatTime(r.start))–\(r.isOpen ? "end" : formatTime(r.end))"
            o += "<rect class=\"pi-reach\" data-seq=\"\(r.startSeq)\" x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"\(reachableColour)\"><title>\(esc(tip))</title></rect>"
        }
        o += "</g><g class=\"pi-markers\">"
        for m in l.markers { o += marker(m) }
        o += "</g></svg>"
        return o
    }

    private static func marker(_ m: TimelineLayout.Marker) -> String {
        let c = m.center, r = m.radius
        let colour: String = switch (m.marker.kind, m.marker.severity) {
        case (.request, nil): "#0969da"
        case (.interactive, nil): "#8250df"
        case (.detent, nil): reachableColour
        case (_, let s): colour(s ?? .error)
        }
        let sev = m.marker.severity.map { " pi-sev-\($0.rawValue)" } ?? ""
        let head = "class=\"pi-mk pi-mk-\(m.marker.kind.rawValue)\(sev)\" data-seq=\"\(m.marker.seq)\""
        let tip = "<title>\(esc(m.marker.label))</title>"
        switch m.marker.kind {
        case .request:
            return "<circle \(head) cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"\(n(r))\" fill=\"\(colour)\">\(tip)</circle>"
        case .rejection:
            let d = "M\(n(c.x - r)) \(n(c.y - r))L\(n(c.x + r)) \(n(c.y + r))M\(n(c.x + r)) \(n(c.y - r))L\(n(c.x - r)) \(n(c.y + r))"
            return "<path \(head) d=\"\(d)\" stroke=\"\(colour)\" stroke-width=\"2.2\" fill=\"none\">\(tip)</path>"
        case .diagnostic:
            let d = "M\(n(c.x)) \(n(c.y - r - 1))L\(n(c.x + r + 1)) \(n(c.y))L\(n(c.x)) \(n(c.y + r + 1))L\(n(c.x - r - 1)) \(n(c.y))Z"
            return "<path \(head) d=\"\(d)\" fill=\"\(colour)\">\(tip)</path>"
        case .interactive:
            let d = "M\(n(c.x - r)) \(n(c.y - r))L\(n(c.x + r)) \(n(c.y - r))L\(n(c.x)) \(n(c.y + r))Z"
            return "<path \(head) d=\"\(d)\" fill=\"\(colour)\">\(tip)</path>"
        case .detent:
            return "<rect \(head) x=\"\(n(c.x - r))\" y=\"\(n(c.y - r))\" width=\"\(n(2 * r))\" height=\"\(n(2 * r))\" fill=\"\(colour)\">\(tip)</rect>"
        }
    }

    /// The colour of what stays interactive below an undimmed sheet, and of detent changes.
    static let reachableColour = "#1a7f37"

    /// Edge colours and dash patterns per kind (also used by the report's legend).
    static func edgeStyle(_ k: ChainGraph.EdgeKind) -> (colour: String, dash: String?, width: Double) {
        switch k {
        case .container: ("#8c959f", nil, 1.2)
        case .presentation: ("#0969da", nil, 2.2)
        case .source: ("#8250df", "6 4", 1.5)
        case .context: ("#1a7f37", "2 3", 2)
        case .rejected: ("#cf222e", "4 3", 1.5)
        }
    }

    /// The chain graph as an `<svg>` element.
    @_spi(Package) public static func chainGraph(_ l: ChainGraphLayout, standalone: Bool = false) -> String {
        var o = open(width: l.size.width, height: l.size.height, cls: "pi-graph", standalone: standalone,
                     label: "Chain graph: containers, presentations, sources and context providers")
        o += "<defs>"
        for k in ChainGraph.EdgeKind.allCases {
            let s = edgeStyle(k)
            o += "<marker id=\"pi-arrow-\(k.rawValue)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\" fill=\"\(k == .container ? "none" : s.colour)\" stroke=\"\(s.colour)\"/></marker>"
        }
        o += "</defs>"
        for w in l.windows {
            let f = w.frame
            o += "<g class=\"pi-window\"><rect x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" rx=\"8\" fill=\"none\" stroke=\"#8c959f\" stroke-dasharray=\"5 4\"/>"
            o += "<text x=\"\(n(f.x + 8))\" y=\"\(n(f.y + 15))\" fill=\"#57606a\" font-weight=\"600\">\(esc(ChainGraph.windowHeading(w.window)))</text></g>"
        }
        o += "<g class=\"pi-edges\">"
        for e in l.edges {
            let s = edgeStyle(e.edge.kind)
            let iv = e.edge.intervals.map { "\($0.start)-\($0.end.map(String.init) ?? "")" }.joined(separator: ",")
            var d = "M\(n(e.start.x)) \(n(e.start.y))"
            for c in e.segments {
                d += "C\(n(c.control1.x)) \(n(c.control1.y)) \(n(c.control2.x)) \(n(c.control2.y)) \(n(c.end.x)) \(n(c.end.y))"
            }
            let dash = s.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
            o += "<g class=\"pi-edge pi-edge-\(e.edge.kind.rawValue)\" data-from=\"\(esc(e.edge.from))\" data-to=\"\(esc(e.edge.to))\" data-iv=\"\(iv)\">"
            o += "<path d=\"\(d)\" fill=\"none\" stroke=\"\(s.colour)\" stroke-width=\"\(n(s.width))\"\(dash) marker-end=\"url(#pi-arrow-\(e.edge.kind.rawValue))\"/>"
            // Source edges go unlabelled: the dashed line and the legend say it all.
            if let text = ChainGraph.edgeLabel(e.edge, seq: l.graph.seq) {
                o += "<text x=\"\(n(e.labelPosition.x))\" y=\"\(n(e.labelPosition.y))\" font-size=\"10\" fill=\"\(s.colour)\">\(esc(clip(text, to: 200)))</text>"
            }
            o += "</g>"
        }
        o += "</g><g class=\"pi-nodes\">"
        for p in l.nodes {
            let f = p.frame, node = p.node
            let interactive = node.interactiveUnder != nil
            let stroke = node.definesContext || interactive ? "#1a7f37" : "#57606a"
            var tip = node.ref.label + (node.definesContext ? " · defines the presentation context" : "")
            if interactive { tip += " · still interactive: the sheet above rests undimmed" }
            o += "<g class=\"pi-node\(node.isWindowRoot ? " pi-root" : "")\(interactive ? " pi-interactive" : "")\" data-id=\"\(esc(node.ref.id))\" data-first=\"\(node.firstSeq)\">"
            o += "<title>\(esc(tip))</title>"
            let dash = interactive ? " stroke-dasharray=\"6 3\"" : ""
            o += "<rect x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" rx=\"6\" fill=\"\(node.isPresented ? "#ddf4ff" : "#ffffff")\" stroke=\"\(stroke)\" stroke-width=\"\(node.isWindowRoot || node.definesContext || interactive ? 2.5 : 1.2)\"\(dash)/>"
            for (i, line) in p.lines.enumerated() {
                let y = f.y + 5 + TextMetrics.lineHeight * Double(i + 1) - 3
                let attrs = i == 0 ? " font-weight=\"600\" fill=\"#24292f\"" : " fill=\"#57606a\""
                o += "<text x=\"\(n(f.midX))\" y=\"\(n(y))\" text-anchor=\"middle\"\(attrs)>\(esc(line))</text>"
            }
            o += "</g>"
        }
        o += "</g></svg>"
        return o
    }

    private static func open(width: Double, height: Double, cls: String, standalone: Bool, label: String) -> String {
        let w = n(width.rounded(.up)), h = n(height.rounded(.up))
        let prolog = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
        return prolog + "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(cls)\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" role=\"img\" aria-label=\"\(esc(label))\" font-family=\"ui-monospace, SFMono-Regular, Menlo, Consolas, monospace\" font-size=\"12\">"
    }

    /// A coordinate with at most one decimal.
    static func n(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        if r == r.rounded() && abs(r) < 1e15 { return String(clampedInt(r)) }
        return String(r)
    }

    /// Escapes text for XML content and attribute values; control characters, C1 and
    /// bidirectional controls are shown as escapes (``VisibleText``), as every view shows them.
    @_spi(Package) public static func esc(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in VisibleText.escaped(s, keepingLineBreaks: true).unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Not characters in XML 1.0 (its `Char` production): U+FFFE and U+FFFF (the C0
            // controls but tab and newline are escaped above).
            case _ where ch.value == 0xFFFE || ch.value == 0xFFFF:
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Shortens text to fit `width` points, with an ellipsis.
    static func clip(_ s: String, to width: Double) -> String {
        let fits = clampedInt((width / (TextMetrics.characterWidth * 0.9)).rounded(.down))
        guard fits > 1 else { return "" }
        return s.count <= fits ? s : String(s.prefix(fits - 1)) + "…"
    }
}
