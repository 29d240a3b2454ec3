import Foundation

/// What a debugger query produced: the text to hand to the debugger, or a one-line error.
///
/// On the wire (the C entry points) an error is the message behind ``DebuggerReply/errorPrefix``,
/// so the plugin tells results from errors without a second call.
enum DebuggerReply: Equatable {
    case success(String)
    case failure(String)

    /// Starts every error text the entry points return; no successful result starts with it
    /// (results are JSON, JSONL or a graph, whose first line never reads like this).
    static let errorPrefix = "pi-error: "

    /// The text the entry point returns.
    var wireText: String {
        switch self {
        case .success(let text): text
        case .failure(let message): Self.errorPrefix + message
        }
    }
}

/// What every debugger entry point answers when no recorder is installed (the scenario export
/// in PresentationSimulator says it too, so that `pi` names the case one way).
@_spi(Package) public enum DebuggerMessage {
    @_spi(Package) public static let notRecording = "nothing is recording in this process: InspectorRuntime.shared has no recorder (start PresentationInspector, or run InspectorDemo)"
}

/// The work behind the debugger entry points, on plain values so tests can call it without
/// touching process-wide state. Each query answers with JSON (or JSONL) that the LLDB plugin
/// formats; the shapes are documented on each function and versioned by
/// ``DebuggerQueries/apiVersion``.
enum DebuggerQueries {
    /// Bumped when a reply's shape or an entry point's signature changes incompatibly.
    static let apiVersion: Int32 = 1

    static let notRecording = DebuggerMessage.notRecording

    /// Every window's live chain:
    /// `{"windows":[{"id":…,"level":…,"key":…,"chain":[{"id","type","title"?},…],"levels":[…],
    /// "sheets":[{…}|null,…]?}]}`, windows in the provider's order, each chain root first (`sheets`
    /// only where some entry is a sheet).
    static func chain(_ windows: [WindowChain]) -> DebuggerReply {
        var w = JSONWriter(reservingCapacity: 256 + windows.count * 256)
        w.beginObject()
        w.key("windows"); w.beginArray()
        for window in windows {
            w.beginObject()
            w.field("id", window.id)
            w.field("level", number: window.level)
            w.field("key", window.isKey)
            w.key("chain"); w.beginArray()
            for ref in window.chain { writeRef(ref, &w) }
            w.endArray()
            w.key("levels"); w.beginArray()
            for level in window.levels { w.int(level) }
            w.endArray()
            // Each entry's sheet (null: none), in the log's form (docs/FORMATS.md, `sheet`).
            if window.sheets.contains(where: { $0 != nil }) {
                w.key("sheets"); w.beginArray()
                for sheet in window.sheets {
                    if let sheet { EventCoding.writeSheetObject(sheet, &w) } else { w.null() }
                }
                w.endArray()
            }
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return .success(w.text)
    }

    /// The most recent events as a JSONL log: the header line (with the ring's drop count),
    /// then up to `limit` matching events, oldest first, each exactly as the live log writes it.
    ///
    /// - Parameters:
    ///   - limit: how many of the latest matching events; 0 means all.
    ///   - kind: an ``EventKind`` raw value, or nil / empty for every kind.
    ///   - controller: a controller id, type name or title the event must name (``Event/names(controller:)``),
    ///     or nil / empty for any.
    static func events(_ snapshot: RecordingSnapshot?, header: LogHeader, limit: Int, kind: String?, controller: String?) -> DebuggerReply {
        guard let snapshot else { return .failure(notRecording) }
        guard limit >= 0 else { return .failure("the event count must be 0 (all) or more, got \(limit)") }
        var wantedKind: EventKind?
        if let kind, !kind.isEmpty {
            guard let k = EventKind(rawValue: kind) else {
                return .failure("unknown event kind \"\(kind)\" (known: \(EventKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            wantedKind = k
        }
        let wantedController = (controller?.isEmpty ?? true) ? nil : controller
        var picked: [Event] = []
        // Walk from the newest so a small limit does not scan the whole ring twice.
        for event in snapshot.events.reversed() {
            if let wantedKind, event.kind != wantedKind { continue }
            if let wantedController, !event.names(controller: wantedController) { continue }
            picked.append(event)
            if limit > 0 && picked.count == limit { break }
        }
        var out = ""
        out.reserveCapacity(256 + picked.count * 900)
        var h = header
        h.dropped = snapshot.droppedCount
        out += EventCoding.encode(h)
        out += "\n"
        for event in picked.reversed() {
            out += EventCoding.encode(event)
            out += "\n"
        }
        return .success(out)
    }

    /// One event, as its log line (the plugin formats the explanation from it). An unknown,
    /// dropped or not-yet-recorded sequence number is an error that says which numbers exist.
    static func explain(seq: Int, snapshot: RecordingSnapshot?) -> DebuggerReply {
        guard let snapshot else { return .failure(notRecording) }
        if let failure = checkRetained(seq: seq, snapshot) { return failure }
        // Sequence numbers are gapless within the ring, so the offset finds it directly.
        let event = snapshot.events[seq - snapshot.events[0].seq]
        guard event.seq == seq else { return .failure("no event #\(seq) (the recording has a gap)") }
        return .success(EventCoding.encode(event))
    }

    /// Every recorded diagnostic in sequence order, with the event it belongs to:
    /// `{"events":N,"dropped":D,"diagnostics":[{"seq","time","kind","outcome","summary","code","severity","message","fix"}]}`.
    static func diagnose(_ snapshot: RecordingSnapshot?) -> DebuggerReply {
        guard let snapshot else { return .failure(notRecording) }
        var w = JSONWriter(reservingCapacity: 1024)
        w.beginObject()
        w.field("events", snapshot.events.count)
        w.field("dropped", snapshot.droppedCount)
        w.key("diagnostics"); w.beginArray()
        for event in snapshot.events where !event.diagnostics.isEmpty {
            for d in event.diagnostics {
                w.beginObject()
                w.field("seq", event.seq)
                w.field("time", number: event.time)
                w.field("kind", event.kind.rawValue)
                w.field("outcome", event.outcome.rawValue)
                w.field("summary", event.summary)
                w.field("code", d.code.rawValue)
                w.field("severity", d.severity.rawValue)
                w.field("message", d.message)
                if let fix = d.fix ?? Diagnostic.fix(for: d, in: event) { w.field("fix", fix) }
                w.endObject()
            }
        }
        w.endArray()
        w.endObject()
        return .success(w.text)
    }

    private static func writeRef(_ r: ControllerRef, _ w: inout JSONWriter) { EventCoding.writeRef(r, &w) }
}
