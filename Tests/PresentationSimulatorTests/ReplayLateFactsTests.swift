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
        let recorded = try Self.releasedBoxLeavesItsContainer(presentingFrom: "leaf")
        XCTAssertEqual(recorded.last?.chain.first?.id, "leaf", "the box is gone: the leaf is its tree's root")
        let scenario = try ScenarioReplay.scenario(from: recorded, name: "late")
        let comment = scenario.controllers.first { $0.id == "leaf" }?.comment ?? ""
        XCTAssertTrue(comment.contains("chain starts at it, out of any container, though no facts record it leaving box"), comment)
        try Self.assertReplays(recorded, scenario)
    }

    /// A presenter the scenario released leaves its container and is deallocated, taking its
    /// presentation with it: no event dismisses the sheet, and the next call's chain starts at it.
    /// The replay lets the presenter go (released, out of its container) before that call.
    func testAPresenterThatWentTakesItsPresentationInTheReplayToo() throws {
        let recorded = try Self.releasedBoxLeavesItsContainer(presentingFrom: "box")
        XCTAssertEqual(recorded.last?.chain.first?.id, "sheet", "its presenter gone, the sheet is its tree's root")
        let scenario = try ScenarioReplay.scenario(from: recorded, name: "gone")
        XCTAssertEqual(scenario.steps.suffix(3).map(\.action), [.removeFromParent("box"), .release("box"), .present("other", from: "sheet", animated: false)])
        try Self.assertReplays(recorded, scenario)
    }

    /// The events of a session where `presenter` (the box, a container the scenario released, or the
    /// leaf in it) presents a sheet in its context, the box leaves its parent (and is deallocated),
    /// then the sheet is asked to present.
    static func releasedBoxLeavesItsContainer(presentingFrom presenter: String) throws -> [Event] {
        try recorded(scenarioJSON(controllers: """
            [ { "id": "root", "type": "UIViewController", "container": "plain", "children": ["box"] },
              { "id": "box", "type": "UIViewController", "container": "plain", "children": ["leaf"], "definesPresentationContext": true },
              { "id": "leaf", "type": "UIViewController", "definesPresentationContext": true },
              { "id": "sheet", "type": "UIViewController", "modalPresentationStyle": "currentContext" },
              { "id": "other", "type": "UIViewController" } ]
            """, steps: [
                #"{ "release": "box" }"#,
                #"{ "present": "sheet", "from": "\#(presenter)", "animated": false }"#,
                #"{ "removeFromParent": "box" }"#,
                #"{ "present": "other", "from": "sheet", "animated": false }"#,
            ]), ringOf: 64).events
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
        let snapshot = try Self.recorded(json, ringOf: 3)
        XCTAssertGreaterThan(snapshot.droppedCount, 0)
        XCTAssertEqual(snapshot.events.first?.chain.map(\.id), ["root", "b", "a"], "the chain lists the container's presentation first")
        let log = LogWriter.text(header: LogHeader(app: ["mode": "simulation"], dropped: snapshot.droppedCount), events: snapshot.events)
        let scenario = try Scenario.parse(try ScenarioReplay.scenarioText(fromLog: log, logName: "side.jsonl"), file: "replay.json")
        XCTAssertEqual(scenario.steps.prefix(2).map(\.action), [.present("a", from: "inner", animated: false), .present("b", from: "root", animated: false)])
        try Self.assertReplays(snapshot.events, scenario)
    }

    /// A sheet swiped away while its present's transition ran, both dropped, the end kept (it
    /// names no presenter): the rebuild presents it again from the call's source and swipes it.
    func testAPresentWhoseSheetWasSwipedAwayDuringItIsMadeAgainWithTheSwipe() throws {
        let (log, endSeq) = try Self.logWithASwipedPresent(loggedStyle: .pageSheet)
        let read = try LogReader.read(text: log, name: "swiped.jsonl")
        let replay = try ScenarioReplay.replay(from: read.events, header: read.header, name: "swiped")
        XCTAssertEqual(replay.gaps, [])
        XCTAssertEqual(replay.scenario.steps.map(\.action).prefix(3), [.present("sheet", from: "root", animated: true), .swipeDown("sheet", complete: true),
                                                                        .startRecording(endSeq)])
        try Self.assertReplays(read.events, replay.scenario)
    }

    /// A dismissal ran while a swipe took its handler's sheet away, both dropped, the end kept:
    /// what it dismissed stands nowhere the kept events show. The rebuild presents the handler
    /// and what it dismissed, makes the dismissal again, and the swipe.
    func testADismissalWhoseSheetsWereSwipedAwayDuringItIsMadeAgainWithTheSwipe() throws {
        let json = scenarioJSON(controllers: """
            [ { "id": "root", "type": "UIViewController" },
              { "id": "sheet", "type": "UIViewController", "modalPresentationStyle": "pageSheet" },
              { "id": "top", "type": "UIViewController", "modalPresentationStyle": "pageSheet" },
              { "id": "other", "type": "UIViewController", "modalPresentationStyle": "pageSheet" } ]
            """, steps: [
                #"{ "present": "sheet", "from": "root", "animated": false }"#,
                #"{ "present": "top", "from": "sheet", "animated": false }"#,
                #"{ "dismiss": "sheet", "animated": true }"#,
                #"{ "swipeDown": "sheet", "complete": true }"#,
                #"{ "advance": 1 }"#,
                #"{ "present": "other", "from": "root", "animated": false }"#,
            ])
        let snapshot = try Self.recorded(json, ringOf: 3)
        let end = try snapshot.events.element(0)
        XCTAssertEqual(end.kind, .dismissCompleted)
        XCTAssertEqual(end.dismissed.map(\.id), ["top"])
        XCTAssertEqual(end.chain.map(\.id), ["root"], "the swipe took the sheet away too")
        let replay = try ScenarioReplay.replay(from: snapshot.events, header: LogHeader(dropped: snapshot.droppedCount), name: "swiped")
        XCTAssertEqual(replay.gaps, [])
        try Self.assertReplays(snapshot.events, replay.scenario)
    }

    /// A log whose ring dropped a present and the swipe that took its sheet away while its
    /// transition ran, and kept the end, the sheet's style changed to one no swipe takes away (a
    /// log from elsewhere): the present made again could not be swiped, so the end is not replayed,
    /// and the scenario's comment and the gaps name the event and why.
    func testAnEventTheReplayCannotReproduceIsNamedWithTheReason() throws {
        let (log, endSeq) = try Self.logWithASwipedPresent(loggedStyle: .fullScreen)
        let read = try LogReader.read(text: log, name: "gap.jsonl")
        let replay = try ScenarioReplay.replay(from: read.events, header: read.header, name: "gap")
        XCTAssertEqual(replay.gaps.map(\.seq), [endSeq])
        XCTAssertEqual(replay.gaps.first?.reason, "its present (#1) and what removed sheet before this end were dropped, and the model refuses them made again")
        XCTAssertTrue(replay.scenario.comment?.contains("The replay does not reproduce event #\(endSeq): its present (#1)") == true, replay.scenario.comment ?? "")
        // The rest replays: the scenario runs, and records every other kept event (numbered on
        // from the first: the end it lacks takes no number).
        let again = Simulation(recorder: Recorder(capacity: 64))
        try again.run(try Scenario.parse(replay.scenario.jsonText, file: "replay.json"))
        XCTAssertEqual(again.recorder.events.map(\.kind), read.events.filter { $0.seq != endSeq }.map(\.kind))
    }

    /// A log (its text) whose ring dropped the present of `sheet` and the swipe that took it away
    /// during the transition, and kept the transition's end, its facts saying `sheet` is presented
    /// as `loggedStyle`; and that end's seq.
    static func logWithASwipedPresent(loggedStyle: PresentationStyle) throws -> (String, Int) {
        let json = scenarioJSON(controllers: """
            [ { "id": "root", "type": "UIViewController" },
              { "id": "sheet", "type": "UIViewController", "modalPresentationStyle": "pageSheet" },
              { "id": "other", "type": "UIViewController", "modalPresentationStyle": "pageSheet" } ]
            """, steps: [
                #"{ "present": "sheet", "from": "root", "animated": true }"#,
                #"{ "swipeDown": "sheet", "complete": true }"#,
                #"{ "advance": 1 }"#,
                #"{ "present": "other", "from": "root", "animated": false }"#,
            ])
        let snapshot = try Self.recorded(json, ringOf: 3)
        var events = snapshot.events
        let end = try XCTUnwrap(events.first)
        XCTAssertEqual(end.kind, .presentCompleted)
        XCTAssertNil(end.presenting, "the swipe took the sheet away: the end names no presenter")
        try events.change(0) { $0.facts = end.facts.map { f in var f = f; if f.id == "sheet" { f.modalPresentationStyle = loggedStyle }; return f } }
        return (LogWriter.text(header: LogHeader(app: ["mode": "simulation"], dropped: snapshot.droppedCount), events: events), end.seq)
    }

    /// `scenario` (its text, as a file holds it) records `events` again, equivalent and numbered alike.
    static func assertReplays(_ events: [Event], _ scenario: Scenario, file: StaticString = #filePath, line: UInt = #line) throws {
        let again = Simulation(recorder: Recorder(capacity: 64))
        try again.run(try Scenario.parse(scenario.jsonText, file: "replay.json"))
        let d = LogDiff(events, again.recorder.events)
        XCTAssertTrue(d.isEquivalent, d.text(nameA: "recorded", nameB: "replayed"), file: file, line: line)
        XCTAssertEqual(again.recorder.events.map(\.seq), events.map(\.seq), file: file, line: line)
    }

    /// What the scenario `json` records into a ring of `capacity` events.
    static func recorded(_ json: String, ringOf capacity: Int) throws -> RecordingSnapshot {
        let original = Simulation(recorder: Recorder(capacity: capacity))
        try original.run(try Scenario.parse(json, file: "test.json"))
        return original.recorder.snapshot()
    }
}
