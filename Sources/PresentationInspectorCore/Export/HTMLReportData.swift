/// The report's embedded data: the events in the log's own encoding, made compact without
/// knowing its fields, so any optional field a later version adds reaches the page.
///
/// Four generic steps shrink a realistic log about sevenfold:
/// - every object key is written as a short base-36 name into a key table (`k`);
/// - each event is an array `[shape, values…]`: shape N (`shapes`) lists its key numbers in
///   order, shared by the events that have the same fields;
/// - every string, object or array that occurs more than once below the event level (controller
///   references, explanation steps, diagnostics), and every repeated summary line, is written
///   once into a table (`t`) and replaced by `"@N"` (N in base 36); a string that itself starts
///   with `@` is written `"@@…"`;
/// - the one-line summaries lose their `#seq time ` prefix, which the page rebuilds.
/// The page's script reverses this (`decode` in HTMLReportScript).
enum HTMLReportData {
    /// Strings shorter than this stay inline: a reference would not be shorter.
    static let shortestInterned = 4

    /// The data object; `timeline` (HTMLReportTimeline's JSON) goes in as it is.
    static func json(header: LogHeader, events: [Event], timeline: String? = nil) -> String {
        var parsed: [JSONObject] = []
        parsed.reserveCapacity(events.count)
        for e in events {
            // The encoder's own output always parses; an event that somehow did not is skipped
            // rather than trapping (the list then shows it from its summary alone).
            if case .object(let o)? = try? JSONParser.parse(EventCoding.encode(e)) { parsed.append(o) } else { parsed.append(JSONObject()) }
        }
        // Pass 1: give every distinct value below the event level an id and count its uses.
        var interner = Interner()
        for o in parsed { for m in o.members { _ = interner.token(m.value, counting: true) } }
        let summaries = events.map { JSONValue.string(strippedSummary($0)) }
        for line in summaries { _ = interner.token(line, counting: true) }

        // Pass 2: write, children before parents, so each table entry only refers to earlier ones.
        var w = Writer(interner: interner)
        var eventsOut = ""
        eventsOut.reserveCapacity(events.count * 160)
        for (i, o) in parsed.enumerated() {
            if i > 0 { eventsOut += ",\n" }
            eventsOut += w.event(o)
        }
        var summariesOut = ""
        for (i, line) in summaries.enumerated() {
            if i > 0 { summariesOut += "," }
            summariesOut += w.value(line).text
        }
        var out = "{\"header\":" + EventCoding.encode(header) + (timeline.map { ",\n\"timeline\":" + $0 } ?? "") + ",\"k\":["
        for (i, k) in w.keys.enumerated() { if i > 0 { out += "," }; JSONWriter.appendQuoted(k, to: &out) }
        out += "],\"shapes\":[" + w.shapes.joined(separator: ",") + "],\"t\":[\n" + w.table.joined(separator: ",\n")
        out += "],\n\"summaries\":[" + summariesOut + "],\n\"events\":[\n" + eventsOut + "]}"
        return out.replacingAll("<", with: "\\u003c")
    }

