import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// DESIGN rules 0–3 and 5: defaults, styles, presenting controller, context provider, transition.
final class PresentRulesTests: XCTestCase {
    func testDefaultsFollowUIKit() {
        let nav = SimController(id: "n", type: "UINavigationController")
        let plain = SimController(id: "p", type: "PlainViewController")
        XCTAssertTrue(nav.definesPresentationContext, "UINavigationController defaults to true")
        XCTAssertFalse(plain.definesPresentationContext)
        XCTAssertEqual(plain.modalPresentationStyle, .automatic)
        XCTAssertEqual(plain.modalTransitionStyle, .coverVertical)
        XCTAssertFalse(plain.providesPresentationContextTransitionStyle)
        XCTAssertFalse(plain.isModalInPresentation)
        XCTAssertEqual(PresentationStyle.automatic.rawValue, -2)
        XCTAssertEqual(PresentationStyle.none.rawValue, -1)
        XCTAssertEqual(PresentationStyle.popover.rawValue, 7)
        XCTAssertEqual(TransitionStyle.partialCurl.rawValue, 3)
    }

    func testEffectiveStyleRules() {
        // Rule 1 by version (UIKitVersions.automaticStyle): formSheet from iOS 18, pageSheet before;
        // the newest modelled without a version.
        XCTAssertEqual(PresentationResolver.effectiveStyle(.automatic, sizeClass: .regular).0, .formSheet)
        XCTAssertEqual(PresentationResolver.effectiveStyle(.automatic, sizeClass: .regular, version: SystemVersion(major: 18)).0, .formSheet)
        XCTAssertEqual(PresentationResolver.effectiveStyle(.automatic, sizeClass: .regular, version: SystemVersion(major: 17, minor: 6)).0, .pageSheet)
        XCTAssertEqual(PresentationResolver.effectiveStyle(.automatic, sizeClass: .compact, version: SystemVersion(major: 15)).0, .pageSheet)
        XCTAssertEqual(PresentationResolver.effectiveStyle(.pageSheet, sizeClass: .regular, version: SystemVersion(major: 26)).0, .pageSheet)
        XCTAssertEqual(PresentationResolver.effectiveStyle(.popover, sizeClass: .compact).0, .formSheet)
        XCTAssertEqual(PresentationResolver.effectiveStyle(.popover, sizeClass: .regular).0, .popover)
        XCTAssertEqual(PresentationResolver.effectiveStyle(.formSheet, sizeClass: .compact).0, .formSheet)
        XCTAssertEqual(PresentationResolver.effectiveStyle(.overCurrentContext, sizeClass: .compact).0, .overCurrentContext)
        XCTAssertEqual(PresentationResolver.effectiveStyle(.currentContext, sizeClass: .compact).0, .currentContext)
    }

    func testPresentFromChildOfNavigationInsideTabBarUsesTheRoot() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [#"{ "present": "sheet", "from": "list" }"#]))
        let e = try XCTUnwrap(r.presents.first)
        XCTAssertEqual(e.outcome, .presented)
        XCTAssertEqual(e.source?.id, "list")
        XCTAssertEqual(e.presenting?.id, "root", "the tab bar controller, the presentation root, presents")
        XCTAssertEqual(e.contextProvider?.id, "root")
        XCTAssertEqual(e.requestedStyle, .automatic)
        XCTAssertEqual(e.effectiveStyle, .formSheet)
        XCTAssertEqual(e.window, "main")
        XCTAssertEqual(r.ids(e.chain), ["root", "sheet"])
        XCTAssertTrue(r.c("sheet").presenting === r.c("root"))
        XCTAssertTrue(r.c("root").presented === r.c("sheet"))
        // Rule 5: the source answers presentedViewController through its ancestors.
        XCTAssertTrue(Hierarchy.presentedController(of: r.c("list")) === r.c("sheet"))
        XCTAssertTrue(e.explanation.contains { $0.contains("Walking up through parent: ListViewController → UINavigationController → UITabBarController") })
    }

    func testCurrentContextFindsTheNavigationControllerByDefault() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [#"{ "present": "ctx", "from": "list" }"#]))
        let e = try XCTUnwrap(r.presents.first)
        XCTAssertEqual(e.presenting?.id, "nav")
        XCTAssertEqual(e.contextProvider?.id, "nav")
        XCTAssertEqual(e.effectiveStyle, .currentContext)
        XCTAssertEqual(e.effectiveTransition, .crossDissolve, "the provider does not provide its transition style")
        XCTAssertTrue(e.explanation.contains { $0.contains("ListViewController.definesPresentationContext = false, UINavigationController.definesPresentationContext = true") })
    }

