import Foundation
import PresentationInspectorCore

/// Writes the demo's artefacts beyond the JSONL log: the HTML report, the Perfetto trace and
/// the chain graph as DOT and Mermaid. Returns the paths written, in that order.
func writeExtraArtifacts(header: LogHeader, events: [Event], directory: String) throws -> [String] {
    let outputs: [(ExportFormat, String)] = [
        (.html, "report.html"), (.perfetto, "trace.json"), (.dot, "chain.dot"), (.mermaid, "chain.mmd"),
    ]
    var written: [String] = []
    for (format, name) in outputs {
        let path = (directory as NSString).appendingPathComponent(name)
        try Exporter.write(format, header: header, events: events, to: path)
        written.append(path)
    }
    return written
}
