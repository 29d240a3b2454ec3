@_spi(Package) import PresentationInspectorCore
import XCTest

/// `JSONWriter.appendQuoted` appends unescaped runs as UTF-8 slices (a speed-up for exporting
/// logs); it must produce exactly what escaping scalar by scalar produced, for any text.
final class JSONEscapingTests: XCTestCase {
    /// The rule, scalar by scalar: the reference. Besides JSON's mandatory escapes, DEL, the C1
    /// controls, the line and paragraph separators and the bidirectional controls are escaped
    /// (no output holds them raw).
    private func reference(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x2028...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private func quoted(_ s: String) -> String {
        var out = ""
        JSONWriter.appendQuoted(s, to: &out)
        return out
    }

    func testTrickyStrings() throws {
        let cases = ["", "plain", "\"", "\\", "\"\u{301}combining after a quote", "e\u{301}\"", "\r\n", "a\r\nb",
                     "\u{0}\u{1f}\u{7f}", "tab\there", "emoji 👩‍👩‍👧 \"family\"", "ZWJ\u{200d}\"", "Detail \"Title\" (id)",
                     String(repeating: "\\\"", count: 100), "🇫🇷\"🇫🇷", "\u{2028}\u{2029}"]
        for s in cases {
            XCTAssertEqual(quoted(s), reference(s), s.debugDescription)
            XCTAssertEqual(try JSONParser.parse(quoted(s)).stringValue, s, s.debugDescription)
        }
    }

    func testRandomStrings() throws {
        var rng = SplitMix(seed: 42)
        let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1b}", "\u{301}", "\u{200d}",
                                          "é", "→", "✓", "👩", "\u{1f1eb}", "\u{7f}", "/", "\u{80}", "\u{9b}", "\u{9f}", "\u{a0}",
                                          "\u{2027}", "\u{2028}", "\u{2029}", "\u{202a}", "\u{202e}", "\u{202f}", "\u{2065}", "\u{2066}", "\u{2069}", "\u{206a}"]
        for _ in 0..<2_000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int(rng.next() % 24) { s.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
            let text = String(s)
            XCTAssertEqual(quoted(text), reference(text), text.debugDescription)
            XCTAssertEqual(try JSONParser.parse(quoted(text)).stringValue, text, text.debugDescription)
        }
    }
}
