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
@_spi(Fuzzing) public struct EventByteDecoder {
    private struct Bail: Error {}

    /// Interned values, by the bytes they were decoded from (``SpanCache``). One decoder per
    /// thread: a reader decoding chunks on two cores gives each its own.
    private var strings = SpanCache<String>(capacity: 1024, maximumKeyLength: 256)
    private var refs = SpanCache<ControllerRef>(capacity: 1024, maximumKeyLength: 512)
    private var refLists = SpanCache<[ControllerRef]>(capacity: 256, maximumKeyLength: 4096)
    private var stepLists = SpanCache<[ExplanationStep]>(capacity: 128, maximumKeyLength: 4096)
    private var diagnosticLists = SpanCache<[Diagnostic]>(capacity: 128, maximumKeyLength: 4096)
    private var idLists = SpanCache<[String]>(capacity: 128, maximumKeyLength: 1024)
    private var kinds = SpanCache<EventKind>(capacity: 32, maximumKeyLength: 64)
    private var outcomes = SpanCache<Outcome>(capacity: 32, maximumKeyLength: 64)
    private var styles = SpanCache<PresentationStyle>(capacity: 64, maximumKeyLength: 64)
    private var transitions = SpanCache<TransitionStyle>(capacity: 32, maximumKeyLength: 64)

    /// A decoder with empty interning tables.
    public init() {}

