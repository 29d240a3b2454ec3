import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// Recorded data never keeps a controller alive.
final class RetentionTests: XCTestCase {
    func testDismissedControllerIsReleasedWhileItsEventsRemain() throws {
        let sim = Simulation()
        let scenario = try Scenario.parse(scenarioJSON(controllers: tabbedControllers, steps: []))
        try sim.load(scenario)
        weak var weakSheet: SimController?
        do {
            let sheet = try XCTUnwrap(sim.controller("sheet"))
            weakSheet = sheet
            sim.present(sheet, from: sim.controller("list")!)
            sim.advance(by: 1)
            sim.dismiss(sheet)
            sim.advance(by: 1)
        }
        sim.release("sheet")
        sim.drain()
        XCTAssertNil(weakSheet, "neither the recorder, the handler nor pending leak checks retain the controller")
        XCTAssertEqual(sim.recorder.events.filter { $0.presented?.id == "sheet" }.count, 2)
        XCTAssertFalse(sim.recorder.events.contains { $0.kind == .leakCheck }, "a released controller is no leak")
    }

    func testLeakCheckFindsAControllerKeptAliveElsewhere() throws {
        let controllers = """
        [ { "id": "root", "type": "Root" }, { "id": "leaky", "type": "LeakyViewController", "leaks": true } ]
        """
        let r = try simulate(scenarioJSON(controllers: controllers, steps: [
            #"{ "present": "leaky", "from": "root" }"#, #"{ "advance": 1 }"#,
            #"{ "dismiss": "leaky" }"#, #"{ "release": "leaky" }"#,
        ]))
        let leak = try XCTUnwrap(r.events.last)
        XCTAssertEqual(leak.kind, .leakCheck)
        XCTAssertEqual(leak.dismissed.map(\.id), ["leaky"])
        XCTAssertEqual(leak.diagnostics.map(\.code), [.leakedAfterDismiss])
        XCTAssertEqual(leak.diagnostics.first?.message, "<LeakyViewController: leaky> is still alive 2 s after its dismissal completed; something still retains it.")
        XCTAssertEqual(leak.time, 1.35 + 2, accuracy: 1e-9)
    }

    /// A leak check relates to the call that dismissed the controller (what the report links, and
    /// what a replay releases the controller after): the `dismiss` event, not its completion, and
    /// the swipe's `interactive-dismiss` event. Another dismissal between them must not take it.
    func testALeakCheckRelatesToTheDismissalOrSwipeThatRemovedTheController() throws {
        let controllers = """
        [ { "id": "root", "type": "Root" }, { "id": "other", "type": "Other" },
          { "id": "leaky", "type": "LeakyViewController", "modalPresentationStyle": "pageSheet", "leaks": true } ]
        """
        for removal in [#"{ "dismiss": "leaky" }"#, #"{ "swipeDown": "leaky", "complete": true }"#] {
            let r = try simulate(scenarioJSON(controllers: controllers, steps: [
                #"{ "present": "leaky", "from": "root" }"#, #"{ "advance": 1 }"#, removal, #"{ "release": "leaky" }"#,
                #"{ "advance": 1 }"#, #"{ "present": "other", "from": "root" }"#, #"{ "advance": 1 }"#, #"{ "dismiss": "other" }"#,
                #"{ "advance": 3 }"#,
            ]))
            let removed = try XCTUnwrap(r.events.first { ($0.kind == .dismiss || $0.kind == .interactiveDismiss) && $0.receiver?.id == "leaky" })
            XCTAssertEqual(removed.kind, removal.contains("swipeDown") ? .interactiveDismiss : .dismiss)
            let leak = try XCTUnwrap(r.events.first { $0.kind == .leakCheck }, removal)
            XCTAssertEqual(leak.dismissed.map(\.id), ["leaky"], removal)
            XCTAssertEqual(leak.relatesTo, removed.seq, "\(removal): the call that removed it")
            XCTAssertEqual(r.events.filter { $0.kind == .leakCheck }.count, 1, "other is released with its dismissal")
        }
    }

    /// A conformance run keeps its scenario's controllers until it ends: they are exempt.
    func testAnExemptControllerIsNotLeakChecked() throws {
        let controllers = """
        [ { "id": "root", "type": "Root" }, { "id": "leaky", "type": "LeakyViewController", "leaks": true } ]
        """
        let steps = [#"{ "present": "leaky", "from": "root" }"#, #"{ "advance": 1 }"#, #"{ "dismiss": "leaky" }"#, #"{ "release": "leaky" }"#]
        for exempt in [true, false] {
            let sim = Simulation()
            try sim.load(Scenario.parse(scenarioJSON(controllers: controllers, steps: [])))
            let leaky = try XCTUnwrap(sim.controller("leaky"))
            if exempt { sim.handler.leakCheckExemptions.add([leaky.ref.id]) }
            for step in try Scenario.parse(scenarioJSON(controllers: controllers, steps: steps)).steps { try sim.perform(step) }
            sim.advance(by: 3)
            let flagged = sim.recorder.events.filter { $0.kind == .leakCheck }.flatMap(\.dismissed).map(\.id)
            XCTAssertEqual(flagged, exempt ? [] : ["leaky"], exempt ? "the run holds it on purpose" : "without the exemption it is flagged")
        }
        let exemptions = LeakCheckExemptions()
        exemptions.add(["0x1", "0x2"])
        exemptions.remove(["0x1"])
        XCTAssertFalse(exemptions.contains("0x1"))
        XCTAssertTrue(exemptions.contains("0x2"))
    }
}
