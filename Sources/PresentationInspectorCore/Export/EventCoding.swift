/// Why an event or header line could not be decoded: names the key at fault.
@_spi(Package) public struct EventDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The key at fault (dotted path for nested values), or nil when the whole line is wrong.
    @_spi(Package) public var key: String?
    @_spi(Package) public var message: String
    /// The number the message quotes, when it quotes one (see ``quotingAsWritten(in:)``).
    var number: Double?
    /// One line, its control characters escaped (the key and the message quote the line's values).
    @_spi(Package) public var description: String { VisibleText.escaped(key.map { "key \"\($0)\": \(message)" } ?? message) }

    init(key: String?, message: String, number: Double? = nil) {
        self.key = key
        self.message = message
        self.number = number
    }

    /// The error with the number it quotes as `line` writes it, when that number is 2^53 or more:
    /// parsed as a `Double`, `9223372036854775807` would read `9223372036854775808`.
    func quotingAsWritten(in line: UnsafeBufferPointer<UInt8>) -> EventDecodingError {
        guard let number, number.magnitude >= 9_007_199_254_740_992, let key, !key.contains("."), !key.contains("["),
              let literal = JSONParser.numberLiteral(at: [.key(key)], in: line) else { return self }
        return EventDecodingError(key: key, message: message.replacingOccurrences(of: EventCoding.numberText(number), with: literal))
    }
}

/// Converts events and headers to and from the log's JSON form (DESIGN "Event log").
@_spi(Package) public enum EventCoding {
    // MARK: Encoding

    /// One JSONL line for the header, without the newline.
    @_spi(Package) public static func encode(_ h: LogHeader) -> String {
        var w = JSONWriter(reservingCapacity: 256)
        write(h, into: &w)
        return w.text
    }

    /// One JSONL line for the event, without the newline. Fields that do not apply are omitted.
    @_spi(Package) public static func encode(_ e: Event) -> String {
        var w = JSONWriter(reservingCapacity: 768)
        write(e, into: &w)
        return w.text
    }

    /// Writes the header's object into `w` (a log's first line: ``LogWriter``).
    static func write(_ h: LogHeader, into w: inout JSONWriter) {
        w.beginObject()
        w.field("format", h.format)
        w.field("version", h.version)
        w.field("created", h.created)
        w.key("app"); writeStringMap(h.app, &w)
        w.key("device"); writeStringMap(h.device, &w)
        if h.dropped > 0 { w.field("dropped", h.dropped) }
        w.endObject()
    }

    /// Writes the event's object into `w`; fields that do not apply are omitted. (The JSONL
    /// benchmark's Foundation baseline, pibench's `CodableEvent`, writes the same fields: one added
    /// here goes there too, or `pibench jsonl` stops, saying the two paths read an event differently.)
    static func write(_ e: Event, into w: inout JSONWriter) {
        w.beginObject()
        w.field("seq", e.seq)
        w.field("time", number: e.time)
        w.field("thread", e.thread)
        w.field("kind", e.kind.rawValue)
        w.field("outcome", e.outcome.rawValue)
        w.field("animated", e.animated)
        if let v = e.window { w.field("window", v) }
        if let v = e.relatesTo { w.field("relatesTo", v) }
        if let v = e.rulesVersion { w.field("rulesIOS", v.description) }
        ref("source", e.source, &w)
        ref("presented", e.presented, &w)
        ref("presenting", e.presenting, &w)
        ref("contextProvider", e.contextProvider, &w)
        if let v = e.requestedStyle { w.field("requestedStyle", v.name) }
        if let v = e.effectiveStyle { w.field("effectiveStyle", v.name) }
        if let v = e.requestedTransition { w.field("requestedTransition", v.name) }
        if let v = e.effectiveTransition { w.field("effectiveTransition", v.name) }
        if !e.steps.isEmpty {  // the sentences are composed from the steps: once
            w.key("explanation"); w.beginArray()
            for step in e.steps { w.string(step.sentence) }
            w.endArray()
        }
        ref("receiver", e.receiver, &w)
        ref("handledBy", e.handledBy, &w)
        if e.kind == .dismiss || e.kind == .interactiveDismiss || !e.dismissed.isEmpty {
            w.key("dismissed"); w.beginArray()
            for r in e.dismissed { w.string(r.id) }
            w.endArray()
            // Ids alone lose type and title; keep the full references beside them.
            if !e.dismissed.isEmpty {
                w.key("dismissedControllers"); w.beginArray()
                for r in e.dismissed { writeRef(r, &w) }
                w.endArray()
            }
        }
        if let v = e.forwarded { w.field("forwarded", v) }
        w.key("diagnostics"); w.beginArray()
        for d in e.diagnostics {
            w.beginObject()
            w.field("code", d.code.rawValue)
            w.field("severity", d.severity.rawValue)
            w.field("message", d.message)
            if let fix = d.fix { w.field("fix", fix) }
            w.endObject()
        }
        w.endArray()
        w.key("chain"); w.beginArray()
        for r in e.chain { writeRef(r, &w) }
        w.endArray()
        if let v = e.callSite { w.field("callSite", v) }
        if !e.ancestry.isEmpty {
            w.key("ancestry"); w.beginArray()
            for r in e.ancestry { writeRef(r, &w) }
            w.endArray()
        }
        writeSheet(e.sheet, &w)
        writeObserved(e.observed, &w)
        writeFacts(e.facts, &w)
        w.endObject()
    }

