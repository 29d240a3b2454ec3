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
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard isEscaped(scalar, keepingLineBreaks: keepingLineBreaks) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// Whether ``escaped(_:keepingLineBreaks:)`` would change `text`.
    @_spi(Package) public static func needsEscaping(_ text: String, keepingLineBreaks: Bool = false) -> Bool {
        // Over the UTF-8 bytes: most text is ASCII, and a C1 control or a bidirectional
        // control is recognised by its lead byte and the bytes after it.
        var bytes = text.utf8.makeIterator()
        var previous: (UInt8, UInt8) = (0, 0)  // the two bytes before the current one
        while let b = bytes.next() {
            defer { previous = (previous.1, b) }
            if b < 0x20 {
                if keepingLineBreaks, b == 0x0A || b == 0x09 { continue }
                return true
            }
            if b == 0x7F { return true }
            if previous.1 == 0xC2, b < 0xA0 { return true }  // U+0080–U+009F: C2 80…C2 9F
            if previous.0 == 0xE2, previous.1 == 0x80, (0xA8...0xAE).contains(b) { return true }  // U+2028–U+202E
            if previous.0 == 0xE2, previous.1 == 0x81, (0xA6...0xA9).contains(b) { return true }  // U+2066–U+2069
        }
        return false
    }

    /// Whether `scalar` is one of the characters above (line feeds and tabs included unless
    /// `keepingLineBreaks`).
    @_spi(Package) public static func isEscaped(_ s: Unicode.Scalar, keepingLineBreaks: Bool = false) -> Bool {
        switch s.value {
        case 0x0A, 0x09: !keepingLineBreaks
        case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
