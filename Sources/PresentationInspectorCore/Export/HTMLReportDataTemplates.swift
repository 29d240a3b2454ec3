/// Templates of the event's own controller labels: "present UIActivityViewController (share)
/// from …" written as "present \u{1}1 from …", where `\u{1}N` is the label of the N-th controller
/// reference among the event's fields. Explanation steps and messages of thousands of events
/// then differ only in those labels, so the value table holds each template once.
///
/// A templated string starts with the mark `\u{2}`; a string that starts with the mark itself is
/// written with one more (`\u{2}\u{2}…`), and a string holding `\u{1}` or `\u{2}` anywhere else is
/// never templated, so every string reads back exactly (`fill` in HTMLReportScript).
extension HTMLReportData {
    static let templateMark: Character = "\u{2}"

    /// The labels (`Type "title" (id)`) of the controller references among an event's members,
    /// in member order: the page rebuilds the same list from the decoded event.
    static func refLabels(_ o: JSONObject) -> [String] {
        var out: [String] = []
        for m in o.members {
            guard case .object(let r) = m.value, let ref = controller(r) else { continue }
            out.append(ref.label)
        }
        return out
    }

    /// An object with `id` and `type` strings: a controller reference, never templated itself.
    static func controller(_ o: JSONObject) -> ControllerRef? {
        guard let id = o["id"]?.stringValue, let type = o["type"]?.stringValue else { return nil }
        return ControllerRef(id: id, type: type, title: o["title"]?.stringValue)
    }

    /// The event with its strings templated (references left as they are).
    static func templatedMembers(_ o: JSONObject, labels: [String]) -> JSONObject {
        JSONObject(o.members.map { (key: $0.key, value: templatedValue($0.value, labels: labels)) })
    }

    private static func templatedValue(_ v: JSONValue, labels: [String]) -> JSONValue {
        switch v {
        case .string(let s): return .string(templated(s, labels: labels))
        case .array(let a): return .array(a.map { templatedValue($0, labels: labels) })
        case .object(let o): return controller(o) == nil ? .object(templatedMembers(o, labels: labels)) : v
        default: return v
        }
    }

    /// One string with the labels replaced by placeholders (longest label first), marked; or the
    /// string as it is (with the mark doubled when it starts with it).
    static func templated(_ s: String, labels: [String]) -> String {
        if s.first == templateMark { return String(templateMark) + s }
        // The shortest label ("T (i)") has 5 bytes; most short strings are kinds, styles, threads.
        guard !labels.isEmpty, labels.count <= 10, s.utf8.count >= 5 else { return s }
        guard !s.utf8.contains(1), !s.utf8.contains(2) else { return s }
        var out = s, changed = false
        for i in labels.indices.sorted(by: { labels[$0].utf8.count > labels[$1].utf8.count }) where out.contains(labels[i]) {
            out = out.replacing(labels[i], with: "\u{1}" + String(i))
            changed = true
        }
        return changed ? String(templateMark) + out : s
    }
}
