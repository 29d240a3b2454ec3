import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// Long sessions whose recorder's ring wraps: the log keeps only the last events (its header's
/// `dropped`), and its replay rebuilds the state the first of them show, then records exactly them.
final class ReplayWrappedRingTests: XCTestCase {
    /// Runs `scenario` into a ring of `capacity`, writes the kept events with their header, replays
    /// the log and compares the replay's events with the kept ones. Nil when the scenario stops
    /// with an error or the ring did not wrap.
    static func wrappedRoundTrip(_ scenario: Scenario, capacity: Int) throws -> (diff: LogDiff, kept: [Event], replayed: [Event], replay: String)? {
        let original = Simulation(recorder: Recorder(capacity: capacity))
        do { try original.run(scenario) } catch { return nil }
        let snapshot = original.recorder.snapshot()
        guard snapshot.droppedCount > 0 else { return nil }
        let log = LogWriter.text(header: LogHeader(app: ["mode": "simulation"], dropped: snapshot.droppedCount), events: snapshot.events)
        let replayText = try ScenarioReplay.scenarioText(fromLog: log, logName: "wrapped.jsonl")
        let again = Simulation(recorder: Recorder(capacity: 4_096))
        try again.run(try Scenario.parse(replayText, file: "replay.json"))
        let replayed = again.recorder.events
        return (LogDiff(snapshot.events, replayed), snapshot.events, replayed, replayText)
    }

    func testLongRandomSessionsWhoseRingWrapsReplayExactly() throws {
        var ran = 0, failed: [UInt64] = []
        for seed in 1...300 as ClosedRange<UInt64> {
            let scenario = RandomScenarios.make(seed: seed, stepCount: 120)
            let capacity = 8 + Int(seed % 40)
            let result: (diff: LogDiff, kept: [Event], replayed: [Event], replay: String)?
            do { result = try Self.wrappedRoundTrip(scenario, capacity: capacity) } catch {
                XCTFail("seed \(seed): \(error)")
                failed.append(seed)
                continue
            }
            guard let r = result else { continue }
            ran += 1
            if !r.diff.isEquivalent || r.replayed.map(\.seq) != r.kept.map(\.seq) {
                failed.append(seed)
                if failed.count <= 3 {
                    XCTFail("seed \(seed) capacity \(capacity):\n\(r.diff.text(nameA: "recorded", nameB: "replayed"))\nseqs \(r.kept.map(\.seq)) vs \(r.replayed.map(\.seq))\n\(scenario.jsonText)\n\(r.replay)")
                }
            }
        }
        XCTAssertEqual(failed, [])
        XCTAssertGreaterThan(ran, 250)
    }
}
