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

    /// The names of an event's fields as the as-recorded test compares them (``facts(_:)``, in order).
    @_spi(Package) public static let factNames = ["kind", "subject", "outcome", "presenting", "contextProvider", "effectiveStyle",
                                                   "effectiveTransition", "handledBy", "dismissed", "diagnostics"]

    /// One event's fields as the as-recorded test compares them (``factNames``). The generated file
    /// holds the same function (``factsFunctionSource``); CI runs generated tests, which keeps the two in step.
    @_spi(Package) public static func facts(_ e: Event) -> [String] {
        let subject = e.presented ?? e.receiver ?? e.dismissed.first
        return [e.kind.rawValue, subject?.id ?? "-", e.outcome.rawValue, e.presenting?.id ?? "-", e.contextProvider?.id ?? "-",
                e.effectiveStyle?.name ?? "-", e.effectiveTransition?.name ?? "-", e.handledBy?.id ?? "-",
                e.dismissed.map(\.id).joined(separator: ","), e.diagnostics.map(\.code.rawValue).sorted().joined(separator: ",")]
    }

    /// One event as one line: ``facts(_:)`` joined.
    @_spi(Package) public static func fact(_ e: Event) -> String { facts(e).joined(separator: " | ") }

    /// What differs between a recorded event's fields and a replayed one's, one `field: recorded
    /// X, replayed Y` per field; empty when they agree. The generated file holds the same function.
    @_spi(Package) public static func differences(_ recorded: [String], _ replayed: [String]) -> [String] {
        var out: [String] = []
        for (i, name) in factNames.enumerated() {
            let a = i < recorded.count ? recorded[i] : "", b = i < replayed.count ? replayed[i] : ""
            if a != b { out.append("\(name): recorded \(a.isEmpty ? "none" : a), replayed \(b.isEmpty ? "none" : b)") }
        }
        return out
    }

    static let factsFunctionSource = """
            /// The names of the fields `facts` gives, in order.
            static let factNames = ["kind", "subject", "outcome", "presenting", "contextProvider", "effectiveStyle",
                                    "effectiveTransition", "handledBy", "dismissed", "diagnostics"]

            /// One event's fields as this test compares them (as `pinspect test` wrote `recordedEvents`).
            static func facts(_ e: Event) -> [String] {
                let subject = e.presented ?? e.receiver ?? e.dismissed.first
                return [e.kind.rawValue, subject?.id ?? "-", e.outcome.rawValue, e.presenting?.id ?? "-", e.contextProvider?.id ?? "-",
                        e.effectiveStyle?.name ?? "-", e.effectiveTransition?.name ?? "-", e.handledBy?.id ?? "-",
                        e.dismissed.map(\\.id).joined(separator: ","), e.diagnostics.map(\\.code.rawValue).sorted().joined(separator: ",")]
            }

            /// What differs between a recorded event's fields and a replayed one's, field by field.
            static func differences(_ recorded: [String], _ replayed: [String]) -> [String] {
                var out: [String] = []
                for (i, name) in factNames.enumerated() {
                    let a = i < recorded.count ? recorded[i] : "", b = i < replayed.count ? replayed[i] : ""
                    if a != b { out.append("\\(name): recorded \\(a.isEmpty ? "none" : a), replayed \\(b.isEmpty ? "none" : b)") }
                }
                return out
            }
        """

    /// The check the as-recorded test runs: each recorded event against the replayed event at its
    /// place, a difference reported at the line that expected it (`fail(message, line)`), naming
    /// the event's seq and each differing field; a replay out of step (another kind or subject)
    /// stops there, and a count that differs is reported at the end.
    static func checkSource(fail: (_ message: String, _ line: String) -> String) -> String {
        """
                let replayed = replay.events.map(Self.facts)
                for (i, recorded) in Self.recordedEvents.enumerated() {
                    guard i < replayed.count else {
                        \(fail(#""event #\(recorded.seq): recorded, not replayed (the replay has \(replayed.count) events)""#, "recorded.line"))
                        return
                    }
                    let differences = Self.differences(recorded.facts, replayed[i])
                    guard !differences.isEmpty else { continue }
                    \(fail(#""event #\(recorded.seq) (\(recorded.facts[0]) \(recorded.facts[1])): " + differences.joined(separator: "; ")"#, "recorded.line"))
                    // Another kind or subject: the replay is out of step from here on.
                    if recorded.facts.prefix(2) != replayed[i].prefix(2) { return }
                }
                if let extra = replayed.dropFirst(Self.recordedEvents.count).first {
                    \(fail(#""the replay has \(replayed.count - Self.recordedEvents.count) events more than recorded, from: \(extra.joined(separator: " | "))""#, "#line"))
                }
        """
    }

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
            out += "    /// The recorded events, one a line: its line (where a difference is reported), its seq, its\n"
            out += "    /// fields (`factNames`).\n"
            out += "    static let recordedEvents: [(line: Int, seq: Int, facts: [String])] = [\n"
            for e in events.sorted(by: { $0.seq < $1.seq }) {
                out += "        (#line, \(e.seq), [" + facts(e).map(quoted).joined(separator: ", ") + "]),\n"
            }
            out += "    ]\n\n"
            out += factsFunctionSource + "\n\n"
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
            out += checkSource { message, line in "XCTFail(\(message), line: UInt(\(line)))" } + "\n"
        case (.asRecorded, .swiftTesting):
            out += checkSource { message, line in
                "Issue.record(Comment(rawValue: \(message)), sourceLocation: SourceLocation(fileID: #fileID, filePath: #filePath, line: \(line), column: 1))"
            } + "\n"
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
