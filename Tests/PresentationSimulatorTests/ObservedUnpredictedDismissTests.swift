import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// A `dismiss` step whose `observed` answer removes controllers where the model predicted
/// nothing to dismiss: the simulation follows the observation (docs/FORMATS.md) and records the
/// `dismiss-completed` a device records in that case (docs/IOS.md, "Observed and predicted").
final class ObservedUnpredictedDismissTests: XCTestCase {
    private func drifts(_ e: Event) -> [String] { e.diagnostics.filter { $0.code == .modelDrift }.map(\.message) }

    /// `nav` (which defines the context) presents `overCtx` over tab 0; `other`, in tab 1, then
    /// dismisses: the model finds nothing to dismiss, "UIKit" removed `overCtx`.
    private func steps(animated: Bool) -> [String] {
        [#"{ "present": "overCtx", "from": "list", "animated": false }"#,
         #"{ "dismiss": "other", "animated": \#(animated), "observed": { "dismissed": ["overCtx"], "handledBy": "nav" } }"#,
         #"{ "advance": 1 }"#,
         #"{ "present": "overCtx", "from": "list", "animated": false }"#]
    }

    func testTheSimulationRemovesWhatTheObservationSaysWasRemoved() throws {
        for animated in [false, true] {
            let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: Array(steps(animated: animated).prefix(3))))
            let call = try XCTUnwrap(run.dismisses.first)
            XCTAssertEqual(call.outcome, .noOp, "the prediction stays")
            XCTAssertEqual(drifts(call), ["model predicted dismissed [], UIKit chose [<OverViewController: overCtx>]",
                                          "model predicted handledBy nothing, UIKit chose <UINavigationController: nav>"])
            XCTAssertNil(run.c("overCtx").presenting, "animated: \(animated)")
            XCTAssertNil(run.c("nav").presented, "animated: \(animated)")
            XCTAssertEqual(run.chain("main"), ["root"], "animated: \(animated)")
        }
    }

    func testTheNextPresentOfARemovedControllerIsNotRejected() throws {
        let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: steps(animated: true)))
        let again = try XCTUnwrap(run.presents.last)
        XCTAssertEqual(again.outcome, .presented, again.diagnostics.map(\.message).joined(separator: "; "))
        XCTAssertEqual(run.chain("main"), ["root", "overCtx"])
    }

    func testADismissCompletedIsRecordedWithTheObservation() throws {
        for configuration in [HandlerConfiguration(), HandlerConfiguration(leakCheckDelay: nil, recordsObservations: true)] {
            let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: Array(steps(animated: true).prefix(3))),
                                   configuration: configuration)
            let call = try XCTUnwrap(run.dismisses.first)
            let done = try XCTUnwrap(run.events.first { $0.kind == .dismissCompleted && $0.relatesTo == call.seq },
                                     "observations: \(configuration.recordsObservations)")
            XCTAssertEqual(done.time - call.time, Simulation.transitionDuration, accuracy: 1e-9, "it ends with the transition")
            XCTAssertEqual(done.observed?.dismissed.map(run.ids), ["overCtx"])
            XCTAssertEqual(done.observed?.handledBy?.id, "nav")
            XCTAssertEqual(done.chain.map(\.id), ["root"], "the chain shows the controller gone")
            XCTAssertEqual(drifts(done), [], "the call's event already carries the drift")
        }
    }

    func testANoOpWithoutObservationStillRecordsNoCompletion() throws {
        let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "overCtx", "from": "list", "animated": false }"#,
            #"{ "dismiss": "other", "animated": true }"#,
            #"{ "advance": 1 }"#,
        ]))
        XCTAssertEqual(run.dismisses.first?.outcome, .noOp)
        XCTAssertFalse(run.events.contains { $0.kind == .dismissCompleted })
        XCTAssertEqual(run.chain("main"), ["root", "overCtx"])
    }
}

/// A recording of such a dismissal replays to the same events (`pinspect scenario`).
final class ObservedUnpredictedDismissReplayTests: XCTestCase {
    func testTheRecordingReplays() throws {
        let scenario = try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "overCtx", "from": "list", "animated": false }"#,
            #"{ "dismiss": "other", "animated": true, "observed": { "dismissed": ["overCtx"], "handledBy": "nav" } }"#,
            #"{ "advance": 1 }"#,
            #"{ "present": "overCtx", "from": "list", "animated": false }"#,
        ]), file: "device.json")
        let r = try XCTUnwrap(try ReplayRoundTripTests.roundTrip(scenario))
        XCTAssertTrue(r.diff.isEquivalent, r.diff.text(nameA: "recorded", nameB: "replayed"))
        let calls = r.diff.pairs.map(\.b).filter { $0.kind != .presentCompleted }
        XCTAssertEqual(calls.map(\.kind), [.present, .dismiss, .dismissCompleted, .present])
        XCTAssertEqual(calls.last?.outcome, .presented)
    }
}

/// A device observes what a dismissal removed at its `dismiss-completed`, not at the call: the
/// replay of such a log takes the answers from there.
final class ObservedUnpredictedDismissDeviceReplayTests: XCTestCase {
    /// The scenario's log as a device writes it: the dismiss call carries no observation.
    private func deviceLog() throws -> [Event] {
        let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "overCtx", "from": "list", "animated": false }"#,
            #"{ "dismiss": "other", "animated": true, "observed": { "dismissed": ["overCtx"], "handledBy": "nav" } }"#,
            #"{ "advance": 1 }"#,
            #"{ "present": "overCtx", "from": "list", "animated": false }"#,
        ]), configuration: HandlerConfiguration(leakCheckDelay: nil, recordsObservations: true))
        return run.events.map { e in
            guard e.kind == .dismiss else { return e }
            var call = e
            call.observed = nil
            call.diagnostics.removeAll { $0.code == .modelDrift }
            return call
        }
    }

    func testTheReplayRemovesWhatTheDismissCompletedObserved() throws {
        let log = try deviceLog()
        XCTAssertEqual(log.first { $0.kind == .dismissCompleted }?.observed?.dismissed?.map(\.id), ["overCtx"])
        let scenario = try ScenarioReplay.scenario(from: log, name: "device")
        let dismiss = try XCTUnwrap(scenario.steps.first { if case .dismiss = $0.action { true } else { false } })
        XCTAssertEqual(dismiss.observed?.dismissed, ["overCtx"])
        XCTAssertEqual(dismiss.observed?.handledBy, "nav")
        let again = Simulation()
        try again.run(scenario)
        XCTAssertEqual(again.recorder.events.filter { $0.kind == .present }.map(\.outcome), [.presented, .presented])
        XCTAssertTrue(again.recorder.events.contains { $0.kind == .dismissCompleted })
    }

    func testADismissalThatWentAsPredictedGetsNoObservedAnswers() throws {
        let run = try simulate(scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "a", "from": "root", "animated": false }"#,
            #"{ "dismiss": "a", "animated": true }"#,
            #"{ "advance": 1 }"#,
        ]), configuration: HandlerConfiguration(leakCheckDelay: nil, recordsObservations: true))
        XCTAssertEqual(run.events.first { $0.kind == .dismissCompleted }?.observed?.dismissed?.map(\.id), ["a"])
        let scenario = try ScenarioReplay.scenario(from: run.events, name: "device")
        let dismisses = scenario.steps.filter { if case .dismiss = $0.action { true } else { false } }
        XCTAssertEqual(dismisses.count, 1)
        XCTAssertNil(dismisses.first?.observed, "UIKit removed what the model predicted: nothing to answer")
    }
}
