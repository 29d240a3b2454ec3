import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// A log from someone else's machine may hold escape sequences and line breaks in any string: no
/// command may pass them to the terminal that prints its output, and no text format may let a
/// line break in a title make a second line (docs/CLI.md, "Output").
final class CLIControlCharacterTests: XCTestCase {
    /// An escape sequence that retitles the terminal, a bell, a line break, a carriage return,
    /// a C1 CSI that clears the screen, a right-to-left override, DEL and NUL.
    static let hostile = "A\u{1B}]0;pwned\u{07}B\nC\rD\u{9B}2JE\u{202E}F\u{7F}G\u{0}H"

    private var fx: CLIFixtures!
    private var path: String!
    private var eventCount = 0

    override func setUpWithError() throws {
        fx = try CLIFixtures()
        let camera = try fx.log(BuiltInScenarios.camera)
        eventCount = camera.events.count
        path = try fx.write("hostile.jsonl", try Self.poisoned(String(contentsOfFile: camera.path, encoding: .utf8)))
    }

    override func tearDown() { fx = nil; path = nil }

    /// The log with every title, type, window, thread, explanation, diagnostic code, message and
    /// fix, the header's app name and device, and an observed value of event 1 holding ``hostile``.
    static func poisoned(_ log: String) throws -> String {
        func poison(_ value: Any, key: String?) -> Any {
            switch value {
            case let object as [String: Any]:
                var out: [String: Any] = [:]
                for (k, v) in object { out[k] = poison(v, key: k) }
                if out["id"] != nil, out["type"] is String {  // a controller reference
                    out["title"] = hostile
                    out["type"] = "Type" + hostile
                }
                return out
            case let array as [Any]:
                return array.map { poison($0, key: key) }
            case let text as String where ["window", "explanation", "message", "fix", "code", "thread", "name", "model", "system"].contains(key ?? ""):
                return text + hostile
            default:
                return value
            }
        }
        return try log.split(separator: "\n").map { line in
            var object = try XCTUnwrap(poison(try JSONSerialization.jsonObject(with: Data(line.utf8)), key: nil) as? [String: Any])
            if object["seq"] as? Int == 1 { object["observed"] = ["presentationControllerClass": "Class" + hostile] }
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }.joined(separator: "\n") + "\n"
    }

    /// The characters no output may hold raw (line feeds and tabs are the outputs' own).
    private func assertVisible(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let raw = text.unicodeScalars.filter { VisibleText.isEscaped($0, keepingLineBreaks: true) }
        XCTAssertTrue(raw.isEmpty, "\(what) printed \(raw.map { String($0.value, radix: 16) }) raw", file: file, line: line)
    }

