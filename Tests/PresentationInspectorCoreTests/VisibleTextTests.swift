@_spi(Package) import PresentationInspectorCore
import XCTest

final class VisibleTextTests: XCTestCase {
    func testEscapesTheControlsAndKeepsTheRest() {
        XCTAssertEqual(VisibleText.escaped("a\u{1B}[31mb\u{7}"), #"a\u{1B}[31mb\u{7}"#)
        XCTAssertEqual(VisibleText.escaped("line\nnext\ttab\rcr\0nul"), #"line\nnext\ttab\rcr\0nul"#)
        XCTAssertEqual(VisibleText.escaped("c1 \u{9B}2J del \u{7F} \u{80}"), #"c1 \u{9B}2J del \u{7F} \u{80}"#)
        XCTAssertEqual(VisibleText.escaped("\u{202A}\u{202E}\u{2066}\u{2069}"), #"\u{202A}\u{202E}\u{2066}\u{2069}"#)
        XCTAssertEqual(VisibleText.escaped("a\u{85}b\u{2028}c\u{2029}"), #"a\u{85}b\u{2028}c\u{2029}"#)
        for plain in ["Fotos → Kamera – “Ä” é \u{A0}", "שלום עולם", "مرحبا", "\u{2027}\u{2013}\u{20AC}\u{2070}\u{202F}", "👩‍👩‍👧", ""] {
            XCTAssertFalse(VisibleText.needsEscaping(plain), plain)
            XCTAssertEqual(VisibleText.escaped(plain), plain)
        }
    }

    func testKeepingLineBreaksKeepsLineFeedsAndTabsOnly() {
        XCTAssertEqual(VisibleText.escaped("a\nb\tc\rd\u{1B}", keepingLineBreaks: true), "a\nb\tc\\rd\\u{1B}")
        XCTAssertFalse(VisibleText.needsEscaping("a\nb\tc", keepingLineBreaks: true))
    }

    func testTheQuickCheckAgreesWithTheScalarRule() {
        // Every scalar near the escaped ranges, alone and between other text.
        let ranges: [ClosedRange<UInt32>] = [0...0xFF, 0x2000...0x20FF]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                for keep in [false, true] {
                    let text = "x" + String(Character(scalar)) + "y"
                    XCTAssertEqual(VisibleText.needsEscaping(text, keepingLineBreaks: keep),
                                   VisibleText.isEscaped(scalar, keepingLineBreaks: keep), "U+\(String(value, radix: 16)) keep \(keep)")
                }
            }
        }
    }

    func testEscapingIsIdempotent() {
        let once = VisibleText.escaped("a\u{1B}b\nc\u{202E}")
        XCTAssertEqual(VisibleText.escaped(once), once)
    }

    func testLabelsStayOnOneLine() {
        let r = ControllerRef(id: "a\nb", type: "T\u{1B}", title: "Step 1\nDetails")
        XCTAssertEqual(r.label, #"T\u{1B} "Step 1\nDetails" (a\nb)"#)
        XCTAssertEqual(r.consoleDescription, #"<T\u{1B}: a\nb>"#)
        XCTAssertEqual(ControllerRef(id: "x", type: "T", title: "Plain").label, #"T "Plain" (x)"#)
    }

    func testJSONEscapesWhatATerminalWouldObey() throws {
        var out = ""
        JSONWriter.appendQuoted("a\u{7F}\u{9B}\u{80}\u{202E}\u{2066}é→–\u{1B}", to: &out)
        XCTAssertEqual(out, #""a\u007f\u009b\u0080\u202e\u2066é→–\u001b""#)
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(out.utf8), options: .fragmentsAllowed) as? String,
                       "a\u{7F}\u{9B}\u{80}\u{202E}\u{2066}é→–\u{1B}")
    }
}

extension VisibleTextTests {
    /// Every character near the escaped ranges, at every position of a string longer than the
    /// 8-byte steps of the checks: the JSON reads back the same string and holds none of them raw,
    /// and the quick check finds exactly the characters the rule escapes.
    func testJSONEscapesEveryCharacterAtEveryPosition() {
        let ranges: [ClosedRange<UInt32>] = [0...0xFF, 0x2000...0x206F]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                for position in 0..<18 {
                    let text = String(repeating: "a", count: position) + String(Character(scalar)) + String(repeating: "b", count: 17 - position)
                    var out = ""
                    JSONWriter.appendQuoted(text, to: &out)
                    let back = (try? JSONSerialization.jsonObject(with: Data(out.utf8), options: .fragmentsAllowed)) as? String
                    XCTAssertEqual(back, text, "U+\(String(value, radix: 16)) at \(position)")
                    XCTAssertFalse(VisibleText.needsEscaping(out), "U+\(String(value, radix: 16)) at \(position): \(out)")
                    for keep in [false, true] {
                        XCTAssertEqual(VisibleText.needsEscaping(text, keepingLineBreaks: keep), VisibleText.isEscaped(scalar, keepingLineBreaks: keep),
                                       "U+\(String(value, radix: 16)) at \(position), keeping line breaks: \(keep)")
                    }
                    let escapes = value == 0x22 || value == 0x5C || VisibleText.isEscaped(scalar)
                    XCTAssertEqual(out.utf8.count == text.utf8.count + 2, !escapes, "U+\(String(value, radix: 16)) at \(position): \(out)")
                }
            }
        }
    }
}

final class ExplanationStepVisibleTextTests: XCTestCase {
    /// Explanation sentences name the hierarchy's class names and window ids: one line each.
    func testSentencesKeepTheirOneLine() {
        let odd = "Odd\nType\u{1B}", ref = ControllerRef(id: "a", type: odd)
        let steps: [ExplanationStep] = [
            .walkedUp(path: [odd, "B"], root: ref, place: .windowRoot("w\nx")),
            .ownRoot(ref, place: .windowRoot("w\nx")),
            .contextFound(.currentContext, walk: [.init(type: odd, defines: true)], provider: ref),
            .transitionOwnProviderDeclines(.coverVertical, providerType: odd),
            .activeRoot(ref, window: "w\nx"),
            .checksPassed(presentingType: odd),
            .swipeBlocked(type: odd),
        ]
        for step in steps {
            XCTAssertFalse(VisibleText.needsEscaping(step.description), step.description)
            XCTAssertTrue(step.description.contains(#"Odd\nType\u{1B}"#) || step.description.contains(#"w\nx"#), step.description)
        }
    }
}

final class RecordedTextVisibleTests: XCTestCase {
    /// What the recorder writes into messages and fixes names the app's threads and classes.
    func testMessagesAndFixesNameThreadsAndClassesOnOneLine() {
        let odd = "Odd\nType\u{1B}"
        XCTAssertFalse(VisibleText.needsEscaping(Diagnostic.offMainThread("present", thread: odd).message))
        let presented = ControllerRef(id: "p", type: odd), source = ControllerRef(id: "s", type: "S")
        for code in [DiagnosticCode.alreadyPresented, .activeController, .offMainThread] {
            let e = Event(seq: 1, time: 0, thread: odd, kind: .present, outcome: .rejected, window: "w", source: source, presented: presented,
                          diagnostics: [Diagnostic(code: code, severity: .error, message: "m")])
            let fix = e.withFixes().diagnostics.first?.fix ?? ""
            XCTAssertFalse(VisibleText.needsEscaping(fix), "\(code): \(fix)")
            XCTAssertTrue(fix.contains(#"Odd\nType\u{1B}"#), "\(code): \(fix)")
        }
    }
}