    func testCurrentContextWithoutDefiningAncestorFallsBackToTheRoot() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "set": "nav", "definesPresentationContext": false }"#,
            #"{ "present": "overCtx", "from": "list" }"#,
        ]))
        let e = try XCTUnwrap(r.presents.first)
        XCTAssertEqual(e.presenting?.id, "root")
        XCTAssertEqual(e.contextProvider?.id, "root")
        XCTAssertTrue(e.explanation.contains { $0.contains("none defines one") })
    }

    func testSourceDefiningTheContextPresentsItself() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "set": "list", "definesPresentationContext": true }"#,
            #"{ "present": "ctx", "from": "list" }"#,
        ]))
        XCTAssertEqual(r.presents.first?.presenting?.id, "list")
        XCTAssertTrue(r.c("list").presented === r.c("ctx"))
    }

    func testNonContextStyleIgnoresDefinesPresentationContext() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "set": "list", "definesPresentationContext": true }"#,
            #"{ "present": "full", "from": "list" }"#,
        ]))
        XCTAssertEqual(r.presents.first?.presenting?.id, "root")
    }

    func testProvidedTransitionStyleReplacesThePresentedOne() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "set": "nav", "providesPresentationContextTransitionStyle": true, "modalTransitionStyle": "flipHorizontal" }"#,
            #"{ "present": "ctx", "from": "list" }"#,
            #"{ "advance": 1 }"#,
            #"{ "dismiss": "ctx" }"#,
            #"{ "advance": 1 }"#,
            #"{ "comment": "not a context style: the provider's transition is not used", "present": "sheet", "from": "list" }"#,
        ]))
        let first = try r.presents.element(0)
        XCTAssertEqual(first.requestedTransition, .crossDissolve)
        XCTAssertEqual(first.effectiveTransition, .flipHorizontal)
        XCTAssertEqual(try r.presents.element(1).requestedTransition, .coverVertical)
        XCTAssertEqual(try r.presents.element(1).effectiveTransition, .coverVertical)
    }

    func testPresentingFromAPresentedControllerChainsOnTop() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "list" }"#, #"{ "advance": 1 }"#,
            #"{ "present": "b", "from": "a" }"#, #"{ "advance": 1 }"#,
            #"{ "present": "c", "from": "b" }"#, #"{ "advance": 1 }"#,
        ]))
        XCTAssertEqual(r.presents.map(\.presenting?.id), ["root", "a", "b"])
        XCTAssertEqual(r.chain("main"), ["root", "a", "b", "c"])
        XCTAssertEqual(r.ids(try r.presents.element(2).chain), ["root", "a", "b", "c"])
    }

    func testPopoverNeedsAnAnchorOnlyWhenReallyShownAsAPopover() throws {
        let controllers = """
        [ { "id": "root", "type": "RootViewController" },
          { "id": "menu", "type": "MenuViewController", "modalPresentationStyle": "popover" },
          { "id": "anchored", "type": "MenuViewController", "modalPresentationStyle": "popover", "hasPopoverAnchor": true } ]
        """
        // Compact width: the popover adapts to a sheet (formSheet) and needs no anchor here (what
        // an iPad would do is the other-size-class warning, OtherSizeClassTests).
        let phone = try simulate(scenarioJSON(controllers: controllers, steps: [#"{ "present": "menu", "from": "root" }"#]))
        let e = try XCTUnwrap(phone.presents.first)
        XCTAssertEqual(e.effectiveStyle, .formSheet)
        XCTAssertEqual(e.outcome, .presented)
        XCTAssertEqual(e.diagnostics.map(\.code), [.otherSizeClass])
        XCTAssertTrue(phone.c("root").isViewInWindow, "a sheet keeps the presenter's view in the window")
        // Regular width without an anchor: UIKit raises, the present is rejected.
        let padBare = try simulate(scenarioJSON(env: #"{ "idiom": "pad" }"#, controllers: controllers, steps: [#"{ "present": "menu", "from": "root" }"#]))
        let r = try XCTUnwrap(padBare.presents.first)
        XCTAssertEqual(r.outcome, .rejected)
        XCTAssertEqual(r.diagnostics.map(\.code), [.popoverWithoutAnchor])
        XCTAssertEqual(r.diagnostics.first?.message, "UIPopoverPresentationController (<UIPopoverPresentationController: menu.popoverPresentationController>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.")
        XCTAssertEqual(r.diagnostics.first?.severity, .error)
        XCTAssertNil(padBare.c("menu").presenting)
        XCTAssertEqual(padBare.events.filter { $0.kind == .presentCompleted }.count, 0)
        let pad = try simulate(scenarioJSON(env: #"{ "idiom": "pad" }"#, controllers: controllers, steps: [#"{ "present": "anchored", "from": "root" }"#]))
        XCTAssertEqual(pad.presents.first?.effectiveStyle, .popover)
        XCTAssertEqual(pad.presents.first?.diagnostics, [])
    }
}
