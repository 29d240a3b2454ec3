import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// DESIGN rules 6–9: views in the window, dismissal, interactive dismissal, transitions.
final class DismissRulesTests: XCTestCase {
    private let chainSteps = [
        #"{ "present": "a", "from": "list" }"#, #"{ "advance": 1 }"#,
        #"{ "present": "b", "from": "a" }"#, #"{ "advance": 1 }"#,
        #"{ "present": "c", "from": "b" }"#, #"{ "advance": 1 }"#,
    ]

    func testDismissFromTheMiddleOfAThreeDeepChain() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: chainSteps + [#"{ "dismiss": "a" }"#]))
        let e = try XCTUnwrap(r.dismisses.first)
        XCTAssertEqual(e.outcome, .dismissed)
        XCTAssertEqual(e.receiver?.id, "a")
        XCTAssertEqual(e.handledBy?.id, "a")
        XCTAssertEqual(e.forwarded, false)
        XCTAssertEqual(r.ids(e.dismissed), ["c", "b"], "top first")
        XCTAssertEqual(r.ids(e.chain), ["root", "a", "b", "c"], "during the animated dismissal UIKit still holds them")
        XCTAssertEqual(r.chain("main"), ["root", "a"])
        let completed = r.events.filter { $0.kind == .dismissCompleted }
        XCTAssertEqual(completed.first.map { r.ids($0.chain) }, ["root", "a"], "dismiss-completed shows them gone")
        XCTAssertEqual(completed.count, 1, "one operation, one completion: only the top animates")
        XCTAssertEqual(completed.first?.relatesTo, e.seq)
    }

    func testNonAnimatedDismissChainAgreesWithItsCompletionAtTheSameInstant() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: chainSteps + [#"{ "dismiss": "a", "animated": false }"#]))
        let e = try XCTUnwrap(r.dismisses.first)
        let done = try XCTUnwrap(r.events.first { $0.kind == .dismissCompleted })
        XCTAssertEqual(e.time, done.time)
        XCTAssertEqual(r.ids(e.chain), ["root", "a"])
        XCTAssertEqual(r.ids(done.chain), ["root", "a"])
    }

    func testForwardedDismissIsRecordedOnce() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: chainSteps + [#"{ "dismiss": "c" }"#]))
        XCTAssertEqual(r.dismisses.count, 1, "the re-entrant dismiss on the presenting controller is coalesced")
        let e = try r.dismisses.element(0)
        XCTAssertEqual(e.receiver?.id, "c")
        XCTAssertEqual(e.handledBy?.id, "b")
        XCTAssertEqual(e.forwarded, true)
        XCTAssertEqual(r.ids(e.dismissed), ["c"])
        XCTAssertEqual(r.chain("main"), ["root", "a", "b"])
    }

    func testDismissFromAChildUsesTheInheritedPresentedController() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: chainSteps + [#"{ "dismiss": "list" }"#]))
        let e = try r.dismisses.element(0)
        XCTAssertEqual(e.handledBy?.id, "root")
        XCTAssertEqual(e.forwarded, true)
        XCTAssertEqual(r.ids(e.dismissed), ["c", "b", "a"])
        XCTAssertEqual(r.chain("main"), ["root"])
    }

    func testNothingToDismiss() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [#"{ "dismiss": "list" }"#]))
        let e = try r.dismisses.element(0)
        XCTAssertEqual(e.outcome, .noOp)
        XCTAssertEqual(e.diagnostics.map(\.code), [.nothingToDismiss])
        XCTAssertEqual(e.diagnostics.first?.severity, .info)
        XCTAssertTrue(e.dismissed.isEmpty)
        XCTAssertNil(e.handledBy)
    }

