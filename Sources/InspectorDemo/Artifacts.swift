import Foundation
import PresentationInspectorCore

/// Writes the demo's artefacts beyond the JSONL log (owned by the visual-exports work:
/// report.html, trace.json, chain.dot, chain.mmd). Returns the paths written.
func writeExtraArtifacts(header: LogHeader, events: [Event], directory: String) throws -> [String] {
    []
}
