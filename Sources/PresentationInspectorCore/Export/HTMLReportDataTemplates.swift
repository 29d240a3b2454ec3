/// Templates of the event's own controller labels: "present UIActivityViewController (share)
/// from …" written as "present \u{1}1 from …", where `\u{1}N` is the label of the N-th controller
/// reference among the event's fields. Explanation steps and messages of thousands of events
/// then differ only in those labels, so the value table holds each template once.
///
/// A templated string starts with the mark `\u{2}`; a string that starts with the mark itself is
/// written with one more (`\u{2}\u{2}…`), and a string holding `\u{1}` or `\u{2}` anywhere else is
/// never templated, so every string reads back exactly (`fill` in Resources/report.js).
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

    /// An event's labels as UTF-8, longest first, each with its place in ``refLabels(_:)``.
    struct Labels {
        fileprivate let byLength: [(place: Int, bytes: [UInt8])]

        init(_ labels: [String]) {
            byLength = labels.count <= 10
                ? labels.enumerated().map { (place: $0.offset, bytes: Array($0.element.utf8)) }.sorted { $0.bytes.count > $1.bytes.count }
                : []  // one digit per placeholder: more labels than that are left alone
        }
    }

    /// The event with its strings templated (references left as they are).
    static func templatedMembers(_ o: JSONObject, labels: Labels) -> JSONObject {
        JSONObject(o.members.map { (key: $0.key, value: templatedValue($0.value, labels: labels)) })
    }

    private static func templatedValue(_ v: JSONValue, labels: Labels) -> JSONValue {
        switch v {
        case .string(let s): return .string(templated(s, labels: labels))
        case .array(let a): return .array(a.map { templatedValue($0, labels: labels) })
        case .object(let o): return controller(o) == nil ? .object(templatedMembers(o, labels: labels)) : v
        default: return v
        }
    }

    /// One string with the labels replaced by placeholders, marked; or the string as it is (with
    /// the mark doubled when it starts with it). One pass over the UTF-8 bytes: at each place the
    /// longest label that starts there is taken (a label starts on a character boundary, so the
    /// result stays valid UTF-8).
    static func templated(_ s: String, labels: Labels) -> String {
        if s.first == templateMark { return String(templateMark) + s }
        // The shortest label ("T (i)") has 5 bytes; most short strings are kinds, styles, threads.
        guard !labels.byLength.isEmpty, s.utf8.count >= 5 else { return s }
        var out: [UInt8] = [0x02]
        var changed = false
        let complete: Bool = s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            out.reserveCapacity(bytes.count + 1)
            var i = 0
            scan: while i < bytes.count {
                let b = bytes[i]
                if b == 0x01 || b == 0x02 { return false }  // holds a placeholder character: left alone
                for label in labels.byLength where label.bytes[0] == b && label.bytes.count <= bytes.count - i {
                    var j = 1
                    while j < label.bytes.count, bytes[i + j] == label.bytes[j] { j += 1 }
                    if j == label.bytes.count {
                        out.append(0x01); out.append(0x30 + UInt8(label.place))
                        i += j; changed = true
                        continue scan
                    }
                }
                out.append(b); i += 1
            }
            return true
        } ?? false
        return complete && changed ? String(decoding: out, as: UTF8.self) : s
    }
}
