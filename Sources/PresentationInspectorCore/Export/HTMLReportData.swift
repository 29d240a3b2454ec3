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
/// - the one-line summaries lose their `#seq time ` prefix, which the page rebuilds;
/// - strings that name the event's own controllers (summary lines, explanation steps, messages)
///   name them through placeholders (HTMLReportDataTemplates), so they too repeat.
/// The page's script reverses this (`decode` in Resources/report.js).
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
        // Strings that name the event's own controllers become templates, which repeat across events.
        let labels = parsed.map { Labels(refLabels($0)) }
        for i in parsed.indices { parsed[i] = templatedMembers(parsed[i], labels: labels[i]) }
        // Pass 1: give every distinct value below the event level an id and count its uses.
        var interner = Interner()
        for o in parsed { for m in o.members { _ = interner.visit(m.value) } }
        let summaries = events.indices.map { JSONValue.string(templated(strippedSummary(events[$0]), labels: labels[$0])) }
        for line in summaries { _ = interner.visit(line) }

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
            summariesOut += w.value(line)
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
    /// key made of its children's ids, so finding repeats costs one short-key lookup per value
    /// rather than rebuilding each subtree's text at every level above it. It records every value
    /// it visits in order (id, subtree size), so the writer, visiting in the same order, knows a
    /// value's id without computing it again and skips a repeated subtree at once.
    struct Interner {
        private var strings: [String: Int] = [:], structures: [String: Int] = [:]
        private(set) var counts: [Int] = []
        /// Per visited value, in visiting order: its id (-1: written inline) and how many values
        /// its subtree holds, itself included.
        private(set) var visits: [(id: Int, size: Int)] = []

        /// Visits a value and everything in it; returns its id (-1 for a value written inline).
        mutating func visit(_ v: JSONValue) -> Int {
            let slot = visits.count
            visits.append((-1, 1))
            let id: Int
            switch v {
            case .string(let s) where s.utf8.count >= shortestInterned:
                id = identify(s, isString: true)
            case .array(let a):
                var key = "a"
                for x in a { key += String(visit(x)) + (x.isInline ? ":" + plain(x) : "") + "," }
                id = identify(key, isString: false)
            case .object(let o):
                var key = "o"
                for m in o.members {
                    JSONWriter.appendQuoted(m.key, to: &key)
                    key += String(visit(m.value)) + (m.value.isInline ? ":" + plain(m.value) : "") + ","
                }
                id = identify(key, isString: false)
            default:
                id = -1
            }
            visits[slot] = (id, visits.count - slot)
            return id
        }

        /// Strings and structure keys live apart, so a string never needs a prefix to tell them apart.
        private mutating func identify(_ key: String, isString: Bool) -> Int {
            let n: Int
            if let known = isString ? strings[key] : structures[key] {
                n = known
            } else {
                n = counts.count; counts.append(0)
                if isString { strings[key] = n } else { structures[key] = n }
            }
            counts[n] += 1
            return n
        }
    }

    /// Writes values compactly, in the interner's visiting order; the key table and the value
    /// table grow as it goes.
    private struct Writer {
        let interner: Interner
        var table: [String] = [], keys: [String] = [], shapes: [String] = []
        private var index: [Int], keyIndex: [String: Int] = [:], shapeIndex: [String: Int] = [:]
        private var cursor = 0

        init(interner: Interner) {
            self.interner = interner
            index = Array(repeating: -1, count: interner.counts.count)
        }

        /// The written text of the next visited value (`v`).
        mutating func value(_ v: JSONValue) -> String {
            let visit = cursor < interner.visits.count ? interner.visits[cursor] : (id: -1, size: 1)
            let shared = visit.id >= 0 && interner.counts[visit.id] > 1
            if shared, index[visit.id] >= 0 {  // written before: a reference, its subtree skipped
                cursor += visit.size
                return "\"@" + String(index[visit.id], radix: 36) + "\""
            }
            cursor += 1
            let text: String
            switch v {
            case .string(let s):
                text = Self.escaped(s)
            case .array(let a):
                var out = "["
                for (i, x) in a.enumerated() { if i > 0 { out += "," }; out += value(x) }
                text = out + "]"
            case .object(let o):
                text = members(o)
            default:
                text = plain(v)
            }
            guard shared else { return text }
            index[visit.id] = table.count
            table.append(text)
            return "\"@" + String(table.count - 1, radix: 36) + "\""
        }

        /// An event, never shared: `[shape, value, value, …]`, where shape N lists the key
        /// numbers in order (most events of a kind share one), so keys cost nothing per event.
        mutating func event(_ o: JSONObject) -> String {
            var shape = "[", values = ""
            for (i, m) in o.members.enumerated() {
                if i > 0 { shape += "," }
                shape += String(keyNumber(m.key))
                values += "," + value(m.value)
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

        private mutating func members(_ o: JSONObject) -> String {
            var out = "{"
            for (i, m) in o.members.enumerated() {
                if i > 0 { out += "," }
                out += "\"" + String(keyNumber(m.key), radix: 36) + "\":" + value(m.value)
            }
            return out + "}"
        }

        private static func escaped(_ s: String) -> String {
            var o = ""
            JSONWriter.appendQuoted(s.hasPrefix("@") ? "@" + s : s, to: &o)
            return o
        }
    }
}

private extension JSONValue {
    /// Written inline rather than interned: numbers, booleans, null and short strings.
    var isInline: Bool {
        switch self {
        case .string(let s): s.utf8.count < HTMLReportData.shortestInterned
        case .array, .object: false
        default: true
        }
    }
}
