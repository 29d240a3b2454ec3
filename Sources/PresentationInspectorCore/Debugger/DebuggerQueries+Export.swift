import Foundation

extension DebuggerQueries {
    /// The formats `pi graph` offers: the chain graph as text, Graphviz or Mermaid.
    static let graphFormats: [ExportFormat] = [.text, .dot, .mermaid]

    /// The chain graph in a graph format (`text`, `dot`, `mermaid`; nil or empty means `text`),
    /// optionally as it stood after event `at`. DOT and Mermaid come from ``Exporter``; text is
    /// the text export's chain listing alone (the whole text export adds the timeline, which
    /// `pi events` already shows).
    static func graph(format: String?, at seq: Int?, header: LogHeader, snapshot: RecordingSnapshot?) -> DebuggerReply {
        guard let snapshot else { return .failure(notRecording) }
        let name = (format?.isEmpty ?? true) ? "text" : format!
        guard let f = ExportFormat(rawValue: name), graphFormats.contains(f) else {
            return .failure("unknown graph format \"\(name)\" (known: \(graphFormats.map(\.rawValue).joined(separator: ", ")))")
        }
        if let seq, let failure = checkRetained(seq: seq, snapshot) { return failure }
        var h = header
        h.dropped = snapshot.droppedCount
        if f == .text { return .success(TextExporter.chainListing(ChainGraph.make(events: snapshot.events, at: seq))) }
        return .success(Exporter.render(f, header: h, events: snapshot.events, at: seq))
    }

    /// The export format for a file name's extension, as `pi export` infers it.
    static func format(forPath path: String) -> ExportFormat? {
        let ext = (path as NSString).pathExtension.lowercased()
        if path.lowercased().hasSuffix(".otlp.json") { return .otlp }
        if ext == "json" { return .perfetto }
        if ext == "txt" { return .text }
        if ext == "mmd" { return .mermaid }
        return ExportFormat(rawValue: ext)
    }

    /// Writes the recording to `path` (a relative path is resolved against the process's
    /// current directory, `~` against its home) in `format`, or the one the extension names.
    /// Replies `{"path":absolute,"format":…,"events":N,"bytes":N}`. Refuses the live log's own
    /// file (`isLiveLog`): replacing it would leave the app writing to a file nobody can open.
    static func export(path: String?, format: String?, header: LogHeader, snapshot: RecordingSnapshot?,
                       isLiveLog: (String) -> Bool = { _ in false }) -> DebuggerReply {
        guard let snapshot else { return .failure(notRecording) }
        guard let path, !path.isEmpty else { return .failure("export needs a file path") }
        let known = ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")
        let chosen: ExportFormat
        if let format, !format.isEmpty {
            guard let f = ExportFormat(rawValue: format) else { return .failure("unknown export format \"\(format)\" (known: \(known))") }
            chosen = f
        } else {
            guard let f = Self.format(forPath: path) else {
                return .failure("cannot tell the format from \"\(path)\": use an extension (.jsonl, .html, .json, .dot, .mmd, .txt) or give a format (\(known))")
            }
            chosen = f
        }
        let expanded = (path as NSString).expandingTildeInPath
        let absolute = expanded.hasPrefix("/")
            ? expanded
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(expanded)
        if isLiveLog(absolute) {
            return .failure("cannot write \(absolute): it is the live log this app is writing; name another file (the live log already holds every event)")
        }
        var h = header
        h.dropped = snapshot.droppedCount
        do {
            try Exporter.write(chosen, header: h, events: snapshot.events, to: absolute)
        } catch {
            return .failure(error.description)
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: absolute)[.size] as? NSNumber)?.intValue ?? 0
        var w = JSONWriter(reservingCapacity: 256)
        w.beginObject()
        w.field("path", absolute)
        w.field("format", chosen.rawValue)
        w.field("events", snapshot.events.count)
        w.field("bytes", bytes)
        w.endObject()
        return .success(w.text)
    }

    /// An error for a sequence number outside the retained events, or nil when it is retained.
    static func checkRetained(seq: Int, _ snapshot: RecordingSnapshot) -> DebuggerReply? {
        guard let first = snapshot.events.first?.seq, let last = snapshot.events.last?.seq else {
            return .failure("no event #\(seq): nothing has been recorded yet")
        }
        if seq < 1 { return .failure("no event #\(seq): sequence numbers start at 1 (recorded: #\(first)…#\(last))") }
        if seq < first {
            return .failure("event #\(seq) is no longer retained: the ring buffer dropped the \(snapshot.droppedCount) oldest events (retained: #\(first)…#\(last))")
        }
        if seq > last { return .failure("no event #\(seq) yet: the latest recorded event is #\(last)") }
        return nil
    }
}
