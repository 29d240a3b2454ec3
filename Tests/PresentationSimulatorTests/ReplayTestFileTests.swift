@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// The test file `pinspect test` writes compiles whatever the log and test are named.
final class ReplayTestFileTests: XCTestCase {
    func testTypeNamesNeverShadowWhatTheFileUsesOrWhatSwiftReserves() {
        XCTAssertEqual(ReplayTestFile.typeName(from: "sheet-bug tests"), "SheetBugTests")
        XCTAssertEqual(ReplayTestFile.typeName(from: "3d"), "Replay3d")
        XCTAssertEqual(ReplayTestFile.typeName(from: "scenario"), "ScenarioReplay")
        XCTAssertEqual(ReplayTestFile.typeName(from: "Event"), "EventReplay")
        XCTAssertEqual(ReplayTestFile.typeName(from: "Self"), "SelfReplay")
    }

    /// A carriage return in the log's name would end the comment that names it, and the rest of
    /// the name would be read as code.
    func testTheLogsNameStaysInsideItsComments() throws {
        let scenario = try BuiltInScenarios.calendar.scenario()
        for framework in [ReplayTestFile.Framework.xctest, .swiftTesting] {
            let source = ReplayTestFile.source(scenario: scenario, events: [], logName: "evil\rname\u{2028}x\n.jsonl", typeName: "T",
                                               framework: framework, expectation: .asRecorded)
            XCTAssertFalse(source.unicodeScalars.contains("\r"), "a raw carriage return")
            XCTAssertTrue(source.hasPrefix("// Written by `pinspect test evil name x .jsonl --framework"), String(source.prefix(120)))
        }
    }

    /// The as-recorded test names each field that differs, with both values; fields that agree
    /// say nothing (the generated file holds the same function: Scripts/ci/33-replay-tests.sh
    /// breaks one expectation and reads the failure).
    func testDifferencesNameEachDifferingField() throws {
        let run = Simulation(recorder: Recorder(capacity: 64))
        try run.run(try BuiltInScenarios.camera.scenario())
        let e = try XCTUnwrap(run.recorder.events.first)
        let recorded = ReplayTestFile.facts(e)
        XCTAssertEqual(recorded.count, ReplayTestFile.factNames.count)
        XCTAssertEqual(ReplayTestFile.differences(recorded, recorded), [])
        for (i, name) in ReplayTestFile.factNames.enumerated() {
            var replayed = recorded
            replayed[i] = "other"
            XCTAssertEqual(ReplayTestFile.differences(recorded, replayed),
                           ["\(name): recorded \(recorded[i].isEmpty ? "none" : recorded[i]), replayed other"])
        }
        XCTAssertEqual(ReplayTestFile.differences(["present"], []), ["kind: recorded present, replayed none"])
        XCTAssertEqual(ReplayTestFile.fact(e), recorded.joined(separator: " | "))
    }
}
