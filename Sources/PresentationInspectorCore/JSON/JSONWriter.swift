/// Builds compact JSON text with members in the order they are written.
///
/// Used for the log format so that output is stable byte for byte (golden files, diffs).
///
/// The text is built as UTF-8 bytes and turned into a `String` when read: appending many small
/// pieces to a `String` (and escaping scalar by scalar) makes exporting a log several times
/// slower (docs/PERFORMANCE.md).
@_spi(Package) public struct JSONWriter {
    /// The UTF-8 bytes written so far.
    @_spi(Package) public private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = [false]
    private var afterKey = false

    /// The text written so far.
    @_spi(Package) public var text: String { String(decoding: bytes, as: UTF8.self) }

    @_spi(Package) public init(reservingCapacity n: Int = 512) { bytes.reserveCapacity(n) }

    private mutating func separator() {
        if afterKey { afterKey = false; return }
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) } else { needsComma[needsComma.count - 1] = true }
    }

    private mutating func raw(_ s: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    private mutating func raw(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Ends a line of JSONL: a newline, after which the next value starts a line of its own (no
    /// comma before it).
    @_spi(Package) public mutating func endLine() {
        bytes.append(0x0A)
        needsComma[needsComma.count - 1] = false
    }

    @_spi(Package) public mutating func beginObject() { separator(); bytes.append(UInt8(ascii: "{")); needsComma.append(false) }
    @_spi(Package) public mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma.removeLast() }
    @_spi(Package) public mutating func beginArray() { separator(); bytes.append(UInt8(ascii: "[")); needsComma.append(false) }
    @_spi(Package) public mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma.removeLast() }

    /// Writes `"key":` inside an object; the value follows. `k` is a key the package's code
    /// spells out (`"seq"`): nothing in it to escape, so it is written as it is, without the scan a
    /// string from data needs (a log line has some thirty keys).
    @_spi(Package) public mutating func key(_ k: StaticString) {
        assert(k.withUTF8Buffer { $0.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != 0x22 && $0 != 0x5C } },
               "\(k) needs escaping: write it with key(escaping:)")
        separator()
        bytes.append(0x22)
        raw(k)
        bytes.append(0x22)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Writes `"key":` for a key that comes from data (a dictionary's, a log's), quoted and escaped.
    @_spi(Package) public mutating func key(escaping k: String) {
        separator()
        Self.appendQuoted(k, toBytes: &bytes)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    @_spi(Package) public mutating func string(_ s: String) { separator(); Self.appendQuoted(s, toBytes: &bytes) }

    /// Writes `json`, a complete JSON value another writer produced, as the next value.
    @_spi(Package) public mutating func embedded(_ json: String) { separator(); raw(json) }
    @_spi(Package) public mutating func bool(_ b: Bool) { separator(); raw(b ? "true" as StaticString : "false") }
    @_spi(Package) public mutating func int(_ n: Int) { separator(); raw(String(n)) }
    @_spi(Package) public mutating func null() { separator(); raw("null" as StaticString) }
    /// Writes a number; integral values print without a fraction, others with up to 6 decimals.
    @_spi(Package) public mutating func number(_ d: Double) {
        separator()
        guard d.isFinite else { raw("null" as StaticString); return }
        if d == d.rounded() && abs(d) < 1e15 { raw(String(Int(d))); return }
        raw("\(Self.toTheMicrosecond(d))")
    }

    /// `d` as ``number(_:)`` writes it: to the microsecond (a log's times are read back so).
    @_spi(Package) public static func toTheMicrosecond(_ d: Double) -> Double {
        guard d.isFinite, d != d.rounded() || abs(d) >= 1e15 else { return d }
        let scaled = (d * 1_000_000).rounded() / 1_000_000
        // Near Double's maximum the scaling overflows to infinity: those stay unrounded
        // (`inf` is no JSON; found by fuzzing).
        return scaled.isFinite ? scaled : d
    }

    @_spi(Package) public mutating func field(_ k: StaticString, _ v: String) { key(k); string(v) }
    @_spi(Package) public mutating func field(_ k: StaticString, _ v: Bool) { key(k); bool(v) }
    @_spi(Package) public mutating func field(_ k: StaticString, _ v: Int) { key(k); int(v) }
    @_spi(Package) public mutating func field(_ k: StaticString, number v: Double) { key(k); number(v) }

    /// Appends `s` as a quoted JSON string with the mandatory escapes.
    @_spi(Package) public static func appendQuoted(_ s: String, to out: inout String) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(s.utf8.count + 8)
        appendQuoted(s, toBytes: &buffer)
        out.append(String(decoding: buffer, as: UTF8.self))
    }

    /// Appends `s` quoted and escaped to UTF-8 `out`: runs that need no escape are copied whole.
    /// Besides JSON's mandatory escapes (`"`, `\`, the C0 controls), the other characters a
    /// terminal would obey (``VisibleText/escapedCharacter(in:at:keepingLineBreaks:)``: DEL, the
    /// C1 controls, the line and paragraph separators, the bidirectional controls) are written as
    /// `\uXXXX`: the same string to a JSON reader, and no output of ours holds them raw.
    static func appendQuoted(_ s: String, toBytes out: inout [UInt8]) {
        out.append(0x22)
        var s = s
        s.withUTF8 { buf in
            var runStart = 0
            var i = 0
            while i < buf.count {
                // Most text is printable ASCII without `"` or `\`: skipped 8 bytes at a time.
                if i + 8 <= buf.count {
                    let word = UnsafeRawPointer(buf.baseAddress! + i).loadUnaligned(as: UInt64.self)
                    if VisibleText.isPrintableASCII(word), !VisibleText.hasByte(word, 0x22), !VisibleText.hasByte(word, 0x5C) {
                        i += 8
                        continue
                    }
                }
                let u = buf[i]
                // Nor do other printable ASCII bytes, or UTF-8 bytes other than the lead bytes of
                // the escaped characters (`C2` before a C1 control, `E2` before a separator or a
                // bidirectional control).
                if u >= 0x20, u < 0x7F, u != 0x22, u != 0x5C { i += 1; continue }
                if u >= 0x80, u != 0xC2, u != 0xE2 { i += 1; continue }
                // The escaped character's value and its length in bytes; nil: copied as it is.
                let escape = u == 0x22 || u == 0x5C ? (UInt32(u), 1) : VisibleText.escapedCharacter(in: buf, at: i)
                guard let escape else { i += 1; continue }
                if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[runStart..<i])) }
                switch escape.value {
                case 0x22, 0x5C: out.append(0x5C); out.append(u)
                case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
                case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
                default:
                    out.append(0x5C); out.append(UInt8(ascii: "u"))
                    for shift in stride(from: 12, through: 0, by: -4) { out.append(hexDigits[Int((escape.value >> UInt32(shift)) & 0x0F)]) }
                }
                i += escape.length
                runStart = i
            }
            if runStart < buf.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[runStart...])) }
        }
        out.append(0x22)
    }

    /// `0`…`9`, `a`…`f` as bytes, made once (not on every call).
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