    func testNoCommandPrintsAControlCharacter() throws {
        let other = try fx.log(BuiltInScenarios.calendar).path  // another app: every event differs
        let commands: [[String]] = [
            ["summary"], ["summary", "--json"], ["timeline"], ["timeline", "--json"], ["diagnose"], ["diagnose", "--json"],
            ["explain", "1"], ["explain", "--json", "1"], ["graph"], ["graph", "--format", "dot"], ["graph", "--format", "mermaid"],
            ["graph", "--format", "svg"], ["scenario"], ["test", "--framework", "xctest", "--expect-as-recorded"],
        ] + ["html", "perfetto", "jsonl", "dot", "mermaid", "text", "otlp", "svg"].map { ["convert", "--to", $0] }
        for command in commands {
            let r = try PInspectBinary.run(command + [path])
            XCTAssertNotEqual(r.status, 132, "\(command): \(r.stderr)")
            assertVisible(r.stdout, "\(command)")
            assertVisible(r.stderr, "\(command) on standard error")
            XCTAssertFalse(r.stdout.isEmpty, "\(command): \(r.stderr)")
        }
        for command in [["diff"], ["diff", "--json"]] {
            let r = try PInspectBinary.run(command + [path, other])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stdout.contains("pwned"), r.stdout)
            assertVisible(r.stdout, "\(command)")
        }
        let written = fx.path("timeline.txt")
        let r = try PInspectBinary.run(["convert", "--to", "text", "-o", written, path])
        XCTAssertEqual(r.status, 0, r.stderr)
        assertVisible(try String(contentsOfFile: written, encoding: .utf8), "convert --to text -o")
    }

    func testTextKeepsOneLinePerEventAndShowsTheEscapes() throws {
        let r = try PInspectBinary.run(["timeline", path])
        let eventLines = r.stdout.split(separator: "\n").filter { $0.hasPrefix("  #") }
        XCTAssertEqual(eventLines.count, eventCount, r.stdout)
        XCTAssertTrue(r.stdout.contains(#""A\u{1B}]0;pwned\u{7}B\nC\rD\u{9B}2JE\u{202E}F\u{7F}G\0H""#), r.stdout)
        // What follows a line break in a string ("C…") starts no line of its own, in any text.
        let log: String = path, other = try fx.log(BuiltInScenarios.calendar).path
        let commands: [[String]] = [["timeline"], ["summary"], ["diagnose"], ["explain", "1"], ["graph"], ["convert", "--to", "text"]]
        let camera = try fx.log(BuiltInScenarios.camera).path  // the same events: their values differ
        for arguments in commands.map({ $0 + [log] }) + [["diff", log, other], ["diff", log, camera]] {
            let out = try PInspectBinary.run(arguments).stdout
            let broken = out.split(separator: "\n").filter { $0.drop { $0 == " " }.hasPrefix(#"C\rD"#) }
            XCTAssertEqual(broken.map(String.init), [String](), "\(arguments):\n\(out)")
        }
    }

    func testErrorsQuotingAValueStayOnOneLine() throws {
        let bad = try fx.write("bad.jsonl", String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #""kind":"present""#, with: #""kind":"present\u001b[2J\nC\rD""#))
        let r = try PInspectBinary.run(["summary", bad])
        XCTAssertEqual(r.status, 65, r.stderr)
        assertVisible(r.stderr, "summary on standard error")
        XCTAssertTrue(r.stderr.contains(#"key "kind": unknown kind "present\u{1B}[2J\nC\rD""#), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)

        // A scenario's unknown key, a log that cannot be replayed, an argument.
        let scenario = try fx.write("bad.json", #"{"controllers": [{"id": "a", "type": "A", "x\u001b[2J\ny": 1}], "windows": [{"id": "w", "root": "a"}]}"#)
        let log: String = path
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = try lines.element(0), event = try lines.element(1)
        let retyped = header + "\n" + event.replacing(#/"type":"Type[^"]*"/#, with: #""type":"Other\u001b[2J\nX""#) + "\n"
            + lines.dropFirst(2).joined(separator: "\n") + "\n"
        let unreplayable = try fx.write("retyped.jsonl", retyped)
        for (arguments, expected) in [(["simulate", scenario], #"key "x\u{1B}[2J\ny": unknown key"#),
                                      (["scenario", unreplayable], #"Other\u{1B}[2J\nX"#),
                                      (["convert", "--to", "x\u{1B}]0;y\u{7}", log], #"The value 'x\u{1B}]0;y\u{7}' is invalid"#)] {
            let r = try PInspectBinary.run(arguments)
            XCTAssertNotEqual(r.status, 0, "\(arguments)")
            assertVisible(r.stderr, "\(arguments) on standard error")
            XCTAssertTrue(r.stderr.contains(expected), "\(arguments): \(r.stderr)")
            if try arguments.element(0) != "convert" { XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr) }
        }
    }

    func testJSONOutputsKeepTheStringsExactly() throws {
        let r = try PInspectBinary.run(["convert", "--to", "jsonl", path])
        let lines = r.stdout.split(separator: "\n")
        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try lines.element(1).utf8)) as? [String: Any])
        let source = try XCTUnwrap(first["source"] as? [String: Any])
        XCTAssertEqual(source["title"] as? String, Self.hostile)
        for command in [["summary", "--json"], ["diagnose", "--json"], ["explain", "--json", "1"], ["convert", "--to", "perfetto"],
                        ["convert", "--to", "otlp"], ["timeline", "--json"]] {
            let out = try PInspectBinary.run(command + [path]).stdout
            let object = try JSONSerialization.jsonObject(with: Data(out.utf8))
            // Names and titles made for reading (trace names, lane titles, labels) show escapes.
            let lanes = (object as? [String: Any])?["lanes"] ?? []
            let raw = (Self.strings(in: object, keys: ["name", "label", "summary"]) + Self.strings(in: lanes, keys: ["title"]))
                .filter { VisibleText.needsEscaping($0) }
            XCTAssertEqual(raw, [String](), "\(command)")
        }
    }

    /// Every string under one of `keys` in a decoded JSON value, however deep.
    static func strings(in value: Any, keys: Set<String>, key: String? = nil) -> [String] {
        switch value {
        case let object as [String: Any]: object.flatMap { strings(in: $0.value, keys: keys, key: $0.key) }
        case let array as [Any]: array.flatMap { strings(in: $0, keys: keys, key: key) }
        case let text as String: key.map(keys.contains) == true ? [text] : []
        default: []
        }
    }
}
