import XCTest
@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// Every present is also resolved in the other horizontal size class (DESIGN, rule 11).
final class OtherSizeClassTests: XCTestCase {
    private let controllers = """
    [ { "id": "root", "type": "RootViewController" },
      { "id": "menu", "type": "MenuViewController", "modalPresentationStyle": "popover" },
      { "id": "anchored", "type": "MenuViewController", "modalPresentationStyle": "popover", "hasPopoverAnchor": true },
      { "id": "sheet", "type": "SheetViewController" } ]
    """
    private let anchorMessage = "UIPopoverPresentationController (<UIPopoverPresentationController: menu.popoverPresentationController>) should have a non-nil sourceView or barButtonItem set before the presentation occurs."

    func testAnAnchorlessPopoverOnAPhoneWarnsThatAnIPadRaises() throws {
        let phone = try simulate(scenarioJSON(controllers: controllers, steps: [#"{ "present": "menu", "from": "root" }"#]))
        let e = try XCTUnwrap(phone.presents.first)
        XCTAssertEqual(e.outcome, .presented)
        XCTAssertEqual(e.effectiveStyle, .formSheet)
        XCTAssertEqual(e.diagnostics.map(\.code), [.otherSizeClass])
        let d = try XCTUnwrap(e.diagnostics.first)
        XCTAssertEqual(d.severity, .warning)
        XCTAssertEqual(d.message, "In regular width and height (an iPad, full screen or in a wide split) UIKit raises (the app crashes): " + anchorMessage)
        XCTAssertEqual(d.fix, "give <MenuViewController: menu> an anchor: set popoverPresentationController?.sourceItem = … (iOS 16 and later: "
                       + "a bar button item or a view), or sourceView = … with sourceRect, before presenting it; compact width ignores "
                       + "the anchor, so it is right on every device")
        // The model's own rule on this device is unchanged: the popover adapts and goes ahead.
        XCTAssertEqual(phone.c("menu").presenting?.id, "root")
    }

    func testTheSwitchTurnsItOffInTheConfigurationAndInTheScenario() throws {
        let steps = [#"{ "present": "menu", "from": "root" }"#]
        let off = try simulate(scenarioJSON(controllers: controllers, steps: steps),
                               configuration: HandlerConfiguration(checksOtherSizeClass: false))
        XCTAssertEqual(off.presents.first?.outcome, .presented)
        XCTAssertEqual(off.presents.first?.diagnostics, [])

        let json = scenarioJSON(controllers: controllers, steps: steps)
            .replacingOccurrences(of: #""environment":"#, with: #""options": { "checksOtherSizeClass": false }, "environment":"#)
        let scenario = try Scenario.parse(json, file: "test.json")
        XCTAssertEqual(scenario.checksOtherSizeClass, false)
        let sim = Simulation()
        try sim.run(scenario)
        XCTAssertEqual(sim.recorder.events.first { $0.kind == .present }?.diagnostics, [])
        // A later scenario without the option goes back to the configuration's choice (on).
        let again = Simulation()
        try again.load(scenario)
        XCTAssertFalse(again.handler.checksOtherSizeClass)
        var plain = Scenario(name: "plain")
        plain.checksOtherSizeClass = nil
        try again.load(plain)
        XCTAssertTrue(again.handler.checksOtherSizeClass)
    }

    func testOnAnIPadTheRejectionStandsAndTheAdaptingPhoneAddsNothing() throws {
        let pad = try simulate(scenarioJSON(env: #"{ "idiom": "pad" }"#, controllers: controllers, steps: [
            #"{ "present": "menu", "from": "root" }"#, #"{ "present": "anchored", "from": "root" }"#,
        ]))
        XCTAssertEqual(pad.presents.map(\.outcome), [.rejected, .presented])
        XCTAssertEqual(try pad.presents.element(0).diagnostics.map(\.code), [.popoverWithoutAnchor])
        XCTAssertEqual(try pad.presents.element(0).diagnostics.first?.message, anchorMessage)
        // Anchored: a popover here, full screen on a phone; a style that adapts is no finding.
        XCTAssertEqual(try pad.presents.element(1).effectiveStyle, .popover)
        XCTAssertEqual(try pad.presents.element(1).diagnostics, [])
    }

    func testSheetsAndAnchoredPopoversOnAPhoneAddNothing() throws {
        let phone = try simulate(scenarioJSON(controllers: controllers, steps: [
            #"{ "present": "anchored", "from": "root", "animated": false }"#, #"{ "dismiss": "anchored", "animated": false }"#,
            #"{ "present": "sheet", "from": "root", "animated": false }"#,
        ]))
        XCTAssertEqual(phone.presents.map(\.outcome), [.presented, .presented])
        XCTAssertEqual(phone.events.flatMap(\.diagnostics), [])
    }

    /// A present refused here already carries its own finding: the other size class adds none,
    /// and the second resolve is not even made.
    func testARejectedPresentGetsNoSecondFinding() throws {
        let phone = try simulate(scenarioJSON(controllers: controllers, steps: [
            #"{ "present": "sheet", "from": "root", "animated": false }"#, #"{ "present": "menu", "from": "root" }"#,
        ]))
        XCTAssertEqual(try phone.presents.element(1).outcome, .rejected)
        XCTAssertEqual(try phone.presents.element(1).diagnostics.map(\.code), [.alreadyPresenting])
    }

    // MARK: the comparison itself, for outcomes today's rules reach only in one size class

    /// Where the other size class would refuse the present without raising, or cover another
    /// area, the warning says so; the same outcome in both says nothing.
    func testTheComparisonNamesARefusalAndAnotherContext() throws {
        let sim = Simulation()
        try sim.run(try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "set": "nav", "definesPresentationContext": true }"#,
        ]), file: "test.json"))
        let list = try XCTUnwrap(sim.controller("list")), sheet = try XCTUnwrap(sim.controller("sheet"))
        let ctx = try XCTUnwrap(sim.controller("overCtx"))
        let here = PresentationResolver.resolvePresent(source: list, presented: sheet)
        XCTAssertNil(OtherSizeClass.difference(here: here, there: here, in: .regular))

        // Covering the navigation controller's area instead of the tab bar's.
        let context = PresentationResolver.resolvePresent(source: list, presented: ctx)
        let moved = try XCTUnwrap(OtherSizeClass.difference(here: here, there: context, in: .regular))
        XCTAssertEqual(moved.code, .otherSizeClass)
        XCTAssertEqual(moved.severity, .warning)
        XCTAssertEqual(moved.message, "In regular width and height (an iPad, full screen or in a wide split) <SheetViewController: sheet> is presented by "
                       + "<UINavigationController: nav> and covers the area of <UINavigationController: nav> (overCurrentContext), "
                       + "not of <UITabBarController: root> as here (formSheet).")
        XCTAssertTrue(moved.fix?.contains("<SheetViewController: sheet>") == true, moved.fix ?? "nil")

        // Refused (a warning-level check) rather than raising: UIKit's words and that check's own remedy.
        let other = try XCTUnwrap(sim.controller("other"))
        let hidden = PresentationResolver.resolvePresent(source: other, presented: sheet)
        XCTAssertEqual(hidden.rejection?.code, .notInWindowHierarchy)
        let refused = try XCTUnwrap(OtherSizeClass.difference(here: here, there: hidden, in: .compact))
        XCTAssertEqual(refused.message, "In compact width or height (an iPhone, an iPad in Slide Over or a narrow split) UIKit refuses the present: "
                       + (hidden.rejection?.message ?? ""))
        XCTAssertEqual(refused.fix, "present once <OtherViewController: other> is in a window (viewDidAppear)")
    }

