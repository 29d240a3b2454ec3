import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// Scenario steps carrying `observed`: the simulation follows UIKit's (overridden) answer and
/// the event records the observation with one `model-drift` per differing field.
final class ObservedTests: XCTestCase {
    private func drifts(_ e: Event) -> [Diagnostic] { e.diagnostics.filter { $0.code == .modelDrift } }

    func testPresentOverrideYieldsOneDriftPerDifferingFieldAndChainFollows() throws {
        // The model puts the sheet on the tab bar (root); "UIKit" chose nav and fullScreen.
        let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list", "observed": { "presenting": "nav", "effectiveStyle": "fullScreen" } }"#,
            #"{ "advance": 1 }"#,
        ]))
        let e = try XCTUnwrap(run.presents.first)
        XCTAssertEqual(e.presenting?.id, "root", "the top-level field stays the model's prediction")
        XCTAssertEqual(e.effectiveStyle, .formSheet)
        XCTAssertEqual(e.observed?.presenting?.id, "nav")
        XCTAssertEqual(e.observed?.effectiveStyle, .fullScreen)
        let d = drifts(e)
        XCTAssertEqual(d.count, 2)
        XCTAssertEqual(d.map(\.severity), [.warning, .warning])
        XCTAssertEqual(try d.element(0).message, "model predicted presenting <UITabBarController: root>, UIKit chose <UINavigationController: nav>")
        XCTAssertEqual(try d.element(1).message, "model predicted effectiveStyle formSheet, UIKit chose fullScreen")
        // The chain follows reality: nav presents the sheet, as a full-screen presentation.
        XCTAssertIdentical(run.c("sheet").presenting, run.c("nav"))
        XCTAssertEqual(run.c("sheet").effectiveStyle, .fullScreen)
        XCTAssertEqual(run.chain("main"), ["root", "sheet"])
    }

    func testObservedEqualToPredictionRecordsObservationWithoutDrift() throws {
        let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list", "observed": { "presenting": "root", "presentationControllerClass": "UISheetPresentationController" } }"#,
        ]))
        let e = try XCTUnwrap(run.presents.first)
        XCTAssertEqual(e.observed?.presentationControllerClass, "UISheetPresentationController")
        XCTAssertEqual(drifts(e), [])
    }

    func testDismissOverrideRemovesOnlyTheObservedControllers() throws {
        let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "root", "animated": false }"#,
            #"{ "present": "b", "from": "a", "animated": false }"#,
            #"{ "dismiss": "root", "animated": false, "observed": { "dismissed": ["b"] } }"#,
        ]))
        let e = try XCTUnwrap(run.dismisses.first)
        XCTAssertEqual(run.ids(e.dismissed), ["b", "a"], "the prediction stays")
        XCTAssertEqual(e.observed?.dismissed.map(run.ids), ["b"])
        XCTAssertEqual(drifts(e).map(\.message), ["model predicted dismissed [<BViewController: b>, <AViewController: a>], UIKit chose [<BViewController: b>]"])
        XCTAssertEqual(run.chain("main"), ["root", "a"], "only b went away")
        XCTAssertNil(run.c("b").presenting)
        XCTAssertIdentical(run.c("a").presenting, run.c("root"))
    }

    func testDismissHandledByDrift() throws {
        let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "root", "animated": false }"#,
            #"{ "dismiss": "a", "animated": false, "observed": { "handledBy": "nav" } }"#,
        ]))
        let e = try XCTUnwrap(run.dismisses.first)
        XCTAssertEqual(drifts(e).map(\.message), ["model predicted handledBy <UITabBarController: root>, UIKit chose <UINavigationController: nav>"])
    }

    func testUnknownObservedKeyIsAnErrorNamingStepAndKey() {
        let json = scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list", "observed": { "presentng": "nav" } }"#,
        ])
        XCTAssertThrowsError(try Scenario.parse(json, file: "test.json")) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("steps[0] (present)"), text)
            XCTAssertTrue(text.contains("observed.presentng"), text)
        }
        // dismiss-only keys are not accepted on a present, nor unknown ids.
        for bad in [#"{ "present": "sheet", "from": "list", "observed": { "dismissed": ["a"] } }"#,
                    #"{ "dismiss": "sheet", "observed": { "presenting": "nav" } }"#,
                    #"{ "present": "sheet", "from": "list", "observed": { "presenting": "ghost" } }"#,
                    #"{ "present": "sheet", "from": "list", "observed": { "effectiveStyle": "sideways" } }"#,
                    #"{ "dismiss": "sheet", "observed": { "dismissed": [1] } }"#,
                    #"{ "dismiss": "sheet", "observed": [] }"#] {
            XCTAssertThrowsError(try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: [bad]), file: "t.json"), bad)
        }
    }

    func testObservationRoundTripsThroughTheLog() throws {
        let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list", "observed": { "presenting": "nav", "effectiveStyle": "fullScreen", "effectiveTransition": "crossDissolve", "presentationControllerClass": "X" } }"#,
        ]))
        let e = try XCTUnwrap(run.presents.first)
        let line = EventCoding.encode(e)
        XCTAssertTrue(line.contains(#""observed":{"presenting":{"id":"nav""#), line)
        let back = try EventCoding.decodeEvent(XCTUnwrap(JSONParser.parse(line).objectValue))
        XCTAssertEqual(back, e)
    }

    func testOldLinesWithoutObservedStillReadAndUnknownObservedFieldsAreIgnored() throws {
        let old = #"{"seq":1,"time":0,"kind":"present","outcome":"presented","diagnostics":[],"chain":[]}"#
        XCTAssertNil(try EventCoding.decodeEvent(XCTUnwrap(JSONParser.parse(old).objectValue)).observed)
        let newer = #"{"seq":1,"time":0,"kind":"present","outcome":"presented","observed":{"futureField":3,"window":"w"}}"#
        XCTAssertEqual(try EventCoding.decodeEvent(XCTUnwrap(JSONParser.parse(newer).objectValue)).observed?.window, "w")
        let bad = #"{"seq":1,"time":0,"kind":"present","outcome":"presented","observed":{"effectiveStyle":"sideways"}}"#
        XCTAssertThrowsError(try EventCoding.decodeEvent(XCTUnwrap(JSONParser.parse(bad).objectValue))) { error in
            XCTAssertEqual((error as? EventDecodingError)?.key, "observed.effectiveStyle")
        }
    }

    func testBuiltInScenariosYieldNoModelDriftAndNoObservation() throws {
        for s in BuiltInScenarios.all {
            let scenario = try Scenario.parse(s.json, file: s.key)
            let sim = Simulation()
            try sim.run(scenario)
            for e in sim.recorder.events {
                XCTAssertEqual(drifts(e), [], "\(s.key) #\(e.seq)")
                XCTAssertNil(e.observed, "\(s.key) #\(e.seq)")
                XCTAssertFalse(EventCoding.encode(e).contains("\"observed\""))
            }
        }
    }
}
