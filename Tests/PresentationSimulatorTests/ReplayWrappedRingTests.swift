import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// Long sessions whose recorder's ring wraps: the log keeps only the last events (its header's
/// `dropped`), and its replay rebuilds the state the first of them show, then records exactly them.
final class ReplayWrappedRingTests: XCTestCase {
    /// Runs `scenario` into a ring of `capacity`, writes the kept events with their header, replays
    /// the log and compares the replay's events with the kept ones. Nil when the scenario stops
    /// with an error or the ring did not wrap.
    static func wrappedRoundTrip(_ scenario: Scenario, capacity: Int) throws -> (diff: LogDiff, kept: [Event], replayed: [Event], replay: String, gaps: [ReplayGap])? {
        let original = Simulation(recorder: Recorder(capacity: capacity))
        do { try original.run(scenario) } catch { return nil }
        let snapshot = original.recorder.snapshot()
        guard snapshot.droppedCount > 0 else { return nil }
        let log = LogWriter.text(header: LogHeader(app: ["mode": "simulation"], dropped: snapshot.droppedCount), events: snapshot.events)
        let read = try LogReader.read(text: log, name: "wrapped.jsonl")
        let replay = try ScenarioReplay.replay(from: read.events, header: read.header, name: "replay of wrapped.jsonl")
        let replayText = replay.scenario.jsonText
        let again = Simulation(recorder: Recorder(capacity: 4_096))
        try again.run(try Scenario.parse(replayText, file: "replay.json"))
        let replayed = again.recorder.events
        return (LogDiff(snapshot.events, replayed), snapshot.events, replayed, replayText, replay.gaps)
    }

    /// Sessions the replay cannot reproduce, each for a reason the log does not hold (checked
    /// against this list both ways: a fix that makes one replay must take it off).
    static let knownInexact: [UInt64: String] = [
        303: "a style changed while a dropped present ran: its end keeps the call's style, the carried facts only the newer one",
        326: "the replay refuses a present the recording accepted (not-in-window-hierarchy)",
        393: "a standing presentation is missing from the rebuild",
        399: "the presenter left its window after the dropped present (noted: a ReplayGap)",
        446: "what was observed at a transition's end is missing from the replay",
        511: "a rebuilt transition overlaps a kept dismissal (dismiss-during-transition)",
    ]

    /// The property: 600 generated sessions of 120 steps, each recorded into a ring of 8 to 47
    /// events (so it wraps, often mid-transition, mid-chain, between a dismissal and its leak
    /// check), replay exactly: every kept event, numbered as recorded. A replay that does not is
    /// never silent: `ScenarioReplay.replay` names an event it does not reproduce exactly then.
    func testLongRandomSessionsWhoseRingWrapsReplayExactly() throws {
        var ran = 0, inexact: [UInt64] = []
        for seed in 1...600 as ClosedRange<UInt64> {
            let scenario = RandomScenarios.make(seed: seed, stepCount: 120)
            let capacity = 8 + Int(seed % 40)
            let result: (diff: LogDiff, kept: [Event], replayed: [Event], replay: String, gaps: [ReplayGap])?
            do { result = try Self.wrappedRoundTrip(scenario, capacity: capacity) } catch {
                XCTFail("seed \(seed): \(error)")
                continue
            }
            guard let r = result else { continue }
            ran += 1
            let exact = r.diff.isEquivalent && r.replayed.map(\.seq) == r.kept.map(\.seq)
            // Never silent: a replay that differs names at least one event, one that does not names none.
            XCTAssertEqual(r.gaps.isEmpty, exact, "seed \(seed): \(r.gaps.map(\.note))")
            guard !exact else { continue }
            inexact.append(seed)
            if Self.knownInexact[seed] == nil {
                XCTFail("seed \(seed), ring of \(capacity):\n\(r.diff.text(nameA: "recorded", nameB: "replayed"))\nrecorded \(r.kept.map(\.seq))\nreplayed \(r.replayed.map(\.seq))\n\(r.replay)")
            }
        }
        XCTAssertEqual(inexact, Self.knownInexact.keys.sorted(), "the sessions that do not replay exactly")
        XCTAssertGreaterThan(ran, 540, "nearly every session runs and wraps")
    }
}

