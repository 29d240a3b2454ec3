import Foundation

/// Decodes an event line straight from its bytes into an ``Event``: no JSON tree, keys matched
/// as bytes, unknown fields skipped, because building the tree would be most of reading a log.
///
/// It is a fast path, not a second definition of the format: it returns nil ("not sure") on
/// anything it does not take in stride — a syntax error, a mistyped or out-of-range value, a
/// duplicate key inside a reference — and the reader then decodes the line the one reference
/// way (`JSONParser` + ``EventCoding/decodeEvent(_:)``), which also words the error. So every
/// guarantee of the reader holds unchanged; tests and the FuzzLogReader target check that
/// whenever this returns an event, it is the event the reference path returns. Nesting depths
/// follow `JSONParser`'s (the event object is level 1), so its depth limit applies alike.
@_spi(Package) public struct EventByteDecoder {
    struct Bail: Error {}

    /// Interned values, by the bytes they were decoded from (``SpanCache``). One decoder per
    /// thread: a reader decoding chunks on two cores gives each its own.
    private var strings = SpanCache<String>(capacity: 1024, maximumKeyLength: 256)
    /// References are found by their first ``refPrefix`` bytes and kept up to 250 bytes long,
    /// so that a kept reference nests at most 125 levels and decodes alike at levels 2 and 3.
    private var refs = SpanCache<ControllerRef>(capacity: 1024, maximumKeyLength: 250, ways: 8)
    private var refLists = SpanCache<[ControllerRef]>(capacity: 512, maximumKeyLength: 4096, ways: 8)
    private var stepLists = SpanCache<[ExplanationStep]>(capacity: 256, maximumKeyLength: 4096, ways: 8)
    private var diagnosticLists = SpanCache<[Diagnostic]>(capacity: 128, maximumKeyLength: 4096, ways: 8)
    private var idLists = SpanCache<[String]>(capacity: 128, maximumKeyLength: 1024, ways: 8)
    private var kinds = SpanCache<EventKind>(capacity: 32, maximumKeyLength: 64)
    private var outcomes = SpanCache<Outcome>(capacity: 32, maximumKeyLength: 64)
    private var styles = SpanCache<PresentationStyle>(capacity: 64, maximumKeyLength: 64)
    private var transitions = SpanCache<TransitionStyle>(capacity: 32, maximumKeyLength: 64)

    /// How many first bytes of a reference its lookup hashes: enough to tell ids apart.
    private static let refPrefix = 32

    /// A decoder with empty interning tables.
    @_spi(Package) public init() {}

    /// The event `bytes` (one line, without its newline) holds, or nil to defer to the reference
    /// path. A fresh decoder each time: nothing is interned across calls.
    @_spi(Package) public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Event? {
        var d = EventByteDecoder()
        return d.decode(bytes)
    }

    /// The event `bytes` holds, or nil to defer; values seen on earlier lines are shared, not
    /// decoded again.
    @_spi(Package) public mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Event? {
        let slot = UnsafeMutablePointer<Event>.allocate(capacity: 1)
        defer { slot.deallocate() }
        var p = JSONParser(bytes: bytes)
        do { try decodeEvent(&p, into: slot) } catch { return nil }
        return slot.move()
    }

