import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// A recording becomes a scenario (`pinspect scenario`), and simulating that scenario records
/// the same events: kind, outcome, presenting, context provider, styles, transitions, dismissed
/// set, handler and diagnostic codes (`pinspect diff` finds nothing).
final class ReplayRoundTripTests: XCTestCase {
    /// Runs `scenario`, writes and reads its log, builds the replay from it, runs that through its
    /// own file text, and compares. Nil when the scenario itself stops with an error.
    static func roundTrip(_ scenario: Scenario, file: StaticString = #filePath, line: UInt = #line) throws -> (diff: LogDiff, replay: String)? {
        let original = Simulation(recorder: Recorder(capacity: 4_096))
        do { try original.run(scenario) } catch { return nil }
        let log = LogWriter.text(header: LogHeader(app: ["mode": "simulation"]), events: original.recorder.events)
        let replayText = try ScenarioReplay.scenarioText(fromLog: log, logName: "original.jsonl")
        let replay = try Scenario.parse(replayText, file: "replay.json")
        let again = Simulation(recorder: Recorder(capacity: 4_096))
        try again.run(replay)
        return (LogDiff(original.recorder.events, again.recorder.events), replayText)
    }

    func testEveryBuiltInScenarioReplays() throws {
        for builtIn in BuiltInScenarios.all {
            let r = try XCTUnwrap(try Self.roundTrip(try builtIn.scenario()), builtIn.key)
            XCTAssertTrue(r.diff.isEquivalent, "\(builtIn.key):\n\(r.diff.text(nameA: "recorded", nameB: "replayed"))\n\(r.replay)")
            XCTAssertGreaterThan(r.diff.pairs.count, 0, builtIn.key)
        }
    }

