import Foundation

// EventByteDecoder's scalars: keys, strings, numbers and the JSON grammar's punctuation, read
// straight from the bytes (split from EventByteDecoder.swift, which holds the event object).
extension EventByteDecoder {
    /// A key's bytes, without allocating; a key with an escape defers (the writer never makes one).
    static func rawKey(_ p: inout JSONParser) throws -> UnsafeBufferPointer<UInt8> {
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

    static func string(_ p: inout JSONParser) throws -> String {
        guard peek(p) == UInt8(ascii: "\"") else { throw Bail() }
        return try p.parseString()
    }

    /// A string, or nil after skipping a value of another type (`title`, `message`, `fix`).
    static func stringOrSkip(_ p: inout JSONParser, depth: Int) throws -> String? {
        if peek(p) == UInt8(ascii: "\"") { return try p.parseString() }
        _ = try p.parseValue(depth: depth)
        return nil
    }

    /// Where a string without escapes that starts at the parser ends (after its closing quote),
    /// found 8 bytes at a time; nil when the value is not such a string (the generic
    /// ``JSONParser/valueEnd()`` scan then decides).
    @inline(__always)
    static func stringEnd(_ p: JSONParser) -> Int? {
        let n = p.b.count
        guard p.i < n, let base = p.b.baseAddress, base[p.i] == UInt8(ascii: "\"") else { return nil }
        let raw = UnsafeRawPointer(base)
        var j = p.i + 1
        while j + 8 <= n {
            let mask = JSONParser.stopMask(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)))
            if mask != 0 { j += mask.trailingZeroBitCount >> 3; break }
            j += 8
        }
        while j < n {
            let c = base[j]
            if c == UInt8(ascii: "\"") { return j + 1 }
            if c == UInt8(ascii: "\\") || c < 0x20 { return nil }
            j += 1
        }
        return nil
    }

    /// A number, as ``JSONParser/parseNumber()`` reads it: plain decimals of at most 15 digits
    /// (what the writer makes) in one pass, giving the same double (the integer path for
    /// integers, Clinger's exact quotient for decimals); anything else is left to the parser.
    static func number(_ p: inout JSONParser) throws -> Double {
        guard let c = peek(p), c == UInt8(ascii: "-") || (0x30...0x39).contains(c) else { throw Bail() }
        let b = p.b, n = b.count, start = p.i
        var k = start
        let negative = c == UInt8(ascii: "-")
        if negative { k += 1 }
        var mantissa = 0, digits = 0, fraction = -1
        @inline(__always) func digit(_ k: Int) -> Int? {
            guard k < n else { return nil }
            let d = Int(b[k]) - 0x30
            return d >= 0 && d <= 9 ? d : nil
        }
        if k < n, b[k] == UInt8(ascii: "0") {
            k += 1
            digits = 1
        } else {
            while let d = digit(k) { mantissa = mantissa &* 10 &+ d; digits += 1; k += 1 }
        }
        if k < n, b[k] == UInt8(ascii: ".") {
            k += 1
            fraction = 0
            while let d = digit(k) { mantissa = mantissa &* 10 &+ d; digits += 1; fraction += 1; k += 1 }
        }
        let exponent = k < n && (b[k] == UInt8(ascii: "e") || b[k] == UInt8(ascii: "E"))
        guard digits > 0, digits <= 15, fraction != 0, !exponent, fraction >= 0 || k - start <= 15 else {
            return try p.parseNumber()
        }
        p.i = k
        if fraction < 0 { return Double(negative ? -mantissa : mantissa) }
        let v = Double(mantissa) / JSONParser.exactPowersOfTen[fraction]
        return negative ? -v : v
    }

    /// A sequence number or count, as ``EventCoding``'s `count`: an integer in `ValueRanges.count`.
    static func count(_ p: inout JSONParser) throws -> Int {
        let n = try number(&p)
        guard n == n.rounded(), let v = Int(exactly: n), ValueRanges.count.contains(v) else { throw Bail() }
        return v
    }

    static func bool(_ p: inout JSONParser) throws -> Bool {
        switch peek(p) {
        case UInt8(ascii: "t"): try p.literal("true"); return true
        case UInt8(ascii: "f"): try p.literal("false"); return false
        default: throw Bail()
        }
    }

    /// Consumes `null` and says so; anything else is left for the caller.
    static func isNull(_ p: inout JSONParser) throws -> Bool {
        guard peek(p) == UInt8(ascii: "n") else { return false }
        try p.literal("null")
        return true
    }

    static func style(_ p: inout JSONParser) throws -> PresentationStyle {
        guard let v = PresentationStyle(name: try string(&p)) else { throw Bail() }
        return v
    }

    static func transition(_ p: inout JSONParser) throws -> TransitionStyle {
        guard let v = TransitionStyle(name: try string(&p)) else { throw Bail() }
        return v
    }

    @inline(__always)
    static func peek(_ p: JSONParser) -> UInt8? { p.i < p.b.count ? p.b[p.i] : nil }

    /// Skips whitespace; the writer puts none between tokens, so the common case is one compare.
    @inline(__always)
    static func space(_ p: inout JSONParser) {
        if p.i < p.b.count, p.b[p.i] <= 0x20 { p.skipWhitespace() }
    }

    @inline(__always)
    static func expect(_ p: inout JSONParser, _ c: UInt8) throws {
        guard peek(p) == c else { throw Bail() }
        p.i += 1
    }

    static func equal(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        name.withUTF8Buffer { n in n.count == key.count && memcmp(n.baseAddress!, key.baseAddress!, n.count) == 0 }
    }
}