    // MARK: the scenario option

    func testTheOptionIsCheckedAndWrittenBack() throws {
        func parse(_ options: String) throws -> Scenario {
            try Scenario.parse(#"{ "options": \#(options), "controllers": [ { "id": "root", "type": "Root" } ], "windows": [], "steps": [] }"#,
                               file: "opts.json")
        }
        XCTAssertThrowsError(try parse(#"{ "checksOtherSize": false }"#)) { error in
            XCTAssertEqual("\(error)", #"opts.json:1:16: options key "checksOtherSize": unknown key (expected one of: checksOtherIOSVersions, checksOtherSizeClass, minimumIOS)"#)
        }
        XCTAssertThrowsError(try parse(#"{ "checksOtherSizeClass": "no" }"#)) { error in
            XCTAssertEqual("\(error)", #"opts.json:1:16: options key "checksOtherSizeClass": must be true or false, found a string"#)
        }
        XCTAssertThrowsError(try parse("[]")) { error in
            XCTAssertTrue("\(error)".hasPrefix("opts.json:1:3: options: options must be an object"), "\(error)")
        }
        let off = try parse(#"{ "checksOtherSizeClass": false }"#)
        XCTAssertTrue(off.jsonText.contains(#""options": {"checksOtherSizeClass":false}"#), off.jsonText)
        XCTAssertEqual(try Scenario.parse(off.jsonText).checksOtherSizeClass, false)
        XCTAssertNil(try parse("{}").checksOtherSizeClass)
        XCTAssertFalse(try parse("{}").jsonText.contains("options"))
    }
}