    /// UIKit hands the dismiss to the presenting controller first, and the message names that
    /// controller, not the receiver (IDMPhotoBrowser issue 29, SWRevealViewController issue 282).
    func testDismissDuringTransitionChangesNothing() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "list" }"#, #"{ "dismiss": "a" }"#,
        ]))
        XCTAssertEqual(r.dismisses.count, 1, "UIKit's forward to the presenting controller is folded into the call")
        let e = try r.dismisses.element(0)
        XCTAssertEqual(e.outcome, .rejected)
        XCTAssertEqual(e.receiver?.id, "a")
        XCTAssertEqual(e.handledBy?.id, "root")
        XCTAssertEqual(e.forwarded, true)
        XCTAssertEqual(e.diagnostics.first?.code, .dismissDuringTransition)
        XCTAssertEqual(e.diagnostics.first?.message, "Attempt to dismiss from view controller <UITabBarController: root> while a presentation or dismiss is in progress!")
        XCTAssertTrue(r.simulation.console.contains { $0.text == "[Presentation] " + (e.diagnostics.first?.message ?? "") })
        XCTAssertEqual(r.chain("main"), ["root", "a"])
    }

    /// A presenting controller refusing a dismiss sent to itself names itself.
    func testDismissDuringTransitionSentToThePresenterNamesIt() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "list" }"#, #"{ "dismiss": "root" }"#,
        ]))
        let e = try r.dismisses.element(0)
        XCTAssertEqual(e.outcome, .rejected)
        XCTAssertEqual(e.handledBy?.id, "root")
        XCTAssertEqual(e.forwarded, false)
        XCTAssertEqual(e.diagnostics.first?.message, "Attempt to dismiss from view controller <UITabBarController: root> while a presentation or dismiss is in progress!")
    }

    /// A transition's end settles only what it started: a sheet swiped away during its animated
    /// dismissal and presented again keeps its new presentation when the old dismissal ends, and
    /// that presentation completes at the end of its own transition.
    func testAnEndingTransitionLeavesALaterPresentationAlone() throws {
        let sim = Simulation()
        try sim.load(try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: [])))
        let a = try XCTUnwrap(sim.controller("a")), list = try XCTUnwrap(sim.controller("list"))
        sim.present(a, from: list, animated: false)
        sim.dismiss(a, animated: true)
        try sim.swipeDown(a, complete: true)
        sim.advance(by: 0.1)
        sim.present(a, from: list, animated: true)
        XCTAssertNotNil(a.presentingNode, "presented again")
        sim.advance(by: 0.3)  // the first dismissal's transition ends (0.35 s after it began)
        XCTAssertNotNil(a.presentingNode, "the earlier dismissal does not remove the new presentation")
        XCTAssertTrue(a.isBeingPresentedOrDismissed, "the new presentation's transition still runs")
        sim.advance(by: 0.1)
        XCTAssertFalse(a.isBeingPresentedOrDismissed)
        XCTAssertEqual(sim.windowChains().first { $0.id == "main" }?.chain.map(\.id).last, "a")
    }

    func testTransitionsTakeVirtualTimeAndRunCompletions() throws {
        let sim = Simulation()
        let scenario = try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: []))
        try sim.load(scenario)
        var completions: [String] = []
        sim.present(sim.controller("a")!, from: sim.controller("list")!, animated: true) { completions.append("a") }
        XCTAssertEqual(completions, [])
        XCTAssertTrue(sim.isTransitionInProgress(for: sim.controller("list")!))
        sim.advance(by: 0.34)
        XCTAssertEqual(completions, [])
        sim.advance(by: 0.02)
        XCTAssertEqual(completions, ["a"])
        let done = try XCTUnwrap(sim.recorder.events.first { $0.kind == .presentCompleted })
        XCTAssertEqual(done.time, 0.35, accuracy: 1e-9)
        sim.dismiss(sim.controller("a")!, animated: false) { completions.append("dismissed") }
        XCTAssertEqual(completions, ["a", "dismissed"], "non-animated: finished before dismiss returns")
        XCTAssertEqual(sim.recorder.events.map(\.kind), [.present, .presentCompleted, .dismiss, .dismissCompleted])
    }

    func testNonAnimatedCompletionIsRecordedAfterItsPresent() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [#"{ "present": "a", "from": "list", "animated": false }"#]))
        XCTAssertEqual(r.events.map(\.kind), [.present, .presentCompleted])
        XCTAssertEqual(try r.events.element(1).relatesTo, try r.events.element(0).seq)
    }

    func testViewsInTheWindow() throws {
        let controllers = """
        [ { "id": "root", "type": "UISplitViewController", "children": ["nav", "tabs"] },
          { "id": "nav", "type": "UINavigationController", "children": ["bottom", "top"] },
          { "id": "bottom", "type": "BottomViewController" }, { "id": "top", "type": "TopViewController" },
          { "id": "tabs", "type": "UITabBarController", "children": ["t0", "t1"], "selected": 1 },
          { "id": "t0", "type": "T0" }, { "id": "t1", "type": "T1" },
          { "id": "full", "type": "Full", "modalPresentationStyle": "fullScreen" },
          { "id": "over", "type": "Over", "modalPresentationStyle": "overFullScreen" } ]
        """
        let r = try simulate(scenarioJSON(controllers: controllers, steps: []))
        XCTAssertEqual(r.simulation.visibleControllerIDs(), ["root", "nav", "top", "tabs", "t1"])
        r.simulation.present(r.c("over"), from: r.c("top"))
        r.simulation.advance(by: 1)
        XCTAssertTrue(r.simulation.isViewInWindow(r.c("top")), "overFullScreen keeps covered views")
        r.simulation.dismiss(r.c("over"))
        r.simulation.advance(by: 1)
        r.simulation.present(r.c("full"), from: r.c("top"))
        XCTAssertTrue(r.simulation.isViewInWindow(r.c("top")), "views leave only once the transition completes")
        r.simulation.advance(by: 1)
        XCTAssertFalse(r.simulation.isViewInWindow(r.c("top")))
        XCTAssertEqual(r.simulation.visibleControllerIDs(), ["full"])
    }

    func testCurrentContextCoversOnlyTheContext() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "ctx", "from": "list" }"#, #"{ "advance": 1 }"#,
        ]))
        XCTAssertFalse(r.simulation.isViewInWindow(r.c("list")))
        XCTAssertTrue(r.simulation.isViewInWindow(r.c("root")))
        XCTAssertTrue(r.simulation.isViewInWindow(r.c("ctx")))
    }

    func testSwipeDownCancelledThenCompleted() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list" }"#, #"{ "advance": 1 }"#,
            #"{ "swipeDown": "sheet", "complete": false }"#,
        ]))
        let cancelled = try XCTUnwrap(r.events.last)
        XCTAssertEqual(cancelled.kind, .interactiveDismiss)
        XCTAssertEqual(cancelled.outcome, .cancelled)
        XCTAssertEqual(r.chain("main"), ["root", "sheet"], "a cancelled swipe leaves the sheet")
        try r.simulation.swipeDown(r.c("sheet"), complete: true)
        let completed = try XCTUnwrap(r.events.last)
        XCTAssertEqual(completed.outcome, .completed)
        XCTAssertEqual(r.ids(completed.dismissed), ["sheet"])
        XCTAssertEqual(completed.handledBy?.id, "root")
        XCTAssertEqual(r.chain("main"), ["root"])
        XCTAssertEqual(r.dismisses.count, 0, "no dismiss call is involved")
    }

    func testSwipeDownBlockedByIsModalInPresentation() throws {
        let r = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "set": "sheet", "isModalInPresentation": true }"#,
            #"{ "present": "sheet", "from": "list" }"#, #"{ "advance": 1 }"#,
            #"{ "swipeDown": "sheet" }"#,
        ]))
        XCTAssertEqual(r.events.last?.outcome, .blocked)
        XCTAssertEqual(r.chain("main"), ["root", "sheet"])
    }

    func testSwipeDownOnANonSheetIsAScenarioError() throws {
        let json = scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "full", "from": "list" }"#, #"{ "advance": 1 }"#, #"{ "swipeDown": "full" }"#,
        ])
        XCTAssertThrowsError(try simulate(json)) { error in
            XCTAssertEqual("\(error)", "test.json:15: steps[2] (swipeDown) key \"swipeDown\": full is presented as fullScreen; only pageSheet and formSheet can be swiped down")
        }
    }
}
