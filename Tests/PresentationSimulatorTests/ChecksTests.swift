import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// DESIGN rule 4: the checks, their order, UIKit's messages, and that a rejection changes nothing.
final class ChecksTests: XCTestCase {
    private func rejection(_ e: Event?, file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
        XCTAssertEqual(e?.outcome, .rejected, file: file, line: line)
        return e?.diagnostics.first
    }

    /// The tabbed hierarchy after `steps`, and the rejection of its last present.
    private func rejectingLast(_ steps: [String], file: StaticString = #filePath, line: UInt = #line) throws -> (Run, Diagnostic) {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: steps))
        return (r, try XCTUnwrap(rejection(r.presents.last, file: file, line: line), file: file, line: line))
    }

    func testAlreadyPresented() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "list" }"#, #"{ "advance": 1 }"#,
            #"{ "present": "a", "from": "a" }"#,
        ]))
        let d = try XCTUnwrap(rejection(r.presents.last))
        XCTAssertEqual(d.code, .alreadyPresented)
        XCTAssertEqual(d.severity, .error)
        XCTAssertEqual(d.message, "Application tried to present modally a view controller <AViewController: a> that is already being presented by <UITabBarController: root>.")
        XCTAssertEqual(r.chain("main"), ["root", "a"], "nothing changes")
        XCTAssertTrue(r.simulation.console.contains { $0.text.contains("NSInvalidArgumentException") })
    }

    func testActiveController() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [#"{ "present": "list", "from": "other" }"#]))
        let d = try XCTUnwrap(rejection(r.presents.last))
        XCTAssertEqual(d.code, .activeController)
        XCTAssertEqual(d.message, "Application tried to present modally an active controller <ListViewController: list>.")
        // A window's root is active too.
        let r2 = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "list" }"#, #"{ "advance": 1 }"#, #"{ "present": "root", "from": "a" }"#,
        ]))
        XCTAssertEqual(rejection(r2.presents.last)?.code, .activeController)
    }

    func testPresentationInProgressComesBeforeAlreadyPresenting() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "list" }"#,
            #"{ "present": "b", "from": "list" }"#,
        ]))
        let d = try XCTUnwrap(rejection(r.presents.last))
        XCTAssertEqual(d.code, .presentationInProgress, "both checks fail; the in-progress check runs first")
        XCTAssertEqual(d.severity, .warning)
        XCTAssertEqual(d.message, "Attempt to present <BViewController: b> on <UITabBarController: root> (from <ListViewController: list>) while a presentation is in progress.")
        XCTAssertEqual(r.chain("main"), ["root", "a"])
        XCTAssertNil(r.c("b").presenting)
    }

    func testAlreadyPresentingIsInheritedFromAncestors() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "list" }"#, #"{ "advance": 1 }"#,
            #"{ "present": "b", "from": "list" }"#,
        ]))
        let d = try XCTUnwrap(rejection(r.presents.last))
        XCTAssertEqual(d.code, .alreadyPresenting)
        XCTAssertEqual(d.message, "Attempt to present <BViewController: b> on <UITabBarController: root> (from <ListViewController: list>) which is already presenting <AViewController: a>.")
        XCTAssertTrue(r.simulation.console.contains { $0.text == "[Presentation] " + d.message })
    }

    func testAlreadyPresentingComesBeforeNotInWindowHierarchy() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "list" }"#, #"{ "advance": 1 }"#,
            #"{ "present": "b", "from": "other" }"#,
        ]))
        XCTAssertEqual(rejection(r.presents.last)?.code, .alreadyPresenting)
    }

    /// Real console output (DESIGN rule 4, the console corpus): a window root covered by a completed
    /// full-screen presentation is not in the window hierarchy, whatever it presents.
    func testAPresentOnARootCoveredByAFullScreenModalIsNotInTheWindowHierarchy() throws {
        let (r, d) = try rejectingLast([#"{ "present": "full", "from": "list" }"#, #"{ "advance": 1 }"#, #"{ "present": "b", "from": "root" }"#])
        XCTAssertEqual(d.code, .notInWindowHierarchy, "the window check comes before already-presenting")
        XCTAssertEqual(d.message, "Attempt to present <BViewController: b> on <UITabBarController: root> (from <UITabBarController: root>) whose view is not in the window hierarchy.")
        XCTAssertEqual(r.presents.last?.presenting?.id, "root")
        XCTAssertTrue(r.presents.last?.explanation.contains { $0.hasPrefix("Check not-in-window-hierarchy failed: the presenting controller UITabBarController (root)") } == true)
        XCTAssertEqual(r.chain("main"), ["root", "full"])
        // From a child of the covered root: the same, naming the root (the presenting controller).
        let (_, child) = try rejectingLast([#"{ "present": "full", "from": "list" }"#, #"{ "advance": 1 }"#, #"{ "present": "b", "from": "list" }"#])
        XCTAssertEqual(child.message, "Attempt to present <BViewController: b> on <UITabBarController: root> (from <ListViewController: list>) whose view is not in the window hierarchy.")
    }

    /// The same root under a sheet stays in the window: UIKit says it already presents the sheet.
    func testAPresentOnARootUnderASheetIsAlreadyPresenting() throws {
        let (_, d) = try rejectingLast([#"{ "present": "sheet", "from": "list" }"#, #"{ "advance": 1 }"#, #"{ "present": "b", "from": "root" }"#])
        XCTAssertEqual(d.code, .alreadyPresenting)
        XCTAssertEqual(d.message, "Attempt to present <BViewController: b> on <UITabBarController: root> (from <UITabBarController: root>) which is already presenting <SheetViewController: sheet>.")
    }

    /// A present on the controller being dismissed: UIKit says its view is not in the window
    /// hierarchy, not that a presentation is in progress (react-native-image-crop-picker issue 1631).
    func testAPresentOnAControllerBeingDismissedIsNotInTheWindowHierarchy() throws {
        let (r, d) = try rejectingLast([
            #"{ "present": "a", "from": "list" }"#, #"{ "advance": 1 }"#, #"{ "dismiss": "a" }"#, #"{ "present": "b", "from": "a" }"#,
        ])
        XCTAssertEqual(d.code, .notInWindowHierarchy)
        XCTAssertEqual(d.message, "Attempt to present <BViewController: b> on <AViewController: a> (from <AViewController: a>) whose view is not in the window hierarchy.")
        XCTAssertTrue(r.presents.last?.explanation.contains { $0.contains("is being dismissed, so its view is leaving the window") } == true)
        XCTAssertEqual(d.fix, "<AViewController: a> is being dismissed: present from the completion handler of that dismissal, from the controller that presented it")
    }

    /// A present elsewhere in the window while a dismissal runs: not a presentation in progress (the
    /// one report of the case, swift-composable-architecture issue 1277), and the event says the
    /// answer is unverified.
    func testARunningDismissalIsNotAPresentationInProgress() throws {
        let (r, d) = try rejectingLast([
            #"{ "present": "full", "from": "list" }"#, #"{ "advance": 1 }"#, #"{ "dismiss": "full" }"#, #"{ "present": "b", "from": "list" }"#,
        ])
        let e = try XCTUnwrap(r.presents.last)
        XCTAssertEqual(d.code, .alreadyPresenting, "the covered root is back in the window once the dismissal begins")
        XCTAssertEqual(d.message, "Attempt to present <BViewController: b> on <UITabBarController: root> (from <ListViewController: list>) which is already presenting <FullViewController: full>.")
        XCTAssertTrue(e.explanation.contains { $0.hasPrefix("A dismissal is still running in this window.") && $0.contains("unverified") })
        XCTAssertEqual(d.fix, "<FullViewController: full> is being dismissed: present from the completion handler of that dismissal (whether UIKit also counts a running dismissal as a presentation in progress is unverified; it names <FullViewController: full> here)")
        // Once the dismissal has ended, the present goes ahead.
        r.simulation.advance(by: 1)
        r.simulation.present(r.c("b"), from: r.c("list"))
        XCTAssertEqual(r.presents.last?.outcome, .presented)
    }

    /// The popover exception names the popover presentation controller, not the presented controller.
    func testAnAnchorlessPopoverNamesItsPopoverPresentationController() throws {
        let controllers = #"[ { "id": "root", "type": "RootViewController" }, { "id": "menu", "type": "MenuViewController", "modalPresentationStyle": "popover" } ]"#
        let r = try simulate(scenarioJSON(env: #"{ "idiom": "pad" }"#, controllers: controllers, steps: [#"{ "present": "menu", "from": "root" }"#]))
        let e = try XCTUnwrap(r.presents.last)
        XCTAssertEqual(rejection(e)?.message, "UIPopoverPresentationController (<UIPopoverPresentationController: menu.popoverPresentationController>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.")
        XCTAssertTrue(e.explanation.contains { $0.contains("MenuViewController (menu) is shown as a popover") && $0.contains("naming its popover presentation controller <UIPopoverPresentationController: menu.popoverPresentationController>") })
    }

    func testPresentingFromANonSelectedTabIsNotInTheWindowHierarchy() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [#"{ "present": "sheet", "from": "other" }"#]))
        let d = try XCTUnwrap(rejection(r.presents.last))
        XCTAssertEqual(d.code, .notInWindowHierarchy)
        XCTAssertEqual(d.message, "Attempt to present <SheetViewController: sheet> on <UITabBarController: root> (from <OtherViewController: other>) whose view is not in the window hierarchy.")
        XCTAssertEqual(r.chain("main"), ["root"])
        // Selecting the tab puts the view in the window.
        let r2 = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "select": 1, "in": "root" }"#, #"{ "present": "sheet", "from": "other" }"#,
        ]))
        XCTAssertEqual(r2.presents.last?.outcome, .presented)
    }

    func testCoveredByAFullScreenPresentationLeavesTheWindowUntilDismissed() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "full", "from": "list" }"#, #"{ "advance": 1 }"#,
        ]))
        XCTAssertFalse(r.simulation.isViewInWindow(r.c("list")))
        XCTAssertFalse(r.simulation.isViewInWindow(r.c("root")))
        XCTAssertTrue(r.simulation.isViewInWindow(r.c("full")))
        r.simulation.present(r.c("b"), from: r.c("full"))
        XCTAssertEqual(r.presents.last?.outcome, .presented)
        XCTAssertEqual(r.presents.last?.presenting?.id, "full")
        r.simulation.advance(by: 1)
        r.simulation.dismiss(r.c("list"))
        r.simulation.advance(by: 1)
        XCTAssertEqual(r.ids(try XCTUnwrap(r.dismisses.last).dismissed), ["b", "full"])
        XCTAssertTrue(r.simulation.isViewInWindow(r.c("list")))
    }

    func testDetachedPresenter() throws {
        let controllers = #"[ { "id": "root", "type": "RootViewController" }, { "id": "orphan", "type": "OrphanViewController" }, { "id": "p", "type": "PViewController" } ]"#
        let r = try simulate(scenarioJSON(controllers: controllers, steps: [#"{ "present": "p", "from": "orphan" }"#]))
        let e = try XCTUnwrap(r.presents.first)
        XCTAssertEqual(e.diagnostics.map(\.code), [.notInWindowHierarchy, .detachedPresenter])
        XCTAssertEqual(try e.diagnostics.element(1).message, "Presenting view controllers on detached view controllers is discouraged <OrphanViewController: orphan>.")
        XCTAssertNil(e.window)
    }

    func testOffMainThreadIsFlaggedButPresents() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [#"{ "present": "a", "from": "list", "thread": "worker" }"#]))
        let e = try XCTUnwrap(r.presents.first)
        XCTAssertEqual(e.outcome, .presented)
        XCTAssertEqual(e.thread, "worker")
        XCTAssertEqual(e.diagnostics.map(\.code), [.offMainThread])
        XCTAssertEqual(e.diagnostics.first?.severity, .error)
    }

    func testDeepChain() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "list", "animated": false }"#,
            #"{ "present": "b", "from": "a", "animated": false }"#,
            #"{ "present": "c", "from": "b", "animated": false }"#,
            #"{ "present": "sheet", "from": "c", "animated": false }"#,
        ]))
        XCTAssertEqual(r.presents.map { $0.diagnostics.map(\.code) }, [[], [], [], [.deepChain]])
        XCTAssertEqual(r.presents.last?.diagnostics.first?.severity, .info)
    }
}