    private static func ref(_ key: StaticString, _ r: ControllerRef?, _ w: inout JSONWriter) {
        guard let r else { return }
        w.key(key)
        writeRef(r, &w)
    }

    /// Writes a controller reference as the log does (`{"id","type","title"?}`).
    static func writeRef(_ r: ControllerRef, _ w: inout JSONWriter) {
        w.beginObject()
        w.field("id", r.id)
        w.field("type", r.type)
        if let t = r.title { w.field("title", t) }
        w.endObject()
    }

    private static func writeStringMap(_ m: [String: String], _ w: inout JSONWriter) {
        w.beginObject()
        for k in m.keys.sorted() { w.key(escaping: k); w.string(m[k]!) }
        w.endObject()
    }

    // MARK: Decoding

    /// Decodes a header object. Throws when the format is not ours or the major version is newer.
    @_spi(Package) public static func decodeHeader(_ o: JSONObject) throws(EventDecodingError) -> LogHeader {
        guard let format = o["format"]?.stringValue else {
            throw EventDecodingError(key: "format", message: "missing: the first line is not a presentation-inspector-log header")
        }
        guard format == LogHeader.formatName else {
            throw EventDecodingError(key: "format", message: "is \"\(format)\", expected \"\(LogHeader.formatName)\"")
        }
        guard let given = o["version"] else { throw EventDecodingError(key: "version", message: "missing") }
        guard let number = given.numberValue, number == number.rounded() else { throw bad("version", "an integer", given) }
        guard number <= Double(LogHeader.currentVersion), let version = given.intValue else {
            let newer = number > Double(LogHeader.currentVersion)
            throw EventDecodingError(key: "version", message: newer
                ? "log format version \(numberText(number)) is newer than this reader (which reads up to \(LogHeader.currentVersion)); update PresentationInspector to read it"
                : "must be 1 or more, found \(numberText(number))", number: number)
        }
        guard version >= 1 else { throw EventDecodingError(key: "version", message: "must be 1 or more, found \(version)") }
        var dropped = 0
        if let v = o["dropped"] { dropped = try count("dropped", v) }
        return LogHeader(format: format, version: version,
                         created: o["created"]?.stringValue ?? "",
                         app: stringMap(o["app"]), device: stringMap(o["device"]),
                         dropped: dropped)
    }

    private static func stringMap(_ v: JSONValue?) -> [String: String] {
        guard let o = v?.objectValue else { return [:] }
        var m: [String: String] = [:]
        for (k, v) in o.members {
            switch v {
            case .string(let s): m[k] = s
            case .number(let n): m[k] = n == n.rounded() && abs(n) < 1e15 ? String(clampedInt(n)) : String(n)
            case .bool(let b): m[k] = String(b)
            default: break
            }
        }
        return m
    }

