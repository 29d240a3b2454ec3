/// Text from a log or an app made safe to show: the characters a terminal obeys instead of
/// printing, or that change how the rest of a line reads, are written as Swift escapes.
///
/// A log can come from anyone's machine. An escape sequence in a title or an id could retitle
/// the terminal, move the cursor, hide lines or write the clipboard when a command prints it;
/// a line break in a title would split the one line an event gets into two, the second
/// looking like an event of its own.
///
/// Escaped: the C0 controls (U+0000–U+001F), DEL, the C1 controls (U+0080–U+009F, with the
/// next-line character), the line and paragraph separators (U+2028, U+2029: line breaks to
/// many readers), and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069), which reorder what follows them. Everything else, right-to-left text
/// included, is kept.
@_spi(Package) public enum VisibleText {
    /// `text` with the characters above escaped: `\n`, `\r`, `\t`, `\0`, otherwise `\u{1B}`.
    /// With `keepingLineBreaks`, line feeds and tabs are kept: for whole outputs, whose own
    /// lines and columns they are. Text that needs nothing is returned as it is, unscanned
    /// past one pass over its bytes. Escaping escaped text changes nothing.
    @_spi(Package) public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard needsEscaping(text, keepingLineBreaks: keepingLineBreaks) else { return text }
        var out: [UInt8] = []
        var text = text
        text.withUTF8 { bytes in
            out.reserveCapacity(bytes.count + 16)
            var i = 0
            while i < bytes.count {
                guard let c = escapedCharacter(in: bytes, at: i, keepingLineBreaks: keepingLineBreaks) else {
                    out.append(bytes[i])
                    i += 1
                    continue
                }
                switch c.value {
                case 0x0A: out += Array(#"\n"#.utf8)
                case 0x0D: out += Array(#"\r"#.utf8)
                case 0x09: out += Array(#"\t"#.utf8)
                case 0x00: out += Array(#"\0"#.utf8)
                default: out += Array("\\u{\(String(c.value, radix: 16, uppercase: true))}".utf8)
                }
                i += c.length
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether ``escaped(_:keepingLineBreaks:)`` would change `text`.
    @_spi(Package) public static func needsEscaping(_ text: String, keepingLineBreaks: Bool = false) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                if i + 8 <= bytes.count, isPrintableASCII(UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)) {
                    i += 8
                    continue
                }
                if escapedCharacter(in: bytes, at: i, keepingLineBreaks: keepingLineBreaks) != nil { return true }
                i += 1
            }
            return false
        }
    }

    /// Whether all 8 bytes of `word` are printable ASCII (0x20…0x7E), which nothing escapes: no
    /// byte with its high bit set, none below 0x20, none equal to 0x7F. A filter in front of
    /// ``escapedCharacter(in:at:keepingLineBreaks:)`` that looks at 8 bytes at once (most text is
    /// ASCII); it uses the usual byte-in-word tests ("Bit Twiddling Hacks", Sean Eron Anderson:
    /// `hasless`, `haszero`), which never miss such a byte.
    @inline(__always)
    @_spi(Package) public static func isPrintableASCII(_ word: UInt64) -> Bool {
        word & highBits == 0                                        // no byte ≥ 0x80
            && (word &- ones &* 0x20) & ~word & highBits == 0       // none < 0x20
            && !hasByte(word, 0x7F)
    }

    /// Whether one of the 8 bytes of `word` equals `byte` (the `haszero` test on `word` XOR it).
    @inline(__always)
    @_spi(Package) public static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highBits != 0
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether `scalar` is one of the characters above (line feeds and tabs included unless
    /// `keepingLineBreaks`).
    @_spi(Package) public static func isEscaped(_ s: Unicode.Scalar, keepingLineBreaks: Bool = false) -> Bool {
        var utf8 = Array(String(s).utf8)
        return utf8.withUnsafeMutableBufferPointer { escapedCharacter(in: UnsafeBufferPointer($0), at: 0, keepingLineBreaks: keepingLineBreaks) != nil }
    }

    /// The one rule: whether the character whose UTF-8 encoding starts at `bytes[i]` is one of the
    /// characters above, and if so its value and length in bytes. Every escaper reads it: these
    /// functions, and JSON's writer, which adds its own mandatory escapes (`"`, `\`). Over bytes,
    /// because most text is ASCII: a C1 control or a separator or bidirectional control is
    /// recognised by its lead byte and the bytes after it.
    @inline(__always)
    @_spi(Package) public static func escapedCharacter(in bytes: UnsafeBufferPointer<UInt8>, at i: Int,
                                                      keepingLineBreaks: Bool = false) -> (value: UInt32, length: Int)? {
        let b = bytes[i]
        if b < 0x20 {
            if keepingLineBreaks, b == 0x0A || b == 0x09 { return nil }
            return (UInt32(b), 1)
        }
        if b < 0x7F { return nil }
        if b == 0x7F { return (0x7F, 1) }
        if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] < 0xA0 { return (UInt32(bytes[i + 1]), 2) }  // U+0080–U+009F: C2 80…C2 9F
        if b == 0xE2, i + 2 < bytes.count {
            let b1 = bytes[i + 1], b2 = bytes[i + 2]
            // U+2028–U+202E: E2 80 A8…AE; U+2066–U+2069: E2 81 A6…A9.
            if (b1 == 0x80 && (0xA8...0xAE).contains(b2)) || (b1 == 0x81 && (0xA6...0xA9).contains(b2)) {
                return (0x2000 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F), 3)
            }
        }
        return nil
    }
}
