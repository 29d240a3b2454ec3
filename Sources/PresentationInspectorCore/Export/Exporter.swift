import Foundation

/// The file formats a recording can be exported to.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// The event log itself (header line, then one event per line).
    case jsonl
    /// A single self-contained HTML report: timeline, chain graph, event list, details.
    case html
    /// Chrome Trace Event JSON, for Perfetto and `chrome://tracing`.
    case perfetto
    /// A Graphviz digraph of the presentation chains.
    case dot
    /// A Mermaid flowchart of the presentation chains.
    case mermaid
    /// Plain text: the timeline, presented lifetimes and a chain listing.
    case text

    /// The file extension conventionally used for the format.
    public var fileExtension: String {
        switch self {
        case .jsonl: "jsonl"
        case .html: "html"
        case .perfetto: "json"
        case .dot: "dot"
        case .mermaid: "mmd"
        case .text: "txt"
        }
    }
}

/// Renders recordings in every ``ExportFormat``; the single entry point the CLI, the demo and
/// (later) the iOS share sheet use.
public enum Exporter {
    /// Renders a recording in `format`; `at` limits graph formats to the state after that seq.
    ///
    /// `at` applies to `dot`, `mermaid` and the chain listing of `text`; the other formats
    /// always cover the whole recording.
    public static func render(_ format: ExportFormat, header: LogHeader, events: [Event], at seq: Int? = nil) -> String {
        switch format {
        case .jsonl: LogWriter.text(header: header, events: events)
        case .html: HTMLReport.render(header: header, events: events, at: seq)
        case .perfetto: PerfettoExporter.render(header: header, events: events)
        case .dot: DOTExporter.render(ChainGraph.make(events: events, at: seq))
        case .mermaid: MermaidExporter.render(ChainGraph.make(events: events, at: seq))
        case .text: TextExporter.render(header: header, events: events, at: seq)
        }
    }

    /// Renders a recording in `format` and writes it to `path` atomically.
    public static func write(_ format: ExportFormat, header: LogHeader, events: [Event], at seq: Int? = nil, to path: String) throws {
        let text = render(format, header: header, events: events, at: seq)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
