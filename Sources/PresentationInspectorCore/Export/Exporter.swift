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
    /// OpenTelemetry traces: one OTLP/JSON `ExportTraceServiceRequest` (a span per operation).
    case otlp

    /// The file extension conventionally used for the format.
    public var fileExtension: String {
        switch self {
        case .jsonl: "jsonl"
        case .html: "html"
        case .perfetto: "json"
        case .dot: "dot"
        case .mermaid: "mmd"
        case .text: "txt"
        case .otlp: "otlp.json"
        }
    }
}

/// Renders recordings in every ``ExportFormat``; the single entry point the CLI, the demo, the
/// iOS share sheet and an app's or a test's own exports use.
public enum Exporter {
    /// Renders a recording in `format`; `at` limits graph formats to the state after that seq.
    ///
    /// `header` names the app and device (the report's title is the app's name); by default,
    /// the app this code runs in (``LogHeader/currentApp(created:)``).
    ///
    /// `at` applies to `dot`, `mermaid` and the chain listing of `text` (the state right after
    /// that event), and cuts `perfetto`, `otlp` and `jsonl` to the recording up to and including
    /// it; `html` covers the whole recording and opens with that event selected.
    public static func render(_ format: ExportFormat, header: LogHeader = .currentApp(), events: [Event], at seq: Int? = nil) -> String {
        var upTo: [Event] { seq.map { s in events.filter { $0.seq <= s } } ?? events }
        return switch format {
        case .jsonl: LogWriter.text(header: header, events: upTo)
        case .html: HTMLReport.render(header: header, events: events, at: seq)
        case .perfetto: PerfettoExporter.render(header: header, events: upTo)
        case .dot: DOTExporter.render(ChainGraph.make(events: events, at: seq))
        case .mermaid: MermaidExporter.render(ChainGraph.make(events: events, at: seq))
        case .text: TextExporter.render(header: header, events: events, at: seq)
        case .otlp: OTLPExporter.render(header: header, events: upTo)
        }
    }

    /// Renders a recording in `format` and writes it to `path`: to a temporary file beside it,
    /// renamed into place when complete, so a failed write leaves the old file whole.
    ///
    /// `header` names the app and device; by default, the app this code runs in
    /// (``LogHeader/currentApp(created:)``), so `Exporter.write(.html, events: events, to: path)`
    /// writes a report titled with the app's name. An app's own recording is exported with
    /// `PresentationInspector.export(format:to:)`, a test's with `PresentationRecording.export(_:to:)`.
    ///
    /// - Throws: ``FileWriteError`` naming the real reason (a missing folder, a directory, …).
    public static func write(_ format: ExportFormat, header: LogHeader = .currentApp(), events: [Event], at seq: Int? = nil,
                             to path: String) throws(FileWriteError) {
        let file = try FileReplacement(path: path)
        if format == .jsonl {  // bytes straight to the file, never a String of the whole log
            LogWriter.bytes(header: header, events: seq.map { s in events.filter { $0.seq <= s } } ?? events).withUnsafeBytes { file.write($0) }
        } else {
            file.write(render(format, header: header, events: events, at: seq))
        }
        try file.commit()
    }
}
