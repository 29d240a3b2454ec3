import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// The demo's artefacts beyond the JSONL log, by format and file name.
let extraArtifacts: [(ExportFormat, String)] = [
    (.html, "report.html"), (.perfetto, "trace.json"), (.dot, "chain.dot"), (.mermaid, "chain.mmd"),
]

/// The file names of ``extraArtifacts``.
let extraArtifactNames = extraArtifacts.map(\.1)

/// Writes the demo's artefacts beyond the JSONL log: the HTML report, the Perfetto trace and
/// the chain graph as DOT and Mermaid (each to a temporary file renamed into place). Returns the
/// paths written, in that order.
func writeExtraArtifacts(header: LogHeader, events: [Event], directory: String) throws -> [String] {
    let outputs = extraArtifacts
    var written: [String] = []
    for (format, name) in outputs {
        let path = (directory as NSString).appendingPathComponent(name)
        try Exporter.write(format, header: header, events: events, to: path)
        written.append(path)
    }
    return written
}

/// `--write-scenarios DIR`: writes the built-in scenarios as JSON files into `dir` and nothing
/// else, saying which files it replaced. Returns the exit status.
func writeScenarios(into dir: String) -> Int32 {
    let fm = FileManager.default
    do {
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
    } catch {
        FileHandle.standardError.write(Data("InspectorDemo: cannot create \(dir): \(error.localizedDescription)\n".utf8))
        return 73
    }
    print("writing the \(BuiltInScenarios.all.count) built-in scenarios into \(dir)")
    for s in BuiltInScenarios.all {
        let path = (dir as NSString).appendingPathComponent("\(s.key).json")
        let existed = fm.fileExists(atPath: path)
        do {
            try FileReplacement.write(s.json + "\n", to: path)
        } catch {
            FileHandle.standardError.write(Data("InspectorDemo: \(error)\n".utf8))
            return 73
        }
        print(existed ? "  replaced \(path)" : "  wrote \(path)")
    }
    return 0
}