    /// `#3 0.350s present …` without `#3 0.350s `: the list shows seq and time in their own columns.
    static func strippedSummary(_ e: Event) -> String {
        let s = e.summary
        let parts = s.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0].hasPrefix("#") ? String(parts[2]) : s
    }

    /// Plain JSON text of a value.
    static func plain(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return number(n)
        case .string(let s): var o = ""; JSONWriter.appendQuoted(s, to: &o); return o
        case .array(let a): return "[" + a.map(plain).joined(separator: ",") + "]"
        case .object(let o):
            var out = "{"
            for (i, m) in o.members.enumerated() {
                if i > 0 { out += "," }
                JSONWriter.appendQuoted(m.key, to: &out); out += ":" + plain(m.value)
            }
            return out + "}"
        }
    }

    static func number(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 9.0e15 { return String(Int(n)) }
        return String(n)
    }

    /// Hash-consing: the same value (same strings, numbers and structure) gets the same id, from a
    /// key built of its children's ids, so finding repeats costs one short-key lookup per value
    /// rather than rebuilding each subtree's text at every level above it.
    struct Interner {
        private var ids: [String: Int] = [:]
        private(set) var counts: [Int] = []

        /// A value's identity as it appears inside its parent's key: `\u{1}id` for a string worth
        /// interning, an array or an object; the plain JSON text of anything else.
        mutating func token(_ v: JSONValue, counting: Bool) -> String {
            switch v {
            case .string(let s) where s.utf8.count >= shortestInterned:
                if !counting, let n = ids["s" + s] { return "\u{1}" + String(n) }
                return idToken("s" + s, counting)
            case .array(let a):
                var key = "a"
                for x in a { key += token(x, counting: counting); key += "," }
                return idToken(key, counting)
            case .object(let o):
                var key = "o"
                for m in o.members { JSONWriter.appendQuoted(m.key, to: &key); key += ":" + token(m.value, counting: counting) + "," }
                return idToken(key, counting)
            default:
                return plain(v)
            }
        }

        /// The token of an array or object key built the same way as in ``token(_:counting:)``.
        func token(forKey key: String) -> String {
            ids[key].map { "\u{1}" + String($0) } ?? "\u{1}-1"
        }

        /// How often the value with this token occurs (0 for tokens that are not ids).
        func count(_ token: String) -> Int {
            guard token.utf8.first == 1, let n = Int(token.dropFirst()), n < counts.count else { return 0 }
            return counts[n]
        }

        private mutating func idToken(_ key: String, _ counting: Bool) -> String {
            let n: Int
            if let known = ids[key] { n = known } else { n = counts.count; ids[key] = n; counts.append(0) }
            if counting { counts[n] += 1 }
            return "\u{1}" + String(n)
        }
    }

    /// Writes values compactly; the key table and the value table grow as it goes.
    private struct Writer {
        var interner: Interner
        var table: [String] = [], keys: [String] = [], shapes: [String] = []
        private var index: [String: Int] = [:], keyIndex: [String: Int] = [:], shapeIndex: [String: Int] = [:]

        init(interner: Interner) { self.interner = interner }

        /// The written text of a value and its token (the identity Interner gave it).
        mutating func value(_ v: JSONValue) -> (text: String, token: String) {
            switch v {
            case .string(let s):
                let token = interner.token(v, counting: false)
                if interner.count(token) > 1 { return (ref(token, Self.escaped(s)), token) }
                return (Self.escaped(s), token)
            case .array(let a):
                var text = "[", key = "a"
                for (i, x) in a.enumerated() {
                    let w = value(x)
                    if i > 0 { text += "," }
                    text += w.text; key += w.token + ","
                }
                return shared(text + "]", key: key)
            case .object(let o):
                var key = "o"
                let text = members(o, key: &key)
                return shared(text, key: key)
            default:
                let p = plain(v)
                return (p, p)
            }
        }

        /// An event, never shared: `[shape, value, value, …]`, where shape N lists the key
        /// numbers in order (most events of a kind share one), so keys cost nothing per event.
        mutating func event(_ o: JSONObject) -> String {
            var shape = "[", values = ""
            for (i, m) in o.members.enumerated() {
                if i > 0 { shape += "," }
                shape += String(keyNumber(m.key))
                values += "," + value(m.value).text
            }
            shape += "]"
            let n: Int
            if let known = shapeIndex[shape] { n = known } else { n = shapes.count; shapes.append(shape); shapeIndex[shape] = n }
            return "[" + String(n) + values + "]"
        }

        private mutating func keyNumber(_ key: String) -> Int {
            if let known = keyIndex[key] { return known }
            keys.append(key); keyIndex[key] = keys.count - 1
            return keys.count - 1
        }

        private mutating func members(_ o: JSONObject, key: inout String) -> String {
            var out = "{"
            for (i, m) in o.members.enumerated() {
                if i > 0 { out += "," }
                let k = keyNumber(m.key)
                let w = value(m.value)
                out += "\"" + String(k, radix: 36) + "\":" + w.text
                JSONWriter.appendQuoted(m.key, to: &key); key += ":" + w.token + ","
            }
            return out + "}"
        }

        /// A value seen more than once goes into the table (once) and is written as `"@N"`.
        private mutating func shared(_ text: String, key: String) -> (text: String, token: String) {
            let token = interner.token(forKey: key)
            guard interner.count(token) > 1 else { return (text, token) }
            return (ref(token, text), token)
        }

        private static func escaped(_ s: String) -> String {
            var o = ""
            JSONWriter.appendQuoted(s.hasPrefix("@") ? "@" + s : s, to: &o)
            return o
        }

        private mutating func ref(_ token: String, _ text: String) -> String {
            if let n = index[token] { return "\"@" + String(n, radix: 36) + "\"" }
            let n = table.count
            table.append(text); index[token] = n
            return "\"@" + String(n, radix: 36) + "\""
        }
    }
}
