@_spi(Package) import PresentationInspectorCore

/// The Swift test file `pinspect test` writes: it replays a recording's scenario with
/// PresentationInspectorTesting and asserts what the user chose.
@_spi(Package) public enum ReplayTestFile {
    /// The test framework the file is written for.
    @_spi(Package) public enum Framework: String, CaseIterable, Sendable {
        case xctest
        case swiftTesting = "swift-testing"
    }

    /// What the test asserts.
    @_spi(Package) public enum Expectation: Sendable {
        /// No diagnostic at all (`model-drift` aside: it is about the model, not the app): the
        /// test fails until the bug the recording shows is fixed.
        case clean
        /// Every event as recorded (kind, subject, outcome, presenting, context provider, styles,
        /// handler, dismissed set, diagnostic codes): a regression test of today's behaviour.
        case asRecorded
    }

    /// One event as the as-recorded test compares it. The generated file holds the same
    /// function (``factFunctionSource``); CI runs generated tests, which keeps the two in step.
    @_spi(Package) public static func fact(_ e: Event) -> String {
        let subject = e.presented ?? e.receiver ?? e.dismissed.first
        return [e.kind.rawValue, subject?.id ?? "-", e.outcome.rawValue, e.presenting?.id ?? "-", e.contextProvider?.id ?? "-",
                e.effectiveStyle?.name ?? "-", e.effectiveTransition?.name ?? "-", e.handledBy?.id ?? "-",
                e.dismissed.map(\.id).joined(separator: ","), e.diagnostics.map(\.code.rawValue).sorted().joined(separator: ",")]
            .joined(separator: " | ")
    }

    static let factFunctionSource = """
            /// One event as this test compares it (as `pinspect test` wrote `recordedEvents`).
            static func fact(_ e: Event) -> String {
                let subject = e.presented ?? e.receiver ?? e.dismissed.first
                return [e.kind.rawValue, subject?.id ?? "-", e.outcome.rawValue, e.presenting?.id ?? "-", e.contextProvider?.id ?? "-",
                        e.effectiveStyle?.name ?? "-", e.effectiveTransition?.name ?? "-", e.handledBy?.id ?? "-",
                        e.dismissed.map(\\.id).joined(separator: ","), e.diagnostics.map(\\.code.rawValue).sorted().joined(separator: ",")]
                    .joined(separator: " | ")
            }
        """

    /// A Swift type name made from `name` (a file name stem): its letters and digits, each word
    /// capitalized; `Replay…` when that would be empty or start with a digit, `…Replay` when it
    /// would be a name Swift reserves or one the file uses (the test type would shadow it).
    @_spi(Package) public static func typeName(from name: String) -> String {
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var out = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if out.first?.isLetter != true { out = "Replay" + out }
        if reservedTypeNames.contains(out) { out += "Replay" }
        return out
    }

    /// Type names Swift reserves, and the ones the test file names unqualified.
    static let reservedTypeNames: Set<String> = [
        "Self", "Any", "Type", "Protocol", "String", "Event", "Scenario", "PresentationRecording", "XCTestCase", "XCTest",
        "Test", "Suite", "Testing", "PresentationInspectorCore", "PresentationInspectorTesting", "PresentationSimulator",
    ]

    /// `text` as a Swift raw string literal (enough `#` that nothing in it ends the literal),
    /// its lines indented by `indent`.
    static func rawLiteral(_ text: String, indent: String) -> String {
        var longest = 0, run = 0
        for ch in text { if ch == "#" { run += 1; longest = max(longest, run) } else { run = 0 } }
        let hashes = String(repeating: "#", count: longest + 1)
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n")
        return "\(hashes)\"\"\"\n\(body)\n\(indent)\"\"\"\(hashes)"
    }

    /// `s` as a Swift string literal.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if VisibleText.isEscaped(u) { out += "\\u{\(String(u.value, radix: 16))}" } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    /// The test file: `typeName` names the test class or suite, `logName` the recording.
    @_spi(Package) public static func source(scenario: Scenario, events: [Event], logName: String, typeName: String,
                               framework: Framework, expectation: Expectation) -> String {
        let flag = expectation == .clean ? "--expect-clean" : "--expect-as-recorded"
        // A comment ends at any line break (a carriage return too): the name stays on one line.
        let oneLineName = String(logName.map { $0.isNewline ? " " : $0 })
        var out = "// Written by `pinspect test \(oneLineName) --framework \(framework.rawValue) \(flag)`: the recording\n"
        out += "// replayed as a scenario in PresentationSimulator (`pinspect scenario` builds the same one).\n"
        out += expectation == .clean
            ? "// It fails while the replay shows any diagnostic (model-drift aside) and passes once the bug is fixed.\n"
            : "// It passes while the replay records every event as the recording did: a regression test.\n"
        // The testing product brings the core and the simulator: one product, one import (README).
        out += "import PresentationInspectorTesting\n"
        out += framework == .xctest ? "import XCTest\n\n" : "import Testing\n\n"
        out += framework == .xctest ? "final class \(typeName): XCTestCase {\n" : "@Suite struct \(typeName) {\n"
        out += "    /// The scenario built from \(oneLineName).\n"
        out += "    static let replayedScenario = " + rawLiteral(scenario.jsonText.trimmingTrailingNewlines(), indent: "        ") + "\n\n"
        if expectation == .asRecorded {
            let expected = events.sorted { $0.seq < $1.seq }.map(fact)
            out += "    /// The recorded events, one line each (see `fact`).\n"
            out += "    static let recordedEvents: [String] = [\n" + expected.map { "        " + quoted($0) + ",\n" }.joined() + "    ]\n\n"
            out += factFunctionSource + "\n\n"
        }
        out += framework == .xctest ? "    func testReplay() throws {\n" : "    @Test func replay() throws {\n"
        out += "        let replay = try PresentationRecording.capture(running: try Scenario.parse(Self.replayedScenario, file: \(quoted(logName))))\n"
        switch (expectation, framework) {
        case (.clean, _):
            out += "        // model-drift says where UIKit differed from the model, not what the app did wrong.\n"
            out += "        let recording = PresentationRecording(\n"
            out += "            events: replay.events.map { e in var e = e; e.diagnostics.removeAll { $0.code == .modelDrift }; return e },\n"
            out += "            chains: replay.chains)\n"
            out += framework == .xctest ? "        XCTAssertNoPresentationDiagnostics(recording, atLeast: .info)\n" : "        recording.expectNoDiagnostics(atLeast: .info)\n"
        case (.asRecorded, .xctest):
            out += "        XCTAssertEqual(replay.events.map(Self.fact), Self.recordedEvents)\n"
        case (.asRecorded, .swiftTesting):
            out += "        #expect(replay.events.map(Self.fact) == Self.recordedEvents)\n"
        }
        out += "    }\n}\n"
        return out
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}
