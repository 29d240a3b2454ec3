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
        399: "the presenter left its window after the dropped present: its end is not replayed (a ReplayGap says so)",
        511: "the dropped present of the first kept end was not animated: that end came inside the call, which is made again before startRecording (a ReplayGap says so)",
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

/// The state before a wrapped ring's first kept event, rebuilt as the kept events show it:
/// generated sessions that once replayed otherwise.
final class ReplayRebuiltStartTests: XCTestCase {
    private func replay(seed: UInt64, exact: Bool = true) throws -> (steps: String, gaps: [ReplayGap], diff: LogDiff) {
        let r = try XCTUnwrap(try ReplayWrappedRingTests.wrappedRoundTrip(RandomScenarios.make(seed: seed, stepCount: 120), capacity: 8 + Int(seed % 40)))
        if exact {
            XCTAssertTrue(r.diff.isEquivalent, r.diff.text(nameA: "recorded", nameB: "replayed"))
            XCTAssertEqual(r.replayed.map(\.seq), r.kept.map(\.seq))
            XCTAssertEqual(r.gaps, [])
        }
        // One step a line: joined, so that a test can read consecutive steps.
        return (r.replay.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(), r.gaps, r.diff)
    }

    private func exactReplay(seed: UInt64) throws -> String { try replay(seed: seed).steps }

    /// Seed 326: the ring carried c1's facts from before it left c0 (`parent: c0`), and c0's from
    /// after (`children: [c3]`): the container's list stands, so c3 stays the navigation's top.
    func testAContainersListedChildrenOutweighAChildsOlderParent() throws {
        let replay = try exactReplay(seed: 326)
        XCTAssertTrue(replay.contains(#""id":"c0","type":"UINavigationController","title":"T0","children":["c3"],"#), replay)
    }

    /// Seed 393: c9 stands presented by c7, inside c2, which left its window's container after:
    /// c2 is lent to the window's root while c9 is presented again, then taken out.
    func testAPresentationOnADetachedTreeIsRebuiltWhileItsRootIsLentToAWindow() throws {
        let replay = try exactReplay(seed: 393)
        XCTAssertTrue(replay.contains(#"{"addChild":"c2","to":"c0"},{"present":"c9","from":"c7","animated":false,"observed":{"presenting":"c7","effectiveStyle":"pageSheet"}},{"removeFromParent":"c2"}"#), replay)
        XCTAssertTrue(replay.contains("No window holds it at the start: lent to c0 as a child"), replay)
    }

    /// Seed 511: the first kept event ends a present that was not animated; it came inside the
    /// call the ring dropped. The call is made again, not animated, before startRecording; that
    /// end alone is not replayed, said so, and every other event is.
    func testTheEndOfADroppedPresentNotAnimatedIsNamedAndTheRestReplays() throws {
        let r = try replay(seed: 511, exact: false)
        XCTAssertEqual(r.gaps.map(\.seq), [9])
        XCTAssertEqual(r.diff.onlyInA.map(\.seq), [9])
        XCTAssertEqual(r.diff.differences.count, 0, r.diff.text(nameA: "recorded", nameB: "replayed"))
        XCTAssertTrue(r.steps.contains(#"{"present":"c5","from":"c1","animated":false},{"startRecording":9}"#), r.steps)
    }

    /// Seed 303: c1 was presented as `custom`, then its style became `automatic` while the
    /// transition ran; the ring dropped the present and kept its end (`custom`). The present is
    /// made again as `custom` and the style set back after it.
    func testAStyleChangedWhileADroppedPresentRanIsSetBackAfterIt() throws {
        let replay = try exactReplay(seed: 303)
        XCTAssertTrue(replay.contains(#"{"set":"c1","modalPresentationStyle":"custom"},{"present":"c1","from":"c0","animated":true},{"set":"c1","modalPresentationStyle":"automatic"}"#), replay)
        XCTAssertTrue(replay.contains("Its style changed while its dropped present (#28) ran: made again as custom, its end's style, then set back to automatic."), replay)
    }

    /// Seed 446: a dropped present swiped away during its transition, whose kept end observed a
    /// page sheet: the present made again carries what the end observed.
    func testADroppedPresentSwipedAwayCarriesWhatItsEndObserved() throws {
        let replay = try exactReplay(seed: 446)
        XCTAssertTrue(replay.contains(#"{"present":"c5","from":"c3","animated":true,"observed":{"effectiveStyle":"pageSheet","presentationControllerClass":"UISheetPresentationController"}},{"swipeDown":"c5","complete":true}"#), replay)
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
