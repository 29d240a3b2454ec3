import Foundation

/// OpenTelemetry traces in OTLP/JSON: one `ExportTraceServiceRequest` object on one line, the
/// form the Collector's `otlpjsonfile` receiver reads.
///
/// One trace per recording: a root span `presentation recording` covers the whole recording,
/// and every `present`, `dismiss` and `interactive-dismiss` is a child span from the call to its
/// completion event (zero-length when rejected, a no-op or never completed). A span whose
/// operation carries an error diagnostic has status `ERROR`. Diagnostics are span events —
/// also those recorded later on the operation's completion or leak check. Attribute names are
/// listed in docs/FORMATS.md; the resource uses OpenTelemetry's semantic conventions
/// (`service.name`, `os.name`, …) and everything else lives under `presentation.`.
///
/// Output is reproducible: trace and span ids are hashes of the header and the event's `seq`,
/// times are the header's `created` plus each event's `time`, in Unix nanoseconds.
@_spi(Package) public enum OTLPExporter {
    /// The instrumentation scope's name.
    @_spi(Package) public static let scopeName = "PresentationInspector"
    /// The instrumentation scope's version: the log format version it reads.
    @_spi(Package) public static let scopeVersion = "\(LogHeader.currentVersion)"

    /// The request as one line of JSON (no trailing newline).
    @_spi(Package) public static func render(header: LogHeader, events: [Event]) -> String {
        let ids = IDs(header: header)
        let clock = Clock(created: header.created)
        let operations = events.filter { [.present, .dismiss, .interactiveDismiss].contains($0.kind) }
        let spanSeqs = Set(operations.map(\.seq))
        var completion: [Int: Event] = [:]
        var later: [Int: [Event]] = [:]  // completions and leak checks with diagnostics, by operation
        var orphans: [Event] = []
        for e in events where !spanSeqs.contains(e.seq) {
            if let r = e.relatesTo, spanSeqs.contains(r) {
                if e.kind == .presentCompleted || e.kind == .dismissCompleted, completion[r] == nil { completion[r] = e }
                if !e.diagnostics.isEmpty { later[r, default: []].append(e) }
            } else if !e.diagnostics.isEmpty {
                orphans.append(e)
            }
        }

        var w = JSONWriter(reservingCapacity: 1024 + events.count * 1024)
        w.beginObject()
        w.key("resourceSpans"); w.beginArray(); w.beginObject()
        w.key("resource"); w.beginObject()
        w.key("attributes"); attributes(&w, resourceAttributes(header))
        w.endObject()
        w.key("scopeSpans"); w.beginArray(); w.beginObject()
        w.key("scope"); w.beginObject(); w.field("name", scopeName); w.field("version", scopeVersion); w.endObject()
        w.key("spans"); w.beginArray()

        let first = events.map { clock.nanos($0.time) }.min() ?? clock.nanos(0)
        let last = events.map { clock.nanos($0.time) }.max() ?? first
        let rootID = ids.root
        span(&w, traceID: ids.trace, spanID: rootID, parent: nil,
             name: "presentation recording" + (header.app["name"].map { " " + VisibleText.escaped($0) } ?? ""),
             start: first, end: last,
             attributes: [("presentation.event_count", .int(events.count)), ("presentation.dropped_count", .int(header.dropped))],
             diagnostics: orphans.flatMap { e in e.diagnostics.map { (clock.nanos(e.time), e.seq, $0) } }, error: nil)

        var seen: [Int: Int] = [:]
        for op in operations {
            let occurrence = seen[op.seq, default: 0]
            seen[op.seq] = occurrence + 1
            let start = clock.nanos(op.time)
            let end = max(start, completion[op.seq].map { clock.nanos($0.time) } ?? start)
            let all = [op] + (later[op.seq] ?? [])
            let diagnostics = all.flatMap { e in e.diagnostics.map { (clock.nanos(e.time), e.seq, $0) } }
            let error = diagnostics.first { $0.2.severity == .error }?.2
            var attrs = operationAttributes(op)
            if let c = completion[op.seq] { attrs.append(("presentation.completion.seq", .int(c.seq))) }
            span(&w, traceID: ids.trace, spanID: ids.span(op.seq, occurrence: occurrence), parent: rootID, name: spanName(op),
                 start: start, end: end, attributes: attrs, diagnostics: diagnostics, error: error)
        }
        w.endArray()
        w.endObject(); w.endArray()
        w.endObject(); w.endArray()
        w.endObject()
        return w.text
    }

    // MARK: spans

    private static func spanName(_ e: Event) -> String {
        switch e.kind {
        case .present: "present " + VisibleText.escaped(e.presented?.type ?? "?")
        default: e.kind.rawValue + " " + VisibleText.escaped(e.receiver?.type ?? e.dismissed.first?.type ?? "?")
        }
    }

