import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// What a replay makes of changes the log notes late or cannot reproduce.
final class ReplayLateFactsTests: XCTestCase {
    /// A container the scenario released leaves its parent and is deallocated: its child, presenting
    /// a sheet, loses its parent without any call reading it. The next call's chain starts at that
    /// child, and the replay takes it out of the container it still has it in.
    func testAChainThatStartsAtAControllerTheReplayHasInAContainerDetachesIt() throws {
        let json = scenarioJSON(controllers: """
            [ { "id": "root", "type": "UIViewController", "container": "plain", "children": ["box"] },
              { "id": "box", "type": "UIViewController", "container": "plain", "children": ["leaf"] },
              { "id": "leaf", "type": "UIViewController", "definesPresentationContext": true },
              { "id": "sheet", "type": "UIViewController", "modalPresentationStyle": "currentContext" },
              { "id": "other", "type": "UIViewController" } ]
            """, steps: [
                #"{ "release": "box" }"#,
                #"{ "present": "sheet", "from": "leaf", "animated": false }"#,
                #"{ "removeFromParent": "box" }"#,
                #"{ "present": "other", "from": "sheet", "animated": false }"#,
            ])
        let original = Simulation(recorder: Recorder(capacity: 64))
        try original.run(try Scenario.parse(json, file: "late.json"))
        let recorded = original.recorder.events
        XCTAssertEqual(recorded.last?.chain.first?.id, "leaf", "the box is gone: the leaf is its tree's root")
        let scenario = try ScenarioReplay.scenario(from: recorded, name: "late")
        let comment = scenario.controllers.first { $0.id == "leaf" }?.comment ?? ""
        XCTAssertTrue(comment.contains("chain starts at it, out of any container, though no facts record it leaving box"), comment)
        let again = Simulation(recorder: Recorder(capacity: 64))
        try again.run(try Scenario.parse(scenario.jsonText, file: "replay.json"))
        let d = LogDiff(recorded, again.recorder.events)
        XCTAssertTrue(d.isEquivalent, d.text(nameA: "recorded", nameB: "replayed"))
    }

    /// Two presentations standing side by side when the ring starts: a container's child presents in
    /// its context, then the container presents. The rebuild makes the inner one first (the other
    /// order the model, as UIKit, refuses: already presenting), whatever order the chain lists.
    func testSideBySidePresentationsAreRebuiltInnerFirst() throws {
        let json = scenarioJSON(controllers: """
            [ { "id": "root", "type": "UIViewController", "container": "plain", "children": ["inner"] },
              { "id": "inner", "type": "UIViewController", "definesPresentationContext": true },
              { "id": "a", "type": "UIViewController", "modalPresentationStyle": "currentContext" },
              { "id": "b", "type": "UIViewController", "modalPresentationStyle": "fullScreen" },
              { "id": "c", "type": "UIViewController" } ]
            """, steps: [
                #"{ "present": "a", "from": "inner", "animated": false }"#,
                #"{ "present": "b", "from": "root", "animated": false }"#,
                #"{ "present": "c", "from": "root", "animated": false }"#,
                #"{ "present": "c", "from": "b", "animated": false }"#,
            ])
        let original = Simulation(recorder: Recorder(capacity: 3))
        try original.run(try Scenario.parse(json, file: "side.json"))
        let snapshot = original.recorder.snapshot()
        XCTAssertGreaterThan(snapshot.droppedCount, 0)
        XCTAssertEqual(snapshot.events.first?.chain.map(\.id), ["root", "b", "a"], "the chain lists the container's presentation first")
        let log = LogWriter.text(header: LogHeader(app: ["mode": "simulation"], dropped: snapshot.droppedCount), events: snapshot.events)
        let scenario = try Scenario.parse(try ScenarioReplay.scenarioText(fromLog: log, logName: "side.jsonl"), file: "replay.json")
        XCTAssertEqual(scenario.steps.prefix(2).map(\.action), [.present("a", from: "inner", animated: false), .present("b", from: "root", animated: false)])
        let again = Simulation(recorder: Recorder(capacity: 64))
        try again.run(scenario)
        let d = LogDiff(snapshot.events, again.recorder.events)
        XCTAssertTrue(d.isEquivalent, d.text(nameA: "recorded", nameB: "replayed"))
    }
}