/// The step that starts a replay's recording, and a log cut by hand.
final class ReplayStartRecordingTests: XCTestCase {
    func testStartRecordingForgetsTheStepsBeforeAndNumbersAsAsked() throws {
        let s = try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list", "animated": false }"#,
            #"{ "startRecording": 40 }"#,
            #"{ "dismiss": "sheet", "animated": false }"#,
        ]), file: "start.json")
        let simulation = Simulation(recorder: Recorder(capacity: 64))
        try simulation.run(s)
        XCTAssertEqual(simulation.recorder.events.map(\.seq), [40, 41])
        XCTAssertEqual(simulation.recorder.events.map(\.kind), [.dismiss, .dismissCompleted])
        XCTAssertEqual(simulation.recorder.droppedCount, 39)
        XCTAssertTrue(s.jsonText.contains(#"{"startRecording":40}"#), s.jsonText)
        // Numbering never goes back: the steps before recorded more events than the number asked.
        let back = Simulation(recorder: Recorder(capacity: 64))
        try back.run(try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list", "animated": false }"#, #"{ "startRecording": 1 }"#,
            #"{ "dismiss": "sheet", "animated": false }"#,
        ]), file: "back.json"))
        XCTAssertEqual(back.recorder.events.first?.seq, 3)
    }

    func testStartRecordingNamesABadNumber() {
        for (value, message) in [("0", "must be an event number between 1 and 9007199254740992, found 0"),
                                 ("1.5", "must be an integer, found 1.5"), (#""5""#, "must be an integer, found a string")] {
            do {
                _ = try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: [#"{ "startRecording": \#(value) }"#]), file: "s.json")
                XCTFail("\(value) accepted")
            } catch {
                XCTAssertTrue("\(error)".hasSuffix(#"steps[0] (startRecording) key "startRecording": \#(message)"#), "\(error)")
            }
        }
    }

    /// A log that does not say who presented what its dropped part presented (one written before
    /// the ring passed presenters on): the chain's order stands in for the presenter, and the
    /// controller's comment says so.
    func testALogWithoutPresentersRebuildsItsChainFromTheChainAndSaysSo() throws {
        let full = Simulation(recorder: Recorder(capacity: 64))
        try full.run(try BuiltInScenarios.camera.scenario())
        let original = Simulation(recorder: Recorder(capacity: full.recorder.events.count - 4))
        try original.run(try BuiltInScenarios.camera.scenario())
        var events = original.recorder.events
        let first = try XCTUnwrap(events.first)
        XCTAssertEqual(first.seq, 5)
        XCTAssertEqual(first.chain.map(\.id), ["camera", "photos", "peoplePicker"], "the cut keeps the chain standing")
        try events.change(0) { $0.facts = first.facts.map { f in var f = f; f.presentedBy = nil; f.presentedAs = nil; return f } }
        let scenario = try ScenarioReplay.scenario(from: events, name: "cut")
        XCTAssertEqual(scenario.steps.prefix(3).map(\.action), [.present("photos", from: "camera", animated: false),
                                                                .present("peoplePicker", from: "photos", animated: false),
                                                                .startRecording(5)])
        let comment = scenario.controllers.first { $0.id == "peoplePicker" }?.comment ?? ""
        XCTAssertTrue(comment.contains("The recording does not say who presented it: the replay has the controller before it in the chain of #5 present it."), comment)
        XCTAssertTrue(scenario.comment?.contains("The recording starts at event #5: the steps before startRecording rebuild") == true, scenario.comment ?? "")
        let again = Simulation(recorder: Recorder(capacity: 64))
        try again.run(try Scenario.parse(scenario.jsonText, file: "cut.json"))
        let d = LogDiff(events, again.recorder.events)
        XCTAssertTrue(d.isEquivalent, d.text(nameA: "recorded", nameB: "replayed"))
    }
}
