import XCTest
import TestSupport
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// The scenario keys of sheets: checked like every key (file, line, key), written back by
/// `jsonText`, and replayed from a recording exactly (`pinspect scenario`).
final class SheetScenarioTests: XCTestCase {
    private func error(env: String = #"{ "idiom": "phone" }"#, drawer: String, steps: [String] = []) -> String {
        let json = scenarioJSON(env: env, controllers: """
        [ { "id": "root", "type": "HomeViewController" },
          { "id": "drawer", "type": "DrawerViewController", \(drawer) } ]
        """, steps: steps)
        do { _ = try Scenario.parse(json, file: "sheet.json"); return "no error" } catch { return error.description }
    }

    func testEveryDetentIdentifierIsCheckedAndNamesTheFileLineAndKey() {
        let cases: [(String, [String], String, String)] = [
            (#""detents": ["medium"], "selectedDetent": "large""#, [],
             #"sheet.json:2:76: controllers[1] key "selectedDetent": unknown detent "large": drawer's sheet has the detents medium"#, "declared"),
            (#""largestUndimmedDetent": "medium""#, [],
             #"sheet.json:2:53: controllers[1] key "largestUndimmedDetent": unknown detent "medium": drawer's sheet has the detents large"#, "UIKit's default [large]"),
            (#""detents": ["medium", "large"]"#, [#"{ "selectDetent": "tall", "in": "drawer" }"#],
             #"sheet.json:3:15: steps[0] (selectDetent) key "selectDetent": unknown detent "tall": drawer's sheet has the detents medium, large"#, "a step"),
            (#""detents": ["medium", "large"]"#, [#"{ "set": "drawer", "detents": ["large"], "largestUndimmedDetent": "medium" }"#],
             #"sheet.json:3:54: steps[0] (set) key "largestUndimmedDetent": unknown detent "medium": drawer's sheet has the detents large"#, "after set detents"),
            (#""detents": ["medium", "large"]"#, [#"{ "set": "drawer", "detents": ["large"] }"#, #"{ "selectDetent": "medium", "in": "drawer" }"#],
             #"sheet.json:4:3: steps[1] (selectDetent) key "selectDetent": unknown detent "medium": drawer's sheet has the detents large"#, "a later step"),
            (#""detents": []"#, [], #"key "detents": must name at least one detent"#, "empty"),
            (#""detents": ["medium", "medium"]"#, [], #"key "detents": names the detent "medium" twice"#, "twice"),
            (#""detents": ["large", "medium"]"#, [], #"key "detents": lists large before medium"#, "order"),
            (#""detents": ["medium", 3]"#, [], #"key "detents": must contain detent identifiers"#, "a number"),
            (#""selectedDetent": 3"#, [], #"key "selectedDetent": must be a detent identifier (a non-empty string), found"#, "a number"),
            (#""prefersGrabberVisible": "yes""#, [], #"key "prefersGrabberVisible": must be true or false"#, "a string"),
            (#""detents": ["large"]"#, [#"{ "selectDetent": "large", "in": "nobody" }"#], #"key "in": unknown controller id "nobody""#, "unknown sheet"),
        ]
        for (keys, steps, expected, what) in cases {
            let message = error(drawer: keys, steps: steps)
            XCTAssertTrue(message.contains(expected), "\(what): \(message)")
        }
    }

    func testTheVersionTableBoundsCustomDetentsAndPageSizing() {
        let ios15 = #"{ "idiom": "phone", "iOS": "15.0" }"#
        XCTAssertTrue(error(env: ios15, drawer: #""detents": ["small", "large"]"#).contains(#"key "detents": "small" is a custom detent, and custom detents exist from iOS 16; the environment names iOS 15.0"#))
        XCTAssertEqual(error(env: #"{ "idiom": "phone", "iOS": "16.0" }"#, drawer: #""detents": ["small", "large"]"#), "no error")
        XCTAssertTrue(error(env: #"{ "idiom": "phone", "iOS": "16.4" }"#, drawer: #""prefersPageSizing": true"#)
            .contains(#"key "prefersPageSizing": prefersPageSizing exists from iOS 17; the environment names iOS 16.4"#))
        XCTAssertEqual(error(env: #"{ "idiom": "phone", "iOS": "17.0" }"#, drawer: #""prefersPageSizing": true"#), "no error")
        XCTAssertTrue(error(env: ios15, drawer: #""detents": ["large"]"#, steps: [#"{ "set": "drawer", "detents": ["tiny"] }"#]).contains("custom detents exist from iOS 16"))
    }

    func testTheKeysAreWrittenBackAndReadAsWritten() throws {
        let json = scenarioJSON(env: #"{ "idiom": "phone", "iOS": "17.4" }"#, controllers: """
        [ { "id": "root", "type": "HomeViewController" },
          { "id": "drawer", "type": "DrawerViewController", "modalPresentationStyle": "pageSheet", "detents": ["peek", "medium", "large"],
            "selectedDetent": "peek", "largestUndimmedDetent": "medium", "prefersGrabberVisible": true,
            "prefersEdgeAttachedInCompactHeight": true, "prefersPageSizing": false } ]
        """, steps: [#"{ "present": "drawer", "from": "root" }"#,
                     #"{ "set": "drawer", "detents": ["medium", "large"], "selectedDetent": null, "largestUndimmedDetent": null, "prefersGrabberVisible": false, "prefersEdgeAttachedInCompactHeight": false, "prefersPageSizing": true }"#,
                     #"{ "selectDetent": "large", "in": "drawer" }"#, #"{ "selectDetent": null, "in": "drawer" }"#])
        let scenario = try Scenario.parse(json, file: "keys.json")
        let drawer = try XCTUnwrap(scenario.controllers.first { $0.id == "drawer" })
        XCTAssertEqual(drawer.detents, ["peek", "medium", "large"])
        XCTAssertEqual(drawer.selectedDetent, "peek")
        XCTAssertEqual(drawer.largestUndimmedDetent, "medium")
        XCTAssertEqual(drawer.prefersGrabberVisible, true)
        XCTAssertEqual(drawer.prefersEdgeAttachedInCompactHeight, true)
        XCTAssertEqual(drawer.prefersPageSizing, false)
        XCTAssertEqual(try scenario.steps.element(1).action, .set("drawer", [.detents(["medium", "large"]), .selectedDetent(nil), .largestUndimmedDetent(nil),
                                                                  .prefersGrabberVisible(false), .prefersEdgeAttachedInCompactHeight(false),
                                                                  .prefersPageSizing(true)]))
        XCTAssertEqual(try scenario.steps.element(2).action, .selectDetent("large", in: "drawer"))
        XCTAssertEqual(try scenario.steps.element(3).action, .selectDetent(nil, in: "drawer"))
        let again = try Scenario.parse(scenario.jsonText, file: "again.json")
        XCTAssertEqual(again.jsonText, scenario.jsonText)
        XCTAssertEqual(again.steps.map(\.action), scenario.steps.map(\.action))
    }

    // MARK: Done when: a scenario with sheets round-trips exactly through pinspect scenario

    func testAScenarioWithSheetsReplaysExactly() throws {
        let scenario = try Scenario.parse(scenarioJSON(env: #"{ "idiom": "phone", "iOS": "17.4" }"#, controllers: """
        [ { "id": "root", "type": "HomeViewController" },
          { "id": "drawer", "type": "DrawerViewController", "modalPresentationStyle": "pageSheet", "detents": ["peek", "medium", "large"],
            "selectedDetent": "peek", "largestUndimmedDetent": "medium", "prefersGrabberVisible": true },
          { "id": "card", "type": "CardViewController", "modalPresentationStyle": "formSheet", "prefersPageSizing": false },
          { "id": "full", "type": "FullViewController", "modalPresentationStyle": "fullScreen" } ]
        """, steps: [
            #"{ "present": "drawer", "from": "root" }"#, #"{ "advance": 0.5 }"#,
            #"{ "present": "card", "from": "root" }"#, #"{ "advance": 0.5 }"#,
            #"{ "selectDetent": "large", "in": "drawer" }"#, #"{ "advance": 0.5 }"#,
            #"{ "set": "drawer", "largestUndimmedDetent": "large", "prefersGrabberVisible": false }"#,
            #"{ "selectDetent": "medium", "in": "drawer" }"#, #"{ "advance": 0.5 }"#,
            #"{ "present": "card", "from": "drawer" }"#, #"{ "advance": 0.5 }"#,
            #"{ "dismiss": "card" }"#, #"{ "advance": 0.5 }"#,
            #"{ "dismiss": "drawer" }"#, #"{ "advance": 0.5 }"#,
            #"{ "set": "drawer", "detents": ["large"], "selectedDetent": null, "largestUndimmedDetent": null }"#,
            #"{ "present": "drawer", "from": "root" }"#, #"{ "advance": 0.1 }"#,
            #"{ "comment": "configured during its transition", "set": "drawer", "detents": ["medium", "large"], "largestUndimmedDetent": "medium" }"#,
            #"{ "advance": 0.5 }"#,
            #"{ "present": "full", "from": "root" }"#, #"{ "advance": 0.5 }"#,
        ]), file: "sheets.json")
        let r = try XCTUnwrap(try ReplayRoundTripTests.roundTrip(scenario))
        XCTAssertTrue(r.diff.isEquivalent, r.diff.text(nameA: "recorded", nameB: "replayed") + "\n" + r.replay)
        XCTAssertFalse(r.diff.differences.contains(where: \.isSheet))
        let sheets = r.diff.pairs.compactMap(\.a.sheet)
        XCTAssertGreaterThanOrEqual(sheets.count, 6, "presents, detent changes and the end of a transition record sheets")
        XCTAssertTrue(r.diff.pairs.contains { $0.a.kind == .presentCompleted && $0.a.sheet?.largestUndimmedDetent == "medium" },
                      "the configuration made during the transition is recorded at its end")
        XCTAssertEqual(r.diff.pairs.filter { $0.a.kind == .sheetDetentChanged }.count, 2)
        XCTAssertTrue(r.replay.contains(#""selectDetent":"large","in":"drawer""#), r.replay)
        XCTAssertTrue(r.replay.contains(#""detents":["peek","medium","large"]"#), r.replay)
        XCTAssertFalse(r.replay.contains(#""id":"full","type":"FullViewController","modalPresentationStyle":"fullScreen","detents""#))
    }

    /// A device may record what a scenario cannot say directly (large before medium, an identifier
    /// none of the detents): the replay orders the detents and says so, and sets a stray identifier
    /// while the detents hold it, then the detents, as an app does; the scenario parses.
    func testTheReplayLeavesOutWhatAScenarioCannotSayAndSaysSo() throws {
        var present = Event(seq: 1, time: 0, kind: .present, outcome: .presented, window: "w",
                            source: ControllerRef(id: "0x1", type: "Home"), presented: ControllerRef(id: "0x2", type: "Drawer"),
                            presenting: ControllerRef(id: "0x1", type: "Home"), chain: [ControllerRef(id: "0x1", type: "Home")])
        present.sheet = SheetState(detents: ["large", "medium", "medium"], selectedDetent: "gone", largestUndimmedDetent: "medium", prefersPageSizing: true)
        var change = Event(seq: 2, time: 1, kind: .sheetDetentChanged, outcome: .completed, window: "w",
                           presented: ControllerRef(id: "0x2", type: "Drawer"), presenting: ControllerRef(id: "0x1", type: "Home"))
        change.sheet = SheetState(detents: ["medium", "large"], selectedDetent: "large", largestUndimmedDetent: "medium")
        let scenario = try ScenarioReplay.scenario(from: [present, change], name: "device")
        let text = scenario.jsonText
        let parsed = try Scenario.parse(text, file: "replay.json")
        let drawer = try XCTUnwrap(parsed.controllers.first { $0.id == "0x2" })
        XCTAssertEqual(drawer.detents, ["medium", "large", "gone"])
        XCTAssertEqual(drawer.selectedDetent, "gone")
        XCTAssertEqual(drawer.largestUndimmedDetent, "medium")
        XCTAssertTrue(drawer.comment?.contains("large before medium") == true, drawer.comment ?? "")
        XCTAssertEqual(parsed.steps.first?.action, .set("0x2", [.detents(["medium", "large"])]), "the stray stays selected")
        XCTAssertEqual(parsed.steps.last?.action, .selectDetent("large", in: "0x2"))
        // Run, the replay records the sheet as the device did (the stray selected detent too).
        let sim = Simulation()
        try sim.run(parsed)
        XCTAssertEqual(sim.recorder.events.first { $0.kind == .present }?.sheet?.selectedDetent, "gone")
    }
}
