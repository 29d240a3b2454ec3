import Foundation

/// A parsed JSON value. Objects keep their members in file order so that errors can point
/// at keys in the order the author wrote them and duplicates can be reported.
@_spi(Package) public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// `"null"`, `"a boolean"`, …: used in error messages.
    @_spi(Package) public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    @_spi(Package) public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    @_spi(Package) public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    @_spi(Package) public var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    @_spi(Package) public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    @_spi(Package) public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
    /// The number as an `Int` when it is integral and in range.
    @_spi(Package) public var intValue: Int? {
        guard case .number(let n) = self, n == n.rounded(), abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }
}

/// A JSON object: members in file order.
@_spi(Package) public struct JSONObject: Sendable, Equatable {
    @_spi(Package) public var members: [(key: String, value: JSONValue)]

    @_spi(Package) public init(_ members: [(key: String, value: JSONValue)] = []) { self.members = members }

    /// The first member with this key.
    @_spi(Package) public subscript(key: String) -> JSONValue? {
        for m in members where m.key == key { return m.value }
        return nil
    }

    @_spi(Package) public var keys: [String] { members.map(\.key) }

    @_spi(Package) public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.members.count == b.members.count && zip(a.members, b.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// Why a text is not JSON, and where.
@_spi(Package) public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Byte offset of the problem in the input.
    @_spi(Package) public var offset: Int
    @_spi(Package) public var message: String
    @_spi(Package) public var description: String { "\(message) (at byte \(offset))" }
}

/// A small, strict JSON parser over UTF-8 bytes (RFC 8259), with a nesting limit so that
/// hostile input cannot exhaust the stack.
@_spi(Package) public struct JSONParser {
    /// The deepest nesting accepted.
    @_spi(Package) public static let maximumDepth = 256

    /// Parses one complete JSON text.
    @_spi(Package) public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var p = JSONParser(bytes: bytes)
        p.skipWhitespace()
        let v = try p.parseValue(depth: 0)
        p.skipWhitespace()
        if p.i < bytes.count { throw p.error("unexpected text after the JSON value") }
        return v
    }

