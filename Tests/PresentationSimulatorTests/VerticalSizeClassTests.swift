import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

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
        let warning = try e.diagnostics.element(0).message
        XCTAssertTrue(warning.hasPrefix("In regular width and height (an iPad"), warning)
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
        XCTAssertEqual(run.presents.map(\.effectiveStyle), [.formSheet, .custom])
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

    /// In a compact height Apple documents a sheet's full-screen look, not the style UIKit
    /// reports: the style is observed only there, and UIKit's answer makes no drift.
    func testASheetsStyleInACompactHeightIsObservedOnly() throws {
        let plain = #"[ { "id": "root", "type": "RootViewController" }, { "id": "sheet", "type": "SheetViewController" } ]"#
        let step = #"{ "present": "sheet", "from": "root", "observed": { "effectiveStyle": "fullScreen" } }"#
        let landscape = try simulate(scenarioJSON(env: #"{ "idiom": "phone", "verticalSizeClass": "compact" }"#, controllers: plain, steps: [step]))
        let e = try XCTUnwrap(landscape.presents.first)
        XCTAssertEqual(e.effectiveStyle, .formSheet)
        XCTAssertEqual(e.diagnostics.filter { $0.code == .modelDrift }, [], "observed only")
        XCTAssertTrue(e.steps.map(\.sentence).contains { $0.contains("defaults to a full screen appearance") })
        let portrait = try simulate(scenarioJSON(controllers: plain, steps: [step]))
        XCTAssertEqual(portrait.presents.first?.diagnostics.filter { $0.code == .modelDrift }.count, 1, "predicted in a regular height")
    }

    /// The conformance comparison leaves out the styles the model does not predict in the
    /// scenario's size classes, both of them.
    func testConformanceReadsBothSizeClasses() throws {
        let all = #"[ { "id": "root", "type": "RootViewController" }, { "id": "sheet", "type": "SheetViewController" }, { "id": "full", "type": "F", "modalPresentationStyle": "fullScreen" }, { "id": "share", "type": "UIActivityViewController" } ]"#
        func observedOnly(_ env: String) throws -> Set<String> {
            ConformanceRunner.observedOnlyStyles(of: try Scenario.parse(scenarioJSON(env: env, controllers: all, steps: []), file: "c.json"))
        }
        XCTAssertEqual(try observedOnly(largePhoneInLandscape), ["root", "sheet", "share"], "every controller a present would show as a sheet")
        XCTAssertEqual(try observedOnly(#"{ "idiom": "pad" }"#), [])
        XCTAssertEqual(try observedOnly(#"{ "idiom": "phone" }"#), ["share"])
    }

    /// A log written before the vertical size class was recorded replays in a regular height; a
    /// log that saw both heights keeps the first and says so.
    func testOldLogsReadAsRegularAndATurnIsNoted() throws {
        let original = Simulation(recorder: Recorder(capacity: 64))
        try original.run(try Scenario.parse(scenarioJSON(env: largePhoneInLandscape, controllers: controllers, steps: [
            #"{ "present": "menu", "from": "root", "animated": false }"#, #"{ "dismiss": "menu", "animated": false }"#,
            #"{ "present": "share", "from": "root", "animated": false }"#,
        ]), file: "v.json"))
        let events = original.recorder.events
        let old = events.map { e in var e = e; e.facts = e.facts.map { var f = $0; f.verticalSizeClass = nil; return f }; return e }
        let oldReplay = try ScenarioReplay.scenario(from: old, name: "old")
        XCTAssertEqual(oldReplay.environment.verticalSizeClass, .regular)
        XCTAssertEqual(oldReplay.environment.idiom, .pad, "regular width in a regular height")

        var turned = events
        let last = try XCTUnwrap(turned.lastIndex { !$0.facts.isEmpty })
        turned[last].facts = turned[last].facts.map { var f = $0; f.verticalSizeClass = .regular; return f }
        let replay = try ScenarioReplay.scenario(from: turned, name: "turned")
        XCTAssertEqual(replay.environment.verticalSizeClass, .compact)
        XCTAssertEqual(replay.environment.idiom, .phone, "regular width in a compact height is a large iPhone")
        XCTAssertTrue(replay.comment?.contains("vertical size class too (the device turned)") == true, replay.comment ?? "no comment")
    }
}
