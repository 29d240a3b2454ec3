import Foundation
@_spi(Package) import PresentationInspectorCore
import XCTest

/// JSONParser's string scanning was rewritten for speed (issue 6): random string literals —
/// escapes, multi-byte text, invalid UTF-8, control bytes — must parse exactly as Foundation's
/// JSONSerialization parses them, and be refused when it refuses them.
final class JSONStringParsingTests: XCTestCase {
    private let pieces: [[UInt8]] = [
        Array("a".utf8), Array("Z ".utf8), Array("\\\"".utf8), Array("\\\\".utf8), Array("\\/".utf8), Array("\\n".utf8),
        Array("\\t".utf8), Array("\\u00e9".utf8), Array("\\u2192".utf8), Array("\\ud83d\\ude00".utf8), Array("é".utf8),
        Array("→".utf8), Array("😀".utf8), [0xC3], [0xE2, 0x86], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF],
        [0xFF], [0x01], [0x1F], Array("\\x".utf8), Array("\\u12".utf8),
    ]

    private func ours(_ bytes: [UInt8]) -> String? { (try? JSONParser.parse(bytes))?.stringValue }

    private func foundation(_ bytes: [UInt8]) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) as? String
    }

    func testRandomStringLiteralsMatchFoundation() {
        var rng = SplitMix(seed: 99)
        var accepted = 0
        for _ in 0..<3_000 {
            var literal: [UInt8] = [0x22]
            for _ in 0..<Int(rng.next() % 10) {
                // Mostly valid pieces, now and then an invalid one.
                let index = Int(rng.next() % UInt64(rng.next() % 4 == 0 ? pieces.count : 13))
                literal += pieces[index]
            }
            literal.append(0x22)
            let a = ours(literal), b = foundation(literal)
            XCTAssertEqual(a, b, "\(literal)")
            if a != nil { accepted += 1 }
        }
        XCTAssertGreaterThan(accepted, 1_000, "the generator should mostly produce valid strings")
    }

    func testWellFormedUTF8Boundaries() {
        let valid: [[UInt8]] = [[0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
                                [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF]]
        let invalid: [[UInt8]] = [[0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
                                  [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0xC2, 0x41]]
        for v in valid { XCTAssertNotNil(ours([0x22] + v + [0x22]), "\(v)") }
        for v in invalid {
            XCTAssertThrowsError(try JSONParser.parse([0x22] + v + [0x22]), "\(v)") { error in
                XCTAssertEqual((error as? JSONSyntaxError)?.message, "invalid UTF-8 in a string")
            }
        }
    }
}