    /// Decodes `bytes` straight into `events` (the event moved in, not copied out of an
    /// optional: that copy retained and released every string of the event); false to defer.
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, into events: EventBuffer) -> Bool {
        var p = JSONParser(bytes: bytes)
        do {
            try events.appendInPlace { slot throws in try decodeEvent(&p, into: slot) }
            return true
        } catch {
            return false
        }
    }

    // MARK: the event object

    /// The members an event line may hold, told apart by length and 8-byte words (no string
    /// comparison per key).
    private enum Field {
        case seq, time, thread, kind, outcome, animated, window, relatesTo, source, presented, presenting
        case contextProvider, receiver, handledBy, requestedStyle, effectiveStyle, requestedTransition
        case effectiveTransition, explanation, dismissed, dismissedControllers, forwarded, diagnostics
        case chain, callSite, ancestry, observed, facts, rulesIOS, sheet, other
    }

    /// Up to 8 bytes at `p` (of which `available` may be read) as a little-endian word, zero past `count`.
    @inline(__always)
    private static func word(_ p: UnsafePointer<UInt8>, count: Int, available: Int) -> UInt64 {
        let n = min(count, 8)
        if n <= 0 { return 0 }
        if available >= 8 {
            let w = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
            return n == 8 ? w : w & ((1 << UInt64(n * 8)) &- 1)
        }
        var w: UInt64 = 0
        for k in 0..<n { w |= UInt64(p[k]) << UInt64(8 * k) }
        return w
    }

    @inline(__always)
    private static func field(_ key: UnsafeBufferPointer<UInt8>, available: Int) -> Field {
        let n = key.count
        guard n >= 3, n <= 20, let base = key.baseAddress else { return .other }
        let w0 = word(base, count: n, available: available)
        let w1 = n > 8 ? word(base + 8, count: n - 8, available: available - 8) : 0
        let w2 = n > 16 ? word(base + 16, count: n - 16, available: available - 16) : 0
        return field(length: n, w0, w1, w2)
    }

    /// The member's key at the parser (on its opening quote), read and matched 8 bytes at a time
    /// straight from the line; the parser is left after the closing quote. Keys with an escape,
    /// a control or a non-ASCII byte defer, as ``rawKey(_:)`` does.
    @inline(__always)
    private static func key(_ p: inout JSONParser) throws -> Field {
        let n = p.b.count
        let j = p.i + 1
        guard j + 24 <= n, let base = p.b.baseAddress, base[p.i] == UInt8(ascii: "\"") else {
            let key = try rawKey(&p)
            return field(key, available: n - p.b.baseAddress!.distance(to: key.baseAddress!))
        }
        let raw = UnsafeRawPointer(base + j)
        @inline(__always) func load(_ k: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) }
        @inline(__always) func stop(_ w: UInt64) -> UInt64 { JSONParser.stopMask(w) | (w & 0x8080_8080_8080_8080) }
        @inline(__always) func below(_ s: UInt64) -> UInt64 { (1 << UInt64(s.trailingZeroBitCount & ~7)) &- 1 }
        let w0 = load(0), s0 = stop(w0)
        var length: Int, f: Field
        if s0 != 0 {
            length = s0.trailingZeroBitCount >> 3
            f = field(length: length, w0 & below(s0), 0, 0)
        } else {
            let w1 = load(8), s1 = stop(w1)
            if s1 != 0 {
                length = 8 + s1.trailingZeroBitCount >> 3
                f = field(length: length, w0, w1 & below(s1), 0)
            } else {
                let w2 = load(16), s2 = stop(w2)
                guard s2 != 0 else {
                    // Longer than 24 bytes: no field of an event; read it whole.
                    _ = try rawKey(&p)
                    return .other
                }
                length = 16 + s2.trailingZeroBitCount >> 3
                f = field(length: length, w0, w1, w2 & below(s2))
            }
        }
        guard base[j + length] == UInt8(ascii: "\"") else { throw Bail() }
        p.i = j + length + 1
        return f
    }

    @inline(__always)
    private static func field(length n: Int, _ w0: UInt64, _ w1: UInt64, _ w2: UInt64) -> Field {
        switch n {
        case 3: return w0 == 0x0000000000716573 ? .seq : .other
        case 4: return w0 == 0x00000000656D6974 ? .time : w0 == 0x00000000646E696B ? .kind : .other
        case 5:
            switch w0 {
            case 0x0000006E69616863: return .chain
            case 0x0000007374636166: return .facts
            case 0x0000007465656873: return .sheet
            default: return .other
            }
        case 6:
            switch w0 {
            case 0x0000646165726874: return .thread
            case 0x0000776F646E6977: return .window
            case 0x0000656372756F73: return .source
            default: return .other
            }
        case 7: return w0 == 0x00656D6F6374756F ? .outcome : .other
        case 8:
            switch w0 {
            case 0x646574616D696E61: return .animated
            case 0x7265766965636572: return .receiver
            case 0x657469536C6C6163: return .callSite
            case 0x7972747365636E61: return .ancestry
            case 0x646576726573626F: return .observed
            case 0x534F4973656C7572: return .rulesIOS
            default: return .other
            }
        case 9:
            switch (w0, w1) {
            case (0x54736574616C6572, 0x6F): return .relatesTo
            case (0x65746E6573657270, 0x64): return .presented
            case (0x4264656C646E6168, 0x79): return .handledBy
            case (0x657373696D736964, 0x64): return .dismissed
            case (0x6564726177726F66, 0x64): return .forwarded
            default: return .other
            }
        case 10: return w0 == 0x69746E6573657270 && w1 == 0x676E ? .presenting : .other
        case 11:
            if w0 == 0x74616E616C707865 && w1 == 0x00000000006E6F69 { return .explanation }
            return w0 == 0x74736F6E67616964 && w1 == 0x0000000000736369 ? .diagnostics : .other
        case 14:
            if w0 == 0x6574736575716572 && w1 == 0x0000656C79745364 { return .requestedStyle }
            return w0 == 0x7669746365666665 && w1 == 0x0000656C79745365 ? .effectiveStyle : .other
        case 15: return w0 == 0x50747865746E6F63 && w1 == 0x0072656469766F72 ? .contextProvider : .other
        case 19, 20:
            switch (w0, w1, w2) {
            case (0x6574736575716572, 0x7469736E61725464, 0x00000000006E6F69): return .requestedTransition
            case (0x7669746365666665, 0x7469736E61725465, 0x00000000006E6F69): return .effectiveTransition
            case (0x657373696D736964, 0x6C6F72746E6F4364, 0x000000007372656C): return .dismissedControllers
            default: return .other
            }
        default: return .other
        }
    }

    /// Decodes the event into `e` (uninitialized memory; initialized when this returns, left
    /// uninitialized when it throws). Fields are assigned in place: an event built in a local
    /// and returned was copied whole twice per line (retaining and releasing every string).
    private mutating func decodeEvent(_ p: inout JSONParser, into e: UnsafeMutablePointer<Event>) throws {
        e.initialize(to: Event(time: 0, kind: .present, outcome: .presented))
        do {
            try decodeFields(&p, into: e)
        } catch {
            e.deinitialize(count: 1)
            throw error
        }
    }

    private mutating func decodeFields(_ p: inout JSONParser, into e: UnsafeMutablePointer<Event>) throws {
        var seq: Int?, time: Double?, kind: EventKind?, outcome: Outcome?
        var dismissedIDs: [String] = []
        var dismissedRefs: [ControllerRef] = []
        Self.space(&p)
        try Self.expect(&p, UInt8(ascii: "{"))
        Self.space(&p)
        if Self.peek(p) == UInt8(ascii: "}") {
            p.i += 1
        } else {
            while true {
                Self.space(&p)
                let field = try Self.key(&p)
                Self.space(&p)
                try Self.expect(&p, UInt8(ascii: ":"))
                Self.space(&p)
                switch field {
                case .seq: seq = try Self.count(&p)
                case .time:
                    let v = try Self.number(&p)
                    guard v.isFinite, ValueRanges.time.contains(v) else { throw Bail() }
                    time = v
                case .thread: e.pointee.thread = try string(&p)
                case .kind:
                    kind = try Self.interned(&p, in: &kinds) { p in
                        guard let v = EventKind(rawValue: try Self.string(&p)) else { throw Bail() }
                        return v
                    }
                case .outcome:
                    outcome = try Self.interned(&p, in: &outcomes) { p in
                        guard let v = Outcome(rawValue: try Self.string(&p)) else { throw Bail() }
                        return v
                    }
                case .animated: e.pointee.animated = try Self.bool(&p)
                case .window: e.pointee.window = try Self.isNull(&p) ? nil : string(&p)
                case .relatesTo: e.pointee.relatesTo = try Self.isNull(&p) ? nil : Self.count(&p)
                case .source: e.pointee.source = try optionalRef(&p)
                case .presented: e.pointee.presented = try optionalRef(&p)
                case .presenting: e.pointee.presenting = try optionalRef(&p)
                case .contextProvider: e.pointee.contextProvider = try optionalRef(&p)
                case .receiver: e.pointee.receiver = try optionalRef(&p)
                case .handledBy: e.pointee.handledBy = try optionalRef(&p)
                case .requestedStyle: if !(try Self.isNull(&p)) { e.pointee.requestedStyle = try Self.interned(&p, in: &styles, Self.style) }
                case .effectiveStyle: if !(try Self.isNull(&p)) { e.pointee.effectiveStyle = try Self.interned(&p, in: &styles, Self.style) }
                case .requestedTransition: if !(try Self.isNull(&p)) { e.pointee.requestedTransition = try Self.interned(&p, in: &transitions, Self.transition) }
                case .effectiveTransition: if !(try Self.isNull(&p)) { e.pointee.effectiveTransition = try Self.interned(&p, in: &transitions, Self.transition) }
                // Setting `explanation` would map the sentences to steps on every line; the interned
                // steps are those same `.text` values.
                case .explanation:
                    e.pointee.steps = try Self.internedList(&p, in: &stepLists) { p in try Self.array(&p) { p in ExplanationStep.text(try Self.string(&p)) } }
                case .dismissed:
                    dismissedIDs = try Self.internedList(&p, in: &idLists) { p in
                        try Self.array(&p) { p in Self.peek(p) == UInt8(ascii: "{") ? try Self.ref(&p, depth: 3).id : try Self.string(&p) }
                    }
                case .dismissedControllers: dismissedRefs = try refList(&p)
                case .forwarded: e.pointee.forwarded = try Self.isNull(&p) ? nil : Self.bool(&p)
                case .diagnostics:
                    e.pointee.diagnostics = try Self.internedList(&p, in: &diagnosticLists) { p in try Self.array(&p) { p in try Self.diagnostic(&p) } }
                case .chain: e.pointee.chain = try refList(&p)
                case .callSite: e.pointee.callSite = try Self.isNull(&p) ? nil : string(&p)
                case .ancestry: e.pointee.ancestry = try refList(&p)
                case .rulesIOS:
                    guard !(try Self.isNull(&p)) else { break }
                    guard let v = SystemVersion(parsing: try Self.string(&p)) else { throw Bail() }
                    e.pointee.rulesVersion = v
                case .observed:
                    // Rare (device logs), nested and versioned: the reference decoder reads it.
                    let v = try p.parseValue(depth: 1)
                    do { e.pointee.observed = try EventCoding.decodeObserved(v) } catch { throw Bail() }
                case .sheet:
                    // A sheet's present or detent change: nested, and read by the reference decoder.
                    let v = try p.parseValue(depth: 1)
                    do { e.pointee.sheet = try EventCoding.decodeSheet(v) } catch { throw Bail() }
                case .facts:
                    // Rare (a controller's first event, or a change): the reference decoder reads it.
                    let v = try p.parseValue(depth: 1)
                    do { e.pointee.facts = try EventCoding.decodeFacts(v) } catch { throw Bail() }
                case .other:
                    _ = try p.parseValue(depth: 1)  // unknown fields are ignored (forward compatibility)
                }
                Self.space(&p)
                if Self.peek(p) == UInt8(ascii: ",") { p.i += 1; continue }
                try Self.expect(&p, UInt8(ascii: "}"))
                break
            }
        }
        Self.space(&p)
        // A missing field (an empty object too) defers: the reference path names it.
        guard p.i == p.b.count, let seq, let time, let kind, let outcome else { throw Bail() }
        e.pointee.seq = seq; e.pointee.time = time; e.pointee.kind = kind; e.pointee.outcome = outcome
        e.pointee.dismissed = EventCoding.dismissed(ids: dismissedIDs, references: dismissedRefs)
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
        guard let end = Self.stringEnd(p) ?? p.valueEnd(), cache.accepts(end - start) else { return try decode(&p) }
        let key = UnsafeBufferPointer(rebasing: p.b[start..<end])
        let hash = SpanCache<V>.hash(key)
        if let v = cache.value(for: key, hash: hash) { p.i = end; return v }
        let v = try decode(&p)
        if p.i == end { cache.insert(v, for: key, hash: hash) }
        return v
    }

    /// ``interned(_:in:_:)`` for long values (lists, references): looked up by a hash of their
    /// first `prefix` bytes and compared whole, with no scan for their end (which was a quarter
    /// of decoding). An empty list is decoded at once: it would be kept once per text that
    /// follows it.
    @inline(__always)
    private static func internedList<V>(_ p: inout JSONParser, in cache: inout SpanCache<V>,
                                        prefix: Int = SpanCache<V>.prefixLength,
                                        _ decode: (inout JSONParser) throws -> V) throws -> V {
        let start = p.i
        let rest = UnsafeBufferPointer(rebasing: p.b[start...])
        if rest.count >= 2, rest[0] == UInt8(ascii: "["), rest[1] == UInt8(ascii: "]") { return try decode(&p) }
        let hash = SpanCache<V>.hash(UnsafeBufferPointer(rebasing: rest.prefix(prefix)))
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
        return try Self.internedList(&p, in: &refs, prefix: Self.refPrefix) { p in try Self.ref(&p, depth: 2) }
    }

    /// An array of references (`chain`, `ancestry`, `dismissedControllers`), interned whole; on a
    /// miss its references are interned one by one.
    private mutating func refList(_ p: inout JSONParser) throws -> [ControllerRef] {
        try Self.refList(&p, lists: &refLists, refs: &refs)
    }

    private static func refList(_ p: inout JSONParser, lists: inout SpanCache<[ControllerRef]>,
                                refs: inout SpanCache<ControllerRef>) throws -> [ControllerRef] {
        try internedList(&p, in: &lists) { p in
            try array(&p) { p in
                guard peek(p) == UInt8(ascii: "{") else { throw Bail() }
                return try internedList(&p, in: &refs, prefix: refPrefix) { p in try ref(&p, depth: 3) }
            }
        }
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
        space(&p)
        if peek(p) == UInt8(ascii: "}") { p.i += 1; return }
        while true {
            space(&p)
            let key = try rawKey(&p)
            space(&p)
            try expect(&p, UInt8(ascii: ":"))
            space(&p)
            try member(key, &p)
            space(&p)
            if peek(p) == UInt8(ascii: ",") { p.i += 1; continue }
            try expect(&p, UInt8(ascii: "}"))
            return
        }
    }

    private static func array<T>(_ p: inout JSONParser, _ item: (inout JSONParser) throws -> T) throws -> [T] {
        try expect(&p, UInt8(ascii: "["))
        var out: [T] = []
        space(&p)
        if peek(p) == UInt8(ascii: "]") { p.i += 1; return out }
        while true {
            space(&p)
            out.append(try item(&p))
            space(&p)
            if peek(p) == UInt8(ascii: ",") { p.i += 1; continue }
            try expect(&p, UInt8(ascii: "]"))
            return out
        }
    }
}
