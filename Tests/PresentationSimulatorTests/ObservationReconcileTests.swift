import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// A handler that records observations (as on a device) looks at the hierarchy after each call
/// and at the end of each transition; where the world follows the model it finds no drift.
final class ObservationReconcileTests: XCTestCase {
    private let observing = HandlerConfiguration(leakCheckDelay: nil, recordsObservations: true)
    private func drifts(_ events: [Event]) -> [String] {
        events.flatMap { $0.diagnostics.filter { $0.code == .modelDrift }.map(\.message) }
    }

    func testObservingTheModelWorldFindsNoDriftInAnyBuiltInScenario() throws {
        var reconciled = 0, looked = 0
        for builtIn in BuiltInScenarios.all {
            let sim = Simulation(configuration: HandlerConfiguration(leakCheckDelay: nil, recordsObservations: true))
            try sim.run(try builtIn.scenario())
            let events = sim.recorder.events
            XCTAssertEqual(drifts(events), [], builtIn.key)
            // Every present was looked at, and what was seen is what the model predicted.
            // Presents UIKit raises for are recorded before it runs: nothing to look at yet.
            for e in events where e.kind == .present && e.thread == "main" && !e.diagnostics.contains(where: { $0.severity == .error }) {
                XCTAssertEqual(e.observed?.outcome, e.outcome, "\(builtIn.key) #\(e.seq)")
                if e.outcome == .presented { XCTAssertEqual(e.observed?.presenting?.id, e.presenting?.id, "\(builtIn.key) #\(e.seq)") }
            }
            // Every dismissal was reconciled at its end with what really went away.
            for done in events where done.kind == .dismissCompleted {
                let call = try XCTUnwrap(events.first { $0.seq == done.relatesTo })
                XCTAssertEqual(done.observed?.dismissed?.map(\.id), call.dismissed.map(\.id), "\(builtIn.key) #\(done.seq)")
                XCTAssertEqual(done.observed?.handledBy?.id, call.handledBy?.id, "\(builtIn.key) #\(done.seq)")
            }
            reconciled += events.filter { $0.kind == .dismissCompleted }.count
            looked += events.filter { $0.kind == .present && $0.observed != nil }.count
        }
        XCTAssertGreaterThan(reconciled, 3, "the loops above must have had something to check")
        XCTAssertGreaterThan(looked, 10)
    }

    func testWithoutObservationsTheSimulatorLogHasNoObservedObject() throws {
        for builtIn in BuiltInScenarios.all {
            let sim = Simulation()
            try sim.run(try builtIn.scenario())
            XCTAssertTrue(sim.recorder.events.allSatisfy { $0.observed == nil }, builtIn.key)
        }
    }

    func testDismissIsReconciledWhenItsTransitionEnds() throws {
        // "UIKit" removes only b where the model predicts b and a: the call's event keeps the
        // prediction; the completion says what really went, and by whom.
        let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "root", "animated": false }"#,
            #"{ "present": "b", "from": "a", "animated": false }"#,
            #"{ "dismiss": "root", "animated": true, "observed": { "dismissed": ["b"] } }"#,
            #"{ "advance": 1 }"#,
        ]), configuration: observing)
        let call = try XCTUnwrap(run.dismisses.first)
        let done = try XCTUnwrap(run.events.first { $0.kind == .dismissCompleted })
        XCTAssertEqual(run.ids(call.dismissed), ["b", "a"])
        XCTAssertEqual(done.observed?.dismissed.map(run.ids), ["b"], "measured from the hierarchy, not copied from the step")
        XCTAssertEqual(done.observed?.handledBy?.id, "a")
        // The dismissed drift was already reported on the call; the end adds only the handler.
        XCTAssertEqual(drifts([call]), ["model predicted dismissed [<BViewController: b>, <AViewController: a>], UIKit chose [<BViewController: b>]"])
        XCTAssertEqual(drifts([done]), ["model predicted handledBy <UITabBarController: root>, UIKit chose <AViewController: a>"])
    }

    func testPresentObservationAddsNoSecondDriftForTheSameField() throws {
        let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list", "observed": { "presenting": "nav", "effectiveStyle": "fullScreen" } }"#,
            #"{ "advance": 1 }"#,
        ]), configuration: observing)
        let e = try XCTUnwrap(run.presents.first)
        XCTAssertEqual(e.observed?.presenting?.id, "nav")
        XCTAssertEqual(e.observed?.outcome, .presented)
        XCTAssertEqual(drifts([e]).count, 2)
        let done = try XCTUnwrap(run.events.first { $0.kind == .presentCompleted })
        XCTAssertEqual(done.observed?.presenting?.id, "nav", "looked at again when the transition ended")
        XCTAssertEqual(drifts([done]), [], "the same fact is not a second drift")
    }

    func testDismissTheAppSendsFromASynchronousCompletionIsRecorded() throws {
        // Only UIKit's forwarded re-entry is folded: a dismiss the app sends from a completion
        // UIKit runs at once (non-animated) is a call of its own.
        let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "root", "animated": false }"#,
            #"{ "present": "b", "from": "a", "animated": false }"#,
        ]))
        let sim = run.simulation
        sim.dismiss(run.c("b"), animated: false) { sim.dismiss(run.c("a"), animated: false) }
        let dismisses = run.dismisses
        XCTAssertEqual(dismisses.map { $0.receiver?.id }, ["b", "a"])
        XCTAssertEqual(dismisses.map(\.forwarded), [true, true])
        XCTAssertEqual(dismisses.map { $0.handledBy?.id }, ["a", "root"])
        XCTAssertEqual(run.chain("main"), ["root"])
        // The forward itself is still folded: one event per app call.
        XCTAssertEqual(run.events.filter { $0.kind == .dismissCompleted }.count, 2)
    }
}