    /// The event `bytes` (one line, without its newline) holds, or nil to defer to the reference
    /// path. A fresh decoder each time: nothing is interned across calls.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Event? {
        var d = EventByteDecoder()
        return d.decode(bytes)
    }

    /// The event `bytes` holds, or nil to defer; values seen on earlier lines are shared, not
    /// decoded again.
    public mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Event? {
        var p = JSONParser(bytes: bytes)
        do { return try decodeEvent(&p) } catch { return nil }
    }

    // MARK: the event object

    private mutating func decodeEvent(_ p: inout JSONParser) throws -> Event {
        var seq: Int?, time: Double?, kind: EventKind?, outcome: Outcome?
        var e = Event(time: 0, kind: .present, outcome: .presented)
        var dismissedIDs: [String] = []
        var dismissedRefs: [ControllerRef] = []
        p.skipWhitespace()
        try Self.object(&p) { key, p in
            switch key.count {
            case 3 where Self.equal(key, "seq"): seq = try Self.count(&p)
            case 4 where Self.equal(key, "time"):
                let v = try Self.number(&p)
                guard v.isFinite, ValueRanges.time.contains(v) else { throw Bail() }
                time = v
            case 6 where Self.equal(key, "thread"): e.thread = try string(&p)
            case 4 where Self.equal(key, "kind"):
                kind = try Self.interned(&p, in: &kinds) { p in
                    guard let v = EventKind(rawValue: try Self.string(&p)) else { throw Bail() }
                    return v
                }
            case 7 where Self.equal(key, "outcome"):
                outcome = try Self.interned(&p, in: &outcomes) { p in
                    guard let v = Outcome(rawValue: try Self.string(&p)) else { throw Bail() }
                    return v
                }
            case 8 where Self.equal(key, "animated"): e.animated = try Self.bool(&p)
            case 6 where Self.equal(key, "window"): e.window = try Self.isNull(&p) ? nil : string(&p)
            case 9 where Self.equal(key, "relatesTo"): e.relatesTo = try Self.isNull(&p) ? nil : Self.count(&p)
            case 6 where Self.equal(key, "source"): e.source = try optionalRef(&p)
            case 9 where Self.equal(key, "presented"): e.presented = try optionalRef(&p)
            case 10 where Self.equal(key, "presenting"): e.presenting = try optionalRef(&p)
            case 15 where Self.equal(key, "contextProvider"): e.contextProvider = try optionalRef(&p)
            case 8 where Self.equal(key, "receiver"): e.receiver = try optionalRef(&p)
            case 9 where Self.equal(key, "handledBy"): e.handledBy = try optionalRef(&p)
            case 14 where Self.equal(key, "requestedStyle"): if !(try Self.isNull(&p)) { e.requestedStyle = try Self.interned(&p, in: &styles, Self.style) }
            case 14 where Self.equal(key, "effectiveStyle"): if !(try Self.isNull(&p)) { e.effectiveStyle = try Self.interned(&p, in: &styles, Self.style) }
            case 19 where Self.equal(key, "requestedTransition"): if !(try Self.isNull(&p)) { e.requestedTransition = try Self.interned(&p, in: &transitions, Self.transition) }
            case 19 where Self.equal(key, "effectiveTransition"): if !(try Self.isNull(&p)) { e.effectiveTransition = try Self.interned(&p, in: &transitions, Self.transition) }
            // Setting `explanation` would map the sentences to steps on every line; the interned
            // steps are those same `.text` values.
            case 11 where Self.equal(key, "explanation"):
                e.steps = try Self.internedList(&p, in: &stepLists) { p in try Self.array(&p) { p in ExplanationStep.text(try Self.string(&p)) } }
            case 9 where Self.equal(key, "dismissed"):
                dismissedIDs = try Self.internedList(&p, in: &idLists) { p in
                    try Self.array(&p) { p in Self.peek(p) == UInt8(ascii: "{") ? try Self.ref(&p, depth: 3).id : try Self.string(&p) }
                }
            case 20 where Self.equal(key, "dismissedControllers"): dismissedRefs = try refList(&p)
            case 9 where Self.equal(key, "forwarded"): e.forwarded = try Self.isNull(&p) ? nil : Self.bool(&p)
            case 11 where Self.equal(key, "diagnostics"):
                e.diagnostics = try Self.internedList(&p, in: &diagnosticLists) { p in try Self.array(&p) { p in try Self.diagnostic(&p) } }
            case 5 where Self.equal(key, "chain"): e.chain = try refList(&p)
            case 8 where Self.equal(key, "callSite"): e.callSite = try Self.isNull(&p) ? nil : string(&p)
            case 8 where Self.equal(key, "ancestry"): e.ancestry = try refList(&p)
            case 8 where Self.equal(key, "observed"):
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

    // MARK: interning

    /// The value at the parser's position, from `cache` when the same bytes were decoded before;
    /// otherwise decoded by `decode` and kept. The end of the value is found by a scan that
    /// allocates nothing (``JSONParser/valueEnd()``); a value decoded on a miss is kept only when
    /// the decoder stopped exactly there.
    @inline(__always)
    private static func interned<V>(_ p: inout JSONParser, in cache: inout SpanCache<V>,
                                    _ decode: (inout JSONParser) throws -> V) throws -> V {
        let start = p.i
        guard let end = p.valueEnd(), cache.accepts(end - start) else { return try decode(&p) }
        let key = UnsafeBufferPointer(rebasing: p.b[start..<end])
        let hash = SpanCache<V>.hash(key)
        if let v = cache.value(for: key, hash: hash) { p.i = end; return v }
        let v = try decode(&p)
        if p.i == end { cache.insert(v, for: key, hash: hash) }
        return v
    }

    /// ``interned(_:in:_:)`` for long values (lists): looked up by a hash of their first bytes and
    /// compared whole, with no scan for their end (which was a quarter of decoding). An empty list
    /// is decoded at once: it would be kept once per text that follows it.
    @inline(__always)
    private static func internedList<V>(_ p: inout JSONParser, in cache: inout SpanCache<V>,
                                        _ decode: (inout JSONParser) throws -> V) throws -> V {
        let start = p.i
        let rest = UnsafeBufferPointer(rebasing: p.b[start...])
        if rest.count >= 2, rest[0] == UInt8(ascii: "["), rest[1] == UInt8(ascii: "]") { return try decode(&p) }
        let hash = SpanCache<V>.hash(UnsafeBufferPointer(rebasing: rest.prefix(SpanCache<V>.prefixLength)))
        if let (v, n) = cache.value(prefixOf: rest, hash: hash) { p.i = start + n; return v }
        let v = try decode(&p)
        if cache.accepts(p.i - start) { cache.insert(v, for: UnsafeBufferPointer(rebasing: p.b[start..<p.i]), hash: hash) }
        return v
    }

    /// A string value, interned.
    private mutating func string(_ p: inout JSONParser) throws -> String {
        guard Self.peek(p) == UInt8(ascii: "\"") else { throw Bail() }
        return try Self.interned(&p, in: &strings) { p in try p.parseString() }
    }

    /// A reference that is a member of the event object (level 2), or null; interned.
    private mutating func optionalRef(_ p: inout JSONParser) throws -> ControllerRef? {
        if try Self.isNull(&p) { return nil }
        guard Self.peek(p) == UInt8(ascii: "{") else { throw Bail() }
        return try Self.interned(&p, in: &refs) { p in try Self.ref(&p, depth: 2) }
    }

    /// An array of references (`chain`, `ancestry`, `dismissedControllers`), interned whole.
    private mutating func refList(_ p: inout JSONParser) throws -> [ControllerRef] {
        try Self.internedList(&p, in: &refLists) { p in try Self.array(&p) { p in try Self.ref(&p, depth: 3) } }
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
        let n = p.b.count
        let raw = UnsafeRawPointer(p.b.baseAddress!)
        var j = start
        // Eight bytes at a time to the first quote, backslash, control or non-ASCII byte.
        while j + 8 <= n {
            let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self))
            let mask = JSONParser.stopMask(w) | (w & 0x8080_8080_8080_8080)
            if mask != 0 { j += mask.trailingZeroBitCount >> 3; break }
            j += 8
        }
        while j < n {
            let c = p.b[j]
            if c == UInt8(ascii: "\"") { p.i = j + 1; return UnsafeBufferPointer(rebasing: p.b[start..<j]) }
            if c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { throw Bail() }
            j += 1
        }
        throw Bail()
    }

    private static func string(_ p: inout JSONParser) throws -> String {
        guard peek(p) == UInt8(ascii: "\"") else { throw Bail() }
        return try p.parseString()
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
