/// The report's embedded data: the events in the log's own encoding, made compact without
/// knowing its fields, so any optional field a later version adds reaches the page.
///
/// Three generic steps shrink a realistic log about fivefold:
/// - every object key is written as a short base-36 name into a key table (`k`);
/// - every string, object or array that occurs more than once below the event level (controller
///   references, explanation steps, diagnostics) is written once into a table (`t`) and
///   replaced by `"@N"` (N in base 36); a string that itself starts with `@` is written `"@@…"`;
/// - the one-line summaries lose their `#seq time ` prefix, which the page rebuilds.
/// The page's script reverses this (`decode` in HTMLReportAssets).
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
        var counts: [String: Int] = [:]
        for o in parsed { for m in o.members { count(m.value, into: &counts) } }

        var table: [String] = [], index: [String: Int] = [:], keys: [String] = [], keyIndex: [String: Int] = [:]
        let w = Writer(counts: counts)
        var eventsOut = ""
        eventsOut.reserveCapacity(events.count * 160)
        for (i, o) in parsed.enumerated() {
            if i > 0 { eventsOut += ",\n" }
            eventsOut += w.object(o, table: &table, index: &index, keys: &keys, keyIndex: &keyIndex, top: true)
        }
        var out = "{\"header\":" + EventCoding.encode(header) + (timeline.map { ",\n\"timeline\":" + $0 } ?? "") + ",\"k\":["
        for (i, k) in keys.enumerated() { if i > 0 { out += "," }; JSONWriter.appendQuoted(k, to: &out) }
        out += "],\"t\":[\n" + table.joined(separator: ",\n") + "],\n\"summaries\":["
        for (i, e) in events.enumerated() {
            if i > 0 { out += "," }
            JSONWriter.appendQuoted(strippedSummary(e), to: &out)
        }
        out += "],\n\"events\":[\n" + eventsOut + "]}"
        return out.replacingAll("<", with: "\\u003c")
    }

    /// `#3 0.350s present …` without `#3 0.350s `: the list shows seq and time in their own columns.
    static func strippedSummary(_ e: Event) -> String {
        let s = e.summary
        let parts = s.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0].hasPrefix("#") ? String(parts[2]) : s
    }

    /// Counts how often each value's canonical text occurs below the event level.
    private static func count(_ v: JSONValue, into counts: inout [String: Int]) {
        switch v {
        case .string(let s) where s.utf8.count >= shortestInterned: counts["s" + s, default: 0] += 1
        case .array(let a):
            counts["j" + plain(v), default: 0] += 1
            for x in a { count(x, into: &counts) }
        case .object(let o):
            counts["j" + plain(v), default: 0] += 1
            for m in o.members { count(m.value, into: &counts) }
        default: break
        }
    }

    /// Plain JSON text of a value (the identity used for counting and the table).
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

    private struct Writer {
        let counts: [String: Int]

        func value(_ v: JSONValue, table: inout [String], index: inout [String: Int],
                            keys: inout [String], keyIndex: inout [String: Int]) -> String {
            switch v {
            case .string(let s):
                if s.utf8.count >= shortestInterned, counts["s" + s, default: 0] > 1 {
                    return ref("s" + s, table: &table, index: &index) { escaped(s) }
                }
                return escaped(s)
            case .array(let a):
                let id = "j" + plain(v)
                if counts[id, default: 0] > 1, let n = index[id] { return "\"@" + String(n, radix: 36) + "\"" }
                let text = "[" + a.map { value($0, table: &table, index: &index, keys: &keys, keyIndex: &keyIndex) }.joined(separator: ",") + "]"
                return counts[id, default: 0] > 1 ? add(id, text, table: &table, index: &index) : text
            case .object(let o):
                let id = "j" + plain(v)
                if counts[id, default: 0] > 1 {
                    if let n = index[id] { return "\"@" + String(n, radix: 36) + "\"" }
                    let text = object(o, table: &table, index: &index, keys: &keys, keyIndex: &keyIndex, top: false)
                    return add(id, text, table: &table, index: &index)
                }
                return object(o, table: &table, index: &index, keys: &keys, keyIndex: &keyIndex, top: false)
            default:
                return plain(v)
            }
        }

        func object(_ o: JSONObject, table: inout [String], index: inout [String: Int],
                             keys: inout [String], keyIndex: inout [String: Int], top: Bool) -> String {
            var out = "{"
            for (i, m) in o.members.enumerated() {
                if i > 0 { out += "," }
                let k: Int
                if let known = keyIndex[m.key] { k = known } else { k = keys.count; keys.append(m.key); keyIndex[m.key] = k }
                out += "\"" + String(k, radix: 36) + "\":"
                out += value(m.value, table: &table, index: &index, keys: &keys, keyIndex: &keyIndex)
            }
            return out + "}"
        }

        private func escaped(_ s: String) -> String {
            var o = ""
            JSONWriter.appendQuoted(s.hasPrefix("@") ? "@" + s : s, to: &o)
            return o
        }

        private func ref(_ id: String, table: inout [String], index: inout [String: Int], make: () -> String) -> String {
            if let n = index[id] { return "\"@" + String(n, radix: 36) + "\"" }
            return add(id, make(), table: &table, index: &index)
        }

        private func add(_ id: String, _ text: String, table: inout [String], index: inout [String: Int]) -> String {
            let n = table.count
            table.append(text); index[id] = n
            return "\"@" + String(n, radix: 36) + "\""
        }
    }
}