    /// Parses one complete JSON text from a string.
    @_spi(Package) public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var copy = text
        let result: Result<JSONValue, JSONSyntaxError> = copy.withUTF8 { buf in
            do throws(JSONSyntaxError) { return .success(try parse(buf)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses one complete JSON text from bytes.
    @_spi(Package) public static func parse(_ data: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = data.withUnsafeBufferPointer { buf in
            do throws(JSONSyntaxError) { return .success(try parse(buf)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    // Internal, not private: `EventByteDecoder` pulls values with these same primitives.
    let b: UnsafeBufferPointer<UInt8>
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { b = bytes }

    func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(offset: i, message: message) }

    mutating func skipWhitespace() {
        while i < b.count {
            let c = b[i]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1 } else { return }
        }
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard i < b.count else { throw error("unexpected end of input") }
        switch b[i] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default:
            let c = b[i]
            if c >= 0x20 && c < 0x7F { throw error("unexpected character '\(Character(UnicodeScalar(c)))'") }
            throw error("unexpected byte 0x\(String(c, radix: 16))")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= b.count else { throw error("unexpected end of input") }
        let w = word.utf8Start
        for k in 0..<n where b[i + k] != w[k] { throw error("invalid literal") }
        i += n
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        i += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if i < b.count && b[i] == UInt8(ascii: "}") { i += 1; return .object(JSONObject(members)) }
        while true {
            skipWhitespace()
            guard i < b.count else { throw error("unexpected end of input in an object") }
            guard b[i] == UInt8(ascii: "\"") else { throw error("expected a key string in an object") }
            let key = try parseString()
            skipWhitespace()
            guard i < b.count, b[i] == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(key)\"") }
            i += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append((key, value))
            skipWhitespace()
            guard i < b.count else { throw error("unexpected end of input in an object") }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "}") { i += 1; return .object(JSONObject(members)) }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        i += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if i < b.count && b[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            guard i < b.count else { throw error("unexpected end of input in an array") }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw error("expected ',' or ']' in an array")
        }
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = i
        if b[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.b.count, p.b[p.i] >= 0x30, p.b[p.i] <= 0x39 { p.i += 1 }
            return p.i - s
        }
        guard i < b.count else { throw error("unexpected end of input in a number") }
        if b[i] == UInt8(ascii: "0") { i += 1 } else if digits(&self) == 0 { throw error("invalid number") }
        var integral = true
        if i < b.count, b[i] == UInt8(ascii: ".") {
            integral = false
            i += 1
            if digits(&self) == 0 { throw error("invalid number: digits expected after '.'") }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            integral = false
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            if digits(&self) == 0 { throw error("invalid number: digits expected in the exponent") }
        }
        let len = i - start
        if integral && len <= 15 {
            // Fast path: small integers need no floating-point parsing.
            var v = 0
            var k = start
            let neg = b[k] == UInt8(ascii: "-")
            if neg { k += 1 }
            while k < i { v = v * 10 + Int(b[k] - 0x30); k += 1 }
            return Double(neg ? -v : v)
        }
        if let v = Self.exactDecimal(UnsafeBufferPointer(rebasing: b[start..<i])) { return v }
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
        guard let d = Double(text), d.isFinite else { throw JSONSyntaxError(offset: start, message: "number out of range") }
        return d
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        // Strings are most of a log's bytes: one tight scan for the common
        // case — no escape — then a copy straight from the input; bytes above 0x7F are
        // validated as UTF-8 only when there are some.
        let start = i + 1
        let n = b.count
        var j = start
        var high = false
        // Eight bytes at a time while none is a quote, a backslash or a control character: this
        // loop reads most of a log's bytes, so it tests a word at once rather than byte by byte.
        if let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            while j + 8 <= n {
                let w = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
                if Self.hasByteToStop(w) { break }
                if w & 0x8080_8080_8080_8080 != 0 { high = true }
                j += 8
            }
        }
        while j < n {
            let c = b[j]
            if c == UInt8(ascii: "\"") {
                i = j + 1
                return try Self.makeString(UnsafeBufferPointer(rebasing: b[start..<j]), high: high, offset: start)
            }
            if c == UInt8(ascii: "\\") { break }
            if c < 0x20 { i = j; throw error("control character in a string") }
            if c >= 0x80 { high = true }
            j += 1
        }
        // Escapes: copy the runs between them.
        var out: [UInt8] = []
        out.reserveCapacity(j - start + 16)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<j]))
        i = j
        while i < n {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                let result: Result<String, JSONSyntaxError> = out.withUnsafeBufferPointer { buf in
                    do throws(JSONSyntaxError) { return .success(try Self.makeString(buf, high: high, offset: start)) } catch { return .failure(error) }
                }
                return try result.get()
            }
            if c < 0x20 { throw error("control character in a string") }
            if c != UInt8(ascii: "\\") {
                if c >= 0x80 { high = true }
                out.append(c)
                i += 1
                continue
            }
            i += 1
            guard i < n else { break }
            let e = b[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 1 < n, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in a \\u escape")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("unpaired surrogate in a \\u escape")
                }
                guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                UTF8.encode(u) { out.append($0) }
            default:
                throw error("invalid escape '\\\(Character(UnicodeScalar(e)))'")
            }
        }
        throw JSONSyntaxError(offset: n, message: "unterminated string")
    }

    /// Whether any byte of `w` is `"`, `\\` or below 0x20 (SWAR: a byte that is zero after the
    /// XOR, or below 0x20, sets its high bit in the result; a borrow can only add bits above a
    /// byte that really matches, so "none" is exact).
    @inline(__always)
    static func hasByteToStop(_ w: UInt64) -> Bool { stopMask(w) != 0 }

    /// The high bit of each byte of `w` that may be `"`, `\\` or below 0x20: the lowest one set
    /// is exact (borrows only flag bytes above a real match); zero when there is none.
    @inline(__always)
    static func stopMask(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = w ^ 0x2222_2222_2222_2222, backslash = w ^ 0x5C5C_5C5C_5C5C_5C5C
        let zeroQuote = (quote &- ones) & ~quote
        let zeroBackslash = (backslash &- ones) & ~backslash
        let control = (w &- ones &* 0x20) & ~w
        return (zeroQuote | zeroBackslash | control) & highs
    }

    /// The string for UTF-8 `bytes`, which must be well formed when `high` says bytes above
    /// 0x7F occur.
    private static func makeString(_ bytes: UnsafeBufferPointer<UInt8>, high: Bool, offset: Int) throws(JSONSyntaxError) -> String {
        if high && !isWellFormedUTF8(bytes) { throw JSONSyntaxError(offset: offset, message: "invalid UTF-8 in a string") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `bytes` is well-formed UTF-8 (Unicode 15, table 3-7: no overlong forms, no
    /// surrogates, nothing above U+10FFFF).
    static func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        let n = bytes.count
        while k < n {
            let c0 = bytes[k]
            if c0 < 0x80 { k += 1; continue }
            let length: Int
            var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
            switch c0 {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return false
            }
            guard k + length <= n, (lower...upper).contains(bytes[k + 1]) else { return false }
            for m in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[k + m]) { return false }
            k += length
        }
        return true
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= b.count else { throw error("unexpected end of input in a \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw error("invalid hex digit in a \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }
}
