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
