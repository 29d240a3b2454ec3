/// Builds compact JSON text with members in the order they are written.
///
/// Used for the log format so that output is stable byte for byte (golden files, diffs).
public struct JSONWriter {
    /// The text written so far.
    public private(set) var text = ""
    private var needsComma: [Bool] = [false]

    public init(reservingCapacity n: Int = 512) { text.reserveCapacity(n) }

    private var afterKey = false

    private mutating func separator() {
        if afterKey { afterKey = false; return }
        if needsComma[needsComma.count - 1] { text.append(",") } else { needsComma[needsComma.count - 1] = true }
    }

    public mutating func beginObject() { separator(); text.append("{"); needsComma.append(false) }
    public mutating func endObject() { text.append("}"); needsComma.removeLast() }
    public mutating func beginArray() { separator(); text.append("["); needsComma.append(false) }
    public mutating func endArray() { text.append("]"); needsComma.removeLast() }

    /// Writes `"key":` inside an object; the value follows.
    public mutating func key(_ k: String) {
        separator()
        Self.appendQuoted(k, to: &text)
        text.append(":")
        afterKey = true
    }

    public mutating func string(_ s: String) { separator(); Self.appendQuoted(s, to: &text) }
    public mutating func bool(_ b: Bool) { separator(); text.append(b ? "true" : "false") }
    public mutating func int(_ n: Int) { separator(); text.append(String(n)) }
    public mutating func null() { separator(); text.append("null") }
    /// Writes a number; integral values print without a fraction, others with up to 6 decimals.
    public mutating func number(_ d: Double) {
        separator()
        guard d.isFinite else { text.append("null"); return }
        if d == d.rounded() && abs(d) < 1e15 { text.append(String(Int(d))); return }
        let scaled = (d * 1_000_000).rounded() / 1_000_000
        // Near Double's maximum the scaling overflows to infinity: print those unrounded
        // (`inf` is no JSON; found by fuzzing).
        text.append(scaled.isFinite ? "\(scaled)" : "\(d)")
    }

    public mutating func field(_ k: String, _ v: String) { key(k); string(v) }
    public mutating func field(_ k: String, _ v: Bool) { key(k); bool(v) }
    public mutating func field(_ k: String, _ v: Int) { key(k); int(v) }
    public mutating func field(_ k: String, number v: Double) { key(k); number(v) }

    /// Appends `s` as a quoted JSON string with the mandatory escapes.
    public static func appendQuoted(_ s: String, to out: inout String) {
        out.append("\"")
        var needsEscape = false
        for u in s.utf8 where u < 0x20 || u == 0x22 || u == 0x5C { needsEscape = true; break }
        if !needsEscape {
            out.append(s)
        } else {
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out.append("\\\"")
                case "\\": out.append("\\\\")
                case "\n": out.append("\\n")
                case "\r": out.append("\\r")
                case "\t": out.append("\\t")
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
    }
}
