@_spi(Package) import PresentationInspectorCore

/// Every view a person reads, run on what the log reader accepted.
public enum Views {
    /// Renders every export format (whole recording, and at `seq` where the format takes one),
    /// the summary, the layouts and the SVGs, and checks what each must be: JSON outputs parse,
    /// the JSONL rewrite reads back to the same events, nothing is empty. Returns the DOT text
    /// so a replay can hand it to Graphviz.
    @discardableResult
    public static func renderAll(header: LogHeader, events: [Event]) -> [String] {
        var dots: [String] = []
        let pick = events.isEmpty ? nil : events[events.count / 2].seq
        for format in ExportFormat.allCases {
            for at in [nil, pick] {
                let out = Exporter.render(format, header: header, events: events, at: at)
                Invariants.require(!out.isEmpty, "\(format) rendered nothing")
                switch format {
                case .perfetto, .otlp:
                    Invariants.require((try? JSONParser.parse(out)) != nil, "\(format) output is not JSON")
                case .jsonl:
                    let reread = try? LogReader.read(text: out)
                    // The log keeps times to the microsecond: so does what it must read back as.
                    let written = events.filter { $0.seq <= at ?? .max }.map { e in
                        var e = e
                        e.time = JSONWriter.toTheMicrosecond(e.time)
                        return e
                    }
                    Invariants.require(reread?.events == written,
                                       "the jsonl rewrite does not read back to the same events")
                    Invariants.require(reread?.issues.isEmpty == true, "the jsonl rewrite has bad lines: \(reread?.issues ?? [])")
                case .dot:
                    Invariants.require(out.hasPrefix("digraph") || out.contains("digraph "), "dot output is not a digraph")
                    dots.append(out)
                case .html, .mermaid, .text:
                    break
                }
            }
        }
        _ = RecordingSummary(header: header, events: events)
        _ = TextExporter.render(header: header, events: events, at: pick)
        _ = SVGRenderer.timeline(TimelineLayout.make(events: events), standalone: true)
        _ = SVGRenderer.chainGraph(ChainGraphLayout.make(graph: ChainGraph.make(events: events, at: pick)), standalone: true)
        return dots
    }
}