    /// Decodes one event object. Unknown fields are ignored; missing or mistyped known fields throw.
    @_spi(Package) public static func decodeEvent(_ o: JSONObject) throws(EventDecodingError) -> Event {
        var seq: Int?, time: Double?, thread: String?, kind: EventKind?, outcome: Outcome?, animated: Bool?
        var e = Event(time: 0, kind: .present, outcome: .presented)
        var dismissedIDs: [String] = []
        var dismissedRefs: [ControllerRef] = []
        for (key, value) in o.members {
            switch key {
            case "seq":
                seq = try count(key, value)
            case "time":
                guard let v = value.numberValue else { throw bad(key, "a number", value) }
                guard v.isFinite, ValueRanges.time.contains(v) else {
                    throw EventDecodingError(key: key, message: "out of range: \(v) is not in \(ValueRanges.timeDescription)")
                }
                time = v
            case "thread":
                guard let v = value.stringValue else { throw bad(key, "a string", value) }
                thread = v
            case "kind":
                guard let s = value.stringValue else { throw bad(key, "a string", value) }
                guard let v = EventKind(rawValue: s) else {
                    throw EventDecodingError(key: key, message: "unknown kind \"\(s)\" (known: \(EventKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                kind = v
            case "outcome":
                guard let s = value.stringValue else { throw bad(key, "a string", value) }
                guard let v = Outcome(rawValue: s) else {
                    throw EventDecodingError(key: key, message: "unknown outcome \"\(s)\" (known: \(Outcome.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                outcome = v
            case "animated":
                guard let v = value.boolValue else { throw bad(key, "a boolean", value) }
                animated = v
            case "window": e.window = try optionalString(key, value)
            case "relatesTo":
                if value != .null {
                    e.relatesTo = try count(key, value)
                }
            case "rulesIOS":
                guard value != .null else { continue }
                guard let s = value.stringValue, let v = SystemVersion(parsing: s) else { throw bad(key, "an iOS version such as \"18.0\"", value) }
                e.rulesVersion = v
            case "source": e.source = try optionalRef(key, value)
            case "presented": e.presented = try optionalRef(key, value)
            case "presenting": e.presenting = try optionalRef(key, value)
            case "contextProvider": e.contextProvider = try optionalRef(key, value)
            case "receiver": e.receiver = try optionalRef(key, value)
            case "handledBy": e.handledBy = try optionalRef(key, value)
            case "requestedStyle", "effectiveStyle":
                guard value != .null else { continue }
                guard let s = value.stringValue, let v = PresentationStyle(name: s) else { throw bad(key, "a presentation style name", value) }
                if key == "requestedStyle" { e.requestedStyle = v } else { e.effectiveStyle = v }
            case "requestedTransition", "effectiveTransition":
                guard value != .null else { continue }
                guard let s = value.stringValue, let v = TransitionStyle(name: s) else { throw bad(key, "a transition style name", value) }
                if key == "requestedTransition" { e.requestedTransition = v } else { e.effectiveTransition = v }
            case "explanation":
                guard let a = value.arrayValue else { throw bad(key, "an array of strings", value) }
                e.explanation = try a.enumerated().map { (i, v) throws(EventDecodingError) in
                    guard let s = v.stringValue else { throw bad("\(key)[\(i)]", "a string", v) }
                    return s
                }
            case "dismissed":
                guard let a = value.arrayValue else { throw bad(key, "an array of ids", value) }
                dismissedIDs = try a.enumerated().map { (i, v) throws(EventDecodingError) in
                    if let s = v.stringValue { return s }
                    if let o = v.objectValue { return try decodeRef("\(key)[\(i)]", o).id }
                    throw bad("\(key)[\(i)]", "a string", v)
                }
            case "dismissedControllers":
                guard let a = value.arrayValue else { throw bad(key, "an array of controller references", value) }
                dismissedRefs = try a.enumerated().map { (i, v) throws(EventDecodingError) in
                    guard let o = v.objectValue else { throw bad("\(key)[\(i)]", "an object", v) }
                    return try decodeRef("\(key)[\(i)]", o)
                }
            case "forwarded":
                if value != .null {
                    guard let v = value.boolValue else { throw bad(key, "a boolean", value) }
                    e.forwarded = v
                }
            case "diagnostics":
                guard let a = value.arrayValue else { throw bad(key, "an array", value) }
                e.diagnostics = try a.enumerated().map { (i, v) throws(EventDecodingError) in
                    let path = "\(key)[\(i)]"
                    guard let d = v.objectValue else { throw bad(path, "an object", v) }
                    guard let code = d["code"]?.stringValue else { throw EventDecodingError(key: path + ".code", message: "missing or not a string") }
                    guard let sevName = d["severity"]?.stringValue, let sev = Severity(rawValue: sevName) else {
                        throw EventDecodingError(key: path + ".severity", message: "missing or not one of info, warning, error")
                    }
                    return Diagnostic(code: DiagnosticCode(rawValue: code), severity: sev, message: d["message"]?.stringValue ?? "",
                                      fix: d["fix"]?.stringValue)
                }
            case "chain":
                guard let a = value.arrayValue else { throw bad(key, "an array", value) }
                e.chain = try a.enumerated().map { (i, v) throws(EventDecodingError) in
                    guard let o = v.objectValue else { throw bad("\(key)[\(i)]", "an object", v) }
                    return try decodeRef("\(key)[\(i)]", o)
                }
            case "callSite": e.callSite = try optionalString(key, value)
            case "ancestry":
                guard let a = value.arrayValue else { throw bad(key, "an array", value) }
                e.ancestry = try a.enumerated().map { (i, v) throws(EventDecodingError) in
                    guard let o = v.objectValue else { throw bad("\(key)[\(i)]", "an object", v) }
                    return try decodeRef("\(key)[\(i)]", o)
                }
            case "sheet": e.sheet = try decodeSheet(value)
            case "observed": e.observed = try decodeObserved(value)
            case "facts": e.facts = try decodeFacts(value)
            default: continue  // unknown fields are ignored (forward compatibility)
            }
        }
        guard let seq else { throw EventDecodingError(key: "seq", message: "missing") }
        guard let time else { throw EventDecodingError(key: "time", message: "missing") }
        guard let kind else { throw EventDecodingError(key: "kind", message: "missing") }
        guard let outcome else { throw EventDecodingError(key: "outcome", message: "missing") }
        e.seq = seq; e.time = time; e.kind = kind; e.outcome = outcome
        e.thread = thread ?? "main"
        e.animated = animated ?? false
        e.dismissed = dismissed(ids: dismissedIDs, references: dismissedRefs)
        return e
    }

    /// An event's `dismissed` from its `dismissed` ids and `dismissedControllers` references:
    /// the references where they agree with the ids; otherwise (only ids were written, or they
    /// disagree) the ids, with types borrowed where known.
    static func dismissed(ids: [String], references: [ControllerRef]) -> [ControllerRef] {
        // Compared in place, so that no array is allocated per dismissal.
        if ids.isEmpty || (references.count == ids.count && zip(references, ids).allSatisfy { $0.id == $1 }) { return references }
        let byID = Dictionary(references.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return ids.map { byID[$0] ?? ControllerRef(id: $0, type: "?") }
    }

    /// A sequence number or count: an integer in `ValueRanges.count`.
    static func count(_ key: String, _ value: JSONValue) throws(EventDecodingError) -> Int {
        guard let n = value.numberValue else { throw bad(key, "a non-negative integer", value) }
        guard n == n.rounded() else { throw bad(key, "a non-negative integer", value) }
        guard let v = Int(exactly: n), ValueRanges.count.contains(v) else {
            throw EventDecodingError(key: key, message: "out of range: \(numberText(n)) is not in \(ValueRanges.countDescription)", number: n)
        }
        return v
    }

    /// `9223372036854775808` rather than `9.223372036854776e+18` for a large integral number
    /// (beyond 2^53 the line's own digits are quoted instead: ``EventDecodingError/quotingAsWritten(in:)``).
    static func numberText(_ n: Double) -> String {
        if n == n.rounded(), let u = UInt64(exactly: n.magnitude) { return (n < 0 ? "-" : "") + String(u) }
        return String(n)
    }

    /// The value is of the wrong kind (a number is quoted: "found 1.5").
    private static func bad(_ key: String, _ expected: String, _ v: JSONValue) -> EventDecodingError {
        if case .number(let n) = v { return EventDecodingError(key: key, message: "expected \(expected), found \(numberText(n))", number: n) }
        return EventDecodingError(key: key, message: "expected \(expected), found \(v.typeDescription)")
    }

    private static func optionalString(_ key: String, _ v: JSONValue) throws(EventDecodingError) -> String? {
        if v == .null { return nil }
        guard let s = v.stringValue else { throw bad(key, "a string", v) }
        return s
    }

    private static func optionalRef(_ key: String, _ v: JSONValue) throws(EventDecodingError) -> ControllerRef? {
        if v == .null { return nil }
        guard let o = v.objectValue else { throw bad(key, "a controller reference object", v) }
        return try decodeRef(key, o)
    }

    private static func decodeRef(_ key: String, _ o: JSONObject) throws(EventDecodingError) -> ControllerRef {
        guard let id = o["id"]?.stringValue else { throw EventDecodingError(key: key + ".id", message: "missing or not a string") }
        guard let type = o["type"]?.stringValue else { throw EventDecodingError(key: key + ".type", message: "missing or not a string") }
        return ControllerRef(id: id, type: type, title: o["title"]?.stringValue)
    }
}
