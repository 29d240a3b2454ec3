/// The scans the log reader uses beside parsing: finding where a value ends without
/// decoding it, and reading a decimal without `strtod` when that gives the same double.
extension JSONParser {
    /// Where the value starting at the current position ends (the index after it), found without
    /// decoding or allocating: strings are skipped eight bytes at a time and brackets counted.
    /// It does not validate (nil only when no end is found); a caller that needs the value
    /// still parses it. The reader's interning tables key values by these bytes.
    func valueEnd() -> Int? {
        let n = b.count
        guard i < n, let base = b.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var j = i
        var depth = 0
        repeat {
            switch base[j] {
            case UInt8(ascii: "\""):
                j += 1
                while true {
                    // Eight bytes at a time, then straight to the first byte that stops the scan
                    // (the lowest flag of the mask is exact).
                    while j + 8 <= n {
                        let mask = Self.stopMask(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)))
                        if mask != 0 { j += mask.trailingZeroBitCount >> 3; break }
                        j += 8
                    }
                    guard j < n else { return nil }
                    let c = base[j]
                    if c == UInt8(ascii: "\"") { j += 1; break }
                    j += c == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; j += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1; j += 1
            default:
                j += 1
                if depth == 0 {  // a scalar: up to the next delimiter
                    while j < n, !Self.endsScalar(base[j]) { j += 1 }
                }
            }
        } while depth > 0 && j < n
        return depth == 0 ? min(j, n) : nil
    }

    @inline(__always)
    static func endsScalar(_ c: UInt8) -> Bool {
        c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
    }

    /// Powers of ten that a `Double` holds exactly.
    static let exactPowersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { a, _ in a * 10 } }

    /// `-123.456` without `strtod` when that gives the same double: at most 15 digits, no
    /// exponent. The digits as an integer are exact, and so is 10^k up to 10^22, so their
    /// quotient is the correctly rounded value `strtod` returns (Clinger's fast path).
    static func exactDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var mantissa: Int64 = 0, digits = 0, fraction = -1
        var k = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { k = 1 }
        while k < text.count {
            let c = text[k]
            if c == UInt8(ascii: ".") { fraction = 0 }
            else if c >= 0x30 && c <= 0x39 {
                mantissa = mantissa * 10 + Int64(c - 0x30)
                digits += 1
                if fraction >= 0 { fraction += 1 }
                if digits > 15 { return nil }
            } else { return nil }  // an exponent
            k += 1
        }
        let v = Double(mantissa) / exactPowersOfTen[max(0, fraction)]
        return negative ? -v : v
    }
}