    /// An anchor the recording could not see is written back as `"popoverAnchor": "unknown"`, on a
    /// declaration and in a `set` step; the replay's own replay is the same text.
    func testAnUnknownAnchorReplaysAsUnknown() throws {
        let scenario = try Scenario.parse("""
        { "name": "unseen anchors", "environment": { "idiom": "phone", "horizontalSizeClass": "compact" },
          "controllers": [ { "id": "root", "type": "RootViewController" },
                           { "id": "sheet", "type": "UIAlertController", "preferredStyle": "actionSheet", "popoverAnchor": "unknown" },
                           { "id": "share", "type": "UIActivityViewController" } ],
          "windows": [ { "id": "main", "root": "root", "key": true } ],
          "steps": [ { "present": "sheet", "from": "root", "animated": false }, { "dismiss": "sheet", "animated": false },
                     { "present": "share", "from": "root", "animated": false }, { "dismiss": "share", "animated": false },
                     { "set": "share", "popoverAnchor": "unknown" },
                     { "present": "share", "from": "root", "animated": false } ] }
        """)
        let r = try XCTUnwrap(try Self.roundTrip(scenario))
        XCTAssertTrue(r.diff.isEquivalent, r.diff.text(nameA: "recorded", nameB: "replayed"))
        XCTAssertTrue(r.replay.contains(#""isModalInPresentation":false,"popoverAnchor":"unknown","preferredStyle":"actionSheet"}"#), r.replay)
        XCTAssertTrue(r.replay.contains(#"{"set":"share","popoverAnchor":"unknown"}"#), r.replay)
        let again = try XCTUnwrap(try Self.roundTrip(try Scenario.parse(r.replay, file: "replay.json")))
        XCTAssertEqual(again.replay, r.replay, "a replay's replay is the same text")
    }

    func testAThousandRandomScenariosReplay() throws {
        var ran = 0, events = 0
        for seed in 1...1_000 as ClosedRange<UInt64> {
            let scenario = RandomScenarios.make(seed: seed, stepCount: 30)
            let result: (diff: LogDiff, replay: String)?
            do { result = try Self.roundTrip(scenario) } catch {
                XCTFail("seed \(seed): \(error)\n\(scenario.jsonText)")
                return
            }
            guard let r = result else { continue }
            ran += 1
            events += r.diff.pairs.count
            if !r.diff.isEquivalent {
                XCTFail("seed \(seed):\n\(r.diff.text(nameA: "recorded", nameB: "replayed"))\n\(scenario.jsonText)\n\(r.replay)")
                return
            }
        }
        // The generator keeps only steps that ran, so (nearly) every scenario runs to its end.
        XCTAssertGreaterThanOrEqual(ran, 1_000)
        XCTAssertGreaterThan(events, 10_000)
    }
}

/// Logs shaped like a device's: events with `observed` answers and their `model-drift`s.
final class ReplayObservedTests: XCTestCase {
    func testObservedAnswersAndTheirDriftsReplay() throws {
        let scenario = try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list", "observed": { "presenting": "nav", "effectiveStyle": "fullScreen", "presentationControllerClass": "UIFullscreenPresentationController" } }"#,
            #"{ "advance": 1 }"#,
            #"{ "dismiss": "sheet", "animated": false }"#,
            #"{ "present": "a", "from": "root", "animated": false }"#,
            #"{ "present": "b", "from": "a", "animated": false }"#,
            #"{ "dismiss": "root", "animated": false, "observed": { "dismissed": ["b"] } }"#,
        ]), file: "device.json")
        let r = try XCTUnwrap(try ReplayRoundTripTests.roundTrip(scenario))
        XCTAssertTrue(r.diff.isEquivalent, r.diff.text(nameA: "recorded", nameB: "replayed"))
        let drifts = r.diff.pairs.flatMap { $0.b.diagnostics.filter { $0.code == .modelDrift } }
        XCTAssertEqual(drifts.count, 3, "presenting and style at the present, dismissed at the dismissal")
        XCTAssertTrue(r.replay.contains(#""observed":{"presenting":"nav","effectiveStyle":"fullScreen","presentationControllerClass":"UIFullscreenPresentationController"}"#), r.replay)
        XCTAssertTrue(r.replay.contains(#""observed":{"dismissed":["b"]}"#), r.replay)
    }
}

extension ReplayObservedTests {
    /// A device observes adaptation when the transition ends: its `present-completed` carries the
    /// answer and the drift. The replay asks for them at the end (`observedAtEnd`), so the replayed
    /// events are the recorded ones, fact for fact (what `pinspect test --expect-as-recorded` checks).
    func testWhatTheEndOfATransitionObservedReplaysAtTheEnd() throws {
        let scenario = try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list", "observed": { "presenting": "nav" }, "observedAtEnd": { "effectiveStyle": "fullScreen", "presentationControllerClass": "UIFullscreenPresentationController" } }"#,
            #"{ "advance": 1 }"#,
            #"{ "dismiss": "sheet", "animated": false }"#,
        ]), file: "device.json")
        let original = Simulation(recorder: Recorder(capacity: 64))
        try original.run(scenario)
        let recorded = original.recorder.events
        let completed = try XCTUnwrap(recorded.first { $0.kind == .presentCompleted })
        XCTAssertEqual(completed.observed?.effectiveStyle, .fullScreen, "observed when the transition ended")
        XCTAssertEqual(completed.diagnostics.filter { $0.code == .modelDrift }.count, 1, "the style's drift, at the end")
        let present = try XCTUnwrap(recorded.first { $0.kind == .present })
        XCTAssertNil(present.observed?.effectiveStyle, "not at the call")
        XCTAssertEqual(present.diagnostics.filter { $0.code == .modelDrift }.count, 1, "the presenting controller's drift")
        XCTAssertEqual(original.controller("sheet")?.effectiveStyle, nil, "dismissed by now")

        let log = LogWriter.text(header: LogHeader(app: ["mode": "device-like"]), events: recorded)
        let replayText = try ScenarioReplay.scenarioText(fromLog: log, logName: "device.jsonl")
        XCTAssertTrue(replayText.contains(#""observedAtEnd":{"effectiveStyle":"fullScreen","presentationControllerClass":"UIFullscreenPresentationController"}"#), replayText)
        let again = Simulation(recorder: Recorder(capacity: 64))
        try again.run(try Scenario.parse(replayText, file: "replay.json"))
        XCTAssertEqual(again.recorder.events.map(ReplayTestFile.fact), recorded.map(ReplayTestFile.fact))
    }

    /// A window or presenting controller seen at the end cannot be asked for: the replay's
    /// controller says so, as it does for the call's.
    func testAWindowSeenAtTheEndIsNoted() throws {
        let original = Simulation(recorder: Recorder(capacity: 64))
        try original.run(try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list", "observedAtEnd": { "effectiveStyle": "fullScreen" } }"#,
        ]), file: "device.json"))
        var events = original.recorder.events
        let i = try XCTUnwrap(events.firstIndex { $0.kind == .presentCompleted })
        events[i].observed?.window = "other"
        events[i].diagnostics.append(.modelDrift(field: "window", predicted: "main", observed: "other"))
        let scenario = try ScenarioReplay.scenario(from: events, name: "x")
        let comment = scenario.controllers.first { $0.id == "sheet" }?.comment ?? ""
        XCTAssertTrue(comment.contains("(the end of its transition) UIKit put it in window other"), comment)
        XCTAssertEqual(scenario.steps.first?.observedAtEnd?.effectiveStyle, .fullScreen)
    }

    /// A key given twice in an observation, and a style UIKit never has in effect, are errors.
    func testObservationsRefuseRepeatedKeysAndAutomatic() {
        func error(_ step: String) -> String {
            do { _ = try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: [step]), file: "o.json"); return "no error" } catch { return "\(error)" }
        }
        XCTAssertTrue(error(#"{ "present": "sheet", "from": "list", "observedAtEnd": { "effectiveStyle": "fullScreen", "effectiveStyle": "bogus" } }"#)
            .hasSuffix(#"key "observedAtEnd.effectiveStyle": appears twice"#))
        XCTAssertTrue(error(#"{ "present": "sheet", "from": "list", "observed": { "presenting": "root", "presenting": "nav" } }"#)
            .hasSuffix(#"key "observed.presenting": appears twice"#))
        XCTAssertTrue(error(#"{ "present": "sheet", "from": "list", "observed": { "effectiveStyle": "automatic" } }"#)
            .contains(#"key "observed.effectiveStyle": must be a presentation style in effect"#))
    }

    /// The style UIKit adapted to at the end is the presented controller's from then on.
    func testTheStyleObservedAtTheEndHoldsAfterIt() throws {
        let simulation = Simulation(recorder: Recorder(capacity: 64))
        try simulation.run(try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list", "observedAtEnd": { "effectiveStyle": "fullScreen" } }"#,
        ]), file: "device.json"))
        XCTAssertEqual(simulation.controller("sheet")?.effectiveStyle, .fullScreen)
    }
}

/// The simulator notes a controller's facts once per change, and again after a recorder reset.
final class SimulatorFactsTests: XCTestCase {
    func testFactsAreNotedOnFirstSightOnChangeAndAfterAReset() throws {
        let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: []))
        let sim = run.simulation
        func presentAndDismiss() -> [String] {
            sim.present(run.c("sheet"), from: run.c("list"), animated: false)
            let facts = sim.recorder.events.last { $0.kind == .present }?.facts.map(\.id) ?? []
            sim.dismiss(run.c("sheet"), animated: false)
            return facts
        }
        XCTAssertEqual(presentAndDismiss(), ["list", "nav", "root", "otherNav", "sheet"], "first sight: the path, its containers' children, the presented")
        XCTAssertEqual(presentAndDismiss(), [], "nothing changed")
        run.c("nav").definesPresentationContext = false
        XCTAssertEqual(presentAndDismiss(), ["nav"], "a property set directly on a controller")
        try sim.select(1, in: run.c("root"))
        XCTAssertEqual(presentAndDismiss(), ["root"], "the tab bar's selection")
        sim.recorder.reset()
        XCTAssertEqual(presentAndDismiss(), ["list", "nav", "root", "otherNav", "sheet"], "a reset recording notes them anew")
    }
}

/// What the replay says when the log cannot give it a fact.
final class ReplayGapsTests: XCTestCase {
    private func present(_ seq: Int, _ p: String, _ type: String, from s: String, facts: [ControllerFacts] = []) -> Event {
        var e = Event(seq: seq, time: Double(seq), kind: .present, outcome: .presented, window: "w",
                      source: ControllerRef(id: s, type: "Source"), presented: ControllerRef(id: p, type: type),
                      presenting: ControllerRef(id: s, type: "Source"), chain: [ControllerRef(id: s, type: "Source")])
        e.facts = facts
        return e
    }

    func testAnIDThatChangesTypeIsRefusedNamingTheEvent() {
        XCTAssertThrowsError(try ScenarioReplay.scenario(from: [present(1, "0x1", "A", from: "0x9"), present(2, "0x1", "B", from: "0x9")], name: "x")) { e in
            XCTAssertEqual("\(e)", "event #2: type: controller 0x1 is a A earlier in the log and a B here (an address reused after deallocation?); a scenario needs one type per id")
        }
    }

    /// UIKit refused a present the model expected to succeed: the event's outcome is what
    /// happened, so the model's outcome is only in the drift; the replay cannot ask for a refusal
    /// and its controller's comment says so.
    func testAnOutcomeUIKitChoseAgainstTheModelIsNoted() throws {
        var refused = present(1, "0x1", "A", from: "0x9")
        refused.outcome = .rejected
        refused.presenting = nil
        refused.observed = Observation(outcome: .rejected)
        refused.diagnostics = [.modelDrift(field: "outcome", predicted: "presented", observed: "rejected")]
        let s = try ScenarioReplay.scenario(from: [refused], name: "x")
        let comment = s.controllers.first { $0.id == "0x1" }?.comment ?? ""
        XCTAssertTrue(comment.contains("At #1 UIKit's outcome (rejected) differs from the model's"), comment)
        let agreed = try ScenarioReplay.scenario(from: [{ var e = refused; e.diagnostics = []; return e }()], name: "x")
        XCTAssertFalse(agreed.controllers.first { $0.id == "0x1" }?.comment?.contains("outcome") == true)
    }

    func testASecondSizeClassIsNamedInTheScenarioComment() throws {
        var compact = ControllerFacts(id: "0x9", type: "Source"), regular = compact
        compact.horizontalSizeClass = .compact
        regular.horizontalSizeClass = .regular
        let s = try ScenarioReplay.scenario(from: [present(1, "0x1", "A", from: "0x9", facts: [compact]),
                                                   present(2, "0x2", "A", from: "0x9", facts: [regular])], name: "x")
        XCTAssertEqual(s.environment.horizontalSizeClass, .compact)
        XCTAssertTrue(s.comment?.contains("From event #2 on the recording saw a regular size class too") == true, s.comment ?? "")
        XCTAssertEqual(s.windows.map(\.root), ["0x9"], "the window's root from the recorded chain")
        XCTAssertTrue(s.controllers.first { $0.id == "0x9" }?.comment?.contains("The root of window w as its first recorded chain (#1) shows it") == true)
    }
}
