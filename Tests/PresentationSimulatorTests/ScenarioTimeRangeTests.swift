import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// A scenario whose `advance` steps would push simulated time past the log's time range is
/// refused, so the simulator never writes a log its own reader rejects.
final class ScenarioTimeRangeTests: XCTestCase {
    private func scenario(advances: Int) -> String {
        let steps = Array(repeating: #"{ "advance": 86400 }"#, count: advances) + [#"{ "present": "p", "from": "root", "animated": false }"#]
        return #"{ "controllers": [ { "id": "root", "type": "Root" }, { "id": "p", "type": "P" } ], "windows": [ { "id": "w", "root": "root" } ], "steps": [\#(steps.joined(separator: ","))] }"#
    }

    func testAdvancesPastTheTimeRangeAreRefusedAtTheStepThatCrossesIt() {
        XCTAssertThrowsError(try Scenario.parse(scenario(advances: 12_000), file: "long.json")) { error in
            XCTAssertEqual("\(error)", #"long.json:1:24439: steps[1157] (advance) key "advance": the advance steps add up to 100051200.0 s, past the limit of 1e8 s (about three years) for one scenario"#)
        }
    }

    func testTheLongestAcceptedScenarioWritesALogItsReaderAccepts() throws {
        let sim = Simulation()
        try sim.run(try Scenario.parse(scenario(advances: 1_157), file: "long.json"))
        let read = try LogReader.read(text: LogWriter.text(header: LogHeader(), events: sim.recorder.events))
        XCTAssertEqual(read.issues, [])
        XCTAssertEqual(read.events.count, sim.recorder.events.count)
        XCTAssertGreaterThan(read.events.last?.time ?? 0, 99_000_000)
    }
}
