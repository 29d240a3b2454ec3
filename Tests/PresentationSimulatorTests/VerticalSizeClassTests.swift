import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// A compact height (an iPhone in landscape, also the large ones whose width is regular there)
/// adapts popovers as a compact width does: "for horizontally or vertically compact environments,
/// this option behaves the same as formSheet" (Apple, UIModalPresentationStyle.popover).
final class VerticalSizeClassTests: XCTestCase {
    private let controllers = """
    [ { "id": "root", "type": "RootViewController" },
      { "id": "menu", "type": "MenuViewController", "modalPresentationStyle": "popover" },
      { "id": "share", "type": "UIActivityViewController" },
      { "id": "actions", "type": "UIAlertController", "preferredStyle": "actionSheet" } ]
    """
    /// A large iPhone in landscape: regular width, compact height.
    private let largePhoneInLandscape = #"{ "idiom": "phone", "horizontalSizeClass": "regular", "verticalSizeClass": "compact" }"#

    func testAnAnchorlessPopoverInCompactHeightAdaptsAndWarnsThatAnIPadRaises() throws {
        let run = try simulate(scenarioJSON(env: largePhoneInLandscape, controllers: controllers, steps: [#"{ "present": "menu", "from": "root" }"#]))
        let e = try XCTUnwrap(run.presents.first)
        XCTAssertEqual(e.outcome, .presented, "no anchor is needed where the popover is a sheet")
        XCTAssertEqual(e.effectiveStyle, .formSheet)
        XCTAssertEqual(e.diagnostics.map(\.code), [.otherSizeClass])
        XCTAssertTrue(e.diagnostics[0].message.hasPrefix("In regular width and height (an iPad"), e.diagnostics[0].message)
        XCTAssertTrue(e.steps.map(\.sentence).contains { $0.contains("horizontally or vertically compact") })
    }

    func testRegularWidthAndHeightStillNeedsTheAnchor() throws {
        let pad = #"{ "idiom": "phone", "horizontalSizeClass": "regular", "verticalSizeClass": "regular" }"#
        let run = try simulate(scenarioJSON(env: pad, controllers: controllers, steps: [#"{ "present": "menu", "from": "root" }"#]))
        XCTAssertEqual(run.presents.first?.outcome, .rejected)
        XCTAssertEqual(run.presents.first?.diagnostics.first?.code, .popoverWithoutAnchor)
    }

    func testShareAndActionSheetsArePresentedModallyOnAPhoneInLandscape() throws {
        let run = try simulate(scenarioJSON(env: largePhoneInLandscape, controllers: controllers, steps: [
            #"{ "present": "share", "from": "root", "animated": false }"#, #"{ "dismiss": "share", "animated": false }"#,
            #"{ "present": "actions", "from": "root", "animated": false }"#,
        ]))
        XCTAssertEqual(run.presents.map(\.outcome), [.presented, .presented])
        XCTAssertFalse(run.presents.flatMap(\.diagnostics).contains { $0.code == .popoverWithoutAnchor })
        XCTAssertEqual(run.presents.map(\.effectiveStyle), [.pageSheet, .custom])
    }

    func testTheScenarioKeyIsCheckedAndWrittenBack() throws {
        XCTAssertThrowsError(try Scenario.parse(scenarioJSON(env: #"{ "verticalSizeClass": "short" }"#, controllers: controllers, steps: []), file: "v.json")) { e in
            XCTAssertTrue("\(e)".hasSuffix(#"environment key "verticalSizeClass": must be "compact" or "regular", found "short""#), "\(e)")
        }
        let scenario = try Scenario.parse(scenarioJSON(env: largePhoneInLandscape, controllers: controllers, steps: []), file: "v.json")
        XCTAssertEqual(scenario.environment.verticalSizeClass, .compact)
        XCTAssertTrue(scenario.jsonText.contains(#""verticalSizeClass":"compact""#), scenario.jsonText)
        XCTAssertEqual(try Scenario.parse(scenario.jsonText, file: "again.json").environment.verticalSizeClass, .compact)
    }

    /// The facts record the vertical size class, and a replay of the log runs in it.
    func testTheFactsCarryItAndTheReplayRunsInIt() throws {
        let original = Simulation(recorder: Recorder(capacity: 64))
        try original.run(try Scenario.parse(scenarioJSON(env: largePhoneInLandscape, controllers: controllers,
                                                         steps: [#"{ "present": "menu", "from": "root" }"#]), file: "v.json"))
        let facts = original.recorder.events.flatMap(\.facts)
        XCTAssertFalse(facts.isEmpty)
        XCTAssertTrue(facts.allSatisfy { $0.verticalSizeClass == .compact })
        let log = LogWriter.text(header: LogHeader(app: ["mode": "simulation"]), events: original.recorder.events)
        XCTAssertTrue(log.contains(#""verticalSizeClass":"compact""#))
        let replay = try Scenario.parse(try ScenarioReplay.scenarioText(fromLog: log, logName: "v.jsonl"), file: "replay.json")
        XCTAssertEqual(replay.environment.verticalSizeClass, .compact)
        let again = Simulation(recorder: Recorder(capacity: 64))
        try again.run(replay)
        XCTAssertEqual(again.recorder.events.map(ReplayTestFile.fact), original.recorder.events.map(ReplayTestFile.fact))
    }
}
