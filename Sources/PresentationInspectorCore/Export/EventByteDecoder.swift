import Foundation

/// Decodes an event line straight from its bytes into an ``Event``: no JSON tree, keys matched
/// as bytes, unknown fields skipped (issue 10: building the tree was 63% of import).
///
/// It is a fast path, not a second definition of the format: it returns nil ("not sure") on
/// anything it does not take in stride — a syntax error, a mistyped or out-of-range value, a
/// duplicate key inside a reference — and the reader then decodes the line the one reference
/// way (`JSONParser` + ``EventCoding/decodeEvent(_:)``), which also words the error. So every
/// guarantee of the reader holds unchanged; tests and the FuzzLogReader target check that
/// whenever this returns an event, it is the event the reference path returns. Nesting depths
/// follow `JSONParser`'s (the event object is level 1), so its depth limit applies alike.
@_spi(Fuzzing) public enum EventByteDecoder {
    private struct Bail: Error {}

    /// The event `bytes` (one line, without its newline) holds, or nil to defer to the reference path.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Event? {
        var p = JSONParser(bytes: bytes)
        do { return try decodeEvent(&p) } catch { return nil }
    }

    // MARK: the event object

    private static func decodeEvent(_ p: inout JSONParser) throws -> Event {
        var seq: Int?, time: Double?, kind: EventKind?, outcome: Outcome?
        var e = Event(time: 0, kind: .present, outcome: .presented)
        var dismissedIDs: [String] = []
        var dismissedRefs: [ControllerRef] = []
        p.skipWhitespace()
        try object(&p) { key, p in
            switch key.count {
            case 3 where equal(key, "seq"): seq = try count(&p)
            case 4 where equal(key, "time"):
                let v = try number(&p)
                guard v.isFinite, ValueRanges.time.contains(v) else { throw Bail() }
                time = v
            case 6 where equal(key, "thread"): e.thread = try string(&p)
            case 4 where equal(key, "kind"):
                guard let v = EventKind(rawValue: try string(&p)) else { throw Bail() }
                kind = v
            case 7 where equal(key, "outcome"):
                guard let v = Outcome(rawValue: try string(&p)) else { throw Bail() }
                outcome = v
            case 8 where equal(key, "animated"): e.animated = try bool(&p)
            case 6 where equal(key, "window"): e.window = try optionalString(&p)
            case 9 where equal(key, "relatesTo"): e.relatesTo = try isNull(&p) ? nil : count(&p)
            case 6 where equal(key, "source"): e.source = try optionalRef(&p)
            case 9 where equal(key, "presented"): e.presented = try optionalRef(&p)
            case 10 where equal(key, "presenting"): e.presenting = try optionalRef(&p)
            case 15 where equal(key, "contextProvider"): e.contextProvider = try optionalRef(&p)
            case 8 where equal(key, "receiver"): e.receiver = try optionalRef(&p)
            case 9 where equal(key, "handledBy"): e.handledBy = try optionalRef(&p)
            case 14 where equal(key, "requestedStyle"): if !(try isNull(&p)) { e.requestedStyle = try style(&p) }
            case 14 where equal(key, "effectiveStyle"): if !(try isNull(&p)) { e.effectiveStyle = try style(&p) }
            case 19 where equal(key, "requestedTransition"): if !(try isNull(&p)) { e.requestedTransition = try transition(&p) }
            case 19 where equal(key, "effectiveTransition"): if !(try isNull(&p)) { e.effectiveTransition = try transition(&p) }
            case 11 where equal(key, "explanation"): e.explanation = try array(&p) { p in try string(&p) }
            case 9 where equal(key, "dismissed"):
                dismissedIDs = try array(&p) { p in peek(p) == UInt8(ascii: "{") ? try ref(&p, depth: 3).id : try string(&p) }
            case 20 where equal(key, "dismissedControllers"): dismissedRefs = try array(&p) { p in try ref(&p, depth: 3) }
            case 9 where equal(key, "forwarded"): e.forwarded = try isNull(&p) ? nil : bool(&p)
            case 11 where equal(key, "diagnostics"): e.diagnostics = try array(&p) { p in try diagnostic(&p) }
            case 5 where equal(key, "chain"): e.chain = try array(&p) { p in try ref(&p, depth: 3) }
            case 8 where equal(key, "callSite"): e.callSite = try optionalString(&p)
            case 8 where equal(key, "ancestry"): e.ancestry = try array(&p) { p in try ref(&p, depth: 3) }
            case 8 where equal(key, "observed"):
                // Rare (device logs), nested and versioned: the reference decoder reads it.
                let v = try p.parseValue(depth: 1)
                do { e.observed = try EventCoding.decodeObserved(v) } catch { throw Bail() }
            default:
                _ = try p.parseValue(depth: 1)  // unknown fields are ignored (forward compatibility)
            }
        }
        p.skipWhitespace()
        // A missing field (an empty object too) defers: the reference path names it.
        guard p.i == p.b.count, let seq, let time, let kind, let outcome else { throw Bail() }
        e.seq = seq; e.time = time; e.kind = kind; e.outcome = outcome
        e.dismissed = EventCoding.dismissed(ids: dismissedIDs, references: dismissedRefs)
        return e
    }

    // MARK: nested objects

    /// `{"id","type","title"?}` at nesting level `depth`; other members are skipped, a repeated member defers.
    private static func ref(_ p: inout JSONParser, depth: Int) throws -> ControllerRef {
        var id: String?, type: String?, title: String?, sawTitle = false
        try object(&p) { key, p in
            switch key.count {
            case 2 where equal(key, "id"):
                guard id == nil else { throw Bail() }
                id = try string(&p)
            case 4 where equal(key, "type"):
                guard type == nil else { throw Bail() }
                type = try string(&p)
            case 5 where equal(key, "title"):
                guard !sawTitle else { throw Bail() }
                sawTitle = true
                title = try stringOrSkip(&p, depth: depth)
            default: _ = try p.parseValue(depth: depth)
            }
        }
        guard let id, let type else { throw Bail() }
        return ControllerRef(id: id, type: type, title: title)
    }

    /// `{"code","severity","message"?,"fix"?}`, an array item (level 3).
    private static func diagnostic(_ p: inout JSONParser) throws -> Diagnostic {
        var code: String?, severity: Severity?, message: String?, fix: String?
        var seen = 0
        try object(&p) { key, p in
            func once(_ bit: Int) throws { guard seen & bit == 0 else { throw Bail() }; seen |= bit }
            func optional(_ p: inout JSONParser) throws -> String? { try stringOrSkip(&p, depth: 3) }
            switch key.count {
            case 4 where equal(key, "code"): try once(1); code = try string(&p)
            case 8 where equal(key, "severity"):
                try once(2)
                guard let s = Severity(rawValue: try string(&p)) else { throw Bail() }
                severity = s
            case 7 where equal(key, "message"): try once(4); message = try optional(&p)
            case 3 where equal(key, "fix"): try once(8); fix = try optional(&p)
            default: _ = try p.parseValue(depth: 3)
            }
        }
        guard let code, let severity else { throw Bail() }
        return Diagnostic(code: DiagnosticCode(rawValue: code), severity: severity, message: message ?? "", fix: fix)
    }

    /// Calls `member` for each key of an object; the value is read by `member`.
    private static func object(_ p: inout JSONParser, _ member: (UnsafeBufferPointer<UInt8>, inout JSONParser) throws -> Void) throws {
        try expect(&p, UInt8(ascii: "{"))
        p.skipWhitespace()
        if peek(p) == UInt8(ascii: "}") { p.i += 1; return }
        while true {
            p.skipWhitespace()
            let key = try rawKey(&p)
            p.skipWhitespace()
            try expect(&p, UInt8(ascii: ":"))
            p.skipWhitespace()
            try member(key, &p)
            p.skipWhitespace()
            if peek(p) == UInt8(ascii: ",") { p.i += 1; continue }
            try expect(&p, UInt8(ascii: "}"))
            return
        }
    }

    private static func array<T>(_ p: inout JSONParser, _ item: (inout JSONParser) throws -> T) throws -> [T] {
        try expect(&p, UInt8(ascii: "["))
        var out: [T] = []
        p.skipWhitespace()
        if peek(p) == UInt8(ascii: "]") { p.i += 1; return out }
        while true {
            p.skipWhitespace()
            out.append(try item(&p))
            p.skipWhitespace()
            if peek(p) == UInt8(ascii: ",") { p.i += 1; continue }
            try expect(&p, UInt8(ascii: "]"))
            return out
        }
    }

    // MARK: scalars

    /// A key's bytes, without allocating; a key with an escape defers (the writer never makes one).
    private static func rawKey(_ p: inout JSONParser) throws -> UnsafeBufferPointer<UInt8> {
        try expect(&p, UInt8(ascii: "\""))
        let start = p.i
        while p.i < p.b.count {
            let c = p.b[p.i]
            if c == UInt8(ascii: "\"") { p.i += 1; return UnsafeBufferPointer(rebasing: p.b[start..<(p.i - 1)]) }
            if c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { throw Bail() }
            p.i += 1
        }
        throw Bail()
    }

    private static func string(_ p: inout JSONParser) throws -> String {
        guard peek(p) == UInt8(ascii: "\"") else { throw Bail() }
        return try p.parseString()
    }

    private static func optionalString(_ p: inout JSONParser) throws -> String? {
        try isNull(&p) ? nil : string(&p)
    }

    /// A reference that is a member of the event object (level 2), or null.
    private static func optionalRef(_ p: inout JSONParser) throws -> ControllerRef? {
        try isNull(&p) ? nil : ref(&p, depth: 2)
    }

    /// A string, or nil after skipping a value of another type (`title`, `message`, `fix`).
    private static func stringOrSkip(_ p: inout JSONParser, depth: Int) throws -> String? {
        if peek(p) == UInt8(ascii: "\"") { return try p.parseString() }
        _ = try p.parseValue(depth: depth)
        return nil
    }

    private static func number(_ p: inout JSONParser) throws -> Double {
        guard let c = peek(p), c == UInt8(ascii: "-") || (0x30...0x39).contains(c) else { throw Bail() }
        return try p.parseNumber()
    }

    /// A sequence number or count, as ``EventCoding``'s `count`: an integer in `ValueRanges.count`.
    private static func count(_ p: inout JSONParser) throws -> Int {
        let n = try number(&p)
        guard n == n.rounded(), let v = Int(exactly: n), ValueRanges.count.contains(v) else { throw Bail() }
        return v
    }

    private static func bool(_ p: inout JSONParser) throws -> Bool {
        switch peek(p) {
        case UInt8(ascii: "t"): try p.literal("true"); return true
        case UInt8(ascii: "f"): try p.literal("false"); return false
        default: throw Bail()
        }
    }

    /// Consumes `null` and says so; anything else is left for the caller.
    private static func isNull(_ p: inout JSONParser) throws -> Bool {
        guard peek(p) == UInt8(ascii: "n") else { return false }
        try p.literal("null")
        return true
    }

    private static func style(_ p: inout JSONParser) throws -> PresentationStyle {
        guard let v = PresentationStyle(name: try string(&p)) else { throw Bail() }
        return v
    }

    private static func transition(_ p: inout JSONParser) throws -> TransitionStyle {
        guard let v = TransitionStyle(name: try string(&p)) else { throw Bail() }
        return v
    }

    private static func peek(_ p: JSONParser) -> UInt8? { p.i < p.b.count ? p.b[p.i] : nil }

    private static func expect(_ p: inout JSONParser, _ c: UInt8) throws {
        guard peek(p) == c else { throw Bail() }
        p.i += 1
    }

    private static func equal(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        name.withUTF8Buffer { n in n.count == key.count && memcmp(n.baseAddress!, key.baseAddress!, n.count) == 0 }
    }
}
