import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// The run that checks a replay: every kept event its scenario does not record as the log did
/// is named, the ones a gap names already aside, the rest counted past the first 50.
final class ReplayVerificationTests: XCTestCase {
    private func cameraEvents() throws -> [Event] {
        let s = Simulation(recorder: Recorder(capacity: 64))
        try s.run(try BuiltInScenarios.camera.scenario())
        return s.recorder.events
    }

    func testAnExactReplayNamesNothing() throws {
        let events = try cameraEvents()
        let replay = try ScenarioReplay.replay(from: events, name: "camera")
        XCTAssertEqual(replay.gaps, [])
        XCTAssertFalse(replay.scenario.comment?.contains("does not reproduce") ?? true)
    }

    func testAScenarioThatStopsNamesEachEventAfterAndCountsPastFifty() throws {
        var events = try cameraEvents()
        XCTAssertGreaterThan(events.count, 3)
        var scenario = try ScenarioReplay.scenario(from: events, name: "camera")
        scenario.steps = []
        let none = ScenarioReplay.unreproduced(by: scenario, of: events, gaps: [])
        XCTAssertEqual(none.map(\.seq), events.map(\.seq))
        let first = try XCTUnwrap(events.first)
        XCTAssertEqual(none.first?.note, "event #\(first.seq) is not replayed: the replay records no \(ScenarioReplay.describe(first))")
        // A gap named already is not named again, and numbers the events after it one lower.
        let skipped = ScenarioReplay.unreproduced(by: try ScenarioReplay.scenario(from: events, name: "camera"), of: events,
                                                  gaps: [ReplayGap(seq: first.seq, reason: "named")])
        let second = try events.element(1)
        XCTAssertEqual(skipped.first?.seq, second.seq)
        XCTAssertEqual(skipped.first?.reason, "the replay records it as event #\(second.seq)")

        // 60 events, none replayed: 50 named, then one counting the other 10.
        events = (1...60).map { Event(seq: $0, time: Double($0), kind: .dismiss, outcome: .rejected, receiver: ControllerRef(id: "camera", type: "UIViewController")) }
        let many = ScenarioReplay.unreproduced(by: scenario, of: events, gaps: [])
        XCTAssertEqual(many.count, 51)
        XCTAssertEqual(many.last?.note, "events #51 to #60: 10 more are not replayed as recorded")
        XCTAssertEqual(many.last?.sentence, "10 more events, #51 to #60, are not reproduced either.")
    }

    func testAStepThatFailsNamesWhereTheReplayStopped() throws {
        let events = try cameraEvents()
        var scenario = try ScenarioReplay.scenario(from: events, name: "camera")
        scenario.steps.insert(Scenario.Step(.dismiss("nobody", animated: false)), at: 0)
        let gaps = ScenarioReplay.unreproduced(by: scenario, of: events, gaps: [])
        XCTAssertEqual(gaps.count, events.count)
        XCTAssertTrue(gaps.first?.reason.hasPrefix("the replay stops before it (") == true, gaps.first?.reason ?? "")
    }

    func testAnEventTheLogDoesNotKeepIsNamedAsTheReplays() throws {
        let events = try cameraEvents()
        let last = try XCTUnwrap(events.last)
        let extra = ScenarioReplay.unreproduced(by: try ScenarioReplay.scenario(from: events, name: "camera"), of: Array(events.dropLast()), gaps: [])
        XCTAssertEqual(extra.map(\.note), ["event #\(last.seq) of the replay is not in the recording: the replay records \(ScenarioReplay.describe(last)) that the log does not keep"])
    }
}
