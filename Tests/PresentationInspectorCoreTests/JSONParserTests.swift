import XCTest
@_spi(Package) @testable import PresentationInspectorCore
import TestSupport

final class JSONParserTests: XCTestCase {
    func testValues() throws {
        let v = try JSONParser.parse(#" {"a": [1, -2.5e2, true, false, null, "s\u00e9\ud83d\ude00\n\"\\/"], "b": {}} "#)
        let o = try XCTUnwrap(v.objectValue)
        XCTAssertEqual(o.keys, ["a", "b"])
        XCTAssertEqual(o["a"], .array([.number(1), .number(-250), .bool(true), .bool(false), .null, .string("sé😀\n\"\\/")]))
        XCTAssertEqual(o["b"], .object(JSONObject()))
        XCTAssertEqual(try JSONParser.parse("12345678901234568").numberValue, 12345678901234568)
        XCTAssertEqual(try JSONParser.parse(#""ünïcödé""#).stringValue, "ünïcödé")
    }

    func testErrors() {
        func message(_ s: String) -> String {
            do { _ = try JSONParser.parse(s); return "ok" } catch { return error.description }
        }
        XCTAssertEqual(message("[1,]"), "unexpected character ']' (at byte 3)")
        XCTAssertEqual(message(#"{"a" 1}"#), #"expected ':' after key "a" (at byte 5)"#)
        XCTAssertEqual(message("[1] x"), "unexpected text after the JSON value (at byte 4)")
        XCTAssertEqual(message(#""\ud800""#), "unpaired surrogate in a \\u escape (at byte 7)")
        XCTAssertEqual(message("\"a\u{1}\""), "control character in a string (at byte 2)")
        XCTAssertEqual(message("01"), "unexpected text after the JSON value (at byte 1)")
        XCTAssertEqual(message("1e999"), "number out of range (at byte 0)")
        XCTAssertEqual(message(String(repeating: "{\"a\":", count: 300)), "nesting deeper than 256 levels (at byte 1280)")
        XCTAssertEqual(message("\"abc"), "unterminated string (at byte 4)")
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]), "invalid UTF-8 is rejected") { e in
            XCTAssertEqual("\(e)", "invalid UTF-8 in a string (at byte 1)")
        }
    }

    func testWriterEscapes() throws {
        var w = JSONWriter()
        w.beginObject()
        w.key(escaping: "k\""); w.string("a\u{1}b\tc")  // a key from data is escaped
        w.key("n"); w.number(0.1)
        w.key("arr"); w.beginArray(); w.int(1); w.bool(false); w.null(); w.endArray()
        w.endObject()
        XCTAssertEqual(w.text, #"{"k\"":"a\u0001b\tc","n":0.1,"arr":[1,false,null]}"#)
        XCTAssertEqual(try JSONParser.parse(w.text).objectValue?["k\""], .string("a\u{1}b\tc"))
    }
}

/// The eight-bytes-at-a-time string scan stops exactly where the byte loop would.
final class JSONStringScanTests: XCTestCase {
    func testEveryByteValueAtEveryPositionIsClassifiedExactly() {
        for value in 0...255 {
            for position in 0..<8 {
                for filler: UInt8 in [0x61, 0xC3, 0x20, 0xFF] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = UInt8(value)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    let expected = bytes.contains { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }
                    XCTAssertEqual(JSONParser.hasByteToStop(word), expected, "byte \(value) at \(position), filler \(filler)")
                }
            }
        }
    }

    func testLongStringsWithEscapesAndNonASCIIParseAsBefore() throws {
        let long = String(repeating: "abcdefgh", count: 20)
        for text in [long, long + "\\\"q\\\"" + long, "é" + long + "ü", long + "\\u00e9", String(long.prefix(13)) + "\\n"] {
            let parsed = try JSONParser.parse("\"\(text)\"")
            let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: Data("[\"\(text)\"]".utf8)) as? [String])
            XCTAssertEqual(parsed, .string(try expected.element(0)), text)
        }
        XCTAssertThrowsError(try JSONParser.parse("\"" + long + "\u{01}\""))
        XCTAssertThrowsError(try JSONParser.parse("\"" + long))
    }

    func testOffsetFindsTheDeepestPartOfAPath() {
        let text = Array(#"{ "a": [ 1, { "b": "x", "b": [true] } ], "c": "\"a\"" }"#.utf8)
        func at(_ path: [JSONParser.PathComponent]) -> String? {
            JSONParser.offset(of: path, in: text).map { String(decoding: text[$0...].prefix(6), as: UTF8.self) }
        }
        XCTAssertEqual(at([]), #"{ "a":"#)
        XCTAssertEqual(at([.key("a")]), #""a": ["#)
        XCTAssertEqual(at([.key("a"), .index(1)]), #"{ "b":"#)
        // A key given twice is found where it appears the second time.
        XCTAssertEqual(at([.key("a"), .index(1), .key("b")]), #""b": ["#)
        XCTAssertEqual(at([.key("a"), .index(1), .key("b"), .index(0)]), "true] ")
        // What is not there stops the walk at the deepest part found.
        XCTAssertEqual(at([.key("a"), .index(5)]), #""a": ["#)
        XCTAssertEqual(at([.key("c"), .key("d")]), #""c": ""#)
        XCTAssertEqual(at([.key("a"), .key("x")]), #""a": ["#)
        XCTAssertEqual(at([.key("zz")]), #"{ "a":"#)
        XCTAssertNil(JSONParser.offset(of: [], in: Array("   ".utf8)))
        XCTAssertEqual(JSONParser.offsets(ofElementsAt: [.key("a")], in: text), [9, 12])
        XCTAssertEqual(JSONParser.offsets(ofElementsAt: [.key("c")], in: text), [])
        XCTAssertEqual(JSONParser.offsets(ofElementsAt: [], in: Array("[ ]".utf8)), [])
    }
}