    private static func span(_ w: inout JSONWriter, traceID: String, spanID: String, parent: String?, name: String,
                             start: UInt64, end: UInt64, attributes attrs: [(String, Value)],
                             diagnostics: [(UInt64, Int, Diagnostic)], error: Diagnostic?) {
        w.beginObject()
        w.field("traceId", traceID)
        w.field("spanId", spanID)
        if let parent { w.field("parentSpanId", parent) }
        w.field("name", name)
        w.field("kind", 1)  // SPAN_KIND_INTERNAL
        w.field("startTimeUnixNano", String(start))
        w.field("endTimeUnixNano", String(end))
        w.key("attributes"); attributes(&w, attrs)
        if !diagnostics.isEmpty {
            w.key("events"); w.beginArray()
            for (time, seq, d) in diagnostics {
                w.beginObject()
                w.field("timeUnixNano", String(time))
                w.field("name", d.code.description)
                w.key("attributes")
                attributes(&w, [("presentation.diagnostic.code", .string(d.code.rawValue)),
                                ("presentation.diagnostic.severity", .string(d.severity.rawValue)),
                                ("presentation.diagnostic.message", .string(d.message)),
                                ("presentation.seq", .int(seq))])
                w.endObject()
            }
            w.endArray()
        }
        if let error {
            w.key("status"); w.beginObject()
            w.field("message", error.message)
            w.field("code", 2)  // STATUS_CODE_ERROR
            w.endObject()
        }
        w.endObject()
    }

    // MARK: attributes

    enum Value {
        case string(String), int(Int), bool(Bool), strings([String])
    }

    private static func attributes(_ w: inout JSONWriter, _ list: [(String, Value)]) {
        w.beginArray()
        for (key, value) in list {
            w.beginObject()
            w.field("key", key)
            w.key("value"); w.beginObject()
            switch value {
            case .string(let s): w.field("stringValue", s)
            case .int(let n): w.field("intValue", String(n))  // int64 is a decimal string in proto3 JSON
            case .bool(let b): w.field("boolValue", b)
            case .strings(let list):
                w.key("arrayValue"); w.beginObject(); w.key("values"); w.beginArray()
                for s in list { w.beginObject(); w.field("stringValue", s); w.endObject() }
                w.endArray(); w.endObject()
            }
            w.endObject()
            w.endObject()
        }
        w.endArray()
    }

    static func resourceAttributes(_ header: LogHeader) -> [(String, Value)] {
        var out: [(String, Value)] = [("service.name", .string(header.app["name"] ?? "unknown_service"))]
        if let v = header.app["version"] { out.append(("service.version", .string(v))) }
        if let system = header.device["system"] {
            // "iOS 17.2" → os.name iOS, os.version 17.2; a single word is the name alone.
            if let space = system.lastIndex(of: " ") {
                out.append(("os.name", .string(String(system[..<space]))))
                out.append(("os.version", .string(String(system[system.index(after: space)...]))))
            } else {
                out.append(("os.name", .string(system)))
            }
        }
        if let m = header.device["model"] { out.append(("device.model.name", .string(m))) }
        out.append(("telemetry.sdk.name", .string(scopeName)))
        out.append(("telemetry.sdk.language", .string("swift")))
        let mapped: Set<String> = ["name", "version"]
        for (k, v) in header.app.sorted(by: { $0.key < $1.key }) where !mapped.contains(k) {
            out.append(("presentation.app.\(k)", .string(v)))
        }
        for (k, v) in header.device.sorted(by: { $0.key < $1.key }) where k != "system" && k != "model" {
            out.append(("presentation.device.\(k)", .string(v)))
        }
        out.append(("presentation.log.created", .string(header.created)))
        return out
    }

    static func operationAttributes(_ e: Event) -> [(String, Value)] {
        var out: [(String, Value)] = [
            ("presentation.seq", .int(e.seq)),
            ("presentation.kind", .string(e.kind.rawValue)),
            ("presentation.outcome", .string(e.outcome.rawValue)),
            ("presentation.animated", .bool(e.animated)),
            ("thread.name", .string(e.thread)),
        ]
        if let window = e.window { out.append(("presentation.window", .string(window))) }
        let roles: [(String, ControllerRef?)] = [
            ("source", e.source), ("presented", e.presented), ("presenting", e.presenting),
            ("context_provider", e.contextProvider), ("receiver", e.receiver), ("handled_by", e.handledBy),
        ]
        for (role, ref) in roles {
            guard let ref else { continue }
            out.append(("presentation.\(role).type", .string(ref.type)))
            out.append(("presentation.\(role).id", .string(ref.id)))
            if let t = ref.title { out.append(("presentation.\(role).title", .string(t))) }
        }
        if let s = e.requestedStyle { out.append(("presentation.style.requested", .string(s.name))) }
        if let s = e.effectiveStyle { out.append(("presentation.style.effective", .string(s.name))) }
        if let t = e.requestedTransition { out.append(("presentation.transition.requested", .string(t.name))) }
        if let t = e.effectiveTransition { out.append(("presentation.transition.effective", .string(t.name))) }
        if !e.dismissed.isEmpty {
            out.append(("presentation.dismissed.type", .strings(e.dismissed.map(\.type))))
            out.append(("presentation.dismissed.id", .strings(e.dismissed.map(\.id))))
        }
        if let f = e.forwarded { out.append(("presentation.forwarded", .bool(f))) }
        if !e.chain.isEmpty { out.append(("presentation.chain", .strings(e.chain.map(\.consoleDescription)))) }
        if !e.steps.isEmpty { out.append(("presentation.explanation", .strings(e.explanation))) }
        if let c = e.callSite { out.append(("code.stacktrace", .string(c))) }
        return out
    }
}
